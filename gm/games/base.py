"""The engine interface every game implements, the typed errors, and the values they share.

An engine is pure: no Flask, no Redis, no clock, no global random. A game's state is a JSON-able
``dict`` (so ``to_dict``/``from_dict`` are cheap and storage is one JSON document); randomness
after set-up comes from :func:`rng_for`, which derives a fresh ``random.Random`` from the seed kept
in the state and a counter, so the same seed and moves always give the same game.

An engine implements only the rules of its game. The framework (:mod:`gm.games.table`) owns the
rest and asks the engine: whose turn it is (``to_move``), whether the rules ended the game
(``outcome``), what a seat may do (``legal_moves``), and why a seat may not act now (``blocked``).
It checks "game over" and "not your turn" *before* any engine method that takes a seat is called,
matches the canonical text of a legal move before the game's parser runs, ends games by
resignation, by the illegal-move limit and by the move cap (:class:`MoveCap`), and passes the
:class:`Outcome` to ``view``/``render`` so every front end shows one consistent finished game.

Seats are integers ``0..n-1`` inside engines; ``GameInfo.seat_names`` gives their names in the
API, ``seat_label`` the words a text for people uses ("Row 3"). Exactly one seat acts at a
time (``to_move``), or none once the game is over.

A move is a :data:`Move`: a flat tuple whose first item is the action's name (a lower-case word:
``"play"``, ``"pick"``, ``"draw"``…) and whose other items are JSON scalars (card codes, numbers,
words). Hashable, comparable, and JSON-able as a list.

Hidden information: ``view(state, seat, outcome)`` returns only what ``seat`` may see (``None`` is
a spectator). Events carry a public text and, optionally, a private text for the acting seat only
(for instance a face-down card's identity). ``hidden_tokens(state, seat)`` lists the card codes
``seat`` must never be shown while the game runs; the contract test checks views, boards,
histories and error messages against it. Once the game is over everything may be shown (the
result reveals the seed, which determines every card).
"""

from __future__ import annotations

import copy
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, NamedTuple

from gm.games.words import ChatWords

State = dict[str, Any]
Move = tuple[Any, ...]  # ("action", arg, ...): see the module docstring


def as_move(value: Any) -> Move:
    """A move back from JSON (a list) or from a game's own tuple type."""
    return tuple(value)


# ---------------------------------------------------------------- errors


class Figure(NamedTuple):
    """One figure of a game's running standing (:meth:`Engine.standing`), as the board shows it:
    ``label`` (a short English noun phrase, also the message id of its translations: "Columns
    won", "Points", "In check"), each seat's ``values`` the asking seat may see, ``better``
    (+1: more is better, -1: fewer is better, 0: no leader follows from it) and a ``note``
    (free facts in the game's notation: "undecided: C4 C5"), whose ``{fields}`` ``facts``
    fill: the note is then a message id the chat words in the seat's language
    ("undecided: {places}", gm/play/chat/locale/labels.py)."""

    label: str
    values: dict[int, int]
    better: int = 1
    note: str = ""
    facts: tuple[tuple[str, str], ...] = ()

    def note_said(self, translate: Callable[[str], str] | None = None) -> str:
        """The note in words: translated by ``translate`` when given, its fields filled."""
        said = translate(self.note) if translate is not None and self.note else self.note
        return said.format(**dict(self.facts)) if self.facts else said


class GameError(Exception):
    """Base of the typed move errors: ``reason`` for the player, ``hint`` says what works.

    ``counted``: whether it counts as one of the seat's illegal attempts (the invalid-move policy).
    Unreadable and illegal moves count; an ambiguous text, or a move when the seat may not act at
    all (game over, not its turn), does not.
    """

    kind = "error"
    counted = True

    def __init__(self, reason: str, hint: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.hint = hint

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason, "hint": self.hint}


class ParseError(GameError):
    """The text is not a move at all. The reason quotes the text and says what was expected."""

    kind = "unparsable"

    def __init__(self, text: str, expected: str):
        super().__init__(f"Could not read {text!r} as a move.", f"Expected {expected}")
        self.text = text
        self.expected = expected


