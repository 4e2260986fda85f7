"""JSON Schemas generated from the types, and a checker for the subset they use.

The schemas are never written by hand: :func:`json_schema` walks a type's
annotations (attrs fields, tuples, unions, enums, literals) the way the
library's converter encodes values, so the schema of every document the
library reads or writes (a config, an action, a state, a view, an outcome, a
replay, a verification report) follows the code. Tagged unions become
``oneOf`` lists whose branches fix the ``"type"`` member with ``const``.
Extra constraints that a type cannot say (a digest's pattern, a seed's range)
come from ``attrs`` field metadata under the key :data:`SCHEMA_METADATA`.

The schemas use JSON Schema draft 2020-12, and only the keywords that
:func:`check` implements, so a document can be checked without any
dependency: ``type``, ``properties``, ``required``, ``additionalProperties``,
``items``, ``prefixItems``, ``minItems``, ``maxItems``, ``enum``, ``const``,
``anyOf``, ``oneOf``, ``$ref`` (to ``#/$defs/...``), ``minimum``,
``maximum``, ``pattern`` and ``maxLength``.

>>> import attrs
>>> @attrs.frozen
... class Bid:
...     amount: int
...     note: str | None = None
>>> schema = json_schema(Bid)
>>> schema["$defs"]["Bid"]["required"]
['amount']
>>> check({"amount": "3"}, schema)
["$.amount: expected an integer, got '3'"]
>>> check({"amount": 3, "colour": "red"}, schema)
["$: unknown member 'colour' (allowed: 'amount', 'note')"]
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import textwrap
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final, Literal, TypeVar, Union, cast, get_args, get_origin

import attrs

from ofrenda_rules.json import _base
from ofrenda_rules.json._base import EDITION_METADATA, TAG_KEY, TOKENS, UNIONS, EditionRef
from ofrenda_rules.json._check import check as check
from ofrenda_rules.json._check import faults as faults

__all__ = ["DRAFT", "SCHEMA_METADATA", "JsonSchema", "check", "faults", "json_schema"]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every generated schema."""


SCHEMA_METADATA: Final = _base.SCHEMA_METADATA
"""``attrs`` field metadata key whose dict is merged into the field's schema."""

JsonSchema = dict[str, object]
"""A JSON Schema document or subschema, as plain JSON values."""

