"""The board inside the chat (MCP Apps): gm's ``ui://`` board resource and the tools that link it;
the app rendered by a host built on the official host bridge (``AppBridge`` of
``@modelcontextprotocol/ext-apps``, from npm, tests/mcp_app_host/) in headless Chromium, talking
to a real ``gm mcp --http``, where a click on a legal move plays it; and a host without apps (the
Python SDK's client over stdio) still gets the text board."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from gm.contract.operations import OPERATIONS
from gm.frontends.mcp import app as mcp_app
from gm.frontends.mcp.server import build_server
from gm.games import GAMES
from tests import browser as browser_for_tests
from tests.answers import answer_of
from tests.real_server import NO_LIMITS_ENV, ROOT, free_port, gm_env

pytestmark = pytest.mark.slow  # the slow tier: a real browser and the host bridge

HOST_DIR = ROOT / "tests" / "mcp_app_host"
UI_TOOLS = {op.name for op in OPERATIONS if op.mcp and op.ui}

# ---------------------------------------------------------------- the server's declarations


def test_the_view_tools_link_the_board_resource_and_it_declares_no_domain(service):
    assert {"new_game", "view_game", "play_move", "say", "resign", "rematch"} <= UI_TOOLS
    assert {"join_game", "spectate_game"} <= UI_TOOLS

    async def main():
        async with Client(build_server(service)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            for name, tool in tools.items():
                meta = tool.meta or {}
                if name in (mcp_app.PICTURE_TOOL, mcp_app.MOVE_TOOL):  # the app's own: hidden
                    assert meta["ui"] == {"resourceUri": mcp_app.BOARD_URI, "visibility": ["app"]}
                elif name in UI_TOOLS:
                    assert meta["ui"] == {"resourceUri": mcp_app.BOARD_URI}
                    assert meta["ui/resourceUri"] == mcp_app.BOARD_URI  # the older flat key
                    assert meta["openai/outputTemplate"] == mcp_app.BOARD_URI
                else:
                    assert "ui" not in meta, name
            listed = {r.uri: r for r in (await client.list_resources()).resources}
            board = listed[mcp_app.BOARD_URI]
            assert board.mime_type == "text/html;profile=mcp-app"
            read = await client.read_resource(mcp_app.BOARD_URI)
            (item,) = read.contents
            assert item.mime_type == "text/html;profile=mcp-app"
            for meta in (board.meta, item.meta):  # hosts read the content item, then the list
                assert meta["ui"]["csp"] == {
                    "connectDomains": [],
                    "resourceDomains": [],
                    "frameDomains": [],
                    "baseUriDomains": [],
                }
            assert item.text == mcp_app.board_html()
            return client.server_capabilities

    capabilities = anyio.run(main)
    assert "io.modelcontextprotocol/ui" in capabilities.extensions


def test_the_app_is_one_document_that_needs_no_network():
    html = mcp_app.board_html()
    # the board component inlined (comments and indentation left out): downloaded once by the
    # host, never shown to the model
    assert len(html.encode()) < 30_000
    markup, script = html.split("<script>", 1)
    assert not re.search(r"\s(?:src|href|action)\s*=", markup), "no outside file"
    assert "<script" not in script and "<link" not in html
    unlinked = html.replace("http-equiv", "").replace('"http://www.w3.org/2000/svg"', "")  # SVG's
    assert not re.search(r"https?:|//[a-z]|url\(", unlinked), "no URL"  # namespace, not a link
    assert re.findall(r"\.src = (\S+)", script) == []  # the picture is parsed, never loaded
    for network in ("fetch(", "XMLHttpRequest", "WebSocket", "EventSource", "import("):
        assert network not in html
    assert "innerHTML" not in html  # text goes in as text


# ---------------------------------------------------------------- a host without apps


def test_a_host_without_apps_still_gets_the_text_board(redis_url):
    """The Python SDK's client over stdio neither asks for nor reads the app: every view tool
    still answers the text board as a text block, and the whole answer in ``_meta``."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "gm", "mcp"],
        # whole games at machine speed: no rate limits (they have tests of their own)
        env=gm_env(REDIS_URL=redis_url, **NO_LIMITS_ENV),
    )

    async def main():
        async with Client(params) as client:
            game = await client.call_tool("new_game", {"game": "masul", "seed": 2024})
            view = answer_of(game)["view"]
            texts = [c.text for c in game.content]
            assert texts[-1] == view["board"] and "Row 3" in texts[-1]
            token = answer_of(game)["token"]
            move = view["legal_moves"][0]
            played = await client.call_tool("play_move", {"token": token, "move": move})
            assert played.structured_content["legal"] is True
            assert played.content[-1].text == answer_of(played)["board"]
            seen = await client.call_tool("view_game", {"token": token})
            assert seen.content[-1].text == answer_of(seen)["board"]
            assert seen.structured_content["version"] == played.structured_content["version"]

    anyio.run(main)


