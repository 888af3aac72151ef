"""The Your Trumps engine: set-up, applying moves, the end, views and storage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm.games.base import (
    Engine,
    Event,
    GameInfo,
    InvalidStateError,
    Move,
    Option,
    Outcome,
    State,
)
from gm.games.trumps import notation
from gm.games.trumps.rules import (
    DECK_SETS,
    NORTH,
    SEATS,
    SOUTH,
    SUITS,
    can_beat,
    canon_suit,
    check,
    copy_state,
    deal,
    legal_moves,
    sort_key,
    take_count,
)


class TrumpsEngine(Engine):
    info = GameInfo(
        name="trumps",
        title="Your Trumps (Svoi Kozyri)",
        summary="A two-player duel: each owns a trump suit; beat the top card of the pile or "
        "pick cards up, and be the first to get rid of every card.",
        seat_names=SEATS,
        options=(
            Option("deck", "choice", 36, "36-card pack (6 to A) or 52 (adds 2 to 5).", (36, 52)),
            Option(
                "trump_south",
                "choice",
                None,
                "South's trump suit (♣ ♦ ♥ ♠; words like 'hearts' are accepted); null: south "
                "chooses it with a TRUMP move.",
                (None, *SUITS),
            ),
            Option(
                "trump_north",
                "choice",
                None,
                "North's trump suit (must differ from south's); null: north chooses it.",
                (None, *SUITS),
            ),
            Option(
                "max_plies",
                "int",
                600,
                "Engineering guard: the game is drawn after this many moves.",
                minimum=10,
                maximum=100000,
            ),
        ),
        move_syntax="LEAD 9♣ | BEAT J♦ 7♣ | BEAT Q♥ | TAKE | TRUMP ♥",
        example_moves=("TRUMP ♥", "LEAD 9♣", "BEAT J♦ 7♣", "BEAT Q♥", "TAKE"),
    )

    # ------------------------------------------------------------ set-up and turns

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        for name in ("trump_south", "trump_north"):
            if name in given:
                given[name] = canon_suit(given[name])
        opts = super().options(given)
        if opts["trump_south"] is not None and opts["trump_south"] == opts["trump_north"]:
            raise ValueError("options 'trump_south' and 'trump_north' must be different suits")
        return opts

    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> State:
        state: State = {
            "game": "trumps",
            "rng": {"seed": seed, "n": 0},
            "options": dict(options),
            "phase": "trumps",
            "trumps": [options.get("trump_south"), options.get("trump_north")],
            "hands": [[], []],
            "known": [[], []],
            "pile": [],
            "turn": SOUTH,
            "ply": 0,
            "last": [],
            "result": None,
        }
        if None in state["trumps"]:
            state["turn"] = SOUTH if state["trumps"][SOUTH] is None else NORTH
        else:
            state["last"] = deal(state)
        return state

    def to_move(self, state: State) -> int | None:
        return None if state["phase"] == "over" else state["turn"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    # ------------------------------------------------------------ moves

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        return notation.parse_move(text, state, seat)

    def render_move(self, move: Move) -> str:
        return notation.render_move(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        check(state, seat, move)
        s = copy_state(state)
        name = SEATS[seat]
        kind = move[0]
        texts: list[str] = []
        if kind == "TRUMP":
            s["trumps"][seat] = move[1]
            texts.append(f"{name} chooses {move[1]} as trump.")
            if s["trumps"][1 - seat] is None:
                s["turn"] = 1 - seat
            else:
                texts.extend(deal(s))
            s["last"] = texts
            return s, [Event(t, seat=seat) for t in texts]
        hand, pile = s["hands"][seat], s["pile"]
        if kind == "TAKE":
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
            if kind == "LEAD":
                texts.append(f"{name} leads {move[1]}.")
            elif move[2] is None:
                texts.append(f"{name} beats {pile[-1]} with the last card {move[1]}.")
            else:
                texts.append(f"{name} beats {pile[-1]} with {move[1]} and puts {move[2]}.")
            pile.extend(played)
        s["ply"] += 1
        s["turn"] = 1 - seat
        result = self._result(s, seat)
        if result:
            s["result"] = result
            s["phase"] = "over"
            texts.append(result["reason"])
        s["last"] = texts
        return s, [
            Event(t, seat=seat, kind="move" if i == 0 else "end") for i, t in enumerate(texts)
        ]

    def _result(self, s: State, seat: int) -> dict[str, Any] | None:
        """The end after ``seat`` moved: an empty hand wins (unless the draw rule), or the cap."""
        name, other = SEATS[seat], 1 - seat
        if not s["hands"][seat]:
            last = s["hands"][other]
            top = s["pile"][-1]
            if len(last) == 1 and can_beat(last[0], top, s["trumps"][other]):
                reason = (
                    f"{name} has no cards left, but {SEATS[other]}'s last card could beat "
                    f"{top}: a draw."
                )
                return {"winners": [], "draw": True, "reason": reason}
            return {
                "winners": [seat],
                "draw": False,
                "reason": f"{name} has no cards left and wins.",
            }
        cap = s["options"]["max_plies"]
        if s["ply"] >= cap:
            return {"winners": [], "draw": True, "reason": f"Move cap of {cap} reached: a draw."}
        return None

    def outcome(self, state: State) -> Outcome | None:
        """Scores are the numbers of cards each seat still holds."""
        result = state.get("result")
        if not result:
            return None
        scores = {i: len(state["hands"][i]) for i in (SOUTH, NORTH)}
        return Outcome(list(result["winners"]), result["draw"], result["reason"], scores)

    # ------------------------------------------------------------ what a seat sees

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        """The cards in the other hand (both, for a spectator) not seen face up: cards taken from
        the pile and sixes handed over are known to both seats."""
        seats = (SOUTH, NORTH) if seat is None else (1 - seat,)
        hidden: set[str] = set()
        for i in seats:
            hidden.update(set(state["hands"][i]) - set(state["known"][i]))
        return hidden

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        pile = state["pile"]
        turn = self.to_move(state)
        out = self.outcome(state)
        v: dict[str, Any] = {
            "game": "trumps",
            "seat": self.seat_name(seat),
            "phase": state["phase"],
            "deck_size": state["options"]["deck"],
            "dealer": SEATS[NORTH],
            "trumps": {SEATS[i]: state["trumps"][i] for i in (SOUTH, NORTH)},
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_counts": {SEATS[i]: len(state["hands"][i]) for i in (SOUTH, NORTH)},
            "known_cards": {SEATS[i]: list(state["known"][i]) for i in (SOUTH, NORTH)},
            "pile": list(pile),
            "top": pile[-1] if pile else None,
            "turn": SEATS[turn] if turn is not None else None,
            "ply": state["ply"],
            "max_plies": state["options"]["max_plies"],
            "last": list(state["last"]),
            "outcome": out.to_dict(SEATS) if out else None,
        }
        if turn is not None and state["phase"] == "play" and pile:
            v["take_count"] = take_count(pile, state["trumps"][turn])
        return v

    def render(self, state: State, seat: int | None) -> str:
        return notation.render(state, seat)

    # ------------------------------------------------------------ storage

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def validate(self, state: State) -> None:
        opts, phase, trumps = state["options"], state["phase"], state["trumps"]
        hands, known, pile = state["hands"], state["known"], state["pile"]
        ok = (
            phase in ("trumps", "play", "over")
            and opts["deck"] in (36, 52)
            and isinstance(opts["max_plies"], int)
            and state["turn"] in (SOUTH, NORTH)
            and isinstance(state["ply"], int)
            and state["ply"] >= 0
            and isinstance(state["rng"]["seed"], int | str)
            and isinstance(state["last"], list)
            and len(hands) == len(known) == len(trumps) == 2
            and all(t is None or t in SUITS for t in trumps)
        )
        if not ok:
            raise InvalidStateError("a field has a value out of range")
        deck = DECK_SETS[opts["deck"]]
        everything = [*hands[0], *hands[1], *pile]
        if len(set(everything)) != len(everything) or not set(everything) <= deck:
            raise InvalidStateError("duplicate cards or cards not in this pack")
        if trumps[0] is not None and trumps[0] == trumps[1]:
            raise InvalidStateError("the two trump suits must differ")
        if phase == "trumps":
            if everything or None not in trumps:
                raise InvalidStateError("cards are dealt only after both trumps are chosen")
            return
        if None in trumps or len(everything) != len(deck):
            raise InvalidStateError("every card of the pack must be in a hand or the pile")
        for i in (SOUTH, NORTH):
            if not set(known[i]) <= set(hands[i]) or len(set(known[i])) != len(known[i]):
                raise InvalidStateError("known cards must be in that hand")
        if (phase == "over") != bool(state.get("result")):
            raise InvalidStateError("a result is set exactly when the game is over")
        if phase == "play" and not (hands[0] and hands[1]):
            raise InvalidStateError("an empty hand ends the game")

    # ------------------------------------------------------------ text



ENGINE = TrumpsEngine()
