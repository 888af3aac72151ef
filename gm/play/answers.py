"""Shaping answers: a seat's (or a spectator's) view of a table, events and the move log as that
viewer may see them. Every front end gets these same dicts.

Every answer is bounded (tests/play/test_answer_bounds.py holds each under 16 KB; bench/answers.py
prints the largest per game): ``legal_moves`` lists at most :data:`LEGAL_MOVES_CAP` moves with
their total and a rule for the rest, an answer's ``events`` hold at most :data:`EVENTS_CAP`
(the latest; the history has them all), and the history comes in pages.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from gm.games import REGISTRY, deal
from gm.games.base import Engine, Event
from gm.games.table import Table, duration_text
from gm.play import compact


def seats_public(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat as every viewer may see it. ``illegal_attempts`` are counted only at a table with
    an ``illegal_move_limit`` (``illegal_attempts_left``: how many more before it forfeits; None
    without a limit, where a refused move changes nothing)."""
    info = REGISTRY[doc["game"]].info
    limit = doc.get("illegal_move_limit")
    return [
        {
            "name": s["name"],
            "label": info.seat_label(i),
            "kind": s["kind"],
            "level": s["level"],
            "joined": s.get("joined", s["kind"] == "ai"),
            "illegal_attempts": s.get("illegal", 0),
            "illegal_attempts_left": None if limit is None else max(0, limit - s.get("illegal", 0)),
        }
        for i, s in enumerate(doc["seats"])
    ]


def seat_label(answer: dict[str, Any], name: str) -> str:
    """A seat's API name in an answer (``row3``) as the board names it (``Row 3``): the label
    its ``seats`` give, for every sentence a person reads."""
    return next((s["label"] for s in answer.get("seats") or () if s["name"] == name), name)


LEGAL_MOVES_CAP = 100  # moves listed in legal_moves
EVENTS_CAP = 40  # events in one answer (all-AI tables play hundreds in one request)
HISTORY_LIMIT = 50  # entries in a history page by default
HISTORY_MAX_LIMIT = 200  # and at most
HISTORY_BYTES = 8 * 1024  # a history page stops before its entries pass this size


def events_for(engine: Engine, events: list[Event], viewer: int | None) -> list[dict[str, Any]]:
    """The events as ``viewer`` may see them: the latest EVENTS_CAP, after one saying how many
    earlier ones the history holds."""
    skipped = max(0, len(events) - EVENTS_CAP)
    shown = [
        {
            "seat": None if e.seat is None else engine.seat_name(e.seat),
            "kind": e.kind,
            "text": e.for_viewer(viewer),
        }
        for e in events[skipped:]
    ]
    if skipped:
        text = f"{skipped} earlier events of this answer are in the history."
        shown.insert(0, {"seat": None, "kind": "skipped", "text": text})
    return shown


def entries_events_for(
    engine: Engine, entries: list[dict[str, Any]], viewer: int | None
) -> list[dict[str, Any]]:
    """``events_for(engine, entry_events(entries), viewer)``, read from the entries' event dicts
    as they are (the move path: no Event made from each and dropped again)."""
    events = [e for entry in entries for e in entry["events"]]
    skipped = max(0, len(events) - EVENTS_CAP)
    shown = []
    for e in events[skipped:]:
        seat, private = e.get("seat"), e.get("private")
        mine = private is not None and viewer is not None and viewer == seat
        shown.append(
            {
                "seat": None if seat is None else engine.seat_name(seat),
                "kind": e.get("kind", "move"),
                "text": private if mine else e["text"],
            }
        )
    if skipped:
        text = f"{skipped} earlier events of this answer are in the history."
        shown.insert(0, {"seat": None, "kind": "skipped", "text": text})
    return shown


def legal_moves(table: Table, seat: int | None) -> dict[str, Any]:
    """``legal_moves`` (at most LEGAL_MOVES_CAP), ``legal_moves_total`` and
    ``legal_moves_rule``: None when the list is every legal move, else what else is legal."""
    engine = table.engine
    moves = table.legal_moves(seat)
    rule = engine.legal_moves_rule(table.state, seat) if moves and seat is not None else None
    text = _moves_text(table, moves, rule)
    if rule is None and len(moves) > LEGAL_MOVES_CAP:
        rule = (
            f"Only the first {LEGAL_MOVES_CAP} of the {len(moves)} legal moves are listed; the "
            "others are legal too (the rules say which)."
        )
    return {
        "legal_moves": table.move_texts(moves[:LEGAL_MOVES_CAP]),
        "legal_moves_total": len(moves),
        "legal_moves_rule": rule,
        "legal_moves_text": text,
    }


def _moves_text(table: Table, moves: list[Any], rule: str | None) -> str:
    """The legal moves as one short description (gm/play/compact.py): the game's own rule for
    them with a few examples when it has one, else all of them described."""
    if rule is not None:
        return f"{rule.split(';')[0].rstrip('.')}, e.g. {table.move_text(moves[0])}"
    return compact.describe_moves(table.move_texts(moves))


