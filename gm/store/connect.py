"""Connecting to the store: a Redis client for a URL (a single server, a unix socket, or a Redis
Cluster for ``redis+cluster://``) with gm's retry policy, and whether a server answers on a
socket (the embedded server of a running ``gm serve``)."""

from __future__ import annotations

from pathlib import Path

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from gm.store import cluster as redis_cluster

#: How long a client waits for the store before its caller answers 503 (a second or less in all):
#: connecting (immediate on a unix socket that nobody serves) and two quick retries.
CONNECT_TIMEOUT_S = 0.5
RETRIES = 2
RETRY_AFTER_S = 1  # what a 503 tells the client to wait


def client_for(url: str, **kwargs: object) -> redis.Redis:
    """A Redis client with gm's retry policy: a short connect timeout and two retries 50–100 ms
    apart, so an unreachable store answers 503 within a second instead of after redis-py's
    default seconds of backoff; the connection pool reconnects by itself once the store is back.
    Replies keep a 5 s socket timeout (a slow EXEC is not a dead store). A ``redis+cluster://``
    (or ``rediss+cluster://``) URL gives a Redis Cluster client (gm/store/cluster.py)."""
    options: dict[str, object] = {
        "socket_timeout": 5,
        "socket_connect_timeout": CONNECT_TIMEOUT_S,
        "retry": Retry(ExponentialBackoff(cap=0.1, base=0.05), RETRIES),
        "health_check_interval": 30,
    }
    options.update(kwargs)
    if redis_cluster.is_cluster_url(url):  # redis+cluster://host:port: any node of a cluster
        return redis_cluster.cluster_client(url, **options)  # type: ignore[return-value]
    return redis.Redis.from_url(url, **options)


def answers_at(socket_path: Path) -> bool:
    """Whether a Redis server answers PING on the unix socket ``socket_path`` (a running
    ``gm serve``'s embedded server, which ``gm mcp`` and ``flask run`` reuse)."""
    if not socket_path.exists():
        return False
    probe = redis.Redis(unix_socket_path=str(socket_path), socket_timeout=1)
    try:
        return bool(probe.ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False
    finally:
        probe.close()
