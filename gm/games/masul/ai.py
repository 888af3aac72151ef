"""Masul opponents. Every level decides from its own seat's view and the legal moves only.

Levels, weakest first:

- ``random``: a uniformly random legal move.
- ``seed``: the seed's own opponent strategy (seed 000, §11), made concrete. Every legal move gets
  a score and the best is played (ties broken by the seeded rng). Definitions:

  * a card's *strength* in a column is its rank (2..14, X = 10) plus 13 when its suit matches the
    column's Field Card (§11.1 "play cards that match the suit of the Field Card"): a matching
    card beats any non-matching one, as in scoring;
  * **high** = rank 9 or more; **low** = rank 8 or less.

  Column plays (§11.2, §11.3): a high card is played face-up, a low card face-down; a face-down
  play is only considered where it is legal (opposing slot empty or face-down), else the card
  goes face-up. Scores:

  * the opposing card is face-up and ours beats it: ``1 + (27 - strength) / 100`` — a sure
    column, taken with the cheapest card that wins it;
  * the opposing card is face-up and ours cannot beat it: ``-0.5 - strength / 54`` — a lost
    column gets our weakest card;
  * the opposing slot is empty: ``(strength - 14) / 13`` — strong (matching, high) cards claim
    open columns first;
  * the opposing card is face-down: a high card challenges it face-up, scored as for an empty
    slot; a low card goes face-down beside it, scored 0.05 (a likely draw that spends junk).

  Field replacement (§11.4 "play low-value cards on Field Cards, once per match"): only with a
  low card, only while this seat has made no replacement yet, and only when it improves the
  column as far as the seat can see (the new Field Card's suit turns a column we lose or
  cannot judge into one we win). Scored ``0.5 + gain`` so it beats leading a weak card but not a
  sure win elsewhere.
- ``strong``: IS-MCTS (gm/games/search.py) over deals of the unseen cards (the other hand, its
  face-down cards, the unused cards) drawn by a model of a seed-level opponent
  (gm/games/masul/model.py: its face-down cards are low, what it left unplayed was weaker than
  what it played, its last move was its best), each iteration one compact seed-level playout
  to the end of the game (``epsilon`` = 10% random moves), a finished game worth half its win
  and half its column margin; the tree is the root's moves only (flat Monte Carlo with UCB:
  a deeper tree cost as much CPU as the playouts and measured no stronger at a short think
  budget), played on the compact form (``simulator``: model.model_simulator, its playouts in
  playout.py, which mypyc compiles) — about 400 playouts over 32 modelled deals in 8 ms. It
  searches 12 candidates (:func:`search_candidates`): the seed
  level's best and moves the seed level never makes (a low card face up, a field replacement
  with a high card or a second one: a replacement also passes the turn, and the seat that
  fills a column second sees what it answers).
"""

from __future__ import annotations

import random
from typing import Any

from gm.games.base import Engine, Move
from gm.games.masul.model import (
    model_draws,
    model_simulator,
    playout_evaluation,
    seed_playout,
    state_from_view,
)
from gm.games.masul.rules import ALL_CARDS, COLUMNS, SEAT_NAMES, column_result, rank, sort_key, suit
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy

HIGH = 9  # rank 9 or more is a high card; 8 or less is low


_STRENGTH = {  # (card, field card's suit) -> strength: a table, the searcher calls it often
    (card, field_suit): rank(card) + (13 if suit(card) == field_suit else 0)
    for card in ALL_CARDS
    for field_suit in "♣♦♥♠"
}
_RANK = {card: rank(card) for card in ALL_CARDS}


def strength(card: str, field_card: str) -> int:
    return _STRENGTH[card, field_card[1]]


def _known_value(mine: dict | None, theirs: dict | None, field_card: str) -> float:
    """How column looks for us: +1 won, -1 lost, 0 draw/unknown, fractions for estimates."""
    if mine is None and theirs is None:
        return 0.0
    if mine is None:
        assert theirs is not None
        if "card" not in theirs:
            return 0.0
        return -(strength(theirs["card"], field_card) - 14) / 13
    if theirs is None:
        return (strength(mine["card"], field_card) - 14) / 13
    if "card" not in theirs:
        return 0.0  # both face-down (a draw) or theirs unknown
    if mine["face"] == "down" and theirs["face"] == "down":
        return 0.0
    a, b = strength(mine["card"], field_card), strength(theirs["card"], field_card)
    return (a > b) - (a < b)


