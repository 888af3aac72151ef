"""Card Chess moves read from text: the canonical notation and the forgiving forms, and why a
move is illegal. Free text ("take his queen with my jack") goes to gm/games/card_chess/reading.py
first; both write moves back with gm/games/card_chess/notation.py.

Canonical moves: ``PLAY 7♥ RC3``, ``EXCHANGE``, ``BC1-BK1``, ``RK3xM4``, and after a capture
that revealed an opponent's card ``REPLACE 2♠`` or ``KEEP``.
Also read: the original page's ``black castle 1 to black kingdom 1``, any case, ``10``/``X``/``T``
for tens, ASCII suits (``7h``, ``10s``), card words (``seven of hearts``), extra words
(``replace it with the two of spades``, ``keep it``, ``no replacement``).
"""

from __future__ import annotations

import re
from typing import Any

from gm.games.base import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    ParseError,
)
from gm.games.cards import card_text, find_cards

from . import reading as refs
from . import rules as R
from .notation import _hint, render_move
from .rules import CARD_RANK, CARD_SIDE, ROW_OF, SEATS, Move, spot_name

# No real card code in here: an error text must never name a card hidden from the reader.
EXPECTED = (
    "a move such as 'PLAY <card> RC3' (play a card in), 'RC3-RK3' (move), 'RK3xM4' (capture) or "
    "'EXCHANGE'; cards are written like 7h, 10s or QD"
)
EXPECTED_STEP = (
    "'REPLACE <card>' (put an opponent-coloured card from your hand in place of the revealed "
    "card) or 'KEEP' (leave it); cards are written like 7h, 10s or QD"
)

_SPOT = re.compile(
    r"(?<![a-wyz0-9])(black\s*castle|black\s*kingdom|red\s*castle|red\s*kingdom|middle|mid|"
    r"bc|bk|rc|rk|m)\s*-?\s*([1-5])(?![0-9])",
    re.IGNORECASE,
)
_EXCHANGE = re.compile(r"\b(exchange|exchanges|swap|mulligan|new\s+hand)\b", re.IGNORECASE)
_CAPTURE = re.compile(r"takes|take|captures|capture|[x×:*]", re.IGNORECASE)
_REPLACE = re.compile(r"(=|\breplace\w*|\bwith)\s*$", re.IGNORECASE)
_STEP_REPLACE = re.compile(r"\b(replace\w*|swap\w*|substitut\w*|use|put)\b|=", re.IGNORECASE)
# (not "not quitting": said of the game, not of the card)
_STEP_KEEP = re.compile(
    r"\b(keep\w*|leave|leaves|skip|pass|none|no|not|don'?t|decline\w*)\b"
    r"(?!\s+(?:quit\w*|giving up|give up|resign\w*|surrender\w*|esperaba|puede ser|way\b))",
    re.IGNORECASE,
)

