"""Masul rules as pure functions over the JSON state: set-up, legality, play, scoring.

State (pure JSON)::

    {"game": "masul", "rng": {"seed": s, "n": 0},
     "options": {"max_field_replacements": null},
     "hands": [[row-3 hand], [row-1 hand]],          # index = seat; kept sorted
     "rows": [[slot x7], [slot x7]],                  # rows[0] is Row 3, rows[1] is Row 1
     "field": [7 Field Cards, C1..C7],
     "discard": [replaced Field Cards, oldest first],
     "unused": [deck[25:]],                           # never used, never shown
     "replacements": [n0, n1],                        # field replacements made per seat
     "turn": 0 | 1 | null}                            # null: the game is over

A slot is ``null`` (empty) or ``{"card": "7♠", "up": true|false}``; a challenged face-down card
becomes ``up: true`` for good. Seat 0 plays on Row 3 and moves first; seat 1 plays on Row 1.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from gm.games.base import Event, IllegalMoveError, InvalidStateError, Option, State

NAME = "masul"
SEAT_NAMES = ("row3", "row1")
ROW_LABELS = ("Row 3", "Row 1")  # how texts name the seats
COLUMNS = 7
HAND_SIZE = 9

RANK_CODES = "23456789XJQKA"
SUIT_ORDER = "♣♦♥♠"
SEED_SUITS = ["♠", "♥", "♣", "♦"]  # the seed's deck order (§15), used for the one shuffle
SEED_VALUES = list(RANK_CODES)
ALL_CARDS = frozenset(v + s for s in SEED_SUITS for v in SEED_VALUES)

MAX_FIELD_REPLACEMENTS = Option(
    name="max_field_replacements",
    type="int",
    default=None,
    description=(
        "How many field replacements each seat may make in a game; null (the default) means "
        "no limit, 0 forbids them."
    ),
    minimum=0,
    maximum=HAND_SIZE,
    nullable=True,
)


class MasulMove(NamedTuple):
    """One play, action first: ``kind`` "up", "down" or "field", then ``card`` from hand and
    ``column`` (1..7). JSON: ``["down", "7♠", 3]``."""

    kind: str  # "up": face-up in own row; "down": face-down in own row; "field": replace FC
    card: str
    column: int


# ---------------------------------------------------------------- cards


def rank(card: str) -> int:
    """2..14 (X = 10, J 11, Q 12, K 13, A 14)."""
    return RANK_CODES.index(card[0]) + 2


def suit(card: str) -> str:
    return card[1]


def sort_key(card: str) -> tuple[int, int]:
    return SUIT_ORDER.index(card[1]), rank(card)


def seed_deck(seed: int) -> list[str]:
    """The seed's deck (§15) shuffled once by ``random.Random(seed)``."""
    deck = [v + s for s in SEED_SUITS for v in SEED_VALUES]
    random.Random(seed).shuffle(deck)
    return deck


# ---------------------------------------------------------------- set-up and turns


def new_state(seed: int, options: dict[str, Any]) -> State:
    deck = seed_deck(seed)
    return {
        "game": NAME,
        "rng": {"seed": seed, "n": 0},
        "options": dict(options),
        "hands": [sorted(deck[9:18], key=sort_key), sorted(deck[0:9], key=sort_key)],
        "rows": [[None] * COLUMNS, [None] * COLUMNS],
        "field": deck[18:25],
        "discard": [],
        "unused": deck[25:],
        "replacements": [0, 0],
        "turn": 0,
    }


def exhausted(state: State, seat: int) -> str | None:
    """Why ``seat`` can make no more plays ("row full" / "hand empty"), or None."""
    if None not in state["rows"][seat]:  # every slot holds a card
        return "row full"
    if not state["hands"][seat]:
        return "hand empty"
    return None


def exhausted_reason(state: State, seat: int) -> str | None:
    """What an exhausted ``seat`` is told when it tries to act, or None when it is not."""
    why = exhausted(state, seat)
    if why is None:
        return None
    other = label(1 - seat)
    if why == "row full":
        head = f"all {COLUMNS} slots of your row ({label(seat)}) are filled"
    else:
        head = f"you have played all {HAND_SIZE} cards of your hand"
    return (
        f"You have exhausted your turns: {head}, so you make no more plays, field replacements "
        f"included. {other} plays on until it is exhausted too; then the columns are scored."
    )


