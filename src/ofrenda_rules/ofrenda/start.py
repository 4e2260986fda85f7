"""Setting up a game of Ofrenda: :func:`new_game` (re-exported by :mod:`ofrenda_rules.ofrenda.rules`).

It lives apart from the rules so that it is never compiled: the compiled
build (``docs/performance.md``) checks a compiled function's arguments
against their declared types on entry, and a seed that is not an integer
must be refused by the generator with :class:`~ofrenda_rules.errors.ConfigError`,
as in the pure build, not with a ``TypeError``.

>>> new_game(Config(players=2), seed="7")
Traceback (most recent call last):
...
ofrenda_rules.errors.ConfigError: seed must be an integer in [0, 2**64), not '7'
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.ofrenda.advance import resolve_setup
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config, Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.turn import do_next_setup
from ofrenda_rules.ofrenda.work import Work
from ofrenda_rules.rng import Rng

__all__ = ["new_game"]

_SETUP_MARKET: Final = Phase.SETUP_MARKET


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game; with a ``seed`` every draw and roll is made at once.

    Portraits marked for more players go back to the box (the solo mode uses
    the 2-player deck, less 3 removed unseen, and no multiplayer-only
    candles). Seat 0 is the starting player; in the solo mode the Abuela
    plays first. Without a seed the state waits for each draw: the solo
    removals, the goal cards, 4 portraits and 4 candles for the Family board,
    then the hands, 3 portraits each.

    >>> state = new_game(Config(players=4), seed=1)
    >>> len(state.deck), state.market_marigolds, [len(hand) for hand in state.hands]
    (49, (0, 0, 0, 0), [3, 3, 3, 3])
    >>> new_game(Config(players=1)).phase
    Phase.SETUP_REMOVE
    """
    config = Config() if config is None else config
    rng = None if seed is None else Rng(seed)
    w = Work(_first_state(config))
    w.rng = rng
    if rng is None:
        do_next_setup(w)
    else:
        resolve_setup(w)
    return w.build()


_FIRST: dict[int, tuple[Config, State]] = {}
_MOST_CONFIGS: Final = 64


def _first_state(config: Config) -> State:
    """The state before any setup step (no generator), kept per config object for the next games."""
    known = _FIRST.get(id(config))
    if known is not None and known[0] is config:
        return known[1]
    edition = config.edition
    n = config.players
    deck_players = max(n, 2)
    deck = tuple(p.id for p in edition.portraits if p.players <= deck_players)
    box = tuple(p.id for p in edition.portraits if p.players > deck_players)
    bag = tuple(c.id for c in edition.candles if not (config.solo and c.multiplayer_only))
    candle_box = tuple(c.id for c in edition.candles if config.solo and c.multiplayer_only)
    slots = len(edition.board.offering_slots)
    cards = len(edition.coordinates)
    board = PlayerBoard(
        portraits=(None,) * cards,
        lit=(False,) * cards,
        marigold_slots=(False,) * slots,
        candle_slots=(None,) * slots,
        candle_lit=(False,) * slots,
        marigolds=3,
        candles=(),
        discards=(),
        goals_met=(),
        tokens=(),
        turns=0,
    )
    state = State(
        config=config,
        phase=_SETUP_MARKET,
        seat=0,
        abuela=False,
        deck=deck,
        box=box,
        removed=(),
        abuela_discards=(),
        market=(None,) * MARKET_SIZE,
        market_marigolds=(0,) * MARKET_SIZE,
        candle_market=(None,) * MARKET_SIZE,
        bag=bag,
        candle_box=candle_box,
        candle_discards=(),
        supply=config.marigold_total - 3 * n,
        hands=((),) * n,
        boards=(board,) * n,
        goals=(),
        stacks=(),
        unused_tokens=tuple(t.id for t in edition.tokens),
        taken_space=None,
        candle_space=None,
        pending=(),
        die=None,
        rng=None,
    )
    if len(_FIRST) >= _MOST_CONFIGS:
        _FIRST.clear()
    _FIRST[id(config)] = (config, state)
    return state
