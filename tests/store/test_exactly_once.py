"""Exactly-once moves when the store's reply is lost: a TCP proxy between gm and a real Valkey
server swallows or delays the reply to the next write script (EVALSHA), or goes down with it.

Played over HTTP (the Flask app on a client whose socket timeout is short), with redis-py's own
retries on (as gm serves: it resends the script on a fresh connection) and off (the error reaches
the store, which reads the document again). The move must be applied once, its player told the
truth, and nobody charged an illegal attempt for their own move.
"""

from __future__ import annotations

import socket
import subprocess
import tempfile
import threading
import time

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from gm.frontends.http.app import create_app
from gm.settings import Settings
from gm.store.embedded import server_binary
from tests.answers import full_client
from tests.real_server import free_port

pytestmark = pytest.mark.slow  # the slow tier: a proxy that drops replies, timeouts

TIMEOUT_S = 0.4  # the proxied client's socket timeout


@pytest.fixture(scope="module")
def valkey_port():
    """A real Valkey server listening on TCP (loopback only), for this module."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="gm-proxy-test-") as data_dir:
        args = [server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", data_dir]  # fmt: skip
        process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        try:
            probe = redis.Redis(port=port, socket_timeout=1)
            deadline = time.monotonic() + 20
            while True:
                try:
                    probe.ping()
                    break
                except redis.ConnectionError:
                    assert time.monotonic() < deadline, "valkey-server did not start"
                    time.sleep(0.05)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=10)


class Proxy:
    """A threaded TCP forwarder on 127.0.0.1. ``arm(mode)`` picks the next write sent through it
    (a script, EVALSHA or EVAL, or a MULTI … EXEC transaction) and then:

    - ``"drop"``: swallows its reply and closes the client's connection;
    - ``"delay"``: holds its reply past the client's socket timeout, then forwards it;
    - ``"hold"``: holds the script itself past the timeout before forwarding it to the server;
    - ``"down"``: swallows its reply and refuses every connection until ``up()``.
    """

    def __init__(self, upstream_port: int):
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.mode: str | None = None
        self.down = False
        self.triggered = threading.Event()
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, mode: str) -> None:
        self.triggered.clear()
        self.mode = mode

    def up(self) -> None:
        self.down = False

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            with self.lock:
                self.sockets += [client, upstream]
            state = {"victim": None}
            threading.Thread(
                target=self._to_server, args=(client, upstream, state), daemon=True
            ).start()
            threading.Thread(
                target=self._to_client, args=(upstream, client, state), daemon=True
            ).start()

    def _to_server(self, client: socket.socket, upstream: socket.socket, state: dict) -> None:
        try:
            while data := client.recv(65536):
                head = data[:64].upper()
                written = b"EVALSHA" in head or b"$4\r\nEVAL\r\n" in head or b"\nEXEC\r\n" in data
                if self.mode and written:
                    state["victim"] = self.mode
                    if self.mode == "hold":
                        self._fire()
                        time.sleep(TIMEOUT_S * 2.5)
                upstream.sendall(data)
        except OSError:
            pass
        finally:
            _close(upstream)

    def _to_client(self, upstream: socket.socket, client: socket.socket, state: dict) -> None:
        try:
            while data := upstream.recv(65536):
                victim = state["victim"]
                if victim in ("drop", "delay", "down") and not data.startswith(b"-NOSCRIPT"):
                    state["victim"] = None
                    self._fire()
                    if victim == "drop":
                        _close(client)
                        return
                    if victim == "down":
                        self.down = True
                        self._close_all()
                        return
                    time.sleep(TIMEOUT_S * 2.5)
                client.sendall(data)
        except OSError:
            pass
        finally:
            _close(client)

    def _fire(self) -> None:
        self.mode = None
        self.triggered.set()

    def _close_all(self) -> None:
        with self.lock:
            for s in self.sockets:
                _close(s)
            self.sockets.clear()

    def close(self) -> None:
        self.listener.close()
        self._close_all()


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


@pytest.fixture
def proxy(valkey_port):
    redis.Redis(port=valkey_port).flushall()
    p = Proxy(valkey_port)
    yield p
    p.close()


@pytest.fixture(params=["client-retries", "no-client-retries"])
def http(request, proxy):
    """The app on a client through the proxy: with redis-py's default retries (as `gm serve`), or
    with none (the lost reply reaches the store)."""
    retry = {} if request.param == "client-retries" else {"retry": Retry(NoBackoff(), 0)}
    client = redis.Redis(
        port=proxy.port, socket_timeout=TIMEOUT_S, socket_connect_timeout=TIMEOUT_S, **retry
    )
    app = create_app(Settings(redis_url=f"redis://127.0.0.1:{proxy.port}"), client=client)
    yield full_client(app.test_client())
    client.close()


def _two_humans(http, game, **extra):
    created = http.post("/games", json={"game": game, "opponent": "human", "seed": 3, **extra})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    invite = next(iter(body["invites"].values()))
    joined = http.post(f"/games/{body['game_id']}/join", json={"invite": invite}).get_json()
    return body["token"], joined["token"], body["view"]


def _moves(http, token):
    return http.get(f"/play/{token}/history").get_json()["moves"]


MODES = ["drop", "delay", "hold"]


def _key(with_key):
    return {"idempotency_key": "k-1"} if with_key else {}


@pytest.mark.parametrize("with_key", [False, True], ids=["no-key", "key"])
@pytest.mark.parametrize("mode", MODES)
def test_a_pick_whose_reply_is_lost_is_applied_once(http, proxy, mode, with_key):
    token, _, view = _two_humans(http, "solonyo")
    assert view["your_turn"] and view["legal_moves"] == ["PICK 1", "PICK 2", "PICK 3"]
    proxy.arm(mode)
    answer = http.post(f"/play/{token}/moves", json={"move": "PICK 1", **_key(with_key)})
    assert proxy.triggered.is_set(), "the proxy met the write"
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["legal"] is True and body["move"] == "PICK 1"
    assert body["state"]["round"] == 2, "one round played, not two"
    assert len(_moves(http, token)) == 1
    now = http.get(f"/play/{token}").get_json()
    assert now["version"] == body["version"] == 3
    assert now["state"]["round"] == 2
    assert [s["illegal_attempts"] for s in now["seats"]] == [0, 0]
    if with_key:  # the same request again: the same answer, nothing applied twice
        again = http.post(f"/play/{token}/moves", json={"move": "PICK 1", **_key(with_key)})
        assert again.get_json() == body
        assert len(_moves(http, token)) == 1


@pytest.mark.parametrize("with_key", [False, True], ids=["no-key", "key"])
@pytest.mark.parametrize("mode", MODES)
def test_an_n_in_a_row_mark_whose_reply_is_lost_is_not_called_occupied(http, proxy, mode, with_key):
    token, other, view = _two_humans(http, "n-in-a-row", illegal_move_limit=1)
    assert view["your_turn"]
    proxy.arm(mode)
    answer = http.post(f"/play/{token}/moves", json={"move": "X 0,0", **_key(with_key)})
    assert proxy.triggered.is_set()
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["legal"] is True, body
    now = http.get(f"/play/{token}").get_json()
    assert now["status"] == "active" and now["result"] is None, "nobody forfeited"
    assert [s["illegal_attempts"] for s in now["seats"]] == [0, 0]
    assert len(_moves(http, token)) == 1
    assert http.get(f"/play/{other}").get_json()["your_turn"]


@pytest.mark.parametrize("with_key", [False, True], ids=["no-key", "key"])
def test_store_unreachable_after_the_write_says_the_move_may_have_been_applied(
    http, proxy, with_key
):
    token, _, _ = _two_humans(http, "solonyo")
    proxy.arm("down")
    answer = http.post(f"/play/{token}/moves", json={"move": "PICK 2", **_key(with_key)})
    assert answer.status_code == 503
    assert answer.content_type == "application/problem+json"
    problem = answer.get_json()
    assert "may or may not have been applied" in problem["detail"]
    assert "nothing was changed" not in problem["detail"]
    # while it is down, a read says nothing was changed (it is true)
    view = http.get(f"/play/{token}")
    assert view.status_code == 503 and "nothing was changed" in view.get_json()["detail"]
    proxy.up()
    now = http.get(f"/play/{token}").get_json()
    assert now["state"]["round"] == 2 and len(_moves(http, token)) == 1, "Redis applied it once"
    if with_key:  # the retry the 503 invites: the answer of the move that was applied
        again = http.post(f"/play/{token}/moves", json={"move": "PICK 2", **_key(with_key)})
        assert again.status_code == 200 and again.get_json()["legal"] is True
        assert len(_moves(http, token)) == 1


def test_a_lost_join_reply_still_seats_the_joiner(http, proxy):
    created = http.post("/games", json={"game": "solonyo", "opponent": "human"}).get_json()
    proxy.arm("drop")
    invite = next(iter(created["invites"].values()))
    joined = http.post(f"/games/{created['game_id']}/join", json={"invite": invite})
    assert proxy.triggered.is_set()
    assert joined.status_code == 200, joined.get_json()
    assert http.get(f"/play/{joined.get_json()['token']}").status_code == 200


def test_a_lost_create_reply_still_creates_one_game(http, proxy):
    proxy.arm("drop")
    created = http.post("/games", json={"game": "solonyo", "opponent": "human"})
    assert proxy.triggered.is_set()
    assert created.status_code == 201, created.get_json()
    assert http.get(f"/play/{created.get_json()['token']}").status_code == 200
    assert len(redis.Redis(port=proxy.upstream_port).keys("gm:*:doc")) == 1
