"""Use cases: create, join, view, move (apply + AI replies), resign, history, rules. The only
place where an engine meets the store. Knows nothing of HTTP: it returns plain dicts and raises
ServiceError.

A game document (one JSON value in Redis)::

    {"id", "game", "seed", "seed_given", "options", "players", "version", "ply",
     "seats": [{"name", "kind": "human"|"ai", "level", "token_hash", "invite_hash", "joined"}],
     "state": <engine state>, "illegal_move_limit": N | null,
     "forfeit"?: {"seat", "why"}}  # a resignation or too many illegal moves ended the game

Each seat also counts its illegal attempts (``illegal``), shown in every view; with an
``illegal_move_limit`` a seat forfeits when its count reaches the limit.

Seat tokens are ``<game_id>.<secret>`` (secret: 32 random bytes, url-safe); only their SHA-256 is
stored, compared in constant time. The seed is never shown while a game runs (it would reveal every
hidden card) unless the creator chose it; it is revealed in the result once the game is over.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gm import ai
from gm.games import REGISTRY
from gm.games.base import Engine, Event, GameError, IllegalMoveError, Outcome, State
from gm.store import NotFoundError, Store, Update

MAX_AI_STEPS = 10_000  # a guard: AI seats replying to each other can never loop for ever


class ServiceError(Exception):
    """A request the service refuses. ``status`` is the HTTP-like status; ``detail`` says how to
    fix the call."""

    def __init__(self, status: int, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra


def _not_found_token() -> ServiceError:
    return ServiceError(
        404,
        "Unknown seat token",
        "No game seat has this token. Use the token returned by POST /games or by "
        "POST /games/<game_id>/join (games expire after a period without moves).",
    )


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _new_secret(game_id: str) -> str:
    return f"{game_id}.{secrets.token_urlsafe(32)}"


@dataclass
class SeatSpec:
    kind: str  # "human" | "ai"
    level: str | None = None


class GameService:
    def __init__(self, store: Store):
        self.store = store

    # ------------------------------------------------------------ catalogue

    @staticmethod
    def engine(name: str) -> Engine:
        try:
            return REGISTRY[name]
        except KeyError:
            raise ServiceError(
                404,
                "Unknown game",
                f"There is no game {name!r}. Games: {', '.join(sorted(REGISTRY))}. "
                "GET /rules lists them.",
            ) from None

    def catalogue(self) -> list[dict[str, Any]]:
        return [self.describe(name) for name in REGISTRY]

    def describe(self, name: str) -> dict[str, Any]:
        engine = self.engine(name)
        return {**engine.info.to_dict(), "ai_levels": list(ai.levels(name))}

    def rules(self, name: str) -> dict[str, Any]:
        engine = self.engine(name)
        return {**self.describe(name), "rules": engine.rules_text()}

    # ------------------------------------------------------------ create / join

    def create(
        self,
        game: str,
        opponent: str | None = None,
        ai_level: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        seat: str | None = None,
        illegal_move_limit: int | None = None,
    ) -> dict[str, Any]:
        engine = self.engine(game)
        if illegal_move_limit is not None and (
            isinstance(illegal_move_limit, bool)
            or not isinstance(illegal_move_limit, int)
            or illegal_move_limit < 1
        ):
            raise ServiceError(
                422,
                "Invalid illegal_move_limit",
                "'illegal_move_limit' must be a whole number of at least 1 (a seat forfeits after "
                "that many illegal or unreadable moves), or null for no limit.",
            )
        info = engine.info
        specs = self._seat_specs(game, opponent, ai_level, seats)
        players = len(specs)
        if not info.min_players <= players <= info.max_players:
            raise ServiceError(
                422,
                "Wrong number of seats",
                f"{info.title} takes {info.min_players} to {info.max_players} seats; "
                f"{players} were given.",
            )
        try:
            # an option given as null takes its default (function-calling tools send nulls)
            given = {k: v for k, v in (options or {}).items() if v is not None}
            opts = engine.options(given)
        except ValueError as err:
            raise ServiceError(422, "Invalid option", f"{err}.") from None
        humans = [i for i, s in enumerate(specs) if s.kind == "human"]
        if seat is not None:
            names = list(info.seat_names[:players])
            if seat not in names:
                raise ServiceError(
                    422, "Unknown seat", f"'seat' must be one of {', '.join(names)}."
                )
            wanted = names.index(seat)
            if wanted not in humans:
                raise ServiceError(422, "Seat is an AI", f"Seat {seat!r} is played by the AI.")
            creator = wanted
        else:
            creator = humans[0] if humans else None

        seed_given = seed is not None
        if seed is None:
            seed = secrets.randbits(53)
        try:
            state = engine.new_state(seed, opts, players)
        except ValueError as err:
            raise ServiceError(422, "Invalid option", f"{err}.") from None
        game_id = secrets.token_hex(8)
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        seat_docs = []
        for i, spec in enumerate(specs):
            entry: dict[str, Any] = {
                "name": info.seat_names[i],
                "kind": spec.kind,
                "level": spec.level,
                "token_hash": None,
                "invite_hash": None,
                "joined": spec.kind == "ai",
                "illegal": 0,
            }
            if spec.kind == "human":
                if i == creator:
                    tokens[i] = _new_secret(game_id)
                    entry["token_hash"] = _hash(tokens[i])
                    entry["joined"] = True
                else:
                    invites[i] = _new_secret(game_id)
                    entry["invite_hash"] = _hash(invites[i])
            seat_docs.append(entry)
        doc = {
            "id": game_id,
            "game": game,
            "seed": seed,
            "seed_given": seed_given,
            "options": opts,
            "players": players,
            "illegal_move_limit": illegal_move_limit,
            "version": 1,
            "ply": 0,
            "seats": seat_docs,
            "state": state,
        }
        log: list[dict[str, Any]] = []
        state, events = self._run_ai(engine, doc, state, log)
        if not self.store.create(doc, log):  # 64-bit id collision: practically never
            raise ServiceError(503, "Try again", "Could not allocate a game id; repeat the call.")
        answer: dict[str, Any] = {
            "game_id": game_id,
            "game": game,
            "seats": self._seats_public(doc),
            "invites": {info.seat_names[i]: t for i, t in invites.items()},
            "events": self._events_for(engine, events, creator),
        }
        if seed_given:
            answer["seed"] = seed
        if creator is not None:
            answer["seat"] = info.seat_names[creator]
            answer["token"] = tokens[creator]
            answer["view"] = self._view(engine, doc, creator, state)
        else:
            answer["view"] = self._view(engine, doc, None, state)
        return answer

    def _seat_specs(
        self,
        game: str,
        opponent: str | None,
        ai_level: str | None,
        seats: list[dict[str, Any]] | None,
    ) -> list[SeatSpec]:
        levels = ai.levels(game)
        if seats is not None and opponent is not None:
            raise ServiceError(
                422,
                "Both seats and opponent given",
                "Give either 'opponent' (two-seat shorthand) or 'seats' (the whole table).",
            )
        if seats is None:
            opponent = opponent or "ai"
            seats = [{"kind": "human"}, {"kind": opponent, "level": ai_level}]
        elif ai_level is not None:
            raise ServiceError(
                422, "ai_level with seats", "With 'seats', give each AI seat its own 'level'."
            )
        specs = []
        for i, s in enumerate(seats):
            kind = s.get("kind")
            level = s.get("level")
            if kind not in ("human", "ai"):
                raise ServiceError(
                    422, "Unknown seat kind", f"Seat {i + 1}: 'kind' must be 'human' or 'ai'."
                )
            if kind == "ai":
                level = level or ai.default_level(game)
                if level not in levels:
                    raise ServiceError(
                        422,
                        "Unknown AI level",
                        f"Seat {i + 1}: AI level {level!r} does not exist for {game}; "
                        f"choose one of {', '.join(levels)}.",
                    )
            elif level is not None:
                raise ServiceError(
                    422,
                    "Level for a human seat",
                    f"Seat {i + 1} is human; only AI seats take a level.",
                )
            specs.append(SeatSpec(kind=kind, level=level))
        return specs  # an all-AI table is allowed: it plays itself out at creation

    def join(self, game_id: str, invite: str) -> dict[str, Any]:
        token_holder: dict[str, Any] = {}

        def step(doc: dict[str, Any]) -> Update:
            seat = self._find_seat(doc, invite, "invite_hash")
            if seat is None:
                raise ServiceError(
                    404,
                    "Unknown invite",
                    "This invite does not belong to this game. Use an invite from the "
                    "'invites' of POST /games.",
                )
            entry = doc["seats"][seat]
            if entry["joined"]:
                raise ServiceError(
                    409,
                    "Seat already taken",
                    "This invite has been used already; the player who joined holds the seat "
                    "token.",
                )
            token = _new_secret(doc["id"])
            token_holder["token"] = token
            entry["joined"] = True
            entry["token_hash"] = _hash(token)
            doc["version"] += 1
            return Update(response={"seat": seat, "doc": doc}, doc=doc)

        try:
            result, _ = self.store.update(game_id, step)
        except NotFoundError:
            raise self._unknown_game(game_id) from None
        doc = result["doc"]
        seat = result["seat"]
        engine = self.engine(doc["game"])
        return {
            "game_id": doc["id"],
            "game": doc["game"],
            "seat": engine.info.seat_names[seat],
            "token": token_holder["token"],
            "view": self._view(engine, doc, seat),
        }

    # ------------------------------------------------------------ reads

    def spectate(self, game_id: str) -> dict[str, Any]:
        doc = self._load(game_id)
        return self._view(self.engine(doc["game"]), doc, None)

    def seat_view(self, token: str) -> dict[str, Any]:
        doc, seat = self._resolve(token)
        return self._view(self.engine(doc["game"]), doc, seat)

    def board(self, token: str) -> str:
        doc, seat = self._resolve(token)
        engine = self.engine(doc["game"])
        return self._render(engine, doc, engine.from_dict(doc["state"]), seat)

    def history(self, *, token: str | None = None, game_id: str | None = None) -> dict[str, Any]:
        if token is not None:
            doc, seat = self._resolve(token)
        else:
            assert game_id is not None
            doc, seat = self._load(game_id), None
        engine = self.engine(doc["game"])
        entries = []
        for entry in self.store.log(doc["id"]):
            events = [Event.from_dict(e) for e in entry["events"]]
            item: dict[str, Any] = {
                "n": entry["n"],
                "seat": engine.seat_name(entry["seat"]),
                "events": [e.for_viewer(seat) for e in events],
            }
            if seat is not None and entry["seat"] == seat:
                item["move"] = entry["move"]
            entries.append(item)
        return {
            "game_id": doc["id"],
            "game": doc["game"],
            "viewer": engine.seat_name(seat),
            "moves": entries,
        }

    # ------------------------------------------------------------ move

    def move(
        self,
        token: str,
        text: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        def step(doc: dict[str, Any]) -> Update:
            seat = self._find_seat(doc, token, "token_hash")
            if seat is None:
                raise _not_found_token()
            if expected_version is not None and expected_version != doc["version"]:
                raise ServiceError(
                    409,
                    "Stale version",
                    f"The game is at version {doc['version']}, not {expected_version}: "
                    "someone moved since you looked. GET the view again, then resend the move "
                    "with the new expected_version (or without it).",
                    version=doc["version"],
                )
            return self._move_step(doc, seat, text)

        return self._update_as_seat(token, step, idempotency_key)

    def _update_as_seat(
        self, token: str, step: Callable[[dict[str, Any]], Update], idempotency_key: str | None
    ) -> dict[str, Any]:
        """Run ``step`` on the game of ``token`` through the store's atomic update."""
        try:
            answer, _ = self.store.update(
                token.split(".", 1)[0], step, idempotency_key=self._idem(token, idempotency_key)
            )
        except NotFoundError:
            raise _not_found_token() from None
        return answer

    @staticmethod
    def _idem(token: str, key: str | None) -> str | None:
        # Scoped to the seat: the key is hashed with the token, so one seat's key never answers
        # another seat's request.
        if key is None:
            return None
        return hashlib.sha256(f"{token}\n{key}".encode()).hexdigest()[:40]

    def _move_step(self, doc: dict[str, Any], seat: int, text: str) -> Update:
        engine = self.engine(doc["game"])
        state = engine.from_dict(doc["state"])
        try:
            if self._outcome(engine, doc, state) is not None:
                raise IllegalMoveError(
                    "The game is over; no more moves can be made.",
                    rule="game-over",
                    hint="GET the view or history to see the result.",
                )
            to_move = engine.to_move(state)
            if to_move != seat:
                raise IllegalMoveError(
                    f"It is not your turn: {engine.seat_name(to_move)} is to move.",
                    rule="not-your-turn",
                    hint="Wait for the other seat, then GET your view again.",
                )
            move = engine.parse_move(text, state, seat)
        except GameError as err:
            # An unreadable or illegal move changes nothing in the game; the seat's count of
            # illegal attempts goes up (ambiguous texts and moves out of turn do not count), and
            # with an illegal_move_limit the seat forfeits when it reaches the limit.
            counted = err.kind in ("unparsable", "illegal") and getattr(err, "rule", "") not in (
                "not-your-turn",
                "game-over",
            )
            events: list[Event] = []
            log: list[dict[str, Any]] = []
            if counted:
                entry = doc["seats"][seat]
                entry["illegal"] = entry.get("illegal", 0) + 1
                limit = doc.get("illegal_move_limit")
                if limit is not None and entry["illegal"] >= limit:
                    why = f"forfeited after {entry['illegal']} illegal moves (the limit is {limit})"
                    events = [self._forfeit(engine, doc, seat, why, log)]
            answer = {
                "legal": False,
                "input": text,
                **err.to_dict(),
                **self._view(engine, doc, seat, state),
                "events": self._events_for(engine, events, seat),
            }
            return Update(
                response=answer, doc=doc if counted else None, log_entries=log, remember=True
            )
        state, events = engine.apply(state, seat, move)
        log = [self._log_entry(doc, seat, engine.render_move(move), events)]
        state, ai_events = self._run_ai(engine, doc, state, log)
        doc["version"] += 1
        answer = {
            "legal": True,
            "input": text,
            "move": engine.render_move(move),
            **self._view(engine, doc, seat, state),
            "events": self._events_for(engine, events + ai_events, seat),
        }
        return Update(response=answer, doc=doc, log_entries=log, remember=True)

    # ------------------------------------------------------------ resign

    def resign(self, token: str, idempotency_key: str | None = None) -> dict[str, Any]:
        """The seat forfeits: the game ends at once and every other seat wins. Generic for every
        game: kept in the document (``forfeit``), not in the engine state, and logged
        as an event. Any time, not only on the seat's turn; 409 once the game is over."""

        def step(doc: dict[str, Any]) -> Update:
            seat = self._find_seat(doc, token, "token_hash")
            if seat is None:
                raise _not_found_token()
            engine = self.engine(doc["game"])
            if self._outcome(engine, doc, engine.from_dict(doc["state"])) is not None:
                raise ServiceError(
                    409,
                    "Game over",
                    "The game is over already, so there is nothing to resign. GET the view to "
                    "see the result.",
                )
            log: list[dict[str, Any]] = []
            event = self._forfeit(engine, doc, seat, "resigned", log)
            answer = {
                "resigned": True,
                **self._view(engine, doc, seat),
                "events": self._events_for(engine, [event], seat),
            }
            return Update(response=answer, doc=doc, log_entries=log, remember=True)

        return self._update_as_seat(token, step, idempotency_key)

    def _log_entry(
        self, doc: dict[str, Any], seat: int, move: str, events: list[Event]
    ) -> dict[str, Any]:
        doc["ply"] += 1
        return {
            "n": doc["ply"],
            "seat": seat,
            "move": move,
            "events": [e.to_dict() for e in events],
        }

    def _run_ai(
        self, engine: Engine, doc: dict[str, Any], state: State, log: list[dict[str, Any]]
    ) -> tuple[State, list[Event]]:
        """Let AI seats move, in order, until a human seat is to act or the game ends. The final
        state goes into ``doc`` (states are never changed in place, so no copy is needed)."""
        produced: list[Event] = []
        for _ in range(MAX_AI_STEPS):
            seat = engine.to_move(state)
            if seat is None or doc["seats"][seat]["kind"] != "ai":
                break
            policy = ai.levels(doc["game"])[doc["seats"][seat]["level"]]
            legal = engine.legal_moves(state, seat)
            rng = random.Random(f"{doc['seed']}/ai/{doc['ply']}")
            move = policy(engine, engine.view(state, seat), seat, legal, rng)
            if move not in legal:  # a policy bug must never corrupt a game
                move = legal[0]
            state, events = engine.apply(state, seat, move)
            log.append(self._log_entry(doc, seat, engine.render_move(move), events))
            produced.extend(events)
        doc["state"] = state
        return state, produced

    # ------------------------------------------------------------ helpers

    def _load(self, game_id: str) -> dict[str, Any]:
        try:
            return self.store.load(game_id)
        except NotFoundError:
            raise self._unknown_game(game_id) from None

    @staticmethod
    def _unknown_game(game_id: str) -> ServiceError:
        return ServiceError(
            404,
            "Unknown game",
            f"There is no game {game_id!r} (never created, or expired after a period without "
            "moves). POST /games creates one.",
        )

    def _resolve(self, token: str) -> tuple[dict[str, Any], int]:
        game_id = token.split(".", 1)[0]
        try:
            doc = self.store.load(game_id)
        except NotFoundError:
            raise _not_found_token() from None
        seat = self._find_seat(doc, token, "token_hash")
        if seat is None:
            raise _not_found_token()
        return doc, seat

    @staticmethod
    def _find_seat(doc: dict[str, Any], secret: str, field: str) -> int | None:
        """The seat whose stored hash matches; every seat is compared (constant time each)."""
        digest = _hash(secret)
        found = None
        for i, entry in enumerate(doc["seats"]):
            stored = entry.get(field) or ""
            if hmac.compare_digest(stored.encode(), digest.encode()):
                found = i
        return found

    def _seats_public(self, doc: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "name": s["name"],
                "kind": s["kind"],
                "level": s["level"],
                "joined": s["joined"],
                "illegal_attempts": s.get("illegal", 0),
            }
            for s in doc["seats"]
        ]

    @staticmethod
    def _events_for(
        engine: Engine, events: list[Event], viewer: int | None
    ) -> list[dict[str, Any]]:
        return [
            {
                "seat": None if e.seat is None else engine.seat_name(e.seat),
                "kind": e.kind,
                "text": e.for_viewer(viewer),
            }
            for e in events
        ]

    def _forfeit(
        self, engine: Engine, doc: dict[str, Any], seat: int, why: str, log: list[dict[str, Any]]
    ) -> Event:
        """End the game with ``seat`` losing (a resignation, too many illegal moves)."""
        kind = "resign" if why == "resigned" else "forfeit"
        event = Event(f"{engine.seat_name(seat)} {why}.", seat=seat, kind=kind)
        doc["forfeit"] = {"seat": seat, "why": why}
        doc["version"] += 1
        log.append(self._log_entry(doc, seat, kind, [event]))
        return event

    @staticmethod
    def _outcome(engine: Engine, doc: dict[str, Any], state: dict[str, Any]) -> Outcome | None:
        """The engine's outcome, or the forfeit (resignation, illegal moves) kept in the doc."""
        forfeit = doc.get("forfeit")
        if forfeit is None:
            return engine.outcome(state)
        loser = forfeit["seat"]
        winners = [s for s in range(doc["players"]) if s != loser]
        names = " and ".join(engine.seat_name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "win"
        reason = f"{engine.seat_name(loser)} {forfeit['why']}; {names} {verb}"
        return Outcome(winners, False, reason)

    def _render(
        self, engine: Engine, doc: dict[str, Any], state: dict[str, Any], seat: int | None
    ) -> str:
        board = engine.render(state, seat)
        if doc.get("forfeit") is None:
            return board
        outcome = self._outcome(engine, doc, state)
        return f"{board}\nGame over: {outcome.reason}." if outcome else board

    def _view(
        self, engine: Engine, doc: dict[str, Any], seat: int | None, state: State | None = None
    ) -> dict[str, Any]:
        """``seat``'s view; ``state`` when the caller holds it already, else read from ``doc``."""
        if state is None:
            state = engine.from_dict(doc["state"])
        outcome = self._outcome(engine, doc, state)
        to_move = None if outcome is not None else engine.to_move(state)
        names = list(engine.info.seat_names[: doc["players"]])
        view: dict[str, Any] = {
            "game_id": doc["id"],
            "game": doc["game"],
            "seat": engine.seat_name(seat),
            "status": "finished" if outcome is not None else "active",
            "to_move": None if to_move is None else names[to_move],
            "your_turn": seat is not None and to_move == seat,
            "version": doc["version"],
            "board": self._render(engine, doc, state, seat),
            "state": engine.view(state, seat),
            "legal_moves": (
                [engine.render_move(m) for m in engine.legal_moves(state, seat)]
                if seat is not None and to_move == seat
                else []
            ),
            "seats": self._seats_public(doc),
            "result": None,
        }
        if outcome is not None:
            view["result"] = {**outcome.to_dict(names), "seed": doc["seed"]}
        return view
