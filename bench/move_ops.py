"""Where a move's work goes: Python opcodes per request in a gunicorn worker, move next to floor.

    python bench/move_ops.py [--level seed] [--requests 300] [--top 40]

Starts an embedded Redis server and one gunicorn gevent worker (gm's configuration) serving
bench/http_app.py plus one route of this module's own that turns opcode counting on and off
(``sys.settrace`` with ``f_trace_opcodes``, inside the worker). One client, one request at a time,
after a warm-up: the floor (``POST /bench/baseline/<game_id>``, one GET + one SET) and then the
move path (``POST /play/<token>/moves`` against the AI at ``--level``). Prints the opcodes each
costs per request, the difference, and the functions where the move's extra opcodes are spent.
An opcode count is deterministic where timings on a shared machine are not; it counts Python-level
work only (C-level work such as hashing, JSON and socket calls is not in it).
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import Client, Mover, free_port, wait_up  # noqa: E402

_COUNTS: collections.Counter[str] = collections.Counter()


def _tracer(frame, event, arg):  # type: ignore[no-untyped-def]
    frame.f_trace_opcodes = True
    if event == "opcode":
        code = frame.f_code
        _COUNTS[f"{code.co_filename}:{code.co_name}"] += 1
    return _tracer


def create_traced_app():  # type: ignore[no-untyped-def]
    """The serving bench's app plus ``POST /bench/opcodes/<on|off>`` (off answers the counts)."""
    from flask import jsonify

    from bench.http_app import create_bench_app

    app = create_bench_app()

    @app.post("/bench/opcodes/<switch>")
    def opcodes(switch: str):  # type: ignore[no-untyped-def,unused-ignore]
        if switch == "on":
            _COUNTS.clear()
            sys.settrace(_tracer)
            return jsonify({})
        sys.settrace(None)
        return jsonify(dict(_COUNTS))

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="seed")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT), GM_LOG_LEVEL="WARNING")
    for limit in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT"):
        env[f"GM_LIMIT_{limit}"] = "off"
    env.update(GM_QUOTA_ADDRESS="off", GM_QUOTA_GAME="off")
    from gm.store.embedded import EmbeddedRedis

    server = EmbeddedRedis(tempfile.mkdtemp(prefix="gm-ops-")).start()
    env["REDIS_URL"] = server.url
    port = free_port()
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "python:gm.gunicorn_conf",
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--access-logfile", "/dev/null",
         "--log-level", "warning", "bench.move_ops:create_traced_app()"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    try:
        wait_up(port)
        new_game = {"game": "masul", "opponent": "ai", "ai_level": args.level}
        mover = Mover("move", port, new_game, 1, False)
        client = Client(port)
        game_id = client.call("POST", "/games", new_game)["game_id"]
        mover.pools[0] = [mover._game(client) for _ in range(60)]
        for _ in range(300):  # warm: the worker's caches of move texts and legal moves
            mover.move(client, 0)
        counts = {}
        for name in ("floor", "move"):
            mover.pools[0] = [mover._game(client) for _ in range(args.requests // 5 + 5)]
            client.call("POST", "/bench/opcodes/on")
            for _ in range(args.requests):
                if name == "floor":
                    client.call("POST", f"/bench/baseline/{game_id}")
                else:
                    mover.move(client, 0)
            counts[name] = client.call("POST", "/bench/opcodes/off")
        per = {name: sum(c.values()) / args.requests for name, c in counts.items()}
        print(
            f"Python opcodes per request in the worker (AI level {args.level!r}): floor "
            f"{per['floor']:.0f}, move {per['move']:.0f}, the move's extra "
            f"{per['move'] - per['floor']:.0f}"
        )
        extra: collections.Counter[str] = collections.Counter()
        for name, sign in (("move", 1), ("floor", -1)):
            for where, n in counts[name].items():
                extra[where] += sign * n / args.requests
        prefixes = (f"{ROOT}/", "site-packages/")
        for where, n in extra.most_common(args.top):
            for prefix in prefixes:
                where = where.split(prefix)[-1]
            print(f"{n:8.0f}  {where}")
    finally:
        gunicorn.terminate()
        gunicorn.wait()
        server.stop()


if __name__ == "__main__":
    main()
