"""Chat text: one message from a chat becomes a request ("show the board", "what can I play?",
"resign", …) or a move, and the answer carries a short ``reply`` a chat can relay verbatim.

Deterministic, no language model: the message is normalised (case, punctuation, polite fillers) and
matched *whole* against the request phrasings below; anything else is a move and goes to
:meth:`GameService.move`, so every phrasing a game's parser accepts works here too. Text that is
neither gets the parser's verdict plus the list of requests understood. Works for every registered
game: replies are built from the seat's view, GameInfo and the service's answers only.
"""

from __future__ import annotations

import re
from typing import Any

from gm.problems import ServiceError
from gm.service import GameService

# intent → phrasings, each matched against the whole normalised message
_PATTERNS: dict[str, tuple[str, ...]] = {
    "help": (
        r"",
        r"help( me)?",
        r"(hello|hi|hey)( there)?",
        r"commands",
        r"what can i (say|type|ask|send)",
        r"how does (this|it) work",
        r"how do i (move|make a move|enter a move|send a move|type a move)",
    ),
    "board": (
        r"(show|display|print|see|view|give)( me)?( the| my| our)? (board|table|position|game)",
        r"(the |my )?(board|table|position)",
        r"(current|the current) (board|position|state)",
        r"look( at the board)?",
        r"where are we",
        r"what does the board look like",
        r"(show|display|see|view)( me)?( my)? (hand|cards)",
        r"(my )?hand",
        r"(what|which) cards do i (have|hold)",
        r"what is in my hand",
    ),
    "legal": (
        r"what can i (play|do|move)( now)?",
        r"(what are|show|list|give)( me)?( the| my)? (legal |valid |possible |available )?"
        r"(moves|options|choices|plays)",
        r"(legal|valid|possible|available) (moves|plays)",
        r"(moves|options|hint)",
        r"(what|which) moves (are legal|can i make|are there|do i have)",
        r"what are my options",
    ),
    "rules": (
        r"(the )?rules",
        r"(show|tell|explain|give)( me)?( the)? (rules|game)",
        r"what are the rules",
        r"how (do i|do you|to) play( this| the)?( game)?",
        r"how does the game work",
    ),
    "history": (
        r"(the |game |move )?(history|log)",
        r"(show|list|give)( me)?( the)? (history|log|move log|game log|moves so far|moves played)",
        r"(moves|what happened) so far",
        r"what (has )?happened( so far)?",
        r"(what was |what is )?the last move",
        r"last move",
        r"what did (you|they|the opponent|my opponent|the ai) (play|do)",
    ),
    "resign": (
        r"(i )?(resign|forfeit|concede|surrender)( the game)?",
        r"(i )?give up",
    ),
    "status": (
        r"whose (turn|move)( is it)?( now)?",
        r"who is (to move|next|on move|playing)",
        r"who moves( next)?",
        r"is it my (turn|move)",
        r"(is it )?my turn",
        r"am i (up|to move|next)",
        r"(game )?status",
        r"(the )?score",
        r"what is the score",
        r"who (is winning|won)",
        r"(the )?result",
        r"is the game over",
    ),
}
_COMPILED = {
    intent: re.compile("|".join(f"(?:{p})" for p in patterns))
    for intent, patterns in _PATTERNS.items()
}
_FILLER_START = re.compile(
    r"^(?:please|pls|ok|okay|so|hey|hi|gm|now|and|then|um|well|can you|could you|would you|"
    r"can i|could i|i want to|i would like to|let me|tell me|show me)\s+"
)
_FILLER_END = re.compile(r"\s+(?:please|pls|now|thanks|thank you)$")
_CONTRACTIONS = {"what's": "what is", "who's": "who is", "where's": "where is", "i'd": "i would"}

#: What a chat may ask, as listed in help and in the answer to unreadable text.
REQUESTS = "board, legal moves, whose turn, history, rules, resign, help"


def normalise(text: str) -> str:
    """Lower case, typographic quotes folded, punctuation dropped, polite fillers stripped."""
    t = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    t = re.sub(r"[?!.,;:]+", " ", t)
    t = " ".join(_CONTRACTIONS.get(w, w) for w in t.split())
    before = None
    while before != t:
        before = t
        t = _FILLER_START.sub("", t)
        t = _FILLER_END.sub("", t)
    return t.strip()


def classify(text: str) -> str | None:
    """The request a message asks for (``board``, ``legal``, ``help``, …), or None: a move."""
    t = normalise(text)
    for intent, pattern in _COMPILED.items():
        if pattern.fullmatch(t):
            return intent
    return None


