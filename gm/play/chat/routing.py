"""What a chat message is: the steps that take one message, read in English words
(gm/play/chat/language.py), to an intent, the text to act on and the game reader's verdict —
before anything is answered or played (gm/play/chat/__init__.py answers).

In order (:func:`route`): the phrasing matched whole or the position's reading
(:func:`understand`); a reason said after a move (the move said first wins over another read
from the reason's words), a tale of a move played before ("picked 3 last time, so middle this
time": the move after it), the clause before a comma when the whole is no definite move and the
rest says no other, or the last sentence said plainly after narration — and when a part and the
whole read as two different definite moves, both are asked back, never played
(:class:`ReadingsDisagree`); filler words or a remark before a move ("bueno ya fue,", "ugh cant
be bothered,") set aside; laughter, jokes, Korean exclamations and remarks with only a number in
them taken for chat; a message that ends with "?", opens with a question word or a request ("can
u print …", "a ver mis cartas", Spanish "q …"), asks again after a "?" ("reemplazo o no? q me
aconsejas") or asks a count or whose turn anywhere, a wish or a doubt ("ojalá pudiera…", "maybe
the queen?") never played — asked, it is answered, and a yes after it plays the move; a card
told of as dealt or only judged ("me regalaron el 6", "ese 5BS no me sirve") and a tale of an
earlier move with no place of its own ("q salio la ultima vez") taken for chat; one's own hand
named to be seen ("quiero ver mi mano y la pila") taken for the board; an undo said
with a move's words
("volvé atrás mi última elección") taken for an undo; a topic found by its key words
(gm/play/chat/topics.py) when no phrasing matched; a remark that names nothing taken for chat;
and last, whether a move the game refuses may count as an illegal attempt — only an explicit
try in the game's own move language does, never one said with a second clause or in a sentence
of more than nine words; and a definite move read from a remark on a card (laughter, a sigh or
an exclamation, and no verb, place, facing or bidding ending: "오 하트 에이스 왔다 ㅎㅎ") asked
back before it is played (``confirm``: "Did you mean …? Say yes").

Pure reading: no store, no answer; it names no game.
"""

from __future__ import annotations

import re
from typing import Any

from gm.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    ParseError,
    RiskyMoveError,
    TurnError,
)
from gm.games.cards import find_cards
from gm.games.words import number_value
from gm.play.chat import korean, spanish, topics
from gm.play.chat import language as languages
from gm.play.chat.intents import (
    asked,
    asks_about_playing,
    asks_about_the_game,
    asks_meaning,
    asks_what_if,
    classify,
    explicit_attempt,
    how_it_works,
    may_i,
    names_a_card_or_code,
    names_a_move,
    triage,
    trimmed,
)

Verdict = tuple[Any, str | None]

# a message that ends asking ("K♥ C5?", "el 6♥ q me pasó el otro ya es mío?", "…있던 거야?"):
# whatever move it names is asked about, never played — the answer says whether it is legal
# and offers it ("say yes to play it")
_ENDS_ASKING = re.compile(r"\?[\W_]*$")
# a message that opens with a question word or asks to be shown ("what about the 7 of hearts",
# "mostrame la pila"; not "como", I take): no move line of any blind part opens so (about 900
# other lines do)
# a count or whose turn asked anywhere ("a quien le toca y cuantas cartas quedan en el mazo"):
# asked of the position, never a move
_ASKS_COUNT = re.compile(
    r"\b(?:how many|how much|how big|cu[aá]nt[oa]s|a qui[eé]n le toca|whose turn)\b|"
    # "el as puede ir a M5" (can it go): asked, as a count is
    r"\b(?:puede|pueden|puedo|pod[eé]s|puedes)\s+(?:ir|jugar|mover|moverse|comer|capturar|llegar|"
    r"entrar|pasar|ser|poner|tirar)\b|"
    r"몇\s*(?:장|개|턴|번)|얼마나\s*(?:남|있)",
    re.IGNORECASE,
)
# Spanish chat's "q" for "qué" opening a message ("q salio …"; not "q sea el 5…", let it be)
_Q_OPENS = re.compile(r"^\W*q\s+(?!sea\b|vaya\b|salga\b|de\b|del\b)[a-z]{2,}")
_OPENS_ASKING = re.compile(
    r"^\W*(?:a ver (?:mis|el|la|las|los|lo q|lo que) ?(?:cartas|mano|tablero|mesa|pila|grilla|"
    r"que hay|q hay)|"
    # "can the ace go to M5", "is the 3 better" (no "?"): asked
    r"(?:can|could|may|does|is|are|will|would) (?:the|my|a|an|it|this|that|i|we|he|she|they)"
    r"\b(?! (?:like|want|wanna|think|guess|go with|pick|take|play|choose|please|pls|plz)\b)|"
    r"(?:can|could|would|will) (?:u|you|ya) (?:please |pls |plz )?(?:show|print|list|tell|"
    r"explain|remind|display|pull up|bring up|redraw|give me)|"
    r"what|what'?s|whats|how|which|where|who|who'?s|whose|why|show|qu[eé]|cómo|como se|"
    r"cu[aá]l(?:es)?|qui[eé]n|d[oó]nde|cu[aá]nt[oa]s?|mostrame|mu[eé]strame|ens[eé][ñn]ame|"
    # "puedo jugar el 8 de corazones en la 5" (may I), "y el 1,2" (and what about): asked
    r"puedo|se puede|podr[ií]a|y (?:el|la|los|las|si)|(?:qu[eé]|q) tal (?:el|la|si))\b",
    re.IGNORECASE,
)


def route(
    table, seat: int, text: str, said: str | None, fixed: str, read: str, second_thought: bool
) -> tuple[str, str, Verdict]:
    """The intent of ``text`` (as written; ``said`` its language, None when unknown), the text to
    act on and the reader's verdict. ``read`` is the message in English words, ``fixed`` the
    message as corrected by a second thought ("X no wait Y" → "Y"; ``second_thought`` says so)."""
    intent, read, verdict = understand(table, seat, read)
    if intent == "help" and not read.strip(" ?!.~") and re.search(r"\w", text) and asked(text):
        intent = "question"  # "판이 무한이면 끝이 나긴 해?": no word of it read, but asked
    intent, read, verdict = _without_reason(table, seat, fixed, said, (intent, read, verdict))
    if not isinstance(verdict[0], ReadingsDisagree):
        intent, read, verdict = _after_preamble(table, seat, (intent, read, verdict))
    # a judging word before any reason said after the move ("스페이드 킹 내자 어차피 … 쓸모없음":
    # the move, then why)
    # … or a judging reason said before the order ("클럽2는 쓸데없으니까 7열에 뒷면으로 버려")
    # … or a bid first, then a remark ("새 카드 덱에서 뽑자 더미엔 쓸만한게 없네": the bid orders)
    bid = _BID_FIRST.search(text)
    head = korean.without_unwanted(text[: bid.end()] if bid else text)  # "1RS는 아깝고.. 5RM 버려"
    before_why = _KOREAN_BECAUSE.sub("", _KOREAN_WHY.split(head)[0], count=1)
    judged = intent in ("move", "unclear") and bool(
        _KOREAN_JUDGES.search(before_why)
        or _KOREAN_REMARK.search(head)
        or _judges_a_move(text)  # "ace to M5 is risky", "el as a M5 es arriesgado"
    )
    # the rules judged, not asked for ("이 게임 룰 진짜 복잡하다;;"; not "룰 설명해줘")
    judged = judged or (
        intent == "rules" and bool(_KOREAN_JUDGES.search(text)) and not _REQUESTED.search(text)
    )
    if (
        _chatter(text, intent, verdict)
        or (
            _laughing_remark(text, read, intent, verdict)
            and not _said_last(table, seat, text, said)
        )
        or (judged and not asked(text))
    ):
        intent, verdict = "chat", (None, None)
    if intent == "move" and (
        _ENDS_ASKING.search(text)
        or _OPENS_ASKING.match(text)
        or _ASKS_COUNT.search(text)
        or (said == "es" and _Q_OPENS.match(text))  # "q salio la ultima vez": "qué …"
    ):
        intent = "question"  # "…원래 상대 패에 있던 거야?", "what about the 7 of hearts"
    if intent == "move" and _asks_after(text):  # "reemplazo o no? q me aconsejas": asked
        intent = "question"
    if intent == "move" and (
        _told_of(table, text, read)
        or _tale_alone(text)
        or _others_move(table, text)
        or _DENIED_ALONE.match(text)
    ):
        intent, verdict = "chat", (None, None)
    if intent == "move" and _sees_own_hand(table, text, said or "en"):
        intent, verdict = "board", (None, None)  # "quiero ver mi mano y la pila": shown
    if intent == "move" and verdict[0] is None and not explicit_attempt(table, seat, text):
        intent, verdict = _undone(table, text, said or "en", verdict)
    # weighed in the move's own clause, not in a reason after it ("…, so they must answer or pass");
    # in the whole when the clause before the "reason" names no move ("ok so they put the Q♥ on
    # me … should i play it or pass": the move was read from the rest)
    said_text = _SHRUG.sub("", fixed if second_thought else text)  # "idk, #3": a shrug, then
    main = languages.main_clause(said_text)  # the choice
    guess = said_text.startswith(main) and bool(_GUESSED.match(said_text[len(main) :]))
    weighed = languages.hypothetical(main) or (
        main != said_text
        and not names_a_move(main)
        and not guess  # "#3 again lol, maybe its lucky": a guess at the outcome, no doubt
        and languages.hypothetical(said_text)
    )
    if intent == "move" and weighed:  # a wish or a doubt: not played
        intent = "question" if asked(text) else "chat"
        verdict = verdict if intent == "question" else (None, None)
    intent, verdict = _by_topic(table, text, said or "en", read, intent, verdict)
    if intent == "unclear" and asks_meaning(read):  # "… or what does X mean": asked, not played
        intent, verdict = "question", (None, None)
    intent, verdict = _asked_of_the_game(table, text, read, intent, verdict)
    if intent == "unclear" and (_remark(text, read) or _EXCLAIMED_LAST.search(text)):
        intent, verdict = "chat", (None, None)
    if _never_counts(table, seat, text, said, second_thought, intent, verdict):
        intent = "unclear"
    if (
        intent == "move"
        and verdict[0] is None
        and (
            _remark_on_card(table, text, read, second_thought)
            or _describes_only(table, text, read, second_thought)
        )
    ):
        intent = "confirm"  # "ugh, … again 🙄", "the pile has a 3RA on top": asked back
    if intent == "move" and verdict[0] is None and verdict[1]:
        # a second thought says how in its own words ("… face down.. wait no face UP")
        intent, verdict = _as_said(table, seat, fixed if second_thought else text, said, verdict[1])
    return intent, read, verdict


