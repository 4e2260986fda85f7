"""A mutable working copy of a state, so that a step builds its next :class:`State` once.

A transition reads the state into a :class:`Work`, changes fields in place
(a player's Ofrenda through a :class:`Board` copied on first change), and
:meth:`Work.build` turns the working copy itself into the next immutable
``State`` at the end, without a further copy. The given state is never
changed. The objective checks here read the tables of
:mod:`ofrenda_rules.ofrenda.tables`; they say exactly what the readable
definitions of :mod:`ofrenda_rules.ofrenda.objectives` say (the tests compare
both on many positions).

>>> from ofrenda_rules.ofrenda.rules import new_game
>>> state = new_game(seed=1)
>>> work = Work(state)
>>> work.supply -= 1
>>> work.build().supply == state.supply - 1
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from ofrenda_rules.fast_state import freeze, working_copy_of
from ofrenda_rules.ofrenda.actions import Action
from ofrenda_rules.ofrenda.edition import COUNTS
from ofrenda_rules.ofrenda.events import CandleDeclined, CandleDrawn, Event, PortraitDrawn, PortraitTaken
from ofrenda_rules.ofrenda.piles import replaced
from ofrenda_rules.ofrenda.state import Config, Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.tables import (
    ALL_EITHER,
    AT_LEAST_TWO,
    CANDLE_FEATURE_MAJORITY,
    CANDLE_FOUR_OF_FEATURE,
    CANDLE_FULL_SET,
    CANDLE_MARIGOLDS_IN_STORAGE,
    CANDLE_MARIGOLDS_ON_OFRENDA,
    CANDLE_TWO_OF_EACH,
    GOAL_FEATURE_COUNT,
    GOAL_SURROUNDED_SLOTS,
    Tables,
    tables_for,
)
from ofrenda_rules.rng import Rng

__all__ = [
    "BOARD_FIELDS",
    "CANDLE_DECLINED",
    "CANDLE_DRAWN",
    "PORTRAIT_DRAWN",
    "PORTRAIT_TAKEN_FREE",
    "STATE_FIELDS",
    "Board",
    "BoardLike",
    "Work",
    "candle_holds",
    "goal_holds",
    "portrait_holds",
    "remember_filled",
    "tables_of",
    "transition",
]

STATE_FIELDS: Final = (
    "config",
    "phase",
    "seat",
    "abuela",
    "deck",
    "box",
    "removed",
    "abuela_discards",
    "market",
    "market_marigolds",
    "candle_market",
    "bag",
    "candle_box",
    "candle_discards",
    "supply",
    "hands",
    "boards",
    "goals",
    "stacks",
    "unused_tokens",
    "taken_space",
    "candle_space",
    "pending",
    "die",
    "rng",
    "recent_events",
    "seen_in_hands",
)
"""The ``__init__`` fields of :class:`State`, in order (a test checks them against ``attrs.fields``)."""
BOARD_FIELDS: Final = (
    "portraits",
    "lit",
    "marigold_slots",
    "candle_slots",
    "candle_lit",
    "marigolds",
    "candles",
    "discards",
    "goals_met",
    "tokens",
    "turns",
)
"""The fields of :class:`PlayerBoard`, in order."""
_EVENTS: dict[tuple[object, ...], Event] = {}
"""Each event value built so far, by its class and fields (see :meth:`Work.emit`)."""
_MOST_EVENTS: Final = 1 << 15
_SEATS: Final = 4
_SPACES: Final = 4
PORTRAIT_DRAWN: Final = tuple(
    tuple(PortraitDrawn(space, card) for card in range(COUNTS["portraits"])) for space in range(_SPACES)
)
"""The prebuilt ``PortraitDrawn`` events, by space then card."""
CANDLE_DRAWN: Final = tuple(
    tuple(CandleDrawn(space, candle) for candle in range(COUNTS["candles"])) for space in range(_SPACES)
)
"""The prebuilt ``CandleDrawn`` events, by space then candle."""
PORTRAIT_TAKEN_FREE: Final = tuple(
    tuple(
        tuple(PortraitTaken(seat, space, card, space, 0) for card in range(COUNTS["portraits"]))
        for space in range(_SPACES)
    )
    for seat in range(_SEATS)
)
"""The prebuilt ``PortraitTaken`` events with no marigold lying on the portrait, by seat, space, card."""
CANDLE_DECLINED: Final = tuple(CandleDeclined(seat) for seat in range(_SEATS))
"""The prebuilt ``CandleDeclined`` events, by seat."""


class BoardLike(Protocol):
    """What the objective checks read of an Ofrenda (a :class:`PlayerBoard` or a :class:`Board`)."""

    @property
    def portraits(self) -> tuple[int | None, ...]:
        """The portrait in each card slot."""
        ...

    @property
    def marigold_slots(self) -> tuple[bool, ...]:
        """Whether each candle/marigold slot holds a marigold."""
        ...

    @property
    def marigolds(self) -> int:
        """Marigolds in storage."""
        ...

    @property
    def candle_slots(self) -> tuple[int | None, ...]:
        """The candle in each candle/marigold slot."""
        ...

    @property
    def candle_lit(self) -> tuple[bool, ...]:
        """Whether the candle in each slot is lit."""
        ...

    @property
    def candles(self) -> tuple[int, ...]:
        """Candles in storage."""
        ...

    @property
    def turns(self) -> int:
        """Turns completed."""
        ...


@working_copy_of(PlayerBoard)
class Board:
    """A mutable copy of one :class:`PlayerBoard` (same fields), which :meth:`build` turns into one.

    The kernel's working copy (:func:`~ofrenda_rules.fast_state.working_copy_of`):
    at run time a twin of ``PlayerBoard`` whose fields may be assigned, made
    a ``PlayerBoard`` by :func:`~ofrenda_rules.fast_state.freeze` without a
    copy.
    """

    portraits: tuple[int | None, ...]
    lit: tuple[bool, ...]
    marigold_slots: tuple[bool, ...]
    candle_slots: tuple[int | None, ...]
    candle_lit: tuple[bool, ...]
    marigolds: int
    candles: tuple[int, ...]
    discards: tuple[int, ...]
    goals_met: tuple[int, ...]
    tokens: tuple[int, ...]
    turns: int

    def __init__(self, board: PlayerBoard) -> None:
        """Copy ``board``, field by field.

        One plain load and store per field, which CPython specialises to direct
        slot reads and writes: reading the fields through one
        ``operator.attrgetter`` call was twice as slow (its generic look-ups).
        """
        self.portraits = board.portraits
        self.lit = board.lit
        self.marigold_slots = board.marigold_slots
        self.candle_slots = board.candle_slots
        self.candle_lit = board.candle_lit
        self.marigolds = board.marigolds
        self.candles = board.candles
        self.discards = board.discards
        self.goals_met = board.goals_met
        self.tokens = board.tokens
        self.turns = board.turns

    def build(self) -> PlayerBoard:
        """This board, now an immutable :class:`PlayerBoard` (do not change it afterwards)."""
        return freeze(self, PlayerBoard)


@working_copy_of(State)
class Work:
    """A mutable copy of one :class:`State` (same fields), which :meth:`build` turns into the next state.

    As :class:`Board` does for a ``PlayerBoard``: the kernel's working copy
    of ``State``, frozen into one by :func:`~ofrenda_rules.fast_state.freeze`.
    A changed Ofrenda is a :class:`Board` in ``boards`` until then.
    """

    config: Config
    phase: Phase
    seat: int
    abuela: bool
    deck: tuple[int, ...]
    box: tuple[int, ...]
    removed: tuple[int, ...]
    abuela_discards: tuple[int, ...]
    market: tuple[int | None, ...]
    market_marigolds: tuple[int, ...]
    candle_market: tuple[int | None, ...]
    bag: tuple[int, ...]
    candle_box: tuple[int, ...]
    candle_discards: tuple[int, ...]
    supply: int
    hands: tuple[tuple[int, ...], ...]
    boards: tuple[PlayerBoard | Board, ...]
    goals: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    unused_tokens: tuple[int, ...]
    taken_space: int | None
    candle_space: int | None
    pending: tuple[int, ...]
    die: int | None
    rng: Rng | None
    recent_events: tuple[Event, ...]
    seen_in_hands: tuple[tuple[int, ...], ...]
    _tables: Tables | None
    _legal: tuple[Action, ...] | None

    def __init__(self, state: State) -> None:
        """Copy ``state``, field by field (plain slot loads and stores, as :class:`Board` does).

        Half the cost of reading the fields through ``operator.attrgetter``;
        this copy is made once per step.
        """
        self.config = state.config
        self.phase = state.phase
        self.seat = state.seat
        self.abuela = state.abuela
        self.deck = state.deck
        self.box = state.box
        self.removed = state.removed
        self.abuela_discards = state.abuela_discards
        self.market = state.market
        self.market_marigolds = state.market_marigolds
        self.candle_market = state.candle_market
        self.bag = state.bag
        self.candle_box = state.candle_box
        self.candle_discards = state.candle_discards
        self.supply = state.supply
        self.hands = state.hands
        self.boards = state.boards
        self.goals = state.goals
        self.stacks = state.stacks
        self.unused_tokens = state.unused_tokens
        self.taken_space = state.taken_space
        self.candle_space = state.candle_space
        self.pending = state.pending
        self.die = state.die
        self.rng = state.rng
        self.recent_events = state.recent_events
        self.seen_in_hands = state.seen_in_hands
        self._tables = state._tables or tables_of(state)
        self._legal = None

    if TYPE_CHECKING:

        @property
        def tables(self) -> Tables:
            """The tables of the edition in play."""
            ...

    else:
        tables = vars(State)["_tables"]
        # The slot of ``_tables`` itself under a second name (``__init__`` always sets it): a read is a direct slot
        # load, which CPython specialises, where a property's getter was looked up and called on every read.

    def emit(self, kind: Callable[..., Event], *fields: object) -> None:
        """Add the event ``kind(*fields)`` (fields by position) to the events of this step.

        Events are immutable and made of small values, so each value is built
        once and shared (a bounded cache): most steps repeat events already
        seen. The most frequent ones are prebuilt (:meth:`add` them).
        """
        key = (kind,) + fields
        event = _EVENTS.get(key)
        if event is None:
            event = kind(*fields)
            if len(_EVENTS) >= _MOST_EVENTS:
                _EVENTS.clear()
            _EVENTS[key] = event
        self.recent_events += (event,)

    def add(self, event: Event) -> None:
        """Add ``event`` to the events of this step."""
        self.recent_events += (event,)

    def board(self, seat: int) -> Board:
        """The Ofrenda of ``seat``, to change in place."""
        boards = self.boards
        current = boards[seat]
        if isinstance(current, Board):
            return current
        board = Board(current)
        self.boards = replaced(boards, seat, board)
        return board

    def build(self) -> State:
        """This copy, now the immutable next :class:`State` (do not use the copy afterwards)."""
        for board in self.boards:
            if type(board) is Board:
                freeze(board, PlayerBoard)
        return freeze(self, State)


def transition(do: Callable[..., None], state: State, *args: int) -> State:
    """The state after one working-copy step: ``do(work, *args)`` on a copy of ``state``, then built.

    The immutable form of every ``do_`` step of :mod:`~ofrenda_rules.ofrenda.turn` (``state`` never changes):
    ``transition(do_take_portrait, state, 2)`` is ``take_portrait(state, 2)``.
    """
    w = Work(state)
    do(w, *args)
    return w.build()


def tables_of(state: State | Work) -> Tables:
    """The tables of the state's edition (kept in the state's private cache after the first look-up)."""
    tables = state._tables
    if tables is None:
        tables = tables_for(state.config.edition)
        object.__setattr__(state, "_tables", tables)
    return tables


_FILLED: dict[int, tuple[tuple[int | None, ...], int]] = {}
"""``filled`` of the Ofrendas' tuples of portraits seen lately, by identity (each entry keeps its tuple alive)."""
_MOST_FILLED: Final = 256


