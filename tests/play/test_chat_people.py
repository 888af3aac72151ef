"""Issue 21's quoted messages, each in its game, get the right kind of answer: chat, questions,
complaints and requests are never counted (with ``illegal_move_limit: 2`` two of them would have
forfeited the game), questions about the position are answered from the game (its running
standing, the board's lines) and gm says plainly when it cannot answer instead of quoting an
unrelated rule."""

from __future__ import annotations

import pytest

from gm.games import GAMES
from gm.play import chat
from gm.play.chat import language, localise
from tests.chat_corpus import card_chess, maze, stage
from tests.play.test_chat_nonmove import _game_at

ALL = ("masul", "trumps", "solonyo", "maze", "card-chess", "n-in-a-row")

# (message, the intents that are a right answer) — said in every game
EVERY_GAME = [
    ("ok so how do i play this lol", {"rules"}),
    ("wait what does FD mean", {"question", "rules"}),
    ("wat can i play", {"legal"}),
    ("nah jk keep going", {"chat"}),
    ("idk you pick for me", {"hint"}),
    ("help, what do i play", {"hint"}),
    ("ugh i dont have the ace. fine pick up", {"unclear", "question", "move", "chat"}),
    ("let's play again", {"new_game", "rematch"}),
    ("am i winning", {"score"}),
    ("score", {"score"}),
    ("who's leading", {"score"}),
    ("what do i play", {"hint"}),
    ("gg! rematch?", {"rematch"}),
    ("one more?", {"rematch", "new_game"}),
    ("ugh this hand sucks, i give up", {"resign"}),
    ("whats row 2", {"question"}),
    ("how many pieces do i have", {"score"}),
    ("who's winning column 2?", {"score"}),
    ("what's N", {"question"}),
]


@pytest.mark.parametrize("game", ALL)
def test_what_people_say_in_passing_never_counts(service, game):
    token, _ = _game_at(service, game, 3)  # illegal_move_limit 1: one count would forfeit
    for text, right in EVERY_GAME:
        answer = chat.say(service, token, text)
        where = f"{game}: {text!r} → {answer['intent']}: {answer['reply']}"
        assert answer["intent"] in right, where
        assert not answer.get("legal"), where  # nothing played
        assert [s["illegal_attempts"] for s in answer["seats"]] == [0] * len(answer["seats"]), where
        assert answer["status"] == "active", where
        assert len(answer["reply"]) <= 280 and not chat.JARGON.search(answer["reply"]), where


@pytest.mark.parametrize("game", ALL)
def test_am_i_winning_is_answered_with_the_games_own_figures(service, game):
    token, seat = _game_at(service, game, 3)
    reply = chat.say(service, token, "am i winning")["reply"]
    table, _ = service.seat_table(token)
    figures = table.engine.standing(table.state, seat)
    assert figures, game  # every game keeps a running standing
    for figure in figures:
        assert figure.label in reply or f"Your {figure.label.lower()}" in reply, (game, reply)
    assert "Nobody has won yet" not in reply


@pytest.mark.parametrize("game", ALL)
@pytest.mark.parametrize(("text", "lang"), [("규칙 알려줘", "ko"), ("como se juega esto?", "es")])
def test_a_rules_answer_says_the_game_in_the_seats_language(service, game, text, lang):
    """A rules answer in Korean or Spanish says what the game is in that language (the game's
    ``SUMMARY`` from the catalogue), not only how its moves are written."""
    token, _ = _game_at(service, game, 0)
    answer = chat.say(service, token, text)
    summary = GAMES[game].engine.info.summary
    said = localise.catalogue(lang).gettext(summary)
    assert answer["intent"] == "rules" and said != summary, answer["reply"]
    assert said in answer["reply"], answer["reply"]


def test_masul_standing_counts_only_columns_the_seat_can_judge(service):
    """A column whose other card is face down stays undecided to this seat: the standing never
    tells what the hidden card is worth."""
    from gm.games import get_engine
    from tests.chat_corpus.masul import CHALLENGE_ROW1, _position

    engine = get_engine("masul")
    state = _position(CHALLENGE_ROW1)  # Row 3 holds a face-down card in C2, Row 1 one in C1
    mine = engine.standing(state, 1)[0]
    theirs = engine.standing(state, 0)[0]
    assert "C2" in mine.note_said() and "C1" in theirs.note_said()