def replacements_left(state: State, seat: int) -> int | None:
    """Field replacements ``seat`` may still make (None: unlimited)."""
    cap = state["options"].get("max_field_replacements")
    return None if cap is None else max(0, cap - state["replacements"][seat])


def legal_moves(state: State, seat: int) -> list[MasulMove]:
    """Every legal move of ``seat`` (the framework calls it only for the seat to move)."""
    own, opp = state["rows"][seat], state["rows"][1 - seat]
    open_cols = tuple([(c + 1, not (o and o["up"])) for c, o in enumerate(opp) if own[c] is None])
    by_rank: dict[str, list[int]] = {}
    if replacements_left(state, seat) != 0:
        for c, fc in enumerate(state["field"]):
            by_rank.setdefault(fc[0], []).append(c + 1)
    if len(_COLUMN_PLAYS) >= 512:  # patterns remembered (then it starts again)
        _COLUMN_PLAYS.clear()
    column_plays = _COLUMN_PLAYS.setdefault(open_cols, {})
    moves: list[MasulMove] = []
    for card in state["hands"][seat]:
        if (plays := column_plays.get(card)) is None:  # up, then down where it may go, by column
            plays = column_plays[card] = [m for c, ok in open_cols for m in _PLAYS[card][c][ok]]
        moves += plays
        for column in by_rank.get(card[0], ()):
            moves.append(_MOVES[card][column][2])
    return moves


# every possible move, built once: legal_moves only picks from these
_MOVES = {
    card: {
        column: tuple(MasulMove(kind, card, column) for kind in ("up", "down", "field"))
        for column in range(1, COLUMNS + 1)
    }
    for card in ALL_CARDS
}
# per card and column: the plays there when a face-down play is not allowed / is allowed
_PLAYS = {
    card: {column: ((up,), (up, down)) for column, (up, down, _) in made.items()}
    for card, made in _MOVES.items()
}
_COLUMN_PLAYS: dict[tuple, dict[str, list[MasulMove]]] = {}  # open columns -> card -> its plays


# ---------------------------------------------------------------- legality


def label(seat: int) -> str:
    return ROW_LABELS[seat]


def open_columns(state: State, seat: int) -> list[int]:
    return [c + 1 for c, slot in enumerate(state["rows"][seat]) if slot is None]


def face_down_columns(state: State, seat: int) -> list[int]:
    opp = state["rows"][1 - seat]
    return [c for c in open_columns(state, seat) if opp[c - 1] is None or not opp[c - 1]["up"]]


def field_options(state: State, seat: int) -> list[MasulMove]:
    if replacements_left(state, seat) == 0:
        return []
    return [
        MasulMove("field", card, c + 1)
        for card in state["hands"][seat]
        for c, fc in enumerate(state["field"])
        if fc[0] == card[0]
    ]


def _cols(cols: list[int]) -> str:
    return ", ".join(f"C{c}" for c in cols) if cols else "none"


def check_in_hand(state: State, seat: int, card: str) -> None:
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMoveError(
            f"You do not hold {card}; a turn plays one card from your own hand.",
            rule="not-in-hand",
            hint="Your hand: " + ("-".join(hand) if hand else "(empty)"),
        )


