"""``gm verify``: check a finished game's deal (gm/games/deal.py), from the store or from revealed
values.

- ``gm verify GAME_ID [--data-dir D]`` reads the game from Redis (``REDIS_URL``, or the embedded
  server of the data directory) and checks the commitment, the engine seed and a replay of the
  logged moves, as ``GET /games/<game_id>/verify`` does.
- ``gm verify --json VALUES`` checks revealed values without the store: ``VALUES`` is JSON text,
  a file name, or ``-`` for stdin, holding ``game_id``, ``commitment``, ``server_secret``,
  ``client_seed`` and ``engine_seed`` — or a finished view, a ``result`` or a verify answer that
  holds them (``result.deal``). The commitment and the engine seed are recomputed; the moves are
  not replayed (they are in the store).

``--commitment HEX``: the commitment you saw while the game ran; it must equal the published one.
Exit status: 0 every check matched, 1 one did not, 2 nothing could be checked.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gm.games import deal

MARKS = {True: "ok  ", False: "FAIL", None: "n/a "}


def add_parser(sub: Any) -> None:
    verify = sub.add_parser(
        "verify",
        help="check a finished game's deal: commitment, engine seed, replay",
        description="Check a finished game's deal: recompute the commitment and the engine seed "
        "from the revealed server secret and client seed, and (reading the game from the store) "
        "replay the logged moves from that seed. Exit 0 verified, 1 failed, 2 not checkable.",
    )
    verify.add_argument("game_id", nargs="?", help="a game in the store (REDIS_URL or --data-dir)")
    verify.add_argument(
        "--json",
        dest="values",
        default=None,
        help="revealed values as JSON text, a file, or - for stdin (instead of GAME_ID)",
    )
    verify.add_argument(
        "--commitment", default=None, help="the commitment you saw while the game ran"
    )
    verify.add_argument("--data-dir", default=None, help="embedded Redis data (default ./gm-data)")


def _load_values(source: str) -> Any:
    if source == "-":
        text = sys.stdin.read()
    elif source.lstrip().startswith("{"):
        text = source
    else:
        text = Path(source).read_text(encoding="utf-8")
    return json.loads(text)


def values_of(data: Any) -> dict[str, Any]:
    """The revealed values in ``data``: the values themselves, or a view / result / verify answer
    holding them under ``deal``."""
    if not isinstance(data, dict):
        raise ValueError("the JSON must be an object")
    game_id = data.get("game_id")
    inner = data
    if isinstance(inner.get("result"), dict):
        inner = inner["result"]
    if isinstance(inner.get("deal"), dict):
        inner = inner["deal"]
    return {**inner, "game_id": inner.get("game_id", game_id)}


def check_offline(values: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = {"game_id": values.get("game_id"), "deal": values}
    checks = deal.check_values(values)
    checks.append(
        deal._check("replay", None, "Not replayed: the moves are in the store (gm verify GAME_ID).")
    )
    return deal.finish(answer, checks)


def _against(answer: dict[str, Any], remembered: str | None) -> dict[str, Any]:
    """Add the check of the commitment the user remembers against the published one."""
    if remembered is None or not answer.get("checks"):  # nothing was checked (still running)
        return answer
    published = (answer.get("deal") or {}).get("commitment") or answer.get("commitment")
    ok = published == remembered.strip().lower()
    detail = (
        "The published commitment is the one you saw."
        if ok
        else f"The published commitment {published} is not the one you saw ({remembered})."
    )
    checks = [*answer.get("checks", []), deal._check("published", ok, detail)]
    return deal.finish(answer, checks)


def _from_store(game_id: str, data_dir: str | None) -> dict[str, Any]:
    from gm import composition
    from gm.settings import Settings

    settings = Settings.from_env()
    with composition.connect(settings, data_dir) as client:
        return composition.build(settings, client).service.verify(game_id)


def report(answer: dict[str, Any]) -> str:
    lines = [f"game {answer.get('game_id')}"]
    for check in answer.get("checks", []):
        lines.append(f"  {MARKS[check['ok']]} {check['check']}: {check['detail']}")
    lines.append(answer["summary"])
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``gm verify GAME_ID | --json VALUES [--commitment HEX]``."""
    import redis

    from gm.play.problems import ServiceError

    if (args.game_id is None) == (args.values is None):
        print("gm verify: give either GAME_ID or --json VALUES", file=sys.stderr)
        return 2
    try:
        if args.values is not None:
            answer = check_offline(values_of(_load_values(args.values)))
        else:
            answer = _from_store(args.game_id, args.data_dir)
    except (OSError, ValueError) as err:  # json.JSONDecodeError is a ValueError
        print(f"gm verify: cannot read the values: {err}", file=sys.stderr)
        return 2
    except redis.RedisError as err:
        print(f"gm verify: the game store cannot be reached: {err}", file=sys.stderr)
        return 2
    except ServiceError as err:
        print(f"gm verify: {err.title}: {err.detail}", file=sys.stderr)
        return 2
    answer = _against(answer, args.commitment)
    print(report(answer))
    checks = answer["checks"]
    if answer["verified"] is None or not checks or any(c["check"] == "input" for c in checks):
        return 2  # still running, nothing to verify, or values that cannot be checked
    return 0 if answer["verified"] else 1
