"""Shared fixtures. Tests that touch the store use a real Redis-protocol server: the one REDIS_URL
names, or else an embedded Valkey server started here for the session (never a fake)."""

from __future__ import annotations

import os
import tempfile
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from redis.cluster import RedisCluster

from gm.play import chat
from gm.settings import Settings
from gm.store.cluster import EmbeddedCluster, is_cluster_url

# Every chat reply the suite produces is checked as it is made: plain sentences to relay, no HTTP
# verbs, paths or field names (gm.play.chat.JARGON). The longest one is reported at the end.
REPLIES: list[str] = []
_say = chat.say


def _checked_say(*args, **kwargs):
    answer = _say(*args, **kwargs)
    reply = answer["reply"]
    REPLIES.append(reply)
    found = chat.JARGON.search(reply)
    assert found is None, f"jargon {found.group(0)!r} in a chat reply: {reply!r}"
    return answer


chat.say = _checked_say


def pytest_terminal_summary(terminalreporter):
    if REPLIES:
        longest = max(REPLIES, key=len)
        terminalreporter.write_line(
            f"chat replies checked: {len(REPLIES)}; longest {len(longest)} chars: {longest!r}"
        )


def pytest_collection_modifyitems(config, items):
    """The cluster pass (GM_TEST_REDIS=cluster) runs every test that uses the suite's Redis (the
    ``redis_url`` fixture, directly or through ``redis_client``/``settings``/``app``/``client``/
    ``service``): the whole API suite, the MCP, chat and tool front ends, the store. Tests that
    never touch it (engines, parsers, OpenAPI, prompts, servers on an embedded Redis of their
    own) ran in the first pass and are deselected here; a module with ``CLUSTER_ONLY = True``
    (clusters of its own) runs only here, one with ``CLUSTER_SKIP = True`` (replays of chat sets
    and phrasing tables that check reading, not the store) only in the first pass."""
    if not CLUSTER:
        return

    def uses_cluster(item) -> bool:
        module = getattr(item, "module", None)
        if getattr(module, "CLUSTER_ONLY", False):
            return True
        if getattr(module, "CLUSTER_SKIP", False):
            return False
        return "redis_url" in getattr(item, "fixturenames", ())

    keep = [item for item in items if uses_cluster(item)]
    dropped = [item for item in items if not uses_cluster(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def _with_db(url: str, db: int) -> str:
    """The same server, logical database ``db`` (unix:// takes ?db=, redis:// a path)."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        query = "&".join(q for q in parts.query.split("&") if q and not q.startswith("db="))
        query = f"{query}&db={db}" if query else f"db={db}"
        return f"unix://{parts.path}?{query}"
    return urlunsplit(parts._replace(path=f"/{db}"))


#: ``GM_TEST_REDIS=cluster``: the store tests run on a real 3-master Redis Cluster (a replica
#: each) started for the session (per pytest-xdist worker), REDIS_URL ``redis+cluster://``.
CLUSTER = os.environ.get("GM_TEST_REDIS", "").strip().lower() == "cluster"


class _TestCluster(RedisCluster):
    """The tests' cluster client: ``keys`` lists every master's keys (redis-py asks one node)."""

    def keys(self, pattern="*", **kwargs):
        kwargs.setdefault("target_nodes", RedisCluster.PRIMARIES)
        return super().keys(pattern, **kwargs)


def connect(url: str):
    """A plain client for ``url``: one server, or the cluster of a ``redis+cluster://`` URL."""
    if is_cluster_url(url):
        return _TestCluster.from_url("redis://" + url.split("://", 1)[1])
    return redis.Redis.from_url(url)


@pytest.fixture(scope="session")
def redis_url():
    """A real server; each pytest-xdist worker gets a logical database of its own, since tests
    flush their database. With GM_TEST_REDIS=cluster, a cluster of its own (flushing it flushes
    every master)."""
    if CLUSTER:
        with tempfile.TemporaryDirectory(prefix="gm-test-cluster-") as data_dir:
            cluster = EmbeddedCluster(data_dir, masters=3, replicas=1, appendonly=False).start()
            try:
                yield cluster.url
            finally:
                cluster.stop()
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    db = int(worker.removeprefix("gw") or 0) % 15 + 1
    url = os.environ.get("REDIS_URL", "").strip()
    if url:
        yield _with_db(url, db)
        return
    from gm.store.embedded import EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="gm-test-redis-") as data_dir:
        server = EmbeddedRedis(data_dir).start()
        try:
            yield _with_db(server.url, db)
        finally:
            server.stop()


@pytest.fixture
def redis_client(redis_url):
    client = connect(redis_url)
    client.flushdb()  # on a cluster: every master
    yield client
    client.close()


# Rate limits are off for tests that are not about them (tests play faster than any chat);
# tests/store/test_limits.py sets the limits it tests.
NO_LIMITS = {
    **{f"limit_{k}": () for k in ("create", "join", "play", "seat", "work", "work_seat")},
    **{f"quota_{k}": () for k in ("address", "game")},
}


@pytest.fixture
def settings(redis_url) -> Settings:
    return Settings(redis_url=redis_url, **NO_LIMITS)


@pytest.fixture
def app(settings, redis_client):
    from gm.frontends.http.app import create_app

    app = create_app(settings, client=redis_client)
    return app


@pytest.fixture
def client(app):
    """Flask's test client asking for the full answers (``GM-API-Version: 1``), the shape most
    tests read (state, seats, every legal move); ``lean_client`` gets the default, lean ones."""
    client = app.test_client()
    client.environ_base["HTTP_GM_API_VERSION"] = "1"
    return client


@pytest.fixture
def lean_client(app):
    return app.test_client()


@pytest.fixture
def service(app):
    return app.extensions["gm.service"]


@pytest.fixture
def toy_game():
    """The toy game of tests/toy_game.py, registered for one test only."""
    from gm.games import register, unregister
    from tests.toy_game import GAME

    register(GAME)
    try:
        yield GAME
    finally:
        unregister(GAME.name)


@pytest.fixture
def reproducible_deals(monkeypatch):
    """Deals as before commitments: a chosen seed deals the cards even between humans. For tests
    that script a known two-human deal (a conversation, say); tests/play/test_deal.py tests the real
    policy, under which such a table's deal is committed and no seed reproduces it."""
    from gm.games import deal

    monkeypatch.setattr(deal, "committed_for", lambda humans, client_seed: client_seed is None)
