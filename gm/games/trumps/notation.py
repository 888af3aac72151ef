"""Your Trumps notation: reading moves from free text, writing moves and the board.

Move values are ``("lead", "9♣")``, ``("beat", "J♦", "7♣")``, ``("beat", "Q♥", None)``,
``("take",)``, ``("trump", "♥")``; their canonical texts: ``LEAD 9♣`` · ``BEAT J♦ 7♣`` (beat
with J♦, then put 7♣) · ``BEAT Q♥`` (the last card) · ``TAKE`` · ``TRUMP ♥`` (set-up only).
The reader takes any case, ASCII suits and words, and extra words ("beat the jack of diamonds
with the queen of diamonds and the 7 of clubs", "pick up").
"""

from __future__ import annotations

import re

from gm.games import cards
from gm.games.base import IllegalMoveError, Move, Outcome, ParseError, State, game_over_line
from gm.games.trumps.rules import (
    CODES,
    NORTH,
    ROLE,
    SEATS,
    SOUTH,
    SUITS,
    check,
    hint,
    sort_key,
    suit,
    take_count,
)

# Placeholders, not real cards: an example card could be one the player does not hold.
EXPECTED = (
    "a move such as 'LEAD <card>', 'BEAT <card> <card>' (beat the top card with the first, then "
    "put the second), 'BEAT <card>' (with your last card), 'TAKE', or 'TRUMP <suit>' while "
    "trumps are chosen; a card is its rank then its suit (ranks A K Q J 10 9 … 6, ten also T or "
    "X; suits ♣ ♦ ♥ ♠ or C D H S), or in words"
)
_WORD = re.compile(r"[a-z]+|\d+|[♣♦♥♠♧♢♡♤]")
_TAKE_WORDS = {"take", "takes", "pick", "pickup", "draw", "collect", "grab"}
_LEAD_WORDS = {"lead", "leads", "open", "start"}
_BEAT_WORDS = {"beat", "beats", "cover", "covers", "kill"}
_TRUMP_WORDS = {"trump", "trumps", "choose", "chose", "suit", "select"}


def render_move(move: Move) -> str:
    """The canonical text: the action in capitals, then the cards (``BEAT J♦ 7♣``)."""
    if move[0] == "beat" and move[2] is None:
        return f"BEAT {move[1]}"
    return " ".join((move[0].upper(), *move[1:]))


def _canonical_moves() -> dict[str, Move]:
    """Every move in canonical form, by its text (about 2,800): the fast path of the reader."""
    moves: list[Move] = [("take",), *(("trump", s) for s in SUITS)]
    for a in CODES:
        moves += [("lead", a), ("beat", a, None), *(("beat", a, b) for b in CODES if b != a)]
    return {render_move(m): m for m in moves}


_CANONICAL = _canonical_moves()


