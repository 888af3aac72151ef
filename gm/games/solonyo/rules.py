"""So-Lon-Yo rules as pure functions over the JSON state: values, dealing, a pick, the end, scores.

State (pure JSON)::

    {"game": "solonyo", "rng": {"seed": s, "n": 1 + reshuffles},
     "options": {"scoring": ..., "target": ..., "defiant_sees_cards": ..., "max_rounds": ...},
     "deck": [face down, the next card is the last one], "discard": [face up, oldest first],
     "defiant": 0 | 1, "round": rounds dealt (1 at the start),
     "challenger_card": card | null, "defiant_cards": [three cards] | [],
     "scores": [p1, p2], "last": text of the last comparison | null,
     "last_cards": [its four cards: the challenger's, then the defiant's three] | [],
     "result": null | {"winners": [seat], "reason": text}}

Seats ``p1`` (seat 0, starts as the defiant) and ``p2``. Only the defiant ever decides, so the
seat to move is always the defiant: its pick plays out the comparison, scores it and deals the
next round. Cards are written with ``10`` for the ten (``10♦``). Moves are ``("pick", 1..3)``.
"""

from __future__ import annotations

from typing import Any

from gm.games import cards
from gm.games.base import Event, IllegalMoveError, InvalidStateError, Move, Option, State, rng_for

NAME = "solonyo"
SEATS = ("p1", "p2")
LABEL = ("P1", "P2")
DECK = tuple(cards.card_text(c, ten="10") for c in cards.standard_deck())
RANK = {code: c[0] for code, c in zip(DECK, cards.standard_deck(), strict=True)}
FACES = (11, 12, 13)
SCORINGS = ("card", "difference", "challenger_card")
ROUNDS_PER_DECK = len(DECK) // 4  # 13 deals empty a full deck; the 14th reshuffles
PICKS: tuple[Move, ...] = (("pick", 1), ("pick", 2), ("pick", 3))


def value(card: str, other: str) -> int:
    """The value of ``card`` compared with ``other``: 2–10 face value, J Q K 11, A 12 against a
    J, Q or K, otherwise 1."""
    r = RANK[card]
    if r == 14:
        return 12 if RANK[other] in FACES else 1
    return 11 if r in FACES else r


def shown(card: str, other: str) -> str:
    """``K♦(11)``, ``A♠(12 vs K)``: a card with its value in this comparison."""
    v = value(card, other)
    if RANK[card] == 14 and v == 12:
        return f"{card}(12 vs {other[:-1]})"
    return f"{card}({v})"


def alone(card: str) -> str:
    """The challenger's card with its value before a defiant card is chosen."""
    if RANK[card] == 14:
        return f"{card}(1, 12 vs J/Q/K)"
    return f"{card}({11 if RANK[card] in FACES else RANK[card]})"


def points(scoring: str, mine: int, theirs: int) -> int:
    """Points for a win with value ``mine`` over ``theirs``."""
    return {"card": mine, "difference": mine - theirs, "challenger_card": theirs}[scoring]


def _win_points(scoring: str) -> frozenset[int]:
    pts = set()
    for a in DECK:
        for b in DECK:
            mine, theirs = value(a, b), value(b, a)
            if mine > theirs:
                pts.add(points(scoring, mine, theirs))
    return frozenset(pts)


WIN_POINTS = {scoring: _win_points(scoring) for scoring in SCORINGS}  # what one win can score

# The game's options (its GameInfo's), here for validate.
OPTIONS = (
    Option(
        "scoring",
        "choice",
        "card",
        "Points for a win: the value of the defiant's card (card), the difference of the "
        "two values (difference), or the value of the challenger's card (challenger_card).",
        SCORINGS,
    ),
    Option("target", "int", 128, "Points needed to win.", minimum=1, maximum=100000),
    Option(
        "defiant_sees_cards",
        "bool",
        False,
        "Deal the defiant's three cards face up (default: face down, a blind pick).",
    ),
    Option(
        "max_rounds",
        "int",
        1000,
        "The game ends drawn after this many rounds (picks) if nobody has reached the target.",
        minimum=1,
        maximum=5000,
    ),
)


# ---------------------------------------------------------------- set-up and turns


def new_state(seed: int, options: dict[str, Any]) -> State:
    state: State = {
        "game": NAME,
        "rng": {"seed": seed, "n": 0},
        "options": dict(options),
        "deck": list(DECK),
        "discard": [],
        "defiant": 0,
        "round": 0,
        "challenger_card": None,
        "defiant_cards": [],
        "scores": [0, 0],
        "last": None,
        "last_cards": [],
        "result": None,
    }
    rng_for(state, "shuffle").shuffle(state["deck"])
    deal(state)
    return state


