"""Not imported: the message ids of the engines' running-standing labels and notes
(``Figure.label``, ``Figure.note`` in gm/games/*/engine.py), marked here for ``pybabel extract``
(docs/languages.md) so the chat's own code names no game's words."""


def N_(msgid: str) -> str:  # noqa: N802 — gettext's name for a marked message id
    return msgid


LABELS = (
    N_("Columns won"), N_("Points"), N_("Best chain"), N_("In check"), N_("In play"),
    N_("Longest line"), N_("Cards left"),
)  # fmt: skip
# their notes, worded when the catalogue has them (``Figure.note``; others are left out)
NOTES = (N_("undecided: {places}"), N_("five win"))
