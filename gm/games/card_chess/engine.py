"""Card Chess (API name ``card-chess``): chess-like movement with two shuffled decks of cards.

The rules live in :mod:`.rules`, the move and board notation in :mod:`.notation`, the rules text
for players in ``rules.md``. Seats: ``red`` (0, moves first) and ``black`` (1).

A turn is one move, except a capture that reveals an opponent's card while the capturer holds an
opponent-coloured card: then the same seat answers ``REPLACE <card>`` or ``KEEP`` before the turn
ends (``state["pending"]``; the other seat is ``blocked`` meanwhile). Every move is a ply; the
framework's move cap counts plies (option ``max_plies``).

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

from collections import Counter
from functools import lru_cache
from typing import Any

from gm.games.base import Engine, GameInfo, InvalidStateError, MoveCap, Option, Outcome
from gm.games.cards import PILE_PHRASINGS
from gm.games.words import ChatWords

from . import moves
from . import notation as N
from . import rules as R

__all__ = ["CardChessEngine", "ENGINE"]

_MAX_PLIES = Option(
    "max_plies",
    "int",
    R.DEFAULT_MAX_PLIES,
    "Plies (single moves) after which the game ends drawn.",
    minimum=2,
    maximum=R.MAX_MAX_PLIES,
)
_KEYS = frozenset(
    ("game", "rng", "options", "pieces", "down", "known", "check", "hands", "draw", "discard")
    + ("turn", "ply", "turns", "exchanged", "pending", "result")
)


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
)


class CardChessEngine(Engine):
    info = GameInfo(
        name=R.GAME,
        title="Card Chess",
        summary=(
            "Chess-like movement with playing cards on a 5×5 board of face-down cards: "
            "captures flip the board, and five pieces in the enemy castle win."
        ),
        seat_names=R.SEATS,
        options=(_MAX_PLIES,),
        move_syntax="PLAY 7♥ RC3 | RC3-RK3 | RK3xM4 | REPLACE 2♠ | KEEP | EXCHANGE",
        example_moves=("PLAY 7♥ RC3", "RC3-RK3", "RK3xM4", "REPLACE 2♠", "KEEP", "EXCHANGE"),
        chat_words=CHAT_WORDS,
        cap=MoveCap("max_plies", "plies"),
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
        problem = _problem(state)
        if problem:
            raise InvalidStateError(problem)

    def validate_sample(self, state: dict[str, Any]) -> None:
        """Every check but the three that compare unseen cards with the secret seed's deal."""
        problem = _problem(state, against_deal=False)
        if problem:
            raise InvalidStateError(problem)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@lru_cache(maxsize=64)
def _deal(seed: int | str) -> tuple[str, ...]:
    return tuple(R.initial_deck(seed))


