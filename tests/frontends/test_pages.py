"""The pages for people (gm/web), through Flask's test client: what each page holds, the headers
fit for pages (a CSP of this origin only, no inline script, no framing), no secret in a page's
URL or HTML, hidden cards kept off the watch page, and the JSON API left as it was. The pages in
a real browser: tests/frontends/test_pages_browser.py."""

from __future__ import annotations

import html
import re

import pytest

from gm.frontends.web import CSP, style_hashes
from gm.games import GAMES
from tests.games.test_contract import _leaks

PAGES = ("/", "/seat", "/join")
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
ASSET = re.compile(r'(?:src|href)="(/assets/[^"]+)"')


def _new(client, game="masul", **body):
    answer = client.post("/games", json={"game": game, "opponent": "ai", **body})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _play_first(client, token):
    view = client.get(f"/play/{token}").get_json()
    answer = client.post(
        f"/play/{token}/moves",
        json={"move": view["legal_moves"][0], "expected_version": view["version"]},
    )
    assert answer.get_json()["legal"]
    return answer.get_json()


def _pre(page: str) -> str:
    found = re.search(r'<pre class="text-board"[^>]*>(.*?)</pre>', page, re.S)
    assert found, page[:500]
    return html.unescape(found.group(1))


def _check_page_headers(response, styles: str | None = None) -> None:
    headers = response.headers
    styles = style_hashes("") if styles is None else styles  # the picture's own style sheet
    assert headers["Content-Security-Policy"] == CSP.format(styles=styles)
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"


def _check_no_inline_code(page: str) -> None:
    """Only scripts from files, no event-handler attributes, no style attributes; every
    ``<style>`` element (an inline board picture's) is allowed by its hash alone."""
    for attrs, body in SCRIPT.findall(page):
        assert 'src="/assets/' in attrs and not body.strip(), attrs
    assert not re.search(r"\son[a-z]+\s*=", page)
    assert not re.search(r"\sstyle\s*=", page)
    assert not re.search(r"""=["']?\s*javascript:""", page, re.I)


def test_the_home_page_lists_every_game_and_a_way_to_start_it(client):
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    _check_page_headers(response)
    _check_no_inline_code(page)
    for name, game in GAMES.items():
        info = game.engine.info
        assert info.title in html.unescape(page) and info.summary in html.unescape(page)
        assert f'<form class="new-game" data-game="{name}">' in page
        for level in game.levels:
            assert f'<option value="{level}"' in page
    assert page.count('data-opponent="ai"') == page.count('data-opponent="human"') == len(GAMES)
    assert 'src="/assets/home.js"' in page


def test_the_play_and_invite_pages_are_the_same_for_everyone(client):
    """Their secret is in the fragment, which a browser never sends: the pages hold none."""
    for path in ("/seat", "/join"):
        first = client.get(path)
        again = client.get(path + "?x=1")
        assert first.status_code == 200
        assert first.get_data() == again.get_data()
        _check_page_headers(first)
        _check_no_inline_code(first.get_data(as_text=True))
        assert first.headers["Cache-Control"] == "no-store"


def test_every_asset_a_page_names_is_served_with_the_page_headers(client):
    created = _new(client)
    names = set()
    for path in (*PAGES, f"/watch/{created['game_id']}"):
        names |= set(ASSET.findall(client.get(path).get_data(as_text=True)))
    assert {"/assets/board.js", "/assets/play.js", "/assets/gm.css"} <= names
    types = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
    for name in names:
        response = client.get(name)
        assert response.status_code == 200, name
        assert response.mimetype == types[name.rsplit(".", 1)[1]], (name, response.mimetype)
        _check_page_headers(response)
        body = response.get_data(as_text=True)
        assert "eval(" not in body and "innerHTML" not in body and "document.write" not in body


def test_board_js_stands_alone(client):
    """The board's script (reused by the MCP App) names nothing of the pages around it."""
    body = client.get("/assets/board.js").get_data(as_text=True)
    assert "GmBoard" in body
    for outside in ("GmApi", "GmFollow", "fetch(", "getElementById", "location", "/play/"):
        assert outside not in body, outside


