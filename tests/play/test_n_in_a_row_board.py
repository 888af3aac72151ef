"""N-in-a-row's board and picture through HTTP: the whole bounding box of the marks (plus the
margin) whenever it fits an answer, and a turn counter that never passes the cap."""

from __future__ import annotations

import re


def _two_seats(client, **options):
    body = {"game": "n-in-a-row", "opponent": "human", "options": options}
    created = client.post("/games", json=body).get_json()
    (invite,) = created["invites"].values()
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    return created, [created["token"], joined["token"]]


def _play(client, tokens, moves):
    answer = None
    for i, text in enumerate(moves):
        answer = client.post(f"/play/{tokens[i % 2]}/moves", json={"move": text}).get_json()
        assert answer["legal"], answer
    return answer


def _marks_in_svg(svg: str) -> set[tuple[str, float, float]]:
    return {(m[2], float(m[0]), float(m[1])) for m in re.findall(
        r'<text class="mk" x="([\d.]+)" y="([\d.]+)"[^>]*>([XO])</text>', svg
    )}  # fmt: skip


def test_far_marks_all_show_on_the_board_and_in_the_picture(client):
    created, tokens = _two_seats(client)
    answer = _play(client, tokens, ["X 0,0", "O 5,5", "X 10,-10"])
    state = answer["state"]
    assert state["window"] == {"xmin": -1, "xmax": 11, "ymin": -11, "ymax": 6}
    assert state["marks_outside"]["count"] == 0 and len(state["marks"]) == 3
    rows = {int(line.split()[0]): line for line in answer["board"].splitlines()[2:20]}
    header = answer["board"].splitlines()[1].split()
    assert header == [str(x) for x in range(-1, 12)] and sorted(rows) == list(range(-11, 7))
    for x, y, mark in [(0, 0, "X"), (5, 5, "O"), (10, -10, "X")]:
        assert rows[y].split()[1 + header.index(str(x))] == mark, (x, y)
    assert "Outside" not in answer["board"]
    for url in (f"/play/{tokens[0]}/board.svg", f"/games/{created['game_id']}/board.svg"):
        svg = client.get(url).get_data(as_text=True)
        marks = _marks_in_svg(svg)
        assert sorted(m[0] for m in marks) == ["O", "X", "X"], url
        assert len({(x, y) for _, x, y in marks}) == 3


def test_the_turn_counter_never_passes_the_cap(client):
    created, tokens = _two_seats(client, max_turns=6, f="1000")
    moves = [f"{'XO'[i % 2]} {i * 3},{-i * 3}" for i in range(6)]
    answer = _play(client, tokens, moves[:5])
    assert answer["board"].splitlines()[0].endswith("turn 6 of 6")
    assert "Turn 6 of 6" in client.get(f"/play/{tokens[0]}/board.svg").get_data(as_text=True)
    answer = _play(client, [tokens[1], tokens[0]], moves[5:])
    assert answer["status"] == "finished" and answer["result"]["termination"] == "move-cap"
    assert answer["board"].splitlines()[0] == "N-in-a-row · game over · turn 6 of 6"
    for url in (f"/play/{tokens[0]}/board.svg", f"/games/{created['game_id']}/board.svg"):
        svg = client.get(url).get_data(as_text=True)
        assert "Turn 6 of 6" in svg and "Turn 7" not in svg
        assert len(_marks_in_svg(svg)) == 6, "every mark of the game in the picture"
