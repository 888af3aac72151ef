"""Rate limits (counted in the real Redis) and the embedded server's memory policy: a burst meets
429 problem+json with Retry-After and writes nothing; a full store answers 507 and changes
nothing."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
import redis

from gm.frontends.http.app import create_app
from gm.frontends.security import client_address
from gm.settings import Settings
from gm.settings.rates import Rate, parse_rates
from gm.store.embedded import EmbeddedRedis
from gm.store.ratelimits import Limiter
from tests.answers import full_client


def _app(settings, redis_client, **limits):
    return create_app(replace(settings, **limits), client=redis_client)


def _docs(redis_client) -> int:
    return len(redis_client.keys("gm:{*}:doc"))


def _too_many(response) -> dict:
    assert response.status_code == 429, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    retry = int(response.headers["Retry-After"])
    assert 1 <= retry <= 60 and body["retry_after"] == retry
    assert body["title"] == "Too many requests" and f"Wait {retry} s" in body["detail"]
    return body


def test_a_burst_of_creations_meets_429_with_retry_after_and_creates_nothing(
    settings, redis_client
):
    client = _app(settings, redis_client, limit_create=(Rate(3, 60),)).test_client()
    for _ in range(3):
        assert client.post("/games", json={"game": "masul"}).status_code == 201
    for _ in range(5):
        body = _too_many(client.post("/games", json={"game": "masul"}))
        assert "new games from your address: at most 3 per minute" in body["detail"]
    assert _docs(redis_client) == 3, "behind the limit nothing is written"
    other = client.post("/games", json={"game": "masul"}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201, "another address has its own count"


def test_moves_say_and_resign_are_limited_per_seat_and_change_nothing(settings, redis_client):
    client = full_client(_app(settings, redis_client, limit_seat=(Rate(3, 60),)).test_client())
    game = client.post("/games", json={"game": "masul", "seed": 2024}).get_json()
    token = game["token"]
    legal = game["view"]["legal_moves"]
    assert client.post(f"/play/{token}/moves", json={"move": legal[0]}).get_json()["legal"]
    assert client.post(f"/play/{token}/say", json={"text": "board"}).status_code == 200
    assert client.post(f"/play/{token}/moves", json={"move": "nonsense"}).status_code == 200
    before = client.get(f"/play/{token}").get_json()
    move = before["legal_moves"][0]
    body = _too_many(client.post(f"/play/{token}/moves", json={"move": move}))
    assert "moves and hints on this seat: at most 3 per minute" in body["detail"]
    _too_many(client.post(f"/play/{token}/say", json={"text": move}))
    _too_many(client.post(f"/play/{token}/resign"))
    after = client.get(f"/play/{token}").get_json()
    assert after == before, "reads are not limited, and the refused writes changed nothing"
    fresh = client.post("/games", json={"game": "masul", "seed": 2024}).get_json()
    assert client.post(f"/play/{fresh['token']}/moves", json={"move": legal[0]}).status_code == 200


def test_hints_count_like_moves_per_seat(settings, redis_client):
    """A hint runs the strong AI's search: as costly as an AI move, so it counts as one."""
    client = _app(settings, redis_client, limit_seat=(Rate(2, 60),)).test_client()
    token = client.post("/games", json={"game": "masul", "seed": 2024}).get_json()["token"]
    for _ in range(2):
        assert client.get(f"/play/{token}/hint").status_code == 200
    body = _too_many(client.get(f"/play/{token}/hint"))
    assert "moves and hints on this seat: at most 2 per minute" in body["detail"]
    _too_many(client.post(f"/play/{token}/say", json={"text": "hint"}))
    assert client.get(f"/play/{token}").status_code == 200, "views are not limited"


