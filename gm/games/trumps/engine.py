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
    GameInfo,
    InvalidStateError,
    Move,
    MoveCap,
    Option,
    Outcome,
    State,
)
from gm.games.cards import PILE_PHRASINGS
from gm.games.trumps import notation
from gm.games.trumps.rules import (
    NORTH,
    SEATS,
    SOUTH,
    SUITS,
    apply_move,
    canon_suit,
    copy_state,
    deal,
    legal_moves,
    scores,
    take_count,
    validate_position,
)
from gm.games.words import ChatWords

MAX_PLIES = 2000  # the cap option's maximum: a whole heuristic-vs-heuristic game stays cheap


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
)


class TrumpsEngine(Engine):
    info = GameInfo(
        name="trumps",
        title="Your Trumps (Svoi Kozyri)",
        summary="A two-player duel: each owns a trump suit; beat the top card of the pile or "
        "pick cards up, and be the first to get rid of every card.",
        seat_names=SEATS,
        options=(
            Option("deck", "choice", 36, "36-card pack (6 to A) or 52 (adds 2 to 5).", (36, 52)),
            Option(
                "trump_south",
                "choice",
                None,
                "South's trump suit (♣ ♦ ♥ ♠; words like 'hearts' are accepted); null: south "
                "chooses it with a TRUMP move.",
                (None, *SUITS),
                spellings=True,
            ),
            Option(
                "trump_north",
                "choice",
                None,
                "North's trump suit (must differ from south's; words like 'hearts' are accepted); "
                "null: north chooses it.",
                (None, *SUITS),
                spellings=True,
            ),
            Option(
                "max_plies",
                "int",
                600,
                "Engineering guard: the game is drawn after this many moves.",
                minimum=10,
                maximum=MAX_PLIES,
            ),
        ),
        cap=MoveCap("max_plies", "plies", counter="ply"),
        move_syntax="LEAD 9♣ | BEAT J♦ 7♣ | BEAT Q♥ | TAKE | TRUMP ♥",
        example_moves=("TRUMP ♥", "LEAD 9♣", "BEAT J♦ 7♣", "BEAT Q♥", "TAKE"),
        chat_words=CHAT_WORDS,
    )

    # ------------------------------------------------------------ set-up and turns

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        for name in ("trump_south", "trump_north"):
            if name in given:
                given[name] = canon_suit(given[name])
        opts = super().options(given)
        if opts["trump_south"] is not None and opts["trump_south"] == opts["trump_north"]:
            raise ValueError("options 'trump_south' and 'trump_north' must be different suits")
        return opts

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
        """Refuse every state the game cannot reach: unknown or out-of-range options; cards that
        changed, are duplicated or missing; trumps that are equal, or differ from the options;
        a turn or ply count that disagrees with the play; known cards outside their hand; a
        result that is missing, set too early, both a win and a draw, or not what the cards
        say (a winner who still holds cards, a draw the draw rule does not give)."""
        opts = state["options"]
        if not isinstance(opts, dict) or set(opts) != {o.name for o in self.info.options}:
            raise InvalidStateError("options must be exactly this game's options")
        try:
            if self.options(opts) != opts:
                raise InvalidStateError("options are not in their stored form")
        except ValueError as err:
            raise InvalidStateError(str(err)) from err
        validate_position(state)


ENGINE = TrumpsEngine()
