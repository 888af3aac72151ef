"""Tests of the contract: OpenAPI, the tool files, the prompts, hostile inputs and fuzzing."""