def _as_said(table, seat: int, text: str, lang: str | None, move: str) -> tuple[str, Verdict]:
    """A definite move checked against how the message says it is made (the game's
    :attr:`ChatWords.manners`: "face down" said, the move played face up): played when they agree;
    asked back with the move that differs only by it when they do not
    (:class:`ReadingsDisagree`), or confirmed when no such move is legal. Said only as a noun
    ("their face down", "the face down card") or denied ("not face down") it says nothing."""
    words = table.engine.info.chat_words
    english = languages.to_english(text, lang or "en", words.translations)
    for said, unsaid, notation, unless in words.manners:
        if re.search(unless, english, re.IGNORECASE):
            continue
        asks = _says(said, english) or _says(unsaid, english, denied=True)
        refuses = _says(unsaid, english) or _says(said, english, denied=True)
        carried = bool(re.search(notation, move))
        if asks == refuses or asks == carried:
            continue
        other = _differing_by(table, seat, move, notation, carried)
        if other is None:
            return "confirm", (None, move)
        return "move", (ReadingsDisagree(text, [move, other]), None)
    return "move", (None, move)


# a word said of a thing, not of how a move is made ("their face down", "the face down card")
_AS_A_NOUN_BEFORE = re.compile(
    r"\b(?:the|their|his|her|its|that|this|a|an|opp\w*|other|your)\s+$", re.IGNORECASE
)
_AS_A_NOUN_AFTER = re.compile(r"^\s+(?:cards?|ones?)\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(
    r"\b(?:not|no|never|don'?t|nunca|sin)\s+$|"
    r"\b(?:can'?t|cannot|no (?:se )?pued[eo])\s+"
    r"(?:go|be|put|play|place|ir|ponerl[oa]|jugarl[oa])?\s*$",
    re.IGNORECASE,
)


def _says(source: str, english: str, denied: bool = False) -> bool:
    """Whether ``english`` says the word of ``source`` of how a move is made (``denied``:
    says it is not made so: "not face down")."""
    return any(
        not _AS_A_NOUN_BEFORE.search(english[: m.start()])
        and not _AS_A_NOUN_AFTER.match(english[m.end() :])
        and bool(_DENIED_BEFORE.search(english[: m.start()])) == denied
        for m in re.finditer(source, english, re.IGNORECASE)
    )


def _differing_by(table, seat: int, move: str, notation: str, carried: bool) -> str | None:
    """The legal move that differs from ``move`` only by what ``notation`` finds, else None."""

    def bare(text: str) -> str:
        return " ".join(re.sub(notation, " ", text).split())

    for other in table.move_texts(table.legal_moves(seat)):
        if bool(re.search(notation, other)) != carried and bare(other) == bare(move):
            return other
    return None


def _asked_of_the_game(
    table, text: str, read: str, intent: str, verdict: Verdict
) -> tuple[str, Verdict]:
    """A question no reader took for a request, asked of the game itself: what it is
    ("이거 오목이랑 비슷한거야?": a question, answered with the rules' first sentence), which role
    the seat holds (its status), or of playing it ("이 게임 한판 보통 얼마나 걸려요?": a question,
    answered plainly)."""
    if intent in ("unclear", "help", "chat") and asks_about_the_game(text) and asked(text):
        return "question", (None, None)
    if intent in ("unclear", "help", "chat", "question", "score") and _asks_role(table, text, read):
        return "status", (None, None)
    if intent == "score" and _NOT_ALLOWED.search(text):  # "… 뒷면으로 못내는거 맞지?"
        return "question", (None, None)
    if intent == "score" and (_TO_WIN.search(text) or _TO_WIN.search(read)):
        return "rules", (None, None)  # "cuantos puntos hay q hacer para ganar?": the target
    if intent in ("unclear", "help", "chat", "legal", "status") and asks_about_playing(text):
        return "question", (None, None)
    if intent in ("unclear", "help", "score") and asks_what_if(text):  # "q pasa si llego a 3 …"
        return "question", (None, None)
    return intent, verdict


# resigning said last, after a question that only sighs ("128점까지 언제 가냐 그냥 항복")
_RESIGNS_LAST = re.compile(
    r"(?:그냥|걍)\s*(?:항복|포기|기권)(?:할게|할래|함|요)?[\sㅠㅜ.!]*$|"
    r"\b(?:just|i'?ll just)\s+(?:resign|give up|quit)[\s.!]*$|\b(?:mejor )?me rindo[\s.!]*$",
    re.IGNORECASE,
)


def _asks_role(table, text: str, read: str) -> bool:
    """Whether a message asks which of the game's roles (:attr:`ChatWords.roles`) the seat, or
    someone, holds: asked, a role named in its English reading (the game's words translate
    "retador", "도전자"), and "I" or "who" in it ("am i the <role> now?", "ahora soy el retador o
    el q defiende?", "지금 내가 도전자야 방어자야?")."""
    roles = table.engine.info.chat_words.roles
    if not roles or not asked(text):
        return False
    named = re.search(rf"\b(?:{'|'.join(map(re.escape, roles))})\b", read, re.IGNORECASE)
    return bool(named and _WHO_IS.search(f"{text} {read}"))


# "I" or "who" in a question of roles ("am i …", "soy …", "quien es …", "내가 …", "누가 …")
_WHO_IS = re.compile(
    r"\b(?:am i|i'?m|im|who|whose|soy|sigo siendo|quien)\b|"
    r"내가|제가|누가|누구|(?:^|\s)(?:나|난|저)(?=\s)",
    re.IGNORECASE,
)


# laughter however long it is drawn out ("lmaooo", "lool", "xDD"), and its emoji; a sigh's
# emoji (😭 😩 🙄 😒 😤 😫)
_LAUGHTER = r"lo+l|lm+f?a+o+|rofl|x+d+|jsjs\w*"
_LAUGH_EMOJI = "[\U0001f602\U0001f923\U0001f606\U0001f605\U0001f480]"
_SIGH_EMOJI = "[\U0001f62d\U0001f629\U0001f644\U0001f612\U0001f624\U0001f62b]"
# what makes a message a remark rather than an order when it names a card but says nothing of
# what to do with it: laughter, a sigh, an exclamation or a complaint, or a face that rolls its
# eyes ("오 하트 에이스 왔다 ㅎㅎ", "jaja me regalaron el 6 de corazones", "5 blue …, useless")
_REMARKS = re.compile(
    rf"[ㅋㅎㅠㅜ]{{2,}}|{_LAUGH_EMOJI}|{_SIGH_EMOJI}|"
    r"\b(?:" + _LAUGHTER + r"|(?:ha){2,}|a?(?:ja){2,}j?|(?:je){2,}|"
    r"ugh+|uf+|ay+|uy+|yay|wow|omg|meh|bah|jeez|damn|dang|useless|story of my life|typical|"
    r"figures|trash|garbage|terrible|awful|horrible|love|hate|me encanta|me gusta|odio|adoro|"
    r"favou?rite|favorit[oa])\b|"
    r"^\W*(?:oh+|ooh+|aw+|와+|오+|아+|헐|헉|우와)(?=[\s,.!]|$)",
    re.IGNORECASE,
)
# an order said all the same: a verb of choosing or playing (read in English), a code or a
# point, a facing, or a Korean ending that intends or bids ("내자", "둘게", "ㄱㄱ", "버려")
_ORDERS = re.compile(
    r"\b(?:go|going|gonna|i'?ll|let'?s|use|open|start|move|choose|grab|want|face ?(?:up|down)|"
    r"on top|on it|new card)\b|\b[a-z]{1,2}\d\b|-?\d+\s*,\s*-?\d+",
    re.IGNORECASE,
)
_KOREAN_BIDS = re.compile(
    r"[가-힣](?:자|게|께|래|을게|ㄹ게)(?:요)?(?![가-힣])|ㄱㄱ|"
    r"(?:해|줘|둬|놔|버려|뽑아|골라|까|내|가)(?:요)?(?![가-힣])|앞면|뒷면"
)


def _remark_on_card(table, text: str, read: str, second_thought: bool) -> bool:
    """Whether a message the game read as one definite move only remarks on a card: laughter, a
    sigh or an exclamation, and no move verb of the game, place (a code, a point, a number of
    the game's counted places), facing, bidding ending, second thought or number chosen again in
    it. Such a move is asked back ("Did you mean …? Say yes …"), never played on the remark
    alone."""
    if second_thought or not _REMARKS.search(text) or _AGAIN.search(text):
        return False
    words = table.engine.info.chat_words
    verbs = (*words.move_verbs, *_ACTS)
    places = [en for _, kind, _, en in words.translations if kind == "counter"]
    said = rf"\b(?:{'|'.join(map(re.escape, verbs))})\b"
    if places:
        said += rf"|\b(?:{'|'.join(map(re.escape, places))})\s*\d"
    if re.search(said, read, re.IGNORECASE):
        return False
    if any(re.search(alias, read.upper()) for alias, _ in words.code_aliases):
        return False  # a place in the game's words, written as people do
    return not (_ORDERS.search(read) or _ORDERS.search(text) or _KOREAN_BIDS.search(text))


