"""The held-out chat set (tests/chat_heldout/): replayed through the real chat path, the share
understood printed per game, language and source (``pytest -s``), and the issue's bars held:
English ≥ 95%, Korean ≥ 90%, Spanish ≥ 85% understood; none played as a different move; no
non-move counted as an illegal attempt; no rules quote where the message asked something else;
every reply to a Korean or Spanish message in that language, ≤ 280 characters and free of
HTTP words."""

from __future__ import annotations

from collections import Counter, defaultdict

from gm.play import chat
from gm.play.chat import language
from gm.play.chat.replies import JARGON
from tests.chat_corpus import stage
from tests.chat_corpus.languages import BARS, in_language
from tests.chat_heldout import HeldOut
from tests.chat_heldout.cases import CASES

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True


def judge(service, case: HeldOut) -> tuple[str, str, dict]:
    tokens = stage(service, case.game, case.position(), illegal_move_limit=100)  # counts show
    answer = chat.say(service, tokens[case.seat], case.text)
    said = answer.get("reply", "")
    counted = any(s["illegal_attempts"] for s in answer.get("seats", []))
    if case.intended is None:
        if answer["intent"] == "move" and answer.get("legal"):
            return "misread", f"played {answer['move']}", answer
        if counted:
            return "counted", said, answer
        quoted = said.startswith("From the rules") and not {"rules", "question"} & set(case.expect)
        if quoted:
            return "unrelated-quote", said, answer
        if answer["intent"] in case.expect:
            return "understood", said, answer
        return "refused", f"read as {answer['intent']}: {said}", answer
    if answer["intent"] == "move" and answer.get("legal"):
        if answer["move"] == case.intended:
            return "understood", "", answer
        return "misread", f"played {answer['move']}", answer
    if case.intended in answer.get("candidates", []):
        return "asked", said, answer
    return "refused", f"read as {answer['intent']}: {said}", answer


def test_the_held_out_set(service, tmp_path_factory):
    counts: dict[tuple[str, str], Counter] = defaultdict(Counter)
    by_source: dict[tuple[str, str], Counter] = defaultdict(Counter)
    problems: list[str] = []
    wrong_language: list[str] = []
    too_long: list[str] = []
    for case in CASES:
        verdict, detail, answer = judge(service, case)
        counts[case.game, case.lang][verdict] += 1
        counts["all", case.lang][verdict] += 1
        by_source[case.lang, case.source][verdict] += 1
        if verdict not in ("understood", "asked"):
            problems.append(f"{case.game} {case.lang} {verdict}: {case.text!r} → {detail}")
        reply = answer.get("reply", "")
        # a message that shows no language (a bare code: "as a m4") is answered in English
        if language.detect(case.text) is not None and not in_language(reply, case.lang):
            wrong_language.append(f"{case.game} {case.lang}: {case.text!r} → {reply}")
        rules_answer = answer["intent"] == "rules"
        if (len(reply) > 280 and not rules_answer) or JARGON.search(reply):
            too_long.append(f"{case.game} {case.lang}: {case.text!r} → {reply}")

    def share(c: Counter) -> float:
        return (c["understood"] + c["asked"]) / max(1, sum(c.values()))

    lines = ["game        lang  cases  understood  asked  refused  misread  counted  quote"]
    for (game, lang), c in sorted(counts.items()):
        lines.append(
            f"{game:11} {lang:4} {sum(c.values()):6} {share(c):10.1%} {c['asked']:6} "
            f"{c['refused']:8} {c['misread']:8} {c['counted']:8} {c['unrelated-quote']:6}"
        )
    lines.append("")
    lines.append("lang source  cases  understood")
    for (lang, source), c in sorted(by_source.items()):
        lines.append(f"{lang:4} {source:7} {sum(c.values()):5} {share(c):10.1%}")
    report = "\n".join(
        [*lines, "", *problems, "", "not in the message's language:", *wrong_language[:40],
         "", "too long or jargon:", *too_long]
    )  # fmt: skip
    print(report)
    (tmp_path_factory.mktemp("heldout") / "chat-heldout.txt").write_text(report)
    for lang, bar in BARS.items():
        assert share(counts["all", lang]) >= bar, report
    totals = sum((c for (g, _), c in counts.items() if g == "all"), Counter())
    assert totals["misread"] == 0 and totals["counted"] == 0, report
    assert totals["unrelated-quote"] == 0, report
    assert not wrong_language and not too_long, report
