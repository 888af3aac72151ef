"""The held-out messages (see the package's docstring for how they were made). Written before
tuning; not to be edited to make a figure pass."""

from __future__ import annotations

from functools import partial

from tests.chat_corpus import card_chess, chat, masul, maze, n_in_a_row, solonyo, trumps
from tests.chat_heldout import HeldOut

ALL = tuple(chat.SEEDS)

# what a right answer to a non-move is, by kind of message
HINT = ("hint",)
SCORE = ("score",)
BOARD = ("board",)
LEGAL = ("legal",)
TURN = ("status",)
RULES = ("rules", "question", "help")
HELP = ("help", "rules", "legal")
CHAT = ("chat",)
RESIGN = ("resign",)  # asks for confirmation: resigns nothing
AGAIN = ("new_game", "rematch")
HISTORY = ("history",)
UNDO = ("undo",)
KEEP = ("chat", "keep_playing")
ASK = ("question",)  # a question gm answers (or says it cannot)

# (text, lang, source, expected intents): non-moves, said in every game
TALK: list[tuple[str, str, str, tuple[str, ...]]] = [
    # issue 21's quoted messages, as the human typed them
    ("ok so how do i play this lol", "en", "issue", RULES),
    ("wait what does FD mean", "en", "issue", RULES),
    ("wat can i play", "en", "issue", LEGAL + HINT),
    ("nah jk keep going", "en", "issue", KEEP),
    ("idk you pick for me", "en", "issue", HINT),
    ("help, what do i play", "en", "issue", HINT + HELP),
    ("let's play again", "en", "issue", AGAIN),
    ("am i winning", "en", "issue", SCORE),
    ("score", "en", "issue", SCORE),
    ("who's leading", "en", "issue", SCORE),
    ("what do i play", "en", "issue", HINT),
    ("gg! rematch?", "en", "issue", AGAIN),
    ("one more?", "en", "issue", AGAIN),
    ("ugh this hand sucks, i give up", "en", "issue", RESIGN),
    # new, hand-typed English
    ("hint pls", "en", "hand", HINT),
    ("lol this is hard", "en", "hand", CHAT),
    ("brb gotta grab coffee", "en", "hand", CHAT),
    ("can u show me the board again", "en", "hand", BOARD),
    ("whose go is it", "en", "hand", TURN),
    ("hmm not sure", "en", "hand", CHAT),
    ("what did u just play", "en", "hand", HISTORY),
    ("how long does a game take", "en", "hand", ASK + RULES),
    ("are you a bot?", "en", "hand", ASK + CHAT),
    ("so who's ahead rn", "en", "hand", SCORE),
    ("whats the score now?", "en", "hand", SCORE),
    ("ok ur turn", "en", "hand", CHAT + TURN),
    ("no wait dont resign", "en", "hand", KEEP),
    ("can we start a new one", "en", "hand", AGAIN),
    ("i quit this is rigged", "en", "hand", RESIGN),
    ("tbh no idea what im doing", "en", "hand", HELP + HINT),
    ("any tips?", "en", "hand", HINT),
    ("what are my options here", "en", "hand", LEGAL),
    ("oops", "en", "hand", CHAT),
    ("nice one lol", "en", "hand", CHAT),
    # Korean: the requests, then new ones
    ("힌트", "ko", "issue", HINT),
    ("항복", "ko", "issue", RESIGN),
    ("도움말", "ko", "issue", HELP),
    ("보드 보여줘", "ko", "issue", BOARD),
    ("다시 하자", "ko", "issue", AGAIN),
    ("힌트 좀 줘", "ko", "hand", HINT),
    ("항복할게", "ko", "hand", RESIGN),
    ("한 판 더?", "ko", "hand", AGAIN),
    ("내가 이기고 있어?", "ko", "hand", SCORE),
    ("점수 몇 대 몇이야?", "ko", "hand", SCORE),
    ("누가 이기고 있어?", "ko", "hand", SCORE),
    ("지금 누구 차례야?", "ko", "hand", TURN),
    ("뭐 둘 수 있어?", "ko", "hand", LEGAL),
    ("규칙 알려줘", "ko", "hand", RULES),
    ("ㅋㅋㅋ", "ko", "hand", CHAT),
    ("잠깐만", "ko", "hand", CHAT),
    ("고마워", "ko", "hand", CHAT),
    ("오 잘했네", "ko", "hand", CHAT),
    ("이거 어떻게 하는 거야?", "ko", "hand", RULES),
    ("아 몰라 네가 골라줘", "ko", "hand", HINT),
    ("기록 보여줘", "ko", "hand", HISTORY),
    ("무르기 돼?", "ko", "hand", UNDO),
    ("계속하자", "ko", "hand", KEEP),
    ("ㅇㅋ", "ko", "hand", CHAT),
    ("새 게임 하자", "ko", "hand", AGAIN),
    ("뭐 두는 게 좋아?", "ko", "hand", HINT),
    # Spanish
    ("pista", "es", "hand", HINT),
    ("dame una pista porfa", "es", "hand", HINT),
    ("me rindo", "es", "hand", RESIGN),
    ("ayuda", "es", "hand", HELP),
    ("muestrame el tablero", "es", "hand", BOARD),
    ("otra partida?", "es", "hand", AGAIN),
    ("revancha!", "es", "hand", AGAIN),
    ("voy ganando?", "es", "hand", SCORE),
    ("como va el marcador", "es", "hand", SCORE),
    ("de quien es el turno?", "es", "hand", TURN),
    ("que puedo jugar?", "es", "hand", LEGAL + HINT),
    ("las reglas porfa", "es", "hand", RULES),
    ("jajaja", "es", "hand", CHAT),
    ("espera un momento", "es", "hand", CHAT),
    ("gracias!", "es", "hand", CHAT),
    ("buena jugada", "es", "hand", CHAT),
    ("como se juega esto?", "es", "hand", RULES),
    ("no se, elige tu", "es", "hand", HINT),
    ("historial", "es", "hand", HISTORY),
    ("puedo deshacer?", "es", "hand", UNDO),
    ("sigamos", "es", "hand", KEEP),
    ("vale", "es", "hand", CHAT),
    ("jugamos otra vez?", "es", "issue", AGAIN),
    ("quien va ganando?", "es", "hand", SCORE),
]