# a sentence that says what a thing is or has ("the pile has a 3RA on top", "deck running low",
# "el mazo ya casi no tiene cartas", "더미 맨위 3RA네"): a description, no order
_DESCRIBES = re.compile(
    r"\b(?:is|are|was|were|has|have|had|looks?|seems?|running|getting|almost|so many|"
    r"so few|full|empty|worth|tiene|tienen|tenia|esta|estan|hay|habia|queda|quedan|casi|"
    r"llen[oa]|vaci[oa]|sigue)\b|(?<=\w )valen?\b|"  # not "vale, …" (okay)
    r"(?:네|군|구나|구만|잖아|는데|인데|있음|없음|남음|남았음)[\s.!~?]*$",
    re.IGNORECASE,
)
# what makes such a sentence an order all the same ("i'll take the pile, it has a 3RA"; a
# choice declared: "hearts are my …")
_INTENDS = re.compile(
    r"\b(?:go|going|gonna|i'?ll|ill|let'?s|lets|use|choose|grab|want|wanna|need|me llevo|quiero|"
    r"voy|vamos|dame|prefiero|mejor|(?:is|are) (?:my|mine)|(?:es|son) (?:mi|mis))\b",
    re.IGNORECASE,
)


def _describes_only(table, text: str, read: str, second_thought: bool) -> bool:
    """Whether a message the game read as one definite move only describes the board ("the pile
    has a 3RA on top", "so many cards still in the deck", "el mazo ya casi no tiene cartas"): a
    description, and no move verb of the game, intention or Korean bidding ending in it. Such a
    move is asked back, never played on the description alone (:func:`_remark_on_card`)."""
    main = languages.main_clause(text)  # not the reason after it ("…. hearts there so …")
    said = main if korean.is_korean(main) else spanish.fold(main)
    if second_thought or not _DESCRIBES.search(said) or _INTENDS.search(said):
        return False
    verbs = (*table.engine.info.chat_words.move_verbs, *_ACTS)  # as said: "picked", "draws"
    said_verb = rf"\b(?:{'|'.join(map(re.escape, verbs))})(?:s|es|ed|d|ing)?\b"
    if re.search(said_verb, read, re.IGNORECASE):
        return False
    return not _KOREAN_BIDS.search(text)


def _undone(table, text: str, lang: str, verdict: Verdict) -> tuple[str, Verdict]:
    """A message the game read as one definite move, in words rather than its notation, that
    says to undo ("volvé atrás mi última elección": the "last" is no card): an undo; else a
    move."""
    words = table.engine.info.chat_words
    if _GOES_TO.search(text):  # "el as de picas vuelve atras a BC5": a piece moved back
        return "move", verdict
    if topics.topic(text, lang, words.move_verbs, _seat_labels(table)) == "undo":
        return "undo", (None, None)
    return "move", verdict


# a place a piece or card goes to, by its code ("… a BC5", "… to M3")
_GOES_TO = re.compile(r"\b(?:a|to|hacia|into)\s+[a-z]{1,2}\d\b", re.IGNORECASE)


# laughter, sighs and exclamations, in each language: a message with one that is no definite
# move ("my ace is gonna wreck them lol", "8 또 나왔네 ㅋㅋ", "uff una reina") is chat
_CHATTER = re.compile(
    r"[ㅋㅎㅠㅜㅡㄷ]{2,}|(?:다|네|군|구나|구만|구먼|라니|겠다)[\s.!~ㅋㅎㅠㅜㅡ]*$|왜\s*이렇게|왜케|"
    r"실화(?:냐|임|야|인가|냐고)|"
    + _SIGH_EMOJI
    + "|"
    + _LAUGH_EMOJI
    + r"|\b(?:"
    + _LAUGHTER
    + r"|smh|(?:ha){2,}|(?:he){2,}|ha|ja|a?(?:ja){2,}j?|(?:je){2,}|ugh|uff+|uf|uy|ay|omg|wow|"
    r"ooh+|oof|dang|damn|"
    r"rough|gonna|killing me|sucks|scary|creepy|yikes|annoying|vaya|madre mia|que mala|me mata|"
    r"(?:q|que) asco|"
    r"ngl|tbh|kinda|lowkey|love|pretty|cute|xd|nice|if i say so|today'?s my day|"
    r"feeling (?:good|lucky|great)|in my (?:opening |starting )?hand|"
    r"let'?s see|lets see|a ver|me encanta|me gusta|let'?s go{2,}|first time playing|"
    r"my (?:brain|head) hurts|confus\w*)\b",
    re.IGNORECASE,
)


# what a word means, asked ("what does XY mean", "q significa XY", "XY 뜻이 뭐야")
_MEANING_ASKED = re.compile(
    r"\b(?:mean|means|meaning|stand for|stands for|significa|quiere decir)\b|뜻|의미", re.IGNORECASE
)
# a joke at the game's expense, laughing ("so weird lol", "tan raro jaja", "넘 이상해 ㅋㅋ")
_MOCKS = re.compile(
    r"\b(?:so|such|too|tan|muy) (?:weird|random|dumb|silly|raro|rara)\b.*(?:"
    + _LAUGHTER
    + r"|(?:ha){2,}|a?(?:ja){2,})|(?:넘|너무|완전)\s*이상\S*\s*[ㅋㅎ]{2,}",
    re.IGNORECASE,
)


def _chatter(text: str, intent: str, verdict: tuple[Any, str | None]) -> bool:
    """Whether a message that is no definite move (unreadable, ambiguous or illegal as a move,
    or not understood at all) sounds like chat: it is answered as chat, never counted."""
    first, asked_at, _ = text.partition("?")
    if (asked_at or _OPENS_ASKING.match(text)) and _MEANING_ASKED.search(first):
        return False  # "what does XY mean? lol im new to this", "what does XY stand for lol"
    if _MOCKS.search(text) and intent in ("question", "rules"):
        return True  # "these suit names are so weird lol ??": a joke at the game, not asked
    if _DISBELIEF.match(text) and not _OPENS_ASKING.match(text) and not may_i(text):
        return intent in ("question", "move", "unclear")  # "a queen?? cmon 😩": a sigh
    if text.rstrip().endswith("?") or not _CHATTER.search(text) or _ASKED_AFTER.search(text):
        return False
    if intent == "question" and (
        verdict == (None, None) or (isinstance(verdict[0], AmbiguousMoveError) and "?" not in text)
    ):  # "패가 왜 이렇게 좋냐 ㅋㅋㅋ", "와 손에 19장ㅋㅋㅋ 언제 다 털어"
        return True
    # "아 손패 진짜 구리다ㅋㅋㅋ" (my hand sucks lol): the hand named, not asked to be shown
    if intent == "board" and korean.is_korean(text) and not _SHOW_ME.search(text):
        return True
    if intent in ("rules", "question") and re.search(r"\b(?:why|por ?que)\b|왜", text, re.I):
        return True  # "why are there two kinds lol": a joke, not a rules question
    return intent in ("unclear", "help") or (intent == "move" and verdict[0] is not None)


# a question asked after a laugh, without "?" ("first move and i have no clue lol what would u
# play"): asked, not chatter
_ASKED_AFTER = re.compile(
    r"\b(?:lol|lmao|haha+)\W+(?:(?:what|which|where) )?(?:should|would|could|can|do) "
    r"(?:u|you|i|ya)\b",
    re.IGNORECASE,
)
# disbelief: a few words, "??" or "?!", then only a sigh or laughter ("a queen?? cmon 😩", "en
# serio?! jaja")
_DISBELIEF = re.compile(
    r"^[^?]{1,24}\?[?!]+\s*(?:(?:c'?mon|come on|brutal|seriously|really|bro|man|dude|smh|ugh+|"
    + _LAUGHTER
    + r"|(?:ha){2,}|a?(?:ja){2,}j?|en serio|[ㅋㅎㅠㅜ]{2,})\b|"
    + _SIGH_EMOJI
    + "|"
    + _LAUGH_EMOJI
    + r"|[\s.!,])+$",
    re.IGNORECASE,
)
# a Korean request to be shown ("보여줘", "보자", "확인", "알려줘"), or one asked
_SHOW_ME = re.compile(r"보여|보자|볼래|봐|확인|띄워|알려|줘|\?")


# laughter and sighs alone (not "gonna", "wow"): what makes a remark of a number said with it
_LAUGHS = re.compile(
    r"[ㅋㅎㅠㅜ]{2,}|"
    + _LAUGH_EMOJI
    + r"|\b(?:"
    + _LAUGHTER
    + r"|(?:ha){2,}|(?:he){2,}|(?:ja){2,}j?|(?:je){2,}|ugh|uff+|"
    r"(?:que |q )?mala (?:suerte|leche|pata)|bad luck|unlucky|brutal|rip)\b",
    re.IGNORECASE,
)


def _laughing_remark(text: str, read: str, intent: str, verdict: Verdict) -> bool:
    """Whether a message the game read as one definite move is a remark that laughs or sighs
    ("empate con dos doses jajaja qué mala suerte"): five words or more, and no card, code, move
    word or choice by place ("the middle one") in it — only a number the game took for a
    place."""
    return (
        intent == "move"
        and verdict[0] is None
        and len(text.split()) >= 5
        and bool(_LAUGHS.search(text))
        and not _CHOSEN_BY_PLACE.search(languages.main_clause(text))  # "the middle one, …"
        and not names_a_move(read)
        and not names_a_move(text)
        and not _AGAIN.search(text)
        and not _CHOOSES.match(text)  # "ill go w the black one, … lol": a choice said
    )


