"""The app the HTTP benchmark serves: gm's app plus one baseline route (bench only, never in gm).

``POST /bench/baseline/<game_id>`` does one Redis GET of the game's document and one SET of a
document of the same size: the least any store-backed move endpoint must pay.

``POST /bench/io/<game_id>`` is the floor plus a move's own input and output and nothing of a
game: it reads a move's JSON body (``{"move": "..."}``, a 400 when that is not what came), does
the same GET and SET, and answers the bytes of a real move's answer (stored by bench/serving.py
under ``bench:io-answer``, read once per worker): what a move endpoint would cost if the seat's
check, the move's reading and playing, the AI's reply, the view and the conditional write's
script cost no more than the floor's SET.
"""

from __future__ import annotations

from flask import abort, jsonify, request

from gm.frontends.http.app import create_app


def create_bench_app():  # type: ignore[no-untyped-def]
    app = create_app()
    store = app.extensions["gm.service"].store

    @app.post("/bench/baseline/<game_id>")
    def baseline(game_id: str):  # type: ignore[no-untyped-def]
        raw = store.redis.get(store.doc_key(game_id))
        store.redis.set(f"bench:{{{game_id}}}:copy", raw, ex=600)
        return jsonify({"bytes": len(raw or b"")})

    answers: list[bytes] = []

    @app.post("/bench/io/<game_id>")
    def io(game_id: str):  # type: ignore[no-untyped-def]
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not isinstance(body.get("move"), str):
            abort(400)
        raw = store.redis.get(store.doc_key(game_id))
        store.redis.set(f"bench:{{{game_id}}}:copy", raw, ex=600)
        if not answers:
            answers.append(store.redis.get("bench:io-answer") or b"{}")
        return app.response_class(answers[0], mimetype="application/json")

    return app