RANK_TEXT = {2: "pawn (2)", 10: "pawn (10)", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _piece_name(card: str) -> str:
    rank = CARD_RANK[card]
    return f"pawn {card}" if rank <= 10 else f"{RANK_TEXT[rank]} {card}"


# ---------------------------------------------------------------- reading a move


_CANONICAL = re.compile(
    r"\s*(?:(EXCHANGE)|(KEEP)|REPLACE ([^ ]+)|PLAY ([^ ]+) ((?:BC|BK|M|RK|RC)[1-5])|"
    r"((?:BC|BK|M|RK|RC)[1-5])([-x])((?:BC|BK|M|RK|RC)[1-5]))\s*"
)
_ROW_CODE = {code: row for row, code in enumerate(R.RANKS)}
_STEP_FIRST = re.compile(r"\s*(replace|keep)\b", re.IGNORECASE)


def _spot_index(code: str) -> int:
    return _ROW_CODE[code[:-1]] * 5 + int(code[-1]) - 1


def _canonical(text: str, state: dict[str, Any], seat: int) -> Move | None:
    """Fast path: the canonical text of a legal move (what render_move writes)."""
    m = _CANONICAL.fullmatch(text)
    if m is None:
        return None
    exchange, keep, rep, card, spot, frm, sep, to = m.groups()
    if exchange:
        move: Move = ("exchange",)
    elif keep:
        move = ("keep",)
    elif rep:
        move = ("replace", rep)
    elif card:
        move = ("play", card, _spot_index(spot))
    elif sep == "-":
        move = ("move", _spot_index(frm), _spot_index(to))
    else:
        move = ("capture", _spot_index(frm), _spot_index(to))
    return move if move in R.legal_moves(state, seat) else None


def _read(text: str) -> tuple[list[str], list[str], str]:
    """The cards in ``text`` (ten written 10), those marked as a replacement (after '=',
    'replace', 'with'), and the text with the cards blanked out."""
    cards, marked = [], []
    blanked = text
    for card, (a, b) in find_cards(text):
        code = card_text(card, ten="10")
        cards.append(code)
        if _REPLACE.search(text[:a]):
            marked.append(code)
        blanked = blanked[:a] + " " * (b - a) + blanked[b:]
    return cards, marked, blanked


# a castle or kingdom named without its side ("the castle 5"): either side's, whichever fits
_SIDELESS = re.compile(r"(?<![a-z'])(?<!black )(?<!red )(castle|kingdom)\s+([1-5])\b", re.I)


def parse_move(text: str, state: dict[str, Any], seat: int) -> Move:
    """The legal move ``text`` names; a row named without its side ("put the 8♠ in the castle
    5") is read as each side's, and the one that makes a legal move is it (both: asked back)."""
    said = refs.rewrite(text, seat) if isinstance(text, str) else ""
    if not _SIDELESS.search(said):
        return _parse_move(text, state, seat)
    found: list[Move] = []
    errors: list[GameError] = []
    for side in (SEATS[seat], SEATS[R.opponent(seat)]):
        try:
            move = _parse_move(_SIDELESS.sub(rf"{side} \1 \2", said), state, seat)
        except AmbiguousMoveError:
            raise
        except GameError as err:
            errors.append(err)
            continue
        if move not in found:
            found.append(move)
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousMoveError(text, [render_move(m) for m in found])
    raise errors[0]


def _parse_move(text: str, state: dict[str, Any], seat: int) -> Move:
    pending = state["pending"]
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED_STEP if pending else EXPECTED)
    fast = _canonical(text, state, seat) or refs.resolve(text, state, seat)
    if fast is not None:
        return fast
    cards, marked_reps, blanked = _read(refs.rewrite(text, seat))
    found = list(_SPOT.finditer(blanked))
    spot_idx = [
        ROW_OF[re.sub(r"\s+", "", m.group(1).lower())] * 5 + int(m.group(2)) - 1 for m in found
    ]
    exchange = _EXCHANGE.search(blanked) is not None
    if pending is not None:
        other = bool(spot_idx or exchange)
        return _parse_step(text, cards, marked_reps, blanked, other, state, seat)
    legal = R.legal_moves(state, seat)
    if not spot_idx and _STEP_FIRST.match(blanked):
        raise IllegalMoveError(
            "There is no capture waiting for REPLACE or KEEP: that choice comes only right after "
            "a capture whose flip reveals an opponent's card.",
            rule="no-capture-step",
            hint=_hint(legal),
        )
    if not (cards or spot_idx or exchange):
        raise ParseError(text, EXPECTED)
    if exchange and not spot_idx:
        return _check(("exchange",), legal, state, seat)
    if len(spot_idx) == 2:
        marked = _CAPTURE.search(blanked[found[0].end() : found[1].start()]) is not None
        return _piece_move(
            text, spot_idx[0], spot_idx[1], cards, marked_reps, marked, legal, state, seat
        )
    if len(spot_idx) > 2:
        raise ParseError(text, "at most two spots (from and to); " + EXPECTED)
    if len(cards) > 1:
        raise ParseError(text, "one card to play in; " + EXPECTED)
    if spot_idx:
        return _one_spot(text, spot_idx[0], cards[0] if cards else None, legal, state, seat)
    return _card_only(text, cards[0], legal, state, seat)


