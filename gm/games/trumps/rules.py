"""Your Trumps: the cards, the rules of beating and taking, legality checks with reasons, the deal.

Cards are text codes with ``10`` for the ten (``10♦``); the suit symbol is the last character.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gm.games import cards
from gm.games.base import (
    Event,
    IllegalMoveError,
    InvalidStateError,
    Move,
    Option,
    State,
    check_stored_options,
    filled_options,
    rng_for,
)

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


MAX_PLIES = 2000  # the cap option's maximum: a whole heuristic-vs-heuristic game stays cheap

# The game's options (its GameInfo's), here for validate.
OPTIONS = (
    Option("deck", "choice", 36, "36-card pack (6 to A) or 52 (adds 2 to 5).", (36, 52)),
    Option(
        "trump_south",
        "choice",
        None,
        "South's trump suit (♣ ♦ ♥ ♠; words like 'hearts' are accepted); null: south "
        "chooses it with a TRUMP move.",
        (None, *SUITS),
        spellings=True,
    ),
    Option(
        "trump_north",
        "choice",
        None,
        "North's trump suit (must differ from south's; words like 'hearts' are accepted); "
        "null: north chooses it.",
        (None, *SUITS),
        spellings=True,
    ),
    Option(
        "max_plies",
        "int",
        600,
        "Engineering guard: the game is drawn after this many moves.",
        minimum=10,
        maximum=MAX_PLIES,
    ),
)


def options(given: dict[str, Any] | None) -> dict[str, Any]:
    """The options ``given`` in their stored form (a trump as its suit symbol), all of them with
    defaults filled; ValueError saying what is wrong (``Engine.options``)."""
    given = dict(given or {})
    for name in ("trump_south", "trump_north"):
        if name in given:
            given[name] = canon_suit(given[name])
    opts = filled_options(OPTIONS, given)
    if opts["trump_south"] is not None and opts["trump_south"] == opts["trump_north"]:
        raise ValueError("options 'trump_south' and 'trump_north' must be different suits")
    return opts


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
    """Every legal move of ``seat``, the seat to move (the framework checks the turn)."""
    if state["phase"] == "trumps":
        taken = state["trumps"][1 - seat]
        return [("trump", s) for s in SUITS if s != taken]
    hand, pile = state["hands"][seat], state["pile"]
    if not pile:
        return [("lead", c) for c in hand]
    top, trump = pile[-1], state["trumps"][seat]
    moves: list[Move] = []
    for b in hand:
        if can_beat(b, top, trump):
            if len(hand) == 1:
                moves.append(("beat", b, None))
            else:
                moves.extend(("beat", b, x) for x in hand if x != b)
    moves.append(("take",))
    return moves


# ---------------------------------------------------------------- legality, with reasons


def check(state: State, seat: int, move: Move) -> Move:
    """Return ``move`` when it is legal now, else raise IllegalMoveError naming the rule."""
    if move[0] == "beat" and state["phase"] == "play":
        hand, pile = state["hands"][seat], state["pile"]
        b, x = move[1], move[2]
        if (
            pile
            and b in hand
            and can_beat(b, pile[-1], state["trumps"][seat])
            and (x in hand and x != b if x is not None else len(hand) == 1)
        ):
            return move  # the common case, checked fast; the slow path explains failures

    def illegal(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=hint(state, seat))

    kind = move[0]
    if state["phase"] == "trumps":
        return _check_trump_choice(state, seat, move, illegal)
    if kind == "trump":
        raise illegal("Trumps are chosen only before the deal.", "trump-set-up-only")
    hand, pile = state["hands"][seat], state["pile"]
    if kind == "take":
        if not pile:
            raise illegal("The pile is empty: there is nothing to take; lead a card.", "take")
        return move
    for card in move[1:]:
        if card is not None and card not in hand:
            raise illegal(f"You do not hold {card}.", "not-in-hand")
    if kind == "lead":
        if pile:
            raise illegal(f"You lead only onto an empty pile; now beat {pile[-1]} or TAKE.", "lead")
        return move
    return _check_beat(state, seat, move, illegal)


def _check_trump_choice(
    state: State, seat: int, move: Move, illegal: Callable[[str, str], IllegalMoveError]
) -> Move:
    """Before the deal: a trump suit, not the one the other seat owns."""
    if move[0] != "trump":
        raise illegal("Trumps are chosen first: name your trump suit.", "choose-trump-first")
    other = state["trumps"][1 - seat]
    if move[1] == other:
        raise illegal(
            f"{SEATS[1 - seat]} owns {other}: the two trump suits must differ.",
            "different-trumps",
        )
    return move


def _check_beat(
    state: State, seat: int, move: Move, illegal: Callable[[str, str], IllegalMoveError]
) -> Move:
    """A beat of the top card (the cards named are in the hand): a card that beats it, then a
    second card unless the beater was the last."""
    hand, pile = state["hands"][seat], state["pile"]
    trump = state["trumps"][seat]
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


# ---------------------------------------------------------------- applying a move, the end


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Apply a legal move of ``seat``: a new state (the input is unchanged) and the events."""
    check(state, seat, move)
    s = copy_state(state)
    name = SEATS[seat]
    kind = move[0]
    texts: list[str] = []
    if kind == "trump":
        s["trumps"][seat] = move[1]
        texts.append(f"{name} chooses {move[1]} as trump.")
        if s["trumps"][1 - seat] is None:
            s["turn"] = 1 - seat
        else:
            texts.extend(deal(s))
        s["last"] = texts
        return s, [Event(t, seat=seat) for t in texts]
    hand, pile = s["hands"][seat], s["pile"]
    if kind == "take":
        k = take_count(pile, s["trumps"][seat])
        taken = pile[len(pile) - k :]
        del pile[len(pile) - k :]
        hand.extend(taken)
        hand.sort(key=sort_key)
        s["known"][seat].extend(taken)
        after = f"top now {pile[-1]}" if pile else f"pile empty: {SEATS[1 - seat]} leads"
        texts.append(f"{name} took {k}: {' '.join(taken)} ({after}).")
    else:
        played = [c for c in move[1:] if c is not None]
        for c in played:
            hand.remove(c)
            if c in s["known"][seat]:
                s["known"][seat].remove(c)
        if kind == "lead":
            texts.append(f"{name} leads {move[1]}.")
        elif move[2] is None:
            texts.append(f"{name} beats {pile[-1]} with the last card {move[1]}.")
        else:
            texts.append(f"{name} beats {pile[-1]} with {move[1]} and puts {move[2]}.")
        pile.extend(played)
    s["ply"] += 1
    s["turn"] = 1 - seat
    result = result_after(s, seat)
    if result:
        s["result"] = result
        s["phase"] = "over"
        texts.append(result["reason"])
    s["last"] = texts
    return s, [Event(t, seat=seat, kind="move" if i == 0 else "end") for i, t in enumerate(texts)]


