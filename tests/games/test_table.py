"""The framework's table, on the toy game of tests/toy_game.py: turns, the canonical-text match,
endings by resignation, the illegal-move limit and the move cap (each one consistent finished
game), AI budgets (an all-AI table is never stuck), and tampered table documents."""

from __future__ import annotations

import pytest

from gm.games.base import RULES, InvalidStateError, game_over_line
from gm.games.table import Budget, SetupError, Table, validate_document
from gm.play.service import GameService, ServiceError
from gm.store.repository import Store


def _table(game, seats=("human", "human"), options=None, limit=None, seed=3) -> Table:
    specs = [{"kind": k} for k in seats]
    doc = Table.new_document(game, specs, seed, options, limit)
    doc.update(id="g1", version=1)
    return Table(game, doc)


def assert_finished(answer: dict) -> None:
    """One consistent finished game: status, view, state, board and result agree."""
    assert answer["status"] == "finished"
    assert answer["to_move"] is None and answer["your_turn"] is False
    assert answer["legal_moves"] == []
    assert answer["state"]["over"] is True and answer["state"]["to_move"] is None
    result = answer["result"]
    assert result is not None and result["reason"]
    assert sorted(result["scores"]) == sorted(s["name"] for s in answer["seats"])
    lines = answer["board"].splitlines()
    assert not any(line.startswith("Turn") for line in lines), answer["board"]
    assert lines[-1].startswith("Game over: ") and result["reason"] in lines[-1]


def test_not_your_turn_and_game_over_are_verdicts_that_do_not_count(toy_game):
    table = _table(toy_game, limit=1)
    move, error, entries = table.attempt(1, "TAKE 1")
    assert move is None and error.rule == "not-your-turn" and "left is to move" in error.reason
    assert entries == [] and table.doc["seats"][1]["illegal"] == 0
    table.doc["state"]["pile"] = 2  # near the end (the state stays consistent below)
    table = Table(toy_game, {**table.doc, "state": {**table.doc["state"], "taken": [8, 0]}})
    table.play(0, ("take", 2))
    assert table.outcome().termination == RULES and table.to_move() is None
    move, error, entries = table.attempt(1, "TAKE 1")
    assert error.rule == "game-over" and entries == [] and table.doc["seats"][1]["illegal"] == 0


def test_the_canonical_text_of_a_legal_move_is_matched_before_the_parser(toy_game, monkeypatch):
    table = _table(toy_game)

    def refuse(*args):
        raise AssertionError("the parser must not run for a canonical text")

    monkeypatch.setattr(type(toy_game.engine), "parse_move", refuse)
    assert table.read(0, "  take   2 ") == ("take", 2)
    assert table.read(0, "TAKE 3") == ("take", 3)


@pytest.mark.parametrize("how", ["resign", "limit", "cap", "rules"])
def test_every_ending_is_one_consistent_finished_game(service, toy_game, how):
    options = {"pile": 50, "max_moves": 3} if how == "cap" else {"pile": 4}
    game = service.create("take-away", opponent="human", options=options, illegal_move_limit=2)
    token = game["token"]
    if how == "resign":
        answer = service.resign(token)
        assert answer["result"]["termination"] == "resignation"
        assert answer["result"]["winners"] == ["right"]
    elif how == "limit":
        service.move(token, "take 9")
        answer = service.move(token, "nonsense")
        assert answer["result"]["termination"] == "illegal-moves"
        assert "forfeited after 2 illegal moves" in answer["result"]["reason"]
    elif how == "cap":
        joined = service.join(game["game_id"], game["invites"]["right"])
        service.move(token, "take 1")
        service.move(joined["token"], "take 1")
        answer = service.move(token, "take 1")
        assert answer["result"]["termination"] == "move-cap" and answer["result"]["draw"]
        assert answer["result"]["reason"] == "Drawn: the cap of 3 moves was reached"
        assert answer["events"][-1]["text"] == "Drawn: the cap of 3 moves was reached."
    else:
        answer = service.move(token, "take 3")
        joined = service.join(game["game_id"], game["invites"]["right"])
        answer = service.move(joined["token"], "take 1")
        assert answer["result"]["termination"] == "rules"
    assert_finished(answer)
    for view in (service.seat_view(token), service.spectate(game["game_id"])):
        assert_finished(view)
        assert view["result"] == answer["result"]
    assert service.board(token) == service.seat_view(token)["board"]
    verdict = service.move(token, "take 1")
    assert verdict["legal"] is False and verdict["rule"] == "game-over"
    with pytest.raises(ServiceError) as err:
        service.resign(token)
    assert err.value.status == 409


def test_forfeit_board_ends_with_the_one_game_over_line(service, toy_game):
    game = service.create("take-away", opponent="ai")
    answer = service.resign(game["token"])
    board = answer["board"].splitlines()
    assert board[-1] == "Game over: left resigned; right wins."
    assert board.count(board[-1]) == 1


