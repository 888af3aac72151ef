"""Rematch (gm/play/rematch.py), for every registered game, over HTTP and MCP: same settings, seats
rotated, a fresh committed deal; the asking seat gets its new token, the other human seat claims
its own with its old token (once; asked again, the same token); old tokens never play the new game
and no token appears in the old game's views."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from mcp import Client

from gm.frontends.mcp.server import build_server
from gm.games import GAMES, REGISTRY
from gm.play import seats
from tests.answers import answer_of

# a setting that is not the default, per game (the rematch must keep it)
OPTIONS = {
    "masul": {"max_field_replacements": 3},
    "trumps": {"max_plies": 300},
    "solonyo": {"target": 64},
    "maze": {"turn_cap": 300},
    "card-chess": {"max_plies": 300},
    "n-in-a-row": {"max_turns": 100},
}


def _options(game: str) -> dict[str, Any]:
    return OPTIONS.get(game, {})


def _table(game: str) -> list[dict[str, Any]]:
    """Two humans, and an AI at a level that is not the default when the game takes a third."""
    entry = GAMES[game]
    table: list[dict[str, Any]] = [{"kind": "human"}, {"kind": "human"}]
    if entry.engine.info.max_players >= 3:
        level = next(lv for lv in entry.levels if lv != entry.default_level)
        table.append({"kind": "ai", "level": level})
    return table


def _rotated(old: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    kinds = [(s["kind"], s["level"]) for s in old]
    return kinds[1:] + kinds[:1]


def _check_rematch(service, old_doc, new_doc, answers_text: list[str], tokens: list[str]):
    """What holds of every rematch: settings, seats, deal, secrets."""
    assert new_doc["game"] == old_doc["game"]
    assert new_doc["options"] == old_doc["options"]
    assert new_doc["illegal_move_limit"] == old_doc["illegal_move_limit"]
    assert [(s["kind"], s["level"]) for s in new_doc["seats"]] == _rotated(old_doc["seats"])
    assert new_doc["deal"]["committed"] and new_doc["seed_given"] is False
    assert new_doc["deal"]["commitment"] != old_doc["deal"]["commitment"]
    assert new_doc["seed"] != old_doc["seed"]
    assert old_doc["rematch"] == new_doc["id"] and new_doc["rematch_of"] == old_doc["id"]
    stored = json.dumps([old_doc, new_doc])
    for token in tokens:  # no secret in clear in either document, no token in any old view
        assert token.split(".", 1)[1] not in stored
        for text in answers_text:
            assert token not in text
    # the new seats' claims are the old seats' token hashes; nothing else is stored of them
    old_hashes = {s["token_hash"] for s in old_doc["seats"] if s["kind"] == "human"}
    assert {s["claim"] for s in new_doc["seats"] if s["kind"] == "human"} == old_hashes


@pytest.mark.parametrize("game", list(REGISTRY))
def test_rematch_over_http(client, service, game):
    created = client.post(
        "/games",
        json={
            "game": game,
            "seats": _table(game),
            "options": _options(game),
            "illegal_move_limit": 3,
        },
    ).get_json()
    old_id, a_old = created["game_id"], created["token"]
    invite = next(iter(created["invites"].values()))
    b_old = client.post(f"/games/{old_id}/join", json={"invite": invite}).get_json()["token"]

    still = client.post(f"/play/{a_old}/rematch")
    assert still.status_code == 409 and "still on" in still.get_json()["detail"]

    assert client.post(f"/play/{a_old}/resign").status_code == 200
    first = client.post(f"/play/{a_old}/rematch")
    assert first.status_code == 200, first.get_data(as_text=True)
    a = first.get_json()
    new_id, a_new = a["game_id"], a["token"]
    players = len(created["seats"])
    names = REGISTRY[game].info.seat_names
    assert a["rematch_of"] == old_id and a["first_claim"] is True
    assert a["seat"] == names[players - 1]  # the first seat goes last
    assert a_new.startswith(new_id + ".") and a["invites"] == {}
    assert a["view"]["seat"] == a["seat"] and a["view"]["status"] == "active"
    assert "rematch" in a["reply"] and "token" not in a["reply"]

    # before the other seat claims: its seat is waiting, and the old game points to the new one
    waiting = client.get(f"/games/{new_id}").get_json()
    assert [s["joined"] for s in waiting["seats"] if s["kind"] == "human"].count(False) == 1
    views = [
        client.get(f"/play/{a_old}").get_data(as_text=True),
        client.get(f"/play/{b_old}").get_data(as_text=True),
        client.get(f"/games/{old_id}").get_data(as_text=True),
        client.get(f"/games/{old_id}/history").get_data(as_text=True),
        client.get(f"/play/{b_old}/history").get_data(as_text=True),
    ]
    for text in views:
        assert json.loads(text).get("rematch", new_id) == new_id

    b = client.post(f"/play/{b_old}/rematch").get_json()
    assert b["game_id"] == new_id and b["first_claim"] is True and b["seat"] == names[0]
    b_new = b["token"]
    again = client.post(f"/play/{b_old}/rematch").get_json()  # a second claim: the same seat
    assert again["token"] == b_new and again["first_claim"] is False
    assert "already" in again["reply"]
    assert client.post(f"/play/{a_old}/rematch").get_json()["token"] == a_new

    # the old tokens do not play the new game; the new ones do
    for old in (a_old, b_old):
        forged = f"{new_id}.{old.split('.', 1)[1]}"
        assert client.get(f"/play/{forged}").status_code == 404
        stale = client.post(f"/play/{old}/moves", json={"move": "x"}).get_json()
        assert stale["legal"] is False and stale["game_id"] == old_id  # the old, finished game
    views += [client.get(f"/play/{t}").get_data(as_text=True) for t in (a_old, b_old)]
    new_view = client.get(f"/play/{b_new}").get_json()
    assert client.get(f"/play/{a_new}").get_json()["seat"] == names[players - 1]
    to_move = new_view["to_move"]
    mover = {names[0]: b_new, names[players - 1]: a_new}.get(to_move)
    if mover is not None:
        legal = client.get(f"/play/{mover}").get_json()["legal_moves"]
        played = client.post(f"/play/{mover}/moves", json={"move": legal[0]}).get_json()
        assert played["legal"] is True
    _check_rematch(
        service,
        service.store.load(old_id),
        service.store.load(new_id),
        views,
        [a_new, b_new],
    )


def test_two_seats_swap_so_who_moved_second_moves_first(client):
    created = client.post("/games", json={"game": "n-in-a-row", "opponent": "human"}).get_json()
    assert created["view"]["to_move"] == "x" and created["seat"] == "x"
    invite = created["invites"]["o"]
    b_old = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    client.post(f"/play/{b_old['token']}/resign")
    b = client.post(f"/play/{b_old['token']}/rematch").get_json()  # the second seat asks
    assert b["seat"] == "x" and b["view"]["your_turn"] is True
    a = client.post(f"/play/{created['token']}/rematch").get_json()
    assert a["seat"] == "o" and a["game_id"] == b["game_id"]


def test_a_maze_table_of_four_rotates_and_an_unjoined_seat_gets_an_invite(client, service):
    table = [
        {"kind": "human"},
        {"kind": "ai", "level": "random"},
        {"kind": "human"},
        {"kind": "ai"},
    ]
    created = client.post("/games", json={"game": "maze", "seats": table}).get_json()
    client.post(f"/play/{created['token']}/resign")  # c never joined
    answer = client.post(f"/play/{created['token']}/rematch").get_json()
    assert answer["seat"] == "d"
    assert [(s["kind"], s["level"]) for s in answer["seats"]] == [
        ("ai", "random"),
        ("human", None),
        ("ai", "strong"),  # the default level
        ("human", None),
    ]
    assert set(answer["invites"]) == {"b"} and "invite" in answer["reply"]
    joined = client.post(
        f"/games/{answer['game_id']}/join", json={"invite": answer["invites"]["b"]}
    ).get_json()
    assert joined["seat"] == "b"


def test_an_unknown_token_has_no_rematch(client):
    assert client.post("/play/nope.nope/rematch").status_code == 404


def test_two_seats_asking_at_once_get_one_rematch(service, client):
    created = client.post("/games", json={"game": "masul", "opponent": "human"}).get_json()
    invite = created["invites"]["row1"]
    b_old = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    client.post(f"/play/{created['token']}/resign")
    # b's rematch is created while a's is on its way: a's pointer loses and a claims in b's
    from gm.play import rematch

    real_create = service.store.create

    def create_then_b_asks(doc, log):
        ok = real_create(doc, log)
        service.store.create = real_create
        rematch.start(service, b_old["token"])
        return ok

    service.store.create = create_then_b_asks
    a = service.rematch(created["token"])
    b = service.rematch(b_old["token"])
    assert a["game_id"] == b["game_id"] and a["seat"] != b["seat"]
    assert service.store.redis.exists(service.store.doc_key(a["game_id"]))
    assert seats.find_seat(service.store.load(a["game_id"]), a["token"]) is not None


@pytest.mark.parametrize("game", list(REGISTRY))
def test_rematch_over_mcp(service, game):
    async def ok(client, tool, **arguments):
        result = await client.call_tool(tool, arguments)
        assert not result.is_error, "\n".join(c.text for c in result.content)
        return answer_of(result)

    async def main():
        async with Client(build_server(service)) as client:
            created = await ok(
                client, "new_game", game=game, seats=_table(game), options=_options(game)
            )
            invite = next(iter(created["invites"].values()))
            b_old = await ok(client, "join_game", game_id=created["game_id"], invite=invite)
            refused = await client.call_tool("rematch", {"token": created["token"]})
            assert refused.is_error and "still on" in refused.content[0].text
            await ok(client, "resign", token=b_old["token"])
            a = await ok(client, "rematch", token=created["token"])
            b = await ok(client, "rematch", token=b_old["token"])
            assert a["game_id"] == b["game_id"] and {a["seat"], b["seat"]} == {
                REGISTRY[game].info.seat_names[0],
                REGISTRY[game].info.seat_names[len(created["seats"]) - 1],
            }
            old_view = await ok(client, "view_game", token=created["token"])
            assert old_view["rematch"] == a["game_id"]
            text = json.dumps(old_view)
            assert a["token"] not in text and b["token"] not in text
            new_view = await ok(client, "view_game", token=b["token"])
            assert new_view["seat"] == b["seat"] and new_view["status"] == "active"
            _check_rematch(
                service,
                service.store.load(created["game_id"]),
                service.store.load(a["game_id"]),
                [text],
                [a["token"], b["token"]],
            )

    anyio.run(main)
