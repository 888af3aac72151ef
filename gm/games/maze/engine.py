"""Mystique Maze: race to chain your two corner cards with the 8 cards of your hand.

The rules (state, legality, apply, the win, scores, validation) are in :mod:`.rules`, reading and
writing moves and the board in :mod:`.notation`, the card geometry in :mod:`.geometry`.

Scores (``scores``): for every seat, the links of the longest chain its hand makes from one of
its corners — 0 (no hand card touches a corner) to 8 (eight cards chained), 9 when the chain
joins both corners (a winning hand). A seat holding 9 cards mid-turn is scored by its best 8.

Length: the framework ends the game drawn after ``turn_cap`` turns (``MoveCap``, unit "turns").
"""

from __future__ import annotations

from typing import Any

from gm.games.base import (
    Engine,
    Event,
    Figure,
    GameInfo,
    IllegalMoveError,
    Move,
    MoveCap,
    Outcome,
    State,
)
from gm.games.cards import PILE_PHRASINGS
from gm.games.maze import rules
from gm.games.maze.geometry import CORNERS, longest_chain, sort_cards
from gm.games.maze.lexicon import BOARD, REASONS, SUMMARY, TRANSLATIONS
from gm.games.maze.notation import chain_text, read_move, render_board, render_move, step_hint
from gm.games.maze.rules import OPTIONS, SEATS
from gm.games.words import ChatWords

# What Mystique Maze's players say in a chat (gm.games.words.ChatWords): drawing and discarding,
# the Mystique suits and the card codes (3RC: number, colour, suit).
CHAT_WORDS = ChatWords(
    move_verbs=("draw", "discard", "pick", "keep", "replace"),
    move_words=("pile", "deck", "sun", "suns", "moon", "moons", "crown", "crowns", "arms"),
    move_codes=(r"\b[1-5][yrb][smca]\b",),
    board_parts=("top", "pile", "drawn"),
    phrasings=PILE_PHRASINGS,
    translations=TRANSLATIONS,
    reasons=REASONS,
    board=BOARD,
)


class MazeEngine(Engine):
    info = GameInfo(
        name="maze",
        title="Mystique Maze",
        summary=SUMMARY,
        seat_names=SEATS,
        seat_labels=tuple(rules.label(s) for s in range(len(SEATS))),
        min_players=2,
        max_players=4,
        options=OPTIONS,
        move_syntax="DRAW DECK | DRAW PILE | DISCARD 3RC | PILE 3RC",
        example_moves=("DRAW DECK", "DISCARD 3RC", "DRAW PILE", "PILE 2BM"),
        chat_words=CHAT_WORDS,
        cap=MoveCap("turn_cap", "turns", counter="turns"),
    )

    # ------------------------------------------------------------ set-up and turn order

    def new_state(self, seed: int, options: dict[str, Any], players: int) -> State:
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError("Mystique Maze is played by 2 to 4 seats")
        return rules.new_state(self.info.name, seed, options, players)

    def to_move(self, state: State) -> int | None:
        return None if state["result"] else state["to_move"]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return rules.legal_moves(state, seat)

    # ------------------------------------------------------------ moves

    def render_move(self, move: Move) -> str:
        return render_move(move)

    def parse_move(self, text: str, state: State, seat: int) -> Move:
        words = text.split()
        if len(words) == 2 and words[0] in ("DRAW", "PILE", "DISCARD"):  # canonical text
            kind, what = words[0].lower(), words[1]
            fast = (kind, what.lower()) if kind == "draw" else (kind, what)
            if rules.is_legal(state, seat, fast):
                return fast
        hand = state["hands"][seat]
        pile_top = state["pile"][-1] if state["pile"] else None
        banned = rules.banned_discard(state)
        drawn = state["drawn"]["card"] if state["drawn"] else None
        move = read_move(
            text,
            step=state["step"],
            hand=hand,
            pile_top=pile_top,
            no_rediscard=banned,
            drawn=drawn,
        )
        if not rules.is_legal(state, seat, move):  # the reader's checks should have caught it
            hint = step_hint(state["step"], hand, pile_top, banned)
            raise IllegalMoveError(f"{render_move(move)} is not legal now.", "illegal", hint)
        return move

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, move)

    # ------------------------------------------------------------ ending and standing

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def scores(self, state: State) -> dict[int, int | float]:
        return dict(rules.scores(state))

    def standing(self, state: State, seat: int | None) -> list[Figure]:
        """The asking seat's best chain from a corner (its own hand only: the others' hands are
        hidden), when the game shows chain hints; nothing for a spectator."""
        view = self.view(state, seat, None) if seat is not None else {}
        chain = view.get("chain_hint")
        if chain is None or seat is None:
            return []
        links = max(0, len(chain) - 1 - (chain[-1] in CORNERS[seat])) if chain else 0
        return [Figure("Best chain", {seat: links}, 1, chain_text(chain, seat))]

    # ------------------------------------------------------------ what a seat may see

    def view(self, state: State, seat: int | None, outcome: Outcome | None = None) -> dict:
        opts = state["options"]
        order = opts["suit_order"]
        over = outcome is not None
        mover = None if over else state["to_move"]
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
            "forbid_immediate_rediscard": opts["forbid_immediate_rediscard"],
            "to_move": None if mover is None else SEATS[mover],
            "over": over,
            "step": None if mover is None else state["step"],
            "drawn": None,
            "outcome": None,
        }
        drawn = state["drawn"]
        if drawn is not None and not over:
            shown = drawn["from"] == "pile" or seat == mover
            view["drawn"] = {"from": drawn["from"], "card": drawn["card"] if shown else None}
        if outcome is not None:
            result = state["result"]
            view["outcome"] = {
                "winners": [SEATS[w] for w in outcome.winners],
                "draw": outcome.draw,
                "reason": outcome.reason,
                "termination": outcome.termination,
                "chain": list(result["chain"]) if result else [],
            }
        if seat is not None and opts["show_chain_hint"]:
            view["chain_hint"] = longest_chain(state["hands"][seat], CORNERS[seat], order)
        return view

    def render(self, state: State, seat: int | None, outcome: Outcome | None = None) -> str:
        return render_board(self.view(state, seat, outcome), seat, outcome)

    def hidden_tokens(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["deck"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                known = state["known"][s]
                hidden.update(hand if not known else [c for c in hand if c not in known])
        return hidden

    # ------------------------------------------------------------ storage

    def copy_state(self, state: State) -> State:
        return rules.copy_state(state)

    def validate(self, state: State) -> None:
        rules.validate(state)  # from_dict reports a missing or mistyped field as InvalidStateError


ENGINE = MazeEngine()
