"""The coach's reasons in the seat's language: every reason a game's coach gives (its
``SearchSpec.explain`` for the moves of positions reached by play, with the coach's own sentence
after it) is worded through the catalogues (gm/play/chat/localise.py), whole — the same message
ids give the English back word for word, and the Korean and Spanish wording keeps no English
word but the game's notation and seat names — and a hint asked in Korean carries it."""

from __future__ import annotations

import random
import re

import pytest

from gm.games import GAMES
from gm.play import chat
from gm.play.chat import localise

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True

SHARE = (
    "The strong AI's choice: it scored 55% in 12 simulated continuations of the position as you "
    "see it."
)
ENGLISH_WORD = re.compile(r"\b[a-z]{3,}\b")


OPTIONS = {"solonyo": {"defiant_sees_cards": True}}  # else one reason: every pick is blind


def _reasons(name: str, games: int = 2, plies: int = 60, moves: int = 12) -> list[str]:
    """Reasons the coach of ``name`` gives, over positions of random plays."""
    game = GAMES[name]
    engine, spec = game.engine, game.levels["strong"].spec
    options = engine.options(OPTIONS.get(name, {}))
    said: set[str] = set()
    for g in range(games):
        rng = random.Random(g)
        state = engine.new_state(rng.randrange(10**6), options, engine.info.min_players)
        for _ in range(plies):
            seat = engine.to_move(state)
            if engine.outcome(state) is not None or seat is None:
                break
            legal = engine.legal_moves(state, seat)
            view = engine.view(state, seat, None)
            for move in legal[:moves]:
                if told := spec.explain(engine, view, seat, move):
                    said.add(f"{told}. {SHARE}")
            state, _ = engine.apply(state, seat, rng.choice(legal))
    return sorted(said)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reason_is_worded_whole_in_each_language(name):
    reasons = _reasons(name)
    assert len(reasons) >= 3, reasons
    seats = {s.lower() for s in GAMES[name].engine.info.seat_names}
    for reason in reasons:
        assert " ".join(localise.coach_reason(lambda m: m, name, reason)) == reason
        for lang in ("ko", "es"):
            worded = localise.coach_reason(localise.catalogue(lang).gettext, name, reason)
            assert worded, (lang, reason)
            if lang == "ko":  # Spanish shares letters with English: its words are its own
                left = set(ENGLISH_WORD.findall(" ".join(worded))) - seats
                assert not left, (reason, worded)


def test_a_reason_with_words_no_catalogue_has_is_left_out():
    reason = "It plays 7♣ somewhere nobody has words for. " + SHARE
    assert localise.coach_reason(localise.catalogue("ko").gettext, "masul", reason) == []


def test_a_hint_asked_in_korean_gives_its_reason_in_korean(service):
    token = service.create("solonyo", opponent="ai", ai_level="random")["token"]
    while not service.seat_view(token)["your_turn"]:
        service.move(token, service.seat_view(token)["legal_moves"][0])
    reply = chat.say(service, token, "힌트 좀 줘")["reply"]
    english = service.suggest(token)["reason"]
    worded = localise.coach_reason(localise.catalogue("ko").gettext, "solonyo", english)
    assert worded and " ".join(worded) in reply and len(reply) <= 280, reply
