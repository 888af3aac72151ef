"""The So-Lon-Yo engine: wires the rules and the notation into the gm Engine interface.

``scores``: each seat's points (only the defiant scores). The framework caps a game at
``max_rounds`` picks (``MoveCap("max_rounds", "plies")``: every move is one round).
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
from gm.games.solonyo import notation, rules
from gm.games.solonyo.rules import DECK, LABEL, ROUNDS_PER_DECK, SCORINGS, SEATS, WIN_POINTS
from gm.games.words import ChatWords

OPTIONS = (
    Option(
        "scoring",
        "choice",
        "card",
        "Points for a win: the value of the defiant's card (card), the difference of the "
        "two values (difference), or the value of the challenger's card (challenger_card).",
        SCORINGS,
    ),
    Option("target", "int", 128, "Points needed to win.", minimum=1, maximum=100000),
    Option(
        "defiant_sees_cards",
        "bool",
        False,
        "Deal the defiant's three cards face up (default: face down, a blind pick).",
    ),
    Option(
        "max_rounds",
        "int",
        1000,
        "The game ends drawn after this many rounds (picks) if nobody has reached the target.",
        minimum=1,
        maximum=5000,
    ),
)


# What So-Lon-Yo's players say in a chat (gm.games.words.ChatWords): picking from the deck, the
# challenger's and the defiant's cards.
CHAT_WORDS = ChatWords(
    move_verbs=("pick", "discard"),
    move_words=("deck",),
    board_parts=("challenger", "challenger's", "defiant", "defiant's"),
    phrasings=PILE_PHRASINGS,
)


class SoLonYoEngine(Engine):
    """So-Lon-Yo. ``scores``: the points of each seat."""

    info = GameInfo(
        name=rules.NAME,
        title="So-Lon-Yo",
        summary="The defiant picks one of three cards to beat the challenger's card and scores; "
        "lose and the roles swap. First to 128 points wins.",
        seat_names=SEATS,
        seat_labels=LABEL,
        options=OPTIONS,
        move_syntax="PICK 1 | PICK 2 | PICK 3",
        example_moves=("PICK 1", "PICK 2", "2", "the third card"),
        chat_words=CHAT_WORDS,
        cap=MoveCap("max_rounds", "plies"),
    )

    # ---- set-up and turns
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        if players != 2:
            raise ValueError("So-Lon-Yo is played by exactly 2 players")
        return rules.new_state(seed, self.options(options))

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return rules.legal_moves(state)

    # ---- moves
    def parse_move(self, text: str, state: State, seat: int) -> Move:
        return notation.parse_move(text, state)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, move)

    def render_move(self, move: Move) -> str:
        return notation.render_move(move)

    # ---- ending and standing
    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if not result:
            return None
        (winner,) = result["winners"]
        reason = f"{result['reason']} {LABEL[winner]} wins."
        return Outcome([winner], False, reason, rules.scores(state))

    def scores(self, state: State) -> dict[int, int]:
        return rules.scores(state)

    # ---- what a seat may see
    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        """The deck (its order is the secret) and, in a blind game, the defiant's three cards — for
        every seat alike. The four cards of the last comparison are left out: the board and the log
        still show them as history, which says nothing about where they are after a reshuffle."""
        hidden = set(state["deck"])
        if not state["options"]["defiant_sees_cards"]:
            hidden.update(state["defiant_cards"])
        return hidden - set(state["last_cards"])

    def view(
        self, state: State, seat: int | None, outcome: Outcome | None = None
    ) -> dict[str, Any]:
        d = state["defiant"]
        over = outcome is not None
        visible = state["options"]["defiant_sees_cards"] or over
        defiant_cards = list(state["defiant_cards"]) if visible else [None] * 3
        hand = None
        if seat is not None:
            if seat == d:
                hand = defiant_cards
            else:
                hand = [state["challenger_card"]] if state["challenger_card"] else []
        to_move = None if over or state["result"] else SEATS[d]
        return {
            "game": rules.NAME,
            "seat": self.seat_name(seat),
            "round": state["round"],
            "target": state["options"]["target"],
            "scoring": state["options"]["scoring"],
            "max_rounds": state["options"]["max_rounds"],
            "defiant_sees_cards": state["options"]["defiant_sees_cards"],
            "defiant": SEATS[d],
            "challenger": SEATS[1 - d],
            "challenger_card": state["challenger_card"],
            "defiant_cards": defiant_cards,
            "hand": hand,
            "hand_counts": {
                SEATS[d]: len(state["defiant_cards"]),
                SEATS[1 - d]: 1 if state["challenger_card"] else 0,
            },
            "scores": {SEATS[i]: state["scores"][i] for i in (0, 1)},
            "deck_count": len(state["deck"]),
            "discard_count": len(state["discard"]),
            "to_move": to_move,
            "turn": to_move,
            "over": over,
            "last": state["last"],
            "last_cards": list(state["last_cards"]),  # shown in the last comparison's text
            "outcome": outcome.to_dict(SEATS) if outcome is not None else None,
        }

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        return notation.render(state, seat, outcome)

    # ---- storage
    def copy_state(self, state: State) -> State:
        return rules.copy_state(state)

    def validate(self, state: State) -> None:
        _validate(state)


KEYS = {"game", "rng", "options", "deck", "discard", "defiant", "round", "challenger_card"}
KEYS |= {"defiant_cards", "scores", "last", "last_cards", "result"}


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid solonyo state: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(state: State) -> None:
    if set(state) != KEYS:
        raise _bad(f"keys must be {sorted(KEYS)}")
    _validate_options(state["options"])
    _validate_counters(state)
    _validate_cards(state)
    picks = rules.picks_made(state)
    _validate_last(state, picks)
    _validate_scores(state, picks)
    if state["result"] is not None:
        _validate_result(state)


def _validate_options(o: Any) -> None:
    if not isinstance(o, dict) or set(o) != {opt.name for opt in OPTIONS}:
        raise _bad("options must be exactly " + ", ".join(opt.name for opt in OPTIONS))
    for opt in OPTIONS:
        try:
            opt.validate(o[opt.name])
        except ValueError as err:
            raise _bad(str(err)) from err


def _validate_counters(state: State) -> None:
    """The defiant seat, the round number and the shuffles they imply."""
    d, rnd = state["defiant"], state["round"]
    if not _is_int(d) or d not in (0, 1):
        raise _bad("defiant must be seat 0 or 1")
    if not _is_int(rnd) or rnd < 1:
        raise _bad("round must be a whole number from 1")
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"} or not _is_int(rng["seed"]):
        raise _bad("rng must hold an int seed and its counter")
    if rng["n"] != 1 + (rnd - 1) // ROUNDS_PER_DECK:
        raise _bad("the rng counter is one shuffle plus one per reshuffle (every 13 rounds)")


def _validate_cards(state: State) -> None:
    """All 52 cards once, and the deck/discard sizes the round number implies."""
    over = state["result"] is not None
    table = [] if over else [state["challenger_card"], *state["defiant_cards"]]
    if over and (state["challenger_card"] is not None or state["defiant_cards"]):
        raise _bad("no round is dealt once the game is over")
    if not over and (len(state["defiant_cards"]) != 3 or state["challenger_card"] is None):
        raise _bad("during a round the challenger holds one card and the defiant three")
    everything = [*state["deck"], *state["discard"], *table]
    if len(everything) != len(DECK) or set(everything) != set(DECK):
        raise _bad("the 52 cards must each be exactly once in deck/discard/table")
    rnd = state["round"]
    since = (rnd - 1) % ROUNDS_PER_DECK  # picks since the last shuffle, the current round aside
    discarded = 4 * (since + (1 if over else 0))
    if len(state["discard"]) != discarded:
        raise _bad(f"round {rnd} leaves {discarded} cards in the discard")


def _validate_last(state: State, picks: int) -> None:
    """The last comparison: none before the first pick, else its text and the four cards."""
    last, last_cards = state["last"], state["last_cards"]
    if picks == 0:
        if last is not None or last_cards:
            raise _bad("no comparison has been made yet")
        return
    if not isinstance(last, str) or len(last_cards) != 4 or len(set(last_cards)) != 4:
        raise _bad("the last comparison has a text and four cards")
    if not set(last_cards) <= set(DECK):
        raise _bad("unknown card in the last comparison")
    if state["discard"] and state["discard"][-4:] != last_cards:
        raise _bad("the last comparison's cards are the last four of the discard")


def _validate_scores(state: State, picks: int) -> None:
    o, scores = state["options"], state["scores"]
    if len(scores) != 2 or any(not _is_int(x) or x < 0 for x in scores):
        raise _bad("scores must be two whole numbers ≥ 0")
    steps = WIN_POINTS[o["scoring"]]
    if any(0 < x < min(steps) for x in scores):
        raise _bad(f"a win scores at least {min(steps)} points with scoring {o['scoring']}")
    if sum(scores) > max(steps) * picks:
        raise _bad(f"{picks} picks cannot have scored {sum(scores)} points")
    if state["result"] is None and max(scores) >= o["target"]:
        raise _bad("a score at the target ends the game")


def _validate_result(state: State) -> None:
    """A finished game: the defiant's win reached the target."""
    d, scores, result = state["defiant"], state["scores"], state["result"]
    target, steps = state["options"]["target"], WIN_POINTS[state["options"]["scoring"]]
    if not isinstance(result, dict) or set(result) != {"winners", "reason"}:
        raise _bad("a result has winners and a reason")
    if result["winners"] != [d]:
        raise _bad("the winner is the defiant, whose win reached the target")
    if scores[d] < target or scores[1 - d] >= target:
        raise _bad("the winner has reached the target and the other has not")
    if scores[d] - target >= max(steps):
        raise _bad("the game ends at the win that reaches the target")
    if result["reason"] != rules.win_reason(state, d):
        raise _bad("the result's reason disagrees with the scores")


ENGINE = SoLonYoEngine()
