"""The ``strong`` level of every game: single-observer information-set Monte Carlo tree search
(SO-ISMCTS, Cowling, Powley & Whitehouse 2012) over the engine interface.

The searcher never sees the real state. It gets what every policy gets — the engine, its own
seat's view, the legal moves and a seeded ``random.Random`` — and each iteration asks the game
for a *determinization*: ``engine.sample_hidden(view, seat, rng)``, a full state consistent with
everything the seat knows (its cards, the public cards, the counts), with the unknown cards
dealt at random. One tree is shared by all determinizations: a node is a sequence of moves from
the root, a child is selected by UCB1 among the moves legal *in this determinization* (its
availability count replaces the parent's visits, as in ISMCTS), a new move is expanded, then a
short playout (the game's heuristic policy where it helps, random moves otherwise) is cut off
after ``depth`` plies and the position is evaluated: the outcome when the rules ended it, else
the game's ``evaluate`` hook (default: a squashed score difference). Every seat's reward is in
[0, 1]; a node keeps the reward of the seat that made its move (so 2 to 4 seats work alike).
The move played is the root's most visited child.

Budgets: at most ``iterations`` iterations and ``think_ms`` of the thinking thread's CPU time
(``time.thread_time``: the AI plays as well on a busy machine as on a quiet one), and never past
the wall-clock deadline the table sets for its request (:func:`deadline_for`), so a move request
stays within ``GM_AI_BUDGET_MS``. Within them the search thinks only while it matters
(:class:`_Clock`): one legal move or one candidate costs no search; a search stops as soon as
its leader cannot be overtaken in the iterations left (:func:`_settled`); past ``think_ms`` it
goes on only while the runner-up is close (:func:`_close`), up to ``EXTEND`` times as long (a
game's ``extend``). With the time budget out of the way (the tests) the decision is a function
of the view and the rng alone, and stopping once settled does not change it.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from gm.games.base import AIPolicy, Engine, Move, State

# state-level playout move: (engine, state, seat, legal, rng) -> move
Playout = Callable[[Engine, State, int, list[Move], random.Random], Move]
# per-seat rewards in [0, 1] of a position the rules have not ended
Evaluate = Callable[[Engine, State, int], list[float]]

_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("gm_ai_deadline")
_THINK_MS: contextvars.ContextVar[int | None] = contextvars.ContextVar("gm_ai_think_ms")
_ITERATIONS: contextvars.ContextVar[int | None] = contextvars.ContextVar("gm_ai_iterations")
# Called between iterations when set: a server with cooperative workers (gevent) lends the CPU to
# its other connections there, so a hint's search never holds them for its whole think time.
_PAUSE: contextvars.ContextVar[Callable[[], object] | None] = contextvars.ContextVar("gm_ai_pause")


def pause_between_iterations(pause: Callable[[], object] | None) -> None:
    """Set (None: clear) what every search of the current context calls between iterations
    (and a verify's replay between moves: :func:`pause`)."""
    _PAUSE.set(pause)


def pause() -> None:
    """A long loop's moment to lend the CPU (see :func:`pause_between_iterations`)."""
    lend = _PAUSE.get(None)
    if lend is not None:
        lend()


SETTLED_CHECK = 8  # iterations between two looks at whether the choice is settled
CLOSE = 0.5  # a runner-up with this share of the leader's visits makes the search go on
EXTEND = 3  # ... up to this many times the think budget
DEFAULT_THINK_MS = 8  # a strong move's CPU-time budget (Settings.ai_think_ms, GM_AI_THINK_MS)


def think_ms() -> int:
    """The think budget in force: the innermost :func:`deadline_for`'s (a request's
    :class:`~gm.games.table.Budget` sets it), else :data:`DEFAULT_THINK_MS`. There is no
    process-wide setting: every door hands it over through the budget (gm/composition.py)."""
    given = _THINK_MS.get(None)
    return DEFAULT_THINK_MS if given is None else given


@contextlib.contextmanager
def deadline_for(
    seconds_left: float, think: int | None = None, iterations: int | None = None
) -> Iterator[None]:
    """Within the block no search runs past ``seconds_left`` from now (``time.monotonic``);
    ``think`` overrides the think budget and ``iterations`` the games' iteration budgets (the
    coach, the tests: with time out of the way a decision depends on the view and rng only)."""
    deadline = time.monotonic() + max(0.0, seconds_left)
    outer = _DEADLINE.get(None)  # an enclosing block's settings hold unless narrowed
    deadline_token = _DEADLINE.set(deadline if outer is None else min(outer, deadline))
    think_token = _THINK_MS.set(think if think is not None else _THINK_MS.get(None))
    count = iterations if iterations is not None else _ITERATIONS.get(None)
    iterations_token = _ITERATIONS.set(count)
    try:
        yield
    finally:
        _ITERATIONS.reset(iterations_token)
        _THINK_MS.reset(think_token)
        _DEADLINE.reset(deadline_token)


def scores_evaluation(scale: float, lower_is_better: bool = False) -> Evaluate:
    """Rewards from ``engine.scores``: 0.5 ± a tanh of the score lead over the best other seat,
    ``scale`` points being a clear lead."""

    def evaluate(engine: Engine, state: State, players: int) -> list[float]:
        scores = engine.scores(state)
        vals = [(-1 if lower_is_better else 1) * scores.get(s, 0) for s in range(players)]
        out = []
        for s in range(players):
            best_other = max(v for i, v in enumerate(vals) if i != s)
            out.append(0.5 + 0.5 * math.tanh((vals[s] - best_other) / scale))
        return out

    return evaluate


def view_playout(policy: AIPolicy) -> Playout:
    """A playout move from a view-based policy (the game's heuristic level)."""

    def playout(engine: Engine, state: State, seat: int, legal: list[Move], rng) -> Move:
        return policy(engine, engine.view(state, seat, None), seat, legal, rng)

    return playout


def random_playout(engine: Engine, state: State, seat: int, legal: list[Move], rng) -> Move:
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class SearchSpec:
    """A game's settings of the searcher. ``evaluate``: rewards at the playout cut-off;
    ``playout``: the move policy of playouts and the first move a tree node expands (None:
    random); ``epsilon``: the share of random playout moves; ``depth``: plies of a playout before
    the evaluation; ``iterations``: the iteration budget; ``c``: the UCB exploration constant;
    ``candidates``: the root's moves worth searching, best first, from the view (None: every
    legal move), of which the first ``width`` are searched; ``widen``: a node below the root
    with ``n`` visits has at most ``1 + widen·√n`` children (progressive widening);
    ``perfect_information``: the game hides nothing, one sample serves every iteration
    (``approximate``: a stand-in state when the view does not tell enough for that sample);
    ``margin``: the share of a finished playout's reward that is ``evaluate`` (the margin of the
    win) rather than the win itself: less noise where results are close;
    ``prior_visits``: the root's first candidate (the heuristic's move) counts that many visits
    more when the move is chosen, so another move must prove clearly better to replace it;
    ``sampler``: the game's own determinizations for this search, in place of
    ``engine.sample_hidden`` — called once per decision as ``sampler(engine, view, seat, rng)``,
    it returns the per-iteration draw ``draw(rng) -> state`` (e.g. deals weighed by a model of
    how the other seats play); every draw must be consistent with the view;
    ``explain``: the coach's reason for a move in the game's words, from the view only,
    ``explain(engine, view, seat, move) -> str | None`` (None: nothing short to say);
    ``tree_depth``: the deepest plies the tree grows (None: no limit); below it an iteration
    goes straight to its playout, which saves the tree's bookkeeping (legal moves, the
    availability counts) where a thin deep tree teaches little;
    ``simulator``: a one-level search's own iterations, in place of the generic determinize,
    apply, playout and evaluate (a game whose compact form plays many times faster than its
    engine) — called once per decision as ``simulator(engine, view, seat, rng)``, it returns
    ``simulate(move) -> rewards per seat``: one determinization consistent with the view (drawn
    with ``rng``), the root move, a playout, the rewards (None from the factory: the generic
    path). The root's selection, budgets and choice stay the searcher's;
    ``extend``: how many times the think budget a close choice may take (:class:`_Clock`;
    1: none, where a longer look measured no stronger); ``think``: the share of the think
    budget (``GM_AI_THINK_MS``) this game's search takes, chosen from its measured strength
    curve (``bench/strength.py``): below 1 where the curve is flat before the whole budget."""

    evaluate: Evaluate
    playout: Playout | None = None
    epsilon: float = 0.1
    depth: int = 20
    iterations: int = 400
    c: float = 0.7
    candidates: Callable[..., list[Move]] | None = None
    width: int = 8
    widen: float = 1.0
    perfect_information: bool = False
    prior_visits: int = 0
    approximate: Callable[[dict[str, Any], int], State] | None = None
    margin: float = 0.0
    sampler: Callable[..., Callable[[random.Random], State]] | None = None
    explain: Callable[..., str | None] | None = None
    tree_depth: int | None = None
    simulator: Callable[..., Callable[[Move], list[float]] | None] | None = None
    extend: float = EXTEND
    think: float = 1.0


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "seat")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.seat = seat  # the seat whose move led here (its reward is kept)