def _parse_step(text, cards, marked, blanked, other_move, state, seat) -> Move:
    """Read the answer to an open capture step: REPLACE <card> or KEEP."""
    legal = R.legal_moves(state, seat)
    spot = state["pending"]["spot"]
    revealed = state["pieces"][spot]
    replace_word = _STEP_REPLACE.search(blanked)
    keep_word = _STEP_KEEP.search(blanked)
    keep_first = keep_word is not None and (
        replace_word is None or keep_word.start() < replace_word.start()
    )
    named = sorted(set(marked or [c for c in cards if c != revealed] or cards), key=R.card_key)
    if keep_first and not marked:
        return ("keep",)
    if other_move and replace_word is None:
        foe = SEATS[R.opponent(seat)]
        raise IllegalMoveError(
            f"Your capture on {spot_name(spot)} revealed {revealed}: first REPLACE it with a "
            f"{foe} card from your hand, or KEEP it; nothing else may happen in between.",
            rule="replace-or-keep",
            hint=_hint(legal),
        )
    if not named:
        if replace_word is None:
            raise ParseError(text, EXPECTED_STEP)
        reps = [m for m in legal if m[0] == "replace"]
        if len(reps) == 1:
            return reps[0]
        raise AmbiguousMoveError(text, [render_move(m) for m in reps])
    if len(named) > 1:
        usable = [c for c in named if ("replace", c) in legal]
        if len(usable) != 1:
            raise ParseError(text, "one card to replace with; " + EXPECTED_STEP)
        named = usable
    card = named[0]
    if ("replace", card) in legal:
        return ("replace", card)
    if card == revealed and replace_word is None:  # naming the revealed card, no keep word:
        if not re.search(r"[^\W\d_]", blanked):  # the card alone ("Q♠"): leave it standing
            return ("keep",)
        asked = [render_move(m) for m in legal if m[0] in ("keep", "replace")]  # "ugh another
        raise AmbiguousMoveError(text, asked[:8])  # 8 of spades": asked back, never played
    if card not in state["hands"][seat]:
        raise IllegalMoveError(f"You do not hold {card}.", rule="not-in-hand", hint=_hint(legal))
    name, foe = SEATS[seat], SEATS[R.opponent(seat)]
    raise IllegalMoveError(
        f"The replacement must be a {foe} card from your hand; {card} is {name}.",
        rule="replacement-colour",
        hint=_hint(legal),
    )


def _check(move: Move, legal: list[Move], state: dict[str, Any], seat: int) -> Move:
    if move in legal:
        return move
    raise _explain(move, legal, state, seat)


def _choose(text: str, candidates: list[Move], legal, state, seat, fallback: Move) -> Move:
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise AmbiguousMoveError(text, [render_move(m) for m in candidates])
    raise _explain(fallback, legal, state, seat)


def _piece_move(text, frm, to, cards, marked_reps, marked, legal, state, seat) -> Move:
    pieces = state["pieces"]
    # cards naming the mover or its victim only describe the move; any other is a replacement
    extra = marked_reps or [c for c in cards if c not in (pieces[frm], pieces[to])]
    if len(extra) > 1:
        raise ParseError(text, "at most one card besides the pieces; " + EXPECTED)
    target = pieces[to]
    if target is None or CARD_SIDE[target] == seat or state["check"][to]:
        if (marked or extra) and target is None:
            mover = pieces[frm]
            if mover is None or CARD_SIDE[mover] != seat or state["check"][frm]:
                raise _explain(("move", frm, to), legal, state, seat)
            raise IllegalMoveError(
                f"There is no {SEATS[R.opponent(seat)]} piece on {spot_name(to)} to capture.",
                rule="nothing-to-capture",
                hint=_hint([m for m in legal if m[0] != "play" and m[1:2] == (frm,)]),
            )
        return _check(("move", frm, to), legal, state, seat)
    move = ("capture", frm, to)
    if extra and move in legal:
        raise IllegalMoveError(
            "The replacement is chosen after the flip, once the card that comes up is seen.",
            rule="replace-after-flip",
            hint=f"Send {render_move(move)} now; if an opponent's card comes up, answer "
            "REPLACE <card> or KEEP.",
        )
    return _check(move, legal, state, seat)