class IllegalMoveError(GameError):
    """The text is a move, but the rules forbid it now. ``rule`` names the rule it breaks."""

    kind = "illegal"

    def __init__(self, reason: str, rule: str = "", hint: str = ""):
        super().__init__(reason, hint)
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "rule": self.rule}


class AmbiguousMoveError(GameError):
    """The text fits several legal moves; ``candidates`` are their canonical forms."""

    kind = "ambiguous"
    counted = False

    def __init__(self, text: str, candidates: list[str]):
        super().__init__(
            f"{text!r} could mean more than one move.",
            "Say which one: " + ", ".join(candidates),
        )
        self.text = text
        self.candidates = candidates

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "candidates": self.candidates}


class RiskyMoveError(GameError):
    """A legal move with a risk the seat should hear before it is played (``Engine.warning``):
    not played, not counted; ``confirm`` is the text that plays it anyway."""

    kind = "confirm"
    counted = False

    def __init__(self, move: str, warning: str):
        self.move = move
        self.confirm = f"{move} ANYWAY"
        super().__init__(warning, f"Say '{self.confirm}' to play it all the same.")

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "candidates": [self.confirm]}


CONFIRMING = ("anyway", "all the same", "regardless", "i'm sure", "im sure")


def confirms(text: str) -> bool:
    """Whether ``text`` plays a risky move all the same ("EXCHANGE ANYWAY", "exchange!")."""
    t = text.casefold()
    return t.rstrip().endswith("!") or any(w in t for w in CONFIRMING)


class TurnError(IllegalMoveError):
    """The seat may not act now at all, whatever it sends. Raised by the framework (the table),
    never by an engine; it does not count as an illegal attempt."""

    counted = False


class GameOver(TurnError):
    def __init__(self, reason: str = "The game is over; no more moves can be made."):
        super().__init__(reason, rule="game-over", hint="The result is in your view.")


class NotYourTurn(TurnError):
    def __init__(self, to_move: str):
        super().__init__(
            f"It is not your turn: {to_move} is to move.",
            rule="not-your-turn",
            hint=f"Wait for {to_move} to move.",
        )
        self.to_move = to_move


class CannotAct(TurnError):
    """The engine's reason why this seat cannot act now (``Engine.blocked``), e.g. a Masul seat
    whose row is full has exhausted its turns."""

    def __init__(self, reason: str, rule: str = "cannot-act", hint: str = ""):
        super().__init__(reason, hint)
        self.rule = rule


class InvalidStateError(ValueError):
    """``from_dict`` got a document that is not a valid state of this game."""


# ---------------------------------------------------------------- descriptors


@dataclass(frozen=True)
class Option:
    """One game option: its type, default, limits and a sentence for the rules catalogue."""

    name: str
    type: str  # "int" | "bool" | "choice" | "str"
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False  # None is a value of its own (e.g. "no limit"), not "the default"
    spellings: bool = False  # the engine reads other spellings too: no enum in OpenAPI

    def validate(self, value: Any) -> Any:
        """Return the value, or raise ValueError saying what would be accepted."""
        if value is None and self.nullable:
            return None
        if self.type == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false")
            return value
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name!r} must be at most {self.maximum}")
            return value
        if self.type == "choice":
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {self.name!r} must be one of {allowed}")
            return value
        if not isinstance(value, str):
            raise ValueError(f"option {self.name!r} must be a string")
        return value

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default}
        d["description"] = self.description
        if self.choices:
            d["choices"] = list(self.choices)
        limits = {"minimum": self.minimum, "maximum": self.maximum}
        return d | {k: v for k, v in limits.items() if v is not None}


