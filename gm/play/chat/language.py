"""The player's language: which one a seat speaks (an explicit setting — "한국어로", "en
español", "speak English" — kept in the seat's chat memory, else the message's own language,
else the last one seen), and a message in Korean or Spanish read as English words the chat's
readers know (gm/play/chat/korean.py, gm/play/chat/spanish.py; each game adds its own words,
``ChatWords.translations``). Replies are then worded in that language
(gm/play/chat/localise.py). Adding a language: a message catalogue, a reader module like these
two and a ``translations`` entry per game (docs/languages.md).
"""

from __future__ import annotations

import re

from gm.games.cards import RANK_NAMES, card_text, find_cards
from gm.games.words import ORDINALS
from gm.play.chat import korean, spanish

LANGUAGES = ("en", "ko", "es")

_SETTING = (
    ("ko", re.compile(r"^\s*(한국어(로)?(\s*(해|해줘|말해|말해줘|부탁해|할게|로 해줘))?|korean( please)?|"  # noqa: E501
                      r"(speak|in|use) korean( please)?)\s*[.!]?\s*$", re.IGNORECASE)),
    ("es", re.compile(r"^\s*((en )?espa[nñ]ol( por favor| porfa)?|habla espa[nñ]ol|spanish( please)?|"  # noqa: E501
                      r"(speak|in|use) spanish( please)?)\s*[.!]?\s*$", re.IGNORECASE)),
    ("en", re.compile(r"^\s*((in |speak |use )?english( please)?|영어(로)?(\s*해줘)?|"
                      r"en ingl[eé]s( por favor)?)\s*[.!]?\s*$", re.IGNORECASE)),
)  # fmt: skip


def setting(text: str) -> str | None:
    """The language a message asks gm to speak ("한국어로", "en español"), or None."""
    for lang, pattern in _SETTING:
        if pattern.match(text):
            return lang
    return None


def detect(text: str) -> str | None:
    """The language a message is written in, or None when it says nothing of it (a bare move
    in notation, "ok")."""
    if korean.is_korean(text):
        return "ko"
    if spanish.is_spanish(text):
        return "es"
    if re.search(r"[a-zA-Z]{3,}", re.sub(r"\b[A-Z]+\d*\b", "", text)):
        return "en"
    return None


def to_english(text: str, lang: str, translations: tuple[tuple[str, str, str, str], ...]) -> str:
    """``text`` as English words the chat's readers know (English as written, but for "w" as
    "with"), without a shrug said after it ("the 7 why not")."""
    if lang == "ko" and korean.is_korean(text):
        # an aside in brackets after the message ("… 가져올게 (뭐 버릴지는 보고)"): no part of it
        english = korean.to_english(_KOREAN_ASIDE.sub("", text) or text, translations)
    elif lang == "es":
        english = spanish.to_english(text, translations)
    else:
        english = _WITH.sub("with", _UNWANTED_FIRST.sub("", text))
    return _SHRUG_AFTER.sub("", english) or english


# a first clause that turns a card down, then the order ("nah dont want the 5 of clubs, draw
# from deck"): the order alone
_UNWANTED_FIRST = re.compile(
    r"^\W*(?:(?:nah|no|nope|ugh|meh)\W+)?(?:(?:i\s+)?(?:don'?t|do not|dont)\s+(?:want|need)\s+"
    r"[^,.;!?]+|[^,.;!?]{1,30}\s+(?:is|'s|are)\s+(?:so\s+)?(?:useless|trash|garbage|"
    r"worthless|no good))[,.;!]+\s*(?=\w)",
    re.IGNORECASE,
)


_KOREAN_ASIDE = re.compile(r"(?<=\S)\s*\((?=[^()]*[가-힣])[^()\d]*\)[\s.!ㅋㅎ]*$")


# a shrug said after what one chose ("the 7 why not", "la 2 supongo"): no part of it
_SHRUG_AFTER = re.compile(
    r"(?<=\S)[\s,.]+(?:why not|i guess|i suppose|whatever|por (?:que|qué) no|supongo)[\s.!]*$",
    re.IGNORECASE,
)


# chat's "w" and "w/" for "with" ("take it w the king", "start w/ the 10")
_WITH = re.compile(r"(?<![\w'/])w/?(?=\s+(?:the|my|a|an|that|this|your|\d|[akqj])\b)")


