"""Chat text: one message from a chat is first understood for what it is — a request ("show the
board", "what can I play?", "rematch"), a question ("what does XY mean?"), small talk ("thanks",
"one sec"), a try at a move, or nonsense — and the answer carries a short ``reply`` a chat can
relay verbatim (gm/play/chat/replies.py: plain sentences in the game's words, no HTTP).

Deterministic, no language model: what a message is comes from gm/play/chat/routing.py (the
phrasing matched whole, gm/play/chat/intents.py; anything else read — never played — against the
seat's position); only a message that tries to be a move goes to :meth:`GameService.move`, so only
such a message can count as an illegal attempt. This module answers what routing found.
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
    ParseError,
    RiskyMoveError,
)
from gm.play import seats as tokens
from gm.play.chat import korean, localise, memory, replies, routing, rulesearch, spanish, spelling
from gm.play.chat import language as languages
from gm.play.chat.intents import (
    about_the_rules,
    asks_about_playing,
    asks_about_the_game,
    asks_meaning,
    classify,
    how_it_works,
    names_a_move,
    normalise,
)
from gm.play.chat.replies import JARGON, REQUESTS
from gm.play.chat.sides import OTHER_SIDE, THEY
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
    if said == "en":  # "shwo me the table": typing slips mended before anything is read
        text = spelling.mended(text, table.engine.info.chat_words)
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
    words = table.engine.info.chat_words
    fixed, read, second_thought = languages.read_corrected(
        text, said or "en", words.translations, words.manners
    )
    verdict: tuple[Any, str | None] = (None, None)
    followed = memory.resolve(kept, read) if kept else None
    if followed is not None and (move := memory.still_legal(table, seat, followed)) is not None:
        read, intent = move, "move"
    else:
        intent, read, verdict = routing.route(table, seat, text, said, fixed, read, second_thought)
    answer = _answer_to(
        service,
        token,
        read,
        intent,
        verdict,
        expected_version,
        idempotency_key,
        original=(text, said or "en"),
        roles=table.engine.info.chat_words.roles,
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
        return {
            "title": rules["title"],
            "syntax": rules["move_syntax"],
            "summary": rules["summary"],
        }
    if isinstance(verdict[0], AmbiguousMoveError):
        return {"candidates": verdict[0].candidates}
    return {}


def _answer_to(
    service: GameService,
    token: str,
    text: str,
    intent: str,
    verdict: tuple[Any, str | None],
    expected_version: int | None,
    idempotency_key: str | None,
    original: tuple[str, str] | None = None,
    roles: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The answer to a message understood as ``intent`` (``text`` as read in English;
    ``original`` as written, with its language; ``roles``: the game's roles, which a status
    question may name)."""
    written, lang = original or (text, "en")
    if intent == "move" and isinstance(verdict[0], routing.ReadingsDisagree):
        # two readings of the message disagree: asked back with both, nothing played or counted
        view = service.seat_view(token)
        asked = {**view, "legal": False, "input": written, "events": [], **verdict[0].to_dict()}
        return {"intent": "move", "reply": replies.refused(asked), **asked}
    if intent == "confirm":  # a remark on a card ("오 하트 에이스 왔다 ㅎㅎ"): asked, not played
        view = service.seat_view(token)
        reply = f"Did you mean {verdict[1]}? Say yes, or the move, to play it."
        return {"intent": "question", "reply": reply, "candidates": [verdict[1]], **view}
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
    counted = _progress_asked(view, text, written, intent, roles if intent == "status" else ())
    if counted:  # "how many cards are left?", "what round is it?": the board's figures
        intent = "status"
    own = replies.own_hidden(view, written) if intent in ("question", "hidden", "board") else ""
    if own and intent != "board":  # "what are my three cards?" where they lie face down
        reply = f"{own} {replies.steer(view)}"
    elif counted:
        reply = f"On the board: {replies.fitted(counted).rstrip('.')}. {replies.status(view)}"
    elif intent == "question":
        reply = _answer(service, view, text, *verdict, said=(written, lang))
    elif intent in _LOOKED_UP:
        reply = _looked_up(service, token, view, intent, written, extra)
    elif intent == "legal" and isinstance(verdict[0], AmbiguousMoveError):  # "where can my ace go"
        reply = replies.legal(view, among=verdict[0].candidates)
    elif intent == "unclear" and isinstance(verdict[0], GameError) and names_a_move(text):
        reply = replies.not_a_try(verdict[0], view)
    else:
        reply = _simple(intent, view, text) + (f" {own}" if own else "")
    intent = {"resign_question": "question", "hidden": "question", "keep_playing": "chat"}.get(
        intent, intent
    )
    return {"intent": intent, "reply": reply, **view, **extra}


