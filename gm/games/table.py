"""The table: what every game shares, owned by the framework and not by the engines.

Pure (no Redis, no Flask; the clock is passed in): seats and their kinds, whose turn it is, the end
of the game and why, the invalid-move policy, the move cap, reading a move (canonical text first),
and playing the AI seats within a budget. The service loads a game document, wraps it in a
:class:`Table`, calls one of its methods and stores the document and the log entries it produced.

The table's part of a game document::

    {"game", "players", "options", "seed", "ply", "turns", "illegal_move_limit",
     "seats": [{"name", "kind": "human"|"ai", "level", "illegal", …}],
     "state": <engine state>,
     "ending": null | {"termination", "seat", "reason"}}   # an end the framework declared

An ending by the rules lives in the engine state (``Engine.outcome``); resignation, the
illegal-move limit and the move cap live in ``ending``. :meth:`Table.outcome` is the one answer
to "is it over, and how", and every view, board and result is built from it.
"""

from __future__ import annotations

import random
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gm.games.base import (
    DEFAULT_TURN_TIMEOUT,
    HINTS,
    ILLEGAL_MOVES,
    MOVE_CAP,
    RESIGNATION,
    TERMINATIONS,
    TIMEOUT,
    TURN_TIMEOUT,
    CannotAct,
    Event,
    GameError,
    GameOver,
    InvalidStateError,
    Move,
    NotYourTurn,
    Outcome,
    RiskyMoveError,
    State,
    confirms,
)
from gm.games.registry import Game
from gm.games.search import deadline_for

LogEntry = dict[str, Any]  # {"n", "seat", "move", "events": [Event dicts]}


class SetupError(ValueError):
    """A table that cannot be set up as asked; the message says what to change."""

    def __init__(self, title: str, detail: str):
        super().__init__(detail)
        self.title = title
        self.detail = detail


@dataclass
class Budget:
    """How much AI work one request may do: at most ``steps`` moves and ``seconds`` of wall
    time (checked between moves). What is left is played by the next request on the game.
    ``think_ms``: one ``strong`` move's CPU time (None: an enclosing block's, or the default)."""

    steps: int = 500
    seconds: float = 1.0
    think_ms: int | None = None
    clock: Callable[[], float] = time.monotonic
    _start: float | None = field(default=None, repr=False)
    _used: int = field(default=0, repr=False)

    def take(self) -> bool:
        """Whether one more AI move fits (and count it)."""
        now = self.clock()
        if self._start is None:
            self._start = now
        if self._used >= self.steps or now - self._start >= self.seconds:
            return False
        self._used += 1
        return True

    def remaining(self) -> float:
        """Seconds of the budget left (the whole budget before the first move)."""
        if self._start is None:
            return self.seconds
        return max(0.0, self.seconds - (self.clock() - self._start))


def fold(text: str) -> str:
    """Text compared case- and spacing-blind: the canonical-move match."""
    return " ".join(text.casefold().split())


# The canonical text of a move and its folded form, per engine (render_move depends on the move
# alone): a move request folds every legal move's text to find the one sent, and the answer lists
# them again, so each is rendered once per process rather than twice per request.
_TEXTS: weakref.WeakKeyDictionary[Any, dict[Move, tuple[str, str]]] = weakref.WeakKeyDictionary()
TEXTS_KEPT = 1 << 16  # moves remembered per engine (then it starts again)


def _texts_of(engine: Any) -> dict[Move, tuple[str, str]]:
    texts = _TEXTS.get(engine)
    if texts is None:
        texts = _TEXTS.setdefault(engine, {})
    return texts


def _winners_text(names: list[str]) -> str:
    verb = "wins" if len(names) == 1 else "win"
    return f"{' and '.join(names)} {verb}"


