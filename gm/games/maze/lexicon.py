"""Mystique Maze's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
drawing and discarding, the deck and the pile, the colours and the Mystique suits."""

from __future__ import annotations

from gm.games.words import N_

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    # "버린카드 받고 5RC 버려" (take the pile card and throw 5RC): the pile taken first, then the
    # discard (the reading puts a sentence's last verb first: put back in its place after)
    (
        "ko",
        "phrase",
        r"(?:버림\s*패|버린\s*(?:카드|거|것)|더미|파일(?:\s*카드)?)(?:에서|서)?\s*"
        r"(?:줍|받|집|가져오|가져와)"
        r"(?:고|아서|어서|서)\s+",
        " take from the pile, ",
    ),
    ("ko", "after", r"\bdiscard\s+take from the pile,\s*", "take from the pile, discard "),
    ("ko", "phrase", r"방금\s*(뽑은|가져온|받은)\s*(카드|거|것)?", " the card i just drew "),
    ("ko", "phrase", r"(버린\s*)?(카드\s*)?더미(에서|서)?|버린\s*(카드|거|것)(에서)?",
     " from the pile "),
    ("ko", "phrase", r"덱에서|더미\s*말고\s*덱", " from the deck "),
    # colour and suit before the analyser (it splits 문장 into 문 + 장, reads 해 as a verb)
    ("ko", "phrase", r"노란색?|노랑", " yellow "),
    ("ko", "phrase", r"빨간색?|빨강", " red "),
    ("ko", "phrase", r"파란색?|파랑", " blue "),
    ("ko", "phrase", r"(yellow|red|blue)?\s*(해|태양)(?=\s*\d|\s*$|\s*카드)", r" \1 sun "),
    ("ko", "phrase", r"(yellow|red|blue)\s*해(?![가-힣])", r" \1 sun "),  # 빨강 해 버려: the sun
    ("ko", "phrase", r"(yellow|red|blue)?\s*달(?=\s*\d|\s*$|\s*카드)", r" \1 moon "),
    ("ko", "phrase", r"(yellow|red|blue)?\s*왕관", r" \1 crown "),
    ("ko", "phrase", r"(yellow|red|blue)?\s*(문장|방패)", r" \1 arms "),
    ("ko", "phrase", r"(yellow|red|blue)?\s*팔(?=\s*\d)", r" \1 arms "),
    ("ko", "phrase", r"파일에서|파일", " from the pile "),
    ("ko", "phrase", r"(?:맨\s*)?위에\s*있는\s*(?:거|것|카드)", " from the pile "),  # the top one
    ("ko", "phrase", r"버림\s*패(?:에서)?", " from the pile "),  # the discards, by their name
    ("ko", "phrase", r"주워\S*|줍\S*", " take "),  # "3RA 주워오고": picked up
    ("ko", "phrase", r"드로우", " draw "),
    # "5YM 가져와서 바로 다시 버릴게": the card just taken thrown back (PILE 5YM)
    ("ko", "phrase", r"(?:바로\s*)?다시\s*버(?:려|릴|리|림)\S*", " discard it back "),
    ("ko", "phrase",
     r"(?:버리는|버릴)\s*(?:건|거는|것은|거|카드는?)\s*(?:\S+\s*)?(?:보고|나중에|이따)\s*\S*", " "),
    ("ko", "phrase", r"집(?:고|어|을게|어서|음|을래)|받(?:고|을게|아|을래|겠|을께)\S*", " take "),
    ("ko", "word", "먹", "take"),
    ("ko", "word", "집", "take"),
    ("ko", "word", "버리", "discard"),
    ("ko", "word", "체인", "chain"),
    ("ko", "word", "연결", "chain"),
    ("ko", "word", "뽑", "draw"),
    ("ko", "word", "가져오", "take"),
    ("ko", "word", "가져가", "take"),
    ("ko", "word", "챙기", "take"),
    ("ko", "word", "가지", "take"),
    ("ko", "word", "덱", "deck"),
    ("ko", "word", "더미", "pile"),
    ("ko", "word", "노랗", "yellow"),
    ("ko", "word", "노랑", "yellow"),
    ("ko", "word", "빨갛", "red"),
    ("ko", "word", "빨강", "red"),
    ("ko", "word", "파랗", "blue"),
    ("ko", "word", "파랑", "blue"),
    ("ko", "word", "해", "sun"),
    ("ko", "word", "태양", "sun"),
    ("ko", "word", "달", "moon"),
    ("ko", "word", "왕관", "crown"),
    ("ko", "word", "문장", "arms"),
    ("ko", "word", "방패", "arms"),
    ("es", "phrase", r"\bla (?:misma )?(?:carta )?(?:que|q) (?:acabo de (?:robar|sacar|coger|"
     r"tomar|agarrar)|agarr[eé]|cog[ií]|rob[eé]|saqu[eé]|tom[eé])\b", " the card i just drew "),
    # "… y tirarla otra vez": the card just taken, thrown back
    ("es", "phrase", r"\b(?:tirarla|tirarlo|descartarla|descartarlo|soltarla|soltarlo|botarla|"
     r"botarlo|(?:la|lo) (?:tiro|descarto|suelto|boto))\s+(?:otra vez|de nuevo|de vuelta)\b",
     " throw it back "),
    ("es", "phrase", r"\b(?:tirarla|tirarlo|descartarla|descartarlo|soltarla|soltarlo|botarla|"
     r"botarlo)\b", " throw it "),
    # "puedo volver a tirar …?": whether a discard may be made, asked
    ("es", "phrase", r"\bpuedo (?:volver a )?(?:tirar|descartar|echar)\b", " can i discard "),
    ("es", "phrase", r"\b(robo|roba|robar|saco|saca|sacar)\b( una carta)?\s+del mazo\b",
     " draw from the deck "),
    ("es", "phrase", r"\b(cojo|coge|coger|tomo|toma|tomar|agarro|agarra|agarrar|me quedo con)\b"
     r"(.*)\bdel (?:mont[oó]n|pozo)(?: de (?:los )?descartes?)?\b",
     r" take \2 from the pile "),
    # "…, despues veo q tiro": the card to throw chosen later, none named now
    ("es", "phrase", r"\b(?:y )?(?:despu[eé]s|luego|ya)\s+veo\s+(?:que|q|qu[eé]|cual)\s+\w+",
     " "),
    ("es", "phrase", r"\b(?:del|de la) (?:mont[oó]n|pozo|pila) de (?:los )?descartes?\b",
     " from the pile "),
    ("es", "phrase", r"\b(del|el|la pila de|el monton de|la carta de|la de) descartes?\b|"
     r"\b(la|el) (carta )?de arriba( del (monton|pila|descarte)| de (los|las) (descartes|"
     r"descartadas|tiradas))?\b", " from the pile "),
    ("es", "phrase", r"\b(al|a la pila de|al monton de) descarte\b", " discard "),
    ("es", "phrase",
     r"\b(tomo|toma|agarro|agarra|cojo|coge|pillo|pilla|me llevo|levanto|recojo|"
     r"me quedo(?: con)?)\b",
     " take "),
    ("es", "phrase", r"\bsuelto\b|\bsuelta\b|\blargo\b|\becho\b|\bfuera\b", " discard "),
    # "agarro el 5YM y lo vuelvo a tirar": the card just taken thrown back (PILE 5YM)
    ("es", "phrase", r"\b(?:la |lo )(?:vuelvo a (?:tirar|descartar|echar)|devuelvo)\b",
     " discard it back "),
    ("es", "phrase", r"\b(?:vuelvo a (?:tirar|descartar|echar)|devuelvo)\b", " discard "),
    ("es", "phrase", r"\bdescart\w*\b|\btiro\b|\btira\b|\bbota\b|\bboto\b|\bdeshazte de\b",
     " discard "),
    ("es", "phrase", r"\bme deshago del?\b", " discard the "),
    ("es", "phrase", r"\b(robo|roba|robar|saco|saca)\b", " draw "),
    ("es", "phrase", r"\bmazo\b|\bbaraja\b", " deck "),
    ("es", "phrase", r"\bla del pozo\b", " the one from the pile "),
    ("es", "phrase", r"\bmont[oó]n\b|\bpila\b|\bpozo\b", " pile "),
    ("es", "phrase", r"\bamarill[oa]s?\b", " yellow "),
    ("es", "phrase", r"\broj[oa]s?\b", " red "),
    ("es", "phrase", r"\bazul(es)?\b", " blue "),
    ("es", "phrase", r"\bsol(es)?\b", " sun "),
    ("es", "phrase", r"\blunas?\b", " moon "),
    ("es", "phrase", r"\bcoronas?\b", " crown "),
    ("es", "phrase", r"\barmas\b|\bbrazos?\b", " arms "),
    # the card's three words in the order the reader takes them: 3 yellow moon
    ("ko", "after", r"\b(yellow|red|blue) (sun|moon|crown|arms) ([1-5])\b", r"\3 \1 \2"),
    ("es", "after", r"\b(sun|moon|crown|arms) (yellow|red|blue) ([1-5])\b", r"\3 \2 \1"),
    ("es", "after", r"\b(sun|moon|crown|arms) (yellow|red|blue)\b", r"\2 \1"),
)  # fmt: skip

