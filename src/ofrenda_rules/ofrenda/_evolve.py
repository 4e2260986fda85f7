"""A faster ``attrs.evolve`` for the hot path of the rules.

``attrs.evolve`` looks up the class's fields and reads them one by one on every
call; the rules evolve a state several times per action, so this version
caches, per class, a C-level getter of every field and the position of each
field in the positional ``__init__``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["evolve"]

T = TypeVar("T")

_CACHE: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes`` (fields initialised positionally).

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    cls = type(inst)
    entry = _CACHE.get(cls)
    if entry is None:
        names = [field.name for field in attrs.fields(cast(Any, cls))]
        entry = (operator.attrgetter(*names), {name: i for i, name in enumerate(names)})
        _CACHE[cls] = entry
    getter, index = entry
    values = list(getter(inst))
    for name, value in changes.items():
        values[index[name]] = value
    return cls(*values)
