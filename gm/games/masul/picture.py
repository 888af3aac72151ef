"""Masul's board picture (drawn by gm/games/pictures.py from the redacted view): Row 1 above, the
Field Cards in Row 2, Row 3 below, each column's result at the end; the viewer's hand, the other
hand as backs, the discard. The last card played is highlighted. Touch targets (a seat's picture):
its hand's cards, its row's cells (``C1``..``C7``) and the Field Cards (``FC1``..``FC7``)."""

from __future__ import annotations

import re
from typing import Any

from gm.games.pictures import CARD_H, CARD_W, GAP, PAD, Face, Picture, playing_card, seat_of

LABELS = {"row3": "Row 3", "row1": "Row 1"}
WIDTH = 420
LEFT = 60  # the row labels' column
_IN_COLUMN = re.compile(r"\bin (C[1-7])\b")
_FIELD = re.compile(r"\bField Card of (C[1-7])\b")


def _last_cells(last: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """(row, column) of the last move: a seat name or "field", and "C1".."C7"."""
    cells = set()
    for event in last:
        seat, text = event.get("seat"), event.get("text", "")
        if event.get("kind") == "move" and seat in LABELS and (m := _IN_COLUMN.search(text)):
            cells.add((seat, m.group(1)))
        if event.get("kind") == "field" and (m := _FIELD.search(text)):
            cells.add(("field", m.group(1)))
    return cells


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    columns = view["columns"]
    lit = _last_cells(last)
    step = CARD_W + GAP
    for i, column in enumerate(columns):
        pic.text(LEFT + i * step + CARD_W / 2, pic.y + 12, column, "s", anchor="middle")
    pic.y += 18
    rows = view["rows"]
    viewer = seat_of(view)
    for name, cells in (("row1", rows["row1"]), ("field", view["field"]), ("row3", rows["row3"])):
        label = "Row 2" if name == "field" else LABELS[name]
        pic.text(PAD, pic.y + CARD_H / 2 + 4, label, "win" if name == viewer else "")
        for i, cell in enumerate(cells):
            x, hl = LEFT + i * step, (name, columns[i]) in lit
            if name == "field":
                pic.target(f"F{columns[i]}", x, pic.y, label=f"Field Card of {columns[i]}")
            elif name == viewer:
                pic.target(columns[i], x, pic.y, label=f"{columns[i]}, your row")
            if name == "field":
                pic.card(x, pic.y, playing_card(cell), hl=hl)
            elif cell is None:
                pic.slot(x, pic.y, hl=hl)
            elif "card" not in cell:
                pic.back(x, pic.y, hl=hl)
            else:
                pic.card(x, pic.y, playing_card(cell["card"]), hl=hl, down=cell["face"] == "down")
        pic.y += CARD_H + GAP
    results = view.get("column_results") or []
    if results:
        winners = {r["column"]: r["winner"] for r in results}
        pic.text(PAD, pic.y + 12, "Won by", "s")
        for i, column in enumerate(columns):
            winner = winners.get(column)
            text = "tie" if winner is None else LABELS[winner].replace("Row ", "R")
            pic.text(LEFT + i * step + CARD_W / 2, pic.y + 12, text, "win", anchor="middle")
        pic.y += 20
    _hands(pic, view)


def _hands(pic: Picture, view: dict[str, Any]) -> None:
    viewer = seat_of(view)
    unplayed = view.get("unplayed")
    for name in ("row3", "row1") if viewer != "row1" else ("row1", "row3"):
        count = view["hand_counts"][name]
        faces: list[Face | None]
        if unplayed is not None:
            faces = [playing_card(c) for c in unplayed[name]]
            title = f"{LABELS[name]}: cards not played"
        elif name == viewer:
            faces = [playing_card(c) for c in view["hand"]]
            title = f"Your hand ({count})"
        else:
            faces = [None] * count
            title = f"{LABELS[name]}'s hand ({count})"
        pic.line_of_text(title, "s")
        if faces:
            pic.row_of_cards(PAD, pic.y, faces, most=9, touch=name == viewer and unplayed is None)
            pic.y += CARD_H + GAP
    discard = [playing_card(c) for c in view["discard"]]
    replaced = view["field_replacements"]
    limit = view.get("max_field_replacements")
    pic.line_of_text(
        f"Discard ({len(discard)}) · field replacements: "
        + ", ".join(f"{LABELS[s]} {n}" for s, n in replaced.items())
        + ("" if limit is None else f" (limit {limit})"),
        "s",
    )
    if discard:
        pic.row_of_cards(PAD, pic.y, discard[-8:], step=24)
        pic.y += CARD_H + GAP
