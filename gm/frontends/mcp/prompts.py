"""The prompts of ``gm mcp`` (the ``prompts`` capability): one per game, "play <game> against
the AI", which a host offers as a starter (a slash command, a button). Each says what to call
first and how to show the answers; the tools' descriptions teach the rest."""

from __future__ import annotations

from mcp.server.mcpserver.prompts import Prompt

from gm.games import GAMES


def _starter(name: str, title: str, syntax: str) -> Prompt:
    def start() -> str:
        return (
            f"Start a game of {title} for me against gm's AI: call new_game with "
            f'{{"game": "{name}", "opponent": "ai"}}, keep the token it returns for every call '
            "of this game, and show me the board exactly as returned, in a code block. Then send "
            f"each of my messages to say as I write them (moves look like `{syntax}`), and relay "
            "gm's reply and the new board."
        )

    return Prompt.from_function(
        start,
        name=f"play-{name}",
        title=f"Play {title}",
        description=f"Start a game of {title} against the AI and play it here.",
    )


def prompts() -> list[Prompt]:
    """One starter prompt per registered game."""
    out = []
    for name, game in GAMES.items():
        info = game.engine.info
        out.append(_starter(name, info.title, info.move_syntax))
    return out
