"""A finished game's log, compacted: the moves only, and the entries rebuilt from them on read.

A running game's log is a Redis list of JSON entries (``{"n", "seat", "move", "events", "v"}``:
gm/games/table.py writes them, gm/play/service.py stamps ``v``). Most of its bytes are the
events' texts, which the engine wrote from the moves: once the game is over, :func:`pack` keeps
what is needed to write them again — the table (game, engine seed, options, seats, illegal-move
limit, turn timeout) and per entry its seat, the version step that wrote it, the move's canonical
text and, for an entry that is no move, its kind (resignation, forfeit by the illegal-move limit,
by time) — as compact JSON, zlib-compressed: two to three bytes a ply instead of a hundred and
thirty (docs/storage.md has the figures).

:func:`unpack` deals the table again from the seed and plays the records, as ``gm verify`` does
(gm/games/deal.py): the same engine writes the same entries, byte for byte. :func:`pack` checks
exactly that before it answers — a log its records do not rebuild to the very bytes stored (a
game of a removed game, an entry of unknown shape) gets no compact form and stays as it is. The
rebuild costs one replay of the game (a few milliseconds to thirty-five for Maze's longest game,
bounded by the games' caps), once per process for a while: the last :data:`KEPT` rebuilt logs are
kept (the one :func:`pack` checked among them), and a read that had to replay the game is priced
like a verification (gm/play/work.py: ``VERIFY``). The form records a digest of the entries:
should a later version of an engine word an event otherwise, the rebuilt entries carry the new
words, and a warning says so.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import zlib
from collections import OrderedDict
from typing import Any

from gm.games import GAMES
from gm.games.base import GameError
from gm.games.search import pause
from gm.games.table import SetupError, Table
from gm.play import work
from gm.store.fastjson import dumps_bytes, loads

log = logging.getLogger("gm")

MAGIC = b"gm-log1\n"  # the compact form's first bytes (its scheme)
KEPT = 16  # rebuilt logs kept per process (a reader pages through one game)
_kept: OrderedDict[bytes, tuple[bytes, ...]] = OrderedDict()  # compact form -> entries, LRU
_lock = threading.Lock()


def pack(doc: dict[str, Any], entries: list[bytes]) -> bytes | None:
    """The compact form of the finished game ``doc``'s log ``entries`` (as stored), or None when
    the form would not rebuild them to the same bytes."""
    try:
        records, version = [], 0
        for raw in entries:
            entry = loads(raw)
            record = [entry["seat"], entry["v"] - version, entry["move"]]
            kind = _kind(entry)
            if kind:
                record.append(kind)
            records.append(record)
            version = entry["v"]
        table = {
            "game": doc["game"],
            "seed": doc["seed"],
            "options": doc["options"],
            "seats": [[s["kind"], s["level"]] for s in doc["seats"]],
            "limit": doc.get("illegal_move_limit"),
            "timeout": doc.get("turn_timeout"),
            "sha": _digest(entries),
        }
        packed = MAGIC + zlib.compress(dumps_bytes({"table": table, "moves": records}), 9)
        rebuilt = _rebuild(packed, strict=True)
    except (GameError, SetupError, LookupError, TypeError, ValueError) as err:
        log.warning("log of %s not compacted: %s", doc.get("id"), err)
        return None
    if list(rebuilt) != entries:
        log.warning("log of %s not compacted: its moves replay to other entries", doc.get("id"))
        return None
    _keep(packed, rebuilt)  # the game's next reads here need no replay
    return packed


def unpack(packed: bytes) -> tuple[bytes, ...]:
    """The log's entries, as stored before :func:`pack`, from its compact form: kept ones, or
    replayed (a whole game's replay: the request is priced like a verification)."""
    with _lock:
        found = _kept.get(packed)
        if found is not None:
            _kept.move_to_end(packed)
            return found
    work.note(work.VERIFY)
    rebuilt = _rebuild(packed)
    _keep(packed, rebuilt)
    return rebuilt


def forget() -> None:
    """Drop the kept rebuilt logs (the next read of each replays its game)."""
    with _lock:
        _kept.clear()


def _keep(packed: bytes, entries: tuple[bytes, ...]) -> None:
    with _lock:
        _kept[packed] = entries
        _kept.move_to_end(packed)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def _rebuild(packed: bytes, strict: bool = False) -> tuple[bytes, ...]:
    """The entries the compact form ``packed`` writes again. ``strict`` (:func:`pack` checking
    its form): a record that does not replay raises. Else (a read) the entries from there on are
    written bare — seat, move and version, no events — and a warning says so: a later engine that
    refuses an old game's moves must not make its history unreadable."""
    if not packed.startswith(MAGIC):
        raise ValueError("not a compacted log")
    form = loads(zlib.decompress(packed[len(MAGIC) :]))
    out: list[bytes] = []
    try:
        _replay_into(form, out)
    except (GameError, SetupError, LookupError, TypeError, ValueError) as err:
        if strict:
            raise
        log.warning("a compacted %s log replays no further than entry %d: %s",
                    form["table"]["game"], len(out), err)  # fmt: skip
        out += _bare(form["moves"], len(out))
    if _digest(out) != form["table"]["sha"]:
        log.warning("a compacted %s log rebuilds to other words than were logged",
                    form["table"]["game"])  # fmt: skip
    return tuple(out)


def _replay_into(form: dict[str, Any], out: list[bytes]) -> None:
    """Deal the table again and play the records, appending each entry to ``out`` as written."""
    table_doc, records = form["table"], form["moves"]
    game = GAMES[table_doc["game"]]
    specs = [{"kind": kind, "level": level} for kind, level in table_doc["seats"]]
    doc = Table.new_document(
        game, specs, table_doc["seed"], table_doc["options"], table_doc["limit"]
    )
    table = Table(game, doc, doc["state"])
    version = 0
    for seat, step, text, *kind in records:
        pause()  # a long game's replay lends the worker to others (a server's hook)
        version += step
        for entry in _replayed(table, seat, text, kind[0] if kind else "", table_doc):
            entry["v"] = version
            out.append(dumps_bytes(entry))


def _bare(records: list[list[Any]], start: int) -> list[bytes]:
    """The entries of ``records[start:]`` without their events (they no longer replay)."""
    version = sum(record[1] for record in records[:start])
    out = []
    for n, (seat, step, text, *_) in enumerate(records[start:], start + 1):
        version += step
        entry = {"n": n, "seat": seat, "move": text, "events": [], "v": version}
        out.append(dumps_bytes(entry))
    return out


def _replayed(
    table: Table, seat: int, text: str, kind: str, table_doc: dict[str, Any]
) -> list[dict[str, Any]]:
    """The entries one record writes again (what gm/games/table.py wrote the first time)."""
    if kind == "resign":
        return table.resign(seat)
    if kind == "timeout":
        return table.time_out(seat, table_doc["timeout"] or 0)
    if kind == "illegal":
        table.doc["seats"][seat]["illegal"] = (table_doc["limit"] or 1) - 1
        return table.count_illegal(seat)
    table.check_can_act(seat)
    try:  # the game's parser first: it needs no list of the legal moves
        move = table.engine.parse_move(text, table.state, seat)
    except GameError:
        move = table.read(seat, text)
    return table.play(seat, move)


def _kind(entry: dict[str, Any]) -> str:
    """What an entry that is no move records (as gm/games/deal.py's replay reads it), or ""."""
    first = (entry.get("events") or [{}])[0]
    if entry["move"] == "resign" and first.get("kind") == "resign":
        return "resign"
    if entry["move"] == "forfeit" and first.get("kind") == "forfeit":
        if "ran out of time" in str(first.get("text", "")):
            return "timeout"
        return "illegal"
    return ""


def _digest(entries: Any) -> str:
    digest = hashlib.sha256()
    for entry in entries:
        digest.update(entry + b"\n")
    return digest.hexdigest()[:16]
