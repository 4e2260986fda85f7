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
import re
import textwrap
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final, Literal, TypeVar, Union, cast, get_args, get_origin

import attrs

from ofrenda_rules import serialization
from ofrenda_rules.serialization import TAG_KEY

__all__ = ["DRAFT", "SCHEMA_METADATA", "JsonSchema", "check", "faults", "json_schema"]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every generated schema."""

SCHEMA_METADATA: Final = "json_schema"
"""``attrs`` field metadata key whose dict is merged into the field's schema."""

JsonSchema = dict[str, object]
"""A JSON Schema document or subschema, as plain JSON values."""

_FRACTION_PATTERN: Final = "^-?[0-9]+(/[0-9]+)?$"
_MAX_REPORTED: Final = 20


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
    registered = any(union == known for known in serialization._UNIONS)
    return registered and all(attrs.has(m) and isinstance(getattr(m, "TAG", None), str) for m in members)


_DOC_CACHE: dict[type, dict[str, str]] = {}


def _field_doc(cls: type, name: str) -> str:
    """The attribute docstring written under a field (first line), if the source is available."""
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
    return docs.get(name, "")


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


# --------------------------------------------------------------------- checking

_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list, tuple),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
}
_TYPE_WORDS: Final = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "integer": "an integer",
    "boolean": "true or false",
    "null": "null",
}


def _is_type(value: object, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, _TYPES[kind])


def _show(value: object) -> str:
    text = (
        repr(value)
        if not isinstance(value, dict | list | tuple)
        else _TYPE_WORDS["object" if isinstance(value, dict) else "array"]
    )
    return text if len(text) <= 60 else text[:57] + "..."


class _Checker:
    def __init__(self, root: Mapping[str, object]) -> None:
        defs = root.get("$defs", {})
        self.defs: Mapping[str, Any] = defs if isinstance(defs, Mapping) else {}
        self.errors: list[tuple[str, str]] = []
        self.patterns: dict[str, re.Pattern[str]] = {}

    def fail(self, path: str, message: str) -> None:
        self.errors.append((path, message))

    def resolve(self, schema: Mapping[str, Any]) -> Mapping[str, Any]:
        while "$ref" in schema:
            ref = schema["$ref"]
            schema = self.defs[ref.removeprefix("#/$defs/")]
        return schema

    def valid(self, value: object, schema: Mapping[str, Any]) -> bool:
        probe = _Checker({})
        probe.defs, probe.patterns = self.defs, self.patterns
        probe.visit(value, schema, "$")
        return not probe.errors

    def visit(self, value: object, schema: Mapping[str, Any] | bool, path: str) -> None:
        if schema is True:
            return
        if schema is False:
            self.fail(path, "no value is allowed here")
            return
        schema = self.resolve(schema)
        if "const" in schema and not _same(value, schema["const"]):
            self.fail(path, f"expected {schema['const']!r}, got {_show(value)}")
            return
        kind = schema.get("type")
        if isinstance(kind, str) and not _is_type(value, kind):
            self.fail(path, f"expected {_TYPE_WORDS[kind]}, got {_show(value)}")
            return
        if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
            options = ", ".join(repr(option) for option in schema["enum"])
            self.fail(path, f"{_show(value)} is not one of {options}")
            return
        if ("anyOf" in schema or "oneOf" in schema) and not self.alternatives(value, schema, path):
            return
        if isinstance(value, dict):
            self.members(value, schema, path)
        elif isinstance(value, list | tuple):
            self.array(value, schema, path)
        elif isinstance(value, str):
            self.string(value, schema, path)
        elif isinstance(value, int) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                self.fail(path, f"{value} is less than the minimum {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                self.fail(path, f"{value} is more than the maximum {schema['maximum']}")

    def alternatives(self, value: object, schema: Mapping[str, Any], path: str) -> bool:
        branches = [self.resolve(b) for b in schema.get("anyOf", schema.get("oneOf", []))]
        tagged = [b for b in branches if isinstance(b.get("properties", {}).get(TAG_KEY), Mapping)]
        if tagged and isinstance(value, dict):
            tags = {b["properties"][TAG_KEY].get("const"): b for b in tagged}
            tag = value.get(TAG_KEY)
            if tag in tags:
                before = len(self.errors)
                self.visit(value, tags[tag], path)
                return len(self.errors) == before
            known = ", ".join(repr(t) for t in tags)
            if TAG_KEY not in value:
                self.fail(path, f"missing member {TAG_KEY!r} (one of {known})")
            else:
                self.fail(f"{path}.{TAG_KEY}", f"{_show(tag)} is not one of {known}")
            return False
        if any(self.valid(value, b) for b in branches):
            return True
        same_kind = [b for b in branches if not isinstance(b.get("type"), str) or _is_type(value, b["type"])]
        if len(same_kind) == 1:
            self.visit(value, same_kind[0], path)
            return False
        words = " or ".join(_TYPE_WORDS.get(str(b.get("type")), "another value") for b in branches)
        self.fail(path, f"expected {words}, got {_show(value)}")
        return False

    def members(self, value: dict[str, object], schema: Mapping[str, Any], path: str) -> None:
        properties: Mapping[str, Any] = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                self.fail(path, f"missing member {name!r}")
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            child = f"{path}.{name}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else f"{path}[{name!r}]"
            if name in properties:
                self.visit(item, properties[name], child)
            elif extra is False:
                allowed = ", ".join(repr(p) for p in properties)
                self.fail(path, f"unknown member {_show(name)} (allowed: {allowed})")
            else:
                self.visit(item, extra, child)
            if len(self.errors) >= _MAX_REPORTED:
                return

    def array(self, value: list[object] | tuple[object, ...], schema: Mapping[str, Any], path: str) -> None:
        if "minItems" in schema and len(value) < schema["minItems"]:
            self.fail(path, f"{len(value)} items, fewer than {schema['minItems']}")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            self.fail(path, f"{len(value)} items, more than {schema['maxItems']}")
            return
        prefix: list[Any] = schema.get("prefixItems", [])
        rest = schema.get("items", True)
        for index, item in enumerate(value):
            self.visit(item, prefix[index] if index < len(prefix) else rest, f"{path}[{index}]")
            if len(self.errors) >= _MAX_REPORTED:
                return

    def string(self, value: str, schema: Mapping[str, Any], path: str) -> None:
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            self.fail(path, f"a string of {len(value)} characters, longer than {schema['maxLength']}")
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            compiled = self.patterns.get(pattern)
            if compiled is None:
                compiled = self.patterns[pattern] = re.compile(pattern)
            if not compiled.search(value):
                self.fail(path, f"{_show(value)} does not match {pattern}")


def _same(a: object, b: object) -> bool:
    return (type(a) is type(b) and a == b) or (
        isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool) and not isinstance(b, bool) and a == b
    )


def faults(value: object, schema: Mapping[str, Any], *, path: str = "$") -> list[tuple[str, str]]:
    """Check a plain JSON value against a generated schema; every fault as ``(path, reason)``.

    An empty list means the value conforms. At most 20 faults are reported.
    """
    checker = _Checker(schema)
    checker.visit(value, schema, path)
    return checker.errors


def check(value: object, schema: Mapping[str, Any], *, path: str = "$") -> list[str]:
    """Check a plain JSON value against a generated schema; every fault as ``"<path>: <reason>"``."""
    return [f"{where}: {reason}" for where, reason in faults(value, schema, path=path)]
