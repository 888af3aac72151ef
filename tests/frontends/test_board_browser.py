"""The touchable board (gm/frontends/web/static/board.js) in a real headless Chromium
(tests/browser.py) against a real `gm serve`:

- every legal move of a Masul opening (~128) and of a Your Trumps position with 229 moves is
  reachable by touching the picture (its targets, then the bar when several moves share a
  path), and all of them are in the folded move list;
- a whole game of each of the six games played on the play page only by touching the picture
  (and the bar for moves without a place: TAKE, EXCHANGE, KEEP), while a spectator's page follows
  it live: the spectator sees every move and the end, the player the finished-game summary;
- every game at 390 × 844 and 1280 × 800: no horizontal overflow, the board and the move box in
  one screen, every button and field at least 44 px high; screenshots written with
  ``GM_SCREENSHOTS=docs/screenshots pytest tests/frontends/test_board_browser.py -k screenshot
  -n 0`` (README shows them);
- axe-core (tests/a11y, npm) finds no serious or critical violation on the home, play and watch
  pages.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from gm.games import GAMES
from tests.browser import png_size
from tests.real_server import NO_LIMITS_ENV, GmServe, call

pytestmark = pytest.mark.slow  # the slow tier: a real browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
MAX_MOVES = 400  # a seat's moves in one game: every game ends far sooner (their move caps)
TRUMPS_229 = 114  # Your Trumps against the random AI, seed 114: 229 legal moves after 7 moves


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("board") / "data"
    # whole games at machine speed: no per-seat or per-address rate (the limits have their tests)
    with GmServe(data, workers=1, GM_LIVE_HEARTBEAT_S="1", **NO_LIMITS_ENV) as gm:
        yield gm


def base(server) -> str:
    return f"http://127.0.0.1:{server.port}"


def _create(server, game: str, **body) -> dict:
    status, _, created, _ = call(
        server.port, "POST", "/games", {"game": game, "opponent": "ai", **body}
    )
    assert status == 201, created
    return created


def _open(context, server, token: str):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base(server)}/seat#{token}")
    page.wait_for_selector("#board[data-version] .status")
    page.errors = errors  # type: ignore[attr-defined]
    return page


# Every legal move of the seat, tried one by one on a fresh copy of the component: touch the
# highlighted targets of its path in order, then its button in the bar if several moves share
# the path; the move the component plays must be that move.
REACH_ALL = """async (token) => {
  const base = "/play/" + encodeURIComponent(token);
  const view = await (await fetch(base, {cache: "no-store", headers: {"GM-API-Version": "1"}}))
    .json();
  const svg = await (await fetch(base + "/board.svg?v=" + view.version)).text();
  const box = document.createElement("div");
  document.body.appendChild(box);
  let played = null;
  const options = {svg: svg, onMove: (m) => { played = m; }};
  GmBoard.render(box, view, options);
  const listed = Array.from(box.querySelectorAll(".move-list button.move"), (b) => b.dataset.move);
  const missed = [];
  const touches = [];
  for (const move of listed) {
    played = null;
    box._gmTouch = null;
    GmBoard.render(box, view, options);
    const keys = new Set(Array.from(box.querySelectorAll(".ht[data-t]"), (t) => t.dataset.t));
    const path = GmBoard.words(move).filter((w) => keys.has(w));
    for (const key of path) {
      const target = box.querySelector('.ht.on[data-t="' + CSS.escape(key) + '"]');
      if (!target) break;
      target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    }
    if (played === null) {
      const button = Array.from(box.querySelectorAll(".touch-bar button.play"))
        .find((b) => b.textContent === move);
      if (button) button.click();
    }
    if (played !== move) missed.push(move);
    touches.push(path.length);
  }
  box.remove();
  return {listed, missed, total: view.legal_moves_total, touched: touches.filter((n) => n).length};
}"""


def _reach_all(page, token: str) -> dict:
    return page.evaluate(REACH_ALL, token)


def test_every_legal_move_of_a_masul_opening_and_a_229_move_trumps_position_is_touchable(
    server, browser
):
    context = browser.new_context(viewport=LAPTOP)
    masul = _create(server, "masul", seed=7)
    page = _open(context, server, masul["token"])
    reached = _reach_all(page, masul["token"])
    assert reached["total"] > 100 and len(reached["listed"]) == reached["total"]
    view = call(server.port, "GET", f"/play/{masul['token']}")[2]
    beyond = reached["listed"][len(view["legal_moves"]) :]  # the view's list stops at 100
    assert beyond and beyond[-1].split()[0] == view["state"]["hand"][-1]  # the last card's
    assert reached["missed"] == [] and reached["touched"] == reached["total"]
    print(f"Masul opening: {reached['total']} legal moves, every one touchable")

    trumps = _create(server, "trumps", seed=TRUMPS_229, ai_level="random")
    token = trumps["token"]
    for _ in range(7):  # the first legal move each time, as when the seed was found
        view = call(server.port, "GET", f"/play/{token}?wait=10&after_version=0")[2]
        while not view["your_turn"]:
            view = call(
                server.port, "GET", f"/play/{token}?wait=10&after_version={view['version']}"
            )[2]
        status, _, moved, _ = call(
            server.port,
            "POST",
            f"/play/{token}/moves",
            {"move": view["legal_moves"][0], "expected_version": view["version"]},
        )
        assert status == 200 and moved["legal"], moved
    view = call(server.port, "GET", f"/play/{token}")[2]
    while not view["your_turn"]:
        view = call(server.port, "GET", f"/play/{token}?wait=10&after_version={view['version']}")[2]
    assert view["legal_moves_total"] == 229 and len(view["legal_moves"]) == 100
    page = _open(context, server, token)
    reached = _reach_all(page, token)
    assert len(reached["listed"]) == 229 and reached["missed"] == []
    print(f"Your Trumps: {reached['total']} legal moves, {reached['touched']} through the picture")
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()


def _your_turn(page) -> bool:
    """Waits until the page is ready: the seat's picture touchable, or the game over."""
    page.wait_for_function(
        "() => { const b = document.getElementById('board');"
        " return b.dataset.status === 'finished' || b.dataset.touch === b.dataset.version; }",
        timeout=30_000,
    )
    return page.get_attribute("#board", "data-status") == "active"


