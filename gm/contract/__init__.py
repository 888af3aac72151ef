"""The contract layer: every operation of gm declared once (``operations``, in the shape of
``operation``), its schemas (``schemas`` and its neighbours), the loading of a call's arguments
(``arguments``, ``inputs``), the one error map (``errors``), and the documents derived from it
(``openapi``, ``tools``). Every front end serves this contract; none declares its own."""