def _terminal_rewards(engine: Engine, state: State, players: int) -> list[float] | None:
    out = engine.outcome(state)
    if out is None:
        return None
    if out.draw or not out.winners:
        return [0.5] * players
    return [1.0 if s in out.winners else 0.0 for s in range(players)]


def root_moves(engine: Engine, view, seat: int, legal: list[Move], rng, spec: SearchSpec):
    """The root's candidate moves, best first (at most ``spec.width``)."""
    if spec.candidates is None:
        moves = list(legal)
        rng.shuffle(moves)
        return moves[: max(spec.width, 1)] if spec.width < len(moves) else moves
    legal_set = set(legal)
    ranked = [m for m in spec.candidates(engine, view, seat, legal, rng) if m in legal_set]
    return list(dict.fromkeys(ranked))[: spec.width] or list(legal)


def search(
    engine: Engine,
    view: dict[str, Any],
    seat: int,
    legal: list[Move],
    rng: random.Random,
    spec: SearchSpec,
    players: int = 2,
) -> tuple[Move, dict[Move, tuple[int, float]]]:
    """The move to play and the root statistics ``{move: (visits, mean reward)}``."""
    if len(legal) == 1:
        return legal[0], {legal[0]: (0, 0.5)}
    clock = _Clock(  # the setup counts
        spec.think * think_ms() / 1000, _ITERATIONS.get(None) or spec.iterations, spec.extend
    )
    root = _Node(None)
    candidates = root_moves(engine, view, seat, legal, rng, spec)
    if len(candidates) == 1:
        return candidates[0], {candidates[0]: (0, 0.5)}
    pause = _PAUSE.get(None)
    simulate = spec.simulator(engine, view, seat, rng) if spec.simulator is not None else None
    if simulate is not None:
        while clock.go_on(root, candidates, spec):
            if pause is not None:
                pause()
            _iterate_flat(root, candidates, simulate, seat, spec.c)
        return _choice(root, candidates, spec)
    determinize = _determinizer(engine, view, seat, rng, spec)
    if determinize is None:  # the view does not tell enough for a state, nor a stand-in
        return candidates[0], {}
    playout = spec.playout or random_playout
    while clock.go_on(root, candidates, spec):
        if pause is not None:
            pause()
        path = [root]
        _iterate(engine, determinize(), path, candidates, playout, spec, players, rng)
    return _choice(root, candidates, spec)