def test_the_watch_page_is_the_spectator_view_rendered_on_the_server(client, service):
    created = _new(client)
    moved = _play_first(client, created["token"])
    game_id = created["game_id"]
    response = client.get(f"/watch/{game_id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    spectator = client.get(f"/games/{game_id}").get_json()
    assert _pre(page) == spectator["board"]
    assert f'data-version="{moved["version"]}"' in page
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page
    assert "<svg" in page and "<?xml" not in page  # the picture, inline
    assert page.count("<li value=") == 2  # the move and the AI's reply
    _check_page_headers(response, styles=style_hashes(page))
    assert style_hashes(page)  # the picture's <style>, allowed by its hash
    _check_no_inline_code(page)
    assert response.headers["Cache-Control"] == "no-store"
    # Nothing the spectator may not see: no hand card, no face-down card, no token.
    table, _ = service.seat_table(created["token"])
    hidden = table.engine.hidden_tokens(table.state, None)
    assert hidden and not _leaks(page, hidden), _leaks(page, hidden)
    assert created["token"].split(".", 1)[1] not in page


def test_a_finished_game_s_watch_page_does_not_refresh(client):
    created = _new(client)
    assert client.post(f"/play/{created['token']}/resign").status_code == 200
    page = client.get(f"/watch/{created['game_id']}").get_data(as_text=True)
    assert "http-equiv" not in page
    assert "Game over: Row 1 won. Row 3 resigned; Row 1 wins" in page
    assert "<b>Row 3</b> Row 3 resigned." in page  # the history names seats as the board
    assert 'data-status="finished"' in page
    summary = page.split('id="summary"', 1)[1].split("</section>", 1)[0]
    assert "hidden" not in summary.split(">", 1)[0]  # the finished game's summary shows
    assert "<dt>Row 3" in summary and "<dt>Row 1" in summary and "row3" not in summary


def test_the_watch_page_lists_every_move_of_a_long_game(client):
    """Without JavaScript too: every entry of the log, not the last few (issue 22: "the last 12
    of 14 moves" listed 3-12)."""
    created = client.post("/games", json={"game": "masul", "opponent": "human"}).get_json()
    _, invite = next(iter(created["invites"].items()))
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    tokens = [created["token"], joined["token"]]
    for i in range(30):
        view = client.get(f"/play/{tokens[i % 2]}").get_json()
        if view["status"] != "active":
            break
        moved = client.post(
            f"/play/{tokens[i % 2]}/moves",
            json={"move": view["legal_moves"][0], "expected_version": view["version"]},
        ).get_json()
        assert moved["legal"], moved
    total = client.get(f"/games/{created['game_id']}/history").get_json()["total"]
    page = client.get(f"/watch/{created['game_id']}").get_data(as_text=True)
    assert total >= 14
    assert re.findall(r'<li value="(\d+)"', page) == [str(n) for n in range(1, total + 1)]
    assert f"{total} moves." in page


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_watch_page_of_every_game(client, game):
    created = _new(client, game)
    page = client.get(f"/watch/{created['game_id']}").get_data(as_text=True)
    assert _pre(page) == client.get(f"/games/{created['game_id']}").get_json()["board"]
    assert "<svg" in page


def test_unknown_games_and_bad_ids_get_a_page_not_json(client):
    for path in ("/watch/0123456789abcdef", "/watch/nope", "/watch/" + "a" * 300):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.mimetype == "text/html"
        assert "Not found" in response.get_data(as_text=True)
        _check_page_headers(response)


def test_the_watch_form_goes_to_the_game_s_page_without_its_secret(client):
    created = _new(client)
    game_id, token = created["game_id"], created["token"]
    for typed in (game_id, token, f"http://x/seat#{token}"):
        response = client.get("/watch", query_string={"game": typed})
        assert response.status_code == 303
        assert response.headers["Location"] == f"/watch/{game_id}"
    assert client.get("/watch", query_string={"game": "zz"}).status_code == 404


def test_the_json_api_is_left_as_it_was(client, app):
    """Pages get the page headers; the API's answers do not, and its errors stay JSON."""
    rules = client.get("/rules")
    assert rules.mimetype == "application/json"
    assert "Content-Security-Policy" not in rules.headers
    missing = client.get("/no-such-route")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    assert client.post("/").status_code == 405  # a page takes GET only
    spec = client.get("/openapi.json").get_json()
    for path in ("/", "/watch/{game_id}", "/seat", "/join", "/assets/{filename}"):
        assert path not in spec["paths"]
    # Every page route is its own: no operation's path reaches a page, and the reverse.
    adapter = app.url_map.bind("localhost")
    for path in ("/", "/seat", "/join", "/watch/0123456789abcdef", "/assets/board.js"):
        endpoint, _ = adapter.match(path, method="GET")
        assert endpoint.startswith("pages."), (path, endpoint)
    for path in ("/rules", "/games/0123456789abcdef", "/play/0123456789abcdef.x"):
        endpoint, _ = adapter.match(path, method="GET")
        assert not endpoint.startswith("pages."), (path, endpoint)
