"""N-in-a-row's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
placing a mark on a point."""

from __future__ import annotations

from gm.games.words import N_

# a Korean place word said with no point after it ("내 O 위"), and a point given anywhere in the
# message ("1,-1로 O 밑에"): where a direction word is the move's own, and where it tells of a mark
_NO_POINT_AFTER = r"(?!.*\d\s*[,\s]\s*-?\d)"
_POINT_GIVEN = r"^(?=.*\d\s*,\s*-?\d)"

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # "O 밑에 1,-1로 막을래", "1,-1로 O 밑에 막아": a mark named as where the point lies, the
    # point said before or after it (not one's own, "내 X 위에 … 0,2": read below as "my X")
    (
        "ko",
        "phrase",
        _POINT_GIVEN + r"(.*?)(?<!내 )(?<!제 )\b[XOxo]\s*(?:의\s*)?"
        r"(?:밑에|아래에|아래쪽|아래|밑|위에|위쪽|위|옆에|옆)",
        r"\1 by their mark ",
    ),
    ("ko", "word", "두", "put"),
    ("ko", "word", "놓", "put"),
    ("ko", "word", "마이너스", "minus"),
    ("es", "phrase", r"\bpongo\b|\bpon\b|\bcoloco\b|\bjuego\b", " put "),
    ("es", "phrase", r"\b(en )?(el )?(centro|medio)\b", " the middle "),
    ("ko", "phrase", r"(한)?가운데|중앙|정중앙", " the middle "),
    # a point beside another: 0,1 위에 → above 0,1; encima de 0,1, a la derecha de la O en 1,1
    (
        "ko",
        "phrase",
        r"(내|나의|제)\s*(가\s*)?마지막(으로)?(\s*(둔|놓은))?\s*(거|것|수|돌|마크)?",
        " my last mark ",
    ),
    (
        "ko",
        "phrase",
        r"(상대|상대방|너)(의|가)?\s*마지막(으로)?(\s*(둔|놓은))?\s*(거|것|수|돌|마크)?",
        " your last mark ",
    ),
    ("ko", "phrase", r"마지막(으로)?(\s*(둔|놓은))?\s*(거|것|수|돌|마크)", " the last mark "),
    *(
        (
            "ko",
            "phrase",
            r"(-?\d+\s*,\s*-?\d+|my last mark|your last mark|the last mark)\s*(?:의\s*)?"
            rf"(?:바로\s*)?(?:{korean})(?:에서|으로|로|에|쪽)?",
            rf" {english} \1 ",
        )
        for korean, english in (
            ("위쪽|위", "above"),
            ("아래쪽|아래|밑", "below"),
            ("왼쪽", "left of"),
            ("오른쪽", "right of"),
            ("옆", "next to"),
        )
    ),
    # a direction said right before a point names where the point is ("bloqueo abajo 0,-1":
    # block, down at 0,-1), not the point past it — as in Korean (a direction before a point)
    (
        "es",
        "phrase",
        r"\b(?:por |hacia |para )?(?:abajo|arriba|encima)\s+(?:en\s+|a\s+)?"
        r"(?=\(?-?\d+\s*[,\s]\s*-?\d)",
        " at ",
    ),
    ("es", "phrase", r"\b(encima|arriba|por encima) de(l)?\b", " above "),
    ("es", "phrase", r"\b(debajo|abajo|por debajo) de(l)?\b", " below "),
    ("es", "phrase", r"\ba la izquierda de(l)?\b", " left of "),
    ("es", "phrase", r"\ba la derecha de(l)?\b", " right of "),
    ("es", "phrase", r"\b(?:a la |de la )?izquierda\b", " left "),
    ("es", "phrase", r"\b(?:a la |de la )?derecha\b", " right "),
    ("es", "phrase", r"\b(al lado|junto)( de(l)?| a(l)?)?\b", " next to "),
    ("es", "phrase", r"\b(mi|la) ultima( ficha| marca)?\b", " my last mark "),
    ("es", "phrase", r"\ben\b", " at "),
    ("es", "phrase", r"\bmenos\b", " minus "),
    # a line of marks and its ends: "tapo por abajo su columna" → block below their column
    # "bloqueo a O": the mark blocked, after Spanish's "a" of a person
    (
        "es",
        "phrase",
        r"\b(tapo|tapa|tapá|bloqueo|bloquea|corto|cierro|freno)\b(?:\s+a(?=\s+[xo]\b))?",
        " block ",
    ),
    ("es", "phrase", r"\b(alargo|extiendo|sigo|continuo|agrando)\b", " extend "),
    ("es", "phrase", r"\bsus?\b", " their "),
    ("es", "phrase", r"\bcolumnas?\b", " column "),
    ("es", "phrase", r"\bfilas?\b", " row "),
    ("es", "phrase", r"\bdiagonal(es)?\b", " diagonal "),
    ("es", "phrase", r"\bverticales\b|\bvertical\b", " vertical "),
    ("es", "phrase", r"\bhorizontales\b|\bhorizontal\b", " horizontal "),
    ("es", "phrase", r"\blineas?\b", " line "),
    ("es", "phrase", r"\bcasillas?\b|\bcuadros?\b|\blugares\b", " squares "),
    ("es", "phrase", r"\bpareja\b|\bpar\b", " pair "),
    ("es", "phrase", r"\b(por|hacia|para) (abajo)\b|\babajo\b", " below "),
    ("es", "phrase", r"\b(por|hacia|para) (arriba)\b|\barriba\b|\bencima\b", " above "),
    ("es", "phrase", r"\b(hago|haciendo|para hacer|para)\s+\d+\s+(at|en)\s+raya\b,?", " "),
    ("ko", "phrase", r"(\d+)\s*개\s*(?:를|을)?\s*(?:만들|완성|연결|잇)\w*", r" make \1 in a row "),
    # "… 세로 3줄", "0,2 놓고 3줄 만들기", "0,2 놓으면 3개다": the line it makes, said after the
    # point (never a point's number: the count of a line)
    (
        "ko",
        "phrase",
        r"(?<=\S)\s+(?:세로|가로|대각선?)?\s*(\d+)\s*(?:줄|개|목)\s*(?:을|를|이)?\s*"
        r"(?:만들\w*|완성\w*|이다|다|야|임|됨|돼|되지|이지|지)?(?=[\s.!?ㅋㅎ~]|$)",
        r" make \1 in a row ",
    ),
    # "… 3개니까 거기 둘게": the count it makes, said as the reason
    (
        "ko",
        "phrase",
        r"(\d+)\s*개\s*(?:니까|니깐|라서|이니까|되니까|돼서|됨)",
        r" make \1 in a row ",
    ),
    ("ko", "phrase", r"이어\s*(?:서|가|갈|가서|붙여)?", " extend "),
    ("ko", "phrase", r"세로\s*줄|세로", " column "),
    ("ko", "phrase", r"(내|나의|제)\s*(?=[XO]\b)", " my "),
    ("ko", "phrase", r"(상대|상대방|상대편)(의)?\s*(?=[XO]\b)", " their "),
    ("ko", "phrase", r"(두\s*개|두개|둘)", " pair "),
    # "오른쪽 위" (up and to the right): both directions, never "right above" (straight up)
    ("ko", "phrase", r"(오른쪽|우측)\s*(위쪽|위)" + _NO_POINT_AFTER, " upper right "),
    ("ko", "phrase", r"(왼쪽|좌측)\s*(위쪽|위)" + _NO_POINT_AFTER, " upper left "),
    ("ko", "phrase", r"(오른쪽|우측)\s*(아래쪽|아래|밑)" + _NO_POINT_AFTER, " lower right "),
    ("ko", "phrase", r"(왼쪽|좌측)\s*(아래쪽|아래|밑)" + _NO_POINT_AFTER, " lower left "),
    ("ko", "phrase", r"(위쪽|위로|위)" + _NO_POINT_AFTER, " above "),
    ("ko", "phrase", r"(아래쪽|아래로|아래|밑)" + _NO_POINT_AFTER, " below "),
    ("ko", "phrase", r"오른쪽" + _NO_POINT_AFTER, " right "),
    ("ko", "phrase", r"왼쪽" + _NO_POINT_AFTER, " left "),
    ("ko", "phrase", r"가로\s*줄|가로", " row "),
    ("ko", "phrase", r"대각선?", " diagonal "),
    ("ko", "phrase", r"구석|모서리|귀퉁이", " corner "),
    ("ko", "phrase", r"원점", " origin "),
    ("es", "phrase", r"\besquina\b", " corner "),
    ("ko", "phrase", r"(\b[XOxo])\s*(줄|라인|의\s*줄)", r" \1's line "),
    ("ko", "phrase", r"막(을게|아|기|자|는다|을래)\w*", " block "),
)

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "Marks on an unbounded grid: the leader holds the longest line, and the challenger "
    "has a limited number of turns to beat it."
)


