"""Shaping answers: a seat's (or a spectator's) view of a table, events and the move log as that
viewer may see them. Every front end gets these same dicts."""

from __future__ import annotations

from typing import Any

from gm import deal
from gm.games.base import Engine, Event
from gm.games.table import Table


def seats_public(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "name": s["name"],
            "kind": s["kind"],
            "level": s["level"],
            "joined": s.get("joined", s["kind"] == "ai"),
            "illegal_attempts": s.get("illegal", 0),
        }
        for s in doc["seats"]
    ]


def events_for(engine: Engine, events: list[Event], viewer: int | None) -> list[dict[str, Any]]:
    return [
        {
            "seat": None if e.seat is None else engine.seat_name(e.seat),
            "kind": e.kind,
            "text": e.for_viewer(viewer),
        }
        for e in events
    ]


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
        "legal_moves": [engine.render_move(m) for m in table.legal_moves(seat)],
        "seats": seats_public(doc),
        "result": None,
        "deal": deal.public(doc),  # never the secret nor the engine seed while it runs
    }
    if outcome is not None:
        result = {**outcome.to_dict(table.names), "seed": doc["seed"]}
        answer["result"] = {**result, "deal": deal.revealed(doc)}
    return answer


def history(engine: Engine, doc: dict[str, Any], log: list[dict[str, Any]], seat: int | None):
    """The move log as ``seat`` (None: a spectator) may see it."""
    entries = []
    for entry in log:
        events = [Event.from_dict(e) for e in entry["events"]]
        item: dict[str, Any] = {
            "n": entry["n"],
            "seat": engine.seat_name(entry["seat"]),
            "events": [e.for_viewer(seat) for e in events],
        }
        if seat is not None and entry["seat"] == seat:
            item["move"] = entry["move"]
        entries.append(item)
    return {
        "game_id": doc["id"],
        "game": doc["game"],
        "viewer": engine.seat_name(seat),
        "moves": entries,
    }
