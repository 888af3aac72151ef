"""One contract over every registered game (OpenSpiel-style): seeded random games through the
engine interface, checking the invariants at every step.

- the seat to move has legal moves until the game ends, and the game ends (by the rules, or at
  the move cap the framework enforces);
- moves are flat tuples, action name first, JSON-able; views carry ``to_move`` and ``over``;
- a finished board (by the rules, or by a termination the framework declares mid-game) has no
  turn line and ends with the one game-over line; its view agrees; scores cover every seat;
- to_dict/from_dict round-trips, and the state is pure JSON;
- parse_move(render_move(m)) == m for every legal move;
- no token hidden from a seat appears in its view, its board text, the public or its private
  event texts, or the error messages it gets (spectators too); nor, in the first PICTURE_GAMES
  games of each engine, in its board picture (the SVG, with the last move's events as it sees
  them: under 30 KB at every step, parsed as XML every XML_EVERY plies and at the end);
- the same seed and moves give the same game;
- the AI's hidden-state sampler (``Engine.sample_hidden``, every few steps of those games) gives
  a full state that validates (``validate_sample``), shows the seat the same view and the same
  legal moves, and is the same for the same rng.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from gm.games import REGISTRY, pictures
from gm.games.base import RESIGNATION, Engine, GameError, Outcome, as_move, game_over_line
from gm.play.answers import events_for

GAMES_PER_ENGINE = 200
PICTURE_GAMES = 20  # the first games also draw every viewer's board picture at every step
XML_EVERY = 10  # … and parse it as XML every XML_EVERY plies and at the end
MAX_STEPS = 5000


def _player_counts(engine: Engine) -> list[int]:
    return list(range(engine.info.min_players, engine.info.max_players + 1))


def _leaks(text: str, hidden: set[str], allowed: str = "") -> list[str]:
    """The hidden tokens that appear in ``text`` as whole tokens ('X♥' is not inside 'AX♥', nor
    '3RC' inside '13RC'), except ``allowed``. One combined pattern per call keeps it fast."""
    tokens = [t for t in hidden if t != allowed and t in text]  # the cheap test first
    if not tokens:
        return []
    alternatives = "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))
    pattern = re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z])")
    return sorted(set(pattern.findall(text)))


def check_picture(
    engine: Engine, view: dict, seat, events: list, hidden: set[str], parse: bool = True
) -> str:
    """The board picture of ``view``, with the last move's events as ``seat`` sees them: under
    the size bound, no hidden token in it, and (``parse``) valid XML."""
    svg = pictures.board_svg(engine, view, events_for(engine, events, seat))
    assert len(svg.encode()) <= pictures.MAX_BYTES, (seat, len(svg.encode()))
    if parse:
        assert ET.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"
    assert not _leaks(svg, hidden), (seat, _leaks(svg, hidden), svg)
    return svg


def _check_views(
    engine: Engine, state: dict, players: int, events: list, picture: str | None
) -> None:
    """``picture``: None, "draw" (check the board pictures) or "parse" (and parse them)."""
    to_move = engine.to_move(state)
    for seat in [None, *range(players)]:
        hidden = engine.hidden_tokens(state, seat)
        view = engine.view(state, seat, None)
        assert view["over"] is False
        assert view["to_move"] == engine.info.seat_names[to_move]
        view_text = json.dumps(view, ensure_ascii=False)
        assert not _leaks(view_text, hidden), (seat, _leaks(view_text, hidden), view_text)
        board = engine.render(state, seat, None)
        assert isinstance(board, str) and board
        assert not _leaks(board, hidden), (seat, _leaks(board, hidden), board)
        if picture is not None:
            check_picture(engine, view, seat, events, hidden, parse=picture == "parse")


def check_finished(
    engine: Engine,
    state: dict,
    players: int,
    outcome: Outcome,
    events: list | None = None,
) -> None:
    """``events``: the last move's, to check the board pictures with (None: no pictures)."""
    """Every seat and the spectator see one consistent finished game."""
    scores = engine.scores(state)
    assert sorted(scores) == list(range(players)), scores
    assert all(isinstance(v, int | float) for v in scores.values())
    for seat in [None, *range(players)]:
        view = engine.view(state, seat, outcome)
        assert view["over"] is True and view["to_move"] is None, view
        json.dumps(view)
        board = engine.render(state, seat, outcome)
        lines = board.rstrip("\n").splitlines()
        assert lines[-1] == game_over_line(outcome), board
        for line in lines:
            low = line.lower().strip()
            assert not low.startswith("turn:") and "to move" not in low, board
            assert "your turn" not in low, board
        if events is not None:
            svg = check_picture(engine, view, seat, events, set())
            assert "Game over" in svg and 'class="over"' in svg, svg  # the result's box


def move_cap(engine: Engine, options: dict) -> tuple[int, str]:
    """The length guard of a game: (limit, unit)."""
    info = engine.info
    if info.cap is not None:
        return options[info.cap.option], info.cap.unit
    assert info.max_plies, f"{info.name}: a game needs a MoveCap or a natural max_plies"
    return info.max_plies, "plies"


def _check_error_messages(engine: Engine, state: dict, seat: int, legal: list, rng) -> None:
    """Replace each word of a legal move with a card hidden from the seat: no error may name
    another hidden card."""
    hidden = sorted(engine.hidden_tokens(state, seat))
    if not hidden:
        return
    text = engine.render_move(rng.choice(legal))
    words = text.split()
    for i in range(len(words)):
        probe_token = rng.choice(hidden)
        probe = " ".join(words[:i] + [probe_token] + words[i + 1 :])
        try:
            engine.parse_move(probe, state, seat)
        except GameError as err:
            message = f"{err.reason} {err.hint}"
            assert not _leaks(message, set(hidden), allowed=probe_token), (probe, message)