class _Clock:
    """When a search stops (time management after Baier & Winands, "Time Management for Monte
    Carlo Tree Search", 2016): at its iteration budget; at the request's wall-clock deadline;
    as soon as the move it will play is settled (:func:`_settled`); else after ``think``
    seconds of this thread's CPU time (the same strength on a busy machine as on a quiet one),
    unless the runner-up is close behind the leader (:func:`_close`: "close second"), when it
    goes on up to ``EXTEND`` times as long. The think budget is CPU time; the request's deadline
    is wall time and always wins."""

    __slots__ = ("start", "soft", "longest", "hard", "iterations", "it", "check")

    def __init__(self, think: float, iterations: int, extend: float = EXTEND) -> None:
        self.start = time.thread_time()  # the setup (candidates, samplers) counts; the rate
        self.soft, self.longest = self.start + think, self.start + extend * think
        self.hard = _DEADLINE.get(None)
        self.iterations, self.it, self.check = iterations, 0, SETTLED_CHECK

    def go_on(self, root: _Node, candidates: list[Move], spec: SearchSpec) -> bool:
        """Whether to run one more iteration (the first always runs)."""
        it = self.it
        self.it += 1
        if it == 0:
            self.start = time.thread_time()  # ... of iterations is measured from here
            return True
        if it >= self.iterations:
            return False
        now = time.thread_time()
        if self.hard is not None and time.monotonic() >= self.hard:
            return False
        over = now >= self.soft
        if over and (now >= self.longest or not _close(root, candidates, spec)):
            return False
        if it >= self.check:
            self.check = it + SETTLED_CHECK
            end = self.longest if over else self.soft
            by_time = it * (end - now) / max(now - self.start, 1e-9)  # iterations left in time
            return not _settled(root, candidates, spec, min(self.iterations - it, by_time))
        return True


