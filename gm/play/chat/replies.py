"""The ``reply`` of a chat answer: one or two plain sentences a chat relays word for word, in the
game's language — never HTTP (no verbs, paths or key names: :data:`JARGON` is the check). Built
from the seat's view, the game's info (its ``chat_words``) and rules text, and the service's
answers only, so nothing hidden from the seat can appear.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from gm.games import GAMES
from gm.games.cards import find_cards
from gm.games.words import ChatWords
from gm.play.answers import seat_label

#: What a reply must never contain: HTTP verbs, paths, key names (snake_case or API words).
JARGON = re.compile(
    r"\b(?:GET|POST|PUT|PATCH|DELETE|HTTP|JSON|API|URL|endpoint)\b|(?<![\w.])/[a-z][\w-]*\b|"
    r"\b[a-z]+_[a-z_]+\b|\b(?:version|token|intent|payload|schema)\b"
)

#: What a chat may ask, as listed in help and in the answer to unclear text.
REQUESTS = "board, legal moves, whose turn, score, history, rules, hint, resign, rematch, help"
MAX_LISTED = 30  # legal moves named in the answer to "legal moves"
MAX_CANDIDATES = 6  # candidates named when a text fits several moves
MAX_CLOSE = 3  # moves offered after an illegal move
MAX_QUOTE = 200  # characters of a quoted rules sentence
MAX_TOLD = 10  # events a move's reply tells (the answer's events hold them all)


_ENDED = re.compile(r"[.!?][)\]\"'”’]*$")  # "… (Not picked: Q♣ 5♥.)" is ended


def sentence(text: str) -> str:
    text = text.strip()
    return text if not text or _ENDED.search(text) else text + "."


def status(view: dict[str, Any]) -> str:
    result = view.get("result")
    if result is not None:
        return f"Game over: {sentence(result['reason'])}{_verdict(result, view['seat'])}"
    you = seat_label(view, view["seat"])
    if view["your_turn"]:
        return f"Your turn ({you})."
    if view["to_move"] is None:
        return "Nobody is to move."
    return f"{seat_label(view, view['to_move'])} is to move; you are {you}."


_VIEWING = {"board", "show", "see", "look", "view", "display", "table", "position", "current"}
_CHATTY = {"long", "take", "takes", "bot", "human", "real", "ai", "fun", "lol", "think", "know"}
_VIEWING |= {"state", "again", "like", "now", "left", "got", "hold", "cards", "card"}


def below_title(board: str) -> list[str]:
    """The board's lines below its title line (the game's name · its round or turn); all of them
    when it opens with a line of its own ("Opponent's Hand: 5", a line with a colon)."""
    lines = board.splitlines()
    return lines if lines and ":" in lines[0] else lines[1:]


def on_board(board: str, question: str, most: int = 3) -> str:
    """The board's lines (below its title) that hold a word the question asks about ("what's my
    hand": the hand's lines), as a sentence; "" when none, or too many to be an answer."""
    named = named_line(board, question)
    if named:
        return named
    lines = board_lines(board, question)
    return f" On the board: {fitted(lines).rstrip('.')}." if 0 < len(lines) <= most else ""


def board_lines(board: str, question: str) -> list[str]:
    """The board's lines (below its title) that hold a word the question asks about, its own
    lines only when it asks about "my" things."""
    lowered = question.lower()
    terms = {w for w in re.findall(r"[\w']+", lowered) if len(w) > 2}
    terms -= _STOP | _VIEWING | _CHATTY
    if not terms:
        return []
    terms |= {name for word, names in _ALSO_NAMED.items() if word in terms for name in names}
    terms |= {phrase for phrase in _PHRASES if phrase in lowered}  # "… in play": that line
    lines = [
        line.strip(" >")
        for line in below_title(board)
        if any(re.search(rf"(?<![\w']){re.escape(t)}", line.lower()) for t in terms)
    ]
    mine = [line for line in lines if re.match(r"(?:my|your)\b", line, re.I) or "(you" in line]
    if mine and re.search(r"\b(?:my|mine|mis?)\b|내|제", lowered):  # "my hand": not theirs
        lines = mine
    return lines