_FRACTION_PATTERN: Final = "^-?[0-9]+(/[0-9]+)?$"


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, JsonSchema] = {}
        self.names: dict[tuple[type, str | None], str] = {}

    def of(self, tp: Any, bindings: Mapping[Any, Any]) -> JsonSchema:
        if isinstance(tp, TypeVar):
            return self.of(bindings[tp], bindings) if tp in bindings else {}
        if tp is typing.Any or tp is object:
            return {}
        if tp is None or tp is types.NoneType:
            return {"type": "null"}
        supertype = getattr(tp, "__supertype__", None)  # typing.NewType
        if supertype is not None:
            return self.of(supertype, bindings)
        token = TOKENS.get(tp) if isinstance(tp, types.GenericAlias) else None
        if token is not None:  # serialization.FLAGS: one string
            return {"type": "string", "pattern": token.pattern, "examples": [token.example]}
        origin = get_origin(tp)
        args = get_args(tp)
        if origin is Literal:
            return {"enum": list(args)}
        if origin in (Union, types.UnionType):
            return self.union(tp, args, bindings)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0], bindings)}
            items = [self.of(arg, bindings) for arg in args if arg != ()]
            return {
                "type": "array",
                "prefixItems": items,
                "minItems": len(items),
                "maxItems": len(items),
                "items": False,
            }
        if origin in (list, typing.Sequence, frozenset, set):
            return {"type": "array", "items": self.of(args[0], bindings) if args else {}}
        if origin in (dict, typing.Mapping, Mapping):
            return {"type": "object", "additionalProperties": self.of(args[1], bindings) if args else {}}
        if origin is not None and attrs.has(origin):
            params = getattr(origin, "__parameters__", ())
            bound = tuple(bindings.get(arg, arg) if isinstance(arg, TypeVar) else arg for arg in args)
            return self.attrs_class(cast(Any, origin)[bound], origin, dict(zip(params, bound, strict=True)), None)
        if isinstance(tp, type):
            return self.leaf(tp, bindings)
        raise TypeError(f"no JSON Schema for {tp!r}")

    def leaf(self, tp: type, bindings: Mapping[Any, Any]) -> JsonSchema:
        if issubclass(tp, bool):
            return {"type": "boolean"}
        if issubclass(tp, enum.Enum):
            values = [member.value for member in tp]
            kind = "string" if all(isinstance(v, str) for v in values) else "integer"
            return {"type": kind, "enum": values}
        if issubclass(tp, int):
            return {"type": "integer"}
        if issubclass(tp, str):
            return {"type": "string"}
        if issubclass(tp, Fraction):
            return {"type": "string", "pattern": _FRACTION_PATTERN}
        token = TOKENS.get(tp)
        if token is not None:  # a class written as one string per instance (see serialization.register_token)
            return {"type": "string", "pattern": token.pattern, "examples": [token.example]}
        if attrs.has(tp):
            return self.attrs_class(tp, tp, {}, None)
        if tp in (tuple, list):
            return {"type": "array"}
        if tp is dict:
            return {"type": "object"}
        raise TypeError(f"no JSON Schema for {tp!r}")

    def union(self, tp: Any, args: tuple[Any, ...], bindings: Mapping[Any, Any]) -> JsonSchema:
        members = tuple(arg for arg in args if arg not in (None, types.NoneType))
        nullable = len(members) != len(args)
        if _is_tagged(members):
            schema: JsonSchema = {"oneOf": [self.attrs_class(m, m, {}, m.TAG) for m in members]}
        elif len(members) == 1:
            schema = self.of(members[0], bindings)
        else:
            schema = {"anyOf": [self.of(m, bindings) for m in members]}
        if nullable:
            return {"anyOf": [schema, {"type": "null"}]}
        return schema

    def attrs_class(self, tp: Any, cls: type, bindings: Mapping[Any, Any], tag: str | None) -> JsonSchema:
        key = (tp, tag)
        name = self.names.get(key)
        if name is None:
            name = self.fresh_name(tp, cls, bindings)
            self.names[key] = name
            self.defs[name] = {}  # placeholder against recursion
            self.defs[name] = self.object_schema(cls, bindings, tag)
        return {"$ref": f"#/$defs/{name}"}

    def fresh_name(self, tp: Any, cls: type, bindings: Mapping[Any, Any]) -> str:
        base = cls.__name__
        name, counter = base, 2
        while name in self.defs:
            name = f"{base}_{counter}"
            counter += 1
        return name

    def object_schema(self, cls: type, bindings: Mapping[Any, Any], tag: str | None) -> JsonSchema:
        hints = typing.get_type_hints(cls)
        properties: dict[str, object] = {}
        required: list[str] = []
        if tag is not None:
            properties[TAG_KEY] = {"const": tag}
            required.append(TAG_KEY)
        for field in attrs.fields(cls):
            if not field.init:
                continue
            if EDITION_METADATA in field.metadata:
                schema = dict(self.of(EditionRef, bindings))
            else:
                schema = dict(self.of(hints.get(field.name, field.type), bindings))
            schema.update(field.metadata.get(SCHEMA_METADATA, {}))
            doc = _field_doc(cls, field.name)
            if doc:
                schema["description"] = doc
            properties[field.name] = schema
            if field.default is attrs.NOTHING:
                required.append(field.name)
        result: JsonSchema = {"type": "object", "properties": properties, "required": required}
        result["additionalProperties"] = False
        summary = (cls.__doc__ or "").strip().split("\n")[0]
        if summary:
            result["description"] = summary
        return result


def _is_tagged(members: tuple[Any, ...]) -> bool:
    union = Union[members] if len(members) > 1 else None  # noqa: UP007
    registered = any(union == known for known in UNIONS)
    return registered and all(attrs.has(m) and isinstance(getattr(m, "TAG", None), str) for m in members)


_DOC_CACHE: dict[type, dict[str, str]] = {}


def _field_doc(cls: type, name: str) -> str:
    """The attribute docstring written under a field (first line), in the class or the base that declares it."""
    for owner in cls.__mro__:
        if attrs.has(owner) and (doc := _own_field_docs(owner).get(name)) is not None:
            return doc
    return ""


def _own_field_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings written in the source of ``cls`` itself (first lines), by field name."""
    docs = _DOC_CACHE.get(cls)
    if docs is None:
        docs = {}
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        body = tree.body[0].body if tree is not None and isinstance(tree.body[0], ast.ClassDef) else []
        for node, after in itertools.pairwise(body):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[node.target.id] = after.value.value.strip().split("\n")[0]
        _DOC_CACHE[cls] = docs
    return docs


def json_schema(tp: Any, *, title: str | None = None) -> JsonSchema:
    """The JSON Schema (draft 2020-12) of values of ``tp`` as the library encodes them.

    ``tp`` may be an attrs class (generic ones with their parameters bound,
    e.g. ``Replay[Config, Action, Outcome]``), a registered tagged union, an
    enum, a tuple type or a builtin scalar type.
    """
    builder = _Builder()
    root = builder.of(tp, {})
    schema: JsonSchema = {"$schema": DRAFT}
    if title is not None:
        schema["title"] = title
    schema.update(root)
    if builder.defs:
        schema["$defs"] = dict(sorted(builder.defs.items()))
    return schema
