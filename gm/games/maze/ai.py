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
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from gm.ai.basic import random_policy
from gm.games.base import Engine, Move
from gm.games.maze.geometry import (
    ALL_CARDS,
    CARD_INDEX,
    CHAIN_LINKS,
    adjacency,
    distance,
    winning_chain,
)

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


LEVELS = {
    "random": random_policy,
    "heuristic": heuristic_policy,
}