def test_joins_are_limited_per_address_and_per_game(settings, redis_client):
    client = full_client(_app(settings, redis_client, limit_join=(Rate(2, 60),)).test_client())
    game = client.post("/games", json={"game": "maze", "seats": [{"kind": "human"}] * 4})
    game = game.get_json()
    invites = list(game["invites"].values())
    url = f"/games/{game['game_id']}/join"
    assert client.post(url, json={"invite": invites[0]}).status_code == 200
    assert client.post(url, json={"invite": "wrong"}).status_code == 404
    _too_many(client.post(url, json={"invite": invites[1]}))
    view = client.get(f"/games/{game['game_id']}").get_json()
    assert sum(1 for s in view["seats"] if s.get("joined")) == 2, "the refused join took no seat"


def test_the_window_ends_when_retry_after_says(settings, redis_client):
    client = _app(settings, redis_client, limit_create=(Rate(1, 1),)).test_client()
    assert client.post("/games", json={"game": "masul"}).status_code == 201
    response = client.post("/games", json={"game": "masul"})
    assert response.status_code == 429 and response.headers["Retry-After"] == "1"
    time.sleep(1.05)
    assert client.post("/games", json={"game": "masul"}).status_code == 201


def test_forwarded_for_is_believed_only_from_trusted_proxies(settings, redis_client):
    spoofed = [{"X-Forwarded-For": f"203.0.113.{i}"} for i in range(4)]
    direct = _app(settings, redis_client, limit_create=(Rate(2, 60),)).test_client()
    codes = [direct.post("/games", json={"game": "masul"}, headers=h).status_code for h in spoofed]
    assert codes == [201, 201, 429, 429], "without a trusted proxy the header is ignored"
    redis_client.flushdb()
    behind = _app(
        settings, redis_client, limit_create=(Rate(2, 60),), trusted_proxies=1
    ).test_client()
    codes = [behind.post("/games", json={"game": "masul"}, headers=h).status_code for h in spoofed]
    assert codes == [201] * 4, "behind one proxy, each forwarded address counts on its own"
    # a client cannot choose its address by writing further left: the proxy appends what it saw
    lies = [{"X-Forwarded-For": f"198.51.100.{i}, 192.0.2.1"} for i in range(4)]
    codes = [behind.post("/games", json={"game": "masul"}, headers=h).status_code for h in lies]
    assert codes == [201, 201, 429, 429]


def test_client_address_rule():
    headers = {"X-Forwarded-For": "1.1.1.1, 2.2.2.2, 3.3.3.3"}
    assert client_address("9.9.9.9", headers, 0) == "9.9.9.9"
    assert client_address("9.9.9.9", headers, 1) == "3.3.3.3"
    assert client_address("9.9.9.9", headers, 2) == "2.2.2.2"
    assert client_address("9.9.9.9", headers, 4) == "9.9.9.9", "fewer hops than proxies: the peer"
    assert client_address("9.9.9.9", {}, 1) == "9.9.9.9"


DEFAULTS = {k: getattr(Settings(), k) for k in ("limit_create", "limit_join", "limit_play")}


def test_counters_are_hash_tagged_expire_and_hold_no_secret(settings, redis_client):
    client = _app(settings, redis_client, **DEFAULTS, limit_seat=Settings().limit_seat)
    client = full_client(client.test_client())
    game = client.post("/games", json={"game": "masul", "seed": 2024}).get_json()
    client.post(f"/play/{game['token']}/moves", json={"move": game["view"]["legal_moves"][0]})
    keys = [k.decode() for k in redis_client.keys("gm-rl:*")]
    assert len(keys) == 4  # create: 2 windows per address; move: per address, per seat
    secret = game["token"].split(".", 1)[1]
    for key in keys:
        assert key.startswith("gm-rl:{") and "}:" in key
        assert secret not in key and "127.0.0.1" not in key
        assert 0 < redis_client.ttl(key) <= 3601


