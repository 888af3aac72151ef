"""Policies every game can use."""

from __future__ import annotations

import random
from typing import Any

from gm.games.base import Engine, Move


def random_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    """Uniformly one of the legal moves."""
    return rng.choice(legal)
