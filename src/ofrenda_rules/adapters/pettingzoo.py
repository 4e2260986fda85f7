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
* with ``flat=True`` an observation is the tensor alone, a flat ``Box``, and
  the agent's action mask is in its ``info["action_mask"]`` (so SuperSuit's
  wrappers and RL libraries that want a ``Box`` take the environment);
* rewards are paid at the end only: the win shares, or normalised points with
  ``payoff=Payoff.POINTS`` (:mod:`ofrenda_rules.bots.utility`); every agent is
  terminated when the game ends, none is ever truncated;
* ``render()`` shows the public table (the spectator's view): its text with
  ``render_mode="ansi"`` (returned) or ``"human"`` (printed), its SVG picture
  with ``"svg"`` (returned).

:class:`VectorEnv` steps many games of one config at once, for self-play.

:class:`BotPolicy` plays an agent with one of the library's bots by name
(``random``, ``reference``, ``easy`` .. ``expert``, ``mcts:N``: see
:func:`ofrenda_rules.bots.make_bot`), called as in PettingZoo's loop::

    policy = BotPolicy(table, "hard", seed=3)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        table.step(None if termination or truncation else policy(observation, agent))

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

from ofrenda_rules.bots import Bot, BotError, bot_seed, check_bot_name, make_bot
from ofrenda_rules.chance import TERMINAL
from ofrenda_rules.errors import ConfigError, IllegalActionError, Rejection
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.rng import MASK64, Rng
from ofrenda_rules.serialization import from_json_value
from ofrenda_rules.utility import Payoff, returns

__all__ = ["OBSERVATIONS", "RENDER_MODES", "BotPolicy", "OfrendaEnv", "VectorEnv", "env", "raw_env"]

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
        flat: bool = False,
    ) -> None:
        """The environment of ``game`` (a registry name or a definition) under ``config`` (default: its default).

        With ``flat=True`` an observation is the tensor alone, a flat ``Box``, and
        the action mask is in the agent's ``info["action_mask"]``.
        """
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
        self.flat = flat
        """Whether an observation is the tensor alone (a flat ``Box``), the action mask in the info."""
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
        size = int(np.prod(shape))
        self._shape = shape
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Box(0.0, 1.0, (size,), dtype=np.float32)
            if flat
            else spaces.Dict(
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
        self._encoders: list[Any] = []
        self._no_actions = np.zeros(self._actions, dtype=np.int8)
        self._no_actions.flags.writeable = False

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
        self._encoders = []
        if self.observation_kind == "information_state":
            self._encoders = [self._new_encoder() for _ in self.possible_agents]
        self._record_views()
        self._select()

    def _new_encoder(self) -> Any:
        make = self.game.information_state_encoder
        if make is not None:
            return make(self.config)
        return _Views(self.game, self.config)

    def _record_views(self) -> None:
        for seat, encoder in enumerate(self._encoders):
            encoder.add(self.game.observe(self._state, seat))
        if self.flat and self._state is not None:
            mover = self.game.current_player(self._state)
            for seat, agent in enumerate(self.possible_agents):
                self.infos[agent] = {"action_mask": self._mask(seat) if seat == mover else self._no_actions}

    def _mask(self, seat: int) -> Any:
        mask = np.zeros(self._actions, dtype=np.int8)
        game, config = self.game, self.config
        if game.current_player(self._state) == seat:
            for action in game.legal_actions(self._state):
                mask[game.encode_action(config, action)] = 1
        return mask

    def _select(self) -> None:
        player = self.game.current_player(self._state)
        if player >= 0:
            self.agent_selection = _agent(player)

    def observe(self, agent: str) -> Any:
        """The agent's observation tensor and action mask (with ``flat``, the tensor alone)."""
        seat = self._seats[agent]
        game, config = self.game, self.config
        if self.observation_kind == "observation":
            tensor = _observation(game, config, self._state, seat)
        else:
            tensor = np.frombuffer(self._encoders[seat].buffer(), np.float64).astype(np.float32)
        if self.flat:
            return tensor.reshape(-1)
        return {
            "observation": tensor.reshape(self._shape),
            "action_mask": self._mask(seat),
        }

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


def _observation(game: AnyGame, config: Any, state: Any, seat: int) -> Any:
    """The seat's observation tensor as float32, read straight from the state when the game can.

    That is ``state_observation_buffer``; else the seat's view through ``observation_buffer`` or
    ``encode_observation``.
    """
    if game.state_observation_buffer is not None:  # a view of doubles valid until the next read: astype copies it
        return np.frombuffer(game.state_observation_buffer(state, seat), np.float64).astype(np.float32)
    view = game.observe(state, seat)
    if game.observation_buffer is not None:  # an array of doubles: numpy converts it without a Python loop
        return np.frombuffer(game.observation_buffer(config, view), np.float64).astype(np.float32)
    return np.asarray(game.encode_observation(config, view), dtype=np.float32)


class _Views:
    """An information-state encoder for a game without an incremental one: it keeps every view."""

    def __init__(self, game: AnyGame, config: Any) -> None:
        self.game, self.config, self.views = game, config, list[Any]()

    def add(self, view: Any) -> None:
        self.views.append(view)

    def buffer(self) -> Any:
        return np.asarray(self.game.encode_information_state(self.config, self.views), dtype=np.float64)


class VectorEnv:
    """Many games of one config stepped at once, for self-play: one action id per game, for its seat to move.

    Every game is the library's own (chance resolved by its seeded generator).
    :meth:`reset` and :meth:`step` return arrays with one row per game: the
    observation of the seat to move (its observation tensor, or its
    information-state tensor kept up to date view by view), that seat's action
    mask and the seat itself. A game that ends in a step pays its returns in
    that step's ``rewards`` row, is marked in ``dones``, and is replaced at once
    by a new game (the next seed of the environment's generator), whose first
    observation is the row returned.

    >>> table = VectorEnv("ofrendados", num_envs=4, players=2)
    >>> observations, masks, seats = table.reset(seed=1)
    >>> observations.shape[0], masks.shape == (4, table.num_actions), seats.tolist()
    (4, True, [0, 0, 0, 0])
    """

    def __init__(
        self,
        game: str | AnyGame,
        *,
        num_envs: int,
        observation: str = "observation",
        payoff: Payoff = Payoff.WIN_SHARE,
        **config_options: Any,
    ) -> None:
        """``num_envs`` games of ``game`` under the config its options describe (JSON values, e.g. ``players=4``)."""
        definition = get_game(game) if isinstance(game, str) else game
        if observation not in OBSERVATIONS:
            raise ConfigError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.game: AnyGame = definition
        """The game played."""
        self.config: Any = from_json_value(config_options, definition.config_type)
        """The config played."""
        self.num_envs = num_envs
        """How many games are played at once."""
        self.observation_kind = observation
        """``"observation"`` or ``"information_state"``."""
        self.payoff = payoff
        """What the end of a game pays."""
        self.num_actions: int = definition.num_distinct_actions(self.config)
        """The number of action ids (the width of an action mask)."""
        shape = (
            definition.observation_shape(self.config)
            if observation == "observation"
            else definition.information_state_shape(self.config)
        )
        self.observation_size = int(np.prod(shape))
        """The length of one observation row."""
        self.states: list[Any] = []
        """The library's state of each game in play."""
        self._encoders: list[list[Any]] = []
        self._np_random, _ = seeding.np_random(None)

    def _start(self, index: int) -> None:
        state = self.game.new_game(self.config, int(self._np_random.integers(0, 2**63)))
        self.states[index] = state
        if self.observation_kind == "information_state":
            encoders = []
            for seat in range(self.config.players):
                make = self.game.information_state_encoder
                encoder = make(self.config) if make is not None else _Views(self.game, self.config)
                encoder.add(self.game.observe(state, seat))
                encoders.append(encoder)
            self._encoders[index] = encoders

    def _row(self, index: int, observations: Any, masks: Any, seats: Any) -> None:
        game, config, state = self.game, self.config, self.states[index]
        seat = game.current_player(state)
        seats[index] = seat
        if self.observation_kind == "observation":
            observations[index] = _observation(game, config, state, seat)
        else:
            observations[index] = np.frombuffer(self._encoders[index][seat].buffer(), np.float64)
        for action in game.legal_actions(state):
            masks[index, game.encode_action(config, action)] = 1

    def _rows(self) -> tuple[Any, Any, Any]:
        observations = np.zeros((self.num_envs, self.observation_size), dtype=np.float32)
        masks = np.zeros((self.num_envs, self.num_actions), dtype=np.int8)
        seats = np.zeros(self.num_envs, dtype=np.int64)
        for index in range(self.num_envs):
            self._row(index, observations, masks, seats)
        return observations, masks, seats

    def reset(self, seed: int | None = None) -> tuple[Any, Any, Any]:
        """New games (seeds drawn from a generator seeded by ``seed``): observations, masks and seats to move."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.states = [None] * self.num_envs
        self._encoders = [[] for _ in range(self.num_envs)]
        for index in range(self.num_envs):
            self._start(index)
        return self._rows()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, Any]:
        """Play one action id in each game: observations, masks, seats to move, rewards and dones.

        ``rewards`` has a row per game and a column per seat (zero but where a
        game ended); ``dones`` marks the games that ended (and were replaced).

        Raises:
            ConfigError: not one action per game, or :meth:`reset` was never called.
            IllegalActionError: an action id is not legal in its game (the games before it have moved).
        """
        if len(self.states) != self.num_envs:
            raise ConfigError("call reset() before step()")
        if len(actions) != self.num_envs:
            raise ConfigError(f"step takes one action per game ({self.num_envs}), not {len(actions)}")
        game, config = self.game, self.config
        rewards = np.zeros((self.num_envs, config.players), dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=bool)
        for index, action in enumerate(actions):
            state = game.apply(self.states[index], game.decode_action(config, int(action)))
            self.states[index] = state
            for seat, encoder in enumerate(self._encoders[index]):
                encoder.add(game.observe(state, seat))
            if game.current_player(state) == TERMINAL:
                rewards[index] = returns(game, state, self.payoff)
                dones[index] = True
                self._start(index)
        observations, masks, seats = self._rows()
        return observations, masks, seats, rewards, dones


class BotPolicy:
    """One of the library's bots, by name, as a policy for the agents of an environment: ``policy(observation, agent)``.

    ``name`` is any name :func:`ofrenda_rules.bots.make_bot` takes (``random``,
    ``reference``, ``easy``, ``medium``, ``hard``, ``expert``, ``mcts:N``...).
    Each agent gets its own bot, seeded by ``seed`` and its seat
    (:func:`~ofrenda_rules.bots.bot_seed`), so a game is the same at every
    replay. Called for the agent to act, the policy returns the action id of
    that agent's bot's move. The bot works from the agent's own information
    only: it is shown a state drawn by the game's ``resample`` for the agent's
    seat (the other seats' hidden cards, the deck order and the future draws
    drawn afresh, consistent with everything the seat has seen), never the
    environment's true state. The observation is taken to fit PettingZoo's
    ``policy(observation, agent)`` loop and not read (a tensor does not hold
    all of the seat's history; the resampled state does).

    Raises:
        ConfigError: ``environment`` is not one of this module's (possibly wrapped), or ``name`` names no bot
            the game offers (the message lists those it does).
    """

    def __init__(self, environment: Any, name: str, seed: int = 0) -> None:
        """The policy of bot ``name`` for every agent of ``environment`` (an :func:`env` or :class:`OfrendaEnv`)."""
        table = getattr(environment, "unwrapped", environment)
        if not isinstance(table, OfrendaEnv):
            raise ConfigError(f"BotPolicy plays the environments of {__name__}, not {environment!r}")
        check_bot_name(table.game, name)
        self.environment: OfrendaEnv = table
        """The environment played (unwrapped)."""
        self.name = name
        """The bot's name."""
        self.seed = seed
        """The seed of the bots and of the states they are shown."""
        self._bots: dict[int, Bot] = {}
        self._rng = Rng(bot_seed(seed ^ 0x5EED, 0))

    def __call__(self, observation: object, agent: str) -> int:
        """The action id of ``agent``'s bot's move (``agent`` must be the one to act).

        Raises:
            ConfigError: ``agent`` is not an agent of the environment, or no game is in play (call ``reset``).
            BotError: it is not ``agent``'s turn (or the game is over).
        """
        table = self.environment
        seat = table._seats.get(agent)
        if seat is None:
            raise ConfigError(
                f"{agent!r} is not an agent of the environment; agents: {', '.join(table.possible_agents)}"
            )
        state = table.game_state
        if state is None:
            raise ConfigError("no game in play: call reset() first")
        game = table.game
        mover = game.current_player(state)
        if mover != seat:
            raise BotError(f"{self.name} bot of {agent}: {agent} is not to move (current player {mover})")
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(game, self.name, bot_seed(self.seed, seat))
        draw, self._rng = self._rng.next_u64()
        shown = game.resample(state, seat, Rng(draw))
        return int(game.encode_action(table.config, bot(shown)))


def raw_env(game: str | AnyGame, config: Any = None, **options: Any) -> OfrendaEnv:
    """The environment without PettingZoo's wrappers (see :class:`OfrendaEnv` for ``options``)."""
    return OfrendaEnv(game, config, **options)


def env(
    game: str | AnyGame,
    *,
    observation: str = "observation",
    payoff: Payoff = Payoff.WIN_SHARE,
    render_mode: str | None = None,
    flat: bool = False,
    **config_options: Any,
) -> Any:
    """The environment of ``game`` with the config its options describe (JSON values, e.g. ``players=4``).

    It is wrapped in PettingZoo's ``OrderEnforcingWrapper``, as the classic environments are.
    """
    definition = get_game(game) if isinstance(game, str) else game
    config = from_json_value(config_options, definition.config_type) if config_options else None
    raw = OfrendaEnv(definition, config, observation=observation, payoff=payoff, render_mode=render_mode, flat=flat)
    return wrappers.OrderEnforcingWrapper(raw)
