"""Card Chess's board picture (drawn by gm/games/pictures.py from the redacted view): the 5×5 board,
black's castle on top and red's below, every spot a face-down board card (a back, or the card
itself, tinted, once it is known), pieces face up on it (a piece in check marked "!"); the
viewer's hand, the other hand as backs, the draw and discard piles. The spots of the last move
are highlighted. Touch targets (a seat's picture): the 25 spots (``RC1``..``BC5``) and its hand's
cards."""

from __future__ import annotations

import re
from typing import Any

from gm.games.pictures import CARD_H, CARD_W, GAP, PAD, Face, Picture, playing_card, seat_of

LABELS = {"red": "Red", "black": "Black"}
WIDTH = 460
RANKS = ("BC", "BK", "M", "RK", "RC")
RANK_NAMES = {
    "BC": "black castle",
    "BK": "black kingdom",
    "M": "middle",
    "RK": "red kingdom",
    "RC": "red castle",
}
LEFT = 44
_SPOT = re.compile(r"(?<![0-9A-Za-z])(BC|BK|M|RK|RC)([1-5])(?![0-9])")


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    viewer = seat_of(view)
    lit = {a + b for e in last if e.get("kind") == "move" for a, b in _SPOT.findall(e["text"])}
    pending = view.get("pending_capture")
    if pending:
        lit.add(pending["spot"])
    pieces, known = view["pieces"], view["known_face_down"]
    checked = set(view["in_check_spots"])
    step = CARD_W + GAP
    pic.line_of_text(f"Ply {view['ply']} of {view['max_plies']}", "s")
    for f in range(5):
        pic.text(LEFT + f * step + CARD_W / 2, pic.y + 12, str(f + 1), "s", anchor="middle")
    pic.y += 16
    for rank in RANKS:
        pic.text(PAD, pic.y + CARD_H / 2 + 4, rank, "s")
        for f in range(5):
            spot, x = f"{rank}{f + 1}", LEFT + f * step
            if viewer is not None:
                pic.target(spot, x, pic.y, label=f"{spot}, {RANK_NAMES[rank]} {f + 1}")
            if spot in pieces:
                pic.card(x, pic.y, playing_card(pieces[spot]), hl=spot in lit)
                if spot in checked:
                    cx, cy = x + CARD_W - 6, pic.y + 7
                    pic.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="7" fill="#c8102e"/>')
                    pic.text(x + CARD_W - 6, pic.y + 11, "!", "win", anchor="middle")
            elif spot in known:
                pic.card(x, pic.y, playing_card(known[spot]), hl=spot in lit, down=True)
            else:
                pic.back(x, pic.y, hl=spot in lit)
        pic.y += CARD_H + GAP
    side = LEFT + 5 * step + 12
    _side(pic, view, side)
    if known:
        pic.line_of_text(
            "Known face-down cards: " + ", ".join(f"{s} {c}" for s, c in known.items()), "s"
        )
    counts = view["in_play"], view["in_check"]
    pic.line_of_text(
        f"In play: red {counts[0]['red']}, black {counts[0]['black']} · in check: red "
        f"{counts[1]['red']}, black {counts[1]['black']} (five wins)",
        "s",
    )
    if pending and not view.get("over"):
        pic.line_of_text(
            f"{LABELS.get(pending['seat'], pending['seat'])} must REPLACE or KEEP: the capture on "
            f"{pending['spot']} took {pending['captured']} and revealed {pending['revealed']}.",
        )
    _hands(pic, view, viewer)


def _side(pic: Picture, view: dict[str, Any], x: float) -> None:
    """The draw and discard piles, right of the board."""
    top = pic.y - 5 * (CARD_H + GAP)
    pic.text(x, top + 12, f"Draw ({view['draw_pile']})", "s")
    if view["draw_pile"]:
        pic.back(x, top + 18)
    else:
        pic.slot(x, top + 18)
    discard = view["discard_pile"]
    pic.text(x, top + CARD_H + 40, f"Discard ({len(discard)})", "s")
    if discard:
        pic.card(x, top + CARD_H + 46, playing_card(discard[-1]))
    else:
        pic.slot(x, top + CARD_H + 46)


def _hands(pic: Picture, view: dict[str, Any], viewer: str | None) -> None:
    for seat in ("red", "black") if viewer != "black" else ("black", "red"):
        count = view["hand_counts"][seat]
        faces: list[Face | None]
        if seat == viewer:
            title, faces = f"Your hand ({count})", [playing_card(c) for c in view["hand"]]
        else:
            title, faces = f"{LABELS[seat]}'s hand ({count})", [None] * count
        pic.line_of_text(title, "s")
        if faces:
            mine = seat == viewer
            pic.flow(faces, step=CARD_W + GAP if mine else 24, touch=mine)