# a choice said by its place among others ("the middle one", "la de la izquierda", "가운데")
_CHOSEN_BY_PLACE = re.compile(
    r"\b(?:middle|center|centre|left|right|first|second|third|last|medio|centro|izquierda|derecha|"
    r"primer[oa]|segund[oa]|tercer[oa]|"
    r"lowest|highest|smallest|biggest|mas alt[oa]|mas baj[oa]|"
    r"ultim[oa])\b(?!\s+(?:time|round|game|turn|hand|vez|ronda|partida|mano))|가운데|왼쪽|오른쪽|"
    r"첫\s*번째|마지막(?!\s*(?:판|라운드|번|턴))",
    re.IGNORECASE,
)
# a guess at what a move will bring, said after it ("…, maybe its lucky")
_GUESSED = re.compile(r"\W*maybe (?:it'?s|its|that'?s|it'?ll|they'?ll)\b", re.IGNORECASE)
# a shrug said before a choice ("idk, #3", "idk just the last one", "no se, la 2")
_SHRUG = re.compile(
    r"^\W*(?:idk|dunno|no se|ni idea|whatever)\b[\s,.…]*(?:just\s+)?|"
    r"^\W*(?:음+\s*)?(?:모르겠다|모르겠어|몰라)[\s,.…]*(?:그냥\s*)?",
    re.I,
)
# a number chosen again ("3 again lol", "otra vez la 2", "또 3번"): a pick, not a remark on it
_AGAIN = re.compile(
    r"\b\d+(?:st|nd|rd|th)?\s+(?:again|otra vez|de nuevo)\b|"
    # (not a card named again: "otra vez el 3 rojo de brazos 🙄", a sigh)
    r"\b(?:otra vez|de nuevo) (?:la |el )?\d+\b(?!\s+(?:roj|azul|amarill|verde|negr|de\b))|"
    r"(?:또|다시)\s*\d+\s*번",
    re.IGNORECASE,
)


# a move told of as played before ("picked 3 last time", "지난번엔 3번 골라서"): no order now
_PAST = re.compile(
    r"\blast (?:time|round|turn|game|hand)\b|\bla (?:ultima|otra) vez\b|\bla vez pasada\b|"
    r"지난\s*번|지난\s*판|저번|아까",
    re.IGNORECASE,
)
# where the move said after a tale starts: "…, so middle this time", "…니까 이번엔 1번"
_THEN = re.compile(
    r",|\b(?:so|then|now|this time|entonces|asi que|ahora)\b|니까|니깐|라서|이번(?:엔|에는|에)?"
)


# a card told of as dealt or given, not played ("jaja me regalaron el 6 de corazones", "they
# gave me the 6", "i got dealt two kings", "하트 6 받았네")
_GIVEN = re.compile(
    r"\bme (?:regalaron|dieron|dio|toco|tocaron|vino|vinieron)\b|\b(?:i )?got (?:dealt|given)\b|"
    r"\bthey (?:gave|dealt) me\b|\bdealt me\b|받았|들어왔|\s왔(?:다|네|어)",
    re.IGNORECASE,
)


def _told_of(table, text: str, read: str) -> bool:
    """Whether a message the game read as a move tells of a card dealt or given, or only judges
    a card, with none of the game's move verbs in it ("jaja me regalaron el 6 de corazones", "uf
    ese 5BS no me sirve pa nada"): a remark."""
    # Hangul kept whole, a reason said before the order left out ("클럽2는 쓸데없으니까 … 버려");
    # else the reason after it ("la 1, xq la 3 me dio empate": what the 3 gave is the reason)
    said = (
        _KOREAN_BECAUSE.sub("", text, count=1)
        if korean.is_korean(text)
        else spanish.fold(languages.main_clause(text))
    )
    if not (_GIVEN.search(said) or _JUDGES_A_CARD.search(said)):
        return False
    verbs = (*table.engine.info.chat_words.move_verbs, *_ACTS)
    return re.search(rf"\b(?:{'|'.join(map(re.escape, verbs))})\b", read, re.I) is None


# one's own hand named as a thing to see ("quiero ver mi mano y la pila", "my hand + discard +
# deck", "내 패랑 버린더미 보여줘"): the hand is never what a move plays
_OWN_HAND = re.compile(
    r"\b(?:my (?:whole )?(?:hand|cards)|mi mano|mis cartas)\b|내\s*패|손패", re.IGNORECASE
)


def _sees_own_hand(table, text: str, lang: str) -> bool:
    """Whether a message the game read as a move asks to be shown one's own hand (and the pile,
    the deck…): the hand named, and the board asked for by its key words (topics.py)."""
    said = text if korean.is_korean(text) else spanish.fold(text)
    if not _OWN_HAND.search(said):
        return False
    words = table.engine.info.chat_words
    return topics.topic(text, lang, words.move_verbs, _seat_labels(table)) == "board"


def _asks_after(text: str) -> bool:
    """Whether a message asks again after a "?" ("reemplazo o no? q me aconsejas",
    "K♥ C5? which is better"): what follows its last "?" opens asking, so no move is ordered
    (unlike "1,2 to block? nah, x at 0,-1")."""
    if "?" not in text.rstrip(" ?!."):
        return False
    after = text.rstrip(" ?!.").rsplit("?", 1)[1].strip()
    return bool(_OPENS_ASKING.match(after) or _Q_OPENS.match(after))


# a card only judged, named as the subject ("uf ese 5BS no me sirve pa nada", "5BS 쓸모없네";
# not "…, its trash anyway", a reason after a move), and the verbs that make
# such a message an order all the same ("ditch 5RM, useless", "1RS 버려 쓸모없음": "discard")
_JUDGES_A_CARD = re.compile(
    r"(?:\b(?:ese|esa|este|esta|that|this)|^\W*(?:el|la|the))\s+\S+\s+(?:no (?:me |nos )?sirve|"
    r"(?:is|es) (?:so )?(?:useless|trash|basura))\b|"
    r"^\W*\S+\s*(?:은|는|이|가)?\s*(?:쓸모|쓸데)\s*없",
    re.IGNORECASE,
)
_ACTS = ("play", "put", "place", "throw", "toss", "ditch", "dump", "drop", "discard", "draw",
         "take", "pick", "keep", "get rid", "go with", "swap")  # fmt: skip
# a consequence drawn, an order to follow ("… so hide it", "… so i'll play")
_SO_THEN = r"\b(?:so|then|thus|hence|asi que|entonces|por eso)\s+(?:i'?ll\s+|just\s+)?"
# orders said in other verbs ("… so hide it", "… entonces la tiro")
_ORDER_VERBS = ("hide", "lay", "stick", "slap", "la tiro", "lo tiro", "la pongo", "lo pongo")


# a message that only denies what it names ("not the 3", "no la 3", "3번 말고"): what is not
# wanted, never played
_DENIED_ALONE = re.compile(
    r"^\W*(?:not|never|nunca|ni)\s+(?:[^\s,;.!?]+\s+){0,3}[^\s,;.!?]+[\s.!?]*$|"
    r"^\W*no\s+(?:la|el|los|las|mi|mis|the|my)\s+(?:[^\s,;.!?]+\s+){0,2}[^\s,;.!?]+[\s.!?]*$|"
    r"^\s*(?:[^\s,;.!?]+\s+){0,2}[^\s,;.!?]+\s*말고[\s.!~ㅋㅎ]*$",
    re.IGNORECASE,
)
# a move judged badly ("ace to M5 is risky", "that one is dumb", "no vale la pena", "el as a M5
# es arriesgado"): a remark on it, never an order
_JUDGED_BADLY = re.compile(
    r"\b(?:is|seems|looks|sounds|feels|es|parece|seria)\s+(?:so\s+|too\s+|kinda\s+|pretty\s+|"
    r"muy\s+|re\s+|medio\s+|super\s+|un poco\s+)?(?:risky|dumb|stupid|bad|terrible|pointless|"
    r"useless|overrated|dangerous|suicide|a trap|a waste|arriesgad[oa]|riesgos[oa]|peligros[oa]|"
    r"mala idea|tont[oa]|mal[oa]|inutil|una trampa|un suicidio|al pedo)\b|"
    r"\bno vale la pena\b|\bnot worth it\b|"
    # "esa jota roja me tiene harto": a card that wears one down
    r"\bme (?:tiene|tienen) (?:hart[oa]|podrid[oa]|cansad[oa]|loc[oa]|frit[oa]|mal)\b",
    re.IGNORECASE,
)


def _judges_a_move(text: str) -> bool:
    """Whether a message's own clause judges a move badly (:data:`_JUDGED_BADLY`), with no
    intention to make it said, nor a but ("… is risky but i'll do it")."""
    # its first clause ("draw a new one from the deck, 3RA is useless to me": the order first)
    said = re.split(r"\.\.+|[.;!?]|,(?!-?\d)", spanish.fold(languages.main_clause(text)))[0]
    anyway = re.search(r"\b(?:but|pero|anyway|igual|whatever|yolo|still)\b", said)
    return bool(_JUDGED_BADLY.search(said)) and not (_INTENDS.search(said) or anyway)


# who else may have moved: the other side by the names people give it
_OTHERS = (
    r"the bot|bot|the ai|ai|the cpu|cpu|the computer|computer|my opponent|the opponent|opponent|"
    r"the other (?:guy|side|player)|they|he|she|el bot|la ia|la maquina|el rival|el otro|rival|"
    r"you|u|tu"  # "you said 3 earlier", "dijiste la 3 antes": what gm said, told
)
# what they did, said in the past ("bot took 3RA from the pile", "el bot eligio la 2")
_DID = (
    r"picked|took|played|put|went|moved|drew|discarded|grabbed|chose|captured|placed|"
    r"dropped|threw|tossed|led|eligio|agarro|puso|jugo|tomo|movio|robo|descarto|tiro|cogio|"
    r"saco|mato|comio|capturo|fue|se llevo|llevo|said|told me|suggested|recommended|dijiste|"
    r"dijo|sugeriste|recomendaste"
)


