"""Stable integer ids for a game's actions: one dense numbering for decisions, one for chance.

Search and learning code (OpenSpiel, PettingZoo, neural policies) wants every
action as an integer in a fixed range. Each game lists, for a configuration,
every action that can ever be legal under it, in a documented order: the
player decisions are numbered ``0 .. num_distinct_actions - 1`` and the chance
outcomes, apart, ``0 .. max_chance_outcomes - 1`` (OpenSpiel's
``NumDistinctActions`` and ``MaxChanceOutcomes``). An :class:`ActionCodec`
holds both lists and their reverse tables; :func:`per_config` builds it once
per configuration and hands the same object out on every later call.

Bad input is an :class:`~ofrenda_rules.errors.IllegalActionError`: an object
that is not an action of the game under that configuration
(code ``"not-encodable"``), or an id that is not an int in range
(code ``"no-such-action-id"``).

>>> import attrs
>>> @attrs.frozen
... class Move:
...     to: int
>>> @attrs.frozen
... class Roll:
...     face: int
>>> codec = ActionCodec("demo", [Move(0), Move(1)], [Roll(f) for f in range(1, 7)])
>>> codec.num_distinct_actions, codec.max_chance_outcomes
(2, 6)
>>> codec.encode(Move(1)), codec.encode(Roll(6)), codec.is_chance(Roll(6))
(1, 5, True)
>>> codec.decode(4, chance=True)
Roll(face=5)
>>> try:
...     codec.encode(Move(True))
... except IllegalActionError as error:
...     print(error.rejection.code)
not-encodable
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterable
from typing import Final, Generic, TypeVar

import attrs

from ofrenda_rules.errors import ConfigError, IllegalActionError, Rejection

__all__ = ["ActionCodec", "GameCodec", "per_config"]

A = TypeVar("A")
C = TypeVar("C")
T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAVES: Final = frozenset({int, bool, str, float, type(None)})


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(field.name for field in attrs.fields(cls)) if attrs.has(cls) else ()
        _FIELDS[cls] = names
    return names


def _exact(value: object, canonical: object) -> bool:
    """Whether ``value`` equals ``canonical`` with the same types throughout (``True`` is not ``1``)."""
    if value is canonical:
        return True
    cls = type(value)
    if cls is not type(canonical):
        return False
    names = _FIELDS.get(cls)
    if names is None:
        names = _field_names(cls)
    for name in names:
        inner = getattr(value, name)
        other = getattr(canonical, name)
        if type(inner) is not type(other):
            return False
        if type(inner) in _LEAVES:
            continue
        if not _exact(inner, other):
            return False
    if cls is tuple:
        assert isinstance(value, tuple) and isinstance(canonical, tuple)
        for inner, other in zip(value, canonical, strict=True):
            if not _exact(inner, other):
                return False
    return True


class ActionCodec(Generic[A]):
    """The two numberings of one game's actions under one configuration.

    Args:
        game: the game's name, for error messages.
        decisions: every player decision that can ever be legal, in id order.
        chance: every chance outcome that can ever occur, in id order.

    Raises:
        ValueError: when an action is listed twice (a bug in the game's layout).

    """

    __slots__ = ("_chance_ids", "_decision_ids", "chance", "decisions", "game")

    def __init__(self, game: str, decisions: Iterable[A], chance: Iterable[A]) -> None:
        self.game = game
        """The game's name."""
        self.decisions: tuple[A, ...] = tuple(decisions)
        """Every player decision, indexed by its id."""
        self.chance: tuple[A, ...] = tuple(chance)
        """Every chance outcome, indexed by its id."""
        self._decision_ids: dict[object, int] = {action: index for index, action in enumerate(self.decisions)}
        self._chance_ids: dict[object, int] = {action: index for index, action in enumerate(self.chance)}
        if len(self._decision_ids) != len(self.decisions) or len(self._chance_ids) != len(self.chance):
            raise ValueError(f"{game}: an action is listed twice in the action-id layout")
        if self._decision_ids.keys() & self._chance_ids.keys():
            raise ValueError(f"{game}: an action is listed both as a decision and as a chance outcome")

    @property
    def num_distinct_actions(self) -> int:
        """How many player decisions are numbered (OpenSpiel's ``NumDistinctActions``)."""
        return len(self.decisions)

    @property
    def max_chance_outcomes(self) -> int:
        """How many chance outcomes are numbered (OpenSpiel's ``MaxChanceOutcomes``)."""
        return len(self.chance)

    def _lookup(self, action: object) -> tuple[int, bool] | None:
        try:
            index = self._decision_ids.get(action)
            if index is not None:
                return (index, False) if _exact(action, self.decisions[index]) else None
            index = self._chance_ids.get(action)
        except TypeError:  # unhashable: not an action
            return None
        if index is not None and _exact(action, self.chance[index]):
            return index, True
        return None

    def _find(self, action: object) -> tuple[int, bool]:
        found = self._lookup(action)
        if found is None:
            raise IllegalActionError(
                Rejection("not-encodable", f"{action!r} is not an action of {self.game} under this configuration"),
                action,
            )
        return found

    def encode(self, action: object) -> int:
        """The id of ``action``: in the decision numbering, or in the chance numbering for a chance outcome.

        Raises:
            IllegalActionError: ``action`` is not an action of the game under this configuration.

        """
        return self._find(action)[0]

    def is_chance(self, action: object) -> bool:
        """Whether ``action`` is numbered as a chance outcome (else as a decision).

        Raises:
            IllegalActionError: ``action`` is not an action of the game under this configuration.

        """
        return self._find(action)[1]

    def decode(self, action_id: int, *, chance: bool = False) -> A:
        """The decision numbered ``action_id``, or with ``chance=True`` the chance outcome.

        Raises:
            IllegalActionError: ``action_id`` is not an int in the numbering's range.

        """
        table = self.chance if chance else self.decisions
        if type(action_id) is not int or not 0 <= action_id < len(table):
            kind = "chance outcome" if chance else "decision"
            raise IllegalActionError(
                Rejection(
                    "no-such-action-id",
                    f"{self.game} numbers its {kind}s 0 to {len(table) - 1} under this configuration,"
                    f" not {action_id!r}",
                )
            )
        return table[action_id]


def per_config(config_type: type[C], build: Callable[[C], T]) -> Callable[[C], T]:
    """Cache ``build(config)``: built once per configuration, found by identity on every later call.

    Games use it for whatever they build from a configuration alone: their
    action codecs, their tensor layouts.

    A configuration object seen before is found without hashing it (hashing a
    configuration hashes its whole edition); an equal but new object is found
    through a small equality cache, so the tables are rarely rebuilt. The
    returned function raises :class:`~ofrenda_rules.errors.ConfigError` for an
    object that is not a ``config_type``.
    """
    by_value = functools.lru_cache(maxsize=16)(build)
    by_identity: dict[int, tuple[weakref.ref[C], T]] = {}

    def forget(ref: weakref.ref[C], key: int) -> None:
        entry = by_identity.get(key)
        if entry is not None and entry[0] is ref:
            del by_identity[key]

    @functools.wraps(build)
    def lookup(config: C) -> T:
        key = id(config)
        entry = by_identity.get(key)
        if entry is not None and entry[0]() is config:
            return entry[1]
        if not isinstance(config, config_type):
            raise ConfigError(f"expected a {config_type.__module__}.{config_type.__name__}, not {config!r}")
        built = by_value(config)
        by_identity[key] = (weakref.ref(config, functools.partial(forget, key=key)), built)
        return built

    return lookup


class GameCodec(Generic[C, A]):
    """A game's id functions (the ``codec`` module's), over the :class:`ActionCodec` it builds per configuration.

    A game's ``codec`` module builds one from its ``Config`` class and the
    function that lists its actions under a configuration, and exports its
    bound methods under their names (``encode_action = codec.encode_action``).
    Each raises :class:`~ofrenda_rules.errors.ConfigError` for an object that is
    not the game's ``Config``.

    >>> import attrs
    >>> @attrs.frozen
    ... class Setup:
    ...     sides: int
    >>> @attrs.frozen
    ... class Roll:
    ...     face: int
    >>> dice = GameCodec(Setup, lambda config: ActionCodec("dice", [], [Roll(f) for f in range(config.sides)]))
    >>> dice.max_chance_outcomes(Setup(6)), dice.encode_action(Setup(6), Roll(2)), dice.num_distinct_actions(Setup(6))
    (6, 2, 0)
    >>> dice.decode_action(Setup(6), 5, chance=True)
    Roll(face=5)
    """

    __slots__ = ("action_codec",)

    def __init__(self, config_type: type[C], build: Callable[[C], ActionCodec[A]]) -> None:
        self.action_codec: Final = per_config(config_type, build)
        """The :class:`ActionCodec` of a configuration (built once, then cached)."""

    def num_distinct_actions(self, config: C) -> int:
        """How many player decisions are numbered under ``config``."""
        return self.action_codec(config).num_distinct_actions

    def max_chance_outcomes(self, config: C) -> int:
        """How many chance outcomes are numbered under ``config``."""
        return self.action_codec(config).max_chance_outcomes

    def encode_action(self, config: C, action: A) -> int:
        """The id of ``action`` (a chance outcome gets its id in the chance numbering).

        Raises:
            IllegalActionError: ``action`` is not an action of the game that can occur under ``config``
                (code ``"not-encodable"``).
            ConfigError: ``config`` is not the game's ``Config``.
        """
        return self.action_codec(config).encode(action)

    def decode_action(self, config: C, action_id: int, *, chance: bool = False) -> A:
        """The decision numbered ``action_id``, or with ``chance=True`` the chance outcome.

        Raises:
            IllegalActionError: ``action_id`` is out of range (code ``"no-such-action-id"``).
            ConfigError: ``config`` is not the game's ``Config``.
        """
        return self.action_codec(config).decode(action_id, chance=chance)
