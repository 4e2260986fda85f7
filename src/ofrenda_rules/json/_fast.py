"""Compiled JSON codecs for attrs classes: the converter's results, several times faster.

cattrs builds one function per class but still calls a hook per leaf (every
integer, every enum, every element of every tuple). States are written and
read millions of times by servers and replay tools, so for each attrs class
this module compiles one straight-line function that converts the whole
object, inlining the leaves:

* unstructuring writes exactly what the shared converter writes (tested on
  every state met in the property suite's playouts);
* structuring accepts only well-formed input: anything unexpected (a missing
  member, an extra one, a wrong type, a failed validator) raises
  :class:`Slow`, and the caller falls back to the converter, which either
  builds the same object or raises its error naming the JSON path. The fast
  path therefore never accepts what the converter refuses, and never words
  an error itself.

Registered tagged unions (see :func:`ofrenda_rules.json.serialization.register_tagged_union`)
are compiled too, alone, as ``tuple[Union, ...]`` and as ``Union | None``:
unstructuring dispatches on the member's exact class to its compiled function,
which writes the tag last, as the converter does; structuring reads the tag
and calls that member's compiled function, which expects the tag as one more
member. An unknown class or tag, or anything else unexpected, goes to the
converter as above (so an unknown tag is still refused with the expected
ones listed, and a faulty member with its path).

Types the compiler does not know are handed to the converter, field by field.

Two more compiled forms serve :func:`ofrenda_rules.json.serialization.dumps` and
:func:`~ofrenda_rules.json.serialization.loads`:

* a text writer (:func:`text_emitter`) writes the canonical JSON text of a
  value directly, one f-string per object with its members in sorted order,
  byte for byte what ``json.dumps(unstructure(value), sort_keys=True,
  separators=(",", ":"))`` writes; an object's arrays of scalars go through json's own
  C encoder, all in one call, and a leaf of another type than declared raises :class:`Slow`
  (the caller then writes the value the general way);
* every structure function takes a member counter and adds the members of
  each object it accepts, and the compiler knows how deep an accepted value
  can nest (:func:`counting_structurer`): ``loads`` compares the count with
  the ``':'`` in the text, as :func:`~ofrenda_rules.json.serialization.parse_json`
  does after its walk, without the walk.
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
import operator
import threading
import types
import typing
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any, Final, Literal, Union, cast, get_args, get_origin

import attrs

from ofrenda_rules.copying import constructor_lines, plain_constructor
from ofrenda_rules.json._base import (
    DEFAULTS_OMITTED,
    EDITION_METADATA,
    FLAT_HOOKS,
    HOOKS,
    INTERNED,
    TAG_KEY,
    TEXTS_KEPT,
    TOKENS,
    UNIONS,
    Token,
    tag_of,
)

__all__ = [
    "Slow",
    "reset",
    "counting_structurer",
    "text_emitter",
    "plain_unstructurer",
    "structurer",
    "union_structurer",
    "union_unstructurer",
    "unstructurer",
]


class Slow(Exception):
    """The fast path met something it does not handle: use the converter.

    Always raised as a new instance (``raise Slow``, never a shared one): an
    instance raised again would keep every earlier raise's frames in its
    traceback, and with them every refused document, without bound.
    """


_NONE: Final = types.NoneType
_MEMO_LIMIT: Final = 256
"""How many configurations a compiled structurer remembers before it forgets them all."""


_MOST_TEXTS_KEPT: Final = 1024
"""How many instances' texts a class registered with ``register_texts_kept`` keeps before it forgets them all."""


def _kept_texts(text: Callable[[Any], str]) -> Callable[[Any], str]:
    """``text`` (a compiled writer), keeping the texts of the last instances written, found by identity.

    An entry holds its instance, so the ``id`` it is found by stays that instance's while the entry lives.
    A writer that raises (a leaf of another type than declared) keeps nothing.
    """
    kept: dict[int, tuple[object, str]] = {}

    def kept_text(value: Any) -> str:
        entry = kept.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        written = text(value)
        if len(kept) >= _MOST_TEXTS_KEPT:
            kept.clear()
        kept[id(value)] = (value, written)
        return written

    return kept_text


def _below(depths: list[int | None]) -> int | None:
    """The depth of an array or object whose members have ``depths`` (``None``: unknown)."""
    if None in depths:
        return None
    return 1 + max(cast(list[int], depths), default=0)


def _declining(convert: Callable[..., Any], *extra: Any) -> Callable[[Any], Any]:
    """``convert(value, *extra)``, raising :class:`Slow` instead of any error (the converter words it)."""

    def call(value: Any) -> Any:
        try:
            return convert(value, *extra)
        except Exception:
            raise Slow from None

    return call


_FLAT_TEXTS: dict[int, tuple[object, object, str]] = {}
_FLAT_TEXTS_MAX: Final = 4096


def _flat_text(value: object, unstructure: Callable[[Any], Any]) -> str:
    """The JSON text of ``unstructure(value)`` (an object of scalars, members sorted), kept for the same object.

    Only for immutable objects (flat hooks' classes): the entry holds the object itself, so its
    ``id`` is not reused while the entry lives, and at most :data:`_FLAT_TEXTS_MAX` objects are kept.
    """
    entry = _FLAT_TEXTS.get(id(value))
    if entry is not None and entry[0] is value and entry[1] is unstructure:
        return entry[2]
    text = "".join(_ARRAY(unstructure(value), 0))
    if len(_FLAT_TEXTS) < _FLAT_TEXTS_MAX:
        _FLAT_TEXTS[id(value)] = (value, unstructure, text)
    return text


def _token_text(value: object, unstructure: Callable[[Any], str]) -> str:
    """The JSON text of a token (see :func:`ofrenda_rules.json.serialization.register_token`) that is not shared."""
    try:
        text = unstructure(value)
    except Exception:
        raise Slow from None
    if type(text) is not str:
        raise Slow
    return encode_basestring_ascii(text)


def _literal(text: str) -> str:
    """``text`` as it must appear between the quotes of a single-quoted f-string to stand for itself."""
    return text.replace("\\", "\\\\").replace("'", "\\'").replace("{", "{{").replace("}", "}}")


def _miss(value: object) -> str:
    raise Slow


def _not_json(value: object) -> object:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _python_array(value: object, _: int) -> list[str]:
    return [json.dumps(value, sort_keys=True, separators=(",", ":"))]


