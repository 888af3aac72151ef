"""Rematch: the next game of a finished one — same settings, seats rotated, a fresh fair deal.

Who sits where: the seat order rotates by one — the player of old seat i+1 takes new seat i and
the old first seat goes last; at a two-seat table the seats swap, so who moved second moves
first (a 3–4 seat table rotates). Kept: the game, its options, ``illegal_move_limit``, each AI
seat's level. New: the game id and the deal, always committed (gm/games/deal.py: a server secret, no
seed carried over), so it is fair between humans.

Only a finished game has a rematch (409 "the game is still on" before), and at most one: asking
again, from any seat, gives that one. The old game points to it (``rematch`` in every view of it,
never a token).

Tokens, with no secret stored in clear: a seat's new token is derived from its old token and the
new game id (HMAC-SHA-256, :data:`SCHEME`), so only whoever holds the old token can have it. The
asking seat gets it in the answer. Every other human seat's entry in the new game holds ``claim``,
the SHA-256 of its old token (the old game's ``token_hash``): when that seat asks for the rematch
with its old token, its token is derived, its hash stored (the claim is taken once) and the token
answered; asked again, the same token is derived and given again, and the ``reply`` says so. An
old token never plays the new game. A human seat that never joined the old game gets a fresh
invite in the answer of the call that starts the rematch.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from gm.games import Game, deal
from gm.games.table import Budget, Table
from gm.play import answers
from gm.play import seats as tokens
from gm.play.problems import ServiceError, unknown_game
from gm.store.repository import NotFoundError, Store, Update


class GameService(Protocol):
    """What a rematch needs of the use cases (gm/play/service.py's GameService provides it)."""

    store: Store
    budget: Callable[[], Budget]
    clock: Callable[[], float]

    def game(self, name: str) -> Game: ...

    def table_of(self, doc: dict[str, Any]) -> Table: ...

    def read_seat(self, token: str) -> tuple[Table, int]: ...


SCHEME = "gm-rematch-v1"


def seat_token(old_token: str, game_id: str) -> str:
    """The new game's token of the seat that held ``old_token``: ``<game_id>.<secret>``, the
    secret 256 bits of HMAC-SHA-256(old token, "gm-rematch-v1|" + game id), url-safe base64."""
    key = old_token.encode("utf-8", "surrogatepass")
    mac = hmac.new(key, f"{SCHEME}|{game_id}".encode(), hashlib.sha256).digest()
    return f"{game_id}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"


def still_on() -> ServiceError:
    return ServiceError(
        409,
        "Game still on",
        "The game is still on: a rematch can start once it is over.",
    )


def start(service: GameService, token: str) -> dict[str, Any]:
    """The rematch of the finished game of ``token``: started now, or the one that exists (the
    caller's seat claimed in it)."""
    table, seat = service.read_seat(token)
    if not table.is_over():
        raise still_on()
    if table.doc.get("rematch"):
        return claim(service, table.doc["rematch"], token)
    new, log, invites = _new_document(service, table, token, seat)
    if not service.store.create(new, log):  # 64-bit id collision: practically never
        raise ServiceError(503, "Try again", "Could not allocate a game id; ask again.")
    game_id = new["id"]

    def point(doc: dict[str, Any]) -> Update:
        if doc.get("rematch"):  # another seat's rematch landed first
            return Update(response=doc["rematch"])
        doc["rematch"] = game_id
        doc["version"] += 1
        return Update(response=game_id, doc=doc)

    try:
        pointed, _ = service.store.update(table.doc["id"], point)
    except NotFoundError:  # the old game expired meanwhile: the new one stands alone
        pointed = game_id
    if pointed != game_id:
        service.store.delete(game_id)  # nobody holds a token of it
        return claim(service, pointed, token)
    entry = service.game(new["game"])
    mine = _seat_of_claim(new, token)
    fresh = Table(entry, new, new["state"])
    events = answers.events_for(entry.engine, answers.entry_events(log), mine)
    return _answer(fresh, mine, token, table.doc["id"], True, invites, events)


def claim(service: GameService, game_id: str, token: str) -> dict[str, Any]:
    """The caller's seat in the rematch ``game_id``, claimed with its old ``token`` (once; asked
    again, the same token is answered)."""
    new_token = seat_token(token, game_id)

    def step(doc: dict[str, Any]) -> Update:
        seat = _seat_of_claim(doc, token)
        entry = doc["seats"][seat]
        first = entry["token_hash"] is None
        if first:
            entry.update(token_hash=tokens.digest(new_token), joined=True)
            doc["version"] += 1
        elif not hmac.compare_digest(entry["token_hash"], tokens.digest(new_token)):
            raise ServiceError(409, "Seat already taken", "This seat of the rematch is taken.")
        table = service.table_of(doc)
        if first and all(s["joined"] for s in doc["seats"]):  # every seat taken: the clock starts
            table.start_turn(table.now)
        answer = _answer(table, seat, token, doc.get("rematch_of"), first, {}, [])
        return Update(response=answer, doc=doc if first else None)

    try:
        answer, _ = service.store.update(game_id, step)
    except NotFoundError:
        raise unknown_game(game_id) from None
    return answer


def _seat_of_claim(doc: dict[str, Any], token: str) -> int:
    seat = tokens.find_seat(doc, token, "claim")
    if seat is None:  # the old game's pointer leads to a game without this seat: never expected
        raise ServiceError(409, "No seat in the rematch", "This seat has no place in the rematch.")
    return seat


def _new_document(
    service: GameService, old: Table, token: str, seat: int
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, str]]:
    """The rematch's document (the caller's seat claimed), the AI's opening moves and the invites
    of the human seats nobody had joined."""
    doc = old.doc
    entry = service.game(doc["game"])
    players = doc["players"]
    order = [(i + 1) % players for i in range(players)]  # new seat i: the player of old order[i]
    specs = [{"kind": doc["seats"][o]["kind"], "level": doc["seats"][o]["level"]} for o in order]
    game_id = secrets.token_hex(8)
    humans = sum(1 for s in specs if s["kind"] == "human")
    deal_doc, seed = deal.new_deal(game_id, humans, None)
    kept = {"hints": doc.get("hints", True), "turn_timeout": doc.get("turn_timeout") or 0}
    options = {**doc["options"], **kept}
    new = Table.new_document(entry, specs, seed, options, doc["illegal_move_limit"])
    new = {"id": game_id, "game": doc["game"], "version": 1, "seed_given": False, **new}
    new.update(deal=deal_doc, rematch_of=doc["id"])
    invites: dict[str, str] = {}
    for i, seat_doc in enumerate(new["seats"]):
        was = doc["seats"][order[i]]
        seat_doc.update(token_hash=None, invite_hash=None, joined=seat_doc["kind"] == "ai")
        seat_doc["claim"] = was.get("token_hash") if seat_doc["kind"] == "human" else None
        if order[i] == seat:
            seat_doc.update(token_hash=tokens.digest(seat_token(token, game_id)), joined=True)
        elif seat_doc["kind"] == "human" and not seat_doc["claim"]:
            invites[seat_doc["name"]] = tokens.new_secret(game_id)
            seat_doc["invite_hash"] = tokens.digest(invites[seat_doc["name"]])
    fresh = Table(entry, new, new["state"])
    if all(s["joined"] for s in new["seats"]):
        fresh.start_turn(service.clock())
    log = fresh.run_ai(service.budget(), service.clock())
    return new, log, invites


