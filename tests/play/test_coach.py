"""The coach: "what should I play?" / "hint" over chat, GET /play/<token>/hint and the MCP tool
``suggest_move``: the strong AI's suggestion for the asking seat, from that seat's view only,
with a one-line reason; nothing is played or counted; off with the option ``hints: false``; and
no answer shows a card the seat may not see (for every game)."""

from __future__ import annotations

import dataclasses
import json
import re

import anyio
import pytest
from mcp import Client

from gm import composition
from gm.contract.schemas import HintAnswerSchema
from gm.frontends.mcp.server import build_server
from gm.games import GAMES
from gm.play.coach import HINTS_OFF
from tests.answers import answer_of


def _leaks(text: str, hidden: set[str]) -> list[str]:
    return [t for t in hidden if re.search(rf"(?<![0-9A-Za-z]){re.escape(t)}(?![0-9A-Za-z])", text)]


def _game(client, name="masul", **options):
    body = {"game": name, "opponent": "human", "seed": 2024}
    if options:
        body["options"] = options
    game = client.post("/games", json=body).get_json()
    seat2 = next(iter(game["invites"]))
    joined = client.post(
        f"/games/{game['game_id']}/join", json={"invite": game["invites"][seat2]}
    ).get_json()
    return game["token"], joined["token"]