# The option of every game that the table keeps (document key ``hints``, never the engine state):
# may a seat ask the coach for a move? Listed with each game's options (``all_options``).
HINTS = Option(
    "hints",
    "bool",
    True,
    "Let a seat ask the coach what to play (hint, suggest_move); false for serious games.",
)
# The turn deadline the table keeps (document key ``turn_timeout``, seconds): the seat to move
# forfeits by time when it has not moved within it (the table enforces it whenever the game is
# read; the clock comes from the play layer). Not given: off when an AI sits at the table, a day
# between humans; 0 turns it off.
DEFAULT_TURN_TIMEOUT = 24 * 3600
TURN_TIMEOUT = Option(
    "turn_timeout",
    "int",
    None,
    "Seconds the seat to move has for its move before it forfeits by time; 0 for none. Default: "
    "none against the AI, a day (86400) between humans.",
    minimum=0,
    maximum=30 * 24 * 3600,
    nullable=True,
)
FRAMEWORK_OPTIONS = (HINTS, TURN_TIMEOUT)


def filled_options(declared: Sequence[Option], given: dict[str, Any] | None) -> dict[str, Any]:
    """``given`` validated against the ``declared`` options, all of them with defaults filled
    (:meth:`Engine.options`, for a game's rules that check options without the engine)."""
    given = dict(given or {})
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; this game takes: {names}")
    return {
        name: (opt.validate(given[name]) if name in given else opt.default)
        for name, opt in known.items()
    }


def check_stored_options(
    stored: Any,
    declared: Sequence[Option],
    stored_form: Callable[[dict[str, Any]], dict[str, Any]],
) -> None:
    """A state's ``options``: exactly the ``declared`` ones, each in the form ``stored_form``
    (the rules' options reader) gives; InvalidStateError otherwise (a validator's first check)."""
    if not isinstance(stored, dict) or set(stored) != {o.name for o in declared}:
        raise InvalidStateError("options must be exactly this game's options")
    try:
        if stored_form(stored) != stored:
            raise InvalidStateError("options are not in their stored form")
    except ValueError as err:
        raise InvalidStateError(str(err)) from err


@dataclass(frozen=True)
class MoveCap:
    """The engineering guard on a game's length, enforced by the framework: when the count of
    ``unit`` ("plies": moves; "turns": changes of the seat to move) reaches the value of the
    option ``option``, the game ends drawn (termination "move-cap") and says so. The option's
    maximum bounds the work of a whole game."""

    option: str
    unit: str = "plies"  # "plies" | "turns"
    # Optional: a key of the engine state that holds the count instead (an engine that shows its
    # own count on the board, e.g. Your Trumps' moves played after the trumps are chosen).
    counter: str | None = None


@dataclass(frozen=True)
class GameInfo:
    name: str  # API name, e.g. "masul"
    title: str
    summary: str  # one sentence
    seat_names: tuple[str, ...]  # names of all possible seats, in turn order
    seat_labels: tuple[str, ...] = ()  # as texts for people name them ("Row 3"); () the names
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    move_syntax: str = ""  # one line, e.g. "7♠ C3 | 7♠ C3 FD | 7♠ FC3"
    example_moves: tuple[str, ...] = ()
    chat_words: ChatWords = ChatWords()  # how its players talk about it (gm.games.words)
    cap: MoveCap | None = None  # every game is bounded: a cap option the framework enforces,
    max_plies: int | None = None  # or a length its rules never exceed (Masul: 18 moves)

    def seat_label(self, seat: int | None) -> str:  # a seat in a text for people (None: nobody)
        return "nobody" if seat is None else (self.seat_labels or self.seat_names)[seat]

    @property
    def all_options(self) -> tuple[Option, ...]:  # the game's own and the framework's
        return self.options + FRAMEWORK_OPTIONS

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "seats": list(self.seat_names),
            "seat_labels": [self.seat_label(i) for i in range(len(self.seat_names))],
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.all_options],
            "move_syntax": self.move_syntax,
            "example_moves": list(self.example_moves),
        }


@dataclass
class Event:
    """Something that happened. ``text`` is public; ``private`` replaces it for ``seat`` only."""

    text: str
    seat: int | None = None
    private: str | None = None
    kind: str = "move"

    def for_viewer(self, viewer: int | None) -> str:
        if self.private is not None and viewer is not None and viewer == self.seat:
            return self.private
        return self.text

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"text": self.text, "seat": self.seat, "kind": self.kind}
        if self.private is not None:
            d["private"] = self.private
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            text=d["text"], seat=d.get("seat"), private=d.get("private"), kind=d.get("kind", "move")
        )


