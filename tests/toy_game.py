"""A toy game registered only by tests: Take-away. A pile of stones; seats take 1, 2 or 3 in
turn; whoever takes the last stone wins. Hidden information: each seat holds one secret card
(a code like ``T7``) that only it sees until the end. Used to show that a registered game appears
in every front end with no other edit, and to test the table with a game small enough to reason
about."""

from __future__ import annotations

import random
import re
from typing import Any

from gm.games.base import (
    Engine,
    Event,
    GameInfo,
    IllegalMoveError,
    InvalidStateError,
    Move,
    MoveCap,
    Option,
    Outcome,
    ParseError,
    State,
    game_over_line,
    rng_for,
)
from gm.games.registry import Game
from gm.games.words import ChatWords

SEATS = ("left", "right")
CARDS = tuple(f"T{i}" for i in range(1, 10))


class TakeAwayEngine(Engine):
    info = GameInfo(
        name="take-away",
        title="Take-away",
        summary="Take 1 to 3 stones in turn; whoever takes the last stone wins.",
        seat_names=SEATS,
        options=(
            Option("pile", "int", 10, "Stones at the start.", minimum=1, maximum=50),
            Option("max_moves", "int", 100, "Moves before a draw.", minimum=1, maximum=200),
        ),
        move_syntax="TAKE 1 | TAKE 2 | TAKE 3",
        example_moves=("TAKE 1", "take 3"),
        # its own chat words: "remove two stones from the heap" is a try at a move
        chat_words=ChatWords(
            move_verbs=("remove",), move_words=("stone", "stones", "heap"), board_parts=("heap",)
        ),
        cap=MoveCap("max_moves", "plies"),
    )

    def new_state(self, seed: int, options: dict[str, Any], players: int) -> State:
        state: State = {"game": "take-away", "rng": {"seed": seed, "n": 0}, "pile": options["pile"]}
        state.update(options=dict(options), turn=0, taken=[0, 0], winner=None)
        state["cards"] = rng_for(state, "deal").sample(CARDS, 2)
        return state

    def to_move(self, state: State) -> int | None:
        return None if state["winner"] is not None else state["turn"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [("take", n) for n in (1, 2, 3) if n <= state["pile"]]

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        m = re.fullmatch(r"\s*(?:take\s+)?([0-9]+)\s*(?:stones?)?\s*", text, re.IGNORECASE)
        if not m:
            raise ParseError(text, "'TAKE 1', 'TAKE 2' or 'TAKE 3'")
        n = int(m.group(1))
        if ("take", n) not in self.legal_moves(state, seat):
            raise IllegalMoveError(
                f"You may take 1 to 3 stones, at most the {state['pile']} left.", rule="take"
            )
        return ("take", n)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        s = self.copy_state(state)
        s["pile"] -= move[1]
        s["taken"][seat] += move[1]
        s["turn"] = 1 - seat
        events = [Event(f"{SEATS[seat]} takes {move[1]}; {s['pile']} left.", seat=seat)]
        if s["pile"] == 0:
            s["winner"] = seat
        return s, events

    def render_move(self, move: Move) -> str:
        return f"TAKE {move[1]}"

    def outcome(self, state: State) -> Outcome | None:
        w = state["winner"]
        if w is None:
            return None
        return Outcome([w], False, f"{SEATS[w]} took the last stone", self.scores(state))

    def scores(self, state: State) -> dict[int, int | float]:
        return dict(enumerate(state["taken"]))

    def view(self, state: State, seat: int | None, outcome: Outcome | None = None) -> dict:
        over = outcome is not None
        cards = {SEATS[s]: c if over or s == seat else None for s, c in enumerate(state["cards"])}
        return {
            "pile": state["pile"],
            "taken": state["taken"],
            "cards": cards,
            "over": over,
            "to_move": None if over else SEATS[state["turn"]],
        }

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        mine = f"Your card: {state['cards'][seat]}" if seat is not None else "Cards hidden"
        lines = [f"Pile: {'o' * state['pile']} ({state['pile']})", mine]
        if outcome is None:
            you = " (you)" if seat == state["turn"] else ""
            lines.append(f"Turn: {SEATS[state['turn']]}{you}")
        else:
            lines.append(f"Cards: {' '.join(state['cards'])}")
            lines.append(game_over_line(outcome))
        return "\n".join(lines)

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        return {c for s, c in enumerate(state["cards"]) if s != seat}

    def validate(self, state: State) -> None:
        self.options(state["options"])
        if state["pile"] + sum(state["taken"]) != state["options"]["pile"]:
            raise InvalidStateError("stones must add up")
        if state["winner"] is not None and state["pile"] != 0:
            raise InvalidStateError("a winner took the last stone")

    def rules_text(self) -> str:
        return "# Take-away\n\nTake 1 to 3 stones in turn: `TAKE 2`. The last stone wins.\n"


def greedy(engine: Engine, view: dict, seat: int, legal: list[Move], rng: random.Random) -> Move:
    """Leave a multiple of four when it can."""
    for move in legal:
        if (view["pile"] - move[1]) % 4 == 0:
            return move
    return rng.choice(legal)


def random_level(engine: Engine, view: dict, seat: int, legal: list, rng: random.Random) -> Move:
    return rng.choice(legal)


ENGINE = TakeAwayEngine()
GAME = Game(ENGINE, {"random": random_level, "greedy": greedy})