_ARRAY: Final[Callable[[object, int], list[str]]] = (
    c_make_encoder(None, _not_json, encode_basestring_ascii, None, ":", ",", True, False, True)
    if c_make_encoder is not None
    else _python_array
)
"""``json.dumps(value, sort_keys=True, separators=(",", ":"))`` as chunks, by json's C encoder (no cycle check)."""
_TEXT_NAMES: Final[dict[str, object]] = {
    "INT": int.__repr__,
    "STR": encode_basestring_ascii,
    "TOKEN": _token_text,
    "BOOL": {True: "true", False: "false"},
    "ARRAY": _ARRAY,
    "VALUE": operator.attrgetter("_value_"),
    "MISS": _miss,
    "CHAIN": itertools.chain,
    "FLAT": _flat_text,
}


_Interned = tuple[
    Callable[[Any], Any],
    dict[tuple[object, ...], object],
    int,
    tuple[tuple[Callable[[Any], Any], frozenset[type]], ...],
    dict[int, str],
]
"""An interned class's tables: the member-values getter, the instances by values, the member count,
the type checks of numeric members (getter, allowed types) and the texts by ``id``."""


class _Compiler:
    """Compiles (un)structure functions for one converter, caching them by type."""

    def __init__(self, converter: Any, edition_key: str, tag_key: str) -> None:
        self.converter = converter
        self.edition_key = edition_key
        self.tag_key = tag_key
        self.unions: dict[frozenset[Any], object | None] = {}
        self.structure_fns: dict[object, Callable[[Any, list[int]], Any]] = {}
        self.unstructure_fns: dict[object, Callable[[Any], Any]] = {}
        self.unstructure_plain: dict[object, bool] = {}
        self.structure_depths: dict[object, int | None] = {}
        self.text_fns: dict[object, Callable[[Any], str] | None] = {}
        self.interned_tables: dict[object, _Interned | None] = {}
        self.token_text_tables: dict[object, dict[int, str]] = {}
        self.guards: list[tuple[dict[object, Any], object, object]] = []
        """The forwarders put in a table while their function is compiled (see :func:`_locked`)."""

    def guard(self, table: dict[object, Any], key: object, forward: object) -> None:
        """Put ``forward`` in ``table[key]`` while the function of ``key`` is compiled (a type may contain itself)."""
        table[key] = forward
        self.guards.append((table, key, forward))

    # -- unstructure --------------------------------------------------------------------------

    def unstructure_expr(self, tp: Any, var: str, env: dict[str, Any]) -> tuple[str, bool]:
        """A Python expression that unstructures the value in ``var`` of type ``tp``, and whether it is plain.

        Plain means compiled all the way down: every object it writes lists its members in sorted order.
        """
        if tp in (int, bool, str) or tp is _NONE:
            return var, True
        origin, args = get_origin(tp), get_args(tp)
        token = self._token(tp)
        if token is not None:  # a shared instance's text by identity, any other through the hook
            ids, hook = self._name(env, token.text_by_id), self._name(env, self._hooks()[tp][1])
            return f"({ids}.get(id({var})) or {hook}({var}))", True
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return f"{var}._value_", all(type(member.value) in (int, str) for member in tp)
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not _NONE]
            union = self.tagged_union(members)
            if union is not None:
                table, fallback = self.union_unstructurers(union)
                plain = all(self.unstructure_plain.get((cls, self.tag_of(cls)), False) for cls in members)
                call = f"{self._name(env, table)}.get({{0}}.__class__, {self._name(env, fallback)})({{0}})"
                if len(members) == len(args):
                    return call.format(var), plain
                name = self._name(env, self.lambda_(f"lambda _v: None if _v is None else {call.format('_v')}", env))
                return f"{name}({var})", plain
            if len(members) == 1 and len(args) == 2:
                inner, plain = self.unstructure_expr(members[0], "_v", env)
                if inner == "_v":
                    return var, plain
                name = self._name(env, self.lambda_(f"lambda _v: None if _v is None else {inner}", env))
                return f"{name}({var})", plain
            return self.converter_call(tp, var, env), False
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            inner, plain = self.unstructure_expr(args[0], "_e", env)
            if inner == "_e":
                return f"list({var})", plain
            return f"[{inner} for _e in {var}]", plain
        if origin is tuple and args and Ellipsis not in args:
            if all(self.unstructure_expr(arg, "_e", env)[0] == "_e" for arg in args):
                return f"list({var})", all(self._leaf_types(arg) is not None for arg in args)
            return self.converter_call(tp, var, env), False
        hooks = self._hooks()
        if tp in hooks:
            return f"{self._name(env, hooks[tp][1])}({var})", tp in self._flat_hooks()
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG"):
            fn = self.unstructurer(tp)
            return f"{self._name(env, fn)}({var})", self.unstructure_plain.get(tp, False)
        return self.converter_call(tp, var, env), False

    def converter_call(self, tp: Any, var: str, env: dict[str, Any]) -> str:
        conv = self.converter

        def call(value: Any, tp: Any = tp) -> Any:
            return conv.unstructure(value, unstructure_as=tp)

        return f"{self._name(env, call)}({var})"

    def union_unstructurers(self, union: object) -> tuple[dict[type, Callable[[Any], Any]], Callable[[Any], Any]]:
        """For a registered tagged union: each member's compiled unstructurer (tag included), and the fallback.

        The fallback is the converter's own hook, for a value of no member class (it raises the converter's error).
        """
        table = {cls: self.unstructurer(cls, self.tag_of(cls)) for cls in get_args(union)}
        conv = self.converter

        def fallback(value: Any) -> Any:
            return conv.unstructure(value, unstructure_as=union)

        return table, fallback

    def unstructurer(self, cls: type, tag: str | None = None) -> Callable[[Any], Any]:
        """The compiled unstructure function of the attrs class ``cls``; with ``tag``, it writes the tag too.

        The members are written in sorted order (the tag among them); :attr:`unstructure_plain` records
        whether every object below is written so too.
        """
        key: object = cls if tag is None else (cls, tag)
        fn = self.unstructure_fns.get(key)
        if fn is not None:
            return fn
        self.guard(self.unstructure_fns, key, lambda value: self.unstructure_fns[key](value))
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {}
        items: list[tuple[str, str]] = []
        plain = True
        for field in attrs.fields(cls):
            if not field.init:
                continue
            var = f"o.{field.name}"
            catalog = field.metadata.get(self.edition_key)
            if catalog is not None:
                expr = f"{self._name(env, catalog.unstructure_ref)}({var})"  # {"digest": ..., "name": ...}
            else:
                expr, field_plain = self.unstructure_expr(hints.get(field.name, field.type), var, env)
                plain = plain and field_plain
            items.append((field.name, expr))
        if tag is not None:
            items.append((self.tag_key, repr(tag)))
        items.sort()
        body = ", ".join(f"{name!r}: {expr}" for name, expr in items)
        omitted = self._omitted(cls)
        if omitted:  # members equal to their default are left out (serialization.register_defaults_omitted)
            lines = [
                f"    if o.{name} == {self._name(env, default)}: del r[{name!r}]" for name, default in omitted.items()
            ]
            source = "def unstructure(o):\n" + f"    r = {{{body}}}\n" + "\n".join(lines) + "\n    return r\n"
        else:
            source = f"def unstructure(o):\n    return {{{body}}}\n"
        fn = self._compile(source, "unstructure", env)
        self.unstructure_fns[key] = fn
        self.unstructure_plain[key] = plain
        return fn

    # -- text -------------------------------------------------------------------------------

    def text_stmts(self, tp: Any, var: str, env: dict[str, Any], indent: str) -> list[str] | None:
        """Statements that rebind ``var`` (a value of type ``tp``) to its JSON text, or ``None`` if unsupported.

        The text is exactly what ``json.dumps(unstructure(value), separators=(",", ":"))`` writes for the
        unstructured value; any value whose leaves are not of the exact types expected raises :class:`Slow`.
        """
        i = indent
        if tp is int:
            return [f"{i}if type({var}) is not int: raise SLOW", f"{i}{var} = INT({var})"]
        if tp is bool:
            return [f"{i}if type({var}) is not bool: raise SLOW", f'{i}{var} = "true" if {var} else "false"']
        if tp is str:
            return [f"{i}if type({var}) is not str: raise SLOW", f"{i}{var} = STR({var})"]
        if tp is _NONE:
            return [f"{i}if {var} is not None: raise SLOW", f'{i}{var} = "null"']
        origin, args = get_origin(tp), get_args(tp)
        token = self._token(tp)
        if token is not None and token.quoted_by_value is not None:  # flags: their text by value
            quoted, hook = self._name(env, token.quoted_by_value), self._name(env, self._hooks()[tp][1])
            return [f"{i}{var} = ({quoted}.get({var}) if type({var}) is tuple else None) or TOKEN({var}, {hook})"]
        if token is not None:
            quoted, hook = self._name(env, self.token_texts(tp)), self._name(env, self._hooks()[tp][1])
            return [f"{i}{var} = {quoted}.get(id({var})) or TOKEN({var}, {hook})"]
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            kinds = {type(member.value) for member in tp}
            if kinds not in ({str}, {int}):
                return None
            kind = "str" if kinds == {str} else "int"
            return [
                f"{i}{var} = {var}._value_",
                f"{i}if type({var}) is not {kind}: raise SLOW",
                f"{i}{var} = {kind.upper()}({var})",
            ]
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not _NONE]
            union = self.tagged_union(members)
            if union is not None:
                table = {cls: self.text_emitter(cls, self.tag_of(cls)) for cls in members}
                if None in table.values():
                    return None
                call = [f"{i}    {var} = {self._name(env, table)}.get({var}.__class__, MISS)({var})"]
            elif len(members) == 1 and len(args) == 2:
                inner = self.text_stmts(members[0], var, env, indent + "    ")
                if inner is None:
                    return None
                call = inner
            else:
                return None
            if len(members) == len(args):
                return [line[4:] for line in call]
            return [f"{i}if {var} is None:", f'{i}    {var} = "null"', f"{i}else:", *call]
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return self.text_array(args[0], var, env, indent)
        if origin is tuple and args and all(self._leaf_types(arg) is not None for arg in args):
            return [
                f"{i}if type({var}) is not tuple and type({var}) is not list: raise SLOW",
                f'{i}{var} = "".join(ARRAY({var}, 0))',
            ]
        hooks = self._hooks()
        if tp in hooks:
            if tp not in self._flat_hooks():
                return None
            return [f"{i}{var} = FLAT({var}, {self._name(env, hooks[tp][1])})"]
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG"):
            fn = self.text_emitter(tp)
            return None if fn is None else [f"{i}{var} = {self._name(env, fn)}({var})"]
        return None

    def text_array(self, element: Any, var: str, env: dict[str, Any], indent: str) -> list[str] | None:
        """:meth:`text_stmts` for ``tuple[element, ...]``.

        An array of shared instances of an interned class (see :meth:`interned`) is written from their
        texts, found by identity in C; an array holding any other object is written element by element.
        """
        lines = self.text_array_by_element(element, var, env, indent)
        interned = self.interned(element)
        if self._token(element) is not None:
            table = self.token_texts(element)
        elif interned is not None:
            table = interned[4]
        else:
            return lines
        if lines is None:
            return None
        texts = self._name(env, table)
        i = indent
        return [
            f"{i}if type({var}) is not tuple and type({var}) is not list: raise SLOW",
            f"{i}try:",
            f'{i}    {var} = "[" + ",".join(map({texts}.__getitem__, map(id, {var}))) + "]"',
            f"{i}except KeyError:",
            *[f"    {line}" for line in lines],
        ]

    def text_array_by_element(self, element: Any, var: str, env: dict[str, Any], indent: str) -> list[str] | None:
        """:meth:`text_array`, element by element."""
        i = indent
        head = [f"{i}if type({var}) is not tuple and type({var}) is not list: raise SLOW"]
        hooks = self._hooks()
        inner = self._array_element(element)
        if self._leaf_types(element) is not None or (inner is not None and self._leaf_array(element)):
            # scalars, or arrays of scalars: json's own C encoder writes them, whatever they hold
            return [*head, f'{i}{var} = "".join(ARRAY({var}, 0))']
        if isinstance(element, type) and issubclass(element, enum.Enum):
            return [*head, f'{i}{var} = "".join(ARRAY(list(map(VALUE, {var})), 0))']
        if get_origin(element) in (Union, types.UnionType) and _NONE not in get_args(element):
            union = self.tagged_union(list(get_args(element)))
            if union is not None:
                table = {cls: self.text_emitter(cls, self.tag_of(cls)) for cls in get_args(element)}
                if None in table.values():
                    return None
                call = f"{self._name(env, table)}.get(_e.__class__, MISS)(_e)"
                return [*head, f'{i}{var} = "[" + ",".join([{call} for _e in {var}]) + "]"']
        if isinstance(element, type) and attrs.has(element) and not hasattr(element, "TAG") and element not in hooks:
            fn = self.text_emitter(element)
        else:
            inner = self.text_stmts(element, "_e", env, "    ")
            if inner is None:
                return None
            fn = self._compile("def element(_e):\n" + "\n".join(inner) + "\n    return _e\n", "element", env)
        if fn is None:
            return None
        return [*head, f'{i}{var} = "[" + ",".join(map({self._name(env, fn)}, {var})) + "]"']

    def text_emitter(self, cls: type, tag: str | None = None) -> Callable[[Any], str] | None:
        """A function writing the JSON text of an instance of the attrs class ``cls`` (``None``: unsupported)."""
        key: object = cls if tag is None else (cls, tag)
        if key in self.text_fns:
            return self.text_fns[key]
        self.text_fns[key] = None  # a type that contains itself is not supported
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {}
        lines = ["def text(o):"]
        parts: list[tuple[str, str]] = []
        fields = [field for field in attrs.fields(cls) if field.init]
        flat = [field for field in fields if self._leaf_array(hints.get(field.name, field.type))]
        for index, field in enumerate(fields):
            var = f"t{index}"
            lines.append(f"    {var} = o.{field.name}")
            catalog = field.metadata.get(self.edition_key)
            if field in flat:
                lines.append(f"    if type({var}) is not tuple and type({var}) is not list: raise SLOW")
                parts.append((field.name, "[{" + var + "}]"))
                continue
            if catalog is not None:
                # the default edition's reference is a constant; a custom edition's is asked for every time
                # (it registers the edition, keeping it known), never kept
                default = self._name(env, catalog.default)
                default_text = self._name(env, "".join(_ARRAY(catalog.unstructure_ref(catalog.default), 0)))
                lines += [
                    f"    if {var} is {default}:",
                    f"        {var} = {default_text}",
                    "    else:",
                    f'        {var} = "".join(ARRAY({self._name(env, catalog.unstructure_ref)}({var}), 0))',
                ]
            else:
                stmts = self.text_stmts(hints.get(field.name, field.type), var, env, "    ")
                if stmts is None:
                    return None
                if stmts[-1] == f"    {var} = INT({var})":  # an f-string writes an int as its repr already
                    stmts = stmts[:-1]
                lines += stmts
            parts.append((field.name, "{" + var + "}"))
        if flat:
            lines += self.text_by_encoder([f"t{fields.index(field)}" for field in flat])
        if tag is not None:
            parts.append((self.tag_key, _literal(encode_basestring_ascii(tag))))
        parts.sort()
        omitted = self._omitted(cls)
        if omitted:  # members equal to their default are left out (serialization.register_defaults_omitted)
            pieces = []
            for name, text in parts:
                piece = f"f'{_literal(encode_basestring_ascii(name))}:{text}'"
                if name in omitted:
                    piece = f"('' if o.{name} == {self._name(env, omitted[name])} else {piece})"
                pieces.append(piece)
            lines.append(f"    return '{{' + ','.join(filter(None, ({', '.join(pieces)},))) + '}}'")
        else:
            body = ",".join(f"{_literal(encode_basestring_ascii(name))}:{text}" for name, text in parts)
            lines.append(f"    return f'{{{{{body}}}}}'")
        fn = self._compile("\n".join(lines) + "\n", "text", env)
        if tag is None and cls in TEXTS_KEPT:
            fn = _kept_texts(fn)
        self.text_fns[key] = fn
        return fn

    @staticmethod
    def text_by_encoder(names: list[str]) -> list[str]:
        """Statements rebinding each variable in ``names`` (an array) to its text by json's C encoder, no brackets.

        Several arrays are written in one call and cut back at each ``"],["`` between two of them: exactly
        as many pieces as arrays means that no array's text holds a ``"],["`` (a string member, an array in
        the wrong place), so each piece is one array's text without its brackets.
        """
        if len(names) < 2:
            return [f'    {var} = "".join(ARRAY({var}, 0))[1:-1]' for var in names]
        return [
            f'    _a = "".join(ARRAY(({", ".join(names)},), 0))[2:-2].split("],[")',
            f"    if len(_a) != {len(names)}: raise SLOW",
            f"    {', '.join(names)}, = _a",
        ]

    # -- structure ----------------------------------------------------------------------------

    def structure_stmts(self, tp: Any, var: str, env: dict[str, Any], indent: str) -> tuple[list[str], int | None]:
        """Statements that check ``var`` (a JSON value) and rebind it to the structured value; and its depth.

        The statements run where ``n`` is the member counter (a one-item list): they add to it the members
        of every object they accept. The depth is the deepest nesting of arrays and objects the statements
        accept, or ``None`` when some part is left to a function that does not count (the converter, a hook
        that is not flat, a type that contains itself).
        """
        if tp is int or tp is bool or tp is str:
            return [f"{indent}if type({var}) is not {tp.__name__}: raise SLOW"], 0
        if tp is _NONE:
            return [f"{indent}if {var} is not None: raise SLOW"], 0
        origin, args = get_origin(tp), get_args(tp)
        token = self._token(tp)
        if token is not None:  # a shared instance by one lookup, any other token through the hook
            lookup, hook = self._name(env, token.by_text), self._name(env, self._hooks()[tp][0])
            return [
                f"{indent}_h = {lookup}.get({var}) if type({var}) is str else None",
                f"{indent}if _h is None:",
                f"{indent}    try:",
                f"{indent}        _h = {hook}({var}, {self._name(env, tp)})",
                f"{indent}    except Exception:",
                f"{indent}        raise SLOW from None",
                f"{indent}{var} = _h",
            ], 0
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            if not all(isinstance(member.value, str) for member in tp):
                return self.structure_via_converter(tp, var, env, indent), None
            lookup = self._name(env, tp._value2member_map_)
            return [
                f"{indent}if type({var}) is not str: raise SLOW",
                f"{indent}{var} = {lookup}.get({var}, SLOW)",
                f"{indent}if {var} is SLOW: raise SLOW",
            ], 0
        if origin is Literal:
            return [f"{indent}if {var} not in {self._name(env, args)} or type({var}) is bool: raise SLOW"], 0
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not _NONE]
            union = self.tagged_union(members)
            if union is not None:
                call = [f"{indent}    {var} = {self._name(env, self.union_structurer(union))}({var}, n)"]
                depth = self.structure_depths.get(union)
                if len(members) == len(args):
                    return [line[4:] for line in call], depth
                return [f"{indent}if {var} is not None:", *call], depth
            if len(members) == 1 and len(args) == 2:
                inner, depth = self.structure_stmts(members[0], var, env, indent + "    ")
                return [f"{indent}if {var} is not None:", *inner], depth
            return self.structure_via_converter(tp, var, env, indent), None
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return self.structure_array(args[0], var, env, indent)
        if origin is tuple and args and Ellipsis not in args:
            parts = [f"{var}_{i}" for i in range(len(args))]
            lines = [
                f"{indent}if type({var}) is not list or len({var}) != {len(args)}: raise SLOW",
                f"{indent}{', '.join(parts)}, = {var}",
            ]
            depths: list[int | None] = []
            for part, arg in zip(parts, args, strict=True):
                part_lines, part_depth = self.structure_stmts(arg, part, env, indent)
                lines += part_lines
                depths.append(part_depth)
            return [*lines, f"{indent}{var} = ({', '.join(parts)},)"], _below(depths)
        hooks = self._hooks()
        if tp in hooks:
            hook = self._name(env, hooks[tp][0])
            lines = [
                f"{indent}try:",
                f"{indent}    _h = {hook}({var}, {self._name(env, tp)})",
                f"{indent}except Exception:",
                f"{indent}    raise SLOW from None",
            ]
            if tp not in self._flat_hooks():
                return [*lines, f"{indent}{var} = _h"], None
            return [*lines, f"{indent}n[0] += len({var})", f"{indent}{var} = _h"], 1
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG"):
            fn = self._name(env, self.structurer(tp))
            return [f"{indent}{var} = {fn}({var}, n)"], self.structure_depths.get(tp)
        return self.structure_via_converter(tp, var, env, indent), None

    def structure_array(self, element: Any, var: str, env: dict[str, Any], indent: str) -> tuple[list[str], int | None]:
        """:meth:`structure_stmts` for ``tuple[element, ...]`` (a JSON array).

        An array of an interned class (see :meth:`interned`), or an array of such arrays, is first
        looked up whole, in C: each object's members as one key of the table of shared instances (the
        inner arrays' objects all at once, then cut back into arrays). Any miss (another object, a
        member of another type, an extra member) takes the element-by-element statements.
        """
        lines, depth = self.structure_array_by_element(element, var, env, indent)
        i = indent
        interned = self.interned(element)
        if interned is not None:
            fast = [f"{i}_f = {var}", *self.interned_lookup(interned, "_f", env, i)]
            size = interned[2]
            done = [f"{i}    n[0] += {size} * len(_f)", f"{i}    {var} = _h"]
        else:
            inner = self._array_element(element)
            interned = None if inner is None else self.interned(inner)
            if interned is None:
                return lines, depth
            size = interned[2]
            fast = [
                f"{i}_h = None",
                f"{i}if {self._name(env, frozenset({list}))}.issuperset(map(type, {var})):",
                f"{i}    _f = list({self._name(env, itertools.chain.from_iterable)}({var}))",
                *self.interned_lookup(interned, "_f", env, i + "    "),
            ]
            done = [
                f"{i}    n[0] += {size} * len(_f)",
                f"{i}    _o = []",
                f"{i}    _i = 0",
                f"{i}    for _m in map(len, {var}):",
                f"{i}        _o.append(_h[_i : _i + _m])",
                f"{i}        _i += _m",
                f"{i}    {var} = tuple(_o)",
            ]
        return [
            f"{i}if type({var}) is not list: raise SLOW",
            *fast,
            f"{i}if _h is None:",
            *[f"    {line}" for line in lines],
            f"{i}else:",
            *done,
        ], depth

    def interned_lookup(self, interned: _Interned, flat: str, env: dict[str, Any], indent: str) -> list[str]:
        """Statements binding ``_h`` to the shared instances the JSON objects in the list ``flat`` stand for.

        ``_h`` is ``None`` when any of them is not exactly a shared instance's JSON object.
        """
        keys, table, size, checks, _ = interned
        i = indent
        lines = [
            f"{i}try:",
            f"{i}    _k = list(map({self._name(env, keys)}, {flat}))",
            f"{i}    _h = tuple(map({self._name(env, table)}.__getitem__, _k))",
            f"{i}except (KeyError, TypeError):",
            f"{i}    _h = None",
            f"{i}if _h is not None and sum(map(len, {flat})) != {size} * len({flat}): _h = None",
        ]
        for getter, allowed in checks:
            kinds, member = self._name(env, allowed), self._name(env, getter)
            lines.append(f"{i}if _h is not None and not {kinds}.issuperset(map(type, map({member}, _k))): _h = None")
        return lines

    def structure_array_by_element(
        self, element: Any, var: str, env: dict[str, Any], indent: str
    ) -> tuple[list[str], int | None]:
        """:meth:`structure_array`, element by element."""
        check = f"{indent}if type({var}) is not list: raise SLOW"
        leaf_types = self._leaf_types(element)
        if leaf_types is not None:
            allowed = self._name(env, frozenset(leaf_types))
            return [
                check,
                f"{indent}if not {allowed}.issuperset(map(type, {var})): raise SLOW",
                f"{indent}{var} = tuple({var})",
            ], 1
        lookup = self._enum_lookup(element)
        if lookup is not None:  # one dictionary lookup per element, in C
            return [
                check,
                f"{indent}try:",
                f"{indent}    {var} = tuple(map({self._name(env, lookup)}.__getitem__, {var}))",
                f"{indent}except (KeyError, TypeError):",
                f"{indent}    raise SLOW from None",
            ], 1
        hooks = self._hooks()
        if element in hooks and element in self._flat_hooks():  # e.g. cards: one call each, then count
            hook, tp = self._name(env, hooks[element][0]), self._name(env, element)
            return [
                check,
                f"{indent}try:",
                f"{indent}    _h = tuple([{hook}(_e, {tp}) for _e in {var}])",
                f"{indent}except Exception:",
                f"{indent}    raise SLOW from None",
                f"{indent}n[0] += sum(map(len, {var}))",
                f"{indent}{var} = _h",
            ], 2
        if get_origin(element) in (Union, types.UnionType) and _NONE not in get_args(element):
            union = self.tagged_union(list(get_args(element)))
            if union is not None:  # each member's function found by its tag, in the loop itself
                self.union_structurer(union)
                table = {self.tag_of(cls): self.structurer(cls, tagged=True) for cls in get_args(element)}
                tag = self.tag_key
                return [
                    check,
                    f"{indent}try:",
                    f"{indent}    {var} = tuple([{self._name(env, table)}[_e[{tag!r}]](_e, n) for _e in {var}])",
                    f"{indent}except (KeyError, TypeError):",  # not an object, no tag, a tag of no member
                    f"{indent}    raise SLOW from None",
                ], _below([self.structure_depths.get(union)])
        fn, depth = self.element_structurer(element)
        return [check, f"{indent}{var} = tuple([{self._name(env, fn)}(_e, n) for _e in {var}])"], _below([depth])

    def structure_via_converter(self, tp: Any, var: str, env: dict[str, Any], indent: str) -> list[str]:
        call = _declining(self.converter.structure, tp)
        return [f"{indent}{var} = {self._name(env, call)}({var})"]

    def element_structurer(self, tp: Any) -> tuple[Callable[[Any, list[int]], Any], int | None]:
        """A function structuring one element of type ``tp`` (raising :class:`Slow`), and its depth."""
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG") and tp not in self._hooks():
            return self.structurer(tp), self.structure_depths.get(tp)
        env: dict[str, Any] = {}
        body, depth = self.structure_stmts(tp, "v", env, "    ")
        return self._compile("def element(v, n):\n" + "\n".join(body) + "\n    return v\n", "element", env), depth

    def union_structurer(self, union: object) -> Callable[[Any, list[int]], Any]:
        """The compiled structure function of a registered tagged union (raising :class:`Slow`)."""
        fn = self.structure_fns.get(union)
        if fn is not None:
            return fn
        self.guard(self.structure_fns, union, lambda value, n: self.structure_fns[union](value, n))
        table = {self.tag_of(cls): self.structurer(cls, tagged=True) for cls in get_args(union)}
        env: dict[str, Any] = {"TABLE": table}
        source = (
            "def union(d, n):\n"
            "    if type(d) is not dict: raise SLOW\n"
            f"    tag = d.get({self.tag_key!r})\n"
            "    if type(tag) is not str: raise SLOW\n"
            "    fn = TABLE.get(tag)\n"
            "    if fn is None: raise SLOW\n"
            "    return fn(d, n)\n"
        )
        fn = self.structure_fns[union] = self._compile(source, "union", env)
        depths = [self.structure_depths.get((cls, "tagged")) for cls in get_args(union)]
        self.structure_depths[union] = None if None in depths else max(cast(list[int], depths))
        return fn

    def structurer(self, cls: type, *, tagged: bool = False) -> Callable[[Any, list[int]], Any]:
        """The compiled structure function of the attrs class ``cls`` (raising :class:`Slow`).

        It takes the JSON value and the member counter (see :meth:`structure_stmts`). With ``tagged``, the
        object also holds the tag member (already checked by the caller) and only it.
        """
        key: object = (cls, "tagged") if tagged else cls
        fn = self.structure_fns.get(key)
        if fn is not None:
            return fn
        self.guard(self.structure_fns, key, lambda value, n: self.structure_fns[key](value, n))
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {"CLS": cls}
        fields = [field for field in attrs.fields(cls) if field.init]
        size = len(fields) + tagged
        omitted = self._omitted(cls)
        if omitted:  # a missing member is its default, given as its JSON value to the statements below
            lines = ["def structure(d, n):", "    if type(d) is not dict: raise SLOW", "    _m = 0"]
            for i, field in enumerate(fields):
                if field.name in omitted:
                    default = self.converter.unstructure(omitted[field.name], hints.get(field.name, field.type))
                    lines += [
                        f"    f{i} = d.get({field.name!r}, MISS)",
                        f"    if f{i} is MISS:",
                        f"        f{i} = {self._name(env, default)}",
                        "        _m += 1",
                    ]
                else:
                    lines += [f"    f{i} = d.get({field.name!r}, MISS)", f"    if f{i} is MISS: raise SLOW"]
            lines += [f"    if len(d) + _m != {size}: raise SLOW", "    n[0] += len(d)"]
        else:
            lines = [
                "def structure(d, n):",
                f"    if type(d) is not dict or len(d) != {size}: raise SLOW",
                f"    n[0] += {size}",
                "    try:",
            ]
            lines += [f"        f{i} = d[{field.name!r}]" for i, field in enumerate(fields)] or ["        pass"]
            lines += ["    except KeyError:", "        raise SLOW from None"]
        depths: list[int | None] = []
        leaf_arrays: dict[frozenset[type], list[str]] = {}  # arrays of scalars by their members' types
        for i, field in enumerate(fields):
            catalog = field.metadata.get(self.edition_key)
            tp = hints.get(field.name, field.type)
            if catalog is None and self._leaf_array(tp):
                leaf_arrays.setdefault(frozenset(self._leaf_types(self._array_element(tp)) or ()), []).append(f"f{i}")
                lines.append(f"    if type(f{i}) is not list: raise SLOW")
                depths.append(1)
            elif catalog is not None:  # a reference {"digest": ..., "name": ...}: an object of scalars
                lines += [
                    f"    _h = {self._name(env, _declining(catalog.structure_ref))}(f{i})",
                    f"    n[0] += len(f{i})",
                    f"    f{i} = _h",
                ]
                depths.append(1)
            else:
                field_lines, depth = self.structure_stmts(tp, f"f{i}", env, "    ")
                lines += field_lines
                depths.append(depth)
        for kinds, names in leaf_arrays.items():  # the members' types of all the arrays of one kind in one pass
            members = names[0] if len(names) == 1 else f"CHAIN({', '.join(names)})"
            lines += [
                f"    if not {self._name(env, kinds)}.issuperset(map(type, {members})): raise SLOW",
                f"    {', '.join(names)}, = {', '.join(f'tuple({name})' for name in names)},",
            ]
        # every field positionally, in field order, to the class's plain constructor (straight into the slots
        # when __init__ only stores them; otherwise __init__ itself, validators included)
        env["BUILD"] = plain_constructor(cls)
        arguments = ", ".join(f"f{i}" for i in range(len(fields)))
        editions = [i for i, field in enumerate(fields) if field.metadata.get(self.edition_key) is not None]
        if editions and all(
            i in editions or self._hashable_leaf(hints.get(field.name, field.type)) for i, field in enumerate(fields)
        ):
            # A class holding an edition (a game's Config) is read from the few configurations a process meets:
            # equal fields (all of them checked, leaves of exact types; the edition by identity, kept alive by
            # the instance remembered) give the instance built, and validated, the first time.
            env["MEMO"] = {}
            parts = [f"id(f{i})" if i in editions else f"f{i}" for i in range(len(fields))]
            lines += [
                f"    _key = ({', '.join(parts)},)",
                "    _o = MEMO.get(_key)",
                "    if _o is not None: return _o",
                "    try:",
                f"        _o = BUILD({arguments})",
                "    except Exception:",
                "        raise SLOW from None",
                f"    if len(MEMO) >= {_MEMO_LIMIT}: MEMO.clear()",
                "    MEMO[_key] = _o",
                "    return _o",
            ]
        else:
            stores = constructor_lines(cls, {field.name: f"f{i}" for i, field in enumerate(fields)}, env)
            if stores is not None:  # built right here, into its slots: no call of its own
                lines += stores
            else:
                lines += [
                    "    try:",
                    f"        return BUILD({arguments})",
                    "    except Exception:",
                    "        raise SLOW from None",
                ]
        fn = self._compile("\n".join(lines) + "\n", "structure", env)
        self.structure_fns[key] = fn
        self.structure_depths[key] = _below(depths)
        return fn

    # -- tagged unions ------------------------------------------------------------------------

    def tagged_union(self, members: list[Any]) -> object | None:
        """The registered tagged union whose members are exactly ``members``, if the compiler can take it.

        It cannot when a member has its own registered hooks, is not an attrs class, or has a field
        named like the tag (the converter handles those unions).
        """
        key = frozenset(members)
        if key in self.unions:
            return self.unions[key]
        union: object | None = None
        for registered in self._registered_unions():
            if frozenset(get_args(registered)) == key:
                union = registered
                break
        if union is not None:
            hooks = self._hooks()
            for cls in members:
                compilable = isinstance(cls, type) and attrs.has(cls) and cls not in hooks
                if not compilable or any(self.tag_key in (field.name, field.alias) for field in attrs.fields(cls)):
                    union = None
        if union is not None:  # a miss is not cached: the union may be registered later
            self.unions[key] = union
        return union

    @staticmethod
    def tag_of(cls: type) -> str:
        """The tag of a member class (its class variable ``TAG``)."""
        return tag_of(cls)

    @staticmethod
    def _registered_unions() -> list[object]:
        return UNIONS

    # -- helpers ------------------------------------------------------------------------------

    @staticmethod
    def _leaf_types(tp: Any) -> tuple[type, ...] | None:
        if tp in (int, bool, str):
            return (tp,)
        if get_origin(tp) in (Union, types.UnionType):
            args = get_args(tp)
            if all(a in (int, bool, str, _NONE) for a in args):
                return tuple(args)
        return None

    @classmethod
    def _leaf_array(cls, tp: Any) -> bool:
        """Whether ``tp`` is ``tuple[X, ...]`` of a scalar ``X`` (see :meth:`_leaf_types`), written as an array."""
        element = cls._array_element(tp)
        return element is not None and cls._leaf_types(element) is not None and cls._token(tp) is None

    @staticmethod
    def _array_element(tp: Any) -> Any:
        """``X`` when ``tp`` is ``tuple[X, ...]``, else ``None``."""
        args = get_args(tp)
        if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
            return args[0]
        return None

    @staticmethod
    def _enum_lookup(tp: Any) -> dict[object, object] | None:
        """For an enum of string values (or such an enum or ``None``): each JSON value's member (or ``None``).

        Only strings (and ``null`` when optional) are keys: any other JSON value misses, as the per-value
        type check would refuse it.
        """
        optional = False
        if get_origin(tp) in (Union, types.UnionType):
            members = [a for a in get_args(tp) if a is not _NONE]
            if len(members) != 1 or len(get_args(tp)) != 2:
                return None
            tp, optional = members[0], True
        token = _Compiler._token(tp)
        lookup: dict[object, object]
        if token is not None and not token.known:
            return None
        if token is not None:
            lookup = {text: value for text, value in token.by_text.items()}
        elif isinstance(tp, type) and issubclass(tp, enum.Enum) and all(isinstance(m.value, str) for m in tp):
            lookup = dict(tp._value2member_map_)
        else:
            return None
        if optional:
            lookup[None] = None
        return lookup

    def interned(self, tp: Any) -> _Interned | None:
        """The lookup tables of ``tp`` when it is an interned class whose shared instances the compiler can use.

        For each shared instance: its JSON object (written as the converter writes it, members in sorted
        order) gives one key, the tuple of its member values, in the table of instances, and one text,
        in the table of texts by ``id`` (the registry keeps the instances alive, so the ids stay theirs).
        A JSON object matches a key only with exactly the same members whose values are equal; the type
        of a numeric member (``1``, ``1.0`` and ``true`` are equal) is checked too. ``None`` when ``tp``
        is not interned, or its instances are not all objects of two or more scalar members with the
        same names, written and read back unchanged.
        """
        if tp in self.interned_tables:
            return self.interned_tables[tp]
        self.interned_tables[tp] = None
        instances = self._interned().get(tp) if isinstance(tp, type) else None
        if not instances:
            return None
        hooks = self._hooks()
        if tp in hooks:
            if tp not in self._flat_hooks():
                return None
            unstructure = hooks[tp][1]
            structure: Callable[[Any], Any] = lambda value: hooks[tp][0](value, tp)  # noqa: E731
        else:
            unstructure = self.unstructurer(tp)
            compiled = self.structurer(tp)
            structure = lambda value: compiled(value, [0])  # noqa: E731
        values = [unstructure(instance) for instance in instances]
        names = sorted(values[0]) if isinstance(values[0], dict) else []
        if len(names) < 2 or any(type(v) is not dict or sorted(v) != names for v in values):
            return None
        scalars = (str, int, bool, float, _NONE)
        if any(type(member) not in scalars for v in values for member in v.values()):
            return None
        table: dict[tuple[object, ...], object] = {}
        texts: dict[int, str] = {}
        for instance, value in zip(instances, values, strict=True):
            try:
                if structure(json.loads(json.dumps(value))) != instance:
                    return None
            except Exception:
                return None
            table[tuple(value[name] for name in names)] = instance
            texts[id(instance)] = "".join(_ARRAY(value, 0))
        checks: list[tuple[Callable[[Any], Any], frozenset[type]]] = []
        for position, name in enumerate(names):
            types = frozenset(type(v[name]) for v in values)
            if types & {int, bool, float}:
                checks.append((operator.itemgetter(position), types))
        found = (operator.itemgetter(*names), table, len(names), tuple(checks), texts)
        self.interned_tables[tp] = found
        return found

    @staticmethod
    def _hashable_leaf(tp: Any) -> bool:
        """Whether the structured values of ``tp`` are scalars or enum members (or ``None``), all hashable."""
        args = get_args(tp) if get_origin(tp) in (Union, types.UnionType) else (tp,)
        return all(
            arg in (int, bool, str, _NONE) or (isinstance(arg, type) and issubclass(arg, enum.Enum)) for arg in args
        )

    @staticmethod
    def _omitted(cls: type) -> dict[str, object]:
        """The defaults of ``cls``'s members left out when equal to them (see ``register_defaults_omitted``)."""
        return DEFAULTS_OMITTED.get(cls, {})

    @staticmethod
    def _interned() -> dict[type, tuple[object, ...]]:
        return INTERNED

    @staticmethod
    def _token(tp: Any) -> Token | None:
        """How ``tp`` is written when it is a token class (see ``serialization.register_token``)."""
        return TOKENS.get(tp) if isinstance(tp, type | types.GenericAlias) else None

    def token_texts(self, tp: Any) -> dict[int, str]:
        """The JSON text (a quoted string) of each shared instance of the token class ``tp``, by ``id``."""
        texts = self.token_text_tables.get(tp)
        if texts is None:
            token = self._token(tp)
            assert token is not None
            texts = {key: encode_basestring_ascii(text) for key, text in token.text_by_id.items()}
            self.token_text_tables[tp] = texts
        return texts

    @staticmethod
    def _hooks() -> dict[object, tuple[Any, Any]]:
        return HOOKS

    @staticmethod
    def _flat_hooks() -> set[type]:
        return FLAT_HOOKS

    @staticmethod
    def _name(env: dict[str, Any], value: object) -> str:
        name = f"_{len(env)}"
        env[name] = value
        return name

    @staticmethod
    def lambda_(source: str, env: dict[str, Any]) -> Callable[[Any], Any]:
        fn: Callable[[Any], Any] = eval(source, dict(env))
        return fn

    @staticmethod
    def _compile(source: str, name: str, env: dict[str, Any]) -> Callable[..., Any]:
        namespace: dict[str, Any] = {"SLOW": Slow, **_TEXT_NAMES, **env}
        exec(compile(source, f"<ofrenda_rules fast {name}>", "exec"), namespace)
        fn: Callable[..., Any] = namespace[name]
        return fn


