"""The Masul engine: wires the rules and the notation into the gm Engine interface."""

from __future__ import annotations

from typing import Any

from gm.games.base import (
    Engine,
    Event,
    GameInfo,
    InvalidStateError,
    Move,
    Option,
    Outcome,
    State,
)
from gm.games.masul import notation, rules
from gm.games.masul.rules import ALL_CARDS, COLUMNS, HAND_SIZE, SEAT_NAMES, MasulMove
from gm.games.words import ChatWords

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


# What Masul's players say in a chat (gm.games.words.ChatWords): the columns and their codes (C3,
# FC3 for a Field Card), face-down cards, the Field Cards.
CHAT_WORDS = ChatWords(
    move_verbs=("discard", "replace"),
    move_words=(
        *("field", "column", "columns", "col"),
        *("face down", "facedown", "face up", "faceup", "fd"),
    ),
    move_codes=(r"\bf?c\s?[1-9]\b",),
    board_parts=("field",),
    phrasings=(
        (
            "board",
            r"what (is|are) (the )?(field cards?|field)( (in|of|on) (column|col) ?[1-7])?( now)?",
        ),
        ("board", r"what is (on|at) (the )?(top of the )?field"),
        (
            "score",
            r"(which|what|how many) columns (am i|are we|do i|have i) (winning|win|won|ahead in)",
        ),
    ),
    code_aliases=((r"\bCOL(?:UMN)?\s*(\d)\b", r"C\1"),),
)


class MasulEngine(Engine):
    """Masul. ``scores``: the columns each seat has won so far — every column once the rules end
    the game (the final score); before that only the columns whose two slots are both filled,
    judged by the current Field Card. A game lasts at most 18 plies (9 cards per seat), so it
    needs no move cap; a seat that has exhausted its turns is told so (``blocked``)."""

    info = GameInfo(
        name=rules.NAME,
        title="Masul",
        summary=(
            "A two-seat duel on a 3x7 grid: play cards into seven columns, face up or face down, "
            "and win columns by matching the Field Card's suit or by rank."
        ),
        seat_names=SEAT_NAMES,
        seat_labels=rules.ROW_LABELS,
        min_players=2,
        max_players=2,
        options=(MAX_FIELD_REPLACEMENTS,),
        move_syntax="7♠ C3 | 7♠ C3 FD | 7♠ FC3",
        example_moves=("7♠ C3", "7♠ C3 FD", "7♠ FC3", "7s c3 fd", "queen of spades fc 2"),
        chat_words=CHAT_WORDS,
        max_plies=2 * HAND_SIZE,
    )

    # ---- set-up and turns
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        if players != 2:
            raise ValueError("Masul is played by exactly 2 players")
        return rules.new_state(seed, self.options(options))

    def to_move(self, state: State) -> int | None:
        return state["turn"]

    def blocked(self, state: State, seat: int) -> str | None:
        return rules.exhausted_reason(state, seat)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return list(rules.legal_moves(state, seat))

    # ---- moves
    def parse_move(self, text: str, state: State, seat: int) -> MasulMove:
        return notation.parse_move(text, state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, MasulMove(*move))

    def render_move(self, move: Move) -> str:
        return notation.render_move(MasulMove(*move))

    # ---- ending
    def outcome(self, state: State) -> Outcome | None:
        if state["turn"] is not None:
            return None
        totals = rules.scores(state)
        a, b = totals[0], totals[1]
        if a == b:
            return Outcome([], True, f"Tie: {a} columns each", totals)
        win = 0 if a > b else 1
        reason = f"{rules.label(win)} won {max(a, b)} columns to {min(a, b)}"
        return Outcome([win], False, reason, totals)

    def scores(self, state: State) -> dict[int, int]:
        return rules.scores(state)

    # ---- what a seat may see
    def view(
        self, state: State, seat: int | None, outcome: Outcome | None = None
    ) -> dict[str, Any]:
        over = outcome is not None
        names, rows, hands = SEAT_NAMES, state["rows"], state["hands"]
        shown = [  # per seat: its face-down cards shown (to itself, and to all once it is over)
            over or seat == s for s in (0, 1)
        ]
        out: dict[str, Any] = {
            "game": rules.NAME,
            "viewer": None if seat is None else names[seat],
            "seat_labels": {"row3": "Row 3", "row1": "Row 1"},
            "to_move": None if over or state["turn"] is None else names[state["turn"]],
            "columns": list(_COLUMN_NAMES),
            "field": list(state["field"]),
            "rows": {
                names[s]: [
                    None
                    if x is None
                    else {"card": x["card"], "face": "up"}
                    if x["up"]
                    else {"card": x["card"], "face": "down"}
                    if shown[s]
                    else {"face": "down"}
                    for x in rows[s]
                ]
                for s in (1, 0)
            },
            "hand": None if seat is None else list(hands[seat]),
            "hand_counts": {names[0]: len(hands[0]), names[1]: len(hands[1])},
            "discard": list(state["discard"]),
            "field_replacements": {names[s]: state["replacements"][s] for s in (0, 1)},
            "max_field_replacements": state["options"].get("max_field_replacements"),
            "exhausted": {names[0]: rules.exhausted(state, 0), names[1]: rules.exhausted(state, 1)},
            "over": over,
            "outcome": None,
        }
        if outcome is not None:
            out["outcome"] = outcome.to_dict(names)
            out["unplayed"] = {names[s]: list(state["hands"][s]) for s in (0, 1)}
            out["column_results"] = [
                {
                    "column": f"C{r.column}",
                    "winner": None if r.winner is None else names[r.winner],
                    "why": r.why,
                }
                for r in rules.decided_results(state)
            ]
        return out

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        return notation.render(state, seat, outcome)

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["unused"])
        if state["turn"] is None:
            return hidden
        for other in (0, 1):
            if other == seat:
                continue
            hidden.update(state["hands"][other])
            hidden.update(s["card"] for s in state["rows"][other] if s and not s["up"])
        return hidden

    # ---- storage
    def copy_state(self, state: State) -> State:
        return rules.copy_state(state)

    def validate(self, state: State) -> None:
        _validate(state)  # from_dict reports a missing or mistyped field as InvalidStateError


_COLUMN_NAMES = tuple(f"C{c}" for c in range(1, COLUMNS + 1))


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid masul state: {message}")


def _validate(state: State) -> None:
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
        if hands[s] != sorted(hands[s], key=rules.sort_key):
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
    tired = [rules.exhausted(state, s) is not None for s in (0, 1)]
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


ENGINE = MasulEngine()
