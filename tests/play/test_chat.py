"""POST /play/<token>/say: chat messages — moves in many phrasings and requests — and the reply each
gets, through the Flask test client against a real Redis server. Resignation in the service.

The Masul game with seed 2024 deals the first seat (row3) 3♣-5♣-J♣-A♣-7♦-Q♦-7♥-5♠-7♠ with the
Field Cards J♦-K♦-3♠-4♦-8♠-6♥-8♣. The other seat is a human (joined by invite), so no AI reply
makes the conversation depend on a strategy.
"""

from __future__ import annotations

import json
import re

import pytest

from gm.contract.schemas import ProblemSchema, SayAnswerSchema
from gm.games import REGISTRY
from gm.play import chat
from gm.play.chat import REQUESTS, classify
from gm.play.service import ServiceError

HAND = "3♣-5♣-J♣-A♣-7♦-Q♦-7♥-5♠-7♠"


def _say(client, token, text, **extra):
    response = client.post(f"/play/{token}/say", json={"text": text, **extra})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert not SayAnswerSchema().validate(body), SayAnswerSchema().validate(body)
    assert body["board"] and body["reply"]
    return body


@pytest.fixture
def table(client, reproducible_deals):
    """A seeded two-human Masul game (a known deal): (row3 token, row1 token). With an
    illegal-move limit, so that what counts as a try at a move shows in the seats' counts."""
    body = {"game": "masul", "opponent": "human", "seed": 2024, "illegal_move_limit": 100}
    game = client.post("/games", json=body).get_json()
    joined = client.post(
        f"/games/{game['game_id']}/join", json={"invite": game["invites"]["row1"]}
    ).get_json()
    return game["token"], joined["token"]


# ---------------------------------------------------------------- requests (23 phrasings)

TURN = "Your turn (Row 3)."
HELP = (
    "Send a move as text (for example '3♣ C1'); moves look like: 7♠ C3 | 7♠ C3 FD | 7♠ FC3. "
    "Ask 'can I play 3♣ C1?' to check a move without playing it. "
    f"You can also ask for: {REQUESTS}."
)
RULES = (
    "Masul: A two-seat duel on a 3x7 grid: play cards into seven columns, face up or face down, "
    "and win columns by matching the Field Card's suit or by rank. Moves look like: 7♠ C3 | 7♠ "
    "C3 FD | 7♠ FC3."
)
SCORE = (
    "You are level at 0 (columns won). Columns won: Row 3 0, Row 1 0; "
    f"undecided: C1 C2 C3 C4 C5 C6 C7. {TURN}"
)

REQUEST_REPLIES = [
    ("show the board", "board", f"Here is the board. {TURN}"),
    ("Board", "board", f"Here is the board. {TURN}"),
    ("Please show me the board.", "board", f"Here is the board. {TURN}"),
    ("what does the board look like?", "board", f"Here is the board. {TURN}"),
    ("my hand", "board", f"Here is the board. On the board: My Hand: {HAND}. {TURN}"),
    ("Which cards do I have?", "board", f"Here is the board. {TURN}"),
    ("help", "help", HELP),
    ("?", "help", HELP),
    ("how do I make a move?", "help", HELP),
    ("hello", "help", HELP),
    ("rules", "rules", RULES),
    ("How do I play this game?", "rules", RULES),
    ("explain the rules please", "rules", RULES),
    ("history", "history", "No moves yet."),
    ("what happened so far?", "history", "No moves yet."),
    ("What did my opponent play?", "history", "No moves yet."),
    ("whose turn is it?", "status", TURN),
    ("Is it my turn?", "status", TURN),
    ("what's the score?", "score", SCORE),
    ("who is winning", "score", SCORE),
    (
        "what does FD mean?",
        "question",
        "From the rules: \u201cFace down into a column (FD) — your slot must be empty, and the "
        "opposing slot in that column must be empty or hold a face-down card.\u201d",
    ),
    (
        "how do i win a column?",
        "question",
        "From the rules: \u201cWhoever wins more columns wins the match.\u201d",
    ),
    ("thanks", "chat", "You're welcome! Your move when you are ready, for example 3♣ C1."),
    (
        "one sec, brb",
        "chat",
        "No rush, the game waits for you. Your move when you are ready, for example 3♣ C1.",
    ),
    (
        "take that back",
        "undo",
        "Moves cannot be taken back: a move is final once played. Your "
        "move when you are ready, for example 3♣ C1.",
    ),
]  # "what should I play?" (the coach): tests/play/test_coach.py


