"""``gm play <game>``: play against the AI in a terminal.

Every line typed goes through the chat-text logic (gm/play/chat/), so a move in any phrasing the
game reads works, and so do ``board``, ``legal moves``, ``whose turn``, ``history``, ``rules``,
``resign`` and ``help``; ``quit`` leaves. The game runs on ``REDIS_URL`` when it is set, else on
an embedded Redis server started in a temporary directory (removed on exit), with the parts every
door builds (gm/composition.py); with ``--url`` it runs on a gm server over HTTP (stdlib only;
``GM_API_KEY`` is sent as the bearer key when set). Either way the calls are the operations
``new_game`` and ``say`` of gm/contract/operations.py (validated by their schemas, or sent to their
routes), and a refusal is printed as its detail from the one error map (gm/contract/errors.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Protocol

from gm.contract.arguments import perform
from gm.contract.errors import problem_for
from gm.contract.operations import Operation, operation
from gm.play.answers import seat_label

QUIT = ("quit", "exit", "q", ":q")


class PlayError(Exception):
    """A refusal from the game master (unknown game, bad level, server unreachable)."""


class Backend(Protocol):
    def create(self, game: str, level: str | None, seed: int | None) -> dict[str, Any]: ...

    def say(self, token: str, text: str) -> dict[str, Any]: ...

    def close(self) -> None: ...


class LocalBackend:
    """The service on ``REDIS_URL`` when it is set, else on an embedded Redis server in a
    temporary directory (removed on close)."""

    def __init__(self) -> None:
        from gm import composition
        from gm.settings import Settings
        from gm.store.connect import client_for
        from gm.store.embedded import EmbeddedRedis

        settings = Settings.from_env()
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._server: EmbeddedRedis | None = None
        url = settings.redis_url
        if not url:
            self._dir = tempfile.TemporaryDirectory(prefix="gm-play-")
            self._server = EmbeddedRedis(self._dir.name).start()
            url = self._server.url
        self._client = client_for(url)
        # the same parts as every other door: the AI's budget and think time, the store's TTLs
        # and replica waits hold here too
        self.service = composition.build(settings, self._client).service

    def _run(self, op: Operation, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            return perform(op, self.service, arguments)
        except Exception as err:  # noqa: BLE001 — the error map words every kind
            raise PlayError(problem_for(err).detail) from None

    def create(self, game: str, level: str | None, seed: int | None) -> dict[str, Any]:
        return self._run(operation("new_game"), _create_body(game, level, seed))

    def say(self, token: str, text: str) -> dict[str, Any]:
        return self._run(operation("say"), {"token": token, "text": text})

    def close(self) -> None:
        self._client.close()
        if self._server is not None:
            self._server.stop()
        if self._dir is not None:
            self._dir.cleanup()


def _create_body(game: str, level: str | None, seed: int | None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "opponent": "ai"}
    if level is not None:
        body["ai_level"] = level
    if seed is not None:
        body["seed"] = seed
    return body


class HttpBackend:
    """A running gm server at ``url`` (the routes of ``new_game`` and ``say``)."""

    def __init__(self, url: str, api_key: str = "") -> None:
        self.url = url.rstrip("/")
        self.api_key = api_key

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        # the full answers (api_version 1): the terminal shows the seats, the events' seats…
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "GM-API-Version": "1",
        }
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as err:
            try:
                detail = json.loads(err.read()).get("detail") or err.reason
            except ValueError:
                detail = err.reason
            raise PlayError(detail) from None
        except (urllib.error.URLError, OSError) as err:
            raise PlayError(f"cannot reach gm at {self.url}: {err}") from None

    def _call(self, op: Operation, arguments: dict[str, Any]) -> dict[str, Any]:
        path = op.path
        for name in op.path_params:
            path = path.replace(f"<{name}>", urllib.parse.quote(arguments.pop(name), safe=""))
        return self._post(path, arguments)

    def create(self, game: str, level: str | None, seed: int | None) -> dict[str, Any]:
        return self._call(operation("new_game"), _create_body(game, level, seed))

    def say(self, token: str, text: str) -> dict[str, Any]:
        return self._call(operation("say"), {"token": token, "text": text})

    def close(self) -> None:
        pass


def play(
    backend: Backend,
    game: str,
    level: str | None = None,
    seed: int | None = None,
    read: Any = input,
    write: Any = print,
) -> int:
    """The game loop: show the board, read a line, answer it, until the game ends or ``quit``."""
    created = backend.create(game, level, seed)
    token = created["token"]
    view = created["view"]
    ai = next((s for s in created["seats"] if s["kind"] == "ai"), None)
    against = f" against the AI ({ai['level']})" if ai else ""
    you = seat_label(created, created["seat"])
    write(f"{game}: you are {you}{against}. Type a move, 'help', or 'quit'.")
    for event in created["events"]:
        write(event["text"])
    write(view["board"])
    while view["status"] != "finished":
        try:
            line = read(f"{you}> ")
        except (EOFError, KeyboardInterrupt):
            write("")
            return 0
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT:
            write("Bye; the game is left unfinished.")
            return 0
        try:
            answer = backend.say(token, text)
        except PlayError as err:
            write(f"gm: {err}")
            continue
        reply = answer["reply"]
        if answer["intent"] == "help":
            reply += " Type 'quit' to leave."
        write(reply)
        if answer["intent"] == "rules":
            write(answer["rules"])
        if answer["intent"] in ("board", "resign") or answer.get("legal"):
            write(answer["board"])
        view = answer
    write(f"Result: {view['result']['reason']}")
    return 0


def run(args: argparse.Namespace) -> int:
    """``gm play <game> [--level L] [--seed S] [--url URL]``."""
    for stream in (sys.stdout, sys.stdin):  # a terminal without UTF-8 still gets something
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:
        pass
    backend: Backend | None = None
    try:
        if args.url:
            backend = HttpBackend(args.url, os.environ.get("GM_API_KEY", "").strip())
        else:
            backend = LocalBackend()
        return play(backend, args.game, args.level, args.seed)
    except PlayError as err:
        print(f"gm play: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    finally:
        if backend is not None:
            backend.close()
