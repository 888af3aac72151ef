"""The other side, named without its seat's label, in each language: one table for every pattern
that asks of the other seat — the topics (gm/play/chat/topics.py), Korean phrasings
(gm/play/chat/korean.py) and the hidden-cards answer (gm/play/chat/__init__.py). Each entry is a
regex alternation; English and Spanish are matched lower-cased and accent-folded, Korean as
written. A seat's own label ("Red", "North") is the game's and is searched beside these.

Pure words: no game, no store.
"""

from __future__ import annotations

#: the other side as a noun ("the opponent", "el rival", "상대방")
OTHER_SIDE = {
    "en": r"opponent|other|rival|ai|bot",
    "es": r"rival|oponente|contrario|otro|ia|maquina|bot|compu|computadora|(?:el|la) de enfrente",
    "ko": r"상대방|상대편|상대|적|쟤|걔",
}
#: the other side as a pronoun, subject or possessive ("they", "his", "ella", "sus")
THEY = {
    "en": r"he|she|they|them|his|her|their",
    "es": r"el|ella|ellos|sus?",
}
