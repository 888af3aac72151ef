"""Card Chess (API name ``card-chess``): chess-like movement with two shuffled decks of cards.

The rules live in :mod:`.rules`, the move and board notation in :mod:`.notation`, the rules text
for players in ``rules.md``. Seats: ``red`` (0, moves first) and ``black`` (1).

A turn is one move, except a capture that reveals an opponent's card while the capturer holds an
opponent-coloured card: then the same seat answers ``REPLACE <card>`` or ``KEEP`` before the turn
ends (``state["pending"]``; the other seat is ``blocked`` meanwhile). Every turn is one ply (a
capture and its answer together); the framework's move cap counts the state's plies (option
``max_plies``).

Scores (``scores``): each seat's pieces in check — five fill the enemy castle and win.

Hidden information and ``hidden_tokens``: every card exists twice (two decks), so a card *code*
such as ``7♥`` names two physical cards. A code is hidden from a seat only when no copy of it is
visible or known to that seat: the codes of the cards in the places the seat cannot see (the other
hand — both hands for a spectator —, the face-down board cards nobody has seen, the draw pile)
minus the codes the seat can see somewhere (its own hand, the face-up pieces, the face-down cards
flipped down after a capture, which are public, the captured piece of an open capture step, and
the discard pile, which holds only cards that were shown: captured pieces, replaced cards and
exchanged hands). Texts may name a visible copy of a code whose twin is hidden; that gives
nothing away.
"""

from __future__ import annotations

from typing import Any

from gm.games.base import Engine, Figure, GameInfo, MoveCap, Outcome
from gm.games.card_chess.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.cards import PILE_PHRASINGS
from gm.games.words import ChatWords

from . import moves
from . import notation as N
from . import rules as R

__all__ = ["CardChessEngine", "ENGINE"]

# What Card Chess players say in a chat (gm.games.words.ChatWords): captures, the castle and the
# kingdom, the exchange, the squares (RC3, BK2, M4), check.
CHAT_WORDS = ChatWords(
    move_verbs=("capture", "replace", "keep", "exchange", "draw", "discard"),
    move_words=(
        *("captures", "castle", "kingdom", "pile"),
        *("face down", "facedown", "face up", "faceup"),
    ),
    move_codes=(r"\b(?:rc|rk|bc|bk|m)\s?[1-9]\b",),
    board_parts=("pile", "drawn"),
    phrasings=(
        ("score", r"(what|who|which pieces|how many( pieces)?) (is|are) in check( now)?"),
        *PILE_PHRASINGS,
    ),
    score_words=("in check",),
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
)


