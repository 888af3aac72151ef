"""Change notices read back: a subscription to games' change channels (gm/store/repository.py
publishes a notice inside each write; gm/play/live.py shares one feed per process;
gm/store/cluster.py's
``ShardedChangeFeed`` is the same on a cluster)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ChangeFeed:
    """Subscribe to games' change notices and read them: ``next`` gives
    ``("subscribe", game_id, None)`` once a subscription is active and ``("change", game_id,
    version)`` per notice. ``subscribe`` may be called while another thread reads."""

    def __init__(self, pubsub: Any, channel: Callable[[str], str]):
        self.pubsub = pubsub
        self.channel = channel

    def subscribe(self, game_id: str) -> None:
        self.pubsub.subscribe(self.channel(game_id))

    def unsubscribe(self, game_id: str) -> None:
        self.pubsub.unsubscribe(self.channel(game_id))

    def next(self, timeout: float) -> tuple[str, str, int | None] | None:
        return self.parse(self.pubsub.get_message(timeout=timeout))

    @staticmethod
    def parse(message: dict[str, Any] | None) -> tuple[str, str, int | None] | None:
        if not message or message["type"] not in ("message", "subscribe"):
            return None
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
        game_id = channel.partition("{")[2].partition("}")[0]
        if message["type"] == "subscribe":
            return "subscribe", game_id, None
        data = message["data"]
        data = data.decode() if isinstance(data, bytes) else str(data)
        _, _, version = data.rpartition(" ")
        return "change", game_id, int(version) if version.isdigit() else None

    def close(self) -> None:
        self.pubsub.close()
