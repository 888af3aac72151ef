"""Card Chess through HTTP: one turn is one ply (a capture's REPLACE/KEEP answer included), and an
EXCHANGE that may leave the side without a move is warned about before it is played — in the
verdict, in "can I exchange?" and in the coach (the playtest's seed 6509860840382309)."""

from __future__ import annotations

from gm.games import GAMES

SEED = 6509860840382309


def _two_seats(client, seed):
    body = {"game": "card-chess", "opponent": "human", "seed": seed}
    created = client.post("/games", json=body).get_json()
    (invite,) = created["invites"].values()
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    return created, [created["token"], joined["token"]]


def _move(client, token, text):
    return client.post(f"/play/{token}/moves", json={"move": text}).get_json()


def test_a_capture_and_its_answer_are_one_ply(client, reproducible_deals):
    created, tokens = _two_seats(client, 1)
    answer = None
    for i in range(80):  # captures first, else a move that is not an exchange
        view = client.get(f"/play/{tokens[i % 2]}").get_json()
        if view["state"]["pending_capture"] is not None:
            break
        moves = [m for m in view["legal_moves"] if m != "EXCHANGE"]
        captures = [m for m in moves if "x" in m]
        text = captures[0] if captures else moves[(i * 7) % len(moves)]
        answer = _move(client, tokens[i % 2], text)
        assert answer["legal"], answer
        assert answer["state"]["ply"] == answer["state"]["turns"], "a ply per finished turn"
    else:
        raise AssertionError("no capture waited for REPLACE or KEEP")
    mover = tokens[(i - 1) % 2]  # the capturer answers
    view = client.get(f"/play/{mover}").get_json()
    state = view["state"]
    assert state["ply"] == state["turns"], "the capture alone is no ply"
    assert f"ply {state['ply']} of 500" in view["board"].splitlines()[0]
    answer = _move(client, mover, view["legal_moves"][-1])  # KEEP
    assert answer["legal"] and answer["state"]["turns"] == state["turns"] + 1
    assert answer["state"]["ply"] == state["ply"] + 1, "the turn ended: one ply more"
    history = client.get(f"/games/{created['game_id']}/history", query_string={"limit": 200})
    assert history.get_json()["total"] == state["turns"] + 2, "the log keeps both steps"


def test_a_risky_exchange_is_warned_about_before_it_is_played(client):
    body = {"game": "card-chess", "seed": SEED, "opponent": "ai", "ai_level": "heuristic"}
    created = client.post("/games", json=body).get_json()
    token = created["token"]
    before = client.get(f"/play/{token}").get_json()
    assert "EXCHANGE" in before["legal_moves"]
    said = client.post(f"/play/{token}/say", json={"text": "exchange"}).get_json()
    assert said["legal"] is False and said["kind"] == "confirm", said
    assert "you lose" in said["reason"] and said["candidates"] == ["EXCHANGE ANYWAY"]
    assert said["reply"].startswith("Not played yet. Risky") and "EXCHANGE ANYWAY" in said["reply"]
    assert client.get(f"/play/{token}").get_json()["version"] == before["version"]
    asked = client.post(f"/play/{token}/say", json={"text": "can I exchange?"}).get_json()
    assert "Yes, EXCHANGE is legal now, but: Risky" in asked["reply"], asked
    assert asked["version"] == before["version"]
    played = client.post(f"/play/{token}/say", json={"text": "exchange anyway"}).get_json()
    assert played["legal"] is True and played["move"] == "EXCHANGE", played


def test_the_move_api_plays_a_canonical_exchange_as_sent(client):
    body = {"game": "card-chess", "seed": SEED, "opponent": "ai", "ai_level": "heuristic"}
    token = client.post("/games", json=body).get_json()["token"]
    assert _move(client, token, "EXCHANGE")["move"] == "EXCHANGE"


def test_the_coach_names_the_risk_of_an_exchange():
    engine = GAMES["card-chess"].engine
    spec = GAMES["card-chess"].levels["strong"].spec
    state = engine.new_state(SEED, engine.options({}), 2)
    told = spec.explain(engine, engine.view(state, 0, None), 0, ("exchange",))
    assert told.startswith("It exchanges your hand") and "you lose at once" in told
