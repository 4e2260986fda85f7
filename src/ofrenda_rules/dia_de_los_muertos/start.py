"""Setting up a game of Día de los Muertos: :func:`new_game` (re-exported by its ``rules`` module).

It lives apart from the rules so that it is never compiled: the compiled
build (``docs/performance.md``) checks a compiled function's arguments
against their declared types on entry, and a seed that is not an integer
must be refused by the generator with :class:`~ofrenda_rules.errors.ConfigError`,
as in the pure build, not with a ``TypeError`` (nor taken, as ``True``, for 1).

>>> new_game(Config(players=4), seed="7")
Traceback (most recent call last):
...
ofrenda_rules.errors.ConfigError: seed must be an integer in [0, 2**64), not '7'
"""

from __future__ import annotations

from ofrenda_rules.dia_de_los_muertos.state import Config, State
from ofrenda_rules.dia_de_los_muertos.tables import tables
from ofrenda_rules.dia_de_los_muertos.transitions import seeded_deal
from ofrenda_rules.rng import Rng

__all__ = ["new_game"]


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game: the 60 cards shuffled, ready to deal.

    With a ``seed`` the deal is made at once with the library's generator;
    without one the state waits for :class:`~ofrenda_rules.dia_de_los_muertos.DealCard`
    chance outcomes, one card at a time, clockwise from seat 0 (the player to the
    left of the dealer), who then leads the first trick.

    >>> state = new_game(Config(players=3), seed=11)
    >>> [len(hand) for hand in state.hands]
    [15, 15, 15]
    """
    config = Config() if config is None else config
    t = tables(config)
    state = State(
        config=config,
        hands=t.empty_hands,
        stock=t.deck.cards,
        dealt=0,
        in_front=t.empty_front,
        leader=0,
        lead_card=None,
        high_low=None,
        to_play=0,
        taking=False,
        piles=t.empty_hands,
        set_aside=(),
        tricks=0,
        over=False,
        rng=None if seed is None else Rng(seed),
    )
    if state.rng is None:
        return state
    # The generator deals every card at once, as the rules' settling would one card at a time; once dealt, a seat
    # leads, so no chance event is left to settle.
    return seeded_deal(state, t, state.rng)
