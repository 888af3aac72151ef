"""prompts/: up to date with the registry, every move example's verdict true in the game the file
describes (replayed through the HTTP API), every operation, route and tool they name served, every
file small enough for a custom GPT."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from gm.frontends.cli import prompts
from gm.frontends.cli.main import main as gm_main
from gm.frontends.mcp.server import build_server
from gm.games import REGISTRY

PROMPTS = Path(__file__).resolve().parents[2] / "prompts"
FILES = sorted(PROMPTS.glob("*.md"))

ROW = re.compile(
    r"^\| `(?P<text>(?:[^`\\]|\\.)+)` \| \*\*(?P<kind>legal|illegal|unparsable|ambiguous)\*\*"
    r"(?: → `(?P<move>[^`]+)`)?(?: \(`(?P<rule>[^`]+)`\))?(?:: (?P<reason>.*))? \|$",
    re.MULTILINE,
)
CREATED = re.compile(r"In the game created with `(\{.+?\})` the player \(`(\w[\w-]*)`\)")
BOARD = re.compile(r"first board:\n\n```text\n(.*?)\n```", re.DOTALL)
ROUTE = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/[^`\s]*)`")
OPERATION = re.compile(r"`(\w+)` \(`(GET|POST|PUT|PATCH|DELETE) (/[^`\s]*)`\)")


def _unescape(cell: str) -> str:
    return cell.replace("\\|", "|")


def _mcp_tools(service) -> set[str]:
    tools = anyio.run(build_server(service).list_tools)  # a model's: not the app-only ones
    return {
        t.name for t in tools if "app" not in ((t.meta or {}).get("ui") or {}).get("visibility", [])
    }


def test_the_committed_files_are_what_gm_prompts_writes():
    stale = prompts.write(PROMPTS, check=True)
    assert not stale, f"prompts/ is out of date ({', '.join(stale)}): run `gm prompts`"


def test_every_registered_game_has_its_file_and_the_guides_exist():
    names = {p.name for p in FILES}
    assert {"README.md", "game-master.md"} <= names
    assert {f"{g}.md" for g in REGISTRY} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_file_fits_a_custom_gpts_instructions(path):
    text = path.read_text(encoding="utf-8")
    if path.name == "README.md":
        return
    assert text.count(f"\n{prompts.CUT}\n") == 1
    pasted = text.split(f"\n{prompts.CUT}\n", 1)[1]
    assert len(pasted) <= prompts.GPT_LIMIT, len(pasted)
    for rule in (
        "exactly as returned",  # show the board as gm renders it
        "Never guess or describe the opponent's hand",  # never reveal or invent cards
        "Only gm knows the deck",
        "Relay `reason` and `hint`",  # relay illegal verdicts …
        "offer two or three moves from `legal_moves_text`",  # … and offer legal moves
        "`legal_moves_text`: every legal move in one line",  # the lean answer, read right
        "`api_version` 1 gives the full answer",  # and how to ask for the full one
        "returns a `token`",  # keep the seat token
        "Keep it for the whole conversation",
        "Send every message of the player, as it is, to `say`",  # chatty players, questions
        "Rules questions go to `say`",
        "never mix tokens",  # several games in one conversation
        "`wait_for_turn` (`GET /play/<token>/turn`)",  # two people: wait for the other seat
        "nothing changed in the position",  # the illegal-move policy, stated truly
        "with an `illegal_move_limit` the seat forfeits at the limit",
        "`rematch` (`POST /play/<token>/rematch`)",
        "Call `resign` (`POST /play/<token>/resign`) only after a clear yes",
    ):
        assert rule in pasted, (path.name, rule)


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_move_example_gets_the_verdict_the_file_claims(client, game):
    text = (PROMPTS / f"{game}.md").read_text(encoding="utf-8")
    created = CREATED.search(text)
    assert created, "the file must describe the seeded game its examples refer to"
    body, seat = json.loads(created.group(1)), created.group(2)
    rows = list(ROW.finditer(text))
    assert len(rows) >= 3
    assert any(r["kind"] == "legal" for r in rows)
    game_answer = None
    for row in rows:
        if game_answer is None:  # a fresh game for the first row and after each legal move
            game_answer = client.post("/games", json=body).get_json()
            assert game_answer["seat"] == seat and game_answer["view"]["your_turn"]
            board = BOARD.search(text).group(1)
            assert board == game_answer["view"]["board"]
        move_text = _unescape(row["text"])
        answer = client.post(
            f"/play/{game_answer['token']}/moves", json={"move": move_text}
        ).get_json()
        if row["kind"] == "legal":
            assert answer["legal"] is True, (move_text, answer)
            assert answer["move"] == row["move"]
            game_answer = None
        else:
            assert answer["legal"] is False and answer["kind"] == row["kind"], (move_text, answer)
            if row["kind"] == "illegal":
                assert answer["rule"] == row["rule"]
            if row["kind"] == "ambiguous":
                assert row["reason"] == f"one of {', '.join(answer['candidates'])}"
            else:
                assert _unescape(row["reason"]) == answer["reason"]


STEP = re.compile(
    r"^\| \d+ \| (?P<who>\w+) \| `(?P<op>\w+)` \| `(?P<args>\{.*?\})` \| (?P<then>.*) \|$",
    re.MULTILINE,
)
KEEP = re.compile(r"`([\w.]+)` as `(<[^>`]+>)`")
EXPECT = re.compile(r"`([\w.]+)` is `([^`]+)`")


def _field(answer, path: str):
    for part in path.split("."):
        answer = answer[part]
    return answer


def test_the_two_players_example_replays_against_the_server(client):
    """game-master.md's two-player example, call by call, as the file shows it: every call is
    accepted, every value it says to keep exists, every value it states holds."""
    from gm.contract.operations import BY_NAME

    text = (PROMPTS / "game-master.md").read_text(encoding="utf-8")
    steps = list(STEP.finditer(text))
    assert [s["op"] for s in steps] == [s[1] for s in prompts.TWO_PLAYERS]
    assert {"join_game", "rematch", "resign"} <= {s["op"] for s in steps}
    kept: dict[str, str] = {}
    checked = 0

    def fill(value):
        return kept[value] if isinstance(value, str) and value in kept else value

    for step in steps:
        declared = BY_NAME[step["op"]]
        args = {k: fill(v) for k, v in json.loads(step["args"]).items()}
        path = declared.path
        for name in declared.path_params:
            path = path.replace(f"<{name}>", args.pop(name))
        if declared.method == "POST":
            response = client.post(path, json=args)
        else:
            response = client.get(path)
        assert response.status_code == declared.status, (step[0], response.get_json())
        answer = response.get_json()
        for field, name in KEEP.findall(step["then"]):
            kept[name] = _field(answer, field)
        for field, value in EXPECT.findall(step["then"]):
            expected = kept.get(value, value)
            if value in ("true", "false"):
                expected = value == "true"
            assert _field(answer, field) == expected, (step[0], field)
            checked += 1
    assert checked >= 6 and len(kept) >= 6
    assert kept["<token 3>"] != kept["<token 1>"] and kept["<game 2>"] != kept["<game>"]


def test_every_route_named_is_served(app):
    adapter = app.url_map.bind("localhost")
    named = set()
    for path in FILES:
        for method, route in ROUTE.findall(path.read_text(encoding="utf-8")):
            named.add((method, route))
            adapter.match(route, method=method)  # raises NotFound / MethodNotAllowed
    assert ("POST", "/play/<token>/say") in named and ("POST", "/games") in named


def test_every_operation_named_is_an_mcp_tool_and_the_openapi_operation_of_its_route(
    app, client, service
):
    tools = _mcp_tools(service)
    served = {rule.rule for rule in app.url_map.iter_rules()}
    spec = client.get("/openapi.json").get_json() if "/openapi.json" in served else None
    named = set()
    for path in FILES:
        for name, method, route in OPERATION.findall(path.read_text(encoding="utf-8")):
            named.add(name)
            assert name in tools, (path.name, name)
            if spec is not None:
                openapi_path = re.sub(r"<(\w+)>", r"{\1}", route)
                assert spec["paths"][openapi_path][method.lower()]["operationId"] == name
    assert {"new_game", "say", "play_move", "view_game", "get_rules", "list_games"} <= named
    assert "resign" in named


def test_every_operation_named_is_declared_in_the_contract():
    from gm.contract.operations import BY_NAME

    for path in FILES:
        for name, method, route in OPERATION.findall(path.read_text(encoding="utf-8")):
            declared = BY_NAME[name]
            assert (declared.method, declared.path) == (method, route), (path.name, name)


def test_the_guide_lists_exactly_the_mcp_tools(service):
    guide = (PROMPTS / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(\w+)` \| ", guide, re.MULTILINE))
    assert listed == _mcp_tools(service)


def test_gm_prompts_writes_the_files_and_removes_stale_generated_ones(tmp_path, capsys):
    (tmp_path / "gone.md").write_text(prompts.HEADER + "an old game\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("hand-written, kept\n", encoding="utf-8")
    assert gm_main(["prompts", "--out", str(tmp_path)]) == 0
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.md")}
    assert "gone.md" not in written and written["notes.md"] == "hand-written, kept\n"
    del written["notes.md"]
    assert written == prompts.render_all()
    assert gm_main(["prompts", "--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "masul.md").write_text("edited by hand\n", encoding="utf-8")
    assert gm_main(["prompts", "--out", str(tmp_path), "--check"]) == 1
    assert "stale" in capsys.readouterr().out
