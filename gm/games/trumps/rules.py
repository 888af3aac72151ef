"""Your Trumps: the cards, the rules of beating and taking, legality checks with reasons, the deal.

Cards are text codes with ``10`` for the ten (``10♦``); the suit symbol is the last character.
"""

from __future__ import annotations

from typing import Any

from gm.games import cards
from gm.games.base import IllegalMoveError, Move, State, rng_for

SEATS = ("south", "north")
SOUTH, NORTH = 0, 1
ROLE = ("non-dealer", "dealer")
SUITS = cards.SUITS  # ♣ ♦ ♥ ♠
CODES: dict[str, tuple[int, int]] = {
    cards.card_text(c, ten="10"): c for c in cards.standard_deck(min_rank=2)
}
RANK = {code: c[0] for code, c in CODES.items()}
_ORDER = {code: (c[1], c[0]) for code, c in CODES.items()}
sort_key = _ORDER.__getitem__  # by suit (♣ ♦ ♥ ♠), then rank
_DECKS = {
    size: tuple(cards.card_text(c, ten="10") for c in cards.standard_deck(low))
    for size, low in ((36, 6), (52, 2))
}
DECK_SETS = {size: frozenset(deck) for size, deck in _DECKS.items()}


def suit(code: str) -> str:
    return code[-1]


def deck_for(size: int) -> list[str]:
    """The ordered pack: 36 cards (6 to A) or 52 (2 to A)."""
    return list(_DECKS[size])


def can_beat(card: str, top: str, trump: str | None) -> bool:
    """True when ``card`` beats ``top`` for a seat whose own trump suit is ``trump``: a higher
    card of the same suit, or any card of the seat's own trump when ``top`` is not one."""
    if card[-1] == top[-1]:
        return RANK[card] > RANK[top]
    return card[-1] == trump


def take_count(pile: list[str], trump: str | None) -> int:
    """How many cards a seat with trump ``trump`` picks up from ``pile`` (top = last): 3; 5 under
    its own trump; all under the ace of its own trump; all when the pile is shorter."""
    top = pile[-1]
    if top[-1] == trump:
        return len(pile) if RANK[top] == 14 else min(5, len(pile))
    return min(3, len(pile))


def canon_suit(value: Any) -> Any:
    """Option values: accept ``hearts``, ``H``, ``♡``, ``none`` and give the symbol or None."""
    if not isinstance(value, str):
        return value
    word = value.strip().lower()
    if word in ("", "none", "null", "choose", "ask"):
        return None
    found = cards.parse_suit(word)
    return SUITS[found] if found is not None else value


