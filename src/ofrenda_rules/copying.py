"""A faster ``attrs.evolve`` for the hot paths of the rules.

``attrs.evolve`` looks up the class's fields and reads them one at a time on
every call; rules evolve states several times per action. :func:`evolve`
caches, per class, one C-level getter of every ``__init__`` argument and each
argument's position, and calls ``__init__`` positionally (validators still run).

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["evolve", "reduce_init_fields"]

T = TypeVar("T")

_Entry = tuple[Callable[[Any], tuple[Any, ...]], dict[str, int], tuple[str, ...] | None]
_CACHE: dict[type, _Entry] = {}


def _entry(cls: type) -> _Entry:
    fields = [field for field in attrs.fields(cast(Any, cls)) if field.init]
    names = [field.name for field in fields]
    getter = operator.attrgetter(*names) if len(names) > 1 else (lambda inst: (getattr(inst, names[0]),))
    # Positional when no field is keyword-only; otherwise by __init__ alias.
    aliases = tuple(str(field.alias) for field in fields) if any(field.kw_only for field in fields) else None
    entry = (getter, {name: i for i, name in enumerate(names)}, aliases)
    _CACHE[cls] = entry
    return entry


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes`` applied; ``inst`` is unchanged.

    Raises:
        KeyError: when a change names no ``__init__`` field of the class.
    """
    cls = type(inst)
    getter, index, aliases = _CACHE.get(cls) or _entry(cls)
    values = list(getter(inst))
    for name, value in changes.items():
        values[index[name]] = value
    if aliases is None:
        return cls(*values)
    return cls(**dict(zip(aliases, values, strict=True)))


def reduce_init_fields(inst: object) -> tuple[Any, ...]:
    """A ``__reduce__`` that pickles an attrs instance by its ``__init__`` fields only.

    Private caches (fields with ``init=False``, such as a state's remembered
    legal actions) are left out, so a pickle holds the state and nothing it
    can recompute; unpickling calls ``__init__`` again (validators included).
    """
    cls = type(inst)
    getter, _, aliases = _CACHE.get(cls) or _entry(cls)
    values = getter(inst)
    if aliases is None:
        return (cls, tuple(values))
    return (_build_by_alias, (cls, aliases, tuple(values)))


def _build_by_alias(cls: type, aliases: tuple[str, ...], values: tuple[Any, ...]) -> object:
    return cls(**dict(zip(aliases, values, strict=True)))