def check_move(state: State, seat: int, move: MasulMove) -> None:
    """Raise IllegalMoveError (naming the rule) unless ``move`` is legal for ``seat`` now."""
    kind, card, column = move
    check_in_hand(state, seat, card)
    if not 1 <= column <= COLUMNS:
        raise IllegalMoveError(
            f"There is no column C{column}.", rule="no-such-column", hint="Columns are C1-C7."
        )
    c = column - 1
    if kind == "field":
        field_card = state["field"][c]
        if replacements_left(state, seat) == 0:
            cap = state["options"]["max_field_replacements"]
            raise IllegalMoveError(
                f"You have made all {cap} field replacement(s) this game allows.",
                rule="max-field-replacements",
                hint=f"Play into an open column of {label(seat)}: "
                f"{_cols(open_columns(state, seat))}.",
            )
        if field_card[0] != card[0]:
            options = field_options(state, seat)
            hint = (
                # written as the notation writes a field replacement (gm/games/masul/notation.py)
                "Field replacements you can make: "
                + ", ".join(f"{m.card} FC{m.column}" for m in options)
                if options
                else "None of your cards has the rank of a Field Card now."
            )
            raise IllegalMoveError(
                f"A field replacement needs a card of the same rank as the Field Card: "
                f"C{column} holds {field_card}, so only a {field_card[0]} can replace it, "
                f"not {card}.",
                rule="field-rank",
                hint=hint,
            )
        return
    if state["rows"][seat][c] is not None:
        raise IllegalMoveError(
            f"Your slot in C{column} ({label(seat)}) already holds a card; "
            "each slot takes one card.",
            rule="slot-taken",
            hint=f"Open columns on {label(seat)}: {_cols(open_columns(state, seat))}.",
        )
    if kind == "down":
        opp = state["rows"][1 - seat][c]
        if opp is not None and opp["up"]:
            raise IllegalMoveError(
                f"You cannot play face down in C{column}: the opposing card there is face up, "
                "and a face-down card may only face an empty slot or another face-down card.",
                rule="face-down-on-face-up",
                hint=f"Play it face up ({card} C{column}), or face down in: "
                f"{_cols(face_down_columns(state, seat))}.",
            )
    elif kind != "up":
        raise IllegalMoveError(f"Unknown kind of play {kind!r}.", rule="no-such-play")


# ---------------------------------------------------------------- scoring


class ColumnResult(NamedTuple):
    column: int  # 1..7
    winner: int | None  # seat, or None for a draw
    why: str


def column_result(state: State, column: int) -> ColumnResult:
    """Who wins ``column`` (1..7) at the end, and why, in the seed's §12 order."""
    c = column - 1
    fc = state["field"][c]
    fs = suit(fc)
    slots = [state["rows"][0][c], state["rows"][1][c]]
    if slots[0] is None and slots[1] is None:
        return ColumnResult(column, None, "draw: both slots are empty")
    if slots[0] is not None and slots[1] is not None and not slots[0]["up"] and not slots[1]["up"]:
        return ColumnResult(
            column,
            None,
            f"draw: both cards are face-down (Row 3's {slots[0]['card']}, "
            f"Row 1's {slots[1]['card']}), nobody scores",
        )
    for seat in (0, 1):
        if slots[1 - seat] is None:
            card = slots[seat]["card"]
            return ColumnResult(
                column, seat, f"{label(seat)} wins: {label(seat)}'s {card} faces an empty slot"
            )
    cards = [slots[0]["card"], slots[1]["card"]]
    match = [suit(cards[0]) == fs, suit(cards[1]) == fs]
    if match[0] != match[1]:
        seat = 0 if match[0] else 1
        return ColumnResult(
            column,
            seat,
            f"{label(seat)} wins: {label(seat)}'s {cards[seat]} matches the field suit {fs}, "
            f"{label(1 - seat)}'s {cards[1 - seat]} does not",
        )
    phrase = (
        f"both match the field suit {fs}" if match[0] else f"neither matches the field suit {fs}"
    )
    r0, r1 = rank(cards[0]), rank(cards[1])
    if r0 == r1:
        return ColumnResult(
            column,
            None,
            f"draw: {phrase} and Row 3's {cards[0]} and Row 1's {cards[1]} are of equal rank",
        )
    seat = 0 if r0 > r1 else 1
    return ColumnResult(
        column,
        seat,
        f"{label(seat)} wins: {phrase} and {label(seat)}'s {cards[seat]} outranks "
        f"{label(1 - seat)}'s {cards[1 - seat]}",
    )


def column_results(state: State) -> list[ColumnResult]:
    return [column_result(state, c) for c in range(1, COLUMNS + 1)]


def decided_results(state: State) -> list[ColumnResult]:
    """The column results decided so far: every column once the rules have ended the game;
    before that, the columns whose two slots are both filled (judged by the current Field Card,
    which a later field replacement may still change)."""
    if state["turn"] is None:
        return column_results(state)
    rows = state["rows"]
    return [
        column_result(state, c + 1)
        for c in range(COLUMNS)
        if rows[0][c] is not None and rows[1][c] is not None
    ]


