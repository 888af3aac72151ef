"""So-Lon-Yo notation: reading a pick from text, the canonical move text, and the board.

Moves: ``PICK 1`` / ``PICK 2`` / ``PICK 3`` (the move ``("pick", n)``). The reader also takes
``2``, ``the second card``, ``the middle one``, ``left``/``right`` (a position word counts only
where it names a position: not in "one sec" or "that's right") and, when the cards are shown, the
card itself (``K♦``, ``king of diamonds``, ``the king``, ``the highest``); see rules.md ("Moves").
"""

from __future__ import annotations

import re

from gm.games import cards
from gm.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    State,
    game_over_line,
)
from gm.games.solonyo.rules import LABEL, RANK, SEATS, alone, hint, shown, value
from gm.games.words import LAST, is_ordinal, number_value, typo

EXPECTED = "'PICK 1', 'PICK 2' or 'PICK 3' (also '2', 'the second card', 'middle')"
_SIDES = {"left": 1, "leftmost": 1, "middle": 2, "center": 2, "centre": 2, "right": 3,
          "rightmost": 3}  # fmt: skip
_KEYWORDS = ("middle", "center", "centre", "first", "second", "third", "right", "left", "leftmost",
             "rightmost", "highest", "lowest")  # fmt: skip
# the words around a position that make it one: "pick two", "the right one", "card 3"
_LEAD = {"the", "my", "pick", "take", "choose", "go", "going", "with", "card", "number", "no",
         "position", "slot", "far", "#", "try", "flip", "turn"}  # fmt: skip
_COUNTING = {
    "pick",
    "take",
    "choose",
    "card",
    "number",
    "no",
    "position",
    "slot",
    "#",
}  # not "the one"
_TRAIL = {"one", "card", "position", "slot", "pick", "please", "again"}  # "third again"
_NEUTRAL = _LEAD | _TRAIL | {"i", "i'll", "ill", "i'd", "id", "will", "want", "the", "ok", "okay",
                             "pls", "plz", "this", "time", "guess"}  # fmt: skip
_RANKS = {"jack": 11, "queen": 12, "king": 13, "ace": 14, "j": 11, "q": 12, "k": 13}
_HIGH = {"highest": 1, "biggest": 1, "largest": 1, "strongest": 1,
         "lowest": -1, "smallest": -1, "weakest": -1}  # fmt: skip
_BEFORE_RANK = {"the", "my", "that", "this", "up", "faceup", "red", "black", "shown", "open"}
# a card described by its colour or suit ("the red one", "the spade", "the black 7")
_COLOURS = {"red": (1, 2), "black": (0, 3)}
_SUIT_NAMES = {"club": 0, "diamond": 1, "heart": 2, "spade": 3}
_WORD = re.compile(r"\d+(?:st|nd|rd|th)?|[a-z]+(?:'[a-z]+)?|#")


def render_move(move: Move) -> str:
    return f"PICK {move[1]}"


_WORTH_MOST = re.compile(
    r"\b(?:worth (?:the )?most|most valuable|worth more|highest value|(?:the )?most points)\b"
)


def _tokens(text: str) -> list[str]:
    said = re.sub(r"\b(left|right) most\b", r"\1most", text.lower().replace("\u2019", "'"))
    said = _WORTH_MOST.sub(" highest ", said)  # "whichever is worth the most": the highest
    words = _WORD.findall(said)
    return [typo(w, _KEYWORDS) or w for w in words]


def _position(words: list[str], i: int) -> int | None:
    """The position word ``i`` names, or None when it names none there ("one sec", "a second",
    "that's right", "first time")."""
    w = words[i]
    if w.isdigit() or re.fullmatch(r"\d+(?:st|nd|rd|th)", w):
        return number_value(w)
    if w in ("middle", "center", "centre"):
        return 2
    prev = words[i - 1] if i else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    alone = all(x == w or x in _NEUTRAL for x in words)
    if w == "second" and prev in ("a", "one", "1", "few", "just") and after not in _TRAIL:
        return None  # "just a second", "one second": time, not a card
    if w in ("leftmost", "rightmost"):  # "ugh blind again. leftmost": a place whatever is around
        return _SIDES[w]
    if not (alone or prev in _LEAD or after in _TRAIL):
        return None
    if w in _SIDES:
        return _SIDES[w]
    n = number_value(w, pronoun_one=prev not in _COUNTING and not alone)
    return 3 if n == LAST else n


