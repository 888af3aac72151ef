"""Fair deals (gm/games/deal.py): a table with two human seats is dealt from the server's secret
mixed with the client seed, committed at creation, revealed and verifiable at the end; a game
against the AI keeps its reproducible seed."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gm.contract.schemas import ProblemSchema, VerifyAnswerSchema, ViewSchema
from gm.games import REGISTRY, deal
from gm.play import logbook
from gm.store.repository import Store

ROOT = Path(__file__).resolve().parents[2]
DEALT = ["masul", "solonyo", "maze", "card-chess"]  # a hidden deal right from the start


def _create(client, **body) -> dict[str, Any]:
    response = client.post("/games", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def _pair(client, game: str = "masul", seed: int | None = 2024) -> tuple[dict, dict]:
    body: dict[str, Any] = {"game": game, "opponent": "human"}
    if seed is not None:
        body["seed"] = seed
    created = _create(client, **body)
    (seat, invite), *_ = created["invites"].items()
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
    assert joined.status_code == 200
    return created, joined.get_json()


def _stored(redis_client, game_id: str) -> dict[str, Any]:
    return Store(redis_client).load(game_id)


def _play_out(client, tokens: dict[str, str], seen: list[str] | None = None) -> dict[str, Any]:
    """Every seat plays its first legal move until the end; every answer's text into ``seen``."""
    for _ in range(2000):
        view = client.get(f"/play/{next(iter(tokens.values()))}").get_json()
        if view["status"] == "finished":
            return view
        token = tokens[view["to_move"]]
        mine = client.get(f"/play/{token}").get_json()
        answer = client.post(f"/play/{token}/moves", json={"move": mine["legal_moves"][0]})
        if seen is not None and answer.get_json()["status"] == "active":  # before the end
            seen += [json.dumps(mine), answer.get_data(as_text=True)]
    raise AssertionError("the game did not end")


def _word(value: Any, text: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(str(value))}(?![0-9A-Za-z])", text) is not None


# ---------------------------------------------------------------- the encoding, as documented


def test_the_commitment_and_the_engine_seed_follow_the_documented_encoding():
    secret, game_id = "ab" * 32, "0123456789abcdef"
    for client_seed, client_text in ((2024, "2024"), (None, "")):
        text = f"gm-deal-v1|commit|{game_id}|{client_text}|{secret}".encode()
        assert deal.commitment(secret, client_seed, game_id) == hashlib.sha256(text).hexdigest()
        text = f"gm-deal-v1|seed|{game_id}|{client_text}|{secret}".encode()
        expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 11
        assert deal.engine_seed(secret, client_seed, game_id) == expected < 2**53
    # every input counts
    base = deal.commitment(secret, 1, game_id)
    assert base != deal.commitment(secret, 2, game_id) != deal.commitment(secret, None, game_id)
    assert base != deal.commitment("cd" * 32, 1, game_id)
    assert base != deal.commitment(secret, 1, "fedcba9876543210")


def test_which_tables_are_committed():
    assert deal.committed_for(2, 2024) and deal.committed_for(3, None) and deal.committed_for(2, 0)
    assert deal.committed_for(1, None) and deal.committed_for(0, None)
    assert not deal.committed_for(1, 2024) and not deal.committed_for(0, 7)


# ---------------------------------------------------------------- between humans


@pytest.mark.parametrize("game", DEALT)
def test_two_games_between_humans_with_the_same_seed_deal_different_hands(
    game, client, redis_client
):
    engine = REGISTRY[game]
    info = engine.info
    tables = 4  # a seat's first view can be small (So-Lon-Yo's challenger: one card of 52)
    joiner_views, seeds, states = [], [], []
    for _ in range(tables):
        created, joined = _pair(client, game, seed=2024)
        assert created["seed"] == 2024  # the client's own seed is echoed, nothing more
        doc = _stored(redis_client, created["game_id"])
        seeds.append(doc["seed"])
        states.append(json.dumps(doc["state"], sort_keys=True))
        joiner_views.append(joined["view"]["state"])
        assert created["view"]["deal"]["fair"] is True
        assert created["view"]["deal"]["client_seed_given"] is True
    assert len(set(seeds)) == tables and 2024 not in seeds
    assert len(set(states)) == tables  # the whole deal, hidden cards and all
    assert any(view != joiner_views[0] for view in joiner_views[1:])
    # what the creator could compute offline from the seed alone is not the joiner's hand
    joiner = info.seat_names.index(joined["seat"])
    offline = engine.new_state(2024, engine.options({}), 2)
    assert json.dumps(engine.to_dict(offline), sort_keys=True) not in states
    assert any(engine.view(offline, joiner, None) != view for view in joiner_views)


