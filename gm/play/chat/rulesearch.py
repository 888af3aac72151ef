"""A rules question in Korean or Spanish matched against the rules in that language.

A Korean or Spanish message is read as English words (gm/play/chat/language.py), which is enough
for moves and requests but loses the nouns of a rules question ("폰은 어떻게 움직여?" reads as
"how ?", "¿qué es un peón?" as "what es un peon?"). The rules sentences are translated, though
(the ``rules`` catalogue, gm/play/chat/localise.py), so such a question is matched against the
game's sentences in its own language — Korean by Kiwi's nouns and stems, Spanish by its words'
Snowball stems — with the rarest shared words weighing most, the way
:func:`gm.play.chat.replies.from_rules` matches an English one. Only a message that asks how
the game works, by its own language's question words, is matched; the answer is the English
"From the rules: “…”", which localise quotes in its translation.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from gm.play.chat import korean, localise
from gm.play.chat.replies import cut, rule_sentences
from gm.play.chat.spanish import fold

# how the game works, asked (not the position): what a word is, how a piece moves, how one wins
_ASKS = {
    "ko": re.compile(
        r"어떻게|어케|뭐야|뭐예요|뭐에요|뭐임|뭔데|무슨\s*뜻|뜻이|란\s*\?|이란|라는\s*게|규칙|룰|"
        r"되나요|돼\s*\?|왜|무엇"
    ),
    "es": re.compile(
        r"\b(?:como (?:se|funciona\w*|mueve\w*|gan\w*|juega\w*)|que (?:es|son|hace\w*|significa)|"
        r"cuando se (?:gana|pierde|termina|acaba)|"
        r"para que (?:sirve\w*)|por que|regla\w*|se puede|"
        # how many of a thing one gets to do something ("cuantos turnos tiene el otro para
        # superarme?"): the rule's count
        r"cuant[oa]s \w+ (?:tiene|tienen|tengo|hay|da|dan) [^?]*\bpara|"
        # a supposed case and what one may or must do then ("si capturo …, la puedo cambiar?")
        r"si (?!\W)[^?]{1,80}?\b(?:puedo|puede|podes|tengo que|tengo q|hay que|hay q))\b"
    ),
}
_KO_KEPT = ("NNG", "NNP", "VV", "VA", "SL", "XR")
_KO_LOOSE = {"것", "수", "거", "하", "되", "있", "없", "어떻", "뭐", "무엇", "게임", "이거", "지금"}
_ES_LOOSE = set(
    """que como cual cuales para por porque una uno unos unas las los del con sin sus este esta
    esto eso esa ese son hay puede puedo pueden se hace hacer cuando donde mas muy pero tiene
    tengo juego partida regla reglas significa sirve funciona el la lo le en de es un mi tu si
    no me te ya al otro otra otros otras""".split()
)


def terms(text: str, lang: str) -> set[str]:
    """The content words of ``text`` in ``lang``: Korean nouns and stems, Spanish word stems."""
    if lang == "ko":
        tokens = korean.morphemes(text)
        return {
            t.form.lower()
            for t in tokens
            if t.tag.split("-")[0] in _KO_KEPT and t.form not in _KO_LOOSE and len(t.form) > 0
        }
    words = re.findall(r"[a-z0-9\u0303♠♥♦♣]+", fold(text))
    return {_stem(w) for w in words if len(w) > 1 and w not in _ES_LOOSE}


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    """A Spanish word's stem (Snowball's Spanish stemmer: gano, gana, ganar → gan; peón,
    peones → peon)."""
    return _spanish().stemWord(word)


@lru_cache(maxsize=1)
def _spanish() -> Any:
    import snowballstemmer  # loaded on the first Spanish rules question

    return snowballstemmer.stemmer("spanish")


@lru_cache(maxsize=32)
def _translated(lang: str, rules_text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each rules sentence (English) with the content words of its translation."""
    rules = localise.rules_catalogue(lang).gettext
    out = []
    for sentence in rule_sentences(rules_text):
        translated = rules(sentence)
        if translated != sentence:
            out.append((sentence, frozenset(terms(translated, lang))))
    return tuple(out)


def asks_how(text: str, lang: str) -> bool:
    """Whether a Korean or Spanish message asks how the game works (its own question words)."""
    pattern = _ASKS.get(lang)
    return pattern is not None and bool(pattern.search(text if lang == "ko" else fold(text)))


def from_rules(question: str, lang: str, rules_text: str) -> str | None:
    """The English "From the rules: “…”" whose translated sentence best answers a Korean or
    Spanish rules ``question``, or None: not asked as a rules question, most of its words are
    none the rules use (what it asks of is not in them), or no sentence shares enough of them
    (most, and the rarest)."""
    if not asks_how(question, lang):
        return None
    sentences = _translated(lang, rules_text)
    asked = terms(question, lang)
    if not asked or not sentences:
        return None
    count = {t: sum(t in words for _, words in sentences) for t in asked}
    known = [t for t in asked if count[t]]
    if not known:
        return None
    weight = {t: math.log((1 + len(sentences)) / count[t]) for t in known}
    rarest = max(known, key=lambda t: weight[t])

    def score(i: int) -> tuple[float, int]:
        words = sentences[i][1]
        return sum(weight[t] for t in known if t in words), -i

    best, neg = max(score(i) for i in range(len(sentences)))
    words = sentences[-neg][1]
    shared = sum(t in words for t in known)
    if best <= 0 or shared * 2 < len(known) or rarest not in words or len(known) * 2 <= len(asked):
        return None
    return f"From the rules: \u201c{cut(sentences[-neg][0])}\u201d"