def filled(portraits: Sequence[int | None]) -> int:
    """Bit mask of the card slots holding a portrait.

    Remembered for a tuple (an Ofrenda's portraits, which stay the same
    object from step to step until a portrait is placed): a look-up instead
    of a test of every slot. A placement remembers its new tuple's mask
    (:func:`remember_filled`).
    """
    known = _FILLED.get(id(portraits))
    if known is not None and known[0] is portraits:
        return known[1]
    mask = 0
    for slot, card in enumerate(portraits):
        if card is not None:
            mask |= 1 << slot
    if type(portraits) is tuple:
        remember_filled(portraits, mask)
    return mask


def remember_filled(portraits: tuple[int | None, ...], mask: int) -> None:
    """Remember that ``filled(portraits)`` is ``mask`` (the caller worked it out)."""
    if len(_FILLED) >= _MOST_FILLED:
        _FILLED.clear()  # all go (see ``piles._remember``)
    _FILLED[id(portraits)] = (portraits, mask)


def _count(has: tuple[int, ...], portraits: Sequence[int | None]) -> int:
    """Portraits showing a feature, given ``has`` (``1`` for each card showing it, else ``0``)."""
    count = 0
    for card in portraits:
        if card is not None:
            count += has[card]
    return count


def portrait_holds(
    tables: Tables, config: Config, portraits: Sequence[int | None], slot: int, *, final: bool = False
) -> bool:
    """Whether the objective of the portrait in ``slot`` holds (as ``objectives.portrait_fulfilled``).

    ``hits`` counts the adjacent portraits showing a depicted feature (of
    ``seen`` adjacent portraits): two or more for "at least two", all of
    them for "all", none for "none".
    """
    card = portraits[slot]
    assert card is not None
    want = tables.portrait_want[card]
    masks = tables.masks
    seen = hits = 0
    for n in tables.neighbours[slot]:
        adjacent = portraits[n]
        if adjacent is not None:
            seen += 1
            if masks[adjacent] & want:
                hits += 1
    kind = tables.portrait_kind[card]
    if kind == AT_LEAST_TWO:
        return hits >= 2
    if final and not seen and config.strict_empty_objectives:
        return False
    if kind == ALL_EITHER:
        return hits == seen
    return hits == 0


