"""gm's gunicorn worker: gunicorn's gevent worker, stopping fast.

gunicorn's own gevent worker looks at its ``alive`` flag once a second and, once told to stop, waits
for its connections in steps of a second; an event stream or a long poll would keep it for the whole
``graceful_timeout``. This one looks every :data:`TICK_S`, and on SIGTERM first ends every wait
and stream of the process (:func:`gm.play.live.stop_all`: a wait answers with the view it has, a
stream ends and EventSource reconnects), then lets the requests in flight finish — a move being
played is written and answered, never cut — within ``graceful_timeout``.

gunicorn imports this module in its master process: it imports nothing of gm at the top.
"""

from __future__ import annotations

import io
import logging
import os
import resource
import socket
import sys
import time
from collections import Counter
from typing import Any

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.workers.ggevent import GeventWorker

from gm.frontends.http.gunicorn_errors import problem_bytes
from gm.settings.env import int_env

TICK_S = 0.05
BODY_TIMEOUT_S = int_env("GM_BODY_TIMEOUT", 10)
BODY_MAX = int_env("GM_MAX_BODY", 64 * 1024)
# concurrent connections of one client address in one worker (0: no cap); behind trusted
# proxies every client has the proxy's address: no cap unless GM_CONN_PER_ADDRESS says
CONN_PER_ADDRESS = int_env("GM_CONN_PER_ADDRESS", 0 if int_env("GM_TRUSTED_PROXIES", 0) > 0 else 64)


class Worker(GeventWorker):
    """gunicorn's gevent worker with gm's serving bounds (issue 26): a deadline for a whole
    request body, a cap on concurrent connections per client address, and a fast stop."""

    def init_process(self) -> None:
        self.open_by_address: Counter[str] = Counter()
        raise_open_files()
        super().init_process()

    # ---- connections per address
    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        """Past GM_CONN_PER_ADDRESS connections of one address in this worker, the new one gets
        a 429 and is closed before it costs anything (none behind GM_TRUSTED_PROXIES proxies,
        whose address all clients share, unless set)."""
        address = addr[0] if isinstance(addr, tuple) and addr else "-"
        cap = CONN_PER_ADDRESS
        if cap > 0 and self.open_by_address[address] >= cap:
            _refuse(client)
            return
        self.open_by_address[address] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self.open_by_address[address] -= 1
            if self.open_by_address[address] <= 0:
                del self.open_by_address[address]

    # ---- a deadline for the whole body
    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        """The body is read before the app runs, whole, within GM_BODY_TIMEOUT seconds (as the
        head is within GM_KEEPALIVE): a client trickling it is answered 408 and cut. At most
        GM_MAX_BODY + 1 bytes are read (the app answers 413 past GM_MAX_BODY)."""
        limit = BODY_MAX + 1
        try:
            with gevent.Timeout(BODY_TIMEOUT_S):
                data = req.body.read(limit)
        except gevent.Timeout:
            try:
                sock.sendall(problem_bytes(408, "Request Timeout"))
            except OSError:
                pass
            raise StopIteration from None  # gunicorn closes the connection
        if len(data) >= limit:
            req.must_close = True  # the rest stays unread: no next request on this connection
        elif len(data) < _declared_length(req):
            # the client left mid-body: nobody to answer, and no request (a crowd of trickling
            # bodies closed at once would otherwise become as many truncated requests)
            raise StopIteration
        req.body = io.BytesIO(data)
        return super().handle_request(listener_name, req, sock, addr)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        gevent.spawn(_end_live)  # out of the signal handler, as gunicorn does for SIGQUIT

    def run(self) -> None:
        from gm.frontends.http import offload

        offload.start()  # this worker's helpers for hints and verifies, at a lower priority
        try:
            self._serve()
        finally:
            offload.stop()
        # every request is answered: leave at once (gunicorn would tear the interpreter down,
        # a second or more on a busy machine, while the master and gm serve wait)
        self.log.info("Worker exiting (pid: %s)", self.pid)
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    def _serve(self) -> None:
        servers = []
        for listener in self.sockets:
            listener.setblocking(1)
            pool = Pool(self.worker_connections)
            hfun = self._handler(listener)
            server = StreamServer(listener, handle=hfun, spawn=pool)
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        while self.alive:
            self.notify()
            gevent.sleep(TICK_S)
        for server in servers:
            server.close()  # stop accepting; the requests in flight go on
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while time.monotonic() < deadline:
            if all(s.pool.free_count() == s.pool.size for s in servers):
                return
            self.notify()
            gevent.sleep(TICK_S)
        self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
        for server in servers:
            server.stop(timeout=1)

    def _handler(self, listener: Any) -> Any:
        def handle(client: Any, addr: Any) -> None:
            self.handle(listener, client, addr)

        return handle


def _declared_length(req: Any) -> int:
    """The request's Content-Length (gunicorn checked it is a number), 0 without one."""
    for name, value in req.headers:
        if name == "CONTENT-LENGTH":
            return int(value)
    return 0


def raise_open_files() -> None:
    """Every connection is a file descriptor: the soft limit goes up to the hard one (often
    1,024 against 1,048,576), so `worker_connections` connections fit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            pass


def _refuse(client: Any) -> None:
    """A 429 on a new connection, then closed: its request is drained for at most a second (a
    close with unread bytes would reset the connection before the client reads the 429)."""
    try:
        client.sendall(problem_bytes(429, "Too Many Requests", retry_after=5))
        client.shutdown(socket.SHUT_WR)
        with gevent.Timeout(1, False):
            while client.recv(4096):
                pass
    except OSError:
        pass
    finally:
        client.close()


def _end_live() -> None:
    from gm.play import live

    live.stop_all()
