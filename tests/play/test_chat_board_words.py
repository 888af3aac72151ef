"""The board text in the seat's language (gm/play/chat/localise.py::board, each game's
``ChatWords.board``, docs/languages.md): on every staged position of the blind set, the Korean and
Spanish boards keep no English word of the board and carry exactly the English board's notation
(cards, codes, numbers, seat labels), in the same order; a Korean seat's "보드 보여줘" and its
view show the Korean board; a seat with no other language gets the English board, byte for byte
the text the game renders."""

from __future__ import annotations

import re

import pytest

from gm.games import GAMES
from gm.play.chat import localise
from tests.chat_blind.positions import POSITIONS
from tests.chat_corpus import stage
from tests.chat_corpus.languages import HANGUL

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True

LATIN = "A-Za-zÀ-ÿ"  # a Latin letter, accented too (Aún, Líder): a word goes on over it
WORD = re.compile(rf"(?<![{LATIN}])[A-Za-z][a-z]+(?![{LATIN}])")
# words Spanish spells as English does: "Aún no hay marcas" keeps a "no" of its own
SHARED = {"ko": frozenset(), "es": frozenset({"no"})}


def _seats(game: str) -> frozenset[str]:
    """The game's seat words: its labels and names, as written and capitalised (a one-letter
    name only when it is its label: maze's seat "a" is "A" on the board, never the article)."""
    info = GAMES[game].engine.info
    names = []
    for i, name in enumerate(info.seat_names):
        label = info.seat_label(i)
        names += [label, *([name] if len(name) > 1 or name == label else [])]
    words = {w for n in names for w in re.findall(r"\w+", n)}
    return frozenset(words | {w.capitalize() for w in words})


def _titled(game: str, board: str) -> str:
    """``board`` with the game's title (a name every language keeps) as the token TITLE."""
    return board.replace(GAMES[game].engine.info.title.split(" (")[0], "TITLE")


def _notation(game: str, board: str) -> list[str]:
    """The board's notation tokens in order: cards and suits, codes in capitals, numbers, the
    seats' names and the title."""
    names = "|".join(re.escape(n) for n in sorted(_seats(game), key=len, reverse=True))
    token = re.compile(
        r"(?:10|[2-9AKQJXT])[♠♥♦♣]|[♠♥♦♣]"
        rf"|(?<![{LATIN}])[A-Z][A-Z0-9]*(?![{LATIN}])"
        r"|-?\d+"
        rf"|(?<![{LATIN}])(?:{names})(?![{LATIN}])"
    )
    return token.findall(_titled(game, board))


def _english_words(game: str, board: str) -> set[str]:
    seats = _seats(game)
    return {w.lower() for w in WORD.findall(_titled(game, board)) if w not in seats}


@pytest.fixture(params=sorted(POSITIONS), scope="module")
def position(request):
    return request.param


@pytest.mark.parametrize("lang", ["ko", "es"])
def test_the_board_has_its_words_in_the_language_and_its_notation_unchanged(
    service, position, lang
):
    staged = POSITIONS[position]
    tokens = stage(service, staged.game, staged.state())
    english = service.seat_view(tokens[staged.seat])["board"]
    worded = localise.board(lang, staged.game, english)
    assert worded != english
    left = _english_words(staged.game, worded) & _english_words(staged.game, english)
    assert not left - SHARED[lang], (left, worded)
    assert english.count("\n") == worded.count("\n"), worded
    for line, said in zip(english.split("\n"), worded.split("\n"), strict=True):
        assert _notation(staged.game, said) == _notation(staged.game, line), (line, said)
    if lang == "ko":
        assert HANGUL.search(worded), worded


def test_a_line_with_a_part_no_message_id_fits_stays_english_whole():
    """Never half-translated: a known line is worded, an unknown one (or a known one with an
    unknown part) is left as it is, and English is the text itself."""
    board = "My Hand: 2♣-4♣\nMy Hand: 2♣ and a gift\nSomething new: 7♣\nRow 2: 3♠-7♥"
    worded = localise.board("ko", "masul", board).split("\n")
    assert worded == ["내 패: 2♣-4♣", "My Hand: 2♣ and a gift", "Something new: 7♣", "Row 2: 3♠-7♥"]
    assert localise.board("en", "masul", board) == board
    assert localise.board("es", "no-such-game", board) == board


def test_a_korean_seat_asking_for_the_board_gets_the_korean_board(client, lean_client, service):
    staged = POSITIONS["masul-challenge"]
    tokens = stage(service, staged.game, staged.state())
    token = tokens[staged.seat]
    english = service.board(token)  # the text the game renders
    said = client.post(f"/play/{token}/say", json={"text": "보드 보여줘"}).get_json()
    assert said["intent"] == "board", said
    korean = localise.board("ko", "masul", english)
    assert said["board"] == korean and "내 패: 2♣-4♣-5♣-A♦-8♥-J♥-5♠" in korean, said["board"]
    assert "차례: Row 1 (나)" in korean.split("\n")
    # the seat's language is kept: its view (and the lean one) shows the Korean board too
    assert client.get(f"/play/{token}").get_json()["board"] == korean
    lean = lean_client.get(f"/play/{token}").get_json()
    assert lean["board"] == korean and "state" not in lean, lean
    # a board line quoted in a reply is worded the same way
    asked = client.post(f"/play/{token}/say", json={"text": "what's my hand?", "language": "ko"})
    assert "내 패: 2♣-4♣-5♣-A♦-8♥-J♥-5♠" in asked.get_json()["reply"], asked.get_json()
    # a Spanish setting turns it Spanish; English back to the text the game renders
    client.post(f"/play/{token}/say", json={"text": "board", "language": "es"})
    assert "Mi mano: 2♣-4♣-5♣-A♦-8♥-J♥-5♠" in client.get(f"/play/{token}").get_json()["board"]
    back = client.post(f"/play/{token}/say", json={"text": "board", "language": "en"}).get_json()
    assert back["board"] == english
    assert client.get(f"/play/{token}").get_json()["board"] == english


def test_a_seat_with_no_other_language_sees_the_board_the_game_renders(client, service):
    """The documented notation, unchanged: the view's board is the game's text byte for byte,
    before and after the seat chats in English, and for the other seat of a Korean one."""
    for name in ("trumps-follow", "solonyo-late", "card-chess-step", "n-in-a-row-mid"):
        staged = POSITIONS[name]
        tokens = stage(service, staged.game, staged.state())
        token, other = tokens[staged.seat], tokens[1 - staged.seat]
        rendered = service.board(token)
        assert client.get(f"/play/{token}").get_json()["board"] == rendered
        said = client.post(f"/play/{token}/say", json={"text": "show me the board"}).get_json()
        assert said["board"] == rendered and said["intent"] == "board"
        assert client.get(f"/play/{token}/turn?wait=0").get_json()["board"] == rendered
        client.post(f"/play/{other}/say", json={"text": "보드 보여줘"})
        assert client.get(f"/play/{token}").get_json()["board"] == rendered
        theirs = client.get(f"/play/{other}").get_json()["board"]
        assert HANGUL.search(theirs), theirs