class CardChessEngine(Engine):
    info = GameInfo(
        name=R.GAME,
        title="Card Chess",
        summary=SUMMARY,
        seat_names=R.SEATS,
        options=(R.MAX_PLIES_OPTION,),
        move_syntax="PLAY 7♥ RC3 | RC3-RK3 | RK3xM4 | REPLACE 2♠ | KEEP | EXCHANGE",
        example_moves=("PLAY 7♥ RC3", "RC3-RK3", "RK3xM4", "REPLACE 2♠", "KEEP", "EXCHANGE"),
        chat_words=CHAT_WORDS,
        cap=MoveCap("max_plies", "plies", counter="ply"),  # the state's plies: one a turn
    )

    # ---- set-up and turn order
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> dict[str, Any]:
        if players != 2:
            raise ValueError("Card Chess is a game for two players")
        return R.new_state(seed, options.get("max_plies", R.DEFAULT_MAX_PLIES))

    def to_move(self, state: dict[str, Any]) -> int | None:
        return None if state["result"] is not None else state["turn"]

    def blocked(self, state: dict[str, Any], seat: int) -> str | None:
        pending = state["pending"]
        if pending is None or seat == state["turn"]:
            return None
        mover, spot = R.SEATS[state["turn"]], R.spot_name(pending["spot"])
        return (
            f"{mover} has captured on {spot} and must first REPLACE the revealed "
            f"{state['pieces'][pending['spot']]} or KEEP it; then it is your turn."
        )

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[R.Move]:
        return R.legal_moves(state, seat)

    # ---- moves
    def parse_move(self, text: str, state: dict[str, Any], seat: int) -> R.Move:
        return moves.parse_move(text, state, seat)

    def warning(self, state: dict[str, Any], seat: int, move: R.Move) -> str | None:
        """An EXCHANGE that may leave the seat without a move (rules.exchange_risk)."""
        return R.exchange_risk(state, seat) if move == ("exchange",) else None

    def apply(self, state: dict[str, Any], seat: int, move: R.Move):
        move = tuple(move)
        if move not in R.legal_moves(state, seat):
            raise ValueError(f"not a legal move now: {move!r}")
        return R.apply_move(state, seat, move)

    def render_move(self, move: R.Move) -> str:
        return N.render_move(move)

    # ---- ending and standing
    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(list(result["winners"]), result["draw"], result["reason"], R.scores(state))

    def scores(self, state: dict[str, Any]) -> dict[int, int]:
        return R.scores(state)

    def standing(self, state: dict[str, Any], seat: int | None) -> list[Figure]:
        """Pieces in check (five win) and pieces in play, as the board's line says."""
        playing, checked = R.counts(state)
        return [
            Figure("In check", dict(enumerate(checked)), 1, "five win"),
            Figure("In play", dict(enumerate(playing)), 0),
        ]

    # ---- what a seat may see
    def view(
        self, state: dict[str, Any], seat: int | None, outcome: Outcome | None = None
    ) -> dict[str, Any]:
        pieces = {R.spot_name(i): p for i, p in enumerate(state["pieces"]) if p is not None}
        checked = [R.spot_name(i) for i in range(25) if state["check"][i]]
        known = {R.spot_name(i): state["down"][i] for i in range(25) if state["known"][i]}
        playing, in_check = R.counts(state)
        pending = state["pending"]
        step = None
        if pending is not None:
            spot = pending["spot"]
            step = {
                "seat": R.SEATS[state["turn"]],
                "spot": R.spot_name(spot),
                "revealed": state["pieces"][spot],
                "captured": pending["captured"],
                "answers": "REPLACE <card> or KEEP",
            }
        return {
            "game": R.GAME,
            "seat": self.seat_name(seat),
            "to_move": None if outcome is not None else R.SEATS[state["turn"]],
            "over": outcome is not None,
            "ply": state["ply"],
            "turns": state["turns"],
            "max_plies": state["options"]["max_plies"],
            "pieces": pieces,
            "in_check_spots": checked,
            "known_face_down": known,
            "pending_capture": step,
            "hand": None if seat is None else sorted(state["hands"][seat], key=R.card_key),
            "hand_counts": {R.SEATS[s]: len(state["hands"][s]) for s in (R.RED, R.BLACK)},
            "draw_pile": len(state["draw"]),
            "discard_pile": list(state["discard"]),
            "in_play": {"red": playing[0], "black": playing[1]},
            "in_check": {"red": in_check[0], "black": in_check[1]},
            "exchanged_last": {R.SEATS[s]: state["exchanged"][s] for s in (R.RED, R.BLACK)},
            "outcome": None if outcome is None else outcome.to_dict(R.SEATS),
        }

    def render(
        self, state: dict[str, Any], seat: int | None, outcome: Outcome | None = None
    ) -> str:
        return N.render_board(state, seat, outcome)

    def hidden_tokens(self, state: dict[str, Any], seat: int | None) -> set[str]:
        hands = state["hands"]
        unseen = set(state["draw"])
        visible = set(state["pieces"])
        visible.update(state["discard"])
        if state["pending"] is not None:
            visible.add(state["pending"]["captured"])
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
        R.validate(state)

    def validate_sample(self, state: dict[str, Any]) -> None:
        """Every check but the three that compare unseen cards with the secret seed's deal."""
        R.validate(state, against_deal=False)


ENGINE = CardChessEngine()
