"""The refusals of the use cases: :class:`ServiceError` and the ones every front end meets.

A ServiceError carries an HTTP-like ``status``, a short ``title`` and a ``detail`` that says how to
fix the call; the front ends render it (problem+json over HTTP, a tool error over MCP, a line in
the terminal) with the same words.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A request the service refuses. ``status`` is the HTTP-like status; ``detail`` says how to
    fix the call."""

    def __init__(self, status: int, title: str, detail: str, **extra: Any):
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra


def unknown_token() -> ServiceError:
    return ServiceError(
        404,
        "Unknown seat token",
        "No game seat has this token. Use the token that new_game or join_game returned "
        "(games expire after a period without moves).",
    )


def unknown_game(game_id: str) -> ServiceError:
    return ServiceError(
        404,
        "Unknown game",
        f"There is no game {game_id!r} (never created, or expired after a period without "
        "moves). new_game starts one.",
    )


def unknown_game_name(name: str, names: list[str]) -> ServiceError:
    return ServiceError(
        404,
        "Unknown game",
        f"There is no game {name!r}. Games: {', '.join(sorted(names))} "
        "(list_games describes them).",
    )


def unknown_invite() -> ServiceError:
    return ServiceError(
        404,
        "Unknown invite",
        "This invite does not belong to this game. Use an invite from the 'invites' of new_game.",
    )


def seat_taken() -> ServiceError:
    return ServiceError(
        409,
        "Seat already taken",
        "This invite has been used already; the player who joined holds the seat token.",
    )


def stale_version(version: int, expected: int) -> ServiceError:
    return ServiceError(
        409,
        "Stale version",
        f"The game is at version {version}, not {expected}: someone moved since you looked. "
        "Look at the view again (view_game), then send the move with the new version as "
        "expected_version, or without it.",
        version=version,
    )


def game_over_already(reason: str) -> ServiceError:
    return ServiceError(409, "Game over", f"{reason} The result is in the view (view_game).")


def invalid(title: str, detail: str) -> ServiceError:
    return ServiceError(422, title, detail)


def key_reused(op: str, text: str) -> ServiceError:
    return ServiceError(
        422,
        "Idempotency key reused",
        f"This idempotency_key was first used for {text!r} on {op}; a key answers one request "
        "only. Use a fresh key for a new request (resend the same request to get its answer).",
        first_request={"operation": op, "text": text},
    )
