"""Replies in the seat's language: a chat answer's ``reply`` worded again, from the answer's own
fields, with the message catalogues of gm/play/chat/locale/ (gettext, managed with Babel:
``pybabel extract`` / ``update`` / ``compile``, docs/languages.md). Moves, cards, codes and seat
labels stay in the game's canonical notation in every language. A quoted rules sentence is
quoted in its translation, from a catalogue of its own (gettext domain ``rules``: every sentence
of every game's rules.md). A sentence the catalogues have no words for — a coach's reason with a
part no catalogue words — is left out (a rules sentence without a translation is quoted in
English, marked as such), never shown half-translated. The coach's reasons are worded from
their message ids (each game's ``ChatWords.reasons`` and the coach's own below): a reason is
matched against them, each placeholder's text worded again the same way or kept when it is the
game's notation. The board text is worded the same way, line by line (:func:`board`), from each
game's ``ChatWords.board``.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from gm.games import GAMES
from gm.play.answers import seat_label
from gm.play.chat.replies import OWN_HIDDEN, cut, rule_sentences

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "gm"


def N_(msgid: str) -> str:  # noqa: N802 — gettext's name for a message id marked, not translated
    return msgid


# replies.OWN_HIDDEN, marked for the catalogue (tests/play/test_chat_own_cards.py holds them equal)
OWN_HIDDEN_MSGID = N_(
    "Your own cards marked [?] are face down: hidden from you too, as the rules have it."
)


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def _(lang: str) -> Callable[[str], str]:
    return catalogue(lang).gettext


def status(t: Callable[[str], str], view: dict[str, Any]) -> str:
    result = view.get("result")
    if result is not None:
        return t("Game over.") + " " + verdict(t, result, view["seat"])
    you = seat_label(view, view["seat"])
    if view.get("your_turn"):
        return t("Your turn ({seat}).").format(seat=you)
    if view.get("to_move") is None:
        return t("Nobody is to move.")
    return t("{seat} is to move; you are {you}.").format(
        seat=seat_label(view, view["to_move"]), you=you
    )


def verdict(t: Callable[[str], str], result: dict[str, Any], seat: str) -> str:
    if result.get("draw"):
        return t("It is a draw.")
    winners = result.get("winners") or ([result["winner"]] if result.get("winner") else [])
    if seat == "spectator" or not winners:
        return ""
    return t("You won.") if seat in winners else t("You lost.")


def _moves(moves: list[str], limit: int = 6) -> str:
    shown = ", ".join(moves[:limit])
    return shown + (f" … (+{len(moves) - limit})" if len(moves) > limit else "")


_CODES = re.compile(r"(?:10|[2-9AKQJX])[♠♥♦♣]|\b[1-5][YRB][SMCA]\b|\b[XO] -?\d+,-?\d+")


def _their_moves(answer: dict[str, Any]) -> list[str]:
    """The cards and codes the other seats' replies (an AI's) name, from the answer's events
    after the seat's own."""
    events = answer.get("events", [])[1:]
    mine = set(_CODES.findall(answer.get("move", "")))
    codes = [c for e in events for c in _CODES.findall(e.get("text", "")) if c not in mine]
    return list(dict.fromkeys(codes))[:6]


_ROUTES: dict[str, str] = {}  # intent → builder name (filled below)


def reply(lang: str, answer: dict[str, Any], english: str, extra: dict[str, Any]) -> str:
    """The reply of ``answer`` in ``lang`` (``english`` when there is no catalogue for it)."""
    if lang == "en":
        return english
    t = _(lang)
    intent = answer.get("intent", "")
    build = BUILDERS.get(intent)
    extra = {**extra, "lang": lang}
    said = build(t, answer, english, extra) if build else _unclear(t, answer, english, extra)
    return " ".join(said.split())


def _move(t, answer, english, extra) -> str:
    if answer.get("legal"):
        theirs = _their_moves(answer)
        told = t("Then: {moves}.").format(moves=", ".join(theirs)) if theirs else ""
        played = t("Played {move}.").format(move=answer["move"])
        return f"{played} {told} {status(t, answer)}"
    if answer.get("kind") == "ambiguous":
        return t("Which one do you mean? Say one of: {moves}.").format(
            moves=_moves(answer.get("candidates", []))
        )
    if answer.get("rule") == "not-your-turn":
        return t("It is not your turn.") + " " + status(t, answer)
    head = t("That move is not allowed now; nothing was played.")
    if answer["kind"] == "unparsable":
        head = t("I could not read that as a move.")
    if answer.get("result") is not None:
        return f"{head} {status(t, answer)}"
    close = [m for m in answer.get("legal_moves", []) if m in english][:3] or answer.get(
        "legal_moves", []
    )[:3]
    more = t("You could play {moves}.").format(moves=", ".join(close)) if close else ""
    return f"{head} {more}"