def entry_events(entries: list[dict[str, Any]]) -> list[Event]:
    return [Event.from_dict(e) for entry in entries for e in entry["events"]]


def view(table: Table, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator): one consistent picture of the table."""
    doc, engine = table.doc, table.engine
    outcome = table.outcome()
    to_move = table.to_move()
    answer: dict[str, Any] = {
        "game_id": doc["id"],
        "game": doc["game"],
        "seat": engine.seat_name(seat),
        "status": "finished" if outcome is not None else "active",
        "to_move": None if to_move is None else engine.seat_name(to_move),
        "your_turn": seat is not None and to_move == seat,
        "version": doc["version"],
        "board": table.render(seat),
        "state": table.view(seat),
        **legal_moves(table, seat),
        "seats": seats_public(doc),
        "result": None,
        "deal": deal.public(doc),  # never the secret nor the engine seed while it runs
        "rematch": doc.get("rematch"),  # the next game's id (gm/play/rematch.py), never a token
    }
    answer["deadline"] = deadline(table)
    answer["waiting_for"] = waiting_for(doc, seat) if outcome is None else None
    if outcome is not None:
        result = {**outcome.to_dict(table.names), "seed": doc["seed"]}
        answer["result"] = {**result, "deal": deal.revealed(doc)}
    return answer


def score_line(table: Table, seat: int | None) -> str | None:
    """The running score as ``seat`` may see it (``Engine.standing``, the figures its board
    shows), in one line with the seats' labels: "Columns won: Row 1 2 · Row 3 1 (undecided:
    C4 C5)"; None for a game without one."""
    info = table.engine.info
    parts = []
    for figure in table.engine.standing(table.state, seat):
        values = " · ".join(f"{info.seat_label(i)} {v}" for i, v in sorted(figure.values.items()))
        note = f" ({figure.note_said()})" if figure.note else ""
        if values or note:
            parts.append(f"{figure.label}: {values}{note}")
    return "; ".join(parts) or None


def deadline(table: Table) -> dict[str, Any] | None:
    """The seat to move's turn deadline (``turn_timeout``), None without one running:
    ``{"seat", "at" (UTC, ISO 8601), "text"}`` (no running count: a view stays the same
    while nothing happens)."""
    due = table.deadline(table.now)
    if due is None:
        return None
    label = table.engine.info.seat_label(due["seat"])
    at = datetime.fromtimestamp(due["at"], tz=UTC).isoformat(timespec="seconds")
    return {
        "seat": table.engine.seat_name(due["seat"]),
        "at": at.replace("+00:00", "Z"),
        "text": f"{label} must move within {duration_text(due['left'])} or forfeits by time",
    }


def waiting_for(doc: dict[str, Any], viewer: int | None) -> dict[str, Any] | None:
    """The human seats nobody has taken yet: ``{"seats", "text"}`` (None when every seat is
    taken); the game waits for them, and their clocks have not started."""
    info = REGISTRY[doc["game"]].info
    empty = [i for i, s in enumerate(doc["seats"]) if not s.get("joined", s["kind"] == "ai")]
    if not empty:
        return None
    labels = " and ".join(info.seat_label(i) for i in empty)
    who = "your friend" if len(empty) == 1 else "your friends"
    text = f"Waiting for {who} to join: {labels} is still empty (share the invite)."
    if viewer is None:
        text = f"Waiting for players to join: {labels} is still empty."
    return {"seats": [info.seat_names[i] for i in empty], "text": text}


def history(
    engine: Engine,
    doc: dict[str, Any],
    log: list[dict[str, Any]],
    seat: int | None,
    *,
    total: int | None = None,
    from_end: bool = False,
) -> dict[str, Any]:
    """A page of the move log as ``seat`` (None: a spectator) may see it. ``log`` holds
    consecutive entries of a log of ``total`` (default: ``log`` is all of it); the page keeps
    them in order while their size stays under HISTORY_BYTES — the last ones when
    ``from_end``, else the first ones (always at least one)."""
    total = len(log) if total is None else total
    items = [_entry(engine, entry, seat) for entry in log]
    order = reversed(range(len(items))) if from_end else range(len(items))
    kept: list[int] = []
    size = 0
    for i in order:
        size += len(json.dumps(items[i], ensure_ascii=False).encode()) + 1
        if kept and size > HISTORY_BYTES:
            break
        kept.append(i)
    page = [items[i] for i in sorted(kept)]
    first = page[0]["n"] if page else total + 1
    last = page[-1]["n"] if page else total
    return {
        "game_id": doc["id"],
        "game": doc["game"],
        "viewer": engine.seat_name(seat),
        "moves": page,
        "total": total,
        "next_after": last if last < total else None,
        "previous_after": max(0, first - 1 - len(page)) if page and first > 1 else None,
    }


def _entry(engine: Engine, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    events = [Event.from_dict(e) for e in entry["events"]]
    item: dict[str, Any] = {
        "n": entry["n"],
        "seat": engine.seat_name(entry["seat"]),
        "events": [e.for_viewer(seat) for e in events],
    }
    if seat is not None and entry["seat"] == seat:
        item["move"] = entry["move"]
    return item