_COMPILERS: dict[int, _Compiler] = {}
_LOCK: Final = threading.RLock()
_DEPTH: Final = [0]
"""How deep the calls holding :data:`_LOCK` are nested (0: none)."""
_F = typing.TypeVar("_F", bound=Callable[..., Any])


def _locked(fn: _F) -> _F:
    """``fn`` run holding the compilers' lock, so that one thread at a time compiles.

    While a function is compiled, a forwarder stands in its table (a type may
    contain itself); another thread must not find it there, or calling it would
    call itself. When the outermost call fails, the forwarders it left are
    removed, so that the next call compiles again instead of forwarding forever.
    The serialization module caches what these functions give, so a dump or
    load takes this lock only the first time it meets a type.
    """

    @functools.wraps(fn)
    def locked(*args: Any, **kwargs: Any) -> Any:
        with _LOCK:
            _DEPTH[0] += 1
            try:
                return fn(*args, **kwargs)
            except BaseException:
                if _DEPTH[0] == 1:
                    for compiler in _COMPILERS.values():
                        for table, key, forward in compiler.guards:
                            if table.get(key) is forward:
                                del table[key]
                raise
            finally:
                _DEPTH[0] -= 1
                if not _DEPTH[0]:
                    for compiler in _COMPILERS.values():
                        compiler.guards.clear()

    return cast(_F, locked)


