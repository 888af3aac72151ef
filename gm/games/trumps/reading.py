"""Your Trumps: reading a move from chat text, against the seat's own hand and the pile.

A text is read as references to cards and an action. A reference is a card ("the ten of
diamonds", "10d") or a description the seat's hand resolves: a rank alone ("my ace" when one ace
is held), a suit ("a club"), the seat's own trump ("my highest trump", "a non-trump"), a
superlative by rank ("my lowest club", "my smallest card"), a position in the hand as shown
("my last card", "the second card"). "it", "that", "the top card" and a card on top of the pile
name the card to beat. The action is TAKE only when the text stands as a take ("take", "I pick
up the pile"; never "take that back"); else a lead on an empty pile, a beat on a non-empty one.
A reference that fits several moves is asked back (at most :data:`MAX_ASKED` candidates); a
reference the hand cannot meet is refused with the reason; an article is never a card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from gm.games import cards, words
from gm.games.base import AmbiguousMoveError, IllegalMoveError, Move, ParseError, State
from gm.games.trumps.rules import RANK, SUITS, can_beat, check, hint, sort_key, suit, take_count

MAX_ASKED = 5
_TOKEN = re.compile(r"\x00\d+\x00|[a-z]+(?:'[a-z]+)?|\d+|[♣♦♥♠♧♢♡♤]|[,;]", re.I)
_RANKS = {
    **{name: r for r, name in cards.RANK_NAMES.items()},
    **{name + "s": r for r, name in cards.RANK_NAMES.items()},
    "sixes": 6,
    **{str(r): r for r in range(2, 11)},
}
_SYMBOLS = set("♣♦♥♠♧♢♡♤")
_SUIT_MARKS = _SYMBOLS | set("cdhs")  # letters only where a suit alone is the move (trumps)
_UPPER_RANKS = {"K": 13, "Q": 12, "J": 11}  # "my K": capital letters only ("a" is an article)
_SUIT_WORDS = ("club", "clubs", "diamond", "diamonds", "heart", "hearts", "spade", "spades")
_LOW = {"lowest", "smallest", "least", "weakest", "worst", "cheapest", "littlest", "tiniest"}
_HIGH = {"highest", "biggest", "largest", "strongest", "best", "greatest"}
_TRUMP = {"trump", "trumps"}
_NOUNS = {"card", "cards", "one"}
_DETERMINERS = {"my", "the", "a", "an", "of", "in", "from", "any", "another", "only", "other"}
_INDEFINITE = {"a", "an", "any", "another", "other"}
_TARGET = {"it", "that", "this", "top", "your", "yours", "his", "her", "their", "theirs"}
_TARGET |= {"opponent", "opponents", "opponent's"}
_BEAT = {"beat", "beats", "cover", "covers", "kill"}
_LEAD = {"lead", "leads", "open", "start"}
_PLAY = {"play", "put", "throw", "down", "drop", "use", "go", "lay", "place", "dump", "add"}
_PLAY |= {"toss", "chuck", "slap", "discard", "then", "with", "and", "plus", "after", "on"}
_PLAY |= {"onto", "over", "card"}
_TAKE = {"take", "takes", "taking", "pick", "picking", "pickup", "collect", "grab", "draw"}
_TAKE_OK = _TAKE | {"up", "the", "them", "em", "it", "pile", "cards", "card", "all", "those"}
_TAKE_OK |= {"these"}
_TAKE_OK |= {"stack", "lot", "heap", "everything", "of", "from", "instead", "rather"}
_CHOOSE = {"choose", "chose", "select", "pick", "want", "take", "make", "name", "as", "is", "are"}
_CHOOSE |= {"be", "for", "suit", "trump", "trumps", "my", "me", "will"}
_NEGATION = {"not", "no", "don't", "dont", "never", "except", "without", "nor", "neither"}
_FILLER = {"i", "i'll", "ill", "i'm", "im", "will", "just", "gonna", "going", "to", "want"}
_FILLER |= {"wanna", "let", "me", "lets", "let's", "ok", "okay", "so", "well", "now", "please"}
_FILLER |= {"pls", "think", "guess", "hmm", "um", "yeah", "yes", "sure", "alright", "fine"}
_FILLER |= {"i'd", "rather", "like", "would", "can", "could", "as", "is", "are", "be", "for"}
_FILLER |= {"do", "oh", "right", "time", "here", "goes", "up", ",", ";", "first", "off"}
_KNOWN = _FILLER | _TAKE_OK | _CHOOSE | _PLAY | _LEAD | _BEAT | _TARGET | _DETERMINERS | _NOUNS
_KNOWN |= _LOW | _HIGH | _TRUMP | set(_RANKS) | set(_SUIT_WORDS) | {"non", "nontrump", "last"}
_REF_WORDS = set(_RANKS) | set(_UPPER_RANKS) | set(_SUIT_WORDS) | _SYMBOLS | _TRUMP
_REF_WORDS |= _LOW | _HIGH | _TARGET | _NOUNS | _DETERMINERS | {"non", "nontrump", "last"}
# plural suit names only: a slip near both "heart" and "hearts" would be no guess at all
_TYPO_WORDS = ("clubs", "diamonds", "hearts", "spades", *sorted(_LOW | _HIGH), "trump", "cover")


@dataclass
class Ref:
    """One reference to a card: what the words say about it."""

    start: int  # token index
    card: str | None = None
    rank: int | None = None
    suit: str | None = None
    trump: bool | None = None  # True: of the seat's trump; False: not of it
    pick: str | None = None  # "low" / "high"
    position: int | None = None  # 1-based, words.LAST for the last
    target: bool = False  # names the card to beat
    noun: bool = False
    indefinite: bool = False
    said: list[str] = field(default_factory=list)

    def content(self) -> bool:
        return self.noun or any(
            v is not None for v in (self.card, self.rank, self.suit, self.trump, self.pick)
        )


def parse_move(
    text: str, state: State, seat: int, expected: str, render_move: Callable[[Move], str]
) -> Move:
    """A legal move of ``seat`` read from free text; ``expected`` and ``render_move`` come from
    the notation (gm/games/trumps/notation.py), which calls this after its canonical fast path."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), expected)
    toks, found, suits = _tokens(text)
    wordset = set(toks)

    def illegal(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=hint(state, seat))

    if state["phase"] == "trumps":
        return _trump_choice(text, state, seat, toks, found, suits, illegal, expected)
    if wordset & _NEGATION:
        raise ParseError(text, expected)
    if _says_take(toks, wordset):
        return _take(state, seat, toks, illegal)
    if wordset & _BEAT and not state["pile"] and not found:  # "beat it" with nothing to beat
        raise illegal("The pile is empty: there is nothing to beat; lead a card.", "lead")
    refs = _references(toks, found)
    described = [r for r in refs if r.content()]
    exact = any(r.card for r in refs)
    if (
        suits
        and wordset & (_TRUMP | {"choose", "chose", "select"})
        and not any(r.card or r.rank or r.pick or r.position or r.noun for r in refs)
    ):
        raise illegal(
            "Trumps are chosen only before the deal; they are already set.", "trump-set-up-only"
        )
    verb = wordset & (_BEAT | _LEAD | _PLAY | _TAKE)
    unknown = [t for t in toks if t[0] != "\x00" and t not in _KNOWN and t not in _UPPER_RANKS]
    if not described or (not verb and not exact and unknown):
        raise ParseError(text, expected)
    mine = _own_cards(described, toks, state["pile"], illegal)
    if not mine:
        raise ParseError(text, expected)
    return _lead_or_beat(text, state, seat, mine, wordset, illegal, render_move)


