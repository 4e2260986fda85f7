r"""A stable digest of a game state: SHA-256 of its canonical JSON form.

The digest lets a client in any language prove that it reached the same state
as the reference after each step of a replay. It is specified, not merely
implemented:

1. Encode the state as a JSON value with the library's converter (the shape
   the game's JSON Schema describes, ``ofrenda-rules schema GAME --type
   state``): attrs classes become objects with one member per field, tuples
   become arrays, enums their value, ``None`` is ``null``, members of a tagged
   union carry a ``"type"`` member, fractions are strings ``"n/d"``, and the
   classes a game writes as text (Día de los Muertos' cards, ``"red-14"``; see
   :func:`~ofrenda_rules.json.serialization.register_token`) are that string.
2. Write that value as *canonical JSON*: object members sorted by key
   (comparing keys code point by code point), no whitespace at all
   (separators ``,`` and ``:``), integers in plain decimal (no exponent, no
   fraction, no leading zeros, ``-`` only for negatives), strings with ``"``,
   ``\`` and control characters escaped (``\n``, ``\t``... and ``\u00XX``
   otherwise) and every character outside ASCII escaped as ``\uXXXX`` in
   lower-case hexadecimal (UTF-16 surrogate pairs above U+FFFF). Floats never
   occur in a state and are refused.
3. The digest is the SHA-256 of the UTF-8 bytes of that text, written as 64
   lower-case hexadecimal digits.

>>> canonical_json({"b": [1, True, None], "a": "Día"})
'{"a":"D\\u00eda","b":[1,true,null]}'
>>> sha256_hex('{"a":1}')
'015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862'
>>> from ofrenda_rules.registry import get_game
>>> game = get_game("dia_de_los_muertos")
>>> state = game.new_game(game.config_type(players=3), 42)
>>> len(state_digest(state))
64
"""

from __future__ import annotations

import hashlib
import json
import typing
from typing import Any, Final

import attrs

from ofrenda_rules.json._base import DEFAULTS_OMITTED
from ofrenda_rules.json.schema import json_schema
from ofrenda_rules.json.serialization import converter, legacy_converter, to_json_value

__all__ = [
    "DIGEST_ALGORITHM",
    "LATE_FIELD",
    "NOT_IN_REPLAY_V1",
    "canonical_json",
    "early_state_digest",
    "legacy_config_value",
    "legacy_state_digest",
    "sha256_hex",
    "state_digest",
]

DIGEST_ALGORITHM: Final = "sha256"
"""The name of the digest algorithm, as written in replays."""
NOT_IN_REPLAY_V1: Final = "ofrenda_rules.not_in_replay_v1"
"""``attrs`` metadata key (value ``True``) of a ``Config`` or ``State`` field added after replay format 1.

A version-1 document never names such a field, so its state digests were
computed without it: :func:`legacy_state_digest` leaves a config field out
while it holds its default (the only value a version-1 document can give it),
and a state field out always.
"""

LATE_FIELD: Final = "ofrenda_rules.late_field"
"""``attrs`` metadata key (value ``True``) of a field added after replay format 2 was first written.

The field belongs to a state or to a class a state holds (an event in its
``recent_events``), has a plain default, and is written only when it differs
from it (:func:`~ofrenda_rules.json.serialization.register_defaults_omitted`).
A format-2 replay recorded before the field existed claims digests of states
with the field at its default: :func:`early_state_digest`, which verification
accepts beside :func:`state_digest`. Such a field only records what the steps
so far determine (Día de los Muertos' ``State.replacing``), so accepting
either digest checks the same game.
"""

_ENCODER: Final = json.JSONEncoder(
    sort_keys=True,
    separators=(",", ":"),
    ensure_ascii=True,
    allow_nan=False,
    check_circular=True,
)


def _check_no_floats(value: object) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float):
            raise ValueError(f"canonical JSON has no floats, found {item!r}")
        if isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, str):
                    raise ValueError(f"canonical JSON object keys are strings, found {key!r}")
                stack.append(child)
        elif isinstance(item, list | tuple):
            stack.extend(item)


def canonical_json(value: object) -> str:
    r"""The canonical JSON text of a plain JSON value (see the module docstring).

    Raises:
        ValueError: for a float or a non-string object key.

    >>> canonical_json([{"z": 0, "y": -1}, "\n"])
    '[{"y":-1,"z":0},"\\n"]'
    """
    _check_no_floats(value)
    return _ENCODER.encode(value)