_LOOKED_UP = ("history", "rules", "score", "hidden", "help")


def _looked_up(
    service: GameService,
    token: str,
    view: dict[str, Any],
    intent: str,
    written: str,
    extra: dict[str, Any],
) -> str:
    """The replies the service looks up beyond the view (one of :data:`_LOOKED_UP`): the log,
    the rules, the standing, the hidden cards' sentence, the help; what a reply in another
    language is worded from goes in ``extra``."""
    if intent == "history":
        page = service.history(token=token, limit=HISTORY_PAGE)
        extra["history"] = page["moves"]
        return replies.history(page["moves"], view, total=page["total"])
    if intent == "rules":
        rules = service.rules(view["game"])
        extra["rules"] = excerpt(rules["rules"])
        return f"{rules['title']}: {rules['summary']} Moves look like: {rules['move_syntax']}."
    if intent == "score":
        table, seat = service.seat_table(token)
        figures = table.engine.standing(table.state, seat)
        return replies.standing(view, figures, seat, table.engine.info.seat_names)
    if intent == "hidden":
        return _hidden(service, token, view, written)
    return replies.help_text(service.describe(view["game"]), view)


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
    rf"\b(?:{THEY['en']}|{THEY['es']}|(?:{OTHER_SIDE['en']})'?s?|{OTHER_SIDE['es']})\b|"
    rf"{OTHER_SIDE['ko']}",
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
    question = text.lower() if korean.is_korean(text) else spanish.fold(text)
    heads = [line.split("·")[0] for line in shown.split("; ")]  # a line's label part
    named = _OTHER.search(question) or any(
        w in question.split() for h in heads for w in re.findall(r"\w{2,}", h.lower())
    )
    if shown and named and not _DECK.search(question) and not _theirs_hidden(table, seat):
        return f"On the board: {shown}. {replies.status(view)}"
    known = _known_face_down(view["board"], text)
    if known:  # "what is face down under M5?" where the board shows it: no secret
        return f"On the board: {known}. {replies.status(view)}"
    if not table.engine.hidden_tokens(table.state, seat):
        return f"Nothing is hidden from you now: everything is on the board. {replies.steer(view)}"
    return (
        "The other side's cards are hidden from you, as the rules have it: the board shows all "
        f"you may see (how many they hold, and any card shown). {replies.steer(view)}"
    )