def _compiler(converter: Any) -> _Compiler:
    compiler = _COMPILERS.get(id(converter))
    if compiler is None or compiler.converter is not converter:
        compiler = _Compiler(converter, EDITION_METADATA, TAG_KEY)
        _COMPILERS[id(converter)] = compiler
    return compiler


@_locked
def reset() -> None:
    """Forget every compiled function (a registration changed what they must do)."""
    _COMPILERS.clear()


@_locked
def unstructurer(converter: Any, cls: type) -> Callable[[Any], Any]:
    """The compiled unstructure function of attrs class ``cls`` for ``converter``."""
    return _compiler(converter).unstructurer(cls)


@_locked
def plain_unstructurer(converter: Any, tp: object) -> Callable[[Any], Any] | None:
    """The compiled unstructure function of ``tp`` (an attrs class or a tagged union) when it is plain.

    Plain: every object it writes, at every level, lists its members in sorted order (so ``json.dumps``
    needs no ``sort_keys`` to write the canonical text). ``None`` otherwise.
    """
    compiler = _compiler(converter)
    if _is_tagged_union(compiler, tp):
        unstructure = union_unstructurer(converter, tp)
        if all(compiler.unstructure_plain.get((cls, compiler.tag_of(cls)), False) for cls in get_args(tp)):
            return unstructure
        return None
    if not isinstance(tp, type):
        return None
    fn = compiler.unstructurer(tp)
    return fn if compiler.unstructure_plain.get(tp, False) else None


