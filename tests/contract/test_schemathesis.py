"""Schemathesis over the whole API, from the OpenAPI document of every operation (the served
/openapi.json shows a GPT only the tool operations; this one adds the health check, the documents,
the plain-text board and the spectator's history), against the Flask app (WSGI) and a real Redis:
no 5xx, every status documented, every answer matching its documented schema and media type.

Generated path parameters are mostly unknown ids (404s). So that the success answers are checked
too, some cases get a real seat token, game id or invite of a fresh game of a registered game, and
some moves become a legal move of that game; which ones is derived from the generated case, so a
run is reproducible.
"""

from __future__ import annotations

import os
import zlib
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from gm.contract.openapi import build_openapi
from gm.games import REGISTRY
from gm.settings import Settings
from tests.conftest import NO_LIMITS

pytestmark = pytest.mark.slow  # the slow tier: property-based fuzzing of the whole API

# Per operation and mode. A longer, random hunt by hand:
#   GM_FUZZ_EXAMPLES=500 pytest tests/contract/test_schemathesis.py
MAX_EXAMPLES = int(os.environ.get("GM_FUZZ_EXAMPLES", "30"))


# Valid requests can still be refused: a seat name, an AI level, an option must fit the chosen
# game, 'seats' and 'opponent' exclude each other, a move must be legal… (422/409/200 legal=false).
# A schema cannot say all that, so "schema-valid data is accepted" is not a property of this API.
CONFIG = {
    "checks": {"positive_data_acceptance": {"enabled": False}},
    "generation": {"max-examples": MAX_EXAMPLES},
}


def _schema(mode: str):
    """The document of every operation, built at import time (the requests go to the test's
    ``app`` fixture, which has the session's real Redis)."""
    config = schemathesis.Config.from_dict(
        {**CONFIG, "generation": {**CONFIG["generation"], "mode": mode}}
    )
    document = build_openapi(Settings(public_url="http://localhost"), every=True)
    return schemathesis.openapi.from_dict(document, config=config)


positive = _schema("positive")
negative = _schema("negative")


def _pick(value: Any, n: int) -> int:
    return zlib.crc32(repr(value).encode()) % n


def _fresh_game(service, key: Any) -> dict[str, Any]:
    """A new game of a registered game: the creator's seat, a second human seat (an invite) when
    the game has two seats or more, AI seats up to the minimum table."""
    names = list(REGISTRY)
    info = REGISTRY[names[_pick(key, len(names))]].info
    humans = min(2, info.max_players)
    seats = [{"kind": "human"}] * humans + [{"kind": "ai"}] * max(0, info.min_players - humans)
    return service.create(game=info.name, seats=seats, seed=_pick(key, 1000))


def _use_real_ids(case, service) -> None:
    """Swap generated ids for real ones in about half of the cases (reproducibly)."""
    params = case.path_parameters or {}
    key = (case.operation.label, params, case.body if isinstance(case.body, dict) else None)
    if not params or _pick(key, 2):
        return
    game = _fresh_game(service, key)
    if "token" in params:
        params["token"] = game["token"]
    if "game_id" in params:
        params["game_id"] = game["game_id"]
    body = case.body if isinstance(case.body, dict) else None
    if body is not None and isinstance(body.get("invite"), str) and game["invites"]:
        body["invite"] = next(iter(game["invites"].values()))
    if body is not None and isinstance(body.get("move"), str) and _pick(key, 3) == 0:
        legal = game["view"]["legal_moves"]
        if legal:
            body["move"] = legal[_pick(key, len(legal))]


HYPOTHESIS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize="GM_FUZZ_EXAMPLES" not in os.environ,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(name="settings")
def _answer_at_once(redis_url) -> Settings:
    """The app's settings: no limits, waits (``?wait=``, wait_for_turn) answer at once and
    event streams end after their first frame: a generated wait or stream would hold each case
    up to 25 s or 5 minutes."""
    return Settings(redis_url=redis_url, live_max_wait_s=0, live_stream_s=0, **NO_LIMITS)


@positive.parametrize()
@HYPOTHESIS
def test_valid_requests_get_documented_answers(case, app, service):
    _use_real_ids(case, service)
    case.call_and_validate(app=app)


@negative.parametrize()
@HYPOTHESIS
def test_invalid_requests_are_refused_with_documented_problems(case, app):
    case.call_and_validate(app=app)
