"""The pages in a real headless Chromium (tests/browser.py) against a real `gm serve` (gunicorn):

- a whole Masul game against the AI, started from the home page and played by clicking the folded
  list of legal moves on the play page until it is over, while a second browser context watches
  /watch/<game_id> update in place;
- the seat token never in a request line of the server's logs (gunicorn's access log and gm's
  request log), and never in a URL the browser sent except the API's own ``/play/<token>`` paths
  (which the logs redact), nor in a Referer;
- the watch page read with JavaScript off: the server-rendered board, refreshed by the page itself.

One browser and one server for the module (per pytest-xdist worker that runs some of its tests);
each test starts its own games, so the tests hold in any order and on any worker.
"""

from __future__ import annotations

import os
import re
import signal
import time

import pytest
from playwright import sync_api as playwright_api

from tests.real_server import GmServe, call, redis_pid

pytestmark = pytest.mark.slow  # the slow tier: a real browser

VIEWPORT = {"width": 1200, "height": 900}
MAX_CLICKS = 200  # a Masul game is ~10-20 moves a seat; far fewer than this


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("pages") / "data"
    # a 1 s heartbeat: the server finds a closed page's event stream at once, so it stops fast
    with GmServe(data, workers=1, GM_LIVE_HEARTBEAT_S="1") as gm:
        yield gm


def base(server) -> str:
    return f"http://127.0.0.1:{server.port}"


def board_version(page) -> int:
    return int(page.get_attribute("#board", "data-version") or 0)


def test_a_masul_game_played_by_clicking_while_a_second_context_watches_live(server, browser):
    player = browser.new_context(viewport=VIEWPORT)
    watcher = browser.new_context(viewport=VIEWPORT)
    requests: list[tuple[str, str, str | None]] = []  # (url, resource type, Referer)
    player.on(
        "request", lambda r: requests.append((r.url, r.resource_type, r.headers.get("referer")))
    )
    errors: list[str] = []
    page = player.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base(server) + "/")
    page.click("#game-masul button[data-opponent=ai]")
    page.wait_for_selector("#board[data-version] .status")
    token = page.evaluate("() => location.hash.slice(1)")
    game_id, _, secret = token.partition(".")
    assert re.fullmatch(r"[0-9a-f]{16}", game_id) and len(secret) >= 20
    assert page.url.split("#")[0] == base(server) + "/seat"
    assert page.inner_text("#seat-name").startswith("you play Row 3 · game ")  # as the board

    watch = watcher.new_page()
    watch.on("pageerror", lambda e: errors.append(str(e)))
    watch.goto(f"{base(server)}/watch/{game_id}")
    watch.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloaded
    assert watch.get_attribute("#board", "data-status") == "active"

    clicks, seen_live = 0, []
    while page.get_attribute("#board", "data-status") == "active":
        assert clicks < MAX_CLICKS, "the game did not end"
        before = board_version(page)
        _first_listed_move(page).click()
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) > {before}"
        )
        clicks += 1
        if clicks in (1, 5):  # the watcher follows along, in place
            now = board_version(page)
            watch.wait_for_function(
                f"() => Number(document.getElementById('board').dataset.version) >= {now}",
                timeout=10_000,
            )
            seen_live.append(watch.inner_text("#board .text-board"))
    final = board_version(page)
    assert "Game over" in page.inner_text("#board .status")
    assert page.is_visible("#rematch") and not page.is_visible("button.move")
    assert page.locator("#history li").count() >= clicks
    assert page.locator("#history li b").first.inner_text() == "Row 3 (you)"

    watch.wait_for_function(
        "() => document.getElementById('board').dataset.status === 'finished'", timeout=10_000
    )
    assert board_version(watch) == final
    watch.wait_for_selector("#board .picture svg")
    assert watch.evaluate("() => window.sameDocument === true"), "the watch page reloaded"
    assert "Game over" in watch.inner_text("#board .status")
    assert watch.locator("#seats li").all_inner_texts()[0].startswith("Row 3 · ")
    status, _, spectator, _ = call(server.port, "GET", f"/games/{game_id}")
    assert status == 200 and spectator["status"] == "finished"
    assert watch.inner_text("#board .text-board").strip() == spectator["board"].strip()
    assert len(seen_live) == 2 and seen_live[0] != seen_live[1]
    assert errors == []
    print(f"Masul against the AI: {clicks} clicks, final version {final}")

    # The token in URLs: only the API's own /play/<token> paths, never a page's URL, a query or
    # a Referer; and the server's logs (gunicorn's access log, gm's request log) never hold it.
    assert requests
    for url, kind, referer in requests:
        path = url.removeprefix(base(server))
        if secret in url:
            assert path.startswith(f"/play/{token}"), url
            assert secret not in path.partition("?")[2], url
            assert kind in ("fetch", "xhr", "image", "eventsource"), (kind, url)
        assert secret not in (referer or ""), (url, referer)
    documents = [url for url, kind, _ in requests if kind == "document"]
    assert documents and all(secret not in url for url in documents)
    assert any(f"/play/{token}/moves" in url for url, _, _ in requests)
    server_log = server.output()
    assert secret not in server_log
    assert f'"POST /play/{game_id}.…/moves HTTP/1.1" 200' in server_log  # gunicorn's line
    assert '"route": "/play/<token>/moves"' in server_log  # gm's request line
    player.close()
    watcher.close()