# (game, text, lang, source, expected): non-moves of one game
GAME_TALK: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("masul", "whats row 2", "en", "issue", BOARD + ASK),
    ("masul", "who's winning column 2?", "en", "issue", SCORE + ASK),
    ("masul", "ugh i dont have the ace. fine pick up", "en", "issue", CHAT + HINT + ASK),
    ("masul", "how many columns have i won", "en", "hand", SCORE + ASK),
    ("masul", "2열은 누가 이기고 있어?", "ko", "hand", SCORE + ASK),
    ("masul", "FD가 뭐야?", "ko", "hand", RULES),
    ("masul", "que significa FD?", "es", "hand", RULES),
    ("card-chess", "how many pieces do i have", "en", "issue", BOARD + ASK + SCORE),
    ("card-chess", "whats in check rn", "en", "hand", SCORE + BOARD + ASK),
    ("card-chess", "체크된 말 몇 개야?", "ko", "hand", SCORE + BOARD + ASK),
    ("n-in-a-row", "what's N", "en", "issue", RULES + ASK),
    ("n-in-a-row", "who has the longest line", "en", "hand", SCORE + ASK),
    ("maze", "whats my best chain", "en", "hand", SCORE + BOARD + ASK),
    ("maze", "최고 체인 몇이야?", "ko", "hand", SCORE + BOARD + ASK),
    ("trumps", "how many cards left", "en", "hand", BOARD + SCORE + ASK),
    ("trumps", "quien gana?", "es", "hand", SCORE),
    ("solonyo", "how many points do i have", "en", "hand", SCORE),
    ("solonyo", "점수 알려줘", "ko", "hand", SCORE),
]

