"""``POST /play/<token>/say``: a chat message (a move in any phrasing, or a request such as "show
the board") answered with a short ``reply`` plus the board and the seat's view. See gm/chat.py."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from gm import chat
from gm.api import EXAMPLES, _body, service
from gm.api.schemas import SaySchema

bp = Blueprint("gm_chat", __name__)

EXAMPLES["POST /play/<token>/say"] = {"text": "show the board"}


@bp.post("/play/<token>/say")
def say(token: str) -> Any:
    body = _body(SaySchema(), "POST /play/<token>/say")
    return jsonify(
        chat.say(service(), token, body["text"], body["expected_version"], body["idempotency_key"])
    )