def _others_move(table, text: str) -> bool:
    """Whether a message the game read as a move tells of a move someone else made ("bot took
    3RA from the pile", "el bot puso en 1,1", "o went 1,1"): its subject the other side, by a
    name people give it or a seat's label, and a verb in the past, in one clause (not "they put
    the Q♥ … answer it w/ the K♥": the order after the tale); a tale, never an order."""
    if re.search(r"(?:\.\.+|[.!?;…]|,(?!-?\d))\s*\S", text):  # (not a point's comma: 1,1)
        return False
    names = "|".join([_OTHERS, *(re.escape(label.lower()) for label in _seat_labels(table))])
    told = rf"^\W*(?:(?:lol|ok|so|and|y|uy|ah|oh|wow|jaja)\W+)*(?:{names})\s+(?:just\s+|ya\s+|"
    told += rf"recien\s+|already\s+)?(?:{_DID})\b|^\W*(?:dijiste|sugeriste|recomendaste)\b"
    return re.search(told, spanish.fold(text)) is not None


def _tale_alone(text: str) -> bool:
    """Whether a message the game read as a move is only a tale of an earlier one ("q salio la
    ultima vez": its "last" is the tale's): no number, card or place word outside the tale."""
    if not _PAST.search(text):
        return False
    rest = _PAST.sub(" ", text)
    said = rest if korean.is_korean(rest) else spanish.fold(rest)
    return not (re.search(r"\d", rest) or find_cards(rest) or _POINTING.search(said))


def _said_after(table, seat: int, text: str, lang: str | None) -> tuple[str, str, Verdict] | None:
    """After a tale of a move played before, the move said last ("…, so middle this time"): its
    reading when it is one definite move, else None."""
    parts = [p for p in _THEN.split(text) if p.strip()]
    if len(parts) < 2 or _PAST.search(parts[-1]):  # "the left one, last time 3 only tied"
        return None
    return _definite(table, seat, parts[-1], lang)


# a clause that takes back or scorns what it names ("la 5YM no me sirve pa nada", "lol"): no
# move of its own
_SCORNS = re.compile(
    r"\b(?:no|not|nah|never|nunca|ni|useless|no use)\b|말고|안\s|못|쓸모|ㅋㅋ|\blol\b|\bjaja", re.I
)


def _competes(table, seat: int, first: str, rest: str, lang: str | None) -> bool:
    """Whether the clause after a message's first comma says another move than the first clause
    ("the 7, the 10"): a definite move of its own, other than the first clause's, said with no
    negation or laughter."""
    if _SCORNS.search(rest) or _PAST.search(rest):  # "…, last time 3 only tied": a tale
        return False
    said = _definite(table, seat, rest, lang)
    if said is None:
        return False
    return _read_alone(table, seat, first, lang)[2][1] != said[2][1]


def _said_last(table, seat: int, text: str, lang: str | None) -> bool:
    """Whether a message's last sentence, with no laughter in it, is one definite move by itself
    ("ugh that tie last round hurt. gonna go with #1"): the sigh is in the sentence before."""
    sentences = [x for x in re.split(r"[.!?]+\s+", text.strip()) if x.strip()]
    if len(sentences) < 2 or _LAUGHS.search(sentences[-1]):
        return False
    return _definite(table, seat, sentences[-1], lang) is not None


def _read_alone(table, seat: int, part: str, lang: str | None) -> tuple[str, str, Verdict]:
    """The reading of a part of a message on its own, in English words (:func:`understand`),
    without the filler words said before it ("pues la uno, a ver si hay suerte": "la uno")."""
    words = table.engine.info.chat_words.translations
    reading = understand(table, seat, languages.to_english(part, lang or "en", words))
    return _after_preamble(table, seat, reading)


def _definite(table, seat: int, part: str, lang: str | None) -> tuple[str, str, Verdict] | None:
    """The reading of a part of a message on its own when it is one definite move, else None."""
    said = _read_alone(table, seat, part, lang)
    return said if said[0] == "move" and said[2][0] is None else None


def _without_reason(
    table, seat: int, text: str, lang: str | None, reading: tuple[str, str, tuple[Any, str | None]]
) -> tuple[str, str, tuple[Any, str | None]]:
    """A message read without the reason said after it ("K♥ C5, it matches the X♥ on the
    table"): its main clause, when that is one definite move and the whole is none — or is
    another move, read from the reason's words ("cambiala por el 7♠, ese 8 no lo quiero": the
    swap said first, not what the reason's "quiero" reads as)."""
    intent, _, verdict = reading
    definite = intent == "move" and verdict[0] is None
    if intent == "question":  # asked: answered
        return reading
    found = _main_or_first(table, seat, text, lang, reading)
    if found[0] == "move" and found[2][0] is None or definite or intent not in ("move", "unclear"):
        return found
    # narration first, the order last ("ok so my ace is just chilling on rk4 … ace takes the
    # jack on rc3")
    return _last_sentence(table, seat, text, lang) or found


# a choice said as one ("ill go with the first one", "me quedo con la 2")
_CHOOSES = re.compile(
    r"^\W*(?:i'?ll|ill|i will|gonna|going to) (?:go with|go w|take|pick|choose)\b|"
    r"^\W*(?:me quedo con|voy con|elijo)\b",
    re.IGNORECASE,
)


def _last_sentence(
    table, seat: int, text: str, lang: str | None
) -> tuple[str, str, Verdict] | None:
    """A message's last sentence as one definite move by itself, said plainly (no doubt in it,
    no laughter or sigh in the message), after sentences that are no move: its reading, else
    None."""
    sentences = [x for x in re.split(r"(?<=[.!?…])\s+|\.\.+\s*", text.strip()) if x.strip()]
    last = sentences[-1] if len(sentences) > 1 else ""
    laughs = _LAUGHS.search(text) and not _CHOOSES.match(last)  # "lol …. ill go with the first"
    if not last or laughs or languages.hypothetical(last):
        return None  # "ugh i dont have the ace. fine pick up": a sigh, not an order
    return _definite(table, seat, last, lang)


def _main_or_first(
    table, seat: int, text: str, lang: str | None, reading: tuple[str, str, Verdict]
) -> tuple[str, str, Verdict]:
    """The reading of a message's main clause (without the reason after it), or of the clause
    before its first comma (see :func:`_without_reason`)."""
    intent, _, verdict = reading
    definite = intent == "move" and verdict[0] is None
    main = languages.main_clause(text)
    if _PAST.search(main) and (after := _said_after(table, seat, text, lang)):
        return _between(text, reading, after)  # "picked 3 last time …, so middle this time"
    if main == text:
        # no reason word, but a clause after a comma ("pick the ten, anything beats a 2 anyway
        # lol"): the clause before it, when the whole is no definite move and the rest is none
        first = _FIRST_CLAUSE.match(text) or (
            None if _TAKEN_BACK.search(text) else _FIRST_SENTENCE.match(text)
        )
        if first is None or definite:
            return reading
        # a word or two of remark after the move ("toss the one i just drew, useless"): the
        # whole reads as chat, the clause before the comma as the move
        rest = text[first.end(1) :].strip(" ,")
        said_first = (
            intent == "chat"
            and len(rest.split()) <= 3
            and not names_a_move(rest)
            and not _CHATTER.search(first.group(1))  # "ugh, the blue ones, useless": a sigh
        )
        if intent not in ("move", "unclear") and not said_first:
            return reading
        if _GOES_ON.match(text[first.end(1) :]):  # "pile, and dump the blue 3": one move
            return reading
        main = first.group(1)
        if _competes(table, seat, main, text[first.end(1) :], lang):
            return reading
    again = _definite(table, seat, main, lang)
    if again is None:
        return _denied(table, seat, text, main, lang, reading) if definite else reading
    if definite and (verdict[1] or "").startswith(again[2][1] or ""):
        return reading  # the whole says more of the same move ("…, face down so …": kept)
    return _between(text, reading, again)


def _denied(
    table, seat: int, text: str, main: str, lang: str | None, reading: tuple[str, str, Verdict]
) -> tuple[str, str, Verdict]:
    """A message whose clause after its main one denies what it names ("la roja q no es la
    reina": the red one that is not the queen): the whole's reading may be the very card
    denied, so the main clause's candidates are asked back when it fits several; else the
    whole's reading."""
    rest = text[len(main) :] if text.startswith(main) else ""
    if not _DENIES.search(rest):
        return reading
    said = _read_alone(table, seat, main, lang)
    return said if said[0] == "move" and isinstance(said[2][0], AmbiguousMoveError) else reading


# a clause that denies what it names ("… q no es la reina", "… that isn't the queen")
_DENIES = re.compile(r"\b(?:no es|not|isn'?t|is not|ain'?t)\b", re.IGNORECASE)


def _between(
    text: str, whole: tuple[str, str, Verdict], part: tuple[str, str, Verdict]
) -> tuple[str, str, Verdict]:
    """The move a part of a message says (its main clause, or what follows a tale) — asked back
    beside the whole's, never played, when the whole reads as another definite move: two
    readings of one message that disagree are the player's to choose."""
    intent, read, (error, move) = whole
    if intent != "move" or error is not None or move is None or move == part[2][1]:
        return part
    return "move", read, (ReadingsDisagree(text, [part[2][1] or "", move]), None)


class ReadingsDisagree(AmbiguousMoveError):
    """A message whose part and whole read as two different definite moves: asked back with
    both, and read no further (no filler dropped, no clause taken) — the player chooses."""


# a clause that goes on with the move said before it ("…, and dump the blue 3", "…, y tiro …";
# not "…, despues veo que tiro", a later choice)
_GOES_ON = re.compile(r"\W*(?:and|plus|y|e|그리고)\b", re.IGNORECASE)
# the clause before a message's first comma (not one inside coordinates: "0,2")
_FIRST_CLAUSE = re.compile(r"^([^,]*?\S)\s*,(?!\s*-?\d+(?![A-Za-z]))\s*\S")  # not "0, 2"; "…, 3RA"
# … or, with no comma, its first sentence ("swap. 3 red cards in my hand are useless"), when
# nothing in the message takes a choice back ("the third. no, the first": a second thought)
_FIRST_SENTENCE = re.compile(r"^([^.!]*?\S)\s*[.!](?![.!])\s+\S")  # not "first... ok third"
_TAKEN_BACK = re.compile(
    r"\b(?:no|nah|nope|wait|actually|instead|mejor|perd[oó]n|sorry)\b|아니|잠깐|말고", re.I
)