def test_the_engine_seed_differs_between_two_human_tables_of_every_game(client, redis_client):
    for game, entry in REGISTRY.items():
        seats = [{"kind": "human"}] * entry.info.min_players
        docs = [
            _stored(redis_client, _create(client, game=game, seats=seats, seed=5)["game_id"])
            for _ in range(2)
        ]
        assert docs[0]["seed"] != docs[1]["seed"], game
        assert docs[0]["deal"]["commitment"] != docs[1]["deal"]["commitment"], game


def test_every_view_shows_the_same_commitment_and_no_secret_until_the_end(client, redis_client):
    created, joined = _pair(client, "masul", seed=99)
    game_id = created["game_id"]
    doc = _stored(redis_client, game_id)
    secret, engine_seed = doc["deal"]["secret"], doc["seed"]
    commitment = created["view"]["deal"]["commitment"]
    assert commitment == deal.commitment(secret, 99, game_id)
    tokens = {created["seat"]: created["token"], joined["seat"]: joined["token"]}
    seen = [json.dumps(created), json.dumps(joined)]

    def look() -> None:
        for token in tokens.values():
            view = client.get(f"/play/{token}").get_json()
            assert view["deal"] == created["view"]["deal"]
            assert not ViewSchema().validate(view)
            seen.append(json.dumps(view))
            for path in ("board", "history"):
                seen.append(client.get(f"/play/{token}/{path}").get_data(as_text=True))
            said = client.post(f"/play/{token}/say", json={"text": "board"})
            seen.append(said.get_data(as_text=True))
        spectator = client.get(f"/games/{game_id}").get_json()
        assert spectator["deal"]["commitment"] == commitment
        seen.append(json.dumps(spectator))
        seen.append(client.get(f"/games/{game_id}/history").get_data(as_text=True))
        running = client.get(f"/games/{game_id}/verify").get_json()
        assert running["verified"] is None and running["deal"] is None
        seen.append(json.dumps(running))

    look()
    # refusals of every kind
    token = created["token"]
    for response in (
        client.post(f"/play/{token}/moves", json={"move": "Z♠ C9"}),
        client.post(f"/play/{token}/moves", json={"move": "x", "bad": 1}),
        client.post(f"/play/{token}/moves", json={"move": "x", "expected_version": 999}),
        client.post(f"/games/{game_id}/join", json={"invite": "nope"}),
        client.post("/games", json={"game": "masul", "seed": "x"}),
    ):
        seen.append(response.get_data(as_text=True))
        if response.status_code >= 400:
            assert not ProblemSchema().validate(response.get_json())
    final = _play_out(client, tokens, seen)
    text = "\n".join(seen)
    assert secret not in text
    assert not _word(engine_seed, text)
    # the end reveals it, with the same commitment
    revealed = final["result"]["deal"]
    assert revealed["server_secret"] == secret and revealed["engine_seed"] == engine_seed
    assert revealed["commitment"] == commitment and revealed["client_seed"] == 99
    assert final["deal"]["commitment"] == commitment and "server_secret" not in final["deal"]
    assert not ViewSchema().validate(final)


# ---------------------------------------------------------------- verifying


def _finished_pair(client) -> tuple[dict, dict]:
    created, joined = _pair(client, "masul", seed=2024)
    tokens = {created["seat"]: created["token"], joined["seat"]: joined["token"]}
    return created, _play_out(client, tokens)


