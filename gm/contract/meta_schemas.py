"""marshmallow schemas of the catalogue (GET /rules), health, and the documents gm serves about
itself (OpenAPI, tool files). Re-exported by gm/contract/schemas.py."""

from __future__ import annotations

from marshmallow import Schema, fields


class OptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True)
    default = fields.Raw(allow_none=True)
    description = fields.String(required=True)
    choices = fields.List(fields.Raw(allow_none=True))
    minimum = fields.Integer()
    maximum = fields.Integer()


class GameInfoSchema(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    summary = fields.String(required=True)
    seats = fields.List(fields.String(), required=True)
    seat_labels = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The seats as the game's text names them, in the same order."},
    )
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    move_syntax = fields.String(required=True)
    example_moves = fields.List(fields.String(), required=True)
    ai_levels = fields.List(fields.String(), required=True)


class RulesSchema(GameInfoSchema):
    rules = fields.String(required=True, metadata={"description": "Rules text (Markdown)."})


class CatalogueSchema(Schema):
    games = fields.List(fields.Nested(GameInfoSchema), required=True)


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "'ok': the process serves."})


class StoreStateSchema(Schema):
    kind = fields.String(
        required=True, metadata={"description": "'single' (one Redis server) or 'cluster'."}
    )
    answers = fields.Boolean(required=True, metadata={"description": "It answered a PING."})
    ping_ms = fields.Float(required=True, metadata={"description": "How long the PING took."})


class StoreMemorySchema(Schema):
    used_bytes = fields.Integer(required=True, metadata={"description": "Redis's used_memory."})
    max_bytes = fields.Integer(required=True, metadata={"description": "maxmemory (0: none)."})
    soft_limit_bytes = fields.Integer(
        required=True,
        metadata={"description": "Above it new games are refused (GM_STORE_SOFT_LIMIT; 0: none)."},
    )
    state = fields.String(
        required=True, metadata={"description": "'ok', 'tight' (above the soft limit) or 'full'."}
    )


class RefusedSchema(Schema):
    store_tight = fields.Integer(metadata={"description": "New games refused: soft limit."})
    quota = fields.Integer(metadata={"description": "Writes refused: a byte quota."})
    store_full = fields.Integer(metadata={"description": "Requests refused: the store full."})
    limit = fields.Integer(metadata={"description": "Requests refused: a request limit."})
    work = fields.Integer(metadata={"description": "Requests refused: a work limit."})


class ReadinessSchema(Schema):
    status = fields.String(required=True, metadata={"description": "'ready'."})
    redis = fields.Nested(StoreStateSchema, required=True)
    memory = fields.Nested(StoreMemorySchema, metadata={"description": "The store's use."})
    refused = fields.Nested(RefusedSchema, metadata={"description": "Refusals counted so far."})


class VersionSchema(Schema):
    name = fields.String(required=True, metadata={"description": "The distribution's name."})
    version = fields.String(required=True, metadata={"description": "Its version."})
    api_version = fields.String(required=True, metadata={"description": "The API's version."})
    commit = fields.String(
        required=True, allow_none=True, metadata={"description": "The git commit, or null."}
    )


# ------------------------------------------------------- the documents gm serves about itself


class OpenAPIDocumentSchema(Schema):
    openapi = fields.String(required=True, metadata={"description": "'3.1.0'."})
    info = fields.Dict(required=True)
    servers = fields.List(fields.Dict(), required=True)
    paths = fields.Dict(required=True)
    components = fields.Dict(required=True)
    security = fields.List(fields.Dict())
    tags = fields.List(fields.Dict())


class ToolFileSchema(Schema):
    about = fields.String(required=True, metadata={"description": "What the file holds."})
    server = fields.String(required=True, metadata={"description": "Base URL for the routes."})
    dispatch = fields.List(
        fields.String(), required=True, metadata={"description": "How to turn a call into HTTP."}
    )
    routes = fields.Dict(required=True, metadata={"description": "Tool name → its HTTP route."})


class OpenAIToolFileSchema(ToolFileSchema):
    chat_completions = fields.List(
        fields.Dict(), required=True, metadata={"description": "Chat Completions `tools`."}
    )
    responses = fields.List(
        fields.Dict(), required=True, metadata={"description": "Responses API `tools`."}
    )


class AnthropicToolFileSchema(ToolFileSchema):
    tools = fields.List(
        fields.Dict(), required=True, metadata={"description": "Messages API `tools`."}
    )