def _hidden(service, token: str, seat: int) -> set[str]:
    doc = service.store.load(token.split(".")[0])
    engine = GAMES[doc["game"]].engine
    return engine.hidden_tokens(engine.from_dict(doc["state"]), seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hint_over_http_is_a_legal_move_and_shows_nothing_hidden(client, service, name):
    first, second = _game(client, name)
    before = client.get(f"/play/{first}").get_json()
    answer = client.get(f"/play/{first}/hint")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert not HintAnswerSchema().validate(body)
    assert body["reason"] and body["reply"].startswith(f"Try {body['suggestion']}.")
    assert body["version"] == before["version"]  # nothing was played
    text = json.dumps(body, ensure_ascii=False)
    assert not _leaks(text, _hidden(service, first, 0)), _leaks(text, _hidden(service, first, 0))
    # the other seat is not to move: no suggestion, and still nothing hidden
    other = client.get(f"/play/{second}/hint").get_json()
    assert other["suggestion"] is None and "not your turn" in other["reason"]
    text = json.dumps(other, ensure_ascii=False)
    assert not _leaks(text, _hidden(service, second, 1))
    # the suggestion is a legal move (played now by the seat itself); then the other's hint
    played = client.post(f"/play/{first}/moves", json={"move": body["suggestion"]}).get_json()
    assert played["legal"], played
    other = client.get(f"/play/{second}/hint").get_json()
    if other["suggestion"] is not None:
        text = json.dumps(other, ensure_ascii=False)
        assert not _leaks(text, _hidden(service, second, 1))


@pytest.mark.parametrize("text", ["hint", "what should I play?", "what's the best move"])
def test_a_hint_in_chat_is_no_move_attempt(client, text):
    first, _ = _game(client)
    before = client.get(f"/play/{first}").get_json()
    body = client.post(f"/play/{first}/say", json={"text": text}).get_json()
    assert body["intent"] == "hint"
    assert body["reply"].startswith(f"Try {body['suggestion']}.")
    assert client.post(f"/play/{first}/moves", json={"move": body["suggestion"]}).get_json()[
        "legal"
    ]  # the suggestion is a legal move (played only now, by the seat itself)
    after = client.get(f"/play/{first}").get_json()
    assert after["version"] == before["version"] + 1  # the move just played, nothing else
    assert [s.get("illegal", 0) for s in after["seats"]] == [
        s.get("illegal", 0) for s in before["seats"]
    ]


def test_hints_can_be_turned_off_per_game(client):
    first, _ = _game(client, hints=False)
    body = client.get(f"/play/{first}/hint").get_json()
    assert body["suggestion"] is None and body["reason"] == HINTS_OFF
    chat = client.post(f"/play/{first}/say", json={"text": "hint"}).get_json()
    assert chat["intent"] == "hint" and chat["reply"] == HINTS_OFF
    refused = client.post("/games", json={"game": "masul", "options": {"hints": "no"}})
    assert refused.status_code == 422
    listed = client.get("/rules/masul").get_json()
    assert any(o["name"] == "hints" for o in listed["options"])


def test_the_mcp_tool_suggests_a_move(client, service):
    first, _ = _game(client, "trumps")

    async def main():
        async with Client(build_server(service)) as mcp:
            result = await mcp.call_tool("suggest_move", {"token": first})
            assert not result.is_error
            body = answer_of(result)
            assert body["suggestion"].startswith("TRUMP ")
            assert body["reason"]

    anyio.run(main)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hints_through_a_game_never_show_a_hidden_card(
    client, service, settings, name, monkeypatch
):
    """Both seats ask at every ply of a short game played by the coach's own suggestions."""
    quick = dataclasses.replace(settings, ai_think_ms=10)  # GM_AI_THINK_MS=10
    monkeypatch.setattr(service, "budget", composition.budget_for(quick))
    tokens = _game(client, name)
    for _ in range(8):
        for seat, token in enumerate(tokens):
            body = client.get(f"/play/{token}/hint").get_json()
            text = json.dumps(body, ensure_ascii=False)
            assert not _leaks(text, _hidden(service, token, seat)), (name, seat, text)
            if body["suggestion"] is not None and body["status"] == "active":
                move = client.post(f"/play/{token}/moves", json={"move": body["suggestion"]})
                assert move.get_json()["legal"]


# ---------------------------------------------------------------- reasons in the game's words


def test_a_blind_so_lon_yo_hint_says_no_pick_is_better(client):
    token, _ = _game(client, "solonyo")
    body = client.get(f"/play/{token}/hint").get_json()
    assert body["suggestion"].startswith("PICK ")
    assert body["reason"] == (
        "Your three cards are face down, so no position is better than another: any pick is as "
        "good as this one."
    )


def test_a_so_lon_yo_hint_with_the_cards_shown_names_them(client, service):
    token, _ = _game(client, "solonyo", defiant_sees_cards=True)
    body = client.get(f"/play/{token}/hint").get_json()
    state = client.get(f"/play/{token}").get_json()["state"]
    card = state["defiant_cards"][int(body["suggestion"].split()[1]) - 1]
    assert body["reason"].startswith(f"{card} ") or body["reason"].startswith("None of your")
    assert f"the challenger's {state['challenger_card']}" in body["reason"]


def _reasons(name: str, explain, seeds: int = 3, mixed: bool = False, plies: int = 400):
    """``(state, seat, move, reason)`` for every legal move ``explain`` gives a reason for, over
    ``seeds`` seeded games of ``name``: the one-move level on both sides, or against ``random``
    on every other ply when ``mixed``."""
    import random

    from gm.games.table import Table

    game = GAMES[name]
    engine, levels = game.engine, list(game.levels)
    for seed in range(1, 1 + seeds):
        doc = Table.new_document(game, [{"kind": "human"}] * 2, seed, None, None)
        table, rng = Table(game, doc, doc["state"]), random.Random(seed)
        for ply in range(plies):
            if table.is_over():
                break
            seat = table.to_move()
            legal = table.legal_moves(seat)
            view = engine.view(table.state, seat, None)
            for move in legal:
                reason = explain(engine, view, seat, move)
                if reason is not None:
                    yield table.state, seat, move, reason
            level = levels[0] if mixed and ply % 2 == 0 else levels[1]
            table.play(seat, game.levels[level](engine, view, seat, legal, rng))


def test_masul_reasons_say_what_the_rules_make_of_the_column():
    """Over every legal move of 12 seeded games: a reason is given only where the view tells it,
    and it is what the rules make of the column once the move is really played."""
    from gm.games.masul.ai import explain
    from gm.games.masul.rules import column_result

    engine, told = GAMES["masul"].engine, 0
    for state, seat, move, reason in _reasons("masul", explain, seeds=12):
        if reason.startswith("It "):  # what the move does, where the view cannot tell more
            assert f"C{move[2]}" in reason and move[1] in reason, reason
            continue
        told += 1
        after, _ = engine.apply(state, seat, move)
        real = column_result(after, move[2])
        assert reason.startswith(f"In C{move[2]}"), reason
        if move[0] == "down":
            assert real.winner is None and "draw" in reason, (reason, real)
        else:
            assert real.winner == seat and reason.endswith(real.why), (reason, real)
    assert told >= 50, told


def test_n_in_a_row_reasons_say_what_the_move_does_to_the_race():
    """Over every legal move in 3 seeded games: "takes the lead" and "extends its record" are
    what playing the move really does; "blocks" names a point where the other seat would have
    taken the lead."""
    from gm.games.n_in_a_row import rules
    from gm.games.n_in_a_row.ai import explain

    engine, told = GAMES["n-in-a-row"].engine, {"lead": 0, "record": 0, "block": 0}
    for before, seat, move, reason in _reasons("n-in-a-row", explain):
        after, _ = engine.apply(before, seat, move)
        if "takes the lead" in reason:
            told["lead"] += 1
            assert before["leader"] != seat and after["leader"] == seat, reason
        elif "extends its record" in reason:
            told["record"] += 1
            assert before["leader"] == seat and after["n"] == before["n"] + 1, reason
        elif reason.startswith("It places"):  # what the move does, no claim on the race
            assert f"{move[2]},{move[3]}" in reason, reason
        else:
            told["block"] += 1
            assert reason.startswith("It blocks") and before["leader"] == seat, reason
            occ, point = rules.occupancy(before), (move[2], move[3])
            theirs = max(
                rules.run_along(occ, *point, dx, dy, 1 - seat) for dx, dy in rules.DIRECTIONS
            )
            assert theirs >= before["n"] + 1, (reason, theirs)
    assert all(told.values()), told


def test_your_trumps_reasons_count_the_cards_right():
    """Over every legal move in 3 seeded games: a beat is named as the rules make it, and "it
    must take" is said only when the other seat's real hand holds no card that beats the card
    left on top."""
    from gm.games.trumps.ai import explain
    from gm.games.trumps.rules import can_beat

    told = {"beat": 0, "must take": 0}
    for state, seat, move, reason in _reasons("trumps", explain):
        if move[0] == "beat":
            told["beat"] += 1
            assert reason.startswith(f"{move[1]} beats {state['pile'][-1]}"), reason
        if "must take" in reason:
            told["must take"] += 1
            left = move[1] if move[0] == "lead" else move[2]
            trump = state["trumps"][1 - seat]
            assert not any(can_beat(c, left, trump) for c in state["hands"][1 - seat])
    assert all(told.values()), told


def test_card_chess_reasons_say_what_a_capture_takes_and_when_a_piece_goes_into_check():
    """Over every legal move in 3 seeded games (the heuristic against random): a capture's
    reason names the piece really taken; "in check" is said only of a move that really puts the
    piece in check, with the count the side then has."""
    from gm.games.card_chess import rules
    from gm.games.card_chess.ai import explain

    engine, told = GAMES["card-chess"].engine, {"capture": 0, "check": 0}
    for state, seat, move, reason in _reasons("card-chess", explain, mixed=True, plies=160):
        if move[0] != "capture" and not reason.startswith("It puts"):
            assert reason.startswith("It "), reason  # what it does (plays in, moves, exchanges)
            continue
        if move[0] == "capture":
            told["capture"] += 1
            taken = f"{state['pieces'][move[1]]} takes {state['pieces'][move[2]]} on"
            assert reason.startswith(taken), reason
            continue
        told["check"] += 1
        after, _ = engine.apply(state, seat, move)
        assert after["check"][move[2]] and not state["check"][move[2]], reason
        count = sum(
            c and rules.CARD_SIDE[p] == seat
            for p, c in zip(after["pieces"], after["check"], strict=True)
            if p is not None
        )
        assert reason.endswith(f": {count} of the five you need"), (reason, count)
    assert all(told.values()), told


def test_maze_reasons_say_what_the_move_does_to_the_hand():
    """Over every legal move in 3 seeded games: "a win" is said only of a move that really wins;
    the best chain a reason names is the one the seat's hand really has after the move (as the
    board's chain line writes it); the pile card is weighed only where there is one."""
    from gm.games.maze.exact import explain
    from gm.games.maze.geometry import CORNERS, longest_chain
    from gm.games.maze.notation import chain_text

    engine, told = GAMES["maze"].engine, {"win": 0, "least": 0, "deck": 0, "pile": 0}
    for state, seat, move, reason in _reasons("maze", explain):
        after, _ = engine.apply(state, seat, move)
        outcome = engine.outcome(after)
        won = outcome is not None and outcome.winners == [seat]
        assert won == reason.endswith(": a win"), (move, reason)
        if won:
            told["win"] += 1
            continue
        if reason.startswith("It "):  # what the move does, and the best chain it keeps
            assert "best chain then: " in reason, reason
            continue
        if move[0] == "draw":
            told["deck"] += 1
            assert move == ("draw", "deck") and state["pile"], (move, reason)
            assert reason == (
                f"The pile's {state['pile'][-1]} helps your chains less than a card from the "
                "deck is likely to"
            )
            continue
        told["least" if move[0] == "discard" else "pile"] += 1
        hand = after["hands"][seat]
        chain = chain_text(longest_chain(hand, CORNERS[seat], state["options"]["suit_order"]), seat)
        assert reason.endswith(f"best chain then: {chain}"), (reason, chain)
        assert f"{move[1]} does the least" in reason, reason
    assert all(told.values()), told
