"""Setting up a game of Ofrendados: :func:`new_game` (re-exported by its ``rules`` module).

Never compiled, so that a seed that is not an integer is refused by the
generator with :class:`~ofrenda_rules.errors.ConfigError` in both builds
(``docs/performance.md``): a compiled function would raise ``TypeError`` on
entry instead, or take ``True`` for 1.

>>> new_game(Config(players=2), seed="7")
Traceback (most recent call last):
...
ofrenda_rules.errors.ConfigError: seed must be an integer in [0, 2**64), not '7'
"""

from __future__ import annotations

from ofrenda_rules.ofrendados.events import RoundStarted
from ofrenda_rules.ofrendados.moves import NextState
from ofrenda_rules.ofrendados.state import Board, Config, Phase, State
from ofrenda_rules.rng import Rng

__all__ = ["new_game"]


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game: empty sheets, the Calaveritas shuffled, seat 0 first.

    With a ``seed`` the chance events (card reveals, die rolls) are resolved
    at once with the library's generator; without one the state waits for
    :class:`~ofrenda_rules.ofrendados.RevealCard` and :class:`~ofrenda_rules.ofrendados.RollDie` outcomes. The state's
    ``recent_events`` tell the setup: the first round begins, and in a seeded
    game its Calaveritas are revealed and its dice rolled.

    >>> state = new_game(Config(players=2), seed=5)
    >>> state.phase, len(state.market) > 0
    (<Phase.DRAFT: 'draft'>, True)
    """
    config = Config() if config is None else config
    n = config.players
    edition = config.edition
    board = Board(sheet=(None,) * edition.sheet.size, flowers=(), pesos=0, cards=())
    state = State(
        config=config,
        round=0,
        first_player=0,
        phase=Phase.OPEN,
        deck=edition.card_ids,
        market=(),
        discard=(),
        refill=False,
        rolled=(),
        pool=(),
        picks=0,
        drafted=((),) * n,
        acted=0,
        turn_done=False,
        dice_left=(),
        rerolling=None,
        powers_used=(),
        pending=(),
        boards=(board,) * n,
        rng=None if seed is None else Rng(seed),
    )
    step = NextState(state)
    step.events.append(RoundStarted(1, 0))
    step.proceed()
    step.settle()
    step.recent_events = tuple(step.events)
    return step.freeze()