# what the words after a bare "no" must name to make it a second thought ("K♥ C2, no, C3"; never
# "me rindo, no hay forma")
_NAMES = (
    r"[^.;]*(?:\d|[♠♥♦♣]|\b(?:ace|king|queen|jack|as|rey|reina|jota|in|en|on|at|to|a|q|k|j|"
    r"hearts?|spades?|clubs?|diamonds?|corazon(?:es)?|picas?|espadas?|tr[eé]bol(?:es)?|diamantes?|"
    r"middle|left|right|first|second|third|fourth|fifth|sixth|seventh|last|medio|izquierda|"
    r"derecha|primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|septim[oa]|"
    r"ultim[oa]|deck|pile|from|draw|mazo|pila|pozo)\b"
    r"|[가-힣]*(?:열|줄|칸|하트|스페이드|다이아|클로버|에이스|킹|퀸|잭|덱|더미))"
)
# a shrug said between two choices, and the choice said after it (a card, a number or a place)
_SHRUGS = (
    r"(?:아\s*)?(?:몰라|모르겠다|모르겠어)|idk|dunno|whatever|eh,? whatever|"
    r"(?:bah,?\s*)?da igual|(?:bah,?\s*)?no s[eé]|ni idea"
)
_CHOSEN = (
    r"(?:(?:the|la|el|my|mi|#)\s*)?\S*[\d♠♥♦♣]|[가-힣]*(?:하트|스페이드|다이아|클로버)|"
    r"(?:the|la|el) (?:ace|king|queen|jack|as|rey|reina|jota|deck|pile|mazo|pila)\b"
)
# a verb a "no" negates ("…, no quiero gastar el as", "…, no way"): no second thought
_NEGATED = (
    r"(?:quiero|puedo|se|sé|voy|me|te|lo|la|le|les|hay|tengo|es|esta|está|creo|way|need|want|"
    r"can|idea|gasto|gastar|uso|usar|desperdicio|wasting|waste|using|spending|gonna)"
)
# a choice said after "la", "el" ("nah la segunda", not "no la quiero")
_A_CHOICE = r"(?:\d|primer|segund|tercer|cuart|quint|sext|s[eé]ptim|[uú]ltim)"
# a second thought: "X no wait Y", "X... i mean Y", "X, no espera, Y", "X 말고 Y", "X 아 아니다
# Y", "X 아니 잠깐 Y" → Y ("아니면", "or else", is no second thought)
_CORRECTION = re.compile(
    r"(?:\.\.+|[,;])?\s*\b(?:no,? wait|nah,? wait|wait,? no|oh,? wait|i mean|i meant|scratch that|"
    r"sorry,? i mean|"
    r"or rather|make that|make it|"
    r"actually,? no|no,? actually|oops|no espera|no,? digo|mejor dicho|quiero decir|"
    r"(?:no,? |nah,? )?(?:jk|just kidding|kidding)(?=[\s,.]+\S)|"
    r"no,? perd[oó]n|perd[oó]n,? no)\b"
    r"[\s,.]*|\s*(?<=\S)\s*말고\s+|"
    # (a filler before the "no": "… a la 5... bueno no, a la 2 mejor")
    r"(?:\.\.+|[,;?])\s*(?:(?:bueno|pues|well|ok|okay|eh|ah|oh)[\s,]+)?"
    r"(?:no|nah|nope|err+|erm|uh+|um+|h+m+|sorry|actually|oops)(?:[\s,]+(?:no|nah))*"
    rf"\b(?!\s+{_NEGATED}\b(?!\s+{_A_CHOICE}))(?:[\s,]+mejor\b)?[\s,.]*(?={_NAMES})|\s+(?:h+m+[\s,]+)?(?:no|nah|err+|erm|sorry|actually)[\s,]+(?:mejor\s+)?(?=\S*\d|\S*[♠♥♦♣])|"
    r"(?:[,;]\s*|\s+o\s+|(?:\s+no)?\.\.+\s*)mejor(?:\s+dicho)?\b(?!\s+que\b)[\s,]*|"
    # a shrug between two choices ends the doubt ("2? no 3.. 아 몰라 그냥 2번", "3.. idk just 2",
    # "la 3.. bah da igual, la 2"): the one said after it
    rf"(?:\.\.+|[?…])\s*(?:{_SHRUGS})[\s,.…!]*(?:just\s+|그냥\s*)?(?={_CHOSEN})|"
    r"(?<=\S)(?:\.\.+\s*|[,;]\s*|\s+)(?:아\s*)?(?:아니(?:다|야|지|요|에요)?|아냐|ㄴㄴ|정정|잠깐만?)(?![가-힣])"
    r"(?:[\s,.]*잠깐만?)?[\s,.!]+",
    re.IGNORECASE,
)
_ARTICLES = {"the", "a", "an", "my", "el", "la", "los", "las", "mi", "un", "una"}
# the words a correction that only names its card may say around it ("… no espera, mejor la
# jota de diamantes encima")
_ONLY_THE_CARD = {"of", "one", "on", "top", "instead", "mejor", "encima", "better", "rather"}
_COUNTS = set("one two three four five six seven eight nine ten uno dos tres cuatro cinco".split())


