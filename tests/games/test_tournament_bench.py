"""bench/tournament.py plays all-AI tables through Table.run_ai, each seed in both seat orders,
and reports the score share with its confidence interval and the decision times per level."""

from __future__ import annotations

from bench import tournament


def test_a_small_match_plays_both_orders_and_reports_its_figures():
    result = tournament.match("masul", "seed", "random", games=4, first_seed=1)
    assert result["games"] == 4
    assert 0 <= result["draws"] <= 4 and 0 <= result["wins"] <= 4
    assert 0.0 <= result["ci"][0] <= result["share"] <= result["ci"][1] <= 1.0
    # every seed twice, the levels swapping seats: both levels moved, in 4 games of at most 18
    # plies (a seat whose row is full stops early)
    moves = [len(result["times"][level]) for level in ("seed", "random")]
    assert all(4 * 7 <= n <= 4 * 9 for n in moves), moves
    line = tournament.line(result)
    assert "seed vs random" in line and "median" in line and "p95" in line


def test_the_same_seed_gives_the_same_game_in_both_runs():
    a, _ = tournament.play("masul", ("seed", "random"), seed=3)
    b, _ = tournament.play("masul", ("seed", "random"), seed=3)
    assert a == b