def deal(state: State) -> list[str]:
    """Deal a round: one card to the challenger, three to the defiant (reshuffle if needed)."""
    texts = []
    deck = state["deck"]
    if len(deck) < 4:
        deck.extend(state["discard"])
        state["discard"] = []
        rng_for(state, "reshuffle").shuffle(deck)
        texts.append(f"Fewer than 4 cards left: all {len(deck)} cards are reshuffled.")
    state["round"] += 1
    state["challenger_card"] = deck.pop()
    state["defiant_cards"] = [deck.pop() for _ in range(3)]
    d = state["defiant"]
    mine = (
        " ".join(state["defiant_cards"])
        if state["options"]["defiant_sees_cards"]
        else "three cards face down"
    )
    texts.append(
        f"Round {state['round']}: {LABEL[1 - d]} (challenger) gets "
        f"{alone(state['challenger_card'])}; {LABEL[d]} (defiant) gets {mine}."
    )
    return texts


def to_move(state: State) -> int | None:
    return None if state["result"] else state["defiant"]


def legal_moves(state: State) -> list[Move]:
    """The defiant's three picks (the framework asks only for the seat to move)."""
    return list(PICKS)


def hint(state: State) -> str:
    if state["options"]["defiant_sees_cards"]:
        named = ", ".join(f"PICK {i + 1} ({c})" for i, c in enumerate(state["defiant_cards"]))
        return f"Legal: {named}; or name the card itself."
    return "Legal: PICK 1, PICK 2 or PICK 3 (the cards are face down)."


# ---------------------------------------------------------------- a pick


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Play the defiant's pick on a copy: compare, score, and deal the next round (or end)."""
    if tuple(move) not in PICKS:
        raise IllegalMoveError(f"{move!r} is not a move.", rule="move", hint=hint(state))
    s = copy_state(state)
    d, c = s["defiant"], 1 - s["defiant"]
    pick = move[1]
    mine = s["defiant_cards"][pick - 1]
    theirs = s["challenger_card"]
    dv, cv = value(mine, theirs), value(theirs, mine)
    head = f"{LABEL[d]} picks {pick} → {shown(mine, theirs)}"
    if dv > cv:
        won = points(s["options"]["scoring"], dv, cv)
        s["scores"][d] += won
        text = (
            f"{head} beats {shown(theirs, mine)}: +{won} → {LABEL[d]} {s['scores'][d]}. "
            f"{LABEL[d]} stays defiant."
        )
    elif dv == cv:
        text = f"{head} ties {shown(theirs, mine)}: no points; fresh deal, same roles."
    else:
        s["defiant"] = c
        text = (
            f"{head} loses to {shown(theirs, mine)}: no points; roles swap, "
            f"{LABEL[c]} is now defiant."
        )
    others = [x for x in s["defiant_cards"] if x != mine]
    if not s["options"]["defiant_sees_cards"]:
        text += f" (Not picked: {' '.join(others)}.)"
    s["discard"].extend([theirs, *s["defiant_cards"]])
    s["last_cards"] = [theirs, *s["defiant_cards"]]
    s["challenger_card"], s["defiant_cards"] = None, []
    s["last"] = text
    events = [Event(text, seat=seat)]
    if s["scores"][d] >= s["options"]["target"]:
        reason = win_reason(s, d)
        s["result"] = {"winners": [d], "reason": reason}
        events.append(Event(reason + f" {LABEL[d]} wins.", seat=seat, kind="end"))
    else:
        events.extend(Event(t, seat=seat, kind="deal") for t in deal(s))
    return s, events


def win_reason(state: State, seat: int) -> str:
    target = state["options"]["target"]
    return f"{LABEL[seat]} reaches {state['scores'][seat]} points (target {target})."


def scores(state: State) -> dict[int, int]:
    """Each seat's points."""
    return dict(enumerate(state["scores"]))


def picks_made(state: State) -> int:
    """How many picks the game has seen: one per round dealt, the current one not yet made."""
    return state["round"] - (0 if state["result"] else 1)


