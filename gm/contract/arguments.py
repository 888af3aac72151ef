"""Loading a call's arguments with its operation's schemas: the JSON body and query of an HTTP
request (:func:`load_body`, :func:`load_query`) and the flat arguments of an MCP or terminal call
(:func:`load_arguments`), refused with :class:`~gm.contract.errors.InvalidArguments` in the same
words."""

from __future__ import annotations

import json
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate

from gm.contract import schemas as s
from gm.contract.errors import InvalidArguments
from gm.contract.inputs import check_text
from gm.contract.operations import PATH_PARAMETERS, Operation


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def first_error(messages: Any) -> str:
    return s.first_error(messages)


def _refuse(messages: Any, example: dict[str, Any]) -> InvalidArguments:
    return InvalidArguments(
        f"{first_error(messages)} A valid call looks like {_json(example)}.", errors=messages
    )


_INSTANCES: dict[type[Schema], Schema] = {}


def _schema(cls: type[Schema]) -> Schema:
    """One instance per schema class: gm's schemas keep no state between loads (no context, no
    hooks writing to ``self``), and building one costs more than a small body's load."""
    schema = _INSTANCES.get(cls)
    if schema is None:
        schema = _INSTANCES.setdefault(cls, cls())
    return schema


_MISSING: Any = object()


# a plain field: name, type (str or int), length limits (strings), required, allow_none, default,
# the values a string may take (a OneOf; None: any)
_PlainField = tuple[str, type, int, int, bool, bool, Any, frozenset[str] | None]


def _plain_field(name: str, field: fields.Field) -> _PlainField | None:
    """How the plain loader reads ``field``, or None when it is not a plain field (a data key or
    attribute, a default other than None, a string validated other than by its length or one
    list of values, an integer that is not strict or has validators, any other kind)."""
    if field.data_key is not None or field.attribute is not None:
        return None
    default = field.load_default
    if callable(default) or (default is not missing and default is not None):
        return None
    if type(field) is fields.String:
        lengths = [v for v in field.validators if type(v) is validate.Length]
        one_of = [v for v in field.validators if type(v) is validate.OneOf]
        if len(lengths) + len(one_of) != len(field.validators) or len(one_of) > 1:
            return None
        if any(v.equal is not None for v in lengths):
            return None
        low = max([0, *(v.min for v in lengths if v.min is not None)])
        high = min([1 << 62, *(v.max for v in lengths if v.max is not None)])
        choices = frozenset(one_of[0].choices) if one_of else None
        return (name, str, low, high, field.required, field.allow_none, default, choices)
    if type(field) is fields.Integer and field.strict and not field.validators:
        return (name, int, 0, 0, field.required, field.allow_none, default, None)
    return None


def _plain_loader(cls: type[Schema]) -> Any:
    """A loader for a schema made only of plain fields (strings with a length, strict integers,
    no hooks, unknown fields refused) that answers what marshmallow's ``load`` would, or None
    for anything it does not plainly accept (then marshmallow loads it, and words any refusal).
    For the bodies of every move: a marshmallow load costs more than the rest of reading one.
    None when the schema is not of that kind."""
    schema = _schema(cls)
    if schema.unknown != RAISE or any(cls._hooks.values()):
        return None
    plan: list[_PlainField] = []
    for name, field in schema.load_fields.items():
        step = _plain_field(name, field)
        if step is None:
            return None
        plan.append(step)
    names = frozenset(schema.load_fields)

    def load(data: dict[str, Any]) -> dict[str, Any] | None:
        if not names.issuperset(data):
            return None
        out: dict[str, Any] = {}
        for name, kind, low, high, required, allow_none, default, choices in plan:
            value = data.get(name, _MISSING)
            if value is _MISSING:
                if required or default is missing:
                    return None
                out[name] = default
            elif value is None:
                if not allow_none:
                    return None
                out[name] = None
            elif type(value) is not kind or (
                kind is str and not low <= len(cast(str, value)) <= high
            ):
                return None
            elif choices is not None and value not in choices:
                return None
            else:
                out[name] = value
        return out

    return load


