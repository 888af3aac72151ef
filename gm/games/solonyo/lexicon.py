"""So-Lon-Yo's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
picking one of three cards."""

from __future__ import annotations

from gm.games.words import N_

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # the roles, asked after ("soy el retador o el q defiende?", "내가 도전자야 방어자야?")
    ("es", "phrase", r"\b(?:retador|desafiante)\b", " challenger "),
    ("es", "phrase", r"\b(?:defensor|(?:el )?(?:q|que) defiende)\b", " defiant "),
    ("ko", "phrase", r"도전자|챌린저", " challenger "),
    ("ko", "phrase", r"방어자|디파이언트", " defiant "),
    # "맨 앞에거" (the very front one), "첫장" (the first card), "셋 중에" (of the three),
    # "11점짜리" (the one worth 11: its worth, no place)
    ("ko", "phrase", r"맨\s*앞(?:에|의)?\s*(?:거|것|카드|장)?", " first "),
    ("ko", "phrase", r"맨\s*(?:뒤|끝)(?:에|의)?\s*(?:거|것|카드|장)?", " last "),
    ("ko", "phrase", r"첫\s*(?:장|번째\s*장|카드)", " first card "),
    ("ko", "phrase", r"(?:셋|세\s*장)\s*중(?:에|에서)?", " "),
    ("ko", "phrase", r"\d+\s*점\s*짜리", " "),
    # "제발 높은거 나와라" (please let it be a high one): a wish said of the pick, no choice
    # (after a pick: "두번째거요 제발 높은거 나와라"; alone it is a remark, left as it is)
    (
        "ko",
        "phrase",
        r"(째\S*\s+(?:제발\s*)?)(?:높은|센|쎈|큰)\s*(?:거|게|걸|카드)?\s*(?:좀\s*)?"
        r"(?:나와라|나와|나오길|나오면|떠라|뜨길)",
        r"\1 ",
    ),
    # "저번이랑 같은 자리로": the position picked last time
    (
        "ko",
        "phrase",
        r"(?:저번|지난번|아까|전판|전\s*라운드)\w{0,3}\s*(?:같은|똑같은)\s*(?:자리|곳|데|위치|번호|거)",
        " same spot as last time ",
    ),
    (
        "es",
        "phrase",
        r"\b(?:la )?misma (?:que|q) (?:la (?:ultima|última) vez|la vez pasada|antes)\b",
        " same spot as last time ",
    ),
    ("es", "phrase", r"\b(?:otra vez|de nuevo)\b", " again "),  # "tercera otra vez"
    # "그냥 10으로", "10짜리로" (with the 10): a shown card's rank, no place (the places are 1 to
    # 3); not a suit's rank ("10하트로")
    (
        "ko",
        "phrase",
        r"(?<![\d가-힣])(?<!하트 )(?<!이드 )(?<!이아 )(?<!몬드 )(?<!로버 )(?<!클럽 )"
        r"(?:([4-9]|10)\s*(?:짜리\s*)?(?:으로|로)(?![가-힣])|([4-9]|10)\s*짜리)",
        r" the \1\2 ",
    ),
    ("ko", "phrase", r"첫\s*째", " first "),
    ("ko", "phrase", r"둘\s*째", " second "),
    ("ko", "phrase", r"셋\s*째", " third "),
    ("ko", "word", "고르", "pick"),
    ("ko", "word", "선택", "pick"),
    ("ko", "word", "가운데", "middle"),
    (
        "ko",
        "phrase",
        r"맨\s*오른쪽(?:\s*끝)?|오른쪽\s*끝(?:에)?\s*(?:있는)?\s*(?:거|것|카드)?",
        " the right one ",
    ),
    (
        "ko",
        "phrase",
        r"맨\s*왼쪽(?:\s*끝)?|왼쪽\s*끝(?:에)?\s*(?:있는)?\s*(?:거|것|카드)?",
        " the left one ",
    ),
    ("ko", "word", "왼쪽", "left"),
    ("ko", "word", "오른쪽", "right"),
    # a card described by its colour: 빨간 거, la roja, el negro
    ("ko", "phrase", r"(빨간|빨강|레드)\s*(색)?\s*(거|것|카드|장)?", " the red one "),
    ("ko", "phrase", r"(검은|검정|까만|블랙)\s*(색)?\s*(거|것|카드|장)?", " the black one "),
    # "la q vale mas", "la más valiosa": the highest; "젤 센걸로" (the strongest one)
    ("es", "phrase", r"\b(la |el )?(q|que) (vale|valga) mas\b|\bla mas valiosa\b", " the highest "),
    (
        "ko",
        "phrase",
        r"(젤|제일|가장)\s*(센|쎈|높은|큰)\s*(카드|걸로|거로|거|것|걸)?",
        " the highest ",
    ),
    (
        "ko",
        "phrase",
        r"(젤|제일|가장)\s*(낮은|작은|약한)\s*(카드|걸로|거로|거|것|걸)?",
        " the lowest ",
    ),
    ("es", "phrase", r"\broj[oa]s?\b", " red "),
    ("es", "phrase", r"\bnegr[oa]s?\b", " black "),
    ("es", "phrase", r"\bme quedo con\b|\bvoy con\b|\belijo\b|\bescojo\b|\bcojo\b", " pick "),
    (
        "es",
        "phrase",
        r"\bla (de )?(en |al )?(el )?(medio|centro)\b|\bdel (medio|centro)\b",
        " the middle one ",
    ),
    ("es", "phrase", r"\bizquierda\b", " left "),
    # "número uno", "voy con la uno", "la tres": a card by its place
    (
        "es",
        "phrase",
        r"\b(?:voy con |me quedo con )?(?:la |el )?(?:numero|carta) (uno|dos|tres)\b",
        r" card \1 ",
    ),
    (
        "es",
        "phrase",
        r"\b(?:voy con|me quedo con|elijo) (?:la|el) (uno|dos|tres)\b",
        r" pick card \1 ",
    ),
    ("es", "phrase", r"\bderecha\b", " right "),
)

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "The defiant picks one of three cards to beat the challenger's card and scores; lose "
    "and the roles swap. First to 128 points wins."
)