@pytest.mark.parametrize(("text", "intent", "reply"), REQUEST_REPLIES)
def test_a_request_is_answered_with_a_short_reply_and_the_board(client, table, text, intent, reply):
    body = _say(client, table[0], text)
    assert (body["intent"], body["reply"]) == (intent, reply)
    assert body["board"] == client.get(f"/play/{table[0]}/board").get_data(as_text=True).rstrip()
    assert "My Hand: " + HAND in body["board"]
    if intent == "rules":
        assert body["rules"] == chat.excerpt(
            client.get("/rules/masul?format=text").get_data(as_text=True)
        )


@pytest.mark.parametrize(
    "text", ["What can I play?", "legal moves", "what are my options?", "list the valid moves"]
)
def test_what_can_i_play_lists_the_legal_moves(client, table, text):
    body = _say(client, table[0], text)
    assert body["intent"] == "legal"
    moves = body["legal_moves"]
    assert body["reply"].startswith(f"Your legal moves ({len(moves)}): 3♣ C1, 3♣ C1 FD, 3♣ C2,")
    shown = body["reply"].split(": ", 1)[1].split(" … ")[0].split(", ")
    assert shown == moves[: len(shown)] and 10 <= len(shown) <= 30
    assert body["reply"].endswith(f"… and {len(moves) - len(shown)} more.")


def test_the_seat_not_to_move_hears_whose_turn_it_is_and_has_no_moves(client, table):
    assert _say(client, table[1], "whose turn?")["reply"] == "Row 3 is to move; you are Row 1."
    body = _say(client, table[1], "what can I play")
    assert body["reply"] == "Row 3 is to move; you are Row 1. You have no moves now."
    assert body["legal_moves"] == []


# ---------------------------------------------------------------- moves (legal and not)

LEGAL_PHRASINGS = [
    ("3♣ C1", "3♣ C1"),
    ("play the five of clubs face down in column 2", "5♣ C2 FD"),
    ("7s c3 fd", "7♠ C3 FD"),
    ("queen of diamonds in column 4", "Q♦ C4"),
    ("Ace of clubs, C5, face up please", "A♣ C5"),
    ("put my 5 of spades on column 6", "5♠ C6"),
    ("jc fc1", "J♣ FC1"),
    ("replace the jack of diamonds with the jack of clubs", "J♣ FC1"),
]


@pytest.mark.parametrize(("text", "canonical"), LEGAL_PHRASINGS)
def test_a_move_in_any_phrasing_is_played_and_echoed(client, table, text, canonical):
    body = _say(client, table[0], text)
    assert body["intent"] == "move" and body["legal"] is True and body["move"] == canonical
    event = body["events"][0]["text"]
    assert body["reply"] == f"Played {canonical}. {event}. Row 1 is to move; you are Row 3."
    assert body["to_move"] == "row1" and body["legal_moves"] == []


def test_nonsense_is_not_a_move_and_is_not_counted(client, table):
    body = _say(client, table[0], "banana")
    assert body["intent"] == "unclear" and "legal" not in body
    assert (
        body["reply"]
        == f"I did not understand that. Say a move such as 3♣ C1, or ask for: {REQUESTS}."
    )
    assert [s["illegal_attempts"] for s in body["seats"]] == [0, 0]


def test_a_text_that_names_a_card_is_a_move_attempt_and_counts(client, table):
    body = _say(client, table[0], "play the banana of spades")  # no card: which spade?
    assert body["intent"] == "move" and body["legal"] is False and body["kind"] == "ambiguous"
    assert all("♠" in c for c in body["candidates"]) and body["seats"][0]["illegal_attempts"] == 0
    body = _say(client, table[0], "play the seven of spades in column nine")
    assert body["intent"] == "move" and body["legal"] is False and body["kind"] == "unparsable"
    assert body["seats"][0]["illegal_attempts"] == 1


