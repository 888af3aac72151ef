"""Chat text: one message from a chat is first understood for what it is — a request ("show the
board", "what can I play?", "rematch"), a question ("what does XY mean?"), small talk ("thanks",
"one sec"), a try at a move, or nonsense — and the answer carries a short ``reply`` a chat can
relay verbatim (gm/play/chat/replies.py: plain sentences in the game's words, no HTTP).

Deterministic, no language model: the phrasing is matched whole (gm/play/chat/intents.py); anything
else is read — never played — against the seat's position, and only a message that tries to be a
move goes to :meth:`GameService.move`, so only such a message can count as an illegal attempt.
Questions are answered from the game's rules text, the view and the log; resigning by chat asks
for confirmation first ("yes, resign" resigns). Works for every registered game, in the words
each game declares (``GameInfo.chat_words``): this package names no game.
"""

from __future__ import annotations

import re
from typing import Any

from gm.games.base import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    ParseError,
    RiskyMoveError,
    TurnError,
)
from gm.games.words import number_value
from gm.play import seats as tokens
from gm.play.chat import korean, localise, memory, replies, rulesearch, spanish, topics
from gm.play.chat import language as languages
from gm.play.chat.intents import (
    about_the_rules,
    asked,
    classify,
    explicit_attempt,
    may_i,
    names_a_card_or_code,
    names_a_move,
    normalise,
    triage,
    trimmed,
)
from gm.play.chat.replies import JARGON, REQUESTS
from gm.play.problems import ServiceError
from gm.play.service import GameService
from gm.store.chatmemory import ChatMemory

__all__ = ["JARGON", "REQUESTS", "classify", "normalise", "say"]

HISTORY_PAGE = 12  # entries of the history a 'history' request's answer carries (the last ones)

CONFIRM_RESIGN = "Are you sure? Say 'yes, resign' to resign; the game ends at once."
_ACKS = (  # small talk → a short friendly answer, before the steer back to the game
    (("thank", "thx", "ty", "cheers", "appreciated"), "You're welcome!"),
    (("brb", "sec", "moment", "minute", "min", "wait", "hold", "hang", "think", "let me see"),
     "No rush, the game waits for you."),
    (("move", "played", "wp", "one", "shot", "play"), "Thanks!"),
    (("gg", "good game", "luck", "gl", "fun", "love"), "Enjoy the game!"),
    (("bye", "later", "night", "gotta go"), "See you! The game stays as it is."),
    (("sorry", "my bad", "never mind", "nevermind", "nvm"), "No problem."),
)  # fmt: skip


RULES_EXCERPT = 4000  # characters of the rules text in a chat answer (every answer is ≤ 16 KB,
# a long game's whole view and board beside it: tests/play/test_answer_bounds.py)


