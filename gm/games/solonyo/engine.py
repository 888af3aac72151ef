"""The So-Lon-Yo engine: wires the rules and the notation into the gm Engine interface.

``scores``: each seat's points (only the defiant scores). The framework caps a game at
``max_rounds`` picks (``MoveCap("max_rounds", "plies")``: every move is one round).
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
from gm.games.solonyo import notation, rules
from gm.games.solonyo.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.solonyo.rules import LABEL, OPTIONS, SEATS
from gm.games.words import ChatWords

# What So-Lon-Yo's players say in a chat (gm.games.words.ChatWords): picking from the deck, the
# challenger's and the defiant's cards.
CHAT_WORDS = ChatWords(
    move_verbs=("pick", "discard"),
    move_words=("deck",),
    board_parts=("challenger", "challenger's", "defiant", "defiant's"),
    phrasings=PILE_PHRASINGS,
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
    roles=("challenger", "defiant"),
)


class SoLonYoEngine(Engine):
    """So-Lon-Yo. ``scores``: the points of each seat."""

    info = GameInfo(
        name=rules.NAME,
        title="So-Lon-Yo",
        summary=SUMMARY,
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

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        return [Figure("Points", rules.scores(state))]

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
        rules.validate(state)


ENGINE = SoLonYoEngine()