# ---------------------------------------------------------------- the official host bridge


@pytest.fixture(scope="module")
def host_bundle(tmp_path_factory) -> Path:
    """tests/mcp_app_host/host.js bundled for the browser by esbuild (npm ci first when
    node_modules is missing): index.html, sandbox.html and host.bundle.js in one folder."""
    if not (HOST_DIR / "node_modules" / "@modelcontextprotocol" / "ext-apps").is_dir():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=HOST_DIR, check=True, timeout=300
        )
    out = tmp_path_factory.mktemp("mcp-app-host")
    subprocess.run(
        [
            str(HOST_DIR / "node_modules" / ".bin" / "esbuild"),
            "host.js",
            "--bundle",
            "--format=esm",
            "--platform=browser",
            "--target=chrome120",
            f"--outfile={out / 'host.bundle.js'}",
            "--log-level=warning",
        ],
        cwd=HOST_DIR,
        check=True,
        timeout=120,
    )
    for name in ("index.html", "sandbox.html"):
        shutil.copy(HOST_DIR / name, out / name)
    return out


@pytest.fixture(scope="module")
def mcp_http(redis_url):
    """A real ``gm mcp --http`` on a free loopback port (no operator key: loopback)."""
    yield from _mcp_http(redis_url)


def _mcp_http(redis_url: str, **env: str):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "mcp", "--http", "--port", str(port)],
        # whole games at machine speed: no rate limits (they have tests of their own)
        env=gm_env(REDIS_URL=redis_url, **NO_LIMITS_ENV, **env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    import socket

    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError(process.stderr.read().decode()) from None
            time.sleep(0.1)
    yield port
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = browser_for_tests.launch(p)
        try:
            yield browser
        finally:
            browser.close()


def _model_calls(page) -> list[dict]:
    """The tools the app called through the host, but its own picture tool (its moves are its
    own tool too: board_move)."""
    calls = page.evaluate("gmHost.state.appCalls")
    return [c for c in calls if c["name"] != mcp_app.PICTURE_TOOL]


def _touch_a_move(page, app, choose=lambda n: 0) -> str:
    """Touches the app's picture until a move is sent (a highlighted target, again and again; the
    bar when several moves share the touched places or a move has none); returns the move."""
    count = "gmHost.state.appCalls.filter(c => c.name === 'board_move').length"
    before = page.evaluate(count)
    for _ in range(8):
        if app.locator("#area[data-touch]").count() == 0 or page.evaluate(count) > before:
            break
        targets = app.locator("#area .picture .ht.on")
        bar = app.locator("#area .touch-bar button.play")
        if targets.count():
            targets.nth(choose(targets.count())).click()
        elif bar.count():
            bar.nth(choose(bar.count())).click()
        else:
            raise AssertionError("nothing to touch: " + app.locator("#area").inner_text())
    page.wait_for_function(f"{count} > {before}")
    return page.evaluate("gmHost.state.appCalls.filter(c => c.name === 'board_move').at(-1)")[
        "arguments"
    ]["move"]


def _serve_host(context, bundle: Path, port: int) -> list[str]:
    """The host page on the MCP server's origin (so the browser's MCP client talks to it
    directly) and the sandbox proxy on another origin, both served from ``bundle``; returns the
    list that every request's URL is appended to."""
    types = {".html": "text/html", ".js": "text/javascript"}

    def fulfil(route):
        name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
        path = bundle / name
        if not path.is_file():
            route.fulfill(status=404, body="")
            return
        route.fulfill(status=200, body=path.read_bytes(), content_type=types[path.suffix])

    context.route(f"http://127.0.0.1:{port}/host/*", fulfil)
    context.route(f"http://localhost:{port}/host/sandbox.html", fulfil)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    return requests


def test_the_board_renders_in_a_host_on_the_official_bridge_and_a_click_plays(
    browser, host_bundle, mcp_http, tmp_path
):
    port = mcp_http
    context = browser.new_context(viewport={"width": 800, "height": 900})
    context.set_default_timeout(15_000)
    requests = _serve_host(context, host_bundle, port)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"http://127.0.0.1:{port}/host/index.html")
    page.wait_for_function("window.gmHost !== undefined")

    listing = page.evaluate(
        "([mcp, sandbox]) => gmHost.connect(mcp, sandbox)",
        [f"http://127.0.0.1:{port}/mcp", f"http://localhost:{port}/host/sandbox.html"],
    )
    linked = {t["name"] for t in listing["tools"] if t["resourceUri"] == mcp_app.BOARD_URI}
    assert linked == UI_TOOLS | {mcp_app.PICTURE_TOOL, mcp_app.MOVE_TOOL}  # and the app's own
    # (the Python SDK advertises extensions only on protocol versions after 2025-11-25, the
    # newest the TypeScript client speaks: hosts go by the tools' _meta.ui)
    resource = page.evaluate("(uri) => gmHost.readUi(uri)", mcp_app.BOARD_URI)
    assert resource["mimeType"] == "text/html;profile=mcp-app"
    assert resource["ui"]["csp"]["connectDomains"] == []

    # the model starts a game: the host shows the tool's app with the result
    turn = page.evaluate(
        "(args) => gmHost.callTool('new_game', args)",
        {"game": "masul", "seed": 2024, "ai_level": "seed"},
    )
    answer = turn["answer"]
    token, view = answer["token"], answer["view"]
    app = page.frame_locator(f"#{turn['frame']}").frame_locator("iframe")
    app.locator("#area[data-touch] .picture svg").wait_for()  # the picture, through the app's tool
    assert app.locator("#board").text_content() == view["board"]
    assert app.locator("#turn").text_content() == "Your turn"
    assert app.locator("#area .ht.on").count() >= 1  # the cards to touch
    listed = app.locator("#area .move-list button.move")
    assert listed.count() == view["legal_moves_total"] > len(view["legal_moves"])  # all, no cap
    assert token not in app.locator("body").inner_text()
    assert app.locator("#sub").text_content().endswith(f"version {view['version']}")
    assert "your seat: Row 3 · " in app.locator("#sub").text_content()  # as the board says
    assert app.locator("#seats li").all_text_contents() == ["Row 3 · human", "Row 1 · AI seed"]
    # the host's theme: its style variables colour and set the app
    body = app.locator("body")
    assert body.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(253, 246, 227)"
    assert body.evaluate("b => getComputedStyle(b).fontFamily") == "serif"
    assert _model_calls(page) == []  # the picture's tool is the app's own

    # the player touches a card, then a place: board_move through the host, answer re-rendered
    move = _touch_a_move(page, app)
    app.locator("#sub").filter(has_not_text=re.compile(f"version {view['version']}$")).wait_for()
    calls = _model_calls(page)
    assert [c["name"] for c in calls] == [mcp_app.MOVE_TOOL]
    assert calls[0]["arguments"]["move"] == move
    assert calls[0]["arguments"]["token"] == token
    assert calls[0]["arguments"]["expected_version"] == view["version"]

    # the model's next call for the seat tells it what the player did on the board, once
    model_reads = (
        "async (token) => (await gmHost.state.client.callTool("
        "{name: 'view_game', arguments: {token}}))"
    )
    result = page.evaluate(model_reads, token)
    seen = result["_meta"]["gm/answer"]
    told_by_result = json.loads(result["content"][0]["text"])[mcp_app.SINCE_FIELD]
    assert told_by_result.startswith(
        f"Since your last call the player played on the board: {move} (then Row 1 plays "
    )
    again_read = page.evaluate(model_reads, token)
    assert mcp_app.SINCE_FIELD not in json.loads(again_read["content"][0]["text"])
    assert seen["version"] > view["version"]
    app.locator("#sub").filter(has_text=re.compile(f"version {seen['version']}$")).wait_for()
    assert app.locator("#board").text_content() == seen["board"]
    history = page.evaluate(
        "async (token) => JSON.parse((await gmHost.state.client.callTool("
        "{name: 'get_history', arguments: {token}})).content[0].text)",
        token,
    )
    assert history["moves"][0]["seat"] == view["seat"] and history["moves"][0]["move"] == move

    shots = Path(os.environ.get("GM_SCREENSHOT_DIR") or tmp_path)  # README's: docs/
    page.locator(f"#{turn['frame']}").screenshot(path=str(shots / "mcp-app-masul.png"))

    # the model is told what happened on the board, without the token
    context_updates = page.evaluate("gmHost.state.modelContext")
    assert len(context_updates) == 1
    told = json.dumps(context_updates, ensure_ascii=False)
    assert move in told and token not in told and token.split(".")[1] not in told

    # fullscreen, where the host offers it
    app.get_by_role("button", name="Fullscreen").click()
    page.wait_for_function("gmHost.state.displayModes.length === 1")
    assert page.evaluate("gmHost.state.displayModes") == ["fullscreen"]
    app.get_by_role("button", name="Exit fullscreen").wait_for()

    # a reload: the host shows the first answer again; the app re-reads the live game
    again = page.evaluate(
        "([args, result]) => gmHost.showResult('new_game', args, result)",
        [
            {"game": "masul"},
            {"content": [{"type": "text", "text": "{}"}], "structuredContent": answer},
        ],
    )
    reloaded = page.frame_locator(f"#{again['frame']}").frame_locator("iframe")
    reloaded.locator("#sub").filter(has_text=re.compile(f"version {seen['version']}$")).wait_for()
    assert reloaded.locator("#board").text_content() == seen["board"]

    # a spectator's view of the same game: its picture, nothing to touch
    watch = page.evaluate(
        "(args) => gmHost.callTool('spectate_game', args)", {"game_id": answer["game_id"]}
    )
    spectator = page.frame_locator(f"#{watch['frame']}").frame_locator("iframe")
    spectator.locator("#area .picture svg").wait_for()
    assert spectator.locator("#board").text_content() == watch["answer"]["board"]
    assert "watching" in spectator.locator("#sub").text_content()
    assert spectator.locator("#area .ht, #area .move-list, #actions button").count() == 0

    # an illegal move sent by the model: the app shows the verdict, the game is unchanged
    wrong = page.evaluate(
        "(args) => gmHost.callTool('play_move', args)", {"token": token, "move": "K♠ C9"}
    )
    verdict = page.frame_locator(f"#{wrong['frame']}").frame_locator("iframe")
    verdict.locator("#note.bad").wait_for()
    assert verdict.locator("#note").text_content().startswith(wrong["answer"]["reason"])
    assert verdict.locator("#board").text_content() == seen["board"]

    # the model resigns for the player: the app shows the result and offers a rematch; a click
    # starts it through the host, and the app plays on in the new game with the new seat token
    over = page.evaluate("(args) => gmHost.callTool('resign', args)", {"token": token})
    done = page.frame_locator(f"#{over['frame']}").frame_locator("iframe")
    done.locator("#turn").filter(has_text="Game over").wait_for()
    assert "Row 1 won" in done.locator("#turn").text_content()
    assert done.locator("#area .ht.on, #area .move-list").count() == 0
    done.get_by_role("button", name="Rematch").click()
    done.locator("#sub").filter(has_not_text=answer["game_id"]).wait_for()
    new_id = done.locator("#sub").text_content().split()[1]
    assert [c["name"] for c in _model_calls(page)] == [mcp_app.MOVE_TOOL, "rematch"]
    done.locator("#area[data-touch]").wait_for()
    before = done.locator("#sub").text_content()
    _touch_a_move(page, done)
    done.locator("#sub").filter(has_not_text=re.compile(re.escape(before) + "$")).wait_for()
    assert new_id in done.locator("#sub").text_content()
    calls = _model_calls(page)
    assert [c["name"] for c in calls] == [mcp_app.MOVE_TOOL, "rematch", mcp_app.MOVE_TOOL]
    assert calls[2]["arguments"]["token"].startswith(new_id + ".")

    # nothing but the host's own files and the MCP endpoint was requested: the app fetched nothing
    allowed = (
        f"http://127.0.0.1:{port}/host/",
        f"http://localhost:{port}/host/sandbox.html",
        f"http://127.0.0.1:{port}/mcp",
    )
    assert [u for u in requests if not u.startswith(allowed)] == []
    assert not [e for e in errors if "Content Security Policy" in e or "Uncaught" in e], errors
    context.close()


