"""A seat's language as an explicit setting: ``language`` on the say request (HTTP body, the MCP
``say`` tool's argument) sets the language of the seat's replies, is kept with the seat for the
messages that follow, and wins over the language a message is written in; a value gm has no
catalogue for is refused (422) and changes nothing."""

from __future__ import annotations

import re

import anyio
from mcp import Client

from gm.frontends.mcp.server import build_server
from tests.answers import answer_of

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _new(client) -> str:
    return client.post("/games", json={"game": "masul", "opponent": "ai"}).get_json()["token"]


def test_the_language_field_sets_the_seats_language_over_the_messages(client):
    token = _new(client)
    said = client.post(f"/play/{token}/say", json={"text": "whose turn?", "language": "ko"})
    assert said.status_code == 200 and HANGUL.search(said.get_json()["reply"]), said.get_json()
    # kept with the seat: an English message after it is still answered in Korean
    after = client.post(f"/play/{token}/say", json={"text": "show the board"}).get_json()
    assert HANGUL.search(after["reply"]), after["reply"]
    # and it wins over a message written in another language ("한국어로" said in the chat
    # would too; here the field sets Spanish while the player writes Korean)
    es = client.post(f"/play/{token}/say", json={"text": "보드 보여줘", "language": "es"})
    reply = es.get_json()["reply"]
    assert es.get_json()["intent"] == "board" and not HANGUL.search(reply), reply
    assert "tablero" in reply.lower() or "turno" in reply.lower(), reply
    back = client.post(f"/play/{token}/say", json={"text": "점수", "language": "en"}).get_json()
    assert back["intent"] == "score" and not HANGUL.search(back["reply"]), back["reply"]


def test_an_unknown_language_is_refused_and_changes_nothing(client):
    token = _new(client)
    before = client.get(f"/play/{token}").get_json()["version"]
    bad = client.post(f"/play/{token}/say", json={"text": "3♣ C1", "language": "fr"})
    assert bad.status_code == 422 and "language" in bad.get_data(as_text=True)
    assert client.get(f"/play/{token}").get_json()["version"] == before
    english = client.post(f"/play/{token}/say", json={"text": "whose turn?"}).get_json()
    assert not HANGUL.search(english["reply"]), english["reply"]


def test_the_mcp_say_tool_takes_the_language(service):
    async def main():
        async with Client(build_server(service)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            field = tools["say"].input_schema["properties"]["language"]
            assert field["enum"] == ["en", "ko", "es"] and field["description"]
            game = answer_of(await client.call_tool("new_game", {"game": "maze"}))
            token = game["token"]
            asked = {"token": token, "text": "hint", "language": "ko"}
            first = answer_of(await client.call_tool("say", asked))
            assert HANGUL.search(first["reply"]), first["reply"]
            then = answer_of(await client.call_tool("say", {"token": token, "text": "board"}))
            assert HANGUL.search(then["reply"]), then["reply"]

    anyio.run(main)
