"""The HTTP API through Flask's test client, against a real Redis server."""

from __future__ import annotations

import json

import pytest

from gm.contract.schemas import (
    CatalogueSchema,
    CreateAnswerSchema,
    HistorySchema,
    JoinAnswerSchema,
    MoveAnswerSchema,
    ProblemSchema,
    ResignAnswerSchema,
    RulesSchema,
    ViewSchema,
)
from gm.games import REGISTRY
from tests.conftest import CLUSTER


def _ok(schema, response, status=200):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    errors = schema().validate(body)
    assert not errors, errors
    return body


def _problem(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = json.loads(response.get_data(as_text=True))
    assert not ProblemSchema().validate(body)
    assert body["status"] == status and body["detail"]
    assert "Traceback" not in body["detail"] and "<html" not in response.get_data(as_text=True)
    return body


def _new(client, **body):
    body.setdefault("game", "masul")
    return _ok(CreateAnswerSchema, client.post("/games", json=body), 201)


def _move(client, token, move, **extra):
    return _ok(MoveAnswerSchema, client.post(f"/play/{token}/moves", json={"move": move, **extra}))


# ---------------------------------------------------------------- catalogue


def test_rules_catalogue_lists_every_game_with_seats_options_and_ai_levels(client):
    body = _ok(CatalogueSchema, client.get("/rules"))
    names = [g["name"] for g in body["games"]]
    assert names == list(REGISTRY)
    masul = body["games"][0]
    assert masul["seats"] == ["row3", "row1"]
    assert {"random", "seed"} <= set(masul["ai_levels"])


def test_rules_of_one_game_explain_the_notation(client):
    body = _ok(RulesSchema, client.get("/rules/masul"))
    assert "FD" in body["rules"] and "C1" in body["rules"]
    text = client.get("/rules/masul?format=text")
    assert text.mimetype == "text/markdown" and text.get_data(as_text=True) == body["rules"]


def test_unknown_game_rules_is_a_404_naming_the_games(client):
    body = _problem(client.get("/rules/chess"), 404)
    assert "masul" in body["detail"]


# ---------------------------------------------------------------- a game against the AI


def test_create_against_the_ai_gives_a_seat_token_and_the_view(client):
    game = _new(client, opponent="ai", ai_level="random", seed=11)
    assert game["seat"] == "row3" and game["seed"] == 11
    assert len(game["token"].split(".", 1)[1]) >= 43  # 32 random bytes, url-safe
    view = game["view"]
    assert view["status"] == "active" and view["to_move"] == "row3" and view["your_turn"]
    assert view["board"].startswith("Masul Player's Hand: 9")
    assert view["legal_moves"] and view["version"] == 1
    assert game["invites"] == {}


def test_a_whole_game_against_the_ai_ends_with_a_result(client):
    game = _new(client, opponent="ai", ai_level="seed", seed=3)
    token, view = game["token"], game["view"]
    moves = 0
    while view["status"] == "active":
        answer = _move(client, token, view["legal_moves"][0])
        assert answer["legal"] is True
        assert answer["events"][0]["seat"] == "row3"
        if answer["status"] == "active":
            # the AI's reply came in the same answer unless the AI seat is exhausted
            assert answer["to_move"] == "row3"
        view = answer
        moves += 1
    assert moves >= 1
    result = view["result"]
    assert result["seed"] == 3
    assert result["draw"] or result["winners"]
    assert set(result["scores"]) == {"row3", "row1"}
    over = _move(client, token, "7♠ C3")
    assert over["legal"] is False and over["rule"] == "game-over"
    history = _ok(HistorySchema, client.get(f"/play/{token}/history"))
    assert [m["n"] for m in history["moves"]] == list(range(1, len(history["moves"]) + 1))
    assert {m["seat"] for m in history["moves"]} == {"row3", "row1"}


def test_an_illegal_move_is_a_normal_answer_that_changes_nothing(client):
    game = _new(client, seed=5)
    token = game["token"]
    before = client.get(f"/play/{token}").get_json()
    answer = _move(client, token, "play my invisible card")
    assert answer["legal"] is False
    assert answer["kind"] in {"unparsable", "illegal", "ambiguous"}
    assert "invisible" in answer["reason"] and answer["hint"]
    assert answer["legal_moves"] == before["legal_moves"]
    assert answer["board"] == before["board"]
    after = client.get(f"/play/{token}").get_json()
    assert after == before, "nothing changed, not even the version (no illegal_move_limit)"


def test_accepted_move_is_echoed_canonically(client):
    game = _new(client, seed=5)
    canonical = game["view"]["legal_moves"][0]
    answer = _move(client, game["token"], canonical.lower())
    assert answer["legal"] is True and answer["move"] == canonical


def test_board_as_plain_text_for_curl(client):
    game = _new(client, seed=5)
    response = client.get(f"/play/{game['token']}/board")
    assert response.mimetype == "text/plain"
    assert response.get_data(as_text=True) == game["view"]["board"] + "\n"


def test_spectator_view_shows_no_hand(client):
    game = _new(client, seed=5)
    spectator = _ok(ViewSchema, client.get(f"/games/{game['game_id']}"))
    assert spectator["seat"] == "spectator" and spectator["legal_moves"] == []
    assert "My Hand" not in spectator["board"]


# ---------------------------------------------------------------- human against human


def test_human_against_human_with_invite_and_turns(client):
    game = _new(client, opponent="human", seed=9)
    assert game["seats"][1] == {
        "name": "row1",
        "label": "Row 1",
        "kind": "human",
        "level": None,
        "joined": False,
        "illegal_attempts": 0,
        "illegal_attempts_left": None,
    }
    invite = game["invites"]["row1"]
    joined = _ok(
        JoinAnswerSchema, client.post(f"/games/{game['game_id']}/join", json={"invite": invite})
    )
    assert joined["seat"] == "row1" and joined["token"] != invite
    _problem(client.post(f"/games/{game['game_id']}/join", json={"invite": invite}), 409)
    early = _move(client, joined["token"], joined["view"]["board"] and "7♠ C3")
    assert early["legal"] is False and early["rule"] == "not-your-turn"
    first = _move(client, game["token"], game["view"]["legal_moves"][0])
    assert first["legal"] and first["to_move"] == "row1"
    assert len(first["events"]) == 1, "no AI reply between humans"
    view = client.get(f"/play/{joined['token']}").get_json()
    assert view["your_turn"] and view["legal_moves"]
    second = _move(client, joined["token"], view["legal_moves"][-1])
    assert second["legal"] and second["to_move"] == "row3"


def test_wrong_invite_is_a_404(client):
    game = _new(client, opponent="human")
    _problem(client.post(f"/games/{game['game_id']}/join", json={"invite": "x.y"}), 404)
    _problem(client.post("/games/nosuchgame/join", json={"invite": "x.y"}), 404)


# ---------------------------------------------------------------- versions and idempotency


def test_stale_expected_version_is_a_409_and_changes_nothing(client):
    game = _new(client, seed=5)
    token = game["token"]
    _move(client, token, game["view"]["legal_moves"][0], expected_version=1)
    view = client.get(f"/play/{token}").get_json()
    body = _problem(
        client.post(
            f"/play/{token}/moves", json={"move": view["legal_moves"][0], "expected_version": 1}
        ),
        409,
    )
    assert body["version"] == view["version"]
    assert client.get(f"/play/{token}").get_json() == view


def test_idempotency_key_replays_the_first_answer_and_applies_once(client):
    game = _new(client, seed=5)
    token = game["token"]
    move = game["view"]["legal_moves"][0]
    first = _move(client, token, move, idempotency_key="abc")
    again = _move(client, token, move, idempotency_key="abc")
    assert first == again
    history = client.get(f"/play/{token}/history").get_json()
    assert sum(1 for m in history["moves"] if m["seat"] == "row3") == 1


# ---------------------------------------------------------------- resign


def test_resign_ends_the_game_and_the_other_seat_wins(client):
    game = _new(client, seed=2024)
    token = game["token"]
    answer = _ok(ResignAnswerSchema, client.post(f"/play/{token}/resign"))  # no body: optional
    assert answer["resigned"] is True and answer["status"] == "finished"
    assert answer["result"]["winners"] == ["row1"] and answer["result"]["draw"] is False
    assert answer["result"]["reason"]
    assert [e["seat"] for e in answer["events"]] == ["row3"]
    assert answer["legal_moves"] == [] and answer["to_move"] is None
    view = client.get(f"/play/{token}").get_json()
    assert view["status"] == "finished" and view["result"] == answer["result"]
    body = _problem(client.post(f"/play/{token}/resign", json={}), 409)
    assert body["title"] == "Game over"
    _problem(client.post("/play/nope.nope/resign", json={}), 404)


def test_resign_with_an_idempotency_key_replays_and_refuses_unknown_fields(client):
    token = _new(client, seed=3)["token"]
    body = _problem(client.post(f"/play/{token}/resign", json={"really": True}), 422)
    assert body["detail"].startswith("really: Unknown field.")
    assert client.get(f"/play/{token}").get_json()["status"] == "active"
    first = client.post(f"/play/{token}/resign", json={"idempotency_key": "r1"})
    again = client.post(f"/play/{token}/resign", json={"idempotency_key": "r1"})
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "body, content_type",
    [
        (b"not json at all", "application/json"),
        (b"[1, 2, 3]", "application/json"),
        (b'"just a string"', "application/json"),
        (b"{}", "application/json"),
        (b'{"move": 7}', "application/json"),
        (b'{"move": ""}', "application/json"),
        (b'{"move": "7s c3", "extra": 1}', "application/json"),
        (b'{"move": "7s c3", "expected_version": "three"}', "application/json"),
        (b'{"move": "7s c3", "expected_version": 1.5}', "application/json"),
        (b"\xff\xfe\x00garbage", "application/json"),
    ],
)
def test_bad_move_bodies_are_422_problems_and_change_nothing(client, body, content_type):
    game = _new(client, seed=5)
    token = game["token"]
    before = client.get(f"/play/{token}").get_json()
    problem = _problem(
        client.post(f"/play/{token}/moves", data=body, content_type=content_type), 422
    )
    assert '"move"' in problem["detail"], "the detail shows a valid body"
    assert client.get(f"/play/{token}").get_json() == before


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess"},
        {"game": "masul", "opponent": "robot"},
        {"game": "masul", "ai_level": "grandmaster"},
        {"game": "masul", "seed": "abc"},
        {"game": "masul", "seed": -1},
        {"game": "masul", "options": {"no_such_option": 1}},
        {"game": "masul", "options": []},
        {"game": "masul", "seats": [{"kind": "human"}]},
        {"game": "masul", "seats": [{"kind": "robot"}, {"kind": "ai"}]},
        {"game": "masul", "seats": [{"kind": "human"}, {"kind": "ai"}], "opponent": "ai"},
        {"game": "masul", "seat": "row9"},
        {"games": "masul"},
    ],
)
def test_bad_create_bodies_are_4xx_problems_and_create_nothing(client, redis_client, body):
    response = client.post("/games", json=body)
    assert response.status_code in (404, 422)
    _problem(response, response.status_code)
    assert redis_client.keys("gm:*") == []