def _tokens(text: str) -> tuple[list[str], list[str], list[str]]:
    """The words of ``text`` (typos fixed, lower case but for K Q J, each card found replaced by
    a marker token ``\\x00i\\x00``), the cards found, and the suits named."""
    text = text.replace("\x00", " ")  # the marker's own character: never taken from the player
    fixed = re.sub(r"[A-Za-z]{5,}", lambda m: _fix(m.group(0)), text.replace("\u2019", "'"))
    spans = cards.find_cards(fixed)
    found = [cards.card_text(c, ten="10") for c, _ in spans]
    marked = fixed
    for i, (_, (a, b)) in reversed(list(enumerate(spans))):
        marked = marked[:a] + f" \x00{i}\x00 " + marked[b:]
    raw = _TOKEN.findall(marked)
    toks = [t if t in _UPPER_RANKS else t.lower() for t in raw]
    named = (cards.parse_suit(t) for t in toks if t in _SUIT_WORDS or t in _SUIT_MARKS)
    suits = [SUITS[s] for s in named if s is not None]
    return toks, found, suits


def _says_take(toks: list[str], wordset: set[str]) -> bool:
    """The text stands as a take ("take", "I pick up the pile"; never "take that back")."""
    return bool(
        wordset & _TAKE
        and "back" not in wordset
        and all(t in _TAKE_OK or t in _FILLER or words.number_value(t) is not None for t in toks)
    )


