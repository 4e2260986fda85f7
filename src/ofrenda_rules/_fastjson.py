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

Registered tagged unions (see :func:`ofrenda_rules.serialization.register_tagged_union`)
are compiled too, alone, as ``tuple[Union, ...]`` and as ``Union | None``:
unstructuring dispatches on the member's exact class to its compiled function,
which writes the tag last, as the converter does; structuring reads the tag
and calls that member's compiled function, which expects the tag as one more
member. An unknown class or tag, or anything else unexpected, goes to the
converter as above (so an unknown tag is still refused with the expected
ones listed, and a faulty member with its path).

Types the compiler does not know are handed to the converter, field by field.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any, Final, Literal, Union, get_args, get_origin

import attrs

__all__ = ["Slow", "structurer", "union_structurer", "union_unstructurer", "unstructurer"]


class Slow(Exception):
    """The fast path met something it does not handle: use the converter."""


_SLOW: Final = Slow()
_NONE: Final = types.NoneType


def _declining(convert: Callable[..., Any], *extra: Any) -> Callable[[Any], Any]:
    """``convert(value, *extra)``, raising :class:`Slow` instead of any error (the converter words it)."""

    def call(value: Any) -> Any:
        try:
            return convert(value, *extra)
        except Exception:
            raise _SLOW from None

    return call


