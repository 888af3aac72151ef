"""The board pictures: ``GET /play/<token>/board.svg`` and ``GET /games/<game_id>/board.svg``
(image/svg+xml, never cached), drawn from the viewer's view; the last move marked, the result at
the end, 404 and 503 as problems; the pictures README shows are what
gm.frontends.cli.picture_examples makes. (The contract test checks every picture's secrecy, XML and
size at every step of random games.)"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gm.frontends.cli import picture_examples
from gm.games import GAMES, pictures
from tests.frontends.test_api import _problem

ROOT = Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}svg"


def _svg(response) -> str:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Cache-Control"] == "no-store"
    text = response.get_data(as_text=True)
    assert ET.fromstring(text).tag == SVG_NS
    assert len(text.encode()) <= pictures.MAX_BYTES
    return text


def _cards(svg: str) -> set[str]:
    """The codes of the card faces drawn (each face's aria-label)."""
    return set(re.findall(r'aria-label="([^" ]+)(?: face down)?"', svg))


def _two_humans(client, game: str = "masul", seed: int = 5) -> tuple[dict, dict]:
    created = client.post("/games", json={"game": game, "opponent": "human", "seed": seed}).json
    name, invite = next(iter(created["invites"].items()))
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).json
    return created, joined


def test_the_seat_sees_its_hand_the_spectator_sees_backs(client):
    created, joined = _two_humans(client)
    seat = _svg(client.get(f"/play/{created['token']}/board.svg"))
    other = _svg(client.get(f"/play/{joined['token']}/board.svg"))
    spectator = _svg(client.get(f"/games/{created['game_id']}/board.svg"))
    hand = set(created["view"]["state"]["hand"])
    field = set(created["view"]["state"]["field"])
    assert hand and hand | field <= _cards(seat)
    assert _cards(spectator) == field and _cards(other) == field | set(
        joined["view"]["state"]["hand"]
    )
    assert "Your turn" in seat and "Row 3 to move" in other and "Spectator view" in spectator
    assert seat.count('href="#back"') == 9  # the other hand, face down


def test_the_last_move_is_marked_and_a_face_down_card_stays_hidden(client):
    created, joined = _two_humans(client)
    token = created["token"]
    assert 'class="hl"' not in _svg(client.get(f"/play/{token}/board.svg"))
    move = next(m for m in created["view"]["legal_moves"] if m.endswith(" FD"))
    card, column = move.split()[:2]
    answer = client.post(f"/play/{token}/moves", json={"move": move}).json
    assert answer["legal"] is True
    mine = _svg(client.get(f"/play/{token}/board.svg"))
    other = _svg(client.get(f"/play/{joined['token']}/board.svg"))
    spectator = _svg(client.get(f"/games/{created['game_id']}/board.svg"))
    assert f"Last: Row 3 plays {card} face down in {column}" in mine
    assert f'aria-label="{card} face down"' in mine  # the mover sees its own card
    for svg in (mine, other, spectator):
        assert svg.count('class="hl"') == 1, svg
    for svg in (other, spectator):
        assert f"Last: Row 3 plays a card face down in {column}" in svg
        assert card not in svg
    assert "Your turn" in other


def test_a_finished_game_shows_the_result(client):
    created, joined = _two_humans(client)
    client.post(f"/play/{joined['token']}/resign", json={})
    for svg in (
        _svg(client.get(f"/play/{created['token']}/board.svg")),
        _svg(client.get(f"/games/{created['game_id']}/board.svg")),
    ):
        assert 'class="over"' in svg and "Game over: Row 1 resigned" in svg
        assert "to move" not in svg and "Your turn" not in svg
        assert "Last: Row 1 resigned." in svg


@pytest.mark.parametrize("game", [name for name in GAMES if name in picture_examples.PLIES])
def test_every_game_has_a_picture_for_its_seats_and_the_spectator(client, game):
    created, joined = _two_humans(client, game, seed=3)
    for path in (
        f"/play/{created['token']}/board.svg",
        f"/play/{joined['token']}/board.svg",
        f"/games/{created['game_id']}/board.svg",
    ):
        svg = _svg(client.get(path))
        assert GAMES[game].engine.info.title in svg
    hand = created["view"]["state"].get("hand") or []
    assert set(c for c in hand if c) <= _cards(
        _svg(client.get(f"/play/{created['token']}/board.svg"))
    )


