"""N-in-a-row's board picture (drawn by gm/games/pictures.py from the view; nothing is hidden): the
window of the endless grid the board shows (y grows upward), the marks in it, the last mark
highlighted and the marks outside the window counted; the leader and the turns left. Touch target (a
seat's picture): the window's points, ``x,y``."""

from __future__ import annotations

from typing import Any

from gm.games.pictures import Picture, seat_of

LABELS = {"x": "x", "o": "o"}
WIDTH = 420
CELL = 24
LEFT = 44
INK = {"X": "#c8102e", "O": "#1f4fbf"}


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    w = view["window"]
    xs = range(w["xmin"], w["xmax"] + 1)
    ys = range(w["ymax"], w["ymin"] - 1, -1)
    pic.line_of_text(
        f"Turn {view['marks_placed'] + 1} of {view['max_turns']} · placement {view['placement']}"
        f" · f {view['f']}",
        "s",
    )
    for i, x in enumerate(xs):
        pic.text(LEFT + i * CELL + CELL / 2, pic.y + 12, x, "s", anchor="middle")
    pic.y += 16
    top = pic.y
    for j, y in enumerate(ys):
        pic.text(LEFT - 6, top + j * CELL + CELL / 2 + 4, y, "s", anchor="end")
    width, height = len(xs) * CELL, len(ys) * CELL
    path = "".join(f"M{LEFT + i * CELL} {top}v{height}" for i in range(len(xs) + 1))
    path += "".join(f"M{LEFT} {top + j * CELL}h{width}" for j in range(len(ys) + 1))
    pic.add(f'<rect x="{LEFT}" y="{top}" width="{width}" height="{height}" fill="#fff"/>')
    pic.add(f'<path d="{path}" stroke="#b7c4ba" fill="none"/>')
    if seat_of(view) is not None:
        pic.grid_target(LEFT, top, CELL, xs, ys)
    latest = view.get("last_move")
    for mark in view["marks"]:
        cx = LEFT + (mark["x"] - w["xmin"]) * CELL + CELL / 2
        cy = top + (w["ymax"] - mark["y"]) * CELL + CELL / 2
        letter = mark["mark"]
        pic.add(
            f'<text x="{cx:g}" y="{cy + 7:g}" class="mk" text-anchor="middle" '
            f'style="fill:{INK.get(letter, "#222")}">{letter}</text>'
        )
        if mark == latest:
            pic.highlight(cx - CELL / 2 + 3, cy - CELL / 2 + 3, CELL - 6, CELL - 6)
    pic.y = top + height + 6
    outside = view["marks_outside"]
    if outside["count"]:
        near = ", ".join(f"{m['mark']} {m['x']},{m['y']}" for m in outside["nearest"])
        pic.line_of_text(f"Outside the window: {outside['count']} marks (nearest: {near})", "s")
    if view.get("leader"):
        pic.line_of_text(
            f"Leader: {view['leader']} with {view['n']} in a row · {view['challenger']} has "
            f"{view['turns_left']} turns left to get {view['n'] + 1} in a row"
        )
    if latest:
        pic.line_of_text(f"Last mark: {latest['mark']} {latest['x']},{latest['y']}", "s")