def result_after(s: State, seat: int) -> dict[str, Any] | None:
    """The end by the rules after ``seat`` moved: an empty hand wins, unless the draw rule (the
    other seat holds one card that could beat the top card by its own trump)."""
    if s["hands"][seat]:
        return None
    name, other = SEATS[seat], 1 - seat
    last = s["hands"][other]
    top = s["pile"][-1]
    if len(last) == 1 and can_beat(last[0], top, s["trumps"][other]):
        reason = (
            f"{name} has no cards left, but {SEATS[other]}'s last card could beat {top}: a draw."
        )
        return {"winners": [], "draw": True, "reason": reason}
    return {"winners": [seat], "draw": False, "reason": f"{name} has no cards left and wins."}


def scores(state: State) -> dict[int, int]:
    """The cards each seat still holds (fewer is better; 0 for the seat that went out)."""
    return {i: len(state["hands"][i]) for i in (SOUTH, NORTH)}


# ---------------------------------------------------------------- validated state

STATE_KEYS = {"game", "rng", "options", "phase", "trumps", "hands", "known", "pile", "turn"}
STATE_KEYS |= {"ply", "last", "result"}


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def validate(state: State) -> None:
    """Refuse every state the game cannot reach: unknown or out-of-range options; cards that
    changed, are duplicated or missing; trumps that are equal, or differ from the options;
    a turn or ply count that disagrees with the play; known cards outside their hand; a
    result that is missing, set too early, both a win and a draw, or not what the cards
    say (a winner who still holds cards, a draw the draw rule does not give)."""
    check_stored_options(state["options"], OPTIONS, options)
    _validate_position(state)


def _validate_position(state: State) -> None:
    """Raise InvalidStateError unless ``state`` is a position the game can reach (its options
    are checked first, by ``validate``)."""
    _validate_fields(state)
    _validate_trumps(state)
    cards = _validate_cards(state)
    if state["ply"] > state["options"]["max_plies"]:
        raise _bad("more moves played than the move cap allows")
    if state["phase"] == "trumps":
        _validate_set_up(state)
        return
    _validate_dealt(state, cards)
    _validate_result(state)


def _validate_fields(state: State) -> None:
    """The fields and their shapes, before any rule of the game."""
    if set(state) != STATE_KEYS:
        raise _bad(f"the state's fields must be exactly {', '.join(sorted(STATE_KEYS))}")
    trumps, hands, known, pile = state["trumps"], state["hands"], state["known"], state["pile"]
    rng, ply, turn = state["rng"], state["ply"], state["turn"]
    if set(rng) != {"seed", "n"} or not isinstance(rng["seed"], int | str):
        raise _bad("rng must hold a seed and a counter")
    if state["phase"] not in ("trumps", "play", "over"):
        raise _bad(f"unknown phase {state['phase']!r}")
    if turn not in (SOUTH, NORTH) or type(ply) is not int or ply < 0:
        raise _bad("turn must be 0 or 1 and ply a whole number ≥ 0")
    if not (isinstance(state["last"], list) and all(isinstance(t, str) for t in state["last"])):
        raise _bad("last must be a list of texts")
    lists = (trumps, hands, known)
    if not all(isinstance(x, list) and len(x) == 2 for x in lists) or not isinstance(pile, list):
        raise _bad("trumps, hands and known hold one entry per seat; the pile is a list")
    if not all(isinstance(h, list) for h in (*hands, *known)):
        raise _bad("hands and known cards are lists")


