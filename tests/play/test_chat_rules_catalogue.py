"""The rules catalogue (gettext domain ``rules``, docs/languages.md): a rules question asked in
Korean or Spanish is answered with the sentence the English matcher picks, quoted in the seat's
language. The template lists exactly the sentences of every game's rules.md (a rules.md edited
without `python gm/play/chat/locale/rules_catalogue.py` fails here), each language translates
every one of them keeping its notation, and the committed .mo files are what Babel compiles."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gm.games import GAMES
from gm.games.registry import PACKAGES
from gm.play import chat
from gm.play.chat import localise, replies
from tests.chat_corpus.languages import HANGUL, in_language
from tests.play.test_chat_catalogues import committed_and_compiled, po

LANGS = ("ko", "es")
GAMES_DIR = Path(localise.__file__).parents[2] / "games"
# what a translation keeps as written: cards (9♣, 10♦), codes and move words in capitals (C1,
# RK3, FD, DRAW DECK, 3RC), numbers; "AI" is an English word, not notation (Spanish: la IA)
NOTATION = re.compile(r"(?:10|[2-9AKQJXT])[♠♥♦♣]|(?<![A-Za-z0-9])[A-Z][A-Z0-9]+(?![A-Za-z0-9])|\d+")
ENGLISH_WORDS = {"AI"}
PLACEHOLDER = re.compile(r"\{\w+\}")


def _sentences() -> dict[str, tuple[str, ...]]:
    """Every game's rules sentences, as the chat's English matcher reads them."""
    return {
        path.parent.name: replies.rule_sentences(path.read_text(encoding="utf-8"))
        for path in sorted(GAMES_DIR.glob("*/rules.md"))
    }


def test_the_template_lists_exactly_the_sentences_of_every_games_rules():
    sentences = _sentences()
    assert set(sentences) == set(PACKAGES) and all(sentences.values())  # every built-in game
    with open(localise.LOCALE_DIR / "rules.pot", "rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    wanted = {s for found in sentences.values() for s in found} | set(localise.RULES_MESSAGES)
    assert template == wanted, sorted(template ^ wanted)[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_is_translated_keeping_its_notation(lang):
    catalog = po(lang, localise.RULES_DOMAIN)
    with open(localise.LOCALE_DIR / "rules.pot", "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    got = {m.id: m.string for m in catalog if m.id}
    assert set(got) == ids and not catalog.fuzzy
    for msgid, text in got.items():
        # an unchanged sentence would read as untranslated (and be quoted as English)
        assert text and text != msgid, msgid
        kept = set(NOTATION.findall(msgid)) - ENGLISH_WORDS - set(NOTATION.findall(text))
        assert not kept, (msgid, kept)
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(text)), msgid
        assert not replies.JARGON.search(text), text
        assert lang != "ko" or HANGUL.search(text), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_is_compiled_from_the_po(lang):
    committed, compiled = committed_and_compiled(lang, localise.RULES_DOMAIN)
    assert committed == compiled
    assert len(committed) == len({m.id for m in po(lang, localise.RULES_DOMAIN) if m.id})


@pytest.mark.parametrize("lang", LANGS)
def test_every_quoted_sentence_is_quoted_in_its_translation_cut_like_the_english(lang):
    """Each sentence as ``from_rules`` quotes it (whole, or cut at MAX_QUOTE with "…") is
    answered with its translation, itself cut when longer than MAX_QUOTE — never the English."""
    t, rules = localise._(lang), localise.rules_catalogue(lang).gettext
    cut_english = cut_translation = 0
    for name, entry in GAMES.items():
        for found in replies.rule_sentences(entry.engine.rules_text()):
            english = f"From the rules: \u201c{replies.cut(found)}\u201d"
            said = localise.rules_answer(t, lang, name, english)
            quote = said[said.index("\u201c") + 1 : said.rindex("\u201d")]
            assert said.startswith(rules(localise.RULES_QUOTE).split("{")[0]), said
            assert len(quote) <= replies.MAX_QUOTE and quote != replies.cut(found), said
            whole = rules(found)
            assert quote == whole or (quote.endswith("…") and whole.startswith(quote[:-1]))
            cut_english += len(found) > replies.MAX_QUOTE
            cut_translation += quote != whole
    assert cut_english and cut_translation  # both cuts were met


def test_a_sentence_without_a_translation_is_quoted_in_english_marked_as_such():
    found = replies.rule_sentences(GAMES["maze"].engine.rules_text())[0]
    english = f"From the rules: \u201c{found}\u201d"
    said = localise.rules_answer(localise._("fr"), "fr", "maze", english)  # no catalogue
    assert said == f"The rules (in English) say: \u201c{found}\u201d"


@pytest.mark.parametrize(
    ("game", "text", "lang"),
    [
        ("card-chess", "잭은 어떻게 움직여?", "ko"),
        ("card-chess", "¿cómo se mueve la jota?", "es"),
        ("masul", "FD가 뭐야?", "ko"),
        ("masul", "¿qué significa FD?", "es"),
    ],
)
def test_a_rules_question_is_answered_with_the_translated_sentence(service, game, text, lang):
    """Through ``say`` on a new game: the sentence the English answer quotes (asked with the
    seat set to English) is the one quoted, in its translation, with no English quote."""
    token = service.create(game, opponent="human", seed=7)["token"]
    english = chat.say(service, token, text, language="en")
    assert english["intent"] == "question" and english["reply"].startswith("From the rules:")
    found = english["reply"].split("\u201c", 1)[1].split("\u201d", 1)[0]
    answer = chat.say(service, token, text, language=lang)
    reply, rules = answer["reply"], localise.rules_catalogue(lang).gettext
    translated = next(
        rules(s)
        for s in replies.rule_sentences(GAMES[game].engine.rules_text())
        if replies.cut(s) == found
    )
    assert answer["intent"] == "question" and in_language(reply, lang), reply
    assert reply == rules(localise.RULES_QUOTE).format(
        quote=f"\u201c{replies.cut(translated)}\u201d"
    )
    assert found not in reply and "English" not in reply and "inglés" not in reply
    assert answer["version"] == english["version"]  # nothing played


@pytest.mark.parametrize("lang", LANGS)
def test_a_risky_move_named_by_a_rules_question_keeps_its_risk_in_the_translation(service, lang):
    """ "how does exchange work?" at the start of Card Chess: the rules sentence, then that
    EXCHANGE is legal but risky — the risk worded from the coach's reasons, not dropped."""
    token = service.create("card-chess", opponent="human", seed=7)["token"]
    answer = chat.say(service, token, "how does exchange work?", language="en")
    english = answer["reply"]
    assert answer["intent"] == "question" and "Now EXCHANGE is legal, but: Risky" in english
    said = localise.reply(lang, answer, english, {})
    rules = localise.rules_catalogue(lang).gettext
    risk = english.split(" but: ", 1)[1]
    worded = localise.coach_reason(localise._(lang), "card-chess", risk)
    assert worded and "Risky" not in said and "EXCHANGE" in said, said
    assert said.endswith(
        rules(localise.RULES_RISKY).format(move="EXCHANGE", reason=" ".join(worded))
    ), said


def test_the_keepers_check_finds_nothing_stale():
    """`rules_catalogue.py --check` (the command docs/languages.md gives) agrees: the template,
    each rules.po and each rules.mo are what it would write now."""
    script = localise.LOCALE_DIR / "rules_catalogue.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