def candle_holds(tables: Tables, config: Config, boards: Sequence[BoardLike], seat: int, candle: int) -> bool:
    """Whether the objective of ``candle`` holds for the Ofrenda of ``seat`` (as ``objectives.candle_fulfilled``)."""
    code, bits = tables.candle_objective[candle]
    board = boards[seat]
    if code == CANDLE_FOUR_OF_FEATURE:
        return _count(tables.has_feature[bits[0]], board.portraits) >= 4
    if code == CANDLE_TWO_OF_EACH:
        by_bit = tables.has_feature
        return all([_count(by_bit[bit], board.portraits) >= 2 for bit in bits])
    if code == CANDLE_FULL_SET:
        have = 0
        masks = tables.masks
        for c in board.portraits:
            if c is not None:
                have |= masks[c]
        need = sum(bits)  # distinct one-bit features: their sum is their union
        return have & need == need
    if code == CANDLE_MARIGOLDS_ON_OFRENDA:
        return sum(board.marigold_slots) >= 4
    if code == CANDLE_MARIGOLDS_IN_STORAGE:
        return board.marigolds >= 3
    if code == CANDLE_FEATURE_MAJORITY:
        has = tables.has_feature[bits[0]]
        counts = [_count(has, b.portraits) for b in boards]
    else:
        counts = [sum(b.marigold_slots) for b in boards]
    mine = counts[seat]
    return mine == max(counts) and (mine >= 1 or config.zero_majority)


def goal_holds(tables: Tables, board: BoardLike, goal: int, mask: int = -1) -> bool:
    """Whether ``board`` meets the common-goal card ``goal`` (as ``objectives.goal_fulfilled``).

    ``mask`` is ``filled(board.portraits)`` when the caller knows it (it is
    worked out here otherwise). A goal on the filled slots is answered once
    per mask and then looked up (``Tables.goal_memo``).
    """
    code = tables.goal_code[goal]
    if code == GOAL_FEATURE_COUNT:
        return _count(tables.has_feature[tables.goal_feature[goal]], board.portraits) >= tables.goal_count[goal]
    if mask < 0:
        mask = filled(board.portraits)
    memo = tables.goal_memo[goal]
    held = memo.get(mask)
    if held is None:
        if code == GOAL_SURROUNDED_SLOTS:
            surrounded = 0
            for m in tables.offering_masks:
                if m & mask == m:
                    surrounded += 1
            held = surrounded >= tables.goal_count[goal]
        else:
            held = any([m & mask == m for m in tables.goal_placements[goal]])
        memo[mask] = held
    return held
