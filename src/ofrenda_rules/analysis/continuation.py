"""Continue from here: a new game from any step of a replay, with what a seat could not see drawn afresh."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ofrenda_rules.analysis.core import AnalysisError, check_seat, replay_states
from ofrenda_rules.bots import Bot, bot_seed, make_bot
from ofrenda_rules.bots.playout import random_move
from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replays import AnyReplay
from ofrenda_rules.rng import MASK64, Rng

__all__ = ["Continuation", "continue_from", "play_on", "position_at"]


def position_at(replay: AnyReplay, step: int) -> Any:
    """The true state after step ``step`` of ``replay`` (``0``: the set-up; undo steps followed).

    Raises:
        AnalysisError: for a step the replay does not have, or one the rules refuse.
    """
    count = len(replay.steps)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= count:
        raise AnalysisError(f"step {step!r}: the replay has steps 0 (the set-up) to {count}")
    game = get_game(replay.game)
    state = game.new_game(replay.config, replay.seed)
    for number, _, _, _, after in replay_states(replay) if step else ():
        state = after
        if number == step:
            break
    return state


def continue_from(replay: AnyReplay, step: int, seat: int, seed: int) -> Any:
    """A state to play on from: the table after step ``step`` as ``seat`` (0-based) knew it, the rest drawn afresh.

    What ``seat`` could not see at that point -- other hands, the order of
    decks and bags, future draws -- is drawn by the game's ``resample`` with a
    generator seeded by ``seed``, consistent with all that ``seat`` observed
    (its view of the new state equals its view of the replay's). A seeded
    replay gives a seeded state with a fresh generator; an unseeded one stays
    unseeded (its chance events wait for outcomes).

    >>> from ofrenda_rules.registry import get_game
    >>> from ofrenda_rules.replays import record
    >>> game = get_game("dia_de_los_muertos")
    >>> config = game.config_type(players=3)
    >>> state = game.new_game(config, 5)
    >>> actions = []
    >>> for _ in range(4):
    ...     actions.append(game.legal_actions(state)[0])
    ...     state = game.apply(state, actions[-1])
    >>> replay = record(game, config, 5, actions)
    >>> fresh = continue_from(replay, 4, 0, seed=1)
    >>> game.observe(fresh, 0) == game.observe(state, 0), fresh == state
    (True, False)

    Raises:
        AnalysisError: for a seat or step the replay does not have, or a step the rules refuse.
    """
    check_seat(replay, seat)
    state = position_at(replay, step)
    game = get_game(replay.game)
    return game.resample(state, seat, Rng(seed & MASK64))


@attrs.frozen
class Continuation:
    """A game played on from a state: the moves made and where it ended."""

    start: Any
    """The state play started from."""
    actions: tuple[Any, ...]
    """Every step played (chance outcomes included for an unseeded state)."""
    final: Any
    """The state reached (over, unless ``max_steps`` stopped it first)."""


def play_on(
    game: AnyGame,
    state: Any,
    bots: str | Mapping[int, str | Bot],
    *,
    seed: int = 0,
    max_steps: int | None = None,
) -> Continuation:
    """Play ``state`` on to the end with bots: one bot name for every seat, or a bot (or name) per seat.

    Chance events of an unseeded state are drawn by their probabilities from
    a generator seeded by ``seed``, which also seeds bots given by name
    (:func:`~ofrenda_rules.bots.bot_seed`).

    Raises:
        AnalysisError: when a seat to move has no bot.
        ConfigError: for a bot name the game does not offer.
    """
    players: int = state.config.players
    chosen: dict[int, Bot] = {}
    for seat in range(players):
        given = bots if isinstance(bots, str) else bots.get(seat)
        if given is None:
            continue
        chosen[seat] = make_bot(game, given, bot_seed(seed, seat)) if isinstance(given, str) else given
    rng = Rng(bot_seed(seed, CHANCE & MASK64))
    limit = game.max_steps(state.config) if max_steps is None else max_steps
    actions: list[Any] = []
    current = state
    while len(actions) < limit and (player := game.current_player(current)) != TERMINAL:
        if player == CHANCE:
            action, rng = random_move(game, current, rng)
        elif player in chosen:
            action = chosen[player](current)
        else:
            raise AnalysisError(f"Seat {player + 1} is to move and has no bot")
        actions.append(action)
        current = game.apply(current, action)
    return Continuation(state, tuple(actions), current)
