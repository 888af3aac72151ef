"""So-Lon-Yo: a two-player comparison game. The defiant picks one of three cards to beat the
challenger's single card; the first seat to reach the target (128) wins.

Rules: ``rules.md`` next to this module (served at GET /rules/solonyo). Seats ``p1`` (seat 0,
starts as the defiant) and ``p2``. Only the defiant ever has a decision, so ``to_move`` is always
the defiant: applying its ``PICK`` plays out the comparison, scores it, and deals the next round.

State (pure JSON): ``deck`` (face down, the next card is the last one), ``discard`` (face up),
``defiant`` (seat), ``round``, ``challenger_card``, ``defiant_cards`` (three), ``scores``,
``last`` (the text of the last comparison) and ``last_cards`` (its four cards), ``result``.
Cards are written with ``10`` for the ten (``10♦``). Moves are tuples ``("PICK", 1..3)``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gm.games import cards
from gm.games.base import (
    AmbiguousMoveError,
    Engine,
    Event,
    GameInfo,
    IllegalMoveError,
    InvalidStateError,
    Move,
    Option,
    Outcome,
    ParseError,
    State,
    rng_for,
)

SEATS = ("p1", "p2")
LABEL = ("P1", "P2")
DECK = tuple(cards.card_text(c, ten="10") for c in cards.standard_deck())
RANK = {code: c[0] for code, c in zip(DECK, cards.standard_deck(), strict=True)}
FACES = (11, 12, 13)
EXPECTED = "'PICK 1', 'PICK 2' or 'PICK 3' (also '2', 'the second card', 'middle')"
_POSITION_WORDS = {
    "one": 1, "first": 1, "1st": 1, "left": 1, "leftmost": 1,
    "two": 2, "second": 2, "2nd": 2, "middle": 2, "center": 2, "centre": 2,
    "three": 3, "third": 3, "3rd": 3, "right": 3, "rightmost": 3, "last": 3,
    "four": 4, "fourth": 4, "4th": 4, "five": 5, "fifth": 5, "zero": 0,
}  # fmt: skip
_WORD = re.compile(r"\d+(?:st|nd|rd|th)?|[a-z]+")


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


class SoLonYoEngine(Engine):
    info = GameInfo(
        name="solonyo",
        title="So-Lon-Yo",
        summary="The defiant picks one of three cards to beat the challenger's card and scores; "
        "lose and the roles swap. First to 128 points wins.",
        seat_names=SEATS,
        options=(
            Option(
                "scoring",
                "choice",
                "card",
                "Points for a win: the value of the defiant's card (card), the difference of the "
                "two values (difference), or the value of the challenger's card (challenger_card).",
                ("card", "difference", "challenger_card"),
            ),
            Option("target", "int", 128, "Points needed to win.", minimum=1, maximum=100000),
            Option(
                "defiant_sees_cards",
                "bool",
                False,
                "Deal the defiant's three cards face up (default: face down, a blind pick).",
            ),
        ),
        move_syntax="PICK 1 | PICK 2 | PICK 3",
        example_moves=("PICK 1", "PICK 2", "2", "the third card"),
    )

    # ------------------------------------------------------------ set-up

    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        state: State = {
            "game": "solonyo",
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
        self._deal(state)
        return state

    def _deal(self, state: State) -> list[str]:
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

    def to_move(self, state: State) -> int | None:
        return None if state["result"] else state["defiant"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if self.to_move(state) != seat:
            return []
        return [("PICK", 1), ("PICK", 2), ("PICK", 3)]

    def render_move(self, move: Move) -> str:
        return f"PICK {move[1]}"

    # ------------------------------------------------------------ parsing

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        if not isinstance(text, str) or not text.strip():
            raise ParseError(str(text), EXPECTED)
        found = cards.find_cards(text)
        rest = text.lower()
        for _, (a, b) in reversed(found):
            rest = rest[:a] + " " + rest[b:]
        words = _WORD.findall(rest)
        positions: list[int] = []
        for w in words:
            digits = re.match(r"\d+", w)
            if digits:
                positions.append(int(digits.group()))
            elif w in _POSITION_WORDS:
                positions.append(_POSITION_WORDS[w])
        if not found and not positions:
            raise ParseError(text, EXPECTED)
        self._check_turn(state, seat)
        hint = self._hint(state)
        picks = set()
        if found:
            if not state["options"]["defiant_sees_cards"]:
                raise IllegalMoveError(
                    "Your three cards are face down (a blind pick): you cannot choose by naming a "
                    "card; choose by position.",
                    rule="blind-pick",
                    hint=hint,
                )
            for card, _ in found:
                code = cards.card_text(card, ten="10")
                if code not in state["defiant_cards"]:
                    raise IllegalMoveError(
                        f"{code} is not one of your three cards.", rule="not-your-card", hint=hint
                    )
                picks.add(state["defiant_cards"].index(code) + 1)
        for p in positions:
            if p not in (1, 2, 3):
                raise IllegalMoveError(
                    f"There are only three cards to pick from, so there is no card {p}.",
                    rule="three-cards",
                    hint=hint,
                )
            picks.add(p)
        if len(picks) > 1:
            raise AmbiguousMoveError(text, [f"PICK {p}" for p in sorted(picks)])
        return ("PICK", picks.pop())

    def _check_turn(self, state: State, seat: int) -> None:
        if state["result"]:
            raise IllegalMoveError("The game is over.", rule="game-over", hint="No more moves.")
        if seat != state["defiant"]:
            raise IllegalMoveError(
                f"You are the challenger this round and have no decision: "
                f"{LABEL[state['defiant']]}, the defiant, picks a card.",
                rule="not-your-turn",
                hint="Wait for the defiant's pick; the engine deals on by itself.",
            )

    def _hint(self, state: State) -> str:
        if state["options"]["defiant_sees_cards"]:
            named = ", ".join(f"PICK {i + 1} ({c})" for i, c in enumerate(state["defiant_cards"]))
            return f"Legal: {named}; or name the card itself."
        return "Legal: PICK 1, PICK 2 or PICK 3 (the cards are face down)."

    # ------------------------------------------------------------ applying

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        self._check_turn(state, seat)
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError(f"{move!r} is not a move.", rule="move", hint=self._hint(state))
        s = _copy(state)
        d, c = s["defiant"], 1 - s["defiant"]
        pick = move[1]
        mine = s["defiant_cards"][pick - 1]
        theirs = s["challenger_card"]
        dv, cv = value(mine, theirs), value(theirs, mine)
        head = f"{LABEL[d]} picks {pick} → {shown(mine, theirs)}"
        if dv > cv:
            points = {"card": dv, "difference": dv - cv, "challenger_card": cv}[
                s["options"]["scoring"]
            ]
            s["scores"][d] += points
            text = (
                f"{head} beats {shown(theirs, mine)}: +{points} → {LABEL[d]} {s['scores'][d]}. "
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
            reason = (
                f"{LABEL[d]} reaches {s['scores'][d]} points (target {s['options']['target']})."
            )
            s["result"] = {"winners": [d], "reason": reason}
            events.append(Event(reason + f" {LABEL[d]} wins.", seat=seat, kind="end"))
        else:
            events.extend(Event(t, seat=seat, kind="deal") for t in self._deal(s))
        return s, events

    # ------------------------------------------------------------ ending

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if not result:
            return None
        return Outcome(
            list(result["winners"]), False, result["reason"], dict(enumerate(state["scores"]))
        )

    # ------------------------------------------------------------ what a seat sees

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        """The deck (its order is the secret) and, in a blind game, the defiant's three cards — for
        every seat alike. The four cards of the last comparison are left out: the board and the log
        still show them as history, which says nothing about where they are after a reshuffle."""
        hidden = set(state["deck"])
        if not state["options"]["defiant_sees_cards"]:
            hidden.update(state["defiant_cards"])
        return hidden - set(state["last_cards"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        d = state["defiant"]
        visible = state["options"]["defiant_sees_cards"]
        defiant_cards = list(state["defiant_cards"]) if visible else [None] * 3
        if state["result"]:
            defiant_cards = []
        hand = None
        if seat is not None:
            if seat == d:
                hand = defiant_cards
            else:
                hand = [state["challenger_card"]] if state["challenger_card"] else []
        out = self.outcome(state)
        return {
            "game": "solonyo",
            "seat": self.seat_name(seat),
            "round": state["round"],
            "target": state["options"]["target"],
            "scoring": state["options"]["scoring"],
            "defiant_sees_cards": visible,
            "defiant": SEATS[d],
            "challenger": SEATS[1 - d],
            "challenger_card": state["challenger_card"],
            "defiant_cards": defiant_cards,
            "hand": hand,
            "hand_counts": {
                SEATS[d]: len(state["defiant_cards"]),
                SEATS[1 - d]: 1 if state["challenger_card"] else 0,
            },
            "scores": {SEATS[i]: state["scores"][i] for i in (0, 1)},
            "deck_count": len(state["deck"]),
            "discard_count": len(state["discard"]),
            "turn": SEATS[d] if not state["result"] else None,
            "last": state["last"],
            "outcome": out.to_dict(SEATS) if out else None,
        }

    def render(self, state: State, seat: int | None) -> str:
        o = state["options"]
        d, c = state["defiant"], 1 - state["defiant"]

        def who(i: int, role: str) -> str:
            return (
                f"{LABEL[i]} ({'you, ' if i == seat else ''}{role}) · {state['scores'][i]} points"
            )

        lines = [
            f"So-Lon-Yo · round {state['round']} · target {o['target']} · scoring {o['scoring']}"
        ]
        if state["result"]:
            lines.append(who(d, "defiant"))
            lines.append(who(c, "challenger"))
        else:
            ch = state["challenger_card"]
            if o["defiant_sees_cards"]:
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
        if state["result"]:
            lines.append(f"Game over: {state['result']['reason']} {LABEL[d]} wins.")
        else:
            blind = "" if o["defiant_sees_cards"] else " (face down: a blind pick)"
            me = " (you)" if seat == d else ""
            lines.append(f"To move: {SEATS[d]}{me} — PICK 1, PICK 2 or PICK 3{blind}.")
        return "\n".join(lines)

    # ------------------------------------------------------------ storage

    def copy_state(self, state: State) -> State:
        return _copy(state)

    def validate(self, state: State) -> None:
        o = state["options"]
        if o["scoring"] not in ("card", "difference", "challenger_card"):
            raise InvalidStateError("unknown scoring")
        if not isinstance(o["target"], int) or o["target"] < 1:
            raise InvalidStateError("target must be a positive whole number")
        if not isinstance(o["defiant_sees_cards"], bool):
            raise InvalidStateError("defiant_sees_cards must be true or false")
        if state["defiant"] not in (0, 1) or not isinstance(state["round"], int):
            raise InvalidStateError("defiant must be seat 0 or 1")
        scores = state["scores"]
        if len(scores) != 2 or any(not isinstance(x, int) or x < 0 for x in scores):
            raise InvalidStateError("scores must be two whole numbers ≥ 0")
        over = bool(state["result"])
        table = [] if over else [state["challenger_card"], *state["defiant_cards"]]
        if not over and len(state["defiant_cards"]) != 3:
            raise InvalidStateError("the defiant holds three cards during a round")
        everything = [*state["deck"], *state["discard"], *table]
        if sorted(everything) != sorted(DECK):
            raise InvalidStateError("the 52 cards must each be exactly once in deck/discard/table")
        if not set(state["last_cards"]) <= set(DECK):
            raise InvalidStateError("unknown card in the last comparison")
        if over != any(x >= o["target"] for x in scores):
            raise InvalidStateError("the game ends exactly when a score reaches the target")

    # ------------------------------------------------------------ text



def _copy(state: State) -> State:
    s = dict(state)
    for key in ("rng", "options"):
        s[key] = dict(state[key])
    for key in ("deck", "discard", "defiant_cards", "scores", "last_cards"):
        s[key] = list(state[key])
    if state["result"]:
        s["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
    return s


ENGINE = SoLonYoEngine()
