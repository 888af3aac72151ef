"""The app the HTTP benchmark serves: gm's app plus one baseline route (bench only, never in gm).

``POST /bench/baseline/<game_id>`` does one Redis GET of the game's document and one SET of a
document of the same size: the least any store-backed move endpoint must pay.
"""

from __future__ import annotations

from flask import jsonify

from gm.app import create_app


def create_bench_app():  # type: ignore[no-untyped-def]
    app = create_app()
    store = app.extensions["gm.service"].store

    @app.post("/bench/baseline/<game_id>")
    def baseline(game_id: str):  # type: ignore[no-untyped-def]
        raw = store.redis.get(store.doc_key(game_id))
        store.redis.set(f"bench:{{{game_id}}}:copy", raw, ex=600)
        return jsonify({"bytes": len(raw or b"")})

    return app
