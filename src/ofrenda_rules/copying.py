"""A faster ``attrs.evolve`` and constructor for the hot paths of the rules.

``attrs.evolve`` looks up the class's fields and reads them one at a time on
every call; rules evolve states several times per action. :func:`evolve`
caches, per class, one C-level getter of every ``__init__`` argument and each
argument's position, and builds the copy positionally with :func:`plain_constructor`
(validators still run).

A frozen attrs ``__init__`` stores each field through ``object.__setattr__``
by name. When it does nothing else (no validator, converter or hook),
:func:`plain_constructor` gives a function that stores the arguments straight
into the instance's slots instead, for about half the cost; :func:`evolve` and
the JSON decoder use it.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

import attrs

from ofrenda_rules.fast_state import constructor, store_lines, stores_plainly, twin_class

__all__ = [
    "builder_class",
    "constructor_lines",
    "evolve",
    "field_getter",
    "plain_constructor",
    "reduce_init_fields",
    "replacer",
]

T = TypeVar("T")

_Entry = tuple[Callable[[Any], tuple[Any, ...]], dict[str, int], tuple[str, ...] | None, Callable[..., Any]]
_CACHE: dict[type, _Entry] = {}


def _entry(cls: type) -> _Entry:
    fields = [field for field in attrs.fields(cast(Any, cls)) if field.init]
    names = [field.name for field in fields]
    getter = field_getter(cls, names)
    # Positional when no field is keyword-only; otherwise by __init__ alias.
    aliases = tuple(str(field.alias) for field in fields) if any(field.kw_only for field in fields) else None
    entry: _Entry = (getter, {name: i for i, name in enumerate(names)}, aliases, plain_constructor(cls))
    _CACHE[cls] = entry
    return entry


def field_getter(cls: type, names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function of an instance of ``cls`` giving its attributes ``names`` as a tuple, in that order.

    It reads them as ``(inst.a, inst.b, ...)`` in one generated function, where
    CPython specialises each read to a direct slot load: for the 27 fields of
    a Portents state about 2.2k instructions, against 5.9k through
    ``operator.attrgetter``, which looks each name up afresh.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> field_getter(Point, ("y", "x"))(Point(1, 2))
    (2, 1)

    Raises:
        ValueError: when a name is not an identifier.
    """
    bad = [name for name in names if not name.isidentifier() or keyword.iskeyword(name)]
    if bad:
        raise ValueError(f"field_getter of {cls.__qualname__}: {bad} are not attribute names")
    reads = "".join(f"inst.{name}, " for name in names)
    env: dict[str, Any] = {}
    exec(compile(f"def get(inst):\n    return ({reads})\n", f"<ofrenda_rules getter {cls.__qualname__}>", "exec"), env)
    getter: Callable[[Any], tuple[Any, ...]] = env["get"]
    return getter


def plain_constructor(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of the attrs class ``cls``: :func:`ofrenda_rules.fast_state.constructor` of it.

    It takes every ``__init__`` field in field order, positionally, and gives
    what ``cls`` would give (validators run); where ``cls`` only stores its
    arguments, it stores them straight into the slots. Built once per class.
    """
    return constructor(cls)


def constructor_lines(cls: type, values: Mapping[str, str], env: dict[str, Any]) -> list[str] | None:
    """Lines of a generated function that build a ``cls`` as :func:`plain_constructor` does, then return it.

    ``values`` maps each ``__init__`` field's name to a Python expression; the
    names the lines use are added to ``env``, the function's globals, and the
    lines are indented by four spaces. ``None`` when ``cls`` is not built by
    stores into its slots (call :func:`plain_constructor` instead). The JSON
    decoder writes them into its structure functions, so that building an
    object costs no call of its own.
    """
    if not stores_plainly(cls):
        return None
    return store_lines(cls, values, env)


def replacer(cls: type[T], changed: Sequence[str], fixed: Mapping[str, object] | None = None) -> Callable[..., T]:
    """A function ``(source, *values)`` giving a copy of the ``cls`` instance ``source`` with some fields replaced.

    The fields named in ``changed`` take ``values``, in that order; those in
    ``fixed`` take its constants; every other ``__init__`` field is
    ``source``'s. It is :func:`evolve` with the changed fields fixed in
    advance: built once, for the rules' most frequent copies. Where
    :func:`plain_constructor` stores into the slots, so does this, with the
    stores written out in one generated function; otherwise it calls ``cls``.

    Raises:
        ValueError: when a name is no ``__init__`` field of ``cls``, or is both
            changed and fixed.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    ...     z: int
    >>> moved = replacer(Point, ("y",), {"z": 0})
    >>> moved(Point(1, 2, 3), 5)
    Point(x=1, y=5, z=0)
    """
    fixed = dict(fixed or {})
    fields = [field for field in attrs.fields(cast(Any, cls)) if field.init]
    names = [field.name for field in fields]
    unknown = sorted((set(changed) | set(fixed)) - set(names))
    if unknown or set(changed) & set(fixed) or len(set(changed)) != len(changed):
        raise ValueError(f"replacer of {cls.__qualname__}: {unknown or 'repeated'} fields: {list(changed)}, {fixed}")
    env: dict[str, Any] = {"BUILD": plain_constructor(cls)}
    values: list[str] = []
    for field in fields:
        if field.name in fixed:
            env[value := f"F_{field.name}"] = fixed[field.name]
        elif field.name in changed:
            value = f"v{changed.index(field.name)}"
        else:
            value = f"s.{field.name}"
        values.append(value)
    head = f"def replace(s, {', '.join(f'v{i}' for i in range(len(changed)))}):"
    if env["BUILD"] is cls:
        body = [f"    return BUILD({', '.join(values)})"]
    else:
        body = store_lines(cls, dict(zip(names, values, strict=True)), env)
    exec(compile("\n".join([head, *body]) + "\n", f"<ofrenda_rules replacer {cls.__qualname__}>", "exec"), env)
    replace: Callable[..., T] = env["replace"]
    return replace


builder_class: Final = twin_class
"""The twin of a slotted attrs class (:func:`ofrenda_rules.fast_state.twin_class`, under its former name)."""


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes`` applied; ``inst`` is unchanged.

    Raises:
        KeyError: when a change names no ``__init__`` field of the class.
    """
    cls = type(inst)
    getter, index, _, build = _CACHE.get(cls) or _entry(cls)
    values = list(getter(inst))
    for name, value in changes.items():
        values[index[name]] = value
    built: T = build(*values)
    return built


def reduce_init_fields(inst: object) -> tuple[Any, ...]:
    """A ``__reduce__`` that pickles an attrs instance by its ``__init__`` fields only.

    Private caches (fields with ``init=False``, such as a state's remembered
    legal actions) are left out, so a pickle holds the state and nothing it
    can recompute; unpickling calls ``__init__`` again (validators included).
    """
    cls = type(inst)
    getter, _, aliases, _ = _CACHE.get(cls) or _entry(cls)
    values = getter(inst)
    if aliases is None:
        return (cls, tuple(values))
    return (_build_by_alias, (cls, aliases, tuple(values)))


def _build_by_alias(cls: type, aliases: tuple[str, ...], values: tuple[Any, ...]) -> object:
    return cls(**dict(zip(aliases, values, strict=True)))
