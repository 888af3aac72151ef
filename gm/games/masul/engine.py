"""The Masul engine: wires the rules and the notation into the gm Engine interface."""

from __future__ import annotations

from typing import Any

from gm.games.base import (
    Engine,
    Event,
    Figure,
    GameInfo,
    Move,
    Outcome,
    State,
)
from gm.games.masul import notation, reading, rules
from gm.games.masul.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.masul.rules import COLUMNS, HAND_SIZE, MAX_FIELD_REPLACEMENTS, SEAT_NAMES, MasulMove
from gm.games.words import ChatWords

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
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
    # a facing said ("face down", "hidden"; "face up", "open"), the mark the move then carries,
    # and a challenge, where "face down" names the other row's card, not how one's own is laid
    manners=((notation.DOWN.pattern, notation.UP.pattern, r"\bFD\b", reading.CHALLENGE.pattern),),
)


class MasulEngine(Engine):
    """Masul. ``scores``: the columns each seat has won so far — every column once the rules end
    the game (the final score); before that only the columns whose two slots are both filled,
    judged by the current Field Card. A game lasts at most 18 plies (9 cards per seat), so it
    needs no move cap; a seat that has exhausted its turns is told so (``blocked``)."""

    info = GameInfo(
        name=rules.NAME,
        title="Masul",
        summary=SUMMARY,
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

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        """Columns won so far, judged only where ``seat`` sees both cards (a face-down card of
        the other side keeps its column open to it until the end)."""
        over, rows = state["turn"] is None, state["rows"]

        def seen(c: int) -> bool:
            return all(
                over or rows[s][c]["up"] or s == seat for s in (0, 1) if rows[s][c] is not None
            )

        decided = {r.column for r in rules.decided_results(state) if seen(r.column - 1)}
        results = [r for r in rules.decided_results(state) if r.column in decided]
        open_ = [f"C{c}" for c in range(1, COLUMNS + 1) if c not in decided]
        if not open_:
            return [Figure("Columns won", rules.tally(results), 1)]
        places = (("places", " ".join(open_)),)
        return [Figure("Columns won", rules.tally(results), 1, "undecided: {places}", places)]

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
        rules.validate(state)  # from_dict reports a missing or mistyped field as InvalidStateError


_COLUMN_NAMES = tuple(f"C{c}" for c in range(1, COLUMNS + 1))


ENGINE = MasulEngine()