# a thing a board names in other words: "the deck" is the "Draw pile" or "stock" on some
_ALSO_NAMED = {"deck": ("draw pile", "stock")}
# words a board's line may be named by together, though each alone says little ("in play")
_PHRASES = ("in play",)

# the game's progress in its board's title line: "round 6", "turn 4 of 200", "ply 15 of 500",
# "12 moves played"
_PROGRESS = re.compile(r"\b(?:round|turn|ply) \d+(?: of \d+)?|\b\d+ moves? played", re.IGNORECASE)


def progress(board: str) -> str:
    """The game's progress as its board's title line gives it ("round 6"), or ""."""
    title = board.splitlines()[0] if board else ""
    found = _PROGRESS.search(title)
    return found.group(0) if found else ""


BOARD_QUOTE = 170  # characters of board lines a reply quotes (a reply stays ≤ 280 in every
# language: the lines are worded again in the seat's, often longer)


def fitted(lines: list[str], budget: int = BOARD_QUOTE) -> str:
    """Board lines joined with "; ", as many whole ones as fit in ``budget`` characters (the
    first at least, cut at a " · " or a space and marked "…" when it alone is too long)."""
    out = lines[0]
    for line in lines[1:]:
        if len(out) + 2 + len(line) > budget:
            break
        out += "; " + line
    if len(out) <= budget:
        return out
    cut = out[: budget - 1]
    cut = cut.rsplit(" · ", 1)[0] if " · " in cut else cut.rsplit(" ", 1)[0]
    return cut + "…"


def named_line(board: str, question: str) -> str:
    """The one board line a question names by its label and number ("what's row 2?": the line
    "Row 2: …"), as a sentence; "" when there is none."""
    for word, n in re.findall(r"([a-z]{2,}) ?#?(\d+)\b", question.lower()):
        named = [
            line.strip(" >")
            for line in below_title(board)
            if re.match(rf"\s*{re.escape(word)}\s*{n}\b", line.lower())
        ]
        if len(named) == 1:
            return f" On the board: {fitted(named).rstrip('.')}."
    return ""


def their_lines(view: dict[str, Any]) -> list[str]:
    """The board's lines of the other seats: those opening with another seat's label, or with
    "Opponent" (a board that names the other side so)."""
    seats = view.get("seats") or ()
    labels = [seat_label(view, s["name"]).lower() for s in seats if s["name"] != view["seat"]]
    labels = [label for label in labels if label] + ["opponent"]
    return [
        line.strip(" >")
        for line in view["board"].splitlines()
        if any(line.strip(" >").lower().startswith(label) for label in labels)
    ]


def their_cards(view: dict[str, Any]) -> str:
    """The board's lines of the other seats that show a card (a line opening with their label),
    joined; "" when the board shows none of theirs."""
    seats = view.get("seats") or ()
    labels = [seat_label(view, s["name"]).lower() for s in seats if s["name"] != view["seat"]]
    lines = [
        line.strip(" >")
        for line in below_title(view["board"])
        if any(line.strip(" >").lower().startswith(label) for label in labels if label)
        and re.search(r"[♠♥♦♣]", line)
    ]
    return fitted(lines) if lines else ""


def listing(moves: list[str], limit: int, budget: int = 240) -> str:
    """Up to ``limit`` moves, fewer when their text would pass ``budget`` characters."""
    count = 0
    while count < min(limit, len(moves)) and len(", ".join(moves[: count + 1])) <= budget:
        count += 1
    count = max(count, min(1, len(moves)))
    shown = ", ".join(moves[:count])
    more = len(moves) - count
    return shown + (f" … and {more} more" if more > 0 else "")


def either(moves: list[str]) -> str:
    return moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " or " + moves[-1]


def legal(view: dict[str, Any], among: list[str] | None = None) -> str:
    """The seat's legal moves, or those of them a question named ("where can my ace go?": the
    moves the reader found for the ace)."""
    if view.get("result") is not None or not view["your_turn"]:
        return status(view) + " You have no moves now."
    if among:
        return f"The legal moves it fits ({len(among)}): {listing(among, MAX_LISTED)}."
    moves = view["legal_moves"]
    return f"Your legal moves ({len(moves)}): {listing(moves, MAX_LISTED)}."


