"""Moves as people phrase them, read as the move meant (issue 21, round 3 of the blind set:
tests/chat_blind/README.md), checked on messages written for this file, several per rule, in
English, Korean and Spanish: second thoughts (i mean, 아 아니다, quiero decir) and a lone corrected
card; wishes and deliberations never played; a message naming two steps read whole or refused,
never half-played; each game's own phrasings (a card said after "over", "take X with Y", a
castle without its side, spoken coordinates, a point beside another, a card by its colour)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.chat_blind.positions import POSITIONS, counted, say_at

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True


def _played(answer: dict[str, Any]) -> str | None:
    return answer["move"] if answer["intent"] == "move" and answer.get("legal") else None


PLAYED = [
    # second thoughts: what follows "i mean", "아 아니다", "아니 잠깐", "quiero decir"
    ("masul-late", "하트 8 아니 잠깐 하트 잭 2열 앞면으로", "J♥ C2"),
    ("masul-late", "하트 8을 2열에 아니다 하트 잭을 2열에", "J♥ C2"),
    ("trumps-lead", "lead the 9 of clubs, i mean the 6 of clubs", "LEAD 6♣"),
    ("trumps-lead", "9♣ 아냐 6♣ 낼게", "LEAD 6♣"),
    ("trumps-lead", "el 9 de tréboles, quiero decir el 6 de tréboles", "LEAD 6♣"),
    # … a lone card after a head naming two replaces the head's last card
    (
        "trumps-follow",
        "king of hearts and then the 9 of diamonds, sorry i mean the king of diamonds",
        "BEAT K♥ K♦",
    ),
    ("trumps-follow", "K♥ K♣ i mean K♦", "BEAT K♥ K♦"),
    # … a correction naming no card but the place again replaces the head from that word on
    ("masul-start", "K♥ to column 2 actually no, column 3", "K♥ C3"),
    ("masul-start", "K♥ on C2, no wait, on C4", "K♥ C4"),
    ("masul-start", "하트 킹 3열에 놓을게 아 아니 4열", "K♥ C4"),
    ("masul-start", "K♥ C2, no, C3", "K♥ C3"),  # a bare "no" before what it names again
    ("masul-start", "K♥ C2 I meant C3", "K♥ C3"),  # the code of the same shape
    ("masul-start", "K♥ C2, no, in C4", "K♥ C4"),
    ("masul-start", "K♥ C2... no, 5", "K♥ C5"),  # the number alone
    ("masul-start", "el rey de corazones en la 2, no, en la 3", "K♥ C3"),
    ("masul-start", "K♥ C2, mejor la 3", "K♥ C3"),
    ("masul-start", "하트 킹 2열 아니 5", "K♥ C5"),
    ("trumps-lead", "6♣ nah 7♣", "LEAD 7♣"),
    ("masul-start", "K♥ C2, or rather C3", "K♥ C3"),
    ("masul-start", "hmm maybe K♥ C2, no wait, K♥ C3", "K♥ C3"),  # decided after all
    # … a new card in the place said before ("same spot", "misma columna", "같은 자리")
    ("masul-start", "K♥ C2 face down, no wait, 7♣ same spot", "7♣ C2 FD"),
    (
        "masul-start",
        "el rey de corazones en la 2, no espera, el 7 de tréboles en la misma columna",
        "7♣ C2",
    ),
    ("masul-start", "하트 킹 2열, 아니 클로버 7 같은 자리", "7♣ C2"),
    ("trumps-lead", "lead 6♣, no no, 7♣", "LEAD 7♣"),
    # Trumps: "of" typed short; the card said after over/on/beats is the card beaten
    ("trumps-lead", "lead queen o' clubs", "LEAD Q♣"),
    ("trumps-lead", "6 o clubs", "LEAD 6♣"),
    ("trumps-follow", "ace of hearts on the queen and 10 of spades", "BEAT A♥ 10♠"),
    ("trumps-follow", "my ace on top of your queen, then the 10 of spades", "BEAT A♥ 10♠"),
    ("trumps-follow", "K♥ beats the queen, then 9♦", "BEAT K♥ 9♦"),
    ("trumps-follow", "beat K♥ 9♦", "BEAT K♥ 9♦"),
    (
        "trumps-follow",
        "퀸을 하트 킹으로 잡고 다이아 9 낼게",
        "BEAT K♥ 9♦",
    ),  # 을: beaten, 으로: with
    ("trumps-follow", "하트 킹으로 이기고 9 다이아 낼게", "BEAT K♥ 9♦"),
    ("trumps-lead", "다이아 에이스 낼게", "LEAD A♦"),
    ("trumps-follow", "tomo las cartas", "TAKE"),
    ("trumps-lead", "la carta más baja de diamantes", "LEAD 6♦"),
    ("trumps-lead", "my highest of clubs", "LEAD Q♣"),
    # Maze: a new card before any draw is a draw; the pile and a discard in one Korean message
    ("maze-late", "a fresh card off the deck", "DRAW DECK"),
    ("maze-late", "gimme a new card", "DRAW DECK"),
    ("maze-late", "파일에서 가져오고 빨강 해 5 버려", "PILE 5RS"),
    ("maze-late", "grab from the discard and dump 5RS", "PILE 5RS"),
    ("maze-late", "더미에 있는 3RA 가져갈게", "DRAW PILE"),  # taking the pile card is no PILE 3RA
    ("maze-late", "버린 카드 가져오고 5RS 버릴게", "PILE 5RS"),
    ("maze-late", "더미에서 가져오고 5 빨강 해 버릴게", "PILE 5RS"),
    # Card Chess: the piece after "with" moves; rows in Korean and Spanish; leaving is keeping
    ("card-chess-capture", "capture the jack using the ace", "RK4xRC3"),
    ("card-chess-capture", "como la jota con el as", "RK4xRC3"),
    ("card-chess-capture", "잭을 에이스로 잡을게", "RK4xRC3"),  # 을: taken, 으로: with
    ("card-chess-capture", "에이스를 빨간 성 4로 보내", "RK4-RC4"),
    ("card-chess-capture", "mueve el as al castillo rojo 4", "RK4-RC4"),
    ("card-chess-capture", "ace to castle 4", "RK4-RC4"),  # a castle without its side
    ("card-chess-ace", "el 8 de picas al castillo negro 5", "PLAY 8♠ BC5"),
    ("card-chess-ace", "8♠ castle 5", "PLAY 8♠ BC5"),
    ("card-chess-step", "둘래", "KEEP"),
    ("card-chess-step", "걍 놔둘게", "KEEP"),
    ("card-chess-step", "me la quedo", "KEEP"),
    # N-in-a-row: spoken numbers, a purpose after the point, a point beside another
    ("n-in-a-row-x", "menos uno, cero", "X -1,0"),
    ("n-in-a-row-mid", "pongo en menos dos, uno", "X -2,1"),
    ("n-in-a-row-mid", "-2,4 for the block", "X -2,4"),
    ("n-in-a-row-x", "block at 1,2 before he gets 3", "X 1,2"),
    ("n-in-a-row-x", "above 0,1", "X 0,2"),
    # a line's free end: whose line (theirs when blocking), which axis, which end
    ("n-in-a-row-x", "shut the top of their column", "X 1,2"),
    ("n-in-a-row-o", "stop his column from below", "O 0,-1"),
    ("n-in-a-row-mid", "block the O pair from underneath", "X -1,0"),
    ("n-in-a-row-mid", "one more on top of my column at -2,3 and -2,2", "X -2,4"),
    ("n-in-a-row-o", "cierro su columna por arriba", "O 0,2"),
    ("n-in-a-row-first", "two squares... no, one square left of the middle", "X -1,0"),
    ("n-in-a-row-o", "an O just above mine", "O 1,1"),
    ("n-in-a-row-o", "bloqueo por debajo de sus X, en 0,-1", "O 0,-1"),
    # Masul: a column named by a card the board shows (and the hand does not hold)
    ("masul-start", "6 of hearts, face up, below the 10 of hearts", "6♥ C5"),
    ("masul-late", "the jack of hearts goes in the 10 of hearts column", "J♥ C5"),
    ("masul-challenge", "8 de corazones enfrente del rey de corazones", "8♥ C3"),
    # past a seat's marks in a direction: the owner's marks, the first free point past them
    ("n-in-a-row-o", "under the lowest of their X's", "O 0,-1"),
    ("n-in-a-row-o", "right of my O please", "O 2,0"),
    ("n-in-a-row-o", "상대 X 밑으로 막아", "O 0,-1"),
    ("n-in-a-row-mid", "my X pair at -2, one more on top", "X -2,4"),
    ("n-in-a-row-x", "X right above 0,1", "X 0,2"),
    ("n-in-a-row-x", "to the right of the O at 1,1", "X 2,1"),
    ("n-in-a-row-x", "put it just below the middle", "X 0,-1"),
    ("n-in-a-row-x", "1,1 오른쪽에 둘게", "X 2,1"),
    ("n-in-a-row-x", "내 마지막 거 바로 위에", "X 0,2"),
    ("n-in-a-row-x", "a la derecha de la O en 1,1", "X 2,1"),
    ("n-in-a-row-x", "right of the last O", "X 2,1"),  # the letter names the anchor's mark
    ("n-in-a-row-x", "up and right of 0,1", "X 1,2"),
    ("n-in-a-row-x", "debajo de la O en 1,0", "X 1,-1"),
    ("n-in-a-row-x", "상대 마지막 돌 위에", "X 1,2"),
    # … and where the direction says how, not where: the point is the move's own
    ("n-in-a-row-x", "extend my line up to 0,2", "X 0,2"),
    ("n-in-a-row-o", "bloqueo arriba en 0,2", "O 0,2"),
    ("n-in-a-row-x", "위에서 막을게 0,2", "X 0,2"),
    # Masul: a bare number where the card goes is its column; words around a card in Spanish
    ("masul-challenge", "jack of hearts on 5", "J♥ C5"),
    ("masul-challenge", "put the jack of hearts at 3", "J♥ C3"),
    ("masul-start", "king of hearts into the third one", "K♥ C3"),
    ("masul-start", "el rey de corazones en la tercera", "K♥ C3"),
    ("masul-challenge", "vale, la jota de corazones a la 5", "J♥ C5"),
    ("masul-late", "4♣ on the field card of column 4, the one with the 4♠", "4♣ FC4"),
    # So-Lon-Yo: a card by its colour or place, in every language
    ("solonyo-shown", "the black one", "PICK 2"),
    ("solonyo-shown", "the red one on the right", "PICK 3"),
    ("solonyo-shown", "la negra", "PICK 2"),
    ("solonyo-shown", "me quedo con la roja de la izquierda", "PICK 1"),
    ("solonyo-shown", "빨간 카드 중에 높은 거", "PICK 3"),
    ("solonyo-shown", "the face-up 7", "PICK 2"),
    ("solonyo-late", "첫 번째 카드 고를게", "PICK 1"),
    # counts and distances are no coordinates; a line's end named by its length or by "block"
    ("n-in-a-row-mid", "complete three vertically by going one below my pair", "X -2,1"),
    ("n-in-a-row-first", "dos casillas a la derecha del centro", "X 2,0"),
    ("n-in-a-row-first", "two squares right of the middle", "X 2,0"),
    ("n-in-a-row-o", "block them on top", "O 0,2"),
    ("n-in-a-row-x", "make 3 in a row going up", "X 0,2"),
    ("n-in-a-row-x", "위로 이어서 3개 만들기", "X 0,2"),
    ("n-in-a-row-o", "tapá abajo de sus dos X", "O 0,-1"),
    ("n-in-a-row-mid", "pongo una X arriba de las dos mias en -2", "X -2,4"),
    ("n-in-a-row-x", "y minus one x two", "X 2,-1"),  # a label's number is still a coordinate
    # Masul: a Field Card named word first; a column by a card, in Korean and Spanish
    ("masul-start", "replace the field 7 of diamonds with my 7 of clubs", "7♣ FC6"),
    ("masul-start", "필드에 있는 다이아 7을 내 클로버 7로 바꿀래", "7♣ FC6"),
    ("masul-late", "클로버2 필드에 클로버7 있는 칸에 뒷면으로 놓을게", "2♣ C2 FD"),
    ("masul-start", "스페이드 퀸을 스페이드 7 밑에 앞면으로 내주세요", "Q♠ C3"),
    ("masul-challenge", "다이아 에이스 상대 다이아 잭 맞은편에", "A♦ C5"),
    ("masul-late", "la J de corazones en la columna del 10 de corazones, boca arriba", "J♥ C5"),
    ("masul-start", "rey de corazones boca abajo debajo del 3 de picas", "K♥ C1 FD"),
    # Card Chess: a castle's square in words, a row named without its file, "straight ahead"
    ("card-chess-capture", "king of spades into my castle on file 3", "PLAY K♠ BC3"),
    ("card-chess-capture", "el as al castillo rojo, justo adelante", "RK4-RC4"),
    ("card-chess-ace", "meto el as de tréboles en el castillo, en la casilla 5", "PLAY A♣ BC5"),
    ("solonyo-blind", "la de en medio", "PICK 2"),
    ("solonyo-late", "voy con la uno", "PICK 1"),
    ("n-in-a-row-mid", "right below my two X's at -2", "X -2,1"),
    ("n-in-a-row-x", "tapo la columna de O por arriba, 1,2", "X 1,2"),
    ("card-chess-capture", "el as se retira a la casilla 4 del medio", "RK4-M4"),
    ("card-chess-capture", "rey de picas a mi castillo en la columna 5", "PLAY K♠ BC5"),
    ("card-chess-capture", "el as se mete en su castillo, justo delante", "RK4-RC4"),
    ("card-chess-step", "lo dejo como esta", "KEEP"),
    # filler words before a move, and a reason after it
    ("trumps-follow", "bueno ya fue, agarro las 5", "TAKE"),
    ("trumps-follow", "mejor recojo las cinco", "TAKE"),
    ("trumps-follow", "me llevo las cartas, no quiero gastar el as", "TAKE"),
    # Korean: a rank written against its suit, a suit with a polite ending, rows in one word
    ("masul-challenge", "5스페이드 7번줄에 엎어놓을게", "5♠ C7 FD"),
    ("masul-start", "필드에 있는 7다이아를 내 7클로버로 바꿀래요", "7♣ FC6"),
    ("trumps-choose", "트럼프는 다이아요", "TRUMP ♦"),
    ("card-chess-ace", "스페이드 8 블랙캐슬 5번에 놓을게요", "PLAY 8♠ BC5"),
    ("card-chess-step", "그냥 킵할게요", "KEEP"),
    ("card-chess-step", "그냥 둘게, 교체 안 해", "KEEP"),
    # Your Trumps in Korean: the beating card with (으)로 first, the beaten one after it
    ("trumps-follow", "하트A로 퀸 잡고 하트킹 올림", "BEAT A♥ K♥"),
    ("trumps-follow", "K♥로 퀸 잡고 위에 스페이드 10 얹을게", "BEAT K♥ 10♠"),
    ("trumps-follow", "에이스 하트로 이기고 스페이드 10 얹을게", "BEAT A♥ 10♠"),
    # Mystique Maze: the pile card taken and a card let go, in Korean; "the top discard"
    ("maze-late", "3RA 집고 노랑 팔 1 버려", "PILE 1YA"),
    ("maze-late", "빨강 팔 3 집고 빨강 왕관 5 버려줘", "PILE 5RC"),
    ("maze-late", "더미 카드만 받을게요 버리는건 보고 정할게", "DRAW PILE"),
    ("maze-late", "grab the top discard, ditch the ace of yellow arms", "PILE 1YA"),
    # a count said around a number ("my two", "to make 3"), a distance ("one to the right of")
    ("n-in-a-row-x", "add one more X on top of my two to make 3", "X 0,2"),
    ("n-in-a-row-first", "one to the right of the center", "X 1,0"),
    ("solonyo-late", "오른쪽 끝에 있는 거", "PICK 3"),
    ("masul-challenge", "jota de corazones enfrente de su rey de corazones 😏", "J♥ C3"),
    ("card-chess-capture", "meto el rey de picas en la casilla 5 de mi castillo", "PLAY K♠ BC5"),
    ("card-chess-capture", "에이스를 상대 성 4번 칸으로 넣을게", "RK4-RC4"),
    # "it" is the mark placed, not the last one, unless a place word comes before it
    ("n-in-a-row-mid", "block their pair... i mean put it right under the two O's", "X -1,0"),
    ("n-in-a-row-mid", "put it under their pair", "X -1,0"),
    ("solonyo-blind", "맨 오른쪽!", "PICK 3"),
    # each direction as far as its own count; the whole hand traded is the exchange
    ("n-in-a-row-first", "two up and two right of the middle", "X 2,2"),
    ("card-chess-ace", "swap out my whole hand for 5 new cards", "EXCHANGE"),
    ("card-chess-ace", "패 전부 버리고 새로 5장 받을래", "EXCHANGE"),
    # heldout7: "their face down" is the card challenged; "block o" names the mark blocked; a
    # count said after the point ("y hago 3", "3개") and a reason after a comma or "vs their X"
    ("masul-challenge", "flip their face down in col 2 w my jack of hearts", "J♥ C2"),
    ("n-in-a-row-mid", "block o at -1,3 above their pair", "X -1,3"),
    ("n-in-a-row-x", "0,2 y hago 3", "X 0,2"),
    ("n-in-a-row-x", "0,2 놓으면 3개 ㅋㅋ", "X 0,2"),
    ("masul-challenge", "ace of diamonds to column seven, diamonds field so it should hold",
     "A♦ C7"),
    ("masul-late", "jh c5 vs their jd, hearts field there so mine wins", "J♥ C5"),
    ("masul-challenge", "J♥ en la 5 contra su J♦, el campo es X♥ asi q gano yo", "J♥ C5"),
    ("masul-start", "K♠ 3열에 앞면으로 낼게 필드가 스페이드니까", "K♠ C3"),
    ("masul-late", "5클로버 2열 앞면. 필드가 클로버니깐", "5♣ C2"),
    ("trumps-lead", "start with 10♠, wanna get rid of my spades since theyre his trump anyway",
     "LEAD 10♠"),
    ("masul-start", "jack of diamonds on the far right column, the one with the ten of diamonds "
     "in the middle", "J♦ C7"),
    ("masul-start", "replace the field 7♥ with the 7 of clubs", "7♣ FC2"),
    ("masul-start", "클로버7로 필드에 있는 7♥ 바꿀래", "7♣ FC2"),
    ("trumps-choose", "treboles... no, diamantes", "TRUMP ♦"),
    ("trumps-follow", "ugh cant be bothered, just pick em up", "TAKE"),
    ("trumps-follow", "ufff me las llevo, levanto", "TAKE"),
    ("trumps-follow", "걍 가져갈게 5장 먹지뭐 ㅠ", "TAKE"),
    ("card-chess-capture", "as al costado, RK5... no, a RK3", "RK4-RK3"),
    # a corner of the grid as the board shows it
    ("n-in-a-row-first", "top right corner of the little grid", "X 1,1"),
    ("n-in-a-row-first", "왼쪽 아래 구석", "X -1,-1"),
    ("n-in-a-row-first", "esquina de arriba a la derecha", "X 1,1"),
    ("n-in-a-row-mid", "top left corner", "X -6,7"),
    # heldout8: reasons after the move (lets see, q el campo, 11 pts, a ver si, asi le, its, a
    # Korean sentence with 니까ㅋ, a suit's field), "gonna", "먹을래", the column of the O
    ("masul-challenge", "jack of hearts into column 2 face up, lets see what theyre hiding there",
     "J♥ C2"),
    ("masul-start", "K♠ en la 3, q el campo es de picas", "K♠ C3"),
    ("solonyo-shown", "queen obv, 11 pts", "PICK 3"),
    ("masul-challenge", "Ad in the column with the 7 of diamonds. face up obviously, diamond field",
     "A♦ C6"),
    ("masul-late", "J하트 5열. 다이아J랑 붙어보자 필드가 하트니까ㅋ", "J♥ C5"),
    ("masul-late", "8h col 2 boca arriba asi le destapo la carta tapada", "8♥ C2"),
    ("trumps-lead", "throw the K♠ out first, its their trump so they gotta beat it with the ace or "
     "pick up", "LEAD K♠"),
    ("trumps-follow", "그냥 먹을래 5장", "TAKE"),
    ("solonyo-late", "gonna go with the one on the right", "PICK 3"),
    ("solonyo-blind", "la tercera, a ver si sale un rey o un as", "PICK 3"),
    ("n-in-a-row-mid", "bloqueo la columna de los O en -1,3", "X -1,3"),
    # heldout9: a second thought that changes only the column keeps the facing; a bare "nah"
    # before a comma; reasons in a second sentence, after ㄱㄱ, "le gana … xq"; the goal said
    # with the point; a drawn-out word; 제이 for the jack
    ("masul-late", "2클로버 7열에 숨겨놓을게 아 아니다 2열로", "2♣ C2 FD"),
    ("solonyo-shown", "the 7 beats a 2 anyway... nah go for max points, Q", "PICK 3"),
    ("masul-late", "8♥ c5 face up. field is hearts so it beats their J♦", "8♥ C5"),
    ("masul-challenge", "8하트 5열 ㄱㄱ 필드가 하트라 J♦ 이김", "8♥ C5"),
    ("masul-late", "J♥ en la 5 dale, le gana a la jota de diamantes xq el campo es de corazones",
     "J♥ C5"),
    ("trumps-choose", "trebol pls", "TRUMP ♣"),
    ("solonyo-blind", "la primeraa", "PICK 1"),
    ("card-chess-capture", "에이스로 제이 잡아", "RK4xRC3"),
    ("n-in-a-row-x", "hago 3 en 0,2", "X 0,2"),
    ("n-in-a-row-mid", "-2,4 pa tener 3", "X -2,4"),
    # heldout10: the move said first wins over another read from the reason after it; a card
    # named in Spanish after "dale,"; "no... mejor"; a reason after "q"
    ("trumps-lead", "dale, el K de diamantes", "LEAD K♦"),
    ("trumps-choose", "treboles no... mejor diamantes", "TRUMP ♦"),
    ("masul-start", "tiro la Q de picas en c1 q hay un 3♠ en el campo", "Q♠ C1"),
    # heldout11: a reason that says more of the same move keeps it ("…, face down so …"); a
    # reason in brackets; Spanish told by "dejalo así"
    ("masul-challenge", "ace of diamonds in col 7, face down so they cant see it", "A♦ C7 FD"),
    ("masul-late", "8♥ c5 (field is X♥ so my heart matches)", "8♥ C5"),
    ("card-chess-step", "dejalo asi, keep", "KEEP"),
]  # fmt: skip


@pytest.mark.parametrize("position, text, move", PLAYED)
def test_a_phrasing_plays_the_move_meant(service, position, text, move):
    answer = say_at(service, position, text)
    assert _played(answer) == move, answer


ASKED = [
    ("n-in-a-row-x", "next to 0,1", "X 0,2"),  # several empty neighbours: asked, never guessed
    ("n-in-a-row-o", "block their column", "O 0,2"),  # both ends free: asked
    ("n-in-a-row-x", "al lado de mi última ficha", "X -1,1"),
    ("n-in-a-row-x", "마지막 거 옆에", "X 2,2"),
    ("solonyo-shown", "the red one", "PICK 3"),  # two red cards
    ("solonyo-shown", "빨간 거", "PICK 1"),
    ("maze-late", "take the pile and discard the red one", "PILE 5RS"),
    # heldout111's misread: a card chosen by what it is not ("the red one that is not the
    # queen", played PICK 3, the queen): the clause before the denial is asked back
    ("solonyo-shown", "la roja q no es la reina", "PICK 1"),
    ("masul-start", "king c2", "K♥ C2"),  # two kings held, no colour said
    ("solonyo-shown", "lowest one, a 7 still beats their 2 lol", "PICK 2"),  # laughter: asked
    ("solonyo-late", "la tercera otra vez jaja", "PICK 3"),  # heldout137 to 140: chosen, laughing
]


@pytest.mark.parametrize("position, text, move", ASKED)
def test_a_phrasing_that_fits_several_moves_is_asked_back(service, position, text, move):
    answer = say_at(service, position, text)
    assert _played(answer) is None and move in answer.get("candidates", []), answer
    assert not counted(answer)


NEVER_PLAYED = [
    # a wish, a hypothesis or a deliberation
    ("card-chess-capture", "if i could take the jack with my ace that would be sick"),
    ("card-chess-capture", "잭 잡을까 말까"),
    ("card-chess-capture", "ojalá pudiera comer la jota"),
    ("masul-late", "하트 잭 2열에 낼까 고민이네"),
    ("trumps-lead", "what if i lead the 6 of clubs"),
    ("trumps-lead", "6 de tréboles, debería?"),
    ("masul-late", "하트 잭 2열에 낼까?"),
    ("masul-start", "K♥ C2 or K♥ C3, hmm"),  # two moves weighed
    ("masul-start", "maybe K♥ C2?"),
    ("masul-start", "not sure, K♥ C2"),
    ("masul-start", "pondría el rey de corazones en la 2"),  # "I would put"
    ("masul-start", "하트 킹 2열 아니면 3열"),
    ("masul-start", "하트 킹 5열에 내면 좋겠다"),  # a wish
    # two steps with the second unread: never half-played
    ("maze-late", "더미에서 가져오고 하나 버려"),
    # a description no card of the seat fits, or one said of blind cards
    ("solonyo-blind", "the red one"),
    ("solonyo-shown", "the spade"),
    # a question with its question word inside, a weighing, a move told as done
    ("maze-draw", "el 5 amarillo de lunas de la pila con cuáles de mis cartas conecta?"),
    ("maze-draw", "me conviene agarrar la del pozo o robar?"),
    ("card-chess-capture", "is taking the jack a good idea or should I do something else?"),
    ("card-chess-step", "buenísimo, le comí el 5!!"),
    # unread, with a second card named beside the one played: never counted
    ("card-chess-ace", "play the ace of clubs into my castle next to the 2 of spades"),
    # a card named with a word that judges it, and nothing else: a remark
    ("maze-discard", "ugh blue suns, useless"),
    # a Korean question, a laughing remark with a number in it, a request to be shown
    ("trumps-lead", "내 하트 6은 원래 상대 패에 있던 거야?"),
    ("solonyo-late", "empate con dos doses jajaja qué mala suerte"),
    ("maze-late", "enséñame mi mano y la pila"),
    # heldout7: a card asked about with a copula; an undo said with "my last" in it
    ("trumps-lead", "el 6♥ q me paso el otro ya es mio?"),
    ("solonyo-late", "volve atras mi ultima eleccion"),
    # heldout8: a Korean request to be shown; a Korean word that judges the card named
    ("maze-late", "내 패랑 버린더미 보여줘"),
    ("maze-discard", "아 5BS 완전 쓸모없네 ㅋㅋ"),
    # a Korean exclamation's ending: a remark (no move line of any blind part ends so)
    ("maze-discard", "5BS 왔네"),
    ("masul-start", "하트 킹 좋구나 ㅋㅋ"),
    # opened with a question word or a request to be shown (no move line of any blind part opens
    # so); "como" without its accent is "I take", a move (PLAYED above)
    ("trumps-lead", "what about the 6 of hearts"),
    ("maze-late", "show me the pile"),
    ("trumps-lead", "qué tal el 6 de corazones"),
    ("card-chess-capture", "cómo como la jota con el as"),
]


@pytest.mark.parametrize("position, text", NEVER_PLAYED)
def test_what_is_no_move_made_is_never_played_nor_counted(service, position, text):
    answer = say_at(service, position, text)
    assert _played(answer) is None and not counted(answer), answer


@pytest.mark.parametrize(
    ("position", "text", "said"),
    [
        ("maze-draw", "the 5YM and the 3RA", "counted. Draw first"),
        ("masul-late", "5♠ for the field card in col3 i guess", "counted. A field replacement"),
    ],
)
def test_a_message_read_as_no_move_says_so_in_whole_sentences(service, position, text, said):
    """The reply to a message not read as a move (heldout155, stop 42: "… nothing was played or
    counted Your move …") ends each sentence: what was not done, the reader's reason, the turn."""
    answer = say_at(service, position, text)
    assert answer["intent"] == "unclear" and said in answer["reply"], answer["reply"]


def test_a_deliberation_asked_gets_the_moves_legality(service):
    answer = say_at(service, "trumps-lead", "what if i lead the 6 of clubs")
    assert answer["intent"] == "question" and "LEAD 6♣" in answer["reply"], answer
    assert say_at(service, "trumps-lead", "lead the 6 of clubs")["move"] == "LEAD 6♣"


def test_a_card_said_after_over_must_be_the_top_card(service):
    answer = say_at(service, "trumps-follow", "ace of hearts over the jack")
    assert _played(answer) is None and "Q♥" in answer["reply"], answer


def test_a_no_that_names_nothing_is_no_second_thought(service):
    answer = say_at(service, "trumps-follow", "me rindo, no hay forma")
    assert answer["intent"] == "resign" and not counted(answer), answer


def test_or_else_is_no_second_thought(service):
    answer = say_at(service, "masul-late", "3열 아니면 4열")
    assert _played(answer) is None and not counted(answer), answer


@pytest.mark.parametrize(
    "text",
    [
        "what card is face down under M5?",
        "M5 밑에 깔린 카드 뭐야?",
        "¿qué carta hay boca abajo en M5?",
    ],
)
def test_a_face_down_card_the_board_shows_is_answered_from_the_board(service, text):
    """Asked of a face-down card the board names (card-chess-ace: "Known face-down cards: M5
    3♥"): its line, no "hidden" sentence; one the board does not name stays hidden."""
    answer = say_at(service, "card-chess-ace", text)
    assert answer["intent"] == "question" and "M5 3♥" in answer["reply"], answer["reply"]
    other = say_at(service, "card-chess-capture", "what's face down under the jack on RC3?")
    assert "hidden" in other["reply"] and "RC3" not in other["reply"], other["reply"]


@pytest.mark.parametrize(
    ("position", "text", "move", "yes"),
    [
        ("masul-start", "K♥ C5?", "K♥ C5", "yes"),
        ("trumps-lead", "salgo con el 6♥?", "LEAD 6♥", "sí"),
        ("trumps-lead", "하트 6 내도 되는 거야?", "LEAD 6♥", "응"),
        ("n-in-a-row-first", "top right corner?", "X 1,1", "ok do that"),
    ],
)
def test_a_message_that_ends_asking_is_never_played_and_yes_plays_it(
    service, position, text, move, yes
):
    """No move line of any blind part ends with "?" (and about 1,000 other lines do): a message
    that ends asking is answered — the move it names is legal, say yes to play it — and a yes
    after it plays that move."""
    from gm.play import chat
    from tests.chat_corpus import stage

    where = POSITIONS[position]
    tokens = stage(service, where.game, where.state(), illegal_move_limit=100)
    asked = chat.say(service, tokens[where.seat], text)
    assert asked["intent"] == "question" and _played(asked) is None, asked
    assert move in asked["reply"] and not counted(asked), asked["reply"]
    played = chat.say(service, tokens[where.seat], yes)
    assert _played(played) == move, played


def test_a_refused_move_said_with_a_second_clause_is_never_counted(service):
    """Only an explicit try in the game's move language counts: the same refused move with a
    second clause after it ("…, trust me") says more than a move and never counts."""
    alone = say_at(service, "trumps-follow", "play the 6 of clubs")
    assert alone["intent"] == "move" and not alone.get("legal") and counted(alone), alone
    said = say_at(service, "trumps-follow", "play the 6 of clubs, trust me")
    assert not said.get("legal") and not counted(said), said


@pytest.mark.parametrize(
    "text", ["how many cards does the opponent have left?", "상대 카드 몇장 남았어?"]
)
def test_a_board_without_a_title_line_is_quoted_from_its_first_line(service, text):
    """Masul's board opens with a line of its own ("Opponent's Hand: 5"), not a title: a question
    about it is answered from it, not with "I can't answer that"."""
    answer = say_at(service, "masul-late", text)
    assert "5" in answer["reply"] and answer["intent"] == "status", answer["reply"]
    assert "Opponent's Hand" in answer["reply"] or "상대 손패" in answer["reply"], answer["reply"]


def test_how_many_is_answered_from_the_board_when_it_counts_it(service):
    """heldout10: "how many cards in the deck still" got a rules sentence about the deck; the
    board counts it ("Deck: 37 cards"), so that line answers it. A rule's count ("how many pieces
    do I need in check?") is still the rules'."""
    answer = say_at(service, "maze-late", "how many cards in the deck still")
    assert "Deck: 37 cards" in answer["reply"] and "\u201c" not in answer["reply"], answer["reply"]


@pytest.mark.parametrize(
    ("position", "text", "figure"),
    [
        ("n-in-a-row-mid", "how many turns do i have left", "x has 2 turns left"),
        ("n-in-a-row-mid", "cuantos turnos me quedan?", "x tiene 2 turnos"),
        ("n-in-a-row-mid", "나 턴 몇개 남았어?", "2턴"),
        ("solonyo-late", "how many cards left in the deck", "deck: 28 cards"),
        ("solonyo-late", "what round are we on and how many cards left in the deck", "round 6"),
        ("solonyo-late", "en que ronda estamos?", "ronda 6"),
        ("solonyo-late", "지금 몇 라운드야?", "6라운드"),
        ("masul-late", "cuantas cartas le quedan al otro?", "Mano del rival: 5"),
        ("card-chess-ace", "지금 몇 수째임?", "15수째"),
    ],
)
def test_a_count_or_the_round_asked_is_answered_with_the_boards_figures(
    service, position, text, figure
):
    """The blind parts file "how many cards are left in the deck?" as status and as question
    alike (rounds 7 to 11), and it got whose turn alone, the standing or "I can't answer that":
    a count of what is left, or the round or turn asked, is answered with the board's figures
    and whose turn, in the message's language (intent ``status``)."""
    answer = say_at(service, position, text)
    assert answer["intent"] == "status" and figure in answer["reply"], answer["reply"]
    assert not counted(answer) and "\u201c" not in answer["reply"]


def test_a_count_asked_with_who_leads_is_the_standing(service):
    """ "who's winning? how many in check each": the standing answers both; only what is left
    ("how many turns do I have left") is taken from the standing to the board's figures."""
    answer = say_at(service, "card-chess-ace", "who's winning? how many in check each")
    assert answer["intent"] == "score", answer


@pytest.mark.parametrize(
    ("position", "text"),
    [
        ("solonyo-late", "defiant and challenger, scoring card?? ok"),
        ("trumps-lead", "a lead with the lowest card?? nice"),
    ],
)
def test_a_remark_asked_in_no_question_words_quotes_no_rule(service, position, text):
    """heldout11: "tic tac toe but infinite?? ok lets see" got a rules sentence. An English message
    that asks in no question word (what, how, can, is, …) is no rules question: the rules are
    not quoted for it (the board's lines it names, or an ask-back, answer it)."""
    answer = say_at(service, position, text)
    assert "\u201c" not in answer["reply"] and not counted(answer), answer["reply"]
    assert not answer.get("legal"), answer


@pytest.mark.parametrize(
    ("position", "text", "meant"),
    [
        ("solonyo-shown", "pick the ten, anything beats a 2 anyway lol", "PICK 1"),
        ("n-in-a-row-o", "pongo arriba de las x, en 0,2", "O 0,2"),
        ("maze-draw", "robo del mazo, la 5YM no me sirve pa nada", "DRAW DECK"),
        ("trumps-lead",
         "start with the ace of diamonds no actually the 7 of diamonds, keep the ace", "LEAD 7♦"),
        ("solonyo-late", "ugh that tie last round hurt. gonna go with #1", "PICK 1"),
        ("maze-draw", "agarro la carta de arriba de los descartes", "DRAW PILE"),
    ],
)  # fmt: skip
def test_the_move_said_in_its_own_clause_or_sentence_is_played(service, position, text, meant):
    """heldout12 and heldout11: a clause after a comma with no reason word ("…, anything beats a
    2 anyway lol") made the whole ambiguous, and a sigh in the sentence before ("ugh … hurt.")
    made a remark of the move said after it: the clause before the comma is played when the whole
    is no definite move, and a last sentence that is one definite move by itself is no remark."""
    answer = say_at(service, position, text)
    assert answer["intent"] == "move" and answer.get("move") == meant, answer


def test_a_sigh_with_only_a_number_is_still_a_remark(service):
    """The rule a last sentence that is a move keeps: laughter with a number and no move word is
    still a remark ("empate con dos doses jajaja qué mala suerte")."""
    answer = say_at(service, "solonyo-late", "empate con dos doses jajaja qué mala suerte")
    assert answer["intent"] == "chat" and not answer.get("legal"), answer


def test_the_clause_after_a_comma_that_says_another_move_is_no_reason(service):
    """The first clause is played only when the clause after the comma says no other move:
    "the 7 of clubs, the 10" names two picks, so neither is played."""
    answer = say_at(service, "solonyo-shown", "the 7 of clubs, the 10")
    assert not answer.get("legal") and not counted(answer), answer


@pytest.mark.parametrize(
    ("position", "text", "meant"),
    [
        # heldout10 (a misread once, then played by the move said first); heldout13's "take
        # 3RA from the pile, i'll decide what to throw after" was asked back here until the maze
        # reader stopped reading a discard put off as the pile card thrown back (it is played
        # as DRAW PILE now, a BLIND_MOVES row)
        ("card-chess-step", "cambiala por el 7♠, ese 8 no lo quiero", "REPLACE 7♠"),
    ],
)
def test_two_readings_that_disagree_are_asked_back_then_the_first_is_played(
    service, position, text, meant
):
    """A message whose main clause and whole read as two different definite moves is asked
    back with both (nothing played, nothing counted); "the first" then plays the main
    clause's, the move said first."""
    from gm.play import chat
    from tests.chat_corpus import stage

    where = POSITIONS[position]
    tokens = stage(service, where.game, where.state(), illegal_move_limit=100)
    asked = chat.say(service, tokens[where.seat], text)
    assert asked["intent"] == "move" and not asked.get("legal") and not counted(asked), asked
    assert asked["candidates"][0] == meant and len(asked["candidates"]) == 2, asked
    played = chat.say(service, tokens[where.seat], "the first")
    assert played["intent"] == "move" and played.get("legal") and played["move"] == meant


def test_a_clause_that_goes_on_with_and_is_no_reason(service):
    """heldout16: "pile, and dump the blue 3" played DRAW PILE (the first clause taken, the rest
    dropped); a clause after the comma that goes on with "and" is part of the move, so the
    first clause alone is never played."""
    answer = say_at(service, "maze-late", "pile, and dump the blue 3")
    assert answer.get("move") != "DRAW PILE" and not counted(answer), answer


@pytest.mark.parametrize(
    ("position", "text", "meant"),
    [
        ("trumps-lead", "ok so ive got a ton of diamonds and hearts are my trump so im keeping "
         "those, gonna start cheap. lead the 6 of clubs", "LEAD 6♣"),
        ("card-chess-capture", "ok so my ace is just chilling on rk4 and their jack is right there "
         "diagonal on rc3... ace takes the jack on rc3", "RK4xRC3"),
        ("solonyo-late", "3 again lol, it has to pay off eventually", "PICK 3"),
        ("solonyo-late", "last time 3 tied so... 3 again lol", "PICK 3"),
    ],
)  # fmt: skip
def test_narration_first_and_the_order_last_is_played(service, position, text, meant):
    """heldout16: narration first and the order in the last sentence ("… gonna start cheap.
    lead the 6 of clubs"): the last sentence, one definite move said plainly, is played when
    the whole is none; a number chosen "again" is a pick, not a laughing remark."""
    answer = say_at(service, position, text)
    assert answer["intent"] == "move" and answer.get("move") == meant, answer


@pytest.mark.parametrize(
    ("position", "text"),
    [
        ("solonyo-late", "that tie hurt. maybe 3 again?"),
        ("solonyo-late", "3 tied last time lol. 2 is cursed lol"),
    ],
)
def test_a_last_sentence_with_doubt_or_laughter_is_not_played(service, position, text):
    """The last sentence is played only when said plainly: a doubt or laughter in it keeps it
    from being an order."""
    answer = say_at(service, position, text)
    assert not answer.get("legal") and not counted(answer), answer


def test_a_refused_move_in_a_long_sentence_is_never_counted(service):
    """heldout27's counted line ("K♥ c5 boca arriba xq el campo es de corazones"): a message of
    more than nine words is a sentence, not a try at the game's notation — refused, it never
    counts; the same move said short still does."""
    said = say_at(
        service, "masul-start", "K♥ C9 FD yes that one right there in the far corner please"
    )
    assert not said.get("legal") and not counted(said), said
    short = say_at(service, "masul-start", "K♥ C9 FD please")
    assert not short.get("legal") and counted(short), short


def test_a_move_with_a_card_called_useless_after_it_is_played(service):
    """heldout22: "draw a new one from the deck, 3RA is useless to me": the clause after the
    comma scorns a card, so it says no move of its own and the draw before it is played."""
    answer = say_at(service, "maze-late", "draw a new one from the deck, 3RA is useless to me")
    assert answer["intent"] == "move" and answer.get("move") == "DRAW DECK", answer


# The blind rounds (tests/chat_blind/README.md): each round is measured once, then tuned on; its
# misreads, counted lines, unrelated quotes and some refused lines are rows of the three tables
# below (by what the line should get), each row's comment naming its round.

BLIND_MOVES = [
    # heldout12 (measured once at 33d9d11): "bocabajo" written as one word was read face up (two
    # misreads)
    ("masul-challenge", "el 2 de treboles en la c6 bocabajo", "2♣ C6 FD"),
    ("masul-late", "tiro el 4 de trebol en la 2 bocabajo, que no la vea", "4♣ C2 FD"),
    # heldout12: "mejor que nada" (better than nothing) is no second thought
    ("masul-late", "8 de corazones en la c5, mejor que nada", "8♥ C5"),
    # heldout12: "de más valor" is the highest
    ("solonyo-shown", "la de más valor, obvio", "PICK 3"),
    # heldout12: "intercambio la mano" exchanges
    ("card-chess-capture", "intercambio la mano, solo tengo corazones", "EXCHANGE"),
    # heldout12: "toss" discards
    ("maze-discard", "toss 5BS", "DISCARD 5BS"),
    # heldout13 (measured once at 888966d, six misreads): "no jk" takes back what it follows
    ("solonyo-shown", "the 7 of clubs lol no jk, the 10", "PICK 1"),
    # heldout13: a move told of as played before ("picked 3 last time …", "지난번엔 3번 …") is a
    # tale and the move said with it is played
    ("solonyo-late", "picked 3 last time and tied, so middle this time", "PICK 2"),
    ("solonyo-late", "지난번엔 3번 골라서 비겼으니까 이번엔 1번", "PICK 1"),
    ("solonyo-late", "the left one this time, last time 3 only tied", "PICK 1"),
    # heldout13: "X 말고 Y" keeps no Korean head word as a verb
    ("solonyo-shown", "클로버 7 말고 제일 높은 거", "PICK 3"),
    # heldout13: "...아니다" corrects with no space
    ("solonyo-late", "2번...아니다 3번", "PICK 3"),
    # heldout13: "la vuelvo a tirar" discards the pile card taken (and a discard decided later,
    # "i'll decide what to throw after", is a reason: the two-readings test above)
    ("maze-draw", "cojo la carta de la pila y la vuelvo a tirar, la 5YM", "PILE 5YM"),
    # heldout14 (measured once at fb2fa1f): "su carta tapada" is their face-down card, not the
    # facing of mine (a misread: played face down)
    ("masul-challenge", "voy a destapar su carta tapada de la columna 2 con mi 5 de picas",
     "5♠ C2"),
    # heldout14: "blind draw, nothing in the pile helps me" is the deck (a misread: played DRAW
    # PILE)
    ("maze-late", "blind draw, nothing in the pile helps me", "DRAW DECK"),
    # heldout14: a Field Card swap said with its column (and a card played on a column, its
    # reason naming the field card, is no swap)
    ("masul-start", "swap the 7♥ field card in column 2 for my 7 of clubs", "7♣ FC2"),
    ("masul-start", "클로버7로 6열 필드카드 7♦ 교체", "7♣ FC6"),
    ("masul-start", "cambio la carta de campo de la columna 3 (el 7♠) por mi 7 de tréboles",
     "7♣ FC3"),
    ("masul-start", "7♣ on column 2, beats the 7♥ field", "7♣ C2"),
    # heldout14: the other side's letter before "block"/막기 is theirs
    ("n-in-a-row-o", "X 아래 막자 0,-1", "O 0,-1"),
    ("n-in-a-row-x", "O 위쪽 막기 1,2", "X 1,2"),
    # heldout14: "completo 3" is the goal
    ("n-in-a-row-x", "completo 3 hacia arriba, 0,2", "X 0,2"),
    # heldout14: 둘래 keeps
    ("card-chess-step", "그냥 둘래 킵", "KEEP"),
    # heldout14: "first" after a lead
    ("trumps-lead", "ace of trumps first, why not 😎", "LEAD A♥"),
    # heldout14: "w" for "with"
    ("trumps-lead", "start w the 10", "LEAD 10♠"),
    # heldout15 (measured once at 73fee35): a correction that only says how the card lies keeps
    # the card and column
    ("masul-start", "8♠ c3.. no wait facedown, dont want them seeing it", "8♠ C3 FD"),
    # heldout15: the clause before a comma may end in a code ("… c3, …")
    ("masul-late", "lowest club goes on c3, their king takes that column anyway lol", "2♣ C3"),
    # heldout15: the cards taken, said in Spanish with "paso" after the comma
    ("trumps-follow", "recojo las 5, paso", "TAKE"),
    # heldout15: a point said beside the other side's marks and by its coordinates is the
    # coordinates' (a mark named "at" a point still anchors)
    ("n-in-a-row-o", "a la izquierda de las X, -1,1", "O -1,1"),
    ("n-in-a-row-x", "tapo arriba de las O, 1,2", "X 1,2"),
    ("n-in-a-row-x", "pongo en 2,1 a la derecha del O", "X 2,1"),
    ("n-in-a-row-x", "to the right of the O at 1,1", "X 2,1"),
    # heldout16 (measured once at c487dd3): a Korean direction said before the point ("아래로
    # 0 -1", downward, at 0,-1) is no "below 0,-1" (a misread: played X 0,-2)
    ("n-in-a-row-x", "아래로 0 -1", "X 0,-1"),
    # heldout16: a later choice after the comma ("despues veo que tiro") leaves the first clause
    # the move
    ("maze-draw", "agarro la de la pila, despues veo que tiro", "DRAW PILE"),
    # heldout17 and heldout18 (measured once at d41e755): a shrug before a choice
    ("solonyo-blind", "idk, #3", "PICK 3"),
    ("solonyo-blind", "idk just the last one", "PICK 3"),
    # heldout17/18: a correction to "destapada" keeps the card and column and turns it face up
    ("masul-late", "la J de corazones en la columna 7 tapada... no, mejor destapada", "J♥ C7"),
    # heldout17/18: "me deshago del" discards (no undo)
    ("maze-late", "me quedo el 3RA de la pila y me deshago del 5 rojo de coronas", "PILE 5RC"),
    # heldout17/18: "gotta …" and "a ver qué tiene" are reasons
    ("masul-late", "jh c5 gotta fight that jack of diamonds", "J♥ C5"),
    ("masul-challenge", "desafío la c2 con el as de diamantes, a ver qué tiene", "A♦ C2"),
    # heldout19 (measured once at 9376d2c): a correction to a place named in words (a misread:
    # "la primera.. no, la del medio" played PICK 1)
    ("solonyo-late", "la primera.. no, la del medio", "PICK 2"),
    ("solonyo-late", "the first one.. no, the middle", "PICK 2"),
    # heldout19/20: a word of remark after the move said before a comma ("…, useless")
    ("maze-discard", "get rid of the 5 red moons, useless", "DISCARD 5RM"),
    ("maze-discard", "toss the 5BS i just drew, useless", "DISCARD 5BS"),
    # heldout23 and heldout24 (measured once at 1907cc4): the misread (a Spanish direction said
    # right before a point names where the point is: "bloqueo abajo 0,-1" played O 0,-2) …
    ("n-in-a-row-o", "bloqueo abajo 0,-1", "O 0,-1"),
    ("n-in-a-row-o", "bloqueo arriba 0,2", "O 0,2"),
    # … a correction to a place said by its ordinal, or by a number after an ordinal …
    ("masul-start", "juego el 8 de tréboles en la segunda columna... no, mejor la sexta", "8♣ C6"),
    ("masul-start", "juego el 8 de tréboles en la segunda columna... no, mejor la 6", "8♣ C6"),
    ("masul-start", "8♣ in column 2.. no, the sixth", "8♣ C6"),
    # … a reason said with "pa" + a verb or "X 상대로" (against X) after the move …
    ("masul-challenge", "J de corazones en c3 pa pelear con su K♥", "J♥ C3"),
    ("masul-challenge", "스페이드5 5열에 놓을게 J♦ 상대로", "5♠ C5"),
    # … the pile named with its discards, a card put "encima de" another then one added, filler
    # before a move said before a comma
    ("maze-late", "cojo la del montón de descartes", "DRAW PILE"),
    ("trumps-follow", "rey de corazones encima de la reina y despues el as de corazones",
     "BEAT K♥ A♥"),
    ("solonyo-late", "pues la uno, a ver si hay suerte", "PICK 1"),
    # heldout25 to heldout28 (measured once at 303dce0): two misreads were Maze pile draws with
    # the discard left for later ("despues veo q tiro": the pile card named is taken, no card
    # thrown yet) …
    ("maze-late", "me quedo con el 3 rojo brazos del descarte, despues veo q tiro", "DRAW PILE"),
    ("maze-late", "la del descarte, el 3RA, y luego veo q suelto", "DRAW PILE"),
    # … the counted line and refused ones: a reason after "xq", "q ahi", "라" or "상대 X 맞은편"
    ("masul-start", "K♥ c5 boca arriba xq el campo es de corazones", "K♥ C5"),
    ("masul-start", "pongo la reina de picas en la c1 q ahi el campo es pica", "Q♠ C1"),
    ("masul-late", "J하트 5열 앞면. 필드가 10하트라 무늬 맞음 ㅋ", "J♥ C5"),
    ("masul-challenge", "스페이드5 3열에 놓을래 상대 K♥ 맞은편", "5♠ C3"),
    # … a Korean suit and rank written as one word, "선 잡을게" (take the lead), "뒷면으로 깔게요"
    # (laid face down, not turned over), "그냥 둬" (leave it)
    ("trumps-lead", "하트잭 내자", "LEAD J♥"),
    ("trumps-lead", "스페이드킹으로 선 잡을게", "LEAD K♠"),
    ("card-chess-step", "클로버퀸으로 교체", "REPLACE Q♣"),
    ("masul-start", "스페이드 8 2열에 뒷면으로 깔게요", "8♠ C2 FD"),
    ("card-chess-step", "그냥 둬 교체 안함", "KEEP"),
    # … So-Lon-Yo's places in Korean ("맨 앞", "첫장") and a card's worth said beside it
    ("solonyo-blind", "맨 앞에거 뽑을게 ㅎ", "PICK 1"),
    ("solonyo-blind", "셋 중에 첫장", "PICK 1"),
    ("solonyo-shown", "퀸 고를게 11점짜리", "PICK 3"),
    # … Maze's pile picked up ("주워", "줍고", "버림패", "pozo"), Spanish "rombos", "el A♠" (an
    # ace, not "a"), "y ya", "3rd again", a correction after a question or "no mejor"
    ("maze-late", "3RA 주워오고 1YA 버릴게", "PILE 1YA"),
    ("maze-late", "버림패 3RA 줍고 2RM 버리기", "PILE 2RM"),
    ("maze-draw", "cojo la del pozo y tiro el as de soles rojos", "PILE 1RS"),
    ("trumps-choose", "pa mi los rombos", "TRUMP ♦"),
    ("card-chess-ace", "el A♠ en diagonal a M5", "BK4-M5"),
    ("trumps-follow", "recojo las 5 y ya", "TAKE"),
    ("solonyo-late", "3 tied last time so… 3rd again lol", "PICK 3"),
    ("n-in-a-row-x", "hmm 1,2 to block? nah, x at 0,-1", "X 0,-1"),
    ("n-in-a-row-mid", "en el -1,3 no mejor -2,1", "X -2,1"),
    # heldout29 to heldout32 (measured once at 9af8584): the misreads — Korean Masul facings
    # ("덮어놓을게요", laid covered: face down; "뒷면카드 챌린지", their face-down card challenged:
    # face up) and a Card Chess exchange said in words …
    ("masul-start", "하트6 1열에 덮어놓을게요", "6♥ C1 FD"),
    ("masul-challenge", "2열 뒷면카드 챌린지!! 하트8로", "8♥ C2"),
    ("card-chess-ace", "descarto la mano y robo 5 nuevas", "EXCHANGE"),
    ("card-chess-capture", "cambio las 5 cartas de la mano", "EXCHANGE"),
    # … and refused lines: So-Lon-Yo's sides said with "pls" or "right most", Spanish "nomás"
    # and "izq", and Spanish "q sea …" (let it be …: no question)
    ("solonyo-late", "leftmost pls 🤞", "PICK 1"),
    ("solonyo-late", "right most", "PICK 3"),
    ("solonyo-blind", "la de la izq", "PICK 1"),
    ("trumps-follow", "me las llevo nomas, no quiero gastar el as", "TAKE"),
    ("masul-late", "q sea el 5 de picas tapado en la ultima columna", "5♠ C7 FD"),
    # heldout33 to heldout36 (measured once at b3ec23b: no misread, none counted): refused
    # moves — a Korean reason after "어차피" holds a judging word that is no remark on the move,
    # the pile taken with "agarro"/"me quedo con", "그냥 두자 킵", "rightmost this time", and
    # Spanish bare moves with "xfa" or "q esta libre"
    ("trumps-lead", "스페이드 킹 내자 어차피 쟤네 트럼프라 나한텐 쓸모없음", "LEAD K♠"),
    ("maze-draw", "agarro la del pozo y tiro el 3 amarillo de soles", "PILE 3YS"),
    ("maze-draw", "me quedo con la del pozo y descarto el 5 amarillo de coronas", "PILE 5YC"),
    ("card-chess-step", "그냥 두자 킵", "KEEP"),
    ("solonyo-late", "rightmost this time", "PICK 3"),
    ("n-in-a-row-mid", "-2,1 xfa", "X -2,1"),
    ("n-in-a-row-mid", "x a 0,1 q esta libre", "X 0,1"),
    # heldout37 to heldout40 (measured once at 0656546): the misreads played as meant — "the
    # discard" names the pile, "fuera" throws out, "me quedo con" takes, "one" after "stack" is
    # the mark placed — and a Spanish bare move with "y listo"
    ("maze-late", "i'll pick up the 3 red arms thats on top of the discard", "DRAW PILE"),
    ("maze-late", "agarro el 3RA de la pila de descarte, fuera el 5 rojo de coronas", "PILE 5RC"),
    ("maze-late", "me quedo con el 3 rojo de brazos, descarto el 3BM", "PILE 3BM"),
    ("n-in-a-row-mid", "stack one on top of my two x's in the -2 column", "X -2,4"),
    ("masul-late", "2♣ c5 y listo", "2♣ C5"),
    # heldout41 to heldout44 (measured once at 9092bef): refused moves — the pile named "de
    # descartes", "la carta q acabo de robar", "me quedo el …", "boto", "brazos", "원점",
    # "leftmost i guess"
    ("maze-draw", "cojo la de la pila de descartes", "DRAW PILE"),
    ("maze-discard", "fuera la carta q acabo de robar", "DISCARD 5BS"),
    ("maze-late", "me quedo el 3 rojo de brazos y descarto el 2 rojo de lunas", "PILE 2RM"),
    ("maze-late", "tomo la carta de descarte y suelto el 5 rojo de soles", "PILE 5RS"),
    ("n-in-a-row-first", "원점에 둘게", "X 0,0"),
    ("solonyo-blind", "leftmost i guess", "PICK 1"),
    # heldout45 to heldout48 (measured once at 7d2681a): the pile card taken and thrown back
    # (twice DRAW PILE), the whole hand discarded with "entera" (once a piece's move), and
    # refused moves — a typing slip, "la del centro", "la q acabo de robar"
    ("maze-draw", "agarro el 5YM y lo vuelvo a tirar jaja", "PILE 5YM"),
    ("maze-late", "tomo el 3RA y lo vuelvo a tirar", "PILE 3RA"),
    ("maze-late", "take the 3RA and throw it back", "PILE 3RA"),
    ("card-chess-ace", "descarto la mano entera y robo 5", "EXCHANGE"),
    ("card-chess-ace", "discard my hand and draw 5", "EXCHANGE"),
    ("card-chess-ace", "exchage, this hand is trash", "EXCHANGE"),
    ("solonyo-late", "dame la del centro xfa", "PICK 2"),
    ("maze-discard", "descarta la q acabo de robar", "DISCARD 5BS"),
    # heldout49 to heldout52 (measured once at f1c1667): a point past one's own mark named by
    # its letter (once O 0,2, beside the last move), a second thought that changes the facing
    # with the column (once face up), and refused moves — "worth the most", "la q vale mas",
    # "젤 센걸로"
    ("n-in-a-row-o", "put mine right on top of my other O", "O 1,1"),
    ("masul-late", "el 5♣ a la col 7... no, mejor boca abajo en la 2", "5♣ C2 FD"),
    ("solonyo-shown", "pick whichever is worth the most", "PICK 3"),
    ("solonyo-shown", "la q vale mas", "PICK 3"),
    ("solonyo-shown", "젤 센걸로", "PICK 3"),
    # heldout53 to heldout56 (measured once at b2acff1): the pile refused in more words (once
    # DRAW PILE), the pile as "el pozo" (once DRAW DECK), a point and where it lies said after
    # it (once counted), and refused moves
    ("maze-late", "nothing i want on the pile, gonna draw off the deck", "DRAW DECK"),
    ("maze-late", "robo la del pozo", "DRAW PILE"),
    ("n-in-a-row-x", "x en -1,0 a la izq de mi x", "X -1,0"),
    ("maze-draw", "tomo la del pozo y la vuelvo a tirar", "PILE 5YM"),
    ("maze-late", "del pozo y tiro el 5RC", "PILE 5RC"),
    ("trumps-follow", "me llevo las 5 y listo", "TAKE"),
    ("trumps-follow", "그냥 5장 가져갈래요", "TAKE"),
    # heldout57 to heldout60 (measured once at 807ab68): the discard left for later in Korean
    # (once PILE 3RA), a shrug after a move (once counted), and refused moves
    ("maze-late", "버린 더미 맨 위 3RA 가져와 버릴건 보고 정할게", "DRAW PILE"),
    ("trumps-lead", "lead A♦ why not", "LEAD A♦"),
    ("maze-draw", "pillo el 5YM y lo vuelvo a tirar jaja", "PILE 5YM"),
    ("maze-late", "위에 있는거 가져가고 4BM 버려", "PILE 4BM"),
    ("maze-late", "descarte: cojo el de arriba y tiro el 2 rojo lunas", "PILE 2RM"),
    ("card-chess-capture", "패 싹 다 바꾸기 (익스체인지)", "EXCHANGE"),
    ("card-chess-ace", "el as de picas vuelve atras a BC5", "BK4-BC5"),
    # heldout61 to heldout64 (measured once at 45b513a): a second thought after "hmm no" (once
    # the first square played)
    ("card-chess-ace", "ace to m3, hmm no, straight ahead to m4", "BK4-M4"),
    # heldout65 to heldout68 (measured once at 4e768a2): the other side's card named "oculta"
    # (once played face down) and a second thought on the facing alone after "nah wait" (once
    # face down)
    ("masul-challenge", "destapo su carta oculta de la col 2 con el 5 de picas", "5♠ C2"),
    ("masul-start", "9c in c3 face down. nah wait, face up", "9♣ C3"),
    # heldout73 to heldout76 (measured once at 9e6306e): "card 3" before a colour is a card's
    # number (once PILE 3BM, the hand's third card)
    ("maze-late", "pile card (3 red arms) in, ditch the 5RS", "PILE 5RS"),
    # heldout77 to heldout80 (measured once at c2d7686, stop 35's last reader): the hand traded as
    # "swap all 5" (once a piece's move), "tapadita" (once face up), and refused moves: a place
    # said again after "no wait" with the facing, a verb of three words kept, Korean columns as
    # 컬럼 and with a Sino-Korean number, a suit with 로, a reason after "!", a card played said
    # after the place, the strongest card, the Spanish "a" before a blocked mark, "q vale", a
    # guess after the move
    ("card-chess-ace", "this hand is trash, swap all 5", "EXCHANGE"),
    ("masul-late", "J♥ a la 7 tapadita 🤫", "J♥ C7 FD"),
    ("masul-challenge", "J♥ in 3 i guess.. no wait, col 7 face down actually", "J♥ C7 FD"),
    ("masul-challenge",
     "put the five of spades in 6 face down.. no wait column 7. yeah 7, facedown", "5♠ C7 FD"),
    ("maze-discard", "get rid of the 3 yellow moons, no wait, the 5 red moons", "DISCARD 5RM"),
    ("masul-start", "다이아잭 7번컬럼 ㄱㄱ 필드가 다이아니까", "J♦ C7"),
    ("masul-late", "하트 8 칠번열 앞면으로 낼게요 ㅎㅎ", "8♥ C7"),
    ("trumps-choose", "내 트럼프는 스페이드로 할래", "TRUMP ♠"),
    ("masul-start", "J♦ 7열 앞면! 필드 X♦랑 무늬 맞으니까", "J♦ C7"),
    ("masul-late", "젤 센 카드 2열에 뒷면으로", "J♥ C2 FD"),
    ("n-in-a-row-x", "bloqueo a O por abajo en 1,-1", "X 1,-1"),
    ("solonyo-shown", "la Q♥ q vale 11", "PICK 3"),
    ("solonyo-late", "#3 again lol, maybe its lucky", "PICK 3"),
    # heldout81 to heldout84 (measured once at 36464bf): this pick after a Korean tale of the last
    # (once PICK 3), a facing word in a message of codes (once face up, answered in English), the
    # other side's facedown in a reason after the move (once face up; now asked back with both),
    # and refused moves: a declining clause first, "no gasto" no second thought, "11 beats" a
    # reason, a choice said after a laughing sentence, the pile as "the discard", "largo", "la de
    # al medio", "두번째 거", a whole hand traded with a judged reason after it
    ("solonyo-late", "아까 3번 골라서 비겼으니까 이번엔 첫번째", "PICK 1"),
    ("masul-start", "9♣ c2 bocabajo", "9♣ C2 FD"),
    ("trumps-follow", "nah not wasting my hearts on that, just pick up", "TAKE"),
    ("trumps-follow", "recojo las 5, no gasto mis corazones", "TAKE"),
    ("solonyo-shown", "take the queen, 11 beats a 2 easy", "PICK 3"),
    ("solonyo-shown", "lol anything beats a 2. ill go with the first one", "PICK 1"),
    ("maze-late", "pick up the discard", "DRAW PILE"),
    ("maze-draw", "levanto del descarte y largo el 1 rojo de soles", "PILE 1RS"),
    ("solonyo-late", "mmm la de al medio", "PICK 2"),
    ("solonyo-shown", "두번째 거 골라요", "PICK 2"),
    ("solonyo-shown", "젤 높은 카드 골라", "PICK 3"),
    ("card-chess-ace", "exchange my hand, these red cards are useless to me", "EXCHANGE"),
    # heldout85 to heldout88 (measured once at 9ee6c42): a pile card put "right back" (once DRAW
    # PILE), and refused moves: "잭하트 2열", the pile taken then a card thrown in Korean, a reason
    # after a Korean bid, a mark named as where the point lies, a place said again with a comma,
    # "받을게요", a declining clause after "meh", "11 > 10" a reason
    ("maze-draw", "take the 5ym off the pile and put it right back lol", "PILE 5YM"),
    ("masul-late", "잭하트 2열 오픈", "J♥ C2"),
    ("maze-draw", "버림패 줍고 노랑 해 2 버려", "PILE 2YS"),
    ("maze-late", "버린카드 받고 5RC 버려", "PILE 5RC"),
    ("masul-start", "하트킹 5열에 오픈으로 낼게 필드가 10하트라", "K♥ C5"),
    ("masul-late", "J♥ 5열이요 상대 J♦ 있는데", "J♥ C5"),
    ("n-in-a-row-x", "O 밑에 1,-1로 막을래", "X 1,-1"),
    ("masul-late", "5 of spades on c5 no wait c2, face down", "5♠ C2 FD"),
    ("trumps-follow", "걍 받을게요 5장", "TAKE"),
    ("trumps-follow", "meh not wasting my big hearts on that, i'll just pick them up", "TAKE"),
    ("solonyo-shown", "hmm the 10... no wait the queen of hearts, 11 > 10", "PICK 3"),
    # heldout89 to heldout92 (measured once at 428271a): the discard put off (once PILE 3RA, the
    # pile card thrown straight back), a Spanish clause after a point (once counted), the other
    # side's mark named with a word before it (once counted as placing an O), and refused moves:
    # reasons after a Korean bid or "..", a shrug in Korean, "아 잠깐" a second thought, "so my",
    # "same suit as", ", total"
    ("maze-late", "i'll take the 3 red arms on top of the discard, decide what to drop after",
     "DRAW PILE"),
    ("maze-late", "take 3RA from the pile, i'll decide what to throw after", "DRAW PILE"),
    ("n-in-a-row-x", "X 0,2 y hago la fila de 3", "X 0,2"),
    ("n-in-a-row-x", "2,0 right of their bottom O", "X 2,0"),
    ("masul-late", "하트잭 5열 앞면으로 낼께요 상대 다이아잭 이기려고", "J♥ C5"),
    ("masul-challenge", "스페이드5 3열에 앞면으로.. 필드가 스페이드니까 저 킹 이김", "5♠ C3"),
    ("solonyo-late", "3번... 아 아까 3번 비겼으니까 1번으로", "PICK 1"),
    ("solonyo-blind", "음 모르겠다 그냥 마지막 거", "PICK 3"),
    ("maze-discard", "1RS 버려... 아 잠깐 그건 코너랑 연결되는거네 3YS 버려", "DISCARD 3YS"),
    ("masul-challenge", "4c onto the field in column 4 so my Q♣ up top matches suit", "4♣ FC4"),
    ("masul-challenge", "ace of diamonds col 6 face up 💎 same suit as the field", "A♦ C6"),
    ("masul-late",
     "desafio la tapada de la col 2 con el 2 de treboles, total el campo ahora es trebol",
     "2♣ C2"),
    # heldout93 to heldout96 (measured once at 60a5893): the counted line, a point said past the
    # other side's marks with "mine" as the mark placed …
    ("n-in-a-row-o", "put mine under their two x's", "O 0,-1"),
    # … and moves refused: a reason after a dash, "see if …", "to flip …", "thats 3 stacked",
    # "to stack my column to 3", a Korean reason after the move (… 필드라 …, … 필드가 … 이라),
    # what is kept or not done (하트는 아껴두고, 안 이길거임), a judging reason before the order
    # (…쓸데없으니까 … 버려), "voy con la segunda", the move word alone as a first sentence
    ("masul-challenge", "8h across from their J♦ — my heart wins on the 10 of hearts field",
     "8♥ C5"),
    ("trumps-lead", "lead A♦ see if they burn a spade on it", "LEAD A♦"),
    ("masul-late", "5♣ face up in col 2 to flip their hidden one, field there is clubs now",
     "5♣ C2"),
    ("n-in-a-row-mid", "X at -2,4, thats 3 stacked", "X -2,4"),
    ("n-in-a-row-mid", "-2,4 to stack my column to 3", "X -2,4"),
    ("masul-challenge", "하트잭 c5에 낼게 10♥ 필드라 하트가 이김", "J♥ C5"),
    ("masul-challenge", "에이스 다이아 7열 앞면으로 놓을게요 필드가 다이아 10이라", "A♦ C7"),
    ("trumps-follow", "걍 5장 가져갈래 하트는 아껴두고", "TAKE"),
    ("trumps-follow", "그냥 가져갈래 안 이길거임", "TAKE"),
    ("masul-challenge", "클럽2는 쓸데없으니까 7열에 뒷면으로 버려", "2♣ C7 FD"),
    ("solonyo-late", "voy con la segunda xq la tercera ya no me dio suerte", "PICK 2"),
    ("card-chess-ace", "exchange. 3 red cards in my hand are useless", "EXCHANGE"),
    # heldout97 to heldout100 (measured once at 86cba1f): the misread, a place corrected after a
    # facing said first (the facing kept) …
    ("masul-start", "queen of spades face down first column. no wait, third column, theres a "
     "spade on the field there", "Q♠ C3 FD"),
    # … and moves refused: a card corrected with where it goes, what is not done first (in
    # Spanish and Korean)
    ("trumps-follow", "beat w/ K♥ then A♦ on top. wait no, J♦ on top", "BEAT K♥ J♦"),
    ("trumps-follow", "no le gano, me llevo las cartas", "TAKE"),
    ("trumps-follow", "안 잡고 걍 가져갈래 5장", "TAKE"),
    # heldout101 to heldout104 (measured once at 74041f0): the counted line, a point with its
    # aim said as a length "in a column" …
    ("n-in-a-row-mid", "x at -2,4 to get 3 in a column", "X -2,4"),
    ("n-in-a-row-mid", "-2,4 to get 3 in a column", "X -2,4"),
    # … and moves refused: Korean reasons after the order (붙어보자, 작은거부터, 이겨야지), "de una"
    # with a reason after it
    ("masul-late", "j♥ 5열 앞면으로 낼게요 상대 j♦랑 붙어보자", "J♥ C5"),
    ("masul-late", "하트잭 5열에 내요 상대 다이아잭이랑 붙어보자", "J♥ C5"),
    ("trumps-lead", "클로버 7 먼저 낼께 작은거부터", "LEAD 7♣"),
    ("trumps-lead", "클로버7 먼저 내볼게 낮은거부터 털자", "LEAD 7♣"),
    ("masul-late", "하트 잭 5열에 올려요 상대 J♦ 이겨야지", "J♥ C5"),
    ("trumps-lead", "el as de corazones de una, q se note", "LEAD A♥"),
    # heldout105 to heldout108 (measured once at 30bd23b): two misreads, a facing said after
    # "pero" with a challenge denied after it (played face up) and the pile card taken "pa mi"
    # before the discard (played DRAW PILE) …
    ("masul-late", "j de corazones en la 2 pero boca abajo, no desafio todavia", "J♥ C2 FD"),
    ("maze-late", "3RA pa mi, descarto 2RM", "PILE 2RM"),
    ("maze-late", "3RA, discard 2RM", "PILE 2RM"),
    # … and moves refused: "me la llevo", a reason after "q no", a Korean slip (번쨰)
    ("trumps-follow", "me la llevo, no gasto triunfos", "TAKE"),
    ("trumps-lead", "saco el 7♥ q no me sirve de mucho", "LEAD 7♥"),
    ("solonyo-blind", "두번쨰 카드 고를게요", "PICK 2"),
    # heldout109 to heldout112 (measured once at caca3a4): a Korean face-up play said "오픈해서"
    # with the other side's "fd" met after it (played face down)
    ("masul-late", "하트J 2열에 오픈해서 상대 fd랑 붙자", "J♥ C2"),
    # heldout113 to heldout116 (measured once at f041f3b): a Korean face-down play said "덮어서
    # 놔줘" (once played face up) and its kin, a face-up one said "앞면으로 깔게요" (깔다, lay: no
    # challenge), a card's colour said with its rank, a second thought that says the place again
    # after "put it" (and after the other side's card the play was aimed at), a reason after a
    # comma that tells what a card gave, a coordinate with what it makes said after it
    ("masul-late", "8♥ 7열에 덮어서 놔줘", "8♥ C7 FD"),
    ("masul-late", "8♥ 7열에 비공개로", "8♥ C7 FD"),
    ("masul-start", "하트킹 2열 앞면으로 깔게요", "K♥ C2"),
    ("masul-start", "red king in column 2 pls, face up, matches the 7 of hearts", "K♥ C2"),
    ("masul-start", "black king c2", "K♠ C2"),
    ("masul-late", "8h col 3 vs their king... nah wait put it on 5 instead, suit beats rank there",
     "8♥ C5"),
    ("masul-challenge",
     "jack of hearts vs their K♥ in col 3.. no wait, put it in 7 instead, face down", "J♥ C7 FD"),
    ("solonyo-blind", "가운데꺼 골라줘", "PICK 2"),
    ("solonyo-late", "la 1, xq la 3 ya me dio empate", "PICK 1"),
    ("n-in-a-row-mid", "-2,1 makes 3 straight down", "X -2,1"),
    # heldout117 to heldout120 (measured once at 9cf3101): a Korean pile card not needed, then
    # the deck (once DRAW PILE); a reason after a hyphen set apart or after a Korean facing, a
    # Korean pick-up, a Spanish colour and a slip in a suit, "go w", a bid then a remark
    ("maze-late", "더미 3RA는 필요없고 걍 덱", "DRAW DECK"),
    ("masul-late", "J♥ col 5 - hearts field so it beats their J♦", "J♥ C5"),
    ("masul-late", "J♥ 2열에 앞면으로 필드가 이제 클로버라 좀 애매하긴 한데", "J♥ C2"),
    ("trumps-follow", "그냥 5장 주워갈게ㅠ", "TAKE"),
    ("masul-start", "el rey rojo en la columna 2 boca arriba, el campo ahi es de corazones",
     "K♥ C2"),
    ("trumps-lead", "saco la jota de diamentes", "LEAD J♦"),
    ("solonyo-shown", "ill go w the black one, save the good ones lol", "PICK 2"),
    ("maze-late", "새 카드 덱에서 뽑자 더미엔 쓸만한게 없네", "DRAW DECK"),
    # heldout121 to heldout124 (measured once at 8e6d003): a second thought that names the deck
    # (once DRAW PILE), the other side's face-down card met with a card said between (once
    # played face down), a choice by the lowest with laughter after, a deck card said with
    # "새로", a Sino ordinal column, a Spanish reason after "q coincide", a card too good to give
    # then another discarded
    ("maze-late", "pile's 3 red arms... nah, blind draw from the deck", "DRAW DECK"),
    ("masul-challenge", "2열 뒷면카드 하트J로 챌린지ㄱㄱ", "J♥ C2"),
    ("maze-late", "덱에서 한장 새로", "DRAW DECK"),
    ("masul-start", "J♦ 칠번째 열에 낼게요 거기 필드 다이아라서", "J♦ C7"),
    ("masul-start", "jota de diamantes a la col 7 q coincide con el palo del 10♦", "J♦ C7"),
    ("maze-discard", "1RS는 아깝고.. 5RM 버려", "DISCARD 5RM"),
    # heldout125 to heldout128 (measured once at 0d1bdbf): a count said in words before a lone
    # number (once X 3,-2: two numbers said apart are no point)
    ("n-in-a-row-mid", "make it three — right on top of my two x's at -2", "X -2,4"),
    ("n-in-a-row-mid", "completo tres en la columna -2 por arriba", "X -2,4"),
    ("n-in-a-row-mid", "-2 4", "X -2,4"),
    ("solonyo-late", "otra vez la 3", "PICK 3"),
    # heldout129 to heldout132 (measured once at f22d33e): a shrug between two choices ends the
    # doubt (once PICK 3); a place said where it lies against another (once counted)
    ("solonyo-late", "음.. 2번? 아니 3번.. 아 몰라 그냥 2번", "PICK 2"),
    ("solonyo-late", "3번.. 아 몰라 2번", "PICK 2"),
    ("solonyo-late", "la 2? no la 3.. bah da igual la 2", "PICK 2"),
    ("solonyo-late", "3.. idk just 2", "PICK 2"),
    ("n-in-a-row-mid", "x en 0,1 encima de la del 0,0", "X 0,1"),
    ("n-in-a-row-mid", "x at 0,1 right above the one at 0,0", "X 0,1"),
    ("n-in-a-row-mid", "x en 0,1 al lado de 0,0", "X 0,1"),
    # heldout133 to heldout136 (measured once at b7fbc0a): a second thought that says only the
    # facing or only the place, or only one clause again; a card of the board named beside the
    # one played (its column); a Field Card replaced in Korean; a move after a number it makes
    ("masul-late", "5 of spades c7 fd.. wait no, face up actually", "5♠ C7"),
    ("masul-late", "8h c2 face up.. no wait, face down", "8♥ C2 FD"),
    ("masul-late", "hmm 8h on col5... no wait, col 7, face up", "8♥ C7"),
    ("maze-late", "take 3RA and dump 1YA... actually no dump 5RC instead", "PILE 5RC"),
    ("masul-start",
     "jack of diamonds under the 7♦ field card, face up. diamonds match so it should hold",
     "J♦ C6"),
    ("masul-start", "ok lets go queen of spades in col 4 (the 4♠ one) face up obv", "Q♠ C4"),
    ("masul-challenge", "jh vs their jd in col5", "J♥ C5"),
    ("masul-late", "필드 4♠을 클로버4로 바꿔주세요", "4♣ FC4"),
    ("masul-late", "필드 4♠ 클로버4로 교체", "4♣ FC4"),
    ("card-chess-capture", "bc4 클로버2 한칸 앞으로", "BC4-BK4"),
    ("card-chess-capture", "bc4 2 of clubs one forward", "BC4-BK4"),
    ("trumps-follow", "A♥로 퀸 때리고 그 위에 J♦", "BEAT A♥ J♦"),
    ("trumps-follow", "에이스하트로 퀸 잡고 위에 다이아K", "BEAT A♥ K♦"),
    ("trumps-follow", "beat with A♥ queen then J♦", "BEAT A♥ J♦"),
    ("trumps-lead", "start w my lower spade, the ten", "LEAD 10♠"),
    ("n-in-a-row-mid", "-2,1 -> that's 3 for me", "X -2,1"),
    ("n-in-a-row-mid", "pongo en -2,1 y tengo 3", "X -2,1"),
    ("n-in-a-row-mid", "bloqueo debajo de sus dos o, -1,0", "X -1,0"),
    ("solonyo-late", "la segunda... si, la segunda", "PICK 2"),
    ("maze-late", "robo del monton de descarte", "DRAW PILE"),
    ("maze-late", "robo de la pila de descartes", "DRAW PILE"),
    # heldout137 to heldout140 (measured once at 98c6e9f): the card said, then only where it
    # goes; "nah la segunda"; a suit cut short in Korean ("2클", "4클로"); the last column in
    # Korean; the pile as 파일; "dump" a card described; a reason said by the Field Card's suit
    # or by the card across; a choice by place with a laugh (asked back, below)
    ("masul-late", "8 de corazones... no espera, mejor boca abajo, en la 2", "8♥ C2 FD"),
    ("solonyo-late", "la segunda... o la primera? nah la segunda", "PICK 2"),
    ("masul-late", "2클 7열에 앞면으로.. 아 아니 뒷면으로 할래", "2♣ C7 FD"),
    ("masul-late", "4클로 4열 필드 스페이드4 교체해주세요", "4♣ FC4"),
    ("masul-start", "다이아 잭 맨 오른쪽 칸에 앞면으로 놓을게요 필드가 다이아라", "J♦ C7"),
    ("masul-start", "맨 왼쪽에 클로버7 뒷면으로", "7♣ C1 FD"),
    ("maze-draw", "파일에서 집고 5RM 버려", "PILE 5RM"),
    ("maze-draw", "파일 카드 집고 빨강 달 5 버려줘", "PILE 5RM"),
    ("maze-late", "pile, and dump the blue 4 moons", "PILE 4BM"),
    ("maze-late", "take the pile and dump the blue 4 moons", "PILE 4BM"),
    ("masul-late", "클로버5 3열에 앞면요 상대 하트킹 있는 데", "5♣ C3"),
    ("masul-challenge",
     "putting the 5 of spades against their king in col 3, field is spades so suit beats rank",
     "5♠ C3"),
    ("trumps-choose", "mm no se... treboles. si, treboles", "TRUMP ♣"),
    # heldout141 to heldout144 (measured once at 5dc041d): the up-right diagonal of one's mark
    # (once O 1,1), a mark named beside the point given, the edge picks, a wish after a pick, a
    # beat refused before the take
    ("n-in-a-row-o", "내 O 오른쪽 위 대각선으로", "O 2,1"),
    ("n-in-a-row-o", "up and right of my O", "O 2,1"),
    ("n-in-a-row-x", "1,-1로 O 밑에 막아", "X 1,-1"),
    ("solonyo-late", "going rightmost this time", "PICK 3"),
    ("solonyo-late", "두번째거요 제발 높은거 나와라🙏", "PICK 2"),
    ("trumps-follow", "no la mato, recojo las 5", "TAKE"),
    ("masul-late", "put the 2 of clubs face down in the 2nd column.. no wait, the 7th", "2♣ C7 FD"),
    ("n-in-a-row-x", "block them at 1,2 no wait, 0,-1 gets me 3 too", "X 0,-1"),
    ("n-in-a-row-x", "0,2 놓으면 3개니까 거기 둘게", "X 0,2"),
    ("n-in-a-row-x", "내 X 위에 하나 더 0,2", "X 0,2"),
    # heldout145 to heldout148 (measured once at 0d2e8e3): the other row's face-down card
    # challenged, its "face down" said of their card (twice played face down); a pile card taken
    # and thrown back, named twice (once DRAW PILE); an ace as its letter; the last pick again
    ("masul-challenge", "le destapo la carta boca abajo con el as de diamantes, col 2", "A♦ C2"),
    ("masul-challenge", "상대 2열에 엎어놓은거 하트8로 챌린지ㄱㄱ", "8♥ C2"),
    ("maze-late", "3RA 가져갔다가 그대로 다시 3RA 버릴게", "PILE 3RA"),
    ("maze-late", "take the 3RA then discard 3RA", "PILE 3RA"),
    ("trumps-lead", "A de corazones pa empezar", "LEAD A♥"),
    ("solonyo-late", "same spot as last time", "PICK 3"),
    ("solonyo-late", "저번이랑 같은 자리로", "PICK 3"),
    # heldout149 to heldout152 (measured once at 23c7558): second thoughts that change the rank
    # alone, a code without a card, a code said again by its word, "hmm no"; a taken card then
    # what is thrown; a rank's letter in lower case before a Korean suit; "유지"; a check earned
    ("masul-start", "9 of clubs c1 face down, no wait make it the 8", "8♣ C1 FD"),
    ("card-chess-capture", "el as vuelve a m4... no, a m3 mejor", "RK4-M3"),
    ("masul-late", "스페이드5 c5에.. 아 아니다 7열에 뒷면으로", "5♠ C7 FD"),
    ("n-in-a-row-mid", "x -3,1 hmm no, -2,1 to make three", "X -2,1"),
    ("maze-late", "3RA 주워서 빨강 해 5 버린다", "PILE 5RS"),
    ("card-chess-capture", "a스페이드 rk3으로", "RK4-RK3"),
    ("card-chess-step", "그냥 유지할게", "KEEP"),
    ("card-chess-capture", "에이스 RC4로 들어가 체크 하나 먹고", "RK4-RC4"),
    ("solonyo-shown", "제일 낮은거... 아니 그냥 10으로", "PICK 1"),
    ("solonyo-late", "tercera otra vez, a ver si ahora si", "PICK 3"),
    ("solonyo-shown", "10짜리로 할게", "PICK 1"),  # tracked parts' lines, refused until now
    ("solonyo-shown", "1번 10하트로", "PICK 1"),
    # heldout153 to heldout156 (measured once at 72fecea): "tiene tapada" said of their card in
    # the reason (once played face down); a judgement, then "so" and the order; a Korean reason
    # after the move ("…이니까ㅇㅇ"); a place without a number said again with one; a bracketed
    # aside; the other mark's line blocked; a suit's field after a dash; "la 1, dale"
    ("masul-late", "jota de corazones a la c2 xq quiero ver q carta tiene tapada", "J♥ C2"),
    ("masul-start", "6h is my worst card so hide it.. face down in col 7", "6♥ C7 FD"),
    ("masul-start", "다이아잭 7열 앞면 필드가 다이아10이니까ㅇㅇ", "J♦ C7"),
    ("masul-late", "클로버4 필드에.. 아니다 7열에 뒷면으로 숨길래", "4♣ C7 FD"),
    ("maze-late", "버림더미 3RA 가져올게 (뭐 버릴지는 보고)", "DRAW PILE"),
    ("n-in-a-row-o", "x 줄 아래 0,-1 막기", "O 0,-1"),
    ("masul-late", "5♠ col3 — spade field so it beats their king", "5♠ C3"),
    ("solonyo-late", "la 1, dale", "PICK 1"),
    # heldout157 to heldout160 (measured once at 3899116): a second thought after "bueno no"
    # (once played the first column); the Field Card named in the reason (three refused); a
    # bare number after a card; the suit said first; "x el" for "por el"; a card turned down
    # first; "ㄱㄱ" then a remark; the line a point makes, said after it; "my lowest"
    ("masul-start", "rey de corazones a la col 5... bueno no, a la 2 mejor, boca arriba", "K♥ C2"),
    ("masul-start", "heart king col 5, face up obv since the field there is X♥", "K♥ C5"),
    ("masul-late", "eight of hearts into c5 to match the 10 of hearts up there", "8♥ C5"),
    ("masul-late", "J♥ vs their jack in c5, field's the 10 of hearts so mine wins on suit",
     "J♥ C5"),
    ("masul-late", "하트J 5번에 앞면 ㅋㅋ 필드가 하트라서", "J♥ C5"),
    ("masul-late", "4 de treboles x el 4♠ del campo en c4", "4♣ FC4"),
    ("maze-draw", "nah dont want the 5 yellow moons, draw from deck", "DRAW DECK"),
    ("maze-late", "덱에서 한장 ㄱㄱ 더미는 쓸모없음", "DRAW DECK"),
    ("n-in-a-row-mid", "-2,4 에 놓을게요 세로 3줄", "X -2,4"),
    ("n-in-a-row-x", "0,2 놓고 3줄 만들기", "X 0,2"),
    ("n-in-a-row-x", "0,2 놓으면 3개다", "X 0,2"),
    ("card-chess-step", "reemplazala con la mas baja q tengo", "REPLACE 2♣"),
    ("card-chess-step", "replace it with my lowest", "REPLACE 2♣"),
    # heldout161 to heldout164 (measured once at 5f28ec6): the pile card taken and thrown again
    # in Spanish (once played DRAW PILE); "x en … q me da 3" (once counted); a second clause with
    # a second card before "so"; a rank's letter against a Korean suit; a correction naming only
    # its card; a Field Card's suit "a club"; "the field 7 in column 3"; a Korean reason "이기게"
    ("maze-late", "coger la de arriba del descarte y tirarla otra vez", "PILE 3RA"),
    ("n-in-a-row-mid", "x en -2,1 q me da 3 en vertical", "X -2,1"),
    ("trumps-follow", "A♥ beats it, then put my K♥ on top so they gotta deal w it", "BEAT A♥ K♥"),
    ("trumps-follow", "A♥로 받고 스페이드K 얹어", "BEAT A♥ K♠"),
    ("trumps-follow",
     "le gano con K♥ y pongo el as de diamantes... no espera, mejor la jota de diamantes encima",
     "BEAT K♥ J♦"),
    ("masul-late", "4♣ on c2... no wait, 5♣ in column 2 face up, field's a club now", "5♣ C2"),
    ("masul-start", "swap the field 7 in column 3 for my 7 of clubs", "7♣ FC3"),
    ("masul-late", "8하트 5열에 앞면으로 둘게요 상대 다이아잭 이기게", "8♥ C5"),
    # heldout165 to heldout168 (measured once at d1744fa): a Spanish move whose only Spanish
    # word is its verb (once answered in English); a Korean order then a judgement; "…야겠다"
    # an intention, no remark; what follows "그러면", after the order
    ("card-chess-capture", "as retrocede a M3", "RK4-M3"),
    ("maze-discard", "방금 뽑은 5BS 그냥 버려 쓸모없음", "DISCARD 5BS"),
    ("n-in-a-row-x", "1,2 막아야겠다", "X 1,2"),
    ("masul-late", "클럽4로 4열 필드 바꿀게 그러면 내 Q♣ 무조건 이김", "4♣ FC4"),
]  # fmt: skip


@pytest.mark.parametrize(("position", "text", "meant"), BLIND_MOVES)
def test_a_blind_rounds_move_is_played_as_meant(service, position, text, meant):
    """BLIND_MOVES: a move line of a blind round (misread once, or kept as read) and the move its
    writer meant; the message is played as exactly that move. A new blind round's moves add rows
    here."""
    answer = say_at(service, position, text)
    assert answer["intent"] == "move" and answer.get("move") == meant, answer


BLIND_NEVER_PLAYED = [
    # heldout15's two misreads: an advice question whose "reason" cut left a main clause that
    # names no move (its doubt is the whole's) …
    ("trumps-follow", "ok so they put the Q♥ on me and i have K♥ and A♥... should i beat it "
     "or just pick up, idk whats smarter here"),
    # … and a Korean remark on the other side's 2 (a number with 네, and 개꿀, "sweet")
    ("solonyo-shown", "오 상대 2네 개꿀ㅋㅋ"),
    # heldout17's misread (whose turn and a count asked, with no "?", played DRAW DECK): a count
    # or whose turn asked anywhere is never a move
    ("maze-late", "a quien le toca y cuantas cartas quedan en el mazo"),
    # heldout18's counted line (a refused move with "y ya tengo 3", a second clause after "and"):
    # a clause after "and" with a subject or "ya" is more than a move, never counted
    ("n-in-a-row-x", "X en 0,-1 y ya tengo 3"),
    # heldout19's other misread (a sigh about a tie, "que mala suerte", played PICK 2): a remark
    ("solonyo-late", "otro empate de 2 contra 2, que mala suerte tio"),
    # heldout19/20: a sigh that names a card: a remark (a NEVER_PLAYED row too)
    ("maze-discard", "ugh blue suns, useless"),
    # heldout23: a Korean remark on one's own hand ("손패 … 구리다ㅋㅋㅋ", my hand sucks lol),
    # once answered with the board: chat
    ("masul-challenge", "아 손패 진짜 구리다ㅋㅋㅋ"),
    # heldout25 to heldout28: a Korean remark on a revealed card ("개억울", so unfair: once played
    # KEEP); a point said beside a direction, where the point is empty (once played the point
    # past it: now both asked back); "the ace goes back to bc5" (a move asked back, no undo)
    ("card-chess-step", "와 8스페이드 튀어나온거 개억울 ㅋㅋ"),
    ("n-in-a-row-mid", "tapo abajo de sus O en -1,0"),
    ("n-in-a-row-x", "0,-1 아래로 늘려서 3목"),
    # heldout29 to heldout32: a card told of as dealt ("me regalaron el 6", once played LEAD 6♥),
    # a question of the log read by its "last" ("q salio la ultima vez", once PICK 3), a request
    # to print the board that names the deck (once DRAW DECK)
    ("trumps-lead", "jaja me regalaron el 6 de corazones"),
    ("solonyo-late", "q salio la ultima vez"),
    ("maze-late", "can u print the whole board, my hand + discard + deck"),
    # heldout37 to heldout40: a card judged as its subject ("ese 5BS no me sirve", once played
    # DISCARD 5BS) and advice asked after a "?" ("reemplazo o no? q me aconsejas", once KEEP)
    ("maze-discard", "uf ese 5BS no me sirve pa nada"),
    ("card-chess-step", "reemplazo o no? q me aconsejas"),
    # heldout41 to heldout44: a Korean remark on a card that came ("오 하트 에이스 왔다 ㅎㅎ", once
    # LEAD A♥) and a Spanish ask to see one's cards and the pile (once DRAW PILE)
    ("trumps-lead", "오 하트 에이스 왔다 ㅎㅎ"),
    ("maze-late", "a ver mis cartas y lo q hay en la pila"),
    # heldout45 to heldout48: a laughing remark on a card one does not hold (once counted) and a
    # Korean ask for the hand and the pile with no verb (once DRAW PILE)
    ("solonyo-shown", "2 of clubs lmaooo free points"),
    ("maze-draw", "손패랑 버린더미 현황 좀"),
    # heldout49 to heldout52: one's hand and the pile asked to be seen (once DRAW PILE: the
    # fifth time, in new words) and what one captured, asked (once KEEP)
    ("maze-late", "quiero ver mi mano y la pila"),
    ("card-chess-step", "q capture? no me entere"),
    # heldout53 to heldout56: the pile card taken and thrown back with no card named (once DRAW
    # PILE; now asked back with both readings), a count before a supposition (never a take)
    ("maze-draw", "더미 카드 가져와서 그대로 다시 버려 ㅋㅋ"),
    ("trumps-follow", "5장 먹으면 답없네 걍 포기할게"),
    # heldout77 to heldout80: a card called useless (once DISCARD 5BS), a supposition asked with
    # "q pasa" (once Q♠ C7 FD), a tie remarked on with a sigh, disbelief then a sigh
    ("maze-discard", "5 blue suns, useless. story of my life"),
    ("masul-start", "si pongo una tapada y el otro tambien q pasa al final"),
    ("solonyo-late", "otro empate de 2 contra 2, que mala suerte tio"),
    ("solonyo-blind", "a queen?? cmon 😩"),
    # heldout84: "not quitting" at a replace-or-keep step (once KEEP); heldout83: the other side's
    # facedown named in a reason (once face up)
    ("card-chess-step", "jk not quitting, lets go on"),
    ("masul-late", "2 of clubs face down on column two, matching their facedown"),
    # heldout113: how much is left in the draw deck, asked in Korean (once DRAW DECK)
    ("maze-late", "드로우 덱 얼마나 남았음"),
    # stop 42, found while tuning on heldout153 to heldout156: a look at the pile asked for in
    # each language (each once played DRAW PILE)
    ("maze-draw", "take a look at the pile"),
    ("maze-draw", "dejame echar un vistazo a la pila"),
    ("maze-draw", "버림더미 좀 볼게"),
    ("maze-draw", "더미 한번 보자"),
]  # fmt: skip


@pytest.mark.parametrize(("position", "text"), BLIND_NEVER_PLAYED)
def test_a_blind_rounds_misread_or_remark_is_never_played(service, position, text):
    """BLIND_NEVER_PLAYED: a blind round's line that makes no move (a misread once played, or a
    line once counted as an illegal attempt) is never played nor counted. A new blind round's
    such lines add rows here."""
    answer = say_at(service, position, text)
    assert not answer.get("legal") and not counted(answer), answer


BLIND_REQUESTS = [
    # heldout7
    ("trumps-lead", "식스 교환 어떻게 된거야? 뭐 받았어?", "history", ""),  # no rules quote
    ("card-chess-ace", "whats under the ## on M3", "question", ""),  # the hidden-cards answer
    ("masul-challenge", "the X♥ in column 5 is that a 10 of hearts or what does X mean",
     "question", ""),
    ("solonyo-late", "volve atras mi ultima eleccion", "undo", ""),  # an undo with "my last"
    ("maze-late", "포기 안함 계속하자", "chat", ""),  # not giving up: nobody resigns
    ("card-chess-step", "지금 내가 뭐 해야되는 단계야?", "status", ""),
    ("trumps-lead", "con q salgo? tengo un monton de diamantes", "hint", ""),
    # heldout8
    ("maze-late", "deck or pile here?", "hint", ""),  # two moves offered: advice, no rules quote
    ("n-in-a-row-mid", "where do i go to get 3", "hint", ""),
    ("masul-start", "whats a good first card here? never played this before", "hint", ""),
    ("maze-late", "q puedo hacer ahora", "legal", ""),
    ("n-in-a-row-x", "juguemos otra de nuevo", "rematch", ""),
    # heldout9
    ("maze-discard", "아 5BS 왜 나오냐 ㅡㅡ", "chat", ""),  # no rules quote
    ("n-in-a-row-mid", "where do i need to go to get 3?", "hint", ""),
    ("maze-draw", "robo del mazo o agarro el 5YM? q me conviene", "hint", ""),
    ("maze-discard", "quiero devolver el 5BS y agarrar de la pila mejor", "undo", ""),
    ("solonyo-shown", "which one gets me the most points", "hint", ""),
    # heldout10
    ("masul-start", "no idea what to open with... which card would u play first?", "hint", ""),
    ("maze-late", "draw or take the 3 red arms? whats better", "hint", ""),
    ("maze-discard", "cual descarto? no entiendo nada", "hint", ""),
    ("trumps-lead", "con q carta salgo? ayudame", "hint", ""),
    ("n-in-a-row-o", "donde pongo para cortarle?", "hint", ""),
    ("solonyo-late", "q ronda vamos?", "status", ""),
    ("n-in-a-row-mid", "volve para atras una jugada", "undo", ""),
    # heldout11
    ("trumps-follow", "take or beat here? whats smarter", "hint", ""),
    ("card-chess-ace", "what's under the face down cards on the board", "question", ""),
    ("n-in-a-row-first", "tic tac toe but infinite?? ok lets see", "chat", ""),
    ("solonyo-late", "lets go again after this", "rematch", ""),
    ("card-chess-ace", "cuales son mis movidas posibles", "legal", ""),
    # heldout12: the count of the other side's hand got an unrelated rules sentence (the one
    # quote), the rest were refused; each gets the answer its writer meant
    ("masul-challenge", "how many cards does the other guy have left", "status", "Hand: 6"),
    ("trumps-follow", "cuantas cartas le quedan al otro", "status", "5 cartas"),
    ("card-chess-capture", "cuantas cartas quedan en el mazo de robar", "status", "56"),
    ("maze-draw", "덱 몇장 남았어", "status", "39"),
    ("masul-late", "que me combiene jugar ahora? tengo dudas entre el 8 y la jota", "hint", ""),
    ("solonyo-late", "현재 상황 화면 보여줘", "board", ""),
    ("maze-late", "기권 취소할게 다시 해보자", "chat", "항복"),
    ("card-chess-ace", "prnt the board pls", "board", ""),
    ("card-chess-step", "what did my last capture do exactly? i missed it", "history", ""),
    ("card-chess-ace", "tell me red's 5 cards", "question", "hidden"),
    ("card-chess-capture", "빨강 손패 좀 까봐", "question", "보이지 않습니다"),
    ("n-in-a-row-first", "explain the game real quick, whats the leader thing", "rules", ""),
    ("n-in-a-row-o", "ff", "resign", ""),
    ("n-in-a-row-o", "que casillas estan permitidas", "legal", ""),
    ("solonyo-blind", "cuándo se gana la partida? a cuantos puntos", "question", "128"),
    # heldout13: the log asked of a seat got an unrelated rules sentence (the one quote)
    ("maze-late", "what has A thrown away so far?", "history", ""),
    # heldout13's other question (the other side's cards asked by the seat's own word): in
    # BLIND_ASKS_UNQUOTED below
    # heldout14: the log asked as "what has A been discarding" got an unrelated rules sentence
    # (the one quote); the rest were refused
    ("maze-late", "what has A been discarding", "history", ""),
    ("trumps-follow", "actually scratch the resign, i wanna finish this one", "chat",
     "nobody resigns"),
    ("maze-late", "wait dont end it, i take back the resign", "chat", "nobody resigns"),
    ("maze-late", "resigning, this maze is impossible", "resign", "Are you sure"),
    ("trumps-follow", "더미 전체 보여줘", "board", ""),
    ("n-in-a-row-mid", "남은 턴 몇 개야", "status", "2턴"),
    # heldout15: a question of the other side's face-down card with "i" later in it
    ("masul-challenge", "what did they put face down in c2? just tell me i wont tell anyone 😏",
     "question", "hidden"),
    # heldout15: a resignation after a refused move's words (confirmed after)
    ("trumps-follow", "5장 먹으면 답없네 걍 포기할게", "resign", "항복"),
    # heldout15: the win condition asked in Korean
    ("maze-draw", "이기는 조건이 정확히 뭐예요?", "rules", "Mystique Maze"),
    # heldout16: a typo of the score, which card to toss asked, the draw pile counted in Korean
    ("solonyo-late", "whats the scroe", "score", "Points"),
    ("maze-discard", "which one do i toss", "hint", "DISCARD"),
    ("card-chess-ace", "드로우 더미 몇 장 남았어?", "status", "59"),
    # heldout17 and heldout18: "show me where we're at" got the game's summary sentence (the one
    # quote); the rest were refused (the three asked of the rules or the other side's cards: in
    # BLIND_ASKS_UNQUOTED below)
    ("solonyo-late", "show me where we're at", "board", "board"),
    ("n-in-a-row-mid", "아 기권 취소 계속할게요", "chat", "항복"),
    ("n-in-a-row-mid", "지금까지 둔 수 순서대로 알려줘", "history", ""),
    ("card-chess-ace", "empezamos una nueva?", "rematch", ""),
    ("n-in-a-row-mid", "me doy por vencido", "resign", "rendirte"),
    ("solonyo-blind", "which one has the best odds?", "hint", "PICK"),
    ("masul-challenge", "their K♥ just sitting there is kinda intimidating ngl 😅", "chat", ""),
    ("masul-start", "nice hand tbh 😎 two kings", "chat", ""),
    # heldout21 and heldout22 (measured once at 12e3e03: no misread, none counted, no quote;
    # English 93.3 in both): remarks about one's own hand, another game asked as "start over",
    # a count of the other side's hand asked with whose turn
    ("masul-start", "two kings in my opening hand 😎 feeling good about this one", "chat", ""),
    ("masul-start", "two kings in my opening hand, today's my day 😎", "chat", ""),
    ("maze-late", "start over with a new deal", "rematch", "new game"),
    ("trumps-follow", "whose move is it and how many cards is north holding", "status",
     "5 cards"),
    ("card-chess-step", "nice capture on bc2 if i say so myself 😏", "chat", ""),
    # heldout23 and heldout24 (measured once at 1907cc4): the two quotes (a question of the log,
    # advice asked as "where do i win") …
    ("card-chess-step", "what got captured just now", "history", ""),
    ("n-in-a-row-x", "where do i win", "hint", ""),
    # … and refused lines: the log asked in Spanish, the other side's face-down card asked to be
    # seen, a choice asked "which one", a Korean board, rematch and taken-back
    # resignation, remarks
    ("card-chess-step", "what got captured on bc2?", "history", ""),
    ("card-chess-step", "que acaba de pasar en BC2", "history", ""),
    ("solonyo-late", "que cartas salieron la ronda pasada", "history", ""),
    ("masul-late", "déjame ver la carta tapada del rival en la c2 porfa", "question", "ocultas"),
    ("solonyo-blind", "which one should i pick vs a queen", "hint", "PICK"),
    ("solonyo-blind", "상태 다시 보여줘", "board", ""),
    ("card-chess-capture", "다음 판 ㄱ", "rematch", ""),
    ("card-chess-step", "아 기권 철회 계속할게", "chat", "항복"),
    ("card-chess-capture", "que juego mas raro, me encanta", "chat", ""),
    ("trumps-choose", "ok lets goooo first time playing this russian thing", "chat", ""),
    ("n-in-a-row-mid", "redraw the grid", "board", ""),
    ("card-chess-step", "como funciona lo de reemplazar despues de capturar", "question", ""),
    # heldout17/18's "how does one win here", once refused ("juego", the game, read as "I
    # play"): the rule that says how one wins
    ("card-chess-step", "como se gana en este juego", "question", "jaque"),
    # heldout25 to heldout28: four legal-moves questions once answered with a rules sentence,
    # the other side's hand asked by its name or a suit, advice asked "any way to…" or "q
    # harias", the log asked "q ha pasado", the board asked "pon la mesa", an undo asked after a
    # misclick, Korean score, board, hint and legal-moves asks
    ("n-in-a-row-o", "what spots are legal rn", "legal", ""),
    ("n-in-a-row-first", "which squares are legal for me", "legal", ""),
    ("solonyo-blind", "is picking the only thing i can do here?", "legal", ""),
    ("trumps-follow", "what am i allowed to do with a Q♥ on top", "legal", ""),
    ("trumps-follow", "list what im allowed to do", "legal", ""),
    ("maze-late", "whats A holding besides the ones we know", "question", "hidden"),
    ("trumps-follow", "does north have any spades left?", "question", "hidden"),
    ("trumps-follow", "el norte tiene el as de picas?", "question", "ocultas"),
    ("trumps-follow", "북쪽 손에 하트 남았나", "question", ""),
    ("trumps-lead", "상대 손에 스페이드 몇장 있어?", "question", ""),
    ("n-in-a-row-mid", "any way to get 3 here? help", "hint", ""),
    ("card-chess-step", "reemplazo o me lo quedo? q harias tu", "hint", ""),
    ("trumps-lead", "뭐 먼저 내는게 유리해?", "hint", ""),
    ("trumps-follow", "q ha pasado hasta ahora?", "history", ""),
    ("solonyo-late", "pon la mesa otra vez", "board", ""),
    ("maze-discard", "show me my hand and the pile", "board", ""),
    ("solonyo-late", "현황 좀 띄워줄래?", "board", ""),
    ("masul-late", "ugh misclick, can i take that last one back", "undo", ""),
    ("masul-late", "지금 끝나면 누가 이기는거임?", "score", ""),
    ("solonyo-late", "나 몇점이야?", "score", ""),
    ("card-chess-ace", "합법적인 수 전부 보여줘", "legal", ""),
    ("trumps-follow", "cuantas cartas hay en el monton?", "status", ""),
    # heldout29 to heldout32: the seven quotes (questions of the position answered with a
    # rules sentence) and the other zero-bar lines' answers
    ("trumps-follow", "what am i even allowed to do here", "legal", ""),
    ("masul-challenge", "which moves do i actually have rn", "legal", ""),
    ("solonyo-late", "how far am i from 128", "score", ""),
    ("card-chess-capture", "how big is the draw pile now", "status", "Draw pile"),
    ("card-chess-ace", "how big is the draw pile rn", "status", "Draw pile"),
    ("masul-start", "ok first move... what's a decent opener here?", "hint", ""),
    ("trumps-follow", "what 5 cards is north sitting on?", "question", "hidden"),
    ("solonyo-late", "q salio la ultima vez", "history", ""),
    ("maze-late", "can u print the whole board, my hand + discard + deck", "board", ""),
    ("masul-start", "whats a good opener here? i got 2 kings and no clue where to put them", "hint",
     ""),
    ("solonyo-blind", "which one do u reckon i should grab", "hint", ""),
    # heldout33 to heldout36: the two quotes (an opening move asked, one's options asked "what
    # can i actually do") and refused requests — Spanish another game, the log's "q descarto A?"
    # beside "q descarto?" (what do I discard: advice), Korean board and score asks, options
    # asked with a card named, advice asked "whats best", "worth taking … or", "me conviene"
    ("trumps-lead", "whats a good first lead here", "hint", ""),
    ("solonyo-late", "what can i actually do here besides picking a card", "legal", ""),
    ("maze-draw", "what can i even do at this point", "legal", ""),
    ("n-in-a-row-x", "arrancamos una nueva?", "rematch", ""),
    ("card-chess-step", "empezamos de nuevo despues?", "rematch", ""),
    ("maze-late", "lets start a new maze game", "rematch", ""),
    ("n-in-a-row-mid", "tiro la toalla", "resign", ""),
    ("n-in-a-row-o", "판 좀", "board", ""),
    ("card-chess-capture", "보드 ㄱ", "board", ""),
    ("n-in-a-row-mid", "판 다시 그려줘", "board", ""),
    ("n-in-a-row-mid", "pasame el tablero actualizado", "board", ""),
    ("solonyo-late", "몇점이야 지금?", "score", ""),
    ("trumps-follow", "q opciones tengo contra la Q♥", "legal", ""),
    ("solonyo-blind", "q puedo hacer en este turno", "legal", ""),
    ("card-chess-capture", "should i take the jack with my ace? whats best here", "hint", ""),
    ("maze-draw", "is 5YM worth taking or should i go deck?", "hint", ""),
    ("maze-late", "me conviene coger el 3RA?", "hint", ""),
    ("trumps-lead", "whose lead is it, mine?", "status", ""),
    ("card-chess-step", "whos move is it n how big is the draw pile", "status", "Draw pile"),
    ("trumps-lead", "cuantas cartas tiene el otro?", "status", "17"),
    ("card-chess-ace", "ajaja q lio este juego", "chat", ""),
    ("trumps-choose", "i always pick the wrong suit smh", "chat", ""),
    # heldout37 to heldout40: the two quotes and the language misses
    ("n-in-a-row-mid", "where do i need to go to not lose this", "hint", ""),
    ("maze-late", "체인 왜 이렇게 안 이어지냐 진짜", "chat", ""),
    ("card-chess-step", "reemplazo o no? q me aconsejas", "hint", "Prueba"),
    ("maze-discard", "na, me arrepenti, continuamos", "chat", "nadie"),
    # heldout41 to heldout44: the language misses and refused requests
    ("solonyo-late", "alguna recomendacion?", "hint", "Prueba"),
    ("maze-late", "a ver mis cartas y lo q hay en la pila", "board", ""),
    ("card-chess-ace", "q hago? muevo el as o meto carta?", "hint", ""),
    ("trumps-follow", "q hago, me las llevo o mato?", "hint", ""),
    ("maze-late", "cual me sirve mas, el mazo o la pila?", "hint", ""),
    ("masul-start", "ayuda, no se q carta poner ni donde", "hint", ""),
    ("n-in-a-row-o", "donde pongo pa frenarlo?", "hint", ""),
    ("masul-late", "show me the tabel again pls", "board", ""),
    ("n-in-a-row-mid", "pintame la cuadricula otra vez", "board", ""),
    ("trumps-follow", "바닥에 깔린 거 좀 보여줘", "board", ""),
    ("maze-late", "me retracto de la ultima jugada", "undo", ""),
    ("maze-late", "quiero empezar de cero con cartas nuevas", "rematch", ""),
    ("solonyo-late", "ya esta, lo dejo aqui, tu ganas", "resign", ""),
    ("trumps-follow", "olvida lo q dije, dale q sigue", "chat", ""),
    ("maze-draw", "what are my choices for the draw", "legal", ""),
    ("trumps-follow", "what were the last few plays? lost track", "history", ""),
    # a question asked of the moment quotes no rule ("… rn", "… just now": the board's facts)
    ("card-chess-capture", "which moves are there for me rn", "legal", ""),
    ("maze-late", "what has A thrown away so far", "history", ""),
    # heldout45 to heldout48: the four quotes (a remark on the game, an undo asked, what a move
    # just did, a count asked without "how many") and refused requests
    ("card-chess-ace", "this is chess but with cards?? my brain hurts", "chat", ""),
    ("solonyo-shown", "espera q elegi mal, se puede cambiar la carta q escogi?", "undo", ""),
    ("card-chess-step", "what just got captured", "history", ""),
    ("card-chess-ace", "is the draw pile getting low?", "status", "59"),
    ("solonyo-late", "quedan muchas cartas en el mazo?", "status", ""),
    ("card-chess-ace", "보드 다시", "board", ""),
    ("masul-late", "한판만 더 하자", "rematch", ""),
    ("maze-late", "이번판 던짐", "resign", ""),
    ("maze-late", "arranquemos otra", "rematch", ""),
    ("maze-late", "anula mi ultima jugada", "undo", ""),
    ("n-in-a-row-o", "saca mi ultima O, la puse mal", "undo", ""),
    ("maze-discard", "dejo la partida, no entiendo nada jaja", "resign", ""),
    ("masul-late", "whos ahaed so far", "score", ""),
    ("masul-late", "shwo me the table again pls", "board", ""),
    ("n-in-a-row-o", "where shoud i block", "hint", ""),
    ("solonyo-blind", "wheres the board, i lost it in the chat", "board", ""),
    ("trumps-follow", "bro this pile is gettin huge 😂", "chat", ""),
    # heldout49 to heldout52: one's hand to see, what one captured, refused requests
    ("maze-late", "quiero ver mi mano y la pila", "board", ""),
    ("maze-late", "show me my hand and the pile", "board", ""),
    ("card-chess-step", "q capture? no me entere", "history", ""),
    ("card-chess-capture", "vamos otra!!", "rematch", ""),
    ("n-in-a-row-mid", "reinicia el juego, quiero otra", "rematch", ""),
    ("n-in-a-row-mid", "dibujame la cuadricula otra vez", "board", ""),
    ("n-in-a-row-mid", "그리드 전체 좀 볼 수 있을까", "board", ""),
    ("n-in-a-row-mid", "donde pongo para no perder?", "hint", ""),
    ("maze-discard", "these suit names are so weird lol arms??", "chat", ""),  # once a quote
    # heldout53 to heldout56: the other side's hand asked in Korean (once a quote), refused
    # requests
    ("maze-late", "A가 지금 들고 있는 카드 뭐야?", "question", "보이지 않습니다"),
    ("card-chess-step", "board pls 🙏", "board", ""),
    ("card-chess-ace", "q me recomendas?", "hint", "Prueba"),
    # heldout57 to heldout60: advice asked in chat's shorthand (once a quote), refused requests
    ("n-in-a-row-mid", "where shud i go", "hint", ""),
    ("solonyo-late", "ver mesa", "board", "tablero"),
    ("solonyo-shown", "saca la mesa otra vez", "board", ""),
    ("maze-late", "이번판은 그냥 접을게", "resign", ""),
    ("masul-start", "테이블 전체 다시 띄워줘", "board", ""),
    ("solonyo-blind", "uff q nervios", "chat", "Entendido"),
    # heldout61 to heldout64: the two quotes (the log asked in Korean, the legal moves asked as
    # "anything besides …"), an undo said in Spanish, refused requests
    ("trumps-lead", "6 교환 어떻게 됐는지 다시 알려줘", "history", ""),
    ("solonyo-late", "can i do anything besides picking a card?", "legal", "PICK 1"),
    ("card-chess-capture", "me arrepiento, deshaz", "undo", "deshacer"),
    ("n-in-a-row-x", "grid pls", "board", ""),
    ("n-in-a-row-first", "pasame la grilla", "board", ""),
    ("n-in-a-row-o", "ya fue, la doy por perdida", "resign", ""),
    ("n-in-a-row-x", "which squares am i allowed to play on", "legal", ""),
    ("n-in-a-row-mid", "where's the best spot for me", "hint", ""),
    ("masul-late", "can u show me the rows again, lost track", "board", ""),  # once a quote
    ("trumps-follow", "더미 어떻게 쌓여있는지 보여줘", "board", "보드"),  # heldout71: once a quote
    ("n-in-a-row-mid", "venga, una mas desde cero", "rematch", ""),  # heldout76: once X 1,0
    # heldout77 to heldout80: the five quotes (a restart asked twice, the last round asked in
    # Korean, which cards one may throw, "anywhere" asked in Korean), refused requests
    ("solonyo-shown", "can we restart with a fresh game", "rematch", ""),
    ("maze-late", "can we restart with a new shuffle", "rematch", ""),
    ("solonyo-late", "방금 라운드 어떻게 됐어?", "history", ""),
    ("maze-discard", "which cards am i allowed to throw", "legal", "DISCARD 5BS"),
    ("n-in-a-row-o", "아무데나 둬도 돼?", "legal", "O 0,2"),
    ("n-in-a-row-mid", "리겜 ㄱ", "rematch", ""),
    ("n-in-a-row-x", "go back one move", "undo", ""),
    ("n-in-a-row-x", "jk not quitting, next move coming", "chat", "nobody resigns"),
    ("maze-discard", "uy no, volve atras eso", "undo", ""),
    ("solonyo-shown", "enseñame las cartas de la mesa", "board", ""),
    ("solonyo-blind", "a queen?? brutal lol", "chat", ""),
    # heldout81 to heldout84: the quote (advice asked as "is any of them better") and refused
    # requests: a role asked (answered with the seat's own line), the score, the last moves, the
    # hidden cards, the board, where to block, the game itself asked about (its first sentence)
    ("solonyo-blind", "is any of them better or is it pure luck", "hint", ""),
    ("solonyo-blind", "ahora soy el retador o el q defiende?", "status", "defensor"),
    ("solonyo-late", "지금 내가 도전자야 방어자야?", "status", "방어자"),
    ("solonyo-late", "am i the challenger or the defiant now?", "status", "(you, defiant)"),
    ("solonyo-late", "quien es el desafiante ahora?", "status", "defensor"),
    ("masul-start", "cuanto vamos?", "score", ""),
    ("card-chess-capture", "cuales fueron las ultimas jugadas?", "history", ""),
    ("card-chess-capture", "alguna idea de q cartas esconde rojo?", "question", "ocultas"),
    ("maze-late", "mostrame como esta todo", "board", ""),
    ("n-in-a-row-o", "where do i block?", "hint", ""),
    ("solonyo-late", "직전 라운드 결과 뭐였지", "history", ""),
    ("n-in-a-row-mid", "이거 오목이랑 비슷한거야?", "question", "Gregor Richards"),
    ("trumps-choose", "이거 러시아 게임이라던데 원래 이름이 뭐였더라", "question", "Svoi Kozyri"),
    ("maze-late", "este juego me quema la cabeza", "chat", ""),
    # heldout85 to heldout88: the quote (the board asked in Korean as how it looks) and refused
    # requests: "또" alone no rematch, "아무데나 … 됨?", "ni de broma" no joke, "q asco" a remark,
    # "no esperaba" no keep, an undo asked in Korean, advice asked as "X or Y? help"
    ("n-in-a-row-o", "지금 판 어떻게 생겼는지 보여줘봐", "board", ""),
    ("n-in-a-row-mid", "아무데나 놔도 됨?", "legal", ""),
    ("solonyo-late", "me retiro, no llego a 128 ni de broma", "resign", ""),
    ("maze-discard", "nooo otro 5, q asco", "chat", ""),
    ("card-chess-step", "jajaja no esperaba eso", "chat", ""),
    ("maze-discard", "아 덱 말고 더미에서 뽑을걸 되돌릴수있어?", "undo", ""),
    ("maze-draw", "deck or pile here? help", "hint", ""),
    ("masul-start", "마술? 이거 원래 어느 나라 게임이에요?", "question", "Masul"),
    ("masul-late", "waht did they just play? i looked away for a sec", "history", ""),
    # heldout89 to heldout92: advice asked in Spanish ("q hago", "q descarto? ayuda"), questions
    # about playing the game answered plainly (no rule quoted: "is this bot any good" once got
    # an unrelated one), the game compared with another
    ("maze-draw", "mazo o pila? q hago", "hint", ""),
    ("maze-discard", "q descarto? ayuda", "hint", ""),
    ("trumps-choose", "q elijo de triunfo? ayuda", "hint", ""),
    ("masul-start", "이 게임 한판 보통 얼마나 걸려요?", "question", "답할 수 없습니다"),
    ("n-in-a-row-mid", "se puede jugar contra otra persona?", "question", "No puedo responder"),
    ("n-in-a-row-first", "이거 틱택토랑 뭐가 달라?", "question", "Gregor Richards"),
    ("solonyo-late", "que juego mas raro jaja", "chat", ""),
    # heldout93 to heldout96: advice asked as a move weighed or what one would play first (two
    # quotes: the jack's move rule, who starts), an either-or with "idk" after, advice asked in
    # Korean with 좋아요 and in Spanish as "donde la pongo?"; a what-happens question with no
    # "?"; remarks in Spanish (está with a gerund) and Korean (복잡하다)
    ("card-chess-capture", "is taking the jack good or is it a trap?", "hint", ""),
    ("masul-start", "no idea where to start, what would u play first?", "hint", ""),
    ("trumps-follow", "beat or take here? idk", "hint", ""),
    ("trumps-lead", "첫 카드 뭐로 내는게 좋아요?", "hint", ""),
    ("trumps-lead", "뭐 리드하는게 좋아요?", "hint", ""),
    ("n-in-a-row-x", "donde la pongo?", "hint", ""),
    ("masul-start", "wait if i go face down and they play face up across from it what happens",
     "question", ""),
    ("maze-late", "este juego me esta volviendo loco 😵", "chat", ""),
    ("card-chess-ace", "이 게임 룰 진짜 복잡하다;;", "chat", ""),
    # … the game compared with chess "how much", whether only a bot can be played (answered
    # plainly), a rule of what one cannot do checked ("…못내는거 맞지?": no standing)
    ("card-chess-ace", "이거 원래 체스랑 얼마나 비슷해요?", "question", "Gregor Richards"),
    ("masul-start", "이 게임 봇 상대로만 할 수 있는거야?", "question", "답할 수 없습니다"),
    ("masul-challenge", "상대가 앞면으로 낸 열에는 뒷면으로 못내는거 맞지?", "question", ""),
    # heldout97 to heldout100: counts asked with a slip ("hows many") or in two words ("deck
    # size?"), a role said in Korean letters, the table sent again, free places asked, advice
    # asked with "aconsejas", a supposed case checked in Korean, whether the grid ends
    ("solonyo-late", "hows many cards r left in the draw deck?", "status", "deck: 28 cards"),
    ("maze-late", "deck size?", "status", "Deck: 37 cards"),
    ("solonyo-blind", "지금 내가 디파이언트야 챌린저야?", "status", "방어자"),
    ("solonyo-shown", "mandame la mesa de nuevo porfa", "board", ""),
    ("n-in-a-row-o", "q casillas tengo libres para poner?", "legal", ""),
    ("card-chess-capture", "q me aconsejas, capturo con el as o no?", "hint", ""),
    ("card-chess-capture", "레드 캐슬에 들어가면 체크 되는 거 맞지?", "question", ""),
    ("n-in-a-row-first", "판이 끝이 없어요?", "question", "끝없는 격자"),
    # heldout101 to heldout104: the misread, a Spanish remark on a tie ("q mala leche") …
    ("solonyo-late", "otra vez empate con un 2, q mala leche", "chat", ""),
    # … advice asked in Spanish and Korean, resigning said ahead, who made the game, quitting
    # taken back, a Korean rule asked of a thing (no standing)
    ("trumps-lead", "q carta saco? ayuda", "hint", ""),
    ("maze-late", "q descarto? no veo ninguna cadena", "hint", ""),
    ("trumps-lead", "뭐 리드하는게 나아요?", "hint", ""),
    ("card-chess-ace", "이 상황에서 젤 좋은 수 뭐임?", "hint", ""),
    ("maze-late", "gonna resign this one", "resign", ""),
    ("n-in-a-row-mid", "who came up with this game lol", "question", "Gregor Richards"),
    ("solonyo-late", "ok nvm about quitting, deal the next one", "chat", "nobody resigns"),
    ("solonyo-late", "ok forget i said i quit, deal the next one", "chat", "nobody resigns"),
    ("card-chess-step", "체크된 말은 잡을 수 있어?", "question", ""),
    # heldout105 to heldout108: two misreads, a take-back said with the pick's word and a card
    # named with an exclamation (asked back, never played) …
    ("solonyo-late", "take back that last pick", "undo", ""),
    ("solonyo-shown", "ayyy a queen, easy points", "question", "PICK 3"),
    # … pieces in play counted (the board's line), the board asked as "la partida", advice as
    # "q es mejor", playing with friends, whether the game was known before
    ("card-chess-capture", "how many pieces do i have in play", "status", "In play: red 2"),
    ("card-chess-step", "how many pieces does each side have in play?", "status", "In play"),
    ("maze-draw", "enseñame como esta la partida", "board", ""),
    ("card-chess-step", "reemplazo o me lo quedo? q es mejor", "hint", ""),
    ("maze-draw", "se puede jugar con amigos online?", "question", "No puedo responder"),
    ("card-chess-step", "이거 원래 위키에 있던 게임이야?", "question", "Gregor Richards"),
    # a count of what is in play is never answered with a rule's sentence
    ("masul-start", "how many cards are in play", "question", "I can't answer that"),
    # heldout109 to heldout112: a Korean sigh about one's chain (a rules sentence once) and a
    # Spanish one (answered in English once)
    ("maze-late", "아 체인 왜케 안이어지냐", "chat", "알겠습니다"),
    ("trumps-follow", "uff me estan dando una paliza", "chat", "Entendido"),
    # heldout113 to heldout116: counts and what happened asked in Korean and Spanish, advice asked
    # ("최선수 추천 좀", "what wd u play", "q carta descarto?"), a remark ("q chulo este juego")
    ("maze-late", "드로우 덱 얼마나 남았음", "status", "덱: 37장"),
    ("trumps-follow", "cuantas cartas hay en la pila?", "status", "montón (23"),
    ("card-chess-step", "방금 뭐 잡은거야? 기억 안남", "history", ""),
    ("trumps-lead", "처음에 6 교환 어떻게 됐어?", "history", ""),
    ("card-chess-step", "what just got captured on BC2?", "history", ""),
    ("card-chess-ace", "에이스 움직일까 킹 움직일까? 이 상황 최선수 추천 좀", "hint", ""),
    ("masul-start", "what wd u play first here? kinda lost tbh", "hint", ""),
    ("maze-discard", "q carta descarto?", "hint", ""),
    ("n-in-a-row-first", "q chulo este juego 😄", "chat", "Entendido"),
    # heldout117 to heldout120: the legal places asked by their name (a rules sentence once), what
    # red moved asked with "q", the grid asked to be shown, an undo with "retrocede", advice asked
    # ("which one would u pick"), the new game taken back, a resignation with a complaint
    ("n-in-a-row-mid", "what are my legal spots", "legal", "Your legal moves"),
    ("n-in-a-row-first", "what are my legal squares right now", "legal", "Your legal moves"),
    ("card-chess-ace", "q ha movido rojo antes?", "history", ""),
    ("n-in-a-row-mid", "격자 한번 띄워줄래? 어디 뒀는지 까먹음", "board", ""),
    ("n-in-a-row-o", "retrocede mi ultima jugada", "undo", ""),
    ("solonyo-blind", "which one would u pick? they're all face down", "hint", ""),
    ("trumps-follow", "eh forget the new game thing, keep this one going", "chat",
     "nobody resigns"),
    ("maze-late", "ㅠㅠ 포기할래요 못하겠어", "resign", "항복"),
    # heldout121 to heldout124: advice asked as "which is smarter" (a rules sentence once), a rule
    # asked by its name, the board and the free squares asked in Spanish, advice in Korean, an
    # undo said "put back" or "물릴래요", a count of the deck, an undo taken back
    ("trumps-follow", "take or beat? which is smarter here", "hint", ""),
    ("solonyo-shown", "mostrame como esta", "board", ""),
    ("n-in-a-row-first", "q casillas tengo disponibles?", "legal", ""),
    ("trumps-follow", "잡을까 그냥 가져갈까? 뭐가 나음", "hint", ""),
    ("maze-discard", "wait can i put back the card i drew", "undo", ""),
    ("n-in-a-row-x", "방금 내가 둔거 물릴래요", "undo", ""),
    ("maze-draw", "deck count? feels like its never ending", "status", "39"),
    ("card-chess-ace", "아 아니 취소 계속 두자", "chat", ""),  # the game goes on
    # heldout125 to heldout128: what happened last round and what one may do asked in Korean (rules
    # sentences once: "말고" there is "besides", no second thought)
    ("solonyo-late", "직전 라운드 어떻게 됐어?", "history", ""),
    ("solonyo-blind", "나 뭐 할 수 있어? 고르는거 말고 다른것도 돼?", "legal", "PICK 1"),
    # heldout129 to heldout132: anything besides the one move asked (a rules sentence once)
    ("solonyo-late", "can i do anything here besides picking a card", "legal", "PICK 1"),
    ("maze-draw", "can i do something else besides drawing", "legal", "DRAW DECK"),
    ("maze-draw", "puedo hacer otra cosa q no sea robar?", "legal", "DRAW DECK"),
    ("solonyo-late", "카드 고르는거 말고 다른거 할 수 있어?", "legal", "PICK 1"),
    ("masul-start", "can i do smth else besides playing a card", "legal", "7♣ C1"),
    # heldout133 to heldout136: "… or is that not allowed" asks of one move, not a choice; a
    # question asked inside a sentence (인지 헷갈리네); the target to win asked; "la otra
    # partida" is the last game, no rematch; a cheer after the score; a count of marks; what a
    # word means, then a remark; a seat named as the other side; advice "내야 유리"
    ("masul-start", "wait can i go face down across from a face up card or is that not allowed",
     "question", ""),
    ("trumps-follow", "can i beat that or is it take", "legal", "BEAT"),
    ("masul-start", "어느 줄이 내 줄인지 헷갈리네", "score", "Row 3"),
    ("solonyo-blind", "cuantos puntos hay q hacer para ganar?", "rules", ""),
    ("solonyo-blind", "how many points do you need to win?", "rules", "128"),
    ("solonyo-blind", "voy bien? cuanto me falta para ganar?", "score", ""),
    ("solonyo-late", "por q no puedo ver mis cartas? en la otra partida si las veia", "question",
     ""),
    ("solonyo-late", "11 a 0 vamoss 💪", "chat", ""),
    ("maze-draw", "lemme see the whole layout agian", "board", ""),
    ("n-in-a-row-x", "list my legal spots", "legal", "X 0,2"),
    ("masul-late", "q significa FD? jaja soy nuevo en esto", "question", "FD"),
    ("masul-late", "what does FD mean? lol im new to this", "question", "FD"),
    ("masul-late", "FD 뜻이 뭐야?", "question", "FD"),
    ("card-chess-step", "can you show me what black has in hand?", "question", "hidden"),
    ("card-chess-step", "흑 손패 뭐 있는지 보여줄 수 있어?", "question", ""),
    ("trumps-lead", "뭐부터 내야 유리함?", "hint", ""),
    ("trumps-lead", "와 손에 19장ㅋㅋㅋ 언제 다 털어", "chat", ""),
    ("trumps-follow", "q cartas se llevo el norte la ultima vez q recogio?", "history", ""),
    ("card-chess-step", "what got flipped on bc2 just now?", "history", ""),
    ("solonyo-blind", "is any pick better than the others or is it pure luck", "hint", ""),
    ("solonyo-shown", "도전자는 점수 못얻어?", "question", ""),
    # heldout137 to heldout140: a place's code is no word of a rule; a sigh in Korean (ㄷㄷ,
    # 실화냐); advice asked "which one do i …"; the other side's cards asked in new words; "ff";
    # options asked as "movimientos"; how a thing works asked after it; what happens in a case,
    # then another question
    ("masul-challenge", "can i even put something face down in c3 or is that not allowed",
     "question", ""),  # asked of one move there: no rules sentence about C3 quoted
    ("trumps-follow", "와 더미 23장 ㄷㄷ 실화냐", "chat", ""),
    ("maze-discard", "which one do i dump?", "hint", ""),
    ("trumps-follow", "what are the 5 cards north has left?", "question", "hidden"),
    ("trumps-lead", "상대 손에 스페이드 많아?", "question", ""),
    ("trumps-lead", "뭐부터 내는게 나음?", "hint", ""),
    ("n-in-a-row-o", "ff, cant beat this", "resign", ""),
    ("maze-draw", "q movimientos valen ahora", "legal", "DRAW DECK"),
    ("card-chess-capture", "q movimientos puedo hacr?", "legal", "PLAY"),
    ("card-chess-step", "el jaque como funciona aca", "question", ""),
    ("solonyo-late", "비기면 어떻게 돼? 다시 하는거야?", "question", ""),
    ("solonyo-late", "if we tie what happens? do we redo it?", "question", ""),
    # heldout141 to heldout144: the board asked then why (once KEEP, a misread), the face-down
    # card at a place (once a rules quote, twice), whether the card just drawn may go back, the
    # AI's level (once the hidden-cards answer), a Spanish rematch, a Korean board request
    ("card-chess-step", "pasame el tablero q no lo veo", "board", "tablero"),
    ("masul-challenge", "any idea whats under that facedown in c2?", "question", "hidden"),
    ("masul-challenge", "c2에 엎어놓은거 뭐임? 살짝만 알려줘", "question", "보이지 않습니다"),
    ("maze-discard", "puedo descartar la misma carta q acabo de robar?", "question", "DISCARD 5BS"),
    ("maze-discard", "can i discard the same card i just drew?", "question", "DISCARD 5BS"),
    ("card-chess-ace", "q nivel tiene la IA?", "question", "No puedo responder"),
    ("card-chess-capture", "armamos otra?", "rematch", "revancha"),
    ("n-in-a-row-mid", "보드 좀 출력해줘요", "board", "보드"),
    ("solonyo-late", "제발 높은거 나와라 🙏", "chat", ""),
    ("trumps-choose", "wait whos picking trumps first, me or them", "status", "Your turn"),
    ("solonyo-late", "cuanto llevo? y el?", "score", "Puntos"),
    ("card-chess-ace", "esto se puede jugar con cartas de verdad?", "question", "No puedo"),
    ("maze-draw", "이거 혼자서도 할 수 있는 게임이에요?", "question", "답할 수 없습니다"),
    ("card-chess-step", "교체하는게 나아 아님 킵?", "hint", ""),
    ("maze-late", "llevo 26 turnos y solo tengo 2 cartas en cadena, q desastre", "chat", ""),
    ("card-chess-ace", "tienes idea de q lleva el rojo en la mano? aunque sea una", "question",
     "ocultas"),
    ("trumps-lead", "식스 교환 뭐였어? 내가 6하트 받은거?", "history", ""),
    # heldout145 to heldout148: a capture told of (once REPLACE 5♣, a misread), a question after
    # a laugh, a word's letters asked, a count asked with its verb first (once the hidden-cards
    # answer), the target asked, a remark on the other side's luck, and a card called a menace
    ("card-chess-step", "bien ahi, le capture un 5", "chat", ""),
    ("masul-start", "first move and i have no clue lol what would u play", "hint", "Try"),
    ("masul-start", "what does FD stand for lol", "question", "Face down"),
    ("maze-late", "quedan cuantas cartas en el mazo?", "status", "Mazo"),
    ("solonyo-late", "hasta cuantos puntos se juega?", "rules", "128"),
    ("trumps-follow", "q suerte tiene este bot dios mio", "chat", ""),
    ("card-chess-capture", "this ace is a menace honestly", "chat", ""),
    ("masul-start", "ugh this hand lol", "chat", ""),
    ("card-chess-step", "말 배치 한번 보여줘요", "board", ""),
    ("card-chess-ace", "q movimientos puede hacer mi as?", "legal", "PLAY A♣"),
    ("solonyo-late", "q saque la ronda pasada?", "history", ""),
    ("maze-draw", "지금 더미 카드 가져가는게 나아?", "hint", ""),
    ("card-chess-ace", "이거 진짜 체스랑 관련있는 게임임?", "question", ""),
    ("trumps-follow", "am i winning? who's closer to emptying their hand", "score", "behind"),
    ("card-chess-ace", "best mvoe here?", "hint", "Try"),
    ("n-in-a-row-o", "q pasa si llego a 3 antes q se acaben mis turnos", "question", ""),
    # heldout149 to heldout152: the two quotes (the other side's hand asked with "still", the
    # board asked as the game's state), the bot named in Spanish, a sigh then resigning, a
    # Korean "keep going", all of one's places asked, one's own cards shown again
    ("trumps-follow", "what's north still holding?", "question", "hidden"),
    ("maze-late", "can u show the maze state again", "board", "board"),
    ("trumps-follow", "tiene ases el bot?", "question", "ocultas"),
    ("solonyo-late", "128점까지 언제 가냐 그냥 항복", "resign", "항복"),
    ("trumps-follow", "아까 짜증낸거 취소ㅋㅋ 계속 ㄱㄱ", "chat", ""),
    ("n-in-a-row-x", "둘수있는 좌표 다 알려줘", "legal", "X 0,2"),
    ("solonyo-shown", "mostrame las cartas de nuevo", "board", "tablero"),
    ("solonyo-late", "cuando se empata q pasa con los puntos?", "question", ""),
    # heldout153 to heldout156: the two quotes (points asked as "pts"; which one beats a card
    # best, advice), a supposed case's rule (once "moves cannot be undone"), the other side's
    # face-down card by its column in Korean, "si o si", a one-letter seat that is Spanish "or",
    # what is left in their hand, a card changed in the log, a Korean remark on a card shown, a
    # rule asked then what it meant, a question tag, a standing asked "rn if …", a complaint
    # with an idiom ("keep track of")
    ("solonyo-late", "how many pts do i have vs them", "score", "ahead"),
    ("solonyo-shown", "which one beats the 2 best?", "hint", "Try"),
    ("card-chess-step", "si capturo y sale una carta del rival, siempre la puedo cambiar?",
     "question", "reemplazar"),
    ("masul-late", "저 2열에 엎어놓은 카드 뭔지 알려줘요", "question", "보이지 않습니다"),
    ("solonyo-blind", "puedo pasar o tengo q elegir si o si?", "legal", "PICK 1"),
    # (its writer meant the legal moves; five lines of other writers in these words meant the
    # rule: "… o tiene q ser …" is answered as a rule question)
    ("n-in-a-row-mid", "puedo poner lejos o tiene q ser pegado?", "question", ""),
    ("trumps-follow", "tiene ases el? q le queda en la mano", "question", "ocultas"),
    ("masul-late", "q carta cambio el rival en el campo?", "history", ""),
    ("solonyo-shown", "오 퀸 떴다 ㅋㅋ", "chat", ""),
    ("trumps-follow", "상대 트럼프 카드로도 내가 이길수 있어? 스페이드 말하는거", "question", ""),
    ("trumps-lead", "el bot es bueno en este juego o q", "question", ""),
    ("masul-late", "who's winning rn if we count up the columns", "score", "level"),
    ("maze-draw", "way too many cards to keep track of 😵", "chat", ""),
    ("maze-draw", "deck or pile? which helps my chain more", "hint", "Try"),
    ("maze-draw", "take a look at the pile", "board", "Pile"),
    ("maze-draw", "lemme have a peek at my hand", "board", "Your hand"),
    ("masul-late", "내 1열에 엎어놓은 카드 뭐였지", "question", "C1=2♥"),
    # heldout157 to heldout160: advice asked in Korean and as one's own two moves in Spanish,
    # the other side named "el de enfrente", a look at the board in a word, where one may draw,
    # a card put back, another game later, who would win now, a card that wears one down, a
    # count the board shows, a Korean question no word of which is read
    ("trumps-lead", "뭐부터 리드하는게 좋음?", "hint", "LEAD"),
    ("maze-draw", "cojo del pozo o del mazo?", "hint", "Prueba"),
    ("trumps-follow", "tiene picas todavia el de enfrente?", "question", "ocultas"),
    ("n-in-a-row-mid", "판 다시 좀", "board", "보드"),
    ("maze-draw", "지금 상황판 좀", "board", "보드"),
    ("maze-draw", "where can i draw from?", "legal", "DRAW PILE"),
    ("maze-discard", "oops can i put the 5BS back and take from the pile instead", "undo", ""),
    ("card-chess-ace", "otra de ajedrez de cartas despues?", "rematch", "revancha"),
    ("masul-late", "if it ended now who'd win more columns", "score", "level"),
    ("card-chess-ace", "esa jota roja me tiene harto", "chat", ""),
    ("card-chess-step", "cuantas piezas tengo en juego?", "status", "En juego: red 3"),
    ("n-in-a-row-first", "판이 무한이면 끝이 나긴 해?", "question", ""),
    ("n-in-a-row-first", "cuantos turnos tiene el otro para hacer 2 en linea?", "question",
     "turnos"),
    # heldout161 to heldout164: "se puede …?" alone a rule asked (twelve such lines of earlier
    # parts too), advice asked "뭐 … 해야 돼?", anywhere asked in Korean, a past pick asked,
    # "…수 없어요?" a rule, "복잡해" a remark
    ("masul-challenge", "se puede jugar boca abajo frente a una carta q esta boca arriba o no?",
     "question", "Según las reglas"),
    ("trumps-lead", "뭐 리드해야 돼? 알려줘", "hint", "LEAD"),
    ("n-in-a-row-first", "아무데나 둘수있어?", "legal", "X 0,0"),
    ("solonyo-late", "what were the 2 cards i didnt pick last time", "history", ""),
    ("card-chess-capture", "체크된 말은 잡을수 없어요?", "question", ""),
    ("card-chess-ace", "ㅋㅋㅋ 이 게임 룰 너무 복잡해", "chat", ""),
]  # fmt: skip


# A question about playing the game (how long it lasts, who the other side is, how good the bot
# is) is answered plainly, never with a rule that shares a word with it.
@pytest.mark.parametrize(
    ("position", "text"),
    [
        ("masul-late", "is this bot any good or does it just play random stuff lol"),
        ("maze-late", "how long does a game usually take?"),
    ],
)
def test_a_question_about_playing_is_answered_plainly(service, position, text):
    answer = say_at(service, position, text)
    assert answer["intent"] == "question" and "\u201c" not in answer["reply"], answer
    assert answer["reply"].startswith("I can't answer that"), answer


# Rules or questions asked whose round's test barred a rule quote all the same (a quote was what
# heldout13 and heldout17/18 got wrong): (position, text, intent, said), no quote in the reply.
BLIND_ASKS_UNQUOTED = [
    # heldout13: the other side's cards asked in Spanish by the seat's own word got "I can't
    # answer that"
    ("trumps-follow", "cuales son las 5 cartas del norte?", "question", "ocultas"),
    # heldout17 and heldout18: the other side's cards asked: refused then
    ("trumps-lead", "que cartas le tocaron al otro? dime", "question", "ocultas"),
    ("maze-draw", "이기려면 어떻게 해야 돼?", "rules", "Mystique Maze"),
]


@pytest.mark.parametrize(
    ("position", "text", "intent", "said", "unquoted"),
    [(*row, False) for row in BLIND_REQUESTS] + [(*row, True) for row in BLIND_ASKS_UNQUOTED],
)
def test_a_blind_rounds_request_gets_its_answer(service, position, text, intent, said, unquoted):
    """BLIND_REQUESTS: a blind round's request, question or remark, the intent its writer meant
    and words its reply must hold ("" for any): answered so, never played nor counted, and no
    rule quoted in the reply unless a rule or question was asked (BLIND_ASKS_UNQUOTED: asked so,
    yet no rule quoted either). A new blind round's requests add rows here."""
    answer = say_at(service, position, text)
    assert answer["intent"] == intent and said in answer["reply"], answer["reply"]
    assert not counted(answer) and not answer.get("legal"), answer
    quotable = intent in ("rules", "question") and not unquoted
    assert quotable or "\u201c" not in answer["reply"], answer["reply"]  # no rules quote


# Said of the board, of a move someone else made or gm suggested, a guess or a supposition, a
# card denied or loved, a move asked about or judged badly: never played nor counted (stop 38:
# phrasings of the kinds the blind rounds' misreads were, probed for the same fault in every
# game; each was played or counted before)
NEVER_A_MOVE = [
    ("maze-late", "deck running low huh"),
    ("maze-late", "so many cards still in the deck"),
    ("masul-late", "C5 is still empty"),
    ("n-in-a-row-mid", "0,0 is taken already"),
    ("maze-discard", "el 5BS no me sirve"),
    ("maze-late", "pile might be good"),
    ("maze-late", "la pila podria servir"),
    ("maze-late", "더미 괜찮을듯"),
    ("solonyo-late", "3번이 나으려나"),
    ("masul-late", "8h c5 might work"),
    ("masul-late", "8♥ 5열 어떨까"),
    ("solonyo-late", "bot picked 2 last round"),
    ("solonyo-late", "el bot eligio la 2"),
    ("maze-late", "bot took 3RA from the pile"),
    ("maze-late", "el bot agarro la 3RA"),
    ("n-in-a-row-mid", "o went 1,1"),
    ("n-in-a-row-mid", "el bot puso en 1,1"),
    ("solonyo-late", "not the 3"),
    ("solonyo-late", "no la 3"),
    ("solonyo-late", "3번 말고"),
    ("solonyo-late", "you said 3 earlier"),
    ("solonyo-late", "dijiste la 3 antes"),
    ("solonyo-late", "if i pick 3 do i win"),
    ("solonyo-late", "si elijo la 3 gano"),
    ("masul-late", "puedo jugar el 8 de corazones en la 5"),
    ("maze-discard", "me encanta el 5BS"),
    ("n-in-a-row-mid", "y el 1,2"),
    ("card-chess-ace", "can the ace go to M5"),
    ("card-chess-ace", "el as puede ir a M5"),
    ("card-chess-ace", "el as a M5 es arriesgado"),
    ("card-chess-ace", "에이스 M5 가면 위험함"),
    ("card-chess-ace", "exchange is dumb"),
    ("card-chess-ace", "el exchange no vale la pena"),
    ("card-chess-ace", "교환은 별로"),
    # heldout125 to heldout128: a card that came, told ("nice got the 6 of hearts …", once LEAD
    # 6♥), a card named again with a sigh ("otra vez el 3 rojo de brazos 🙄", once DRAW PILE)
    ("trumps-lead", "nice got the 6 of hearts from the exchange 😎"),
    ("maze-late", "ay no, otra vez el 3 rojo de brazos 🙄"),
    # two places named where neither reads as the move: no explicit try, never counted
    ("n-in-a-row-mid", "X 0,1 0,0"),
    ("n-in-a-row-mid", "x 0,1 pegado 0,0"),
]  # fmt: skip


# A move read from a message that says how it is made, played otherwise ("… face down …" read
# as a face-up play: six blind misreads were of this kind): asked back with the move that differs
# only by the mark, never played nor counted — (position, text, the candidates asked back).
MANNER_ASKED_BACK = [
    (
        "masul-late",
        "2 of clubs face down on column two, matching their facedown",
        ["2♣ C2", "2♣ C2 FD"],
    ),
    ("masul-late", "2c c7 not face down", ["2♣ C7 FD", "2♣ C7"]),
]


@pytest.mark.parametrize(("position", "text", "candidates"), MANNER_ASKED_BACK)
def test_a_move_said_made_otherwise_is_asked_back(service, position, text, candidates):
    answer = say_at(service, position, text)
    assert not answer.get("legal") and not counted(answer), answer
    assert sorted(answer["candidates"]) == sorted(candidates), answer


# … and the mark said of the other side's card ("their face down"), or said as the move is
# played, changes nothing: played
@pytest.mark.parametrize(
    ("position", "text", "move"),
    [
        ("masul-challenge", "J♥ c2 vs their facedown", "J♥ C2"),
        ("masul-challenge", "challenge their face down in c2 with the jack of hearts", "J♥ C2"),
        ("masul-challenge", "jh c2 face up against the fd", "J♥ C2"),
        ("masul-late", "2c c7 fd", "2♣ C7 FD"),
        ("masul-start", "rey de picas en la 1 boca arriba", "K♠ C1"),
        ("masul-start", "스페이드 킹 1열 뒷면으로", "K♠ C1 FD"),
    ],
)
def test_a_move_said_as_it_is_made_is_played(service, position, text, move):
    answer = say_at(service, position, text)
    assert answer["intent"] == "move" and answer.get("move") == move, answer


@pytest.mark.parametrize(("position", "text"), NEVER_A_MOVE)
def test_a_description_a_tale_or_a_guess_is_never_played_nor_counted(service, position, text):
    answer = say_at(service, position, text)
    assert not answer.get("legal") and not counted(answer), answer


# A card named with laughter, a sigh or an exclamation, and nothing said of what to do with it:
# (position, text, move asked back, words of the reply in the message's language).
REMARKS_ASKED_BACK = [
    ("maze-discard", "ugh, blue suns again 🙄", "DISCARD 5BS", "Did you mean DISCARD 5BS?"),
    # a description of the board, no order in it (stop 38)
    ("maze-late", "the pile has a 3RA on top huh", "DRAW PILE", "Did you mean DRAW PILE?"),
    ("maze-late", "el mazo ya casi no tiene cartas", "DRAW DECK", "¿Querías jugar DRAW DECK?"),
    ("maze-late", "더미 맨위 3RA네", "DRAW PILE", "DRAW PILE 두려는 건가요?"),
    ("solonyo-shown", "la reina vale mucho", "PICK 3", "¿Querías jugar PICK 3?"),
    ("solonyo-late", "uff... la 1", "PICK 1", "¿Querías jugar PICK 1?"),
    ("trumps-lead", "오 하트 6 ㅋㅋ", "LEAD 6♥", "LEAD 6♥ 두려는 건가요?"),
]


@pytest.mark.parametrize(("position", "text", "move", "said"), REMARKS_ASKED_BACK)
def test_a_remark_on_a_card_is_asked_back_and_a_yes_plays_it(service, position, text, move, said):
    """A message the game reads as one definite move but that only remarks on the card (round
    49 to 52's "ugh, blue suns again 🙄" was played DISCARD 5BS) is asked back with that move,
    nothing played or counted; "yes" after it plays exactly that move."""
    from gm.play import chat
    from tests.chat_corpus import stage

    where = POSITIONS[position]
    token = stage(service, where.game, where.state(), illegal_move_limit=100)[where.seat]
    asked = chat.say(service, token, text)
    assert asked["intent"] == "question" and asked["candidates"] == [move], asked
    assert said in asked["reply"] and not asked.get("legal") and not counted(asked), asked
    played = chat.say(service, token, "yes")
    assert played["intent"] == "move" and played["legal"] and played["move"] == move, played


@pytest.mark.parametrize(
    ("position", "text", "move"),
    [
        ("trumps-lead", "하트6 내자 ㅋㅋ", "LEAD 6♥"),  # a bidding ending: an order
        ("solonyo-late", "3 again lol", "PICK 3"),  # a number chosen again
        ("solonyo-shown", "the 7 of clubs lol no jk, the 10", "PICK 1"),  # a second thought
        ("masul-start", "K♥ c2 lol", "K♥ C2"),  # a place said
    ],
)
def test_a_move_said_with_laughter_and_an_order_is_played(service, position, text, move):
    answer = say_at(service, position, text)
    assert answer["intent"] == "move" and answer.get("move") == move, answer
