"""JSON for every state, action, view, outcome and config, through one converter.

The package has a single converter factory, :func:`make_converter`: cattrs'
preconfigured JSON converter with ``forbid_extra_keys=True``, the library's
leaf hooks, then every registered tagged union. An action union is encoded
with a ``"type"`` key whose value is the class variable ``TAG`` of the action
class, never the class name, so renaming a class never breaks a saved game.

Games register their unions once, at import, with :func:`register_tagged_union`;
:data:`converter` is the shared instance that :func:`dumps` and :func:`loads`
use.

>>> import attrs
>>> @attrs.frozen
... class Pass:
...     TAG = "pass"
>>> @attrs.frozen
... class Bid:
...     TAG = "bid"
...     amount: int
>>> register_tagged_union(Pass | Bid)
>>> dumps(Bid(3), Pass | Bid)
'{"amount":3,"type":"bid"}'
>>> loads('{"type": "pass"}', Pass | Bid)
Pass()
"""

from __future__ import annotations

import functools
import json
import operator
import re
from collections.abc import Callable, Iterable
from enum import Enum
from fractions import Fraction
from importlib import resources
from typing import Any, Final, TypeVar, cast, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.preconf.json import JsonConverter
from cattrs.preconf.json import make_converter as _make_json_converter
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from ofrenda_rules.copying import reduce_init_fields
from ofrenda_rules.errors import EditionError, FormatError, OfrendaRulesError
from ofrenda_rules.json import _base
from ofrenda_rules.json import _fast as _fastjson
from ofrenda_rules.json._base import DEFAULTS_OMITTED as _DEFAULTS_OMITTED
from ofrenda_rules.json._base import FLAT_HOOKS as _FLAT_HOOKS
from ofrenda_rules.json._base import HOOKS as _HOOKS
from ofrenda_rules.json._base import INTERNED as _INTERNED
from ofrenda_rules.json._base import OBJECTS_IN_V1 as _OBJECTS_IN_V1
from ofrenda_rules.json._base import TEXTS_KEPT as _TEXTS_KEPT
from ofrenda_rules.json._base import TOKENS as _TOKENS
from ofrenda_rules.json._base import UNIONS as _UNIONS
from ofrenda_rules.json._base import Token as Token
from ofrenda_rules.json._base import tag_of as _tag_of
from ofrenda_rules.json.schema import faults, json_schema

__all__ = [
    "EDITION_METADATA",
    "FLAGS",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "TAG_KEY",
    "converter",
    "dumps",
    "from_json_value",
    "library_error",
    "load_packaged",
    "legacy_converter",
    "loads",
    "parse_json",
    "make_converter",
    "register_defaults_omitted",
    "register_game_config",
    "register_hooks",
    "register_interned",
    "register_numbered_token",
    "register_token",
    "register_tagged_union",
    "register_texts_kept",
    "to_json_value",
]

T = TypeVar("T")

TAG_KEY: Final = _base.TAG_KEY
"""The JSON key that holds an action's (or any tagged class's) stable tag."""

EDITION_METADATA: Final = _base.EDITION_METADATA
"""``attrs`` field metadata key of a ``Config``'s edition field -- its value is the game's edition catalog.

The converter writes such a field as the edition's reference and reads a
reference back through the catalog (see :mod:`ofrenda_rules.editions`).
"""

MAX_DOCUMENT_BYTES: Final = 16 * 1024 * 1024
"""Largest JSON document :func:`loads` accepts by default (16 MiB)."""

MAX_DEPTH: Final = 64
"""Deepest nesting of arrays and objects :func:`loads` accepts."""


def _edition_fields(cls: object) -> dict[str, Any]:
    if not isinstance(cls, type) or not attrs.has(cls):
        return {}
    return {f.name: f.metadata[EDITION_METADATA] for f in attrs.fields(cls) if EDITION_METADATA in f.metadata}


def _structure_ref(catalog: Any) -> Any:
    def hook(value: object, _: object) -> object:
        return catalog.structure_ref(value)

    return hook


def _edition_structure_factory(cls: Any, conv: Any) -> Any:
    overrides: dict[str, Any] = {
        name: override(struct_hook=_structure_ref(catalog)) for name, catalog in _edition_fields(cls).items()
    }
    return make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, **overrides)


def _edition_unstructure_factory(cls: Any, conv: Any) -> Any:
    overrides: dict[str, Any] = {
        name: override(unstruct_hook=catalog.unstructure_ref) for name, catalog in _edition_fields(cls).items()
    }
    return make_dict_unstructure_fn(cls, conv, **overrides)