@_locked
def text_emitter(converter: Any, tp: object) -> Callable[[Any], str] | None:
    """For an attrs class or a registered tagged union ``tp``: a function writing a value's JSON text directly.

    It writes exactly ``json.dumps(unstructure(value), separators=(",", ":"))`` of the plain unstructurer
    (members sorted at every level) and raises :class:`Slow` when a leaf is not of the exact type declared
    (write such a value the general way). ``None`` when some part of ``tp`` is not supported.
    """
    compiler = _compiler(converter)
    if _is_tagged_union(compiler, tp):
        table = {cls: compiler.text_emitter(cls, compiler.tag_of(cls)) for cls in get_args(tp)}
        if None in table.values():
            return None

        def union_text(value: Any) -> str:
            return cast(Callable[[Any], str], table.get(value.__class__, _miss))(value)

        return union_text
    if not isinstance(tp, type) or not attrs.has(tp) or hasattr(tp, "TAG"):
        return None
    return compiler.text_emitter(tp)


@_locked
def structurer(converter: Any, cls: type) -> Callable[[Any], Any]:
    """The compiled structure function of attrs class ``cls`` for ``converter``; raises :class:`Slow`."""
    fn = _compiler(converter).structurer(cls)
    return lambda value: fn(value, [0])


@_locked
def counting_structurer(converter: Any, tp: object) -> tuple[Callable[[Any, list[int]], Any], int] | None:
    """For an attrs class or a registered tagged union ``tp``: its compiled structure function, and its depth.

    The function takes a JSON value and a counter ``[0]`` and raises :class:`Slow` as :func:`structurer`
    does; when it returns, the counter holds how many members the objects of the value hold in all, and
    the value is nested at most the returned depth. ``None`` when some part of ``tp`` is structured by a
    function that does not count (the converter, a hook not declared flat) or when ``tp`` contains itself.
    """
    compiler = _compiler(converter)
    if _is_tagged_union(compiler, tp):
        fn = compiler.union_structurer(tp)
    elif isinstance(tp, type):
        fn = compiler.structurer(tp)
    else:
        return None
    depth = compiler.structure_depths.get(tp)
    return None if depth is None else (fn, depth)


@_locked
def union_unstructurer(converter: Any, union: object) -> Callable[[Any], Any] | None:
    """The compiled unstructure function of a registered tagged union for ``converter``, if it compiles."""
    compiler = _compiler(converter)
    if not _is_tagged_union(compiler, union):
        return None
    table, fallback = compiler.union_unstructurers(union)

    def unstructure(value: Any) -> Any:
        return table.get(value.__class__, fallback)(value)

    return unstructure


@_locked
def union_structurer(converter: Any, union: object) -> Callable[[Any], Any] | None:
    """The compiled structure function of a registered tagged union for ``converter`` (raising :class:`Slow`)."""
    compiler = _compiler(converter)
    if not _is_tagged_union(compiler, union):
        return None
    fn = compiler.union_structurer(union)
    return lambda value: fn(value, [0])


def _is_tagged_union(compiler: _Compiler, tp: object) -> bool:
    """Whether ``tp`` is a registered tagged union (no ``None`` in it) that ``compiler`` can take."""
    if get_origin(tp) not in (Union, types.UnionType):
        return False
    args = get_args(tp)
    return _NONE not in args and compiler.tagged_union(list(args)) is not None
