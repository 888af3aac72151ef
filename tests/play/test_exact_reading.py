"""Reading moves exactly, through HTTP: card codes in any case where the text is a move (Masul,
Card Chess), and So-Lon-Yo's ``PICK n`` naming a position, never a rank."""

from __future__ import annotations

import pytest


@pytest.fixture
def two_seats(client, reproducible_deals):
    def make(game, seed, **options):
        body = {"game": game, "opponent": "human", "seed": seed, "options": options}
        created = client.post("/games", json=body).get_json()
        (invite,) = created["invites"].values()
        joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
        return created["token"], joined.get_json()["token"]

    return make


def _move(client, token, text):
    return client.post(f"/play/{token}/moves", json={"move": text}).get_json()


@pytest.mark.parametrize("text", ["ac c4 fd", "Ac c4 FD", "AC C4 FD", "a♣ c4 fd"])
def test_masul_reads_a_lower_case_ace_code(client, two_seats, text):
    row3, _ = two_seats("masul", 4)  # Row 3 holds A♣
    answer = _move(client, row3, text)
    assert answer["legal"] is True, answer
    assert answer["move"] == "A♣ C4 FD"


def test_masul_reads_ten_codes_and_still_no_article(client, two_seats):
    row3, _ = two_seats("masul", 4)
    view = client.get(f"/play/{row3}").get_json()
    assert _move(client, row3, "a spade in c4")["legal"] is False
    assert client.get(f"/play/{row3}").get_json()["version"] == view["version"]


def test_card_chess_reads_lower_case_codes_in_both_seats(client, two_seats):
    red, black = two_seats("card-chess", 137)  # red holds A♥, black A♣
    first = _move(client, red, "play ah rc3")
    assert first["legal"] is True and first["move"] == "PLAY A♥ RC3", first
    second = _move(client, black, "PLAY ac BC3")
    assert second["legal"] is True and second["move"] == "PLAY A♣ BC3", second


@pytest.mark.parametrize("text", ["PICK 4", "pick 4", "4", "PICK 0", "pick four"])
def test_so_lon_yo_pick_out_of_range_is_refused_not_read_as_a_rank(client, two_seats, text):
    p1, _ = two_seats("solonyo", 1, defiant_sees_cards=True)  # P1 holds 4♣ 10♦ A♠, shown
    before = client.get(f"/play/{p1}").get_json()
    assert "4♣" in before["board"]
    answer = _move(client, p1, text)
    assert answer["legal"] is False and answer["rule"] == "three-cards", answer
    assert "only three cards" in answer["reason"]
    assert client.get(f"/play/{p1}").get_json()["version"] == before["version"]
    assert _move(client, p1, "the 4")["move"] == "PICK 1", "a rank after 'the' is the card"
