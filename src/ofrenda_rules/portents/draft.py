"""A mutable copy of a :class:`~ofrenda_rules.portents.state.State`, so that a transition builds one state.

A move that ends a turn runs through several rules in a row (palm, Scrying,
snuffing, the end of the turn, the Kitty's whole turn and its draws). Each
rule changes a few fields of a :class:`Draft`; :meth:`Draft.build` makes the
one new state at the end, instead of one state per rule.

>>> from ofrenda_rules.portents import Config, Phase, new_game
>>> state = new_game(Config(), seed=1)
>>> draft = Draft(state)
>>> draft.phase = Phase.PUSH
>>> draft.build().phase, state.phase
(<Phase.PUSH: 'push'>, <Phase.OFFERING: 'offering'>)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ofrenda_rules.copying import field_getter, plain_constructor
from ofrenda_rules.fast_state import freeze, working_copy_of
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import Event, GameOver, snuffed_events
from ofrenda_rules.portents.state import Config, Phase, Portent, State
from ofrenda_rules.rng import Rng

__all__ = ["FIELDS", "Draft", "from_values", "new_state", "transition", "values"]

FIELDS: Final = (
    "config",
    "phase",
    "omens",
    "altar",
    "lit",
    "taken",
    "hands",
    "pushed",
    "token",
    "bag",
    "collected",
    "kitty_omens",
    "kitty_steps",
    "active",
    "first_player",
    "portents",
    "lit_now",
    "made_portent",
    "kitty_extra",
    "kitty_fill",
    "turns",
    "reshuffles",
    "redeals",
    "winners",
    "reason",
    "rng",
    "recent_events",
)
"""The fields of a state, in ``__init__`` order (a test checks them against :class:`State`)."""

_GET: Final = field_getter(State, FIELDS)


new_state: Final[Callable[..., State]] = plain_constructor(State)
"""Build a :class:`State` from all its fields, positionally (in :data:`FIELDS` order): the transitions' constructor.

``State``'s attrs ``__init__`` only stores its arguments, so the kernel's
:func:`~ofrenda_rules.copying.plain_constructor` stores them straight into the
instance's slots (and ``None`` into its private ``_memo``); were ``State`` ever
to validate or convert a field, ``new_state`` would be ``State`` itself.
"""


def values(state: State) -> list[Any]:
    """The state's fields in :data:`FIELDS` order, to change one or two and build the next state."""
    return list(_GET(state))


def from_values(fields: list[Any]) -> State:
    """The state with these fields (in :data:`FIELDS` order)."""
    return new_state(*fields)


@working_copy_of(State)
class Draft:
    """The fields of a state, each settable; :meth:`build` makes the state (the source state never changes).

    The kernel's working copy (:func:`~ofrenda_rules.fast_state.working_copy_of`):
    at run time a twin of ``State`` whose fields are assigned by plain
    attribute stores (direct slot writes), made the ``State`` by
    :func:`~ofrenda_rules.fast_state.freeze` without another copy.
    """

    config: Config
    phase: Phase
    omens: tuple[Sign | None, ...]
    altar: tuple[Sign | None, ...]
    lit: tuple[bool, ...]
    taken: tuple[Sign, ...]
    hands: tuple[tuple[Sign, ...], ...]
    pushed: tuple[Sign, ...]
    token: Sign | None
    bag: tuple[Sign, ...]
    collected: tuple[tuple[Sign, ...], ...]
    kitty_omens: tuple[Sign, ...]
    kitty_steps: int
    active: int
    first_player: int
    portents: tuple[Portent, ...]
    lit_now: tuple[int, ...]
    made_portent: bool
    kitty_extra: bool
    kitty_fill: tuple[int, ...]
    turns: int
    reshuffles: int
    redeals: int
    winners: tuple[int, ...]
    reason: EndReason | None
    rng: Rng | None
    recent_events: tuple[Event, ...]
    _memo: None

    def __init__(self, state: State) -> None:
        """Copy the fields of ``state`` (not its private memo: nothing is listed for the new state yet)."""
        # One attribute at a time: each read and store is a slot access the interpreter specialises
        # (about 4.6k instructions for the 27, against 10.4k through ``operator.attrgetter`` and an unpacking).
        self.config = state.config
        self.phase = state.phase
        self.omens = state.omens
        self.altar = state.altar
        self.lit = state.lit
        self.taken = state.taken
        self.hands = state.hands
        self.pushed = state.pushed
        self.token = state.token
        self.bag = state.bag
        self.collected = state.collected
        self.kitty_omens = state.kitty_omens
        self.kitty_steps = state.kitty_steps
        self.active = state.active
        self.first_player = state.first_player
        self.portents = state.portents
        self.lit_now = state.lit_now
        self.made_portent = state.made_portent
        self.kitty_extra = state.kitty_extra
        self.kitty_fill = state.kitty_fill
        self.turns = state.turns
        self.reshuffles = state.reshuffles
        self.redeals = state.redeals
        self.winners = state.winners
        self.reason = state.reason
        self.rng = state.rng
        self.recent_events = state.recent_events
        self._memo = None

    def note(self, *events: Event) -> None:
        """Add ``events`` to the draft's ``recent_events``."""
        self.recent_events = (*self.recent_events, *events)

    def note_snuffed(self, before: tuple[bool, ...], after: tuple[bool, ...]) -> None:
        """Add a ``TileSnuffed`` for each Burnt Offering lit ``before`` and unlit ``after``."""
        self.note(*snuffed_events(self.altar, before, after))

    def end(self, winners: tuple[int, ...], reason: EndReason) -> None:
        """End the game: ``winners`` (none -- a draw or a Kitty win) for ``reason``, announced by a ``GameOver``."""
        self.phase, self.winners, self.reason = Phase.OVER, winners, reason
        omens = tuple([len(collected) for collected in self.collected])
        self.note(GameOver(reason, winners, omens, len(self.kitty_omens)))

    def build(self) -> State:
        """This draft, now the immutable :class:`State` with its fields (do not change the draft afterwards)."""
        return freeze(self, State)


def transition(do: Callable[..., None], state: State, *args: object) -> State:
    """The state after one draft step: ``do(draft, *args)`` on a :class:`Draft` of ``state``, then built.

    The immutable form of the ``..._draft`` steps (``state`` never changes): ``transition(scry_draft, state)``
    is ``scry(state)``.
    """
    draft = Draft(state)
    do(draft, *args)
    return draft.build()
