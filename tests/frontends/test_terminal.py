"""`gm play` driven through a pseudo-terminal (pexpect): on its own embedded Redis server, and
against a running gm over HTTP (`--url`)."""

from __future__ import annotations

import os
import re
import sys
import threading

import pexpect
import pytest
from werkzeug.serving import make_server

pytestmark = pytest.mark.slow  # the slow tier: gm play as a process

PROMPT = "Row 3> "
TIMEOUT = 30


def _spawn(*args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "GM_API_KEY")}
    env.update(PYTHONIOENCODING="utf-8", LANG="C.UTF-8", TERM="dumb")
    return pexpect.spawn(
        sys.executable,
        ["-m", "gm", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 250),
    )


def _first_legal(child: pexpect.spawn) -> str:
    child.sendline("what can I play?")
    child.expect(r"Your legal moves \((\d+)\): ([^,\r\n.]+?)(?:,|\.\r?\n)")
    return child.match.group(2)


def _play_to_the_end(child: pexpect.spawn) -> str:
    """Play the first legal move each turn until the game ends; return the final output."""
    for _ in range(20):
        move = _first_legal(child)
        child.expect_exact(PROMPT)
        child.sendline(move)
        child.expect_exact(f"Played {move}.")
        index = child.expect_exact([PROMPT, "Result: "])
        if index == 1:
            board = child.before
            child.expect(pexpect.EOF)
            return board + "Result: " + child.before
    raise AssertionError("the game did not end within 20 turns")


def test_gm_play_masul_plays_to_the_final_score_on_its_own_redis():
    child = _spawn("masul", "--seed", "2024", "--level", "seed")
    child.expect_exact(
        "masul: you are Row 3 against the AI (seed). Type a move, 'help', or 'quit'."
    )
    child.expect_exact("My Hand: 3♣-5♣-J♣-A♣-7♦-Q♦-7♥-5♠-7♠")
    child.expect_exact(PROMPT)

    child.sendline("help")
    child.expect_exact("Send a move as text (for example '3♣ C1')")
    child.expect_exact("Type 'quit' to leave.")
    child.expect_exact(PROMPT)

    child.sendline("play the ace of spades in column 9")
    child.expect_exact("There is no column 9; the columns are C1-C7.")
    child.expect_exact(PROMPT)

    child.sendline("K♠ C1")
    child.expect_exact("Illegal: You do not hold K♠")
    child.expect_exact(PROMPT)

    child.sendline("board")
    child.expect_exact("Here is the board. Your turn (Row 3).")
    child.expect_exact("Row 2: J♦-K♦-3♠-4♦-8♠-6♥-8♣")
    child.expect_exact(PROMPT)

    child.sendline("3 of clubs in column 1")
    child.expect_exact("Played 3♣ C1. Row 3 plays 3♣ in C1.")
    child.expect_exact("Row 3: 3♣-[]-[]-[]-[]-[]-[]")
    child.expect_exact(PROMPT)

    tail = _play_to_the_end(child)
    score = re.search(r"Final Score: Row 3 (\d), Row 1 (\d) - (.+)\r?\n", tail)
    assert score, tail
    a, b = int(score.group(1)), int(score.group(2))
    result = re.search(r"Result: ([^\r\n]+)", tail).group(1)
    assert result == f"Row {3 if a > b else 1} won {max(a, b)} columns to {min(a, b)}" or (
        a == b and result.startswith("Tie")
    )
    child.close()
    assert child.exitstatus == 0


def test_quit_leaves_at_once_with_exit_status_0():
    child = _spawn("masul", "--seed", "1")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect_exact("Bye; the game is left unfinished.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_an_unknown_game_or_level_is_refused_with_the_reason():
    child = _spawn("chess")
    child.expect_exact("gm play: There is no game 'chess'. Games: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = _spawn("masul", "--level", "grandmaster")
    child.expect_exact("AI level 'grandmaster' does not exist for masul")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


@pytest.fixture
def live_url(app):
    """The app on a real socket, in a thread (the same Redis as the other fixtures)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def test_gm_play_with_url_plays_on_a_running_gm_over_http(live_url, redis_client):
    child = _spawn("masul", "--seed", "2024", "--level", "random", "--url", live_url)
    child.expect_exact("masul: you are Row 3 against the AI (random).")
    child.expect_exact(PROMPT)
    child.sendline("whose turn is it?")
    child.expect_exact("Your turn (Row 3).")
    child.expect_exact(PROMPT)
    tail = _play_to_the_end(child)
    assert "Final Score: Row 3 " in tail
    child.close()
    assert child.exitstatus == 0
    # the game lives in the server's Redis
    assert any(key.endswith(b":doc") for key in redis_client.keys("gm:*"))


def test_gm_play_with_an_unreachable_url_says_so():
    child = _spawn("masul", "--url", "http://127.0.0.1:9")
    child.expect_exact("gm play: cannot reach gm at http://127.0.0.1:9")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