def corrected(text: str) -> tuple[str, bool]:
    """The message as its writer corrected it (what follows the last "no wait", "i mean",
    "no espera", "말고", "아 아니다"; the head's opening verb kept: "play J♥ no wait J♦" → "play
    J♦"), and whether it was corrected. A corrected message is read, never counted as an illegal
    attempt."""
    parts = _CORRECTION.split(text)
    if len(parts) < 2 or not parts[-1].strip() or not parts[0].strip():
        return text, False
    if "?" in parts[0] and re.search(r"\s말고\s", text) or re.search(r"말고\s*(?:다른|딴)", text):
        return text, False  # "뭐 할 수 있어? 고르는거 말고 …", "… 말고 다른거 …": besides
    head, tail = parts[0].split(), parts[-1].strip()
    again = [  # "take 3RA and dump 1YA... actually no dump 5RC": the second clause said again
        m
        for m in re.finditer(r"\b(?:and|then|y|luego)\s+(\S+)", parts[0], re.IGNORECASE)
        if m.group(1).lower() == tail.split()[0].lower()
    ]
    if again:
        return parts[0][: again[-1].start(1)] + tail, True
    verb = head[0].lower()  # a head of one word is what was corrected ("tréboles... no, …")
    if (
        len(head) > 1
        and verb.isalpha()
        and not re.search(r"[가-힣]", verb)  # a Korean verb comes last: "클로버 7 말고 …"
        and verb not in _COUNTS  # "two squares... no, one square left": no verb
        and verb not in _ARTICLES
        and tail.split()[0].lower() != verb
    ):
        tail = f"{' '.join(head[: _verb_length(head)])} {tail}"
    return tail, True


# the words that finish a verb said first ("get rid of", "throw away", "pick up")
_PARTICLES = {"rid": ("of",), "away": (), "out": (), "up": (), "down": (), "off": ()}


def _verb_length(head: list[str]) -> int:
    """How many of ``head``'s first words are its verb: the verb, and a particle that finishes
    it ("get rid of the 3YM" → 3; "play J♥" → 1)."""
    if len(head) < 3 or head[1].lower() not in _PARTICLES:
        return 1
    after = _PARTICLES[head[1].lower()]
    return 3 if after and head[2].lower() in after else 2


# the place the head named, said again by reference ("same spot", "misma columna", "같은 자리")
_SAME_PLACE = re.compile(
    r"\b(?:(?:the|in|on|at|to|en|a) )?(?:(?:la|el) )?(?:same|mism[oa]) "
    r"(?!card|carta|suit|palo|rank|one\b)[a-z]+\b|(?:같은|그)\s*(?:자리|열|줄|칸)",
    re.IGNORECASE,
)


# a correction's opening that names the same card again ("put it …") and a preposition before a
# bare number ("on 5"): the place is what follows
_IT_AGAIN = re.compile(
    r"^\s*(?:(?:put|place|move|play|drop|stick|throw|lay|do)\s+(?:it|that|this|that one)\s+)?"
    r"(?:(?:in|on|at|into|to)\s+(?:the\s+)?(?=\d+\b))?",
    re.IGNORECASE,
)
# the other side's card a play was aimed at ("… vs their K♥"): no place of one's own
_AIMED_AT = re.compile(
    r"\s+(?:vs\.?|versus|against|opposite)\s+(?:their|his|her|the opponent'?s?)\s+"
    r"(?:\S+\s+of\s+\S+|\S+)",
    re.IGNORECASE,
)


# a rank said alone as the correction after "make it" ("… face down, no wait make it the 8"):
# the card's rank changed, its suit kept (a rank alone otherwise, "no, the 3", "mejor la 3", "아니다
# 퀸으로", may be a place or another card: read as before)
_RANK_ALONE = re.compile(
    r"^\W*(?:(?:the|my)\s+)?(ace|king|queen|jack)\W*$|^\W*the\s+(\d{1,2})\W*$", re.IGNORECASE
)
_MAKE_IT = re.compile(
    r"\bmake (?:it|that) (?:the |a )?(?:\d{1,2}|ace|king|queen|jack)\W*$", re.IGNORECASE
)
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()}


def _rank_alone(tail: str, text: str) -> int | None:
    """The rank a correction (``tail``, in English; ``text`` the whole message) says alone, or
    None (:data:`_RANK_ALONE`)."""
    said = _RANK_ALONE.match(tail)
    if said is None or not _MAKE_IT.search(text):
        return None
    word = (said.group(1) or said.group(2)).lower()
    rank = _RANK_WORDS.get(word) or (int(word) if word.isdigit() else None)
    return rank if rank is not None and 2 <= rank <= 14 else None


_CODE = re.compile(r"\b[a-z]{1,2}\d\b", re.IGNORECASE)  # a place's code ("m3", "C7")
# a card or piece named by its rank ("… no, the ace to bk5"): a move of its own, not a place
_PIECE = re.compile(r"\b(?:ace|king|queen|jack|ten|[2-9])\b(?![,.]?\d)", re.IGNORECASE)


def _ordinal(word: str) -> str | None:
    """The number an ordinal word says ("sixth", "6th", "sexta" → "6"), or None."""
    w = word.lower().rstrip(",.;:!?")
    numbered = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", w)
    return numbered.group(1) if numbered else (str(ORDINALS[w]) if w in ORDINALS else None)