def _app_page(browser, host_bundle, port):
    context = browser.new_context(viewport={"width": 800, "height": 900})
    context.set_default_timeout(30_000)
    _serve_host(context, host_bundle, port)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"http://127.0.0.1:{port}/host/index.html")
    page.wait_for_function("window.gmHost !== undefined")
    page.evaluate(
        "([mcp, sandbox]) => gmHost.connect(mcp, sandbox)",
        [f"http://127.0.0.1:{port}/mcp", f"http://localhost:{port}/host/sandbox.html"],
    )
    return context, page, errors


def test_a_packed_picture_is_inflated_drawn_and_touched_in_the_app(browser, host_bundle, redis_url):
    """A picture whose answer would pass 16 KB comes packed (a 52-card hand with hundreds of legal
    moves; here every one: GM_MCP_PACK_FROM=0): the app inflates it, draws it, plays a touch."""
    server = _mcp_http(redis_url, GM_MCP_PACK_FROM="0")
    port = next(server)
    try:
        context, page, errors = _app_page(browser, host_bundle, port)
        turn = page.evaluate(
            "(args) => gmHost.callTool('new_game', args)",
            {"game": "masul", "seed": 2024, "ai_level": "seed"},
        )
        token, view = turn["answer"]["token"], turn["answer"]["view"]
        got = page.evaluate(
            "async (token) => (await gmHost.state.client.callTool("
            "{name: 'board_picture', arguments: {token}})).structuredContent",
            token,
        )
        assert set(got) == {"packed"}  # neither view nor svg in the clear
        app = page.frame_locator(f"#{turn['frame']}").frame_locator("iframe")
        app.locator("#area[data-touch] .picture svg").wait_for()
        listed = app.locator("#area .move-list button.move")
        assert listed.count() == view["legal_moves_total"]  # the picture's own list, inflated
        _touch_a_move(page, app)
        moved = re.compile(f"version {view['version']}$")
        app.locator("#sub").filter(has_not_text=moved).wait_for()  # the answer, re-rendered
        app.locator("#area[data-touch] .picture svg").wait_for()  # and its picture, inflated
        assert errors == []
        context.close()
    finally:
        next(server, None)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_played_by_touching_the_app_s_picture(browser, host_bundle, mcp_http, game):
    """Inside the host bridge, as on the page: a whole game against the AI, every move made by
    touching the app's picture (and its bar for moves without a place)."""
    rng = random.Random(game)
    context, page, errors = _app_page(browser, host_bundle, mcp_http)
    turn = page.evaluate(
        "(args) => gmHost.callTool('new_game', args)",
        {"game": game, "seed": 11, "ai_level": "random"},
    )
    app = page.frame_locator(f"#{turn['frame']}").frame_locator("iframe")
    moves = 0
    while True:
        app.locator("#area[data-touch], #turn.over").first.wait_for()
        if app.locator("#turn.over").count():
            break
        assert moves < 400, "the game did not end"
        _touch_a_move(page, app, rng.randrange)
        moves += 1
    assert "Game over" in app.locator("#turn").text_content()
    token = turn["answer"]["token"]
    final = page.evaluate(
        "async (token) => (await gmHost.state.client.callTool("
        "{name: 'view_game', arguments: {token}}))._meta['gm/answer']",
        token,
    )
    assert final["status"] == "finished"
    app.locator("#board").filter(has_text=final["board"].splitlines()[0]).wait_for()
    assert {c["name"] for c in _model_calls(page)} == {mcp_app.MOVE_TOOL}
    sent = [
        (c["arguments"]["expected_version"], c["arguments"]["move"]) for c in _model_calls(page)
    ]
    assert len(sent) == moves, sent
    assert errors == []
    print(f"{game} in the app: {moves} moves by touch")
    context.close()


