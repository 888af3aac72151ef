"""The HTTP API: routes generated from gm/contract.py (routes.py), problem+json errors
(errors.py), the schemas (schemas.py), OpenAPI (openapi.py) and the tool files (tools.py)."""