def test_a_column_that_does_not_exist_is_unreadable_and_says_why(client, table):
    body = _say(client, table[0], "play the ace of spades in column 9")
    assert body["kind"] == "unparsable"
    assert body["reply"].startswith(
        "Could not read 'play the ace of spades in column 9' as a move. There is no column 9; "
        "the columns are C1-C7."
    )
    assert "Or ask for" not in body["reply"]


def test_an_illegal_move_gets_the_rule_the_hint_and_three_close_moves(client, table):
    body = _say(client, table[0], "K♠ C5")
    assert body["legal"] is False and body["rule"] == "not-in-hand"
    assert body["reply"] == (
        f"Illegal: You do not hold K♠; a turn plays one card from your own hand. Your hand: "
        f"{HAND}. You could play 3♣ C5, 3♣ C5 FD or 5♣ C5."
    )
    assert len(body["legal_moves"]) > 3  # all of them stay in the structured answer


def test_a_field_replacement_of_the_wrong_rank_names_the_rule(client, table):
    body = _say(client, table[0], "7h fc1")
    assert body["rule"] == "field-rank"
    assert body["reply"].startswith(
        "Illegal: A field replacement needs a card of the same rank as the Field Card: C1 holds "
        "J♦, so only a J can replace it, not 7♥. Field replacements you can make: 3♣ FC3, J♣ FC1."
    )


def test_an_ambiguous_move_asks_which_one(client, table):
    body = _say(client, table[0], "7♠")
    assert body["kind"] == "ambiguous" and len(body["candidates"]) == 14
    assert body["reply"] == (
        "'7♠' could mean more than one move. Say which one: 7♠ C1, 7♠ C1 FD, 7♠ C2, 7♠ C2 FD, "
        "7♠ C3, 7♠ C3 FD … and 8 more."
    )


def test_a_conversation_between_two_seats_keeps_each_hand_secret(client, table):
    row3, row1 = table
    assert _say(client, row3, "3c c1")["reply"] == (
        "Played 3♣ C1. Row 3 plays 3♣ in C1. Row 1 is to move; you are Row 3."
    )
    early = _say(client, row3, "5♣ C2")
    assert early["legal"] is False and early["rule"] == "not-your-turn"
    assert early["reply"] == "It is not your turn: Row 1 is to move. You are Row 3."
    row1_hand = _say(client, row1, "my hand")["state"]["hand"]
    assert row1_hand == ["4♣", "5♦", "A♥", "2♠", "4♠", "9♠", "X♠", "J♠", "Q♠"]
    played = _say(client, row1, "four of clubs face down in column 2")
    assert played["reply"] == (
        "Played 4♣ C2 FD. Row 1 plays 4♣ face down in C2. Row 3 is to move; you are Row 1."
    )
    taken = _say(client, row3, "5c c1")
    assert taken["rule"] == "slot-taken"
    assert taken["reply"].startswith(
        "Illegal: Your slot in C1 (Row 3) already holds a card; each slot takes one card."
    )
    mine = _say(client, row3, "what happened so far")
    assert mine["reply"] == (
        "Moves so far: 1. Row 3 plays 3♣ in C1 | 2. Row 1 plays a card face down in C2"
    )
    assert [m["n"] for m in mine["history"]] == [1, 2]
    theirs = _say(client, row1, "history")
    assert theirs["reply"].endswith("2. Row 1 plays 4♣ face down in C2")
    # nothing row3 was told names a card of row1's (4♣ is face down, the rest in hand)
    for answer in (early, taken, mine, _say(client, row3, "board"), _say(client, row3, "help")):
        assert not _names(json.dumps(answer, ensure_ascii=False), set(row1_hand))


def _names(text: str, cards: set[str]) -> list[str]:
    return [c for c in cards if re.search(r"(?<![0-9A-Z])" + re.escape(c), text)]


# ---------------------------------------------------------------- resign


@pytest.mark.parametrize("text", ["I resign", "resign", "I give up", "forfeit", "I want to resign"])
def test_resigning_by_chat_asks_for_confirmation_and_changes_nothing(client, table, text):
    row3, _ = table
    before = client.get(f"/play/{row3}").get_json()
    body = _say(client, row3, text)
    assert body["intent"] == "resign" and "resigned" not in body
    assert body["reply"] == "Are you sure? Say 'yes, resign' to resign; the game ends at once."
    assert body["status"] == "active" and body["version"] == before["version"]
    assert client.get(f"/play/{row3}/history").get_json()["moves"] == []


