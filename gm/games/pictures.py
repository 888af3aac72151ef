"""Board pictures: an SVG of a game's board as one viewer (a seat or a spectator) may see it.

A picture is drawn from the viewer's **redacted view** (``Engine.view(state, seat, outcome)``, the
``state`` of a view answer) and the last move's events as that viewer sees them, never from the
full state: what a picture can show, the view has already shown, so its secrecy is the view's.

- :func:`board_svg` ``(engine, view, last=()) -> str``: the whole SVG document (a pure function;
  pages inline it in HTML, the routes ``GET /play/<token>/board.svg`` and
  ``GET /games/<game_id>/board.svg`` serve it).
- :func:`answer_svg` ``(answer, last=())``: the same from a view answer of the API (``game`` and
  ``state`` in it).

Each game lays out its own board in ``gm/games/<package>/picture.py``: a ``WIDTH`` and a
``draw(pic, view, last)`` that draws on a :class:`Picture` from ``pic.y`` down (moving ``pic.y``).
The toolkit draws the rest the same way for every game: the title and whose turn it is above, the
last move and the result below. A game without a picture module gets its view's lines as text.

Every card face carries its code in an ``aria-label`` and prints its rank as the code writes it
(the game's own code: ``X♥`` in Masul, ``10♥`` in Your Trumps, ``3RC``): readers hear the card, the
picture and the text board agree, and the contract test's leak check sees every card drawn.

**Touch targets**: a seat's picture marks what the seat can touch — its hand's cards, columns,
squares, piles, a grid's points — with transparent ``<rect class="ht" data-t="KEY">`` elements
drawn over the board (:meth:`Picture.target`; a grid's points as one ``<rect class="ht-grid">``
that says how to cut it, :meth:`Picture.grid_target`). A key is a word of the game's move texts
(``A♠``, ``C3``, ``RK2``, ``PILE``, ``-3,2``). When the viewer is to move, ``board_svg`` embeds
every legal move's text (no cap) in ``<metadata id="gm-moves">`` (JSON): the board component
(gm/frontends/web/static/board.js) highlights the targets a legal move goes through and plays
the move once the seat has touched all of its targets. In an ``<img>`` none of this shows. Text is
XML-escaped; fonts are generic families; nothing is fetched. Sizes stay under :data:`MAX_BYTES`.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gm.games.base import Engine

MAX_BYTES = 30 * 1024  # the largest picture of any reachable position (the contract test checks)
CARD_W, CARD_H = 40, 56
GAP = 6
PAD = 12
LINE = 18  # the height of a text line
CHAR_W = 7  # a 13 px sans-serif character, roughly: for wrapping text

STYLE = (
    "text{font-family:sans-serif;font-size:13px;fill:#1d2a22}"
    ".bg{fill:#eef3ec}.felt{fill:#d3e4d3}"
    ".t{font-size:16px;font-weight:bold}.s{font-size:11px;fill:#4a5a50}"
    ".cd rect{fill:#fff;stroke:#7a857d}.cd text{font-weight:bold}"
    ".cd .u{font-size:22px}.cd .v{font-size:15px}"
    ".r text{fill:#c8102e}.k text{fill:#161616}.y text{fill:#7a5c00}.b text{fill:#1f4fbf}"
    ".fd rect{fill:#e9e4f5;stroke-dasharray:4 2}"
    ".sl{fill:none;stroke:#9aa89d;stroke-dasharray:3 3}"
    ".hl{fill:none;stroke:#f08c00;stroke-width:3}.hb{fill:#f08c00}"
    ".turn{fill:#1f6f43;font-weight:bold}.over{fill:#fff3d6;stroke:#c98a00}"
    ".win{font-weight:bold}.mk{font-size:20px;font-weight:bold}"
    ".ht,.ht-grid{fill:transparent}"
)
BACK = (
    '<symbol id="back" viewBox="0 0 40 56"><rect x=".5" y=".5" width="39" height="55" rx="4" '
    'fill="#2b4c7e" stroke="#1b2f4f"/><rect x="5" y="5" width="30" height="46" rx="2" '
    'fill="none" stroke="#8fb0e0" stroke-dasharray="2 2"/></symbol>'
)


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def esc(text: Any) -> str:
    """``text`` safe inside an XML element or a double-quoted attribute."""
    return str(text).translate(_ESCAPES)


def attr(text: Any) -> str:
    """``text`` as a double-quoted XML attribute value."""
    return f'"{esc(text)}"'


@dataclass(frozen=True)
class Face:
    """What a card face shows: ``code`` (the game's code, kept in the aria-label), ``rank`` and
    ``suit`` (printed), ``ink`` (``"r"`` red or ``"k"`` black) and an optional ``paper`` colour."""

    code: str
    rank: str
    suit: str
    ink: str = "k"
    paper: str = ""


SUIT_INK = {"♣": "k", "♠": "k", "♦": "r", "♥": "r"}


def playing_card(code: str) -> Face:
    """A French-suited card from its code: ``7♠``, ``X♥`` or ``10♥`` (the rank printed as the
    game's code writes it, so the picture says what the text board says)."""
    rank, suit = code[:-1], code[-1:]
    return Face(code, rank, suit, SUIT_INK.get(suit, "k"))


CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9XJQKA])[♣♦♥♠]")


