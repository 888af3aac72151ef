"""What a chat model reads per move, and what Redis keeps per game: whole games of every game
against the AI through each door, every answer measured in bytes.

    python -m bench.answer_bytes [--game masul] [--seed 1]

Doors (each plays its own whole game, the same seed and moves chosen the same way):

- ``http``: ``POST /play/<token>/moves`` with ``{"move": …}``, the body as served — what a GPT
  Action puts in the model's context;
- ``tools``: the same route called as /tools/openai.json's ``dispatch`` says (strict mode: every
  argument present, null when not given), the body as served — the tool-call shape;
- ``mcp``: the ``play_move`` tool; what the model sees is the result's text content (MCP Apps
  hosts: Claude, VS Code…); ``mcp+sc`` adds ``structuredContent`` (ChatGPT shows the model both);
- ``say``: ``POST /play/<token>/say`` with the move as the message.

The human seat plays a random legal move (``random.Random(seed)``, the list read from the service,
not measured); the AI seat plays level ``random`` (answers' size does not depend on its strength).
Per door and game: the median and p95 bytes of a move answer, the bytes of the whole game (the
creation's answer and every move's), and the ratio of the median to the median *minimal content*
of the same answers — the verdict (``legal: <move>`` / ``illegal: <reason>``), the events' texts,
the board text and a turn line — measured in the same run. The Redis table plays the game over
HTTP twice, without and with an idempotency key on every move, and sums ``MEMORY USAGE`` over the
game's keys once it is over. Last, the MCP tool definitions: names, titles, descriptions and input
schemas (the issue's bound: 8 KB), and the output schemas beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
from dataclasses import dataclass, field
from typing import Any

from gm.contract.operations import BY_NAME
from gm.games import GAMES

# a bench is no stranger: no rate limits, no quotas
NO_LIMITS = {
    **{f"limit_{k}": () for k in ("create", "join", "play", "seat", "work", "work_seat")},
    **{f"quota_{k}": () for k in ("address", "game")},
}
DOORS = ("http", "tools", "mcp", "mcp+sc", "say")
MAX_PLIES = 400  # N-in-a-row's human seat, at most (the move cap ends most games before)


def _bytes(value: Any) -> int:
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, str):
        return len(value.encode())
    return len(json.dumps(value, ensure_ascii=False).encode())


def minimal(answer: dict[str, Any], events: list[str]) -> int:
    """The bytes a model needs from a move answer: the verdict, the events (the seat's view of
    the log entries the move made, read from the service: the same for every door), the board
    and a turn line."""
    full = answer
    if full["legal"]:
        verdict = f"legal: {full.get('move') or full.get('input', '')}"
    else:
        verdict = f"illegal: {full['reason']}"
    text = "\n".join(events)
    if full.get("status") == "finished":
        turn = f"over: {(full.get('result') or {}).get('reason', '')}"
    else:
        turn = f"to move: {full.get('to_move')}"
    return _bytes("\n".join((verdict, text, full.get("board", ""), turn)))


@dataclass
class Game:
    """One game's measures through one door."""

    moves: list[int] = field(default_factory=list)
    minimal: list[int] = field(default_factory=list)
    created: int = 0
    redis: int = 0

    def row(self) -> tuple[int, int, int, float]:
        ordered = sorted(self.moves)
        median = statistics.median(ordered)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        whole = self.created + sum(self.moves)
        return int(median), p95, whole, median / statistics.median(self.minimal)


