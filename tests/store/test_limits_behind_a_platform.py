"""Limits that hold behind a platform (ChatGPT, Claude call from their own servers, one address
for all their users): over MCP a call counts per signed-in player, else per MCP session, with the
address's rates, and the shared address with SHARED_FACTOR times them; a direct caller (the HTTP
API) is still limited by its address. Real Redis, the MCP tool calls of
gm/frontends/mcp/server.py."""

from __future__ import annotations

from dataclasses import replace

from gm.contract.operations import operation
from gm.frontends.http.app import create_app
from gm.frontends.mcp.server import Who, call
from gm.settings.rates import Rate
from gm.store.ratelimits import SHARED_FACTOR, Limiter

PLATFORM = "203.0.113.7"


def _create(service, limiter, who: Who) -> tuple[bool, str]:
    result = call(
        operation("new_game"), service, {"game": "masul", "seed": 1}, limiter, PLATFORM, who
    )
    return not result.is_error, result.content[0].text


def test_a_burst_from_one_platform_address_is_limited_per_player_not_as_one(settings, redis_client):
    settings = replace(settings, limit_create=(Rate(3, 60),))
    app = create_app(settings, client=redis_client)
    service = app.extensions["gm.service"]
    limiter = Limiter.from_settings(redis_client, settings)
    players = [Who(player=f"player:p{i}") for i in range(12)]
    for who in players:  # 12 players x 3 creations from one address: 36, all served
        assert all(_create(service, limiter, who)[0] for _ in range(3))
    ok, text = _create(service, limiter, players[0])  # each player's 4th is refused…
    assert not ok and text.startswith("Too many requests: ") and "for your player" in text
    assert _create(service, limiter, Who(player="player:new"))[0]  # …not the next player's
    # authless: per MCP session, the same way
    sessions = [Who(session=f"session-{i}") for i in range(5)]
    for who in sessions:
        assert all(_create(service, limiter, who)[0] for _ in range(3))
    ok, text = _create(service, limiter, sessions[0])
    assert not ok and "in this session" in text
    # the address still has a ceiling: SHARED_FACTOR x 3 in all
    used = 12 * 3 + 1 + 1 + 5 * 3 + 1
    served = sum(_create(service, limiter, Who(session=f"s{i}"))[0] for i in range(200))
    assert served == SHARED_FACTOR * 3 - used  # every attempt counts, refused ones too
    ok, text = _create(service, limiter, Who(session="one-more"))
    assert not ok and "from your address" in text


def test_a_direct_caller_is_limited_by_its_address(settings, redis_client):
    settings = replace(settings, limit_create=(Rate(3, 60),))
    client = create_app(settings, client=redis_client).test_client()
    statuses = [
        client.post(
            "/games", json={"game": "masul"}, environ_base={"REMOTE_ADDR": "198.51.100.9"}
        ).status_code
        for _ in range(4)
    ]
    assert statuses == [201, 201, 201, 429]


def test_a_caller_cannot_name_its_own_player_or_session(settings, redis_client):
    """`player` and `session` in a tool call's arguments are not believed (and refused by the
    schema): only the door sets them."""
    settings = replace(settings, limit_create=(Rate(1, 60),))
    app = create_app(settings, client=redis_client)
    service = app.extensions["gm.service"]
    limiter = Limiter.from_settings(redis_client, settings)
    assert _create(service, limiter, Who())[0]
    forged = call(
        operation("new_game"), service, {"game": "masul", "player": "player:x"}, limiter,
        PLATFORM, Who(),
    )  # fmt: skip
    assert forged.is_error and "Too many requests" in forged.content[0].text
