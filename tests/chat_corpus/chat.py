"""Non-move chat for every game: questions about the rules, the board and the score, requests
(and typos of them), small talk, talk about resigning, and nonsense — none of it a move
(``intended`` None), each on the start of a game and on two positions further on, where the seat
to move speaks. None of it may be taken as a move or counted as an illegal attempt."""

from __future__ import annotations

import copy
from functools import cache

from gm.games import GAMES
from gm.games.table import Table
from tests.chat_corpus import Case, State

# (text, note): what people write between moves
CHAT: list[tuple[str, str]] = [
    ("what does FD mean?", "rules question: a term"),
    ("how do i win a column?", "rules question: how to win"),
    ("how does the game end?", "rules question: the end"),
    ("what happens if nobody can move?", "rules question"),
    ("why is that the rule?", "question without a term"),
    ("what is a jack?", "rules question naming a rank"),
    ("how does the ace move", "rules question naming a rank, no question mark"),
    ("can a pawn capture a king", "rules question opened by can, no question mark"),
    ("can the queen take the jack", "rules question about pieces, no question mark"),
    ("may a king beat an ace?", "rules question opened by may"),
    ("who is winning?", "score"),
    ("what's the score", "score"),
    ("am I ahead?", "score"),
    ("whose turn is it?", "turn"),
    ("is it my move", "turn"),
    ("show me the board", "board"),
    ("what are my cards", "board: the hand"),
    ("bord", "typo of board"),
    ("legal moves", "legal"),
    ("leagl moves", "typo of legal moves"),
    ("histroy", "typo of history"),
    ("what did my opponent do?", "history"),
    ("what did I draw?", "history: a draw"),
    ("what card did the opponent just discard", "history: a discard"),
    ("what's on the pile?", "board: the pile"),
    ("how many cards are left in the deck?", "board: the deck"),
    ("how many cards does my opponent have", "board: the other hand"),
    ("rulse", "typo of rules"),
    ("hint", "hint"),
    ("what should I play?", "hint"),
    ("undo", "undo"),
    ("take that back", "undo (TAKE in Your Trumps)"),
    ("can I take it back?", "undo as a question"),
    ("can I play the ace of spades?", "asks whether a move is legal: answered, not played"),
    ("could I put my lowest card there", "asks, no question mark"),
    ("may I draw?", "asks about drawing"),
    ("who's turn", "turn, misspelt"),
    ("hey there, what game is this?", "rules: which game"),
    ("what does my opponent have?", "the other side's hidden cards"),
    ("show me their cards", "the other side's hidden cards"),
    ("which columns am I winning?", "score"),
    ("what's the field card in column 3", "board: the field"),
    ("what are my pieces", "board: the pieces"),
    ("what's the challenger card?", "board: the challenger's card"),
    ("what's in check", "score: pieces in check"),
    ("what do I do?", "help"),
    ("can I have a hint?", "hint, asked"),
    ("which card should I drop?", "hint, by the card"),
    ("what does 1YS mean?", "a code's meaning: the rules, not a verdict"),
    ("what does RC3 mean", "a square's meaning: the rules"),
    ("could I get some advice", "hint, asked without a question mark"),
    ("i need a hint", "hint, said"),
    ("can I get the rules", "rules, asked for"),
    ("could I have the history", "history, asked for"),
    ("may I know whose turn it is", "turn, asked for"),
    ("could we play again", "new game, asked for"),
    ("how many pieces do I need in check?", "rules question with a count"),
    ("new game", "new game"),
    ("start over", "new game"),
    ("rematch", "rematch"),
    ("thanks", "small talk"),
    ("lol", "small talk"),
    ("one sec, brb", "small talk (PICK 1 in So-Lon-Yo)"),
    ("nice move", "small talk"),
    ("hmm", "small talk"),
    ("ok cool thanks", "small talk, several"),
    ("good game!", "small talk"),
    ("sorry, my bad", "small talk"),
    ("let me think", "small talk"),
    ("resign", "asks for confirmation"),
    ("I give up", "asks for confirmation"),
    ("don't resign", "never resigns"),
    ("should I resign?", "never resigns"),
    ("banana", "nonsense"),
    ("asdfgh qwerty", "nonsense"),
    ("purple monkey dishwasher", "nonsense"),
    ("help", "help"),
]

SEEDS = {"masul": 7, "trumps": 7, "solonyo": 7, "maze": 7, "card-chess": 7, "n-in-a-row": 7}
PLIES = (0, 3, 8)  # the start, and two positions further on


@cache
def _position(game: str, plies: int) -> tuple[State, int]:
    """The state after ``plies`` moves from the seed (each seat plays its first legal move that
    does not end the game), and the seat to move there."""
    entry = GAMES[game]
    players = entry.engine.info.min_players
    doc = Table.new_document(entry, [{"kind": "human"}] * players, SEEDS[game], {}, None)
    table = Table(entry, doc, doc["state"])
    for _ in range(plies):
        seat = table.to_move()
        if seat is None:
            break
        moves = table.legal_moves(seat)
        for move in moves:
            trial = Table(entry, copy.deepcopy(table.doc), entry.engine.from_dict(table.state))
            trial.play(seat, move)
            if not trial.is_over():
                table.play(seat, move)
                break
        else:
            break
    return entry.engine.to_dict(table.state), table.to_move()


def _case(game: str, plies: int, text: str, note: str) -> Case:
    def position() -> State:
        return copy.deepcopy(_position(game, plies)[0])

    return Case(game, position, _position(game, plies)[1], text, None, f"{note} (ply {plies})")


CASES = [_case(game, plies, text, note) for game in SEEDS for plies in PLIES for text, note in CHAT]