# the coach's reasons (gm/games/solonyo/ai.py ``explain``)
REASONS: tuple[str, ...] = (
    N_("Your three cards are face down, so no position is better than another: any pick is as "
       "good as this one"),
    N_("{card} beats the challenger's {theirs}: +{points}, and you stay defiant"),
    N_("{card} ties the challenger's {theirs}: no points, but you stay defiant"),
    N_("None of your cards beats or ties the challenger's {theirs}: every pick loses the role"),
)  # fmt: skip

# the board's words (gm/games/solonyo/notation.py ``render``, the last round's text of rules.py)
BOARD: tuple[str, ...] = (
    N_("round {round}"),
    N_("target {target}"),
    N_("scoring card"),
    N_("scoring difference"),
    N_("scoring challenger_card"),
    N_("{seat} (you, defiant)"),
    N_("{seat} (defiant)"),
    N_("{seat} (you, challenger)"),
    N_("{seat} (challenger)"),
    N_("{count} points"),
    N_("cards {cards}"),
    N_("card {card}"),
    N_("deck: {count} cards"),
    N_("discard: {count} cards"),
    N_("last: {what}"),
    N_("{seat} picks {pick} → {card} beats {other}: +{won} → {total}."),
    N_("{seat} stays defiant."),
    N_("{seat} picks {pick} → {card} ties {other}: no points; fresh deal, same roles."),
    N_("{seat} picks {pick} → {card} loses to {other}: no points; roles swap, {next} is now "
       "defiant."),
    N_("(Not picked: {cards}.)"),
    N_("To move: {seat} — PICK 1, PICK 2 or PICK 3."),
    N_("To move: {seat} — PICK 1, PICK 2 or PICK 3 (face down: a blind pick)."),
    N_("{seat} (you)"),
    N_("{card}({value} vs {ranks})"),
    N_("{seat} reaches {count} points (target {target})."),
)  # fmt: skip
