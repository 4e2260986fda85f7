"""What the games' fast observation buffers share: a kept observation whose changed parts alone are rewritten.

A view's parts (an Ofrenda, the altar, a hand...) are immutable and shared
from state to state, and a step changes few of them. A game's
``observation_buffer`` keeps, per config and viewer, a :class:`Written`: the
observation it wrote last, and for each part of it the view's object it was
written from and the slots it set. A part whose object is the one written
last is left as it is; a changed part has its old slots zeroed and its new
ones written (:meth:`Written.write`; :meth:`Written.place` for a part whose
entries are kept per source object and placed at a viewer's offset). A
part whose new slots equal the old ones is left alone too. The game's
``observation_buffer`` returns a copy of the buffer; its
``state_observation_buffer`` returns a new memoryview of
:attr:`Written.readonly`, no copy. The values equal those of the game's
``encode_observation`` from scratch (a property test compares them byte for
byte over playouts).

>>> kept = Written(4, parts=1)
>>> kept.write(0, "first", (1, 3))
>>> kept.buffer.tolist()
[0.0, 1.0, 0.0, 1.0]
>>> kept.write(0, "second", (2,))
>>> kept.buffer.tolist(), kept.parts[0]
([0.0, 0.0, 1.0, 0.0], 'second')
"""

from __future__ import annotations

from array import array
from typing import Final

from ofrenda_rules.errors import check_seat

__all__ = ["UNSET", "Entries", "Written", "give_back", "take", "take_seat"]

Entries = tuple[tuple[int, float], ...]
"""A part's non-zero values as ``(offset, value)`` pairs (offsets from where the part is placed)."""

UNSET: Final = object()
"""The source of a part not written yet (differs from every part of a view)."""


class Written:
    """One viewer's observation written last, and for each part its source object and the slots it set to 1."""

    __slots__ = ("buffer", "parts", "placed", "readonly", "slots")

    def __init__(self, size: int, parts: int) -> None:
        self.buffer = array("d", bytes(8 * size))
        """The observation written last."""
        self.parts: list[object] = [UNSET] * parts
        """Per part, the view's object it was written from."""
        self.slots: list[tuple[int, ...]] = [()] * parts
        """Per part, the slots it set."""
        self.placed: list[tuple[int, Entries]] = [(0, ())] * parts
        self.readonly = memoryview(self.buffer).toreadonly()
        """A read-only memoryview of the buffer, made once (the buffer never changes size)."""
        """Per part written by :meth:`place`, where it was placed and the entries it wrote there."""

    def put(self, part: int, source: object, entries: dict[int, float]) -> None:
        """Zero the slots ``part`` set last, write its new ``entries`` (slot: value), remember ``source``."""
        x = self.buffer
        for index in self.slots[part]:
            x[index] = 0.0
        for index, value in entries.items():
            x[index] = value
        self.slots[part] = tuple(entries)
        self.parts[part] = source

    def write(self, part: int, source: object, slots: tuple[int, ...]) -> None:
        """Zero the slots ``part`` set last, set its new ``slots`` to 1, and remember ``source`` as its object."""
        old = self.slots[part]
        if slots != old:  # the same slots (a new object, the same contents): nothing to rewrite
            x = self.buffer
            for index in old:
                x[index] = 0.0
            for index in slots:
                x[index] = 1.0
            self.slots[part] = slots
        self.parts[part] = source

    def place(self, part: int, source: object, at: int, entries: Entries) -> None:
        """Zero the entries ``part`` placed last, write ``entries`` from offset ``at``, remember ``source``.

        For a part whose entries are kept per source object and written at an offset that depends on the viewer
        (a seat's board): the entries are stored as they are, not shifted into a new tuple.

        >>> kept = Written(6, parts=1)
        >>> kept.place(0, "board", 3, ((0, 1.0), (2, 0.5)))
        >>> kept.buffer.tolist()
        [0.0, 0.0, 0.0, 1.0, 0.0, 0.5]
        >>> kept.place(0, "moved", 0, ((1, 1.0),))
        >>> kept.buffer.tolist()
        [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
        """
        old_at, old = self.placed[part]
        if at != old_at or entries is not old:  # kept entries are compared by identity only
            x = self.buffer
            for index, _ in old:
                x[old_at + index] = 0.0
            for index, value in entries:
                x[at + index] = value
            self.placed[part] = (at, entries)
        self.parts[part] = source


def take(kept: dict[int, Written], viewer: int, size: int, parts: int) -> Written:
    """The viewer's kept observation, taken out of ``kept`` while in use (a concurrent call starts its own)."""
    written = kept.pop(viewer, None)
    return Written(size, parts) if written is None else written


def take_seat(kept: dict[int, Written], player: int, players: int) -> Written | None:
    """Seat ``player``'s kept observation, taken out of ``kept`` while in use; ``None`` when it has none yet.

    For a game's ``state_observation_buffer``, whose caller names the seat: it checks it first.

    Raises:
        ConfigError: ``player`` is not a seat of a ``players``-seat game.

    """
    if type(player) is not int or not 0 <= player < players:
        check_seat(player, players)
    return kept.pop(player, None)


def give_back(kept: dict[int, Written], viewer: int, written: Written) -> None:
    """Put the viewer's observation back in ``kept`` for the next call."""
    kept[viewer] = written
