"""Card Chess opponents.

Levels (weakest first):

- ``random`` — uniformly one of the legal moves.
- ``heuristic`` — a greedy one-move evaluator that races for check and, above all, never lets
  its army jam (a side that cannot act loses). It rebuilds the board from its own view (pieces,
  spots in check, known face-down cards; unknown board cards stay unknown) and scores every
  legal move; the highest score wins, ties broken by the seeded rng:
  - **into check** (a move ending on the enemy castle): +100; a capture there whose face-down
    card is known to be ours (it comes up in check): +130;
  - **advance**: +4 per rank gained towards the enemy castle, +1 per rank the piece already
    stands beyond its own castle (finish what is started), −3 for a step back or sideways;
    a pawn moving into a file whose enemy castle spot is in check (it would get stuck there):
    −6, or −3 when an enemy piece stands on that spot;
  - **capture**: +value of the victim (pawn = rank/2, J 6, Q 7, K 8, A 10) − ½ value of the
    capturing piece (it goes face down); +5 when the card that comes up is unknown and we hold
    an enemy-coloured card (if an enemy card comes up we may swap in a weak one);
  - **replace or keep** (the second step, once the revealed enemy card is seen): each answer
    leaves an enemy piece on the spot — the revealed card (KEEP) or the replacement. Score it
    −(its value) − (the value of our best piece it could capture next turn) − 3 if it would
    stand next to our castle; REPLACE also gets +3 (a dead enemy card leaves the hand and a
    fresh card is drawn). The best answer wins: a strong revealed card is swapped for the
    weakest enemy card in hand, a weak one (a 2 when we only hold kings) is kept;
  - **danger**: −(value + 2) when the piece's new spot can be captured by an enemy piece next
    turn (computed with the real movement grids and capture powers);
  - **mobility** after the move: +0.3 per piece move we would have (at most 10); when we could
    not play in a piece either, −60 with no move left, −15 with one, −5 with two;
  - **play in**: +25, +2 for a ten, +3 jack, +4 queen, +6 king or ace (mobile pieces jam less),
    +3 if the spot ahead is empty, +4 × the openness of the file's enemy castle spot (1 empty,
    ½ an enemy piece on it, 0 in check), and −35 for the fifth piece in play (a free slot
    means we can always play in and never get stuck);
  - **exchange**: +10 when the hand has no card of our colour to play in while fewer than five
    pieces are in play, else −20.
  Against ``random`` it wins ≥ 80 % of seeded games (tests/games/test_card_chess.py asserts it;
  measured 89.5 % over seeds 0–199 and 81.5 % over seeds 200–399, most wins by the random side
  jamming, the rest by five pieces in check).
- ``strong``: IS-MCTS (gm/games/search.py) over :func:`sample_hidden` (the unflipped board
  cards, the other hand and the draw pile dealt from the unseen cards of the two packs); the
  heuristic's 5 best moves searched with heuristic playouts of 3 plies (64 iterations, or the
  think budget), a finished playout scored by its result, a cut-off one by :func:`_evaluate`:
  each side's pieces in check, + ½ per check it threatens next turn, + 0.08 per rank its pieces
  in play have come, − the danger of jamming (no piece to play in and at most three piece moves
  left: 1.5 with none, 0.8 with one, …; twice that for a side that exchanged last and so may
  not exchange next), − 0.25 per dead pawn (:func:`_open_route` finds it no way left into
  the enemy castle: it holds one of the five places for good) and 0.1 per other pawn with no
  move now, both doubled with five in play, the difference squashed into [0, 1]. It does not
  search a move that wins at once in three sampled deals (the fifth check, or the other side,
  having exchanged, left unable to act), nor the answer to a capture step, nor a move into
  check that the heuristic rates 40 above any other: it plays them. Candidates after which
  the other side has a winning reply in a sampled deal (its fifth check; a block after our
  exchange) are left out while another move is there; a pawn played in or moved where it has
  no way in ranks 30 lower than the heuristic rates it, see :func:`_strong_scores` (the
  jams that lost games to ``random``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from gm.games.base import Engine, Move
from gm.games.card_chess import rules as R
from gm.games.card_chess.rules import CARD_SIDE, SEATS
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy, view_playout

_ROW_CODE = {code: row for row, code in enumerate(R.RANKS)}
_REVEAL_BONUS = 5.0  # a capture that may reveal an enemy card we could swap
_PLAY_BONUS = {10: 2, 11: 3, 12: 4, 13: 6, 14: 6}  # mobile pieces get stuck less than pawns


def _index(spot: str) -> int:
    return _ROW_CODE[spot[:-1]] * 5 + int(spot[-1]) - 1


def _value(card: str) -> float:
    rank = R.CARD_RANK[card]
    return rank / 2 if rank <= 10 else {11: 6, 12: 7, 13: 8, 14: 10}[rank]


def _board(view: dict[str, Any]) -> dict[str, Any]:
    """A partial position from the view: what piece_targets needs."""
    pieces: list[str | None] = [None] * 25
    for spot, card in view["pieces"].items():
        pieces[_index(spot)] = card
    check = [False] * 25
    for spot in view["in_check_spots"]:
        check[_index(spot)] = True
    known = {_index(spot): card for spot, card in view["known_face_down"].items()}
    return {"pieces": pieces, "check": check, "known": known}


def _attacked(board: dict[str, Any], idx: int, by: int) -> bool:
    """Could a piece of ``by`` capture on ``idx`` in this position?"""
    pieces, check = board["pieces"], board["check"]
    for i, card in enumerate(pieces):
        if card is None or check[i] or R.CARD_SIDE[card] != by:
            continue
        if any(t == idx and kind == "capture" for t, kind in R.piece_targets(board, i)):
            return True
    return False


def _progress(seat: int, row: int) -> int:
    """Ranks from our own castle towards the enemy castle (0..4)."""
    return abs(row - R.CASTLE_ROW[seat])


def _mobility(pieces: list[str | None], check: list[bool], seat: int) -> int:
    """How many piece moves ``seat`` would have (captures counted too)."""
    board = {"pieces": pieces, "check": check}
    return sum(
        len(R.piece_targets(board, i))
        for i, card in enumerate(pieces)
        if card is not None and not check[i] and R.CARD_SIDE[card] == seat
    )


def _open_file(board: dict[str, Any], seat: int, idx: int) -> float:
    """How open the enemy castle spot in the file of ``idx`` is: 1 empty, ½ an enemy piece
    stands there (it may move or be taken), 0 it is in check (a pawn there gets stuck)."""
    spot = R.CASTLE_ROW[R.opponent(seat)] * 5 + idx % 5
    if board["check"][spot]:
        return 0.0
    return 1.0 if board["pieces"][spot] is None else 0.5


def _score(move: Move, board: dict[str, Any], view: dict[str, Any], seat: int) -> float:
    enemy_castle = R.CASTLE_ROW[R.opponent(seat)]
    pieces = board["pieces"]
    kind = move[0]
    if kind in ("replace", "keep"):
        return _answer_score(move, board, view, seat)
    if kind == "exchange":
        hand = view["hand"] or []
        need = view["in_play"][R.SEATS[seat]] < R.MAX_IN_PLAY
        return 10.0 if need and not any(R.CARD_SIDE[c] == seat for c in hand) else -20.0
    if kind == "play":
        _, card, idx = move
        score = 25.0 + _PLAY_BONUS.get(R.CARD_RANK[card], 0)
        ahead = idx + 5 * R.FORWARD[seat]
        if pieces[ahead] is None:
            score += 3
        score += 4 * _open_file(board, seat, idx)
        after = list(pieces)
        after[idx] = card
        full = view["in_play"][R.SEATS[seat]] + 1 >= R.MAX_IN_PLAY
        if full:
            score -= 35  # keep a slot free: with one, we can always play in and never get stuck
        return score + _stuck_penalty(after, board, view, seat, full)
    frm, to = move[1], move[2]
    card = pieces[frm]
    gained = _progress(seat, to // 5) - _progress(seat, frm // 5)
    score = 4.0 * gained if gained > 0 else -3.0
    if R.CARD_RANK[card] <= 10:
        score -= 6 * (1 - _open_file(board, seat, to))  # a pawn heading for a taken spot
    score += _progress(seat, frm // 5)
    after = list(pieces)
    after[frm] = None
    if kind == "move":
        after[to] = card
        if to // 5 == enemy_castle:
            return score + 100
    else:
        victim = pieces[to]
        score += _value(victim) - _value(card) / 2
        known = board["known"].get(to)
        if known is not None and R.CARD_SIDE[known] == seat:
            after[to] = known
            if to // 5 == enemy_castle:
                return score + 100 + 30
        else:
            after[to] = known if known is not None else None
            if any(R.CARD_SIDE[c] != seat for c in view["hand"] or []):
                score += _REVEAL_BONUS  # an enemy card may come up: we could swap in a weak one
        if after[to] is None:
            return score  # an unknown card comes up: no danger estimate
        card = after[to]
        if R.CARD_SIDE[card] != seat:
            return score
    if _attacked({"pieces": after, "check": board["check"]}, to, R.opponent(seat)):
        score -= _value(card) + 2
    return score + _stuck_penalty(after, board, view, seat)


def _answer_score(move: Move, board: dict[str, Any], view: dict[str, Any], seat: int) -> float:
    """How good the enemy piece is that this REPLACE/KEEP leaves on the captured spot (less is
    better for us)."""
    step = view["pending_capture"]
    spot = _index(step["spot"])
    card = step["revealed"] if move[0] == "keep" else move[1]
    after = list(board["pieces"])
    after[spot] = card
    threat = 0.0
    for target, kind in R.piece_targets({"pieces": after, "check": board["check"]}, spot):
        if kind == "capture":
            threat = max(threat, _value(after[target]))
    score = -_value(card) - threat
    if spot // 5 == R.CASTLE_ROW[seat] + R.FORWARD[seat]:
        score -= 3  # one step from our castle
    return score + (3.0 if move[0] == "replace" else 0.0)


def _stuck_penalty(
    after: list[str | None], board: dict[str, Any], view, seat: int, full: bool | None = None
) -> float:
    """Reward mobility; punish a position where our pieces are (nearly) all blocked while we
    cannot play in another one — the road to losing by being unable to act."""
    mobility = _mobility(after, board["check"], seat)
    if full is None:
        full = view["in_play"][R.SEATS[seat]] >= R.MAX_IN_PLAY
    can_play = not full and any(R.CARD_SIDE[c] == seat for c in view["hand"] or [])
    score = 0.3 * min(mobility, 10)
    if not can_play:
        score -= {0: 60.0, 1: 15.0, 2: 5.0}.get(mobility, 0.0)
    elif mobility == 0:
        score -= 5.0
    return score


def heuristic_scores(view: dict[str, Any], seat: int, legal: list[Move], rng) -> list:
    board = _board(view)
    return [(_score(move, board, view, seat) + rng.random() * 0.01, move) for move in legal]


def heuristic_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    best, best_score = legal[0], float("-inf")
    for score, move in heuristic_scores(view, seat, legal, rng):
        if score > best_score:
            best, best_score = move, score
    return best


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A state consistent with ``seat``'s view: the face-down board cards nobody flipped, the
    other hand and the draw pile are the unseen cards of the two packs, dealt at random."""
    pieces: list[str | None] = [None] * 25
    for spot, card in view["pieces"].items():
        pieces[_index(spot)] = card
    known = [False] * 25
    down: list[str | None] = [None] * 25
    for spot, card in view["known_face_down"].items():
        known[_index(spot)] = True
        down[_index(spot)] = card
    pending = view["pending_capture"]
    seen = Counter(c for c in pieces if c is not None)
    seen.update(c for c in down if c is not None)
    seen.update(view["hand"])
    seen.update(view["discard_pile"])
    if pending is not None:
        seen[pending["captured"]] += 1
    unknown = list((Counter(R.ALL_CODES * 2) - seen).elements())
    rng.shuffle(unknown)
    for i in range(25):
        if down[i] is None:
            down[i] = unknown.pop()
    other = 1 - seat
    hands: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"])
    hands[other] = [unknown.pop() for _ in range(view["hand_counts"][R.SEATS[other]])]
    turns = view["turns"]
    n = 0 if 35 + len(unknown) >= 104 - R.HAND_SIZE * turns else 1
    checked = {_index(spot) for spot in view["in_check_spots"]}
    return {
        "game": R.GAME,
        "rng": {"seed": rng.randrange(2**31), "n": n},
        "options": {"max_plies": view["max_plies"]},
        "pieces": pieces,
        "down": down,
        "known": known,
        "check": [i in checked for i in range(25)],
        "hands": hands,
        "draw": unknown,
        "discard": list(view["discard_pile"]),
        "turn": R.SEATS.index(view["to_move"]),
        "ply": view["ply"],
        "turns": turns,
        "exchanged": [view["exchanged_last"][name] for name in R.SEATS],
        "pending": None
        if pending is None
        else {"spot": _index(pending["spot"]), "captured": pending["captured"]},
        "result": None,
    }


