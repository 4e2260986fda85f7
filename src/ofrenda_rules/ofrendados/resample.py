"""Resampling an Ofrendados state for search: redraw only what nobody knows.

Ofrendados hides nothing from any seat (its ``GameInfo`` declares no hidden
information): the sheets, the Path, the money, the bought and discarded
Calaveritas, the market and every die lie open. What nobody knows is the
future:

* the order of the face-down Calaveritas -- which the state never stores: the
  deck is kept as a sorted set, and each reveal (a round's three, a refill
  after a purchase) is a chance event over the cards of that set, equally
  likely;
* the dice still to be rolled (next rounds, a reroll) -- chance events too;
* in a seeded game, the generator that will resolve those chance events.

No card is ever looked at and put back, and nothing is dealt face down, so
the only constraint the history sets is what the state already shows (cards
revealed, bought, discarded; dice rolled, drafted, used). The states
consistent with all a seat has observed are therefore the given state with
any generator: ``resample`` keeps every field and, in a seeded game,
draws a fresh generator from ``rng`` (a uniform 64-bit seed), so every future
reveal and roll is drawn afresh, each card of the deck and each face equally
likely. An unseeded state is returned as it is (its chance events wait for
the caller); that is the single consistent state.

>>> from ofrenda_rules.ofrendados import Config, new_game, observe
>>> from ofrenda_rules.rng import Rng
>>> state = new_game(Config(players=2), seed=3)
>>> drawn = resample(state, 0, Rng(9))
>>> observe(drawn, 0) == observe(state, 0)  # what the seat sees is the same
True
>>> drawn.rng != state.rng  # what comes next is drawn afresh
True
"""

from __future__ import annotations

from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import ConfigError, check_seat
from ofrenda_rules.ofrendados.state import State
from ofrenda_rules.rng import Rng

__all__ = ["resample"]


def resample(state: State, player: int, rng: Rng) -> State:
    """A state drawn uniformly from those consistent with all that ``player`` has observed.

    Only the generator of a seeded game is redrawn (from ``rng``); everything
    else is known to every seat (see the module docstring). The state's own
    generator is never read, so the result depends only on what ``player``
    knows and on ``rng``.

    Raises:
        ConfigError: ``player`` is not a seat of the game, or ``state`` is not an Ofrendados state.

    """
    if not isinstance(state, State):
        raise ConfigError(f"expected an ofrendados State, not {type(state).__name__}")
    check_seat(player, state.config.players)
    if state.rng is None:
        return state
    return evolve(state, rng=Rng(rng.next_u64()[0]))
