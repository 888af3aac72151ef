"""A move the player touches on the board inside the chat (the MCP App's app-only ``board_move``)
reaches the model through its next tool result for that seat — once, as that seat sees it, and
never in another seat's answers — since hosts may drop the app's context updates."""

from __future__ import annotations

import json

import anyio
from mcp import Client

from gm.frontends.mcp import app as mcp_app
from gm.frontends.mcp.server import build_server
from gm.store.boardmoves import LINE_BYTES, MAX_LINES, BoardMoves, moves_key
from tests.answers import answer_of

FIELD = mcp_app.SINCE_FIELD


def _lean(result) -> dict:
    """The lean answer the model reads (the first text block)."""
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


async def _app_move(client, token: str, view: dict | None = None) -> dict:
    """The board app plays the seat's first legal move in ``view`` (else the view the model's
    view_game answers); the whole answer."""
    view = view or answer_of(await client.call_tool("view_game", {"token": token}))
    played = await client.call_tool(
        mcp_app.MOVE_TOOL,
        {"token": token, "move": view["legal_moves"][0], "expected_version": view["version"]},
    )
    answer = answer_of(played)
    assert answer["legal"] is True
    return answer


def test_a_board_move_shows_once_in_the_seat_s_next_answer_and_never_another_seat_s(service):
    async def main():
        async with Client(build_server(service)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert tools[mcp_app.MOVE_TOOL].meta["ui"]["visibility"] == ["app"]  # not the model's
            game = answer_of(
                await client.call_tool(
                    "new_game", {"game": "masul", "opponent": "human", "seed": 2024}
                )
            )
            mine = game["token"]
            joined = answer_of(
                await client.call_tool(
                    "join_game", {"game_id": game["game_id"], "invite": game["invites"]["row1"]}
                )
            )
            theirs = joined["token"]
            # the model's calls before any board move carry nothing
            assert FIELD not in _lean(await client.call_tool("view_game", {"token": mine}))
            played = await _app_move(client, mine)
            # the other seat's model never hears of it from the record
            assert FIELD not in _lean(await client.call_tool("view_game", {"token": theirs}))
            # the seat's model does, in its next answer, once
            news = _lean(await client.call_tool("view_game", {"token": mine}))
            said = f"Since your last call the player played on the board: {played['move']}."
            assert news[FIELD] == said
            assert FIELD not in _lean(await client.call_tool("view_game", {"token": mine}))
            # the other seat plays on its board; its model's move answer carries it, mine not
            answered = await _app_move(client, theirs)
            assert FIELD not in _lean(await client.call_tool("view_game", {"token": mine}))
            said = _lean(
                await client.call_tool("say", {"token": theirs, "text": "how is it going?"})
            )
            assert answered["move"] in said[FIELD]
            assert service.store.redis.exists(moves_key(game["game_id"], "row1")) == 0

    anyio.run(main)


def test_the_ai_s_reply_comes_with_it_as_the_seat_saw_it(service):
    async def main():
        async with Client(build_server(service)) as client:
            game = answer_of(await client.call_tool("new_game", {"game": "masul", "seed": 7}))
            token, seat = game["token"], game["seat"]
            played = [await _app_move(client, token, game["view"])]
            for _ in range(2):  # the app's moves, one after another (no model call between)
                played.append(await _app_move(client, token, played[-1]))
            news = _lean(await client.call_tool("say", {"token": token, "text": "what now?"}))
            # oldest first, each with what followed in the seat's own answer (the AI's reply)
            lines = [mcp_app.board_line(answer) for answer in played]
            assert news[FIELD] == mcp_app.since_text(lines)  # type: ignore[arg-type]
            for answer, line in zip(played, lines, strict=True):
                replies = [e["text"] for e in answer["events"] if e["seat"] != seat]
                assert replies and line == f"{answer['move']} (then {'; '.join(replies)})"
            # any call of the model's for the seat carries the news: the history's too
            await _app_move(client, token, played[-1])
            history = _lean(await client.call_tool("get_history", {"token": token}))
            assert history[FIELD].startswith("Since your last call")
            # an illegal move touched on the board notes nothing
            bad = await client.call_tool(mcp_app.MOVE_TOOL, {"token": token, "move": "zz99"})
            assert answer_of(bad)["legal"] is False
            assert FIELD not in _lean(await client.call_tool("view_game", {"token": token}))
            # a wrong token is refused
            refused = await client.call_tool(mcp_app.MOVE_TOOL, {"token": "x.y", "move": "a"})
            assert refused.is_error

    anyio.run(main)


def test_the_record_is_bounded_and_goes_with_the_game(service):
    moves = BoardMoves(service.store)
    for i in range(MAX_LINES + 2):
        moves.note("0123456789abcdef", "row3", f"{i} " + "7♠ C3 " * 40)
    key = moves_key("0123456789abcdef", "row3")
    kept = service.store.redis.lrange(key, 0, -1)
    assert len(kept) == MAX_LINES and kept[0].startswith(b"2 ")  # the oldest dropped
    assert all(len(x) <= LINE_BYTES for x in kept)  # 1 KB at most in all
    assert 0 < service.store.redis.ttl(key) <= service.store.ttl_s
    assert len(moves.take("0123456789abcdef", "row3")) == MAX_LINES
    assert moves.take("0123456789abcdef", "row3") == []
