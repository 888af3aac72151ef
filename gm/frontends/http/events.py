"""Server-Sent Events: ``GET /play/<token>/events`` (a seat) and ``GET /games/<game_id>/events``
(a spectator) push every change of the game as ``text/event-stream`` (README: "Live updates").

The stream starts with ``retry: 2000`` and the current view as a ``change`` frame, then one frame
per change (``id:`` the version; ``data:`` one line of JSON ``{"version", "view", "events"}``:
the viewer's redacted view and the events since the last frame, redacted for that viewer), and a
comment line (``: keep-alive``) every GM_LIVE_HEARTBEAT_S seconds while nothing happens. With a
``Last-Event-ID`` (EventSource sends the last ``id:`` when it reconnects) the first frame is sent
only if the version moved on. After GM_LIVE_STREAM_S seconds the server ends the stream and
EventSource reconnects by itself. Every frame is under :data:`FRAME_MAX` bytes. A store failure
ends the stream with a ``problem`` frame (the error map's words).

Changes come from gm/play/live.py's hub (Redis pub/sub, one connection per process); a stream holds
one slot of the live caps while it lasts (429 with Retry-After over a cap) and, under gunicorn's
gevent workers, a greenlet — never a worker or a Redis connection.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from flask import Blueprint, Response, current_app, request

from gm.contract.errors import EXPECTED, problem_for
from gm.contract.operations import operation
from gm.frontends.http.turns import TURNS, NoTurn
from gm.frontends.security import client_address
from gm.play import answers, live
from gm.play.live import Held, Live

bp = Blueprint("gm_events", __name__)

FRAME_MAX = 16 * 1024  # bytes of one frame
RETRY_MS = 2000  # EventSource's reconnection delay
Read = Callable[[], dict[str, Any]]


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def frame(view: dict[str, Any], events: list[dict[str, Any]]) -> bytes:
    """One ``change`` frame under FRAME_MAX: the earliest events give way first (a ``skipped``
    event says how many; the history has them), then the view's ``state`` (``trimmed`` says
    so; GET the view for it)."""
    data: dict[str, Any] = {"version": view["version"], "view": view, "events": events}
    out = _frame(data)
    dropped = 0
    while len(out) > FRAME_MAX and events:
        events = events[1:]
        dropped += 1
        note = {"seat": None, "kind": "skipped", "text": f"{dropped} earlier events are in the "
                "history."}  # fmt: skip
        data["events"] = [note, *events]
        out = _frame(data)
    for field in ("state", "legal_moves", "board"):
        if len(out) <= FRAME_MAX:
            break
        data["view"] = {k: v for k, v in data["view"].items() if k != field}
        data["trimmed"] = [*data.get("trimmed", []), field]
        out = _frame(data)
    return out


def _frame(data: dict[str, Any]) -> bytes:
    return f"id: {data['version']}\nevent: change\ndata: {_dumps(data)}\n\n".encode()


def stream(
    hub_live: Live,
    read: Read,
    events_since: Callable[[dict[str, Any], int | None], tuple[list[dict[str, Any]], int]],
    game_id: str,
    last_id: int | None,
    held: Held,
    client_gone: Callable[[Callable[[], None]], threading.Event] | None = None,
    turn: Callable[[], AbstractContextManager[None]] = nullcontext,
) -> Iterator[bytes]:
    settings = hub_live.settings
    try:
        with hub_live.hub.watch(game_id) as watcher:
            # a client that goes away wakes the stream at once: its slot is free again
            gone = client_gone(lambda: watcher.notify(None)) if client_gone else threading.Event()
            yield f"retry: {RETRY_MS}\n\n".encode()
            gated = hub_live.gated  # Redis work within the process's live share of the pool
            with turn():  # the opening snapshot takes its address's turn (turns.py)
                view = gated(read)
                _, total = gated(events_since, view, None)
            if last_id != view["version"]:
                yield frame(view, [])
            sent = view["version"]
            end = time.monotonic() + settings.live_stream_s
            beat = max(1, settings.live_heartbeat_s)
            while (left := end - time.monotonic()) > 0:
                if gone.is_set():
                    return
                if live.STOPPING.is_set():  # the server stops: reconnect (to the next one) soon
                    yield f"retry: {RETRY_MS}\n: the server restarts; reconnect\n\n".encode()
                    return
                if not watcher.wait(min(beat, left)):  # quiet: the hub would have woken us
                    yield b": keep-alive\n\n"  # also finds a client that went away
                    continue
                view = gated(read)
                if view["version"] == sent:
                    continue
                events, total = gated(events_since, view, total)
                yield frame(view, events)
                sent = view["version"]
    except (*EXPECTED, NoTurn) as err:  # the game expired, the store went away: say so and end
        if isinstance(err, NoTurn):
            detail = "Too many of your requests at once; reconnect."
            body: dict[str, Any] = {"status": 503, "title": "Service Unavailable", "detail": detail}
        else:
            found = problem_for(err)
            body = {"status": found.status, "title": found.title, "detail": found.detail}
        yield f"event: problem\ndata: {_dumps(body)}\n\n".encode()
    finally:
        held.release()


def _events_since(svc: Any, seat: int | None) -> Callable[..., tuple[list[dict[str, Any]], int]]:
    """The events of the log entries after ``since`` (None: none, just the log's length), as
    ``seat`` may see them: at most the last EVENTS_CAP entries are read."""

    def since(view: dict[str, Any], after: int | None) -> tuple[list[dict[str, Any]], int]:
        cap = answers.EVENTS_CAP
        entries, total = svc.store.log_page(view["game_id"], -cap, cap)
        if after is None:
            return [], total
        fresh = [e for e in entries if int(e["n"]) > after]
        engine = svc.game(view["game"]).engine
        return answers.events_for(engine, answers.entry_events(fresh), seat), total

    return since


def _watch_client() -> Callable[[Callable[[], None]], threading.Event] | None:
    """A watcher of this request's client socket (gunicorn's): once the stream waits, the socket
    turns readable only when the client closes it (it sends nothing more on a stream), and then
    ``wake`` is called. None when the server gives no socket (the test client)."""
    sock = request.environ.get("gunicorn.socket")
    if sock is None:
        return None

    def start(wake: Callable[[], None]) -> threading.Event:
        gone = threading.Event()

        def watch() -> None:
            try:
                readable, _, _ = select.select([sock], [], [], STREAM_WATCH_S)
                if readable and sock.recv(1, socket.MSG_PEEK) == b"":
                    gone.set()
                    wake()
            except (OSError, ValueError):  # the socket is closed already: the stream ended
                return

        threading.Thread(target=watch, name="gm-stream-client", daemon=True).start()
        return gone

    return start


STREAM_WATCH_S = 3600  # longer than any stream (GM_LIVE_STREAM_S)


def _turn() -> Callable[[], AbstractContextManager[None]]:
    """This request's address's turn (gm/frontends/http/turns.py), for the opening snapshot."""
    settings = current_app.extensions["gm.settings"]
    address = client_address(request.remote_addr, request.headers, settings.trusted_proxies)
    return lambda: TURNS.turn(address)


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID", "").strip()
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


def _respond(body: Iterator[bytes], held: Held) -> Response:
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # proxies (nginx) pass frames at once
    response.call_on_close(held.release)  # also when the stream never started
    return response


def _live() -> tuple[Any, Live]:
    svc = current_app.extensions["gm.service"]
    return svc, live.of(svc)


@bp.get(operation("play_events").path)
def play_events(token: str) -> Response:
    svc, hub_live = _live()
    table, seat = hub_live.gated(svc.seat_table, token)  # unknown: 404 before anything is held
    held = hub_live.hold(hub_live.settings.live_stream_s, token=token)
    body = stream(
        hub_live,
        lambda: svc.seat_view(token),
        _events_since(svc, seat),
        table.doc["id"],
        _last_event_id(),
        held,
        _watch_client(),
        _turn(),
    )
    return _respond(body, held)


@bp.get(operation("game_events").path)
def game_events(game_id: str) -> Response:
    svc, hub_live = _live()
    hub_live.gated(hub_live.spectator_view, game_id)  # unknown: 404 before anything is held
    held = hub_live.hold(hub_live.settings.live_stream_s, game_id=game_id)
    body = stream(
        hub_live,
        lambda: hub_live.spectator_view(game_id),
        _events_since(svc, None),
        game_id,
        _last_event_id(),
        held,
        _watch_client(),
        _turn(),
    )
    return _respond(body, held)