def _problem(state: dict[str, Any], against_deal: bool = True) -> str | None:  # noqa: C901
    """The first broken invariant of ``state``, or None when Card Chess can reach it."""
    keys = set(state)
    if keys != _KEYS:
        wrong = sorted(_KEYS - keys) + sorted(keys - _KEYS)
        return f"missing or unknown keys: {', '.join(map(str, wrong))}"
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"}:
        return "rng must hold exactly a seed and a counter"
    if not (_is_int(rng["seed"]) or isinstance(rng["seed"], str)):
        return "the seed must be a whole number or a string"
    if not _is_int(rng["n"]) or rng["n"] < 0:
        return "the rng counter must be a whole number, at least 0"
    opts = state["options"]
    if not isinstance(opts, dict) or set(opts) != {"max_plies"}:
        return "options must be exactly max_plies"
    try:
        _MAX_PLIES.validate(opts["max_plies"])
    except ValueError as err:
        return str(err)
    for key in ("pieces", "down", "known", "check"):
        if not isinstance(state[key], list) or len(state[key]) != 25:
            return f"{key} must list the 25 spots"
    hands = state["hands"]
    if not (isinstance(hands, list) and len(hands) == 2 and all(type(h) is list for h in hands)):
        return "hands must be two lists"
    if not isinstance(state["draw"], list) or not isinstance(state["discard"], list):
        return "the draw and discard piles must be lists"
    if any(len(h) > R.HAND_SIZE for h in hands):
        return "a hand holds more than five cards"
    pending = state["pending"]
    if pending is not None and (type(pending) is not dict or set(pending) != {"spot", "captured"}):
        return "pending must be null or hold exactly the spot and the captured piece"
    pieces, down, known, check = state["pieces"], state["down"], state["known"], state["check"]
    cards = [c for c in pieces if c is not None] + down + hands[0] + hands[1]
    cards += state["draw"] + state["discard"] + ([pending["captured"]] if pending else [])
    unknown = sorted({repr(c) for c in cards if not isinstance(c, str) or c not in R.CARD_RANK})
    if unknown:
        return f"not card codes: {', '.join(unknown)}"
    tally = Counter(cards)
    wrong = sorted(c for c in R.ALL_CODES if tally[c] != 2)
    if wrong or len(cards) != 2 * len(R.ALL_CODES):
        return f"{len(cards)} cards; not present exactly twice: {', '.join(wrong) or '-'}"
    for i in range(25):
        if not isinstance(known[i], bool) or not isinstance(check[i], bool):
            return f"known/check of {R.spot_name(i)} must be true or false"
        piece = pieces[i]
        if check[i] and piece is None:
            return f"{R.spot_name(i)} is in check without a piece"
        enemy_castle = piece is not None and i // 5 == R.CASTLE_ROW[1 - R.CARD_SIDE[piece]]
        if piece is not None and enemy_castle != check[i]:
            return f"{R.spot_name(i)}: the check flag does not match the piece's place"
    playing, _ = R.counts(state)
    if max(playing) > R.MAX_IN_PLAY:
        return "a side has more than five pieces in play"
    turn, ply, turns, ex = state["turn"], state["ply"], state["turns"], state["exchanged"]
    if turn not in (R.RED, R.BLACK) or isinstance(turn, bool):
        return "turn must be 0 (red) or 1 (black)"
    if not _is_int(ply) or not _is_int(turns) or ply < 0 or turns < 0:
        return "ply and turns must be whole numbers, at least 0"
    if turn != turns % 2:
        return f"{R.SEATS[turn]} cannot be to move after {turns} turns"
    step = 1 if pending is not None else 0
    if not turns + step <= ply <= 2 * turns + step:
        return f"{ply} plies cannot make {turns} finished turns"
    if not (isinstance(ex, list) and len(ex) == 2 and all(isinstance(e, bool) for e in ex)):
        return "exchanged must be two true/false flags"
    if (ex[turn] and turns < 2) or (ex[1 - turn] and turns < 1):
        return "an exchange is recorded for a seat that has not had a turn"
    if sum(p is not None for p in pieces) > ply or sum(known) > ply:
        return "more pieces or flipped cards than moves"
    if against_deal:  # a sampled state (the AI's guess) cannot know the secret seed's deal
        problem = _deal_problem(state)
        if problem:
            return problem
    elif rng["n"] == 0 and 25 + 2 * R.HAND_SIZE + len(state["draw"]) < 104 - R.HAND_SIZE * turns:
        return "more cards drawn than the turns allow"
    result = state["result"]
    if pending is not None:
        problem = _pending_problem(state, pending)
        if problem:
            return problem
        if result is not None:
            return "a finished game has no open capture step"
    elif turns > 0:
        expected = R.ending(state, R.opponent(turn))
        if result != expected:
            if expected is None:
                return "a result is recorded, but the position is not over by the rules"
            return f"the recorded result disagrees with the position ({expected['reason']})"
    elif result is not None:
        return "a result is recorded before the first turn"
    return None


def _deal_problem(state: dict[str, Any]) -> str | None:
    rng, known, down, turns = state["rng"], state["known"], state["down"], state["turns"]
    deal = _deal(rng["seed"])
    if any(not known[i] and down[i] != deal[i] for i in range(25)):
        return "a face-down board card nobody flipped is not the one dealt there"
    if rng["n"] == 0:
        dealt_draw = list(deal[35:])
        if state["draw"] != dealt_draw[: len(state["draw"])]:
            return "the draw pile is not what is left of the dealt one (and was never reshuffled)"
        if len(dealt_draw) - len(state["draw"]) > R.HAND_SIZE * turns:
            return "more cards drawn than the turns allow"
    if state["ply"] == 0 and state != R.new_state(rng["seed"], state["options"]["max_plies"]):
        return "before the first move the state must be the deal"
    return None


def _pending_problem(state: dict[str, Any], pending: dict[str, Any]) -> str | None:
    spot, turn = pending["spot"], state["turn"]
    if not _is_int(spot) or not 0 <= spot < 25:
        return "the open capture step names no spot"
    revealed, flipped = state["pieces"][spot], state["down"][spot]
    if revealed is None or R.CARD_SIDE[revealed] == turn:
        return "the open capture step needs an opponent's card revealed on its spot"
    if not state["known"][spot] or R.CARD_SIDE[flipped] != turn:
        return "the capturing piece of the open step must lie face down (known) on its spot"
    if R.CARD_SIDE[pending["captured"]] == turn:
        return "the captured piece of the open step must be the opponent's"
    if not R.replacement_cards(state, turn):
        return "an open capture step needs an opponent-coloured card in the capturer's hand"
    return None


ENGINE = CardChessEngine()