# ---------------------------------------------------------------- the use case


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
    # a move's or resignation's reply is built inside the update, before anything is written
    if intent is None:

        def moved(answer: dict[str, Any]) -> dict[str, Any]:
            return {"intent": "move", "reply": _move_reply(answer), **answer}

        return service.move(token, text, expected_version, idempotency_key, via="say", finish=moved)
    if intent == "resign":

        def resigned(answer: dict[str, Any]) -> dict[str, Any]:
            return {"intent": intent, "reply": f"You resigned. {_status(answer)}", **answer}

        try:
            return service.resign(token, idempotency_key, via="say", text=text, finish=resigned)
        except ServiceError as err:
            if err.status != 409:
                raise
            view = service.seat_view(token)
            return {"intent": intent, "reply": f"Nothing to resign. {_status(view)}", **view}
    view = service.seat_view(token)
    extra: dict[str, Any] = {}
    if intent == "board":
        reply = f"Here is the board. {_status(view)}"
    elif intent == "legal":
        reply = _legal_reply(view)
    elif intent == "status":
        reply = _status(view)
    elif intent == "history":
        page = service.history(token=token, limit=HISTORY_PAGE)
        extra["history"] = page["moves"]
        reply = _history_reply(page["moves"], total=page["total"])
    elif intent == "rules":
        rules = service.rules(view["game"])
        extra["rules"] = rules["rules"]
        reply = (
            f"{rules['title']}: {rules['summary']} Moves look like: {rules['move_syntax']}. "
            f"The full rules are in 'rules' (GET /rules/{view['game']})."
        )
    else:  # help
        reply = _help_reply(service, view)
    return {"intent": intent, "reply": reply, **view, **extra}


# ---------------------------------------------------------------- replies

HISTORY_PAGE = 12  # entries of the history a 'history' request's answer carries (the last ones)
MAX_LISTED = 30  # legal moves named in a reply; all of them are in ``legal_moves``
MAX_AFTER_ILLEGAL = 8  # fewer after an illegal move: the reason and hint come first


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def _status(view: dict[str, Any]) -> str:
    result = view.get("result")
    if result is not None:
        return f"Game over: {_sentence(result['reason'])}"
    if view["your_turn"]:
        return f"Your turn ({view['seat']})."
    if view["to_move"] is None:
        return "Nobody is to move."
    return f"{view['to_move']} is to move; you are {view['seat']}."


def _listing(moves: list[str], limit: int = MAX_LISTED) -> str:
    shown = ", ".join(moves[:limit])
    more = len(moves) - limit
    return shown + (f" … and {more} more (all in legal_moves)" if more > 0 else "")


def _legal_reply(view: dict[str, Any]) -> str:
    if view.get("result") is not None or not view["your_turn"]:
        return _status(view) + " You have no moves now."
    moves = view["legal_moves"]
    return f"Your legal moves ({len(moves)}): {_listing(moves)}."


def _move_reply(answer: dict[str, Any]) -> str:
    if answer["legal"]:
        events = " ".join(_sentence(e["text"]) for e in answer["events"])
        return f"Played {answer['move']}. {events} {_status(answer)}".replace("  ", " ")
    reason = _sentence(answer["reason"])
    hint = _sentence(answer.get("hint") or "")
    if answer["kind"] == "unparsable":
        return f"{reason} {hint} Or ask for: {REQUESTS}.".replace("  ", " ")
    if answer["kind"] == "ambiguous":
        return f"{reason} Say which one: {_listing(answer['candidates'], MAX_AFTER_ILLEGAL)}."
    reply = f"Illegal: {reason} {hint}".strip()
    if answer["legal_moves"]:
        reply += f" Legal now: {_listing(answer['legal_moves'], MAX_AFTER_ILLEGAL)}."
    return reply


def _history_reply(moves: list[dict[str, Any]], last: int = 6, total: int | None = None) -> str:
    if not moves:
        return "No moves yet."
    total = len(moves) if total is None else total
    lines = [
        f"{m['n']}. {m['seat']}: {'; '.join(e.rstrip('.') for e in m['events'])}"
        for m in moves[-last:]
    ]
    shown = min(last, len(moves))
    head = f"Last {shown} of {total} moves: " if total > shown else "Moves so far: "
    return head + " | ".join(lines)


def _help_reply(service: GameService, view: dict[str, Any]) -> str:
    info = service.describe(view["game"])
    example = view["legal_moves"][0] if view["legal_moves"] else None
    eg = f" (for example '{example}')" if example else ""
    return (
        f"Send a move as text{eg}; moves look like: {info['move_syntax']}. "
        f"You can also ask for: {REQUESTS}."
    )
