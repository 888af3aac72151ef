"""The chat corpus (tests/chat_corpus/): every case replayed through the real chat path on its
staged position. Per game: at least 95% understood, the rest asked back with the intended move
among the candidates, and none misread. The figures are printed (``pytest -s``) and written to
``chat-corpus-<game>.txt`` in pytest's temporary directory."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from gm.play import chat
from tests.chat_corpus import Case, all_cases, stage

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True

CASES = all_cases()


def judge(service, case: Case) -> tuple[str, str]:
    tokens = stage(service, case.game, case.position())
    answer = chat.say(service, tokens[case.seat], case.text)
    said = answer.get("reply", "")
    if case.intended is None:
        if answer["intent"] == "move" and answer.get("legal"):
            return "misread", f"played {answer['move']}"
        if answer["intent"] == "move" or any(s["illegal_attempts"] for s in answer["seats"]):
            return "refused", said
        return "understood", said
    if answer["intent"] != "move":
        return "refused", f"read as {answer['intent']}: {said}"
    if answer.get("legal"):
        return (
            ("understood", "")
            if answer["move"] == case.intended
            else (
                "misread",
                f"played {answer['move']}",
            )
        )
    if answer.get("kind") == "ambiguous" and case.intended in answer.get("candidates", []):
        return "asked", said
    return "refused", said


GAMES = sorted({case.game for case in CASES})


def test_the_corpus_covers_every_game():
    assert len(CASES) >= 150 and len(GAMES) == 6, (len(CASES), GAMES)


@pytest.mark.parametrize("game", GAMES)  # one test a game: pytest-xdist spreads them
def test_the_corpus_is_understood(service, tmp_path_factory, game):
    results: dict[str, Counter] = defaultdict(Counter)
    problems: list[str] = []
    for case in CASES:
        if case.game != game:
            continue
        verdict, detail = judge(service, case)
        results[case.game][verdict] += 1
        if verdict in ("misread", "refused"):
            problems.append(f"{case.game} {verdict}: {case.text!r} ({case.note}) → {detail}")
    lines = ["game          cases  understood  asked  refused  misread"]
    for name, counts in sorted(results.items()):
        total = sum(counts.values())
        lines.append(
            f"{name:12} {total:6} {counts['understood'] / total:10.1%} {counts['asked']:6} "
            f"{counts['refused']:8} {counts['misread']:8}"
        )
    report = "\n".join(lines + [""] + problems)
    print(report)
    (tmp_path_factory.mktemp("corpus") / f"chat-corpus-{game}.txt").write_text(report)
    assert not [p for p in problems if " misread: " in p], report
    for counts in results.values():
        total = sum(counts.values())
        assert counts["understood"] / total >= 0.95, report
        assert counts["refused"] == 0, report
