"""Lean answers (``api_version`` 2, the default): what a chat model needs from an answer, and the
legal moves as one short description in the game's notation. The version is the request's
(``?api_version=`` or the ``GM-API-Version`` header) and HTTP answers say it in that header; the
body carries no version field.

A model pays for every byte it reads, on every turn. The full answer (``api_version`` 1: every
field gm/play/answers.py makes, for the pages, the MCP App and careful clients) carries the board
again as JSON (``state``), the seats, the deal and up to 100 legal moves; the lean answer keeps the
verdict, the events' texts, the board text, whose turn it is, the version and the result, with the
legal moves described rather than listed (:func:`describe_moves`):

- moves are split into words; moves that share their first word are written once with what
  follows, and heads followed by the same thing are merged: ``{7♣|8♣} C1–C7 [FD]``;
- ``{a|b}`` is one of, ``[x]`` may be added, ``C1–C7`` is every name from C1 to C7, ``;`` separates
  alternatives at the top.

The description is complete unless it would pass :data:`DESCRIPTION_BYTES`: then it stops at an
alternative and says how many moves it left out (the full list is one call away:
``api_version`` 1).
"""

from __future__ import annotations

import re
from typing import Any

API_VERSION = 2  # the lean answers; 1 is the full shape
DESCRIPTION_BYTES = 320

# the fields of a view a model reads (and those of an answer's head, kept as they are)
VIEW_FIELDS = ("board", "status", "to_move", "your_turn", "version")  # status: once finished
HEAD_FIELDS = (
    "legal",
    "move",
    "kind",
    "reason",
    "hint",
    "rule",
    "candidates",
    "intent",
    "reply",
    "resigned",
    "suggestion",
    "history",
    "rules",
    "token",
    "invites",
    "seed",
    "rematch_of",
    "first_claim",
)
RESULT_FIELDS = ("winners", "draw", "reason", "termination", "scores")


def lean(answer: dict[str, Any]) -> dict[str, Any]:
    """The lean form of any answer that holds a view (a view, a move's, a chat message's, a
    hint's, a resignation's, a new game's, a join's or a rematch's); others as they are."""
    if isinstance(answer.get("view"), dict):  # new_game, join_game, rematch
        out = {"game_id": answer["game_id"], **_head(answer)}
        if answer.get("events"):
            out["events"] = [e["text"] for e in answer["events"]]
        out["view"] = lean_view(answer["view"])
        return out
    if "board" not in answer or "status" not in answer:
        return answer
    return {**_head(answer), **_events(answer), **lean_view(answer)}


def lean_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view's lean form: ``status`` only once the game is over (``finished``: then no
    ``to_move`` nor ``your_turn``), ``to_move`` only when it is not your turn."""
    out = {k: view[k] for k in VIEW_FIELDS if k in view}
    if out.get("status") == "active":
        del out["status"]
    if out.get("your_turn"):  # whose turn: yours
        out.pop("to_move", None)
    if out.get("status") == "finished":  # nobody's turn any more
        out.pop("to_move", None)
        out.pop("your_turn", None)
    if view.get("your_turn") and view.get("status") == "active":
        out["legal_moves_text"] = view.get("legal_moves_text") or ""
    if view.get("result"):
        out["result"] = {k: view["result"][k] for k in RESULT_FIELDS if k in view["result"]}
    if view.get("rematch"):
        out["rematch"] = view["rematch"]
    for note in ("deadline", "waiting_for"):  # the table's lines, in words: its text
        if isinstance(view.get(note), dict) and view[note].get("text"):
            out[note] = view[note]["text"]
    return out


def _head(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer's own fields; a chat message's canonical ``move`` only when its ``reply`` does
    not already say it."""
    out = {k: answer[k] for k in HEAD_FIELDS if k in answer and answer[k] != {}}
    if out.get("reply") and out.get("move") and out["move"] in out["reply"]:
        del out["move"]
    if out.get("intent") == "move" and "legal" in out:  # read as a move: the verdict says so
        del out["intent"]
    return out


