"""Mystique Maze rules: the state, legal moves, applying a move, the end by the rules, scores and
the validation of stored states.

State (pure JSON)::

    {"game": "maze", "rng": {"seed": s, "n": k}, "options": {...}, "players": 2..4,
     "hands": [[card, ...] per seat], "known": [[hand cards every seat saw arrive] per seat],
     "deck": [... top last], "pile": [... top last], "to_move": seat, "step": "draw"|"discard",
     "drawn": null | {"card": c, "from": "deck"|"pile"}, "turns": completed turns,
     "result": null | {"winners": [seat], "draw": false, "reason": str, "chain": [card, ...]}}

Corners are not stored: seat i holds ``CORNERS[i]``. ``rng.n`` counts the reshuffles (the only
chance after the deal). The rules end a game only by a win; the framework ends it drawn at the
turn cap (option ``turn_cap``).

Moves: ``("draw", "deck")``, ``("draw", "pile")``, ``("discard", card)`` and the one-step
``("pile", card)`` (take the pile card, then discard ``card``).
"""

from __future__ import annotations

import random
from typing import Any

from gm.games.base import (
    Event,
    InvalidStateError,
    Move,
    Option,
    Outcome,
    State,
    filled_options,
    rng_for,
)
from gm.games.maze.geometry import (
    ALL_CARDS,
    CARD_INDEX,
    CORNERS,
    longest_chain,
    sort_cards,
    winning_chain,
)

HAND_SIZE = 8
SEATS = ("a", "b", "c", "d")
DRAW_DECK: Move = ("draw", "deck")
DRAW_PILE: Move = ("draw", "pile")

# The game's options (its GameInfo's), here for validate.
OPTIONS = (
    Option(
        "suit_order",
        "choice",
        "corrected",
        "Suit line: 'corrected' Suns-Moons-Crowns-Arms (fits the seed's example and "
        "corner cards) or 'seed' Moons-Suns-Arms-Crowns (the seed's stated line).",
        choices=("corrected", "seed"),
    ),
    Option(
        "forbid_immediate_rediscard",
        "bool",
        False,
        "If true, the card taken from the pile may not be discarded on the same turn.",
    ),
    Option(
        "show_chain_hint",
        "bool",
        True,
        "Show each seat the longest chain its hand makes now from one of its corners.",
    ),
    Option(
        "turn_cap",
        "int",
        400,
        "The game is drawn after this many turns (all seats together) without a winner.",
        minimum=1,
        maximum=1000,
    ),
)


def label(seat: int) -> str:
    return SEATS[seat].upper()


