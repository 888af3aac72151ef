"""Fair deals: the server's secret, the commitment to the deal, and checking it at the end. Pure.

A game whose deal no single participant may know is *committed*: the server draws a secret of 256
random bits, mixes it with the client's seed (if one was given) and the game id into the engine
seed, and publishes a commitment to those values in every view. The secret stays in the stored
document (never in a view, board, history or error) until the game is over; then ``result.deal``
reveals it, and anyone can recompute the commitment and the engine seed and replay the logged
moves from that seed (:func:`verify_game`, ``gm verify``, ``GET /games/<game_id>/verify``).

Which deals are committed: every table with two or more human seats, and every table whose
creator gave no seed. A table with at most one human seat and a chosen seed (a game against the
AI, or an all-AI table) keeps its reproducibility: the chosen seed is the engine seed, so the same
seed deals the same cards; its view says ``fair: false`` (the one person at the table knows the
deal) and there is no commitment.

The encoding (scheme ``gm-deal-v1``), all text UTF-8, ``client`` the client seed in decimal or the
empty string when none was given, ``secret`` the 64 lowercase hex digits of the server secret::

    commitment  = hex(SHA-256("gm-deal-v1|commit|" + game_id + "|" + client + "|" + secret))
    engine_seed = int(first 8 bytes of SHA-256("gm-deal-v1|seed|" + game_id + "|" + client
                                               + "|" + secret), big-endian) >> 11   # 53 bits

The two hashes use different labels, so the commitment tells nothing about the engine seed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from typing import Any

SCHEME = "gm-deal-v1"
_HEX64 = re.compile(r"[0-9a-f]{64}")


# ---------------------------------------------------------------- the values


def new_secret() -> str:
    """256 random bits, as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def _message(label: str, game_id: str, client_seed: int | None, secret: str) -> bytes:
    client = "" if client_seed is None else str(int(client_seed))
    return f"{SCHEME}|{label}|{game_id}|{client}|{secret}".encode()


def commitment(secret: str, client_seed: int | None, game_id: str) -> str:
    return hashlib.sha256(_message("commit", game_id, client_seed, secret)).hexdigest()


def engine_seed(secret: str, client_seed: int | None, game_id: str) -> int:
    digest = hashlib.sha256(_message("seed", game_id, client_seed, secret)).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def committed_for(humans: int, client_seed: int | None) -> bool:
    """Whether a table with ``humans`` human seats gets a committed deal (see the module text)."""
    return humans >= 2 or client_seed is None


def new_deal(game_id: str, humans: int, client_seed: int | None) -> tuple[dict[str, Any], int]:
    """The ``deal`` part of a new game document and the engine seed to deal with."""
    if not committed_for(humans, client_seed):
        assert client_seed is not None
        deal = {"scheme": SCHEME, "committed": False, "client_seed": client_seed}
        return deal, client_seed
    secret = new_secret()
    deal = {
        "scheme": SCHEME,
        "committed": True,
        "client_seed": client_seed,
        "secret": secret,
        "commitment": commitment(secret, client_seed, game_id),
    }
    return deal, engine_seed(secret, client_seed, game_id)


# ---------------------------------------------------------------- what views show


def public(doc: dict[str, Any]) -> dict[str, Any]:
    """What every seat and a spectator see of the deal, at any time: never the secret nor the
    engine seed."""
    deal = doc.get("deal")
    if deal is None:  # a game stored before deals were committed
        return {
            "fair": False,
            "committed": False,
            "commitment": None,
            "client_seed_given": bool(doc.get("seed_given")),
            "scheme": None,
            "note": "This game was created before deals were committed; nothing to verify.",
        }
    committed = bool(deal["committed"])
    if committed:
        note = (
            "Committed: the server mixed its own secret into the deal, so no player can know or "
            "choose it; the secret is revealed in the result and the deal can be verified."
        )
    else:
        note = (
            "Reproducible: the seed chosen at creation deals the cards (at most one person "
            "plays here), so that seed gives the same deal again; not committed."
        )
    return {
        "fair": committed,
        "committed": committed,
        "commitment": deal.get("commitment"),
        "client_seed_given": deal.get("client_seed") is not None,
        "scheme": deal["scheme"],
        "note": note,
    }