# the coach's reasons (gm/games/n_in_a_row/ai.py ``explain``)
REASONS: tuple[str, ...] = (
    N_("It places the first {mark} at {at}: any point is as good"),
    N_("It makes {run} in a row: {mark} extends its record and the count restarts"),
    N_("It makes {run} in a row: {mark} takes the lead from {other}"),
    N_("It blocks {other}: there {other} would make {k} in a row and take the lead"),
    N_("It places {mark} at {at}: it cuts a line of {other}'s"),
    N_("It places {mark} at {at}, building a line of {run} toward {k} in a row"),
)

# the board's words (gm/games/n_in_a_row/notation.py ``render``, rules.py ``race_text``)
BOARD: tuple[str, ...] = (
    N_("{seat} to move"),
    N_("game over"),
    N_("turn {turn} of {limit}"),
    N_("No marks yet: x places the first X anywhere, e.g. X 0,0"),
    N_("No marks were placed."),
    N_("Leader: {seat} with {count} in a row"),
    N_("{seat} has {left} turns left to get {count} in a row"),
    N_("{seat} has {left} turn left to get {count} in a row"),
    N_("Last move: {move}"),
    N_("Shown: x {x}, y {y} (a window around the last move: all the marks do not fit one "
       "answer). Outside: {count} marks ({marks}); all marks span x {all_x}, y {all_y}; nearest: "
       "{nearest}."),
    N_("{seat} wins: {other} ran out of turns to beat {count} in a row"),
)  # fmt: skip