# words said before a move that add nothing to it ("bueno ya fue, agarro las 5", "mejor recojo
# las cinco", "ok so, the 6 of clubs", "paso, me llevo las cartas")
_PREAMBLE = (
    r"mejor|bueno|pues|vale|ok|okay|so|well|then|alright|fine|entonces|venga|dale|ya|fue|va|"
    r"bien|paso|pass|hmm+|uh+|yeah|yes|nah|oh|ah|ugh|uf+|meh|lol|jaja|haha|whatever|just|"
    r"gonna|i'?m gonna|im gonna|imma|ima|i'?ll"
)
_FILLER = re.compile(rf"^\W*(?:(?:{_PREAMBLE})\b[\s,.!]*)+", re.IGNORECASE)


def _after_preamble(
    table, seat: int, reading: tuple[str, str, Verdict]
) -> tuple[str, str, Verdict]:
    """A message no phrasing matched and the game could not read as one definite move, read
    without the filler words said before it ("mejor", "bueno ya fue,", "paso,") or a remark
    before a comma that names nothing ("ugh cant be bothered, just pick em up"): taken when the
    rest is one definite move."""
    intent, read, verdict = reading
    aside = _without_aside(read)  # "cant be bothered, …": no question, with no "?" in it
    remarked = aside != read and intent == "question" and "?" not in read
    if (intent not in ("unclear", "move") and not remarked) or (
        intent == "move" and verdict[0] is None
    ):
        return reading
    rest = _FILLER.sub("", aside).strip()  # "the left one, …" stays
    if not rest or rest == read.strip():
        return reading
    again = understand(table, seat, rest)
    return again if again[0] == "move" and again[2][0] is None else reading


def _without_aside(read: str) -> str:
    """``read`` without the clauses before its first commas that name nothing (no number, card,
    code, place or move word: "ugh cant be bothered, just pick em up" → "just pick em up") or
    that decline ("nah not wasting my hearts on that, just pick up" → "just pick up")."""
    head, comma, tail = read.partition(",")
    while comma and tail.strip() and (not _names_anything(head) or _DECLINES.match(head)):
        head, comma, tail = tail.partition(",")
    return f"{head}{comma}{tail}"


# a clause that declines to do something ("nah not wasting my hearts on that")
_DECLINES = re.compile(
    r"^\W*(?:nah|no|nope|meh|naw|ugh)?[\s,]*(?:not|no|don'?t|never|nunca)\s+(?:wasting|waste|using|use|"
    r"spending|gonna|gasto|uso|gastar|usar|quiero|voy)\b|"
    r"^\W*(?:no|not)\s+(?:le|lo|la|les|los|las)\s+\w+",  # "no le gano, me llevo las cartas"
    re.IGNORECASE,
)


def _names_anything(clause: str) -> bool:
    return bool(
        re.search(r"\d", clause)
        or find_cards(clause)
        or _POINTING.search(clause)
        or names_a_move(clause)
        or any(number_value(w) is not None for w in re.findall(r"\w+", clause.lower()))
    )


# a clause after the first: the message says more than a move in the game's notation
_CLAUSES = re.compile(
    r"[,;.!?]\s+\S|\s(?:y|and|but|pero)\s+(?:ya|ahora|now|i|i'?m|im|yo|tengo|me|so|asi)\b|"
    # "X 0,2 y hago la fila de 3": what the move does, said after it
    r"\s(?:y|and)\s+(?:hago|hacer|make|get|armo|completo|gano|win|block|bloqueo)\b",
    re.IGNORECASE,
)


def _never_counts(
    table,
    seat: int,
    text: str,
    lang: str | None,
    second_thought: bool,
    intent: str,
    verdict: tuple[Any, str | None],
) -> bool:
    """Whether a move the game cannot play is still no illegal attempt: a corrected message
    ("X no wait Y"), one that gives a reason or says more in a second clause, one that only
    describes the board (:func:`_describes_only`: "C5 is still empty"), one in Korean
    words, or one in English or Spanish words that is no explicit try (all notation, or a move
    verb first and a card or code named: "play the ace of spades on 9"; not "the ace up to the
    top, for a check"; nor words the game cannot read that name a second card beside the one
    played: "play the ace of clubs next to the 2 of spades"). Only an explicit try in the game's
    own move language counts."""
    error = verdict[0]
    if intent != "move" or error is None or isinstance(error, AmbiguousMoveError | RiskyMoveError):
        return False
    if second_thought or languages.main_clause(text) != text or _CLAUSES.search(text.strip()):
        return True  # corrected, or said with more than the move ("…, lets see what …")
    if len(text.split()) > _TRY_WORDS:
        return True  # a sentence, not a try at the game's notation ("K♥ c5 … xq el campo es …")
    if _describes_only(table, text, text, second_thought):
        return True  # a description of the board ("C5 is still empty", "0,0 is taken already")
    if isinstance(error, ParseError) and _names_more(table, text):
        return True  # unread, a second card, place or number named ("next to the 2♠", "… 3")
    if lang == "ko":  # a Korean word in it: said, not written in the game's notation
        return bool(re.search(r"[\uac00-\ud7a3]", text))
    return lang in ("es", "en") and not explicit_attempt(table, seat, text)


def _names_more(table, text: str) -> bool:
    """Whether a text names more than one move takes: a second card, a second place ("next to
    the 2♠", "x 0,1 above my 0,0") or a number beside its place ("x en -2,1 q me da 3")."""
    if len(find_cards(text)) >= 2:
        return True
    places = _places(table, text)
    if len({re.sub(r"\s+", "", said.lower()) for _, _, said in places}) >= 2:
        return True
    rest = text
    for start, end, _ in reversed(places):
        rest = rest[:start] + " " * (end - start) + rest[end:]
    return bool(places) and bool(re.search(r"\d", rest))


def _places(table, text: str) -> list[tuple[int, int, str]]:
    """The places (the game's codes, :attr:`ChatWords.move_codes`) a text names, in order, codes
    that overlap merged into one ("x 0,1", "0,1")."""
    spans: list[tuple[int, int, str]] = []
    for source in table.engine.info.chat_words.move_codes:
        spans += [(m.start(), m.end(), m.group()) for m in re.finditer(source, text, re.I)]
    places: list[tuple[int, int, str]] = []
    for start, end, said in sorted(spans):
        if places and start < places[-1][1]:  # overlapping codes of one place
            places[-1] = (places[-1][0], max(end, places[-1][1]), places[-1][2])
        else:
            places.append((start, end, said))
    return places


# the most words an explicit try at a move takes ("play the ace of spades on C9 face down")
_TRY_WORDS = 9
_ANSWERED = ("status", "hidden", "history", "score")  # asked of the position, not of a move
# two moves weighed against each other: advice asked ("should I take the jack or go for check?")
_WEIGHS = re.compile(
    r"\b(?:should i|shall i|better|good idea|worth it|smart|conviene|deberia|debería)\b.*"
    r"\b(?:or|o)\b|\bor should i\b|\b(?:good|bad|safe|risky) or (?:is it |it'?s )?a trap\b|"
    r"\b(?:or|o)\b.*\b(?:harias|would you do|aconseja\w*|recomienda\w*)\b|"
    r"\b(?:que|q) hago\b.*\bo\b|\bmejor\b.*\bo\b|\bcual\b.*\b(?:sirve|conviene)\b.*\bo\b|"
    r"\b(?:or|o)\b.*\?.*\b(?:conviene|better|mejor)\b|"
    r"(?:까|나아)\s*\S*.*(?:까|나아)\s*\??\s*$|나아\s*(?:아님|아니면)\b.*\?",
    re.IGNORECASE,
)
# one's options asked by the rules' words ("what am i allowed to do with a Q♥ on top")
_ALLOWED = re.compile(
    r"\b(?:what|which|list|que|q|cuales)\b.*\b(?:allowed|legal|valid|options|choices|opciones)\b|"
    r"\bonly thing i can\b|"
    # what else one may do besides a move ("anything besides picking", "otra cosa q no sea robar")
    r"\b(?:anything|something|smth|algo|otra cosa)\b.*\b(?:besides|other than|apart from|except|"
    r"aside from|instead of|aparte de|ademas de|además de|que no sea|q no sea|en vez de|salvo|"
    r"excepto)\b|말고\s*(?:다른|딴)",
    re.IGNORECASE,
)
# a piece sent back to a place ("el as vuelve atrás a bc5"): a move, not an undo
_GOES_BACK_TO = re.compile(r"\b(?:vuelve|vuelvo|goes|go)\b.*\b(?:a|to)\s+[a-z]{1,2}\d\b", re.I)
# whether one may make a move with what was just done ("can i discard the same card i just
# drew?", "am i allowed to throw back the card i just took"): a move asked, not the log
_MAY_MOVE = re.compile(
    r"^(?:(?:can|could|may) (?:i|we)|am i allowed to|is it allowed to|are we allowed to) "
    r"(?:\w+ )?(?:discard|throw|play|put|take|draw|use|pick|dump|toss)\b",
    re.IGNORECASE,
)
_SHOW = re.compile(r"\W*(?:show|muestra|mostra|ensena|enseña)\w*\b", re.IGNORECASE)
_WHICH_ONE = re.compile(r"\bwhich (?:one|card)\b", re.IGNORECASE)
# advice asked in so many words ("whats a good opener here? i got 2 kings and no clue …")
_ADVICE = re.compile(
    r"\bwhat'?s a (?:good|decent|smart|safe|solid)\b|\bno clue\b|\bno idea what\b|"
    r"\bwhat'?s (?:the )?best\b|"
    r"\bconviene\b|\b(?:me )?aconseja\w*\b|\brecomienda\w*\b|"
    r"^\W*(?:q|que|cual) (?:descarto|tiro|saco)\b|"
    r"(?:는|은)\s*게\s*(?:더\s*)?나아\s*\?",  # "지금 더미 카드 가져가는게 나아?": advice asked
    re.IGNORECASE,
)
# what the rules make one do ("붙여야 되는거 아님?", "don't I have to …"): asked of the rules
_MUST = re.compile(
    rf"(?:어|아|여){topics.KOREAN_MUST}|\b(?:must|have to|has to|tengo que|hay que|tiene que)\b",
    re.IGNORECASE,
)
# a choice asked for ("can I play this or pass?", "can I go anywhere?"), not one move (nor "… or
# is that not allowed", "… o no?": the one move asked twice)
_CHOICE = re.compile(
    r"\b(?:(?:or|o)(?!\s+(?:not|no|nah)\b|\s+(?:is|isn'?t|es|está|esta)\s+(?:(?:that|it|this|eso)\s+)?"
    r"(?:(?:not|no)\s+)?(?:allowed|legal|illegal|ok|okay|possible|valid|permitido|against)\b)|"
    r"anything|any|anywhere|"
    r"which|where|what|something else|smth else|algo mas|algo más|otra cosa)\b|"
    r"아무(?:데|곳|거|카드|자리)|다른\s*(?:거|것|걸)",
    re.IGNORECASE,
)