@pytest.mark.parametrize(
    "text", ["don't resign", "do not resign", "should I resign?", "can I resign?", "never give up"]
)
def test_talk_about_resigning_never_resigns(client, table, text):
    body = _say(client, table[0], text)
    assert body["intent"] in ("chat", "question") and body["status"] == "active"
    assert "resigned" not in body and [s["illegal_attempts"] for s in body["seats"]] == [0, 0]


@pytest.mark.parametrize("text", ["yes, resign", "yes resign", "confirm resign", "Yes, I resign"])
def test_the_confirmation_resigns_with_the_other_seat_winning(client, table, text):
    row3, row1 = table
    assert _say(client, row3, "resign")["status"] == "active"
    body = _say(client, row3, text)
    assert body["intent"] == "resign" and body["resigned"] is True
    assert body["reply"] == "You resigned. Game over: Row 3 resigned; Row 1 wins. You lost."
    assert body["status"] == "finished" and body["to_move"] is None
    assert body["result"]["winners"] == ["row1"] and body["result"]["draw"] is False
    assert set(body["result"]["scores"]) == {"row3", "row1"}
    assert body["board"].endswith("\nGame over: Row 3 resigned; Row 1 wins.")
    assert body["events"] == [{"seat": "row3", "kind": "resign", "text": "Row 3 resigned."}]
    # every seat's view, the spectator's and the history reflect it
    other = client.get(f"/play/{row1}").get_json()
    assert other["result"]["reason"] == "Row 3 resigned; Row 1 wins" and other["legal_moves"] == []
    spectator = client.get(f"/games/{row3.split('.')[0]}").get_json()
    assert spectator["status"] == "finished"
    log = client.get(f"/play/{row3}/history").get_json()["moves"]
    assert log[-1] == {"n": 1, "seat": "row3", "events": ["Row 3 resigned."], "move": "resign"}


def test_the_resign_route_acts_at_once(client, table):
    response = client.post(f"/play/{table[0]}/resign", json={})
    assert response.status_code == 200 and response.get_json()["status"] == "finished"


def test_after_resigning_no_move_is_taken_and_resigning_again_changes_nothing(client, table):
    row3, row1 = table
    _say(client, row3, "yes, resign")
    late = _say(client, row1, "3c c1")
    assert late["legal"] is False and late["rule"] == "game-over"
    again = _say(client, row1, "yes, I resign")
    assert again["reply"] == (
        "Nothing to resign. Game over: Row 3 resigned; Row 1 wins. You won."  # row1 asks
    )
    assert again["result"]["winners"] == ["row1"]
    assert _say(client, row1, "resign")["reply"] == (
        "The game is over already. Game over: Row 3 resigned; Row 1 wins. You won."
    )
    assert _say(client, row3, "whose turn")["reply"] == (
        "Game over: Row 3 resigned; Row 1 wins. You lost."
    )


@pytest.mark.parametrize("game", list(REGISTRY))
def test_resign_in_the_service_works_for_every_game_and_is_idempotent(service, game):
    info = REGISTRY[game].info
    names, labels = info.seat_names, [info.seat_label(i) for i in range(len(info.seat_names))]
    created = service.create(game, opponent="human", seed=5)
    token = created["token"]
    first = service.resign(token, idempotency_key="k1")
    assert first["status"] == "finished" and first["to_move"] is None
    assert first["result"]["winners"] == [names[1]]
    assert first["result"]["reason"] == f"{labels[0]} resigned; {labels[1]} wins"
    assert service.resign(token, idempotency_key="k1") == first  # the first answer, replayed
    assert [m["move"] for m in service.history(token=token)["moves"]] == ["resign"]
    with pytest.raises(ServiceError) as err:
        service.resign(token)
    assert err.value.status == 409
    refused = service.move(token, "anything")
    assert refused["legal"] is False and refused["rule"] == "game-over"


def test_in_a_three_seat_game_the_two_others_win(service):
    game = next((n for n, e in REGISTRY.items() if e.info.max_players >= 3), None)
    if game is None:
        pytest.skip("no registered game takes three seats")
    info = REGISTRY[game].info
    names, labels = info.seat_names, [info.seat_label(i) for i in range(3)]
    created = service.create(game, seats=[{"kind": "human"}] * 3, seed=5)
    answer = service.resign(created["token"])
    assert answer["result"]["winners"] == [names[1], names[2]]
    assert answer["result"]["reason"] == f"{labels[0]} resigned; {labels[1]} and {labels[2]} win"


