"""Mystique Maze: race to chain your two corner cards with the 8 cards of your hand.

State (pure JSON)::

    {"game": "maze", "rng": {"seed": s, "n": k}, "options": {...}, "players": 2..4,
     "hands": [[card, ...] per seat], "known": [[hand cards every seat saw arrive] per seat],
     "deck": [... top last], "pile": [... top last], "to_move": seat, "step": "draw"|"discard",
     "drawn": null | {"card": c, "from": "deck"|"pile"}, "turns": completed turns,
     "result": null | {"winners": [seat], "draw": bool, "reason": str, "chain": [card, ...]}}

Corners are not stored: seat i holds ``CORNERS[i]``.
"""

from __future__ import annotations

import random
from importlib import resources
from typing import Any

from gm.games.base import (
    Engine,
    Event,
    GameInfo,
    IllegalMoveError,
    InvalidStateError,
    Move,
    Option,
    Outcome,
    State,
    rng_for,
)
from gm.games.maze.geometry import (
    ALL_CARDS,
    CARD_INDEX,
    CORNERS,
    SUIT_NAMES,
    SUIT_ORDERS,
    longest_chain,
    sort_cards,
    winning_chain,
)
from gm.games.maze.notation import DRAW_DECK, DRAW_PILE, read_move, render_move

HAND_SIZE = 8
SEATS = ("a", "b", "c", "d")


def _label(seat: int) -> str:
    return SEATS[seat].upper()