@pytest.mark.parametrize(
    ("game", "text", "note"),
    [
        ("masul", "점수 어때?", "(미정: C1 C2 C3 C4 C5 C6 C7)"),
        ("masul", "como va el marcador?", "(sin decidir: C1 C2 C3 C4 C5 C6 C7)"),
        ("card-chess", "점수 어때?", "(다섯이면 승리)"),
        ("card-chess", "como va el marcador?", "(cinco ganan)"),
    ],
)
def test_a_standings_note_is_said_in_the_seats_language(service, game, text, note):
    """The standing's note ("undecided: C4 C5", "five win") is worded in the seat's language,
    never left in English inside a Korean or Spanish reply."""
    token, _ = _game_at(service, game, 0)
    reply = chat.say(service, token, text)["reply"]
    assert note in reply and "undecided" not in reply and "five win" not in reply, reply


def test_position_questions_are_answered_with_facts_or_plainly_not(service):
    token, _ = _game_at(service, "masul", 3)
    row = chat.say(service, token, "whats row 2")["reply"]
    assert row.startswith("On the board: Row 2: "), row
    unknown = chat.say(service, token, "are you a bot?")["reply"]
    assert unknown.startswith("I can't answer that"), unknown
    assert "From the rules" not in chat.say(service, token, "how long does a game take")["reply"]


@pytest.mark.parametrize(
    ("first", "confirm", "lang"),
    [
        ("ugh i give up", "yes, resign", "en"),
        ("항복", "응, 항복", "ko"),
        ("me rindo", "sí, me rindo", "es"),
    ],
)
def test_resigning_in_each_language_still_asks_first(service, first, confirm, lang):
    token, _ = _game_at(service, "masul", 3)
    asked = chat.say(service, token, first)
    assert asked["intent"] == "resign" and asked["status"] == "active", asked["reply"]
    assert language.detect(asked["reply"]) in (lang, None) or lang == "en", asked["reply"]
    done = chat.say(service, token, confirm)
    assert done["intent"] == "resign" and done["status"] == "finished", done["reply"]


def test_an_explicit_language_setting_wins_over_the_message(service):
    token, _ = _game_at(service, "maze", 3)
    chat.say(service, token, "한국어로 해줘")
    answer = chat.say(service, token, "whose turn is it?")
    assert answer["intent"] == "status" and "차례" in answer["reply"], answer["reply"]
    chat.say(service, token, "english please")
    assert "turn" in chat.say(service, token, "whose turn is it?")["reply"]


# (game, position, seat, message, intent): Korean questions about the game's own figures (몇:
# "how many", "what number"), answered from the standing in Korean
FIGURES_IN_KOREAN = [
    ("card-chess", card_chess.black_ace, 1, "체크된 말 몇 개야?", "체크된 말"),
    ("maze", maze.two_draw, 1, "최고 체인 몇이야?", "최고 체인"),
]


@pytest.mark.parametrize(("game", "position", "seat", "text", "label"), FIGURES_IN_KOREAN)
def test_a_korean_question_about_a_figure_is_answered_from_the_standing(
    service, game, position, seat, text, label
):
    tokens = stage(service, game, position(), illegal_move_limit=1)
    answer = chat.say(service, tokens[seat], text)
    assert answer["intent"] == "score" and label in answer["reply"], answer["reply"]
    assert not any(s["illegal_attempts"] for s in answer["seats"])


def test_the_second_card_is_the_second_card_of_the_hand_in_every_language(service):
    for text in ("두 번째 카드 버려", "descarta mi segunda carta", "discard the second card"):
        tokens = stage(service, "maze", maze.two_discard(), illegal_move_limit=1)
        hand = service.seat_view(tokens[1])["board"].split("Your hand (B): ")[1].split()
        answer = chat.say(service, tokens[1], text)
        assert answer.get("move") == f"DISCARD {hand[1]}", (text, answer["reply"])
        assert not any(s["illegal_attempts"] for s in answer["seats"])