def _place_again(head: str, tail: str, card_at: int) -> str | None:
    """``head`` (its card at ``card_at``) with the place its correction ``tail`` says again: from
    the tail's first word the head says after its card ("on C2 … on C3"), or the head's code of
    the same shape as one of the tail's ("C2 … C3"), or the head's last number when the tail's
    first word is a bare number ("en la 2, mejor la 3"); None when the tail says no such thing."""
    tail = _IT_AGAIN.sub("", tail)  # "… nah wait put it on 5 instead": the place, "5"
    words = [m for m in re.finditer(r"\S+", tail) if m.group().lower() not in _ARTICLES]
    ordinals = [m for m in re.finditer(r"\S+", head) if m.start() > card_at and _ordinal(m.group())]
    if words and _ordinal(words[0].group()):  # "… la segunda … no, la sexta", "2nd.. no, the 7th"
        first = words[0]
        if ordinals:  # the head's place said by its ordinal: the new ordinal in its stead
            return _put(head, ordinals[-1], first.group()) + tail[first.end() :]
        nth = _ordinal(first.group())
        tail = f"{nth}{tail[first.end() :]}"  # "… 2… no, la sexta"
        words = [m for m in re.finditer(r"\S+", tail) if m.group().lower() not in _ARTICLES]
    if words and words[0].group().isdigit():
        first = words[0]
        numbers = [m for m in re.finditer(r"\d+", head) if m.start() > card_at]
        if numbers:
            return _put(head, numbers[-1], first.group()) + tail[first.end() :]
        nth = _NTH.get(int(first.group()))
        if ordinals and nth:  # "la segunda … no, mejor la 6": the sixth
            return _put(head, ordinals[-1], nth) + tail[first.end() :]
        return None
    said = re.fullmatch(r"(\w+)\s+(\d+)", " ".join(m.group() for m in words))
    if said:  # "…row 7 face down, no, row 2": only the number changes, the rest stays
        again = re.compile(rf"\b{re.escape(said.group(1))}\s+\d+")
        found_at = [m for m in again.finditer(head) if m.start() > card_at]
        if found_at:
            m = found_at[-1]
            return f"{head[: m.start()]}{said.group(1)} {said.group(2)}{head[m.end() :]}"
    place = re.match(r"([^\W\d_]+)\s+(\d+)\b", tail[words[0].start() :]) if words else None
    numbers = [m for m in re.finditer(r"\b\d+\b", head) if m.start() > card_at]
    if place and numbers:  # "J♥ in 3 i guess.. no wait, row 7 face down": the place and after
        return head[: numbers[-1].start()] + tail[words[0].start() :]
    # "스페이드5 c5에.. 아 아니다 7열에": the head's code ("c5") said again by its word, the
    # code's first letter
    coded = (
        [
            m
            for m in re.finditer(rf"\b{re.escape(place.group(1)[0])}\d+\b", head, re.IGNORECASE)
            if m.start() > card_at
        ]
        if place
        else []
    )
    if coded:
        return head[: coded[-1].start()] + tail[words[0].start() :]
    for word in words:
        w = word.group().rstrip(",.;:!?")  # "… no wait c2, face down": the place, its comma off
        shape = _shape(w)
        found = [
            m.start()
            for m in re.finditer(r"\S+", head)
            if m.start() > card_at
            and (
                # "… on row5... no wait, row 7": the word said again with its number apart
                re.fullmatch(rf"{re.escape(w)}\d*", m.group(), re.IGNORECASE) is not None
                if w.isalpha()
                else shape == _shape(m.group()) != ""
            )
        ]
        if found:  # a facing said before the place ("no, mejor boca abajo en la 2") kept
            kept = " ".join(_FACING_SAID.findall(tail[: word.start()]))
            return f"{head[: found[-1]]}{tail[word.start() :]} {kept}".rstrip()
    return None


_FACING_SAID = re.compile(r"\bface[ -]?(?:down|up)\b", re.IGNORECASE)


def _put(head: str, word: re.Match[str], instead: str) -> str:
    """``head`` with ``instead`` in the place of one of its words."""
    return head[: word.start()] + instead + head[word.end() :]


_NTH = {n: w for w, n in ORDINALS.items()}  # 6 → "sixth"


def _shape(word: str) -> str:
    """A code's shape: its letters, its digits as # ("C3" → "C#"); "" for a bare number."""
    shape = re.sub(r"\d+", "#", word.upper())
    return shape if re.search(r"[A-Z]", shape) and "#" in shape else ""


