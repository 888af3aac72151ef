"""The play page's chat box in Korean, in a real headless Chromium (tests/browser.py) against a
real `gm serve`: a Korean player plays a whole game of Masul against the AI by typing in the box
— every move in Korean words (클로버 3 1열에 놓을게, 스페이드 킹 7열에 뒤집어서), questions and
requests between them (보드 보여줘, 내가 이기고 있어?, 힌트 좀 줘, 뭐 둘 수 있어?) — and every
reply the page shows is Korean, ≤ 280 characters, with no HTTP words. The box uses the same
``say`` path as ``/say`` and the MCP tool (tests/play/test_chat_korean_game.py replays such a
game there)."""

from __future__ import annotations

import re

import pytest
from playwright import sync_api as playwright_api

from gm.play.chat.replies import JARGON
from tests.browser import launch
from tests.play.test_chat_korean_game import masul_in_korean
from tests.real_server import NO_LIMITS_ENV, GmServe, call

pytestmark = pytest.mark.slow  # the slow tier: a real browser

HANGUL = re.compile(r"[\uac00-\ud7a3]")
QUESTIONS = ("보드 보여줘", "내가 이기고 있어?", "힌트 좀 줘", "뭐 둘 수 있어?", "누구 차례야?")
MAX_MOVES = 40  # a Masul game is 9 or 10 moves a seat


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # a whole game at machine speed: no per-seat or per-address rate (the limits have their tests)
    with GmServe(tmp_path_factory.mktemp("korean-box") / "data", workers=1, **NO_LIMITS_ENV) as gm:
        yield gm


def _say(page, text: str) -> str:
    """``text`` typed in the box and sent: the reply of the answer the page got, which the page
    shows while the game runs (at the end the page shows its summary instead)."""
    page.fill("#say-text", text)
    with page.expect_response(lambda r: r.url.endswith("/say")) as sent:
        page.press("#say-text", "Enter")
    answer = sent.value.json()
    assert sent.value.status == 200, answer
    reply = answer["reply"]
    assert HANGUL.search(reply), (text, reply)
    assert len(reply) <= 280 and not JARGON.search(reply), (text, reply)
    playwright_api.expect(page.locator("#say-text")).to_have_value("", timeout=20_000)
    if answer["status"] == "active":
        assert page.inner_text("#verdict").strip() == reply
    return reply


def test_a_korean_player_plays_masul_in_the_page_s_box(server):
    body = {"game": "masul", "opponent": "ai", "ai_level": "random", "seed": 11}
    status, _, created, _ = call(server.port, "POST", "/games", body)
    assert status == 201, created
    token = created["token"]
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{server.port}/seat#{token}")
        page.wait_for_selector("#board[data-version] .status")
        moves = 0
        while moves < MAX_MOVES:
            view = call(server.port, "GET", f"/play/{token}")[2]
            if view["status"] != "active":
                break
            page.wait_for_function(  # the page shows the version the server has
                f"() => Number(document.getElementById('board').dataset.version) >= "
                f"{view['version']}",
                timeout=10_000,
            )
            asked = QUESTIONS[moves % len(QUESTIONS)]
            _say(page, asked)
            assert call(server.port, "GET", f"/play/{token}")[2]["version"] == view["version"]
            move = next(m for m in view["legal_moves"] if not m.startswith("FC") and "FC" not in m)
            reply = _say(page, masul_in_korean(move))
            assert move in reply, (move, reply)  # played as meant, said in Korean
            after = call(server.port, "GET", f"/play/{token}")[2]
            assert after["version"] > view["version"], reply
            moves += 1
        final = call(server.port, "GET", f"/play/{token}")[2]
        assert final["status"] == "finished" and moves >= 5, (moves, final["board"])
        assert not [s for s in final["seats"] if s.get("illegal_attempts")]
        assert HANGUL.search(_say(page, "점수")), "the result in Korean"
        assert not errors, errors
        browser.close()