def _a_rule_of_a_case(found: str | None, text: str) -> bool:
    """Whether a message a topic's words matched asks what the rules do in a case: what happens
    asked first ("비기면 어떻게 돼? 다시 하는거야?"), or an undo's word in a question that opens on
    a supposed case ("si capturo y sale una carta del rival, siempre la puedo cambiar?")."""
    if found in ("rematch", "undo", "score", "resign") and _WHAT_IF_FIRST.search(text):
        return True
    return found == "undo" and bool(_CASE_FIRST.match(text)) and asked(text)


def _by_topic(
    table, text: str, lang: str, read: str, intent: str, verdict: tuple[Any, str | None]
) -> tuple[str, tuple[Any, str | None]]:
    """A message no phrasing matched whole and the game read as no definite move, taken for the
    topic its key words ask about (gm/play/chat/topics.py): "is it my turn or are we waiting on
    him??" → whose turn; "que movimientos tengo con el as?" → the legal moves (those of the ace,
    the reader's candidates kept). A question that names a move keeps the reader's verdict on it
    unless it asks of the turn, the standing, the log or hidden cards; chat takes a topic only
    when it is asked ("?"), or to undo, resign (confirmed after) or play again."""
    error, move = verdict
    if intent == "move" and error is None:  # one definite move: played as read
        return intent, verdict
    weighs = bool(_WEIGHS.search(text))  # "is taking the jack a good idea or nah?": advice
    if intent not in (
        "question",
        "unclear",
        "help",
        "chat",
        "move",
        "score",
        "board",
        "undo",
    ) and not (intent == "rules" and weighs):
        return intent, verdict
    words = table.engine.info.chat_words
    found = topics.topic(text, lang, words.move_verbs, _seat_labels(table))
    if _a_rule_of_a_case(found, text):
        return "question", (None, None)
    if found is None or found == intent:
        return intent, verdict
    whole = classify(read)  # said whole: the phrasing wins, but the deck's top is no board line
    # "cancel my giving up"; "M2 밑에 깔린 카드 뭐야?" (what is the card under M2) read as "what
    # does … mean": the card is hidden, no word to look up
    overrides = {("board", "hidden"), ("undo", "keep_playing"), ("rules", "hidden")}
    if whole not in (None, "help", "chat", "question") and (whole, found) not in overrides:
        return intent, verdict
    judged = isinstance(error, IllegalMoveError | RiskyMoveError | TurnError) or (
        isinstance(error, ParseError) and names_a_card_or_code(read)
    )
    if weighs and found in ("history", "status") and asked(text):
        found = "hint"  # "robo del mazo o agarro el 5YM? q me conviene": advice, not the log
    if found == "score" and _WHICH_ONE.search(text):
        found = "hint"  # "which one gets me the most points": a choice asked, not the standing
    # "which one should i pick vs a queen": a choice asked, not the card it names
    deliberates = found == "hint" and (
        weighs or bool(_WHICH_ONE.search(text) or _ADVICE.search(text))
    )
    if _a_move_said(found, read):
        return intent, verdict
    # resigning is confirmed after, so it is taken over a refused move ("… 걍 포기할게")
    allowed = found == "legal" and bool(_ALLOWED.search(text))  # "… allowed to do with a Q♥"
    shown = found == "board" and bool(_SHOW.match(text))  # "show me my hand and the pile"
    answered = deliberates or allowed or shown
    if judged and found not in (*_ANSWERED, "undo", "resign") and not answered:
        return intent, verdict  # "can I play 7♣ C9?": the reader's verdict on it
    questioned = asked(text)
    if found in topics.ASKED:
        if intent in ("chat", "move") and not questioned and found != "board":
            return intent, verdict
        if move is not None and found not in (*_ANSWERED, "board") and not (deliberates or allowed):
            return intent, verdict
    elif questioned and found == "resign" and not _RESIGNS_LAST.search(text):
        found = "resign_question"  # (not "128점까지 언제 가냐 그냥 항복": a sigh, then resigning)
    anywhere = _CHOICE.search(text) and not _MUST.search(text)  # "아무데나 둬도 돼?"
    if found == "legal" and may_i(read) and not (_CHOICE.search(read) or anywhere):
        return intent, verdict  # "can I play 3♣?": the reader's verdict on that one move
    keep = found == "legal" and isinstance(error, AmbiguousMoveError)
    return found, ((error, None) if keep else (None, None))


def _a_move_said(found: str, read: str) -> bool:
    """Whether a message the topic words took for the log or an undo speaks of a move: a piece
    sent to a place ("el as vuelve atrás a BC5"), or whether one may make a move with what was
    just done ("can i discard the card i just drew?"): the reader's verdict stands."""
    if found == "undo":
        return bool(re.search(r"\b[A-Z]{1,2}\d\b", read) or _GOES_BACK_TO.search(read))
    return found == "history" and bool(_MAY_MOVE.match(read.strip()))


# words that point at a place, a card or a number ("one square right of the middle", "the
# black one", "cero, menos uno", "내 O 아래에"): a message with one may mean a move, so it is
# never taken for a remark
_POINTING = re.compile(
    r"\b(?:one|ones|right|left|above|below|top|bottom|middle|center|centre|up|down|next|corner|"
    r"beside|under|over|first|last|same|arriba|abajo|izquierda|derecha|encima|misma|mismo|"
    r"debajo|medio|centro|uno|una|primer[oa]?|ultim[oa]|est[ae]|es[ae]|cero|dos|tres|cuatro|"
    r"cinco|seis|siete|ocho|nueve|diez|menos)\b|위|아래|옆|왼|오른|가운데|첫|마지막|이거|그거|"
    r"저거|걸로|같은\s*자리",
    re.IGNORECASE,
)


# an exclamation that ends a tale ("llevo 26 turnos y solo tengo 2 cartas en cadena, q
# desastre"): a remark, whatever numbers the tale holds
_EXCLAIMED_LAST = re.compile(
    r"[,.!…]\s*(?:q|que|qué) (?:desastre|horror|mal|pena|rabia|l[aá]stima|mala suerte|locura)"
    r"\W*$|[,.!…]\s*(?:what a (?:mess|disaster|joke|pain)|smh)\W*$|"
    # … or opens it ("q bronca, ya tiene dos seguidas", "q suerte tiene este bot dios mio")
    r"^\W*(?:q|que|qué) (?:bronca|desastre|horror|rabia|l[aá]stima|locura|"
    r"suerte (?:tiene|tenes|tienes))\b",
    re.IGNORECASE,
)


# the game itself, pointed at ("este juego me quema la cabeza", "this game"): no place
# … or "está" said before a gerund ("me esta volviendo loco"): a verb, no place
_THE_GAME = re.compile(
    r"\b(?:este|esta|this) (?:juego|partida|game)\b|\besta(?= \w+(?:ando|iendo)\b)",
    re.IGNORECASE,
)


def _remark(text: str, read: str) -> bool:
    """Whether a message nothing understood is a remark ("this game is melting my brain", "qué
    día tan largo"): a sentence of three words or more, not asked, naming no card, code, number
    or move word — answered as chat, never with "I did not understand"."""
    return (
        len(text.split()) >= 3
        and not asked(text)
        and not re.search(r"\d", text)
        and not any(number_value(w) is not None for w in re.findall(r"\w+", read.lower()))
        and not _POINTING.search(
            _THE_GAME.sub(" ", spanish.fold(text) if not korean.is_korean(text) else text)
        )
        and not names_a_move(read)
        and not names_a_move(text)
    )


def _seat_labels(table) -> tuple[str, ...]:
    """The labels of the table's seats as the board names them ("Row 1", "north"), and the
    words the game gives them in other languages ("북쪽", "norte")."""
    info = table.engine.info
    labels = tuple((info.seat_labels or info.seat_names)[: len(table.doc["seats"])])
    named = {label.lower() for label in labels}  # and as the game's words say them ("북쪽")
    said = (w for _, kind, w, en in info.chat_words.translations if kind == "word" and en in named)
    return labels + tuple(said)