_PLAIN: dict[type[Schema], Any] = {}


def _load(cls: type[Schema], data: dict[str, Any]) -> dict[str, Any]:
    """``cls``'s load of ``data``: the plain loader's answer where it has one, else marshmallow's
    (ValidationError for a refusal)."""
    loader = _PLAIN.get(cls, _MISSING)
    if loader is _MISSING:
        loader = _PLAIN.setdefault(cls, _plain_loader(cls))
    if loader is not None:
        loaded = loader(data)
        if loaded is not None:
            return loaded
    return _schema(cls).load(data)


def load_body(op: Operation, data: Any) -> dict[str, Any]:
    """HTTP: the JSON body of ``op`` loaded with its schema (unknown fields refused), or
    :class:`InvalidArguments` whose detail says what is wrong and shows a valid body."""
    if op.body is None:
        return {}
    example = op.example or {}
    if data is None and not op.body_required:
        data = {}
    if not isinstance(data, dict):
        raise InvalidArguments(f"The body must be a JSON object, for example {_json(example)}.")
    check_text(data)
    try:
        return _load(op.body, data)
    except ValidationError as err:
        raise _refuse(err.messages, example) from None


def load_query(op: Operation, args: Any) -> dict[str, Any]:
    """HTTP: the query parameters of ``op`` that are tool arguments, loaded with its schema
    (others, such as get_rules' ``format``, are the route's own)."""
    if op.params is None:
        return {}
    params = _schema(op.params)
    wanted = {k: v for k, v in args.items() if k in params.fields}
    try:
        return params.load(wanted)
    except ValidationError as err:
        raise InvalidArguments(f"{first_error(err.messages)} (a query parameter)") from None


_ARGUMENT_SCHEMAS: dict[str, type[Schema]] = {}


def arguments_schema(op: Operation) -> type[Schema]:
    """The schema of a tool call's flat arguments: the path parameters (required strings) plus
    the body's fields — the body schema itself, so its validation, defaults and words hold."""
    if op.name in _ARGUMENT_SCHEMAS:
        return _ARGUMENT_SCHEMAS[op.name]
    base: type[Schema] = op.body or op.params or s._Strict
    attrs: dict[str, Any] = {
        name: fields.String(
            required=True,
            validate=validate.Length(min=1, max=300),
            metadata={"description": PATH_PARAMETERS[name]["description"]},
        )
        for name in op.path_params
    }
    schema = type(f"{op.name.title().replace('_', '')}Arguments", (base,), attrs)
    _ARGUMENT_SCHEMAS[op.name] = schema
    return schema


def call_example(op: Operation) -> dict[str, Any]:
    """A valid tool call's arguments: the path parameters, then the body example."""
    path = {name: PATH_PARAMETERS[name]["example"] for name in op.path_params}
    return {**path, **(op.example or {})}


def load_arguments(op: Operation, arguments: Any) -> dict[str, Any]:
    """MCP and the terminal: a call's flat arguments loaded with :func:`arguments_schema`.
    For an operation without path parameters the detail is word for word HTTP's for the same
    body."""
    example = call_example(op)
    if not isinstance(arguments, dict):
        raise InvalidArguments(f"The arguments must be an object, for example {_json(example)}.")
    check_text(arguments)
    try:
        return _schema(arguments_schema(op)).load(arguments)
    except ValidationError as err:
        raise _refuse(err.messages, example) from None


def perform(op: Operation, service: Any, arguments: dict[str, Any]) -> Any:
    """Validate a tool call's flat ``arguments`` and make the service call."""
    if op.call is None:
        raise ValueError(f"{op.name} is served by the HTTP front end only")
    return op.call(service, load_arguments(op, arguments))