class Table:
    """One game document with its engine: every rule the framework owns."""

    def __init__(self, game: Game, doc: dict[str, Any], state: State | None = None):
        self.game = game
        self.engine = game.engine
        self.doc = doc
        if "forfeit" in doc:  # documents written before the table owned endings
            old = doc.pop("forfeit")
            doc["ending"] = {
                "termination": RESIGNATION if old["why"] == "resigned" else ILLEGAL_MOVES,
                "seat": old["seat"],
                "reason": "",
            }
        doc.setdefault("ending", None)
        doc.setdefault("turns", doc.get("ply", 0))
        if state is None:
            validate_document(game, doc)
            state = self.engine.from_dict(doc["state"])
        self._state = state
        self._outcome: Outcome | None = None
        self._outcome_known = False
        self._legal: dict[int, list[Move]] = {}  # the seat to move's moves in this state
        self._texts = _texts_of(self.engine)
        self.now: float | None = None  # the play layer's clock when it read the game (deadlines)

    # ------------------------------------------------------------ set-up

    @staticmethod
    def new_document(
        game: Game,
        seats: list[dict[str, Any]],
        seed: int,
        options: dict[str, Any] | None,
        illegal_move_limit: int | None,
    ) -> dict[str, Any]:
        """A new game document (without ids or secrets). ``seats``: ``{"kind", "level"}`` each, in
        turn order. SetupError when the table cannot be played as asked."""
        engine = game.engine
        info = engine.info
        players = len(seats)
        if not info.min_players <= players <= info.max_players:
            raise SetupError(
                "Wrong number of seats",
                f"{info.title} takes {info.min_players} to {info.max_players} seats; "
                f"{players} were given.",
            )
        if illegal_move_limit is not None and (
            isinstance(illegal_move_limit, bool)
            or not isinstance(illegal_move_limit, int)
            or illegal_move_limit < 1
        ):
            raise SetupError(
                "Invalid illegal_move_limit",
                "'illegal_move_limit' must be a whole number of at least 1 (a seat forfeits after "
                "that many illegal or unreadable moves), or null for no limit.",
            )
        entries = []
        for i, spec in enumerate(seats):
            kind, level = spec.get("kind"), spec.get("level")
            if kind not in ("human", "ai"):
                raise SetupError(
                    "Unknown seat kind", f"Seat {i + 1}: 'kind' must be 'human' or 'ai'."
                )
            if kind == "ai":
                level = level or game.default_level
                if level not in game.levels:
                    raise SetupError(
                        "Unknown AI level",
                        f"Seat {i + 1}: AI level {level!r} does not exist for {info.name}; "
                        f"choose one of {', '.join(game.levels)}.",
                    )
            elif level is not None:
                raise SetupError(
                    "Level for a human seat", f"Seat {i + 1} is human; only AI seats take a level."
                )
            entries.append({"name": info.seat_names[i], "kind": kind, "level": level, "illegal": 0})
        try:
            # an option given as null takes its default (function-calling tools send nulls)
            given = {k: v for k, v in (options or {}).items() if v is not None}
            hints = HINTS.validate(given.pop(HINTS.name, HINTS.default))
            timeout = TURN_TIMEOUT.validate(given.pop(TURN_TIMEOUT.name, None))
            opts = engine.options(given)
            state = engine.new_state(seed, opts, players)
        except ValueError as err:
            raise SetupError("Invalid option", f"{err}.") from None
        return {
            "game": info.name,
            "players": players,
            "options": opts,
            "seed": seed,
            "ply": 0,
            "turns": 0,
            "illegal_move_limit": illegal_move_limit,
            "seats": entries,
            "state": state,
            "ending": None,
            "hints": hints,
            "turn_timeout": _turn_timeout(timeout, entries),
            "turn_started": None,  # set by the play layer's clock once every seat is taken
        }

    # ------------------------------------------------------------ reading the position

    @property
    def state(self) -> State:
        return self._state

    @property
    def names(self) -> list[str]:
        return list(self.engine.info.seat_names[: self.doc["players"]])

    def _set_state(self, state: State) -> None:
        self._state = state
        self.doc["state"] = state
        self._outcome_known = False
        self._legal = {}

    def outcome(self) -> Outcome | None:
        """The end of the game, whatever ended it, or None while it runs."""
        if not self._outcome_known:
            self._outcome = self._compute_outcome()
            self._outcome_known = True
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        ending = self.doc.get("ending")
        if ending is None:
            return self.engine.outcome(self._state)
        scores = self.engine.scores(self._state)
        loser = ending.get("seat")
        if ending["termination"] == MOVE_CAP:
            return Outcome([], True, ending["reason"], scores, MOVE_CAP)
        winners = [s for s in range(self.doc["players"]) if s != loser]
        return Outcome(winners, False, ending["reason"], scores, ending["termination"])

    def is_over(self) -> bool:
        return self.outcome() is not None

    def to_move(self) -> int | None:
        """The seat to act, None once the game is over (by any termination)."""
        return None if self.is_over() else self.engine.to_move(self._state)

    def check_can_act(self, seat: int) -> None:
        """GameOver, CannotAct (the engine's reason) or NotYourTurn when ``seat`` may not act."""
        if self.is_over():
            raise GameOver()
        to_move = self.engine.to_move(self._state)
        if to_move != seat:
            reason = self.engine.blocked(self._state, seat)
            if reason:
                raise CannotAct(reason, rule="cannot-act", hint="Your part of the game is done.")
            raise NotYourTurn(self.engine.info.seat_label(to_move))

    def legal_moves(self, seat: int | None) -> list[Move]:
        """``seat``'s legal moves: empty unless it is that seat's turn in a running game."""
        if seat is None or self.to_move() != seat:
            return []
        return self._moves(seat)

    def _moves(self, seat: int) -> list[Move]:
        """The engine's legal moves of the seat to move, computed once per state."""
        if seat not in self._legal:
            self._legal[seat] = self.engine.legal_moves(self._state, seat)
        return self._legal[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.engine.view(self._state, seat, self.outcome())

    def render(self, seat: int | None) -> str:
        return self.engine.render(self._state, seat, self.outcome())

    def move_text(self, move: Move) -> str:
        """The canonical text of ``move`` (the engine's ``render_move``, remembered)."""
        return self._move_texts(move)[0]

    def move_texts(self, moves: list[Move]) -> list[str]:
        """The canonical texts of ``moves``, in order (see :meth:`move_text`)."""
        texts = self._texts
        try:
            return [texts[m][0] for m in moves]  # every one remembered (the usual case)
        except (KeyError, TypeError):  # one not yet rendered, or an unhashable move
            return [self._move_texts(m)[0] for m in moves]

    def _move_texts(self, move: Move) -> tuple[str, str]:
        """``(render_move(move), fold(render_move(move)))``, remembered per engine."""
        try:
            return self._texts[move]
        except KeyError:
            pass
        except TypeError:  # an unhashable move: rendered each time
            text = self.engine.render_move(move)
            return text, fold(text)
        text = self.engine.render_move(move)
        if len(self._texts) >= TEXTS_KEPT:
            self._texts.clear()
        self._texts[move] = found = (text, fold(text))
        return found

    @property
    def hints(self) -> bool:
        """Whether seats may ask the coach (option ``hints``; documents before it: yes)."""
        return self.doc.get("hints", True) is not False

    def ai_to_move(self) -> int | None:
        seat = self.to_move()
        if seat is not None and self.doc["seats"][seat]["kind"] == "ai":
            return seat
        return None

    # ------------------------------------------------------------ moves

    def read(self, seat: int, text: str, warn: bool = False) -> Move:
        """The legal move ``text`` names for ``seat``: the canonical text of a legal move first
        (case and spacing folded), then the game's own parser. GameError otherwise. ``warn``
        (a move about to be played, or asked about): a move the engine warns about
        (``Engine.warning``) is a RiskyMoveError unless the text confirms it ("EXCHANGE
        ANYWAY"); a replay of the log reads without."""
        self.check_can_act(seat)
        engine = self.engine
        wanted = fold(text)
        if warn:  # a move about to be played, or asked about: its risk is said first
            move = self.read(seat, text)
            warning = engine.warning(self._state, seat, move)
            if warning is not None and not confirms(text):
                raise RiskyMoveError(self.move_text(move), warning)
            return move
        match = None
        texts, remember = self._texts, self._move_texts
        for move in self._moves(seat):
            try:
                found = texts[move]
            except (KeyError, TypeError):
                found = remember(move)
            if found[1] == wanted:
                if match is not None:  # two moves fold alike: let the game's parser decide
                    match = None
                    break
                match = move
        if match is None:
            match = engine.parse_move(text, self._state, seat)
        return match

    def play(self, seat: int, move: Move, now: float | None = None) -> list[LogEntry]:
        """Apply a legal move of ``seat``; the move cap may end the game. Returns log entries.
        ``now``: the play layer's clock, which starts the next seat's turn deadline."""
        state, events = self.engine.apply(self._state, seat, move)
        self._set_state(state)
        self.doc["ply"] += 1
        if self.engine.to_move(state) != seat:
            self.doc["turns"] += 1
            self.start_turn(now)
        entries = [self._entry(seat, self.move_text(move), events)]
        capped = self._cap_reached()
        if capped is not None and self.outcome() is None:
            limit, noun = capped
            reason = f"Drawn: the cap of {limit} {noun} was reached"
            self._end(MOVE_CAP, None, reason)
            entries[-1]["events"].append(Event(reason + ".", kind="end").to_dict())
        return entries

    def _cap_reached(self) -> tuple[int, str] | None:
        cap = self.engine.info.cap
        if cap is None:
            return None
        limit = self.doc["options"][cap.option]
        if cap.counter is not None:
            count = self._state[cap.counter]
        else:
            count = self.doc["turns"] if cap.unit == "turns" else self.doc["ply"]
        if count >= limit:
            return limit, "turns" if cap.unit == "turns" else "moves"
        return None

    def attempt(
        self, seat: int, text: str, now: float | None = None, warn: bool = False
    ) -> tuple[Move | None, GameError | None, list[LogEntry]]:
        """Read and play ``text``: ``(move, None, entries)``, or ``(None, error, entries)`` for a
        refused text — counted against the seat when the error counts and the table has an
        illegal-move limit (which may forfeit it: then ``entries`` hold the forfeit). Without a
        limit a refused text changes nothing at all (:meth:`counts_illegal`). ``warn``: a risky
        move is said before it is played (:meth:`read`)."""
        try:
            move = self.read(seat, text, warn=warn)
        except GameError as err:
            if not err.counted:
                return None, err, []
            return None, err, self.count_illegal(seat)
        return move, None, self.play(seat, move, now)

    # ------------------------------------------------------------ endings the framework owns

    @property
    def counts_illegal(self) -> bool:
        """Whether illegal attempts are counted: only at a table with an ``illegal_move_limit``
        (without one, a refused move is an answer and writes nothing)."""
        return self.doc.get("illegal_move_limit") is not None

    def count_illegal(self, seat: int) -> list[LogEntry]:
        """One more illegal attempt for ``seat``; at the illegal-move limit the seat forfeits.
        Without a limit nothing is counted (and nothing changes)."""
        limit = self.doc.get("illegal_move_limit")
        if limit is None:
            return []
        entry = self.doc["seats"][seat]
        entry["illegal"] = entry.get("illegal", 0) + 1
        if entry["illegal"] < limit:
            return []
        why = f"forfeited after {entry['illegal']} illegal moves (the limit is {limit})"
        return self._forfeit(seat, ILLEGAL_MOVES, why)

    def resign(self, seat: int) -> list[LogEntry]:
        """``seat`` resigns, at any time (not only on its turn). GameOver once it is over."""
        if self.is_over():
            raise GameOver("The game is over already, so there is nothing to resign.")
        return self._forfeit(seat, RESIGNATION, "resigned")

    def _forfeit(self, seat: int, termination: str, why: str) -> list[LogEntry]:
        name = self.engine.info.seat_label(seat)
        winners = [self.engine.info.seat_label(s) for s in range(self.doc["players"]) if s != seat]
        reason = f"{name} {why}; {_winners_text(winners)}"
        self._end(termination, seat, reason)
        self.doc["ply"] += 1  # the forfeit is an entry of the log, numbered like a move
        kind = "resign" if termination == RESIGNATION else "forfeit"
        event = Event(f"{name} {why}.", seat=seat, kind=kind)
        return [self._entry(seat, kind, [event])]

    def _end(self, termination: str, seat: int | None, reason: str) -> None:
        self.doc["ending"] = {"termination": termination, "seat": seat, "reason": reason}
        self._outcome_known = False

    # ------------------------------------------------------------ turn deadlines

    def start_turn(self, now: float | None) -> None:
        """The seat to move's clock starts at ``now`` (the play layer's clock; None: no clock)."""
        if now is not None and self.doc.get("turn_timeout"):
            self.doc["turn_started"] = now

    def deadline(self, now: float | None) -> dict[str, Any] | None:
        """``{"seat", "at", "left"}``: who must move by when (epoch seconds) and how many seconds
        are left at ``now``; None without a running deadline (none set, the clock not started, an
        AI to move, or the game over)."""
        timeout, started = self.doc.get("turn_timeout"), self.doc.get("turn_started")
        seat = self.to_move()
        if not timeout or started is None or now is None or seat is None:
            return None
        if self.doc["seats"][seat]["kind"] != "human":
            return None
        at = started + timeout
        return {"seat": seat, "at": at, "left": max(0.0, at - now)}

    def expire(self, now: float | None) -> list[LogEntry]:
        """At ``now``, the seat to move forfeits by time when its deadline has passed (every read
        and write of the game asks first: no background job). Returns the forfeit's entries."""
        due = self.deadline(now)
        if due is None or due["left"] > 0:
            return []
        return self.time_out(due["seat"], self.doc["turn_timeout"])

    def time_out(self, seat: int, timeout: int) -> list[LogEntry]:
        """``seat`` forfeits by time (its ``timeout`` seconds passed; a replay says so too)."""
        why = f"ran out of time: no move within {duration_text(timeout)}"
        return self._forfeit(seat, TIMEOUT, why)

    # ------------------------------------------------------------ AI seats

    def run_ai(self, budget: Budget, now: float | None = None) -> list[LogEntry]:
        """Let AI seats move, in order, until a human seat is to act, the game ends, or the
        budget is spent (the next request on the game plays on)."""
        entries: list[LogEntry] = []
        while (seat := self.ai_to_move()) is not None and budget.take():
            level = self.doc["seats"][seat]["level"]
            policy = self.game.levels.get(level) or self.game.levels[self.game.default_level]
            legal = self._moves(seat)
            rng = random.Random(f"{self.doc['seed']}/ai/{self.doc['ply']}")
            view = self.engine.view(self._state, seat, None)
            # a search stops at the request's budget, and thinks the budget's think time
            with deadline_for(budget.remaining(), think=budget.think_ms):
                move = policy(self.engine, view, seat, legal, rng)
            if move not in legal:  # a policy bug must never corrupt a game
                move = legal[0]
            entries.extend(self.play(seat, move, now))
        return entries

    # ------------------------------------------------------------ the log

    def _entry(self, seat: int | None, move: str, events: list[Event]) -> LogEntry:
        return {
            "n": self.doc["ply"],
            "seat": seat,
            "move": move,
            "events": [e.to_dict() for e in events],
        }


def _turn_timeout(given: int | None, seats: list[dict[str, Any]]) -> int | None:
    """The table's turn deadline in seconds (None: none): as given (0: none), else a day
    between humans and none when an AI sits at the table."""
    if given is None:
        humans = sum(1 for s in seats if s["kind"] == "human")
        return DEFAULT_TURN_TIMEOUT if humans >= 2 and humans == len(seats) else None
    return given or None


def duration_text(seconds: float) -> str:
    """ "23 h", "5 min", "40 s": a deadline for people, rounded up to its largest unit."""
    seconds = max(0, int(-(-seconds // 1)))
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size or (unit != "d" and seconds >= size):
            return f"{-(-seconds // size)} {unit}"
    return f"{seconds} s"


def validate_document(game: Game, doc: dict[str, Any]) -> None:
    """The table's own invariants of a stored document (the engine validates the state)."""
    players = doc.get("players")
    info = game.engine.info
    if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        raise InvalidStateError("the number of seats is outside the game's limits")
    seats = doc.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise InvalidStateError("one seat entry per player is needed")
    for seat in seats:
        _validate_seat(game, seat)
    for key in ("ply", "turns"):
        if not isinstance(doc.get(key, 0), int) or doc.get(key, 0) < 0:
            raise InvalidStateError(f"{key} is a count")
    if not isinstance(doc.get("hints", True), bool):
        raise InvalidStateError("hints is true or false")
    timeout, started = doc.get("turn_timeout"), doc.get("turn_started")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int)):
        raise InvalidStateError("turn_timeout is a number of seconds")
    if started is not None and (isinstance(started, bool) or not isinstance(started, int | float)):
        raise InvalidStateError("turn_started is a time")
    try:
        if game.engine.options(doc["options"]) != doc["options"]:
            raise InvalidStateError("options must be complete")
    except ValueError as err:
        raise InvalidStateError(f"options outside their limits: {err}") from None
    ending = doc.get("ending")
    if ending is not None:
        _validate_ending(ending, players)


def _validate_seat(game: Game, seat: dict[str, Any]) -> None:
    if seat.get("kind") not in ("human", "ai"):
        raise InvalidStateError("a seat is 'human' or 'ai'")
    if seat["kind"] == "ai" and seat.get("level") not in game.levels:
        raise InvalidStateError("an AI seat needs a known level")
    if not isinstance(seat.get("illegal", 0), int) or seat.get("illegal", 0) < 0:
        raise InvalidStateError("illegal attempts are a count")


def _validate_ending(ending: dict[str, Any], players: int) -> None:
    """A framework ending: the move cap (nobody's), or a forfeit naming its seat."""
    if ending.get("termination") not in TERMINATIONS[1:]:
        raise InvalidStateError("an ending names a framework termination")
    loser = ending.get("seat")
    if ending["termination"] == MOVE_CAP:
        if loser is not None:
            raise InvalidStateError("a move cap ends the game for nobody in particular")
    elif not isinstance(loser, int) or not 0 <= loser < players:
        raise InvalidStateError("a forfeit names the seat that forfeited")