def seed_scores(view: dict[str, Any], seat: int, legal: list[Move]) -> list[tuple[float, Move]]:
    """The seed level's ``(score, move)`` of each move it would consider, in legal order."""
    me, them = SEAT_NAMES[seat], SEAT_NAMES[1 - seat]
    own, opp, field = view["rows"][me], view["rows"][them], view["field"]
    replaced = view["field_replacements"][me] > 0
    legal_set = set(legal)
    strength_of, rank_of = _STRENGTH, _RANK
    # per column: its Field Card's suit, the strength of the opposing card when it is face-up
    # (None otherwise), and whether the opposing card is face-down
    suits = [fc[1] for fc in field]
    up = [
        None if t is None or t["face"] != "up" else strength_of[t["card"], fc[1]]
        for t, fc in zip(opp, field, strict=True)
    ]
    down_there = [t is not None and t["face"] != "up" for t in opp]
    scored: list[tuple[float, Move]] = []
    append = scored.append
    for move in legal:
        kind, card, column = move
        c = column - 1
        if kind == "field":
            if replaced or rank_of[card] >= HIGH:
                continue
            fc = field[c]
            before = _known_value(own[c], opp[c], fc)
            after = _known_value(own[c], opp[c], card)
            gain = after - before
            if gain <= 0.3:
                continue
            append((0.5 + gain, move))
            continue
        if rank_of[card] < HIGH:  # a low card goes face down where it may, else face up
            if kind != "down" and (kind != "up" or ("down", card, column) in legal_set):
                continue
        elif kind != "up":  # a high card goes face up
            continue
        s = strength_of[card, suits[c]]
        t = up[c]
        if t is not None:
            score = 1 + (27 - s) / 100 if s > t else -0.5 - s / 54
        elif kind == "down" and down_there[c]:
            score = 0.05
        else:
            score = (s - 14) / 13
        append((score, move))
    return scored


def seed_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    best: list[Move] = []
    best_score = above = float("-inf")  # above: best_score + 1e-9
    for score, move in seed_scores(view, seat, legal):
        if score > above:
            best, best_score, above = [move], score, score + 1e-9
        elif -1e-9 <= score - best_score <= 1e-9:
            best.append(move)
    return rng.choice(best) if best else rng.choice(legal)


