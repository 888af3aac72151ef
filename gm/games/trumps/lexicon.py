"""Your Trumps' words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
trumps, leading, beating, taking."""

from __future__ import annotations

from gm.games.words import N_

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # "스페이드킹으로 선 잡을게" (I take the lead with the king), "6하트로 시작": a lead
    ("ko", "phrase", r"(?:으로|로)?\s*(?:선\s*(?:을\s*)?(?:잡|먹|가져가)|시작)\S*", " lead "),
    # the seats by their names (north deals)
    ("ko", "word", "북쪽", "north"),
    ("ko", "word", "남쪽", "south"),
    ("es", "word", "norte", "north"),
    ("es", "word", "sur", "south"),
    ("es", "phrase", r"\bnorte\b", " north "),
    ("ko", "word", "트럼프", "trump"),
    ("ko", "word", "으뜸패", "trump"),
    # 퀸을 하트 킹으로 잡고: the card with 을/를 is beaten, the one with (으)로 beats it
    (
        "ko",
        "phrase",
        r"(\S+?)(?:을|를)\s+((?:하트|다이아|스페이드|클로버|클럽)?\s*\S+?)\s?(?:으로|로)\s*"
        r"(?:잡|이기|이겨|막|덮|때리|때려|때릴|쳐|치고)\S*",
        r" beat \1 with \2 ",
    ),
    # 하트킹으로 퀸 잡고: the one with (으)로 first, the beaten card after it
    (
        "ko",
        "phrase",
        r"((?:하트|다이아|스페이드|클로버|클럽)?\s*\S+?)\s?(?:으로|로)\s+(\S+?)(?:을|를)?\s*"
        r"(?:잡|이기|이겨|막|덮|때리|때려|때릴|쳐|치고)\S*",
        r" beat \2 with \1 and ",
    ),
    (
        "ko",
        "phrase",
        r"((?:하트|다이아|스페이드|클로버|클럽)?\s*\S+?)\s?(?:으로|로)\s*(?:잡|이기|이겨|막|덮|때리|때려|때릴|쳐|치고)\S*",
        r" beat with \1 ",
    ),
    ("ko", "word", "얹", "put"),
    ("ko", "word", "내", "play"),  # a lead on an empty pile, else the card put after the beat
    ("ko", "word", "이기", "beat"),
    ("ko", "word", "잡", "beat"),
    ("ko", "word", "덮", "beat"),
    ("ko", "word", "가져가", "take"),
    ("ko", "phrase", r"주워\s*(?:갈|가|올|먹)\S*", " take "),  # "5장 주워갈게": picked up, taken
    # "걍 받을게요 5장": the cards taken
    ("ko", "phrase", r"(?<![가-힣])받(?:을게|을께|을래|는다|자|겠)\S*", " take "),
    # "그냥 5장 가져갈래요": the cards on the table taken, by their count
    (
        "ko",
        "phrase",
        r"\d+\s*장\s*(?:다\s*)?(?:가져갈(?:래|게|께)|먹을(?:래|게|께)|가져가자|먹자)(?:요)?",
        " take ",
    ),
    (
        "ko",
        "phrase",
        r"먹(?:을래|을게|는다|어야지|자|지|을께)",
        " take ",
    ),  # "그냥 먹을래 5장": the pile
    ("es", "phrase", r"\bcomo triunfo\b|\bde triunfo\b", " trump "),
    ("es", "phrase", r"\btriunfos?\b", " trump "),
    ("es", "phrase", r"\bsalgo con\b|\bsalir con\b", " lead "),
    (
        "es",
        "phrase",
        r"\b(agarro|me llevo|levanto|recojo|tomo)( las| todas)*( \d+| cartas| cinco| cuatro| tres|"
        r" seis| dos)?\b",
        " take ",
    ),
    ("es", "phrase", r"\btiro\b|\bjuego\b|\bpongo\b|\bbajo\b", " play "),
    # "no la mato, recojo las 5": the beat refused, then the move
    ("es", "phrase", r"\bno (?:la |lo |las |los |le )?(?:mato|gano)\b", " not beating it "),
    ("es", "phrase", r"\bmato\b|\bgano\b", " beat "),
    # "rey de corazones encima de la reina y después el as": the card beaten, then the one added
    ("es", "phrase", r"\bencima de(?:l| la| el)?\b|\bsobre (?:la|el)\b", " over the "),
    ("es", "phrase", r"\b(?:y )?despu[eé]s\b", " and then "),
    (
        "es",
        "phrase",
        r"\b(me (las |la |lo |los )?llevo|recojo|cojo)\b"
        r"( las cartas| el mont[oó]n| la pila| todo)?",
        " take ",
    ),
    ("es", "phrase", r"\b(?:el|del) mont[oó]n\b", " the pile "),  # "cuántas hay en el montón"
)

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "A two-player duel: each owns a trump suit; beat the top card of the pile or pick "
    "cards up, and be the first to get rid of every card."
)


# the coach's reasons (gm/games/trumps/ai.py ``explain``)
REASONS: tuple[str, ...] = (
    N_("It names {suit} as your trump suit: its cards beat every other suit"),
    N_("It takes the pile ({count} cards) rather than spend a card on {top}"),
    N_("the pile"),
    N_("{card} beats {top}"),
    N_("{card} beats {top} with your trump"),
    N_("{beat}, and it is your last card"),
    N_("It leads {card}: the other seat must beat it or take the pile"),
    N_("{beat}; then {card} on top: no card the other seat holds can beat it, so it must take"),
    N_("{card} on top: no card the other seat holds can beat it, so it must take"),
)

# the board's words (gm/games/trumps/notation.py ``render``, the last moves' texts of rules.py)
BOARD: tuple[str, ...] = (
    N_("{deck}-card pack"),
    N_("choosing trumps"),
    N_("{ply} moves played (a draw at {limit})"),
    N_("{seat} (you)"),
    N_("{seat} (dealer)"),
    N_("{seat} (non-dealer)"),
    N_("trump {suit}"),
    N_("trump not chosen yet"),
    N_("{count} cards"),
    N_("{count} card"),
    N_("{count} cards: {hand}"),
    N_("{count} card: {hand}"),
    N_("{count} cards:"),
    N_("known: {cards}"),
    N_("pile ({count}, bottom→top): {cards} ← top {top}"),
    N_("pile: empty"),
    N_("last: {what}"),
    N_("{seat} chooses {suit} as trump."),
    N_("Dealt {count} cards each."),
    N_("Sixes exchange: {seat} hands {six} to {other}."),
    N_("{seat} leads {card}."),
    N_("{seat} beats {top} with {card} and puts {put}."),
    N_("{seat} beats {top} with the last card {card}."),
    N_("{seat} took {count}: {cards} (top now {top})."),
    N_("{seat} took {count}: {cards} (pile empty: {other} leads)."),
    N_("To move: {seat} — choose a trump suit (TRUMP ♥); the two trumps must differ."),
    N_("To move: {seat} — lead any card ({example})."),
    N_("To move: {seat} — lead any card."),
    N_("To move: {seat} — beat {top} with {how} and add a card, or TAKE {count}."),
    N_("To move: {seat} — beat {top} with {how} (the last card: nothing to add), or TAKE {count}."),
    N_("a higher {suit}"),
    N_("a higher {suit} or any {trump}"),
    N_("{seat} has no cards left and wins"),
    N_("{seat} has no cards left, but {other}'s last card could beat {top}: a draw"),
)
