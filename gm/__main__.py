"""``python -m gm``: the ``gm`` command (also installed as ``gamemaster``)."""

from gm.cli import main

raise SystemExit(main())