def _omitting_unstructure_factory(cls: Any, conv: Any) -> Any:
    overrides: dict[str, Any] = {name: override(omit_if_default=True) for name in _DEFAULTS_OMITTED[cls]}
    for name, catalog in _edition_fields(cls).items():
        overrides[name] = override(unstruct_hook=catalog.unstructure_ref)
    return make_dict_unstructure_fn(cls, conv, **overrides)


def _configure(conv: JsonConverter, union: object) -> None:
    configure_tagged_union(union, conv, tag_generator=_tag_of, tag_name=TAG_KEY)
    member: Any = union
    tagged = conv.get_structure_hook(member)
    tags = sorted(_tag_of(cls) for cls in getattr(union, "__args__", ()))

    def structure_tagged(value: object, _: object) -> object:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object with a {TAG_KEY!r} member, not {value!r}")
        tag = value.get(TAG_KEY)
        if tag not in tags:
            raise ValueError(f"unknown {TAG_KEY} {tag!r}; expected one of {', '.join(tags)}")
        return tagged(value, member)

    conv.register_structure_hook(member, structure_tagged)
    optional: Any = member | None

    def unstructure_optional(value: object) -> object:
        return None if value is None else conv.unstructure(value, unstructure_as=union)

    def structure_optional(value: object, _: object) -> object:
        return None if value is None else conv.structure(value, member)

    conv.register_unstructure_hook(optional, unstructure_optional)
    conv.register_structure_hook(optional, structure_optional)


def _unstructure_fraction(value: Fraction) -> str:
    return str(value)


