"""``python -m gm``: the ``gm`` command (also installed as ``gamemaster``)."""

from gm.frontends.cli.main import main

raise SystemExit(main())