def sha256_hex(text: str) -> str:
    """SHA-256 of the UTF-8 bytes of ``text``, as 64 lower-case hex digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_CHECKED_TYPES: set[type] = set()


def _check_type(cls: type) -> None:
    """Refuse once per type a state class whose JSON could hold a float (its schema says)."""
    if cls not in _CHECKED_TYPES:
        try:
            json_schema(cls)
        except TypeError as exc:
            raise ValueError(f"{cls.__qualname__} has no canonical JSON form: {exc}") from exc
        _CHECKED_TYPES.add(cls)


_FIELDS: dict[type, tuple[tuple[str, str, Any, tuple[object, ...]], ...]] = {}
_LAST: dict[tuple[type, str], tuple[object, str]] = {}


def _fields(cls: type) -> tuple[tuple[str, str, Any, tuple[object, ...]], ...]:
    """``(name, encoded name, type, omitted)`` of the fields the converter writes, sorted by name.

    ``omitted`` is ``(default,)`` for a field the converter leaves out while it
    holds its default (:func:`~ofrenda_rules.json.serialization.register_defaults_omitted`), else ``()``.
    """
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        defaults = DEFAULTS_OMITTED.get(cls, {})
        fields = tuple(
            (f.name, json.dumps(f.name), hints.get(f.name, f.type), (defaults[f.name],) if f.name in defaults else ())
            for f in sorted(attrs.fields(cls), key=lambda f: f.name)
            if f.init
        )
        _FIELDS[cls] = fields
    return fields


def _canonical_state(state: object) -> str:
    """Canonical JSON of an attrs state, re-encoding only the fields that changed since the last state.

    Consecutive states share most of their field values (``attrs.evolve``
    keeps the config, untouched hands...), so the encoded text of a field is
    kept for the value object it was made from and reused while the value is
    the same object. The result equals ``canonical_json(to_json_value(state))``.
    """
    cls = type(state)
    parts = []
    for name, key, tp, omitted in _fields(cls):
        value = getattr(state, name)
        if omitted and value == omitted[0]:
            continue  # left out while it holds its default, as the converter writes it
        last = _LAST.get((cls, name))
        if last is not None and last[0] is value:
            text = last[1]
        else:
            text = _ENCODER.encode(converter.unstructure(value, unstructure_as=tp))
            _LAST[(cls, name)] = (value, text)
        parts.append(f"{key}:{text}")
    return "{" + ",".join(parts) + "}"


def state_digest(state: object) -> str:
    """The digest of a game state: ``sha256_hex(canonical_json(<state as JSON>))``.

    The state is the whole state (hidden parts and the generator included), so
    two implementations agree on a digest only when they agree on everything.
    The state's type is checked once (through its generated JSON Schema) to
    hold only integers, strings, booleans, nulls, arrays and objects.
    """
    cls = type(state)
    _check_type(cls)
    if attrs.has(cls):
        return sha256_hex(_canonical_state(state))
    return sha256_hex(_ENCODER.encode(to_json_value(state)))


def _early(value: Any) -> Any:
    """``value`` with every :data:`LATE_FIELD` at its default, through attrs instances and tuples."""
    if isinstance(value, tuple):
        items = tuple(_early(item) for item in value)
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    cls = type(value)
    if not attrs.has(cls) or isinstance(value, type):
        return value
    changes: dict[str, object] = {}
    for field in attrs.fields(cls):
        if not field.init:
            continue
        current = getattr(value, field.name)
        if field.metadata.get(LATE_FIELD):
            if current != field.default:
                changes[field.alias or field.name] = field.default
        else:
            new = _early(current)
            if new is not current:
                changes[field.alias or field.name] = new
    return attrs.evolve(value, **changes) if changes else value


def early_state_digest(state: object) -> str:
    """The digest a format-2 replay recorded before the :data:`LATE_FIELD` fields existed: with them at their defaults.

    Equal to :func:`state_digest` when every such field holds its default.
    """
    return state_digest(_early(state))


def legacy_config_value(config: object, legacy_key: str, legacy_edition: object) -> dict[str, object]:
    """A config's JSON value as replay format 1 wrote it: the edition whole, under ``legacy_key``.

    Format 2 writes an edition reference under ``edition``; format 1 wrote
    the edition itself (``legacy_edition``, see
    :meth:`ofrenda_rules.editions.EditionCatalog.legacy_value`; ``null`` for
    Ofrenda's default edition). Fields marked :data:`NOT_IN_REPLAY_V1` did
    not exist then and are left out while they hold their default.
    """
    value = legacy_converter().unstructure(config, type(config))  # every member, as format 1 wrote them
    assert isinstance(value, dict)
    value.pop("edition", None)
    config_type: Any = type(config)
    if attrs.has(config_type):
        for field in attrs.fields(config_type):
            if field.metadata.get(NOT_IN_REPLAY_V1) and getattr(config, field.name) == field.default:
                value.pop(field.name, None)
    value[legacy_key] = legacy_edition
    return value


def legacy_state_digest(state: object, legacy_key: str, legacy_edition: object) -> str:
    """The digest a version-1 replay recorded: the state's JSON with its config as format 1 wrote it.

    State fields marked :data:`NOT_IN_REPLAY_V1` (``recent_events``) did not
    exist in format 1 and are left out. See :func:`legacy_config_value`.
    """
    state_type: Any = type(state)
    value = legacy_converter().unstructure(state, state_type)  # classes written as tokens since, as objects
    assert isinstance(value, dict)
    if attrs.has(state_type):
        for field in attrs.fields(state_type):
            if field.metadata.get(NOT_IN_REPLAY_V1):
                value.pop(field.name, None)
    value["config"] = legacy_config_value(getattr(state, "config"), legacy_key, legacy_edition)  # noqa: B009
    return sha256_hex(canonical_json(value))