def _validate_trumps(state: State) -> None:
    opts, trumps = state["options"], state["trumps"]
    if not all(t is None or t in SUITS for t in trumps):
        raise _bad("a trump is a suit symbol or null")
    if trumps[0] is not None and trumps[0] == trumps[1]:
        raise _bad("the two trump suits must differ")
    for i, name in ((SOUTH, "trump_south"), (NORTH, "trump_north")):
        if opts[name] is not None and trumps[i] != opts[name]:
            raise _bad(f"{SEATS[i]}'s trump was given at creation as {opts[name]}")


def _validate_cards(state: State) -> list[str]:
    """The cards in the hands and the pile, each a card of the pack, once."""
    hands, deck = state["hands"], DECK_SETS[state["options"]["deck"]]
    everything = [*hands[0], *hands[1], *state["pile"]]
    if not all(isinstance(c, str) for c in everything) or not set(everything) <= deck:
        raise _bad("a card that is not in this pack")
    if len(set(everything)) != len(everything):
        raise _bad("a card is in two places")
    return everything


def _validate_dealt(state: State, everything: list[str]) -> None:
    """After the deal: the whole pack out, the turn and pile agreeing with the moves played."""
    trumps, hands, known, pile = state["trumps"], state["hands"], state["known"], state["pile"]
    ply, deck = state["ply"], DECK_SETS[state["options"]["deck"]]
    if None in trumps:
        raise _bad("cards are dealt only after both trumps are chosen")
    if len(everything) != len(deck):
        raise _bad("every card of the pack must be in a hand or the pile")
    if state["rng"]["n"] != 1:
        raise _bad("the pack is shuffled once, at the deal")
    if state["turn"] != ply % 2:
        raise _bad("the turn disagrees with the moves played (south moves first after the deal)")
    if len(pile) > 2 * ply:
        raise _bad("the pile holds more cards than the moves played could put there")
    for i in (SOUTH, NORTH):
        if hands[i] != sorted(hands[i], key=sort_key):
            raise _bad("hands are kept sorted")
        if len(set(known[i])) != len(known[i]) or not set(known[i]) <= set(hands[i]):
            raise _bad("known cards must be cards of that hand, once each")
    if ply == 0:
        _validate_first_move(state, len(deck))


def _validate_first_move(state: State, pack_size: int) -> None:
    """Before any move: the deal and the sixes exchange only."""
    trumps, hands, known = state["trumps"], state["hands"], state["known"]
    if state["pile"]:
        raise _bad("cards on the pile before any move")
    for i in (SOUTH, NORTH):
        if known[i] not in ([], ["6" + trumps[i]]):
            raise _bad("before any move only the sixes exchange makes cards known")
        if len(hands[i]) != pack_size // 2 + len(known[i]) - len(known[1 - i]):
            raise _bad("the deal gives each seat half the pack, then the sixes exchange")


def _validate_set_up(state: State) -> None:
    hands, known, pile, trumps = state["hands"], state["known"], state["pile"], state["trumps"]
    if any(hands) or any(known) or pile:
        raise _bad("cards are dealt only after both trumps are chosen")
    if None not in trumps:
        raise _bad("both trumps are chosen: the cards must be dealt")
    if state["ply"] or state["rng"]["n"] or state["result"] is not None:
        raise _bad("no move, shuffle or result before both trumps are chosen")
    if state["turn"] != (SOUTH if trumps[SOUTH] is None else NORTH):
        raise _bad("south chooses a trump first, then north")


def _validate_result(state: State) -> None:
    hands, result, phase = state["hands"], state["result"], state["phase"]
    if phase == "play":
        if result is not None:
            raise _bad("a result is recorded but the game is still being played")
        if not (hands[SOUTH] and hands[NORTH]):
            raise _bad("an empty hand ends the game")
        return
    if not isinstance(result, dict) or set(result) != {"winners", "draw", "reason"}:
        raise _bad("a finished game records winners, draw and reason")
    mover = 1 - state["turn"]  # the seat that made the last move
    if state["ply"] == 0 or hands[mover] or not state["pile"] or not hands[1 - mover]:
        raise _bad("a game ends only when the seat that moved last has no cards left")
    if result["draw"] and result["winners"]:
        raise _bad("a result cannot be both a win and a draw")
    if result != result_after(state, mover):
        raise _bad("the recorded result disagrees with the cards (who went out, the draw rule)")
