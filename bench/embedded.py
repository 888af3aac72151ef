"""gm's HTTP app on an embedded Redis of its own, for a bench script: the server started in a
temporary folder and stopped after, and no rate limits or quotas (a bench is no stranger)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

NO_LIMITS = {
    **{f"limit_{k}": () for k in ("create", "join", "play", "seat", "work", "work_seat")},
    **{f"quota_{k}": () for k in ("address", "game")},
}


@contextmanager
def bench_app(name: str) -> Iterator[tuple[Any, Any]]:
    """``(app, redis_client)``: the app on an embedded Redis started for ``name``'s run."""
    import redis

    from gm.frontends.http.app import create_app
    from gm.settings import Settings
    from gm.store.embedded import EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix=f"gm-bench-{name}-") as data_dir:
        server = EmbeddedRedis(data_dir).start()
        try:
            client = redis.Redis.from_url(server.url)
            yield create_app(Settings(redis_url=server.url, **NO_LIMITS), client=client), client
        finally:
            server.stop()
