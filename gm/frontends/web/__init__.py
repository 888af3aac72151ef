"""The pages for people, served by gm: ``GET /`` (what gm is, the games, start one), ``GET
/watch/<game_id>`` (a live spectator page, readable without JavaScript), ``GET /seat`` (the play
page) and ``GET /join`` (a friend's invite), with their files under ``/assets/``.

They are not operations of gm/contract/operations.py: they answer HTML for a browser, not JSON for a
model, and are left out of the OpenAPI document (gm/contract/openapi.py skips this blueprint);
README lists them. Every route here is a path the JSON API does not use.

Secrets never travel in a page's URL: the play page is ``/seat#<token>`` and the invite page
``/join#<invite>`` — a browser never sends the fragment, so the server (and its logs, and any
Referer) sees only ``/seat``. The page's JavaScript reads the fragment and calls the JSON API
(``/play/<token>...``, whose paths the logs redact). The watch page needs no secret: it is
rendered on the server from the spectator view (the text board, the picture, every move), with
a ``<noscript>`` refresh, and its script keeps it up to date in place.

The play and watch pages draw the board with one component (static/board.js, static/board.css):
the picture gm draws, inline and touchable (its targets and every legal move come in the seat's
``board.svg``), a bar for moves without a place, a folded searchable list of every legal move.

Every page answer has a strict Content Security Policy (only this origin; no inline script; no
framing; inline styles only the picture's own, by hash), ``nosniff`` and no Referer; the JSON
API's answers are left as they are.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from gm.games import pictures
from gm.play.answers import seat_label
from gm.play.problems import ServiceError

bp = Blueprint(
    "pages",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/assets",
)

WATCH_REFRESH_S = 3  # the no-JavaScript watch page reloads itself this often while a game runs
WATCH_PAGES = 40  # pages of the log (each under 8 KB) the watch page reads: every move of a game
GAME_ID = re.compile(r"[0-9a-f]{16}")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'{styles}; img-src 'self' blob: data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_STYLE_ATTR = re.compile(r'<[^>]*?\sstyle="([^"]*)"')


def _service() -> Any:
    return current_app.extensions["gm.service"]


def _picture(game_id: str) -> str:
    """The spectator's board picture (gm/games/pictures.py, the last move marked) as inline SVG."""
    svg = _service().spectator_picture(game_id)
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)  # inline in HTML: no XML declaration


def _serves_pictures() -> bool:
    """Whether this server answers ``/play/<token>/board.svg`` and ``/games/<id>/board.svg``
    (the pages' scripts then show them)."""
    rules = {rule.rule for rule in current_app.url_map.iter_rules()}
    return {"/play/<token>/board.svg", "/games/<game_id>/board.svg"} <= rules


def _hash(text: str) -> str:
    return " 'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def style_hashes(html: str) -> str:
    """CSP sources allowing exactly the ``<style>`` elements of ``html`` (an inline SVG's) and the
    picture's own style sheet (which the play page's script puts in the page with the picture),
    plus, by ``'unsafe-hashes'``, the style attributes of ``html`` (a picture's mark colours)."""
    bodies = dict.fromkeys([*_STYLE.findall(html), pictures.STYLE])
    out = [_hash(body) for body in bodies]
    attrs = dict.fromkeys(_STYLE_ATTR.findall(html))
    if attrs:
        out.append(" 'unsafe-hashes'")
        out.extend(_hash(value) for value in attrs)
    return "".join(out)


@bp.after_request
def _headers(response: Response) -> Response:
    """Headers fit for pages (and their assets)."""
    html = ""
    if response.mimetype == "text/html" and not response.direct_passthrough:
        html = response.get_data(as_text=True)
    styles = style_hashes(html)
    response.headers["Content-Security-Policy"] = CSP.format(styles=styles)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
    response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
    return response


def _page(template: str, status: int = 200, **context: Any) -> Response:
    html = render_template(template, pictures=_serves_pictures(), **context)
    return Response(html, status=status, mimetype="text/html")


def _not_found(what: str) -> Response:
    return _page("notfound.html", 404, what=what)


@bp.get("/")
def home() -> Response:
    return _page("home.html", games=_service().catalogue())


@bp.get("/watch")
def watch_form() -> Any:
    """The home page's "watch a game" form: ``/watch?game=<id or a seat's link>``."""
    found = GAME_ID.search(request.args.get("game", "")[:300])
    if found is None:
        return _not_found("That is not a game id: it is 16 letters and digits (0-9, a-f).")
    return redirect(url_for("pages.watch", game_id=found.group(0)), code=303)


@bp.get("/watch/<game_id>")
def watch(game_id: str) -> Response:
    if not GAME_ID.fullmatch(game_id):
        return _not_found("That is not a game id: it is 16 letters and digits (0-9, a-f).")
    service = _service()
    try:
        view = service.spectate(game_id)
        history = _every_move(service, game_id)
    except ServiceError as err:
        if err.status != 404:
            raise
        return _not_found("No game has this id (a finished game is kept for a while, then gone).")
    return _page(
        "watch.html",
        view=view,
        title=service.describe(view["game"])["title"],
        history=history,
        svg=_picture(game_id),
        refresh=WATCH_REFRESH_S if view["status"] == "active" else None,
        summary=status_line(view),
        labels={seat["name"]: seat["label"] for seat in view["seats"]},
    )


def _every_move(service: Any, game_id: str) -> dict[str, Any]:
    """The whole move log of a game, for the watch page: its pages read in order (a bounded
    number: a game's move cap keeps its log far under them)."""
    moves: list[dict[str, Any]] = []
    after: int | None = 0
    page: dict[str, Any] = {"total": 0}
    for _ in range(WATCH_PAGES):
        page = service.history(game_id=game_id, after=after, limit=200)
        moves.extend(page["moves"])
        after = page["next_after"]
        if after is None:
            break
    return {"moves": moves, "total": page["total"]}


@bp.get("/seat")
def seat() -> Response:
    return _page("seat.html")


@bp.get("/join")
def join() -> Response:
    return _page("join.html")


def status_line(view: dict[str, Any]) -> str:
    """One sentence on where the game stands, for a spectator (the pages' JavaScript words it
    the same way, gm/frontends/web/static/board.js)."""
    result = view.get("result")
    if result is not None:
        if result["draw"]:
            head = "Game over: a draw."
        else:
            head = f"Game over: {' and '.join(seat_label(view, w) for w in result['winners'])} won."
        return f"{head} {result['reason']}".strip()
    if view["to_move"] is None:
        return "Nobody is to move."
    kinds = {seat["name"]: seat for seat in view["seats"]}
    seat = kinds.get(view["to_move"], {})
    mover = seat_label(view, view["to_move"])
    if seat.get("kind") == "ai":
        return f"{mover} (the AI) is to move."
    if not seat.get("joined", True):
        return f"{mover} is to move; waiting for a player to join."
    return f"{mover} is to move."
