"""Failover under load: a master of a real 3-master cluster is killed (SIGKILL) while clients play
moves; its replica takes over. With GM_REDIS_WAIT_REPLICAS=1 no acknowledged move is lost; every
client meanwhile gets 503 with Retry-After (never another 5xx), a move resent with its idempotency
key is applied once. bench/failover.py prints the same figures, with and without the option."""

from __future__ import annotations

import pytest

from bench import failover
from tests.conftest import CLUSTER

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CLUSTER, reason="the cluster pass: GM_TEST_REDIS=cluster"),
]
CLUSTER_ONLY = True  # runs in the cluster pass whatever its fixtures (tests/conftest.py)


def test_killing_a_master_loses_no_acknowledged_move_with_the_replica_wait(record_property):
    figures = failover.run(clients=4, before_s=1.5, after_s=0.5, wait_replicas=1)
    for name, value in figures.items():
        record_property(name, value)
    print(f"\nfailover with GM_REDIS_WAIT_REPLICAS=1: {figures}")
    assert figures["failed_503"] > 0 and figures["clients_hit"] > 0, "the kill was felt"
    assert figures["acked"] > 0
    assert figures["lost"] == 0, figures
    assert figures["other_errors"] == 0, figures["errors_sample"]  # no 500, no double move
    assert figures["no_retry_after"] == 0
    assert figures["window_s"] < 30, "the slot's new master serves moves again"