def scores(state: State) -> dict[int, int]:
    """Columns won so far by each seat (see :func:`decided_results`); the final score at the end."""
    return tally(decided_results(state))


def tally(results: list[ColumnResult]) -> dict[int, int]:
    totals = {0: 0, 1: 0}
    for r in results:
        if r.winner is not None:
            totals[r.winner] += 1
    return totals


def score_line(totals: dict[int, int]) -> str:
    a, b = totals[0], totals[1]
    verdict = "tie" if a == b else f"{label(0 if a > b else 1)} wins"
    return f"Final Score: Row 3 {a}, Row 1 {b} - {verdict}"


# ---------------------------------------------------------------- play


def copy_state(state: State) -> State:
    """A deep copy of a valid state (much faster than copy.deepcopy for this known shape)."""
    new = dict(state)
    new["rng"] = dict(state["rng"])
    new["options"] = dict(state["options"])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["rows"] = [[None if s is None else dict(s) for s in row] for row in state["rows"]]
    for key in ("field", "discard", "unused", "replacements"):
        new[key] = list(state[key])
    return new


def apply(state: State, seat: int, move: MasulMove) -> tuple[State, list[Event]]:
    """Play ``move`` (checked) on a deep copy; return the new state and the events."""
    check_move(state, seat, move)
    new = copy_state(state)
    kind, card, column = move
    c = column - 1
    me, other = label(seat), label(1 - seat)
    new["hands"][seat].remove(card)
    events: list[Event] = []
    if kind == "field":
        old = new["field"][c]
        new["field"][c] = card
        new["discard"].append(old)
        new["replacements"][seat] += 1
        events.append(
            Event(
                f"{me} replaces the Field Card of C{column}: {card} replaces {old}, "
                f"which goes to the discard",
                seat=seat,
                kind="field",
            )
        )
    elif kind == "down":
        new["rows"][seat][c] = {"card": card, "up": False}
        events.append(
            Event(
                f"{me} plays a card face down in C{column}",
                seat=seat,
                private=f"{me} plays {card} face down in C{column}",
            )
        )
    else:
        new["rows"][seat][c] = {"card": card, "up": True}
        events.append(Event(f"{me} plays {card} in C{column}", seat=seat))
        opp = new["rows"][1 - seat][c]
        if opp is not None and not opp["up"]:
            opp["up"] = True
            events.append(
                Event(
                    f"{me} challenges the face-down card in C{column}: {other}'s {opp['card']} "
                    "is turned face up for good",
                    seat=seat,
                    kind="challenge",
                )
            )
    why = exhausted(new, seat)
    if why:
        events.append(
            Event(f"{me} has exhausted all of its turns ({why})", seat=seat, kind="exhausted")
        )
    if not exhausted(new, 1 - seat):
        new["turn"] = 1 - seat
    elif not why:
        new["turn"] = seat
        events.append(Event(f"{other} is exhausted and is skipped; {me} plays again", kind="skip"))
    else:
        new["turn"] = None
        events.extend(final_events(new))
    return new, events


def final_events(state: State) -> list[Event]:
    results = column_results(state)
    events = [Event("Both seats are exhausted: the game is over. Scoring:", kind="end")]
    events.extend(Event(f"C{r.column}: {r.why}", kind="score") for r in results)
    events.append(Event(score_line(tally(results)), kind="end"))
    return events


# ---------------------------------------------------------------- validated state


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid masul state: {message}")


def validate(state: State) -> None:
    """Raise InvalidStateError unless Masul can reach ``state``. (A missing or mistyped field
    raises KeyError/TypeError/…: ``from_dict`` reports those as InvalidStateError too.)"""
    keys = {"game", "rng", "options", "hands", "rows", "field", "discard", "unused"}
    keys |= {"replacements", "turn"}
    if set(state) != keys:
        raise _bad(f"keys must be {sorted(keys)}")
    cap = _validate_rng_and_options(state)
    placed = _validate_cards(state)
    played = _validate_plays(state, placed, cap)
    _validate_columns(state["rows"])
    _validate_turn(state, played)


