"""Fuzz the HTTP API with hostile JSON (Flask test client, real Redis): create, move, say, join and
resign with values mixing arbitrary Unicode, lone surrogates, case-folding letters, control
characters, NUL and deep nesting. Every answer is below 500, and an error answer writes nothing:
the game's stored document and log are byte for byte what they were before the request."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.games import GAMES
from gm.store.repository import Store
from tests.games.test_fuzz_parsers import HOSTILE, TROUBLE

pytestmark = pytest.mark.slow  # the slow tier: fuzzing the whole API

EXAMPLES = 1_500

_text = st.one_of(HOSTILE, st.text(alphabet=st.sampled_from(TROUBLE), max_size=30))
_scalar = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), _text, st.just("")
)
_json = st.recursive(
    _scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_text, inner, max_size=4)),
    max_leaves=12,
)
_maybe = st.one_of(_text, _json)


def _create_body(hostile: str):
    return st.fixed_dictionaries(
        {"game": st.one_of(st.sampled_from(sorted(GAMES)), _text)},
        optional={
            "opponent": st.one_of(st.sampled_from(["ai", "human"]), _maybe),
            "ai_level": _maybe,
            "seats": st.one_of(
                st.lists(
                    st.fixed_dictionaries(
                        {"kind": st.one_of(st.sampled_from(["human", "ai"]), _maybe)},
                        optional={"level": _maybe},
                    ),
                    max_size=5,
                ),
                _json,
            ),
            "seed": st.one_of(st.integers(), _maybe),
            "options": st.one_of(st.dictionaries(_text, _json, max_size=3), _json),
            "seat": _maybe,
            "illegal_move_limit": st.one_of(st.integers(-2, 3), _maybe),
            hostile: _json,
        },
    )


_key = st.one_of(st.none(), _text)
REQUESTS = st.one_of(
    st.tuples(st.just("create"), _create_body("extra")),
    st.tuples(
        st.just("moves"),
        st.fixed_dictionaries(
            {"move": st.one_of(_text, _json)}, optional={"idempotency_key": _key}
        ),
    ),
    st.tuples(
        st.just("say"),
        st.fixed_dictionaries(
            {"text": st.one_of(_text, _json)},
            optional={"idempotency_key": _key, "expected_version": st.one_of(st.integers(), _json)},
        ),
    ),
    st.tuples(st.just("join"), st.fixed_dictionaries({"invite": st.one_of(_text, _json)})),
    st.tuples(st.just("join-real"), st.just({})),
    st.tuples(st.just("resign"), st.fixed_dictionaries({}, optional={"idempotency_key": _key})),
    st.tuples(
        st.just("raw"),
        st.one_of(
            st.integers(1, 40).map(lambda n: b"[" * (n * 250) + b"]" * (n * 250)),
            st.integers(1, 40).map(lambda n: b'{"move":' * (n * 250) + b"1" + b"}" * (n * 250)),
            st.binary(max_size=60),
            _text.map(lambda t: json.dumps({"move": t}).encode()[:-2] + b'\\ud83d"}'),
        ),
    ),
)


class Tables:
    """One running table per game, a human to move (limit 1: a counted mistake forfeits)."""

    def __init__(self, client):
        self.client = client
        self.games: dict[str, dict] = {}

    def get(self, name: str) -> dict:
        if name not in self.games:
            answer = self.client.post(
                "/games", json={"game": name, "opponent": "human", "illegal_move_limit": 1}
            ).get_json()
            self.games[name] = answer
        return self.games[name]

    def finished(self, name: str) -> None:
        self.games.pop(name, None)


def _snapshot(redis_client, game_id: str | None):
    if game_id is None:
        return None
    return (
        redis_client.get(Store.doc_key(game_id)),
        redis_client.lrange(Store.log_key(game_id), 0, -1),
    )


def test_hostile_requests_get_no_5xx_and_errors_write_nothing(client, redis_client):
    tables = Tables(client)
    names = sorted(GAMES)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(request=REQUESTS, which=st.integers(0, len(names) - 1))
    def hostile(request, which):
        kind, body = request
        name = names[which]
        table = tables.get(name)
        game_id, token = table["game_id"], table["token"]
        games_before = len(redis_client.keys("gm:*:doc"))
        before = _snapshot(redis_client, game_id)
        if kind == "create":
            response = client.post("/games", data=json.dumps(body), content_type="application/json")
        elif kind in ("moves", "say", "resign"):
            response = client.post(
                f"/play/{token}/{kind}", data=json.dumps(body), content_type="application/json"
            )
        elif kind in ("join", "join-real"):
            if kind == "join-real":
                body = {"invite": next(iter(table["invites"].values()))}
            response = client.post(
                f"/games/{game_id}/join", data=json.dumps(body), content_type="application/json"
            )
        else:
            response = client.post(
                f"/play/{token}/moves", data=body, content_type="application/json"
            )
        assert response.status_code < 500, (kind, body, response.get_data(as_text=True))
        answer = response.get_json()
        assert answer is not None  # JSON (problem+json for errors), never HTML
        if response.status_code >= 400:
            assert response.mimetype == "application/problem+json"
            assert _snapshot(redis_client, game_id) == before, (kind, body, answer)
            assert len(redis_client.keys("gm:*:doc")) == games_before
        if kind in ("moves", "say", "resign") and (
            response.status_code == 409 or answer.get("status") == "finished"
        ):
            tables.finished(name)

    hostile()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("field", ["move", "say", "idempotency_key"])
def test_a_lone_surrogate_changes_nothing_with_a_limit_of_one(client, redis_client, name, field):
    """The issue's case: a 500 after the illegal attempt was committed forfeited the seat."""
    game = client.post(
        "/games", json={"game": name, "opponent": "human", "illegal_move_limit": 1}
    ).get_json()
    before = _snapshot(redis_client, game["game_id"])
    if field == "say":
        raw = b'{"text": "7\\ud800"}'
    elif field == "move":
        raw = b'{"move": "7\\ud800"}'
    else:
        raw = b'{"move": "nonsense", "idempotency_key": "k\\udfff"}'
    path = f"/play/{game['token']}/{'say' if field == 'say' else 'moves'}"
    response = client.post(path, data=raw, content_type="application/json")
    assert response.status_code == 422
    assert "surrogate" in response.get_json()["detail"]
    assert _snapshot(redis_client, game["game_id"]) == before
    view = client.get(f"/play/{game['token']}").get_json()
    assert view["status"] == "active"


