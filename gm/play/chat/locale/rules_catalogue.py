"""Not imported: the keeper of the rules catalogue (gettext domain ``rules``, docs/languages.md),
the translations of the sentences a chat quotes from a game's rules. Its message ids are exactly
the sentences ``replies.rule_sentences`` yields for each gm/games/<game>/rules.md (the English
matcher picks the sentence; only the quoted text is swapped for its translation), plus the
answer's own messages ``localise.RULES_MESSAGES`` (the quote's wrapper, a risky move's
verdict). With Babel (the ``test`` extra):

    python gm/play/chat/locale/rules_catalogue.py          # rules.pot from the rules files; each
                                                           # <lang>/LC_MESSAGES/rules.po updated
                                                           # (new sentences empty, gone ones
                                                           # dropped) and compiled to rules.mo
    python gm/play/chat/locale/rules_catalogue.py --check  # exit 1 if any of them is stale

A file is written only when its messages change. After a rules.md edit: run it, translate the
new (empty) entries of each rules.po, run it again (it compiles the .mo files, which are
committed). tests/play/test_chat_rules_catalogue.py fails until then.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent
ROOT = LOCALE.parents[3]
sys.path.insert(0, str(ROOT))

from gm.play.chat.localise import RULES_DOMAIN, RULES_MESSAGES  # noqa: E402
from gm.play.chat.replies import rule_sentences  # noqa: E402

TEMPLATE = LOCALE / f"{RULES_DOMAIN}.pot"
WIDTH = 100


def rules_files() -> list[Path]:
    """Every game's rules, in name order."""
    return sorted((ROOT / "gm" / "games").glob("*/rules.md"))


def template() -> Catalog:
    """The catalogue's message ids: each rules sentence once (its games as its locations), then
    the rules answer's own messages."""
    catalog = Catalog(project="gm", domain=RULES_DOMAIN, fuzzy=False)
    for path in rules_files():
        where = path.relative_to(ROOT).as_posix()
        for found in rule_sentences(path.read_text(encoding="utf-8")):
            catalog.add(found, locations=[(where, 0)])
    for msgid in RULES_MESSAGES:
        catalog.add(msgid, locations=[("gm/play/chat/localise.py", 0)])
    return catalog


def messages(catalog: Catalog) -> dict[object, tuple[object, tuple[str, ...]]]:
    """What a file holds that matters: each message id's translation and files (the rules.md
    files that say it; no line numbers are written)."""
    return {m.id: (m.string or "", tuple(path for path, _ in m.locations)) for m in catalog if m.id}


def read(path: Path, lang: str | None = None) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=lang)


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def languages() -> list[str]:
    """The languages with a catalogue of gm's own domain (gm.po): each gets a rules.po too."""
    return sorted(p.parents[1].name for p in LOCALE.glob("*/LC_MESSAGES/gm.po"))


def updated(lang: str, fresh: Catalog) -> Catalog:
    """``lang``'s rules.po brought to ``fresh``: translations kept, new ids empty, gone ids
    dropped (never matched fuzzily: a changed rule is translated again)."""
    path = LOCALE / lang / "LC_MESSAGES" / f"{RULES_DOMAIN}.po"
    if path.exists():
        catalog = read(path, lang)
    else:
        catalog = Catalog(locale=lang, project="gm", domain=RULES_DOMAIN, fuzzy=False)
    catalog.update(fresh, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog


def stale() -> list[Path]:
    """The files that are not what this script would write now."""
    fresh = template()
    out = []
    if not TEMPLATE.exists() or messages(read(TEMPLATE)) != messages(fresh):
        out.append(TEMPLATE)
    for lang in languages():
        folder = LOCALE / lang / "LC_MESSAGES"
        po, mo = folder / f"{RULES_DOMAIN}.po", folder / f"{RULES_DOMAIN}.mo"
        catalog = updated(lang, fresh)
        if not po.exists() or messages(read(po, lang)) != messages(catalog):
            out.append(po)
        if not mo.exists() or compiled(mo.read_bytes()) != compiled(mo_bytes(catalog)):
            out.append(mo)
    return out


def compiled(data: bytes) -> dict[object, object]:
    return {m.id: m.string for m in read_mo(io.BytesIO(data)) if m.id}


def write() -> list[Path]:
    """Write the stale files; the paths written."""
    fresh = template()
    written = []
    for path in stale():
        if path == TEMPLATE:
            path.write_bytes(po_bytes(fresh))
        else:
            lang = path.parents[1].name
            catalog = updated(lang, fresh)
            path.write_bytes(po_bytes(catalog) if path.suffix == ".po" else mo_bytes(catalog))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if "--check" in argv:
        late = stale()
        for path in late:
            print(f"stale: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1 if late else 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    empty = {
        lang: sum(not m.string for m in updated(lang, template()) if m.id) for lang in languages()
    }
    for lang, n in empty.items():
        if n:
            print(f"{lang}: {n} untranslated in {RULES_DOMAIN}.po")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