def read_corrected(
    text: str,
    lang: str,
    translations: tuple[tuple[str, str, str, str], ...],
    manners: tuple[tuple[str, str, str, str], ...] = (),
) -> tuple[str, str, bool]:
    """A message with its second thought applied: ``(the text as corrected, its English,
    corrected)``. A correction that is one card alone, said after a head naming several
    ("K♥ then the K♣.. i mean K♦"), replaces the head's last card ("K♥ then the K♦"); any other
    correction that names no card but a word said after the head's card ("K♥ on C2, actually no,
    on C3") replaces the head from that word on ("K♥ on C3"); any other correction is the
    message (:func:`corrected`). A correction that only says how the card lies ("… XY.. wait no,
    face up actually") is the head with the way it said (its words and the notation's signs of
    the game's ``manners``, :attr:`ChatWords.manners`) replaced."""
    fixed, fix = corrected(text)
    english = to_english(fixed, lang, translations)
    if not fix:
        return fixed, english, False
    head = _CORRECTION.split(text)[0]
    head_en = to_english(head, lang, translations)
    tail_en = to_english(_CORRECTION.split(text)[-1].strip(), lang, translations)
    cards, named = find_cards(head_en), find_cards(tail_en)
    if len(cards) >= 2 and len(named) == 1:
        (start, end), (s, e) = cards[-1][1], named[0][1]
        rest = (tail_en[:s] + tail_en[e:]).lower().split()
        if all(w in _ARTICLES or w in _ONLY_THE_CARD for w in rest):
            return fixed, head_en[:start] + tail_en[s:e] + head_en[end:], True
    same = _SAME_PLACE.search(tail_en)
    if cards and len(named) == 1 and (same or _SAME_PLACE.search(_CORRECTION.split(text)[-1])):
        where = head_en[cards[-1][1][1] :].strip(" ,.")  # "2♣ in 7… no, the 4♣, same spot": C7
        if same is None:  # said in words the translation drops (같은 자리)
            return fixed, f"{tail_en} {where}", True
        return fixed, tail_en[: same.start()] + where + tail_en[same.end() :], True
    rank = _rank_alone(tail_en, text)
    if len(cards) == 1 and not named and rank not in (None, cards[0][0][0]):
        # "9 of clubs c1 face down, no wait make it the 8": the rank alone changed, the suit kept
        ((_, suit), (start, end)) = cards[0]
        return fixed, head_en[:start] + card_text((rank, suit), ten="10") + head_en[end:], True
    if not cards and not named and _CODE.search(tail_en) and not _PIECE.search(tail_en):
        # "el as vuelve a m4... no, a m3 mejor": no card, the place's code said again
        again = _place_again(head_en, tail_en, 0)
        if again is not None:
            return fixed, again, True
    if cards and not named:  # "K♥ on C2, actually no, on C3": the place said again
        mine = _AIMED_AT.sub("", head_en)  # "J♥ vs their K♥ in 3.. no, in 7": J♥ moved
        own = find_cards(mine)
        again = _place_again(mine, tail_en, own[-1][1][0]) if own else None
        if again is not None:  # in English, the head kept whole as written ("… face down …")
            return (again if lang == "en" else fixed), again, True
        facing = _FACING.match(main_clause(tail_en))
        if facing:  # "8♠ c3.. no wait facedown, …", "… XY.. wait no, face up actually"
            head_en = re.sub(r"\bface[ -]?(?:down|up)\b", " ", head_en, flags=re.IGNORECASE)
            for _, _, notation, _ in manners:
                head_en = re.sub(notation, " ", head_en, flags=re.IGNORECASE)
            return fixed, f"{head_en.strip(' .,')} {facing.group(1)}", True
        if own and not re.search(r"\d", mine[own[-1][1][1] :]) and _ONLY_WHERE.match(tail_en):
            # "8 de corazones... no espera, mejor boca abajo, en la 2": the card said, then
            # where (and how) it goes; a place the head named without a number is said again
            # ("클로버4 필드에.. 아니다 7열에 뒷면으로": a place, then another by its number), its
            # facing kept
            end = own[-1][1][1]
            if _NUMBERED_PLACE.search(tail_en) and mine[end:].strip(" .,"):
                kept = " ".join(_FACING_SAID.findall(mine[end:]))
                mine = f"{mine[:end]} {kept}"
            return fixed, f"{mine.strip(' .,')} {tail_en.strip(' .,')}", True
    return fixed, english, True


# a correction that says only where, and how, a card goes ("mejor boca abajo, en la 2"): a
# number, the word it numbers, and words of a place, nothing else
_NUMBERED_PLACE = re.compile(r"\b(?!(?:the|a|an|my)\b)[a-z]+\s+\d|\b[a-z]\d", re.IGNORECASE)
_ONLY_WHERE = re.compile(
    # (a place: "in …", a word numbered, a code; "the 10" is a card)
    r"^(?=.*\d)(?=.*(?:\b(?:in|on|at|to|into)\b|\b(?!(?:the|a|an|my)\b)[a-z]+\s+\d|\b[a-z]+\d))"
    r"(?:[\s,.!]*(?:in|on|at|to|into|the|a|place|spot|face[ -]?down|face[ -]?up|"
    r"better|instead|mejor|please|pls|then|actually|[a-z]+(?=\s+\d)|\w*\d\w*)\b)+[\s,.!]*$",
    re.IGNORECASE,
)
# a correction that only says how the card lies ("… no wait, facedown")
_FACING = re.compile(
    r"^\W*(face[ -]?down|face[ -]?up)(?:\W+(?:actually|instead|then|please|pls|obv|obviously|"
    r"lol|i guess|i think|this time))*\W*$",
    re.IGNORECASE,
)