def _touch_one_move(page, rng: random.Random) -> None:
    """Touches the picture (a random highlighted target, again and again) until a move is sent;
    a move without a place (TAKE, EXCHANGE, KEEP) or several moves sharing a path: the bar."""
    version = page.get_attribute("#board", "data-version")
    for _ in range(8):
        if (
            page.get_attribute("#board", "data-version") != version
            or page.locator("#board[data-touch]").count() == 0
        ):
            return
        targets = page.locator("#board .picture .ht.on")
        bar = page.locator("#board .touch-bar button.play")
        if targets.count() and (bar.count() == 0 or rng.random() < 0.8):
            targets.nth(rng.randrange(targets.count())).click()
        elif bar.count():
            bar.nth(rng.randrange(bar.count())).click()
        else:
            raise AssertionError("nothing to touch: " + page.inner_text("#board .touch-bar"))
    shown = page.eval_on_selector_all(
        "#board .ht.on, #board .ht.sel", "l => l.map(t => t.dataset.t + ' ' + t.classList)"
    )
    raise AssertionError(f"no move after 8 touches: {page.inner_text('#board .touch-bar')} {shown}")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_played_by_touching_the_picture_while_a_spectator_watches(
    server, browser, game
):
    rng = random.Random(game)
    player = browser.new_context(viewport=PHONE, has_touch=True)
    watcher = browser.new_context(viewport=LAPTOP)
    created = _create(server, game, ai_level="random", seed=3)
    page = _open(player, server, created["token"])
    watch = watcher.new_page()
    watch.goto(f"{base(server)}/watch/{created['game_id']}")
    watch.evaluate("() => { window.sameDocument = true; }")
    moves = 0
    while _your_turn(page):
        assert moves < MAX_MOVES, "the game did not end"
        before = int(page.get_attribute("#board", "data-version") or 0)
        _touch_one_move(page, rng)
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) > {before}"
            " || document.getElementById('verdict').classList.contains('refused')",
            timeout=30_000,
        )
        verdict = page.get_attribute("#verdict", "class") or ""
        assert "refused" not in verdict, page.inner_text("#verdict")
        moves += 1
    assert page.is_visible("#summary") and "Game over" in page.inner_text("#summary-result")
    labels = [s["label"] for s in created["view"]["seats"]]
    summary = page.inner_text("#summary")
    assert all(label in summary for label in labels)
    assert page.is_visible("#summary-rematch") and page.locator(".move-list").count() == 0
    status, _, history, _ = call(
        server.port, "GET", f"/games/{created['game_id']}/history?after=0&limit=200"
    )
    total = history["total"]
    watch.wait_for_function(
        "() => document.getElementById('board').dataset.status === 'finished'", timeout=15_000
    )
    watch.wait_for_function(
        f"() => document.querySelectorAll('#history li[value]').length === {total}",
        timeout=15_000,
    )
    numbers = watch.eval_on_selector_all("#history li[value]", "l => l.map(i => i.value)")
    assert numbers == list(range(1, total + 1))
    assert watch.is_visible("#summary") and "Game over" in watch.inner_text("#summary-result")
    assert watch.evaluate("() => window.sameDocument === true"), "the watch page reloaded"
    page.wait_for_function(
        f"() => document.querySelectorAll('#history li').length === {total}", timeout=15_000
    )
    assert page.errors == []  # type: ignore[attr-defined]
    print(f"{game}: {moves} moves by touch, {total} in the log")
    player.close()
    watcher.close()


