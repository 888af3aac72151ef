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

import logging
import os
import sys
import time
from typing import Any

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.workers.ggevent import GeventWorker

TICK_S = 0.05


class Worker(GeventWorker):
    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        gevent.spawn(_end_live)  # out of the signal handler, as gunicorn does for SIGQUIT

    def run(self) -> None:
        self._serve()
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


def _end_live() -> None:
    from gm.play import live

    live.stop_all()