def excerpt(text: str, limit: int = RULES_EXCERPT) -> str:
    """The rules text, or its first sections up to ``limit`` characters (cut before a heading or
    a paragraph) and a line saying where the rest is."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n#", 0, limit)
    if cut < limit // 2:
        cut = text.rfind("\n\n", 0, limit)
    return text[:cut].rstrip() + "\n\n(The rules go on: the get_rules tool has the whole text.)"


def say(
    service: GameService,
    token: str,
    text: str,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """Answer one chat message for the seat holding ``token``: ``{intent, reply, **view}``, plus
    the move answer's fields for a move, ``history`` for history and ``rules`` for rules.
    ServiceErrors (unknown token, stale version) propagate like in the other use cases.

    ``language`` ('en', 'ko' or 'es': gm/play/chat/language.py): the seat's language from now
    on, kept with the seat like a setting said in the chat ("한국어로"); a setting wins over the
    language the messages are written in.

    What the seat was just asked or offered (gm/play/chat/memory.py) is read first: a follow-up
    ("the first", "ok do that") plays the move it names; the memory is kept after the answer."""
    table, seat = service.seat_table(token)
    store = ChatMemory(service.store)
    game_id = tokens.game_id_of(token)
    kept = store.recall(game_id, seat)
    said = languages.detect(text)
    chosen = languages.setting(text)
    settings: dict[str, Any] = {k: kept[k] for k in ("lang", "seen") if k in kept}
    settings.update({"seen": said} if said else {})
    if language is not None:  # the door's schema checks it; a direct caller too
        if language not in languages.LANGUAGES:
            raise ValueError(f"unknown language {language!r}: one of {languages.LANGUAGES}")
        settings["lang"] = language
    settings.update({"lang": chosen} if chosen else {})
    lang = settings.get("lang") or said or settings.get("seen") or "en"
    if chosen is not None:
        view = service.seat_view(token)
        answer = {"intent": "chat", "reply": f"Fine. {replies.status(view)}", **view}
        answer["reply"] = localise.reply(lang, {**answer, "intent": "language"}, "", {})
        _keep(store, game_id, seat, kept, {**kept, **settings})
        return _board_in(lang, answer)
    words = table.engine.info.chat_words.translations
    fixed, read, second_thought = languages.read_corrected(text, said or "en", words)
    verdict: tuple[Any, str | None] = (None, None)
    followed = memory.resolve(kept, read) if kept else None
    if followed is not None and (move := memory.still_legal(table, seat, followed)) is not None:
        read, intent = move, "move"
    else:
        intent, read, verdict = _understand(table, seat, read)
        intent, read, verdict = _without_reason(table, seat, fixed, said, (intent, read, verdict))
        if _chatter(text, intent, verdict):
            intent, verdict = "chat", (None, None)
        weighed = languages.hypothetical(fixed if second_thought else text)
        if intent == "move" and weighed:  # a wish or a doubt: not played
            intent = "question" if text.rstrip().endswith("?") else "chat"
            verdict = verdict if intent == "question" else (None, None)
        intent, verdict = _by_topic(table, text, said or "en", read, intent, verdict)
        if intent == "unclear" and _remark(text, read):
            intent, verdict = "chat", (None, None)
        if _never_counts(table, seat, text, said, second_thought, intent, verdict):
            intent = "unclear"
    answer = _answer_to(
        service,
        token,
        read,
        intent,
        verdict,
        expected_version,
        idempotency_key,
        original=(text, said or "en"),
    )
    if lang != "en":
        answer["reply"] = localise.reply(
            lang, answer, answer["reply"], _extra(service, table, seat, answer, verdict)
        )
    remembered = memory.after(kept, answer, read, verdict)
    _keep(store, game_id, seat, kept, {**(remembered or {}), **settings})
    return _board_in(lang, answer)


def _board_in(lang: str, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with its board text in ``lang`` (its words; the notation as it is)."""
    if lang != "en" and isinstance(answer.get("board"), str):
        answer["board"] = localise.board(lang, answer.get("game", ""), answer["board"])
    return answer


def seat_language(service: GameService, token: str, view: dict[str, Any]) -> str:
    """The language the seat of ``token`` (whose view is ``view``) reads: the setting kept in
    its chat memory, else the language it was last seen writing in the chat, else English."""
    seat = next(
        (i for i, s in enumerate(view.get("seats") or ()) if s["name"] == view["seat"]), None
    )
    if seat is None:
        return "en"
    kept = ChatMemory(service.store).recall(tokens.game_id_of(token), seat)
    lang = kept.get("lang") or kept.get("seen") or "en"
    return lang if lang in languages.LANGUAGES else "en"


def in_seat_language(service: GameService, token: str, view: dict[str, Any]) -> dict[str, Any]:
    """The seat's ``view`` with its board text in the seat's language (:func:`seat_language`):
    unchanged for a seat that never set or wrote another language."""
    return _board_in(seat_language(service, token, view), view)


def _keep(
    store: ChatMemory, game_id: str, seat: int, kept: dict[str, Any], new: dict[str, Any]
) -> None:
    if not new:
        if kept:
            store.forget(game_id, seat)
    elif new != kept:
        store.keep(game_id, seat, new)