def test_rates_are_parsed_from_the_environment(monkeypatch):
    assert parse_rates("X", "60/minute, 1000/hour") == (Rate(60, 60), Rate(1000, 3600))
    assert parse_rates("X", "5/10") == (Rate(5, 10),)
    assert parse_rates("X", "2/seconds") == (Rate(2, 1),)
    assert parse_rates("X", "off") == ()
    for bad in ("many", "5/fortnight", "0/minute", "-1/60", "5/0"):
        with pytest.raises(SystemExit, match="X must be like"):
            parse_rates("X", bad)
    monkeypatch.setenv("GM_LIMIT_SEAT", "off")
    monkeypatch.setenv("GM_LIMIT_CREATE", "10/minute")
    settings = Settings.from_env()
    assert settings.limit_seat == () and settings.limit_create == (Rate(10, 60),)
    assert Settings().limit_seat == (Rate(120, 60),)


def test_limits_off_count_nothing(settings, redis_client):
    off = {f"limit_{k}": () for k in ("create", "join", "play", "seat")}
    client = _app(settings, redis_client, **off).test_client()
    assert settings.limit_create == (), "tests/conftest.py's settings have the limits off"
    for _ in range(3):
        assert client.post("/games", json={"game": "masul"}).status_code == 201
    assert redis_client.keys("gm-rl:*") == []


@pytest.mark.slow
def test_a_limiter_on_an_unreachable_store_is_a_503():
    dead = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.5)
    limiter = Limiter(dead, {("create", "address"): (Rate(1, 60),)})
    with pytest.raises(redis.ConnectionError):
        limiter.check("new_game", "1.2.3.4", {})
    client = create_app(Settings(redis_url="redis://127.0.0.1:1"), client=dead).test_client()
    response = client.post("/games", json={"game": "masul"})
    assert response.status_code == 503 and response.mimetype == "application/problem+json"


# ---------------------------------------------------------------- the memory policy


def test_a_full_embedded_store_answers_507_and_changes_nothing(tmp_path):
    with EmbeddedRedis(tmp_path, maxmemory="2mb") as server:
        redis_client = redis.Redis.from_url(server.url)
        assert redis_client.config_get("maxmemory") == {"maxmemory": str(2 * 1024 * 1024)}
        assert redis_client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        # no soft limit (tests/store/test_quotas.py has it): the store fills to maxmemory
        unlimited = Settings(redis_url=server.url, limit_create=(), store_soft_limit=0)
        client = full_client(create_app(unlimited, client=redis_client).test_client())
        first = client.post("/games", json={"game": "masul", "seed": 2024}).get_json()
        token = first["token"]
        games = 1
        for _ in range(5000):
            response = client.post("/games", json={"game": "n-in-a-row"})
            if response.status_code != 201:
                break
            games += 1
        assert response.status_code == 507, response.get_data(as_text=True)
        assert response.mimetype == "application/problem+json"
        body = response.get_json()
        assert body["title"] == "Store full" and "changed nothing" in body["detail"]
        assert int(response.headers["Retry-After"]) > 0
        assert "Traceback" not in response.get_data(as_text=True)
        assert len(redis_client.keys("gm:{*}:doc")) == games, "the refused game is not stored"
        assert 10 < games < 5000
        # saved games can still be viewed; a move is refused and changes nothing
        before = client.get(f"/play/{token}").get_json()
        move = client.post(f"/play/{token}/moves", json={"move": before["legal_moves"][0]})
        assert move.status_code == 507 and move.get_json()["title"] == "Store full"
        assert int(move.headers["Retry-After"]) > 0  # the limiter fails closed: it cannot count
        hint = client.get(f"/play/{token}/hint")
        assert hint.status_code == 507 and int(hint.headers["Retry-After"]) > 0
        assert client.get(f"/play/{token}").get_json() == before
        assert client.get("/healthz").status_code == 200
        redis_client.close()


def test_maxmemory_is_a_setting(monkeypatch):
    assert Settings().redis_maxmemory == "256mb"
    monkeypatch.setenv("GM_REDIS_MAXMEMORY", "1GB")
    assert Settings.from_env().redis_maxmemory == "1gb"
    monkeypatch.setenv("GM_REDIS_MAXMEMORY", "lots")
    with pytest.raises(SystemExit, match="GM_REDIS_MAXMEMORY"):
        Settings.from_env()