def revealed(doc: dict[str, Any]) -> dict[str, Any]:
    """The deal as the result shows it once the game is over: the public part plus the secret,
    the client seed and the engine seed."""
    deal = doc.get("deal") or {}
    return {
        **public(doc),
        "server_secret": deal.get("secret"),
        "client_seed": deal.get("client_seed"),
        "engine_seed": doc["seed"],
    }


# ---------------------------------------------------------------- checking


def _check(name: str, ok: bool | None, detail: str) -> dict[str, Any]:
    return {"check": name, "ok": ok, "detail": detail}


def _is_seed(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


def check_values(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Recompute the commitment and the engine seed from revealed values: ``game_id``,
    ``commitment``, ``server_secret``, ``client_seed`` (or null) and ``engine_seed``. One check
    dict per value, saying what matched and what did not."""
    game_id = values.get("game_id")
    secret, client = values.get("server_secret"), values.get("client_seed")
    claimed_commitment, claimed_seed = values.get("commitment"), values.get("engine_seed")
    if not isinstance(game_id, str) or not game_id:
        return [_check("input", False, "'game_id' (a string) is needed.")]
    if client is not None and not _is_seed(client):
        return [_check("input", False, "'client_seed' must be a whole number or null.")]
    if not values.get("committed", secret is not None):
        # a reproducible deal: the chosen seed is the engine seed
        ok = client is not None and client == claimed_seed
        detail = (
            f"Not committed; the engine seed {claimed_seed} is the chosen seed, as it should be."
            if ok
            else f"Not committed, yet the engine seed {claimed_seed} is not the chosen seed "
            f"{client}."
        )
        return [_check("commitment", None, "No commitment: the deal was not committed."),
                _check("engine_seed", ok, detail)]  # fmt: skip
    if not isinstance(secret, str) or not _HEX64.fullmatch(secret):
        return [_check("input", False, "'server_secret' must be 64 lowercase hex digits.")]
    out = []
    expected = commitment(secret, client, game_id)
    if not isinstance(claimed_commitment, str):
        out.append(_check("commitment", False, "No commitment was given to check against."))
    elif hmac.compare_digest(expected, claimed_commitment):
        out.append(_check("commitment", True, f"SHA-256 of the revealed values is {expected}."))
    else:
        out.append(
            _check(
                "commitment",
                False,
                f"The revealed values hash to {expected}, not to the published commitment "
                f"{claimed_commitment}: the secret, the client seed or the game id differs.",
            )
        )
    seed = engine_seed(secret, client, game_id)
    if seed == claimed_seed:
        out.append(_check("engine_seed", True, f"The revealed values give engine seed {seed}."))
    else:
        out.append(
            _check(
                "engine_seed",
                False,
                f"The revealed values give engine seed {seed}, not {claimed_seed}.",
            )
        )
    return out


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay(game: Any, doc: dict[str, Any], log: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Deal a fresh table from ``seed`` with the game's seats and options, play the logged moves
    (AI moves as logged, resignations and forfeits as logged) and compare every entry's events
    and the final position with the stored ones. One check dict."""
    from gm.games.base import GameError, GameOver
    from gm.games.search import pause
    from gm.games.table import SetupError, Table

    specs = [{"kind": s["kind"], "level": s["level"]} for s in doc["seats"]]
    try:
        fresh = Table.new_document(game, specs, seed, doc["options"], doc["illegal_move_limit"])
    except SetupError as err:
        return _check("replay", False, f"The table cannot be dealt again: {err.detail}")
    table = Table(game, fresh, fresh["state"])
    for entry in log:
        pause()  # a long game's replay lends the worker to others (a server's hook)
        seat, move = entry["seat"], entry["move"]
        kinds = [e.get("kind") for e in entry["events"]]
        try:
            if move == "resign" and kinds[:1] == ["resign"]:
                entries = table.resign(seat)
            elif move == "forfeit" and kinds[:1] == ["forfeit"] and _timed_out(entry):
                entries = table.time_out(seat, doc.get("turn_timeout") or 0)
            elif move == "forfeit" and kinds[:1] == ["forfeit"]:
                limit = fresh["illegal_move_limit"] or 1
                fresh["seats"][seat]["illegal"] = limit - 1
                entries = table.count_illegal(seat)
            else:
                entries = table.play(seat, _read(table, seat, move))
        except (GameError, GameOver, ValueError, LookupError, TypeError) as err:
            return _check("replay", False, f"Move {entry['n']} ({move!r}) is refused: {err}.")
        if _plain(entries) != [_plain({k: v for k, v in entry.items() if k != "v"})]:
            return _check(
                "replay",
                False,
                f"Move {entry['n']} ({move!r}) replays with other events than were logged.",
            )
    if _plain(fresh["state"]) != _plain(doc["state"]):
        return _check(
            "replay", False, "The replayed moves end in another position than the recorded one."
        )
    mine, theirs = fresh.get("ending"), doc.get("ending")
    if (mine or {}).get("termination") != (theirs or {}).get("termination"):
        return _check("replay", False, "The replayed game ends otherwise than the recorded one.")
    return _check(
        "replay",
        True,
        f"{len(log)} logged move{'' if len(log) == 1 else 's'} replayed from engine seed {seed} "
        "give the recorded final position.",
    )


def _timed_out(entry: dict[str, Any]) -> bool:
    """Whether a logged forfeit is one by time (a turn deadline), not the illegal-move limit."""
    return any("ran out of time" in str(e.get("text", "")) for e in entry["events"])


def _read(table: Any, seat: int, text: str) -> Any:
    """The logged (canonical) move: the game's parser first, which returns only legal moves and
    needs no list of them (a long N-in-a-row game has thousands); the table's reading else."""
    from gm.games.base import GameError

    table.check_can_act(seat)
    try:
        return table.engine.parse_move(text, table.state, seat)
    except GameError:
        return table.read(seat, text)


def verify_game(game: Any, doc: dict[str, Any], log: list[dict[str, Any]], over: bool):
    """The verification answer of a stored game (``over``: whether it has ended)."""
    info = public(doc)
    answer: dict[str, Any] = {
        "game_id": doc["id"],
        "game": doc["game"],
        "status": "finished" if over else "active",
        "fair": info["fair"],
        "committed": info["committed"],
        "commitment": info["commitment"],
        "verified": None,
        "checks": [],
        "deal": None,
    }
    if not over:
        answer["summary"] = (
            "The game is still running: the secret is revealed, and the deal can be verified, "
            "once it is over."
        )
        return answer
    if doc.get("deal") is None:
        answer["summary"] = "This game was created before deals were committed; nothing to verify."
        return answer
    shown = revealed(doc)
    answer["deal"] = shown
    values = {**shown, "game_id": doc["id"]}
    checks = check_values(values) + [replay(game, doc, log, doc["seed"])]
    return finish(answer, checks)


def finish(answer: dict[str, Any], checks: list[dict[str, Any]]) -> dict[str, Any]:
    """``answer`` with ``checks``, ``verified`` and a one-sentence ``summary``."""
    failed = [c["check"] for c in checks if c["ok"] is False]
    matched = [c["check"] for c in checks if c["ok"] is True]
    answer["checks"] = checks
    answer["verified"] = not failed and bool(matched)
    if failed:
        answer["summary"] = f"Verification FAILED: {', '.join(failed)} did not match."
    else:
        answer["summary"] = f"Verified: {', '.join(matched)} matched."
    return answer