def copy_state(state: State) -> State:
    s = dict(state)
    for key in ("rng", "options"):
        s[key] = dict(state[key])
    for key in ("deck", "discard", "defiant_cards", "scores", "last_cards"):
        s[key] = list(state[key])
    if state["result"]:
        s["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
    return s


# ---------------------------------------------------------------- validated state

KEYS = {"game", "rng", "options", "deck", "discard", "defiant", "round", "challenger_card"}
KEYS |= {"defiant_cards", "scores", "last", "last_cards", "result"}


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"invalid solonyo state: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(state: State) -> None:
    """Raise InvalidStateError unless So-Lon-Yo can reach ``state``."""
    if set(state) != KEYS:
        raise _bad(f"keys must be {sorted(KEYS)}")
    _validate_options(state["options"])
    _validate_counters(state)
    _validate_cards(state)
    picks = picks_made(state)
    _validate_last(state, picks)
    _validate_scores(state, picks)
    if state["result"] is not None:
        _validate_result(state)


def _validate_options(o: Any) -> None:
    if not isinstance(o, dict) or set(o) != {opt.name for opt in OPTIONS}:
        raise _bad("options must be exactly " + ", ".join(opt.name for opt in OPTIONS))
    for opt in OPTIONS:
        try:
            opt.validate(o[opt.name])
        except ValueError as err:
            raise _bad(str(err)) from err


def _validate_counters(state: State) -> None:
    """The defiant seat, the round number and the shuffles they imply."""
    d, rnd = state["defiant"], state["round"]
    if not _is_int(d) or d not in (0, 1):
        raise _bad("defiant must be seat 0 or 1")
    if not _is_int(rnd) or rnd < 1:
        raise _bad("round must be a whole number from 1")
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"} or not _is_int(rng["seed"]):
        raise _bad("rng must hold an int seed and its counter")
    if rng["n"] != 1 + (rnd - 1) // ROUNDS_PER_DECK:
        raise _bad("the rng counter is one shuffle plus one per reshuffle (every 13 rounds)")


def _validate_cards(state: State) -> None:
    """All 52 cards once, and the deck/discard sizes the round number implies."""
    over = state["result"] is not None
    table = [] if over else [state["challenger_card"], *state["defiant_cards"]]
    if over and (state["challenger_card"] is not None or state["defiant_cards"]):
        raise _bad("no round is dealt once the game is over")
    if not over and (len(state["defiant_cards"]) != 3 or state["challenger_card"] is None):
        raise _bad("during a round the challenger holds one card and the defiant three")
    everything = [*state["deck"], *state["discard"], *table]
    if len(everything) != len(DECK) or set(everything) != set(DECK):
        raise _bad("the 52 cards must each be exactly once in deck/discard/table")
    rnd = state["round"]
    since = (rnd - 1) % ROUNDS_PER_DECK  # picks since the last shuffle, the current round aside
    discarded = 4 * (since + (1 if over else 0))
    if len(state["discard"]) != discarded:
        raise _bad(f"round {rnd} leaves {discarded} cards in the discard")


def _validate_last(state: State, picks: int) -> None:
    """The last comparison: none before the first pick, else its text and the four cards."""
    last, last_cards = state["last"], state["last_cards"]
    if picks == 0:
        if last is not None or last_cards:
            raise _bad("no comparison has been made yet")
        return
    if not isinstance(last, str) or len(last_cards) != 4 or len(set(last_cards)) != 4:
        raise _bad("the last comparison has a text and four cards")
    if not set(last_cards) <= set(DECK):
        raise _bad("unknown card in the last comparison")
    if state["discard"] and state["discard"][-4:] != last_cards:
        raise _bad("the last comparison's cards are the last four of the discard")


def _validate_scores(state: State, picks: int) -> None:
    o, scores = state["options"], state["scores"]
    if len(scores) != 2 or any(not _is_int(x) or x < 0 for x in scores):
        raise _bad("scores must be two whole numbers ≥ 0")
    steps = WIN_POINTS[o["scoring"]]
    if any(0 < x < min(steps) for x in scores):
        raise _bad(f"a win scores at least {min(steps)} points with scoring {o['scoring']}")
    if sum(scores) > max(steps) * picks:
        raise _bad(f"{picks} picks cannot have scored {sum(scores)} points")
    if state["result"] is None and max(scores) >= o["target"]:
        raise _bad("a score at the target ends the game")


def _validate_result(state: State) -> None:
    """A finished game: the defiant's win reached the target."""
    d, scores, result = state["defiant"], state["scores"], state["result"]
    target, steps = state["options"]["target"], WIN_POINTS[state["options"]["scoring"]]
    if not isinstance(result, dict) or set(result) != {"winners", "reason"}:
        raise _bad("a result has winners and a reason")
    if result["winners"] != [d]:
        raise _bad("the winner is the defiant, whose win reached the target")
    if scores[d] < target or scores[1 - d] >= target:
        raise _bad("the winner has reached the target and the other has not")
    if scores[d] - target >= max(steps):
        raise _bad("the game ends at the win that reaches the target")
    if result["reason"] != win_reason(state, d):
        raise _bad("the result's reason disagrees with the scores")
