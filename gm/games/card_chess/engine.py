"""Card Chess (API name ``card-chess``): chess-like movement with two shuffled decks of cards.

The rules live in :mod:`.rules`, the move and board notation in :mod:`.notation`, the rules text
for players in ``rules.md``. Seats: ``red`` (0, moves first) and ``black`` (1).

Hidden information and ``hidden_tokens``: every card exists twice (two decks), so a card *code*
such as ``7♥`` names two physical cards. A code is hidden from a seat only when no copy of it is
visible or known to that seat: the codes of the cards in the places the seat cannot see (the other
hand — both hands for a spectator —, the face-down board cards nobody has seen, the draw pile)
minus the codes the seat can see somewhere (its own hand, the face-up pieces, the face-down cards
flipped down after a capture, which are public, and the discard pile, which holds only cards that
were shown: captured pieces, replaced cards and exchanged hands). Texts may name a visible copy
of a code whose twin is hidden; that gives nothing away.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from gm.games.base import Engine, GameInfo, InvalidStateError, Option, Outcome

from . import notation as N
from . import rules as R

__all__ = ["CardChessEngine", "ENGINE"]


class CardChessEngine(Engine):
    info = GameInfo(
        name=R.GAME,
        title="Card Chess",
        summary=(
            "Chess-like movement with playing cards on a 5×5 board of face-down cards: "
            "captures flip the board, and five pieces in the enemy castle win."
        ),
        seat_names=R.SEATS,
        options=(
            Option(
                "max_plies",
                "int",
                R.DEFAULT_MAX_PLIES,
                "Plies (single turns) after which the game ends drawn.",
                minimum=2,
                maximum=100_000,
            ),
        ),
        move_syntax="PLAY 7♥ RC3 | RC3-RK3 | RK3xM4 | RK3xM4=2♠ | EXCHANGE",
        example_moves=("PLAY 7♥ RC3", "RC3-RK3", "RK3xM4", "RK3xM4=2♠", "EXCHANGE"),
    )

    # ---- set-up and turn order
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> dict[str, Any]:
        if players != 2:
            raise ValueError("Card Chess is a game for two players")
        return R.new_state(seed, options.get("max_plies", R.DEFAULT_MAX_PLIES))

    def to_move(self, state: dict[str, Any]) -> int | None:
        return None if state["result"] is not None else state["turn"]

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[R.Move]:
        return R.legal_moves(state, seat)

    # ---- moves
    def parse_move(self, text: str, state: dict[str, Any], seat: int) -> R.Move:
        return N.parse_move(text, state, seat)

    def apply(self, state: dict[str, Any], seat: int, move: R.Move):
        if move not in R.legal_moves(state, seat):
            raise ValueError(f"not a legal move now: {N.render_move(move)}")
        return R.apply_move(state, seat, move)

    def render_move(self, move: R.Move) -> str:
        return N.render_move(move)

    # ---- ending
    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        scores = {seat: R.in_check(state, seat) for seat in (R.RED, R.BLACK)}
        return Outcome(list(result["winners"]), result["draw"], result["reason"], scores)

    # ---- what a seat may see
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        pieces = {R.spot_name(i): p for i, p in enumerate(state["pieces"]) if p is not None}
        checked = [R.spot_name(i) for i in range(25) if state["check"][i]]
        known = {R.spot_name(i): state["down"][i] for i in range(25) if state["known"][i]}
        outcome = self.outcome(state)
        playing, in_check = R.counts(state)
        return {
            "game": R.GAME,
            "seat": self.seat_name(seat),
            "to_move": None if state["result"] is not None else R.SEATS[state["turn"]],
            "ply": state["ply"],
            "max_plies": state["options"]["max_plies"],
            "pieces": pieces,
            "in_check_spots": checked,
            "known_face_down": known,
            "hand": None if seat is None else sorted(state["hands"][seat], key=R.card_key),
            "hand_counts": {R.SEATS[s]: len(state["hands"][s]) for s in (R.RED, R.BLACK)},
            "draw_pile": len(state["draw"]),
            "discard_pile": list(state["discard"]),
            "in_play": {"red": playing[0], "black": playing[1]},
            "in_check": {"red": in_check[0], "black": in_check[1]},
            "exchanged_last": {R.SEATS[s]: state["exchanged"][s] for s in (R.RED, R.BLACK)},
            "outcome": None if outcome is None else outcome.to_dict(R.SEATS),
        }

    def render(self, state: dict[str, Any], seat: int | None) -> str:
        return N.render_board(state, seat)

    def hidden_tokens(self, state: dict[str, Any], seat: int | None) -> set[str]:
        hands = state["hands"]
        unseen = set(state["draw"])
        visible = set(state["pieces"])
        visible.update(state["discard"])
        for card, known in zip(state["down"], state["known"], strict=True):
            (visible if known else unseen).add(card)
        if seat is None:
            unseen.update(hands[0])
            unseen.update(hands[1])
        else:
            unseen.update(hands[R.opponent(seat)])
            visible.update(hands[seat])
        visible.discard(None)
        return unseen - visible

    # ---- storage
    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return R.copy_state(state)

    def validate(self, state: dict[str, Any]) -> None:
        problems = R.validate(state)
        if problems:
            raise InvalidStateError("; ".join(problems))

    # ---- text for people



ENGINE = CardChessEngine()