# ---------------------------------------------------------------- the endpoint's errors


def test_an_unknown_token_is_a_404_problem(client):
    response = client.post("/play/nope.nope/say", json={"text": "board"})
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert not ProblemSchema().validate(response.get_json())


@pytest.mark.parametrize("body", [{}, {"text": ""}, {"text": "board", "extra": 1}, {"text": 3}])
def test_a_bad_body_is_a_422_showing_a_valid_one(client, table, body):
    response = client.post(f"/play/{table[0]}/say", json=body)
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert '{"text": "show the board"}' in response.get_json()["detail"]


def test_a_move_through_say_honours_the_idempotency_key(client, table):
    first = _say(client, table[0], "3c c1", idempotency_key="abc")
    second = _say(client, table[0], "3c c1", idempotency_key="abc")
    assert first == second and first["legal"] is True
    assert len(client.get(f"/play/{table[0]}/history").get_json()["moves"]) == 1


def test_stale_expected_version_is_a_409(client, table):
    response = client.post(f"/play/{table[0]}/say", json={"text": "3c c1", "expected_version": 99})
    assert response.status_code == 409


# ---------------------------------------------------------------- the classifier alone


@pytest.mark.parametrize(
    "text",
    ["7♠ C3", "7s c3 fd", "queen of spades fc 2", "DRAW DECK", "DISCARD 3RC", "pass", "e4"],
)
def test_moves_of_any_game_are_not_taken_for_requests(text):
    assert classify(text) is None


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_asking_for_the_rules_gives_a_bounded_excerpt_that_starts_the_rules(client, name):
    token = client.post("/games", json={"game": name}).get_json()["token"]
    body = _say(client, token, "rules")
    full = client.get(f"/rules/{name}?format=text").get_data(as_text=True)
    assert body["intent"] == "rules" and len(body["rules"]) <= chat.RULES_EXCERPT + 80
    head = body["rules"].split("\n\n(The rules go on")[0]
    assert full.startswith(head) and len(head) > 1000


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_rematch_by_chat_text_starts_the_next_game_with_seats_swapped(client, name):
    game = client.post("/games", json={"game": name, "opponent": "human"}).get_json()
    first = game["token"]
    invite = game["invites"][game["seats"][1]["name"]]
    second = client.post(f"/games/{game['game_id']}/join", json={"invite": invite}).get_json()
    early = _say(client, first, "rematch")
    assert early["intent"] == "rematch" and early["game_id"] == game["game_id"]
    assert early["reply"].startswith("This game is still on: finish it")
    client.post(f"/play/{first}/resign", json={})
    body = _say(client, first, "a rematch please")
    assert body["intent"] == "rematch" and body["status"] == "active"
    assert body["rematch_of"] == game["game_id"] and body["game_id"] != game["game_id"]
    assert body["seat"] == game["seats"][1]["name"], "seats swapped"
    assert not chat.JARGON.search(body["reply"])
    other = _say(client, second["token"], "rematch")
    assert other["game_id"] == body["game_id"] and other["seat"] == game["seats"][0]["name"]
    assert other["token"] != second["token"] and other["first_claim"] is True
    again = _say(client, second["token"], "rematch")
    assert again["token"] == other["token"] and again["first_claim"] is False
    assert client.get(f"/play/{body['token']}").get_json()["game_id"] == body["game_id"]


# ---------------------------------------------------------------- how the game works, asked

RULES_QUESTIONS = [
    ("what is a jack?", "From the rules: \u201cJack: moves or captures on the four diagonal"),
    ("how does the ace move", "From the rules: \u201cAce: moves like a king, and may also jump"),
    ("what does the 10 do?", "From the rules: \u201cA 10 standing in its own castle may also"),
    ("can a pawn capture a king", "From the rules: \u201cA pawn may capture only pawns of equal"),
    ("how many pieces do I need in check?", "From the rules: \u201cFive pieces in check \u2014"),
    ("how do pawns move?", "From the rules: \u201cPawns (2 to 10): move one step straight"),
]


