"""The blind chat set: messages written by a separate writer who never read gm's code, only the
rules files and the staged positions (tests/chat_blind/positions.py; ``python -m
tests.chat_blind.dump`` prints them as their seat sees them). See README.md here for how it was
made. The parts: ``dev.jsonl``, ``tuned.jsonl``, ``heldout2.jsonl`` and ``dev2.jsonl`` are
tuned on and held to the bars; ``dev3.jsonl``, ``dev4.jsonl`` and ``heldout3.jsonl`` to
``heldout152.jsonl`` (the later blind writers' held-out parts, one writer each, each measured
once at the commit README.md names, then tuned on) are tracked: held to 0 misread, counted and
unrelated quotes, their shares printed; the next writers' parts go in ``HELD_OUT``, measured on
demand and not tuned on until then (README.md has every part's history and figures).
tests/play/test_chat_blind.py replays a part through the real chat path.

A line: ``{"position", "lang", "text", "kind", "move", "note"}`` — ``kind`` is ``move`` (then
``move`` is the canonical move meant) or one of the non-move kinds (``hint``, ``legal``,
``score``, ``board``, ``status``, ``rules``, ``question``, ``history``, ``chat``,
``keep_playing``, ``resign``, ``rematch``, ``undo``, ``hidden``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
PARTS = ("dev", "tuned", "heldout2", "dev2")  # tuned on: the bars hold (test_chat_blind.py)
#: tuned on, not yet to the bars: held to 0 misread, 0 counted, 0 unrelated quotes, the reply's
#: language and length; its shares are printed (tests/chat_blind/README.md has them)
TRACKED = (
    *("dev3", "heldout3", "dev4", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8"),
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    *("heldout25", "heldout26", "heldout27", "heldout28"),
    *("heldout29", "heldout30", "heldout31", "heldout32"),
    *("heldout33", "heldout34", "heldout35", "heldout36"),
    *("heldout37", "heldout38", "heldout39", "heldout40"),
    *("heldout41", "heldout42", "heldout43", "heldout44"),
    *("heldout45", "heldout46", "heldout47", "heldout48"),
    *("heldout49", "heldout50", "heldout51", "heldout52"),
    *("heldout53", "heldout54", "heldout55", "heldout56"),
    *("heldout57", "heldout58", "heldout59", "heldout60"),
    *("heldout61", "heldout62", "heldout63", "heldout64"),
    *("heldout65", "heldout66", "heldout67", "heldout68"),
    *("heldout69", "heldout70", "heldout71", "heldout72"),
    *("heldout73", "heldout74", "heldout75", "heldout76"),
    *("heldout77", "heldout78", "heldout79", "heldout80"),
    *("heldout81", "heldout82", "heldout83", "heldout84"),
    *("heldout85", "heldout86", "heldout87", "heldout88"),
    *("heldout89", "heldout90", "heldout91", "heldout92"),
    *("heldout93", "heldout94", "heldout95", "heldout96"),
    *("heldout97", "heldout98", "heldout99", "heldout100"),
    *("heldout101", "heldout102", "heldout103", "heldout104"),
    *("heldout105", "heldout106", "heldout107", "heldout108"),
    *("heldout109", "heldout110", "heldout111", "heldout112"),
    *("heldout113", "heldout114", "heldout115", "heldout116"),
    *("heldout117", "heldout118", "heldout119", "heldout120"),
    *("heldout121", "heldout122", "heldout123", "heldout124"),
    *("heldout125", "heldout126", "heldout127", "heldout128"),
    *("heldout129", "heldout130", "heldout131", "heldout132"),
    *("heldout133", "heldout134", "heldout135", "heldout136"),
    *("heldout137", "heldout138", "heldout139", "heldout140"),
    *("heldout141", "heldout142", "heldout143", "heldout144"),
    *("heldout145", "heldout146", "heldout147", "heldout148"),
    *("heldout149", "heldout150", "heldout151", "heldout152"),
    *("heldout153", "heldout154", "heldout155", "heldout156"),
    *("heldout157", "heldout158", "heldout159", "heldout160"),
    *("heldout161", "heldout162", "heldout163", "heldout164"),
    *("heldout165", "heldout166", "heldout167", "heldout168"),
)
#: held out: never tuned on, measured on demand (GM_MEASURE_HELDOUT=1; see README.md), one part
#: after another; none now: every written part is measured and tracked (the next writers'
#: parts go here, measured at the reader of their time)
HELD_OUT: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    position: str
    lang: str
    text: str
    kind: str
    move: str | None
    note: str = ""


def load(part: str) -> list[Line]:
    """The lines of one part of the set (``dev``, ``tuned`` or ``heldout2``), as written."""
    if part not in PARTS + TRACKED + HELD_OUT:
        raise ValueError(f"no part {part!r}: one of {PARTS + TRACKED + HELD_OUT}")
    with open(HERE / f"{part}.jsonl", encoding="utf-8") as f:
        return [Line(**json.loads(row)) for row in f if row.strip()]
