"""The chat corpus: how people write moves and chat, replayed on staged positions.

Each game module here (``tests/chat_corpus/<package>.py``) defines ``CASES``: a list of
:class:`Case`, each a staged position (a state the game can reach, built by a function so it is
made fresh), the seat whose message it is, the text as a person would write it, and what it
means: ``intended`` is the canonical text of the move meant, or None for a message that is no move
(a question, a request, small talk). ``tests/play/test_chat_corpus.py`` replays every case through
the real chat path (``gm.play.chat.say`` on a game whose stored state is the staged one) and counts:

- understood: a move case played as the intended move, or a non-move case answered as chat;
- asked: a move case answered with a question whose candidates include the intended move;
- misread: a move case played as a different move, or a non-move case taken as a move — never
  allowed;
- refused: anything else (a verdict that does not help).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]


@dataclass(frozen=True)
class Case:
    game: str  # API name
    position: Callable[[], State]  # a reachable state (validated when staged)
    seat: int  # whose message it is
    text: str
    intended: str | None  # canonical move text, or None: not a move
    note: str = ""  # what the case is about ("ordinal column", "article is no ace", …)


def all_cases() -> list[Case]:
    cases: list[Case] = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        cases.extend(getattr(module, "CASES", []))
    return cases


def stage(
    service: Any, game: str, state: State, illegal_move_limit: int | None = None
) -> dict[int, str]:
    """A game of ``game`` between humans whose stored state is ``state``: its seats' tokens
    (with an ``illegal_move_limit``, a refused try at a move is counted and shows)."""
    from gm.games import GAMES
    from gm.store.repository import Update

    players = len(state.get("hands", [])) or 2
    info = GAMES[game].engine.info
    players = max(info.min_players, min(players, info.max_players))
    seats = [{"kind": "human"}] * players
    created = service.create(game, seats=seats, illegal_move_limit=illegal_move_limit)
    tokens = {0: created["token"]}
    for i, entry in enumerate(created["seats"][1:], start=1):
        tokens[i] = service.join(created["game_id"], created["invites"][entry["name"]])["token"]

    def step(doc: dict[str, Any]) -> Update:
        doc["state"] = GAMES[game].engine.from_dict(state)  # a staged state must be valid
        doc["version"] += 1
        return Update(response=None, doc=doc)

    service.store.update(created["game_id"], step)
    return tokens
