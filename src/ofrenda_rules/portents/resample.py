"""Resampling a Portents state for search: what no seat knows, drawn afresh.

Portents hides nothing from one seat that another sees: hands are played face
up, the omens lie face up, and every tile drawn from the bag goes face up at
once. The one thing nobody knows is the *future*: which tile the next draw
from the bag (or, during the set-up, from the box) will be. The state holds
no hidden order -- the bag and the hands are kept sorted, and the bag's
contents follow from what is visible (the 16 tiles less those on the altar,
in the hands, pushed this turn and on the Kitty token) -- so the future lives
only in the seeded generator, when there is one.

:func:`resample` therefore draws uniformly from a set with a single state in
it, up to its generator: it returns the given state with a fresh generator
drawn from ``rng`` (a seeded state), or the state itself (an unseeded state,
whose chance events the caller resolves). Everything a seat has observed --
the altar, the lit offerings, the hands, the omens on the ring and in each
collection, the Kitty's slot and steps, the bag's size and the recent events
-- stays as it is, so every constraint of the history is honoured trivially:
there is nothing else it could be.

>>> from ofrenda_rules.portents import Config, new_game, observe
>>> from ofrenda_rules.rng import Rng
>>> state = new_game(Config(players=1), seed=4)
>>> drawn = resample(state, 0, Rng(7))
>>> observe(drawn, 0) == observe(state, 0), drawn.rng != state.rng
(True, True)
>>> resample(new_game(Config(), None), 1, Rng(7)) == new_game(Config(), None)
True
"""

from __future__ import annotations

from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import check_seat
from ofrenda_rules.portents.state import State
from ofrenda_rules.rng import Rng

__all__ = ["resample"]


def resample(state: State, player: int, rng: Rng) -> State:
    """A state drawn uniformly from those consistent with all that ``player`` has observed.

    In Portents that is ``state`` itself, with a fresh generator drawn from
    ``rng`` when it is seeded (so every future draw is drawn afresh) and
    unchanged when it is not (see the module docstring). The result depends
    only on what ``player`` sees and on ``rng``: the given generator is never
    read.

    Raises:
        ConfigError: ``player`` is not a seat of the game.

    """
    check_seat(player, state.config.players)
    if state.rng is None:
        return state
    seed, _ = rng.next_u64()
    return evolve(state, rng=Rng(seed))