def _known_face_down(board: str, text: str) -> str:
    """The board's line of known face-down cards that names a place the question names as
    written ("M5"), or ""."""
    places = re.findall(r"\b[A-Z]{1,2}\d{1,2}\b", text)
    for line in board.splitlines():
        if re.search(r"face[- ]down", line, re.I) and any(
            re.search(rf"\b{p}\b", line) for p in places
        ):
            return replies.fitted([line.strip()])
    return ""


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
    if asks_about_playing(said[0] or text):  # "how long does a game take?": not in the game
        return replies.cannot_answer(view)
    named = replies.named_line(view["board"], text)
    if named and not asks_meaning(text):  # "what's row 2?": that line of the board
        return f"{named.strip()} {replies.status(view)}"
    if _HOW_MANY.match(text) and (counted := _on_board(view, text)):  # the board counts it
        return f"{counted.strip()} {replies.status(view)}"
    rules_text = service.rules(view["game"])["rules"]
    native = _native_rules(text, said, rules_text)
    # a Korean or Spanish message read as English quotes the rules only when it asks how the
    # game works in its own words: its English reading lacks the words that tell a question of
    # the position ("ahora robo o descarto?" reads "now robo o discard?")
    # (and an English one asked in no question words, "tic tac toe but infinite??", is none,
    # nor one asked of the moment, "how big is the draw pile rn": the board's, not the rules')
    quotes = (
        _ASKS_IN_WORDS.search(text) is not None and not _OF_NOW.search(text)
        if said[1] not in ("ko", "es")
        else rulesearch.asks_how(*said) or asks_meaning(text)  # "q significa XY?"
    )
    # a count of the position asked ("how many cards are in play"): no rule's sentence answers
    # it (a rule's count, "how many do I need to win", is how the game works)
    quotes = quotes and not (_HOW_MANY.match(text) and _IN_PLAY.search(text))
    if native is not None or (quotes and about_the_rules(text)):
        quoted = native or replies.from_rules(text, rules_text)
        if quoted is not None:
            if isinstance(error, RiskyMoveError):
                return f"{quoted} Now {error.move} is legal, but: {replies.sentence(error.reason)}"
            offered = f" Now {move} is legal; say yes, or the move, to play it." if move else ""
            return quoted + offered
    if move is not None:
        return f"Yes, {move} is legal now; say yes, or the move, to play it."
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
    facts = "" if how_it_works(text) else _on_board(view, text)  # the position's facts first
    if facts:
        return f"{facts.strip()} {replies.status(view)}"
    if asks_about_the_game(said[0] or text):  # "is this like gomoku?": what the game is
        return replies.about_the_game(rules_text) or replies.cannot_answer(view)
    quoted = replies.from_rules(text, rules_text) if quotes else None
    return replies.cannot_answer(view) if quoted is None else quoted


# a question asked of the moment ("which moves do i have rn", "what got captured just now"; not
# "why is … a 7 now": a why is the rules')
_OF_NOW = re.compile(
    r"^(?!\W*why\b).*\b(?:now|rn|right now|atm|currently|so far|just now|at the moment)\b",
    re.IGNORECASE,
)
_ASKS_IN_WORDS = re.compile(
    r"\b(?:what|whats|wat|wut|how|why|when|where|which|who|can|could|may|must|do|does|did|is|"
    r"are|am|will|would|should|if|mean|means)\b",
    re.IGNORECASE,
)

# "how many cards in the deck still", "cuántas quedan en el mazo": a count the board may show
_HOW_MANY = re.compile(
    r"\W*(?:how many|how much|cu[aá]nt[oa]s?)\b"
    r"(?!.*\b(?:need|needed|must|have to|to win|necesit\w*|hacen? falta)\b)",  # a rule's count
    re.IGNORECASE,
)