def test_a_game_without_a_picture_module_gets_its_view_as_text(client, toy_game):
    created = client.post("/games", json={"game": "take-away", "opponent": "human"}).json
    mine = created["view"]["state"]["cards"]["left"]
    assert mine in _svg(client.get(f"/play/{created['token']}/board.svg"))
    assert mine not in _svg(client.get(f"/games/{created['game_id']}/board.svg"))


@pytest.mark.parametrize("path", ["/play/abc.def/board.svg", "/games/abc/board.svg"])
def test_unknown_tokens_and_games_are_404_problems(client, path):
    _problem(client.get(path), 404)


@pytest.mark.slow
def test_unreachable_redis_is_a_503_problem(settings):
    import redis

    from gm.frontends.http.app import create_app

    dead = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.5)
    client = create_app(settings, client=dead).test_client()
    _problem(client.get("/play/abc.def/board.svg"), 503)
    _problem(client.get("/games/abc/board.svg"), 503)


def _moves_in(svg: str) -> list[str] | None:
    found = re.search(r'<metadata id="gm-moves">(.*?)</metadata>', svg)
    return None if found is None else json.loads(html.unescape(found.group(1)))


def test_the_seat_to_move_gets_every_legal_move_and_its_touch_targets(client):
    """Masul's opening has ~128 legal moves (the view lists 100): the seat's picture carries all
    of them, a target for every card and column they name; the other seat's picture and the
    spectator's carry neither."""
    created, joined = _two_humans(client)
    view = created["view"]
    svg = _svg(client.get(f"/play/{created['token']}/board.svg"))
    moves = _moves_in(svg)
    assert moves is not None and len(moves) == view["legal_moves_total"] > 100
    assert moves[:100] == view["legal_moves"]
    keys = set(re.findall(r'class="ht" data-t="([^"]+)"', svg))
    assert set(view["state"]["hand"]) | {f"C{i}" for i in range(1, 8)} <= keys
    for move in moves:  # every move's card and place can be touched; only FD is a word
        assert [w for w in move.split() if w not in keys] in ([], ["FD"]), move
    for other in (
        _svg(client.get(f"/play/{joined['token']}/board.svg")),
        _svg(client.get(f"/games/{created['game_id']}/board.svg")),
    ):
        assert _moves_in(other) is None and 'class="ht' not in other


def test_the_picture_names_seats_by_label_and_cards_as_the_text_does(client):
    assert (
        pictures.result_text(
            {"reason": "Row 1 wins", "scores": {"row3": 1, "row1": 6}},
            {"row3": "Row 3", "row1": "Row 1"},
        )
        == "Game over: Row 1 wins. Scores: Row 3 1, Row 1 6."
    )
    assert pictures.playing_card("X♣").rank == "X" and pictures.playing_card("10♣").rank == "10"


def test_text_is_escaped():
    pic = pictures.Picture(200, 'A <b> & "c"')
    pic.line_of_text("x < y & z > w")
    svg = pic.svg()
    assert ET.fromstring(svg).find(f"{SVG_NS[:-3]}title").text == 'A <b> & "c" board'
    assert "x &lt; y &amp; z &gt; w" in svg


def test_the_committed_pictures_are_what_the_generator_makes_today():
    made = picture_examples.examples()
    folder = ROOT / picture_examples.DIRECTORY
    assert sorted(p.name for p in folder.glob("*.svg")) == sorted(made)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, svg in made.items():
        assert (folder / name).read_text(encoding="utf-8") == svg, (
            f"{name} is out of date: run python -m gm.frontends.cli.picture_examples"
        )
        assert f"](docs/boards/{name})" in readme
        assert re.search('class="h[lb]"', svg)  # a mid-game position, its last move marked