@pytest.mark.parametrize("name", ["masul", "trumps", "solonyo", "card-chess"])
@pytest.mark.parametrize("text", ["7ſ", "Kſ", "kıng of hearts", "ﬀ", "ß", "İ"])
def test_case_folding_letters_get_a_verdict(client, name, text):
    game = client.post("/games", json={"game": name, "opponent": "human"}).get_json()
    response = client.post(f"/play/{game['token']}/moves", json={"move": text})
    assert response.status_code == 200  # a verdict (trumps may read "… of hearts" as a suit)
    assert response.get_json()["input"] == text


def test_emoji_up_to_the_body_limit(client, app):
    game = client.post("/games", json={"game": "masul", "opponent": "human"}).get_json()
    limit = app.config["MAX_CONTENT_LENGTH"]
    fits = "😀" * ((limit - 100) // 4)  # 4 bytes each in UTF-8
    for text in (fits, "😀" * 25_000):  # ~100 KB: over the limit
        body = json.dumps({"text": text}, ensure_ascii=False).encode()
        response = client.post(
            f"/play/{game['token']}/say", data=body, content_type="application/json"
        )
        assert response.status_code in (413, 422)
        assert response.mimetype == "application/problem+json"


def test_nul_and_control_characters_get_a_verdict(client):
    game = client.post("/games", json={"game": "n-in-a-row", "opponent": "human"}).get_json()
    for text in ("\x00", "X\x000,0", "\x1b[31m", "\u202e0,0", "\ufeff"):
        response = client.post(f"/play/{game['token']}/say", json={"text": text})
        assert response.status_code == 200, text


def test_deep_json_over_a_raised_body_limit(redis_client, settings):
    """100,000 levels (over the default body limit, so with a larger one): 422, not a crash."""
    from dataclasses import replace

    from gm.frontends.http.app import create_app

    app = create_app(replace(settings, max_body_bytes=1_000_000), client=redis_client)
    body = b"[" * 100_000 + b"]" * 100_000
    response = app.test_client().post("/games", data=body, content_type="application/json")
    assert response.status_code == 422
    assert "nested" in response.get_json()["detail"]