def _one_spot(text, idx, card, legal, state, seat) -> Move:
    pieces = state["pieces"]
    if card is not None:
        own_pieces = [i for i, p in enumerate(pieces) if p == card and not state["check"][i]]
        if card not in state["hands"][seat] and own_pieces and CARD_SIDE[card] == seat:
            # "7♥ M3": the piece 7♥ on the board moves to M3
            moves = [m for m in legal if m[0] in ("move", "capture") and m[1] in own_pieces]
            moves = [m for m in moves if m[2] == idx]
            return _choose(text, moves, legal, state, seat, ("move", own_pieces[0], idx))
        return _check(("play", card, idx), legal, state, seat)
    piece = pieces[idx]
    if piece is not None and CARD_SIDE[piece] == seat:
        moves = [m for m in legal if m[0] in ("move", "capture") and m[1] == idx]
        if not moves:
            raise _explain(("move", idx, idx), legal, state, seat)
        return _choose(text, moves, legal, state, seat, moves[0])
    plays = [m for m in legal if m[0] == "play" and m[2] == idx]
    if plays:
        raise AmbiguousMoveError(text, [render_move(m) for m in plays])
    raise ParseError(text, "a card to play in or a second spot to move to; " + EXPECTED)


def _card_only(text, card, legal, state, seat) -> Move:
    if card in state["hands"][seat]:
        plays = [m for m in legal if m[0] == "play" and m[1] == card]
        return _choose(text, plays, legal, state, seat, ("play", card, -1))
    own = [i for i, p in enumerate(state["pieces"]) if p == card and not state["check"][i]]
    if own and CARD_SIDE[card] == seat:
        moves = [m for m in legal if m[0] in ("move", "capture") and m[1] in own]
        return _choose(text, moves, legal, state, seat, ("move", own[0], own[0]))
    raise IllegalMoveError(
        f"You do not hold {card}.",
        rule="not-in-hand",
        hint=_hint([m for m in legal if m[0] == "play"], "You may play in: "),
    )


# ---------------------------------------------------------------- why a move is illegal


def _explain(move: Move, legal: list[Move], state: dict[str, Any], seat: int) -> IllegalMoveError:
    kind = move[0]
    if kind == "exchange":
        return IllegalMoveError(
            "You may not exchange twice in a row: your previous move was an exchange.",
            rule="exchange-twice",
            hint=_hint(legal),
        )
    if kind == "play":
        return _explain_play(move, legal, state, seat)
    return _explain_piece_move(move, legal, state, seat)


def _explain_play(
    move: Move, legal: list[Move], state: dict[str, Any], seat: int
) -> IllegalMoveError:
    """Why playing a card in from the hand is illegal."""
    name, foe = SEATS[seat], SEATS[R.opponent(seat)]
    _, card, idx = move
    plays = [m for m in legal if m[0] == "play"]
    hint = _hint(plays, "You may play in: ") if plays else _hint(legal)
    if card not in state["hands"][seat]:
        return IllegalMoveError(f"You do not hold {card}.", rule="not-in-hand", hint=hint)
    if CARD_SIDE[card] != seat:
        return IllegalMoveError(
            f"{card} is a {foe} card: you play in only {name} cards (♥ ♦ for red, ♣ ♠ for "
            "black). Enemy cards serve as replacements after a capture.",
            rule="play-own-colour",
            hint=hint,
        )
    if R.in_play(state, seat) >= R.MAX_IN_PLAY:
        return IllegalMoveError(
            "You already have five pieces in play (pieces in check do not count).",
            rule="five-in-play",
            hint=_hint(legal),
        )
    castle = R.RANKS[R.CASTLE_ROW[seat]]
    if idx < 0 and not R.free_castle_spots(state, seat):
        return IllegalMoveError(
            f"Your castle ({castle}1–{castle}5) has no free spot to play in.",
            rule="spot-taken",
            hint=_hint(legal),
        )
    if idx < 0 or idx // 5 != R.CASTLE_ROW[seat]:
        where = "" if idx < 0 else f", not on {spot_name(idx)}"
        return IllegalMoveError(
            f"You play in a card on a free spot of your own castle ({castle}1–{castle}5){where}.",
            rule="play-in-castle",
            hint=hint,
        )
    return IllegalMoveError(
        f"{spot_name(idx)} is not free"
        + (" (it is in check)" if state["check"][idx] else "")
        + ".",
        rule="spot-taken",
        hint=hint,
    )


