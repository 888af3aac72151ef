"""The HTTP door: the Flask application (``app``), routes generated from the contract
(``routes``), problem+json errors (``errors``), Server-Sent Events (``events``), the served
machine-readable documents (``documents``), request logging (``requestlog``) and gunicorn's
settings and error pages (``gunicorn_conf``, ``gunicorn_errors``)."""