# a reason said after the move ("…, it matches the other card", "… since 3YS is better",
# "…que el campo es diamante", "필드가 하트7이니까"): the move is the clause before it
_REASON = re.compile(
    r",\s*(?:it|that|this|since|because|cause|cuz|as|so|porque|que|ya que|para|pues)\b.*|"
    r",\s*(?:(?:el|la|lo) (?:del|de la|de|que|con)|the one|which|where)\b.*|"
    r",\s*(?:no quiero|no voy a|i don'?t want|don'?t want|not wasting|no gasto)\b.*|"
    r",\s*(?:i'?ll|i will|will|ill) (?:decide|see|think|figure|choose)\b.*|"
    r",\s*(?:(?:and|then) )?(?:decide|see|figure out|think about) (?:what|which)\b.*|"
    r",\s*(?:replac\w*|swap\w*|for) (?:the|that|their|its)\b.*|"
    r",\s*(?:match(?:es|ing)|beats|blocks|wins|takes|makes|gives|keeps|covers|fits|goes with|helps|"
    r"saves|same (?:suit|colou?r|rank))\b.*|\s+de una\b.*$|"
    # "…, wanna get rid of my spades", "…, hearts there so it should hold", "…, es X♥
    # así q gano yo", "jh c5 vs their jd", "J♥ en la 5 contra su J♦"
    r",\s*(?:even|maybe (?:it'?s|its|it|that|this|they|he|she))\b.*|"
    r",\s*\d+\s+(?:beats?|wins?|ties|loses|tops|vs)\b.*|,\s*\d+\s*[<>]\s*\d+.*|"
    r",\s*(?:wanna|want to|gonna|trying to|tryna|its|it'?s|lets|let'?s|q|a ver si|a ver qu[eé]|"
    r"(?:i )?hope|hopefully|fingers crossed)\b.*|"
    # (not a second move's clause: "A♥ beats it, then put my K♥ on top so they …")
    r",(?!\s*(?:and )?then\b|\s*(?:y )?luego\b)\s*[^,]*\b(?:so|as[ií] q(?:ue)?)\s.*|"
    r",\s*\d+\s*(?:pts|points?|puntos?|점)\b.*|\s+as[ií] (?:le|lo|la|les|se|me|te)\b.*|"
    # a second sentence that reasons ("8♥ c5 face up. hearts there so it …"), "…, le gana a
    # la jota xq …", "8하트 5열 ㄱㄱ 필드가 하트라 …"
    r"[.]\s+[^.]*\b(?:so|since|because|bc|cuz|xq|porque)\b.*$|,\s*(?:le|les)\s+(?:gana|mata)\b.*|"
    r"\s+ㄱㄱ+\s+\S.*$|,\s*(?:ese|esa|este|esta|that|this)\s+\S+\s+(?:no|not)\b.*|"
    r"\s+q\s+(?:hay|el|la|es|esta|estan|tiene|vale|coincide|combina|pega|empata|ahi|ahí|alli|allí|aca|acá|no)\b.*|\s*\([^()]*\)\s*$|"
    # "x en -2,1 q me da 3 en vertical": what the move gives, after "q" (que)
    r"\s+(?:q|que)\s+(?:me|te|le|les|nos)\s+(?:da|dan|deja|hace|gana|pone|completa)\b.*|"
    r"\s+(?:vs\.?|versus|against|contra)\s+(?:their|his|her|the|su|sus|el|la)\b.*|"
    r"\s+(?:y|and)\s+(?:hago|hacer|make|get|tengo|llevo|have|i have|i get|i got)\s+\d+\b.*|"
    r"\s+\d+\s*개\b.*|"
    # "-2,1 -> that's 3 for me": what the move makes, after an arrow
    r"\s*(?:->|→|=>)\s*(?:that'?s|thats|this|it'?s|its|makes?|gives?|i (?:have|get|got))\b.*|"
    r"\s+(?:y|and)\s+(?:hago|armo|completo|make|get) (?:la|el|a|my|mi)\b.*|"
    r"\s+(?:since|because|cuz|bc|porque|porq|xq|pq|ya que|que el|que la|to make|para)\b.*|"
    r"\s+pa\s+\w+(?:ar|er|ir)\b.*|\s+\S+\s*상대로[\sㅋㅎ~!.]*$|"  # "… pa pelear con su K♥"
    r"\s+(?:gotta|got to)\s+\S.*|\s+y\s+ya[\s.!]*$|"
    r"\s+for\s+(?:the|a|an|my|\d+|two|three|four|five|six)\b.*|"
    r"\s+(?:before|so (?:that|he|she|they|it|i|my|the|their)|antes de que|asi (?:no|el|ella))\b.*|"
    r"\s+same (?:suit|colou?r|rank) as\b.*|,\s*total\b.*|\s+(?:and )?see if\b.*|"
    r",\s*(?:thats|that'?s)\s+\d+\b.*|"  # "X at -2,4, thats 3 stacked"
    # "the other one pls, 5 of clubs is useless to me": a card judged after the order
    r",\s*[^,]*\b(?:is|are|'s|r)\s+(?:so\s+|totally\s+|kinda\s+)?(?:useless|trash|garbage|"
    r"worthless|pointless|no good|no use)\b.*|"
    # "-2,1 makes 3 straight down": what the move does, said after it
    r"(?<=\d)\s+(?:makes|gives|completes|blocks)\s+(?:\d|three|four|five|a|an|my|me|it|the)\b.*|"
    # "x en 0,1 encima de la del 0,0", "x 0,1 right above my 0,0": where the place is, said after
    r"(?<=\d)\s+(?:right |just |directly |justo |bien )?(?:above|below|under|over|on top of|"
    r"next to|beside|left of|right of|encima de|debajo de|al lado de|arriba de|abajo de|"
    r"junto a)\s+\S.*|"
    # "… to flip their hidden one", "-2,4 to stack mine to 3": what the move is for
    r"\s+to (?:flip|win|block|cover|stop|cap|stack|extend|save|force)\b.*|"
    r"\s+[—–]\s+(?:my|it|its|it'?s|that|this|since|because|so|as|cuz|bc|the)\b.*|"
    r"\s+-\s+[^\d\s-].*|"  # "J♥ 5 - hearts there so it …": a hyphen set apart, then why
    r"\s+(?:ㅎㅎ|ㅋㅋ|어차피|왜냐면)\S*.*|(?:[.]\s*|\s+)(?:\S+\s+){0,2}\S+(?:니까|니깐|라서|이라서)[\sㅋㅎㅇ~!.]*$|"
    r"[.!]\s+[^.!]*(?:니까|니깐|라서|이라서)[\sㅋㅎㅇ~!.]*$|[.]\s+[^.]*\S라\s[^.]*$|"
    # "… 낼게 필드가 10하트라", "… 놓을게요 필드가 다이아 10이라", "… 낼게 10♥ 필드라 하트가 이김":
    # the reason after
    r"(?<=[게께요])\s+[^.]*\S(?:라|이라)(?:[\sㅋㅎ~!.]*$|\s+\S[^.]*$)|"
    # a remark after a bid ("새 카드 덱에서 뽑자 더미엔 쓸만한게 없네"): why
    r"(?<=[가-힣]자|[을할낼둘갈뽑놓릴]게)\s+[^.]*[가-힣](?:네|군|구나|음|임)[\sㅋㅎ~!.]*$|"
    # "J♥ 5열이요 상대 J♦ 있는데", "J♥ 2열에 앞면으로 필드가 … 애매하긴 한데"
    r"(?<=[요게께로])\s+[^.]*(?:는데|인데|한데|려고|려구)[\sㅋㅎ~!.]*$|"
    # "… 낼게요 상대 j♦랑 붙어보자", "… 먼저 낼께 작은거부터", "… 올려요 상대 J♦ 이겨야지": why
    r"(?<=[요게께])\s+(?:[^.]*붙어\s*보\S*|(?:작은|낮은|큰|높은)\s*(?:거|것|카드)\s*부터.*|"
    r"상대\S*\s+\S+\s+이(?:겨|기게|기려고|기도록|길)\S*)[\sㅋㅎ~!.]*$|"
    # "… 바꿀게 그러면 내 Q♣ 무조건 이김": what follows, after the move's own ending
    r"(?<=[게께요])\s+(?:그러면|그럼|그래야|그래서|그래야지)\s.*$|"
    # "걍 5장 가져갈래 하트는 아껴두고", "그냥 가져갈래 안 이길거임": what is kept, what is not done
    r"(?<=[래게께요])\s+(?:\S+(?:는|은)\s+아껴\S*|(?:안|못)\s+\S+)[\sㅋㅎ~!.]*$|"
    # "…앞면으로.. 필드가 스페이드니까 저 킹 이김" (after a move's own ending only: not "3번... 아
    # 아까 3번 비겼으니까 1번으로", a second thought)
    r"(?<=[로게자])\.\.+\s*[^.]*(?:니까|니깐|라서)(?:\s.*)?$|"
    r"\s+상대\S*\s+\S+\s+(?:맞은편|반대편)\S*[\sㅋㅎ~!.]*$|"
    # "클로버5 3열에 앞면요 상대 하트킹 있는 데": where it goes, told by the card across
    r"(?<=[요게께로])\s+상대\S*\s+\S+\s+있는\s*(?:데|곳|자리|열|칸)\S*[\sㅋㅎ~!.]*$|"
    # (not a card named, taken, then what is done with it: "3RA 주워서 빨강 해 5 버린다")
    r"(?<=[^\s뒤나에])(?<!\d[A-Z]{2} 주워)(?<!\d[A-Z]{2} 가져와)(?<!\d[A-Z]{2} 가져가)"
    r"(?<!\d[A-Z]{2} 집어)서\s+\S.*$",
    re.IGNORECASE,
)


