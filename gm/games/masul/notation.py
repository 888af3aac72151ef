"""Masul notation: reading moves typed by people, and the board text (seed §13, §14).

Moves: ``7♠ C3`` (face-up), ``7♠ C3 FD`` (face-down), ``7♠ FC3`` (replace the Field Card of C3).
The reader also takes ASCII suits and words, ``10``/``T``/``X``, any case, extra words and tokens,
references people make ("my jack in the third column", "a club in C2", "challenge the face down
card in C1 with my 2♦"; see :mod:`gm.games.masul.reading`) in any order; see rules.md
("Typing moves") for the full list.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from gm.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    Outcome,
    ParseError,
    State,
    game_over_line,
)
from gm.games.cards import card_text, find_cards
from gm.games.masul import reading as references
from gm.games.masul import rules
from gm.games.masul.rules import COLUMNS, MasulMove, label


def render_move(move: MasulMove) -> str:
    """The canonical text: ``7♠ C3`` (face up), ``7♠ C3 FD`` (face down), ``Q♥ FC2`` (a field
    replacement)."""
    kind, card, column = move
    if kind == "field":
        return f"{card} FC{column}"
    return f"{card} C{column}" + (" FD" if kind == "down" else "")


def expected(example: str) -> str:
    """What a move looks like, with a card the reader may see (never a hidden one)."""
    return (
        f"one card from your hand and a column, e.g. '{example} C3' (face up), "
        f"'{example} C3 FD' (face down) or '{example} FC3' (replace the Field Card of C3); "
        "suits may be written S H D C, tens as X, T or 10"
    )


def example_card(state: State, seat: int) -> str:
    """A card ``seat`` can see for examples: its first card in hand, else a Field Card."""
    hand = state["hands"][seat]
    return hand[0] if hand else state["field"][0]


_CANONICAL = re.compile(r"([2-9XJQKA][♣♦♥♠]) (F?)C([1-7])( FD)?")
_FIELD = re.compile(
    r"(?<![a-z0-9])(?:fc|f\.c\.|field(?:\s*cards?)?)\s*(?:of|in|on|at|for)?\s*"
    r"(?:c|col|column)?\.?\s*#?(\d+)(?![0-9])",
    re.IGNORECASE,
)
_FIELD_WORD = re.compile(r"(?<![a-z])(?:fc|field(?:\s*cards?)?)(?![a-z])", re.IGNORECASE)
_COLUMN = re.compile(r"(?<![a-z0-9])(?:c|col|column)\.?\s*#?(\d+)(?![0-9])", re.IGNORECASE)
# with the typos people make (facedwon, fcae down, face donw, faceup → facup), and hiding a card
DOWN = re.compile(
    r"(?<![a-z])(?:fd|f[ac]{2}e?[\s_-]*(?:down|dwon|donw|dow|dwn|doen)|hidden|hide|hiding|"
    r"conceal\w*|secretly|upside[\s_-]*down|covered|blind(?:ly)?|unrevealed|without showing|"
    r"(?:don'?t|do not) (?:show|reveal) it)(?![a-z])",
    re.IGNORECASE,
)
UP = re.compile(r"(?<![a-z])(?:fu|f[ac]{2}e?[\s_-]*(?:up|uo)|open)(?![a-z])", re.IGNORECASE)
_REPLACE = re.compile(r"(?<![a-z])(?:replac\w*|swap\w*|exchang\w*)", re.IGNORECASE)
_BARE_RANK = re.compile(
    r"(?<![a-z0-9'’])(10|[2-9]|[xtjqk]|two|three|four|five|six|seven|eight|nine|ten|jack|queen"
    r"|king|ace)s?(?![a-z0-9'’])",
    re.IGNORECASE,
)
_RANK_WORDS = {
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "X", "10": "X", "t": "X", "jack": "J", "queen": "Q", "king": "K",
    "ace": "A",
}  # fmt: skip


def _blank(text: str, pattern: re.Pattern[str]) -> tuple[str, list[re.Match[str]]]:
    found = list(pattern.finditer(text))
    for m in found:
        a, b = m.span()
        text = text[:a] + " " * (b - a) + text[b:]
    return text, found


def _parse_error(text: str, example: str, detail: str = "") -> ParseError:
    err = ParseError(text, expected(example))
    if detail:
        err.reason = f"{err.reason} {detail}"
        err.args = (err.reason,)
    return err


class Reading(NamedTuple):
    """What a text names: cards, bare ranks, suits named alone, the column, the kind of play
    ("field", "down", "up", "field-down" or None: not said), whether it is a challenge, and a
    superlative ("low"/"high": "my lowest club")."""

    cards: list[str]
    ranks: list[str]
    suits: list[str]
    column: int | None
    kind: str | None
    challenge: bool
    extreme: str | None


def read(text: str, example: str, state: State, seat: int) -> Reading:
    """Split ``text`` (references resolved against ``seat``'s position) into a :class:`Reading`.
    ParseError on nonsense."""
    t = references.normalise(text, state, seat)
    t, challenged = references.challenge(t)
    if challenged:  # a challenge is played face up: "face down" names the opponent's card
        t = DOWN.sub(" ", t)
    t, fields = _blank(t, _FIELD)
    t, field_words = _blank(t, _FIELD_WORD)
    t, cols = _blank(t, _COLUMN)
    t, downs = _blank(t, DOWN)
    t, ups = _blank(t, UP)
    t, replace = _blank(t, _REPLACE)
    column = _one_column(text, example, fields + cols)
    if downs and ups:
        raise _parse_error(text, example, "It says both face up and face down.")
    kind = "field" if (fields or field_words or replace) else None
    if downs:
        kind = "down" if kind is None else "field-down"
    elif ups and kind is None:
        kind = "up"
    structured = column is not None or kind is not None or challenged
    t, cards = _cut_cards(t, structured)
    ranks: list[str] = []
    suits: list[str] = []
    end = references.superlative(t)
    if not cards:
        ranks = _bare_ranks(t, structured)
        # a suit named alone, or the colour said with a rank ("the red king")
        suits = references.suit_words(t) if not ranks else references.colour_suits(t)
    if not cards and not ranks and not suits and end is None:
        raise _parse_error(text, example, "It names no card.")
    if challenged and kind is not None and kind != "up":
        raise _parse_error(text, example, "A challenge is a face-up play into your own row.")
    return Reading(cards, ranks, suits, column, kind, challenged, end)


def _one_column(text: str, example: str, named: list[re.Match[str]]) -> int | None:
    """The one column the text names (C3, field 3), if any."""
    numbers = {int(m.group(1)) for m in named}
    if len(numbers) > 1:
        listed = ", ".join(f"C{n}" for n in sorted(numbers))
        raise _parse_error(text, example, f"It names more than one column ({listed}); name one.")
    column = numbers.pop() if numbers else None
    if column is not None and not 1 <= column <= COLUMNS:
        raise _parse_error(text, example, f"There is no column {column}; the columns are C1-C7.")
    return column


def _cut_cards(t: str, structured: bool) -> tuple[str, list[str]]:
    """The whole cards ``t`` names, each once, and ``t`` with them blanked out ("as" is the
    English word, not the ace of spades, when other cards are named). In a ``structured`` text
    (it named a column or a way to play) a lower-case code is a card: "ac c4 fd"."""
    found = find_cards(t, notation=structured)
    cards: list[str] = []
    for card, (a, b) in found:
        if len(found) > 1 and t[a:b] == "as":  # the English word, not the ace of spades
            continue
        t = t[:a] + " " * (b - a) + t[b:]
        code = card_text(card)
        if code not in cards:
            cards.append(code)
    return t, cards


def _bare_ranks(t: str, structured: bool) -> list[str]:
    """Ranks named without a suit ("the king", "k c3"), each once; a lone letter counts only
    in a ``structured`` text (one naming a column, a way to play, or a challenge)."""
    ranks: list[str] = []
    for m in _BARE_RANK.finditer(t):
        word = m.group(1).lower()
        if len(word) == 1 and word.isalpha() and not structured:
            continue  # a lone letter is a card only in a move ("k c3"), not in "ok k"
        code = _RANK_WORDS.get(word, word.upper())
        if code not in ranks:
            ranks.append(code)
    return ranks


def parse_move(text: str, state: State, seat: int) -> MasulMove:
    """Read ``text`` as a legal move of ``seat`` or raise the matching GameError."""
    m = _CANONICAL.fullmatch(text.strip())
    if m:
        how = "field" if m.group(2) else ("down" if m.group(4) else "up")
        if not (how == "field" and m.group(4)):
            canonical = MasulMove(how, m.group(1), int(m.group(3)))
            rules.check_move(state, seat, canonical)
            return canonical
    example = example_card(state, seat)
    said = read(text, example, state, seat)
    cards, column, kind = said.cards, said.column, said.kind
    if len(cards) == 2 and (column is None and kind in (None, "field") or _SWAP.search(text)):
        move = _field_by_name(cards, state, seat)
        # "swap the 7♥ field card in column 2 for my 7♣": the column said is the field card's
        if move is not None and (column is None or column == move.column):
            rules.check_move(state, seat, move)
            return move
    if len(cards) > 1:
        raise _parse_error(
            text,
            example,
            f"It names {len(cards)} cards ({', '.join(cards)}); a turn plays one card.",
        )
    if kind == "field-down":
        raise IllegalMoveError(
            "A field replacement is always played face up; it cannot be face down.",
            rule="field-face-up",
            hint=f"Drop 'FD', e.g. '{example} FC3'.",
        )
    candidates_cards = _cards_meant(said, state, seat)
    if said.challenge:
        return _challenge(text, state, seat, candidates_cards, column)
    if column is not None:
        kinds = [kind] if kind else ["up"]
        moves = [MasulMove(k, card, column) for card in candidates_cards for k in kinds]
        legal = [mv for mv in moves if _is_legal(state, seat, mv)]
        if len(legal) == 1:
            return legal[0]
        if not legal:
            rules.check_move(state, seat, moves[0])  # raises, naming the rule
        raise AmbiguousMoveError(text, [render_move(mv) for mv in legal])
    legal = [
        mv
        for mv in rules.legal_moves(state, seat)
        if mv.card in candidates_cards and (kind is None or mv.kind == kind)
    ]
    if len(legal) == 1:
        return legal[0]
    if not legal:  # only "down" or "field" can leave a card without a play
        names = " or ".join(candidates_cards)
        if kind == "down":
            open_cols = rules.open_columns(state, seat)
            raise IllegalMoveError(
                f"{names} cannot be played face down anywhere now: every open slot of "
                f"{label(seat)} faces a face-up card.",
                rule="face-down-on-face-up",
                hint=f"Play it face up, e.g. '{candidates_cards[0]} C{open_cols[0]}'.",
            )
        raise IllegalMoveError(
            f"{names} cannot replace any Field Card: a replacement needs the same rank.",
            rule="field-rank",
            hint="Field Cards now: " + "-".join(state["field"]) + ".",
        )
    raise AmbiguousMoveError(text, [render_move(mv) for mv in legal])


def _cards_meant(said: Reading, state: State, seat: int) -> list[str]:
    """The cards of ``seat``'s hand the reading names: a card, a rank, a suit, a superlative."""
    hand = state["hands"][seat]
    if said.cards:
        rules.check_in_hand(state, seat, said.cards[0])
        return said.cards
    if said.ranks:
        meant = [c for c in hand if c[0] in said.ranks and (not said.suits or c[1] in said.suits)]
        what = "card of rank " + " or ".join(said.ranks)
    elif said.suits:
        meant = [c for c in hand if c[1] in said.suits]
        what = " or ".join(_SUIT_NAMES[s] for s in said.suits)
    else:
        meant, what = list(hand), "card"
    if not meant:
        raise IllegalMoveError(
            f"You hold no {what}.",
            rule="not-in-hand",
            hint="Your hand: " + ("-".join(hand) if hand else "(empty)"),
        )
    if said.extreme:
        meant = references.extreme(meant, said.extreme)
    return meant


_SUIT_NAMES = {"♣": "club", "♦": "diamond", "♥": "heart", "♠": "spade"}


def _challenge(
    text: str, state: State, seat: int, cards: list[str], column: int | None
) -> MasulMove:
    """A challenge: one of ``cards`` face up opposite a face-down card of the opponent."""
    opp = state["rows"][1 - seat]
    own = state["rows"][seat]
    targets = [c + 1 for c in range(COLUMNS) if opp[c] is not None and not opp[c]["up"]]
    if column is not None:
        if own[column - 1] is None and column not in targets:
            raise IllegalMoveError(
                f"There is no face-down card of {label(1 - seat)} in C{column} to challenge; "
                "a challenge is a face-up play opposite a face-down card.",
                rule="no-challenge",
                hint="Face-down cards you can challenge: "
                + (", ".join(f"C{c}" for c in targets if own[c - 1] is None) or "none"),
            )
        targets = [column]
    moves = [MasulMove("up", card, c) for card in cards for c in targets]
    legal = [mv for mv in moves if _is_legal(state, seat, mv)]
    if len(legal) == 1:
        return legal[0]
    if not legal:
        if moves:
            rules.check_move(state, seat, moves[0])  # raises, naming the rule
        raise IllegalMoveError(
            f"There is no face-down card of {label(1 - seat)} facing an empty slot of yours "
            "to challenge.",
            rule="no-challenge",
            hint=f"Open columns on {label(seat)}: "
            + ", ".join(f"C{c}" for c in rules.open_columns(state, seat)),
        )
    raise AmbiguousMoveError(text, [render_move(mv) for mv in legal])


def _is_legal(state: State, seat: int, move: MasulMove) -> bool:
    try:
        rules.check_move(state, seat, move)
    except IllegalMoveError:
        return False
    return True


# a swap said in words: the Field Card named is replaced, whatever column is said with it
# (and "4♣ for the 4♠ field card in c4": one card given for the other)
_SWAP = re.compile(
    r"\b(?:swap\w*|replac\w*|switch\w*|trade|exchange|for my|for (?:the|that|their|this))\b",
    re.IGNORECASE,
)


def _field_by_name(cards: list[str], state: State, seat: int) -> MasulMove | None:
    """'replace 7♦ with 7♠': one named card is a Field Card, the other is played onto it."""
    field = state["field"]
    in_field = [c for c in cards if c in field]
    if len(in_field) != 1:
        return None
    played = next(c for c in cards if c != in_field[0])
    return MasulMove("field", played, field.index(in_field[0]) + 1)


# ---------------------------------------------------------------- the board


def _slot(slot: dict | None, reveal: bool) -> str:
    if slot is None:
        return "[]"
    return slot["card"] if slot["up"] or reveal else "FD"


_COLUMNS_LINE = "Columns: " + "-".join(f"C{c}" for c in range(1, COLUMNS + 1))


def _cards(cards: list[str]) -> str:
    return "-".join(cards) if cards else "(empty)"


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board in the seed's shape, then extra lines (see rules.md, "The board").

    Given the framework's ``outcome`` (any termination) every card is shown, then a line per
    decided column, the score and, last, the game-over line; there is no turn line."""
    over = outcome is not None
    hands, rows = state["hands"], state["rows"]
    if seat == 1:
        top = f"Opponent's Hand: {len(hands[0])}"
    else:
        top = f"Masul Player's Hand: {len(hands[1])}"
    if seat is None:
        bottom = f"Row 3 Player's Hand: {len(hands[0])}"
    else:
        bottom = "My Hand: " + _cards(hands[seat])
    lines = [
        top,
        _COLUMNS_LINE,
        "Row 1: " + "-".join([_slot(s, over) for s in rows[1]]),
        "Row 2: " + "-".join(state["field"]),
        "Row 3: " + "-".join([_slot(s, over) for s in rows[0]]),
        bottom,
    ]
    if seat is not None and not over:
        own_fd = [f"C{c + 1}={s['card']}" for c, s in enumerate(rows[seat]) if s and not s["up"]]
        if own_fd:
            lines.append("My Face-Down: " + "-".join(own_fd))
    if state["discard"]:
        lines.append("Discard: " + "-".join(state["discard"]))
    if state["options"].get("max_field_replacements") is not None:
        left = [rules.replacements_left(state, s) for s in (0, 1)]
        lines.append(f"Field Replacements Left: Row 3 {left[0]}, Row 1 {left[1]}")
    if not over:
        why = [rules.exhausted(state, s) for s in (0, 1)]
        tired = [f"{label(s)} ({why[s]})" for s in (0, 1) if why[s]]
        if tired:
            lines.append("Exhausted: " + ", ".join(tired))
        turn = state["turn"]
        if turn is not None:
            who = "" if seat is None else (" (you)" if turn == seat else " (opponent)")
            lines.append(f"Turn: {label(turn)}{who}")
    if outcome is None:
        return "\n".join(lines)
    lines.append(f"Unplayed Cards: Row 3 {_cards(hands[0])}; Row 1 {_cards(hands[1])}")
    results = rules.decided_results(state)
    if state["turn"] is None:  # the rules ended the game: every column is scored
        lines.extend(f"C{r.column}: {r.why}" for r in results)
        lines.append(rules.score_line(rules.tally(results)))
    else:  # ended early (resignation, forfeit): only the columns decided so far count
        decided = {r.column: r for r in results}
        for c in range(1, COLUMNS + 1):
            r = decided.get(c)
            lines.append(f"C{c}: {r.why}" if r else f"C{c}: undecided (a slot is still empty)")
        totals = rules.tally(results)
        lines.append(f"Columns Won: Row 3 {totals[0]}, Row 1 {totals[1]}")
    lines.append(game_over_line(outcome))
    return "\n".join(lines)