class _Compiler:
    """Compiles (un)structure functions for one converter, caching them by type."""

    def __init__(self, converter: Any, edition_key: str, tag_key: str) -> None:
        self.converter = converter
        self.edition_key = edition_key
        self.tag_key = tag_key
        self.unions: dict[frozenset[Any], object | None] = {}
        self.structure_fns: dict[object, Callable[[Any], Any]] = {}
        self.unstructure_fns: dict[object, Callable[[Any], Any]] = {}

    # -- unstructure --------------------------------------------------------------------------

    def unstructure_expr(self, tp: Any, var: str, env: dict[str, Any]) -> str:
        """A Python expression that unstructures the value in ``var`` of type ``tp``."""
        if tp in (int, bool, str) or tp is _NONE:
            return var
        origin, args = get_origin(tp), get_args(tp)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return f"{var}._value_"
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not _NONE]
            union = self.tagged_union(members)
            if union is not None:
                table, fallback = self.union_unstructurers(union)
                call = f"{self._name(env, table)}.get({{0}}.__class__, {self._name(env, fallback)})({{0}})"
                if len(members) == len(args):
                    return call.format(var)
                name = self._name(env, self.lambda_(f"lambda _v: None if _v is None else {call.format('_v')}", env))
                return f"{name}({var})"
            if len(members) == 1 and len(args) == 2:
                inner = self.unstructure_expr(members[0], "_v", env)
                if inner == "_v":
                    return var
                name = self._name(env, self.lambda_(f"lambda _v: None if _v is None else {inner}", env))
                return f"{name}({var})"
            return self.converter_call(tp, var, env)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            inner = self.unstructure_expr(args[0], "_e", env)
            if inner == "_e":
                return f"list({var})"
            return f"[{inner} for _e in {var}]"
        if origin is tuple and args and Ellipsis not in args:
            if all(self.unstructure_expr(arg, "_e", env) == "_e" for arg in args):
                return f"list({var})"
            return self.converter_call(tp, var, env)
        hooks = self._hooks()
        if tp in hooks:
            return f"{self._name(env, hooks[tp][1])}({var})"
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG"):
            fn = self.unstructurer(tp)
            return f"{self._name(env, fn)}({var})"
        return self.converter_call(tp, var, env)

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
        """The compiled unstructure function of the attrs class ``cls``; with ``tag``, it writes the tag last."""
        key: object = cls if tag is None else (cls, tag)
        fn = self.unstructure_fns.get(key)
        if fn is not None:
            return fn
        self.unstructure_fns[key] = lambda value: self.unstructure_fns[key](value)  # recursion guard
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {}
        items = []
        for field in attrs.fields(cls):
            if not field.init:
                continue
            var = f"o.{field.name}"
            catalog = field.metadata.get(self.edition_key)
            if catalog is not None:
                expr = f"{self._name(env, catalog.unstructure_ref)}({var})"
            else:
                expr = self.unstructure_expr(hints.get(field.name, field.type), var, env)
            items.append(f"{field.name!r}: {expr}")
        if tag is not None:
            items.append(f"{self.tag_key!r}: {tag!r}")
        source = f"def unstructure(o):\n    return {{{', '.join(items)}}}\n"
        fn = self._compile(source, "unstructure", env)
        self.unstructure_fns[key] = fn
        return fn

    # -- structure ----------------------------------------------------------------------------

    def structure_stmts(self, tp: Any, var: str, env: dict[str, Any], indent: str) -> list[str]:
        """Statements that check ``var`` (a JSON value) and rebind it to the structured value."""
        if tp is int or tp is bool or tp is str:
            return [f"{indent}if type({var}) is not {tp.__name__}: raise SLOW"]
        if tp is _NONE:
            return [f"{indent}if {var} is not None: raise SLOW"]
        origin, args = get_origin(tp), get_args(tp)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            if not all(isinstance(member.value, str) for member in tp):
                return self.structure_via_converter(tp, var, env, indent)
            lookup = self._name(env, tp._value2member_map_)
            return [
                f"{indent}if type({var}) is not str: raise SLOW",
                f"{indent}{var} = {lookup}.get({var}, SLOW)",
                f"{indent}if {var} is SLOW: raise SLOW",
            ]
        if origin is Literal:
            return [f"{indent}if {var} not in {self._name(env, args)} or type({var}) is bool: raise SLOW"]
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not _NONE]
            union = self.tagged_union(members)
            if union is not None:
                call = [f"{indent}    {var} = {self._name(env, self.union_structurer(union))}({var})"]
                if len(members) == len(args):
                    return [line[4:] for line in call]
                return [f"{indent}if {var} is not None:", *call]
            if len(members) == 1 and len(args) == 2:
                inner = self.structure_stmts(members[0], var, env, indent + "    ")
                return [f"{indent}if {var} is not None:", *inner]
            return self.structure_via_converter(tp, var, env, indent)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            element = args[0]
            check = [f"{indent}if type({var}) is not list: raise SLOW"]
            leaf_types = self._leaf_types(element)
            if leaf_types is not None:
                allowed = self._name(env, frozenset(leaf_types))
                return [
                    *check,
                    f"{indent}if not {allowed}.issuperset(map(type, {var})): raise SLOW",
                    f"{indent}{var} = tuple({var})",
                ]
            fn = self._name(env, self.element_structurer(element))
            return [*check, f"{indent}{var} = tuple(map({fn}, {var}))"]
        if origin is tuple and args and Ellipsis not in args:
            parts = [f"{var}_{i}" for i in range(len(args))]
            lines = [
                f"{indent}if type({var}) is not list or len({var}) != {len(args)}: raise SLOW",
                f"{indent}{', '.join(parts)}, = {var}",
            ]
            for part, arg in zip(parts, args, strict=True):
                lines += self.structure_stmts(arg, part, env, indent)
            return [*lines, f"{indent}{var} = ({', '.join(parts)},)"]
        hooks = self._hooks()
        if tp in hooks:
            return [f"{indent}{var} = {self._name(env, _declining(hooks[tp][0], tp))}({var})"]
        if isinstance(tp, type) and attrs.has(tp) and not hasattr(tp, "TAG"):
            fn = self._name(env, self.structurer(tp))
            return [f"{indent}{var} = {fn}({var})"]
        return self.structure_via_converter(tp, var, env, indent)

    def structure_via_converter(self, tp: Any, var: str, env: dict[str, Any], indent: str) -> list[str]:
        call = _declining(self.converter.structure, tp)
        return [f"{indent}{var} = {self._name(env, call)}({var})"]

    def element_structurer(self, tp: Any) -> Callable[[Any], Any]:
        """A function structuring one element of type ``tp`` (raising :class:`Slow`)."""
        env: dict[str, Any] = {}
        body = self.structure_stmts(tp, "v", env, "    ")
        return self._compile("def element(v):\n" + "\n".join(body) + "\n    return v\n", "element", env)

    def union_structurer(self, union: object) -> Callable[[Any], Any]:
        """The compiled structure function of a registered tagged union (raising :class:`Slow`)."""
        fn = self.structure_fns.get(union)
        if fn is not None:
            return fn
        self.structure_fns[union] = lambda value: self.structure_fns[union](value)  # recursion guard
        table = {self.tag_of(cls): self.structurer(cls, tagged=True) for cls in get_args(union)}
        env: dict[str, Any] = {"TABLE": table}
        source = (
            "def union(d):\n"
            "    if type(d) is not dict: raise SLOW\n"
            f"    tag = d.get({self.tag_key!r})\n"
            "    if type(tag) is not str: raise SLOW\n"
            "    fn = TABLE.get(tag)\n"
            "    if fn is None: raise SLOW\n"
            "    return fn(d)\n"
        )
        fn = self.structure_fns[union] = self._compile(source, "union", env)
        return fn

    def structurer(self, cls: type, *, tagged: bool = False) -> Callable[[Any], Any]:
        """The compiled structure function of the attrs class ``cls`` (raising :class:`Slow`).

        With ``tagged``, the object also holds the tag member (already checked by the caller) and only it.
        """
        key: object = (cls, "tagged") if tagged else cls
        fn = self.structure_fns.get(key)
        if fn is not None:
            return fn
        self.structure_fns[key] = lambda value: self.structure_fns[key](value)  # recursion guard
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {"CLS": cls}
        fields = [field for field in attrs.fields(cls) if field.init]
        size = len(fields) + tagged
        lines = ["def structure(d):", f"    if type(d) is not dict or len(d) != {size}: raise SLOW", "    try:"]
        lines += [f"        f{i} = d[{field.name!r}]" for i, field in enumerate(fields)] or ["        pass"]
        lines += ["    except KeyError:", "        raise SLOW from None"]
        for i, field in enumerate(fields):
            catalog = field.metadata.get(self.edition_key)
            if catalog is not None:
                lines.append(f"    f{i} = {self._name(env, _declining(catalog.structure_ref))}(f{i})")
            else:
                lines += self.structure_stmts(hints.get(field.name, field.type), f"f{i}", env, "    ")
        arguments = ", ".join(f"{field.alias}=f{i}" for i, field in enumerate(fields))
        lines += [
            "    try:",
            f"        return CLS({arguments})",
            "    except Exception:",
            "        raise SLOW from None",
        ]
        fn = self._compile("\n".join(lines) + "\n", "structure", env)
        self.structure_fns[key] = fn
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
        from ofrenda_rules.serialization import _tag_of

        return _tag_of(cls)

    @staticmethod
    def _registered_unions() -> list[object]:
        from ofrenda_rules.serialization import _UNIONS

        return _UNIONS

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

    @staticmethod
    def _hooks() -> dict[type, tuple[Any, Any]]:
        from ofrenda_rules.serialization import _HOOKS

        return _HOOKS

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
    def _compile(source: str, name: str, env: dict[str, Any]) -> Callable[[Any], Any]:
        namespace: dict[str, Any] = {"SLOW": _SLOW, **env}
        exec(compile(source, f"<ofrenda_rules fast {name}>", "exec"), namespace)
        fn: Callable[[Any], Any] = namespace[name]
        return fn


