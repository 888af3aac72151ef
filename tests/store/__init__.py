"""Tests of the store: Redis, idempotency, exactly-once, the cluster, the embedded server."""
