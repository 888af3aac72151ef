"""Mystique Maze opponents.

- ``random``: a uniformly random legal move (it takes the pile card most of the time, since every
  ``PILE <card>`` shorthand is a separate legal move).
- ``heuristic``: keeps the cards that extend its best chains. It scores a hand by counting the
  corner-to-corner chains of exactly 9 links (8 cards: the winning length) through the maze,
  weighting each chain by the product of its cards' weights: a card in hand weighs ``HELD``
  (8), a card nobody can get weighs 0 (another seat's corner), a card seen going into another
  hand weighs ``TAKEN`` (0.2), any other card 1. So a hand is worth about
  ``sum over chains of 8 ** (cards of the chain already held)``: it rewards both the longest
  partial chain and the number of ways to finish it. With the default suit line every card lies
  between the corners and a 9-link chain is a shortest path, so chains are counted by a
  layer-by-layer dynamic programme over the lattice; with the seed's suit line the same
  programme counts non-backtracking 9-link walks, which are then exactly the simple chains.

  Draw step: if taking the pile card and discarding some card wins, do it; else take the pile
  card (as ``PILE <card>``, discarding the card whose loss costs least) when that raises the
  hand's score by more than ``PILE_GAIN`` (10%); else draw from the deck.
  Discard step: a discard that wins; else the discard that leaves the highest score (ties broken
  by the seeded ``rng``).

It decides from its own view only: its hand and corners, the pile card, the other seats' corners
and the cards seen going into their hands.
- ``strong``: a shallow IS-MCTS on the exact evaluation of gm/games/maze/exact.py (a hand's
  chances as the chains between its corners it can still complete). Its moves, best first,
  are the search's root candidates (gm/games/search.py over :func:`sample_hidden`), with
  heuristic playouts of 2 plies scored by the same evaluation of every seat's dealt hand.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from gm.games.base import Engine, Move
from gm.games.maze.exact import RHO, candidate_sets, card_mask, exact_moves, explain
from gm.games.maze.geometry import (
    ALL_CARDS,
    CARD_INDEX,
    CHAIN_LINKS,
    CORNERS,
    adjacency,
    distance,
    winning_chain,
)
from gm.games.maze.rules import HAND_SIZE
from gm.games.maze.rules import SEATS as SEAT_NAMES
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy

HELD = 8.0
TAKEN = 0.2
PILE_GAIN = 0.10

Layers = tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]


@lru_cache(maxsize=64)
def chain_layers(start: str, end: str, order: str) -> Layers:
    """The walks of ``CHAIN_LINKS`` links from ``start`` to ``end`` that never step straight
    back, as layers of states, each stored as (card index, indices of the states of the layer
    before that it extends). When the corners are exactly ``CHAIN_LINKS`` apart (the default suit
    line) every such walk is a shortest path and a state is just a card; otherwise a state is the
    last link (u, v), so that the walk cannot go back to u."""
    adj = adjacency(order)
    s, e = CARD_INDEX[start], CARD_INDEX[end]
    far = [distance(start, c, order) for c in ALL_CARDS]
    near = [distance(c, end, order) for c in ALL_CARDS]
    by_card = far[e] == CHAIN_LINKS
    prev: list[tuple[int, int]] = [(-1, s)]
    layers = []
    for t in range(1, CHAIN_LINKS + 1):
        found: dict[tuple[int, int], list[int]] = {}
        for j, (before, u) in enumerate(prev):
            for v in range(len(ALL_CARDS)):
                if not adj[u] >> v & 1 or v == before:
                    continue
                if t == CHAIN_LINKS:
                    ok = v == e
                else:
                    ok = v not in (s, e) and far[v] <= t and near[v] <= CHAIN_LINKS - t
                if ok:
                    found.setdefault((-1 if by_card else u, v), []).append(j)
        prev = list(found)
        layers.append(tuple((v, tuple(preds)) for (_, v), preds in found.items()))
    return tuple(layers)


def chain_score(layers: Layers, weight: list[float]) -> float:
    """Sum over the 9-link chains of the product of their 8 inner cards' weights."""
    values = [1.0]
    for layer in layers[:-1]:
        new = []
        for v, preds in layer:
            total = 0.0
            for p in preds:
                total += values[p]
            new.append(weight[v] * total)
        values = new
    return sum(values[p] for _, preds in layers[-1] for p in preds)


