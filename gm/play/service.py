"""Use cases: create, join, view, move, resign, history, rules. The only place where a table meets
the store; knows nothing of HTTP. It returns plain dicts and raises ServiceError.

Each use case loads a game document, wraps it in a :class:`~gm.games.table.Table` (which owns
turns, endings, forfeits, the move cap and AI moves), and writes back what changed, atomically,
through :class:`~gm.store.repository.Store`. Secrets live in :mod:`gm.play.seats`, answer shapes in
:mod:`gm.play.answers`, refusals in :mod:`gm.play.problems`.

A game document (one JSON value in Redis) is the table's part (see gm/games/table.py) plus
``id``, ``version``, ``seed_given`` and, per seat, ``token_hash``, ``invite_hash`` and ``joined``.
The seed is never shown while a game runs (it would reveal every hidden card) unless the creator
chose it; the result reveals it. ``deal`` (gm/games/deal.py) holds the server's secret and the
commitment of a committed deal: the engine seed then comes from the secret, never from the
client's seed alone.

AI seats move within a per-request :class:`~gm.games.table.Budget`. When the budget runs out
with an AI still to move (a long all-AI table), the game is stored as it is, and the next request
that reads the game plays on, so such a table always reaches its end.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from gm.games import GAMES, Game, deal, pictures
from gm.games.base import GameOver
from gm.games.table import Budget, SetupError, Table
from gm.play import answers, logbook, rematch, work
from gm.play import seats as tokens
from gm.play.problems import (
    ServiceError,
    game_over_already,
    invalid,
    key_reused,
    seat_taken,
    stale_version,
    unknown_game,
    unknown_game_name,
    unknown_invite,
    unknown_token,
)
from gm.store.repository import Brief, KeyReusedError, NotFoundError, Store, Update

__all__ = ["GameService", "ServiceError"]


class GameService:
    def __init__(
        self,
        store: Store,
        budget: Callable[[], Budget] = Budget,
        clock: Callable[[], float] = time.time,
    ):
        self.store = store
        store.unpack_log = logbook.unpack  # a finished game's log is rebuilt by its engine
        self.budget = budget  # a fresh AI budget for each request
        self.clock = clock  # the turn deadlines' clock (epoch seconds): the games layer has none

    # ------------------------------------------------------------ catalogue

    @staticmethod
    def game(name: str) -> Game:
        try:
            return GAMES[name]
        except KeyError:
            raise unknown_game_name(name, list(GAMES)) from None

    def catalogue(self) -> list[dict[str, Any]]:
        return [self.describe(name) for name in GAMES]

    def describe(self, name: str) -> dict[str, Any]:
        game = self.game(name)
        return {**game.engine.info.to_dict(), "ai_levels": list(game.levels)}

    def rules(self, name: str) -> dict[str, Any]:
        return {**self.describe(name), "rules": self.game(name).engine.rules_text()}

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
        entry = self.game(game)
        info = entry.engine.info
        specs = _seat_specs(opponent, ai_level, seats)
        seed_given, client_seed = seed is not None, seed
        game_id = secrets.token_hex(8)
        humans_asked = sum(1 for s in specs if s.get("kind") == "human")
        deal_doc, seed = deal.new_deal(game_id, humans_asked, client_seed)  # gm/games/deal.py
        try:
            doc = Table.new_document(entry, specs, seed, options, illegal_move_limit)
        except SetupError as err:
            raise invalid(err.title, err.detail) from None
        humans = [i for i, s in enumerate(doc["seats"]) if s["kind"] == "human"]
        creator = humans[0] if humans else None
        if seat is not None:
            names = [s["name"] for s in doc["seats"]]
            if seat not in names:
                raise invalid("Unknown seat", f"'seat' must be one of {', '.join(names)}.")
            creator = names.index(seat)
            if creator not in humans:
                raise invalid("Seat is an AI", f"Seat {seat!r} is played by the AI.")
        doc = {"id": game_id, "game": game, "version": 1, "seed_given": seed_given, **doc}
        doc["deal"] = deal_doc
        token, invites = None, {}
        for i, entry_doc in enumerate(doc["seats"]):
            entry_doc.update(token_hash=None, invite_hash=None, joined=entry_doc["kind"] == "ai")
            if i == creator:
                token = tokens.new_secret(game_id)
                entry_doc.update(token_hash=tokens.digest(token), joined=True)
            elif entry_doc["kind"] == "human":
                invites[entry_doc["name"]] = tokens.new_secret(game_id)
                entry_doc["invite_hash"] = tokens.digest(invites[entry_doc["name"]])
        table = Table(entry, doc, doc["state"])
        table.now = self.clock()
        if all(s["joined"] for s in doc["seats"]):  # the first turn's clock starts now
            table.start_turn(table.now)
        log = _stamped(table.run_ai(self.budget(), table.now), doc["version"])
        answer: dict[str, Any] = {
            "game_id": game_id,
            "game": game,
            "seats": answers.seats_public(doc),
            "invites": invites,
            "events": answers.events_for(entry.engine, answers.entry_events(log), creator),
        }
        if seed_given:
            answer["seed"] = client_seed
        if creator is not None:
            answer["seat"] = info.seat_names[creator]
            answer["token"] = token
        answer["view"] = answers.view(table, creator)
        # written only once the answer is built: a failure above leaves no game without a token
        if not self.store.create(doc, log):  # 64-bit id collision: practically never
            raise ServiceError(503, "Try again", "Could not allocate a game id; repeat the call.")
        if table.is_over():  # an all-AI table may play to its end at once
            self.finished(game_id)
        return answer

    def join(self, game_id: str, invite: str) -> dict[str, Any]:
        token = tokens.new_secret(game_id)

        def step(doc: dict[str, Any]) -> Update:
            seat = tokens.find_seat(doc, invite, "invite_hash")
            if seat is None:
                raise unknown_invite()
            entry = doc["seats"][seat]
            if entry["joined"]:
                raise seat_taken()
            entry["joined"] = True
            entry["token_hash"] = tokens.digest(token)
            doc["version"] += 1
            table = self.table_of(doc)
            if all(s["joined"] for s in doc["seats"]):  # every seat taken: the clock starts
                table.start_turn(table.now)
            answer = {  # built before the write: a joined seat always gets its token
                "game_id": game_id,
                "game": table.doc["game"],
                "seat": table.engine.seat_name(seat),
                "token": token,
                "view": answers.view(table, seat),
            }
            return Update(response=answer, doc=doc)

        try:
            answer, _ = self.store.update(game_id, step)
        except NotFoundError:
            raise unknown_game(game_id) from None
        return answer

    # ------------------------------------------------------------ reads

    def spectate(self, game_id: str) -> dict[str, Any]:
        return answers.view(self._read(game_id), None)

    def seat_view(self, token: str) -> dict[str, Any]:
        table, seat = self.read_seat(token)
        return answers.view(table, seat)

    def seat_table(self, token: str) -> tuple[Table, int]:
        """The table and the seat of ``token``, read only (the chat reads a message against the
        position before deciding whether it is a move at all)."""
        return self.read_seat(token)

    def suggest(self, token: str) -> dict[str, Any]:
        """The coach's suggestion for the seat of ``token``, from its view only (gm/play/coach.py),
        within one request's AI budget; the seat's view comes with it."""
        from gm.play import coach

        table, seat = self.read_seat(token)
        work.note(work.HINT)  # a search: priced by its work (gm/play/work.py), any door
        hint = coach.suggest(table, seat, self.budget())
        view = answers.view(table, seat)
        reply = hint["reason"]
        if hint["suggestion"] is not None:
            reply = f"Try {hint['suggestion']}. {hint['reason']}"
        return {**view, **hint, "reply": reply}

    def board(self, token: str) -> str:
        table, seat = self.read_seat(token)
        return table.render(seat)

    def board_picture(self, token: str) -> str:
        """The seat's board as an SVG picture (gm/games/pictures.py), the last move marked."""
        table, seat = self.read_seat(token)
        return self._picture(table, seat)

    def spectator_picture(self, game_id: str) -> str:
        """The spectator's board as an SVG picture."""
        return self._picture(self._read(game_id), None)

    def _picture(self, table: Table, seat: int | None) -> str:
        """Drawn from the viewer's view and the last log entry's events as the viewer sees them
        (entry n is at index n - 1: the one of the document read, whatever was written since)."""
        ply = table.doc["ply"]
        log = self.store.log_page(table.doc["id"], ply - 1, 1)[0] if ply else []
        entries = [entry for entry in log if entry.get("n") == ply]
        events = answers.events_for(table.engine, answers.entry_events(entries), seat)
        # the seat to move: every legal move in the picture, for the board component to touch
        mine = seat is not None and table.outcome() is None and table.to_move() == seat
        moves = table.move_texts(table.legal_moves(seat)) if mine else []
        due, empty = answers.deadline(table), answers.waiting_for(table.doc, seat)
        notes = [n["text"] for n in (due, empty) if n is not None and not table.is_over()]
        score = answers.score_line(table, seat) if not table.is_over() else None
        notes += [score] if score else []  # the live score (the result says it at the end)
        return pictures.board_svg(table.engine, table.view(seat), events, moves, notes)

    def history(
        self,
        *,
        token: str | None = None,
        game_id: str | None = None,
        after: int | None = None,
        limit: int | None = None,
    ) -> dict[str, Any]:
        """A page of the log: ``limit`` entries (default HISTORY_LIMIT) numbered after
        ``after``, or the last ones when ``after`` is None; see answers.history."""
        if token is not None:
            table, seat = self.read_seat(token)
        else:
            assert game_id is not None
            table, seat = self._read(game_id), None
        limit = min(limit or answers.HISTORY_LIMIT, answers.HISTORY_MAX_LIMIT)
        start = -limit if after is None else after  # entry n sits at index n - 1
        log, total = self.store.log_page(table.doc["id"], start, limit)
        return answers.history(
            table.engine, table.doc, log, seat, total=total, from_end=after is None
        )

    def events_since(self, token: str, version: int) -> list[dict[str, Any]]:
        """The events written after ``version``, as the seat of ``token`` sees them (at most
        answers.EVENTS_CAP, from the log's last entries): what a wait answer carries."""
        table, seat = self.read_seat(token)
        if version >= table.doc["version"]:
            return []
        log, _ = self.store.log_page(table.doc["id"], -answers.EVENTS_CAP, answers.EVENTS_CAP)
        entries = [e for e in log if isinstance(e.get("v"), int) and e["v"] > version]
        return answers.entries_events_for(table.engine, entries, seat)

    def verify(self, game_id: str) -> dict[str, Any]:
        """The check of a game's deal (gm/games/deal.py): at the end, the revealed secret against
        the commitment, the engine seed, and a replay of the logged moves from it."""
        table = self._read(game_id)
        if not table.is_over():
            return deal.verify_game(table.game, table.doc, [], False)
        log, digest = self.store.log_with_digest(game_id, table.doc)
        cached = self.store.verified(game_id, digest)  # a finished game's is kept once made
        if cached is not None:
            return cached
        work.note(work.VERIFY)  # a replay of the whole game
        answer = deal.verify_game(table.game, table.doc, log, True)
        self.store.keep_verified(game_id, digest, answer)
        return answer

    # ------------------------------------------------------------ move / resign

    def move(
        self,
        token: str,
        text: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        via: str = "play_move",
        finish: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """Play ``text`` for the seat. ``via`` names the operation for idempotency: a key answers
        one (operation, text). ``finish`` (the chat's reply) completes the answer inside the
        update, before anything is written: an answer that cannot be built commits nothing."""
        ended = _Ended()

        def step(doc: dict[str, Any]) -> Update:
            seat = self._seat_of(doc, token)
            if expected_version is not None and expected_version != doc["version"]:
                raise stale_version(doc["version"], expected_version)
            table = self.table_of(doc)
            budget, now = self.budget(), table.now  # one request's AI work, before and after
            log = table.expire(now)  # a turn deadline passed before this request
            log += table.run_ai(budget, now)  # an AI move left over by an earlier request
            # a person chatting hears a risky move's risk before it is played (a client sending
            # a canonical move from legal_moves plays it)
            move, error, entries = table.attempt(seat, text, now, warn=via == "say")
            log += entries
            if move is not None:
                log += table.run_ai(budget, now)
            counted = error is not None and error.counted and table.counts_illegal
            changed = bool(log) or counted
            if changed:  # a counted attempt changes the document (the seat's count): a version
                doc["version"] += 1
                _stamped(log, doc["version"])
            events = answers.entries_events_for(table.engine, entries, seat)
            if move is not None:
                events += answers.entries_events_for(table.engine, log[len(entries) :], seat)
                head = {"legal": True, "input": text, "move": table.move_text(move)}
            else:
                assert error is not None
                head = {"legal": False, "input": text, **error.to_dict()}
            answer = {**head, **answers.view(table, seat), "events": events}
            if finish is not None:
                answer = finish(answer)
            ended.now = changed and table.is_over()
            # only a request that changed something is remembered (a replay of one that did not
            # computes the same answer again); of a counted illegal one, only its head
            return Update(
                response=answer,
                doc=doc if changed else None,
                log_entries=log,
                remember=changed,
                brief=head,
                whole=move is not None,
            )

        return self._update_as_seat(token, step, idempotency_key, (via, text), ended)

    def resign(
        self,
        token: str,
        idempotency_key: str | None = None,
        via: str = "resign",
        text: str = "resign",
        finish: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The seat forfeits at once, at any time, every other seat winning. 409 once over.
        ``via`` and ``text`` name the request for idempotency (``say`` passes its message);
        ``finish`` completes the answer before the write, as in :meth:`move`."""
        ended = _Ended()

        def step(doc: dict[str, Any]) -> Update:
            seat = self._seat_of(doc, token)
            table = self.table_of(doc)
            try:
                log = table.resign(seat)
            except GameOver as err:
                raise game_over_already(err.reason) from None
            doc["version"] += 1
            _stamped(log, doc["version"])
            events = answers.events_for(table.engine, answers.entry_events(log), seat)
            answer = {"resigned": True, **answers.view(table, seat), "events": events}
            if finish is not None:
                answer = finish(answer)
            ended.now = True
            return Update(
                response=answer, doc=doc, log_entries=log, remember=True, brief={"resigned": True}
            )

        return self._update_as_seat(token, step, idempotency_key, (via, text), ended)

    def rematch(self, token: str) -> dict[str, Any]:
        """The next game of the finished game of ``token``: same settings, seats rotated, a fresh
        deal; the caller's new token in the answer (gm/play/rematch.py says how the others get
        theirs). 409 while the game is still on."""
        return rematch.start(self, token)

    # ------------------------------------------------------------ helpers

    def table_of(self, doc: dict[str, Any]) -> Table:
        """The table of ``doc``, its clock read now (for the turn deadlines)."""
        # a document this process wrote itself (gm/store/repository.py: Document.known) holds a
        # state the engine computed from a validated one: validating it again would find nothing new
        if getattr(doc, "known", False):
            table = Table(self.game(doc["game"]), doc, doc["state"])
        else:
            table = Table(self.game(doc["game"]), doc)
        table.now = self.clock()
        return table

    @staticmethod
    def _seat_of(doc: dict[str, Any], token: str) -> int:
        seat = tokens.find_seat(doc, token)
        if seat is None:
            raise unknown_token()
        return seat

    def _update_as_seat(
        self,
        token: str,
        step: Callable[[dict[str, Any]], Update],
        idempotency_key: str | None,
        request: tuple[str, str],
        ended: _Ended,
    ) -> dict[str, Any]:
        game_id = tokens.game_id_of(token)
        try:
            answer, _ = self.store.update(
                game_id,
                step,
                seat=tokens.holder(token),  # the seat's last answer is kept under its name
                idempotency_key=tokens.idempotency_key(token, idempotency_key),
                request=request,
            )
        except NotFoundError:
            raise unknown_token() from None
        except KeyReusedError as err:
            raise key_reused(err.first["op"], err.first.get("text", "")) from None
        if ended.now:  # this request ended the game (the step that ran is the one written)
            self.finished(game_id)
        if isinstance(answer, Brief):  # replayed, the whole answer too large to have been kept
            table, seat = self.read_seat(token)
            answer = {**answer, **answers.view(table, seat), "events": []}
        return answer

    def _read(self, game_id: str, token: str | None = None) -> Table:
        """The table of ``game_id`` (checked against ``token`` when given); an AI left to move by
        an earlier request plays on first."""
        try:
            doc = self.store.load(game_id)
        except NotFoundError:
            raise (unknown_token() if token is not None else unknown_game(game_id)) from None
        if token is not None:
            self._seat_of(doc, token)
        table = self.table_of(doc)
        due = table.deadline(table.now)
        if table.ai_to_move() is None and (due is None or due["left"] > 0):
            return table

        ended = _Ended()

        def step(doc: dict[str, Any]) -> Update:
            table = self.table_of(doc)
            log = table.expire(table.now)  # the table keeps time when the game is read
            played = table.run_ai(self.budget(), table.now)
            log += played
            ended.now = bool(log) and table.is_over()
            if not log:
                return Update(response=table)
            work.note(work.AI_MOVE * len(played))  # AI played by a read: priced by its moves
            doc["version"] += 1
            return Update(response=table, doc=doc, log_entries=_stamped(log, doc["version"]))

        try:
            table, _ = self.store.update(game_id, step)
        except NotFoundError:
            raise (unknown_token() if token is not None else unknown_game(game_id)) from None
        if ended.now:
            self.finished(game_id)
        return table

    def read_seat(self, token: str) -> tuple[Table, int]:
        table = self._read(tokens.game_id_of(token), token)
        return table, self._seat_of(table.doc, token)

    def finished(self, game_id: str) -> None:
        """A write just ended ``game_id``: what Redis keeps of it shrinks to what a finished game
        needs (gm/store/repository.py ``Store.finish``): its log compacted (gm/play/logbook.py),
        the idempotency markers dropped. Nothing is lost when this fails: the game stays as
        it was, whole (the store logs a warning)."""
        self.store.finish(game_id, logbook.pack, lambda doc: self.table_of(doc).is_over())


class _Ended:
    """Whether the step that ran (the one written) ended the game."""

    now = False


def _stamped(log: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The log entries, each marked with the game's version that wrote it (``v``): a wait
    answer gives the events since the version its caller had (:meth:`GameService.events_since`)."""
    for entry in log:
        entry["v"] = version
    return log


def _seat_specs(
    opponent: str | None, ai_level: str | None, table: list[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """The seats asked for: ``seats`` (the whole table) or the two-seat shorthand."""
    if table is not None and opponent is not None:
        raise invalid(
            "Both seats and opponent given",
            "Give either 'opponent' (two-seat shorthand) or 'seats' (the whole table).",
        )
    if table is None:
        return [{"kind": "human"}, {"kind": opponent or "ai", "level": ai_level}]
    if ai_level is not None:
        raise invalid("ai_level with seats", "With 'seats', give each AI seat its own 'level'.")
    return [{"kind": s.get("kind"), "level": s.get("level")} for s in table]
