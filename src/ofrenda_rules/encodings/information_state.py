"""What every game's information-state encoder shares: the history buffer, forking, adding and encoding.

Each game's ``tensors`` module defines an ``InformationStateEncoder`` that
keeps one seat's perfect-recall information state up to date view by view,
never walking the history again. The parts that are the same in every game
live here, in :class:`IncrementalEncoder`; a game states only what is its
own: how a view is checked, how the events a view adds are written into the
history (``_add``), and how the last view's observation is laid over it
(``_fill``).

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe, legal_actions, apply
>>> from ofrenda_rules.dia_de_los_muertos.tensors import InformationStateEncoder, encode_information_state
>>> config = Config(players=3)
>>> state = new_game(config, seed=1)
>>> encoder, views = InformationStateEncoder(config), []
>>> for _ in range(30):
...     views.append(observe(state, 0))
...     encoder.add(views[-1])
...     state = apply(state, legal_actions(state)[0])
>>> encoder.encode() == encode_information_state(config, views)
True
>>> twin = encoder.copy()
>>> twin.add(observe(state, 0))
>>> twin.encode() == encoder.encode()
False
"""

from __future__ import annotations

from abc import abstractmethod
from array import array
from collections.abc import Iterable, MutableSequence
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from ofrenda_rules.chance import CHANCE

__all__ = ["IncrementalEncoder", "SeatView", "new_events"]


EventT_co = TypeVar("EventT_co", covariant=True)
EventT = TypeVar("EventT")


class SeatView(Protocol[EventT_co]):
    """What the kit reads of a game's view: whose it is, who acts and the events since the last decision."""

    @property
    def player(self) -> int:
        """The seat the view is of."""

    @property
    def current_player(self) -> int:
        """Who acts next (``CHANCE`` for a chance outcome)."""

    @property
    def recent_events(self) -> tuple[EventT_co, ...]:
        """The events since the state's latest player decision."""


ConfigT = TypeVar("ConfigT")
LayoutT = TypeVar("LayoutT")
ViewT = TypeVar("ViewT", bound=SeatView[object])


def new_events(previous: SeatView[EventT] | None, view: SeatView[EventT]) -> tuple[EventT, ...]:
    """The events ``view`` tells that ``previous`` (the seat's view before, if any) did not.

    A state keeps the events since its latest player decision: after a chance
    outcome fed by a driver they extend the previous view's, after a decision
    they start afresh.
    """
    events = view.recent_events
    if previous is not None and previous.current_player == CHANCE:
        before = previous.recent_events
        if events[: len(before)] == before:
            return events[len(before) :]
    return events


class IncrementalEncoder(Generic[ConfigT, LayoutT, ViewT]):
    """One seat's information state kept up to date view by view, never walking the history again.

    :meth:`add` each view the seat has in turn (after the set-up, then after
    each step); :meth:`encode` is the game's ``encode_information_state`` of
    every view added. :meth:`copy` forks it (for a branch of a search).

    A game's encoder names, as keywords of its class statement, the error it
    raises (``error``), its words when no view has been added (``empty``) and
    when views of two seats are added (``mixed_seats``, with ``{before}`` and
    ``{after}`` for the seats; left out, the seats are not compared). It
    defines ``_add`` and ``_fill`` (and ``_check_view`` if it checks the views
    it is given). Its own ``__slots__`` hold its counters; :meth:`copy` copies
    every slot, a list or an array slot as a new one.
    """

    __slots__ = ("_config", "_history", "_last", "_layout")

    _error: ClassVar[type[Exception]]
    """The error the encoder raises for a view it refuses or when no view has been added."""
    _empty: ClassVar[str]
    """The error's words when no view has been added."""
    _mixed_seats: ClassVar[str | None]
    """The error's words for views of two seats; ``None``: the seats are not compared."""
    _copied: ClassVar[tuple[str, ...]]
    """Every slot of the class, its bases' first (set on the class by its first :meth:`copy`)."""

    def __init_subclass__(cls, *, error: type[Exception], empty: str, mixed_seats: str | None = None) -> None:
        super().__init_subclass__()
        cls._error, cls._empty, cls._mixed_seats = error, empty, mixed_seats

    def __init__(self, config: ConfigT, layout: LayoutT, size: int) -> None:
        self._config = config
        self._layout = layout
        self._history = array("d", bytes(8 * size))
        self._last: ViewT | None = None

    def copy(self) -> Self:
        """An independent encoder with the same views added."""
        cls = type(self)
        slots = cls.__dict__.get("_copied")  # the class's own, not a base's
        if slots is None:
            slots = tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))
            cls._copied = slots
        twin = cls.__new__(cls)
        for name in slots:
            value = getattr(self, name)
            if isinstance(value, array | list):
                value = value[:]
            setattr(twin, name, value)
        return twin

    def add(self, view: ViewT) -> None:
        """Record the seat's next view (the events it adds to the history).

        Raises:
            OfrendaRulesError: (the game's subclass of it) the view is not of a game under the config, or is of
                another seat than the views added before.
        """
        self._check_view(self._config, view)
        last = self._last
        if last is not None and view.player != last.player and self._mixed_seats is not None:
            raise self._error(self._mixed_seats.format(before=last.player, after=view.player))
        self._add(view)

    def add_all(self, views: Iterable[ViewT]) -> Self:
        """Record views already checked, in order (for the game's ``encode_information_state``); the encoder."""
        for view in views:
            self._add(view)
        return self

    def encode(self) -> tuple[float, ...]:
        """The information state of every view added (as the game's ``encode_information_state``).

        Raises:
            OfrendaRulesError: (the game's subclass of it, or ``ValueError``) when no view has been added.
        """
        return tuple(self.buffer())

    def buffer(self) -> array[float]:
        """The tensor of :meth:`encode` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

        Raises:
            OfrendaRulesError: (the game's subclass of it, or ``ValueError``) when no view has been added.
        """
        last = self._last
        if last is None:
            raise self._error(self._empty)
        out = self._history[:]
        self._fill(out, self._layout, last)
        return out

    def _check_view(self, config: ConfigT, view: ViewT, /) -> object:
        """Raise ``_error`` when ``view`` is not of a game under ``config`` (this one takes any).

        A game may bind its module's check here as a ``staticmethod`` (no call in between).
        """
        return view

    @abstractmethod
    def _add(self, view: ViewT) -> None:
        """Write the events ``view`` adds into ``_history`` and make it ``_last``."""

    @abstractmethod
    def _fill(self, out: MutableSequence[float], layout: LayoutT, view: ViewT, /) -> None:
        """Lay ``view``'s observation over a copy of the history (a game may bind a ``staticmethod`` here)."""
