"""Setting up a game of Portents: :func:`new_game` (re-exported by :mod:`ofrenda_rules.portents.rules`).

It lives apart from the rules so that it is never compiled: the compiled
build (``docs/performance.md``) checks a compiled function's arguments
against their declared types on entry, and a seed that is not an integer
must be refused by the generator with :class:`~ofrenda_rules.errors.ConfigError`,
as in the pure build, not with a ``TypeError``.

>>> new_game(Config(players=1), seed=1.5)
Traceback (most recent call last):
...
ofrenda_rules.errors.ConfigError: seed must be an integer in [0, 2**64), not 1.5
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.portents.draft import new_state
from ofrenda_rules.portents.setup import seeded_setup
from ofrenda_rules.portents.state import Config, Phase, State
from ofrenda_rules.rng import Rng

__all__ = ["new_game"]

_OMENS: Final = Phase.OMENS


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
    rng = None if seed is None else Rng(seed)
    # Positionally, in FIELDS order (a test checks new_state against State): the blank table before the setup.
    state = new_state(
        config,
        _OMENS,
        _NO_OMENS,
        _EMPTY_ALTAR,
        _UNLIT,
        (),
        ((),) * n,
        (),
        None,
        (),
        ((),) * n,
        (),
        0,
        0,
        0,
        (),
        (),
        False,
        False,
        (),
        0,
        0,
        0,
        (),
        None,
        rng,
        (),
    )
    if rng is not None:
        return seeded_setup(state, rng)  # (it stops at the first decision: nothing for settle to draw)
    return state


_NO_OMENS: Final = (None,) * 16
_EMPTY_ALTAR: Final = (None,) * 9
_UNLIT: Final = (False,) * 9
