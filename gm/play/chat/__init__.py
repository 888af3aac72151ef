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

from typing import Any

from gm.games.base import AmbiguousMoveError, ParseError, RiskyMoveError
from gm.play.chat import replies
from gm.play.chat.intents import about_the_rules, classify, normalise, triage
from gm.play.chat.replies import JARGON, REQUESTS
from gm.play.problems import ServiceError
from gm.play.service import GameService

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


RULES_EXCERPT = 5000  # characters of the rules text in a chat answer (every answer is ≤ 16 KB)


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
) -> dict[str, Any]:
    """Answer one chat message for the seat holding ``token``: ``{intent, reply, **view}``, plus
    the move answer's fields for a move, ``history`` for history and ``rules`` for rules.
    ServiceErrors (unknown token, stale version) propagate like in the other use cases."""
    intent = classify(text)
    verdict: tuple[Any, str | None] = (None, None)
    if intent is None:
        table, seat = service.seat_table(token)
        intent, error, move = triage(table, seat, text)
        verdict = (error, move)
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
    if intent == "rematch":
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
    elif intent == "hidden":
        reply = _hidden(service, token, view)
    elif intent == "help":
        reply = replies.help_text(service.describe(view["game"]), view)
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
    quoted = replies.from_rules(text, service.rules(view["game"])["rules"])
    if quoted is None:
        return f"The rules do not say; ask for the rules to read them all. {replies.status(view)}"
    return quoted


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
