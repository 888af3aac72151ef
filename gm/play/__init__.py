"""The use-case layer: what a seat can do (``service``: create, join, view, move, resign,
history, rules; ``rematch``; ``coach``; ``live``: waiting for the other seat), the answers a seat
may see (``answers``), the refusals (``problems``), seat secrets (``seats``), health
(``readiness``) and the chat door's triage (``chat``). It meets the games and the store; it knows
no front end and no schema."""
