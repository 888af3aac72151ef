"""So-Lon-Yo's board picture (drawn by gm/games/pictures.py from the redacted view): the
challenger's card face up, the defiant's three cards (backs in a blind game), both scores against
the target, the deck and discard counts, and the last comparison with the picked card
highlighted. Touch targets (the defiant's picture): its three cards, ``1``..``3``."""

from __future__ import annotations

from typing import Any

from gm.games.pictures import CARD_CODE, CARD_H, CARD_W, GAP, PAD, Picture, playing_card, seat_of

LABELS = {"p1": "P1", "p2": "P2"}
WIDTH = 440
BAR = 180  # the width of a score bar


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    viewer = seat_of(view)
    target = view["target"]
    pic.line_of_text(
        f"Round {view['round']} · target {target} · scoring {view['scoring']} · "
        f"deck {view['deck_count']} · discard {view['discard_count']}",
        "s",
    )
    for seat in ("p1", "p2"):
        score = view["scores"][seat]
        you = " (you)" if seat == viewer else ""
        pic.y += 4
        pic.text(PAD, pic.y + 13, f"{LABELS[seat]}{you}", "win" if you else "")
        pic.rect(90, pic.y + 2, BAR, 12, "sl", rx=2)
        filled = BAR * min(score, target) / target
        pic.add(f'<rect x="90" y="{pic.y + 2:g}" width="{filled:g}" height="12" fill="#3c8d5a"/>')
        pic.text(90 + BAR + 8, pic.y + 13, f"{score} of {target}")
        pic.y += 18
    pic.y += 6
    defiant, challenger = view["defiant"], view["challenger"]
    pic.text(PAD, pic.y + 12, f"Challenger {LABELS[challenger]}", "s")
    pic.text(PAD + CARD_W + 40, pic.y + 12, f"Defiant {LABELS[defiant]}: pick 1, 2 or 3", "s")
    pic.y += 18
    if view["challenger_card"]:
        pic.card(PAD, pic.y, playing_card(view["challenger_card"]))
    else:
        pic.slot(PAD, pic.y)
    x = PAD + CARD_W + 40
    for i, card in enumerate(view["defiant_cards"]):
        at = x + i * (CARD_W + GAP)
        if viewer == defiant:
            pic.target(str(i + 1), at, pic.y, label=f"card {i + 1}")
        pic.text(at + CARD_W / 2, pic.y + CARD_H + 14, str(i + 1), "s", anchor="middle")
        if card is None:
            pic.back(at, pic.y)
        else:
            pic.card(at, pic.y, playing_card(card))
    pic.y += CARD_H + 20
    _last_round(pic, view.get("last"))


def _last_round(pic: Picture, text: str | None) -> None:
    """The last comparison, from the view's text: the picked card (highlighted), the
    challenger's, and the two not picked."""
    codes = CARD_CODE.findall(text or "")
    if len(codes) < 2:
        return
    pic.line_of_text("Last round: picked · challenger · not picked", "s")
    picked, against, others = codes[0], codes[1], codes[2:4]
    pic.card(PAD, pic.y, playing_card(picked), hl=True)
    pic.card(PAD + CARD_W + GAP, pic.y, playing_card(against))
    pic.row_of_cards(PAD + 2 * (CARD_W + GAP) + 20, pic.y, [playing_card(c) for c in others])
    pic.y += CARD_H + GAP
