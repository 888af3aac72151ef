"""The doors: they translate, never decide. ``http`` (the Flask JSON API and gunicorn's settings),
``web`` (pages for people), ``mcp`` (the MCP server over stdio and Streamable HTTP, and the MCP
App), ``cli`` (the ``gm`` command, the terminal game, ``gm verify``, ``gm prompts``). Each builds
its parts with gm/composition.py. ``security`` holds what the doors share about secrets."""