def _side_value(state: dict[str, Any], side: int, play: list[int], checked: int) -> float:
    """How close ``side`` stands to the win the rules define, in pieces-in-check units: its
    pieces in check, the checks it threatens next turn (a move onto a free spot of the enemy
    castle), how far its pieces in play have come, minus the danger of jamming (a side that
    cannot move a piece nor play one in must exchange, and then loses)."""
    pieces, check = state["pieces"], state["check"]
    moves = R.piece_moves(state, side)
    enemy_row = R.CASTLE_ROW[R.opponent(side)]
    threats = {to for kind, _, to in moves if kind == "move" and to // 5 == enemy_row}
    progress = sum(
        _progress(side, i // 5)
        for i, card in enumerate(pieces)
        if card is not None and not check[i] and R.CARD_SIDE[card] == side
    )
    row = R.CASTLE_ROW[side]
    can_play = (
        play[side] < R.MAX_IN_PLAY
        and any(pieces[i] is None for i in range(row * 5, row * 5 + 5))
        and any(R.CARD_SIDE[c] == side for c in state["hands"][side])
    )
    jam = _JAM.get(len(moves), 0.0) if not can_play else (0.2 if not moves else 0.0)
    if state["exchanged"][side]:
        jam *= 2  # it may not exchange next turn: blocked once more, it loses
    dead, blocked = _dead_pawns(state, side)
    if dead or blocked:  # each holds one of the five places (for good): a full side jams
        weight = _DEAD * dead + _BLOCKED * blocked
        jam += weight * (2 if play[side] >= R.MAX_IN_PLAY else 1)
    return checked + _THREAT * min(len(threats), 5 - checked) + _ADVANCE * progress - jam


def _dead_pawns(state: dict[str, Any], side: int) -> tuple[int, int]:
    """(dead, blocked) pawns of ``side`` in play. Dead: :func:`_open_route` finds no way left
    for it into the enemy castle, from its file nor by a capture it has now; it holds one of
    the five places without moving in. Blocked: any other pawn with no move now."""
    dead = blocked = 0
    for i in (i for i in range(25) if _own_pawn(state, side, i)):
        targets = R.piece_targets(state, i)
        ways = [i] + [t for t, kind in targets if kind == "capture"]
        if not any(_open_route(state, side, w, R.CARD_RANK[state["pieces"][i]]) for w in ways):
            dead += 1
        elif not targets:
            blocked += 1
    return dead, blocked


def _open_route(board: dict[str, Any], side: int, idx: int, rank: int) -> bool:
    """Can a pawn of ``rank`` on ``idx`` still end on a spot of the enemy castle? Straight on
    when its file's castle spot is not in check and no enemy piece that cannot move stands in
    the way (it never makes way: two pawns face to face stay so); or by capturing, from the
    rank in front of the castle, an enemy pawn of its rank or lower on a castle spot beside."""
    pieces, check = board["pieces"], board["check"]
    row, file, step = R.CASTLE_ROW[R.opponent(side)], idx % 5, R.FORWARD[side]
    if not check[row * 5 + file]:
        ahead = range(idx + 5 * step, row * 5 + file + 5 * step, 5 * step)
        if not any(_wall(board, side, i) for i in ahead):
            return True
    for near in (file - 1, file + 1):
        victim = pieces[row * 5 + near] if 0 <= near < 5 else None
        if victim is not None and not check[row * 5 + near] and R.CARD_SIDE[victim] != side:
            if R.CARD_RANK[victim] <= rank:
                return True
    return False


def _wall(board: dict[str, Any], side: int, i: int) -> bool:
    card = board["pieces"][i]
    return card is not None and R.CARD_SIDE[card] != side and not R.piece_targets(board, i)


_THREAT, _ADVANCE = 0.5, 0.08
_JAM = {0: 1.5, 1: 0.8, 2: 0.4, 3: 0.2}  # piece moves left when no piece can be played in
_DEAD = 0.25  # a pawn that can never reach the enemy castle (twice that with five in play)
_BLOCKED = 0.1  # a pawn with no move now, another piece in front of it


def _evaluate(engine: Engine, state: dict[str, Any], players: int) -> list[float]:
    """Rewards at a playout's cut-off: the difference of the two sides' :func:`_side_value`."""
    play, check = R.counts(state)
    lead = _side_value(state, 0, play, check[0]) - _side_value(state, 1, play, check[1])
    v = 0.5 + 0.5 * math.tanh(lead / 1.5)
    return [v, 1 - v]


def _candidates(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list[Move]:
    """The heuristic's moves, best first, and only one where searching cannot pay: a move that
    wins at once in every sampled deal (the fifth check, or leaving the other side unable to
    act), the answer to an open capture step (the heuristic weighs the revealed card against
    the hand), and a move into check (check is permanent) that beats the rest by far."""
    scored = sorted(_strong_scores(view, seat, legal, rng), key=lambda sm: -sm[0])
    if view["pending_capture"] is not None:
        return [scored[0][1]]
    winning = _winning_moves(engine, view, seat, [m for _, m in scored], rng)
    if winning:
        return winning[:1]
    if len(scored) > 1 and scored[0][0] >= _CHECK and scored[0][0] - scored[1][0] >= _CLEAR:
        return [scored[0][1]]
    return _safe_first(engine, view, seat, [m for _, m in scored], rng)


def _strong_scores(view: dict[str, Any], seat: int, legal: list[Move], rng) -> list:
    """The heuristic's scores, with a pawn's prospects (:func:`_open_route`): played in or
    moved where no way into the enemy castle is left (e.g. face to face with a piece that then
    cannot move), −30 (it would hold a place for good); played in behind a pawn of ours in its
    file −10. With no card in hand worth playing in, the exchange rates +10, as the heuristic
    rates it with no card of our colour (a dead pawn kept in hand never cycles it), unless
    piece moves run short (a dead pawn played in still has steps to make; a hand drawn with
    no card of our colour, after an exchange, could leave us unable to act)."""
    board = _board(view)
    pieces, enemy_row = board["pieces"], R.CASTLE_ROW[R.opponent(seat)]
    out, plays, useful = [], 0, False
    for score, move in heuristic_scores(view, seat, legal, rng):
        if move[0] == "play":
            plays += 1
            rank, file, after = R.CARD_RANK[move[1]], move[2] % 5, list(pieces)
            after[move[2]] = move[1]
            if rank <= 10 and not _open_route({**board, "pieces": after}, seat, move[2], rank):
                score -= _DEAD_PLAY
            else:
                useful = True
                if rank <= 10 and any(_own_pawn(board, seat, r * 5 + file) for r in range(5)):
                    score -= _STACK
        elif move[0] == "move" and _own_pawn(board, seat, move[1]) and move[2] // 5 != enemy_row:
            frm, to = move[1], move[2]
            rank, after = R.CARD_RANK[pieces[frm]], list(pieces)
            after[frm], after[to] = None, pieces[frm]
            if _open_route(board, seat, frm, rank) and not _open_route(
                {**board, "pieces": after}, seat, to, rank
            ):
                score -= _DEAD_PLAY
        out.append((score, move))
    if plays and not useful and sum(m[0] in ("move", "capture") for m in legal) >= len(_JAM):
        out = [(max(sc, 10.0) if m == ("exchange",) else sc, m) for sc, m in out]
    return out


def _own_pawn(board: dict[str, Any], seat: int, i: int) -> bool:
    card, check = board["pieces"][i], board["check"][i]
    return card is not None and not check and R.CARD_SIDE[card] == seat and R.CARD_RANK[card] <= 10


_DEAD_PLAY, _STACK = 30.0, 10.0


def _safe_first(engine: Engine, view, seat: int, moves: list[Move], rng) -> list[Move]:
    """``moves`` without those after which the other side has a winning reply in a sampled
    deal — its fifth check when it has four, or (after our exchange, which leaves us unable to
    exchange next turn) a move that leaves us unable to act — unless no other move is left."""
    other = R.opponent(seat)
    near_five = view["in_check"][R.SEATS[other]] >= R.MAX_IN_PLAY - 1
    few = sum(m[0] in ("move", "capture") for m in moves) <= len(_JAM) - 1
    if not near_five and not (few and ("exchange",) in moves):
        return moves
    samples = [sample_hidden(view, seat, rng) for _ in range(_WIN_SAMPLES)]
    risky = [(near_five or m[0] == "exchange") and _loses(samples, seat, m) for m in moves]
    safe = [m for m, r in zip(moves, risky, strict=True) if not r]
    return safe or moves


def _loses(samples: list[dict[str, Any]], seat: int, move: Move) -> bool:
    other = R.opponent(seat)
    for state in samples:
        after, _ = R.apply_move(state, seat, move)
        if after["result"] is not None or after["pending"] is not None:
            continue
        for reply in R.legal_moves(after, other):
            result = R.apply_move(after, other, reply)[0]["result"]
            if result is not None and result["winners"] == [other]:
                return True
    return False


def _winning_moves(engine: Engine, view, seat: int, moves: list[Move], rng) -> list[Move]:
    """The moves that end the game in ``seat``'s favour in each of a few sampled deals (a
    win by jamming may hang on the other hand: it must hold whatever that hand is)."""
    enemy = R.SEATS[R.opponent(seat)]
    if view["in_check"][R.SEATS[seat]] < R.MAX_IN_PLAY - 1 and not view["exchanged_last"][enemy]:
        return []  # neither a fifth check nor a jam (the other side may still exchange)
    samples = [sample_hidden(view, seat, rng) for _ in range(_WIN_SAMPLES)]
    out = []
    for move in moves:
        if move[0] == "exchange":
            continue
        for state in samples:
            after, _ = R.apply_move(state, seat, move)
            result = after["result"]
            if result is None or result["winners"] != [seat]:
                break
        else:
            out.append(move)
    return out


_WIN_SAMPLES = 3
_CHECK, _CLEAR = 100.0, 40.0  # a move into check scores 100 or more in the heuristic


# ---------------------------------------------------------------- the coach's reasons


def explain(engine: Any, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """The coach's reason for ``move`` (gm/play/coach.py), from the view only: what a capture takes
    (and a known face-down card the flip brings up), or a piece moved into check."""
    if move == ("exchange",):
        pieces: list[str | None] = [None] * 25
        for spot, card in view["pieces"].items():
            pieces[_index(spot)] = card
        checked = {_index(spot) for spot in view["in_check_spots"]}
        public = {"pieces": pieces, "check": [i in checked for i in range(25)]}
        risk = R.exchange_risk(public, seat)
        return "It exchanges your hand for five new cards" + (f". {risk}" if risk else "")
    if move[0] == "play":
        count = view["in_play"][SEATS[seat]] + 1 if "in_play" in view else None
        tail = f": {count} of your five pieces in play" if count else ""
        return f"It plays {move[1]} in at {R.spot_name(move[2])}{tail}"
    if move[0] == "replace":
        return f"It replaces the revealed card with {move[1]}: the spot holds your colour again"
    if move[0] == "keep":
        return "It keeps the revealed card where it stands and saves your hand's card"
    if move[0] not in ("move", "capture"):
        return None
    start, end = R.spot_name(move[1]), R.spot_name(move[2])
    piece, enemy_castle = view["pieces"].get(start), move[2] // 5 == R.CASTLE_ROW[1 - seat]
    if piece is None:
        return f"It moves from {start} to {end}"
    if move[0] == "capture":
        known = view["known_face_down"].get(end)
        said = f"{piece} takes {view['pieces'].get(end)} on {end}; the spot then flips"
        if known is None:
            return said
        ours = CARD_SIDE[known] == seat
        where = ", in check there" if ours and enemy_castle else ""
        return f"{said} and brings up the known {known} ({'yours' if ours else 'theirs'}{where})"
    if enemy_castle:
        count = view["in_check"][SEATS[seat]] + 1
        return f"It puts {piece} in check on {end}: {count} of the five you need"
    goal = R.CASTLE_ROW[1 - seat]
    before, after = abs(move[1] // 5 - goal), abs(move[2] // 5 - goal)
    way = "toward the enemy castle" if after < before else "sideways" if after == before else "back"
    verb = "takes" if move[0] == "capture" else "moves"
    return f"It {verb} with {piece} from {start} to {end}, {way}"


STRONG = SearchSpec(
    evaluate=_evaluate,
    playout=view_playout(heuristic_policy),
    epsilon=0.1,
    depth=3,  # short playouts, more of them in a short think budget (6 measured no stronger)
    iterations=64,
    candidates=_candidates,
    width=5,
    prior_visits=3,  # the heuristic's move counts 3 visits more (10 drowned a short search)
    explain=explain,
)
LEVELS = {"random": random_policy, "heuristic": heuristic_policy, "strong": strong_policy(STRONG)}