def check_sampler(engine: Engine, state: dict, seat: int, seed: int) -> None:
    """A determinization the strong AI would search: consistent with everything ``seat`` knows
    (the same view and legal moves), a legal state, deterministic with its rng."""
    view = engine.view(state, seat, None)
    try:
        sample = engine.sample_hidden(view, seat, random.Random(seed))
    except NotImplementedError:  # a game without a sampler (the toy game) has no strong level
        return
    except ValueError:  # the view does not tell enough (N-in-a-row marks off the board shown)
        assert engine.info.name == "n-in-a-row" and view["history"] is None
        return
    assert json.loads(json.dumps(sample)) == sample, "a sample is pure JSON"
    engine.validate_sample(sample)
    assert engine.view(sample, seat, None) == view
    assert engine.legal_moves(sample, seat) == engine.legal_moves(state, seat)
    assert engine.sample_hidden(view, seat, random.Random(seed)) == sample


def play_random_game(
    engine: Engine, seed: int, players: int, check: bool = True, pictures: bool = False
):
    rng = random.Random(seed * 7919 + players)
    options = engine.options({})
    state = engine.new_state(seed, options, players)
    limit, unit = move_cap(engine, options)
    moves: list[str] = []
    count = 0
    resign_at = rng.randrange(40) if check and rng.random() < 0.1 else None
    events: list = []  # the last move's
    for ply in range(MAX_STEPS):
        if check:
            assert json.loads(json.dumps(state)) == state, "state must be pure JSON"
            assert engine.from_dict(engine.to_dict(state)) == state
        seat = engine.to_move(state)
        if seat is None:
            outcome = engine.outcome(state)
            assert outcome is not None and outcome.termination == "rules"
            assert engine.info.max_plies is None or ply <= engine.info.max_plies
            if check:
                check_finished(engine, state, players, outcome, events if pictures else None)
            return state, moves
        assert engine.outcome(state) is None
        if check:
            picture = None if not pictures else "parse" if ply % XML_EVERY == 0 else "draw"
            _check_views(engine, state, players, events, picture)
            if ply % 5 == 2:
                check_sampler(engine, state, seat, seed * 31 + ply)
        cap = engine.info.cap
        if cap is not None and cap.counter is not None:
            count = state[cap.counter]
        if count >= limit:  # the framework's move cap ends the game here
            return state, moves
        if ply == resign_at:  # a framework ending mid-game: every view agrees
            winners = [s for s in range(players) if s != seat]
            outcome = Outcome(winners, False, "x resigned", engine.scores(state), RESIGNATION)
            check_finished(engine, state, players, outcome, events if pictures else None)
        legal = engine.legal_moves(state, seat)
        assert legal, f"seat {seat} to move with no legal move"
        if check:
            for m in legal:
                assert isinstance(m, tuple) and isinstance(m[0], str) and m[0] == m[0].lower()
                assert as_move(json.loads(json.dumps(m))) == m, m
                assert engine.parse_move(engine.render_move(m), state, seat) == m, m
            if rng.random() < 0.2:
                _check_error_messages(engine, state, seat, legal, rng)
        move = rng.choice(legal)
        before = json.dumps(state, sort_keys=True)
        new_state, events = engine.apply(state, seat, move)
        assert json.dumps(state, sort_keys=True) == before, "apply must not change its input"
        if check:
            for event in events:
                for viewer in [None, *range(players)]:
                    hidden = engine.hidden_tokens(new_state, viewer)
                    text = event.for_viewer(viewer)
                    assert not _leaks(text, hidden), (viewer, text)
        moves.append(engine.render_move(move))
        if unit == "plies" or engine.to_move(new_state) != seat:
            count += 1
        state = new_state
    raise AssertionError(f"game did not end within {MAX_STEPS} steps")


# The games of each engine in chunks that pytest-xdist spreads over the cores: the first chunk
# (the ones drawn as pictures too) is in the quick tier, the rest in the slow one.
CHUNK = 25
CHUNKS = [
    pytest.param(name, start, id=f"{name}-{start}", marks=[pytest.mark.slow] if start else [])
    for name in sorted(REGISTRY)
    for start in range(0, GAMES_PER_ENGINE, CHUNK)
]


@pytest.mark.parametrize(("name", "start"), CHUNKS)
def test_random_games_keep_every_invariant(name, start):
    engine = REGISTRY[name]
    counts = _player_counts(engine)
    for i in range(start, min(start + CHUNK, GAMES_PER_ENGINE)):
        players = counts[i % len(counts)]
        play_random_game(engine, seed=i, players=players, check=True, pictures=i < PICTURE_GAMES)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_same_seed_and_moves_give_the_same_game(name):
    engine = REGISTRY[name]
    players = engine.info.max_players
    final, moves = play_random_game(engine, seed=4242, players=players, check=False)
    state = engine.new_state(4242, engine.options({}), players)
    for text in moves:
        seat = engine.to_move(state)
        assert seat is not None
        state, _ = engine.apply(state, seat, engine.parse_move(text, state, seat))
    assert state == final


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_garbage_text_is_a_parse_error_that_quotes_it(name):
    engine = REGISTRY[name]
    state = engine.new_state(1, engine.options({}), engine.info.min_players)
    seat = engine.to_move(state)
    for text in ["", "   ", "xyzzy plugh", "{}", "💥" * 3]:
        with pytest.raises(GameError) as info:
            engine.parse_move(text, state, seat)
        assert info.value.reason and info.value.hint