# How a game ended. The engine reports only RULES; the framework adds the others.
RULES = "rules"
RESIGNATION = "resignation"
ILLEGAL_MOVES = "illegal-moves"
MOVE_CAP = "move-cap"
TIMEOUT = "timeout"  # the seat to move let its turn deadline pass
TERMINATIONS = (RULES, RESIGNATION, ILLEGAL_MOVES, MOVE_CAP, TIMEOUT)


@dataclass
class Outcome:
    """How a game ended. ``winners`` empty with ``draw`` true is a draw/tie. ``scores`` has every
    seat's score whatever the termination; ``termination`` is one of :data:`TERMINATIONS`."""

    winners: list[int]
    draw: bool
    reason: str
    scores: Mapping[int, float] = field(default_factory=dict)
    termination: str = RULES

    def to_dict(self, seat_names: tuple[str, ...] | list[str]) -> dict[str, Any]:
        return {
            "winners": [seat_names[w] for w in self.winners],
            "draw": self.draw,
            "reason": self.reason,
            "termination": self.termination,
            "scores": {seat_names[s]: v for s, v in sorted(self.scores.items())},
        }


def game_over_line(outcome: Outcome) -> str:
    """The last line of every finished board, in every game."""
    reason = outcome.reason.rstrip()
    return f"Game over: {reason}" + ("" if reason.endswith((".", "!")) else ".")


# ---------------------------------------------------------------- randomness


def rng_for(state: State, purpose: str = "") -> random.Random:
    """A Random derived from the state's seed and a counter the call advances (mutates ``state``).

    Engines call it on the *new* state inside ``apply`` when they need chance (a reshuffle), so a
    replay with the same seed and moves draws the same cards. The seed itself is never shown.
    """
    rng = state.setdefault("rng", {"seed": 0, "n": 0})
    rng["n"] += 1
    return random.Random(f"{rng['seed']}/{purpose}/{rng['n']}")


# ---------------------------------------------------------------- the interface