def test_huge_body_is_a_413_problem(client):
    game = _new(client, seed=5)
    before = client.get(f"/play/{game['token']}").get_json()
    huge = json.dumps({"move": "x" * (1024 * 1024)})
    _problem(
        client.post(f"/play/{game['token']}/moves", data=huge, content_type="application/json"), 413
    )
    assert client.get(f"/play/{game['token']}").get_json() == before


@pytest.mark.parametrize(
    "path",
    [
        "/play/nonsense",
        "/play/abc.def/board",
        "/play/abc.def/history",
        "/games/abc",
        "/games/abc/history",
        "/no/such/route",
    ],
)
def test_unknown_tokens_games_and_routes_are_404_problems(client, path):
    _problem(client.get(path), 404)


def test_a_real_game_id_with_a_forged_secret_is_refused(client):
    game = _new(client, seed=5)
    forged = game["game_id"] + ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    _problem(client.get(f"/play/{forged}"), 404)
    _problem(client.post(f"/play/{forged}/moves", json={"move": "7s c3"}), 404)


def test_wrong_method_is_a_405_problem(client):
    response = client.delete("/games")
    _problem(response, 405)
    assert "POST" in response.headers["Allow"]


# ---------------------------------------------------------------- operator key, health


def test_operator_key_guards_every_route(settings, redis_client):
    from dataclasses import replace

    from gm.frontends.http.app import create_app

    app = create_app(replace(settings, api_key="s3cret"), client=redis_client)
    client = app.test_client()
    for path in ["/rules", "/games/abc", "/play/abc.def"]:
        body = _problem(client.get(path), 401)
        assert "Authorization: Bearer" in body["detail"]
    _problem(client.get("/rules", headers={"Authorization": "Bearer wrong"}), 401)
    _problem(client.get("/rules", headers={"Authorization": "Basic s3cret"}), 401)
    _problem(client.get("/rules", headers={"Authorization": "s3cret"}), 401)
    for scheme in ("Bearer", "bearer", "BEARER"):  # the scheme is case-insensitive (RFC 9110)
        assert (
            client.get("/rules", headers={"Authorization": f"{scheme} s3cret"}).status_code == 200
        )
    # the probes reveal nothing: they answer without the key; /version wants it
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json()["status"] == "ready"
    _problem(client.get("/version"), 401)


def test_health_is_liveness_and_readiness_checks_redis(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    body = ready.get_json()
    assert body["status"] == "ready"
    kind = "cluster" if CLUSTER else "single"  # GM_TEST_REDIS=cluster: the suite's second pass
    assert body["redis"]["kind"] == kind and body["redis"]["answers"] is True


@pytest.mark.slow
def test_unreachable_redis_is_a_503_problem(settings):
    import redis

    from gm.frontends.http.app import create_app

    dead = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.5)
    client = create_app(settings, client=dead).test_client()
    assert client.get("/healthz").status_code == 200  # liveness: the process is fine
    body = _problem(client.get("/readyz"), 503)
    assert body["redis"]["kind"] == "single" and body["redis"]["answers"] is False
    _problem(client.post("/games", json={"game": "masul"}), 503)