# the game in one sentence (``GameInfo.summary``), worded in the seat's language too
SUMMARY = N_(
    "Draw and discard until your 8 cards chain your two corner cards through the "
    "colour-suit-number maze of the Mystique Deck."
)


# the coach's reasons (gm/games/maze/exact.py ``explain``, notation.chain_text)
REASONS: tuple[str, ...] = (
    N_("Discarding {card} leaves a chain from corner to corner: a win"),
    N_("{card} does the least for a chain between your corners; best chain then: {chain}"),
    N_("It discards {card}, keeping the rest for your chains; best chain then: {chain}"),
    N_("It draws a card from the {where} to join your chains; best chain then: {chain}"),
    N_("It plays {card}; best chain then: {chain}"),
    N_("It draws an unknown card from the deck rather than the pile's {top}: a new card may join "
       "your chains; best chain then: {chain}"),
    N_("The pile's {top} helps your chains less than a card from the deck is likely to"),
    N_("Taking {top} and discarding {card} makes a chain from corner to corner: a win"),
    N_("The pile's {top} helps your chains more than a card from the deck is likely to, and "
       "{card} does the least; best chain then: {chain}"),
    N_("It takes the pile's {top} (a known card) and discards {card}; best chain then: {chain}"),
    N_("{links} ({cards} of {total} cards)"),
    N_("{links} ({cards} of {total} cards - complete!)"),
    N_("none yet (no card of your hand touches {a} or {b})"),
    N_("deck"),
    N_("pile"),
)  # fmt: skip