def _question(t, answer, english, extra) -> str:
    if english.startswith("Yes, in more than one way"):
        return t("Yes, in more than one way: {moves}.").format(moves=_moves(extra["candidates"]))
    if m := re.match(r"Did you mean (.+?)\? Say yes", english):
        return t("Did you mean {move}? Say yes, or the move, to play it.").format(move=m.group(1))
    if m := re.match(r"Yes, (.+?) is legal now", english):
        return t("Yes, {move} is legal now; say yes, or the move, to play it.").format(
            move=m.group(1)
        )
    if english.startswith("No, that is not a move here"):
        return t("No, that is not a move here.") + " " + status(t, answer)
    if english.startswith("No:"):
        return t("No, that is not allowed now; nothing was played.") + " " + status(t, answer)
    if english.startswith("From the rules:"):
        return rules_answer(t, extra.get("lang", ""), answer.get("game", ""), english)
    if english.startswith("On the board:"):
        return _board_facts(t, answer, english)
    if english.startswith("That is up to you"):
        return t("That is up to you: resigning ends the game at once. To resign, say it again "
                 "and confirm.")  # fmt: skip
    if english.startswith(OWN_HIDDEN):
        return f"{t(OWN_HIDDEN)} {_steer(t, answer)}"
    if english.startswith("The other side's cards are hidden"):
        return t("The other side's cards are hidden from you, as the rules have it.")
    return t("I can't answer that from this game: ask for the board, the score, the history, the "
             "rules or a hint.") + " " + status(t, answer)  # fmt: skip


def _board_facts(t, answer, english) -> str:
    """ "On the board: <lines>. <status>" with the lines worded as the board words them."""
    lines = english.removeprefix("On the board:").rsplit(".", 2)[0].strip()
    game = answer.get("game", "")
    lines = "; ".join(_board_text(t, game, line) for line in lines.split("; "))
    return t("On the board: {lines}.").format(lines=lines) + " " + status(t, answer)


def _status(t, answer, english, extra) -> str:
    """Whose turn; after the board's facts a question about the game's progress asked for
    ("how many cards are left?", "what round is it?")."""
    if english.startswith("On the board:"):
        return _board_facts(t, answer, english)
    return status(t, answer)


RULES_DOMAIN = "rules"
#: The rules domain's messages besides the rules sentences: a translated sentence's wrapper, and
#: the verdict on a risky move the question named, after it.
RULES_QUOTE = "From the rules: {quote}"
RULES_RISKY = "Now {move} is legal, but: {reason}"
RULES_MESSAGES = (RULES_QUOTE, RULES_RISKY)


