"""gm on a real Redis Cluster (3 masters, a replica each, from the embedded binaries): the client
selected by ``redis+cluster://``, a game's keys in one slot with their TTLs, change notices through
sharded pub/sub, and ``gm redis --cluster``. Runs in the cluster pass (GM_TEST_REDIS=cluster,
.ci/run), where the session's ``redis_url`` is the cluster; the API suite runs there too."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest
import redis

from gm.store.cluster import is_cluster_url, redis_kind
from gm.store.connect import client_for
from gm.store.repository import Store
from tests.conftest import CLUSTER
from tests.real_server import gm_env

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CLUSTER, reason="the cluster pass: GM_TEST_REDIS=cluster"),
]
CLUSTER_ONLY = True  # runs in the cluster pass whatever its fixtures (tests/conftest.py)


def _two_humans(client, game="masul"):
    created = client.post("/games", json={"game": game, "opponent": "human", "seed": 5})
    assert created.status_code == 201, created.get_data(as_text=True)
    body = created.get_json()
    seat, invite = next(iter(body["invites"].items()))
    joined = client.post(f"/games/{body['game_id']}/join", json={"invite": invite}).get_json()
    return body, joined


def test_a_cluster_url_selects_the_cluster_client_and_says_so(redis_url, redis_client):
    assert is_cluster_url(redis_url) and is_cluster_url("rediss+cluster://h:1")
    assert not is_cluster_url("redis://h:1") and not is_cluster_url("unix:///tmp/r.sock")
    client = client_for(redis_url)
    assert redis_kind(client) == "cluster"
    assert len(client.get_primaries()) == 3
    assert redis_kind(redis.Redis()) == "single"


def test_a_games_keys_share_one_slot_and_every_write_sets_their_ttl(client, redis_client):
    game, joined = _two_humans(client)
    game_id = game["game_id"]
    view = client.get(f"/play/{game['token']}").get_json()
    move = {"move": view["legal_moves"][0], "idempotency_key": "k-1"}
    first = client.post(f"/play/{game['token']}/moves", json=move)
    again = client.post(f"/play/{game['token']}/moves", json=move)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json(), "replayed from the idempotency answer"
    history = client.get(f"/play/{game['token']}/history")
    assert history.status_code == 200, history.get_data(as_text=True)
    keys = [k.decode() for k in redis_client.keys(f"gm:{{{game_id}}}:*")]
    assert {Store.doc_key(game_id), Store.log_key(game_id)} < set(keys)
    assert any(":idem:" in k for k in keys)
    slots = {redis_client.keyslot(k) for k in keys}
    assert len(slots) == 1, f"a game's keys in one slot: {keys}"
    for key in keys:
        assert 0 < redis_client.ttl(key), key


def test_rate_limit_counters_live_on_the_cluster(settings, redis_client):
    from gm.frontends.http.app import create_app
    from gm.settings.rates import Rate

    limited = settings.__class__(**{**settings.__dict__, "limit_create": (Rate(2, 60),)})
    http = create_app(limited, client=redis_client).test_client()
    statuses = [http.post("/games", json={"game": "masul"}).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    counters = redis_client.keys("gm-rl:*")
    assert counters and all(0 < redis_client.ttl(k) <= 61 for k in counters)


def test_change_notices_go_through_sharded_pubsub(client, redis_client):
    game, joined = _two_humans(client)
    answers = []
    waiter = threading.Thread(
        target=lambda: answers.append(client.get(f"/play/{joined['token']}/turn?wait=10")),
    )
    started = time.monotonic()
    waiter.start()
    channel = Store.changes_channel(game["game_id"])
    master = redis_client.get_node_from_key(channel).redis_connection
    deadline = time.monotonic() + 5
    while master.execute_command("PUBSUB", "SHARDNUMSUB", channel)[1] == 0:
        assert time.monotonic() < deadline, "the waiter never subscribed (SSUBSCRIBE)"
        time.sleep(0.02)
    assert redis_client.pubsub_numsub(channel)[0][1] == 0, "no plain SUBSCRIBE on a cluster"
    view = client.get(f"/play/{game['token']}").get_json()
    moved = client.post(f"/play/{game['token']}/moves", json={"move": view["legal_moves"][0]})
    assert moved.status_code == 200
    waiter.join(timeout=10)
    assert answers and answers[0].status_code == 200
    assert answers[0].get_json()["your_turn"] is True
    assert time.monotonic() - started < 8, "woken by the notice, not by the timeout"


def test_gm_redis_cluster_starts_masters_with_replicas_and_stops_them(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "redis", "--cluster", "3", "--replicas", "1",
         "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=gm_env(),
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        assert line.startswith("REDIS_URL=redis+cluster://127.0.0.1:"), line + process.stderr.read()
        client = client_for(line.strip().split("=", 1)[1])
        assert client.cluster_info()["cluster_state"] == "ok"
        nodes = client.cluster_nodes()
        roles = sorted("master" if "master" in n["flags"] else "replica" for n in nodes.values())
        assert roles == ["master"] * 3 + ["replica"] * 3
        ports = [int(address.rsplit(":", 1)[1]) for address in nodes]
        client.close()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    for port in ports:  # every node stopped
        with pytest.raises(redis.ConnectionError):
            redis.Redis(port=port, socket_connect_timeout=0.5).ping()