def _first_listed_move(page):
    """The first button of the play page's folded list of legal moves, unfolded."""
    page.wait_for_selector("#board[data-touch] .move-list")
    if page.get_attribute("#board .move-list", "open") is None:
        page.click("#board .move-list summary")
    return page.locator("#board .move-list button.move:not([disabled])").first


def _start(server, game: str) -> dict:
    status, _, created, _ = call(
        server.port, "POST", "/games", {"game": game, "opponent": "ai", "seed": 7}
    )
    assert status == 201, created
    view = created["view"]
    if view["your_turn"] and view["legal_moves"]:  # one move, so the picture has a last move
        status, _, moved, _ = call(
            server.port,
            "POST",
            f"/play/{created['token']}/moves",
            {"move": view["legal_moves"][0], "expected_version": view["version"]},
        )
        assert status == 200 and moved["legal"], moved
    return created


def test_the_watch_page_works_without_javascript(server, browser):
    created = _start(server, "masul")
    game_id, token = created["game_id"], created["token"]
    context = browser.new_context(viewport=VIEWPORT, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base(server)}/watch/{game_id}")
    _, _, spectator, _ = call(server.port, "GET", f"/games/{game_id}")
    assert page.inner_text("#board .text-board").strip() == spectator["board"].strip()
    assert page.inner_text("#version") == str(spectator["version"])
    assert "refreshing every" in page.inner_text("#live")  # no script ran to change it
    assert page.locator("#board .picture svg").count() == 1  # the picture, drawn on the server
    assert page.locator("#history li[value]").count() == 2  # the move and the AI's reply
    # Someone moves; the page, refreshing itself, shows it.
    view = call(server.port, "GET", f"/play/{token}")[2]
    status, _, moved, _ = call(
        server.port,
        "POST",
        f"/play/{token}/moves",
        {"move": view["legal_moves"][0], "expected_version": view["version"]},
    )
    assert status == 200 and moved["legal"]
    playwright_api.expect(page.locator("#version")).to_have_text(
        str(moved["version"]), timeout=10_000
    )
    after = call(server.port, "GET", f"/games/{game_id}")[2]
    assert page.inner_text("#board .text-board").strip() == after["board"].strip()
    assert page.locator("#history li[value]").count() == 4
    context.close()