_POSITION_WORDS = {"pick", "card", "number", "position", "slot", "no", "#"}  # … 4: a position


def _card_ranks(words: list[str], state: State) -> tuple[set[int], bool]:
    """Positions of the shown cards named by rank alone ("the king", "my ace", "the 7"), and
    whether a rank was named at all. A number that no shown card has stays a position."""
    mine = state["defiant_cards"]
    picks: set[int] = set()
    named = False
    for i, w in enumerate(words):
        r = _RANKS.get(w.removesuffix("s") if len(w) > 3 else w)
        both = False  # "the three" with a 3 shown: the card or the third position
        if r is None and (w.isdigit() or len(w) > 1 and w.isalpha()) and not is_ordinal(w):
            n = number_value(w, pronoun_one=False)
            r = n if n is not None and 2 <= n <= 10 else None
            both = r in (2, 3)
            position = r is not None and (
                r <= 3
                or len(words) == 1
                or (i and words[i - 1] in _POSITION_WORDS)
                or i == 0
                and words[-1] in _POSITION_WORDS
            )
            if position and not (i and words[i - 1] in _BEFORE_RANK):
                continue  # "2", "pick 4", "card three": a position (PICK 4 is no card 4); a
                # number no position can be, said with another verb ("play 7"), is a rank
        if r is None or (
            len(w) == 1 and w.isalpha() and not all(x == w or x in _NEUTRAL for x in words)
        ):  # a letter alone ("k") is a rank only in a text of nothing else
            continue
        held = {k + 1 for k, c in enumerate(mine) if RANK[c] == r}
        if r <= 10 and not held:
            continue
        picks |= held
        named = True
        if not both:
            words[i] = ""
    return picks, named


# the last pick's position asked again ("same spot as last time"), and where the board's last
# line says it ("last: P1 picks 3 → …")
_SAME_AGAIN = re.compile(
    r"\bsame (?:spot|one|pick|position|place|slot|number)\b.*\b(?:last|before)\b|"
    r"\bsame as (?:last time|before)\b"
)
_LAST_PICK = re.compile(r"\bpicks ([123])\b")