# (position, seat, text, intended move, lang, source): moves, as meant
MASUL_START = partial(masul._position, masul.START)  # Row 3: 7♣ 8♣ 9♣ J♦ 6♥ K♥ 8♠ Q♠ K♠
MASUL_ROW1 = partial(masul._position, masul.CHALLENGE_ROW1)  # Row 1: 2♣ 4♣ 5♣ A♦ 8♥ J♥ 5♠
MOVES: list[tuple[str, object, int, str, str, str, str]] = [
    ("masul", MASUL_START, 0, "3열에 클럽 7 놓을게", "7♣ C3", "ko", "issue"),
    ("masul", MASUL_START, 0, "스페이드 킹 7열에 뒤집어서", "K♠ C7 FD", "ko", "issue"),
    ("masul", MASUL_START, 0, "하트 6 두 번째 열에", "6♥ C2", "ko", "hand"),
    ("masul", MASUL_START, 0, "다이아 잭 5열", "J♦ C5", "ko", "hand"),
    ("masul", MASUL_START, 0, "스페이드 퀸을 4열에 뒷면으로", "Q♠ C4 FD", "ko", "hand"),
    ("masul", MASUL_START, 0, "클로버 9 1열에 앞면으로", "9♣ C1", "ko", "hand"),
    ("masul", MASUL_START, 0, "하트 킹 6열에 놓을게요", "K♥ C6", "ko", "hand"),
    ("masul", MASUL_START, 0, "세 번째 줄에 스페이드 8", "8♠ C3", "ko", "issue"),
    ("masul", MASUL_ROW1, 1, "다이아 에이스로 2열 도전", "A♦ C2", "ko", "hand"),
    ("masul", MASUL_ROW1, 1, "하트 8 5열에", "8♥ C5", "ko", "hand"),
    ("masul", MASUL_ROW1, 1, "스페이드 5를 3열에 놓을게", "5♠ C3", "ko", "hand"),
    ("masul", MASUL_START, 0, "pongo el 7 de treboles en la columna 3", "7♣ C3", "es", "hand"),
    ("masul", MASUL_START, 0, "rey de picas boca abajo en la columna 7", "K♠ C7 FD", "es", "hand"),
    ("masul", MASUL_START, 0, "la jota de diamantes en la quinta columna", "J♦ C5", "es", "hand"),
    ("masul", MASUL_START, 0, "6 de corazones columna 2", "6♥ C2", "es", "hand"),
    ("masul", MASUL_START, 0, "reina de picas en la columna 4, boca abajo", "Q♠ C4 FD", "es",
     "hand"),
    ("masul", MASUL_START, 0, "el nueve de tréboles en la primera columna", "9♣ C1", "es", "hand"),
    ("masul", MASUL_ROW1, 1, "desafio la columna 2 con el as de diamantes", "A♦ C2", "es", "hand"),
    ("masul", MASUL_ROW1, 1, "8 de corazones en la columna 5", "8♥ C5", "es", "hand"),
    ("masul", MASUL_START, 0, "7c col 3 pls", "7♣ C3", "en", "hand"),
    ("masul", MASUL_START, 0, "k of spades face down in 7", "K♠ C7 FD", "en", "hand"),
    ("masul", MASUL_ROW1, 1, "ace of diamonds on column 2", "A♦ C2", "en", "hand"),
    ("maze", maze.two_discard, 1, "방금 뽑은 카드 버릴게", "DISCARD 5BS", "ko", "hand"),
    ("maze", maze.two_discard, 1, "노란 달 3 버려", "DISCARD 3YM", "ko", "hand"),
    ("maze", maze.two_discard, 1, "빨간 왕관 2 버리기", "DISCARD 2RC", "ko", "hand"),
    ("maze", maze.two_discard, 1, "두 번째 카드 버려", "DISCARD 2YS", "ko", "hand"),
    ("maze", maze.two_draw, 1, "덱에서 뽑을게", "DRAW DECK", "ko", "hand"),
    ("maze", maze.two_draw, 1, "버린 더미에서 가져올게", "DRAW PILE", "ko", "hand"),
    ("maze", maze.two_discard, 1, "descarto la carta que acabo de robar", "DISCARD 5BS", "es",
     "hand"),
    ("maze", maze.two_discard, 1, "tiro la luna amarilla 3", "DISCARD 3YM", "es", "hand"),
    ("maze", maze.two_discard, 1, "descarta mi segunda carta", "DISCARD 2YS", "es", "hand"),
    ("maze", maze.two_draw, 1, "robo del mazo", "DRAW DECK", "es", "hand"),
    ("maze", maze.two_draw, 1, "cojo la carta del monton", "DRAW PILE", "es", "hand"),
    ("maze", maze.two_discard, 1, "ditch the 3 yellow moon", "DISCARD 3YM", "en", "hand"),
    ("maze", maze.two_draw, 1, "gimme the pile card", "DRAW PILE", "en", "hand"),
    ("n-in-a-row", n_in_a_row.O_TO_MOVE, 1, "o at 2,3", "O 2,3", "en", "hand"),
    ("n-in-a-row", n_in_a_row.O_TO_MOVE, 1, "lemme go 4, -1", "O 4,-1", "en", "hand"),
    ("n-in-a-row", n_in_a_row.O_TO_MOVE, 1, "2,3에 둘게", "O 2,3", "ko", "hand"),
    ("n-in-a-row", n_in_a_row.O_TO_MOVE, 1, "pongo en 2,3", "O 2,3", "es", "hand"),
    ("trumps", trumps.CHOOSING, 0, "spades as trump pls", "TRUMP ♠", "en", "hand"),
    ("trumps", trumps.CHOOSING, 0, "스페이드를 트럼프로 할게", "TRUMP ♠", "ko", "hand"),
    ("trumps", trumps.CHOOSING, 0, "elijo picas como triunfo", "TRUMP ♠", "es", "hand"),
    ("trumps", trumps.LEAD, 0, "lead the queen of clubs", "LEAD Q♣", "en", "hand"),
    ("solonyo", solonyo.SHOWN_P1, 0, "i pick the queen", "PICK 3", "en", "hand"),
    ("solonyo", solonyo.SHOWN_P1, 0, "세 번째 카드 고를게", "PICK 3", "ko", "hand"),
    ("solonyo", solonyo.SHOWN_P1, 0, "me quedo con la tercera", "PICK 3", "es", "hand"),
    ("card-chess", card_chess.black_ace, 1, "ace to m4 pls", "BK4-M4", "en", "hand"),
    ("card-chess", card_chess.black_ace, 1, "에이스 m4로", "BK4-M4", "ko", "hand"),
    ("card-chess", card_chess.black_ace, 1, "as a m4", "BK4-M4", "es", "hand"),
]  # fmt: skip

PLIES = (0, 3)  # non-moves on the start and a position further on


def _talk(game: str, plies: int, text: str, lang: str, source: str, expect) -> HeldOut:
    base = chat._case(game, plies, text, f"{source} ({lang})")
    return HeldOut(game, base.position, base.seat, text, None, base.note, lang, source, expect)


CASES: list[HeldOut] = [
    *(_talk(g, p, t, lang, src, exp) for g in ALL for p in PLIES for t, lang, src, exp in TALK),
    *(_talk(g, p, t, lang, src, exp) for g, t, lang, src, exp in GAME_TALK for p in PLIES),
    *(
        HeldOut(g, pos, seat, text, move, "move", lang, src)  # type: ignore[arg-type]
        for g, pos, seat, text, move, lang, src in MOVES
    ),
]