def _structure_fraction(value: object, _: type) -> Fraction:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise TypeError(f"expected a fraction such as '1/6', not {value!r}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"expected a fraction such as '1/6', not {value!r}") from exc


def _structure_int(value: object, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, not {value!r}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, not {value!r}")
    return value


def _structure_json(value: object, _: type) -> object:
    """A field typed ``object``: the JSON value itself (already checked by the strict parser)."""
    return value


def _structure_str(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, not {value!r}")
    return value


_LEAF_CHECKS: Final[dict[object, Any]] = {
    int: lambda x: type(x) is int,
    bool: lambda x: type(x) is bool,
    str: lambda x: type(x) is str,
    int | None: lambda x: x is None or type(x) is int,
}


def _leaf_tuple_element(tp: object) -> object | None:
    """The element type of ``tuple[X, ...]`` when ``X`` is an int, bool, str or ``int | None`` leaf."""
    if get_origin(tp) is not tuple:
        return None
    args = get_args(tp)
    if len(args) != 2 or args[1] is not Ellipsis:
        return None
    element = args[0]
    return element if any(element == leaf for leaf in _LEAF_CHECKS) else None


def _leaf_tuple_structure_factory(tp: Any, conv: Any) -> Any:
    """Structure ``tuple[int, ...]`` and its kin in one pass; cattrs' own path only to describe a fault."""
    element = _leaf_tuple_element(tp)
    check = next(fn for leaf, fn in _LEAF_CHECKS.items() if element == leaf)
    slow = conv._structure_tuple  # cattrs' homogeneous-tuple hook, for its per-index messages

    def structure(value: object, _: object) -> tuple[object, ...]:
        if type(value) is list:
            if all(map(check, value)):
                return tuple(value)
            return cast(tuple[object, ...], slow(value, tp))
        raise TypeError(f"expected an array, not {type(value).__name__}")

    return structure


def _leaf_tuple_unstructure(value: tuple[object, ...]) -> list[object]:
    return list(value)


def _is_fixed_leaf_tuple(tp: object) -> bool:
    """Whether ``tp`` is ``tuple[X, Y, ...]`` of fixed length whose elements are int, bool, str or ``int | None``."""
    if get_origin(tp) is not tuple:
        return False
    args = get_args(tp)
    return bool(args) and all(any(arg == leaf for leaf in _LEAF_CHECKS) for arg in args)


FLAGS: Final = tuple[bool, ...]
"""A row of on/off flags, such as an altar's lit slots; every field of this type is written as one string.

The string has one character per flag, in order, ``1`` for on and ``0`` for
off (replay format 1 wrote an array of booleans, see :func:`legacy_converter`).

>>> dumps((True, False, False, True), FLAGS)
'"1001"'
>>> loads('"0110"', FLAGS)
(False, True, True, False)
"""
_FLAGS_TEXT: Final = re.compile("[01]*")
_FLAGS_CACHED: Final = 64
"""The longest flags whose text and value are remembered (the cache holds at most ``2**12`` of each)."""
_FLAGS_BY_TEXT: dict[str, tuple[bool, ...]] = {"": ()}
_TEXT_BY_FLAGS: dict[tuple[bool, ...], str] = {(): ""}
_QUOTED_BY_FLAGS: dict[object, str] = {(): '""'}


def _flags_text(value: tuple[bool, ...]) -> str:
    text = _TEXT_BY_FLAGS.get(value) if type(value) is tuple else None
    if text is not None:
        return text
    if not all(type(flag) is bool for flag in value):
        raise TypeError(f"expected flags (a row of booleans), not {value!r}")
    text = "".join(["1" if flag else "0" for flag in value])
    if len(value) <= _FLAGS_CACHED and len(_TEXT_BY_FLAGS) < 4096:
        _TEXT_BY_FLAGS[tuple(value)] = text
        _QUOTED_BY_FLAGS[tuple(value)] = f'"{text}"'
    return text


def _flags_from_text(value: object, _: object) -> tuple[bool, ...]:
    flags = _FLAGS_BY_TEXT.get(value) if type(value) is str else None
    if flags is not None:
        return flags
    if not isinstance(value, str):
        raise TypeError(f"expected flags such as '0110' (a string of 0 and 1), not {value!r}")
    if _FLAGS_TEXT.fullmatch(value) is None:
        raise ValueError(f"expected flags such as '0110' (only 0 and 1, one character per flag), not {value!r}")
    flags = tuple([char == "1" for char in value])
    if len(value) <= _FLAGS_CACHED and len(_FLAGS_BY_TEXT) < 4096:
        _FLAGS_BY_TEXT[value] = flags
    return flags


_TOKENS[FLAGS] = Token(_FLAGS_BY_TEXT, {}, "^[01]*$", "0110", _QUOTED_BY_FLAGS, known=False)
_HOOKS[FLAGS] = (_flags_from_text, _flags_text)
_OBJECTS_IN_V1.add(FLAGS)


def make_converter(*, legacy: bool = False) -> JsonConverter:
    """Build a fresh converter configured for every registered union (``legacy``: see :func:`legacy_converter`).

    Leaf hooks come first: integers, booleans and strings are strict (no
    ``true`` for ``1``, no ``1`` for ``true``, no number for a string), fractions
    are ``"n/d"`` strings, a field typed ``object`` holds any JSON value as
    parsed (documents that carry another type's JSON, such as a results
    file's config). Then the tagged unions, in registration order, each
    also as an optional field (``Union | None``).
    """
    conv = _make_json_converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(str, _structure_str)
    conv.register_unstructure_hook(Fraction, _unstructure_fraction)
    conv.register_structure_hook(Fraction, _structure_fraction)
    conv.register_structure_hook_func(lambda tp: tp is object, _structure_json)
    conv.register_structure_hook_factory(lambda cls: bool(_edition_fields(cls)), _edition_structure_factory)
    conv.register_unstructure_hook_factory(lambda cls: bool(_edition_fields(cls)), _edition_unstructure_factory)
    conv.register_structure_hook_factory(lambda tp: _leaf_tuple_element(tp) is not None, _leaf_tuple_structure_factory)
    conv.register_unstructure_hook_func(lambda tp: _leaf_tuple_element(tp) is not None, _leaf_tuple_unstructure)
    conv.register_unstructure_hook_func(_is_fixed_leaf_tuple, _leaf_tuple_unstructure)  # a JSON array, as written
    for tp, (structure, unstructure) in _HOOKS.items():
        if legacy and tp in _OBJECTS_IN_V1:
            continue
        if isinstance(tp, type):
            conv.register_structure_hook(tp, structure)
            conv.register_unstructure_hook(tp, unstructure)
        else:  # a generic alias (FLAGS), which cattrs matches by a predicate
            conv.register_structure_hook_func(functools.partial(operator.eq, tp), structure)
            conv.register_unstructure_hook_func(functools.partial(operator.eq, tp), unstructure)
    if not legacy:
        for cls in _DEFAULTS_OMITTED:
            conv.register_unstructure_hook(cls, _omitting_unstructure_factory(cls, conv))
    for union in _UNIONS:
        _configure(conv, union)
    return conv


converter: Final[JsonConverter] = make_converter()
"""The package's shared converter."""


def register_hooks(
    cls: type[T],
    structure: Callable[[object, object], T],
    unstructure: Callable[[T], object],
    *,
    flat: bool = False,
) -> None:
    """Register a game's own fast hooks for one class (e.g. an interned card), on every converter.

    ``structure(value, type)`` must accept exactly what the default hooks
    accept and raise ``TypeError`` or ``ValueError`` (with a message in words)
    for anything else; ``unstructure`` must write what the default hooks write,
    so that the JSON (and the schema) does not change.

    Pass ``flat=True`` when ``cls``'s JSON is one object whose members are all
    scalars, ``structure`` accepts nothing else, ``unstructure`` writes the
    members in sorted order, and instances are immutable (the text of an
    instance is kept and reused): documents holding ``cls`` then keep the fast
    paths of :func:`dumps` (a compiled writer) and :func:`loads` (no separate
    walk to count members and depth).
    """
    _HOOKS[cls] = (structure, unstructure)
    _LEGACY.clear()
    _UNSTRUCTURERS.clear()  # a class with hooks is no longer read or written by its compiled functions
    _STRUCTURERS.clear()
    if flat:
        _FLAT_HOOKS.add(cls)
    else:
        _FLAT_HOOKS.discard(cls)
    converter.register_structure_hook(cls, structure)
    converter.register_unstructure_hook(cls, unstructure)


def register_game_config(cls: type[T]) -> type[T]:
    """A class decorator for a game's ``Config`` (an attrs class with ``players``): how it is written and pickled.

    A config is written with its players, its edition and the options that
    differ from their defaults (:func:`register_defaults_omitted` keeping
    ``players``), and pickled by its fields' values, without their names
    (:func:`~ofrenda_rules.copying.reduce_init_fields` is its ``__reduce__``).

    >>> @register_game_config
    ... @attrs.frozen
    ... class Options:
    ...     players: int = 2
    ...     fast: bool = False
    >>> dumps(Options()), dumps(Options(3, fast=True)), Options(3, fast=True).__reduce__()[1]
    ('{"players":2}', '{"fast":true,"players":3}', (3, True))
    """
    register_defaults_omitted(cls, keep=("players",))
    setattr(cls, "__reduce__", reduce_init_fields)  # noqa: B010 -- a method set on the class, which mypy refuses
    return cls


def register_defaults_omitted(cls: type, *, keep: Iterable[str] = ()) -> None:
    """Write the members of the attrs class ``cls`` that equal their default not at all (a game's config).

    A missing member reads back as its default, as it always did. Only fields
    with a plain default (not a factory) are left out, never those named in
    ``keep`` (a config's ``players``), and never an edition's reference.
    Replay format 1 wrote every member, and so does :func:`legacy_converter`.

    >>> import attrs
    >>> fields = {"players": attrs.field(type=int), "fast": attrs.field(type=bool, default=False)}
    >>> Options = attrs.make_class("Options", fields)
    >>> register_defaults_omitted(Options)
    >>> dumps(Options(4)), dumps(Options(4, fast=True))
    ('{"players":4}', '{"fast":true,"players":4}')
    >>> loads('{"players":4}', Options)
    Options(players=4, fast=False)
    """
    if not attrs.has(cls):
        raise TypeError(f"{cls!r} is not an attrs class")
    defaults: dict[str, object] = {}
    kept = set(keep)
    unknown = kept - {field.name for field in attrs.fields(cls)}
    if unknown:
        raise TypeError(f"{cls.__qualname__} has no field {sorted(unknown)[0]!r} to keep")
    for field in attrs.fields(cls):
        omittable = field.init and field.default is not attrs.NOTHING and field.name not in kept
        if omittable and EDITION_METADATA not in field.metadata:
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class
                raise TypeError(f"{cls.__qualname__}.{field.name}: a factory default cannot be left out")
            defaults[field.name] = field.default
    _DEFAULTS_OMITTED[cls] = defaults
    _LEGACY.clear()
    converter.register_unstructure_hook(cls, _omitting_unstructure_factory(cls, converter))
    _reset_compiled()


def register_interned(cls: type[T], instances: Iterable[T]) -> None:
    """Declare ``instances`` the shared objects of ``cls`` (cards, dice: immutable values of a few kinds).

    ``cls`` is an attrs class (or a class with flat hooks, see :func:`register_hooks`)
    whose JSON is one object of two or more scalar members. Arrays of ``cls``
    then take a faster path, with exactly the same results: :func:`dumps`
    writes a shared instance from its text, found by identity, and
    :func:`loads` reads an array of objects equal to shared instances'
    (exactly: same members, values of the same types) as those instances,
    looked up whole. Any other value is written and read as before, and any
    fault is refused as before. Registering again replaces the instances.

    Día de los Muertos registers its cards, for example, and Ofrendados its dice:

    >>> from ofrenda_rules.dia_de_los_muertos import Config, State, new_game
    >>> state = new_game(Config(), seed=1)
    >>> loads(dumps(state), State).hands[0][0] is state.hands[0][0]
    True
    """
    _INTERNED[cls] = tuple(instances)
    _reset_compiled()


def register_texts_kept(cls: type) -> None:
    """Keep the JSON texts of the attrs class ``cls``'s recent instances, found by identity, for :func:`dumps`.

    For immutable values shared from state to state (a player's board, which
    most steps leave as it was): :func:`dumps` of a state or view then writes
    an instance it wrote recently from its kept text, the same text, instead
    of writing it again. A kept entry holds its instance (at most a thousand
    or so per class), so an instance is never mistaken for another. Only
    classes whose instances are never changed after they are first written
    may be registered; other values are written as before.

    >>> import attrs
    >>> Board = attrs.make_class("Board", {"cards": attrs.field(type=tuple[int, ...])}, frozen=True)
    >>> register_texts_kept(Board)
    >>> board = Board((3, 1))
    >>> dumps(board), dumps(board)  # written, then read from the kept text
    ('{"cards":[3,1]}', '{"cards":[3,1]}')
    """
    if not attrs.has(cls):
        raise TypeError(f"{cls!r} is not an attrs class")
    _TEXTS_KEPT.add(cls)
    _reset_compiled()


def register_token(
    cls: type[T],
    instances: Iterable[T],
    *,
    text: Callable[[T], str],
    parse: Callable[[str], T],
    pattern: str,
    example: str,
    legacy: bool = False,
) -> None:
    """Write ``cls`` as one JSON string per instance, a *token* (Día de los Muertos' cards: ``"red-14"``).

    ``instances`` are the shared objects: a token of one of them reads back as
    that very object, by one dictionary lookup, and a shared object is
    written from its token, found by identity. ``text(instance)`` writes any
    other instance; ``parse(text)`` reads any other token, raising
    ``ValueError`` (with a message in words) for text that is not one; every
    token matches ``pattern``, which the JSON Schema states with ``example``
    (error messages show it too). ``legacy=True`` says that replay format 1
    wrote ``cls`` as an object, one member per field, as the converter does
    by default (see :func:`legacy_converter`). Registering again replaces the
    registration.
    """
    shared = {text(instance): instance for instance in instances}
    text_by_id = {id(instance): token for token, instance in shared.items()}

    def structure(value: object, _: object) -> T:
        found = shared.get(value) if type(value) is str else None
        if found is not None:
            return found
        if not isinstance(value, str):
            raise TypeError(f"expected a {cls.__name__.lower()} such as {example!r}, not {value!r}")
        return parse(value)

    def unstructure(value: T) -> str:
        return text_by_id.get(id(value)) or text(value)

    _TOKENS[cls] = Token(shared, text_by_id, pattern, example)
    if legacy:
        _OBJECTS_IN_V1.add(cls)
    else:
        _OBJECTS_IN_V1.discard(cls)
    _INTERNED.pop(cls, None)
    register_hooks(cls, structure, unstructure)  # (which forgets the legacy converter)
    _reset_compiled()


def register_numbered_token(
    cls: type[T],
    instances: Iterable[T],
    *,
    kind: str,
    kinds: type[Enum],
    number: str,
    example: str,
    legacy: bool = False,
) -> None:
    """Register ``cls`` as a token (see :func:`register_token`) of an enum member's value, a hyphen, an integer.

    ``kind`` names the field holding a member of ``kinds`` (whose values are
    strings) and ``number`` the integer field: a card ``Card(Suit.RED, 14)``
    is ``"red-14"``. The integer is written in plain decimal; any integer
    reads back (the rules refuse one that is not in play), but not ``"red-014"``
    or one with a final newline.

    >>> import attrs, enum
    >>> class Colour(enum.Enum):
    ...     RED = "red"
    >>> fields = {"colour": attrs.field(type=Colour), "size": attrs.field(type=int)}
    >>> Bead = attrs.make_class("Bead", fields, frozen=True)
    >>> shared = [Bead(Colour.RED, 2)]
    >>> register_numbered_token(Bead, shared, kind="colour", kinds=Colour, number="size", example="red-2")
    >>> dumps([Bead(Colour.RED, 2), Bead(Colour.RED, -7)])
    '["red-2","red--7"]'
    >>> loads('"red-9"', Bead)
    Bead(colour=<Colour.RED: 'red'>, size=9)
    """
    values = [member.value for member in kinds]
    pattern = f"^({'|'.join(re.escape(value) for value in values)})-(0|-?[1-9][0-9]*)$"
    compiled = re.compile(pattern)
    noun = cls.__name__.lower()
    among = ", ".join(values)

    def text(value: T) -> str:
        return f"{getattr(value, kind).value}-{getattr(value, number)}"

    def parse(token: str) -> T:
        match = compiled.fullmatch(token)
        if match is None:
            raise ValueError(
                f"expected a {noun} such as {example!r} (a {kind} among {among}, a hyphen, "
                f"the {number} in decimal), not {token!r}"
            )
        return cls(**{kind: kinds(match[1]), number: int(match[2])})

    register_token(cls, instances, text=text, parse=parse, pattern=pattern, example=example, legacy=legacy)


_LEGACY: dict[str, JsonConverter] = {}


def legacy_converter() -> JsonConverter:
    """A converter that reads and writes as replay format 1 did: tokens (see :func:`register_token`) as objects.

    It is :func:`make_converter`'s without the token hooks of the classes registered with ``legacy=True``:
    those are read and written as objects, one member per field, as attrs classes are.
    """
    conv = _LEGACY.get("v1")
    if conv is None:
        conv = _LEGACY["v1"] = make_converter(legacy=True)
    return conv


def _reset_compiled() -> None:
    """Forget every compiled codec, so that the next use compiles them with the current registrations."""
    _fastjson.reset()
    _TEXT_EMITTERS.clear()
    _UNSTRUCTURERS.clear()
    _STRUCTURERS.clear()
    _COUNTING.clear()
    _UNION_CODECS.clear()


def register_tagged_union(union: object) -> None:
    """Register a union of classes that each define ``TAG: ClassVar[str]``.

    Tags must be unique within the union. Registering the same union twice is
    harmless.
    """
    if union in _UNIONS:
        return
    members = getattr(union, "__args__", ())
    tags = [_tag_of(cls) for cls in members]
    if len(set(tags)) != len(tags):
        raise TypeError(f"duplicate tags in {union!r}: {sorted(tags)}")
    _UNIONS.append(union)
    _LEGACY.clear()
    _configure(converter, union)


def _compiled(cls: object) -> bool:
    """Whether ``cls`` takes the compiled fast path (an attrs class that is not a tagged-union member)."""
    return isinstance(cls, type) and attrs.has(cls) and not hasattr(cls, "TAG") and cls not in _HOOKS


_UNION_CODECS: dict[object, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {}


def _union_codec(cls: object) -> tuple[Callable[[Any], Any], Callable[[Any], Any]] | None:
    """The compiled (unstructure, structure) functions of ``cls`` when it is a registered tagged union."""
    try:
        return _UNION_CODECS[cls]
    except KeyError:
        pass
    except TypeError:  # not hashable: no union
        return None
    unstructure = _fastjson.union_unstructurer(converter, cls)
    structure = _fastjson.union_structurer(converter, cls)
    if unstructure is None or structure is None:
        return None  # not cached: the union may be registered later
    _UNION_CODECS[cls] = (unstructure, structure)
    return unstructure, structure


def to_json_value(value: object, cls: Any = None) -> object:
    """Unstructure ``value`` to plain JSON values (dicts, lists, str, int...)."""
    kind = type(value) if cls is None else cls
    if kind is type(value):
        fn = _UNSTRUCTURERS.get(kind)
        if fn is not None:
            return fn(value)
        if _compiled(kind):
            fn = _UNSTRUCTURERS[kind] = _fastjson.unstructurer(converter, kind)
            return fn(value)
    if cls is not None and (codec := _union_codec(cls)) is not None:
        return codec[0](value)
    return converter.unstructure(value, unstructure_as=cls)


@overload
def from_json_value(data: object, cls: type[T]) -> T: ...
@overload
def from_json_value(data: object, cls: object) -> Any: ...
def from_json_value(data: object, cls: object) -> object:
    """Structure plain JSON values into ``cls``, raising :class:`FormatError`.

    The message names the path of every fault, e.g. ``$.config.players``.
    """
    structure = _STRUCTURERS.get(cls) if isinstance(cls, type) else None
    if structure is None and _compiled(cls):
        structure = _STRUCTURERS[cast(type, cls)] = _fastjson.structurer(converter, cast(type, cls))
    if structure is not None:
        try:
            return structure(data)
        except _fastjson.Slow:
            pass  # the converter builds the same object, or says what is wrong and where
    elif (codec := _union_codec(cls)) is not None:
        try:
            return codec[1](data)
        except _fastjson.Slow:
            pass
    problems = _schema_faults(data, cls)
    if problems:  # before the converter, which would build one exception per faulty item of a long array
        raise FormatError(f"invalid {_name(cls)}: {_shown(problems)}")
    try:
        return converter.structure(data, cast(Any, cls))
    except OfrendaRulesError as exc:
        raise FormatError(f"invalid {_name(cls)}: {exc}") from exc
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise FormatError(f"invalid {_name(cls)}: {_explain(exc)}") from exc


_MAX_FAULTS_SHOWN: Final = 5


def _explain(exc: BaseException) -> str:
    """Why a document of the right shape is not a ``cls``: the converter's or a validator's fault.

    (A document of the wrong shape never gets here: :func:`from_json_value`
    describes it by its JSON Schema faults, ``$.dice: expected an array, got
    an object``, before calling the converter.) A validator's refusal gives
    the validator's message once, with its path when it is not the root.
    """
    nested = library_error(exc)
    lines = (
        cattrs.transform_error(exc, path="$", format_exception=_describe_fault)
        if isinstance(exc, cattrs.BaseValidationError)
        else []
    )
    if nested is not None:
        places = [at for message, _, at in (line.rpartition(" @ ") for line in lines) if str(nested) in message]
        return str(nested) + (f" (at {places[0]})" if places and places[0] != "$" else "")
    if lines:
        return "; ".join(lines)
    return str(exc) or "the document does not fit the type"


def _shown(problems: list[tuple[str, str]]) -> str:
    """The first few schema faults, in words."""
    shown = "; ".join(f"{where}: {reason}" for where, reason in problems[:_MAX_FAULTS_SHOWN])
    more = len(problems) - _MAX_FAULTS_SHOWN
    return shown + (f" (and {more} more)" if more > 0 else "")


def _schema_faults(data: object, cls: object) -> list[tuple[str, str]]:
    try:
        schema = _SCHEMA_CACHE.get(cls)
        if schema is None:
            schema = _SCHEMA_CACHE[cls] = json_schema(cls)
    except TypeError:  # an unhashable or unsupported type: no schema to check against
        return []
    return faults(data, schema)


_SCHEMA_CACHE: dict[object, dict[str, object]] = {}


def _describe_fault(exc: BaseException, type_: type | None) -> str:
    """The wording cattrs gives a fault, with the reason our own hooks and validators give."""
    text = format_exception(exc, type_)
    if isinstance(exc, TypeError | ValueError) and not isinstance(exc, KeyError) and str(exc):
        reason = str(exc)
        if reason not in text:
            text = f"{text}: {reason}"
    return text


def library_error(exc: BaseException) -> OfrendaRulesError | None:
    """The library error (a failed validator, an edition constraint) inside a cattrs error, if any."""
    if isinstance(exc, OfrendaRulesError):
        return exc
    for sub in getattr(exc, "exceptions", ()):
        found = library_error(sub)
        if found is not None:
            return found
    return None


def _name(cls: object) -> str:
    return getattr(cls, "__qualname__", None) or repr(cls)


_UNSTRUCTURERS: dict[type, Callable[[Any], object]] = {}
"""Each attrs class's compiled unstructure function, once :func:`to_json_value` met it (read without a lock)."""
_STRUCTURERS: dict[type, Callable[[Any], object]] = {}
"""Each attrs class's compiled structure function, once :func:`from_json_value` met it (read without a lock)."""


def _text_emitter(value: object, cls: object) -> Callable[[Any], str] | None:
    """The compiled JSON text writer for ``value`` (as ``cls``), if there is one."""
    kind = type(value) if cls is None else cls
    try:
        return _TEXT_EMITTERS[kind]
    except KeyError:
        pass
    except TypeError:  # not hashable
        return None
    if kind is type(value) and _compiled(kind):
        fn = _fastjson.text_emitter(converter, kind)
    elif cls is not None and _union_codec(cls) is not None:
        fn = _fastjson.text_emitter(converter, cls)
    else:
        return None  # not cached: the union may be registered later
    _TEXT_EMITTERS[kind] = fn
    return fn


_TEXT_EMITTERS: dict[object, Callable[[Any], str] | None] = {}


def dumps(value: object, cls: Any = None) -> str:
    """Encode ``value`` as compact JSON with sorted keys.

    Pass the union as ``cls`` when encoding a member of a tagged union
    on its own, so that its tag is written.
    """
    text = _text_emitter(value, cls)
    if text is not None:  # the compiled writer: the same text, straight from the object
        try:
            return text(value)
        except Exception:  # a leaf not of its declared type: json.dumps writes what it is, or says why not
            pass
    return json.dumps(to_json_value(value, cls), sort_keys=True, separators=(",", ":"))


def _check_depth(data: object) -> int:
    """Refuse a document nested deeper than :data:`MAX_DEPTH`; return how many object members it holds.

    Containers are visited level by level, scalars never.
    """
    level: list[Any] = [data] if type(data) is dict or type(data) is list else []
    depth = members = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise FormatError(f"JSON document nested deeper than {MAX_DEPTH} levels")
        below: list[Any] = []
        for item in level:
            if type(item) is dict:
                members += len(item)
                children: Any = item.values()
            else:
                children = item
            below += [child for child in children if type(child) is dict or type(child) is list]
        level = below
    return members


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"member {key!r} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant)


_SCAN: Final[Callable[[str, int], tuple[object, int]]] = vars(_DECODER)["scan_once"]  # set by JSONDecoder.__init__


def _decode(text: str | bytes) -> object:
    """``json.loads(text, parse_constant=_no_constant)``, without building a decoder for each call.

    A text that is one value from its first character to its last (as ``dumps`` writes them) is read by
    the decoder's scanner directly; any other text (whitespace around the value, not JSON, bytes) goes
    through ``decode``, which reads it or refuses it in its own words.
    """
    if type(text) is str and not text.startswith("\ufeff"):  # json.loads refuses a BOM in its own words
        try:
            value, end = _SCAN(text, 0)
        except StopIteration:  # no value at the first character: decode says why
            return _DECODER.decode(text)
        if end == len(text):
            return value
        return _DECODER.decode(text)
    return json.loads(text, parse_constant=_no_constant)


def _check_size(text: str | bytes, max_bytes: int) -> None:
    # an ASCII text (as dumps writes them; str.isascii looks at a flag) is as many bytes as characters
    size = len(text) if not isinstance(text, str) or text.isascii() else len(text.encode())
    if size > max_bytes:
        raise FormatError(f"JSON document of {size} bytes exceeds the limit of {max_bytes}")


def parse_json(text: str | bytes, *, max_bytes: int = MAX_DOCUMENT_BYTES) -> object:
    """Parse untrusted JSON text: bounded size and depth, no duplicate members, no ``NaN``/``Infinity``.

    Raises:
        FormatError: for every fault (never a bare ``json``, ``ValueError`` or
            ``RecursionError``), including integers too long to convert.
    """
    _check_size(text, max_bytes)
    try:
        # Fast path: the C parser without a hook. Every ':' outside a string separates one member,
        # so when the text holds exactly as many ':' as the parsed objects hold members, no member
        # was lost to a duplicate (and no string holds a ':'). Otherwise parse again, member by member.
        data = _decode(text)
        colons = text.count(":") if isinstance(text, str) else text.count(b":")
        if _check_depth(data) == colons:
            return data
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError as exc:
        raise FormatError(f"JSON document nested deeper than {MAX_DEPTH} levels") from exc
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, over-long integers, the hooks above
        raise FormatError(f"not valid JSON: {exc}") from exc
    _check_depth(data)
    return data


def load_packaged(package: str, resource: str, cls: type[T]) -> T:
    """Load a JSON data file shipped inside ``package`` (a game's default edition).

    Raises:
        EditionError: when the shipped file does not load; it is a packaging bug.
    """
    text = resources.files(package).joinpath(resource).read_text(encoding="utf-8")
    try:
        return loads(text, cls)
    except FormatError as exc:  # pragma: no cover - every shipped file is tested
        raise EditionError(f"the shipped {package}/{resource} is invalid: {exc}") from exc


@overload
def loads(text: str | bytes, cls: type[T], *, max_bytes: int = ...) -> T: ...
@overload
def loads(text: str | bytes, cls: object, *, max_bytes: int = ...) -> Any: ...
def loads(text: str | bytes, cls: object, *, max_bytes: int = MAX_DOCUMENT_BYTES) -> object:
    """Decode JSON text into ``cls`` (a class or a tagged union); :class:`FormatError` names any fault.

    It accepts and refuses exactly what ``from_json_value(parse_json(text), cls)`` does. When ``cls``
    is compiled all the way down, the compiled structurer counts the members while it checks them and
    bounds the depth by the type's, instead of :func:`parse_json`'s separate walk; any doubt (a fault,
    fewer members than ``':'``) takes that general path, which words the error.
    """
    counting = _counting_structurer(cls)
    if counting is not None:
        _check_size(text, max_bytes)
        structure, _ = counting
        members = [0]
        try:
            value = structure(_decode(text), members)
        except Exception:  # the general path below says what is wrong
            pass
        else:
            if members[0] == (text.count(":") if isinstance(text, str) else text.count(b":")):
                return value  # as many members as ':' (see parse_json), nested no deeper than the type
    return from_json_value(parse_json(text, max_bytes=max_bytes), cls)


def _counting_structurer(cls: object) -> tuple[Callable[[Any, list[int]], Any], int] | None:
    """The compiled counting structurer of ``cls`` (see :func:`loads`) when it nests no deeper than allowed."""
    try:
        return _COUNTING[cls]
    except KeyError:
        pass
    except TypeError:  # not hashable
        return None
    if _compiled(cls) or _union_codec(cls) is not None:
        counting = _fastjson.counting_structurer(converter, cls)
        _COUNTING[cls] = counting if counting is not None and counting[1] <= MAX_DEPTH else None
        return _COUNTING[cls]
    return None  # not cached: the union may be registered later


_COUNTING: dict[object, tuple[Callable[[Any, list[int]], Any], int] | None] = {}