def test_a_finished_game_between_humans_verifies(client):
    created, final = _finished_pair(client)
    answer = client.get(f"/games/{created['game_id']}/verify")
    assert answer.status_code == 200
    body = answer.get_json()
    assert not VerifyAnswerSchema().validate(body)
    assert body["verified"] is True and body["status"] == "finished"
    assert {c["check"]: c["ok"] for c in body["checks"]} == {
        "commitment": True,
        "engine_seed": True,
        "replay": True,
    }
    assert body["deal"] == final["result"]["deal"]
    assert body["commitment"] == created["view"]["deal"]["commitment"]


def test_a_resigned_game_and_an_illegal_move_forfeit_replay(client):
    created, joined = _pair(client, "masul", seed=None)
    client.post(f"/play/{created['token']}/moves", json={"move": created["view"]["legal_moves"][0]})
    client.post(f"/play/{joined['token']}/resign")
    body = client.get(f"/games/{created['game_id']}/verify").get_json()
    assert body["verified"] is True and body["deal"]["client_seed"] is None, body
    forfeit = _create(client, game="solonyo", opponent="human", illegal_move_limit=1)
    client.post(f"/play/{forfeit['token']}/moves", json={"move": "nonsense words"})
    body = client.get(f"/games/{forfeit['game_id']}/verify").get_json()
    assert body["status"] == "finished" and body["verified"] is True, body


