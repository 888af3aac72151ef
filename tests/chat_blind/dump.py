"""Print the blind set's positions as their seat sees them: the board in the game's notation, the
seat's hand, whose turn it is and every legal move in canonical notation. This page is all a
writer of the blind set reads about the positions (besides the rules files).

    REDIS_URL=... python -m tests.chat_blind.dump > positions.md
"""

from __future__ import annotations

import os

from gm.frontends.http.app import create_app
from gm.settings import Settings
from tests.chat_blind.positions import POSITIONS
from tests.chat_corpus import stage
from tests.conftest import NO_LIMITS, connect


def main() -> None:
    url = os.environ["REDIS_URL"]
    client = connect(url)
    app = create_app(Settings(redis_url=url, **NO_LIMITS), client=client)
    service = app.extensions["gm.service"]
    for name, position in POSITIONS.items():
        tokens = stage(service, position.game, position.state())
        view = service.seat_view(tokens[position.seat])
        you = view["seats"][position.seat]["name"] if "seats" in view else position.seat
        print(f"## {name} ({position.game}; you are {you})\n")
        print("```\n" + view["board"].rstrip() + "\n```\n")
        table, seat = service.seat_table(tokens[position.seat])
        moves = table.move_texts(table.legal_moves(seat)) if seat == table.to_move() else []
        print(f"Your turn: {'yes' if moves else 'no'}. Legal moves ({len(moves)}):\n")
        print("    " + "  |  ".join(moves) + "\n" if moves else "    (none)\n")


if __name__ == "__main__":
    main()