def _take(
    state: State, seat: int, toks: list[str], illegal: Callable[[str, str], IllegalMoveError]
) -> Move:
    """TAKE, when legal and when a number said is the count it takes."""
    numbers = [v for t in toks if t[0] != "\x00" and (v := words.number_value(t)) is not None]
    move = check(state, seat, ("take",))
    count = take_count(state["pile"], state["trumps"][seat])
    if numbers and numbers[0] != count:
        raise illegal(
            f"You would take {count} card{'s' * (count != 1)}, not {numbers[0]}.", "take-count"
        )
    return move


def _own_cards(
    described: list[Ref],
    toks: list[str],
    pile: list[str],
    illegal: Callable[[str, str], IllegalMoveError],
) -> list[Ref]:
    """The references to the seat's own cards: those that name the card to beat (the top card,
    or what stands between "beat" and "with") are marked and checked against the pile."""
    beat_at = next((i for i, t in enumerate(toks) if t in _BEAT), None)
    with_at = next((i for i, t in enumerate(toks) if t == "with"), None)
    for r in described:
        if pile and r.card == pile[-1]:
            r.target = True
        elif beat_at is not None and with_at is not None and beat_at < r.start < with_at:
            r.target = True
        elif pile and _said_after(toks, r.start, described):
            r.target = True  # "the ace over the queen": the queen is the card beaten
    loose = [r for r in described if not r.target]
    if pile and len(loose) > 2:  # "beat with A♥ queen then J♦": the bare rank of the top card
        for r in loose:
            if r.card is None and r.suit is None and r.rank is not None and _fits_top(r, pile[-1]):
                r.target = True
    for r in described:
        if r.target and pile and not _fits_top(r, pile[-1]):
            raise illegal(f"The top card of the pile is {pile[-1]}.", "top-card")
    return [r for r in described if not r.target]


_ONTO = {"over", "on", "onto", "atop", "against"}
_BEATING = {"beats", "beat", "covering", "covers", "kills", "kill", "beating", "killing"}


def _said_after(toks: list[str], start: int, described: list[Ref]) -> bool:
    """Whether the reference at ``start`` names the card beaten: right after "over", "on",
    "onto" (a determiner between them: "over the queen", "on top of your jack"; "on top, the 9"
    is no such thing), or after "beats", "covering" said after another card ("K♥ beats the
    queen"; "beat K♦" opens with the beater)."""
    i = start - 1
    while i >= 0 and toks[i] in _DETERMINERS | {"your", "yours", "his", "her", "their"}:
        i -= 1
    if i >= 1 and toks[i] == "top" and toks[i + 1] == "of":
        i -= 1
    if i < 0:
        return False
    if toks[i] in _BEATING:
        return any(r.start < i for r in described)
    return toks[i] in _ONTO


