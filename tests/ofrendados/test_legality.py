"""legal_actions is exactly the set of actions validate accepts, over whole games with every card kind."""

from __future__ import annotations

import itertools

import attrs
import pytest

from ofrenda_rules.ofrendados import (
    Action,
    BuyCard,
    Colour,
    Config,
    DrawObject,
    Pass,
    RerollDie,
    RevealCard,
    RewriteObject,
    RollDie,
    State,
    TakeDie,
    TurnDie,
    UseDie,
    apply,
    is_over,
    legal_actions,
    new_game,
    validate,
)
from ofrenda_rules.rng import Rng

POWER_CARDS = (16, 17, 18, 19, 20)


def _candidates(state: State) -> list[Action]:
    """Every action of every kind with values in and just outside their ranges."""
    size = state.config.edition.sheet.size
    actions: list[Action] = [Pass()]
    actions += [RevealCard(c) for c in range(32)]
    actions += [RollDie(p) for p in range(8)]
    for colour, pips in itertools.product(Colour, range(8)):
        actions += [TakeDie(colour, pips), UseDie(colour, pips), UseDie(colour, pips, as_money=True)]
        for card in (1, *POWER_CARDS):
            actions.append(RerollDie(card, colour, pips))
            actions += [TurnDie(card, colour, pips, to) for to in range(8)]
    actions += [DrawObject(c) for c in range(-1, size + 1)]
    actions += [RewriteObject(c) for c in range(-1, size + 1)]
    actions += [BuyCard(c) for c in range(32)]
    return actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_are_exactly_the_actions_that_validate(players: int) -> None:
    """Nothing legal is missing from legal_actions and nothing illegal is in it.

    Unseeded, so that the chance events are checked too; seat 0 starts with every die-power card so that
    turns and rerolls are exercised.
    """
    state = new_game(Config(players=players, repeat_purchases=players == 3))
    state = attrs.evolve(
        state,
        deck=tuple(c for c in state.deck if c not in POWER_CARDS),
        market=tuple(c for c in state.market if c not in POWER_CARDS),
        boards=(attrs.evolve(state.boards[0], cards=POWER_CARDS), *state.boards[1:]),
    )
    rng = Rng(players)
    step = 0
    while not is_over(state):
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal)
        if step % 4 == 0:
            accepted = [a for a in _candidates(state) if validate(state, a) is None]
            assert set(accepted) == set(legal), state.phase
        index, rng = rng.choose([1] * len(legal))
        state = apply(state, legal[index])
        step += 1