def copy_state(state: State) -> State:
    """A deep copy of a (validated) state, much faster than copy.deepcopy."""
    s = dict(state)
    s["rng"] = dict(state["rng"])
    s["options"] = dict(state["options"])
    for key in ("trumps", "pile", "last"):
        s[key] = list(state[key])
    s["hands"] = [list(h) for h in state["hands"]]
    s["known"] = [list(h) for h in state["known"]]
    if state.get("result"):
        s["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
    return s


def deal(state: State) -> list[str]:
    """Deal the whole pack one card at a time (south first), then the sixes exchange: the six of
    a seat's trump held by the other seat is handed over face up. Returns the event texts."""
    deck = deck_for(state["options"]["deck"])
    rng_for(state, "deal").shuffle(deck)
    hands: list[list[str]] = [deck[0::2], deck[1::2]]
    texts = [f"Dealt {len(hands[0])} cards each."]
    for owner in (SOUTH, NORTH):
        six = "6" + state["trumps"][owner]
        if six in hands[1 - owner]:
            hands[1 - owner].remove(six)
            hands[owner].append(six)
            state["known"][owner].append(six)
            texts.append(f"Sixes exchange: {SEATS[1 - owner]} hands {six} to {SEATS[owner]}.")
    state["hands"] = [sorted(h, key=sort_key) for h in hands]
    state["phase"] = "play"
    state["turn"] = SOUTH
    return texts


def legal_moves(state: State, seat: int) -> list[Move]:
    if state["phase"] == "over" or state["turn"] != seat:
        return []
    if state["phase"] == "trumps":
        taken = state["trumps"][1 - seat]
        return [("TRUMP", s) for s in SUITS if s != taken]
    hand, pile = state["hands"][seat], state["pile"]
    if not pile:
        return [("LEAD", c) for c in hand]
    top, trump = pile[-1], state["trumps"][seat]
    moves: list[Move] = []
    for b in hand:
        if can_beat(b, top, trump):
            if len(hand) == 1:
                moves.append(("BEAT", b, None))
            else:
                moves.extend(("BEAT", b, x) for x in hand if x != b)
    moves.append(("TAKE",))
    return moves


# ---------------------------------------------------------------- legality, with reasons


def check_turn(state: State, seat: int) -> None:
    if state["phase"] == "over":
        raise IllegalMoveError("The game is over.", rule="game-over", hint="No more moves.")
    if state["turn"] != seat:
        raise IllegalMoveError(
            f"It is {SEATS[state['turn']]}'s turn, not yours.",
            rule="not-your-turn",
            hint="Wait for the other seat to move.",
        )


def check(state: State, seat: int, move: Move) -> Move:
    """Return ``move`` when it is legal now, else raise IllegalMoveError naming the rule."""
    if move[0] == "BEAT" and state["turn"] == seat and state["phase"] == "play":
        hand, pile = state["hands"][seat], state["pile"]
        b, x = move[1], move[2]
        if (
            pile
            and b in hand
            and can_beat(b, pile[-1], state["trumps"][seat])
            and (x in hand and x != b if x is not None else len(hand) == 1)
        ):
            return move  # the common case, checked fast; the slow path explains failures
    check_turn(state, seat)

    def illegal(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=hint(state, seat))

    kind = move[0]
    if state["phase"] == "trumps":
        if kind != "TRUMP":
            raise illegal("Trumps are chosen first: name your trump suit.", "choose-trump-first")
        other = state["trumps"][1 - seat]
        if move[1] == other:
            raise illegal(
                f"{SEATS[1 - seat]} owns {other}: the two trump suits must differ.",
                "different-trumps",
            )
        return move
    if kind == "TRUMP":
        raise illegal("Trumps are chosen only before the deal.", "trump-set-up-only")
    hand, pile = state["hands"][seat], state["pile"]
    trump = state["trumps"][seat]
    if kind == "TAKE":
        if not pile:
            raise illegal("The pile is empty: there is nothing to take; lead a card.", "take")
        return move
    for card in move[1:]:
        if card is not None and card not in hand:
            raise illegal(f"You do not hold {card}.", "not-in-hand")
    if kind == "LEAD":
        if pile:
            raise illegal(f"You lead only onto an empty pile; now beat {pile[-1]} or TAKE.", "lead")
        return move
    if not pile:
        raise illegal("The pile is empty: there is nothing to beat; lead a card.", "lead")
    beater, second = move[1], move[2]
    top = pile[-1]
    if not can_beat(beater, top, trump):
        raise illegal(_why_not(beater, top, trump, state["trumps"][1 - seat], seat), "beat")
    if second is None and len(hand) > 1:
        raise illegal(
            f"After beating {top} with {beater} you must put a second card (any card) on top; "
            "only a beat with your last card needs none.",
            "second-card",
        )
    if second == beater:
        raise illegal("The second card must be another card than the beating one.", "second")
    return move


def _why_not(beater: str, top: str, trump: str, theirs: str, seat: int) -> str:
    if suit(beater) == suit(top):
        if suit(top) == trump:
            return (
                f"{top} is your own trump: only a higher {trump} beats it, and {beater} is lower."
            )
        return f"{beater} is lower than {top}."
    if suit(top) == trump:
        return f"{top} is your own trump ({trump}): only a higher {trump} beats it."
    if suit(beater) == theirs:
        return (
            f"{beater} is in {SEATS[1 - seat]}'s trump suit, which is an ordinary suit for you: "
            f"it beats only a lower {suit(beater)}."
        )
    return (
        f"{beater} cannot beat {top}: beat with a higher {suit(top)} or with your own "
        f"trump {trump}."
    )


def hint(state: State, seat: int) -> str:
    """What the seat could do now, in a sentence (for error messages)."""
    if state["phase"] == "trumps":
        taken = state["trumps"][1 - seat]
        return "Legal: " + ", ".join(f"TRUMP {s}" for s in SUITS if s != taken)
    hand, pile = state["hands"][seat], state["pile"]
    if not pile:
        return f"Lead any one card of yours, e.g. LEAD {hand[0]}."
    top, trump = pile[-1], state["trumps"][seat]
    take = f"TAKE (you pick up {take_count(pile, trump)})"
    beaters = [c for c in hand if can_beat(c, top, trump)]
    if not beaters:
        return f"Nothing in your hand beats {top}: {take}."
    if len(hand) == 1:
        return f"BEAT {beaters[0]} (your last card), or {take}."
    other = next(c for c in hand if c != beaters[0])
    return (
        f"Beat {top} with one of {' '.join(beaters)}, then name any other card of yours "
        f"(e.g. BEAT {beaters[0]} {other}); or {take}."
    )