# "how many cards are left in the deck", "cuántas quedan", "덱 몇 장 남았어" (read "how many deck"):
# a count asked of the position, not a rule's count nor the points (the standing answers those)
_COUNT_ASKED = re.compile(
    r"\bhows? (?:many|much|big|large)\b(?!.*\b(?:points?|pts|score|need|needed|must|have to|to win|"
    r"get if|win)\b)|"
    # "is the draw pile getting low?", "¿quedan muchas cartas en el mazo?" (read "left muchas
    # cards"): a count, asked
    r"\b(?:getting|running) (?:low|out|thin)\b|\balmost (?:empty|out|gone)\b|"
    r"\b(?:any|many|muchas|pocas|few) (?:cards? )?left\b|\bleft (?:any|many|muchas|pocas|few)\b|"
    r"^\W*(?:deck|pile|hand|discard) (?:size|count)\b",  # "deck size?", "deck count? …"
    re.IGNORECASE,
)
# "what round are we on", "¿en qué ronda vamos?", "지금 몇 라운드야", "몇 턴째야": the progress
_PROGRESS_ASKED = re.compile(
    r"\b(?:what|which) (?:round|turn (?:is it|are we|number))\b|\bround (?:is it|are we)\b|"
    r"\b(?:que|cual) (?:ronda|turno|vuelta)\b|라운드|몇\s*(?:턴|수|판|번)\s*째",
    re.IGNORECASE,
)
_COUNTED_FROM = ("question", "board", "score", "status", "hidden")
# a count of what is there now ("… are in play", "… left", "… on the board")
_IN_PLAY = re.compile(
    r"\b(?:in play|left|remaining|on the (?:board|table)|are there|is there)\b", re.IGNORECASE
)
_COUNTED_WORDS = re.compile(r"\b(?:cards?|left|remaining|still|now|have|has|got)\b", re.I)
# a line that counts a seat's cards: "Opponent's Hand: 6", "north (dealer) · 5 cards", "hand 8"
_CARDS_COUNTED = re.compile(r"\bhand\W*\d|\d+ cards?\b", re.IGNORECASE)
# a suit or rank named in a count of the other side's hand ("상대 손에 스페이드 몇장"): hidden
_A_SUIT = re.compile(r"\b(?:spades?|hearts?|diamonds?|clubs?|aces?|kings?|queens?|jacks?)\b", re.I)
# a count asked of what would happen ("how many do i pick up if i take …"): a rule's count
_IF_SO = re.compile(
    r"\b(?:if|after|when|once) (?:i|you|u|we|they|one|someone|somebody|a player|the|my|your|"
    r"their|it|its|it'?s)\b",
    re.IGNORECASE,
)
# what is left ("how many turns do I have left?"): the standing answers any other count it found
# (or in play: "how many pieces do i have in play", "cuantas piezas tengo en juego")
_LEFT = re.compile(r"\b(?:left|remaining|in play|en juego)\b", re.IGNORECASE)


def _progress_asked(
    view: dict[str, Any], text: str, written: str, intent: str, roles: tuple[str, ...] = ()
) -> list[str]:
    """The board's figures a question about the game's progress asks for: the lines holding
    what it counts ("how many cards are left in the deck?": the deck's line; at most three), the
    seat's own line when it names one of the game's ``roles`` (:attr:`ChatWords.roles`) and the
    title's round or turn when it asks which ("what round are we on?"); [] when it asks
    none or the board holds none (a move it names is no matter: a count is never a move)."""
    if intent not in _COUNTED_FROM or view.get("result") is not None:
        return []
    if intent == "score" and not _LEFT.search(text):  # "who leads, how many each?": the standing
        return []
    if how_it_works(text) or rulesearch.asks_how(written, languages.detect(written) or "en"):
        return []  # "how many turns do I get to make 3? how is it counted": the rules
    if intent == "hidden" and _A_SUIT.search(text):
        return []  # "상대 손에 스페이드 몇장 있어?": how many of a suit they hold is hidden
    if _COUNT_ASKED.search(text) and _IF_SO.search(text):
        return []  # "how many cards do i pick up if i take …": a rule's count
    facts = []
    named = "|".join(map(re.escape, roles))
    if intent == "status" and roles and re.search(rf"\b(?:{named})\b", text, re.IGNORECASE):
        facts += [line for line in replies.below_title(view["board"]) if "(you" in line][:1]
    if any(_PROGRESS_ASKED.search(t) for t in (text, written, spanish.fold(written))):
        facts += [found] if (found := replies.progress(view["board"])) else []
    if _COUNT_ASKED.search(text) and not asks_meaning(text):
        # the thing counted first ("cards left in the deck": the deck's line, not every card's)
        named = _COUNTED_WORDS.sub(" ", text)
        board = view["board"]
        lines = replies.board_lines(board, named) or replies.board_lines(board, text)
        if re.search(rf"\b(?:{OTHER_SIDE['en']}|{THEY['en']})\b", text, re.IGNORECASE):
            # "how many cards does the other guy have left?": their lines that count cards
            lines = [x for x in replies.their_lines(view) if _CARDS_COUNTED.search(x)] or lines
        facts += lines if len(lines) <= 3 else []
    return facts


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
    if asks_meaning(text):
        return ""
    return replies.on_board(view["board"], text)


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