def main_clause(text: str) -> str:
    """``text`` without the reason said after it (:data:`_REASON`), or ``text``."""
    cut = _REASON.sub("", text).strip()
    return cut if cut and cut != text.strip() else text


# a wish, a hypothesis or a deliberation about a move, not the move: "if i could take the jack",
# "should i play the 7?", "what if i draw", "잭 잡을 수 있으면 대박인데", "고민되네", "낼까 말까",
# "¿debería jugar la jota?", "¿y si robo?", "ojalá pudiera", "¿me conviene robar o …?"
_HYPOTHETICAL = re.compile(
    r"\b(?:if (?:i|we) (?:could|can|had|were|only)|if only|i wish|wish i|what if|"
    r"should i|shall i|(?:maybe|perhaps) i should|i wonder|wondering (?:if|whether)|"
    r"would (?:be|it be) (?:nice|great|cool|amazing|sick)|would be|thinking (?:about|of)|"
    r"not sure|idk|dunno|or|maybe|perhaps|quizas?|tal vez|ni idea|(?:me )?conviene|convendria|"
    r"(?:pondr|jugar|tirar|mover|elegir|robar|descartar|coger|har|comer|llevar)ias?|debo|"
    r"deberia|y si|que tal si|si (?:pudiera|pudiese|tuviera|"
    r"fuera|puedo|pudiese)|ojala|seria (?:genial|bueno|ideal|increible)|me pregunto|"
    r"no se si|pensando en|quizas? (?:deberia|podria))\b|"
    # a supposition said first ("if i pick 3 do i win", "si elijo la 3 gano"; a Korean "…면"
    # after a move is its reason as often: "0,2 놓으면 3개 ㅋㅋ"): asked, never an order
    r"^\W*if (?:i|we|u|you)\b|^\W*si (?:yo )?(?:elijo|juego|pongo|robo|tomo|agarro|descarto|"
    r"muevo|tiro|saco|cojo|como|me llevo|hago|paso|uso|cambio|reemplazo|dejo)\b|"
    r"\b(?:"
    # a guess at how a move would do ("8h c5 might work", "la pila podria servir")
    r"might(?! as well)|could (?:be|work|do|help)|may (?:be|work|help)|podrian?|puede que|capaz|"
    r"a lo mejor)\b|"
    # … in Korean ("더미 괜찮을듯", "3번이 나으려나", "8♥ 5열 어떨까"; not the outcome guessed:
    # "…니까 상대 다이아J 이길듯"): a guess or a question
    r"(?:괜찮|괜춘|좋|나|낫|되|될|먹힐|통할)\S{0,2}듯(?:해|하다|함|요)?(?![가-힣])|려나|어떨까|어떨지|어때(?=[\s?]*$)|"
    r"(?:괜찮|나|좋|낫)(?:을까|으려나|을려나)|"
    # a supposition asked after ("si pongo una tapada … q pasa al final", "if i play x what
    # happens")
    r"\b(?:si|if)\b.*\b(?:(?:que|q) (?:pasa|sucede|ocurre)|what happens)\b|"
    r"[가-힣]면\s*(?:대박|좋겠|좋을|좋은데|좋긴|어떨|어때|어쩌|괜찮을)|"
    r"고민|모르겠|아니면|(?:ㄹ까|을까|할까|낼까|둘까|갈까|잡을까|뽑을까)\s*말까|"
    r"(?:할|낼|둘|놓을|잡을|뽑을|버릴|가져올|고를)\s*(?:까|지)\s*(?:\?|생각|고민|모르)|"
    # tells of a card that came ("me vino un sol azul", "just got the 5", "5 나왔네"), or asks
    # to be told ("덱 맨 위 카드 뭔지 알려줘"): no order to play
    r"^\W*(?:(?:justo|ya|uy|ah|oh|wow|nice|yay|lol|y|and|so|ok)\W+)*"
    r"(?:me (?:vino|salio|toco|llego|entro)|i (?:just )?(?:got|drew|pulled)|just (?:got|drew)|"
    r"got (?:the|a|an|my|another)|drew (?:the|a|an|another))\b|"  # "nice got the 6 of hearts …"
    # tells of a move made, said first ("buenísimo, le comí el 5!!", "i just took their jack"; not
    # "get rid of the one I took")
    r"^\W*(?:\w+\W+)?(?:(?:le|me|ya) )?(?:comi|jugue|puse|movi|meti|elegi|cogi)\b|"
    r"^\W*(?:\w+\W+){0,2}(?:le|les|ya) captur[eé]\b|"  # "bien ahi, le capturé un 5"
    r"^\W*(?:\w+\W+)?i (?:just )?(?:took|ate|captured|played|grabbed)\b|"
    r"나왔|들어왔|뭔지|뭐야|뭐임|뭔데|(?:알려|보여)\s*(?:줘|주세요|줄래|봐)",
    re.IGNORECASE,
)


def hypothetical(text: str) -> bool:
    """Whether a message wishes, supposes or deliberates about a move rather than making it,
    tells of a card that came, or asks to be told (:data:`_HYPOTHETICAL`): never played, in
    any language."""
    return bool(_HYPOTHETICAL.search(text) or _HYPOTHETICAL.search(spanish.fold(text)))
