"""Tests of the use cases: the service, chat, the coach, rematch, waiting, endings, deals."""
