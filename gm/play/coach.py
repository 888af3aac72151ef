"""The coach: "what should I play?" answered with the strong AI's suggestion for the asking seat,
computed from that seat's view only (exactly what an AI seat gets: ``policy(engine, view, seat,
legal, rng)``), so a hint can reveal nothing the seat could not see. Tables created with the
option ``hints: false`` refuse politely.

The reason is one line: what the move does in the game's words, from the view (every game's
``SearchSpec.explain`` answers for every move: "In C3: Row 3 wins: …", "It blocks O: …", "It
plays 4♥ in at RC1 …"; what it risks, e.g. an exchange that may leave no move), and the searched
share of wins for the move, as the seat sees the position (the unknown cards dealt at random
many times).
"""

from __future__ import annotations

import random
from typing import Any

from gm.games import search
from gm.games.table import Budget, Table

HINTS_OFF = "Hints are turned off for this game (it was created with hints: false)."


def suggest(table: Table, seat: int, budget: Budget | None = None) -> dict[str, Any]:
    """``{"suggestion": move text | None, "reason": one line}`` for ``seat``, within one
    request's AI ``budget`` (its seconds; its think time, four times over)."""
    budget = budget or Budget()
    if not table.hints:
        return {"suggestion": None, "reason": HINTS_OFF}
    if table.is_over():
        return {"suggestion": None, "reason": "The game is over: there is nothing to play."}
    if table.to_move() != seat:
        mover = table.engine.info.seat_label(table.to_move())
        return {"suggestion": None, "reason": f"It is not your turn: {mover} is to move."}
    game, engine = table.game, table.engine
    legal = table.legal_moves(seat)
    view = engine.view(table.state, seat, None)
    rng = random.Random(f"{table.doc['seed']}/hint/{table.doc['ply']}/{seat}")
    policy = game.levels.get("strong")
    spec = getattr(policy, "spec", None)
    if len(legal) == 1:
        move = legal[0]
        told = spec.explain(engine, view, seat, move) if spec and spec.explain else None
        reason = "It is your only legal move" + (f": {_lower(told)}." if told else ".")
    elif spec is not None:
        players = table.doc["players"]
        # a hint may think longer than an AI seat's move, within the request's budget
        think = budget.think_ms if budget.think_ms is not None else search.think_ms()
        seconds = budget.seconds
        with search.deadline_for(seconds, think=min(int(1000 * seconds), 4 * think)):
            move, stats = search.search(engine, view, seat, legal, rng, spec, players)
        visits, mean = stats.get(move, (0, 0.0))
        told = spec.explain(engine, view, seat, move) if spec.explain is not None else None
        if visits:
            reason = (
                f"The strong AI's choice: it scored {round(100 * mean)}% in {visits} simulated "
                "continuations of the position as you see it."
            )
            if told:
                reason = f"{told}. {reason}"
        elif told:
            reason = f"{told}."
        else:
            reason = "The strong AI's choice."
    else:
        level = list(game.levels)[-1]
        move = game.levels[level](engine, view, seat, legal, rng)
        reason = f"The {level} AI's choice."
    return {"suggestion": engine.render_move(move), "reason": reason}


def _lower(text: str) -> str:
    """``text`` to follow a colon ("It plays …" → "it plays …"; a card or a seat stays)."""
    return text[0].lower() + text[1:] if text[:3] in ("It ", "Its") else text