def _extra(
    service: GameService, table, seat: int, answer: dict[str, Any], verdict: tuple[Any, Any]
) -> dict[str, Any]:
    """What a reply in another language is worded from, beyond the answer itself."""
    intent = answer.get("intent")
    if intent == "score":
        figures = table.engine.standing(table.state, seat)
        return {"figures": figures, "seat": seat, "names": table.engine.info.seat_names}
    if intent == "rules":
        rules = service.rules(answer["game"])
        return {"title": rules["title"], "syntax": rules["move_syntax"]}
    if isinstance(verdict[0], AmbiguousMoveError):
        return {"candidates": verdict[0].candidates}
    return {}


# laughter, sighs and exclamations, in each language: a message with one that is no definite
# move ("my ace is gonna wreck them lol", "8 또 나왔네 ㅋㅋ", "uff una reina") is chat
_CHATTER = re.compile(
    r"[ㅋㅎㅠㅜ]{2,}|(?:다|네|군|구나|라니|겠다)[\s.!~ㅋㅎㅠㅜ]*$|"
    r"\b(?:lol|lmao|(?:ha){2,}|(?:he){2,}|ha|ja|(?:ja){2,}j?|(?:je){2,}|ugh|uff+|uf|uy|ay|omg|wow|ooh+|oof|dang|damn|"
    r"rough|gonna|killing me|sucks|vaya|madre mia|que mala|me mata)\b",
    re.IGNORECASE,
)


def _chatter(text: str, intent: str, verdict: tuple[Any, str | None]) -> bool:
    """Whether a message that is no definite move (unreadable, ambiguous or illegal as a move,
    or not understood at all) sounds like chat: it is answered as chat, never counted."""
    if text.rstrip().endswith("?") or not _CHATTER.search(text):
        return False
    if intent == "question" and verdict == (None, None):  # "패가 왜 이렇게 좋냐 ㅋㅋㅋ"
        return True
    if intent in ("rules", "question") and re.search(r"\b(?:why|por ?que)\b|왜", text, re.I):
        return True  # "why are there two kinds lol": a joke, not a rules question
    return intent in ("unclear", "help") or (intent == "move" and verdict[0] is not None)


def _without_reason(
    table, seat: int, text: str, lang: str | None, reading: tuple[str, str, tuple[Any, str | None]]
) -> tuple[str, str, tuple[Any, str | None]]:
    """A message that is no definite move as a whole, read without the reason said after it
    ("K♥ C5, it matches the X♥ on the table"): its main clause, when that is one definite move."""
    intent, _, verdict = reading
    if (intent == "move" and verdict[0] is None) or intent == "question":  # asked: answered
        return reading
    main = languages.main_clause(text)
    if main == text:
        return reading
    read = languages.to_english(main, lang or "en", table.engine.info.chat_words.translations)
    again = _understand(table, seat, read)
    return again if again[0] == "move" and again[2][0] is None else reading


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
    ("X no wait Y"), one that gives a reason, one in Korean words, or one in English or Spanish
    words that is no explicit try (all notation, or a move verb first and a card or code named:
    "play the ace of spades on 9"; not "the ace up to the top, for a check").
    Only an explicit try in the game's own move language counts."""
    error = verdict[0]
    if intent != "move" or error is None or isinstance(error, AmbiguousMoveError | RiskyMoveError):
        return False
    if second_thought or languages.main_clause(text) != text:
        return True
    if lang == "ko":  # a Korean word in it: said, not written in the game's notation
        return bool(re.search(r"[\uac00-\ud7a3]", text))
    return lang in ("es", "en") and not explicit_attempt(table, seat, text)


