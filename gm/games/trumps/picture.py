"""Your Trumps' board picture (drawn by gm/games/pictures.py from the redacted view): the other hand
(cards known to both seats face up, the rest as backs), the pile bottom to top, the viewer's hand
(a spectator sees both hands as the other one); each seat's trump. The cards of the last move
are highlighted. Touch targets (a seat's picture): its hand's cards."""

from __future__ import annotations

from typing import Any

from gm.games.pictures import CARD_W, Picture, codes_in, playing_card, seat_of

WIDTH = 560
OVERLAP = 22  # the step of cards laid over each other


def _hand_faces(view: dict[str, Any], seat: str, viewer: str | None) -> list:
    if seat == viewer:
        return [playing_card(c) for c in view["hand"]]
    known = [playing_card(c) for c in view["known_cards"][seat]]
    return known + [None] * (view["hand_counts"][seat] - len(known))


def _seat_line(view: dict[str, Any], seat: str, viewer: str | None) -> str:
    trump = view["trumps"][seat] or "not chosen yet"
    who = " (you)" if seat == viewer else ""
    dealer = " (dealer)" if seat == view["dealer"] else ""
    return f"{seat}{who}{dealer} · trump {trump} · {view['hand_counts'][seat]} cards"


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    viewer = seat_of(view)
    lit = codes_in(last)
    order = ["north", "south"] if viewer != "north" else ["south", "north"]
    top, bottom = order
    pic.line_of_text(_seat_line(view, top, viewer))
    if view["hand_counts"][top]:
        pic.flow(_hand_faces(view, top, viewer), step=OVERLAP, hl=lit)
    pile = [playing_card(c) for c in view["pile"]]
    phase = "choosing trumps" if view["phase"] == "trumps" else f"{view['ply']} moves played"
    pic.line_of_text(
        f"Pile ({len(pile)}, bottom → top) · {view['deck_size']}-card pack · {phase} "
        f"(a draw at {view['max_plies']})",
        "s",
    )
    if pile:
        pic.flow(pile, step=OVERLAP + 4, hl=lit)
    else:
        pic.slot(12, pic.y)
        pic.y += 62
    pic.line_of_text(_seat_line(view, bottom, viewer), "win" if bottom == viewer else "")
    if view["hand_counts"][bottom]:
        step = OVERLAP if viewer is None else CARD_W + 2
        pic.flow(_hand_faces(view, bottom, viewer), step=step, hl=lit, touch=viewer is not None)
    if view.get("take_count") and not view.get("over"):
        pic.line_of_text(f"{view['to_move']} may TAKE {view['take_count']}", "s")
