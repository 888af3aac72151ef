"""Tests of the doors: the HTTP API, the pages, MCP, the terminal, gunicorn, settings per door."""
