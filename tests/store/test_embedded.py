"""The embedded Redis server `gm serve` starts when REDIS_URL is not set: a real server from the
pip-installed binary, append-only persistence in the data directory, unix socket only, data kept
across restarts, stopped cleanly."""

from __future__ import annotations

import pytest
import redis

from gm.store.embedded import EmbeddedRedis

pytestmark = pytest.mark.slow  # the slow tier: Redis servers started as processes


def test_embedded_server_persists_data_across_restarts(tmp_path):
    data = tmp_path / "data"
    with EmbeddedRedis(data) as server:
        client = redis.Redis.from_url(server.url)
        assert client.ping()
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        assert client.config_get("port") == {"port": "0"}, "no TCP port is opened"
        client.set("gm:{x}:doc", "kept")
        client.close()
        pid = server.process.pid
    assert server.process is None, "stopped on exit"
    assert any(p.name.startswith("appendonly") for p in data.iterdir())
    with EmbeddedRedis(data) as server:
        assert server.process.pid != pid
        assert redis.Redis.from_url(server.url).get("gm:{x}:doc") == b"kept"


def test_a_long_data_path_still_gets_a_socket(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    with EmbeddedRedis(deep) as server:
        assert len(server.socket_path) < 100
        assert redis.Redis.from_url(server.url).ping()