_ANSWERED = ("status", "hidden", "history", "score")  # asked of the position, not of a move
# two moves weighed against each other: advice asked ("should I take the jack or go for check?")
_WEIGHS = re.compile(
    r"\b(?:should i|shall i|better|conviene|deberia|debería)\b.*\b(?:or|o)\b|"
    r"(?:까|나아)\s*\S*.*(?:까|나아)\s*\??\s*$",
    re.IGNORECASE,
)
# a choice asked for ("can I play this or pass?", "can I go anywhere?"), not one move
_CHOICE = re.compile(r"\b(?:or|o|anything|any|anywhere|which|where|what)\b", re.IGNORECASE)


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
    if intent not in ("question", "unclear", "help", "chat", "move", "score", "board", "undo"):
        return intent, verdict
    words = table.engine.info.chat_words
    found = topics.topic(text, lang, words.move_verbs, _seat_labels(table))
    if found is None or found == intent:
        return intent, verdict
    whole = classify(read)  # said whole: the phrasing wins, but the deck's top is no board line
    overrides = {("board", "hidden"), ("undo", "keep_playing")}  # "cancel my giving up"
    if whole not in (None, "help", "chat", "question") and (whole, found) not in overrides:
        return intent, verdict
    judged = isinstance(error, IllegalMoveError | RiskyMoveError | TurnError) or (
        isinstance(error, ParseError) and names_a_card_or_code(read)
    )
    deliberates = found == "hint" and bool(_WEIGHS.search(text))
    if judged and found not in (*_ANSWERED, "undo") and not deliberates:
        return intent, verdict  # "can I play 7♣ C9?": the reader's verdict on it
    questioned = asked(text)
    if found in topics.ASKED:
        if intent in ("chat", "move") and not questioned:
            return intent, verdict
        if move is not None and found not in _ANSWERED and not deliberates:
            return intent, verdict
    elif questioned and found == "resign":
        found = "resign_question"
    if found == "legal" and may_i(read) and not _CHOICE.search(read):
        return intent, verdict  # "can I play 3♣?": the reader's verdict on that one move
    keep = found == "legal" and isinstance(error, AmbiguousMoveError)
    return found, ((error, None) if keep else (None, None))


# words that point at a place, a card or a number ("one square right of the middle", "the
# black one", "cero, menos uno", "내 O 아래에"): a message with one may mean a move, so it is
# never taken for a remark
_POINTING = re.compile(
    r"\b(?:one|ones|right|left|above|below|top|bottom|middle|center|centre|up|down|next|corner|"
    r"beside|under|over|first|last|arriba|abajo|izquierda|derecha|encima|"
    r"debajo|medio|centro|uno|una|primer[oa]?|ultim[oa]|est[ae]|es[ae]|cero|dos|tres|cuatro|"
    r"cinco|seis|siete|ocho|nueve|diez|menos)\b|위|아래|옆|왼|오른|가운데|첫|마지막|이거|그거|"
    r"저거|걸로",
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
        and not _POINTING.search(spanish.fold(text) if not korean.is_korean(text) else text)
        and not names_a_move(read)
        and not names_a_move(text)
    )


def _seat_labels(table) -> tuple[str, ...]:
    """The labels of the table's seats as the board names them ("Row 1", "north")."""
    info = table.engine.info
    labels = info.seat_labels or info.seat_names
    return tuple(labels[: len(table.doc["seats"])])


def _understand(table, seat: int, text: str) -> tuple[str, str, tuple[Any, str | None]]:
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
    r"terrible|ugly|big|small|tiny|cute|so|too|really|very|useless|scary|mejor|peor|favorit[oa]|"
    r"buen[oa]|mal[oa]|enorme|fuerte|lindo|linda|bonit[oa])\b|\b(?:love|hate)\b",
    re.IGNORECASE,
)


def _describes(table, seat: int, text: str) -> bool:
    """Whether a text the game reads as a move (one, or several to ask back) says something of
    a card or a thing rather than playing it ("the deck is huge lol", "the queen is pretty",
    "my ace is the best"): a copula in it, and it is no explicit try in the game's move
    language."""
    return bool(_COPULA.search(text)) and not explicit_attempt(table, seat, text)


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
    if _MEANS.search(text) or _how_it_works(text):
        return False
    asked = {_stem(w) for w in re.findall(r"[a-z]+", text.lower())}
    for figure in table.engine.standing(table.state, seat):
        named = {_stem(w) for w in re.findall(r"[a-z]+", figure.label.lower()) if len(w) > 2}
        named -= _LOOSE
        if named and named <= asked:
            return True
    return False


_LOOSE = {"won"}  # a figure's word a question may leave out ("who is winning C2?")


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") else word


