"""gm: a game master for chat assistants and people with curl."""

__version__ = "0.1.0"