def understand(table, seat: int, text: str) -> tuple[str, str, tuple[Any, str | None]]:
    """The intent of a message, the text to act on, and the reader's verdict on a question."""
    intent = classify(text)
    if intent is not None:
        return intent, text, (None, None)
    first = _first_request(text)
    if first is not None:
        return first, text, (None, None)
    text = trimmed(text)
    intent, error, move = triage(table, seat, text)
    no_try = error is None or isinstance(error, AmbiguousMoveError)
    if intent == "move" and no_try and _describes(table, seat, text):
        return "chat", text, (None, None)  # "the queen is pretty": said of a card, not played
    if intent == "question" and (error, move) == (None, None):
        if _names_a_figure(table, seat, text):
            return "score", text, (None, None)
    return intent, text, (error, move)


_SENTENCES = re.compile(r"(?<=[?!.,])\s+")


# said of a card or a thing: a copula and a word that judges it ("the queen is pretty", "the deck
# is huge", "el rey es mi favorito"), or a liking ("i love the king of hearts")
_COPULA = re.compile(
    r"\b(?:is|are|was|were|looks|seems|isn't|aren't|es|son|era|esta|parece)\b(?:\s+\w+){0,2}?\s+"
    r"(?:pretty|huge|good|great|bad|nice|strong|weak|best|worst|favou?rite|amazing|awesome|"
    r"terrible|ugly|big|small|tiny|cute|so|too|really|very|useless|scary|annoying|creepy|brutal|"
    r"menace|beast|monster|nightmare|"
    r"nasty|evil|insane|crazy|unfair|mejor|peor|favorit[oa]|molest[oa]|"
    r"buen[oa]|mal[oa]|enorme|fuerte|lindo|linda|bonit[oa])\b|\b(?:love|hate)\b|"
    # or a judging word after it, alone ("ugh the 5, useless", "el 2, inútil")
    r",\s*(?:so |such |totally |completely |muy |re )?(?:useless|terrible|awful|trash|garbage|"
    r"horrible|annoying|pointless|worthless|lame|inutil|horrible|basura|malisim[oa])\W*$",
    re.IGNORECASE,
)
_KOREAN_WHY = re.compile(r"어차피|왜냐면|왜냐하면")  # a reason said after the move
# a Korean bid with more said after it ("… 뽑자 더미엔 …", "… 낼게 …", "… 한장 ㄱㄱ 더미는 …")
_BID_FIRST = re.compile(
    r"(?:[가-힣]자|[을할낼둘갈뽑놓릴]게|[을할낼둘갈]께|ㄱㄱ+|(?<=\s)(?:버려|둬|놔))(?:요)?(?=\s+\S)"
)
_REQUESTED = re.compile(r"줘|주세요|줄래|봐요?\b|알려")  # a Korean request's ending
_KOREAN_BECAUSE = re.compile(r"^.*?(?:니까|니깐|라서)\s+(?=.*[가-힣])")  # a reason said before it
# a Korean exclamation's ending ("…왔네", "…좋구나", "…라니", "오 퀸 떴다"): a remark — no
# move line of any blind part ends so (about 20 chat lines do)
_KOREAN_REMARK = re.compile(
    r"(?:(?!야겠다)[가-힣](?:네|군|구나|라니|겠다)|(?:떴|나왔|왔)다)[\s.!~ㅋㅎㅠㅜㅡ]*$"
)
# a Korean word that judges ("아 5BS 완전 쓸모없네 ㅋㅋ", "하트퀸 올린거 얄밉네"), searched in the
# message as written (its English reading drops it): a remark, never a move
_KOREAN_JUDGES = re.compile(
    r"쓸모\s*없|쓸데\s*없|별로(?:네|다|야|임|[\s.!~ㅋㅎㅠㅜ]*$)|구리(?:네|다)|구려|최악|짜증|얄밉|아깝|"
    r"예쁘|이쁘|위험(?:함|해|하다|하네|할듯|할걸)|손해|비추|에바|노답|"
    r"멋지(?:네|다)|무섭(?:네|다)|개꿀|꿀이(?:네|다)|개이득|억울|어이없|실화(?:냐|임|야)|"
    r"복잡하(?:다|네)|복잡해(?![가-힣])|어렵(?:다|네)|"
    r"(?<=\d)네(?=\s|[!~ㅋㅎ]|$)"
)


def _describes(table, seat: int, text: str) -> bool:
    """Whether a text the game reads as a move (one, or several to ask back) says something of
    a card or a thing rather than playing it ("the deck is huge lol", "the queen is pretty",
    "my ace is the best"): a copula in it, not in a reason after an order that opens with a
    move verb ("swap my hand, these cards are useless to me"), and it is no explicit try
    in the game's move language."""
    copula = _COPULA.search(text)
    if copula is None:
        return False
    # the judgement as a reason, the order after it ("6h is my worst card so hide it.. face down
    # in 7"): played
    verbs = (*table.engine.info.chat_words.move_verbs, *_ACTS, *_ORDER_VERBS)
    then = rf"{_SO_THEN}(?:{'|'.join(map(re.escape, verbs))})\b"
    if re.search(then, text[copula.end() :], re.IGNORECASE):
        return False
    head = text[: copula.start()]
    if re.search(r",|[.]\s", head):  # the judging clause after an order ("swap. 3 … useless")
        verbs = (*table.engine.info.chat_words.move_verbs, *_ACTS)
        # (said as it is done too: "putting the 5♠ … in C3, since …")
        order = rf"^\W*(?:i'?m\s+|im\s+)?(?:{'|'.join(map(re.escape, verbs))})(?:t?ing|s)?\b"
        if re.match(order, re.split(r",|[.]\s", head)[0], re.IGNORECASE):
            return False
    return not explicit_attempt(table, seat, text)


def _first_request(text: str) -> str | None:
    """A request with a comment around it ("what should i open with?? first time playing this",
    "how's it going, am i winning?"): the first sentence or clause that is a request (not
    chat, not a move)."""
    sentences = [s for s in _SENTENCES.split(text.strip()) if s.strip(" ?!.,")]
    if len(sentences) < 2:
        return None
    for sentence in sentences:
        intent = classify(sentence)
        if intent not in (None, "chat", "help"):
            return intent
    return None


def _names_a_figure(table, seat: int, text: str) -> bool:
    """Whether a question asks about one of the game's running figures by its name ("what's my
    <figure>?", "how many <figure>?"): the standing answers it, not the rules. A question about
    what a word means or how the game works is left to the rules."""
    if asks_meaning(text) or how_it_works(text) or _SUPPOSED.search(text):
        return False
    if _WHICH_ONE.search(text):  # "which one gets me the most points": advice asked
        return False
    # (a word with a number after it names a place, not the figure: "what row 1 face down")
    asked = {_stem(w) for w in re.findall(r"\b[a-z]+\b(?!\s*\d)", text.lower())}
    for figure in table.engine.standing(table.state, seat):
        named = {_stem(w) for w in re.findall(r"[a-z]+", figure.label.lower()) if len(w) > 2}
        named -= _LOOSE
        if named and named <= asked:
            return True
    return False


# a message that opens asking what happens in a case ("if we tie what happens? do we redo
# it?", "비기면 어떻게 돼? 점수 없음?"): a rule asked, whatever it asks after
_WHAT_IF_FIRST = re.compile(
    r"^\W*(?:(?:and|so|but|wait|ok|y|pero|oye)\W+)?(?:what happens (?:if|when)\b|"
    r"if\b[^?]*\bwhat happens\b|que pasa (?:si|cuando)\b|si\b[^?]*\bque pasa\b|"
    r"\S*(?:기면|으면|다면|라면|하면|되면|지면|나면)\s*(?:어떻게|어케)\s*(?:돼|되|됨|해))",
    re.IGNORECASE,
)
# a question that opens on a supposed case ("si capturo y sale una carta del rival, siempre la
# puedo cambiar?"; not "si, …", yes): what the rules allow then, no move of this game taken back
_CASE_FIRST = re.compile(r"^\W*(?:if|when|si|cuando)\s+(?:\w+\s+){3}", re.IGNORECASE)
# what it takes to win, asked ("how many points do you need to win?", "cuantos puntos hay q
# hacer para ganar?", "몇 점 내야 이겨?"): the rules' target, not the standing
_TO_WIN = re.compile(
    # (not "cuanto me falta para ganar?", how far one still is: the standing)
    r"^(?!.*\b(?:(?<!hace )(?<!hacen )falta|faltan|queda|quedan|left|still|todavia|todavía)\b)(?:"
    r"\bhasta cu[aá]nt[oa]s? puntos\b|"  # "hasta cuantos puntos se juega?": the target
    r"\b(?:how many|how much|cu[aá]nt[oa]s?)\b.*\b(?:to win|para ganar)\b|"
    r"\b(?:need|needs|necesit\w*|hace falta|hay que|hay q)\b.*\b(?:to win|para ganar)\b|"
    r"몇\s*\S*\s*(?:내야|따야|모아야|있어야|얻어야|먹어야)\s*(?:이겨|이기|이김|승리)|이기려면|이길려면)",
    re.IGNORECASE,
)
# a rule asked of a supposed case ("can u put a card face down if they already got one
# there??"): the rules answer it, not the standing
_SUPPOSED = re.compile(r"\b(?:if|si)\b(?!.*\b(?:now|ahora|ya)\b)", re.IGNORECASE)
# what one cannot do, checked ("… 못내는거 맞지?", "… can't …, right?"): asked of the rules
_NOT_ALLOWED = re.compile(
    r"(?:못\s*\S*|면\s.*)(?:거|건|는\s*거)\s*(?:맞|아니|아님)|\bcan'?t\b.*\bright\b|"
    r"^(?:\S+\s+)?\S+(?:은|는)\s+(?:다시\s+)?\S+\s*수\s*(?:있|없)(?:어|나|니|음|을까)|"
    r"^(?:\S+\s+)?\S+(?:은|는)\s+(?:\S+\s+)?못\s*\S+\s*\?\s*$",  # "도전자는 점수 못얻어?"
    re.IGNORECASE,
)
_LOOSE = {"won"}  # a figure's word a question may leave out ("who is winning C2?")


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") else word
