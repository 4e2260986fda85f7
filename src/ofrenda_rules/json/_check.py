"""The checker of the JSON Schema subset that :mod:`ofrenda_rules.json.schema` generates."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ofrenda_rules.json._base import TAG_KEY

__all__ = ["check", "faults"]

_MAX_REPORTED: Final = 20

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
        if tagged and not isinstance(value, dict) and len(tagged) == len(branches):
            known = ", ".join(repr(b["properties"][TAG_KEY].get("const")) for b in tagged)
            self.fail(path, f"expected an object with a {TAG_KEY!r} member (one of {known}), got {_show(value)}")
            return False
        if tagged and isinstance(value, dict):
            tags = {b["properties"][TAG_KEY].get("const"): b for b in tagged}
            tag = value.get(TAG_KEY)
            if isinstance(tag, str) and tag in tags:
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
        words = " or ".join(dict.fromkeys(_TYPE_WORDS.get(str(b.get("type")), "another value") for b in branches))
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
                compiled = self.patterns[pattern] = re.compile(_ecma_end(pattern))
            if not compiled.search(value):
                self.fail(path, f"{_show(value)} does not match {pattern}")


def _ecma_end(pattern: str) -> str:
    r"""``pattern`` with a final ``$`` as JSON Schema's (ECMA-262) regular expressions read it: the very end.

    Python's ``$`` also matches before a final newline, so ``"ab\n"`` would match ``^ab$``.
    """
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        return pattern[:-1] + r"\Z"
    return pattern


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