def test_an_all_ai_table_is_never_stuck(app, redis_client, toy_game):
    store: Store = app.extensions["gm.service"].store
    slow = GameService(store, budget=lambda: Budget(steps=2))
    game = slow.create(
        "take-away", seats=[{"kind": "ai"}, {"kind": "ai", "level": "random"}], options={"pile": 50}
    )
    assert game["view"]["status"] == "active" and game["view"]["to_move"] is not None
    versions = [game["view"]["version"]]
    for _ in range(60):
        view = slow.spectate(game["game_id"])
        versions.append(view["version"])
        if view["status"] == "finished":
            break
    assert view["status"] == "finished", "an all-AI table must reach its end"
    assert versions == sorted(versions) and len(set(versions)) > 5
    moves = slow.history(game_id=game["game_id"])["moves"]
    assert len(moves) >= 17  # 50 stones, at most 3 a move
    assert sum(view["state"]["taken"]) == 50 and moves[-1]["events"][0].endswith("; 0 left.")


def test_the_budget_counts_steps_and_time():
    budget = Budget(steps=3, seconds=100)
    assert [budget.take() for _ in range(5)] == [True, True, True, False, False]
    now = [0.0]
    timed = Budget(steps=100, seconds=1.0, clock=lambda: now[0])
    assert timed.take()
    now[0] = 0.5
    assert timed.take()
    now[0] = 1.0
    assert not timed.take()


def test_setup_errors_name_what_to_change(toy_game):
    with pytest.raises(SetupError, match="takes 2 to 2 seats"):
        Table.new_document(toy_game, [{"kind": "human"}], 1, None, None)
    with pytest.raises(SetupError, match="must be at most 50"):
        Table.new_document(toy_game, [{"kind": "human"}] * 2, 1, {"pile": 51}, None)
    with pytest.raises(SetupError, match="AI level 'genius' does not exist"):
        Table.new_document(toy_game, [{"kind": "ai", "level": "genius"}] * 2, 1, None, None)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update(players=3),
        lambda d: d["seats"][0].update(kind="robot"),
        lambda d: d["seats"][1].update(illegal=-1),
        lambda d: d.update(ply=-2),
        lambda d: d["options"].update(pile=500),
        lambda d: d["options"].update(colour="red"),
        lambda d: d.update(ending={"termination": "rules", "seat": 0, "reason": "x"}),
        lambda d: d.update(ending={"termination": "move-cap", "seat": 1, "reason": "x"}),
        lambda d: d.update(ending={"termination": "resignation", "seat": 7, "reason": "x"}),
        lambda d: d["state"].update(pile=99),
    ],
)
def test_tampered_table_documents_are_refused(toy_game, tamper):
    doc = _table(toy_game).doc
    validate_document(toy_game, doc)
    tamper(doc)
    with pytest.raises(InvalidStateError):
        Table(toy_game, doc)


def test_game_over_line_is_one_sentence():
    from gm.games.base import Outcome

    assert game_over_line(Outcome([0], False, "left won.")) == "Game over: left won."
    assert game_over_line(Outcome([0], False, "left won")) == "Game over: left won."


def _row3_fills_its_row_first(service, seed: int):
    """Row 3 only fills slots; Row 1 replaces Field Cards whenever it can, so it plays on after
    Row 3's row is full. Returns (row3 token, its view) once Row 3 is exhausted, or None."""
    game = service.create("masul", opponent="human", seed=seed)
    row3 = game["token"]
    row1 = service.join(game["game_id"], game["invites"]["row1"])["token"]
    for _ in range(40):
        view = service.seat_view(row3)
        if view["status"] != "active":
            return None
        if view["state"]["exhausted"]["row3"]:
            return row3, view
        if view["your_turn"]:
            slots = [m for m in view["legal_moves"] if " FC" not in m]
            assert service.move(row3, slots[0])["legal"]
        else:
            moves = service.seat_view(row1)["legal_moves"]
            field = [m for m in moves if " FC" in m]
            assert service.move(row1, (field or moves)[0])["legal"]
    return None


def test_a_masul_seat_with_a_full_row_is_told_it_has_exhausted_its_turns(service):
    found = next(r for seed in range(30) if (r := _row3_fills_its_row_first(service, seed)))
    row3, view = found
    assert view["status"] == "active" and view["to_move"] == "row1"
    verdict = service.move(row3, "anything at all")
    assert verdict["legal"] is False and verdict["rule"] == "cannot-act"
    assert "exhausted" in verdict["reason"] and "not your turn" not in verdict["reason"].lower()
    assert verdict["seats"][0]["illegal_attempts"] == 0