def _weights(view: dict[str, Any], seat: int) -> list[float]:
    weight = [1.0] * len(ALL_CARDS)
    for s, info in enumerate(view["seats"]):
        if s == seat:
            continue
        for card in info["corners"]:
            weight[CARD_INDEX[card]] = 0.0
        for card in info["known_cards"]:
            weight[CARD_INDEX[card]] = TAKEN
    return weight


def _score(layers: Layers, base: list[float], hand: list[str]) -> float:
    weight = list(base)
    for card in hand:
        weight[CARD_INDEX[card]] = HELD
    return chain_score(layers, weight)


def _best(
    layers: Layers,
    base: list[float],
    options: list[tuple[Move, list[str]]],
    ends: tuple[str, str],
    order: str,
    rng: random.Random,
) -> tuple[Move, float]:
    """The option (move, resulting hand) that wins, else the one with the highest score."""
    for move, hand in options:
        if winning_chain(hand, ends, order) is not None:
            return move, float("inf")
    scored = [(_score(layers, base, hand), move) for move, hand in options]
    top = max(score for score, _ in scored)
    moves = [move for score, move in scored if score >= top * (1 - 1e-9)]
    return (moves[0] if len(moves) == 1 else rng.choice(moves)), top


def heuristic_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    """Keep the cards that extend the best chains (see the module docstring)."""
    order = view["suit_order"]
    ends = tuple(view["seats"][seat]["corners"])
    layers = chain_layers(ends[0], ends[1], order)
    base = _weights(view, seat)
    hand = list(view["hand"])
    discards = [m for m in legal if m[0] == "discard"]
    if discards:
        options = [(m, [c for c in hand if c != m[1]]) for m in discards]
        return _best(layers, base, options, ends, order, rng)[0]
    pile_moves = [m for m in legal if m[0] == "pile"]
    top = view["pile_top"]
    if pile_moves and top is not None:
        with_top = [*hand, top]
        options = [(m, [c for c in with_top if c != m[1]]) for m in pile_moves]
        move, score = _best(layers, base, options, ends, order, rng)
        if score > _score(layers, base, hand) * (1 + PILE_GAIN):
            return move
    if ("draw", "deck") in legal:
        return ("draw", "deck")
    return legal[0]


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A state consistent with ``seat``'s view: the other seats' hands (but the cards seen going
    into them), the deck and the pile below its top card are the unseen cards, dealt at random;
    a dealt hand that would already chain its corners (the game would be over) is dealt again.
    The reshuffle count is the smallest the deck's size and the turns allow."""
    players = view["players"]
    info = view["seats"]
    to_move = SEAT_NAMES.index(view["to_move"])
    drawn = view["drawn"]
    hands = [list(i["known_cards"]) for i in info]
    hands[seat] = list(view["hand"])
    seen = {c for h in hands for c in h} | {c for i in info for c in i["corners"]}
    top = view["pile_top"]
    if top is not None:
        seen.add(top)
    unknown = [c for c in ALL_CARDS if c not in seen]
    order = view["suit_order"]
    for _attempt in range(20):
        rng.shuffle(unknown)
        pool = list(unknown)
        dealt = [list(h) for h in hands]
        for s in range(players):
            if s != seat:
                dealt[s] += [pool.pop() for _ in range(info[s]["hand_size"] - len(dealt[s]))]
        if all(
            s == seat or winning_chain(dealt[s], tuple(info[s]["corners"]), order) is None
            for s in range(players)
        ):
            break
    deck = pool[: view["deck_size"]]
    pile = pool[view["deck_size"] :] + ([top] if top is not None else [])
    if drawn is not None and drawn["card"] is None:  # another seat's card from the deck
        card = next(c for c in dealt[to_move] if c not in info[to_move]["known_cards"])
        drawn = {"from": "deck", "card": card}
    turns = view["turns_played"]
    start = len(ALL_CARDS) - 2 * players - HAND_SIZE * players
    current = drawn is not None and drawn["from"] == "deck"
    n = 0
    while start + n * (start - 1) - len(deck) - current < (1 if turns else 0):
        n += 1
    return {
        "game": "maze",
        "rng": {"seed": rng.randrange(2**31), "n": n},
        "options": {
            "suit_order": order,
            "forbid_immediate_rediscard": view["forbid_immediate_rediscard"],
            "show_chain_hint": "chain_hint" in view,
            "turn_cap": view["turn_cap"],
        },
        "players": players,
        "hands": dealt,
        "known": [list(i["known_cards"]) for i in info],
        "deck": deck,
        "pile": pile,
        "to_move": to_move,
        "step": view["step"],
        "drawn": None if drawn is None else dict(drawn),
        "turns": turns,
        "result": None,
    }