def parse_move(text: str, state: State, seat: int) -> Move:
    """A legal move of ``seat`` read from ``text``, or ParseError / IllegalMoveError."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED)
    canonical = _CANONICAL.get(text)
    if canonical is not None:
        return check(state, seat, canonical)
    spans = cards.find_cards(text)
    found = [cards.card_text(c, ten="10") for c, _ in spans]
    rest = text.lower()
    for _, (a, b) in reversed(spans):
        rest = rest[:a] + " " + rest[b:]
    words = _WORD.findall(rest)
    wordset = set(words)
    suits = [SUITS[s] for w in words if (s := cards.parse_suit(w)) is not None]
    says_beat = bool(wordset & _BEAT_WORDS)
    says_lead = bool(wordset & _LEAD_WORDS) and not says_beat
    is_take = bool(wordset & _TAKE_WORDS) and not says_beat and not says_lead
    is_trump = bool(wordset & _TRUMP_WORDS) or (
        not found and bool(suits) and not (says_beat or says_lead or is_take)
    )
    if not found and not (is_take or is_trump):
        raise ParseError(text, EXPECTED)

    def illegal(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=hint(state, seat))

    if state["phase"] == "trumps":
        if found or len(set(suits)) != 1:
            raise illegal(
                "Trumps are chosen first: name exactly one suit as your trump (TRUMP ♥).",
                "choose-trump-first",
            )
        return check(state, seat, ("trump", suits[0]))
    if is_trump and not found and not is_take:
        raise illegal(
            "Trumps are chosen only before the deal; they are already set.", "trump-set-up-only"
        )
    if is_take:
        numbers = [int(w) for w in words if w.isdigit()]
        move = check(state, seat, ("take",))
        count = take_count(state["pile"], state["trumps"][seat])
        if numbers and numbers[0] != count:
            raise illegal(
                f"You would take {count} card{'s' * (count != 1)}, not {numbers[0]}.", "take-count"
            )
        return move
    pile = state["pile"]
    if pile and pile[-1] in found and len(found) > 1:
        found.remove(pile[-1])  # "beat the jack of diamonds with ..." names the top card
    if says_lead or (not pile and not says_beat):
        if len(found) != 1:
            raise illegal("A lead is one card.", "lead-one-card")
        return check(state, seat, ("lead", found[0]))
    if len(found) > 2:
        raise illegal(
            "Beat with one card, then put one more card: name at most two cards.",
            "two-cards-at-most",
        )
    return check(state, seat, ("beat", found[0], found[1] if len(found) > 1 else None))


# ---------------------------------------------------------------- the board


def hand_text(hand: list[str]) -> str:
    """A (sorted) hand grouped by suit: ``6♣ 9♣ · 7♦ Q♦ · 8♥ A♥``."""
    words: list[str] = []
    for i, card in enumerate(hand):
        if i and card[-1] != hand[i - 1][-1]:
            words.append("·")
        words.append(card)
    return " ".join(words)


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board as ``seat`` sees it: the opponent (or north) on top, the pile, then the seat;
    last the seat to move and what it may do, or, once over, the game-over line."""
    opts = state["options"]
    head = f"Your Trumps · {opts['deck']}-card pack · "
    if state["phase"] == "trumps":
        head += "choosing trumps"
    else:
        head += f"{state['ply']} moves played (a draw at {opts['max_plies']})"
    order = (NORTH, SOUTH) if seat is None else (1 - seat, seat)
    rows = {}
    for i in order:
        row = f"{SEATS[i]} ({'you' if i == seat else ROLE[i]}) · trump "
        row += state["trumps"][i] or "not chosen yet"
        if state["phase"] != "trumps":
            n = len(state["hands"][i])
            row += f" · {n} card{'s' * (n != 1)}"
            if i == seat:
                row += ": " + hand_text(state["hands"][i])
            elif state["known"][i]:
                row += " · known: " + " ".join(sorted(state["known"][i], key=sort_key))
        rows[i] = row
    lines = [head, rows[order[0]]]
    if state["phase"] != "trumps":
        pile = state["pile"]
        if pile:
            lines.append(f"pile ({len(pile)}, bottom→top): {' '.join(pile)} ← top {pile[-1]}")
        else:
            lines.append("pile: empty")
    lines.append(rows[order[1]])
    if state["last"]:
        lines.append("last: " + " ".join(state["last"]))
    lines.append(game_over_line(outcome) if outcome is not None else _turn_line(state, seat))
    return "\n".join(lines)


def _turn_line(state: State, seat: int | None) -> str:
    turn = state["turn"]
    who = SEATS[turn] + (" (you)" if turn == seat else "")
    if state["phase"] == "trumps":
        return f"To move: {who} — choose a trump suit (TRUMP ♥); the two trumps must differ."
    pile, trump = state["pile"], state["trumps"][turn]
    if not pile:
        example = f" (LEAD {state['hands'][turn][0]})" if turn == seat else ""
        return f"To move: {who} — lead any card{example}."
    top = pile[-1]
    how = f"a higher {trump}" if suit(top) == trump else f"a higher {suit(top)} or any {trump}"
    # a beat with the last card puts nothing on top of it
    add = (
        " (the last card: nothing to add)" if len(state["hands"][turn]) == 1 else " and add a card"
    )
    return f"To move: {who} — beat {top} with {how}{add}, or TAKE {take_count(pile, trump)}."
