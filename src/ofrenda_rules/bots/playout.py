"""A generic random-playout driver that works for every registered game.

Random players pick uniformly among ``legal_actions`` with their own
:class:`~ofrenda_rules.rng.Rng` stream (never the game's), so a playout is
reproducible from two seeds: the game's and the players'.

>>> from ofrenda_rules.registry import get_game
>>> game = get_game("dia_de_los_muertos")
>>> result = random_playout(game, game.config_type(players=4), seed=7, player_seed=1)
>>> game.is_over(result.final)
True
>>> result.steps == len(result.actions)
True
>>> result.events[-1] == result.final.recent_events[-1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.game import GameDefinition
from ofrenda_rules.rng import Rng, integer_weights

__all__ = ["Playout", "PlayoutError", "random_move", "random_playout"]


class PlayoutError(OfrendaRulesError):
    """A playout broke an invariant: no legal action, or longer than ``max_steps``."""


@attrs.frozen
class Playout:
    """The record of one playout."""

    initial: Any
    """The state after ``new_game``."""
    actions: tuple[Any, ...]
    """Every action applied, chance outcomes included when unseeded."""
    final: Any
    """The final state."""
    events: tuple[Any, ...] = ()
    """Every event of the game in order -- the set-up's (``initial.recent_events``), then each step's."""

    @property
    def steps(self) -> int:
        """How many actions were applied."""
        return len(self.actions)


def random_move(game: GameDefinition[Any, Any, Any, Any, Any], state: Any, rng: Rng) -> tuple[Any, Rng]:
    """A chance outcome drawn by its probability, or a uniformly random legal action, and the advanced generator."""
    if game.current_player(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        index, rng = rng.choose(integer_weights([p for _, p in outcomes]))
        return outcomes[index][0], rng
    legal = game.legal_actions(state)
    index, rng = rng.below(len(legal))
    return legal[index], rng


def random_playout(
    game: GameDefinition[Any, Any, Any, Any, Any],
    config: Any,
    seed: int | None,
    player_seed: int,
    *,
    on_step: Callable[[Any, Any], None] | None = None,
    bots: Mapping[int, Callable[[Any], Any]] | None = None,
) -> Playout:
    """Play ``config`` to the end with uniformly random players.

    With ``seed=None`` the driver also resolves chance events, sampling
    ``chance_outcomes`` with the players' generator. ``on_step(state, action)``
    is called before each action is applied. ``bots`` maps seats to policies
    (``state -> action``, e.g. a game's ``reference_bot``) that replace the
    random player of those seats.
    """
    state = game.new_game(config, seed)
    initial = state
    rng = Rng(player_seed)
    actions: list[Any] = []
    events: list[Any] = list(getattr(state, "recent_events", ()))
    limit = game.max_steps(config)
    while (player := game.current_player(state)) != TERMINAL:
        if len(actions) >= limit:
            raise PlayoutError(f"{game.info.name}: no end after {limit} steps")
        if player == CHANCE:
            action, rng = random_move(game, state, rng)
        else:
            legal = game.legal_actions(state)
            if not legal:
                raise PlayoutError(f"{game.info.name}: player {player} has no legal action")
            policy = None if bots is None else bots.get(player)
            if policy is not None:
                action = policy(state)
            else:
                index, rng = rng.below(len(legal))
                action = legal[index]
        if on_step is not None:
            on_step(state, action)
        state, happened = game.step(state, action)
        events.extend(happened)
        actions.append(action)
    return Playout(initial=initial, actions=tuple(actions), final=state, events=tuple(events))