@pytest.mark.parametrize(("text", "starts"), RULES_QUESTIONS)
def test_a_question_about_how_the_game_works_is_answered_from_the_rules(client, text, starts):
    """A general question names a rank, not a card of this position: the rules' sentence about
    it, not a verdict on the position ("you have no jack") nor an illegal attempt."""
    game = client.post(
        "/games", json={"game": "card-chess", "opponent": "human", "seed": 7}
    ).get_json()
    body = _say(client, game["token"], text)
    assert body["intent"] == "question"
    assert body["reply"].startswith(starts), body["reply"]
    assert all(s["illegal_attempts"] == 0 for s in body["seats"]) and body["version"] == 1


def test_a_general_question_that_names_a_legal_move_gets_the_rule_and_the_verdict(client):
    game = client.post(
        "/games", json={"game": "card-chess", "opponent": "human", "seed": 7}
    ).get_json()
    body = _say(client, game["token"], "how does exchange work?")
    assert body["intent"] == "question" and body["version"] == 1
    assert body["reply"].startswith(  # at the start no piece can move: the risk is said
        "From the rules: \u201cExchange: show your whole hand to your opponent, discard it, and "
        "draw five new cards.\u201d Now EXCHANGE is legal, but: Risky: after an EXCHANGE"
    )
    asked = _say(client, game["token"], "can I play K♦ RC4?")  # about this position: a verdict
    assert asked["reply"] != body["reply"] and "K♦" in asked["reply"]


# ---------------------------------------------------------------- asking before playing


@pytest.mark.parametrize("game", list(REGISTRY))
@pytest.mark.parametrize("form", ["can I play {}?", "may I {}", "could we play {}"])
def test_asking_whether_a_legal_move_may_be_played_answers_and_plays_nothing(client, game, form):
    """A move is final, so "can I play 2♣ C1?" is a question: the verdict, nothing played."""
    # the deal is fair (a server secret in it), so the seed does not fix it: Card Chess's
    # EXCHANGE may be the risky one, which asks before it is played (its own test below); a deal
    # where it is the only move is dealt again
    for _ in range(20):
        created = client.post("/games", json={"game": game, "opponent": "human", "seed": 3})
        token, view = created.get_json()["token"], created.get_json()["view"]
        move = next((m for m in view["legal_moves"] if m != "EXCHANGE"), None)
        if move is not None:
            break
    assert move is not None
    body = _say(client, token, form.format(move))
    assert body["intent"] == "question" and body["version"] == view["version"]
    assert body["reply"] == f"Yes, {move} is legal now; say yes, or the move, to play it."
    assert client.get(f"/play/{token}/history").get_json()["moves"] == []
    played = _say(client, token, f"can I please play {move}")  # a polite request plays it
    assert played["intent"] == "move" and played["move"] == move


def test_asking_about_a_move_that_is_illegal_or_no_move_says_why_and_counts_nothing(client, table):
    row3, _ = table
    version = client.get(f"/play/{row3}").get_json()["version"]
    own = _say(client, row3, "can I play the 4 of clubs in column 2?")
    assert own["intent"] == "question"
    assert own["reply"] == (
        "No: You do not hold 4♣; a turn plays one card from your own hand. Nothing was played. "
        f"{TURN}"
    )
    nowhere = _say(client, row3, "could I play the jack of clubs in column 9?")
    assert nowhere["reply"] == (
        "No, that is not a move here. There is no column 9; the columns are C1-C7. Moves look "
        f"like: 7♠ C3 | 7♠ C3 FD | 7♠ FC3. {TURN}"
    )
    several = _say(client, row3, "can I play the 3 of clubs?")
    assert several["reply"] == (
        "Yes, in more than one way: 3♣ C1, 3♣ C1 FD, 3♣ C2, 3♣ C2 FD, 3♣ C3, 3♣ C3 FD … and "
        "9 more. Say the one you mean to play it."
    )
    for body in (own, nowhere, several):
        assert body["version"] == version
        assert [s["illegal_attempts"] for s in body["seats"]] == [0, 0]