@cache
def rules_catalogue(lang: str) -> gettext.NullTranslations:
    """The rules sentences of every game in ``lang`` (gettext domain ``rules``: its message ids
    are the sentences ``replies.rule_sentences`` yields, gm/play/chat/locale/rules_catalogue.py
    writes the template)."""
    return gettext.translation(RULES_DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def rules_answer(t: Callable[[str], str], lang: str, game: str, english: str) -> str:
    """The English answer "From the rules: “…”" (and what follows it) worded in ``lang``: the
    sentence the English matcher quoted, found among the game's rules sentences (whole or as
    cut), is quoted in its translation, cut the same way; the English sentence, marked as
    English, only when the catalogue has no translation of it."""
    entry = GAMES.get(game)
    sentences = rule_sentences(entry.engine.rules_text()) if entry is not None else ()
    head = "From the rules: \u201c"
    for found in sentences:
        quoted = f"{head}{cut(found)}\u201d"
        if english.startswith(quoted):
            rest = english.removeprefix(quoted).strip()
            break
    else:  # not a sentence of this game's rules: the English form
        quote = english.removeprefix("From the rules:").strip()
        return t("The rules (in English) say: {quote}").format(quote=quote)
    rules = rules_catalogue(lang).gettext
    translated = rules(found)
    if translated == found:  # no translation: the English sentence, marked as such
        said = t("The rules (in English) say: {quote}").format(quote=f"\u201c{cut(found)}\u201d")
    else:
        said = rules(RULES_QUOTE).format(quote=f"\u201c{cut(translated)}\u201d")
    risky = re.match(r"Now (.+?) is legal, but: (.+)", rest)  # its risk, in the coach's words
    why = coach_reason(t, game, risky.group(2)) if risky else []
    if risky and why and translated != found:
        said += " " + rules(RULES_RISKY).format(move=risky.group(1), reason=" ".join(why))
    elif m := re.match(r"Now (.+?) is legal", rest):  # the move the question named: a verdict
        said += " " + t("Yes, {move} is legal now; say yes, or the move, to play it.").format(
            move=m.group(1)
        )
    return said


def _score(t, answer, english, extra) -> str:
    if answer.get("result") is not None:
        return status(t, answer)
    figures, seat, names = extra.get("figures") or [], extra.get("seat"), extra.get("names", ())
    said = []
    for f in figures:
        label = t(f.label)
        if len(f.values) == 1 and seat in f.values:
            said.append(t("Your {label}: {value}.").format(label=label, value=f.values[seat]))
            continue
        parts = ", ".join(
            f"{seat_label(answer, names[s])} {v}" for s, v in sorted(f.values.items())
        )
        # a note the catalogue words ("undecided: {places}", "five win"); one in English
        # only (a chain's cards, the race) is left out, never said in English
        note = f" ({f.note_said(t)})" if f.note and t(f.note) != f.note else ""
        said.append(f"{label}: {parts}{note}.")
    if "You are ahead" in english:
        said.insert(0, t("You are ahead."))
    elif "You are behind" in english:
        said.insert(0, t("You are behind."))
    elif "You are level" in english:
        said.insert(0, t("You are level."))
    if not figures:
        said.append(t("Nobody has won yet."))
    return " ".join([*said, status(t, answer)])


def _simple(msgid: str) -> Callable[..., str]:
    def build(t, answer, english, extra) -> str:
        own = f" {t(OWN_HIDDEN)}" if OWN_HIDDEN in english else ""
        return f"{t(msgid)} {status(t, answer)}{own}"

    return build


def _legal(t, answer, english, extra) -> str:
    moves = answer.get("legal_moves") or []
    if not moves or not answer.get("your_turn"):
        return status(t, answer) + " " + t("You have no moves now.")
    if extra.get("candidates"):  # the moves of the card or piece the question named
        among = extra["candidates"]
        return t("The legal moves it fits ({count}): {moves}.").format(
            count=len(among), moves=_moves(among, 20)
        )
    return t("Your legal moves ({count}): {moves}.").format(
        count=len(moves), moves=_moves(moves, 20)
    )


def _hint(t, answer, english, extra) -> str:
    if not answer.get("suggestion"):
        return t("No hint now.") + " " + status(t, answer)
    said = t("Try {move}. Say 'ok do that' to play it.").format(move=answer["suggestion"])
    why = coach_reason(t, answer.get("game", ""), answer.get("reason") or "")
    while why and len(" ".join([said, *why])) > MAX_REPLY:  # the last sentence goes first
        why.pop()
    return " ".join([said, *why])


MAX_REPLY = 280

# the coach's own sentences (gm/play/coach.py), around a game's reason
COACH = (
    N_("The strong AI's choice: it scored {share} in {visits} simulated continuations of the "
       "position as you see it"),
    N_("The strong AI's choice"),
    N_("It is your only legal move: {reason}"),
    N_("It is your only legal move"),
)  # fmt: skip


def coach_reason(t: Callable[[str], str], game: str, reason: str) -> list[str]:
    """The sentences of the coach's ``reason`` worded in the catalogue of ``t``, or none when a
    part of it has no words there (it is left out, never shown half-translated)."""
    entry = GAMES.get(game)
    if entry is None or not reason:
        return []
    info = entry.engine.info
    templates = _ordered(COACH + info.chat_words.reasons)
    plain = frozenset(n.lower() for n in info.seat_names)
    said = []
    for part in re.split(r"(?<=\.)\s+(?=[A-Z(+])", reason.strip()):
        worded = _phrase(t, part.strip().removesuffix("."), templates, plain, 0)
        if worded is None:
            return []
        said.append(worded if worded.endswith((".", "!", "?")) else worded + ".")
    return said


@cache
def _ordered(templates: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The message ids with their patterns, the most specific (most fixed words) first."""

    def fixed(msgid: str) -> int:
        return sum(len(literal) for literal, *_ in string.Formatter().parse(msgid))

    return tuple((m, _pattern(m)) for m in sorted(set(templates), key=fixed, reverse=True))


def _pattern(msgid: str) -> re.Pattern[str]:
    """``{name}`` placeholders as groups (a name used twice must hold the same text twice)."""
    out, seen = [], set()
    for literal, name, _, _ in string.Formatter().parse(msgid):
        out.append(re.escape(literal))
        if name:
            out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return re.compile("".join(out))


_WORD = re.compile(r"\b[a-z]{3,}\b")


def _phrase(t, text: str, templates, plain: frozenset[str], depth: int) -> str | None:
    """``text`` worded from the first message id it is, its placeholders worded the same way
    or kept as notation (no English word in them but a seat's name); None when none fits."""
    if depth > 4:
        return None

    def word(value: str) -> str | None:
        worded = _phrase(t, value, templates, plain, depth + 1)
        return value if worded is None and not set(_WORD.findall(value)) - plain else worded

    candidates = [text, text[:1].upper() + text[1:]] if text[:1].islower() else [text]
    for said in candidates:
        if (filled := _fill(t, said, templates, word)) is not None:
            return filled
    return None


def _fill(t, text: str, templates, word: Callable[[str], str | None]) -> str | None:
    """``text`` worded from the first message id it is whose placeholders ``word`` words (each
    placeholder's text), or None."""
    for msgid, pattern in templates:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = {}
        for name, value in found.groupdict().items():
            worded = word(value)
            if worded is None:
                break
            values[name] = worded
        else:
            return t(msgid).format(**values)
    return None


def _chat(t, answer, english, extra) -> str:
    if english.startswith("Fine, nobody resigns"):
        return t("Fine, nobody resigns.") + " " + _steer(t, answer)
    return t("Got it.") + " " + _steer(t, answer)


def _steer(t, answer) -> str:
    if answer.get("result") is None and answer.get("your_turn") and answer.get("legal_moves"):
        return t("Your move when you are ready, for example {move}.").format(
            move=answer["legal_moves"][0]
        )
    return status(t, answer)


def _resign(t, answer, english, extra) -> str:
    if english.startswith("Are you sure"):
        return t("Are you sure? Say 'yes, resign' to resign; the game ends at once.")
    if english.startswith("You resigned"):
        return t("You resigned.") + " " + status(t, answer)
    return t("Nothing to resign.") + " " + status(t, answer)


def _again(t, answer, english, extra) -> str:
    if answer.get("rematch_of"):
        return (
            t("A new game of the same kind has started, seats swapped.") + " " + status(t, answer)
        )
    if answer.get("result") is not None:
        return t("This game is over: say 'rematch' for another with the seats swapped.")
    return t("This game is still on: finish it (or resign), then say 'rematch' for another.") + (
        " " + status(t, answer)
    )


def _rules(t, answer, english, extra) -> str:
    """The game in one sentence (each game's ``SUMMARY``, a message id) and how moves are
    written; the sentence is left out where the catalogue has no words for it."""
    title, syntax, summary = extra.get("title", ""), extra.get("syntax", ""), extra.get("summary")
    if summary and t(summary) != summary:
        return t(
            "{title}: {summary} Moves look like {syntax}. The full rules are in English."
        ).format(title=title, summary=t(summary), syntax=syntax)
    return t("{title}: moves look like {syntax}. The full rules are in English.").format(
        title=title, syntax=syntax
    )


def _help(t, answer, english, extra) -> str:
    example = (answer.get("legal_moves") or [""])[0]
    return t("Send a move in your words or as written in the game (for example {move}), or ask "
             "for: board, legal moves, score, history, rules, hint, resign, rematch.").format(
        move=example
    )  # fmt: skip


def _unclear(t, answer, english, extra) -> str:
    if english.startswith("I did not read that as a move"):
        return (
            t("I did not read that as a move, so nothing was played or counted.")
            + " "
            + (_steer(t, answer))
        )
    return _help(t, answer, english, extra)


def _history(t, answer, english, extra) -> str:
    moves = [m.get("move", "") for m in answer.get("history", [])][-6:]
    if not moves:
        return t("No moves yet.")
    return t("The last moves: {moves}.").format(moves=", ".join(m for m in moves if m))


BUILDERS: dict[str, Callable[..., str]] = {
    "move": _move,
    "question": _question,
    "score": _score,
    "board": _simple(N_("Here is the board.")),
    "status": _status,
    "legal": _legal,
    "hint": _hint,
    "chat": _chat,
    "resign": _resign,
    "rematch": _again,
    "new_game": _again,
    "rules": _rules,
    "help": _help,
    "unclear": _unclear,
    "history": _history,
    "undo": _simple(N_("Moves cannot be taken back: a move is final once played.")),
    "language": lambda t, a, e, x: (
        t("From now on I will answer in this language.") + " " + status(t, a)
    ),
}


# ---------------------------------------------------------------- the board's words

# the lines every game's board shares: the game-over line (gm/games/base.py::game_over_line)
# and the endings the table declares (gm/games/table.py: resigning, forfeits, caps, deadlines)
BOARD = (
    N_("Game over: {reason}"),
    N_("{seat} wins"),
    N_("{seat} and {other} win"),
    N_("{seat} resigned; {winners}"),
    N_("{seat} forfeited after {count} illegal moves (the limit is {limit}); {winners}"),
    N_("{seat} ran out of time: no move within {duration}; {winners}"),
    N_("{count} min"),
    N_("Drawn: the cap of {limit} moves was reached"),
    N_("Drawn: the cap of {limit} turns was reached"),
)

# where a line (or a placeholder's text) is cut into parts worded one by one: first at its strong
# separators, before any message id is tried (so a placeholder spans no two sentences, no two
# parts of a line), then, when no message id fits the whole, at the weak ones
_STRONG = tuple(re.compile(f"({s})") for s in (r"  \|  ", r" · ", r"(?<=[.!]) |(?<=[.!]\)) "))
_WEAK = tuple(re.compile(f"({s})") for s in (r" - ", r"; ", r", ", r"\s{2,}", r"-"))
_ANY_WORD = re.compile(r"\b[A-Za-z][a-z]+\b")  # a word of letters (codes are upper-case or digits)
_DEPTH = 6


def board(lang: str, game: str, text: str) -> str:
    """The board text ``text`` of ``game`` with its words in ``lang``: each line worded from the
    game's board words (``ChatWords.board``) and the catalogue, its cards, codes, seat labels and
    numbers kept as they are; a line with a part no message id fits stays as it is (English),
    never half-translated. English (or a game without board words) gives ``text`` itself."""
    return text if lang == "en" else _board_text(_(lang), game, text)


def _board_text(t: Callable[[str], str], game: str, text: str) -> str:
    """:func:`board` with the catalogue's ``t``."""
    from gm.games import GAMES  # the games' board words: their message ids (ChatWords.board)

    entry = GAMES.get(game)
    if entry is None or not entry.engine.info.chat_words.board:
        return text
    info = entry.engine.info
    templates = _ordered(BOARD + info.chat_words.board)
    labels = [info.seat_label(i) for i in range(len(info.seat_names))]
    names = (info.title, *info.seat_names, *labels)
    plain = frozenset(w.lower() for n in names for w in _ANY_WORD.findall(n))
    words: _Words = (templates, plain, {})
    lines = []
    for line in text.split("\n"):
        worded = _board_part(t, line, words, 0)
        lines.append(line if worded is None else worded)
    return "\n".join(lines)


_Words = tuple[tuple[tuple[str, re.Pattern[str]], ...], frozenset[str], dict[str, str | None]]


def _board_part(t: Callable[[str], str], text: str, words: _Words, depth: int) -> str | None:
    """``text`` (a line or a part of one) worded, or None when no way fits: kept when it is
    notation (no word but the game's names); else cut at its strong separators, each part
    worded; else the first message id it is, its placeholders worded the same way (a sentence's
    full stop kept outside); else cut at its weak separators. ``words``: the message ids with
    their patterns, the names' words, and the parts worded so far."""
    memo = words[2]
    if text not in memo:
        memo[text] = None if depth > _DEPTH else _word_board(t, text, words, depth)
    return memo[text]


def _word_board(t: Callable[[str], str], text: str, words: _Words, depth: int) -> str | None:
    templates, plain, _memo = words
    if not {w.lower() for w in _ANY_WORD.findall(text)} - plain:
        return text  # notation
    core = text.strip()
    if core != text:  # the spaces around it kept
        worded = _board_part(t, core, words, depth + 1)
        return None if worded is None else text.replace(core, worded, 1)
    said = _split(t, text, words, depth, _STRONG)
    if said is not None:
        return said
    filled = _fill(t, text, templates, lambda value: _board_part(t, value, words, depth + 1))
    if filled is not None:
        return filled
    if text.endswith(".") and (sentence := _board_part(t, text[:-1], words, depth + 1)):
        return sentence + "."  # a message id without its full stop
    return _split(t, text, words, depth, _WEAK)


def _split(t: Callable[[str], str], text: str, words: _Words, depth: int, separators) -> str | None:
    """``text`` cut at the first of ``separators`` whose parts are all worded, worded; or None."""
    for separator in separators:
        parts = separator.split(text)
        if len(parts) == 1:
            continue
        said = []
        for i, part in enumerate(parts):
            worded = part if i % 2 else _board_part(t, part, words, depth + 1)
            if worded is None:
                break
            said.append(worded)
        else:
            return "".join(said)
    return None
