"""N-in-a-row (API name ``n-in-a-row``): the idea at the end of the Card Chess seed, made playable.

Two seats, ``x`` (0, starts) and ``o`` (1), place marks on an unbounded grid of integer points.
The **leader** holds the record N (its longest line); the **challenger** has f(N) of its own turns
to make a line of N+1, or the leader wins. Rules text: ``rules.md`` next to this module; the rules
in ``rules``, reading and writing moves and the board in ``notation``, the AI levels in ``ai``.

Decisions the rules file leaves to the engine (documented in the rules text):

- Option ``f``: a whole number k means f(N) = k·N (k ≥ 2, so f(1) ≥ 2); the strings ``"kN"``,
  ``"k*N"``, ``"k·N"`` and ``"k"`` mean the same; a list of at least two whole numbers such as
  ``"2,4,6"`` is a table f(1), f(2), ... whose last value repeats beyond its end (f(1) ≥ 2, every
  value ≥ 1). The default is ``"2N"``.
- A new record is the challenger's (or leader's) actual longest line, which may exceed N+1 when
  a mark joins two lines.
- Coordinates are limited to −1000..1000 on both axes (the grid is "unbounded" within that).
- A move is ``("mark", letter, x, y)`` (the letter of the seat to move), written ``X x,y``.
  ``legal_moves`` cannot list an unbounded grid: it lists the empty points within 2 of a mark
  (the 5×5 square around 0,0 before the first mark; with ``placement: adjacent`` only the empty
  points next to a mark), nearest the last mark first, and ``legal_moves_rule`` says the rest.
  ``parse_move`` accepts any empty point within the coordinate limits that the placement rule
  allows; a text naming the other seat's letter is refused.
- Bounded answers: the board and the view's ``marks`` show at most a 13×13 window (the marks'
  box grown by 1, or the part of it around the last mark), the marks outside summarised
  (``marks_outside``: counts and the 5 nearest the last mark); every move is in the history.
- Scores: each seat's longest line so far (the measure the race is about).
- The turn cap (option ``max_turns``, default 200, at most 1000) is the framework's
  (``GameInfo.cap``, counted in turns; every mark is one turn): the game ends drawn there.
- No cards and no hidden information: ``hidden_tokens`` is always empty.
"""

from __future__ import annotations

from typing import Any

from gm.games.base import (
    Engine,
    Event,
    Figure,
    GameInfo,
    Move,
    MoveCap,
    Outcome,
    State,
)
from gm.games.n_in_a_row import notation, rules
from gm.games.n_in_a_row.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.n_in_a_row.rules import GAME, LETTERS, OPTIONS, SEATS
from gm.games.words import ChatWords

RECENT = 4  # the last marks named in the view, wherever they are


# What N-in-a-row players say in a chat (gm.games.words.ChatWords): marks and their coordinates
# (X 0,0, (1,-1), O 2).
CHAT_WORDS = ChatWords(
    move_verbs=("mark",),
    move_codes=(r"-?\d+\s*,\s*-?\d+", r"\(\s*-?\d+", r"\b(?:x|o)\s+-?\d"),
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
)


class NInARowEngine(Engine):
    info = GameInfo(
        name=GAME,
        title="N-in-a-row",
        summary=SUMMARY,
        seat_names=SEATS,
        options=OPTIONS,
        cap=MoveCap("max_turns", "turns"),
        move_syntax="X 0,0 | O 1,-1 | (1,-1) | 1 -1",
        example_moves=("X 0,0", "O 1,-1", "(2,3)", "-1 4"),
        chat_words=CHAT_WORDS,
    )

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        return rules.options(given)

    # ---- set-up and turn order
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        if players != 2:
            raise ValueError("N-in-a-row is a game for two players")
        return rules.new_state(seed, self.options(options))

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return rules.legal_moves(state, seat)

    def legal_moves_rule(self, state: State, seat: int) -> str | None:
        return rules.legal_rule(state)

    # ---- moves
    def parse_move(self, text: str, state: State, seat: int) -> Move:
        return notation.parse_move(text, state, seat)

    def render_move(self, move: Move) -> str:
        return notation.render_move(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return rules.apply_move(state, seat, move)

    # ---- ending and standing
    def outcome(self, state: State) -> Outcome | None:
        r = state["result"]
        if r is None:
            return None
        return Outcome(list(r["winners"]), r["draw"], r["reason"], rules.scores(state))

    def scores(self, state: State) -> dict[int, int]:
        """Each seat's longest line so far."""
        return rules.scores(state)

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        """Each seat's longest line, and the board's ``Leader:`` line as the note."""
        note = rules.race_text(state) if state["leader"] is not None else ""
        return [Figure("Longest line", rules.scores(state), 1, note)]

    # ---- what a seat may see (everything: no hidden information)
    def view(
        self, state: State, seat: int | None, outcome: Outcome | None = None
    ) -> dict[str, Any]:
        shown = rules.window(state, notation.BOARD_MARGIN)
        xmin, xmax, ymin, ymax = shown
        every = [
            {"x": x, "y": y, "mark": LETTERS[i % 2]} for i, (x, y) in enumerate(state["marks"])
        ]
        marks = [m for m in every if xmin <= m["x"] <= xmax and ymin <= m["y"] <= ymax]
        leader = state["leader"]
        placed = len(every)
        to_move = None if outcome is not None else placed % 2
        return {
            "game": GAME,
            "seat": self.seat_name(seat),
            "to_move": None if to_move is None else SEATS[to_move],
            "over": outcome is not None,
            "marks_placed": placed,
            "max_turns": state["options"]["max_turns"],
            "marks": marks,
            "window": dict(zip(("xmin", "xmax", "ymin", "ymax"), shown, strict=True)),
            "marks_outside": rules.outside(state, shown),
            # every mark in play order, while all of them are on the board shown (169 at most)
            "history": None if len(marks) < placed else [list(xy) for xy in state["marks"]],
            "last_moves": every[-RECENT:],
            "last_move": every[-1] if every else None,
            "leader": None if leader is None else SEATS[leader],
            "n": state["n"],
            "challenger": None if leader is None else SEATS[1 - leader],
            "turns_left": state["turns_left"],
            "longest": {SEATS[i]: b for i, b in enumerate(state["best"])},
            "f": state["options"]["f"],
            "placement": state["options"]["placement"],
            "bounds": dict(
                zip(("xmin", "xmax", "ymin", "ymax"), rules.bounds(state, 0), strict=True)
            )
            if every
            else None,
            "hand": [],
            "hand_counts": {name: 0 for name in SEATS},
            "outcome": None if outcome is None else outcome.to_dict(SEATS),
        }

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        return notation.render(state, seat, outcome)

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        return set()  # no hidden information

    # ---- storage
    def copy_state(self, state: State) -> State:
        return rules.copy_state(state)

    def validate(self, state: State) -> None:
        rules.validate(state)


ENGINE = NInARowEngine()