def codes_in(last: Sequence[dict[str, Any]], kinds: Iterable[str] = ("move",)) -> set[str]:
    """The playing-card codes named by the last move's events of these kinds (to highlight)."""
    wanted = set(kinds)
    return {
        code
        for event in last
        if event.get("kind") in wanted
        for code in CARD_CODE.findall(event.get("text", ""))
    }


def seat_of(view: dict[str, Any]) -> str | None:
    """The viewer's seat name from a view (None: a spectator)."""
    name = view.get("viewer", view.get("seat"))
    return None if name in (None, "spectator") else name


def wrap(text: str, width: float) -> list[str]:
    """``text`` in lines of at most ``width`` pixels (roughly)."""
    most = max(8, int(width // CHAR_W))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


@functools.lru_cache(maxsize=1024)
def _card_markup(face: Face, down: bool) -> tuple[str, str]:
    """A card's markup, before and after its position (drawn often: kept)."""
    cls = f"cd {face.ink}" + (" fd" if down else "")
    paper = f' style="fill:{esc(face.paper)}"' if face.paper else ""
    label = attr(face.code + (" face down" if down else ""))
    return f'<g class="{cls}"', (
        f' role="img" aria-label={label}>'
        f'<rect x=".5" y=".5" width="39" height="55" rx="4"{paper}/>'
        f'<text x="3" y="15" class="v">{esc(face.rank)}</text>'
        f'<text x="4" y="28">{esc(face.suit)}</text>'
        f'<text x="24" y="47" class="u" text-anchor="middle">{esc(face.suit)}</text></g>'
    )


class Picture:
    """An SVG being drawn: elements, a width, a cursor ``y`` that layouts move down."""

    def __init__(self, width: int, title: str):
        self.width = width
        self.title = title
        self.y = PAD
        self.parts: list[str] = []
        self.targets: list[str] = []  # touch targets, drawn over everything

    # ---- primitives
    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(self, x: float, y: float, content: Any, cls: str = "", anchor: str = "") -> None:
        extra = (f' class="{cls}"' if cls else "") + (f' text-anchor="{anchor}"' if anchor else "")
        self.add(f'<text x="{x:g}" y="{y:g}"{extra}>{esc(content)}</text>')

    def rect(self, x: float, y: float, w: float, h: float, cls: str, rx: float = 4) -> None:
        size = f'width="{w:g}" height="{h:g}" rx="{rx:g}"'
        self.add(f'<rect x="{x:g}" y="{y:g}" {size} class="{cls}"/>')

    def line_of_text(self, content: str, cls: str = "", x: float = PAD) -> None:
        """One or more wrapped lines at the cursor."""
        for part in wrap(content, self.width - x - PAD):
            self.y += LINE
            self.text(x, self.y - 5, part, cls)

    # ---- touch targets (a seat's picture only: the viewer's cards, columns, squares, piles)
    def target(
        self, key: str, x: float, y: float, w: float = CARD_W, h: float = CARD_H, label: str = ""
    ) -> None:
        """A place the viewer can touch: ``key`` is the word of the move texts it stands for;
        ``label`` what a screen reader says (the key when empty)."""
        said = f" aria-label={attr(label)}" if label else ""
        self.targets.append(
            f'<rect class="ht" data-t={attr(key)}{said} x="{x:g}" y="{y:g}" '
            f'width="{w:g}" height="{h:g}"/>'
        )

    def grid_target(
        self, x: float, y: float, cell: float, columns: Sequence[int], rows: Sequence[int]
    ) -> None:
        """A grid of points ``"<column>,<row>"`` (keys of the move texts), ``cell`` pixels each,
        from (x, y): one element the board component cuts into a target per point."""
        self.targets.append(
            f'<rect class="ht-grid" x="{x:g}" y="{y:g}" width="{cell * len(columns):g}" '
            f'height="{cell * len(rows):g}" data-cell="{cell:g}" '
            f'data-columns="{",".join(map(str, columns))}" data-rows="{",".join(map(str, rows))}"/>'
        )

    # ---- cards
    def card(self, x: float, y: float, face: Face, *, hl: bool = False, down: bool = False) -> None:
        """A face-up card; ``down``: a face-down card the viewer may see (drawn on tinted,
        dashed paper); ``hl``: highlighted (the last move)."""
        head, body = _card_markup(face, down)
        self.add(f'{head} transform="translate({x:g},{y:g})"{body}')
        if hl:
            self.highlight(x, y)

    def back(self, x: float, y: float, *, hl: bool = False) -> None:
        """A face-down card the viewer may not see."""
        self.add(f'<use href="#back" x="{x:g}" y="{y:g}" width="40" height="56"/>')
        if hl:
            self.highlight(x, y)

    def slot(self, x: float, y: float, *, hl: bool = False) -> None:
        """An empty place for a card."""
        self.rect(x + 1, y + 1, CARD_W - 2, CARD_H - 2, "sl")
        if hl:
            self.highlight(x, y)

    def highlight(self, x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> None:
        self.rect(x - 3, y - 3, w + 6, h + 6, "hl", rx=6)

    def row_of_cards(
        self,
        x: float,
        y: float,
        faces: Iterable[Face | None],
        *,
        most: int | None = None,
        step: float = CARD_W + GAP,
        hl: Sequence[str] = (),
        touch: bool = False,
    ) -> float:
        """Cards left to right (None: a back), at most ``most`` of them and "+n" for the rest;
        returns the x after the last. Faces whose code is in ``hl`` are highlighted; ``touch``:
        each face is a touch target (its code), as wide as the part of it that shows."""
        items = list(faces)
        shown = items if most is None or len(items) <= most else items[:most]
        lit = []
        for i, item in enumerate(shown):
            if item is None:
                self.back(x, y)
            else:
                self.card(x, y, item)
                if item.code in hl:
                    lit.append(x)
                if touch:
                    wide = CARD_W if i == len(shown) - 1 else min(step, CARD_W)
                    self.target(item.code, x, y, wide, CARD_H, f"{item.code}, in your hand")
            x += step
        for at in lit:  # over the cards: a card laid over another is marked by a bar above it
            if step >= CARD_W:
                self.highlight(at, y)
            else:
                self.add(
                    f'<rect x="{at:g}" y="{y - 6:g}" width="{step - 2:g}" height="4" class="hb"/>'
                )
        if len(shown) < len(items):
            self.text(x + CARD_W - step + 4, y + CARD_H / 2 + 4, f"+{len(items) - len(shown)}")
            x += 24
        return x + CARD_W - step

    def flow(
        self,
        faces: Sequence[Face | None],
        *,
        x: float = PAD,
        step: float = CARD_W + GAP,
        hl: Iterable[str] = (),
        most_lines: int = 3,
        touch: bool = False,
    ) -> None:
        """Cards (None: a back) from the cursor, wrapped onto lines across the width (at most
        ``most_lines``; "+n" says how many more); moves the cursor below them."""
        per_line = max(1, int((self.width - PAD - x - CARD_W - 24) // step) + 1)
        self.y += 4
        lit = set(hl)
        for start in range(0, min(len(faces), per_line * most_lines), per_line):
            chunk = faces[start : start + per_line]
            left = len(faces) - start - len(chunk)
            last_line = start + per_line >= per_line * most_lines
            self.row_of_cards(x, self.y, chunk, step=step, hl=tuple(lit), touch=touch)
            if left and last_line:
                end = x + (len(chunk) - 1) * step + CARD_W + 4
                self.text(end, self.y + CARD_H / 2 + 4, f"+{left}")
            self.y += CARD_H + GAP

    # ---- the frame every game shares
    def header(self, view: dict[str, Any], label: dict[str, str]) -> None:
        """The title, who is looking, and whose turn it is (or that the game is over)."""
        viewer = seat_of(view)
        self.text(PAD, self.y + 16, self.title, "t")
        to_move = view.get("to_move")
        if view.get("over"):
            status, cls = "Game over", "turn"
        elif to_move is not None and to_move == viewer:
            status, cls = "Your turn", "turn"
        elif to_move is not None:
            status, cls = f"{label.get(to_move, to_move)} to move", "turn"
        else:
            status, cls = "", ""
        self.text(self.width - PAD, self.y + 16, status, cls, anchor="end")
        if "viewer" in view or "seat" in view:  # a view that says who looks
            who = "Spectator view" if viewer is None else f"You: {label.get(viewer, viewer)}"
            self.text(PAD, self.y + 32, who, "s")
        self.y += 40

    def footer(
        self, view: dict[str, Any], last: Sequence[dict[str, Any]], label: dict[str, str]
    ) -> None:
        """The last move's events (as the viewer sees them) and, at the end, the result."""
        texts = [e["text"] for e in last if e.get("text")][-3:]
        if texts:
            self.y += 4
            self.line_of_text("Last: " + " · ".join(texts), "s")
        outcome = view.get("outcome") if view.get("over") else None
        if outcome:
            lines = wrap(result_text(outcome, label), self.width - 4 * PAD)
            height = LINE * len(lines) + 10
            self.y += 8
            self.rect(PAD, self.y, self.width - 2 * PAD, height, "over")
            for i, part in enumerate(lines):
                self.text(2 * PAD, self.y + 18 + i * LINE, part, "win")
            self.y += height

    def svg(self, moves: Sequence[str] = ()) -> str:
        """The document; ``moves``: the viewer's legal moves (embedded for the board component,
        with the touch targets; none: a picture to look at)."""
        height = self.y + PAD
        label = f"{self.title} board"
        touch = ""
        if moves:
            data = json.dumps(list(moves), ensure_ascii=False, separators=(",", ":"))
            touch = f'<g class="hits">{"".join(self.targets)}</g>'
            touch += f'<metadata id="gm-moves">{esc(data)}</metadata>'
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{height:g}" '
            f'viewBox="0 0 {self.width} {height:g}" role="img" aria-label={attr(label)}>'
            f"<title>{esc(label)}</title><style>{STYLE}</style><defs>{BACK}</defs>"
            f'<rect width="100%" height="100%" class="bg"/>{"".join(self.parts)}{touch}</svg>'
        )


def result_text(outcome: dict[str, Any], label: dict[str, str] | None = None) -> str:
    """ "Game over: <reason>." and the scores when the outcome has them, each seat by its label
    (``Row 3``, never the API's ``row3``)."""
    named = label or {}
    reason = str(outcome.get("reason", "")).rstrip()
    text = "Game over: " + reason + ("" if reason.endswith((".", "!")) else ".")
    scores = outcome.get("scores") or {}
    if scores:
        text += " Scores: " + ", ".join(f"{named.get(k, k)} {v}" for k, v in scores.items()) + "."
    return text


def picture_module(engine: Engine) -> ModuleType | None:
    """The game's ``picture`` module (next to its engine), or None when it has none."""
    package = type(engine).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.picture")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.picture":
            raise
        return None


def board_svg(
    engine: Engine,
    view: dict[str, Any],
    last: Sequence[dict[str, Any]] = (),
    moves: Sequence[str] = (),
    notes: Sequence[str] = (),
) -> str:
    """The SVG of ``view`` (``engine.view(state, seat, outcome)``, already redacted for its
    viewer); ``last``: the last move's events as that viewer sees them (``{"seat", "kind",
    "text"}`` dicts, as in answers' ``events``), shown below the board and highlighted on it;
    ``moves``: the viewer's legal move texts when it is to move (every one: the touch targets and
    the list the board component plays from); ``notes``: the table's lines (a turn deadline, an
    empty seat), shown under the board."""
    module = picture_module(engine)
    width = getattr(module, "WIDTH", 520)
    pic = Picture(width, engine.info.title)
    label = dict(getattr(module, "LABELS", {}))
    pic.header(view, label)
    if module is not None:
        module.draw(pic, view, list(last))
    else:
        _draw_plain(pic, view)
    for note in notes:
        pic.line_of_text(note, "turn")
    pic.footer(view, list(last), label)
    return pic.svg(moves)


def answer_svg(answer: dict[str, Any], last: Sequence[dict[str, Any]] = ()) -> str:
    """The SVG of a view answer of the API (``answer["game"]``, ``answer["state"]``)."""
    from gm.games import get_engine

    return board_svg(get_engine(answer["game"]), answer["state"], last)


def _draw_plain(pic: Picture, view: dict[str, Any]) -> None:
    """A game without a picture module: its view's fields as lines of text (a dict's items and a
    list's values on one line)."""
    for key, value in view.items():
        if key in ("game", "over", "to_move", "outcome"):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
        pic.line_of_text(f"{key}: {_plain(value)}")


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value)
    return "-" if value is None else str(value)
