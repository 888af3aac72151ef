"""Card Chess rules: geometry, movement grids, capture powers, play-in, exchange, capture-and-flip,
check, refill and the end of the game. Pure functions over the JSON state; no text parsing here.

State (pure JSON)::

    {"game": "card-chess", "rng": {"seed": s, "n": k}, "options": {"max_plies": 500},
     "pieces": [25 × card code | null],   # face-up pieces standing on the spots
     "down":   [25 × card code],          # the face-down board card of every spot
     "known":  [25 × bool],               # that face-down card was flipped down in a capture
     "check":  [25 × bool],               # the piece on that spot is in check
     "hands": [[red cards], [black cards]], "draw": [...top last], "discard": [...],
     "turn": 0|1, "ply": n, "turns": t, "exchanged": [bool, bool],
     "pending": null | {"spot": i, "captured": card}, "result": null | {...}}

``ply`` counts plies as the rules do: one per turn, a capture and its REPLACE/KEEP answer being
one (games stored before counted the answer too: up to ``2 * turns``); ``turns`` counts finished
turns (``turn == turns % 2``). ``pending`` is the open second step of a turn: the capture on
``spot`` revealed an opponent's card while the capturer holds an opponent-coloured card, so the
same seat must answer ("replace", card) or ("keep",); ``captured`` is the taken piece, waiting to
reach the discard pile when the turn ends.

Spot index = row * 5 + (file - 1); row 0 is the black castle (BC), row 4 the red castle (RC).
Moves are tuples: ("play", card, spot), ("exchange",), ("move", from, to), ("capture", from, to),
("replace", card), ("keep",).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from gm.games.base import Event, InvalidStateError, Option, rng_for
from gm.games.cards import SUITS

GAME = "card-chess"
SEATS = ("red", "black")
RED, BLACK = 0, 1
RANKS = ("BC", "BK", "M", "RK", "RC")
RANK_WORDS = ("black castle", "black kingdom", "middle", "red kingdom", "red castle")
CASTLE_ROW = (4, 0)  # red's castle is the bottom row, black's the top row
FORWARD = (-1, 1)  # row step that is "forward" for red / black
HAND_SIZE = 5
MAX_IN_PLAY = 5
DEFAULT_MAX_PLIES = 500
MAX_MAX_PLIES = 2000

RANK_CODE = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_ORDER = ("♥", "♦", "♣", "♠")  # display order: red suits first
ALL_CODES = tuple(RANK_CODE[r] + s for s in SUITS for r in range(2, 15))
CARD_RANK = {RANK_CODE[r] + s: r for s in SUITS for r in range(2, 15)}
CARD_SIDE = {code: (RED if code[-1] in "♥♦" else BLACK) for code in ALL_CODES}

Move = tuple


# a rank of spots by its name or code, spaces removed ("blackkingdom", "bk"): its index 0..4
ROW_OF = {"blackcastle": 0, "bc": 0, "blackkingdom": 1, "bk": 1, "middle": 2, "mid": 2, "m": 2}
ROW_OF |= {"redkingdom": 3, "rk": 3, "redcastle": 4, "rc": 4}
SPOT_NAMES = tuple(f"{RANKS[i // 5]}{i % 5 + 1}" for i in range(25))


def spot_name(idx: int) -> str:
    return SPOT_NAMES[idx]


def card_key(code: str) -> tuple[int, int, int]:
    """Display order: red cards before black, low ranks first."""
    return (CARD_SIDE[code], CARD_RANK[code], SUIT_ORDER.index(code[-1]))


def opponent(seat: int) -> int:
    return 1 - seat


# ---------------------------------------------------------------- set-up


def initial_deck(seed: int | str) -> list[str]:
    """The seeded shuffle of the 104 cards: board (25), red's hand, black's hand, draw pile."""
    deck = list(ALL_CODES) * 2
    random.Random(f"{GAME}/{seed}").shuffle(deck)
    return deck


def new_state(seed: int, max_plies: int = DEFAULT_MAX_PLIES) -> dict[str, Any]:
    deck = initial_deck(seed)
    board, deck = deck[:25], deck[25:]
    red_hand, black_hand, deck = deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE], deck[10:]
    return {
        "game": GAME,
        "rng": {"seed": seed, "n": 0},
        "options": {"max_plies": max_plies},
        "pieces": [None] * 25,
        "down": board,
        "known": [False] * 25,
        "check": [False] * 25,
        "hands": [red_hand, black_hand],
        "draw": deck,
        "discard": [],
        "turn": RED,
        "ply": 0,
        "turns": 0,
        "exchanged": [False, False],
        "pending": None,
        "result": None,
    }


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy (the state is a known, shallow shape: this is much faster than deepcopy)."""
    s = dict(state)
    for key in ("pieces", "down", "known", "check", "draw", "discard", "exchanged"):
        s[key] = list(state[key])
    s["hands"] = [list(h) for h in state["hands"]]
    s["rng"] = dict(state["rng"])
    s["options"] = dict(state["options"])
    if state.get("result") is not None:
        s["result"] = dict(state["result"])
        s["result"]["winners"] = list(state["result"]["winners"])
    if state.get("pending") is not None:
        s["pending"] = dict(state["pending"])
    return s


