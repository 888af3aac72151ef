"""Masul's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md): the
columns and their counters (3열, 세 번째 줄), face up and face down (앞면, 뒷면, 뒤집어서; boca
arriba, boca abajo), the Field Cards, a challenge."""

from __future__ import annotations

from gm.games.words import N_

# a card said in Korean, suit first ("다이아 7", "스페이드 퀸"): a Field Card or a column's card
_KO_CARD = r"((?:스페이드|하트|다이아몬드|다이아|클로버)\s*(?:[0-9]+|[AKQJ]|에이스|킹|퀸|잭))"
# a card said in Korean words or written as its code ("상대 J♦ 맞은편에")
_ANY_CARD = (
    r"((?:스페이드|하트|다이아몬드|다이아|클로버)\s*(?:[0-9]+|[AKQJ]|에이스|킹|퀸|잭)|"
    r"(?:10|[2-9AKQJ])[♠♥♦♣])"
)

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # "필드 4♠을 클로버4로 바꿔주세요": the Field Card named first, the card replacing it with 로
    (
        "ko",
        "phrase",
        r"필드\s*(?:카드\s*)?(?:의\s*)?"
        + _ANY_CARD
        + r"\s*(?:을|를|은|는)?\s*"
        + _ANY_CARD
        + r"\s*(?:으로|로)\s*(?=바꾸|바꿔|바꿀|바꾼|교체)\S*",
        r" replace the field \1 with \2 ",
    ),
    # "뒷면으로 깔게요": laid face down, not turned over; "덮어놓을게요": laid covered
    ("ko", "phrase", r"뒷면(?:으로)?\s*깔\s*(?:래|게|께|아|자)\S*", " face down put "),
    ("ko", "phrase", r"덮어\s*(?:서\s*)?(?:놓|두|둘|놔|깔)\S*", " face down put "),
    # "앞면으로 깔게요": laid face up (깔다, lay; not 까다, turn over)
    ("ko", "phrase", r"앞\s*면(?:으로)?\s*깔\s*(?:래|게|께|아|자)\S*", " face up put "),
    # "2열 뒷면카드 챌린지": the face-down card is theirs, the one challenged (played face up);
    # "2열 뒷면카드 하트J로 챌린지ㄱㄱ": the card to meet it with said between
    ("ko", "phrase", r"뒷면\s*(?:카드)?\s*(?:를|을)?\s*(?:챌린지|도전|까)\S*", " challenge "),
    (
        "ko",
        "phrase",
        r"뒷면\s*카드\s*(?:(?:를|을|에|랑|한테|에다)(?![가-힣]))?(?=.*(?:챌린지|도전|붙))",
        " challenge the face down ",
    ),
    # "상대 fd랑 붙자": the other side's face-down card, met face up (a challenge); "오픈해서":
    # played open, face up
    (
        "ko",
        "phrase",
        r"상대\s*(?:의\s*)?(?:fd|FD|뒷면\s*카드|뒷면)\S*\s*(?:붙|까|챌린지)\S*",
        " challenge ",
    ),
    ("ko", "phrase", r"오픈(?:해서|해|으로|하고)?", " face up "),
    ("ko", "counter", "열", "column"),
    ("ko", "counter", "줄", "column"),
    ("ko", "counter", "칸", "column"),
    ("ko", "word", "열", "column"),
    ("ko", "word", "줄", "column"),
    ("ko", "word", "칼럼", "column"),
    ("ko", "word", "컬럼", "column"),
    ("ko", "counter", "컬럼", "column"),
    ("ko", "counter", "칼럼", "column"),
    ("ko", "phrase", r"앞\s*면|(?<!비)공개(?:로|해서|하고)", " face up "),
    (
        "ko",
        "phrase",
        r"뒷\s*면|뒤\s*면|뒤집어서|뒤집어|비공개(?:로)?|안\s*보이게|숨겨(?:서|놓|둘|둘게|놓을게)?|"
        # the other side's card covered ("상대 덮인 카드"): its face-down card; else any form of
        # 덮다 or 엎다 (cover, lay face down: "덮어서", "엎고", "덮은 채로") lays one's own card so
        r"(?<=상대)\s*(?:의\s*)?(?:덮인|엎인|엎어진|덮여\S*|엎어둔|덮어둔)|"
        r"(?:엎|덮)(?!인|여|어진|혀)\S*",
        " face down ",
    ),
    ("ko", "phrase", r"(\d)\s*번\s*(줄|열|칸|컬럼|칼럼)", r"\1\2"),  # 7번줄 → 7줄: column 7
    # a column said with its Sino-Korean number ("칠번열"; not 이번, this time)
    ("ko", "phrase", r"(?<![가-힣])일\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "1"),
    ("ko", "phrase", r"(?<![가-힣])삼\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "3"),
    ("ko", "phrase", r"(?<![가-힣])사\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "4"),
    ("ko", "phrase", r"(?<![가-힣])오\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "5"),
    ("ko", "phrase", r"(?<![가-힣])육\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "6"),
    ("ko", "phrase", r"(?<![가-힣])칠\s*번\s*(?=줄|열|칸|컬럼|칼럼)", "7"),
    # … and as an ordinal ("칠번째 열"): the column of that number
    ("ko", "phrase", r"(?<![가-힣])칠\s*번\s*째\s*(?=줄|열|칸|컬럼|칼럼)", "7"),
    ("ko", "phrase", r"(?<![가-힣])육\s*번\s*째\s*(?=줄|열|칸|컬럼|칼럼)", "6"),
    ("ko", "phrase", r"(?<![가-힣])오\s*번\s*째\s*(?=줄|열|칸|컬럼|칼럼)", "5"),
    ("ko", "phrase", r"(?<![가-힣])사\s*번\s*째\s*(?=줄|열|칸|컬럼|칼럼)", "4"),
    ("ko", "phrase", r"(?<![가-힣])삼\s*번\s*째\s*(?=줄|열|칸|컬럼|칼럼)", "3"),
    ("ko", "phrase", r"필드\s*(\d)\s*번?\s*(카드)?", r" field card \1 "),
    ("ko", "word", "필드", "field"),
    # a Field Card named by the card on it: "필드에 있는 다이아 7" → the 7 of diamonds field card;
    # its column, "필드에 클로버7 있는 칸에" → under the 7 of clubs
    (
        "ko",
        "phrase",
        r"필드\s*(?:에|의)?\s*"
        + _KO_CARD
        + r"\s*(?:이|가)?\s*(?:있는|놓인)\s*(?:칸|열|줄|자리|곳)\s*(?:에|으로|로)?",
        r" under the \1 ",
    ),
    (
        "ko",
        "phrase",
        r"필드\s*(?:에\s*있는|의)\s*" + _KO_CARD,
        r" the \1 field card ",
    ),
    # a column named by a card on the board, the Korean way round: "스페이드 7 밑에" → under the
    # 7 of spades, "상대 다이아 잭 맞은편에" → across from their jack of diamonds
    (
        "ko",
        "phrase",
        _ANY_CARD + r"\s*(?:의\s*)?(?:밑에|아래에|아래|밑)",
        r" under the \1 ",
    ),
    (  # "상대 J♦ 맞은편에 하트J": the card played said after the place
        "ko",
        "phrase",
        _ANY_CARD + r"\s*(?:의\s*)?(?:맞은편에|맞은편|건너편에|반대편에|앞에)\s+" + _ANY_CARD,
        r" \2 across from the \1 ",
    ),
    (
        "ko",
        "phrase",
        _ANY_CARD + r"\s*(?:의\s*)?(?:맞은편에|맞은편|건너편에|반대편에|앞에)",
        r" across from the \1 ",
    ),
    ("ko", "word", "도전", "challenge"),
    ("ko", "phrase", r"챌린지", " challenge "),  # "상대 2열에 엎어놓은거 하트8로 챌린지ㄱㄱ"
    ("es", "phrase", r"\b(?:mi )?carta m[aá]s alta\b|\bla m[aá]s alta\b", " my highest card "),
    # "젤 센 카드" (the strongest card): one's highest
    (
        "ko",
        "phrase",
        r"(?:젤|제일|가장)\s*(?:센|쎈|높은|큰)\s*(?:카드|걸로|거로|거|것|걸)?",
        " my highest card ",
    ),
    # "까다" (turn over, of the other row's face-down card): a challenge, played face up
    ("ko", "phrase", r"까\s*(?:볼|봐|보|자|줄|야|서|고|기)|깔\s*(?:래|게|께)|깐다", " challenge "),
    # "맨 오른쪽 칸에" (in the very right slot): the last column; "맨 왼쪽": the first
    (
        "ko",
        "phrase",
        r"(?:맨|제일|가장)\s*오른\s*쪽\s*(?:칸|열|줄|자리)?(?:에|으로|로)?",
        " far right column ",
    ),
    (
        "ko",
        "phrase",
        r"(?:맨|제일|가장)\s*왼\s*쪽\s*(?:칸|열|줄|자리)?(?:에|으로|로)?",
        " far left column ",
    ),
    ("ko", "word", "바꾸", "replace"),
    ("ko", "word", "교체", "replace"),
    ("ko", "word", "필드카드", "field card"),
    # "su carta tapada": their face-down card, a card on the board, not how mine is laid
    (
        "es",
        "phrase",
        r"\b(?:su|sus|la|las) cartas? (?:tapad[oa]s?|boca ?a?bajo|ocult[oa]s?|escondid[oa]s?)"
        r"(?= de\b| del\b)|\b(?:su|sus) cartas? (?:tapad[oa]s?|boca ?a?bajo|ocult[oa]s?|"
        r"escondid[oa]s?)\b",
        " their face down card ",
    ),
    # "(ver) q carta tiene tapada": the card they hold face down, theirs by "tiene(n)"
    (
        "es",
        "phrase",
        r"\b(?:q|que|qu[eé]|cual|cu[aá]l)? ?(?:carta )?tienen? (?:ahi |ahí )?"
        r"(?:tapad[oa]s?|boca ?a?bajo|ocult[oa]s?|escondid[oa]s?)\b",
        " their face down card ",
    ),
    (
        "es",
        "phrase",
        r"\b(?:boca|cara) ?(?:(?:hacia|pa|para) )?a?bajo\b|\btapad(?:it)?[oa]s?\b|"
        r"\bocult[oa]s?\b|\bescondid[oa]s?\b|\bsin mostrar(?:la|lo)?\b",
        " face down ",
    ),
    # a column named by the card across from it: "frente al rey de corazones de ellos"
    ("es", "phrase", r"\b(frente a|enfrente de|delante de) (su|sus)\b", " across from their "),
    ("es", "phrase", r"\b(frente a(l)?|enfrente de(l)?|delante de(l)?)\b", " across from the "),
    ("es", "phrase", r"\b(debajo|abajo) de(l)?\b", " under the "),
    ("es", "phrase", r"\bpor (mi|el|la)\b", r" for \1 "),
    ("es", "phrase", r"\s+de (ellos|el rival|la maquina|el otro)\b", " "),
    (
        "es",
        "phrase",
        r"\b(?:boca|cara) ?(?:(?:hacia|pa|para) )?a?rriba\b|\bdescubiert[oa]s?\b|"
        r"\bdestapad[oa]s?\b|\ba la vista\b",
        " face up ",
    ),
    ("es", "phrase", r"\bcolumnas?\b|\bcol\b", " column "),
    ("es", "phrase", r"\b(en|de|a) la ([1-7])\b", r" \1 column \2 "),  # la (columna) 7
    # "le destapo la carta boca abajo con el as": their face-down card uncovered, a challenge
    (
        "es",
        "phrase",
        r"\bdesafi[oa]\w*\b|\breto\b|\b(?:le )?(?:destap|descubr)[oa]\b",
        " challenge ",
    ),
    ("es", "phrase", r"\bcarta de campo\b|\bcampo\b", " field card "),
    ("es", "phrase", r"\breemplaz\w*\b|\bcambi\w*\b", " replace "),
)

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "A two-seat duel on a 3x7 grid: play cards into seven columns, face up or face down, "
    "and win columns by matching the Field Card's suit or by rank."
)


# the coach's reasons (gm/games/masul/ai.py ``explain``, rules.column_result's ``why``)
REASONS: tuple[str, ...] = (
    N_("It plays {card} face down in C{column} ({facing}): hidden until the end"),
    N_("It replaces the Field Card of C{column} with {card}: the column's suit changes"),
    N_("It plays {card} face up in C{column} ({facing})"),
    N_("In C{column}: a face-down card beside a face-down card, a draw for {card}"),
    N_("In C{column} ({stands}): {why}"),
    N_("the other row's card there is face down"),
    N_("the other row has no card there yet"),
    N_("against {card}"),
    N_("with the new Field Card"),
    N_("as its Field Card stands"),
    N_("{seat} wins: {seat}'s {card} faces an empty slot"),
    N_("{seat} wins: {seat}'s {card} matches the field suit {suit}, {other}'s {theirs} does not"),
    N_("{seat} wins: {phrase} and {seat}'s {card} outranks {other}'s {theirs}"),
    N_("both match the field suit {suit}"),
    N_("neither matches the field suit {suit}"),
)

# the board's words (gm/games/masul/notation.py ``render``; the rules' exhausted reasons and score)
BOARD: tuple[str, ...] = (
    N_("Opponent's Hand: {count}"),
    N_("{seat} Player's Hand: {count}"),
    N_("Columns: {columns}"),
    N_("My Hand: {cards}"),
    N_("(empty)"),
    N_("{seat} (empty)"),
    N_("My Face-Down: {cards}"),
    N_("Discard: {cards}"),
    N_("Field Replacements Left: {counts}"),
    N_("Exhausted: {seats}"),
    N_("{seat} (row full)"),
    N_("{seat} (hand empty)"),
    N_("Turn: {seat}"),
    N_("{seat} (you)"),
    N_("{seat} (opponent)"),
    N_("Unplayed Cards: {hands}"),
    N_("{column}: undecided (a slot is still empty)"),
    N_("Columns Won: {counts}"),
    N_("Final Score: {counts} - tie"),
    N_("Final Score: {counts} - {seat} wins"),
    N_("{column}: draw: both slots are empty"),
    N_("{column}: draw: both cards are face-down ({seat}'s {card}, {other}'s {other_card}), "
       "nobody scores"),
    N_("{column}: {seat} wins: {mine}'s {card} faces an empty slot"),
    N_("{column}: {seat} wins: {mine}'s {card} matches the field suit {suit}, {other}'s "
       "{other_card} does not"),
    N_("{column}: {seat} wins: both match the field suit {suit} and {mine}'s {card} outranks "
       "{other}'s {other_card}"),
    N_("{column}: {seat} wins: neither matches the field suit {suit} and {mine}'s {card} "
       "outranks {other}'s {other_card}"),
    N_("{column}: draw: both match the field suit {suit} and {seat}'s {card} and {other}'s "
       "{other_card} are of equal rank"),
    N_("{column}: draw: neither matches the field suit {suit} and {seat}'s {card} and {other}'s "
       "{other_card} are of equal rank"),
    N_("{seat} won {count} columns to {other}"),
    N_("Tie: {count} columns each"),
)  # fmt: skip
