"""Moves as picks on the table: a decision's legal actions as short sequences of clicks.

A person does not choose an Ofrenda placement from a list of forty-four
sentences: they pick a portrait in their hand, then a slot of their ofrenda.
Each game splits every legal action of a decision into such a *path* of
:class:`Pick` s (its ``action_picks`` hook); :class:`PickTree` gathers the paths
of one decision so that a frontend (the browser client, ``play --human``) asks
one pick at a time, offers only what can still lead to a legal action, and
knows the action once a path is complete.

A pick names the element of the game's picture it belongs to (``element``,
the ``id`` that ``render_svg`` gives that element, for example the portrait in
hand or the slot), or ``None`` for a choice with no place on the table
("discard it", "pass"). Paths are computed from the seat's view and the legal
actions only, so that they reveal nothing the seat may not see.

Every legal action has exactly one path, and no path is the beginning of
another, so a complete path is exactly one legal action:

>>> a, b, c = Pick("Portrait 3", "hand-3"), Pick("Slot 1", "slot-0"), Pick("Slot 2", "slot-1")
>>> tree = PickTree.build(("place 3 at 0", "place 3 at 1"), ((a, b), (a, c)))
>>> tree.choices(())
(Pick(label='Portrait 3', element='hand-3'),)
>>> tree.forced(()) == a, tree.action((a, c))
(True, 'place 3 at 1')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from ofrenda_rules.errors import ConfigError

__all__ = ["Pick", "PickTree", "picks_of"]

A = TypeVar("A")


@attrs.frozen
class Pick:
    """One choice a person makes on the table: a card, a slot, a side, or a word."""

    label: str
    """What the choice is, in words a person reads (``"Portrait 12"``, ``"Slot 3"``, ``"pass"``)."""
    element: str | None = None
    """The ``id`` of the picture element it belongs to, ``None`` for a choice with no place on the table."""


@attrs.frozen
class PickTree(Generic[A]):
    """One decision's legal actions, each reached by its own path of picks.

    Build it with :meth:`build`, which checks that every action has exactly
    one path and that no path begins another.
    """

    actions: tuple[A, ...]
    """The legal actions, in the game's order."""
    paths: tuple[tuple[Pick, ...], ...]
    """The path of each action (same order)."""

    @classmethod
    def build(cls, actions: Sequence[A], paths: Sequence[Sequence[Pick]]) -> PickTree[A]:
        """The tree of ``actions`` with their ``paths``.

        Raises:
            ConfigError: The paths do not match the actions one to one, a path
                is empty, two actions share a path, or one path begins another.
        """
        actions = tuple(actions)
        frozen = tuple(tuple(path) for path in paths)
        if len(frozen) != len(actions):
            raise ConfigError(f"picks: {len(frozen)} paths for {len(actions)} actions")
        if all(len(path) == 1 for path in frozen) and len({path[0] for path in frozen}) == len(frozen):
            return cls(actions, frozen)  # one distinct pick per action: no path is empty, shared or begun by another
        seen: dict[tuple[Pick, ...], int] = {}
        prefixes: set[tuple[Pick, ...]] = set()
        for index, path in enumerate(frozen):
            if not path:
                raise ConfigError(f"picks: the action {actions[index]!r} has an empty path")
            if path in seen:
                raise ConfigError(f"picks: {actions[seen[path]]!r} and {actions[index]!r} share the path {path!r}")
            seen[path] = index
            prefixes.update(path[:end] for end in range(1, len(path)))
        for path, index in seen.items():
            if path in prefixes:
                raise ConfigError(f"picks: the path of {actions[index]!r} begins another action's path")
        return cls(actions, frozen)

    def choices(self, prefix: Sequence[Pick]) -> tuple[Pick, ...]:
        """The picks that may follow ``prefix`` (in the order of the actions they lead to), ``()`` past a leaf."""
        prefix = tuple(prefix)
        size = len(prefix)
        found: dict[Pick, None] = {}
        for path in self.paths:
            if len(path) > size and path[:size] == prefix:
                found.setdefault(path[size])
        return tuple(found)

    def forced(self, prefix: Sequence[Pick]) -> Pick | None:
        """The one pick that may follow ``prefix`` when there is exactly one (no click needed), else ``None``."""
        options = self.choices(prefix)
        return options[0] if len(options) == 1 else None

    def action(self, path: Sequence[Pick]) -> A | None:
        """The action a complete ``path`` picks, ``None`` when the path is not complete (or not a path)."""
        path = tuple(path)
        for candidate, action in zip(self.paths, self.actions, strict=True):
            if candidate == path:
                return action
        return None

    def path_of(self, action: A) -> tuple[Pick, ...]:
        """The path that picks ``action``.

        Raises:
            ConfigError: ``action`` is not one of the tree's actions.
        """
        for candidate, path in zip(self.actions, self.paths, strict=True):
            if candidate == action:
                return path
        raise ConfigError(f"picks: {action!r} is not a legal action here")

    def elements(self) -> frozenset[str]:
        """Every picture element some pick names."""
        return frozenset(pick.element for path in self.paths for pick in path if pick.element is not None)


def picks_of(game: Any, state: Any) -> PickTree[Any]:
    """The picks of the decision in ``state``, computed from what the seat to move may see.

    ``game`` is a registered :class:`~ofrenda_rules.game.GameDefinition`; the
    seat's view (``observe``) and the legal actions are all its
    ``action_picks`` hook reads.

    Raises:
        ConfigError: The state is not a player's decision (a chance event or a
            finished game).
    """
    seat = game.current_player(state)
    if not isinstance(seat, int) or seat < 0:
        raise ConfigError("picks_of: the state is not a player's decision")
    actions = game.legal_actions(state)
    return PickTree.build(actions, game.action_picks(game.observe(state, seat), actions))