def _lead_or_beat(
    text: str,
    state: State,
    seat: int,
    mine: list[Ref],
    wordset: set[str],
    illegal: Callable[[str, str], IllegalMoveError],
    render_move: Callable[[Move], str],
) -> Move:
    """A lead of the one card named, or a beat: the beater and the second card named, or, with
    only the beater named, any second card of the hand (asked back)."""
    pile, hand, trump = state["pile"], state["hands"][seat], state["trumps"][seat]
    says_lead = bool(wordset & _LEAD) and not wordset & _BEAT
    lead = says_lead or (not pile and not wordset & _BEAT)
    if lead and len(mine) == 2:  # "my lower spade, the ten": one card said twice
        both = set(_resolve(mine[0], hand, trump, illegal)) & set(
            _resolve(mine[1], hand, trump, illegal)
        )
        if len(both) == 1:
            return _choose(text, state, seat, [("lead", both.pop())], render_move)
    if lead and len(mine) != 1:
        raise illegal("A lead is one card.", "lead-one-card")
    if len(mine) > 2:
        raise illegal(
            "Beat with one card, then put one more card: name at most two cards.",
            "two-cards-at-most",
        )
    sets = [_resolve(r, hand, trump, illegal) for r in mine]
    if lead:
        return _choose(text, state, seat, [("lead", c) for c in sets[0]], render_move)
    beaters = sets[0]
    seconds: list[str | None] = list(sets[1]) if len(sets) > 1 else [None]
    if len(sets) == 1 and len(hand) > 1:
        by_rank = sorted(hand, key=lambda c: (RANK[c], sort_key(c)))
        seconds = list(by_rank)
    moves = [("beat", b, x) for b in beaters for x in seconds if x != b]
    return _choose(text, state, seat, moves or [("beat", beaters[0], seconds[0])], render_move)


def _fix(word: str) -> str:
    if word.lower() in _KNOWN:
        return word
    return words.typo(word, _TYPO_WORDS) or word


def _trump_choice(text, state, seat, toks, found, suits, illegal, expected) -> Move:
    """While trumps are chosen: one suit named in any sentence is the choice; more, or a
    negation, is asked back among the suits still free."""
    ranks = any(t in _RANKS or t in _UPPER_RANKS for t in toks)
    moving = set(toks) & (_TAKE | _BEAT | _LEAD | {"play"}) and "back" not in toks
    if not (suits or found or ranks or moving):
        raise ParseError(text, expected)
    if found or ranks or not suits:
        raise illegal(
            "Trumps are chosen first: name exactly one suit as your trump (TRUMP ♥).",
            "choose-trump-first",
        )
    named = list(dict.fromkeys(suits))
    if len(named) == 1 and not set(toks) & _NEGATION:
        return check(state, seat, ("trump", named[0]))
    free = [s for s in SUITS if s != state["trumps"][1 - seat]]
    if set(toks) & _NEGATION:
        free = [s for s in free if s not in named] or free
    else:
        free = [s for s in named if s in free] or free
    raise AmbiguousMoveError(text, [f"TRUMP {s}" for s in free])


def _references(toks: list[str], found: list[str]) -> list[Ref]:
    refs: list[Ref] = []
    cur: Ref | None = None
    prev = ""
    for i, t in enumerate(toks):
        fresh = cur is None or (cur.content() and prev not in ("of", "in", "from"))
        if t[0] == "\x00":
            cur = Ref(i, card=found[int(t.strip("\x00"))], said=[t])
            refs.append(cur)
            cur = None
        elif t in _REF_WORDS or (words.is_ordinal(t) and not t.isdigit()):
            if (t in _DETERMINERS and t != "of" and fresh) or cur is None:  # "lowest of clubs"
                cur = Ref(i)
                refs.append(cur)
            if not _qualify(cur, t, prev):
                cur = Ref(i)
                refs.append(cur)
                _qualify(cur, t, prev)
        else:
            cur = None
        prev = t
    return refs