def test_axe_finds_no_serious_violation_in_the_app(browser, host_bundle, mcp_http):
    axe = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.skip("axe-core not installed (npm ci in tests/a11y)")
    context, page, _ = _app_page(browser, host_bundle, mcp_http)
    turn = page.evaluate(
        "(args) => gmHost.callTool('new_game', args)", {"game": "masul", "seed": 5}
    )
    frame = page.frame_locator(f"#{turn['frame']}").frame_locator("iframe")
    frame.locator("#area[data-touch]").wait_for()
    frame.locator("#area .ht.on").first.click()  # a card picked: targets and the bar
    inner = next(f for f in page.frames if f.parent_frame and f.parent_frame.parent_frame)
    inner.evaluate(axe.read_text(encoding="utf-8"))  # the sandbox's CSP allows inline scripts
    found = inner.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.html)}))"
    )
    assert [v for v in found if v["impact"] in ("serious", "critical")] == []
    context.close()


def test_the_picture_answer_is_packed_only_past_its_threshold_and_unpacks_to_itself():
    small = {"view": {"game_id": "0" * 16, "version": 1}, "svg": "<svg></svg>"}
    assert mcp_app.packed(small) is small
    moves = [f"BEAT {a}♣ {b}♠" for a in range(2, 40) for b in range(2, 40)]
    svg = f'<svg><g class="hits"></g><metadata id="gm-moves">{moves}</metadata></svg>'
    large = {"view": {"game_id": "0" * 16, "version": 1}, "svg": svg}
    out = mcp_app.packed(large)
    assert set(out) == {"packed"} and len(out["packed"]) < mcp_app.PACK_FROM < len(svg)
    assert mcp_app.unpacked(out) == large