class Engine(ABC):
    """The rules of one game. A game package defines a subclass and one instance ``ENGINE``.

    What the framework guarantees before it calls an engine method that takes a seat: the game is
    not over (by any termination) and ``seat == to_move(state)``. ``apply`` gets only moves that
    ``legal_moves`` listed or ``parse_move`` returned. So engines hold no turn or game-over
    guards of their own.
    """

    info: GameInfo

    # ---- set-up and turn order
    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Validate ``given`` against the descriptor; return all options with defaults filled."""
        return filled_options(self.info.options, given)

    @abstractmethod
    def new_state(self, seed: int, options: dict[str, Any], players: int) -> State:
        """A fresh game from one seeded shuffle. ``options`` are already validated/filled."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat that acts now, or None when the rules have ended the game."""

    def blocked(self, state: State, seat: int) -> str | None:
        """Why ``seat`` (not the seat to move) cannot act now, in the game's words, when there is
        more to say than "not your turn" (e.g. "You have exhausted your turns: your row is
        full."). None by default."""
        return None

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of ``seat``, the seat to move."""

    def legal_moves_rule(self, state: State, seat: int) -> str | None:
        """A sentence saying which moves are legal when :meth:`legal_moves` cannot list them all
        (an unbounded grid); None (the default) when it lists every one."""
        return None

    def warning(self, state: State, seat: int, move: Move) -> str | None:
        """A risk of the legal ``move`` that ``seat`` should hear before it is played, in the
        game's words and from what the seat may see (e.g. an exchange that may leave it without
        a move); the table asks for a confirmation first. None (the default): no risk."""
        return None

    # ---- moves
    @abstractmethod
    def parse_move(self, text: str, state: State, seat: int) -> Move:
        """Read ``text`` as a move of ``seat`` (the seat to move): a *legal* move, or a GameError.

        ParseError when it is no move at all (quote the text, say what is expected);
        IllegalMoveError naming the rule when it is a move the rules forbid now;
        AmbiguousMoveError listing canonical candidates when it fits several.
        Error texts must never mention cards the seat may not see. The framework has already
        tried the canonical text of every legal move, so a parser handles the other phrasings.
        """

    @abstractmethod
    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Apply a legal move; return a *new* state (the input is not changed) and events."""

    @abstractmethod
    def render_move(self, move: Move) -> str:
        """The canonical text of a move; ``parse_move(render_move(m)) == m`` for legal moves."""

    # ---- ending and standing
    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The end by the rules (termination "rules", scores for every seat), or None."""

    @abstractmethod
    def scores(self, state: State) -> Mapping[int, float]:
        """Every seat's score now, by the game's own measure (columns won, points, cards left…):
        the scores of an outcome the framework declares (resignation, forfeit, move cap)."""

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        """The running score or standing as ``seat`` may see it (the figures its board shows),
        used to answer "am I winning?"; none by default."""
        return []

    # ---- what a seat may see
    @abstractmethod
    def view(self, state: State, seat: int | None, outcome: Outcome | None) -> dict[str, Any]:
        """JSON-able dict with only what ``seat`` (None: a spectator) may see. ``outcome`` is the
        framework's (any termination) or None while the game runs. The dict always has
        ``to_move`` (a seat name, None once over) and ``over`` (``outcome is not None``)."""

    @abstractmethod
    def render(self, state: State, seat: int | None, outcome: Outcome | None) -> str:
        """The board text in the game's notation, as ``seat`` (None: spectator) may see it.

        While the game runs it says whose turn it is. Given an ``outcome`` it has no turn line
        (nobody is to move) and its last line is :func:`game_over_line`."""

    @abstractmethod
    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        """Card codes ``seat`` must not be shown while the game runs (for the leak tests)."""

    # ---- storage
    def copy_state(self, state: State) -> State:
        """A deep copy of a state; engines that know their state's shape override it (faster)."""
        return copy.deepcopy(state)

    def to_dict(self, state: State) -> dict[str, Any]:
        return self.copy_state(state)

    def from_dict(self, data: dict[str, Any]) -> State:
        """Validate a stored document and return the state; InvalidStateError when it is wrong."""
        if not isinstance(data, dict) or data.get("game") != self.info.name:
            raise InvalidStateError(f"not a {self.info.name} state")
        try:
            self.validate(data)
        except InvalidStateError:
            raise
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as err:
            raise InvalidStateError(f"missing or malformed field: {err!r}") from err
        return self.copy_state(data)

    @abstractmethod
    def validate(self, state: State) -> None:
        """Raise InvalidStateError when ``state`` is not a position the game can reach: cards
        that changed or went missing, impossible counters, a recorded result that disagrees with
        the position, options outside their limits. (A missing or mistyped field may also raise
        KeyError/TypeError/…: ``from_dict`` reports those as InvalidStateError too.)"""

    # ---- what the AI may assume
    def sample_hidden(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state consistent with all ``seat`` knows (its ``view``), the unseen cards dealt
        by ``rng`` (deterministic with it): a determinization for :mod:`gm.games.search`. Same view,
        same legal moves. Default: ``sample_hidden`` of the game package's ``ai`` module."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            sampler = importlib.import_module(f"{package}.ai").sample_hidden
        except (ImportError, AttributeError):
            raise NotImplementedError(f"{self.info.name} has no hidden-state sampler") from None
        return sampler(view, seat, rng)

    def validate_sample(self, state: State) -> None:
        """``validate`` for a sampled state (a game that ties unseen cards to the secret seed
        skips only those checks)."""
        self.validate(state)

    # ---- text for people
    def rules_text(self) -> str:
        """The rules, notation and move syntax: ``rules.md`` in the engine's package."""
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")

    # ---- convenience shared by all games
    def seat_name(self, seat: int | None) -> str:
        return "spectator" if seat is None else self.info.seat_names[seat]


# An AI level: given the engine, its own seat's view, its legal moves and a seeded Random,
# it returns one of the legal moves. It never sees the full state.
AIPolicy = Callable[[Engine, dict[str, Any], int, list[Move], random.Random], Move]