def _counts(root: _Node, candidates: list[Move], spec: SearchSpec) -> list[int]:
    """The candidates' visit counts as :func:`_choice` ranks them, highest first."""
    first, prior = candidates[0], spec.prior_visits
    return sorted(
        (
            (ch.visits if (ch := root.children.get(m)) is not None else 0)
            + (prior if m == first else 0)
            for m in candidates
        ),
        reverse=True,
    )


def _close(root: _Node, candidates: list[Move], spec: SearchSpec) -> bool:
    """Whether the runner-up has at least ``CLOSE`` of the leader's visits: the choice is
    still open, worth more thought."""
    counts = _counts(root, candidates, spec)
    return counts[1] >= CLOSE * counts[0]


def _settled(root: _Node, candidates: list[Move], spec: SearchSpec, left: float) -> bool:
    """Whether the root's leader cannot be overtaken in ``left`` more iterations: each
    iteration adds one visit to one root child, so a runner-up ``left`` or more visits behind
    cannot pass (nor tie: ties go to the better mean) and the move played is already known. With
    an iteration budget only (no clock) ``left`` is exact and the decision is the one the whole
    budget would make; with a think budget, ``left`` is the iterations the time left holds at
    the rate so far."""
    counts = _counts(root, candidates, spec)
    return counts[0] - counts[1] > left


def _determinizer(
    engine: Engine, view: dict[str, Any], seat: int, rng: random.Random, spec: SearchSpec
) -> Callable[[], State] | None:
    """How each iteration gets a full state consistent with the view: a copy of the one state
    (perfect information, or the game's stand-in for it), the game's own sampler, or
    ``engine.sample_hidden``. None when the view does not tell enough and there is no stand-in."""
    try:
        fixed = engine.sample_hidden(view, seat, rng) if spec.perfect_information else None
    except ValueError:  # the view does not tell enough for a true state
        if spec.approximate is None:
            return None
        fixed = spec.approximate(view, seat)
    if fixed is not None:
        return functools.partial(engine.copy_state, fixed)
    draw = spec.sampler(engine, view, seat, rng) if spec.sampler is not None else None
    if draw is not None:
        return functools.partial(draw, rng)
    return functools.partial(engine.sample_hidden, view, seat, rng)


def _iterate(
    engine: Engine,
    state: State,
    path: list[_Node],
    candidates: list[Move],
    playout: Playout,
    spec: SearchSpec,
    players: int,
    rng: random.Random,
) -> None:
    """One iteration on one determinization: select by UCB1 down the tree (the root offers the
    candidates, a deeper node the moves legal in this state, widened progressively), expand one
    new move, play out and evaluate (:func:`_leaf_rewards`), and back the rewards up ``path``
    (which starts as ``[root]``)."""
    root = node = path[0]
    rewards = None
    while True:
        rewards = _terminal_rewards(engine, state, players)
        if rewards is not None:
            break
        mover = engine.to_move(state)
        assert mover is not None  # no outcome: a seat is to move
        if node is root:
            moves = candidates
            limit = len(candidates)
        elif spec.tree_depth is not None and len(path) > spec.tree_depth:
            break  # deep enough: the playout takes over
        else:
            moves = engine.legal_moves(state, mover)
            limit = 1 + int(spec.widen * math.sqrt(node.visits))
        available = [m for m in moves if m in node.children]
        for m in available:
            node.children[m].avail += 1
        if len(available) < min(limit, len(moves)):
            if node is root:
                move = next(m for m in moves if m not in node.children)
            else:
                move = playout(engine, state, mover, moves, rng)
                if move in node.children:
                    untried = [m for m in moves if m not in node.children]
                    move = untried[rng.randrange(len(untried))]
            child = node.children[move] = _Node(mover)
            state, _ = engine.apply(state, mover, move)
            path.append(child)
            break
        best, best_value = None, -1.0
        log_c = spec.c
        for m in available:
            ch = node.children[m]
            value = ch.reward / ch.visits + log_c * math.sqrt(math.log(ch.avail) / ch.visits)
            if value > best_value:
                best, best_value = m, value
        assert best is not None  # every available child has visits
        node = node.children[best]
        state, _ = engine.apply(state, mover, best)
        path.append(node)
    rewards = _leaf_rewards(engine, state, rewards, playout, spec, players, rng)
    for n in path:
        n.visits += 1
        if n.seat is not None:
            n.reward += rewards[n.seat]