def _copy(state: State, deep: bool = False) -> State:
    """A copy whose lists may be changed; ``deep`` also copies the small dicts apply replaces."""
    new = dict(state)
    if deep:
        new["options"] = dict(state["options"])
        if state["drawn"] is not None:
            new["drawn"] = dict(state["drawn"])
        if state["result"]:
            new["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
            new["result"]["chain"] = list(state["result"]["chain"])
    new["rng"] = dict(state["rng"])
    new["hands"] = [list(h) for h in state["hands"]]
    new["known"] = [list(k) for k in state["known"]]
    new["deck"] = list(state["deck"])
    new["pile"] = list(state["pile"])
    return new


class MazeEngine(Engine):
    info = GameInfo(
        name="maze",
        title="Mystique Maze",
        summary="Draw and discard until your 8 cards chain your two corner cards through the "
        "colour-suit-number maze of the Mystique Deck.",
        seat_names=SEATS,
        min_players=2,
        max_players=4,
        options=(
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
                maximum=10000,
            ),
        ),
        move_syntax="DRAW DECK | DRAW PILE | DISCARD 3RC | PILE 3RC",
        example_moves=("DRAW DECK", "DISCARD 3RC", "DRAW PILE", "PILE 2BM"),
    )

    # ------------------------------------------------------------ set-up and turn order

    def new_state(self, seed: int, options: dict[str, Any], players: int) -> State:
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError("Mystique Maze is played by 2 to 4 seats")
        corners = {c for pair in CORNERS[:players] for c in pair}
        deck = [c for c in ALL_CARDS if c not in corners]
        random.Random(f"{seed}/deal").shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZE):
            for hand in hands:
                hand.append(deck.pop())
        return {
            "game": self.info.name,
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

    def to_move(self, state: State) -> int | None:
        return None if state["result"] else state["to_move"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["result"] or seat != state["to_move"]:
            return []
        hand = sort_cards(state["hands"][seat])
        forbid = state["options"]["forbid_immediate_rediscard"]
        if state["step"] == "discard":
            drawn = state["drawn"]
            banned = drawn["card"] if forbid and drawn["from"] == "pile" else None
            return [("discard", c) for c in hand if c != banned]
        moves: list[Move] = [DRAW_DECK]
        if state["pile"]:
            top = state["pile"][-1]
            moves.append(DRAW_PILE)
            options = hand if forbid else sort_cards([*hand, top])
            moves.extend(("pile", c) for c in options)
        return moves

    def _is_legal(self, state: State, seat: int, move: Move) -> bool:
        """``move in legal_moves(state, seat)``, without building the list."""
        if state["result"] or seat != state["to_move"] or not isinstance(move, tuple):
            return False
        hand = state["hands"][seat]
        forbid = state["options"]["forbid_immediate_rediscard"]
        pile = state["pile"]
        if state["step"] == "discard":
            drawn = state["drawn"]
            banned = drawn["card"] if forbid and drawn["from"] == "pile" else None
            return len(move) == 2 and move[0] == "discard" and move[1] in hand and move[1] != banned
        if move == DRAW_DECK:
            return True
        if not pile:
            return False
        if move == DRAW_PILE:
            return True
        return (
            len(move) == 2
            and move[0] == "pile"
            and (move[1] in hand or (move[1] == pile[-1] and not forbid))
        )

    # ------------------------------------------------------------ moves

    def render_move(self, move: Move) -> str:
        return render_move(move)

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        if state["result"]:
            raise IllegalMoveError(
                "The game is over; no more moves can be made.", rule="game-over", hint=""
            )
        if seat != state["to_move"]:
            raise IllegalMoveError(
                f"It is not your turn: {_label(state['to_move'])} is to move.",
                rule="not-your-turn",
                hint="Wait for your turn.",
            )
        words = text.split()
        if len(words) == 2 and words[0] in ("DRAW", "PILE", "DISCARD"):  # canonical text
            kind, what = words[0].lower(), words[1]
            fast = (kind, what.lower()) if kind == "draw" else (kind, what)
            if self._is_legal(state, seat, fast):
                return fast
        legal = self.legal_moves(state, seat)
        pile_top = state["pile"][-1] if state["pile"] else None
        forbid = state["options"]["forbid_immediate_rediscard"]
        drawn = state["drawn"]
        if state["step"] == "draw":
            banned = pile_top if forbid else None
        else:
            banned = drawn["card"] if forbid and drawn["from"] == "pile" else None

        def hint() -> str:
            return "Legal now: " + ", ".join(render_move(m) for m in legal)

        move = read_move(
            text,
            step=state["step"],
            hand=state["hands"][seat],
            pile_top=pile_top,
            no_rediscard=banned,
            legal_hint=hint,
        )
        if move not in legal:  # the reader's checks should have caught it; never apply it
            raise IllegalMoveError(f"{render_move(move)} is not legal now.", "illegal", hint())
        return move

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if not self._is_legal(state, seat, move):
            raise IllegalMoveError(f"{render_move(move)} is not legal now.", rule="illegal")
        new = _copy(state)
        name = _label(seat)
        hand, known = new["hands"][seat], new["known"][seat]
        kind, what = move
        events: list[Event] = []
        if kind == "draw" and what == "deck":
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
        self._end_turn(new, seat, events)
        return new, events

    def _end_turn(self, new: State, seat: int, events: list[Event]) -> None:
        new["turns"] += 1
        new["drawn"] = None
        new["step"] = "draw"
        order = new["options"]["suit_order"]
        chain = winning_chain(new["hands"][seat], CORNERS[seat], order)
        if chain is not None:
            new["known"][seat] = sort_cards(new["hands"][seat])
            reason = f"{_label(seat)} chains both corners: {'~'.join(chain)}"
            new["result"] = {"winners": [seat], "draw": False, "reason": reason, "chain": chain}
            events.append(Event(f"{_label(seat)} wins: {'~'.join(chain)}", seat, kind="end"))
            return
        cap = new["options"]["turn_cap"]
        if new["turns"] >= cap:
            reason = f"turn cap reached: {cap} turns without a winner, the game is drawn"
            new["result"] = {"winners": [], "draw": True, "reason": reason, "chain": []}
            events.append(Event(f"Draw: the turn cap of {cap} turns is reached.", kind="end"))
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

    # ------------------------------------------------------------ ending

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if not result:
            return None
        winners = list(result["winners"])
        scores = {s: (1 if s in winners else 0) for s in range(state["players"])}
        return Outcome(winners=winners, draw=result["draw"], reason=result["reason"], scores=scores)

    # ------------------------------------------------------------ what a seat may see

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        opts = state["options"]
        order = opts["suit_order"]
        mover = self.to_move(state)
        pile = state["pile"]
        view: dict[str, Any] = {
            "game": self.info.name,
            "players": state["players"],
            "viewer": self.seat_name(seat),
            "suit_order": order,
            "seats": [
                {
                    "seat": SEATS[s],
                    "corners": list(CORNERS[s]),
                    "hand_size": len(hand),
                    "known_cards": sort_cards(state["known"][s]),
                }
                for s, hand in enumerate(state["hands"])
            ],
            "hand": None if seat is None else sort_cards(state["hands"][seat]),
            "pile_top": pile[-1] if pile else None,
            "pile_size": len(pile),
            "deck_size": len(state["deck"]),
            "turns_played": state["turns"],
            "turn_cap": opts["turn_cap"],
            "to_move": None if mover is None else SEATS[mover],
            "step": None if mover is None else state["step"],
            "drawn": None,
            "outcome": None,
        }
        drawn = state["drawn"]
        if drawn is not None:
            shown = drawn["from"] == "pile" or seat == mover
            view["drawn"] = {"from": drawn["from"], "card": drawn["card"] if shown else None}
        result = state["result"]
        if result:
            view["outcome"] = {
                "winners": [SEATS[w] for w in result["winners"]],
                "draw": result["draw"],
                "reason": result["reason"],
                "chain": list(result["chain"]),
            }
        if seat is not None and opts["show_chain_hint"]:
            view["chain_hint"] = longest_chain(state["hands"][seat], CORNERS[seat], order)
        return view

    def render(self, state: State, seat: int | None) -> str:
        v = self.view(state, seat)
        line = "-".join(SUIT_NAMES[s] for s in SUIT_ORDERS[v["suit_order"]])
        if v["outcome"] is None:
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
        outcome = v["outcome"]
        if outcome is not None:
            if outcome["draw"]:
                lines.append(f"Game over: drawn ({outcome['reason']}).")
            else:
                winner = outcome["winners"][0].upper()
                lines.append(f"Game over: {winner} wins with {'~'.join(outcome['chain'])}")
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
            return "\n".join(lines)
        lines.append(f"Your hand ({SEATS[seat].upper()}): {' '.join(v['hand'])}")
        if "chain_hint" in v:
            lines.append("Best chain from a corner: " + _chain_text(v["chain_hint"], seat))
        return "\n".join(lines)

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["deck"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                known = state["known"][s]
                hidden.update(hand if not known else [c for c in hand if c not in known])
        return hidden

    # ------------------------------------------------------------ storage

    def copy_state(self, state: State) -> State:
        return _copy(state, deep=True)

    def validate(self, state: State) -> None:
        _check(self, state)  # from_dict reports a missing or mistyped field as InvalidStateError



def _chain_text(chain: list[str], seat: int) -> str:
    if not chain:
        a, b = CORNERS[seat]
        return f"none yet (no card of your hand touches {a} or {b})"
    cards = len(chain) - 1 - (chain[-1] in CORNERS[seat])
    done = " - complete!" if chain[-1] in CORNERS[seat] else ""
    return f"{'~'.join(chain)} ({cards} of {HAND_SIZE} cards{done})"


def _check(engine: MazeEngine, state: State) -> None:
    def need(ok: bool, why: str) -> None:
        if not ok:
            raise InvalidStateError(why)

    need(isinstance(state.get("rng"), dict), "rng missing")
    need(isinstance(state["rng"]["n"], int), "rng counter must be an int")
    need(engine.options(state["options"]) == state["options"], "options are not valid")
    players = state["players"]
    need(isinstance(players, int) and 2 <= players <= 4, "players must be 2 to 4")
    hands, known = state["hands"], state["known"]
    need(len(hands) == players and len(known) == players, "one hand and known list per seat")
    corners = [c for pair in CORNERS[:players] for c in pair]
    every = [c for h in hands for c in h] + state["deck"] + state["pile"] + corners
    need(all(c in CARD_INDEX for c in every), "unknown card code")
    need(len(every) == len(ALL_CARDS) and set(every) == set(ALL_CARDS), "cards lost or doubled")
    for hand, seen in zip(hands, known, strict=True):
        need(len(set(seen)) == len(seen) and set(seen) <= set(hand), "known cards not in hand")
    turns = state["turns"]
    need(isinstance(turns, int) and 0 <= turns <= state["options"]["turn_cap"], "bad turn count")
    result, drawn, mover = state["result"], state["drawn"], state["to_move"]
    need(isinstance(mover, int) and 0 <= mover < players, "seat to move out of range")
    sizes = [len(h) for h in hands]
    if result:
        need(all(w in range(players) for w in result["winners"]), "bad winner")
        need(bool(result["draw"]) != bool(result["winners"]), "a result is a win or a draw")
        need(drawn is None and sizes == [HAND_SIZE] * players, "hands must hold 8 at the end")
        return
    need(turns < state["options"]["turn_cap"], "turn cap passed without an end")
    if state["step"] == "draw":
        need(drawn is None, "no card is drawn in the draw step")
        need(sizes == [HAND_SIZE] * players, "every hand holds 8 cards in the draw step")
        need(bool(state["deck"]), "the deck is empty at a draw step")
    else:
        need(state["step"] == "discard", "step must be draw or discard")
        need(drawn["from"] in ("deck", "pile"), "drawn card source")
        need(drawn["card"] in hands[mover], "the drawn card is not in the mover's hand")
        if drawn["from"] == "pile":
            need(drawn["card"] in known[mover], "a pile card is known to all")
        expected = [HAND_SIZE + (s == mover) for s in range(players)]
        need(sizes == expected, "the seat to discard holds 9 cards, the others 8")


ENGINE = MazeEngine()
