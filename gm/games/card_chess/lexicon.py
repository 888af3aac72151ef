"""Card Chess's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
moving a piece, the board's areas."""

from __future__ import annotations

from gm.games.words import N_

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # "그냥 둬 교체 안함", "그냥 두자 킵": the revealed card kept
    ("ko", "phrase", r"(?:그냥|그대로)\s*(?:둬|두자|둘게|둘래)|놔\s*둬|냅\s*둬|킵|유지", " keep "),
    (
        "ko",
        "phrase",
        r"교체\s*(안|않)\S*|안\s*바꿀\S*|안\s*바꿔\S*|그대로\s*(둘|둬|유지)\S*",
        " keep ",
    ),
    (
        "ko",
        "phrase",
        r"(손패|패)\s*(싹\s*)?(다\s*|전부\s*|모두\s*)?(교환|바꿀|바꿔|바꾸)\S*|익스체인지|"
        r"교환\S*\s*(?:(?:손패|패)\s*(?:다|전부|모두)?\s*버리\S*\s*(?:새로\S*)?)?|"
        r"카드\s*(다|전부|모두)\s*(교환|바꿀|바꿔|바꾸)\S*",
        " exchange ",
    ),
    # "그냥 둘래", "놔둘게": said of the revealed card, leaving it is keeping it
    (
        "ko",
        "phrase",
        r"^\s*(그냥\s*|걍\s*)?(놔\s*|냅\s*)?"
        r"(둘래|둘게|둘께|둬|두자|둘래요|둘게요|둘께요|둬요)\s*[.!~]*\s*$",
        " keep ",
    ),
    ("ko", "phrase", r"(?<=로)\s*(가|가자|갈게|갈래|가줘|가요)(?=[\s.!~]*$)", " move "),
    # 잭을 에이스로 잡을게: the piece with 을/를 is taken, the one with (으)로 takes it
    (
        "ko",
        "phrase",
        r"(\S+?)(?:을|를)\s+(\S+?)(?:으로|로)\s*(?:잡|먹)",
        r" take \1 with \2 ",
    ),
    # "체크 하나 먹고" (earning one check): no capture
    ("ko", "phrase", r"체크\s*(?:하나|한\s*개|1개)?\s*(?:먹|따|얻|챙기)\S*", " "),
    ("ko", "word", "먹", "take"),
    ("ko", "word", "들어가", "move"),
    ("ko", "word", "보내", "move"),
    ("ko", "word", "전진", "move"),
    ("ko", "word", "레드", "red"),
    ("ko", "word", "빨갛", "red"),
    ("ko", "word", "블랙", "black"),
    ("ko", "word", "검", "black"),
    ("ko", "word", "검정", "black"),
    ("ko", "word", "캐슬", "castle"),
    ("ko", "word", "성", "castle"),
    ("ko", "word", "킹덤", "kingdom"),
    ("ko", "word", "왕국", "kingdom"),
    ("ko", "word", "중앙", "middle"),
    ("ko", "word", "옮기", "move"),
    ("ko", "word", "이동", "move"),
    ("ko", "word", "잡", "take"),
    ("ko", "word", "가운데", "middle"),
    ("ko", "word", "말", "pieces"),
    ("ko", "word", "기물", "pieces"),
    ("ko", "word", "체크", "check"),
    ("ko", "word", "직진", "straight"),
    (
        "ko",
        "phrase",
        r"(?:패|손패|카드)\s*(?:를|을)?\s*(?:전부|다|모두)\s*(?:버리고|바꾸\w*|교체\w*)|새로\s*5\s*장|패\s*교체|손패\s*교체",
        " new hand ",
    ),
    ("ko", "phrase", r"상대\s*(?:의\s*)?(성|캐슬)", " their castle "),
    ("ko", "phrase", r"내\s*(?:의\s*)?(성|캐슬)", " my castle "),
    ("ko", "phrase", r"(\d)\s*번\s*(?:칸|파일|줄|자리)", r" \1 "),
    ("ko", "phrase", r"(블랙|검정|레드|빨강)\s*(캐슬|성|킹덤|왕국)", r" \1 \2 "),
    (
        "ko",
        "phrase",
        r"킵|교체\s*안\s*(?:해|할게|함|할래)\w*|안\s*바꿀\w*|그냥\s*둘(?:게|래)\w*|그대로\s*둘\w*|냅둘\w*",
        " keep it ",
    ),
    ("ko", "word", "똑바로", "straight"),
    # "클로버2 한칸 앞으로" (one square forward): a piece moved straight on
    (
        "ko",
        "phrase",
        r"(?:한|1)\s*칸\s*(?:앞으로|전진)|앞으로\s*(?:한|1)\s*칸|앞으로|전진",
        " forward ",
    ),
    (
        "es",
        "phrase",
        r"\b(?:inter)?cambi\w* (toda |de )?(la |mi )?mano\b|"
        r"\b(?:inter)?cambi\w* (todas )?(las |mis )?(\d+ |cinco )?cartas( de (la|mi) mano)?\b|"
        r"\b(?:descarto|tiro|boto|suelto|cambio) (toda )?(la |mi )?mano( entera| completa| toda)?"
        r"( (y|e) (robo|saco|agarro|tomo|cojo|pido) (\d+|cinco)( nuevas| cartas( nuevas)?)?)?\b|"
        r"\b(?:robo|saco|pido) (\d+|cinco) (cartas )?nuevas\b",
        " exchange ",
    ),
    (
        "es",
        "phrase",
        r"\bdejal[oa]( asi| como esta| ahi)?\b|\b(lo|la) dejo( asi| como esta| ahi)?\b|"
        r"\bno (la |lo )?reemplazo\b|"
        r"\bme (la|lo) quedo\b|\b(la|lo) mantengo\b|\bno (la |lo )?cambio\b",
        " keep it ",
    ),
    ("es", "phrase", r"\bmuevo\b|\bmueve\b|\bmover\b", " move "),
    (
        "es",
        "phrase",
        r"\bcomo\b(?! (?:funciona|se|es|era|son|va|hago|puedo|hay|seria|asi|que)\b)|\bcapturo\b",
        " take ",
    ),
    # "la casilla 4 del medio", "la 5 del castillo": the row first, as the codes have it
    ("es", "phrase", r"\b(?:la )?(?:casilla )?([1-5]) del (medio|centro)\b", r" middle \1 "),
    ("es", "phrase", r"\bmedio\b|\bcentro\b", " middle "),
    # "la casilla 5 de mi castillo": the row first, as the codes have it
    (
        "es",
        "phrase",
        r"\b(?:la )?(?:casilla )?([1-5]) de (mi|su|tu) castillo\b",
        r" \2 castillo \1 ",
    ),
    ("es", "phrase", r"\bsu castillo\b", " their castle "),
    ("es", "phrase", r"\bsu reino\b", " their kingdom "),
    ("es", "phrase", r"\bcastillos?\b", " castle "),
    ("es", "phrase", r"\breinos?\b", " kingdom "),
    ("es", "phrase", r"\bnegr[oa]s?\b", " black "),
    ("es", "phrase", r"\broj[oa]s?\b", " red "),
    ("es", "phrase", r"\b(casilla|posicion|lugar|puesto)\b", " "),
    (
        "es",
        "phrase",
        r"\b(justo |hacia |para |derecho )adelante\b|\ben linea recta\b|\b(justo )?delante\b",
        " straight ",
    ),
    ("es", "phrase", r"\bmeto\b", " put "),
    ("es", "phrase", r"\bcolumnas?\b", " column "),
    # the colour after the row, as Spanish puts it: castillo negro 5 → black castle 5
    ("es", "after", r"\b(castle|kingdom)\s+(black|red)\b", r"\2 \1"),
)

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "Chess-like movement with playing cards on a 5×5 board of face-down cards: captures "
    "flip the board, and five pieces in the enemy castle win."
)