@pytest.mark.parametrize("game", list(REGISTRY))
def test_replies_name_the_seats_as_the_board_does(service, game):
    """The API's seat names (``row3``, ``p1``, ``a``) are for programs; a reply says "Row 3",
    "P1", "A" like the board and the engine's own texts."""
    info = REGISTRY[game].info
    created = service.create(game, opponent="human", seed=5)
    joined = service.join(created["game_id"], next(iter(created["invites"].values())))
    tokens = {created["seat"]: created["token"], joined["seat"]: joined["token"]}
    first = service.seat_view(created["token"])["to_move"]
    other = next(name for name in tokens if name != first)
    labels = {name: info.seat_label(info.seat_names.index(name)) for name in tokens}
    mine = chat.say(service, tokens[first], "whose turn?")["reply"]
    theirs = chat.say(service, tokens[other], "whose turn?")["reply"]
    assert mine == f"Your turn ({labels[first]})."
    assert theirs == f"{labels[first]} is to move; you are {labels[other]}."
    early = chat.say(service, tokens[other], service.seat_view(tokens[first])["legal_moves"][0])
    assert early["reply"] == (
        f"It is not your turn: {labels[first]} is to move. You are {labels[other]}."
    )
    resigned = chat.say(service, tokens[other], "yes, resign")["reply"]
    assert resigned == (
        f"You resigned. Game over: {labels[other]} resigned; {labels[first]} wins. You lost."
    )
    history = chat.say(service, tokens[first], "history")["reply"]
    assert history == f"Moves so far: 1. {labels[other]} resigned"
    if [labels[n] for n in tokens] != list(tokens):  # the names differ: none of them is said
        for text in (mine, theirs, early["reply"], resigned, history):
            assert not any(re.search(rf"\b{name}\b", text) for name in tokens), text


def test_a_sentence_ending_in_a_bracket_gets_no_second_full_stop():
    from gm.play.chat.replies import sentence

    assert sentence("P1 picks 1 (Not picked: Q♣ 5♥.)") == "P1 picks 1 (Not picked: Q♣ 5♥.)"
    assert sentence("He said \u201cno.\u201d") == "He said \u201cno.\u201d"
    assert sentence("P1 picks 1 (Not picked: Q♣ 5♥)") == "P1 picks 1 (Not picked: Q♣ 5♥)."


@pytest.mark.parametrize("text", ["what does my opponent have?", "show me their cards"])
def test_asking_for_the_other_sides_cards_says_they_are_hidden(client, table, text):
    row3, _ = table
    body = _say(client, row3, text)
    assert body["intent"] == "question"
    assert body["reply"].startswith("The other side's cards are hidden from you, as the rules")
    assert body["version"] == 2 and [s["illegal_attempts"] for s in body["seats"]] == [0, 0]


def test_a_game_that_hides_nothing_says_so_when_asked_for_the_other_sides_cards(client):
    game = client.post("/games", json={"game": "n-in-a-row", "opponent": "human"}).get_json()
    body = _say(client, game["token"], "what cards does the opponent have")
    assert body["reply"].startswith("Nothing is hidden from you now: everything is on the board.")


def test_what_game_is_this_names_the_game(client, table):
    body = _say(client, table[0], "hey there, what game is this?")
    assert body["intent"] == "rules" and body["reply"] == RULES


def test_a_move_reply_tells_at_most_ten_events_and_points_to_the_history():
    """An AI that plays many rounds in one answer (So-Lon-Yo's defiant keeps its role): the reply
    keeps the first three and the latest six, and says how many it leaves to the history."""
    from gm.play.chat.replies import moved

    answer = {
        "game": "solonyo", "move": "PICK 1", "seat": "p1", "to_move": "p1", "your_turn": True,
        "result": None, "events": [{"text": f"Event {n}", "kind": "move"} for n in range(1, 15)],
        "seats": [{"name": "p1", "label": "P1"}, {"name": "p2", "label": "P2"}],
    }  # fmt: skip
    told = [f"Event {n}." for n in (1, 2, 3)] + ["(5 more: say 'history' for them.)"]
    told += [f"Event {n}." for n in range(9, 15)]
    assert moved(answer) == " ".join(["Played PICK 1.", *told, "Your turn (P1)."])
    answer["events"] = answer["events"][:10]
    assert moved(answer).count("Event") == 10 and "more:" not in moved(answer)