def _layout(page) -> dict:
    return page.evaluate(
        """() => {
      const box = (sel) => { const e = document.querySelector(sel);
        return e ? e.getBoundingClientRect().toJSON() : null; };
      const small = Array.from(document.querySelectorAll('button, input, select, summary'))
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.className || e.tagName, e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44);
      return {scroll: document.documentElement.scrollWidth, width: innerWidth,
        height: innerHeight, picture: box('#board .picture'), say: box('#say-text'), small};
    }"""
    )


def test_a_screenshot_of_every_game_on_a_phone_and_a_laptop_fits_the_screen(
    server, browser, tmp_path
):
    out = Path(os.environ["GM_SCREENSHOTS"]) if os.environ.get("GM_SCREENSHOTS") else None
    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        context = browser.new_context(viewport=viewport)
        for game in GAMES:
            created = _create(server, game, seed=7)
            page = _open(context, server, created["token"])
            _your_turn(page)
            page.wait_for_selector("#board .picture svg")
            status, _, view, _ = call(server.port, "GET", f"/play/{created['token']}")
            assert page.inner_text("#text-board .text-board").strip() == view["board"].strip()
            shown = page.locator(".move-list button.move").count()  # every move, folded
            assert shown == (view["legal_moves_total"] if view["your_turn"] else 0), game
            at = _layout(page)
            assert at["scroll"] <= at["width"], (game, name, at)
            assert at["say"]["bottom"] - at["picture"]["top"] <= at["height"], (game, name, at)
            assert at["small"] == [], (game, name, at["small"])
            page.evaluate("() => window.scrollTo(0, 0)")
            path = tmp_path / f"{game}-{name}.png"
            page.screenshot(path=str(path))
            assert png_size(path.read_bytes()) == (viewport["width"], viewport["height"])
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                path.replace(out / path.name)
            page.close()
        context.close()


def _axe(page) -> list[str]:
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.html)}))"
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not installed (npm ci in tests/a11y)")
def test_axe_finds_no_serious_violation_on_the_home_play_and_watch_pages(server, browser):
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)  # to inject axe itself
    created = _create(server, "masul", seed=7)
    page = context.new_page()
    page.goto(base(server) + "/")
    assert _axe(page) == []
    page = _open(context, server, created["token"])
    _your_turn(page)
    page.click("#board .picture .ht.on >> nth=0")  # a card picked: the targets and the bar
    page.click("#board .move-list summary")  # the list unfolded
    assert _axe(page) == []
    page = context.new_page()
    page.goto(f"{base(server)}/watch/{created['game_id']}")
    assert _axe(page) == []
    context.close()
