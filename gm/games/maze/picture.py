"""Mystique Maze's board picture (drawn by gm/games/pictures.py from the redacted view): one line
per seat (its two corner cards, then its hand: the viewer's own cards, others' cards known to all
face up and the rest as backs), the discard pile's top and the deck. A Mystique card shows its
number, its suit's symbol and its colour (Yellow, Red, Blue paper); the cards of the last move are
highlighted, and the winning chain is laid out at the end. Touch targets (a seat's picture): its
hand's cards, the pile's top (``PILE``) and the deck (``DECK``)."""

from __future__ import annotations

import re
from typing import Any

from gm.games.pictures import CARD_H, CARD_W, GAP, PAD, Face, Picture, seat_of

LABELS = {s: s.upper() for s in "abcd"}
WIDTH = 580
LEFT = 44  # the seat labels' column
STEP = 44  # the step of hand cards
SUITS = {"S": "☀", "M": "☾", "C": "♛", "A": "⚔"}
INK = {"Y": "y", "R": "r", "B": "b"}
PAPER = {"Y": "#fff4c2", "R": "#ffe0e0", "B": "#e0ebff"}
LINES = {"corrected": "Suns-Moons-Crowns-Arms", "seed": "Moons-Suns-Arms-Crowns"}
_CODE = re.compile(r"(?<![0-9A-Za-z])[1-5][YRB][SMCA](?![0-9A-Za-z])")


def maze_card(code: str) -> Face:
    """A Mystique card from its code: number, colour letter, suit letter (``3RC``)."""
    number, colour, suit = code[0], code[1], code[2]
    return Face(code, number, SUITS[suit], INK[colour], PAPER[colour])


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    viewer = seat_of(view)
    lit = {c for e in last if e.get("kind") == "move" for c in _CODE.findall(e.get("text", ""))}
    drawn = view.get("drawn") or {}
    if drawn.get("card"):
        lit.add(drawn["card"])
    line = LINES.get(view["suit_order"], LINES["corrected"])
    turn = f"Turn {view['turns_played'] + 1} of {view['turn_cap']}"
    pic.line_of_text(f"{turn} · suit line {line} · colours Yellow-Red-Blue", "s")
    pic.text(LEFT, pic.y + 12, "corners", "s")
    pic.text(LEFT + 2 * (CARD_W + GAP) + 10, pic.y + 12, "hand", "s")
    pic.y += 16
    for seat in view["seats"]:
        name = seat["seat"]
        you = name == viewer
        marker = "▶" if name == view.get("to_move") else ""
        pic.text(PAD, pic.y + CARD_H / 2 + 4, marker + LABELS[name], "win" if you else "")
        x = LEFT
        for corner in seat["corners"]:
            pic.card(x, pic.y, maze_card(corner))
            x += CARD_W + GAP
        x += 10
        faces: list[Face | None]
        if you:
            faces = [maze_card(c) for c in view["hand"]]
        else:
            known: list[Face | None] = [maze_card(c) for c in seat["known_cards"]]
            faces = known + [None] * (seat["hand_size"] - len(known))
        pic.row_of_cards(x, pic.y, faces, step=STEP, hl=tuple(lit), touch=you)
        pic.y += CARD_H + GAP
    pic.y += 4
    pic.text(LEFT, pic.y + 12, f"Pile ({view['pile_size']})", "s")
    pic.text(LEFT + 90, pic.y + 12, f"Deck ({view['deck_size']})", "s")
    pic.y += 16
    pic.target("PILE", LEFT, pic.y, label="the pile")
    pic.target("DECK", LEFT + 90, pic.y, label="the deck")
    if view["pile_top"]:
        top = view["pile_top"]
        pic.card(LEFT, pic.y, maze_card(top), hl=top in lit)
    else:
        pic.slot(LEFT, pic.y)
    if view["deck_size"]:
        pic.back(LEFT + 90, pic.y, hl=drawn.get("from") == "deck" and not drawn.get("card"))
    else:
        pic.slot(LEFT + 90, pic.y)
    step = view.get("step")
    if step and view.get("to_move"):
        doing = "draw (deck or pile)" if step == "draw" else "discard a card"
        pic.text(LEFT + 150, pic.y + CARD_H / 2 + 4, f"{LABELS[view['to_move']]} to {doing}")
    pic.y += CARD_H + GAP
    hint = view.get("chain_hint")
    if hint:
        pic.line_of_text("Best chain from a corner: " + "~".join(hint), "s")
    chain = (view.get("outcome") or {}).get("chain") or []
    if chain:
        pic.line_of_text("Winning chain", "s")
        pic.flow([maze_card(c) for c in chain], step=STEP - 8)