# the coach's reasons (gm/games/card_chess/ai.py ``explain``, rules.exchange_risk)
REASONS: tuple[str, ...] = (
    N_("It exchanges your hand for five new cards"),
    N_("Risky: after an EXCHANGE you may not exchange on your next turn, none of your pieces can "
       "move and your castle has no spot to play one in, so you would lose unless the opponent "
       "frees a move"),
    N_("Risky: after an EXCHANGE you may not exchange on your next turn and none of your pieces "
       "can move, so if the five cards you draw hold no {colour} card to play in, you lose at "
       "once"),
    N_("It plays {card} in at {spot}: {count} of your five pieces in play"),
    N_("It plays {card} in at {spot}"),
    N_("It replaces the revealed card with {card}: the spot holds your colour again"),
    N_("It keeps the revealed card where it stands and saves your hand's card"),
    N_("It moves from {start} to {end}"),
    N_("{piece} takes {other} on {end}; the spot then flips"),
    N_("{piece} takes {other} on {end}; the spot then flips and brings up the known {known} "
       "(yours)"),
    N_("{piece} takes {other} on {end}; the spot then flips and brings up the known {known} "
       "(yours, in check there)"),
    N_("{piece} takes {other} on {end}; the spot then flips and brings up the known {known} "
       "(theirs)"),
    N_("It puts {piece} in check on {end}: {count} of the five you need"),
    N_("It moves with {piece} from {start} to {end}, {way}"),
    N_("toward the enemy castle"),
    N_("sideways"),
    N_("back"),
)  # fmt: skip

# the board's words (gm/games/card_chess/notation.py ``render_board``)
BOARD: tuple[str, ...] = (
    N_("{seat} to move"),
    N_("game over"),
    N_("ply {ply} of {limit}"),
    N_("Ranks: BC black castle · BK black kingdom · M middle · RK red kingdom · RC red castle"),
    N_("Known face-down cards: {cards}"),
    N_("none"),
    N_("In play: {counts}"),
    N_("in check: {counts} (five wins)"),
    N_("{seat}'s hand: {count} cards"),
    N_("Your hand ({seat}): {cards}"),
    N_("(empty)"),
    N_("Draw pile: {count} cards"),
    N_("discard pile: {count}"),
    N_("{seat} must now REPLACE or KEEP: the capture on {spot} took {card} and revealed "
       "{other}'s {piece}."),
    N_("Your answers: {moves}"),
    N_("{seat} exchanged last turn and may not exchange now."),
    N_("{seat} wins: five {mine} pieces in check fill the {other} castle"),
    N_("{seat} wins: {other} can neither play in, exchange nor move, and {mine} could act in its "
       "place"),
    N_("stalemate: {other} cannot act and {seat} could not act either; a draw"),
)  # fmt: skip