def test_a_friend_joins_by_the_invite_link_and_each_page_sees_the_other_s_move(server, browser):
    first = browser.new_context(viewport=VIEWPORT)
    second = browser.new_context(viewport=VIEWPORT)
    urls: list[str] = []
    second.on("request", lambda r: urls.append(r.url))
    a = first.new_page()
    a.goto(base(server) + "/")
    a.click("#game-masul button[data-opponent=human]")
    a.wait_for_selector("#invite-panel:not([hidden])")
    link = a.input_value("#invite-link")
    assert link.startswith(base(server) + "/join#")
    invite = link.partition("#")[2]
    # the creator's page shows its moves (its turn) or that it waits for a player: whichever
    # the deal gives, once the page has drawn it (read at once, a busy machine raced it)
    a.wait_for_selector(".move-list, #board .status:has-text('waiting for a player')")

    b = second.new_page()
    b.goto(link)
    b.wait_for_url(re.compile(r".*/seat#[0-9a-f]{16}\.[^&]+$"))
    b.wait_for_selector("#board[data-version] .status")
    assert invite not in b.url  # the used invite left the address bar
    assert all(invite.partition(".")[2] not in url for url in urls)  # sent in a body only
    try:  # the seat is taken: no link (live, from the join's change)
        a.wait_for_selector("#invite-panel[hidden]", state="attached", timeout=20_000)
    except playwright_api.TimeoutError:  # say how the page was connected, and what the server saw
        raise AssertionError(
            f"the creator's page never saw the join; it says {a.inner_text('#live')!r}, shows "
            f"version {board_version(a)} (the joined page {board_version(b)}); the server's log "
            f"ends: {server.output()[-3000:]}"
        ) from None

    for mover, other in ((a, b), (b, a), (a, b)):
        before = board_version(other)
        _first_listed_move(mover).click()
        other.wait_for_function(  # the other seat's page sees the move, live
            f"() => Number(document.getElementById('board').dataset.version) > {before}",
            timeout=10_000,
        )
        other.wait_for_selector("#board[data-touch] .move-list")  # and now it is that seat's turn
    # The box takes any phrasing: a request gets a reply and changes nothing; a move is played.
    version = board_version(b)
    b.fill("#say-text", "what can I play?")
    b.press("#say-text", "Enter")
    # the reply itself (the verdict may still say the last move until the answer is in)
    playwright_api.expect(b.locator("#verdict")).to_contain_text("legal moves", timeout=5_000)
    assert board_version(b) == version and b.is_visible(".move-list")
    move = b.get_attribute("button.move >> nth=0", "data-move")
    b.fill("#say-text", f"I play {move}")
    b.press("#say-text", "Enter")
    a.wait_for_function(
        f"() => Number(document.getElementById('board').dataset.version) > {version}",
        timeout=10_000,
    )
    assert "Played" in b.inner_text("#verdict") and board_version(b) > version
    assert invite.partition(".")[2] not in server.output()
    first.close()
    second.close()


def _met_down(page, seconds: float = 3.0) -> bool:
    """Whether the page says, within ``seconds``, that it is no longer live."""
    try:
        page.wait_for_function(
            "() => document.getElementById('live').textContent !== 'live'", timeout=seconds * 1000
        )
    except playwright_api.TimeoutError:
        return False
    return True


def test_the_play_page_follows_on_after_the_store_went_away_for_a_moment(server, browser):
    """The store (the server's supervised Redis) is killed under an open play page: once it is
    back, a move made elsewhere still reaches the page live — a stream the server ended with a
    problem (the store away) is opened again; only a game that is gone stops the page."""
    status, _, created, _ = call(
        server.port, "POST", "/games", {"game": "trumps", "opponent": "human"}
    )
    assert status == 201, created
    (invite,) = created["invites"].values()
    status, _, joined, _ = call(
        server.port, "POST", f"/games/{created['game_id']}/join", {"invite": invite}
    )
    assert status == 200, joined
    context = browser.new_context(viewport=VIEWPORT)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base(server)}/seat#{created['token']}")
    playwright_api.expect(page.locator("#live")).to_have_text("live", timeout=10_000)
    before = board_version(page)

    # Kill the store each time it is back (the supervisor restarts it later and later) until
    # the page has met it down: its stream ended with a problem.
    first = pid = redis_pid(server.data_dir)
    for _ in range(8):
        deadline = time.monotonic() + 15
        while pid is None and time.monotonic() < deadline:
            time.sleep(0.02)
            pid = redis_pid(server.data_dir)
        assert pid, "the supervisor did not start the store again"
        os.kill(pid, signal.SIGKILL)
        pid = None
        if _met_down(page):
            break
    assert page.inner_text("#live") != "live", "the page never met the store down"
    deadline = time.monotonic() + 20
    while call(server.port, "GET", "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "the store did not come back within 20 s"
        time.sleep(0.1)
    assert redis_pid(server.data_dir) not in (None, first)

    for token in (created["token"], joined["token"]):  # whichever seat is to move, moves
        view = call(server.port, "GET", f"/play/{token}")[2]
        if view["your_turn"]:
            body = {"move": view["legal_moves"][0], "expected_version": view["version"]}
            status, _, moved, _ = call(server.port, "POST", f"/play/{token}/moves", body)
            assert status == 200 and moved["legal"], moved
            break
    page.wait_for_function(
        f"() => Number(document.getElementById('board').dataset.version) > {before}",
        timeout=15_000,
    )
    assert page.inner_text("#live") != "the game is gone" and not errors
    context.close()