def _validate_rng_and_options(state: State) -> int | None:
    """The rng (no chance after the deal) and the options; the field replacements cap."""
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"} or not _is_int(rng["seed"]):
        raise _bad("rng must hold an int seed and its counter")
    if rng["n"] != 0:
        raise _bad("Masul draws no chance after the deal: the rng counter stays 0")
    if not isinstance(state["options"], dict) or set(state["options"]) != {
        "max_field_replacements"
    }:
        raise _bad("options must be exactly max_field_replacements")
    return MAX_FIELD_REPLACEMENTS.validate(state["options"]["max_field_replacements"])


def _validate_cards(state: State) -> list[list[str]]:
    """Hands, rows, field, discard and unused cards: their shapes, the 52 cards once each, the
    hands sorted, the discard of the field's ranks. The cards placed in each row."""
    hands, rows, field = state["hands"], state["rows"], state["field"]
    if len(hands) != 2 or len(rows) != 2 or any(len(r) != COLUMNS for r in rows):
        raise _bad("two hands and two rows of 7 slots are needed")
    if len(field) != COLUMNS or len(state["unused"]) != 52 - 2 * HAND_SIZE - COLUMNS:
        raise _bad("7 Field Cards and 27 unused cards are needed")
    placed = [[s["card"] for s in row if s is not None] for row in rows]
    for row in rows:
        for s in row:
            if s is not None and (set(s) != {"card", "up"} or not isinstance(s["up"], bool)):
                raise _bad(f"bad slot {s!r}")
    every = [*hands[0], *hands[1], *placed[0], *placed[1], *field, *state["discard"]]
    every += state["unused"]
    if len(every) != 52 or set(every) != ALL_CARDS:
        raise _bad("the 52 cards must each be in exactly one place")
    for s in (0, 1):
        if hands[s] != sorted(hands[s], key=sort_key):
            raise _bad(f"seat {s}'s hand must be kept sorted")
    field_ranks = {card[0] for card in field}
    if any(card[0] not in field_ranks for card in state["discard"]):
        raise _bad("a replaced Field Card has the rank of its column's Field Card")
    return placed


def _validate_plays(state: State, placed: list[list[str]], cap: int | None) -> list[int]:
    """The field replacements within the cap, and each seat's 9 cards accounted for; the plays
    each seat has made."""
    reps = state["replacements"]
    if len(reps) != 2 or any(not _is_int(n) or n < 0 for n in reps):
        raise _bad("replacements must be two counts")
    if len(state["discard"]) != sum(reps) or (cap is not None and max(reps) > cap):
        raise _bad("the discard must hold one card per field replacement, within the cap")
    played = [len(placed[s]) + reps[s] for s in (0, 1)]
    for s in (0, 1):
        if len(state["hands"][s]) + played[s] != HAND_SIZE:
            raise _bad(f"seat {s} must account for its 9 cards")
    return played


def _validate_columns(rows: list[list[dict[str, Any] | None]]) -> None:
    for c in range(COLUMNS):
        a, b = rows[0][c], rows[1][c]
        if a and b and a["up"] != b["up"]:
            raise _bad(f"C{c + 1}: a face-down card cannot face a face-up card")


def _validate_turn(state: State, played: list[int]) -> None:
    """The seat to move, from the plays made and which seats are exhausted."""
    turn = state["turn"]
    tired = [exhausted(state, s) is not None for s in (0, 1)]
    # Row 3 moves first and turns alternate until a seat is exhausted; then the other plays on.
    if tired[0] and not tired[1] and played[0] - played[1] > 1:
        raise _bad("Row 3 exhausted first: Row 1 had one play less then, and plays on")
    if tired[1] and not tired[0] and played[0] < played[1]:
        raise _bad("Row 1 exhausted first: Row 3 had as many plays then, and plays on")
    if turn is None:
        if not all(tired):
            raise _bad("the game can only be over when both seats are exhausted")
        return
    if not _is_int(turn) or turn not in (0, 1) or tired[turn]:
        raise _bad("the seat to move must be 0 or 1 and not exhausted")
    if not any(tired) and played[0] - played[1] != turn:
        raise _bad("turns alternate, Row 3 first")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