def _answer_to(
    service: GameService,
    token: str,
    text: str,
    intent: str,
    verdict: tuple[Any, str | None],
    expected_version: int | None,
    idempotency_key: str | None,
    original: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """The answer to a message understood as ``intent`` (``text`` as read in English;
    ``original`` as written, with its language)."""
    written, lang = original or (text, "en")
    # a move's or resignation's reply is built inside the update, before anything is written
    if intent == "move":

        def finish(answer: dict[str, Any]) -> dict[str, Any]:
            reply = replies.moved(answer) if answer["legal"] else replies.refused(answer)
            return {"intent": "move", "reply": reply, **answer}

        return service.move(
            token, text, expected_version, idempotency_key, via="say", finish=finish
        )
    if intent == "resign_confirmed":
        return _resign(service, token, text, idempotency_key)
    if intent in ("rematch", "new_game") and service.seat_view(token).get("result") is not None:
        return _rematch(service, token)
    if intent == "hint":  # the coach: nothing is played, nothing counted
        answer = service.suggest(token)
        return {"intent": "hint", **answer}
    view = service.seat_view(token)
    extra: dict[str, Any] = {}
    if intent == "question":
        reply = _answer(service, view, text, *verdict, said=(written, lang))
    elif intent == "history":
        page = service.history(token=token, limit=HISTORY_PAGE)
        extra["history"] = page["moves"]
        reply = replies.history(page["moves"], view, total=page["total"])
    elif intent == "rules":
        rules = service.rules(view["game"])
        extra["rules"] = excerpt(rules["rules"])
        reply = f"{rules['title']}: {rules['summary']} Moves look like: {rules['move_syntax']}."
    elif intent == "score":
        table, seat = service.seat_table(token)
        figures = table.engine.standing(table.state, seat)
        reply = replies.standing(view, figures, seat, table.engine.info.seat_names)
    elif intent == "hidden":
        reply = _hidden(service, token, view, written)
    elif intent == "help":
        reply = replies.help_text(service.describe(view["game"]), view)
    elif intent == "legal" and isinstance(verdict[0], AmbiguousMoveError):  # "where can my ace go"
        reply = replies.legal(view, among=verdict[0].candidates)
    elif intent == "unclear" and isinstance(verdict[0], GameError) and names_a_move(text):
        reply = replies.not_a_try(verdict[0], view)
    else:
        reply = _simple(intent, view, text)
    intent = {"resign_question": "question", "hidden": "question", "keep_playing": "chat"}.get(
        intent, intent
    )
    return {"intent": intent, "reply": reply, **view, **extra}


def _simple(intent: str, view: dict[str, Any], text: str) -> str:
    """The replies built from the view alone."""
    over = view.get("result") is not None
    if intent == "board":  # and the lines it asks about ("what's my hand?")
        return f"Here is the board.{replies.on_board(view['board'], text)} {replies.status(view)}"
    if intent == "legal":
        return replies.legal(view)
    if intent == "status":
        return replies.status(view)
    if intent == "score":
        return replies.score(view)
    if intent == "resign":
        return f"The game is over already. {replies.status(view)}" if over else CONFIRM_RESIGN
    if intent == "resign_question":
        if over:
            return f"The game is over already. {replies.status(view)}"
        return (
            "That is up to you: resigning ends the game at once and the other side wins. "
            "To resign, say 'yes, resign'."
        )
    if intent == "keep_playing":
        return f"Fine, nobody resigns. {replies.steer(view)}"
    if intent == "undo":
        return f"Moves cannot be taken back: a move is final once played. {replies.steer(view)}"
    if intent == "rematch" and over:  # the service offers no rematch
        return "A rematch cannot be started from the chat here; start a new game instead."
    if intent in ("new_game", "rematch"):
        if over:
            return (
                "This game is over: say 'rematch' for another with the same settings and seats "
                "swapped, or start a new game."
            )
        return (
            "This game is still on: finish it (or say 'resign'), then say 'rematch' for another "
            f"with the same settings, or start a new game. {replies.status(view)}"
        )
    if intent == "chat":
        return f"{_ack(text)} {replies.steer(view)}"
    # unclear
    example = view["legal_moves"][0] if view["legal_moves"] else None
    eg = f"a move such as {example}, or " if example else ""
    return f"I did not understand that. Say {eg}ask for: {REQUESTS}."


# asks of the deck (its next cards, its top), never of a card a seat shows
_DECK = re.compile(
    r"\b(?:deck|stock|next|top|peek|mazo|proxim[ao]s?|siguientes?|arriba)\b|덱|다음", re.IGNORECASE
)


# names the other side: a question about their card, not about one's own or the deck (the
# other seats' labels are searched too)
_OTHER = re.compile(
    r"\b(?:his|her|their|them|he|she|they|opponent'?s?|rival|other|oponente|contrario|otro|el|"
    r"ella|bot|ai|ia)\b|상대|쟤|걔",
    re.IGNORECASE,
)


def _hidden(service: GameService, token: str, view: dict[str, Any], text: str = "") -> str:
    """The other side's cards: the cards they show when the question asks of them and the board
    shows them, with nothing of theirs hidden (their board line), else hidden
    from this seat while the game runs, if the game hides any."""
    if view.get("result") is not None:
        return f"The game is over: nothing is hidden any more. {replies.status(view)}"
    table, seat = service.seat_table(token)
    shown = replies.their_cards(view)
    asked = text.lower() if korean.is_korean(text) else spanish.fold(text)
    heads = [line.split("·")[0] for line in shown.split("; ")]  # a line's label part
    named = _OTHER.search(asked) or any(
        w in asked.split() for h in heads for w in re.findall(r"\w{2,}", h.lower())
    )
    if shown and named and not _DECK.search(asked) and not _theirs_hidden(table, seat):
        return f"On the board: {shown}. {replies.status(view)}"
    if not table.engine.hidden_tokens(table.state, seat):
        return f"Nothing is hidden from you now: everything is on the board. {replies.steer(view)}"
    return (
        "The other side's cards are hidden from you, as the rules have it: the board shows all "
        f"you may see (how many they hold, and any card shown). {replies.steer(view)}"
    )


def _theirs_hidden(table, seat: int) -> bool:
    """Whether another seat holds a card hidden from ``seat`` (one it sees and ``seat`` does
    not: a hand, a face-down card), beside what every seat is kept from (the deck)."""
    mine = table.engine.hidden_tokens(table.state, seat)
    others = [s for s in range(len(table.doc["seats"])) if s != seat]
    return any(mine - table.engine.hidden_tokens(table.state, s) for s in others)


def _ack(text: str) -> str:
    t = normalise(text)
    for words, ack in _ACKS:
        if any(w in t.split() or (" " in w and w in t) or t.startswith(w) for w in words):
            return ack
    return "Got it."


def _answer(
    service: GameService,
    view: dict[str, Any],
    text: str,
    error: Any,
    move: str | None,
    said: tuple[str, str] = ("", "en"),
) -> str:
    """A question: about a move it names (the reader's verdict, nothing played), else the
    sentence of the rules that answers it. A question about how the game works ("what is a
    jack?", "can a knight take a queen?") gets the rules' sentence before any verdict on the
    position ("you have no jack"); one in Korean or Spanish (``said``: as written, and its
    language) is matched against the rules in its language first (gm/play/chat/rulesearch.py)."""
    named = replies.named_line(view["board"], text)
    if named and not _MEANS.search(text):  # "what's row 2?": that line of the board
        return f"{named.strip()} {replies.status(view)}"
    rules_text = service.rules(view["game"])["rules"]
    native = _native_rules(text, said, rules_text)
    # a Korean or Spanish message read as English quotes the rules only when it asks how the
    # game works in its own words: its English reading lacks the words that tell a question of
    # the position ("ahora robo o descarto?" reads "now robo o discard?")
    quotes = said[1] not in ("ko", "es") or rulesearch.asks_how(*said)
    if native is not None or (quotes and about_the_rules(text)):
        quoted = native or replies.from_rules(text, rules_text)
        if quoted is not None:
            if isinstance(error, RiskyMoveError):
                return f"{quoted} Now {error.move} is legal, but: {replies.sentence(error.reason)}"
            return quoted + (f" Now {move} is legal; say it to play it." if move else "")
    if move is not None:
        return f"Yes, {move} is legal now; say it to play it."
    if isinstance(error, RiskyMoveError):  # legal, with a risk said before it is played
        return (
            f"Yes, {error.move} is legal now, but: {replies.sentence(error.reason)} Say "
            f"'{error.confirm}' to play it all the same."
        )
    if isinstance(error, AmbiguousMoveError):  # legal in more than one reading
        listed = replies.listing(error.candidates, replies.MAX_CANDIDATES)
        return f"Yes, in more than one way: {listed}. Say the one you mean to play it."
    if isinstance(error, ParseError):  # it names a move this game has no words for
        detail = error.reason.removeprefix(f"Could not read {error.text!r} as a move.").strip()
        syntax = service.rules(view["game"])["move_syntax"]
        return (
            f"No, that is not a move here.{' ' + detail if detail else ''} "
            f"Moves look like: {syntax}. {replies.status(view)}"
        )
    if error is not None:
        return f"No: {replies.sentence(error.reason)} Nothing was played. {replies.status(view)}"
    facts = "" if _how_it_works(text) else _on_board(view, text)  # the position's facts first
    if facts:
        return f"{facts.strip()} {replies.status(view)}"
    quoted = replies.from_rules(text, rules_text) if quotes else None
    return replies.cannot_answer(view) if quoted is None else quoted


def _native_rules(text: str, said: tuple[str, str], rules_text: str) -> str | None:
    """A Korean or Spanish rules question's sentence matched in its own language: Korean first
    (its English reading keeps few nouns), Spanish when its English reading (word by word, the
    cards' names exact) finds none."""
    written, lang = said
    if lang == "ko" or (lang == "es" and replies.from_rules(text, rules_text) is None):
        return rulesearch.from_rules(written, lang, rules_text)
    return None


def _on_board(view: dict[str, Any], text: str) -> str:
    """The board's lines a question about the position asks about ("what's row 2?"), or "" for a
    question about what a word means (the rules answer that)."""
    if _MEANS.search(text):
        return ""
    return replies.on_board(view["board"], text)


# asks how it works ("how many", "how long" ask about the position)
_HOW = re.compile(r"\s*(?:how(?! (?:many|much|long|far|big))|why|what happens|when)\b", re.I)
_NEEDED = re.compile(r"\b(?:need|needed|needs|required|to win|allowed|ever)\b", re.I)


def _how_it_works(text: str) -> bool:
    """A question about how the game works ("how do I win?", "how many do I need to win?"),
    not about the position ("how many cards are left?")."""
    return bool(_HOW.match(text) or _NEEDED.search(text))


_MEANS = re.compile(r"\b(?:mean|means|meaning|stand for|what is an?)\b", re.IGNORECASE)


def _resign(
    service: GameService, token: str, text: str, idempotency_key: str | None
) -> dict[str, Any]:
    def resigned(answer: dict[str, Any]) -> dict[str, Any]:
        return {"intent": "resign", "reply": f"You resigned. {replies.status(answer)}", **answer}

    try:
        return service.resign(token, idempotency_key, via="say", text=text, finish=resigned)
    except ServiceError as err:
        if err.status != 409:
            raise
        view = service.seat_view(token)
        return {"intent": "resign", "reply": f"Nothing to resign. {replies.status(view)}", **view}


def _rematch(service: Any, token: str) -> dict[str, Any]:
    """A rematch: the new game's view, with this seat's new token (and invites for seats that
    never joined)."""
    try:
        answer = service.rematch(token)
    except ServiceError as err:
        view = service.seat_view(token)
        return {
            "intent": "rematch",
            "reply": f"No rematch now: {replies.sentence(err.title)}",
            **view,
        }
    view = answer["view"]  # the new game's: the answer is about the game now being played
    reply = answer.get("reply") or (
        f"A new game of the same kind has started, seats swapped. {replies.status(view)}"
    )
    keep = ("token", "rematch_of", "first_claim", "invites")
    return {"intent": "rematch", "reply": reply, **view, **{k: answer[k] for k in keep}}
