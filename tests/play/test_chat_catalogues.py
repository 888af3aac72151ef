"""The chat's message catalogues (gm/play/chat/locale/, docs/languages.md): the template holds
every message id the localiser marks, each language's .po translates all of them (and keeps
every {placeholder}), and the committed .mo files are what Babel compiles from the .po — so a
clean clone needs no build step, and a .po edited without `pybabel compile` fails here."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from gm.play.chat import localise

LANGS = ("ko", "es")
PLACEHOLDER = re.compile(r"\{\w+\}")


def po(lang: str, domain: str = localise.DOMAIN):
    """The ``domain`` catalogue of ``lang`` as its .po file says it."""
    with open(localise.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f, locale=lang)


def committed_and_compiled(lang: str, domain: str = localise.DOMAIN) -> tuple[dict, dict]:
    """The messages of the committed .mo of ``lang``'s ``domain``, and those Babel compiles from
    its .po now: the two must be equal."""
    compiled = io.BytesIO()
    write_mo(compiled, po(lang, domain))
    with open(localise.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo", "rb") as f:
        committed = {m.id: m.string for m in read_mo(f) if m.id}
    compiled.seek(0)
    return committed, {m.id: m.string for m in read_mo(compiled) if m.id}


def test_the_template_holds_every_marked_message():
    keywords = {"t": None, "N_": None}
    games = Path(localise.__file__).parents[2] / "games"
    lexicons = sorted(str(p) for p in games.glob("*/lexicon.py"))  # reasons and board words
    files = (localise.__file__, str(localise.LOCALE_DIR / "labels.py"), *lexicons)
    assert len(lexicons) == 6
    marked = {m[1] for f in files for m in extract_from_file("python", f, keywords=keywords)}
    with open(localise.LOCALE_DIR / "gm.pot", "rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    assert marked and marked == template, marked ^ template


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_its_placeholders(lang):
    catalog = po(lang)
    with open(localise.LOCALE_DIR / "gm.pot", "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    got = {m.id: m.string for m in catalog if m.id}
    assert set(got) == ids
    for msgid, text in got.items():
        assert text and not catalog.fuzzy, msgid
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(text)), msgid


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_is_compiled_from_the_po(lang):
    committed, compiled = committed_and_compiled(lang)
    assert committed == compiled
    assert localise.catalogue(lang).gettext("Game over.") != "Game over."
