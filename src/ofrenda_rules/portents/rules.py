"""The rules of Portents: the public contract (legal actions, validation, transitions).

>>> from ofrenda_rules.portents import Config, Light, new_game, legal_actions, apply, current_player
>>> state = new_game(Config(), seed=11)
>>> state.phase, current_player(state) == 1 - state.first_player
(<Phase.OFFERING: 'offering'>, True)
>>> state = apply(state, Light(4))
>>> state.phase, current_player(state) == state.first_player
(<Phase.PUSH: 'push'>, True)
>>> state = apply(state, legal_actions(state)[0])
>>> state.phase
<Phase.PLACE: 'place'>
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Final, Protocol, assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, settle
from ofrenda_rules.copying import evolve, replacer
from ofrenda_rules.errors import IllegalActionError, Rejection
from ofrenda_rules.portents.actions import (
    Action,
    ChooseFirst,
    DrawOmen,
    DrawTile,
    Light,
    Pass,
    Place,
    Push,
    Sacrifice,
)
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.draft import Draft
from ofrenda_rules.portents.events import Event, PushPassed, ReplacementDrawn, TileSacrificed, offering_lit
from ofrenda_rules.portents.kitty import kitty_draw_draft, kitty_draws
from ofrenda_rules.portents.setup import apply_setup, setup_outcomes
from ofrenda_rules.portents.start import new_game
from ofrenda_rules.portents.state import Config, Memo, Phase, State  # noqa: F401 -- Config: for the examples
from ofrenda_rules.portents.tables import DRAW_TILES, LIGHTS, ONE_IN, PASS, PUSH_SERIAL, SACRIFICES
from ofrenda_rules.portents.turn import (
    do_light,
    do_push,
    finish_turn_draft,
    last_place_draft,
    legal_lights,
    legal_places,
    legal_pushes,
    light_draft,
    light_rejection,
    one_empty_space,
    place_rejection,
    place_tile,
    push_options,
    push_rejection,
    scry_draft,
)
from ofrenda_rules.rng import Draws, Rng

# Enum members bound once: ``Phase.X`` costs a metaclass lookup (~0.2 µs on CPython 3.11) at each use.
_ALTAR: Final = Phase.ALTAR
_FEED: Final = Phase.FEED
_FIRST_PLAYER: Final = Phase.FIRST_PLAYER
_HANDS: Final = Phase.HANDS
_KITTY: Final = Phase.KITTY
_LIGHT: Final = Phase.LIGHT
_OFFERING: Final = Phase.OFFERING
_OMENS: Final = Phase.OMENS
_OVER: Final = Phase.OVER
_PLACE: Final = Phase.PLACE
_PUSH: Final = Phase.PUSH
_RESHUFFLE: Final = Phase.RESHUFFLE
_SACRIFICE: Final = Phase.SACRIFICE
_TOKEN: Final = Phase.TOKEN

__all__ = ["apply", "chance_outcomes", "current_player", "is_over", "legal_actions", "step"]
__all__ += ["hidden_variant", "new_game", "validate"]

_INDEX: Final = operator.attrgetter("index")
_offering_lit: Final = replacer(State, ("lit", "recent_events"), {"phase": Phase.PUSH})
"""The state after the second player's starting Burnt Offering."""
_CHANCE_PHASES = (
    _OMENS,
    _ALTAR,
    _RESHUFFLE,
    _HANDS,
    _TOKEN,
    _FIRST_PLAYER,
    _FEED,
    _KITTY,
)


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` at a draw, or :data:`TERMINAL`.

    In the two-player setup the second player (not the first) lights the
    starting Burnt Offering.
    """
    phase = state.phase
    if phase is _PLACE or phase is _PUSH or phase is _LIGHT:
        return state.active
    if phase is _OVER:
        return TERMINAL
    if phase in _CHANCE_PHASES:
        return CHANCE
    if phase is _OFFERING:
        return 1 - state.active
    return state.active


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


def _chance_list(state: State) -> tuple[Action, ...]:
    if state.phase in (_FEED, _KITTY):
        return tuple([DRAW_TILES[tile.index] for tile in state.bag])
    return setup_outcomes(state)


def _chance_weights(state: State) -> ChanceWeights[Action]:
    outcomes = _chance_list(state)
    return outcomes, (1,) * len(outcomes)


def _chance_pairs(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The pending draw's outcomes with their probability (one of the shared fractions)."""
    outcomes = _chance_list(state)
    probability = ONE_IN[len(outcomes)]
    return tuple([(outcome, probability) for outcome in outcomes])


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the pending draw, each equally likely; empty when no chance event is pending."""
    memo = state._memo
    if memo is not None and memo[2] is not None:
        return memo[2]
    if current_player(state) != CHANCE:
        return ()
    pairs = _chance_pairs(state)
    _remember(state, (None, None, pairs) if memo is None else (memo[0], memo[1], pairs))
    return pairs


def _remember(state: State, memo: Memo) -> None:
    """Keep what was listed for ``state`` (a private field, not part of the state's value)."""
    _set_memo(state, memo)


_set_memo: Final = vars(State)["_memo"].__set__
"""The slot's own setter (what ``object.__setattr__`` ends up calling, without the name lookup)."""


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order."""
    memo = state._memo
    if memo is not None and memo[0] is not None:
        return memo[0]
    actions, bits = _list(state)
    _set_memo(state, (actions, bits, None) if memo is None else (actions, bits, memo[2]))  # (as _remember)
    return actions


def _list(state: State) -> tuple[tuple[Action, ...], int | None]:
    """The legal actions, and for pushes their bit mask of serial numbers."""
    phase = state.phase
    if phase is _PUSH:
        return push_options(state)
    if phase is _PLACE:
        return legal_places(state), None
    if phase is _LIGHT:
        return tuple([LIGHTS[space] for space in legal_lights(state)]), None
    if phase is _OVER:
        return (), None
    if phase in _CHANCE_PHASES:
        return tuple([action for action, _ in _chance_pairs(state)]), None
    if phase is _OFFERING:
        return LIGHTS, None
    if phase is _SACRIFICE:
        return tuple([SACRIFICES[tile.index] for tile in state.hands[state.active]]), None
    raise AssertionError(f"unknown phase {phase}")  # pragma: no cover


def _listed(state: State, action: object) -> bool:
    """Whether ``action`` is one of the very objects listed for ``state`` (by identity, so exactly legal).

    Only what ``legal_actions`` or ``chance_outcomes`` already listed for this
    state is consulted; anything else takes the full validation.
    """
    memo = state._memo
    if memo is None:
        return False
    bits = memo[1]
    if bits is not None:  # pushes, as serial numbers of the interned pushes (0: only the pass)
        serial = PUSH_SERIAL.get(id(action))
        if serial is not None:
            return bool(bits >> serial & 1)
        listed_pushes = memo[0]
        return action is PASS and listed_pushes is not None and listed_pushes[-1] is PASS
    listed = memo[0]
    if listed is None:  # only the chance outcomes were listed
        assert memo[2] is not None
        for candidate, _ in memo[2]:  # noqa: SIM110 -- a loop is cheaper than any() over a generator (CPython 3.11)
            if candidate is action:
                return True
        return False
    for candidate in listed:  # noqa: SIM110 -- by identity, in a loop: cheaper than any() or a map of ids
        if candidate is action:
            return True
    return False


_ACTION_TYPES: tuple[type, ...] = (DrawOmen, DrawTile, ChooseFirst, Push, Place, Pass, Light, Sacrifice)

_EXPECTS = {
    _PUSH: "a push",
    _PLACE: "a tile placed from hand",
    _LIGHT: "a Burnt Offering lit for a new Portent",
    _OFFERING: "the second player's starting Burnt Offering",
    _SACRIFICE: "a hand tile sacrificed to the Kitty",
}


class _GivenSpace(Protocol):
    """A ``Light`` as a caller gave it: its space read as a plain object.

    Read through a protocol whose field is an ``object``, in the compiled build
    the field is fetched as it is; read as ``Light.space`` it would be checked
    against its declared ``int`` on reading, and ``True`` taken for 1.
    """

    @property
    def space(self) -> object:
        """The space, whatever it is."""
        ...


class _GivenTile(Protocol):
    """A ``Sacrifice`` as a caller gave it: its tile read as a plain object (as :class:`_GivenSpace`)."""

    @property
    def tile(self) -> object:
        """The tile, whatever it is."""
        ...


def validate(state: State, action: Action) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not.

    An action that is one of the objects ``legal_actions`` (or
    ``chance_outcomes``) returned for this very state is legal at once; any
    other action is checked rule by rule.
    """
    if _listed(state, action):
        return None
    phase = state.phase
    if phase is _OVER:
        return Rejection("game-over", "the game is over; no action can be taken")
    if not isinstance(action, _ACTION_TYPES):
        return Rejection("not-an-action", f"{action!r} is not a Portents action")
    chance_action = isinstance(action, DrawOmen | DrawTile | ChooseFirst)
    if phase in _CHANCE_PHASES:
        if not chance_action:
            return Rejection("chance-event-pending", f"a draw ({phase.value}) must be resolved first, not {action!r}")
        if action not in _chance_list(state):
            return Rejection("not-a-possible-draw", f"{action!r} is not a possible outcome of the {phase.value} draw")
        return None
    if isinstance(action, DrawOmen | DrawTile | ChooseFirst):
        return Rejection("not-a-chance-event", f"no draw is pending; the game waits for {_EXPECTS[phase]}")
    seat = current_player(state)
    if isinstance(action, Push):
        if phase is not _PUSH:
            return _wrong_phase(state, action)
        return push_rejection(state, action)
    if isinstance(action, Pass):
        if phase is not _PUSH:
            return _wrong_phase(state, action)
        if Pass() not in legal_pushes(state):
            return Rejection("push-available", f"player {seat} has a legal push and must push")
        return None
    if isinstance(action, Place):
        if phase is not _PLACE:
            return _wrong_phase(state, action)
        return place_rejection(state, action)
    if isinstance(action, Light):
        if phase is _OFFERING:
            given_space: _GivenSpace = action  # its field read as the plain object the caller gave
            space = given_space.space
            if type(space) is not int or not 0 <= space < 9:
                return Rejection("no-such-space", f"the altar's spaces are 0 to 8, not {space!r}")
            return None
        if phase is not _LIGHT:
            return _wrong_phase(state, action)
        lit: _GivenSpace = action  # as above
        return light_rejection(state, lit.space)
    if isinstance(action, Sacrifice):
        if phase is not _SACRIFICE:
            return _wrong_phase(state, action)
        given_tile: _GivenTile = action  # as above
        tile = given_tile.tile
        if tile not in state.hands[state.active]:
            return Rejection("tile-not-in-hand", f"{tile} is not in player {seat}'s hand")
        return None
    assert_never(action)


def _wrong_phase(state: State, action: Action) -> Rejection:
    return Rejection(
        "wrong-step",
        f"player {current_player(state)} must now make {_EXPECTS[state.phase]}, not {type(action).__name__}",
    )


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    In a seeded game the draws that follow (the Kitty's, Feed the Cat's) are
    made inside ``apply``, exactly as the kernel's ``settle`` makes them one
    event at a time (a test checks the two agree), on the one new state.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    after = _step(state, action, draw=True)
    phase = after.phase
    if phase is _PUSH or phase is _PLACE or phase is _LIGHT or phase is _OVER:  # (the usual phases, first)
        return after
    if after.rng is not None and phase in _CHANCE_PHASES:  # (current_player gives CHANCE exactly there)
        return _settle(after)  # a seeded state made by hand in the middle of the setup
    return after


_CHANCE_ACTIONS: Final = (DrawOmen, DrawTile, ChooseFirst)


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` (exactly :func:`apply`'s) and the events of this step.

    The events of a decision are the new state's ``recent_events``; a chance
    outcome adds its events to those already there, and only those are
    returned. A seeded game's draws made inside the step are its events too.

    >>> from ofrenda_rules.portents import Config, legal_actions, new_game
    >>> state = new_game(Config(players=1), seed=5)
    >>> state, events = step(state, legal_actions(state)[0])
    >>> [type(event).__name__ for event in events]
    ['TilesPushed']

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    after = apply(state, action)
    if isinstance(action, _CHANCE_ACTIONS):
        return after, after.recent_events[len(state.recent_events) :]
    return after, after.recent_events


def _settle(state: State) -> State:
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _apply_unchecked(state: State, action: Action) -> State:
    """The state after one legal event (a decision or one chance outcome), stopping at the next draw."""
    return _step(state, action, draw=False)


def _step(state: State, action: Action, draw: bool) -> State:
    """The state after a legal ``action``; with ``draw``, a seeded game's bag draws that follow are made too."""
    phase = state.phase
    if isinstance(action, Place):
        if not one_empty_space(state.altar):
            return place_tile(state, action)
        draft = Draft(state)
        draft.recent_events = ()
        last_place_draft(draft, action)
    elif isinstance(action, Push):
        return do_push(state, action)
    elif isinstance(action, Light):
        if phase is _OFFERING:
            space = action.space
            tile = state.altar[space]
            assert tile is not None
            lit = (*state.lit[:space], True, *state.lit[space + 1 :])
            return _offering_lit(state, lit, (offering_lit(1 - state.active, space, tile),))
        if len(state.lit_now) + 1 < len(state.portents):
            return do_light(state, action.space)
        draft = Draft(state)
        draft.recent_events = ()
        light_draft(draft, action.space)
    elif isinstance(action, Pass):
        draft = Draft(state)
        draft.recent_events = (PushPassed(state.active),)
        scry_draft(draft)  # Scrying as usual (ruling 7): a Portent the last snuff left standing is found
    elif isinstance(action, Sacrifice):
        draft = Draft(state)
        draft.recent_events = (TileSacrificed(action.tile),)
        draft.hands = (tuple([t for t in state.hands[0] if t is not action.tile]),)
        draft.pushed = (action.tile,)
        draft.phase = _FEED
    elif isinstance(action, DrawTile) and (phase is _KITTY or phase is _FEED):
        draft = Draft(state)
        _draw(draft, action.tile)
    elif isinstance(action, DrawOmen | DrawTile | ChooseFirst):
        return apply_setup(state, action)
    else:
        assert_never(action)
    if draw and draft.rng is not None and (draft.phase is _KITTY or draft.phase is _FEED):
        _draw_seeded(draft)  # (no generator copy when no bag draw is pending)
    return draft.build()


def _draw(draft: Draft, tile: Sign) -> None:
    """A tile drawn from the bag: the Kitty's, or Feed the Cat's replacement."""
    if draft.phase is _KITTY:
        kitty_draw_draft(draft, tile)
    else:
        _feed(draft, tile)


def _draw_seeded(draft: Draft) -> None:
    """Make the pending bag draws with the draft's generator, as ``settle`` would.

    ``settle`` draws ``Rng.choose`` over equal weights, in the order of
    ``legal_actions`` (the bag's order), which is ``Rng.below(len(bag))``,
    and draws nothing for a single outcome.
    """
    assert draft.rng is not None
    draws = Draws(draft.rng)
    while True:
        phase = draft.phase
        if phase is _KITTY:
            kitty_draws(draft, draws.below)
        elif phase is _FEED:
            bag = draft.bag
            _feed(draft, bag[draws.below(len(bag)) if len(bag) > 1 else 0])
        else:
            break
    if draws.counter != draft.rng.counter:
        draft.rng = draws.rng()


def _feed(draft: Draft, tile: Sign) -> None:
    draft.recent_events += (ReplacementDrawn(tile),)
    draft.hands = (tuple(sorted((*draft.hands[0], tile), key=_INDEX)),)
    draft.bag = tuple(sorted((*(t for t in draft.bag if t is not tile), *draft.pushed), key=_INDEX))
    draft.pushed = ()
    finish_turn_draft(draft)


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    Portents hides nothing but the generator (hands are played face up, and
    the bag's contents follow from what is visible), so only the generator
    of a seeded game is replaced. The recent events stay: each shows only what
    lay face up on the table (see :func:`~ofrenda_rules.portents.events.event_seen_by`).
    """
    if state.rng is None:
        return state
    return evolve(state, rng=Rng(rng.next_u64()[0]))