def _explain_piece_move(
    move: Move, legal: list[Move], state: dict[str, Any], seat: int
) -> IllegalMoveError:
    """Why moving a piece (a move or a capture) is illegal: the piece, then its destination."""
    name, foe = SEATS[seat], SEATS[R.opponent(seat)]
    frm, to = move[1], move[2]
    pieces = state["pieces"]
    piece = pieces[frm]
    if piece is None:
        return IllegalMoveError(f"There is no piece on {spot_name(frm)}.", "no-piece", _hint(legal))
    if CARD_SIDE[piece] != seat:
        return IllegalMoveError(
            f"{piece} on {spot_name(frm)} is a {foe} piece; you move only {name} pieces.",
            rule="not-your-piece",
            hint=_hint(legal),
        )
    if state["check"][frm]:
        return IllegalMoveError(
            f"{piece} on {spot_name(frm)} is in check: it is out of play and cannot move.",
            rule="in-check",
            hint=_hint(legal),
        )
    own = [m for m in legal if m[0] in ("move", "capture") and m[1] == frm]
    hint = _hint(own, f"{piece} on {spot_name(frm)} may go: ") if own else _hint(legal)
    if frm == to:
        return IllegalMoveError(
            f"{_piece_name(piece)} on {spot_name(frm)} has no legal move now.",
            "stuck",
            _hint(legal),
        )
    if state["check"][to]:
        return IllegalMoveError(
            f"{spot_name(to)} is in check: the spot is out of play.",
            rule="spot-in-check",
            hint=hint,
        )
    target = pieces[to]
    if target is not None and CARD_SIDE[target] == seat:
        return IllegalMoveError(
            f"{spot_name(to)} holds your own {target}.", rule="occupied-by-own", hint=hint
        )
    if target is None:
        return _explain_onto_empty(piece, frm, to, hint)
    return _explain_capture(piece, frm, to, target, hint)


def _mode(piece: str, frm: int, to: int) -> tuple[str, int]:
    """How ``piece`` on ``frm`` may reach ``to`` (its movement grid's mode and the spot it
    passes), or ``("", -1)`` when it cannot."""
    modes = {t: (mode, via) for t, mode, via in R.grid(piece, frm)}
    return modes.get(to, ("", -1))


def _unreachable(piece: str, frm: int, to: int, hint: str) -> IllegalMoveError:
    return IllegalMoveError(
        f"{_piece_name(piece)} on {spot_name(frm)} cannot reach {spot_name(to)}: "
        f"{R.grid_words(piece, frm)}",
        rule="movement",
        hint=hint,
    )


def _explain_onto_empty(piece: str, frm: int, to: int, hint: str) -> IllegalMoveError:
    """Why ``piece`` cannot go from ``frm`` to the empty spot ``to``."""
    mode, via = _mode(piece, frm, to)
    if mode == "C":
        return IllegalMoveError(
            f"{_piece_name(piece)} only captures on {spot_name(to)}, and it is empty.",
            rule="capture-only",
            hint=hint,
        )
    if mode == "J":
        return IllegalMoveError(
            f"An ace jumps two spots only over a piece; {spot_name(via)} is empty.",
            rule="ace-jump",
            hint=hint,
        )
    if mode == "D":
        return IllegalMoveError(
            f"The ten's double step needs {spot_name(via)} free.", rule="ten-double", hint=hint
        )
    return _unreachable(piece, frm, to, hint)


def _explain_capture(piece: str, frm: int, to: int, target: str, hint: str) -> IllegalMoveError:
    """Why ``piece`` on ``frm`` cannot capture the enemy ``target`` on ``to``."""
    mode, _ = _mode(piece, frm, to)
    if mode in ("M", "J", "D"):
        return IllegalMoveError(
            f"{_piece_name(piece)} may only move, not capture, onto {spot_name(to)}.",
            rule="move-only",
            hint=hint,
        )
    if not mode:
        return _unreachable(piece, frm, to, hint)
    a, v = CARD_RANK[piece], CARD_RANK[target]
    if not R.can_capture(a, v):
        if R.is_face(v):
            why = "a pawn never captures a face card (J, Q, K, A)"
        else:
            why = "a pawn captures only pawns of equal or lower rank"
        return IllegalMoveError(
            f"{piece} cannot capture {target}: {why}.", rule="capture-power", hint=hint
        )
    return IllegalMoveError("That capture is not legal now.", rule="illegal", hint=hint)
