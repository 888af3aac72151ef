"""Reading moves typed by people: ``DRAW DECK``, ``DRAW PILE``, ``DISCARD 3RC``, ``PILE 3RC``.

Moves are tuples: ``("draw", "deck")``, ``("draw", "pile")``, ``("discard", card)`` and the
one-step shorthand ``("pile", card)`` (take the pile card, then discard ``card``). Words may come
in any case and order, with extra words (``take the top card from the discard pile``), and cards
as codes (``3rc``) or words (``3 of red crowns``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from gm.games.base import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    game_over_line,
)
from gm.games.maze.geometry import CORNERS, SUIT_NAMES, SUIT_ORDERS, find_cards, sort_cards
from gm.games.maze.rules import DRAW_DECK, DRAW_PILE, HAND_SIZE
from gm.games.words import LAST, is_ordinal, number_value, typo

EXPECTED = (
    "DRAW DECK or DRAW PILE (then DISCARD <card>), or PILE <card> to take the pile card and "
    "discard <card> in one move; a card is written number, colour letter (Y R B), suit letter "
    "(S M C A), like 1YS for the Ace of Yellow Suns, or in words like 'ace of yellow suns'"
)

_DRAW_WORDS = {"draw", "draws", "take", "takes", "pick", "picks", "get", "grab", "drew", "took"}
_DECK_VERBS = {"draw", "draws", "drew"}  # "draw" alone, "draw a card": the drawing deck
_DECK_WORDS = {"deck", "stock", "stack"}
_PILE_WORDS = {"pile", "discards"}
_DISCARD_WORDS = {"discard", "drop", "throw", "toss", "dump", "shed"}
_WORD = re.compile(r"[a-z]+")
_PICK_UP = re.compile(r"\bpick(?:s|ed)?\s+up\b")


def step_hint(step: str, hand: list[str], pile_top: str | None, banned: str | None) -> str:
    """What the seat to move can do now, in one sentence (no list of every legal move: the
    front ends add that)."""
    if step == "discard":
        card = next(c for c in sort_cards(hand) if c != banned)
        return f"Discard one card of your hand, e.g. DISCARD {card}."
    if pile_top is None:
        return "The pile is empty: draw from the deck with DRAW DECK."
    return (
        f"DRAW DECK draws from the deck; DRAW PILE takes {pile_top}; PILE <card> takes {pile_top} "
        "and discards <card> in one move."
    )


def render_move(move: Move) -> str:
    kind, what = move
    if kind == "draw":
        return f"DRAW {what.upper()}"
    return f"{kind.upper()} {what}"


def _first(words: list[tuple[str, int]], vocabulary: set[str]) -> int | None:
    return next((pos for word, pos in words if word in vocabulary), None)


# ---------------------------------------------------------------- references as people make them

MAX_CANDIDATES = 5  # a question back lists at most this many moves
_KEYWORDS = ("discard", "draw", "deck", "pile", "throw", "stock", "yellow", "crowns", "moons")
_KNOWN = {"drawn", "drawing", "draws", "throws", "thrown", "discards", "discarded", "piles"}
_DRAWN_REF = re.compile(
    r"\bwhat i(?:'ve| have)? (?:just )?(?:drew|drawn|got|took|picked(?: up)?|pulled)"
    r"(?: (?:from|off) (?:the )?(?:deck|stock|stack|pile|discard pile))?(?: just now)?\b"
    r"|\b(?:the |that |this )?(?:card|one) (?:that |which )?i(?:'ve| have)? (?:just )?"
    r"(?:drew|drawn|got|took|picked(?: up)?|pulled)(?: (?:from|off) (?:the )?"
    r"(?:deck|stock|stack|pile|discard pile))?(?: just now)?\b"
    r"|\b(?:the |that |this |my )?(?:just |newly )?(?:drawn|new|fresh|latest) (?:card|one)\b"
)
_DISCARD_PHRASE = re.compile(
    r"\b(?:get rid of|throw (?:away|out)|toss(?: away| out)?|chuck(?: out| away)?|ditch|bin|"
    r"let go of|part with|put down|lay down|drop)\b"
)
_ORDINAL_REF = re.compile(
    r"\b(?:my|the) (?:very )?([a-z0-9]+) (?:card|one)\b(?: (?:in|of|from) (?:my )?hand)?"
    r"|\bcard (?:number )?([a-z0-9]+)\b(?! (?:yellow|red|blue|suns?|moons?|crowns?|arms?)\b)"
    r"(?: (?:in|of|from) (?:my )?hand)?"  # not "pile card 3 red arms": a card's number
)
_KEEP_CLAUSE = re.compile(
    r"\b(?:keep|keeping|hold on to|hold onto|hang on to)\b.*?(?=,|;|\band\b|\bbut\b|\bthen\b|"
    r"\bdiscard\b|$)"
)
_NUMBER_REF = {"ace": 1, "aces": 1, "two": 2, "three": 3, "four": 4, "five": 5, "twos": 2}
_NUMBER_REF |= {"threes": 3, "fours": 4, "fives": 5}
_NUMBER_REF |= {str(n): n for n in range(1, 6)} | {f"{n}s": n for n in range(1, 6)}
_COLOUR_REF = {"yellow": "Y", "red": "R", "blue": "B"}
_SUIT_REF = {"sun": "S", "suns": "S", "moon": "M", "moons": "M", "crown": "C", "crowns": "C"}
_SUIT_REF |= {"arm": "A", "arms": "A"}
_REF_TOKEN = re.compile(r"[a-z0-9']+")
_MAX_READINGS = 32


def _describe(words: list[str]) -> tuple[dict[int, str], str]:
    """A partial card description ("the red moon", "my 3") as {position: letter}, and its text."""
    want: dict[int, str] = {}
    for w in words:
        if w in _NUMBER_REF:
            want[0] = str(_NUMBER_REF[w])
        elif w in _COLOUR_REF:
            want[1] = _COLOUR_REF[w]
        elif w in _SUIT_REF:
            want[2] = _SUIT_REF[w]
    return want, " ".join(words)


def _kind(word: str) -> int | None:
    if word in _NUMBER_REF:
        return 0
    if word in _COLOUR_REF:
        return 1
    return 2 if word in _SUIT_REF else None


def _partial_refs(text: str) -> list[tuple[tuple[int, int], list[str]]]:
    """Runs of card characteristics without a whole card ("red moon", "the three", "blue
    crowns"), each with its span and words; whole cards are not looked at."""
    blanked = text
    for _, (a, b) in find_cards(text):
        blanked = blanked[:a] + " " * (b - a) + blanked[b:]
    runs: list[tuple[tuple[int, int], list[str]]] = []
    current: list[re.Match] = []
    gap_ok = True
    for m in _REF_TOKEN.finditer(blanked):
        kind = _kind(m.group(0))
        if kind is None:
            gap_ok = gap_ok and m.group(0) in ("of", "the")
            if not gap_ok and current:
                runs.append(
                    ((current[0].start(), current[-1].end()), [c.group(0) for c in current])
                )
                current = []
            continue
        if current and (not gap_ok or kind in {_kind(c.group(0)) for c in current}):
            runs.append(((current[0].start(), current[-1].end()), [c.group(0) for c in current]))
            current = []
        current.append(m)
        gap_ok = True
    if current:
        runs.append(((current[0].start(), current[-1].end()), [c.group(0) for c in current]))
    return runs


def resolve(
    text: str,
    *,
    step: str,
    hand: list[str],
    pile_top: str | None,
    drawn: str | None,
    hint: str,
) -> list[str]:
    """The readings of ``text`` once its references to cards are replaced by card codes: "the
    card I just drew", "my second card", "the last card in my hand", "the red moon", "my 3",
    typos ("discrad"), "get rid of", and a "keep …" clause dropped. Several readings when a
    reference fits several cards; IllegalMoveError when it fits none of the seat's cards."""
    t = text.casefold().replace("\u2019", "'")
    t = re.sub(r"[,;]", " , ", t)
    t = " ".join(re.sub(r"[!?.:()\"]", " ", t).split())
    words = []
    for w in t.split(" "):
        fixed = None if not w.isalpha() or w in _KNOWN else typo(w, _KEYWORDS)
        words.append(fixed or w)
    t = " ".join(words)
    shown = sort_cards(hand)

    def sub_drawn(m: re.Match) -> str:
        if step != "discard" and not re.search(r"\b(?:i|drawn)\b", m.group(0)):
            return "draw a card"  # "a new card (from the deck)", before any draw: drawing one
        if step != "discard" or drawn is None:
            raise IllegalMoveError(
                "You have not drawn a card yet this turn: draw first (DRAW DECK or DRAW PILE), "
                "then discard.",
                rule="draw-first",
                hint=hint,
            )
        return drawn

    def sub_ordinal(m: re.Match) -> str:
        word = m.group(1) or m.group(2)
        n = number_value(word)
        if n is None or (m.group(1) and not is_ordinal(word)):
            return m.group(0)
        if n == 0 or n > len(shown):
            raise IllegalMoveError(
                f"You hold {len(shown)} cards, so there is no card number {n} in your hand.",
                rule="not-in-hand",
                hint=hint,
            )
        return shown[-1] if n == LAST else shown[n - 1]

    t = _DRAWN_REF.sub(sub_drawn, t)
    t = _DISCARD_PHRASE.sub("discard", t)
    t = _ORDINAL_REF.sub(sub_ordinal, t)
    t = " ".join(_KEEP_CLAUSE.sub(" ", t).split())
    readings = [t]
    for (a, b), ref in reversed(_partial_refs(t)):
        want, said = _describe(ref)
        discarding = (
            step == "discard"
            or any(  # "… and dump the blue 4 moons"
                w in _DISCARD_WORDS for w in re.findall(r"[a-z]+", t[:a])
            )
        )
        scope = shown if step == "discard" else [pile_top] if pile_top else []
        if step == "draw" and discarding:
            scope = sort_cards({*shown, *scope})
        fits = [c for c in scope if all(c[i] == x for i, x in want.items())]
        if not fits:
            if step == "draw" and not discarding and pile_top is not None:
                why = f"The top card of the discard pile is {pile_top}, not a {said}."
            elif step == "draw" and not discarding:
                why = "The discard pile is empty: draw from the deck with DRAW DECK."
            else:
                why = f"You hold no {said}."
            raise IllegalMoveError(why, rule="not-in-hand", hint=hint)
        readings = [r[:a] + card + r[b:] for r in readings for card in fits][:_MAX_READINGS]
    return readings


def read_move(
    text: str,
    *,
    step: str,
    hand: list[str],
    pile_top: str | None,
    no_rediscard: str | None,
    drawn: str | None = None,
) -> Move:
    """Turn ``text`` into a legal move for the seat to move, or raise a GameError.

    ``no_rediscard`` is the card that may not be discarded now (the pile card, or the pile card
    taken this turn, when the option forbids it); ``drawn`` the card drawn this turn (the
    discard step), which "the card I just drew" names. References to cards as people make them
    ("my second card", "the red moon", "what I drew") are resolved against the seat's own hand
    first: a reference that fits several cards asks back with the moves it fits.
    """
    hint = step_hint(step, hand, pile_top, no_rediscard)
    texts = resolve(text, step=step, hand=hand, pile_top=pile_top, drawn=drawn, hint=hint)
    moves: list[Move] = []
    first_error: GameError | None = None
    for option in texts:
        try:
            move = _read_move(
                option, step=step, hand=hand, pile_top=pile_top, no_rediscard=no_rediscard
            )
        except AmbiguousMoveError as err:
            moves.extend(m for m in _moves_of(err.candidates) if m not in moves)
            continue
        except GameError as err:
            first_error = first_error or err
            continue
        if move not in moves:
            moves.append(move)
    if len(moves) == 1:
        return moves[0]
    if moves:
        raise AmbiguousMoveError(text, [render_move(m) for m in moves][:MAX_CANDIDATES])
    assert first_error is not None
    if len(texts) > 1 or texts[0] != text:
        _reword(first_error, text)
    raise first_error


def _moves_of(candidates: list[str]) -> list[Move]:
    out = []
    for c in candidates:
        kind, what = c.split()
        out.append((kind.lower(), what.lower()) if kind == "DRAW" else (kind.lower(), what))
    return out


def _reword(err: GameError, text: str) -> None:
    """A parse error on a resolved text quotes what the person wrote, not the rewrite."""
    if isinstance(err, ParseError):
        err.text = text
        err.reason = f"Could not read {text!r} as a move."
        err.args = (err.reason,)


class _Said(NamedTuple):
    """Where a move text names cards and the move words (draw, deck, pile, discard)."""

    cards: list[str]  # the cards named, first mention first, each once
    draw_at: int | None
    deck_at: int | None
    pile_at: int | None
    discard_at: int | None
    deck_verb: bool  # "draw", "drew": a verb that alone means the drawing deck
    pile_source: bool  # the pile is named as where one draws from

    def names_nothing(self) -> bool:
        words = (self.draw_at, self.deck_at, self.pile_at, self.discard_at)
        return not self.cards and all(p is None for p in words)


_NOT_THE_PILE = re.compile(
    r"\b(?:nothing|none|no card|not the \w+)(?: \w+){0,3}? (?:in|on|from|off) the pile\b"
)


def _scan(text: str) -> _Said:
    cards_found = find_cards(text)
    rest = text
    for _, (a, b) in cards_found:
        rest = rest[:a] + " " * (b - a) + rest[b:]
    rest = rest.lower().replace("discard pile", "        pile")
    rest = re.sub(r"\b(from|off) the discard\b", r"\1 the    pile", rest)  # the pile, by its name
    # "on top of the discard": the pile, by its name
    rest = re.sub(r"\b(top of|on) the discard\b", r"\1 the    pile", rest)
    rest = re.sub(r"\bthe top discard\b", "the top    pile", rest)  # "grab the top discard"
    # "pick up the discard": the pile, taken by its name
    rest = re.sub(r"\b(pick up|take|grab|draw) the discard\b", r"\1 the    pile", rest)
    rest = re.sub(r"\bblind(ly)?\b", lambda m: "deck" + " " * (len(m.group(0)) - 4), rest)
    # "nothing in the pile helps me": the pile named as what is not wanted
    rest = _NOT_THE_PILE.sub(lambda m: " " * len(m.group(0)), rest)
    words = [(m.group(0), m.start()) for m in _WORD.finditer(rest)]
    if not any(word in _DECK_WORDS for word, _ in words) and _PICK_UP.search(rest):
        rest = _PICK_UP.sub("take pile", rest)  # "pick up (the card)": the discard pile
        words = [(m.group(0), m.start()) for m in _WORD.finditer(rest)]
    cards: list[str] = []
    for card, _ in cards_found:
        if card not in cards:
            cards.append(card)
    draw_at = _first(words, _DRAW_WORDS)
    pile_at = _first(words, _PILE_WORDS)
    discard_at = _first(words, _DISCARD_WORDS)
    # "discard 3RC on the pile" names the pile as where the card goes, not where one draws from.
    pile_source = pile_at is not None and (
        discard_at is None or pile_at < discard_at or (draw_at is not None and draw_at < pile_at)
    )
    return _Said(
        cards=cards,
        draw_at=draw_at,
        deck_at=_first(words, _DECK_WORDS),
        pile_at=pile_at,
        discard_at=discard_at,
        deck_verb=any(word in _DECK_VERBS for word, _ in words),
        pile_source=pile_source,
    )


@dataclass(frozen=True)
class _Seat:
    """What the seat to move holds and may do, for the refusals."""

    hand: list[str]
    pile_top: str | None
    no_rediscard: str | None
    hint: str

    def illegal(self, reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=self.hint)

    def check_discard(self, card: str, after_pile: bool) -> str:
        if card == self.no_rediscard:
            raise self.illegal(
                f"{card} was just taken from the pile and may not be discarded this turn "
                "(option forbid_immediate_rediscard).",
                "no-rediscard",
            )
        if card not in self.hand and not (after_pile and card == self.pile_top):
            raise self.illegal(
                f"You do not hold {card}; discard a card from your hand.", "not-in-hand"
            )
        return card

    def need_pile(self) -> str:
        if self.pile_top is None:
            raise self.illegal(
                "The discard pile is empty (nothing has been discarded yet), so you must draw "
                "from the deck.",
                "empty-pile",
            )
        return self.pile_top


_DRAW_FIRST = (
    "Draw first: DRAW DECK or DRAW PILE, then discard; or PILE <card> to take the pile card "
    "and discard <card> in one move."
)


def _read_move(
    text: str,
    *,
    step: str,
    hand: list[str],
    pile_top: str | None,
    no_rediscard: str | None,
) -> Move:
    hint = step_hint(step, hand, pile_top, no_rediscard)
    said = _scan(text)
    if said.names_nothing():
        raise ParseError(text, EXPECTED)
    seat = _Seat(hand=hand, pile_top=pile_top, no_rediscard=no_rediscard, hint=hint)
    if step == "discard":
        return _read_discard(text, said, seat)
    return _read_draw(text, said, seat)


def _read_discard(text: str, said: _Said, seat: _Seat) -> Move:
    """The discard step: one card of the hand, and no second draw."""
    example = f"DISCARD {sorted(seat.hand)[0]}"
    draws = said.draw_at is not None or said.deck_at is not None or said.pile_source
    if draws and said.discard_at is None:
        raise seat.illegal("You have already drawn this turn; now discard one card.", "one-draw")
    if not said.cards:
        raise ParseError(text, f"DISCARD <card> with a card of your hand, e.g. {example}")
    if len(said.cards) > 1:
        raise ParseError(text, f"one card to discard, e.g. {example}")
    return ("discard", seat.check_discard(said.cards[0], after_pile=False))


def _read_draw(text: str, said: _Said, seat: _Seat) -> Move:
    """The draw step: from the deck, from the pile, or the pile card and a discard at once."""
    cards = said.cards
    if said.deck_at is not None and not said.pile_source:
        if cards:
            raise seat.illegal(
                "After drawing from the deck you must see the card before you discard: send "
                "DRAW DECK, then DISCARD <card>.",
                "look-first",
            )
        return DRAW_DECK
    if said.deck_at is not None and not cards:
        raise AmbiguousMoveError(text, ["DRAW DECK", "DRAW PILE"])
    if len(cards) > 2:
        raise ParseError(text, "at most the pile card and the card to discard")
    if not said.pile_source:
        if said.draw_at is None:
            if said.discard_at is None and cards == [seat.pile_top]:
                return DRAW_PILE  # a bare "4BM" naming the pile card
            if said.discard_at is not None and len(cards) == 2 and seat.pile_top in cards:
                return _take_pile(text, said, seat)  # "3RA pa mi, descarto 2RM": PILE 2RM
            raise seat.illegal(_DRAW_FIRST, "draw-first")
        if not cards:
            if seat.pile_top is None or said.deck_verb:  # "draw", "draw a card": the deck
                return DRAW_DECK
            raise AmbiguousMoveError(text, ["DRAW DECK", "DRAW PILE"])
    return _take_pile(text, said, seat)


# the pile card taken and thrown back at once ("take the 5YM and throw it back", Spanish "lo
# vuelvo a tirar", Korean "다시 버려" as the lexicon reads them): PILE and that card
_RETHROWN = re.compile(
    r"\b(?:discard|drop|throw|toss|dump|shed)\s+it\b|"
    r"\b(?:throw|toss|put)\s+(?:it\s+)?(?:right\s+|straight\s+)?back\b"
)
_PILE_MOVE = re.compile(r"\s*pile\s+\S+\s*$", re.IGNORECASE)  # "PILE 3YA": the move's notation
# the discard left for later ("…, decide what to drop after"): never the pile card thrown back
_PUT_OFF = re.compile(r"\b(?:decide|later|see what|figure out|think about)\b", re.IGNORECASE)


def _take_pile(text: str, said: _Said, seat: _Seat) -> Move:
    """A draw from the pile: the top card alone, or with the card discarded in the same move."""
    cards = said.cards
    top = seat.need_pile()
    if len(cards) == 2:
        if top not in cards:
            raise seat.illegal(
                f"Only the top card of the discard pile can be taken; it is {top}.",
                "pile-top-only",
            )
        other = cards[1] if cards[0] == top else cards[0]
        return ("pile", seat.check_discard(other, after_pile=True))
    if not cards and _RETHROWN.search(text.lower()):  # "더미 카드 가져와서 그대로 다시 버려"
        return ("pile", seat.check_discard(top, after_pile=True))
    if not cards:
        if said.discard_at is not None:  # "take the pile and discard the 5 red…": two steps,
            raise ParseError(  # the discard unread — never half-played as DRAW PILE
                text, "the card to discard with the pile card: PILE <card>, e.g. PILE 3RC"
            )
        return DRAW_PILE
    card = cards[0]
    again = said.discard_at is not None and [c for c, _ in find_cards(text)].count(card) > 1
    if card == top and again:  # "take the 3RA then discard 3RA": taken and thrown back
        return ("pile", seat.check_discard(card, after_pile=True))
    if not said.pile_source and not (card == top and _RETHROWN.search(text.lower())):
        if card != top:
            raise seat.illegal(
                f"Only the top card of the discard pile can be taken; {card} is not it "
                f"(the top card is {top}).",
                "pile-top-only",
            )
        return DRAW_PILE
    if card == top and _RETHROWN.search(text.lower()):  # "take 5YM and throw it back"
        return ("pile", seat.check_discard(card, after_pile=True))
    if card == top and said.discard_at is None and not _PILE_MOVE.match(text):
        return DRAW_PILE  # "take 4BM from the pile", "i want the 4BM on the pile": taken
    if card == top and _PUT_OFF.search(text):  # "take 3RA …, decide what to drop after": the
        raise AmbiguousMoveError(text, ["DRAW PILE", f"PILE {top}"])  # discard left for later
    return ("pile", seat.check_discard(card, after_pile=True))


# ---------------------------------------------------------------- the board


def chain_text(chain: list[str], seat: int) -> str:
    if not chain:
        a, b = CORNERS[seat]
        return f"none yet (no card of your hand touches {a} or {b})"
    cards = len(chain) - 1 - (chain[-1] in CORNERS[seat])
    done = " - complete!" if chain[-1] in CORNERS[seat] else ""
    return f"{'~'.join(chain)} ({cards} of {HAND_SIZE} cards{done})"


def render_board(v: dict[str, Any], seat: int | None, outcome: Outcome | None) -> str:
    """The board text from ``seat``'s view ``v``; finished (no turn line, the game-over line
    last) when ``outcome`` is given."""
    line = "-".join(SUIT_NAMES[s] for s in SUIT_ORDERS[v["suit_order"]])
    if outcome is None:
        when = f"turn {v['turns_played'] + 1} of {v['turn_cap']}"
    else:
        when = f"over after {v['turns_played']} turns"
    lines = [f"Mystique Maze - {v['players']} seats - {when} - suit line {line}"]
    for s in v["seats"]:
        mark = ">" if s["seat"] == v["to_move"] else " "
        text = f"{mark} {s['seat'].upper()}  corners {' '.join(s['corners'])}  "
        text += f"hand {s['hand_size']}"
        if s["known_cards"]:
            text += f"  known {' '.join(s['known_cards'])}"
        lines.append(text)
    n = v["pile_size"]
    pile = f"{v['pile_top']} on top, {n} card{'s' * (n != 1)}" if n else "empty"
    lines.append(f"Pile: {pile}  |  Deck: {v['deck_size']} cards")
    if outcome is not None:
        pass
    elif v["step"] == "draw":
        how = "DRAW DECK, DRAW PILE or PILE <card>" if n else "DRAW DECK"
        lines.append(f"{v['to_move'].upper()} to move: draw ({how})")
    else:
        drawn = v["drawn"]
        if drawn["from"] == "pile":
            how = f"took {drawn['card']} from the pile"
        elif drawn["card"]:
            how = f"drew {drawn['card']} from the deck"
        else:
            how = "drew from the deck"
        lines.append(f"{v['to_move'].upper()} to move: discard ({how})")
    if seat is None:
        lines.append("Spectator: hands are hidden.")
    else:
        lines.append(f"Your hand ({v['viewer'].upper()}): {' '.join(v['hand'])}")
        if "chain_hint" in v:
            lines.append("Best chain from a corner: " + chain_text(v["chain_hint"], seat))
    if outcome is not None:
        lines.append(game_over_line(outcome))
    return "\n".join(lines)
