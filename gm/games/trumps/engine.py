"""The Your Trumps engine: the game's descriptor, set-up and the Engine methods.

The rules (legality, applying a move, the end, scores, the validated state) are in ``rules``;
reading and writing moves and the board in ``notation``.

Scores (``scores``, and every outcome's): the number of cards each seat still holds — fewer is
better; the seat that went out has 0. The framework ends a game drawn at ``max_plies`` moves
(``GameInfo.cap``); the engine itself ends it only by the rules.
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
from gm.games.cards import PILE_PHRASINGS
from gm.games.trumps import notation, rules
from gm.games.trumps.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.trumps.rules import (
    NORTH,
    OPTIONS,
    SEATS,
    SOUTH,
    apply_move,
    copy_state,
    deal,
    legal_moves,
    scores,
    take_count,
)
from gm.games.words import ChatWords

# What Your Trumps' players say in a chat (gm.games.words.ChatWords): the trumps, leading and
# beating, the pile.
CHAT_WORDS = ChatWords(
    move_verbs=("beat", "lead", "pick", "draw", "discard"),
    move_words=("trump", "pile", "deck"),
    board_parts=("top", "pile", "trump"),
    phrasings=(
        (
            "hint",
            r"(what|which) (card|cards|piece|move) (should|would|could|do) i lead"
            r"( now| next| here)?",
        ),
        *PILE_PHRASINGS,
    ),
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
)


class TrumpsEngine(Engine):
    info = GameInfo(
        name="trumps",
        title="Your Trumps (Svoi Kozyri)",
        summary=SUMMARY,
        seat_names=SEATS,
        options=OPTIONS,
        cap=MoveCap("max_plies", "plies", counter="ply"),
        move_syntax="LEAD 9♣ | BEAT J♦ 7♣ | BEAT Q♥ | TAKE | TRUMP ♥",
        example_moves=("TRUMP ♥", "LEAD 9♣", "BEAT J♦ 7♣", "BEAT Q♥", "TAKE"),
        chat_words=CHAT_WORDS,
    )

    # ------------------------------------------------------------ set-up and turns

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        return rules.options(given)

    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        state: State = {
            "game": "trumps",
            "rng": {"seed": seed, "n": 0},
            "options": dict(options),
            "phase": "trumps",
            "trumps": [options.get("trump_south"), options.get("trump_north")],
            "hands": [[], []],
            "known": [[], []],
            "pile": [],
            "turn": SOUTH,
            "ply": 0,
            "last": [],
            "result": None,
        }
        if None in state["trumps"]:
            state["turn"] = SOUTH if state["trumps"][SOUTH] is None else NORTH
        else:
            state["last"] = deal(state)
        return state

    def to_move(self, state: State) -> int | None:
        return None if state["phase"] == "over" else state["turn"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    # ------------------------------------------------------------ moves

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        return notation.parse_move(text, state, seat)

    def render_move(self, move: Move) -> str:
        return notation.render_move(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return apply_move(state, seat, move)

    # ------------------------------------------------------------ the end and standing

    def outcome(self, state: State) -> Outcome | None:
        """The end by the rules: a seat with no cards left wins, or the draw rule."""
        result = state.get("result")
        if not result:
            return None
        return Outcome(list(result["winners"]), result["draw"], result["reason"], scores(state))

    def scores(self, state: State) -> dict[int, int]:
        """The cards each seat still holds: fewer is better (the seat that went out has 0)."""
        return scores(state)

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        """Cards left in each hand (the board shows how many each holds): fewer is better."""
        return [Figure("Cards left", dict(scores(state)), -1)]

    # ------------------------------------------------------------ what a seat sees

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        """The cards in the other hand (both, for a spectator) not seen face up: cards taken from
        the pile and sixes handed over are known to both seats."""
        seats = (SOUTH, NORTH) if seat is None else (1 - seat,)
        hidden: set[str] = set()
        for i in seats:
            hidden.update(set(state["hands"][i]) - set(state["known"][i]))
        return hidden

    def view(
        self, state: State, seat: int | None, outcome: Outcome | None = None
    ) -> dict[str, Any]:
        pile = state["pile"]
        turn = None if outcome is not None else state["turn"]
        v: dict[str, Any] = {
            "game": "trumps",
            "seat": self.seat_name(seat),
            "phase": state["phase"],
            "deck_size": state["options"]["deck"],
            "dealer": SEATS[NORTH],
            "trumps": {SEATS[i]: state["trumps"][i] for i in (SOUTH, NORTH)},
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_counts": {SEATS[i]: len(state["hands"][i]) for i in (SOUTH, NORTH)},
            "known_cards": {SEATS[i]: list(state["known"][i]) for i in (SOUTH, NORTH)},
            "pile": list(pile),
            "top": pile[-1] if pile else None,
            "to_move": SEATS[turn] if turn is not None else None,
            "turn": SEATS[turn] if turn is not None else None,
            "over": outcome is not None,
            "ply": state["ply"],
            "max_plies": state["options"]["max_plies"],
            "last": list(state["last"]),
            "outcome": outcome.to_dict(SEATS) if outcome is not None else None,
        }
        if turn is not None and state["phase"] == "play" and pile:
            v["take_count"] = take_count(pile, state["trumps"][turn])
        return v

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        return notation.render(state, seat, outcome)

    # ------------------------------------------------------------ storage

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def validate(self, state: State) -> None:
        rules.validate(state)


ENGINE = TrumpsEngine()
