"""What a stranger can make the store keep and the work it can cause (issue 26), against a real
Redis: the soft limit below maxmemory refuses new games (507 with Retry-After) while a running
game keeps moving; byte quotas per address and per game (429 with Retry-After, nothing written);
work priced per request (hints, verifies, AI moves on reads) and limited per address and seat; a
finished game's verification kept; N-in-a-row's ``f`` bounded; the figures on ``/readyz``."""

from __future__ import annotations

from dataclasses import replace

import pytest
import redis

from gm.frontends.http.app import create_app
from gm.games import deal
from gm.games.n_in_a_row.rules import F_VALUES_MAX, F_WIDEST, parse_f
from gm.settings import Settings
from gm.settings.rates import Rate, parse_byte_rates
from gm.store.embedded import EmbeddedRedis
from gm.store.quotas import Memory, StoreGuard, read_memory
from tests.answers import full_client


def _retry_after(response, status: int, title: str) -> int:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["title"] == title
    retry = int(response.headers["Retry-After"])
    assert retry >= 1 and "changed nothing" in response.get_json()["detail"]
    return retry


def _human_game(client) -> tuple[str, str]:
    game = client.post("/games", json={"game": "trumps", "opponent": "human", "seed": 7}).get_json()
    (invite,) = game["invites"].values()
    other = client.post(f"/games/{game['game_id']}/join", json={"invite": invite}).get_json()
    return game["token"], other["token"]


def _play(client, tokens: list[str], key: str) -> int:
    """One move of whichever seat is to move (a legal one, with an idempotency key): its status."""
    for token in tokens:
        view = client.get(f"/play/{token}").get_json()
        if view.get("your_turn") and view["legal_moves"]:
            body = {"move": view["legal_moves"][0], "idempotency_key": key}
            return client.post(f"/play/{token}/moves", json=body).status_code
    raise AssertionError("nobody to move")


def test_above_the_soft_limit_new_games_are_refused_and_running_games_go_on(tmp_path):
    with EmbeddedRedis(tmp_path, maxmemory="4mb") as server:
        redis_client = redis.Redis.from_url(server.url)
        settings = Settings(redis_url=server.url, limit_create=(), quota_address=())
        app = create_app(settings, client=redis_client)
        client = full_client(app.test_client())
        tokens = list(_human_game(client))
        games = 0
        for _ in range(5000):
            response = client.post("/games", json={"game": "n-in-a-row"})
            if response.status_code != 201:
                break
            games += 1
        retry = _retry_after(response, 507, "Store nearly full")
        assert 10 < games < 5000
        docs = len(redis_client.keys("gm:{*}:doc"))
        # the running game keeps moving, with fresh idempotency keys, in the headroom
        assert [_play(client, tokens, f"k{i}") for i in range(12)] == [200] * 12
        # ... each key keeping only its marker (the request and the answer's brief), no answer
        game_id = tokens[0].split(".")[0]
        assert redis_client.hlen(f"gm:{{{game_id}}}:idem") == 12
        assert redis_client.keys(f"gm:{{{game_id}}}:idem:*") == [], "no whole answer kept"
        again = client.post("/games", json={"game": "masul"})
        assert _retry_after(again, 507, "Store nearly full") == retry
        assert len(redis_client.keys("gm:{*}:doc")) == docs, "no refused game is stored"
        # above the soft limit the bytes are counted afresh against quotas ten times smaller: a
        # heavy writer meets its own, whatever it wrote before
        guard = app.extensions["gm.service"].store.guard
        guard.tight = lambda: True  # type: ignore[method-assign]  # (the use moves around it)
        guard.rates["game"] = (Rate(12_000, 86400),)  # 1.2 KB when tight: a few keyed moves
        redis_client.delete(*redis_client.keys("gm-qt:*"))  # the day starts again
        statuses = [_play(client, tokens, "tight-0")]
        while statuses[-1] == 200 and len(statuses) < 8:
            statuses.append(_play(client, tokens, f"tight-{len(statuses)}"))
        assert statuses[0] == 200 and statuses[-1] == 429, statuses
        ready = client.get("/readyz").get_json()
        memory = ready["memory"]
        assert memory["max_bytes"] == 4 * 1024 * 1024 and memory["used_bytes"] < memory["max_bytes"]
        assert memory["used_bytes"] >= 0.9 * memory["soft_limit_bytes"] > 0
        tight = memory["used_bytes"] >= memory["soft_limit_bytes"]
        assert memory["state"] == ("tight" if tight else "ok")
        assert ready["refused"]["store_tight"] >= 2 and ready["refused"]["quota"] >= 1
        redis_client.close()


