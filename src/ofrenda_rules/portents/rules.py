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

from fractions import Fraction
from typing import assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.copying import evolve
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
from ofrenda_rules.portents.kitty import kitty_draw
from ofrenda_rules.portents.setup import apply_setup, seeded_setup, setup_outcomes
from ofrenda_rules.portents.state import Config, Phase, State
from ofrenda_rules.portents.turn import (
    do_light,
    do_place,
    do_push,
    end_scrying,
    finish_player_turn,
    legal_lights,
    legal_places,
    legal_pushes,
    light_rejection,
    place_rejection,
    push_rejection,
)
from ofrenda_rules.rng import Rng

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "hidden_variant",
    "is_over",
    "legal_actions",
    "new_game",
    "validate",
]

_CHANCE_PHASES = (
    Phase.OMENS,
    Phase.ALTAR,
    Phase.RESHUFFLE,
    Phase.HANDS,
    Phase.TOKEN,
    Phase.FIRST_PLAYER,
    Phase.FEED,
    Phase.KITTY,
)


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game.

    With a ``seed`` the setup draws are made at once with the library's
    generator; without one the state waits for them one at a time: the 16
    omens (slot by slot), the 9 altar tiles (space by space, then again from
    the same 9 tiles while the altar shows a Portent), the hands (dealt again
    while one holds three tiles sharing a trait), the Kitty token (solo) and
    the first player (two players). See :mod:`ofrenda_rules.portents.setup`.

    >>> state = new_game(Config(players=1), seed=5)
    >>> state.phase, len(state.hands[0]), len(state.bag)
    (<Phase.PUSH: 'push'>, 3, 3)
    """
    config = Config() if config is None else config
    n = config.players
    state = State(
        config=config,
        phase=Phase.OMENS,
        omens=(None,) * 16,
        altar=(None,) * 9,
        lit=(False,) * 9,
        taken=(),
        hands=((),) * n,
        pushed=(),
        token=None,
        bag=(),
        collected=((),) * n,
        kitty_omens=(),
        kitty_steps=0,
        active=0,
        first_player=0,
        portents=(),
        lit_now=(),
        made_portent=False,
        kitty_extra=False,
        kitty_fill=(),
        turns=0,
        reshuffles=0,
        redeals=0,
        winners=(),
        reason=None,
        rng=None if seed is None else Rng(seed),
    )
    if state.rng is not None:
        state = seeded_setup(state, state.rng)
    return _settle(state)


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` at a draw, or :data:`TERMINAL`.

    In the two-player setup the second player (not the first) lights the
    starting Burnt Offering.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return TERMINAL
    if phase in _CHANCE_PHASES:
        return CHANCE
    if phase is Phase.OFFERING:
        return 1 - state.active
    return state.active


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is Phase.OVER


def _chance_list(state: State) -> tuple[Action, ...]:
    if state.phase in (Phase.FEED, Phase.KITTY):
        return tuple(DrawTile(tile) for tile in state.bag)
    return setup_outcomes(state)


def _chance_weights(state: State) -> ChanceWeights[Action]:
    outcomes = _chance_list(state)
    return outcomes, (1,) * len(outcomes)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the pending draw, each equally likely; empty when no chance event is pending."""
    if current_player(state) != CHANCE:
        return ()
    return probabilities(_chance_weights(state))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase in _CHANCE_PHASES:
        return _chance_list(state)
    if phase is Phase.PUSH:
        return legal_pushes(state)
    if phase is Phase.PLACE:
        return legal_places(state)
    if phase is Phase.LIGHT:
        return tuple(Light(space) for space in legal_lights(state))
    if phase is Phase.OFFERING:
        return tuple(Light(space) for space in range(9))
    if phase is Phase.SACRIFICE:
        return tuple(Sacrifice(tile) for tile in state.hands[state.active])
    raise AssertionError(f"unknown phase {phase}")  # pragma: no cover


_ACTION_TYPES: tuple[type, ...] = (DrawOmen, DrawTile, ChooseFirst, Push, Place, Pass, Light, Sacrifice)

_EXPECTS = {
    Phase.PUSH: "a push",
    Phase.PLACE: "a tile placed from hand",
    Phase.LIGHT: "a Burnt Offering lit for a new Portent",
    Phase.OFFERING: "the second player's starting Burnt Offering",
    Phase.SACRIFICE: "a hand tile sacrificed to the Kitty",
}


def validate(state: State, action: Action) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not."""
    phase = state.phase
    if phase is Phase.OVER:
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
        if phase is not Phase.PUSH:
            return _wrong_phase(state, action)
        return push_rejection(state, action)
    if isinstance(action, Pass):
        if phase is not Phase.PUSH:
            return _wrong_phase(state, action)
        if legal_pushes(state) != (Pass(),):
            return Rejection("push-available", f"player {seat} has a legal push and must push")
        return None
    if isinstance(action, Place):
        if phase is not Phase.PLACE:
            return _wrong_phase(state, action)
        return place_rejection(state, action)
    if isinstance(action, Light):
        if phase is Phase.OFFERING:
            if type(action.space) is not int or not 0 <= action.space < 9:
                return Rejection("no-such-space", f"the altar's spaces are 0 to 8, not {action.space!r}")
            return None
        if phase is not Phase.LIGHT:
            return _wrong_phase(state, action)
        return light_rejection(state, action.space)
    if isinstance(action, Sacrifice):
        if phase is not Phase.SACRIFICE:
            return _wrong_phase(state, action)
        if action.tile not in state.hands[state.active]:
            return Rejection("tile-not-in-hand", f"{action.tile} is not in player {seat}'s hand")
        return None
    assert_never(action)


def _wrong_phase(state: State, action: Action) -> Rejection:
    return Rejection(
        "wrong-step",
        f"player {current_player(state)} must now make {_EXPECTS[state.phase]}, not {type(action).__name__}",
    )


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    return _settle(_apply_unchecked(state, action))


def _settle(state: State) -> State:
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _apply_unchecked(state: State, action: Action) -> State:
    phase = state.phase
    if isinstance(action, DrawOmen):
        return apply_setup(state, action)
    if isinstance(action, ChooseFirst):
        return apply_setup(state, action)
    if isinstance(action, DrawTile):
        if phase is Phase.KITTY:
            return kitty_draw(state, action.tile)
        if phase is Phase.FEED:
            return _feed(state, action.tile)
        return apply_setup(state, action)
    if isinstance(action, Push):
        return do_push(state, action)
    if isinstance(action, Place):
        return do_place(state, action)
    if isinstance(action, Pass):
        return end_scrying(state)
    if isinstance(action, Light):
        if phase is Phase.OFFERING:
            lit = state.lit[: action.space] + (True,) + state.lit[action.space + 1 :]
            return evolve(state, lit=lit, phase=Phase.PUSH)
        return do_light(state, action.space)
    if isinstance(action, Sacrifice):
        hand = tuple(t for t in state.hands[0] if t is not action.tile)
        return evolve(state, hands=(hand,), pushed=(action.tile,), phase=Phase.FEED)
    assert_never(action)


def _feed(state: State, tile: Sign) -> State:
    hand = tuple(sorted((*state.hands[0], tile)))
    bag = tuple(sorted((*(t for t in state.bag if t is not tile), *state.pushed)))
    return finish_player_turn(evolve(state, hands=(hand,), bag=bag, pushed=()))


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    Portents hides nothing but the generator (hands are played face up, and
    the bag's contents follow from what is visible), so only the generator
    of a seeded game is replaced.
    """
    if state.rng is None:
        return state
    return evolve(state, rng=Rng(rng.next_u64()[0]))