class Doors:
    """The HTTP app (Flask's test client) and the MCP tools on one real Redis server."""

    def __init__(self, app: Any, redis_client: Any):
        from gm.frontends.mcp.server import build_server

        self.client = app.test_client()
        self.service = app.extensions["gm.service"]
        self.redis = redis_client
        self.server = build_server(self.service)

    # ---- the calls each door makes
    def http(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        response = self.client.open(path, method=method, json=body)
        assert response.status_code < 300, (path, response.status_code, response.get_data())
        return len(response.data), response.get_json()

    def mcp(self, name: str, arguments: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
        from gm.frontends.mcp.server import call

        result = call(BY_NAME[name], self.service, arguments)
        assert not result.is_error, result.content[0].text
        text = sum(_bytes(c.text) for c in result.content)
        structured = 0 if result.structured_content is None else _bytes(result.structured_content)
        return text, text + structured, full_answer(result)

    def events(self, token: str, after: int) -> list[str]:
        """The events of the log entries after ``after``, as the seat sees them (not measured)."""
        page = self.service.history(token=token, after=after, limit=200)
        return [text for entry in page["moves"] for text in entry["events"]]

    def legal(self, token: str) -> list[str]:
        """The seat's legal moves, from the service (not measured)."""
        return list(self.service.seat_view(token)["legal_moves"])

    def redis_bytes(self, game_id: str) -> int:
        keys = list(self.redis.scan_iter(match=f"gm:{{{game_id}}}:*", count=1000))
        return sum(self.redis.memory_usage(k, samples=0) or 0 for k in keys)


def full_answer(result: Any) -> dict[str, Any]:
    """The whole answer of an MCP result: ``_meta['gm/answer']`` when there, else the
    structured content (before the lean answers)."""
    meta = result.meta or {}
    return meta.get("gm/answer") or result.structured_content


def play(doors: Doors, game: str, door: str, seed: int, keyed: bool = False) -> Game:
    """One whole game of ``game`` against the AI through ``door``."""
    rng = random.Random(seed)
    out = Game()
    body = {"game": game, "opponent": "ai", "ai_level": "random", "seed": seed}
    if door.startswith("mcp"):
        text, both, created = doors.mcp("new_game", body)
        out.created = text if door == "mcp" else both
    else:
        out.created, created = doors.http("POST", "/games", body)
    token, game_id = created["token"], created["game_id"]
    status, plies = created.get("view", created).get("status", "active"), 0
    while status == "active" and plies < MAX_PLIES:
        legal = doors.legal(token)
        if not legal:  # the AI to move (a read plays it)
            doors.service.seat_view(token)
            continue
        move = rng.choice(legal)
        key = f"k{plies}" if keyed else None
        before = doors.service.history(token=token, limit=1)["total"]
        size, answer = _move(doors, door, token, move, key)
        out.moves.append(size)
        out.minimal.append(minimal(answer, doors.events(token, before)))
        status = answer.get("status", "active")
        plies += 1
    out.redis = doors.redis_bytes(game_id)
    return out


def _move(doors: Doors, door: str, token: str, move: str, key: str | None) -> tuple[int, Any]:
    if door == "http":
        body: dict[str, Any] = {"move": move}
        if key:
            body["idempotency_key"] = key
        size, answer = doors.http("POST", f"/play/{token}/moves", body)
        return size, answer
    if door == "tools":
        body = {"move": move, "expected_version": None, "idempotency_key": key}
        size, answer = doors.http("POST", f"/play/{token}/moves", body)
        return size, answer
    if door == "say":
        size, answer = doors.http("POST", f"/play/{token}/say", {"text": move})
        return size, answer
    text, both, answer = doors.mcp("play_move", {"token": token, "move": move})
    return (text if door == "mcp" else both), answer


def tool_definitions(doors: Doors) -> tuple[int, int, int, int]:
    """Bytes of the MCP tools the model reads (the app-only ones, ``_meta.ui.visibility:
    ["app"]``, are kept from it by the hosts): (names, titles, descriptions, input schemas), the
    output schemas, the whole tools/list entries, and the number of tools."""
    tools = [t for t in asyncio.run(doors.server.list_tools()) if not app_only(t)]
    return definition_bytes(tools) + (len(tools),)


def app_only(tool: Any) -> bool:
    """A tool hosts keep from the model (the board app's own calls)."""
    return ((tool.meta or {}).get("ui") or {}).get("visibility") == ["app"]


def definition_bytes(tools: list[Any]) -> tuple[int, int, int]:
    """(names, titles, descriptions, input schemas), output schemas, whole entries: bytes."""
    core = out = whole = 0
    for tool in tools:
        wire = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
        core += _bytes(
            {k: wire[k] for k in ("name", "title", "description", "inputSchema") if k in wire}
        )
        out += _bytes(wire["outputSchema"]) if "outputSchema" in wire else 0
        whole += _bytes(wire)
    return core, out, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    import redis

    from gm.frontends.http.app import create_app
    from gm.settings import Settings
    from gm.store.embedded import EmbeddedRedis

    games = args.game or list(GAMES)
    with tempfile.TemporaryDirectory(prefix="gm-bench-bytes-") as data_dir:
        server = EmbeddedRedis(data_dir).start()
        try:
            client = redis.Redis.from_url(server.url)
            app = create_app(Settings(redis_url=server.url, **NO_LIMITS), client=client)
            doors = Doors(app, client)
            report(doors, games, args.seed)
        finally:
            server.stop()


def report(doors: Doors, games: list[str], seed: int) -> None:
    print("Bytes per move answer, whole games against the AI (level random), seed", seed)
    print(f"{'game':12} {'door':7} {'moves':>5} {'median':>7} {'p95':>7} {'game':>9} "
          f"{'minimal':>7} {'ratio':>6}")  # fmt: skip
    redis_rows = []
    for game in games:
        for door in DOORS:
            if door == "mcp+sc":
                continue  # measured with mcp below
            played = play(doors, game, door, seed)
            _print_row(game, door, played)
            if door == "mcp":
                both = play(doors, game, "mcp+sc", seed)
                _print_row(game, "mcp+sc", both)
            if door == "http":
                keyed = play(doors, game, "http", seed, keyed=True)
                redis_rows.append((game, played.redis, keyed.redis))
    print()
    print("Redis bytes per finished game (MEMORY USAGE over its keys), HTTP door")
    print(f"{'game':12} {'no keys':>9} {'key/move':>9}")
    for game, plain, keyed in redis_rows:
        print(f"{game:12} {plain:>9} {keyed:>9}")
    core, out, whole, count = tool_definitions(doors)
    print()
    print(
        f"MCP tool definitions the model reads ({count} tools): "
        "names+titles+descriptions+input schemas "
        f"{core} bytes; output schemas {out} bytes; whole tools/list entries {whole} bytes"
    )


def _print_row(game: str, door: str, played: Game) -> None:
    median, p95, whole, ratio = played.row()
    mini = int(statistics.median(played.minimal))
    print(f"{game:12} {door:7} {len(played.moves):>5} {median:>7} {p95:>7} {whole:>9} "
          f"{mini:>7} {ratio:>6.2f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