def _state_rewards(engine: Engine, state: dict[str, Any], players: int) -> list[float]:
    """Rewards at a playout's cut-off: each seat's :meth:`Knowledge.value` of its dealt hand (by
    the chain programme: weights 1 held, RHO unseen, 0 out of its reach) as cards missing
    (log in RHO), against the best other seat's."""
    order = state["options"]["suit_order"]
    behind = []
    for s in range(players):
        weight = [RHO] * len(ALL_CARDS)
        for o in range(players):
            if o != s:
                for card in (*CORNERS[o], *state["known"][o]):
                    weight[CARD_INDEX[card]] = 0.0
        hand = state["hands"][s]
        for card in hand:
            weight[CARD_INDEX[card]] = 1.0
        layers = chain_layers(CORNERS[s][0], CORNERS[s][1], order)
        if len(hand) > HAND_SIZE:  # mid-turn: the best 8 of 9
            value = 0.0
            for card in hand:
                weight[CARD_INDEX[card]] = RHO
                value = max(value, chain_score(layers, weight))
                weight[CARD_INDEX[card]] = 1.0
        else:
            value = chain_score(layers, weight)
        behind.append(math.log(value) / math.log(RHO) if value > 0 else HAND_SIZE + 1.0)
    out = []
    for s in range(players):
        best_other = min(b for i, b in enumerate(behind) if i != s)
        out.append(0.5 + 0.5 * math.tanh((best_other - behind[s]) / 1.5))
    return out


@lru_cache(maxsize=32)
def _winning_masks(start: str, end: str, order: str) -> frozenset[int]:
    return frozenset(candidate_sets(start, end, order))


def state_playout(engine: Engine, state: dict[str, Any], seat: int, legal: list[Move], rng):
    """The heuristic's move (:func:`heuristic_policy`) read straight from a determinization,
    for the search's playouts: the same weights from what the seat knows (its hand, the other
    seats' corners and known cards), a win found as a candidate set, no view built."""
    order = state["options"]["suit_order"]
    corners = CORNERS[seat]
    layers = chain_layers(corners[0], corners[1], order)
    wins = _winning_masks(corners[0], corners[1], order)
    weight = [1.0] * len(ALL_CARDS)
    for o in range(state["players"]):
        if o != seat:
            for card in CORNERS[o]:
                weight[CARD_INDEX[card]] = 0.0
            for card in state["known"][o]:
                weight[CARD_INDEX[card]] = TAKEN
    hand = state["hands"][seat]
    for card in hand:
        weight[CARD_INDEX[card]] = HELD
    full = card_mask(hand)

    def best(cards: list[Move], mask: int) -> tuple[Move | None, float]:
        top, choice = -1.0, None
        for m in cards:
            i = CARD_INDEX[m[1]]
            if mask & ~(1 << i) in wins:
                return m, math.inf
            saved, weight[i] = weight[i], 1.0
            score = chain_score(layers, weight)
            weight[i] = saved
            if score > top:
                top, choice = score, m
        return choice, top

    if state["step"] == "discard":
        move, _ = best(legal, full)
        return move
    piles = [m for m in legal if m[0] == "pile"]
    if piles:
        t = CARD_INDEX[state["pile"][-1]]
        now = chain_score(layers, weight)
        saved, weight[t] = weight[t], HELD
        move, score = best(piles, full | 1 << t)
        weight[t] = saved
        if move is not None and score > now * (1 + PILE_GAIN):
            return move
    return ("draw", "deck")


STRONG = SearchSpec(
    evaluate=_state_rewards,
    playout=state_playout,
    epsilon=0.0,
    depth=2,
    iterations=300,
    prior_visits=20,
    candidates=lambda engine, view, seat, legal, rng: exact_moves(view, seat, legal),
    width=4,
    explain=explain,
)

LEVELS = {
    "random": random_policy,
    "heuristic": heuristic_policy,
    "strong": strong_policy(STRONG, players_of=lambda view: view["players"]),
}
