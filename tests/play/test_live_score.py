"""The live score in the picture: each game's running standing (``Engine.standing``, the figures
its board shows), in one line with the seats' labels, for the seats and the spectator, while the
game runs; the result says it once the game is over."""

from __future__ import annotations

import pytest

from gm.games import REGISTRY
from gm.play.answers import score_line

LABELS = {
    "masul": "Columns won:",
    "trumps": "Cards left:",
    "solonyo": "Points:",
    "maze": "Best chain:",
    "card-chess": "In check:",
    "n-in-a-row": "Longest line:",
}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_game_draws_its_live_score_for_seats_and_spectators(client, game):
    assert set(LABELS) == set(REGISTRY)
    created = client.post("/games", json={"game": game, "seed": 3}).get_json()
    seat_svg = client.get(f"/play/{created['token']}/board.svg").get_data(as_text=True)
    watch_svg = client.get(f"/games/{created['game_id']}/board.svg").get_data(as_text=True)
    assert LABELS[game] in seat_svg, game
    # Maze's best chain is made of the seat's own hand: a spectator sees no hand, so no chain
    assert (LABELS[game] in watch_svg) is (game != "maze"), game


def test_the_score_line_names_seats_by_their_labels_and_ends_with_the_game(client, service):
    created = client.post("/games", json={"game": "masul", "seed": 3}).get_json()
    table, seat = service.read_seat(created["token"])
    line = score_line(table, seat)
    assert line is not None and line.startswith("Columns won: Row 3 0 · Row 1 0 (undecided: C1")
    assert "row3" not in line and "row1" not in line  # the board's words, not the API's
    client.post(f"/play/{created['token']}/resign", json={})
    svg = client.get(f"/play/{created['token']}/board.svg").get_data(as_text=True)
    assert "Columns won:" not in svg  # the result banner says it now
