"""The held-out chat set: real-chat-style messages, hand-typed, in English, Korean and Spanish,
kept apart from the tuning corpus (tests/chat_corpus/) and never tuned on.

How it was made: written in one sitting *before* any change to the chat readers for issue 21,
from the messages quoted in the issue (source ``issue``: the 413-message transcript's misses,
rewritten for these staged positions) and new messages typed the way people chat (source
``hand``: lower case, typos, slang, emoji-free Korean chat shorthand such as ㅋㅋ and ㅇㅋ, Spanish
without accents). The positions are the tuning corpus's staged positions (re-used, not re-tuned).
Nothing here was edited after the readers were tuned, so its figures measure what the readers do
on text they were not shaped on. ``tests/play/test_chat_heldout.py`` replays it and prints the
share understood per game, language and source.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.chat_corpus import Case


@dataclass(frozen=True)
class HeldOut(Case):
    lang: str = "en"
    source: str = "hand"  # "issue": a message quoted in issue 21, rewritten; "hand": new
    expect: tuple[str, ...] = ()  # for a non-move: the intents that are a right answer