def _words(view: dict[str, Any]) -> ChatWords:
    """The chat words the game of a view (or answer) declares; none for a game not registered."""
    game = GAMES.get(view.get("game", ""))
    return ChatWords() if game is None else game.engine.info.chat_words


@lru_cache(maxsize=64)
def _score_lines(score_words: tuple[str, ...]) -> re.Pattern[str]:
    """Board lines that tell how the game stands: points, a score, the game's own phrases."""
    own = "".join(f"|{re.escape(w)}" for w in score_words)
    return re.compile(rf"\bpoints?\b|\bscore\b{own}", re.IGNORECASE)


def score(view: dict[str, Any]) -> str:
    result = view.get("result")
    if result is not None:
        return final(result, view)
    standing = _score_lines(_words(view).score_words)
    lines = [line.strip() for line in view["board"].splitlines() if standing.search(line)]
    shown = f" On the board: {'; '.join(lines[:2])}." if lines else ""
    return f"Nobody has won yet: the game is still on.{shown} {status(view)}"


def cannot_answer(view: dict[str, Any]) -> str:
    """What gm says when neither the position nor the rules answer a question."""
    return (
        "I can't answer that from this game: ask for the board, the score, the history, the rules "
        f"or a hint. {status(view)}"
    )


def standing(view: dict[str, Any], figures: list[Any], seat: int | None, names: tuple) -> str:
    """How the game stands, from the engine's figures (:meth:`Engine.standing`, the board's own
    figures, as this seat may see them): who is ahead by the first figure that has a leader, then
    every figure, then whose turn it is."""
    if view.get("result") is not None:
        return final(view["result"], view)
    if not figures:
        return f"Nobody has won yet, and this game keeps no running score. {status(view)}"
    said: list[str] = []
    top = next((f for f in figures if f.better and seat in f.values and len(f.values) > 1), None)
    if top is not None:
        mine = top.values[seat]
        theirs = max(v * top.better for s, v in top.values.items() if s != seat) * top.better
        ahead = (mine - theirs) * top.better
        noun = top.label.lower()
        if ahead > 0:
            said.append(f"You are ahead, {mine} to {theirs} ({noun}).")
        elif ahead < 0:
            said.append(f"You are behind, {mine} to {theirs} ({noun}).")
        else:
            said.append(f"You are level at {mine} ({noun}).")
    for f in figures:
        parts = [f"{seat_label(view, names[s])} {v}" for s, v in sorted(f.values.items())]
        note = f"; {f.note_said()}" if f.note else ""
        if len(f.values) == 1 and seat in f.values:
            said.append(f"Your {f.label.lower()}: {f.note_said() or f.values[seat]}.")
        else:
            said.append(f"{f.label}: {', '.join(parts)}{note}.")
    return " ".join([*said, status(view)])


def _verdict(result: dict[str, Any], seat: str) -> str:
    """What the end means to the seat the reply is for."""
    if result.get("draw") or seat == "spectator":
        return ""
    return " You won." if seat in result.get("winners", []) else " You lost."


def final(result: dict[str, Any], view: dict[str, Any]) -> str:
    """The end of a game, once: the reason (it names the winner), the score unless the reason
    already gives it, and what it means to the seat."""
    reason = sentence(result["reason"])
    scores = result.get("scores") or {}
    numbers = re.findall(r"\d+", reason)
    missing = [str(v) for v in scores.values() if str(v) not in numbers]
    if scores and missing and any(scores.values()):
        named = (f"{seat_label(view, name)} {value}" for name, value in scores.items())
        reason += " Score: " + ", ".join(named) + "."
    return f"Game over: {reason}{_verdict(result, view['seat'])}"


_END_KINDS = {"end", "score", "exhausted"}


