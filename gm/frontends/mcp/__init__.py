"""The MCP door: the server on the official SDK (``server``: stdio and Streamable HTTP), its HTTP
wrapping (``http``) and the MCP App that draws the board inside the chat (``app``, ``app.html``)."""
