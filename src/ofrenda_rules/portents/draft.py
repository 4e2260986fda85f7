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

import operator
from collections.abc import Callable
from typing import Any, Final

import attrs

from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import Event, GameOver, tile_snuffed
from ofrenda_rules.portents.state import Config, Phase, Portent, State
from ofrenda_rules.rng import Rng

__all__ = ["FIELDS", "Draft", "from_values", "new_state", "plain_init", "values"]

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

_GET: Final = operator.attrgetter(*FIELDS)


def plain_init(cls: type) -> bool:
    """Whether the attrs ``__init__`` of ``cls`` does nothing but store :data:`FIELDS` in order, and ``_memo``.

    True when the ``__init__`` arguments are exactly :data:`FIELDS`, none with a validator or converter, the
    only other field is the private ``_memo`` (default ``None``), and the class has no pre- or post-init hook.
    """
    fields = attrs.fields(cls)
    return (
        tuple(field.name for field in fields) == (*FIELDS, "_memo")
        and all(field.init for field in fields[:-1])
        and not fields[-1].init
        and fields[-1].default is None
        and all(field.validator is None and field.converter is None for field in fields)
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
    )


def _slot_setter(name: str) -> Callable[[State, object], None]:
    setter: Callable[[State, object], None] = vars(State)[name].__set__
    return setter


(
    _set_config,
    _set_phase,
    _set_omens,
    _set_altar,
    _set_lit,
    _set_taken,
    _set_hands,
    _set_pushed,
    _set_token,
    _set_bag,
    _set_collected,
    _set_kitty_omens,
    _set_kitty_steps,
    _set_active,
    _set_first_player,
    _set_portents,
    _set_lit_now,
    _set_made_portent,
    _set_kitty_extra,
    _set_kitty_fill,
    _set_turns,
    _set_reshuffles,
    _set_redeals,
    _set_winners,
    _set_reason,
    _set_rng,
    _set_recent_events,
    _set_memo,
) = map(_slot_setter, (*FIELDS, "_memo"))
_new: Final = object.__new__


def _stored(
    config: Config,
    phase: Phase,
    omens: tuple[Sign | None, ...],
    altar: tuple[Sign | None, ...],
    lit: tuple[bool, ...],
    taken: tuple[Sign, ...],
    hands: tuple[tuple[Sign, ...], ...],
    pushed: tuple[Sign, ...],
    token: Sign | None,
    bag: tuple[Sign, ...],
    collected: tuple[tuple[Sign, ...], ...],
    kitty_omens: tuple[Sign, ...],
    kitty_steps: int,
    active: int,
    first_player: int,
    portents: tuple[Portent, ...],
    lit_now: tuple[int, ...],
    made_portent: bool,
    kitty_extra: bool,
    kitty_fill: tuple[int, ...],
    turns: int,
    reshuffles: int,
    redeals: int,
    winners: tuple[int, ...],
    reason: EndReason | None,
    rng: Rng | None,
    recent_events: tuple[Event, ...] = (),
) -> State:
    state: State = _new(State)
    _set_config(state, config)
    _set_phase(state, phase)
    _set_omens(state, omens)
    _set_altar(state, altar)
    _set_lit(state, lit)
    _set_taken(state, taken)
    _set_hands(state, hands)
    _set_pushed(state, pushed)
    _set_token(state, token)
    _set_bag(state, bag)
    _set_collected(state, collected)
    _set_kitty_omens(state, kitty_omens)
    _set_kitty_steps(state, kitty_steps)
    _set_active(state, active)
    _set_first_player(state, first_player)
    _set_portents(state, portents)
    _set_lit_now(state, lit_now)
    _set_made_portent(state, made_portent)
    _set_kitty_extra(state, kitty_extra)
    _set_kitty_fill(state, kitty_fill)
    _set_turns(state, turns)
    _set_reshuffles(state, reshuffles)
    _set_redeals(state, redeals)
    _set_winners(state, winners)
    _set_reason(state, reason)
    _set_rng(state, rng)
    _set_recent_events(state, recent_events)
    _set_memo(state, None)
    return state


new_state: Final[Callable[..., State]] = _stored if plain_init(State) else State
"""Build a :class:`State` from its fields, positionally (in :data:`FIELDS` order): the transitions' constructor.

``State``'s attrs ``__init__`` only stores its arguments (checked by :func:`plain_init` when this module loads),
so ``new_state`` stores them straight into the instance's slots (and ``None`` into its private ``_memo``), which
costs about a fifth less; were ``State`` ever to validate or convert a field, ``new_state`` is ``State`` itself.
"""


def values(state: State) -> list[Any]:
    """The state's fields in :data:`FIELDS` order, to change one or two and build the next state."""
    return list(_GET(state))


def from_values(fields: list[Any]) -> State:
    """The state with these fields (in :data:`FIELDS` order)."""
    return new_state(*fields)


class Draft:
    """The fields of a state, each settable; :meth:`build` makes the state (the source state never changes)."""

    __slots__ = FIELDS

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

    def __init__(self, state: State) -> None:
        (
            self.config,
            self.phase,
            self.omens,
            self.altar,
            self.lit,
            self.taken,
            self.hands,
            self.pushed,
            self.token,
            self.bag,
            self.collected,
            self.kitty_omens,
            self.kitty_steps,
            self.active,
            self.first_player,
            self.portents,
            self.lit_now,
            self.made_portent,
            self.kitty_extra,
            self.kitty_fill,
            self.turns,
            self.reshuffles,
            self.redeals,
            self.winners,
            self.reason,
            self.rng,
            self.recent_events,
        ) = _GET(state)

    def note(self, *events: Event) -> None:
        """Add ``events`` to the draft's ``recent_events``."""
        self.recent_events = (*self.recent_events, *events)

    def note_snuffed(self, before: tuple[bool, ...], after: tuple[bool, ...]) -> None:
        """Add a ``TileSnuffed`` for each Burnt Offering lit ``before`` and unlit ``after``."""
        altar = self.altar
        self.note(
            *[
                tile_snuffed(space, tile)
                for space in range(9)
                if before[space] and not after[space] and (tile := altar[space]) is not None
            ]
        )

    def end(self, winners: tuple[int, ...], reason: EndReason) -> None:
        """End the game: ``winners`` (none -- a draw or a Kitty win) for ``reason``, announced by a ``GameOver``."""
        self.phase, self.winners, self.reason = Phase.OVER, winners, reason
        omens = tuple([len(collected) for collected in self.collected])
        self.note(GameOver(reason, winners, omens, len(self.kitty_omens)))

    def build(self) -> State:
        """The state with the draft's fields."""
        return new_state(
            self.config,
            self.phase,
            self.omens,
            self.altar,
            self.lit,
            self.taken,
            self.hands,
            self.pushed,
            self.token,
            self.bag,
            self.collected,
            self.kitty_omens,
            self.kitty_steps,
            self.active,
            self.first_player,
            self.portents,
            self.lit_now,
            self.made_portent,
            self.kitty_extra,
            self.kitty_fill,
            self.turns,
            self.reshuffles,
            self.redeals,
            self.winners,
            self.reason,
            self.rng,
            self.recent_events,
        )