def _qualify(r: Ref, t: str, prev: str) -> bool:
    """Add word ``t`` to reference ``r``; False when it belongs to a new reference."""
    if r.noun and "of" not in (t, prev) and "in" not in (t, prev) and t not in ("my", "the"):
        return False
    if t in _RANKS or t in _UPPER_RANKS:
        if r.rank is not None:
            return False
        r.rank = _RANKS.get(t) or _UPPER_RANKS[t]
    elif t in _SUIT_WORDS or t in _SYMBOLS:
        if r.suit is not None:
            return False
        r.suit = SUITS[cards.parse_suit(t)]  # type: ignore[index]
    elif t in _TRUMP or t == "nontrump":
        if r.trump is not None:
            return False
        r.trump = not (prev == "non" or t == "nontrump")
    elif t in _LOW or t in _HIGH:
        if r.pick is not None:
            return False
        r.pick = "low" if t in _LOW else "high"
    elif t in _TARGET:
        r.target = True
    elif t in _NOUNS:
        r.noun = True
    elif t in _INDEFINITE:
        r.indefinite = True
    elif words.is_ordinal(t):
        if r.position is not None:
            return False
        r.position = words.number_value(t)
    r.said.append(t)
    return True


def _fits_top(r: Ref, top: str) -> bool:
    return (
        (r.card is None or r.card == top)
        and (r.rank is None or r.rank == RANK[top])
        and (r.suit is None or r.suit == suit(top))
    )


def _resolve(r: Ref, hand: list[str], trump: str, illegal) -> list[str]:
    """The cards of ``hand`` the reference fits, in the hand's order (IllegalMoveError if none)."""
    if r.card is not None:
        if r.card not in hand:
            raise illegal(f"You do not hold {r.card}.", "not-in-hand")
        return [r.card]
    fit = [
        c
        for c in hand
        if (r.rank is None or RANK[c] == r.rank)
        and (r.suit is None or suit(c) == r.suit)
        and (r.trump is None or (suit(c) == trump) == r.trump)
    ]
    if not fit:
        raise illegal(f"You hold no {_describe(r, trump)}.", "not-in-hand")
    if r.pick is not None:
        best = (min if r.pick == "low" else max)(RANK[c] for c in fit)
        fit = [c for c in fit if RANK[c] == best]
    if r.position is not None and not (r.indefinite and r.position == 2):
        index = r.position - 1 if r.position > 0 else len(fit) - 1
        if not 0 <= index < len(fit):
            raise illegal(
                f"You hold only {len(fit)} such card{'s' * (len(fit) != 1)}.", "not-in-hand"
            )
        fit = [fit[index]]
    return fit


def _describe(r: Ref, trump: str) -> str:
    parts = []
    if r.trump is not None:
        parts.append(f"trump ({trump})" if r.trump else f"card outside your trump {trump}")
    if r.rank is not None:
        parts.insert(0, cards.RANK_NAMES[r.rank])
    if r.suit is not None:
        name = cards.SUIT_NAMES[SUITS.index(r.suit)]
        parts.append(f"of {name}" if r.rank is not None else name[:-1])
    return " ".join(parts) or "such card"


def _choose(
    text: str, state: State, seat: int, moves: list[Move], render_move: Callable[[Move], str]
) -> Move:
    """The one legal move among ``moves``; the reason of the first when none is legal; a
    question back (at most MAX_ASKED candidates) when several are."""
    legal = []
    for move in moves:
        try:
            legal.append(check(state, seat, move))
        except IllegalMoveError:
            continue
    if len(legal) == 1:
        return legal[0]
    if not legal:
        top = state["pile"][-1] if state["pile"] else None
        trump = state["trumps"][seat]
        best = max(moves, key=lambda m: top is not None and can_beat(m[1], top, trump))
        return check(state, seat, best)
    asked = [render_move(m) for m in legal[:MAX_ASKED]]
    err = AmbiguousMoveError(text, asked)
    if len(legal) > MAX_ASKED:
        err.reason = (
            f"{text!r} could mean {len(legal)} moves: name the card to beat with and the card "
            "to put on top."
        )
    return _raise(err)


def _raise(err: Exception) -> Move:
    raise err
