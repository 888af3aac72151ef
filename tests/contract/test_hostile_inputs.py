"""Hostile values at the contract (every front end: HTTP, MCP, terminal) and answers built before
their write: when building an answer fails, nothing was committed (no game without its token, no
joined seat without its token, no counted attempt or played move behind a 500)."""

from __future__ import annotations

import pytest

from gm.contract.arguments import load_arguments, perform
from gm.contract.errors import InvalidArguments
from gm.contract.inputs import MAX_JSON_DEPTH, check_text, parse_json
from gm.contract.operations import operation
from gm.play import answers, chat
from gm.store.repository import Store


def test_tool_arguments_with_a_lone_surrogate_are_refused(service):
    game = service.create("masul")
    for name, arguments in [
        ("play_move", {"token": game["token"], "move": "7\ud800"}),
        ("play_move", {"token": game["token"], "move": "7♠", "idempotency_key": "\udc80"}),
        ("say", {"token": game["token"], "text": "\ud83d"}),
        ("new_game", {"game": "masul", "options": {"\ud800": 1}}),
        ("new_game", {"game": "masul", "seats": [{"kind": "ai", "level": "\udfff"}]}),
    ]:
        with pytest.raises(InvalidArguments, match="surrogate"):
            perform(operation(name), service, arguments)
    # a paired surrogate is one character, and fine
    assert load_arguments(operation("say"), {"token": game["token"], "text": "😀"})["text"] == "😀"


def test_depth_is_bounded_before_any_schema():
    nested: object = "x"
    for _ in range(MAX_JSON_DEPTH - 1):
        nested = [nested]
    check_text({"options": nested})  # the body object and its arrays: the limit, fine
    with pytest.raises(InvalidArguments, match="nested"):
        check_text({"options": [nested]})
    with pytest.raises(InvalidArguments, match="nested"):
        parse_json(b"[" * 5000 + b"]" * 5000)
    assert parse_json(b"not json") is None and parse_json(b"\xff\xfe\xfa") is None


def _stored(redis_client, game_id):
    return redis_client.get(Store.doc_key(game_id)), redis_client.lrange(
        Store.log_key(game_id), 0, -1
    )


def _broken(*_args, **_kwargs):
    raise RuntimeError("answer cannot be built")


def test_create_writes_nothing_when_its_answer_fails(service, redis_client, monkeypatch):
    monkeypatch.setattr(answers, "view", _broken)
    with pytest.raises(RuntimeError):
        service.create("masul")
    assert redis_client.keys("gm:*") == []


def test_join_writes_nothing_when_its_answer_fails(service, redis_client, monkeypatch):
    game = service.create("masul", opponent="human")
    invite = next(iter(game["invites"].values()))
    before = _stored(redis_client, game["game_id"])
    with monkeypatch.context() as patch:
        patch.setattr(answers, "view", _broken)
        with pytest.raises(RuntimeError):
            service.join(game["game_id"], invite)
    assert _stored(redis_client, game["game_id"]) == before
    assert service.join(game["game_id"], invite)["token"]  # the invite still works


@pytest.mark.parametrize("text", ["play the queen of spades in column 9", "yes, resign"])
def test_say_writes_nothing_when_its_reply_fails(service, redis_client, monkeypatch, text):
    """Both texts would write (a counted attempt that forfeits at limit 1; a resignation)."""
    game = service.create("masul", opponent="human", illegal_move_limit=1)
    before = _stored(redis_client, game["game_id"])
    with monkeypatch.context() as patch:
        patch.setattr(chat.replies, "refused", _broken)
        patch.setattr(chat.replies, "status", _broken)
        with pytest.raises(RuntimeError):
            chat.say(service, game["token"], text)
    assert _stored(redis_client, game["game_id"]) == before
    assert service.seat_view(game["token"])["status"] == "active"