def copy_state(state: State) -> State:
    """A deep copy (the state's shape is known, so faster than ``copy.deepcopy``)."""
    new = _copy(state)
    new["options"] = dict(state["options"])
    if state["drawn"] is not None:
        new["drawn"] = dict(state["drawn"])
    if state["result"]:
        new["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
        new["result"]["chain"] = list(state["result"]["chain"])
    return new


def _copy(state: State) -> State:
    """A copy whose lists may be changed (apply replaces the small dicts it changes)."""
    new = dict(state)
    new["rng"] = dict(state["rng"])
    new["hands"] = [list(h) for h in state["hands"]]
    new["known"] = [list(k) for k in state["known"]]
    new["deck"] = list(state["deck"])
    new["pile"] = list(state["pile"])
    return new


def deck_size_at_start(players: int) -> int:
    return len(ALL_CARDS) - 2 * players - HAND_SIZE * players


# ---------------------------------------------------------------- set-up and legality


def new_state(name: str, seed: int, options: dict[str, Any], players: int) -> State:
    corners = {c for pair in CORNERS[:players] for c in pair}
    deck = [c for c in ALL_CARDS if c not in corners]
    random.Random(f"{seed}/deal").shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(HAND_SIZE):
        for hand in hands:
            hand.append(deck.pop())
    return {
        "game": name,
        "rng": {"seed": seed, "n": 0},
        "options": dict(options),
        "players": players,
        "hands": hands,
        "known": [[] for _ in range(players)],
        "deck": deck,
        "pile": [],
        "to_move": 0,
        "step": "draw",
        "drawn": None,
        "turns": 0,
        "result": None,
    }


def banned_discard(state: State) -> str | None:
    """The card that may not be discarded now (option forbid_immediate_rediscard): in the draw
    step the pile card (for ``PILE <card>``), in the discard step the card just taken from it."""
    if not state["options"]["forbid_immediate_rediscard"]:
        return None
    if state["step"] == "draw":
        return state["pile"][-1] if state["pile"] else None
    drawn = state["drawn"]
    return drawn["card"] if drawn["from"] == "pile" else None


def legal_moves(state: State, seat: int) -> list[Move]:
    hand = sort_cards(state["hands"][seat])
    banned = banned_discard(state)
    if state["step"] == "discard":
        return [("discard", c) for c in hand if c != banned]
    moves: list[Move] = [DRAW_DECK]
    if state["pile"]:
        moves.append(DRAW_PILE)
        options = sort_cards([*hand, state["pile"][-1]])
        moves.extend(("pile", c) for c in options if c != banned)
    return moves


def is_legal(state: State, seat: int, move: Move) -> bool:
    """``move in legal_moves(state, seat)``, without building the list."""
    if not isinstance(move, tuple) or len(move) != 2:
        return False
    hand = state["hands"][seat]
    banned = banned_discard(state)
    pile = state["pile"]
    if state["step"] == "discard":
        return move[0] == "discard" and move[1] in hand and move[1] != banned
    if move == DRAW_DECK:
        return True
    if not pile:
        return False
    if move == DRAW_PILE:
        return True
    return move[0] == "pile" and (move[1] in hand or move[1] == pile[-1]) and move[1] != banned


# ---------------------------------------------------------------- applying a move


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    new = _copy(state)
    name = label(seat)
    hand, known = new["hands"][seat], new["known"][seat]
    kind, what = move
    events: list[Event] = []
    if move == DRAW_DECK:
        card = new["deck"].pop()
        hand.append(card)
        new["drawn"] = {"card": card, "from": "deck"}
        new["step"] = "discard"
        text = f"{name} draws from the deck"
        events.append(Event(text, seat, private=f"{name} draws {card} from the deck"))
        return new, events
    if kind in ("draw", "pile"):
        card = new["pile"].pop()
        hand.append(card)
        known.append(card)
        new["drawn"] = {"card": card, "from": "pile"}
        new["step"] = "discard"
        events.append(Event(f"{name} takes {card} from the pile", seat))
        if kind == "draw":
            return new, events
    hand.remove(what)
    if what in known:
        known.remove(what)
    new["pile"].append(what)
    events.append(Event(f"{name} discards {what}", seat))
    _end_turn(new, seat, events)
    return new, events


def _end_turn(new: State, seat: int, events: list[Event]) -> None:
    new["turns"] += 1
    new["drawn"] = None
    new["step"] = "draw"
    chain = winning_chain(new["hands"][seat], CORNERS[seat], new["options"]["suit_order"])
    if chain is not None:
        new["known"][seat] = sort_cards(new["hands"][seat])
        text = "~".join(chain)
        new["result"] = {
            "winners": [seat],
            "draw": False,
            "reason": f"{label(seat)} wins with {text}",
            "chain": chain,
        }
        events.append(Event(f"{label(seat)} wins: {text}", seat, kind="end"))
        return
    if not new["deck"]:
        pile = new["pile"]
        new["deck"], new["pile"] = pile[:-1], pile[-1:]
        rng_for(new, "reshuffle").shuffle(new["deck"])
        events.append(
            Event(
                f"The drawing deck ran out: {len(new['deck'])} discards are shuffled into a "
                f"new deck; {pile[-1]} stays on the pile.",
                kind="reshuffle",
            )
        )
    new["to_move"] = (seat + 1) % new["players"]


# ---------------------------------------------------------------- ending and standing


def chain_links(hand: list[str], seat: int, order: str) -> int:
    """Links of the longest chain the 8-card ``hand`` makes from one of the seat's corners:
    0 (no hand card touches a corner) to 8 (eight cards chained), 9 when it joins both corners."""
    chain = longest_chain(hand, CORNERS[seat], order)
    return max(len(chain) - 1, 0)


def scores(state: State) -> dict[int, int]:
    """Each seat's standing: :func:`chain_links` of its hand. A seat in the middle of its turn
    (9 cards) is scored by its best 8 cards (as if it discarded its least useful card)."""
    order = state["options"]["suit_order"]
    out: dict[int, int] = {}
    for seat, hand in enumerate(state["hands"]):
        if len(hand) > HAND_SIZE:
            out[seat] = max(
                chain_links([c for c in hand if c != drop], seat, order) for drop in hand
            )
        else:
            out[seat] = chain_links(hand, seat, order)
    return out


def outcome(state: State) -> Outcome | None:
    result = state["result"]
    if not result:
        return None
    return Outcome(
        winners=list(result["winners"]),
        draw=False,
        reason=result["reason"],
        scores=scores(state),
    )


# ---------------------------------------------------------------- validation


def validate(state: State) -> None:
    """Raise InvalidStateError unless ``state`` is a position play can reach. (A missing or
    mistyped field raises KeyError/TypeError/…: ``from_dict`` reports those as InvalidStateError
    too.)"""
    try:
        options = filled_options(OPTIONS, state["options"])
    except ValueError as err:
        raise InvalidStateError(f"options are not valid: {err}") from err
    _validate_cards(state, options)
    _validate_step(state, options)
    pile_draws = _validate_draws(state)
    if state["result"] is None:
        _validate_play_on(state, options, pile_draws)
    else:
        _validate_win(state, options)


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise InvalidStateError(why)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_cards(state: State, options: dict[str, Any]) -> None:
    """The rng, options and seats; every card once, in a hand, the deck, the pile or a corner."""
    rng = state["rng"]
    _need(isinstance(rng, dict) and set(rng) == {"seed", "n"}, "rng must be {seed, n}")
    _need(_is_int(rng["n"]) and rng["n"] >= 0, "rng counter must be a whole number >= 0")
    _need(options == state["options"], "options are not valid")
    players = state["players"]
    _need(_is_int(players) and 2 <= players <= 4, "players must be 2 to 4")
    hands, known, deck, pile = state["hands"], state["known"], state["deck"], state["pile"]
    _need(len(hands) == players and len(known) == players, "one hand and known list per seat")
    corners = [c for pair in CORNERS[:players] for c in pair]
    every = [c for h in hands for c in h] + deck + pile + corners
    _need(all(isinstance(c, str) and c in CARD_INDEX for c in every), "unknown card code")
    _need(len(every) == len(ALL_CARDS) and set(every) == set(ALL_CARDS), "cards lost or doubled")
    for hand, seen in zip(hands, known, strict=True):
        _need(len(set(seen)) == len(seen) and set(seen) <= set(hand), "known cards not in hand")


def _validate_step(state: State, options: dict[str, Any]) -> None:
    """The turn counters and the step; the step agrees with the hand sizes and the card drawn."""
    players, hands, known, pile = state["players"], state["hands"], state["known"], state["pile"]
    turns, mover, step, drawn = state["turns"], state["to_move"], state["step"], state["drawn"]
    _need(_is_int(turns) and 0 <= turns <= options["turn_cap"], "bad turn count")
    _need(_is_int(mover) and 0 <= mover < players, "seat to move out of range")
    _need(step in ("draw", "discard"), "step must be draw or discard")
    sizes = [len(h) for h in hands]
    result = state["result"]
    if step == "draw":
        _need(drawn is None, "no card is drawn in the draw step")
        _need(sizes == [HAND_SIZE] * players, "every hand holds 8 cards in the draw step")
        # A win with the last deck card ends the turn before the reshuffle.
        _need(bool(state["deck"]) or result is not None, "the deck is empty at a draw step")
        _need(bool(pile) == (turns > 0), "the pile is empty exactly before the first discard")
        return
    _need(result is None, "a finished game has no discard step")
    _need(turns < options["turn_cap"], "no turn is played at the turn cap")
    _need(isinstance(drawn, dict) and set(drawn) == {"card", "from"}, "drawn card malformed")
    _need(drawn["from"] in ("deck", "pile"), "drawn card source")
    _need(drawn["card"] in hands[mover], "the drawn card is not in the mover's hand")
    if drawn["from"] == "pile":
        _need(drawn["card"] in known[mover], "a card taken from the pile is known to all")
        _need(turns > 0, "the first turn draws from the deck")
    else:
        _need(bool(pile) == (turns > 0), "the pile is empty exactly before the first discard")
    expected = [HAND_SIZE + (s == mover) for s in range(players)]
    _need(sizes == expected, "the seat to discard holds 9 cards, the others 8")


def _validate_draws(state: State) -> int:
    """The counters agree with the cards drawn: every reshuffle refills the deck with all the
    cards but the pile's top (start deck - 1), every completed turn drew at most one deck card.
    The cards taken from the pile so far."""
    rng, deck, turns = state["rng"], state["deck"], state["turns"]
    step, drawn = state["step"], state["drawn"]
    start = deck_size_at_start(state["players"])
    current_deck_draw = step == "discard" and drawn["from"] == "deck"
    deck_draws = start + rng["n"] * (start - 1) - len(deck) - current_deck_draw
    _need(0 <= deck_draws <= turns, "the turn count disagrees with the cards drawn from the deck")
    _need(turns == 0 or deck_draws >= 1, "the first turn draws from the deck")
    _need(rng["n"] == 0 or len(deck) <= start - 1, "a reshuffled deck holds at most start - 1")
    return turns - deck_draws + (step == "discard" and drawn["from"] == "pile")


def _validate_play_on(state: State, options: dict[str, Any], pile_draws: int) -> None:
    """A game going on: the seat to move, the known cards, and no win left unrecorded."""
    turns, players, hands = state["turns"], state["players"], state["hands"]
    _need(state["to_move"] == turns % players, "the seat to move disagrees with the turn count")
    _need(sum(len(k) for k in state["known"]) <= pile_draws, "more known cards than cards taken")
    if turns > 0:
        last = (turns - 1) % players
        _need(
            winning_chain(hands[last], CORNERS[last], options["suit_order"]) is None,
            "the seat whose turn ended chains its corners but no win is recorded",
        )


def _validate_win(state: State, options: dict[str, Any]) -> None:
    """A game won: the winner is the seat whose turn ended, its hand chains and is shown."""
    result, turns, hands, known = state["result"], state["turns"], state["hands"], state["known"]
    _need(isinstance(result, dict), "result malformed")
    _need(set(result) == {"winners", "draw", "reason", "chain"}, "result malformed")
    _need(result["draw"] is False, "the rules end a game only by a win, never drawn")
    winners = result["winners"]
    _need(isinstance(winners, list) and len(winners) == 1, "a win has exactly one winner")
    winner = winners[0]
    _need(_is_int(winner) and 0 <= winner < state["players"], "bad winner")
    _need(
        turns > 0 and winner == (turns - 1) % state["players"],
        "the winner is the seat whose turn ended",
    )
    _need(winner == state["to_move"], "the winner stays the seat to move")
    chain = winning_chain(hands[winner], CORNERS[winner], options["suit_order"])
    if chain is None:
        raise InvalidStateError("a recorded win whose hand does not chain")
    _need(result["chain"] == chain, "the recorded chain is not the winner's chain")
    text = "~".join(chain)
    _need(result["reason"] == f"{label(winner)} wins with {text}", "the result's reason")
    _need(known[winner] == sort_cards(hands[winner]), "a winner's hand is shown to all")