def test_a_burst_of_writes_between_two_readings_of_the_use_is_counted(tmp_path):
    """The use is read once a second (here: once an hour); the bytes charged since the last
    reading count towards it, so a burst sees the soft limit before it runs past ``maxmemory``
    (CI once filled a 4 MB store in the second between two readings)."""
    with EmbeddedRedis(tmp_path, maxmemory="4mb") as server:
        client = redis.Redis.from_url(server.url)
        guard = StoreGuard(client, soft_percent=80, read_every_s=3600)
        assert not guard.tight()  # read: far below the soft limit
        for n in range(40):  # written behind the guard's back until past the soft limit
            if read_memory(client, 80).state == "tight":
                break
            client.set(f"ballast:{n}", b"x" * 100_000)
        assert read_memory(client, 80).state == "tight"
        assert not guard.tight(), "the reading is kept while nothing is charged"
        guard.charge("g1", 1_000, refusable=True)  # small: the estimate stays far off
        assert not guard.tight()
        guard.charge("g1", 1_500_000, refusable=True)  # the estimate nears the soft limit
        assert guard.tight(), "read again: the store is above its soft limit"
        assert guard.memory().state == "tight"
        client.close()


def test_a_byte_quota_per_address_refuses_new_games_from_it_only(settings, redis_client):
    app = create_app(replace(settings, quota_address=(Rate(20_000, 3600),)), client=redis_client)
    client = full_client(app.test_client())
    made = 0
    while made < 200:
        response = client.post("/games", json={"game": "masul"})
        if response.status_code != 201:
            break
        made += 1
    retry = _retry_after(response, 429, "Too much stored")
    assert 1 <= made < 200 and retry <= 3600
    assert "from your address" in response.get_json()["detail"]
    assert len(redis_client.keys("gm:{*}:doc")) == made
    other = client.post("/games", json={"game": "masul"}, environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert other.status_code == 201, "another address has its own quota"
    assert client.get("/readyz").get_json()["refused"]["quota"] >= 1


def test_a_byte_quota_per_game_refuses_new_keys_but_not_plain_moves(settings, redis_client):
    app = create_app(replace(settings, quota_game=(Rate(12_000, 86400),)), client=redis_client)
    client = full_client(app.test_client())
    tokens = list(_human_game(client))
    statuses = [_play(client, tokens, f"key-{i}") for i in range(40)]
    assert statuses[0] == 200 and 429 in statuses
    refused = statuses.index(429)
    assert set(statuses[refused:]) == {429}, "over the quota, every new key is refused"
    game_id = tokens[0].split(".")[0]
    markers = redis_client.hlen(f"gm:{{{game_id}}}:idem")
    assert markers == refused, "a refused key keeps nothing"
    for token in tokens:  # a move without a key still plays
        view = client.get(f"/play/{token}").get_json()
        if view.get("your_turn"):
            move = client.post(f"/play/{token}/moves", json={"move": view["legal_moves"][0]})
            assert move.status_code == 200 and move.get_json()["legal"]


def _limited(settings, redis_client, **limits):
    return full_client(create_app(replace(settings, **limits), client=redis_client).test_client())


def test_hints_are_priced_per_seat_through_every_route(settings, redis_client):
    client = _limited(settings, redis_client, limit_work_seat=(Rate(200, 3600),))
    game = client.post("/games", json={"game": "masul", "opponent": "ai"}).get_json()
    token = game["token"]
    codes = [client.get(f"/play/{token}/hint").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429], codes  # 60 units each, 200 an hour
    refusal = client.get(f"/play/{token}/hint")
    _retry_after(refusal, 429, "Too many requests")
    assert "units of work" in refusal.get_json()["detail"]
    # /say "hint" pays the same, after the fact: a fresh seat asks twice, then is refused
    fresh = client.post("/games", json={"game": "masul", "opponent": "ai"}).get_json()["token"]
    said = [client.post(f"/play/{fresh}/say", json={"text": "hint"}) for _ in range(5)]
    assert [r.status_code for r in said][:4] == [200, 200, 200, 200]
    assert said[0].get_json()["intent"] == "hint"
    assert said[4].status_code == 429, "four hints through /say cost 4 × 62 > 200"
    # another seat of another address is not affected
    other = client.post("/games", json={"game": "masul"}, environ_base={"REMOTE_ADDR": "10.1.1.1"})
    hint = client.get(
        f"/play/{other.get_json()['token']}/hint", environ_base={"REMOTE_ADDR": "10.1.1.1"}
    )
    assert hint.status_code == 200


def test_a_finished_game_s_verification_is_kept_and_costs_nothing_again(
    settings, redis_client, monkeypatch
):
    client = _limited(settings, redis_client, limit_work=(Rate(95, 3600),))
    ais = [{"kind": "ai", "level": "random"}] * 2
    game = client.post("/games", json={"game": "masul", "seats": ais, "seed": 3}).get_json()
    game_id = game["game_id"]
    while client.get(f"/games/{game_id}").get_json()["status"] != "finished":
        pass  # an all-AI table is played on by its reads (each priced by its AI moves)
    redis_client.delete(*redis_client.keys("gm-rl:*"))  # a fresh hour for the verifies
    replays = []
    real = deal.verify_game
    monkeypatch.setattr(deal, "verify_game", lambda *a: replays.append(1) or real(*a))
    first = client.get(f"/games/{game_id}/verify")
    assert first.status_code == 200 and first.get_json()["verified"] is True
    answers = [client.get(f"/games/{game_id}/verify") for _ in range(2)]
    assert [a.get_json() for a in answers] == [first.get_json()] * 2
    assert len(replays) == 1, "replayed once, then kept"
    # 3 verifies at 30 units up front = 90 of 95: the next one is over, kept or not
    _retry_after(client.get(f"/games/{game_id}/verify"), 429, "Too many requests")


def test_ai_moves_played_by_reads_are_charged_to_the_reader(settings, redis_client):
    # a small AI budget: the table is not played to its end by its creation, but by its reads
    client = _limited(settings, redis_client, limit_work=(Rate(200, 3600),), ai_budget_ms=2)
    ais = [{"kind": "ai", "level": "random"}] * 2
    game = client.post("/games", json={"game": "trumps", "seats": ais, "seed": 1}).get_json()
    assert client.get(f"/games/{game['game_id']}").get_json()["status"] == "active"
    codes = []
    for _ in range(200):
        codes.append(client.get(f"/games/{game['game_id']}").status_code)
        if codes[-1] != 200:
            break
    assert codes[-1] == 429, "reads that play AI moves meet the work limit"
    assert len(codes) < 200 / 2, "each read paid more than its price of 1"


def test_f_is_bounded_so_a_game_stays_small():
    assert parse_f(F_WIDEST) == F_WIDEST and len(F_WIDEST) < 200
    for wide in (F_WIDEST + ",5", ",".join(["2"] * 10_000), "2" * 100_000):
        with pytest.raises(ValueError, match=f"at most {F_VALUES_MAX} values|1000"):
            parse_f(wide)


def test_byte_rates_are_read_from_the_environment(monkeypatch):
    assert parse_byte_rates("X", "16mb/hour, 1kb/60") == (Rate(16 << 20, 3600), Rate(1024, 60))
    assert parse_byte_rates("X", "off") == ()
    monkeypatch.setenv("GM_QUOTA_GAME", "lots")
    with pytest.raises(SystemExit, match="GM_QUOTA_GAME"):
        Settings.from_env()
    monkeypatch.setenv("GM_QUOTA_GAME", "2mb/day")
    monkeypatch.setenv("GM_STORE_SOFT_LIMIT", "70")
    settings = Settings.from_env()
    assert settings.quota_game == (Rate(2 << 20, 86400),) and settings.store_soft_limit == 70


def test_the_store_s_state_and_no_soft_limit_without_maxmemory(redis_client):
    assert Memory(10**9, 0, 0).state == "ok", "no maxmemory: never tight, never full"
    assert Memory(79, 100, 80).state == "ok" and Memory(80, 100, 80).state == "tight"
    assert Memory(100, 100, 80).state == "full"
    assert not StoreGuard(redis_client, soft_percent=0).tight()
    assert not StoreGuard(redis_client, soft_percent=100).tight()


@pytest.mark.parametrize("kind", ["chat memory", "board moves"])
def test_a_seat_s_chat_memory_and_board_moves_count_against_the_byte_quotas(redis_client, kind):
    """Every write of a seat's chat memory or board-move lines is charged to its address and
    game: past the quota, that address's next new game or new key is refused, another's is not."""
    from gm.store.boardmoves import BoardMoves
    from gm.store.chatmemory import ChatMemory
    from gm.store.quotas import QuotaError
    from gm.store.repository import Store

    address = ["10.1.1.1"]
    guard = StoreGuard(
        redis_client,
        per_address=(Rate(8_000, 3600),),
        per_game=(Rate(1 << 30, 86400),),
        address=lambda: address[0],
    )
    store = Store(redis_client, guard=guard)
    game_id = "00112233445566ff"
    guard.charge(game_id, 1, refusable=True)  # under the quota
    for i in range(12 if kind == "chat memory" else 80):  # each write within its own bound,
        if kind == "chat memory":  # ~12 KB in all
            assert ChatMemory(store).keep(game_id, 0, {"asked": "x" * 900, "n": i})
        else:
            BoardMoves(store).note(game_id, "x", "RK2 then M3 " * 20)
    with pytest.raises(QuotaError) as refused:
        guard.charge(game_id, 1, refusable=True)
    assert refused.value.whom == "address"
    address[0] = "10.2.2.2"
    guard.charge(game_id, 1, refusable=True)  # another address has its own quota
