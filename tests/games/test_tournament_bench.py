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
    a, _, _ = tournament.play("masul", ("seed", "random"), seed=3)
    b, _, _ = tournament.play("masul", ("seed", "random"), seed=3)
    assert a == b


def test_the_strong_n_in_a_row_ai_decides_its_games_against_a_line_extender_before_the_cap():
    """The playtest's human extends one line every turn and never blocks; the strong AI contests
    the record (cuts the leader's one escape, blocks the end the challenger grows once escaping
    would only race to the cap) and wins in both seats, before the 200-turn cap (before the
    change: every game with the AI as x was drawn at the cap)."""
    result = tournament.match("n-in-a-row", "strong", "line", games=4, first_seed=1)
    assert (result["games"], result["caps"], result["wins"]) == (4, 0, 4), result


def test_the_closing_table_counts_cap_endings_apart_from_other_draws():
    result = tournament.match("n-in-a-row", "random", "random", games=2, options={"max_turns": 2})
    assert result["caps"] == result["draws"] == 2  # one mark each decides nothing
    table = tournament.cap_table([result])
    head, rule, row = table.splitlines()
    assert "cap %" in head and rule.startswith("|---")
    assert row == "| n-in-a-row | random vs random | 2 | 0 | 0 | 2 | 100.0% |"
    assert "cap   2, 100.0%" in tournament.line(result)


def test_the_strength_bench_prints_a_row_per_budget_with_cpu_and_both_shares(capsys):
    from bench import strength

    assert strength.main(["masul", "--budgets", "1,2", "--games", "2", "--random-games", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| game | think ms |") and len(lines) == 2 + 2
    for think, line in zip((1, 2), lines[2:], strict=True):
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[0] == "masul" and cells[1] == str(think)
        median, p95 = (float(x) for x in cells[2].split(" (n=")[0].split(" / "))
        assert 0 <= median <= p95
        assert cells[3].endswith("vs seed") and "2 games" in cells[3] and "2 games" in cells[4]
