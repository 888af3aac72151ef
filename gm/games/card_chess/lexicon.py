"""Card Chess's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
moving a piece, the board's areas."""

from __future__ import annotations

from gm.games.words import N_

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    (
        "ko",
        "phrase",
        r"교체\s*(안|않)\S*|안\s*바꿀\S*|안\s*바꿔\S*|그대로\s*(둘|둬|유지)\S*",
        " keep ",
    ),
    (
        "ko",
        "phrase",
        r"(손패|패)\s*(다\s*|전부\s*|모두\s*)?(교환|바꿀|바꿔|바꾸)\S*|"
        r"카드\s*(다|전부|모두)\s*(교환|바꿀|바꿔|바꾸)\S*",
        " exchange ",
    ),
    ("ko", "word", "먹", "take"),
    ("ko", "word", "옮기", "move"),
    ("ko", "word", "이동", "move"),
    ("ko", "word", "잡", "take"),
    ("ko", "word", "가운데", "middle"),
    ("ko", "word", "말", "pieces"),
    ("ko", "word", "기물", "pieces"),
    ("ko", "word", "체크", "check"),
    (
        "es",
        "phrase",
        r"\bcambi\w* (toda |de )?(la |mi )?mano\b|\bcambi\w* (todas )?(las |mis )?cartas\b",
        " exchange ",
    ),
    (
        "es",
        "phrase",
        r"\bdejal[oa]( asi| como esta| ahi)?\b|\bno (la |lo )?reemplazo\b",
        " keep it ",
    ),
    ("es", "phrase", r"\bmuevo\b|\bmueve\b|\bmover\b", " move "),
    ("es", "phrase", r"\bcomo\b|\bcapturo\b", " take "),
    ("es", "phrase", r"\bmedio\b|\bcentro\b", " middle "),
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
