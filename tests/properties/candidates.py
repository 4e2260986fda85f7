"""Candidate actions for the illegal-action property, built from any game's ``Action`` union.

Until every game has an action codec (ids that decode to every action), the
suite builds its candidate universe generically: for each action class of the
union, each field varies over the values that field has shown in the game so
far (in applied and in legal actions, across every class that has a field of
that name and type) plus boundary values of its type: every member of an
enum, both booleans, ``None`` where allowed, for integers ``-1``, ``0`` and
one past the least and the greatest value seen, for tuples each seen tuple
with one element moved past those bounds, and for nested ``attrs`` classes
(cards) the same rule applied to their own fields. The candidates are the
product of the field values of each class.
"""

from __future__ import annotations

import enum
import itertools
import types
import typing
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import attrs

__all__ = ["Universe"]

_MAX_PER_CLASS = 4000
"""At most this many candidates per action class (an evenly spaced selection of the product)."""


def _sort_key(value: object) -> str:
    # Enum and string hashes vary between runs; a candidate list must not.
    return repr(value)


def _is_optional(hint: Any) -> tuple[bool, Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) < len(typing.get_args(hint)) and len(args) == 1:
            return True, args[0]
    return False, hint


class Universe:
    """A growing universe of candidate actions for one game."""

    def __init__(self, action_type: Any) -> None:
        self.classes: tuple[type, ...] = typing.get_args(action_type) or (action_type,)
        self._seen: defaultdict[str, set[object]] = defaultdict(set)
        self._cache: tuple[Any, ...] | None = None
        self.seen_classes: set[type] = set()
        """The action classes of the actions observed."""
        self.built: dict[type, int] = {}
        """Candidates built per class, in the last build of :meth:`candidates`."""
        self.refused: dict[type, tuple[int, str]] = {}
        """Combinations a class refused on construction, per class, in the last build: how many, and the first
        refusal's message. A refused combination is no action at all (the class's own validation says so), so it
        is no candidate; it is counted here, never dropped unseen."""

    def observe(self, actions: Iterable[object]) -> None:
        """Remember the field values of ``actions`` (nested ``attrs`` values field by field too)."""
        for action in actions:
            self.seen_classes.add(type(action))
            self._record(action)

    def uncovered(self) -> list[str]:
        """Each action class seen in play of which no candidate could be built, with why (should be none)."""
        self.candidates()
        return [
            f"{cls.__qualname__}: {self.refused.get(cls, (0, 'no field values'))[1]}"
            for cls in sorted(self.seen_classes, key=lambda cls: cls.__qualname__)
            if not self.built.get(cls)
        ]

    def _record(self, value: Any) -> None:
        for field in attrs.fields(type(value)):
            item = getattr(value, field.name)
            key = field.name
            if item not in self._seen[key]:
                self._seen[key].add(item)
                self._cache = None
            if attrs.has(type(item)):
                self._record(item)
            elif isinstance(item, tuple):
                for element in item:
                    if attrs.has(type(element)):
                        self._record(element)

    def candidates(self) -> tuple[Any, ...]:
        """Every candidate action from what has been seen so far, in a stable order."""
        if self._cache is None:
            self.built.clear()
            self.refused.clear()
            self._cache = tuple(c for cls in self.classes for c in self._of_class(cls))
        return self._cache

    def _of_class(self, cls: type) -> list[Any]:
        hints = typing.get_type_hints(cls)
        names = [field.name for field in attrs.fields(cls)]
        domains = [self._values(name, hints[name]) for name in names]
        size = 1
        for domain in domains:
            size *= len(domain)
        if size == 0:
            return []
        stride = max(1, size // _MAX_PER_CLASS)
        built: list[Any] = []
        for position, combination in enumerate(itertools.product(*domains)):
            if position % stride:
                continue
            try:
                built.append(cls(**dict(zip(names, combination, strict=True))))
            except (ValueError, TypeError) as exc:  # the class refuses such a value: no such action can exist
                count, message = self.refused.get(cls, (0, f"{type(exc).__name__}: {exc}"))
                self.refused[cls] = (count + 1, message)
        self.built[cls] = len(built)
        return built

    def _values(self, name: str, hint: Any) -> list[object]:
        optional, hint = _is_optional(hint)
        origin = typing.get_origin(hint)
        python_type = origin or hint
        seen: list[object] = []
        if isinstance(python_type, type):
            seen = [v for v in self._seen.get(name, ()) if isinstance(v, python_type)]
        values: set[object] = set(seen)
        if optional:
            values.add(None)
        if hint is bool:
            values |= {False, True}
        elif hint is int:
            values |= _int_bounds([v for v in seen if isinstance(v, int)])
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            values |= set(hint)
        elif origin is tuple:
            values |= self._tuple_variants(seen)
        elif isinstance(hint, type) and attrs.has(hint):
            values |= set(self._of_class(hint))
        return sorted(values, key=_sort_key)

    def _tuple_variants(self, seen: list[object]) -> set[object]:
        tuples = [v for v in seen if isinstance(v, tuple)]
        numbers = [e for t in tuples for e in t if isinstance(e, int) and not isinstance(e, bool)]
        variants: set[object] = set()
        if not numbers:
            return variants
        for value in tuples:
            for index in range(len(value)):
                for bound in _int_bounds(numbers):
                    variants.add((*value[:index], bound, *value[index + 1 :]))
        return variants


def _int_bounds(seen: list[int]) -> set[object]:
    bounds: set[object] = {-1, 0}
    if seen:
        bounds |= {min(seen) - 1, max(seen) + 1}
    return bounds