def _events(answer: dict[str, Any]) -> dict[str, Any]:
    """The events' texts, left out when the answer's ``reply`` already says every one."""
    if "events" not in answer:
        return {}
    texts = [e["text"] for e in answer["events"] or ()]
    reply = answer.get("reply")
    if reply and texts and all(t in reply for t in texts):
        return {}
    return {"events": texts}


# ---------------------------------------------------------------- the legal moves in words


def describe_moves(moves: list[str], limit: int = DESCRIPTION_BYTES) -> str:
    """``moves`` (canonical texts) as one short pattern (the module's docstring says how to read
    it); at most about ``limit`` bytes, then how many moves are left out."""
    if not moves:
        return ""
    parts: list[str] = []
    size = covered = 0
    for pattern, count in _alternatives([m.split() for m in moves]):
        cost = len(pattern.encode()) + 2
        if parts and size + cost > limit:
            parts.append(f"… and {len(moves) - covered} more (api_version 1 lists them)")
            break
        parts.append(pattern)
        size += cost
        covered += count
    return "; ".join(parts)


def _alternatives(moves: list[list[str]]) -> list[tuple[str, int]]:
    """The patterns that together give ``moves`` (each a list of words), with how many moves
    each stands for, in the order of the moves."""
    groups: dict[str, list[list[str]]] = {}
    for words in moves:
        groups.setdefault(words[0], []).append(words[1:])
    pairs = _pairs(groups)
    if pairs is not None:
        return [(pairs, len(moves))]
    by_rest: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for head, rests in groups.items():
        rest = _rest(rests)
        by_rest.setdefault(rest, []).append(head)
        counts[rest] = counts.get(rest, 0) + len(rests)
    out = []
    for rest, heads in by_rest.items():
        pattern = _one_of(heads)
        out.append((f"{pattern} {rest}" if rest else pattern, counts[rest]))
    return out


def _pairs(groups: dict[str, list[list[str]]]) -> str | None:
    """``{a|b|c} {a|b|c|d} (two different)`` when each head is followed by one word, any of the
    same words but itself (a card played and another added), else None."""
    if len(groups) < 3 or any(len(r) != 1 for rests in groups.values() for r in rests):
        return None
    union = list(dict.fromkeys(r[0] for rests in groups.values() for r in rests))
    for head, rests in groups.items():
        if {r[0] for r in rests} != set(union) - {head} or head not in union:
            return None
    return f"{_one_of(list(groups))} {_one_of(union)} (two different)"


def _rest(rests: list[list[str]]) -> str:
    """What follows one head: nothing, ``[x]`` (may be added), or the alternatives."""
    given = [r for r in rests if r]
    if not given:
        return ""
    alternatives = [p for p, _ in _alternatives(given)]
    inner = alternatives[0] if len(alternatives) == 1 else "{" + "|".join(alternatives) + "}"
    return f"[{inner}]" if len(given) < len(rests) else inner


_NUMBERED = re.compile(r"^(\D*?)(\d+)$")


def _one_of(words: list[str]) -> str:
    """``words`` as one: the word itself, or ``{a|b|C1–C7}`` (runs of numbered names joined)."""
    if len(words) == 1:
        return words[0]
    items: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        if len(run) >= 3:
            items.append(f"{run[0][0]}{run[0][1]}–{run[-1][0]}{run[-1][1]}")
        else:
            items.extend(f"{p}{n}" for p, n in run)
        run.clear()

    for word in words:
        match = _NUMBERED.match(word)
        if match:
            prefix, number = match.group(1), int(match.group(2))
            if run and run[-1][0] == prefix and run[-1][1] + 1 == number:
                run.append((prefix, number))
                continue
            flush()
            if str(number) == match.group(2):
                run.append((prefix, number))
                continue
        else:
            flush()
        items.append(word)
    flush()
    if len(items) == 1:
        return items[0]
    return "{" + "|".join(items) + "}"
