"""The largest answer per game: long and adversarial games played through the HTTP API (Flask's
test client on a real Redis-protocol server) and the MCP tools, every answer measured.

    python bench/answers.py [--game n-in-a-row] [--every 25] [--quick]

For each game, several games are played with human seats driven by this script (every seat's
token in hand) and with all-AI tables: long games (the move caps at their maxima), and for
N-in-a-row adversarial ones (marks far apart across the whole grid, a dense block). Every
``--every`` plies and at the end, every seat and the spectator ask for everything they can: the
view, the board as text, the history (default page and pages), ``/say`` requests (board, legal
moves, history, rules, help) and the MCP tools of the same names. Every move answer is measured
too. Sizes are bytes of the body as served (HTTP) or of the MCP result's structured content and
each of its text blocks. Prints the largest answer per game and which call gave it.

tests/play/test_answer_bounds.py runs the same drivers (shorter) and asserts every answer ≤ 16 KB.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bench.embedded import bench_app
from gm.contract.operations import BY_NAME
from gm.games import GAMES
from gm.games.n_in_a_row.rules import F_WIDEST

BOUND = 16 * 1024
#: Choices that make a game's answers and pictures larger (the widest pack, cards face up).
LARGEST: dict[str, dict[str, Any]] = {
    "trumps": {"deck": 52},
    "solonyo": {"defiant_sees_cards": True},
}
SAY = ("board", "legal moves", "history", "rules", "help", "whose turn")


@dataclass
class Sizes:
    """The largest answer seen, per label, and overall."""

    largest: dict[str, tuple[int, str]] = field(default_factory=dict)
    calls: int = 0

    def see(self, game: str, where: str, size: int) -> None:
        self.calls += 1
        if size > self.largest.get(game, (-1, ""))[0]:
            self.largest[game] = (size, where)

    def over(self, bound: int = BOUND) -> dict[str, tuple[int, str]]:
        return {g: v for g, v in self.largest.items() if v[0] > bound}


def mcp_sizes(result: Any) -> int:
    """The largest part of an MCP tool result: its structured content, one text block, or the
    whole answer in ``_meta`` (the board app's)."""
    parts = [len(c.text.encode()) for c in result.content]
    if result.meta and "gm/answer" in result.meta:
        parts.append(len(json.dumps(result.meta["gm/answer"], ensure_ascii=False).encode()))
    if result.structured_content is not None:
        parts.append(len(json.dumps(result.structured_content, ensure_ascii=False).encode()))
    return max(parts)


class Driver:
    """Plays one game through the HTTP API (and the MCP tools), measuring every answer."""

    def __init__(self, client: Any, service: Any, sizes: Sizes, label: str):
        self.client, self.service, self.sizes, self.label = client, service, sizes, label
        self.tokens: list[str] = []
        self.game_id = ""
        self.ply = 0

    # ---- measured calls
    def http(self, method: str, path: str, body: dict | None = None) -> Any:
        response = self.client.open(path, method=method, json=body)
        assert response.status_code < 500, (path, response.status_code, response.get_data())
        where = re.sub(r"/(play|games)/[^/?]+", r"/\1/<id>", path)
        what = f" {body['text']!r}" if body and "text" in body else ""
        self.sizes.see(self.label, f"{method} {where}{what} ply {self.ply}", len(response.data))
        if response.mimetype == "text/plain":
            return response.get_data(as_text=True)
        return response.get_json()

    def mcp(self, name: str, arguments: dict[str, Any]) -> Any:
        from gm.frontends.mcp.server import call

        result = call(BY_NAME[name], self.service, arguments)
        assert not result.is_error, result.content[0].text
        self.sizes.see(self.label, f"mcp {name} ply {self.ply}", mcp_sizes(result))
        if result.meta and "gm/answer" in result.meta:
            return result.meta["gm/answer"]
        return json.loads(result.content[0].text)

    def picture(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The board app's picture tool (the seat's picture carries its legal moves), measured;
        its ``{view, svg}``, unpacked when it came packed."""
        from gm.frontends.mcp.app import picture_result, unpacked

        result = picture_result(self.service, arguments)
        self.sizes.see(self.label, f"mcp board_picture ply {self.ply}", mcp_sizes(result))
        picture = unpacked(result.structured_content)
        assert isinstance(picture["view"], dict) and picture["svg"].startswith("<svg"), picture
        return picture

    # ---- a game
    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.http("POST", "/games", body)
        assert "game_id" in answer, answer
        self.game_id = answer["game_id"]
        self.tokens = [""] * len(answer["seats"])
        names = [s["name"] for s in answer["seats"]]
        if "token" in answer:
            self.tokens[names.index(answer["seat"])] = answer["token"]
        for seat, invite in answer["invites"].items():
            joined = self.http("POST", f"/games/{self.game_id}/join", {"invite": invite})
            self.tokens[names.index(seat)] = joined["token"]
        self.names = names
        return answer

    def look(self) -> None:
        """Everything every seat and the spectator can ask for, measured."""
        for token in self.tokens:
            if not token:
                continue
            self.http("GET", f"/play/{token}")
            self.http("GET", f"/play/{token}/board")
            history = self.http("GET", f"/play/{token}/history")
            self.http("GET", f"/play/{token}/history?after=0&limit=1000")
            if history.get("total"):
                middle = history["total"] // 2
                self.http("GET", f"/play/{token}/history?after={middle}")
            for text in SAY:
                self.http("POST", f"/play/{token}/say", {"text": text})
            self.mcp("view_game", {"token": token})
            self.picture({"token": token})
            self.mcp("get_history", {"token": token})
            self.mcp("say", {"token": token, "text": "history"})
        self.http("GET", f"/games/{self.game_id}")
        self.http("GET", f"/games/{self.game_id}/history")
        self.mcp("spectate_game", {"game_id": self.game_id})
        self.picture({"game_id": self.game_id})

    def play(self, choose: Callable[[dict[str, Any], random.Random], str], seed: int,
             every: int, max_plies: int = 10**6) -> dict[str, Any]:  # fmt: skip
        """Play the human seats with ``choose(view, rng)`` until the end (or ``max_plies``),
        looking at everything every ``every`` plies and at the end."""
        rng = random.Random(seed)
        view = self.http("GET", f"/games/{self.game_id}")
        while view["status"] == "active" and self.ply < max_plies:
            seat = self.names.index(view["to_move"])
            token = self.tokens[seat]
            if not token:  # an AI seat left to move: a read plays it
                view = self.http("GET", f"/games/{self.game_id}")
                continue
            mine = self.http("GET", f"/play/{token}")
            self.picture({"token": token})  # every legal move in it: measured at every turn
            for _ in range(50):  # a random point may be taken: the refusal is measured too
                move = choose(mine, rng)
                if self.ply % 2:
                    answer = self.mcp("play_move", {"token": token, "move": move})
                else:
                    answer = self.http("POST", f"/play/{token}/moves", {"move": move})
                if answer["legal"]:
                    break
            assert answer["legal"], (move, answer)
            self.ply += 1
            if self.ply % every == 0:
                self.look()
            view = self.http("GET", f"/games/{self.game_id}")
        self.look()
        return view


def random_move(view: dict[str, Any], rng: random.Random) -> str:
    return rng.choice(view["legal_moves"])


def far_marks(view: dict[str, Any], rng: random.Random) -> str:
    """N-in-a-row: the four far corners first, then points anywhere on the grid."""
    placed = view["state"]["marks_placed"]
    corners = ("1000,1000", "-1000,-1000", "1000,-1000", "-1000,1000")
    if placed < len(corners):
        return corners[placed]
    return f"{rng.randint(-1000, 1000)},{rng.randint(-1000, 1000)}"


def spread_marks(view: dict[str, Any], rng: random.Random) -> str:
    """N-in-a-row: a mark in a 40×40 square around 0,0 (a wide, dense field)."""
    return f"{rng.randint(-20, 20)},{rng.randint(-20, 20)}"


def dense_marks(view: dict[str, Any], rng: random.Random) -> str:
    """N-in-a-row: the first listed point (nearest the last move): a solid block."""
    return view["legal_moves"][0]


@dataclass
class Plan:
    game: str
    label: str
    body: dict[str, Any]
    choose: Callable[[dict[str, Any], random.Random], str] = random_move
    seed: int = 0


def plans(game: str, quick: bool = False) -> Iterator[Plan]:
    """The games to play for ``game``: long human games (caps at their maxima) and all-AI
    tables; for N-in-a-row the adversarial ones too."""
    info = GAMES[game].engine.info
    maxima = {o.name: o.maximum for o in info.options if o.maximum is not None}
    maxima.update(LARGEST.get(game, {}))
    humans = [{"kind": "human"}] * info.max_players
    seeds = (1,) if quick else (1, 2)
    if game == "n-in-a-row":
        long = {"max_turns": 300 if quick else 1000, "f": F_WIDEST}  # every option at its widest
        for choose in (far_marks, spread_marks, dense_marks, random_move):
            yield Plan(game, choose.__name__, {"seats": humans, "options": long}, choose)
        yield Plan(
            game, "adjacent", {"seats": humans, "options": {**long, "placement": "adjacent"}}
        )
        yield Plan(game, "ordinary", {"seats": humans, "options": {}})
    else:
        for seed in seeds:
            yield Plan(game, f"long seed {seed}", {"seats": humans, "options": maxima}, seed=seed)
        if info.min_players != info.max_players:
            two = [{"kind": "human"}] * info.min_players
            yield Plan(game, "fewest seats", {"seats": two, "options": maxima})
        ai_humans = [{"kind": "human"}] + [{"kind": "ai", "level": "random"}] * (
            info.max_players - 1
        )
        yield Plan(game, "against the AI", {"seats": ai_humans, "options": maxima})
    ais = [{"kind": "ai", "level": "random"}] * info.max_players
    options = {**maxima, **({"f": F_WIDEST} if game == "n-in-a-row" else {})}
    yield Plan(game, "all AI", {"seats": ais, "options": options})


def run_plan(client: Any, service: Any, sizes: Sizes, plan: Plan, every: int) -> None:
    driver = Driver(client, service, sizes, plan.game)
    body = {"game": plan.game, "seed": plan.seed, **plan.body}
    driver.create(body)
    driver.play(plan.choose, plan.seed, every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--every", type=int, default=25, help="look at everything every N plies")
    parser.add_argument("--quick", action="store_true", help="shorter games")
    args = parser.parse_args()

    with bench_app("answers") as (app, _):
        client, service = app.test_client(), app.extensions["gm.service"]
        print(f"{'game':12} {'largest':>8}  where")
        for game in args.game or list(GAMES):
            sizes = Sizes()
            for plan in plans(game, args.quick):
                run_plan(client, service, sizes, plan, args.every)
            size, where = sizes.largest[game]
            flag = "  OVER 16 KB" if size > BOUND else ""
            print(f"{game:12} {size:>8}  {where} ({sizes.calls} answers){flag}", flush=True)


if __name__ == "__main__":
    main()
