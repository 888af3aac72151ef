"""The store layer: Redis and nothing else. The game repository (``repository``: one JSON document
and an append-only log per game, written together), change notices (``changes``), rate-limit
counters (``ratelimits``), the embedded Valkey server (``embedded``) and a real Redis Cluster
(``cluster``). It imports no other layer of gm but ``gm.settings``."""