# ---------------------------------------------------------------- counting


def counts(state: dict[str, Any]) -> tuple[list[int], list[int]]:
    """([red, black] pieces in play, [red, black] pieces in check) in one pass."""
    play, check = [0, 0], [0, 0]
    for p, c in zip(state["pieces"], state["check"], strict=True):
        if p is not None:
            (check if c else play)[CARD_SIDE[p]] += 1
    return play, check


def in_play(state: dict[str, Any], seat: int) -> int:
    """Pieces of ``seat`` on the board and not in check."""
    return counts(state)[0][seat]


def in_check(state: dict[str, Any], seat: int) -> int:
    return counts(state)[1][seat]


# ---------------------------------------------------------------- movement grids


def is_face(rank: int) -> bool:
    """J, Q, K and A are the face cards (the page lists aces under "Face Cards")."""
    return rank >= 11


def can_capture(attacker: int, victim: int) -> bool:
    """Capture powers by rank (2..10 pawns, 11 J, 12 Q, 13 K, 14 A): a face card (J Q K A)
    captures any face card and any pawn; a pawn captures only pawns of equal or lower rank."""
    if is_face(attacker):
        return True
    return victim <= attacker  # never a face card: victim <= attacker <= 10


def grid(card: str, idx: int) -> list[tuple[int, str, int]]:
    """The movement grid of ``card`` standing on ``idx`` (see :func:`_grid`), precomputed."""
    return _GRIDS[card, idx]


