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
MIN_CELL = 6  # a wide board's cells shrink to fit the width, down to this
LEFT = 44
INK = {"X": "r", "O": "b"}  # the canvas's red and blue text classes


def draw(pic: Picture, view: dict[str, Any], last: list[dict[str, Any]]) -> None:
    w = view["window"]
    xs = range(w["xmin"], w["xmax"] + 1)
    ys = range(w["ymax"], w["ymin"] - 1, -1)
    placed, cap = view["marks_placed"], view["max_turns"]
    turn = placed if view.get("over") else min(placed + 1, cap)  # never past the cap
    pic.line_of_text(
        f"Turn {turn} of {cap} · placement {view['placement']} · f {view['f']}",
        "s",
    )
    # the whole board shown fits the width: the cells shrink (and the labels thin out) with it
    cell = max(MIN_CELL, min(CELL, (WIDTH - LEFT - 8) / len(xs)))
    every = max(1, round(CELL / cell))  # a label on every n-th line
    for i, x in enumerate(xs):
        if x % every == 0:
            pic.text(LEFT + i * cell + cell / 2, pic.y + 12, x, "s", anchor="middle")
    pic.y += 16
    top = pic.y
    for j, y in enumerate(ys):
        if y % every == 0:
            pic.text(LEFT - 6, top + j * cell + cell / 2 + 4, y, "s", anchor="end")
    width, height = len(xs) * cell, len(ys) * cell
    path = "".join(f"M{LEFT + i * cell:g} {top}v{height:g}" for i in range(len(xs) + 1))
    path += "".join(f"M{LEFT} {top + j * cell:g}h{width:g}" for j in range(len(ys) + 1))
    pic.add(f'<rect x="{LEFT}" y="{top}" width="{width:g}" height="{height:g}" fill="#fff"/>')
    pic.add(f'<path d="{path}" stroke="#b7c4ba" fill="none"/>')
    if seat_of(view) is not None:
        pic.grid_target(LEFT, top, CELL, xs, ys)
    latest = view.get("last_move")
    size = f' style="font-size:{cell * 0.8:.0f}px"' if cell < CELL else ""
    for letter, ink in INK.items():  # one group per letter (its colour): each mark a short text
        texts = "".join(
            f'<text class="mk" x="{LEFT + (m["x"] - w["xmin"]) * cell + cell / 2:g}" '
            f'y="{top + (w["ymax"] - m["y"]) * cell + cell * 0.8:g}"{size}>{letter}</text>'
            for m in view["marks"]
            if m["mark"] == letter
        )
        if texts:
            pic.add(f'<g class="{ink}" text-anchor="middle">{texts}</g>')
    if latest and any(m == latest for m in view["marks"]):
        cx = LEFT + (latest["x"] - w["xmin"]) * cell
        cy = top + (w["ymax"] - latest["y"]) * cell
        pic.highlight(cx + cell / 8, cy + cell / 8, cell * 3 / 4, cell * 3 / 4)
    pic.y = round(top + height + 6)
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