# the board's words (gm/games/maze/notation.py ``render_board``; the suits' names of geometry.py)
BOARD: tuple[str, ...] = (
    N_("{count} seats"),
    N_("turn {turn} of {limit}"),
    N_("over after {count} turns"),
    N_("suit line {line}"),
    N_("Suns"),
    N_("Moons"),
    N_("Crowns"),
    N_("Arms"),
    N_("corners {cards}"),
    N_("hand {count}"),
    N_("known {cards}"),
    N_("Pile: {top} on top, {count} card"),
    N_("Pile: {top} on top, {count} cards"),
    N_("Pile: empty"),
    N_("Deck: {count} cards"),
    N_("{seat} to move: draw (DRAW DECK, DRAW PILE or PILE <card>)"),
    N_("{seat} to move: draw (DRAW DECK)"),
    N_("{seat} to move: discard ({how})"),
    N_("took {card} from the pile"),
    N_("drew {card} from the deck"),
    N_("drew from the deck"),
    N_("Spectator: hands are hidden."),
    N_("Your hand ({seat}): {cards}"),
    N_("Best chain from a corner: {chain}"),
    N_("{chain} ({count} of {total} cards)"),
    N_("{chain} ({count} of {total} cards - complete!)"),
    N_("none yet (no card of your hand touches {corner} or {other})"),
    N_("{seat} wins with {chain}"),
)