def _iterate_flat(
    root: _Node, candidates: list[Move], simulate: Callable[[Move], list[float]], seat: int,
    c: float,
) -> None:  # fmt: skip
    """One iteration of a one-level search with the game's own simulator: the root's move as
    :func:`_iterate` selects it (the next untried candidate, else UCB1; every candidate is
    available in every determinization, so the root's visits stand for the availability
    counts), one simulation."""
    children = root.children
    if len(children) < len(candidates):
        move = next(m for m in candidates if m not in children)
        node = children[move] = _Node(seat)
    else:
        move, best_value = candidates[0], -1.0
        explore = c * c * math.log(root.visits)
        sqrt = math.sqrt
        for m, ch in children.items():
            visits = ch.visits
            value = ch.reward / visits + sqrt(explore / visits)
            if value > best_value:
                move, best_value = m, value
        node = children[move]
    node.visits += 1
    node.reward += simulate(move)[seat]
    root.visits += 1


def _leaf_rewards(
    engine: Engine,
    state: State,
    rewards: list[float] | None,
    playout: Playout,
    spec: SearchSpec,
    players: int,
    rng: random.Random,
) -> list[float]:
    """The rewards of the position the tree walk reached: its ``rewards`` when the rules ended
    it, else a playout of at most ``spec.depth`` plies, then the outcome or ``spec.evaluate``;
    a finished game's rewards are blended with ``spec.evaluate`` by ``spec.margin``."""
    if rewards is None:
        for _ in range(spec.depth):
            rewards = _terminal_rewards(engine, state, players)
            if rewards is not None:
                break
            mover = engine.to_move(state)
            assert mover is not None
            moves = engine.legal_moves(state, mover)
            if spec.playout is None or rng.random() < spec.epsilon:
                move = moves[rng.randrange(len(moves))]
            else:
                move = playout(engine, state, mover, moves, rng)
            state, _ = engine.apply(state, mover, move)
        if rewards is None:
            rewards = _terminal_rewards(engine, state, players) or spec.evaluate(
                engine, state, players
            )
    if spec.margin and engine.outcome(state) is not None:
        lead = spec.evaluate(engine, state, players)
        rewards = [
            (1 - spec.margin) * r + spec.margin * v for r, v in zip(rewards, lead, strict=True)
        ]
    return rewards


def _choice(
    root: _Node, candidates: list[Move], spec: SearchSpec
) -> tuple[Move, dict[Move, tuple[int, float]]]:
    """The root's most visited child (the first candidate counting ``spec.prior_visits`` more;
    ties to the better mean, then the earlier candidate), with the root statistics."""
    stats = {m: (ch.visits, ch.reward / ch.visits) for m, ch in root.children.items()}
    order = {m: i for i, m in enumerate(candidates)}

    def rank(m: Move) -> tuple:
        visits, mean = stats[m]
        return (visits + (spec.prior_visits if m == candidates[0] else 0), mean, -order[m])

    best = max(stats, key=rank)
    return best, stats


def strong_policy(spec: SearchSpec, players_of: Callable[[dict[str, Any]], int] | None = None):
    """The ``strong`` level: an AIPolicy that searches with ``spec``."""

    def policy(
        engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
    ) -> Move:
        players = players_of(view) if players_of else 2
        return search(engine, view, seat, legal, rng, spec, players)[0]

    policy.spec = spec  # type: ignore[attr-defined]
    return policy