def _grid(card: str, idx: int) -> list[tuple[int, str, int]]:
    """The movement grid of ``card`` standing on ``idx``, ignoring other pieces' powers.

    Returns (target, mode, via): mode "M" move only, "C" capture only, "*" both, "J" an ace's
    jump over ``via``, "D" the ten's double step through ``via``. Off-board targets are left out.
    """
    side, rank = CARD_SIDE[card], CARD_RANK[card]
    row, col = divmod(idx, 5)
    fwd = FORWARD[side]
    home = row == CASTLE_ROW[side]
    steps: list[tuple[int, int, str]]
    if rank <= 10:
        steps = [(fwd, 0, "M"), (fwd, -1, "C"), (fwd, 1, "C")]
        if rank == 10 and home:
            steps.append((2 * fwd, 0, "D"))
    elif rank == 11:
        if home:
            steps = [(fwd, -1, "*"), (fwd, 1, "*"), (fwd, 0, "C")]
        else:
            steps = [(-1, -1, "*"), (-1, 1, "*"), (1, -1, "*"), (1, 1, "*")]
    elif rank == 12:
        if home:
            steps = [(fwd, 0, "*"), (fwd, -1, "C"), (fwd, 1, "C"), (0, -1, "M"), (0, 1, "M")]
        else:
            steps = [(-1, 0, "*"), (1, 0, "*"), (0, -1, "*"), (0, 1, "*")]
    else:
        steps = [(dr, dc, "*") for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        if rank == 14:
            steps += [(2 * dr, 2 * dc, "J") for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    out = []
    for dr, dc, mode in steps:
        r, c = row + dr, col + dc
        if 0 <= r < 5 and 0 <= c < 5:
            via = -1
            if mode in "JD":
                via = (row + dr // 2) * 5 + (col + dc // 2)
            out.append((r * 5 + c, mode, via))
    return out


_GRIDS = {(card, idx): _grid(card, idx) for card in ALL_CODES for idx in range(25)}


def grid_words(card: str, idx: int) -> str:
    """The movement rule of ``card`` standing on ``idx``, in words (for error messages)."""
    rank, home = CARD_RANK[card], idx // 5 == CASTLE_ROW[CARD_SIDE[card]]
    if rank <= 10:
        extra = " (a 10 in its own castle may also step two forward)" if rank == 10 else ""
        return f"a pawn moves one forward and captures one diagonally forward{extra}."
    if rank == 11:
        if home:
            return (
                "from its castle a jack moves or captures diagonally forward, or captures forward."
            )
        return "a jack moves and captures one step diagonally."
    if rank == 12:
        if home:
            return (
                "from its castle a queen moves or captures forward, captures diagonally forward, "
                "and moves sideways."
            )
        return "a queen moves and captures one step straight (forward, back, sideways)."
    if rank == 13:
        return "a king moves and captures one step in any direction."
    return "an ace moves one step in any direction, or jumps two over a piece onto an empty spot."


def piece_targets(state: dict[str, Any], idx: int) -> list[tuple[int, str]]:
    """Where the piece on ``idx`` may go now: (target, "move" | "capture")."""
    pieces, check = state["pieces"], state["check"]
    card = pieces[idx]
    side, rank = CARD_SIDE[card], CARD_RANK[card]
    out = []
    for target, mode, via in grid(card, idx):
        if check[target]:
            continue  # a spot in check cannot be used
        other = pieces[target]
        if mode == "J":
            if other is None and pieces[via] is not None:
                out.append((target, "move"))
        elif mode == "D":
            if other is None and pieces[via] is None:
                out.append((target, "move"))
        elif other is None:
            if mode != "C":
                out.append((target, "move"))
        elif mode != "M" and CARD_SIDE[other] != side and can_capture(rank, CARD_RANK[other]):
            out.append((target, "capture"))
    return out


def replacement_cards(state: dict[str, Any], seat: int) -> list[str]:
    """The opponent-coloured cards of ``seat``'s hand (one per code): what REPLACE may name."""
    return sorted({c for c in state["hands"][seat] if CARD_SIDE[c] != seat}, key=card_key)


def free_castle_spots(state: dict[str, Any], seat: int) -> list[int]:
    row = CASTLE_ROW[seat]
    return [i for i in range(row * 5, row * 5 + 5) if state["pieces"][i] is None]


def play_ins(state: dict[str, Any], seat: int) -> list[Move]:
    if in_play(state, seat) >= MAX_IN_PLAY:
        return []
    spots = free_castle_spots(state, seat)
    cards = sorted({c for c in state["hands"][seat] if CARD_SIDE[c] == seat}, key=card_key)
    return [("play", c, i) for c in cards for i in spots]


def piece_moves(state: dict[str, Any], seat: int) -> list[Move]:
    moves: list[Move] = []
    pieces, check = state["pieces"], state["check"]
    for idx in range(25):
        card = pieces[idx]
        if card is None or check[idx] or CARD_SIDE[card] != seat:
            continue
        for target, kind in piece_targets(state, idx):
            moves.append((kind, idx, target))
    return moves


def actions(state: dict[str, Any], seat: int) -> list[Move]:
    """Every turn-opening action of ``seat`` in this position, ignoring whose turn it is."""
    moves = play_ins(state, seat)
    if not state["exchanged"][seat]:
        moves.append(("exchange",))
    return moves + piece_moves(state, seat)


def exchange_risk(state: dict[str, Any], seat: int) -> str | None:
    """Why an EXCHANGE now may lose ``seat`` the game, from what every seat sees (the pieces and
    their checks): after it the seat may not exchange again, and with no piece able to move its
    next turn hangs on the five cards it draws. None when a piece can move."""
    if piece_moves(state, seat):
        return None
    colour = "red (♥ ♦)" if seat == RED else "black (♣ ♠)"
    if in_play(state, seat) >= MAX_IN_PLAY or not free_castle_spots(state, seat):
        need = "your castle has no spot to play one in, so"
        return (
            "Risky: after an EXCHANGE you may not exchange on your next turn, none of your "
            f"pieces can move and {need} you would lose unless the opponent frees a move"
        )
    return (
        "Risky: after an EXCHANGE you may not exchange on your next turn and none of your pieces "
        f"can move, so if the five cards you draw hold no {colour} card to play in, you lose "
        "at once"
    )


def could_move_or_play(state: dict[str, Any], seat: int) -> bool:
    """Could ``seat`` move a piece or play one in, were it its turn (exchanges do not count)?"""
    return bool(play_ins(state, seat) or piece_moves(state, seat))


def pending_moves(state: dict[str, Any], seat: int) -> list[Move]:
    """The answers to an open capture step: REPLACE with each opponent card in hand, or KEEP."""
    return [("replace", c) for c in replacement_cards(state, seat)] + [("keep",)]


_LEGAL_CACHE: dict[tuple, list[Move]] = {}


def legal_moves(state: dict[str, Any], seat: int) -> list[Move]:
    """The legal moves of ``seat``, the seat to move (memoised on what they depend on)."""
    if state["pending"] is not None:
        return pending_moves(state, seat)
    key = (
        seat,
        state["exchanged"][seat],
        tuple(state["hands"][seat]),
        tuple(state["pieces"]),
        tuple(state["check"]),
    )
    moves = _LEGAL_CACHE.get(key)
    if moves is None:
        if len(_LEGAL_CACHE) > 512:
            _LEGAL_CACHE.clear()
        moves = _LEGAL_CACHE[key] = actions(state, seat)
    return list(moves)


# ---------------------------------------------------------------- applying a move


def _draw(state: dict[str, Any], n: int, events: list[Event]) -> list[str]:
    """Take ``n`` cards from the draw pile, reshuffling the discard pile in when it runs out."""
    drawn: list[str] = []
    for _ in range(n):
        if not state["draw"]:
            if not state["discard"]:
                break
            pile = state["discard"]
            state["discard"] = []
            rng_for(state, "reshuffle").shuffle(pile)
            state["draw"] = pile
            events.append(
                Event(
                    f"The discard pile ({len(pile)} cards) is shuffled to make a new draw pile.",
                    kind="reshuffle",
                )
            )
        drawn.append(state["draw"].pop())
    return drawn


def _settle(state: dict[str, Any], idx: int) -> str:
    """Put the piece on ``idx`` in check if it stands on its opponent's castle."""
    card = state["pieces"][idx]
    if idx // 5 == CASTLE_ROW[opponent(CARD_SIDE[card])]:
        state["check"][idx] = True
        return f"; {card} is in check at {spot_name(idx)}"
    return ""


def apply_move(state: dict[str, Any], seat: int, move: Move) -> tuple[dict[str, Any], list[Event]]:
    """Apply a legal move (the caller checked it); the input state is not changed."""
    s = copy_state(state)
    name = SEATS[seat]
    hand = s["hands"][seat]
    pieces = s["pieces"]
    events: list[Event] = []
    discards: list[str] = []  # join the discard pile after the refill (never reshuffled at once)
    kind = move[0]
    if kind == "play":
        _, card, idx = move
        hand.remove(card)
        pieces[idx] = card
        events.append(Event(f"{name} plays in {card} at {spot_name(idx)}", seat=seat))
    elif kind == "exchange":
        shown = sorted(hand, key=card_key)
        hand.clear()
        later: list[Event] = []
        drawn = _draw(s, HAND_SIZE, later)
        hand.extend(drawn)
        discards.extend(shown)
        text = f"{name} exchanges: shows {' '.join(shown)}, discards them and draws {len(drawn)}"
        private = text + ": " + " ".join(sorted(drawn, key=card_key))
        events.append(Event(text, seat=seat, private=private, kind="exchange"))
        events.extend(later)
    elif kind == "move":
        _, frm, to = move
        card = pieces[frm]
        pieces[frm], pieces[to] = None, card
        text = f"{name} {spot_name(frm)}-{spot_name(to)} ({card})" + _settle(s, to)
        events.append(Event(text, seat=seat))
    elif kind == "capture":
        _, frm, to = move
        card, victim = pieces[frm], pieces[to]
        pieces[frm] = None
        revealed = s["down"][to]
        s["down"][to], s["known"][to] = card, True
        pieces[to] = revealed
        text = (
            f"{name} {spot_name(frm)}x{spot_name(to)}: {card} takes {victim}, goes face down, "
            f"and {revealed} comes up"
        )
        if CARD_SIDE[revealed] != seat and replacement_cards(s, seat):
            s["pending"] = {"spot": to, "captured": victim}
            text += f"; {name} must now REPLACE it with a {SEATS[opponent(seat)]} card or KEEP it"
            events.append(Event(text, seat=seat))
            return s, events  # the same seat answers: the turn is not over yet
        discards.append(victim)
        events.append(Event(text + _settle(s, to), seat=seat))
    else:  # "replace" / "keep": the second step of a capture
        to, victim = s["pending"]["spot"], s["pending"]["captured"]
        s["pending"] = None
        discards.append(victim)
        revealed = pieces[to]
        if kind == "replace":
            rep = move[1]
            hand.remove(rep)
            discards.append(revealed)
            pieces[to] = rep
            text = f"{name} replaces {revealed} on {spot_name(to)} with {rep}"
        else:
            text = f"{name} keeps {revealed} on {spot_name(to)}"
        events.append(Event(text + _settle(s, to), seat=seat))
    _end_turn(s, seat, kind, discards, events)
    return s, events


def _end_turn(
    s: dict[str, Any], seat: int, kind: str, discards: list[str], events: list[Event]
) -> None:
    """Draw back up to five, discard, pass the turn and see whether the rules end the game."""
    name, hand = SEATS[seat], s["hands"][seat]
    missing = HAND_SIZE - len(hand)
    if missing > 0:
        drawn = _draw(s, missing, events)
        if drawn:
            hand.extend(drawn)
            word = "card" if len(drawn) == 1 else "cards"
            events.append(
                Event(
                    f"{name} draws {len(drawn)} {word}",
                    seat=seat,
                    private=f"{name} draws {' '.join(drawn)}",
                    kind="draw",
                )
            )
    s["discard"].extend(discards)
    s["exchanged"][seat] = kind == "exchange"
    s["turns"] += 1
    s["ply"] += 1  # a turn is one ply, a capture's REPLACE/KEEP answer included
    s["turn"] = opponent(seat)
    end = ending(s, seat)
    if end is not None:
        s["result"] = end
        events.append(Event(end["reason"], kind="end"))


def ending(s: dict[str, Any], mover: int) -> dict[str, Any] | None:
    """The end by the rules after ``mover`` finished a turn (None: the game goes on)."""
    name, other = SEATS[mover], opponent(mover)
    if in_check(s, mover) >= MAX_IN_PLAY:
        return {
            "winners": [mover],
            "draw": False,
            "reason": f"{name} wins: five {name} pieces in check fill the {SEATS[other]} castle",
        }
    if not actions(s, other):
        if could_move_or_play(s, mover):
            reason = (
                f"{name} wins: {SEATS[other]} can neither play in, exchange nor move, "
                f"and {name} could act in its place"
            )
            return {"winners": [mover], "draw": False, "reason": reason}
        reason = f"stalemate: {SEATS[other]} cannot act and {name} could not act either; a draw"
        return {"winners": [], "draw": True, "reason": reason}
    return None


def scores(state: dict[str, Any]) -> dict[int, int]:
    """Every seat's score: its pieces in check (five win)."""
    return dict(enumerate(counts(state)[1]))


# ---------------------------------------------------------------- validated state

# The game's one option (its GameInfo's), here for validate.
MAX_PLIES_OPTION = Option(
    "max_plies",
    "int",
    DEFAULT_MAX_PLIES,
    "Plies (single moves) after which the game ends drawn.",
    minimum=2,
    maximum=MAX_MAX_PLIES,
)
STATE_KEYS = frozenset(
    ("game", "rng", "options", "pieces", "down", "known", "check", "hands", "draw", "discard")
    + ("turn", "ply", "turns", "exchanged", "pending", "result")
)


def validate(state: dict[str, Any], against_deal: bool = True) -> None:
    """Raise InvalidStateError with the first broken invariant of ``state``, unless Card Chess
    can reach it. ``against_deal=False`` (a sampled state: the AI's guess cannot know the secret
    seed's deal) skips the three checks that compare unseen cards with the deal."""
    _validate_fields(state)
    _validate_shapes(state)
    _validate_cards(state)
    _validate_spots(state)
    _validate_counters(state)
    if against_deal:  # a sampled state (the AI's guess) cannot know the secret seed's deal
        _validate_deal(state)
    elif (
        state["rng"]["n"] == 0
        and 25 + 2 * HAND_SIZE + len(state["draw"]) < 104 - HAND_SIZE * state["turns"]
    ):
        raise InvalidStateError("more cards drawn than the turns allow")
    _validate_ending(state)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@lru_cache(maxsize=64)
def _deal(seed: int | str) -> tuple[str, ...]:
    return tuple(initial_deck(seed))


def _validate_fields(state: dict[str, Any]) -> None:
    """The keys, the rng and the options."""
    keys = set(state)
    if keys != STATE_KEYS:
        wrong = sorted(STATE_KEYS - keys) + sorted(keys - STATE_KEYS)
        raise InvalidStateError(f"missing or unknown keys: {', '.join(map(str, wrong))}")
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"}:
        raise InvalidStateError("rng must hold exactly a seed and a counter")
    if not (_is_int(rng["seed"]) or isinstance(rng["seed"], str)):
        raise InvalidStateError("the seed must be a whole number or a string")
    if not _is_int(rng["n"]) or rng["n"] < 0:
        raise InvalidStateError("the rng counter must be a whole number, at least 0")
    opts = state["options"]
    if not isinstance(opts, dict) or set(opts) != {"max_plies"}:
        raise InvalidStateError("options must be exactly max_plies")
    try:
        MAX_PLIES_OPTION.validate(opts["max_plies"])
    except ValueError as err:
        raise InvalidStateError(str(err)) from err


def _validate_shapes(state: dict[str, Any]) -> None:
    """The board's lists, the hands, the piles and the open capture step."""
    for key in ("pieces", "down", "known", "check"):
        if not isinstance(state[key], list) or len(state[key]) != 25:
            raise InvalidStateError(f"{key} must list the 25 spots")
    hands = state["hands"]
    if not (isinstance(hands, list) and len(hands) == 2 and all(type(h) is list for h in hands)):
        raise InvalidStateError("hands must be two lists")
    if not isinstance(state["draw"], list) or not isinstance(state["discard"], list):
        raise InvalidStateError("the draw and discard piles must be lists")
    if any(len(h) > HAND_SIZE for h in hands):
        raise InvalidStateError("a hand holds more than five cards")
    pending = state["pending"]
    if pending is not None and (type(pending) is not dict or set(pending) != {"spot", "captured"}):
        raise InvalidStateError(
            "pending must be null or hold exactly the spot and the captured piece"
        )


def _validate_cards(state: dict[str, Any]) -> None:
    """Card codes only, and every card of the two decks exactly twice."""
    pieces, down, hands, pending = state["pieces"], state["down"], state["hands"], state["pending"]
    cards = [c for c in pieces if c is not None] + down + hands[0] + hands[1]
    cards += state["draw"] + state["discard"] + ([pending["captured"]] if pending else [])
    unknown = sorted({repr(c) for c in cards if not isinstance(c, str) or c not in CARD_RANK})
    if unknown:
        raise InvalidStateError(f"not card codes: {', '.join(unknown)}")
    tally = Counter(cards)
    wrong = sorted(c for c in ALL_CODES if tally[c] != 2)
    if wrong or len(cards) != 2 * len(ALL_CODES):
        raise InvalidStateError(
            f"{len(cards)} cards; not present exactly twice: {', '.join(wrong) or '-'}"
        )


def _validate_spots(state: dict[str, Any]) -> None:
    """The known and check flags of every spot, and the pieces in play."""
    pieces, known, check = state["pieces"], state["known"], state["check"]
    for i in range(25):
        if not isinstance(known[i], bool) or not isinstance(check[i], bool):
            raise InvalidStateError(f"known/check of {spot_name(i)} must be true or false")
        piece = pieces[i]
        if check[i] and piece is None:
            raise InvalidStateError(f"{spot_name(i)} is in check without a piece")
        enemy_castle = piece is not None and i // 5 == CASTLE_ROW[1 - CARD_SIDE[piece]]
        if piece is not None and enemy_castle != check[i]:
            raise InvalidStateError(
                f"{spot_name(i)}: the check flag does not match the piece's place"
            )
    playing, _ = counts(state)
    if max(playing) > MAX_IN_PLAY:
        raise InvalidStateError("a side has more than five pieces in play")


def _validate_counters(state: dict[str, Any]) -> None:
    """The seat to move, the plies and turns, the exchanges; no more pieces than moves."""
    turn, ply, turns, ex = state["turn"], state["ply"], state["turns"], state["exchanged"]
    if turn not in (RED, BLACK) or isinstance(turn, bool):
        raise InvalidStateError("turn must be 0 (red) or 1 (black)")
    if not _is_int(ply) or not _is_int(turns) or ply < 0 or turns < 0:
        raise InvalidStateError("ply and turns must be whole numbers, at least 0")
    if turn != turns % 2:
        raise InvalidStateError(f"{SEATS[turn]} cannot be to move after {turns} turns")
    step = 1 if state["pending"] is not None else 0
    if not turns <= ply <= 2 * turns + step:  # 2 * turns: a game stored before plies were turns
        raise InvalidStateError(f"{ply} plies cannot make {turns} finished turns")
    if not (isinstance(ex, list) and len(ex) == 2 and all(isinstance(e, bool) for e in ex)):
        raise InvalidStateError("exchanged must be two true/false flags")
    if (ex[turn] and turns < 2) or (ex[1 - turn] and turns < 1):
        raise InvalidStateError("an exchange is recorded for a seat that has not had a turn")
    if sum(p is not None for p in state["pieces"]) > ply + step or sum(state["known"]) > ply + step:
        raise InvalidStateError("more pieces or flipped cards than moves")


def _validate_deal(state: dict[str, Any]) -> None:
    """The unseen cards are the secret seed's deal."""
    rng, known, down, turns = state["rng"], state["known"], state["down"], state["turns"]
    deal = _deal(rng["seed"])
    if any(not known[i] and down[i] != deal[i] for i in range(25)):
        raise InvalidStateError("a face-down board card nobody flipped is not the one dealt there")
    if rng["n"] == 0:
        dealt_draw = list(deal[35:])
        if state["draw"] != dealt_draw[: len(state["draw"])]:
            raise InvalidStateError(
                "the draw pile is not what is left of the dealt one (and was never reshuffled)"
            )
        if len(dealt_draw) - len(state["draw"]) > HAND_SIZE * turns:
            raise InvalidStateError("more cards drawn than the turns allow")
    if state["ply"] == 0 and state != new_state(rng["seed"], state["options"]["max_plies"]):
        raise InvalidStateError("before the first move the state must be the deal")


def _validate_ending(state: dict[str, Any]) -> None:
    """The open capture step, or the recorded result as the rules give it."""
    pending, result, turn, turns = state["pending"], state["result"], state["turn"], state["turns"]
    if pending is not None:
        _validate_pending(state, pending)
        if result is not None:
            raise InvalidStateError("a finished game has no open capture step")
    elif turns > 0:
        expected = ending(state, opponent(turn))
        if result != expected:
            if expected is None:
                raise InvalidStateError(
                    "a result is recorded, but the position is not over by the rules"
                )
            raise InvalidStateError(
                f"the recorded result disagrees with the position ({expected['reason']})"
            )
    elif result is not None:
        raise InvalidStateError("a result is recorded before the first turn")


def _validate_pending(state: dict[str, Any], pending: dict[str, Any]) -> None:
    spot, turn = pending["spot"], state["turn"]
    if not _is_int(spot) or not 0 <= spot < 25:
        raise InvalidStateError("the open capture step names no spot")
    revealed, flipped = state["pieces"][spot], state["down"][spot]
    if revealed is None or CARD_SIDE[revealed] == turn:
        raise InvalidStateError(
            "the open capture step needs an opponent's card revealed on its spot"
        )
    if not state["known"][spot] or CARD_SIDE[flipped] != turn:
        raise InvalidStateError(
            "the capturing piece of the open step must lie face down (known) on its spot"
        )
    if CARD_SIDE[pending["captured"]] == turn:
        raise InvalidStateError("the captured piece of the open step must be the opponent's")
    if not replacement_cards(state, turn):
        raise InvalidStateError(
            "an open capture step needs an opponent-coloured card in the capturer's hand"
        )
