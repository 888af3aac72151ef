"""Shared fixtures. Tests that touch the store use a real Redis-protocol server: the one REDIS_URL
names, or else an embedded Valkey server started here for the session (never a fake)."""

from __future__ import annotations

import os
import tempfile

import pytest
import redis

from gm.config import Settings


@pytest.fixture(scope="session")
def redis_url():
    url = os.environ.get("REDIS_URL", "").strip()
    if url:
        yield url
        return
    from gm.redis_server import EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="gm-test-redis-") as data_dir:
        server = EmbeddedRedis(data_dir).start()
        try:
            yield server.url
        finally:
            server.stop()


@pytest.fixture
def redis_client(redis_url):
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def settings(redis_url) -> Settings:
    return Settings(redis_url=redis_url)


@pytest.fixture
def app(settings, redis_client):
    from gm.app import create_app

    app = create_app(settings, client=redis_client)
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def service(app):
    return app.extensions["gm.service"]
