"""Inputs a stranger sends to break gm (issue 26): each gets a clear 4xx (or a normal answer) and
changes nothing — a NUL-wrapped number in Your Trumps, an ``after`` past Redis's 64-bit indexes,
a body that is not ``application/json`` (the CSRF path: no preflight for text/plain), an
``Origin`` of another port, and malformed tokens in the logs."""

from __future__ import annotations

import json

import anyio
import pytest
from mcp import Client

from gm.frontends.mcp.server import build_server
from gm.frontends.security import has_secret, redact, same_origin_port
from gm.store.repository import Store

NUL_NUMBER = "\u00009\u0000"


def _trumps_in_play(client) -> str:
    """A Your Trumps seat past its trump choice (the reader meets card markers from then on)."""
    game = client.post("/games", json={"game": "trumps", "seed": 3}).get_json()
    token = game["token"]
    view = client.get(f"/play/{token}").get_json()
    assert view["legal_moves"][0].startswith("TRUMP")
    chosen = client.post(f"/play/{token}/moves", json={"move": view["legal_moves"][0]})
    assert chosen.status_code == 200
    assert not client.get(f"/play/{token}").get_json()["legal_moves"][0].startswith("TRUMP")
    return token


@pytest.mark.parametrize("route, field", [("moves", "move"), ("say", "text")])
def test_a_nul_wrapped_number_in_your_trumps_is_read_as_text(client, redis_client, route, field):
    token = _trumps_in_play(client)
    game_id = token.split(".")[0]
    before = client.get(f"/play/{token}").get_json()
    for text in (NUL_NUMBER, "\u00000\u0000 \u00001\u0000", "LEAD \u00009\u0000"):
        response = client.post(f"/play/{token}/{route}", json={field: text})
        assert response.status_code == 200, response.get_data()
        answer = response.get_json()
        assert answer.get("legal") is False or answer.get("intent") != "move", answer
    after = client.get(f"/play/{token}").get_json()
    assert after["legal_moves"] == before["legal_moves"], "no card was played"
    assert after["status"] == "active" and redis_client.exists(Store.doc_key(game_id))


@pytest.mark.parametrize("after", [2**63, 2**63 - 1, 2**64, 10**30])
def test_history_after_past_64_bits_is_a_422_on_both_routes_and_over_mcp(client, service, after):
    game = client.post("/games", json={"game": "masul"}).get_json()
    for path in (f"/play/{game['token']}/history", f"/games/{game['game_id']}/history"):
        response = client.get(f"{path}?after={after}")
        assert response.status_code == 422, response.get_data()
        assert "after" in response.get_json()["detail"]
    assert client.get(f"/play/{game['token']}/history?after=9007199254740991").status_code == 200

    async def main():
        async with Client(build_server(service)) as mcp:
            one = await mcp.call_tool("get_history", {"token": game["token"], "after": after})
            two = await mcp.call_tool("get_history", {"game_id": game["game_id"], "after": after})
            return one, two

    for result in anyio.run(main):
        assert result.is_error
        assert result.content[0].text.startswith("Invalid arguments: ")


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        None,
    ],
)
def test_a_body_that_is_not_json_creates_nothing(client, redis_client, content_type):
    """A web page can make its visitors' browsers send these without a CORS preflight."""
    body = json.dumps({"game": "masul", "opponent": "ai"})
    headers = {"Origin": "https://evil.example"}
    if content_type:
        headers["Content-Type"] = content_type
    response = client.post("/games", data=body, headers=headers)
    assert response.status_code == 415, response.get_data()
    assert "Content-Type: application/json" in response.get_json()["detail"]
    assert redis_client.keys("gm:*") == []
    game = client.post("/games", json={"game": "masul"}).get_json()  # JSON still works
    game_view = client.get(f"/play/{game['token']}").get_json()
    response = client.post(f"/play/{game['token']}/moves", data='{"move": "x"}', headers=headers)
    assert response.status_code == 415
    assert client.get(f"/play/{game['token']}").get_json() == game_view
    ok = client.post("/games", data=body, content_type="application/json; charset=utf-8")
    assert ok.status_code == 201


def test_an_origin_is_compared_with_its_port():
    assert same_origin_port("http://localhost:8001", "localhost:8001")
    assert same_origin_port("https://gm.example", "gm.example")
    assert same_origin_port("http://[::1]:8001", "[::1]:8001")
    assert not same_origin_port("http://localhost:3000", "localhost:8001")
    assert not same_origin_port("https://gm.example:8443", "gm.example")
    assert not same_origin_port("http://localhost", "localhost:8001")


def test_malformed_tokens_are_redacted_like_valid_ones():
    """An upper-case game id, an id of another length, a token without its dot: the secret part
    never reaches a log line."""
    secret = "Ab-_9xYz" + "q" * 38
    assert redact(f"POST /play/0123456789ABCDEF.{secret}/moves HTTP/1.1") == (
        "POST /play/0123456789ABCDEF.…/moves HTTP/1.1"
    )
    assert redact(f"GET /play/0123.{secret}/history") == "GET /play/0123.…/history"
    assert redact(f"GET /play/{secret}/history?after=1") == "GET /play/…/history?after=1"
    assert redact(f"GET /play/0123456789abcdef%2e{secret}") == "GET /play/0123456789abcdef.…"
    assert redact(f"token 0123456789ABCDEF.{secret} seen") == "token 0123456789ABCDEF.… seen"
    assert redact("GET /play/0123456789abcdef/x") == "GET /play/0123456789abcdef/x"  # an id alone
    for text in (f"/play/0123456789ABCDEF.{secret}", f"/play/{secret}"):
        assert has_secret(text) and secret not in redact(text)
        assert redact(redact(text)) == redact(text) and not has_secret(redact(text))


def test_the_request_line_of_a_malformed_token_names_no_secret(client, caplog):
    secret = "Zz9" + "k" * 40
    with caplog.at_level("INFO", logger="gm"):
        assert client.get(f"/play/0123456789ABCDEF.{secret}").status_code == 404
        assert client.get(f"/play/{secret}").status_code == 404
    lines = [r.gm_fields for r in caplog.records if getattr(r, "gm_fields", None)]
    assert len(lines) == 2 and all(secret not in json.dumps(line) for line in lines)
    assert [line["game_id"] for line in lines] == ["0123456789ABCDEF", None]