def seed_candidates(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list:
    """The moves the strong level searches: the seed level's, best first."""
    scored = seed_scores(view, seat, legal)
    ranked = [m for _, m in sorted(scored, key=lambda sm: -sm[0])]
    return ranked or list(legal)


def search_candidates(
    engine: Engine, view: dict[str, Any], seat: int, legal, rng, head: int = 6, extra: int = 3
) -> list:
    """The moves the strong level searches, best first: the seed level's six best, then moves
    the seed level never makes but that may pay — the face-up twin of a low card it would play
    face down, and any field replacement that improves the column as far as the seat sees (a
    high card, a second one) — then the seed level's others."""
    ranked = seed_candidates(engine, view, seat, legal, rng)
    legal_set, known = set(legal), set(ranked)
    twins = [
        m
        for kind, card, column in ranked[:head]
        if kind == "down" and (m := type(legal[0])("up", card, column)) in legal_set
    ]
    me, them = SEAT_NAMES[seat], SEAT_NAMES[1 - seat]
    own, opp, field = view["rows"][me], view["rows"][them], view["field"]
    swaps = []
    for move in legal:
        if move[0] == "field" and move not in known:
            c = move[2] - 1
            gain = _known_value(own[c], opp[c], move[1]) - _known_value(own[c], opp[c], field[c])
            if gain > 0:
                swaps.append((-gain, move))
    more = twins[:extra] + [m for _, m in sorted(swaps, key=lambda gm: gm[0])[:extra]]
    return list(dict.fromkeys(ranked[:head] + more + ranked[head:]))


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A Masul state consistent with ``seat``'s view: the other seat's hand and face-down cards
    and the 27 unused cards are the cards ``seat`` has not seen, dealt at random."""
    names = SEAT_NAMES
    seen = set(view["hand"]) | set(view["field"]) | set(view["discard"])
    rows: list[list[dict[str, Any] | None]] = []
    for s in (0, 1):
        row: list[dict[str, Any] | None] = []
        for slot in view["rows"][names[s]]:
            if slot is None:
                row.append(None)
            else:
                if "card" in slot:
                    seen.add(slot["card"])
                row.append({"card": slot.get("card"), "up": slot["face"] == "up"})
        rows.append(row)
    unknown = sorted(ALL_CARDS - seen, key=sort_key)
    rng.shuffle(unknown)
    other = 1 - seat
    for slot in rows[other]:
        if slot is not None and slot["card"] is None:
            slot["card"] = unknown.pop()
    count = view["hand_counts"][names[other]]
    return state_from_view(view, seat, rng, rows, unknown[:count], unknown[count:])


def explain(engine: Engine, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """The coach's reason: why it wins a column where the view tells it, else what it does."""
    return _column_reason(view, seat, move) or _what_it_does(view, seat, move)


def _what_it_does(view: dict[str, Any], seat: int, move: Move) -> str:
    """What a play does, in the rules' words, when the view cannot tell how its column ends."""
    kind, card, column = move
    opp = view["rows"][SEAT_NAMES[1 - seat]][column - 1]
    facing = (
        "the other row's card there is face down"
        if opp is not None and opp["face"] != "up"
        else "the other row has no card there yet"
        if opp is None
        else f"against {opp['card']}"
    )
    if kind == "down":
        return f"It plays {card} face down in C{column} ({facing}): hidden until the end"
    if kind == "field":
        return f"It replaces the Field Card of C{column} with {card}: the column's suit changes"
    return f"It plays {card} face up in C{column} ({facing})"


def _column_reason(view: dict[str, Any], seat: int, move: Move) -> str | None:
    """Where the view tells it: a face-up play against a face-up card, or a
    field replacement under two face-up cards, that wins the column as its Field Card stands
    (in the rules' words), or a face-down card beside a face-down one (a draw)."""
    kind, card, column = move
    c = column - 1
    me, them = SEAT_NAMES[seat], SEAT_NAMES[1 - seat]
    own, opp = view["rows"][me][c], view["rows"][them][c]
    field = list(view["field"])
    if kind == "down":
        if opp is not None and opp["face"] != "up":
            return f"In C{column}: a face-down card beside a face-down card, a draw for {card}"
        return None
    if opp is None or opp["face"] != "up":
        return None
    mine = own if kind == "field" else {"card": card, "face": "up"}
    if mine is None or mine["face"] != "up":
        return None
    if kind == "field":
        field[c] = card
    rows: list[list[dict[str, Any] | None]] = [[None] * COLUMNS, [None] * COLUMNS]
    rows[seat][c] = {"card": mine["card"], "up": True}
    rows[1 - seat][c] = {"card": opp["card"], "up": True}
    result = column_result({"field": field, "rows": rows}, column)
    if result.winner != seat:
        return None
    stands = "with the new Field Card" if kind == "field" else "as its Field Card stands"
    return f"In C{column} ({stands}): {result.why}"


STRONG = SearchSpec(
    evaluate=playout_evaluation(epsilon=0.1, margin=0.5),  # a whole compact playout
    playout=seed_playout,
    depth=0,  # the evaluation plays to the end itself
    iterations=3000,  # the think budget ends a move first
    candidates=search_candidates,
    width=12,
    prior_visits=10,
    margin=0.5,  # a finished game counts half its win, half its column margin
    sampler=model_draws(8),  # the generic path's deals (the simulator's fallback)
    tree_depth=1,  # the root's moves, each with a whole playout: more playouts for the CPU
    # ... on the compact form, 32 modelled deals (8: 72.6%, 16: 74.0%, 32: 74.6-76.8%, 64:
    # 72.6% vs seed at 8 ms, 400 games; each deal costs setup time); the fields above: its fallback
    simulator=model_simulator(32),
    extend=1,  # no longer look at a close choice: as strong (72.6% either way), a third the p95
    # half the think budget: the curve flattens at 4 ms (2 ms 61.0%, 4 ms 73.5%, 8 ms 76.8% vs
    # seed, 400 games each, intervals overlapping from 4 ms) and a move costs half the CPU
    think=0.5,
    explain=explain,
)

LEVELS = {"random": random_policy, "seed": seed_policy, "strong": strong_policy(STRONG)}