def moved(answer: dict[str, Any]) -> str:
    """The reply to a legal move: the move, what followed (an AI's reply), the status; at the end
    of the game the result once instead of the engine's closing lines."""
    result = answer.get("result")
    events = [e for e in answer["events"] if result is None or e.get("kind") not in _END_KINDS]
    told = [sentence(e["text"]) for e in events]
    if len(told) > MAX_TOLD:  # an AI that played many rounds: the start, the latest, a pointer
        skipped = len(told) - MAX_TOLD + 1
        told = [*told[:3], f"({skipped} more: say 'history' for them.)", *told[-(MAX_TOLD - 4) :]]
    said = " ".join(told)
    tail = final(result, answer) if result is not None else status(answer)
    return " ".join(p for p in (f"Played {answer['move']}.", said, tail) if p)


def not_a_try(error: Any, view: dict[str, Any]) -> str:
    """A message that mentions a move without trying one: what the reader saw, and that nothing
    was played or counted."""
    reason = error.reason
    if isinstance(getattr(error, "text", None), str):  # "Could not read '…' as a move."
        reason = reason.removeprefix(f"Could not read {error.text!r} as a move.").strip()
    said = f" {sentence(reason)}" if reason and len(reason) <= 120 else ""
    return f"I did not read that as a move, so nothing was played or counted.{said} {steer(view)}"


def refused(answer: dict[str, Any]) -> str:
    """The reply to a move that was not played: the rule in the game's words and at most three
    legal moves close to what was said."""
    reason = sentence(answer["reason"])
    hint_text = sentence(answer.get("hint") or "")
    if answer["kind"] == "ambiguous":
        return f"{reason} Say which one: {listing(answer['candidates'], MAX_CANDIDATES)}."
    if answer["kind"] == "confirm":  # a legal move with a risk, not yet played
        return f"Not played yet. {reason} {hint_text}"
    if answer.get("rule") == "not-your-turn":
        return f"{reason} You are {seat_label(answer, answer['seat'])}."
    if answer.get("rule") in ("game-over", "cannot-act"):
        return f"{reason} {status(answer)}"
    moves = answer.get("legal_moves") or []
    if answer.get("result") is not None:  # the attempt reached the illegal-move limit
        return f"Illegal: {reason} {final(answer['result'], answer)}"
    head = reason if answer["kind"] == "unparsable" else f"Illegal: {reason}"
    if hint_text and _fits(hint_text, moves):
        head += " " + hint_text
    if moves and not any(m in head for m in moves):
        close = close_moves(answer.get("input", ""), moves, aliases=_words(answer).code_aliases)
        head += f" You could play {either(close)}."
    return head


def _fits(hint_text: str, moves: list[str]) -> bool:
    """A hint short enough to relay that lists no more than three moves."""
    named = sum(1 for m in moves if m in hint_text)
    return len(hint_text) <= 160 and named <= MAX_CLOSE and not JARGON.search(hint_text)


