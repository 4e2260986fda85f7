"""Every game of the library as a PettingZoo AEC environment (the ``pettingzoo`` extra).

:func:`env` makes the environment of one game under one config::

    from ofrenda_rules.adapters.pettingzoo import env
    table = env("dia_de_los_muertos", players=4)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        action = None if termination or truncation else table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

What the environment is:

* agents are ``player_0 .. player_{n-1}``, one per seat; the agent to act is
  the game's current player (a seat may act several times in a row);
* chance is resolved by the library: ``reset(seed=s)`` plays the game
  ``new_game(config, s)`` (the same game as the library's, for the same
  seed); ``reset()`` without a seed draws one from the environment's
  generator, itself seeded by the last ``reset(seed=...)``;
* the action space of every agent is ``Discrete(num_distinct_actions(config))``
  -- the game's stable action ids (its ``codec`` module); an illegal action
  raises the library's ``IllegalActionError``;
* an observation is a dict: ``"observation"``, the game's observation tensor
  of the agent's view (``encode_observation``, a ``Box`` in ``[0, 1]`` of
  ``observation_shape(config)``, float32) -- or, with
  ``observation="information_state"``, its perfect-recall information-state
  tensor (``encode_information_state`` of every view the agent has had) --
  and ``"action_mask"``, an int8 ``Box`` marking the agent's legal action ids
  (all zeros when it is not the agent's turn);
* rewards are paid at the end only: the win shares, or normalised points with
  ``payoff=Payoff.POINTS`` (:mod:`ofrenda_rules.bots.utility`); every agent is
  terminated when the game ends, none is ever truncated;
* ``render()`` shows the public table (the spectator's view): its text with
  ``render_mode="ansi"`` (returned) or ``"human"`` (printed), its SVG picture
  with ``"svg"`` (returned).

This module imports ``pettingzoo``, ``gymnasium`` and ``numpy``; the library
never imports this module.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.errors import ConfigError, IllegalActionError, Rejection
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.rng import MASK64
from ofrenda_rules.serialization import from_json_value
from ofrenda_rules.utility import Payoff, returns

__all__ = ["OBSERVATIONS", "RENDER_MODES", "OfrendaEnv", "env", "raw_env"]

OBSERVATIONS: Final = ("observation", "information_state")
"""What an agent's ``"observation"`` holds: its current view's tensor, or its perfect-recall information state."""

RENDER_MODES: Final = ("ansi", "human", "svg")
"""The render modes -- the public table as text (returned or printed), or as an SVG picture (returned)."""


def _agent(seat: int) -> str:
    return f"player_{seat}"


class OfrendaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A PettingZoo AEC environment for one of the library's games under one config."""

    def __init__(
        self,
        game: str | AnyGame,
        config: Any = None,
        *,
        observation: str = "observation",
        payoff: Payoff = Payoff.WIN_SHARE,
        render_mode: str | None = None,
    ) -> None:
        """The environment of ``game`` (a registry name or a definition) under ``config`` (default: its default)."""
        super().__init__()
        definition = get_game(game) if isinstance(game, str) else game
        if observation not in OBSERVATIONS:
            raise ConfigError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.game: AnyGame = definition
        """The game played."""
        self.config: Any = definition.config_type() if config is None else config
        """The config played."""
        self.observation_kind = observation
        """``"observation"`` or ``"information_state"``."""
        self.payoff = payoff
        """What the end of the game pays."""
        self.render_mode = render_mode
        """How ``render`` shows the table."""
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES),
            "name": f"ofrenda_rules_{definition.info.name}_v0",
            "is_parallelizable": False,
        }
        """PettingZoo's metadata -- the render modes and the environment's name."""
        players: int = self.config.players
        self.possible_agents = [_agent(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._actions = definition.num_distinct_actions(self.config)
        shape = (
            definition.observation_shape(self.config)
            if observation == "observation"
            else definition.information_state_shape(self.config)
        )
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._actions) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self._state: Any = None
        self._views: list[list[Any]] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object at every call)."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The library's state of the game in play (everything, hidden parts included)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``new_game(config, seed)``, a seed drawn from the environment's generator if none."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = seed & MASK64
        else:
            game_seed = int(self._np_random.integers(0, 2**63))
        self._state = self.game.new_game(self.config, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._views = [[] for _ in self.possible_agents]
        self._record_views()
        self._select()

    def _record_views(self) -> None:
        if self.observation_kind == "information_state":
            for seat, views in enumerate(self._views):
                views.append(self.game.observe(self._state, seat))

    def _select(self) -> None:
        player = self.game.current_player(self._state)
        if player >= 0:
            self.agent_selection = _agent(player)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation tensor and action mask."""
        seat = self._seats[agent]
        game, config = self.game, self.config
        if self.observation_kind == "observation":
            tensor = game.encode_observation(config, game.observe(self._state, seat))
        else:
            tensor = game.encode_information_state(config, self._views[seat])
        mask = np.zeros(self._actions, dtype=np.int8)
        if game.current_player(self._state) == seat:
            for action in game.legal_actions(self._state):
                mask[game.encode_action(config, action)] = 1
        return {"observation": np.asarray(tensor, dtype=np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action id (``None`` for an agent already terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(Rejection("no-action", f"{agent} must act: an action id, not None"))
        try:
            identifier = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError(
                Rejection("not-an-action-id", f"an action id is an integer, not {action!r}")
            ) from None
        decoded = self.game.decode_action(self.config, identifier)
        self._state = self.game.apply(self._state, decoded)
        self._record_views()
        self._cumulative_rewards[agent] = 0.0
        if self.game.current_player(self._state) == TERMINAL:
            paid = returns(self.game, self._state, self.payoff)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = paid[seat]
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public table: text (``ansi``), printed text (``human``) or an SVG picture (``svg``)."""
        if self.render_mode is None or self._state is None:
            return None
        public = self.game.observe_public(self._state)
        if self.render_mode == "svg":
            return self.game.render_svg(public)
        text = self.game.render_text(public)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str | AnyGame, config: Any = None, **options: Any) -> OfrendaEnv:
    """The environment without PettingZoo's wrappers (see :class:`OfrendaEnv` for ``options``)."""
    return OfrendaEnv(game, config, **options)


def env(
    game: str | AnyGame,
    *,
    observation: str = "observation",
    payoff: Payoff = Payoff.WIN_SHARE,
    render_mode: str | None = None,
    **config_options: Any,
) -> Any:
    """The environment of ``game`` with the config its options describe (JSON values, e.g. ``players=4``).

    It is wrapped in PettingZoo's ``OrderEnforcingWrapper``, as the classic environments are.
    """
    definition = get_game(game) if isinstance(game, str) else game
    config = from_json_value(config_options, definition.config_type) if config_options else None
    raw = OfrendaEnv(definition, config, observation=observation, payoff=payoff, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(raw)