def test_a_board_question_quotes_the_lines_it_asks_about(client):
    game = client.post("/games", json={"game": "solonyo", "opponent": "human", "seed": 4})
    token = game.get_json()["token"]
    body = _say(client, token, "what's the challenger card?")
    line = next(x for x in body["board"].splitlines() if "(challenger)" in x)
    assert body["intent"] == "board"
    assert body["reply"] == f"Here is the board. On the board: {line}. Your turn (P1)."
    deck = _say(client, token, "how many cards are left in the deck?")  # a count: the figures
    assert deck["intent"] == "status"
    assert deck["reply"].startswith("On the board: deck: 48 cards")
    assert deck["reply"].endswith("Your turn (P1).")
    round_ = _say(client, token, "what round are we on?")  # the title's round
    assert round_["reply"] == "On the board: round 1. Your turn (P1)."
    plain = _say(client, token, "show me the board")["reply"]  # nothing asked about: no lines
    assert plain == "Here is the board. Your turn (P1)."


def test_board_lines_are_quoted_only_when_few_hold_the_word():
    from gm.play.chat.replies import on_board

    board = "Title · trump\nnorth · trump ♣\nsouth (you) · trump ♥\npile: empty\nlast: a trump"
    assert on_board(board, "what's the trump?") == (
        " On the board: north · trump ♣; south (you) · trump ♥; last: a trump."
    )
    assert on_board(board + "\nmore trump", "what's the trump?") == ""  # four lines: no answer
    assert on_board(board, "show me the board") == on_board(board, "what is on the moon") == ""
    # asked of one's own: the seat's own line only ("(you", or a line opening "My …")
    assert on_board(board, "what's my trump?") == " On the board: south (you) · trump ♥."
    mine = "Opponent's Hand: 5\nRow 1: FD-[]\nMy Hand: 2♣-4♣"
    assert on_board(mine, "what's in my hand") == " On the board: My Hand: 2♣-4♣."
    assert on_board(mine, "how many cards in the opponent's hand") == (
        " On the board: Opponent's Hand: 5; My Hand: 2♣-4♣."
    )  # a board with no title line: its first line is read too


def test_the_end_says_what_it_means_to_the_seat_asking():
    from gm.play.chat.replies import final, status

    won = {"winners": ["row3"], "draw": False, "reason": "Row 3 won 5 columns to 2"}
    view = {"game": "masul", "seat": "row3", "result": won}
    assert status(view) == "Game over: Row 3 won 5 columns to 2. You won."
    assert final(won, {**view, "seat": "row1"}) == "Game over: Row 3 won 5 columns to 2. You lost."
    assert status({**view, "seat": "spectator"}) == "Game over: Row 3 won 5 columns to 2."
    drawn = {"winners": [], "draw": True, "reason": "A draw at the move cap"}
    assert final(drawn, view) == "Game over: A draw at the move cap."


def test_what_a_code_means_is_answered_from_the_rules_not_as_a_verdict(client):
    game = client.post("/games", json={"game": "maze", "opponent": "human", "seed": 5}).get_json()
    body = _say(client, game["token"], "what does 1YS mean")
    assert body["intent"] == "question"
    assert body["reply"].startswith(
        "From the rules: \u201cA card is written number, colour letter, suit letter: 1YS is the "
        "Ace of Yellow Suns"
    )


@pytest.mark.parametrize("game", list(REGISTRY))
def test_the_question_help_suggests_works_as_it_says(client, game):
    created = client.post("/games", json={"game": game, "opponent": "human", "seed": 3})
    token = created.get_json()["token"]
    helped = _say(client, token, "help")["reply"]
    asked = re.search(r"Ask '([^']+)' to check a move without playing it\.", helped)
    assert asked, helped
    body = _say(client, token, asked.group(1))
    assert body["intent"] == "question" and body["reply"].startswith("Yes, ")
    assert client.get(f"/play/{token}/history").get_json()["moves"] == []


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("can I get the rules", "rules"),
        ("could I have the history", "history"),
        ("can I see the score", "score"),
        ("may I know whose turn it is", "status"),
        ("could we play again", "new_game"),
        ("can I get a hint", "hint"),
    ],
)
def test_a_request_asked_as_may_i_is_the_request(client, table, text, intent):
    """'can I get …', 'could I have …': the request, not a question about a move."""
    assert _say(client, table[0], text)["intent"] == intent