def parse_move(text: str, state: State) -> Move:
    """Read ``text`` as the defiant's pick, or raise the matching GameError."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED)
    found = cards.find_cards(text)
    again = _SAME_AGAIN.search(text.lower()) and _LAST_PICK.search(state["last"] or "")
    if again and not found:  # "same spot as last time": the position the board's last line says
        return ("pick", int(again.group(1)))
    rest = text
    for _, (a, b) in reversed(found):
        rest = rest[:a] + " " + rest[b:]
    words = _tokens(rest)
    visible = state["options"]["defiant_sees_cards"]
    legal = hint(state)
    picks: set[int] = set()
    named = bool(found)
    if visible:
        by_rank, by_name = _card_ranks(words, state)
        named = named or by_name
        picks |= by_rank
    elif any(_RANKS.get(w.removesuffix("s")) and len(w) > 1 for w in words):
        named = True
    described = _described(words, state)
    named = named or described is not None
    ends = {_HIGH[w] for w in words if w in _HIGH}
    positions = [
        p for i in range(len(words)) if words[i] and (p := _position(words, i)) is not None
    ]
    if not named and not positions and not ends:
        raise ParseError(text, EXPECTED)
    if (named or ends) and not visible:
        raise IllegalMoveError(
            "Your three cards are face down (a blind pick): you cannot choose by naming a "
            "card; choose by position.",
            rule="blind-pick",
            hint=legal,
        )
    for card, _ in found:
        code = cards.card_text(card, ten="10")
        if code not in state["defiant_cards"]:
            raise IllegalMoveError(
                f"{code} is not one of your three cards.", rule="not-your-card", hint=legal
            )
        picks.add(state["defiant_cards"].index(code) + 1)
    if len(ends) == 1:
        picks |= _extreme(state, ends.pop(), described)
    for p in positions:
        if p not in (1, 2, 3):
            raise IllegalMoveError(
                f"There are only three cards to pick from, so there is no card {p}.",
                rule="three-cards",
                hint=legal,
            )
        picks.add(p)
    return _one_pick(text, picks, described, legal)


def _one_pick(text: str, picks: set[int], described: set[int] | None, legal: str) -> Move:
    """The pick the positions named and the description (a colour, a suit) both fit: one is
    the move, several are asked back, none is refused."""
    if described is not None:  # "the red one", "the black 7": what the description fits
        picks = (picks & described) if picks else described
        if not picks:
            raise IllegalMoveError(
                "None of your three cards fits that description.", rule="not-your-card", hint=legal
            )
    if not picks:
        raise IllegalMoveError(
            "None of your three cards has that rank.", rule="not-your-card", hint=legal
        )
    if len(picks) > 1:
        raise AmbiguousMoveError(text, [f"PICK {p}" for p in sorted(picks)])
    return ("pick", picks.pop())


def _described(words: list[str], state: State) -> set[int] | None:
    """The positions of the cards a colour or a suit said alone describes ("the red one", "the
    spade", "my black 7"), or None when the text says no colour or suit. A card found whole is
    already blanked from ``words``."""
    wanted: set[int] = set()
    said = False
    for w in words:
        if w in _COLOURS:
            wanted |= set(_COLOURS[w])
            said = True
        elif w.removesuffix("s") in _SUIT_NAMES:
            wanted.add(_SUIT_NAMES[w.removesuffix("s")])
            said = True
    if not said:
        return None
    mine = state["defiant_cards"]
    return {i + 1 for i, c in enumerate(mine) if c is not None and _suit_index(c) in wanted}


def _suit_index(card: str) -> int:
    return "♣♦♥♠".index(card[-1])


def _extreme(state: State, sign: int, among: set[int] | None = None) -> set[int]:
    """Positions of the highest (``sign`` 1) or lowest (-1) card against the challenger's
    (among the positions ``among``, when a description narrows them: "the highest red one")."""
    ch = state["challenger_card"]
    values = {
        i + 1: sign * value(c, ch)
        for i, c in enumerate(state["defiant_cards"])
        if among is None or i + 1 in among
    }
    best = max(values.values(), default=None)
    return {p for p, v in values.items() if v == best}


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board text (rules.md, "Board notation"); given an outcome, no turn line and the
    game-over line last."""
    o = state["options"]
    d, c = state["defiant"], 1 - state["defiant"]

    def who(i: int, role: str) -> str:
        return f"{LABEL[i]} ({'you, ' if i == seat else ''}{role}) · {state['scores'][i]} points"

    lines = [f"So-Lon-Yo · round {state['round']} · target {o['target']} · scoring {o['scoring']}"]
    ch = state["challenger_card"]
    over = outcome is not None
    if ch is None:  # the rules ended the game: the last round's cards are in the discard
        lines.append(who(d, "defiant"))
        lines.append(who(c, "challenger"))
    else:
        if o["defiant_sees_cards"] or over:
            mine = "  ".join(
                f"{i + 1}: {shown(x, ch)}" for i, x in enumerate(state["defiant_cards"])
            )
        else:
            mine = "  ".join(f"{i + 1}: [?]" for i in range(3))
        lines.append(f"{who(d, 'defiant')} · cards {mine}")
        lines.append(f"{who(c, 'challenger')} · card {alone(ch)}")
    lines.append(f"deck: {len(state['deck'])} cards · discard: {len(state['discard'])} cards")
    if state["last"]:
        lines.append(f"last: {state['last']}")
    if outcome is not None:
        lines.append(game_over_line(outcome))
    elif ch is not None:
        blind = "" if o["defiant_sees_cards"] else " (face down: a blind pick)"
        me = " (you)" if seat == d else ""
        lines.append(f"To move: {SEATS[d]}{me} — PICK 1, PICK 2 or PICK 3{blind}.")
    return "\n".join(lines)