def _answer(
    table: Table,
    seat: int,
    old_token: str,
    rematch_of: str | None,
    first: bool,
    invites: dict[str, str],
    events: list[dict[str, Any]],
) -> dict[str, Any]:
    doc, engine = table.doc, table.engine
    name = engine.info.seat_label(seat)
    to_move = table.to_move()
    turn = (
        "it is your turn"
        if to_move == seat
        else (f"{engine.info.seat_label(to_move)} moves first" if to_move is not None else "")
    )
    if first:
        reply = f"The rematch has started: you play {name}" + (f", and {turn}." if turn else ".")
    else:
        reply = f"You had already joined this rematch as {name}; here is your seat in it again."
    waiting = [s for s in doc["seats"] if s["kind"] == "human" and not s["joined"]]
    if any(s.get("claim") for s in waiting):
        reply += " The other player gets their seat by asking for the rematch too."
    if invites:
        reply += " Pass the invite to the player who joins."
    return {
        "game_id": doc["id"],
        "game": doc["game"],
        "rematch_of": rematch_of,
        "seat": engine.seat_name(seat),
        "token": seat_token(old_token, doc["id"]),
        "first_claim": first,
        "reply": reply,
        "invites": invites,
        "seats": answers.seats_public(doc),
        "events": events,
        "view": answers.view(table, seat),
    }