def _cli(args: list[str], redis_url: str, stdin: str | None = None):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REDIS_URL": redis_url}
    return subprocess.run(
        [sys.executable, "-m", "gm", "verify", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.slow
def test_gm_verify_checks_a_finished_games_commitment_and_fails_on_a_tampered_secret(
    client, redis_url
):
    created, final = _finished_pair(client)
    game_id = created["game_id"]
    commitment = created["view"]["deal"]["commitment"]
    run = _cli([game_id, "--commitment", commitment], redis_url)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok   commitment" in run.stdout and "ok   replay" in run.stdout
    assert "Verified" in run.stdout
    # the revealed values alone, from stdin (the finished view as it came)
    run = _cli(["--json", "-"], redis_url, stdin=json.dumps(final))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok   commitment" in run.stdout and "ok   engine_seed" in run.stdout
    # one digit of the secret changed: the commitment and the engine seed no longer match
    tampered = json.loads(json.dumps(final["result"]["deal"]))
    secret = tampered["server_secret"]
    tampered["server_secret"] = ("1" if secret[0] != "1" else "2") + secret[1:]
    tampered["game_id"] = game_id
    run = _cli(["--json", json.dumps(tampered)], redis_url)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL commitment" in run.stdout and "FAIL engine_seed" in run.stdout
    assert "Verification FAILED" in run.stdout
    # the right values against another commitment than the one seen during the game
    run = _cli([game_id, "--commitment", "0" * 64], redis_url)
    assert run.returncode == 1 and "FAIL published" in run.stdout
    # a running game has nothing to verify yet
    running = _create(client, game="masul", opponent="human")
    run = _cli([running["game_id"]], redis_url)
    assert run.returncode == 2 and "still running" in run.stdout
    run = _cli(["0000000000000000"], redis_url)
    assert run.returncode == 2 and "Unknown game" in run.stderr


def test_the_route_says_what_did_not_match_when_the_store_is_tampered(
    client, redis_client, monkeypatch
):
    # the log kept as it was written (a finished game's is compacted to its moves, from which
    # its entries are rebuilt: gm/play/logbook.py; tests/store/test_storage.py)
    monkeypatch.setattr(logbook, "pack", lambda doc, entries: None)
    store = Store(redis_client)
    created, _ = _finished_pair(client)
    game_id = created["game_id"]
    doc = store.load(game_id)
    good = json.loads(json.dumps(doc))

    def verdict(doc: dict[str, Any]) -> dict[str, Any]:
        redis_client.set(store.doc_key(game_id), json.dumps(doc))
        body = client.get(f"/games/{game_id}/verify").get_json()
        assert not VerifyAnswerSchema().validate(body)
        return {c["check"]: c["ok"] for c in body["checks"]} | {"verified": body["verified"]}

    doc["deal"]["secret"] = "f" * 64
    assert verdict(doc) == {
        "commitment": False,
        "engine_seed": False,
        "replay": True,
        "verified": False,
    }
    doc = json.loads(json.dumps(good))
    doc["seed"] += 1  # dealt from another seed than the secret gives
    result = verdict(doc)
    assert result["commitment"] is True and result["engine_seed"] is False
    assert result["replay"] is False and result["verified"] is False
    # a logged move changed: the replay no longer matches
    redis_client.set(store.doc_key(game_id), json.dumps(good))
    log_key = store.log_key(game_id)
    entry = json.loads(redis_client.lindex(log_key, 0))
    entry["events"][0]["text"] += " (edited)"
    redis_client.lset(log_key, 0, json.dumps(entry))
    body = client.get(f"/games/{game_id}/verify").get_json()
    replay = next(c for c in body["checks"] if c["check"] == "replay")
    assert replay["ok"] is False and "Move 1" in replay["detail"] and body["verified"] is False


# ---------------------------------------------------------------- against the AI


def test_a_game_against_the_ai_keeps_its_reproducible_seed(client, redis_client):
    hands = []
    for _ in range(2):
        created = _create(client, game="masul", opponent="ai", seed=2024)
        assert "Q♦" in created["view"]["board"]  # README's curl session relies on it
        assert _stored(redis_client, created["game_id"])["seed"] == 2024
        assert created["view"]["deal"] == {
            "fair": False,
            "committed": False,
            "commitment": None,
            "client_seed_given": True,
            "scheme": "gm-deal-v1",
            "note": created["view"]["deal"]["note"],
        }
        hands.append(created["view"]["state"])
    assert hands[0] == hands[1]
    client.post(f"/play/{created['token']}/resign")
    body = client.get(f"/games/{created['game_id']}/verify").get_json()
    checks = {c["check"]: c["ok"] for c in body["checks"]}
    assert checks == {"commitment": None, "engine_seed": True, "replay": True}
    assert body["verified"] is True and body["deal"]["engine_seed"] == 2024


def test_a_game_against_the_ai_without_a_seed_and_an_all_ai_table_are_committed(client):
    created = _create(client, game="masul", opponent="ai")
    assert created["view"]["deal"]["fair"] is True and "seed" not in created
    seats = [{"kind": "ai", "level": "random"}] * 2
    table = _create(client, game="masul", seats=seats)
    assert table["view"]["deal"]["committed"] is True
    for _ in range(50):  # an all-AI table plays on with every read
        view = client.get(f"/games/{table['game_id']}").get_json()
        if view["status"] == "finished":
            break
    assert view["status"] == "finished"
    body = client.get(f"/games/{table['game_id']}/verify").get_json()
    assert body["verified"] is True, body
    seeded = _create(client, game="masul", seats=seats, seed=11)
    assert seeded["view"]["deal"]["committed"] is False  # all-AI with a seed: reproducible


def test_gm_verify_wants_a_game_id_or_values(capsys):
    from gm.frontends.cli.main import main

    assert main(["verify"]) == 2
    assert "GAME_ID or --json" in capsys.readouterr().err
    assert main(["verify", "--json", "{not json"]) == 2
    assert "cannot read the values" in capsys.readouterr().err
    assert main(["verify", "--json", '{"server_secret": "x"}']) == 2
    assert "game_id" in capsys.readouterr().out


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_game_played_to_its_end_verifies_and_a_changed_seed_does_not(game, service):
    seats = [{"kind": "ai", "level": "random"}] * REGISTRY[game].info.min_players
    created = service.create(game, seats=seats)
    for _ in range(100):
        if service.spectate(created["game_id"])["status"] == "finished":
            break
    answer = service.verify(created["game_id"])
    assert answer["verified"] is True, answer
    assert not VerifyAnswerSchema().validate(answer)
    doc, log = service.store.load(created["game_id"]), service.store.log(created["game_id"])
    replay = deal.replay(service.game(game), doc, log, doc["seed"] + 1)
    assert replay["ok"] is False, replay
