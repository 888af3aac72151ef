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

from gm.games.base import AmbiguousMoveError, GameError, ParseError, RiskyMoveError
from gm.play import seats as tokens
from gm.play.chat import language as languages
from gm.play.chat import localise, memory, replies
from gm.play.chat.intents import (
    about_the_rules,
    classify,
    explicit_attempt,
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
        return answer
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
        if _never_counts(table, seat, text, said, second_thought, intent, verdict):
            intent = "unclear"
    answer = _answer_to(service, token, read, intent, verdict, expected_version, idempotency_key)
    if lang != "en":
        answer["reply"] = localise.reply(
            lang, answer, answer["reply"], _extra(service, table, seat, answer, verdict)
        )
    remembered = memory.after(kept, answer, read, verdict)
    _keep(store, game_id, seat, kept, {**(remembered or {}), **settings})
    return answer


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
    if intent == "move" and verdict[0] is None:
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
    ("X no wait Y"), one that gives a reason, or one in Korean or Spanish words (not only the
    game's notation). Only an explicit try in the game's own move language counts."""
    error = verdict[0]
    if intent != "move" or error is None or isinstance(error, AmbiguousMoveError | RiskyMoveError):
        return False
    if second_thought or languages.main_clause(text) != text:
        return True
    if lang == "ko":  # a Korean word in it: said, not written in the game's notation
        return bool(re.search(r"[\uac00-\ud7a3]", text))
    return lang == "es" and not explicit_attempt(table, seat, text)


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
) -> dict[str, Any]:
    """The answer to a message understood as ``intent``."""
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
        reply = _answer(service, view, text, *verdict)
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
        reply = _hidden(service, token, view)
    elif intent == "help":
        reply = replies.help_text(service.describe(view["game"]), view)
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


def _hidden(service: GameService, token: str, view: dict[str, Any]) -> str:
    """The other side's cards: hidden from this seat while the game runs, if the game hides any."""
    if view.get("result") is not None:
        return f"The game is over: nothing is hidden any more. {replies.status(view)}"
    table, seat = service.seat_table(token)
    if not table.engine.hidden_tokens(table.state, seat):
        return f"Nothing is hidden from you now: everything is on the board. {replies.steer(view)}"
    return (
        "The other side's cards are hidden from you, as the rules have it: the board shows all "
        f"you may see (how many they hold, and any card shown). {replies.steer(view)}"
    )


def _ack(text: str) -> str:
    t = normalise(text)
    for words, ack in _ACKS:
        if any(w in t.split() or (" " in w and w in t) or t.startswith(w) for w in words):
            return ack
    return "Got it."


def _answer(
    service: GameService, view: dict[str, Any], text: str, error: Any, move: str | None
) -> str:
    """A question: about a move it names (the reader's verdict, nothing played), else the
    sentence of the rules that answers it. A question about how the game works ("what is a
    jack?", "can a knight take a queen?") gets the rules' sentence before any verdict on the
    position ("you have no jack")."""
    named = replies.named_line(view["board"], text)
    if named and not _MEANS.search(text):  # "what's row 2?": that line of the board
        return f"{named.strip()} {replies.status(view)}"
    if about_the_rules(text):
        quoted = replies.from_rules(text, service.rules(view["game"])["rules"])
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
    quoted = replies.from_rules(text, service.rules(view["game"])["rules"])
    return replies.cannot_answer(view) if quoted is None else quoted


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