def _tokens(text: str, aliases: tuple[tuple[str, str], ...] = ()) -> set[str]:
    """Loose tokens of a text to compare with a move's: upper-cased words, the cards it names
    (in both ten spellings), and the game's codes its ``aliases`` find (the game's
    ``ChatWords.code_aliases``: a person's words rewritten as a code)."""
    up = text.upper()
    words = set(re.findall(r"[^\s,;.!?()]+", up))
    for pattern, code in aliases:
        words |= {m.expand(code) for m in re.finditer(pattern, up)}
    for (rank, suit), _ in find_cards(text):
        code = {10: "X", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        symbol = "♣♦♥♠"[suit]
        words |= {code + symbol, ("10" if rank == 10 else code) + symbol}
    return words


def close_moves(
    text: str, moves: list[str], limit: int = MAX_CLOSE, aliases: tuple[tuple[str, str], ...] = ()
) -> list[str]:
    """Up to ``limit`` legal moves sharing the most with ``text`` (a card, a code, a verb), in
    their listed order; the first ones when nothing is shared."""
    said = _tokens(text, aliases)
    parts = [set(re.split(r"[\s\-x]+", m.upper())) - {""} for m in moves]
    common = {t for t in set().union(*parts) if sum(t in p for p in parts) * 2 > len(parts)}

    def shared(i: int) -> int:
        return len((parts[i] - common) & said)

    ranked = sorted(range(len(moves)), key=lambda i: (-shared(i), i))
    return [moves[i] for i in ranked[:limit]]


def history(
    moves: list[dict[str, Any]], view: dict[str, Any], last: int = 6, total: int | None = None
) -> str:
    """The last moves, each as its events say it (after the seat's label unless they name it)."""
    if not moves:
        return "No moves yet."
    total = len(moves) if total is None else total
    lines = []
    for m in moves[-last:]:
        said = "; ".join(e.rstrip(".") for e in m["events"])
        who = seat_label(view, m["seat"])
        lines.append(f"{m['n']}. {said if said.startswith(who) else f'{who}: {said}'}")
    shown = min(last, len(moves))
    head = f"Last {shown} of {total} moves: " if total > shown else "Moves so far: "
    return head + " | ".join(lines)


def help_text(info: dict[str, Any], view: dict[str, Any]) -> str:
    example = view["legal_moves"][0] if view["legal_moves"] else None
    eg = f" (for example '{example}')" if example else ""
    verb = example is not None and len(word := example.split()[0]) > 1 and word.isalpha()
    asked = f"can I {example}?" if verb else f"can I play {example}?"  # not "can I play PICK 1"
    check = f" Ask '{asked}' to check a move without playing it." if example else ""
    said = (
        f"Send a move as text{eg}; moves look like: {info['move_syntax']}.{check} "
        f"You can also ask for: {REQUESTS}."
    )
    if len(said) > 280:  # a long move syntax: the list of requests is shortened
        said = said.replace(REQUESTS, "board, legal moves, score, rules, hint")
    return said


def steer(view: dict[str, Any]) -> str:
    """Back to the game, in a sentence."""
    if view.get("result") is not None:
        return f"{status(view)} Say 'rematch' for another game."
    if view["your_turn"]:
        example = view["legal_moves"][0] if view["legal_moves"] else None
        return f"Your move when you are ready{f', for example {example}' if example else ''}."
    return status(view)


# ---------------------------------------------------------------- answers from the rules text

_STOP = set(
    """a an the i you we it is are was be do does did what whats why how who whom whose when
    where which can could should would will shall may might must to of in on at for with by from
    and or not no if then than this that these those my your our me mean means meant stand stands
    word there here so about game play get one any some just really please tell explain need needs
    many much have has long take takes""".split()
)


@lru_cache(maxsize=16)
def rule_sentences(rules_text: str) -> tuple[str, ...]:
    """The rules' prose as sentences (headings, tables and code left out, Markdown stripped)."""
    paragraphs: list[str] = []
    current: list[str] = []
    fenced = False
    for line in rules_text.splitlines():
        s = line.strip()
        if s.startswith("```"):
            fenced = not fenced
            continue
        if fenced or s.startswith(("#", "|")) or not s:
            if current:
                paragraphs.append(" ".join(current))
            current = []
            continue
        current.append(re.sub(r"^(?:[-*]|\d+\.)\s+", "", s))
    if current:
        paragraphs.append(" ".join(current))
    out = []
    for p in paragraphs:
        p = re.sub(r"\*\*|`|(?<!\w)\*|\*(?!\w)", "", p)
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", p):
            if len(s) > 20 and not JARGON.search(s):
                out.append(s.strip())
    return tuple(out)


def about_the_game(rules_text: str) -> str | None:
    """The rules' first sentence, which says what the game is and where it comes from, quoted:
    the answer to a question about the game itself ("is this like gomoku?")."""
    sentences = rule_sentences(rules_text)
    return f"From the rules: \u201c{cut(sentences[0])}\u201d" if sentences else None


# a word of the rules in more than a quarter of their sentences (its weight in
# :func:`from_rules` below this) is a common one, which alone ties no sentence to a question
_COMMON = math.log(4)


def from_rules(question: str, rules_text: str) -> str | None:
    """The rules sentence that best answers ``question`` (the rarest of its words weigh most),
    quoted; None when no sentence shares a word with it."""
    sentences = rule_sentences(rules_text)
    terms = [  # (a place's code, "c3", names no rule: a rule's example may use it, "C3: …")
        w
        for w in re.findall(r"[\w♠♥♦♣]+", question.lower())
        if w not in _STOP and len(w) > 1 and not re.fullmatch(r"[a-z]{1,3}\d+", w)
    ]
    if not terms or not sentences:
        return None
    lowered = [s.lower() for s in sentences]

    def where(term: str, s: str) -> int | None:
        """Where ``term`` (or its stem) first stands in ``s`` as a word's start, or None."""
        stem = term[:-1] if len(term) > 4 and term.endswith("s") else term
        pattern = rf"(?<!\w){re.escape(stem)}" + (r"\w*" if len(stem) >= 3 else r"(?!\w)")
        found = re.search(pattern, s)
        return None if found is None else found.start()

    unique = sorted(set(terms))
    weight = {}
    for t in unique:
        n = sum(where(t, s) is not None for s in lowered)
        weight[t] = math.log((1 + len(lowered)) / n) if n else 0.0

    def score(i: int) -> tuple[float, int, bool, bool, int]:
        """Rarer shared words first; on a tie the sentence with more of them as written
        ("pieces", not "piece"), then one that defines one ("XY is the first card of the row"),
        then one that opens with one (it is about it: "A 10 standing on its own row …" over
        "Cards (2 to 10) …" for "what does the 10 do?"), then the earlier sentence."""
        s = lowered[i]
        at = [where(t, s) for t in unique]
        total = sum(weight[t] for t, k in zip(unique, at, strict=True) if k is not None)
        exact = sum(bool(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", s)) for t in unique)
        defines = any(re.search(rf"(?<!\w){re.escape(t)}\s+(?:is|are|means)\b", s) for t in unique)
        opening = len(" ".join(s.split()[:2]))
        return total, exact, defines, any(k is not None and k < opening for k in at), -i

    scored = [score(i) for i in range(len(lowered))]
    # a sentence short enough to relay whole wins over a long one (an option's table, say)
    short = [x for x in scored if len(sentences[-x[-1]]) <= MAX_QUOTE and x[0] > 0]
    best, *_, neg = max(short or scored)
    if best <= 0:
        return None
    quote = sentences[-neg]
    known = [t for t in unique if weight[t] > 0]  # the question's words the rules use

    def has(t: str) -> bool:
        return bool(re.search(rf"(?<!\w){re.escape(t)}(?:s|es)?(?!\w)", quote.lower()))

    shared = sum(has(t) for t in known)
    rarest = has(max(known, key=lambda t: weight[t]))
    if shared * 2 < len(known) or not (rarest or shared >= 2):
        return None  # it misses most of the question's words, or its one rare word: unrelated
    if all(weight[t] < _COMMON for t in known if has(t)):
        return None  # it shares only words most rules sentences have ("card"): unrelated
    return f"From the rules: \u201c{cut(quote)}\u201d"


def cut(quote: str) -> str:
    """A rules sentence as a reply quotes it: whole up to :data:`MAX_QUOTE` characters, else
    cut at the last space before them and ended with "…"."""
    if len(quote) <= MAX_QUOTE:
        return quote
    return quote[: MAX_QUOTE - 1].rsplit(" ", 1)[0] + "…"


#: one's own cards face down, unseen by their holder too ("[?]" on the seat's own board line)
OWN_HIDDEN = "Your own cards marked [?] are face down: hidden from you too, as the rules have it."
# asks of one's own cards or hand, in each language ("what are my three cards?", "mis cartas",
# "내 카드")
_OWN_CARDS = re.compile(
    r"\b(?:my|mine|mis?)\b(?:\s+\w+){0,2}?\s+(?:cards?|hand|cartas?|mano)\b|"
    r"(?:내|제|나의)\s*(?:\w{0,3}\s*)?(?:카드|패|손패)",
    re.IGNORECASE,
)


def own_hidden(view: dict[str, Any], question: str) -> str:
    """:data:`OWN_HIDDEN` when ``question`` asks of the seat's own cards and the board shows them
    face down to it (a "[?]" on its own line, the one marked "(you"), else ""."""
    if view.get("result") is not None or not _OWN_CARDS.search(question):
        return ""
    own = [line for line in view["board"].splitlines() if "(you" in line]
    return OWN_HIDDEN if any("[?]" in line for line in own) else ""