_COMPILERS: dict[int, _Compiler] = {}


def _compiler(converter: Any) -> _Compiler:
    compiler = _COMPILERS.get(id(converter))
    if compiler is None or compiler.converter is not converter:
        from ofrenda_rules.serialization import EDITION_METADATA, TAG_KEY

        compiler = _Compiler(converter, EDITION_METADATA, TAG_KEY)
        _COMPILERS[id(converter)] = compiler
    return compiler


def unstructurer(converter: Any, cls: type) -> Callable[[Any], Any]:
    """The compiled unstructure function of attrs class ``cls`` for ``converter``."""
    return _compiler(converter).unstructurer(cls)


def structurer(converter: Any, cls: type) -> Callable[[Any], Any]:
    """The compiled structure function of attrs class ``cls`` for ``converter``; raises :class:`Slow`."""
    return _compiler(converter).structurer(cls)


def union_unstructurer(converter: Any, union: object) -> Callable[[Any], Any] | None:
    """The compiled unstructure function of a registered tagged union for ``converter``, if it compiles."""
    compiler = _compiler(converter)
    if not _is_tagged_union(compiler, union):
        return None
    table, fallback = compiler.union_unstructurers(union)

    def unstructure(value: Any) -> Any:
        return table.get(value.__class__, fallback)(value)

    return unstructure


def union_structurer(converter: Any, union: object) -> Callable[[Any], Any] | None:
    """The compiled structure function of a registered tagged union for ``converter`` (raising :class:`Slow`)."""
    compiler = _compiler(converter)
    if not _is_tagged_union(compiler, union):
        return None
    return compiler.union_structurer(union)


def _is_tagged_union(compiler: _Compiler, tp: object) -> bool:
    """Whether ``tp`` is a registered tagged union (no ``None`` in it) that ``compiler`` can take."""
    if get_origin(tp) not in (Union, types.UnionType):
        return False
    args = get_args(tp)
    return _NONE not in args and compiler.tagged_union(list(args)) is not None
