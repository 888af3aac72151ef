"""Card Chess: moves as people write them in chat, resolved against the seat's own position.

:func:`rewrite` puts spot names in words into codes ("black kingdom five" → ``BK5``, "my castle
3" → the seat's castle, "their kingdom 2" → the opponent's) and fixes light typos ("kingdon",
"excange"). :func:`resolve` reads pieces and cards named by rank ("ace to black kingdom 5",
"take his queen with my jack", "play my seven", "replace it with my two") or by their place in
the hand ("my second card"), and keeps the legal moves that fit everything said: one move is
played, several are asked back (at most :data:`MAX_CANDIDATES`), none is refused with the reason.
An article is never a card: only the words ``ace``, ``king``… and the numbers 2–10 are ranks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gm.games.base import AmbiguousMoveError, IllegalMoveError
from gm.games.cards import RANK_NAMES, SUITS, card_text, find_cards, parse_suit
from gm.games.words import LAST, is_ordinal, number_value, typo

from . import rules as R
from .notation import _hint, render_move
from .rules import CARD_RANK, CARD_SIDE, ROW_OF, SEATS, Move, spot_name

MAX_CANDIDATES = 5
_KEYWORDS = ("castle", "kingdom", "middle", "exchange", "replace", "capture", "black")
_KNOWN = {"captures", "captured", "castles", "replaced", "exchanges", "places", "kings"}
_FILE_WORDS = r"one|two|three|four|five|first|second|third|fourth|fifth|[1-5](?:st|nd|rd|th)?"
_OWNED_ROW = re.compile(
    r"\b(my|our|his|her|their|your|the enemy'?s?|the opponent'?s?|enemy|opponent'?s?|red'?s?|"
    r"black'?s?)\s+(castle|kingdom)\b",
    re.IGNORECASE,
)
_ROW_FILE = re.compile(
    r"\b(castle|kingdom|middle|mid|bc|bk|rc|rk|m)(?:\s+(?:row|rank))?\s+(?:(?:on|at|in|to)\s+)?"
    r"(?:the\s+)?(?:(?:file|number|spot|square|slot|place|space|column)\s+)?"
    rf"({_FILE_WORDS})\b",
    re.IGNORECASE,
)
_SPOT_CODE = re.compile(
    r"(?<![a-z0-9])(black\s*castle|black\s*kingdom|red\s*castle|red\s*kingdom|middle|mid|"
    r"bc|bk|rc|rk|m)\s*-?\s*([1-5])(?![0-9])",
    re.IGNORECASE,
)
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()}
_RANK_WORDS |= {name + "s": rank for rank, name in RANK_NAMES.items()} | {"sixes": 6}
_RANK_WORDS |= {str(r): r for r in range(2, 11)} | {"pawn": 0, "pawns": 0}
_MINE = {"my", "mine", "our"}
_THEIRS = {"his", "her", "their", "your", "enemy", "enemy's", "opponent's", "opponents"}
_MOVER_CUE = {"with", "using", "by"}
_CAPTURE = re.compile(r"\b(takes?|took|captures?|capturing|kills?|eats?|x)\b")
_PLAY = re.compile(r"\b(play|plays|put|place|bring|drop|deploy|enter)\b")
_MOVE = re.compile(
    r"\b(move|moves|step|steps|advance|jump|jumps|forward|back|push|retreat|straight|ahead)\b"
)
# (not "not quitting": said of the game, not of the card)
_KEEP = re.compile(
    r"\b(keep\w*|leave|no|not|don'?t|none|skip)\b"
    r"(?!\s+(?:quit\w*|giving up|give up|resign\w*|surrender\w*|esperaba|puede ser|way\b))"
)
_REPLACE = re.compile(r"\b(replace\w*|swap\w*|substitut\w*|use|with)\b")
_ORDINAL = re.compile(r"\b(?:my|the) (?:very )?([a-z0-9]+) (?:card|one)\b(?: (?:in|of) my hand)?")


@dataclass
class Ref:
    """A piece or card named in the text: a rank (0: any pawn) or an exact card, who owns it
    (``mine``/``theirs``/None), and its role (``mover``/``target``/None)."""

    rank: int | None
    card: str | None
    owner: str | None
    role: str | None
    at: int
    said: str

    def fits(self, card: str | None) -> bool:
        if card is None:
            return False
        if self.card is not None:
            return card == self.card
        rank = CARD_RANK[card]
        return rank <= 10 if self.rank == 0 else rank == self.rank


def _fix(word: str) -> str:
    w = word.casefold()
    if not w.isalpha() or w in _KNOWN:
        return word
    return typo(w, _KEYWORDS) or word


def rewrite(text: str, seat: int) -> str:
    """Spots in words as codes, typos fixed, punctuation dropped (the case is kept: "AS" is the
    ace of spades, "as" a word)."""
    t = text.replace("\u2019", "'")
    t = " ".join(re.sub(r"[!?.,;()\"]", " ", t).split())
    t = " ".join(_fix(w) for w in t.split())
    own, foe = SEATS[seat], SEATS[R.opponent(seat)]

    def owned(m: re.Match) -> str:
        who = m.group(1).casefold()
        side = own if who in ("my", "our") or who.startswith(own) else foe
        return f"{side} {m.group(2)}"

    def filed(m: re.Match) -> str:
        n = number_value(m.group(2), pronoun_one=False)
        return f"{m.group(1)} {n}" if n is not None and 1 <= n <= 5 else m.group(0)

    t = _OWNED_ROW.sub(owned, t)
    return _ROW_FILE.sub(filed, t)


def _spots(t: str) -> tuple[list[tuple[int, int]], str]:
    """(spot index, position) of every spot code, and the text with them blanked."""
    found = []
    for m in _SPOT_CODE.finditer(t):
        row = ROW_OF[re.sub(r"\s+", "", m.group(1).casefold())]
        found.append((row * 5 + int(m.group(2)) - 1, m.start()))
        t = t[: m.start()] + " " * (m.end() - m.start()) + t[m.end() :]
    return found, t


# one's lowest or highest card, by the hand's order (as "my first" and "my last" are)
_SUPERLATIVE = re.compile(
    r"\b(lowest|smallest|weakest|highest|biggest|strongest)\b(?:\s+card|\s+one)?"
)
_LOW = {"lowest", "smallest", "weakest"}


def _refs(t: str, hand: list[str]) -> list[Ref]:
    refs: list[Ref] = []
    blanked = t
    for card, (a, b) in find_cards(t):
        refs.append(Ref(None, card_text(card, ten="10"), None, None, a, t[a:b]))
        blanked = blanked[:a] + " " * (b - a) + blanked[b:]
    shown = sorted(hand, key=R.card_key)
    for m in _ORDINAL.finditer(blanked.casefold()):
        n = number_value(m.group(1))
        if (
            n is not None
            and is_ordinal(m.group(1))
            and shown
            and (n == LAST or 0 < n <= len(shown))
        ):
            nth = shown[-1] if n == LAST else shown[n - 1]
            refs.append(Ref(None, nth, "mine", None, m.start(), m.group(0)))
            blanked = blanked[: m.start()] + " " * len(m.group(0)) + blanked[m.end() :]
    # "replace it with my lowest"; "of my two spades the highest": among that suit's
    said = re.findall(r"\b(?:club|diamond|heart|spade)s?\b", blanked.casefold())
    suits = {SUITS[i] for w in said if (i := parse_suit(w)) is not None}
    among = [c for c in shown if not suits or c[-1] in suits]
    for m in _SUPERLATIVE.finditer(blanked.casefold()):
        if among:
            most = among[0] if m.group(1) in _LOW else among[-1]
            refs.append(Ref(None, most, "mine", None, m.start(), m.group(0)))
            blanked = blanked[: m.start()] + " " * len(m.group(0)) + blanked[m.end() :]
    words = [(m.group(0), m.start()) for m in re.finditer(r"[a-z0-9']+", blanked.casefold())]
    for w, at in words:
        if w not in _RANK_WORDS:
            continue
        refs.append(Ref(_RANK_WORDS[w], None, None, None, at, w))
    for ref in refs:
        before = [w for w, at in words if at < ref.at][-3:]
        if any(w in _MINE for w in before[-2:]):
            ref.owner = "mine"
        elif any(w in _THEIRS or w.startswith(("black's", "red's")) for w in before[-2:]):
            ref.owner = "theirs"
        if any(w in _MOVER_CUE for w in before[-3:]):
            ref.role = "mover"
    refs.sort(key=lambda r: r.at)
    return refs


def _roles(refs: list[Ref], t: str) -> None:
    """Mover or target for the references no cue marked: with a capture word between two
    references, the first captures the second; a lone reference after a capture word is taken."""
    cap = _CAPTURE.search(t)
    for i, ref in enumerate(refs):
        if ref.role:
            continue
        others = [r for r in refs if r is not ref]
        if ref.owner == "mine":
            ref.role = "mover"
        elif ref.owner == "theirs":
            ref.role = "target"
        elif cap is not None and cap.start() < ref.at:
            # "take the jack with my ace": the one said after "with", or mine, is the mover
            movers = any(r.role == "mover" or r.owner == "mine" for r in others)
            ref.role = "target" if (i > 0 or not others or movers) else "mover"
        elif cap is not None:
            ref.role = "mover"


def _fits(move: Move, refs: list[Ref], spots: list[int], t: str, state: dict[str, Any]) -> bool:
    pieces = state["pieces"]
    kind = move[0]
    if kind == "play":
        if _CAPTURE.search(t) or _MOVE.search(t) or len(refs) != 1 or refs[0].role == "target":
            return False
        return refs[0].fits(move[1]) and set(spots) <= {move[2]}
    if kind not in ("move", "capture") or (_PLAY.search(t) and not _MOVE.search(t)):
        return False
    frm, to = move[1], move[2]
    if _CAPTURE.search(t) and kind != "capture":
        return False
    if len(spots) > 2 or not set(spots) <= {frm, to}:
        return False
    mover, target = pieces[frm], pieces[to] if kind == "capture" else None
    said_mover = bool(spots and spots[0] == frm and len(spots) == 2)
    for ref in refs:
        as_mover = ref.role in (None, "mover") and ref.owner != "theirs" and ref.fits(mover)
        as_target = ref.role in (None, "target") and ref.owner != "mine" and ref.fits(target)
        if not (as_mover or as_target):
            return False
        said_mover = said_mover or as_mover
    return said_mover or frm in spots or all(r.role == "target" for r in refs)


def resolve(text: str, state: dict[str, Any], seat: int) -> Move | None:
    """The move ``text`` means when it names pieces or cards by rank or by place; None when it
    names none (the notation's own reader goes on with :func:`rewrite`'s text)."""
    if _WHOLE_HAND.search(text):  # "swap out my whole hand for 5 new cards": EXCHANGE
        return next((m for m in R.legal_moves(state, seat) if m[0] == "exchange"), None)
    found, blanked = _spots(rewrite(text, seat))
    refs = _refs(blanked, state["hands"][seat])
    blanked = blanked.casefold()
    hand, pieces = state["hands"][seat], state["pieces"]
    named = any(r.card is None or r.owner == "mine" for r in refs) or (
        _MOVE.search(blanked) is not None  # "bc4 2♣ one forward": one's own piece moved
        and any(r.card is not None and r.card in pieces and CARD_SIDE[r.card] == seat for r in refs)
    )
    if not named and (
        state["pending"] is not None
        or not any(_foe_piece(r.card, hand, pieces, seat) for r in refs)
    ):
        return None  # whole cards and spots only: the notation reads those
    legal = R.legal_moves(state, seat)
    if state["pending"] is not None:
        return _step(text, blanked, refs, legal)
    _roles(refs, blanked)
    spots = [idx for idx, _ in found]
    fit = [m for m in legal if _fits(m, refs, spots, blanked, state)]
    if not fit and _PLAY.search(blanked):  # "put the ace in their castle": a piece moved
        fit = [m for m in legal if _fits(m, refs, spots, _PLAY.sub(" ", blanked), state)]
    fit = _narrowed(fit, blanked)
    if len(fit) == 1:
        return fit[0]
    if fit:
        raise AmbiguousMoveError(text, [render_move(m) for m in fit][:MAX_CANDIDATES])
    raise _no_fit(refs, state, seat, legal)


# the whole hand traded: the exchange ("swap out my whole hand", "5 new cards", "new hand",
# "swap all 5")
_WHOLE_HAND = re.compile(
    r"\b(?:(?:swap|trade|change|exchange|replace|ditch|dump|throw away)\w*\s+(?:out\s+|in\s+)?"
    r"(?:my\s+|the\s+)?(?:whole|entire|full|all\s+(?:of\s+)?my)\s+hand|new hand|"
    r"(?:discard|toss|dump|ditch|bin|throw away)\s+(?:my|the)\s+hand|"
    r"(?:exchange|swap|trade)\w*\s+(?:out\s+)?my\s+hand(?!\s*cards?\b)|"
    r"(?:\d+|five)\s+new cards|fresh (?:hand|cards)|"
    r"(?:swap|trade|change|exchange|ditch|dump|toss)\w*\s+(?:(?:them|em|'em)\s+)?all"
    r"(?:\s+(?:\d+|five|of (?:them|my cards)|my cards|cards))?)\b",
    re.IGNORECASE,
)
_ROW_SAID = re.compile(r"\b(?:black|red) (?:castle|kingdom)\b|\bmiddle\b")
_ROW_CODES = {"black castle": "BC", "black kingdom": "BK", "red castle": "RC",
              "red kingdom": "RK", "middle": "M"}  # fmt: skip
_STRAIGHT = re.compile(r"\b(?:straight|ahead|forward|directly)\b")


def _narrowed(fit: list[Move], t: str) -> list[Move]:
    """The moves that fit, narrowed by a row named without a file ("the ace to the red castle")
    and by "straight ahead" (the same file); unnarrowed where nothing fits what is said."""
    rows = {_ROW_CODES[m.group(0)] for m in _ROW_SAID.finditer(t)}
    if rows and len(fit) > 1:
        fit = [m for m in fit if m[0] in _PLACED and spot_name(m[2])[:-1] in rows] or fit
    if _STRAIGHT.search(t) and len(fit) > 1:
        fit = [m for m in fit if m[0] in ("move", "capture") and _same_file(m[1], m[2])] or fit
    return fit


def _same_file(frm: int, to: int) -> bool:
    return spot_name(frm)[-1:] == spot_name(to)[-1:]


_PLACED = ("play", "move", "capture")  # the moves that put a piece on a spot (move[2])


def _foe_piece(card: str | None, hand: list[str], pieces: list, seat: int) -> bool:
    """A whole card not in the hand that stands on the board as an enemy piece ("take the K♣")."""
    return card is not None and card not in hand and card in pieces and CARD_SIDE[card] != seat


def _step(text: str, t: str, refs: list[Ref], legal: list[Move]) -> Move:
    keep, rep = _KEEP.search(t), _REPLACE.search(t)
    if keep is not None and (rep is None or keep.start() < rep.start()):
        return ("keep",)
    fit = [m for m in legal if m[0] == "replace" and any(r.fits(m[1]) for r in refs)]
    if len(fit) == 1:
        return fit[0]
    if fit:
        raise AmbiguousMoveError(text, [f"REPLACE {m[1]}" for m in fit][:MAX_CANDIDATES])
    foe = SEATS[R.opponent(CARD_SIDE[legal[0][1]])] if legal[0][0] == "replace" else ""
    said = " or ".join(r.said for r in refs)
    raise IllegalMoveError(
        f"No {foe} card of your hand fits '{said}' to replace the revealed card.".replace(
            "  ", " "
        ),
        rule="replacement-colour",
        hint="Answer "
        + ", ".join(f"REPLACE {m[1]}" if m[0] == "replace" else "KEEP" for m in legal),
    )


def _no_fit(
    refs: list[Ref], state: dict[str, Any], seat: int, legal: list[Move]
) -> IllegalMoveError:
    pieces, hand = state["pieces"], state["hands"][seat]
    foe = SEATS[R.opponent(seat)]
    for ref in refs:
        mine = [i for i, p in enumerate(pieces) if p and CARD_SIDE[p] == seat and ref.fits(p)]
        theirs = [i for i, p in enumerate(pieces) if p and CARD_SIDE[p] != seat and ref.fits(p)]
        held = [c for c in hand if ref.fits(c)]
        if ref.role == "target" and not theirs:
            return IllegalMoveError(
                f"{foe.capitalize()} has no {ref.said} on the board to capture.",
                rule="nothing-to-capture",
                hint=_hint([m for m in legal if m[0] == "capture"]),
            )
        if ref.role != "target" and not mine and not held and (ref.role or not theirs):
            return IllegalMoveError(
                f"You have no {ref.said} on the board or in your hand.",
                rule="not-in-hand",
                hint=_hint([m for m in legal if m[0] != "exchange"]),
            )
    movers = {
        i
        for ref in refs
        if ref.role != "target"
        for i, p in enumerate(pieces)
        if p and CARD_SIDE[p] == seat and ref.fits(p)
    }
    own = [m for m in legal if m[0] in ("move", "capture") and m[1] in movers]
    said = " and ".join(r.said for r in refs)
    return IllegalMoveError(
        f"No legal move fits '{said}' now.",
        rule="movement",
        hint=_hint(own, "Those pieces may go: ") if own else _hint(legal),
    )
