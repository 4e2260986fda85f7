"""Every game of the library as an OpenSpiel game (the ``openspiel`` extra).

:func:`register` registers each registered game with ``pyspiel`` under the
short name ``ofrenda_rules_<name>`` (``ofrenda_rules_portents``...). Its
game parameters are the config's options: every field of the game's
``Config`` that holds a number, a flag, a word or a set of words (an enum, or
``+``-joined enum values), with the config's defaults; the default edition is
played. ``pyspiel.load_game("ofrenda_rules_portents", {"players": 1})`` then
plays the solo game.

What OpenSpiel sees:

* actions are the game's stable ids (its ``codec`` module): player decisions
  ``0 .. num_distinct_actions - 1``, chance outcomes numbered apart
  ``0 .. max_chance_outcomes - 1``, with their exact probabilities as floats;
  the library resolves no chance event itself (explicit stochastic chance);
* ``max_game_length`` counts player decisions only (``max_decisions``);
* returns are the win shares: at the end each winner gets ``1 / winners``
  and everyone else ``0`` (solo: ``1`` for a win); ``0`` for all before the
  end. Some games can end with nobody winning, so the utility is general-sum
  in ``[0, 1]``;
* the observation tensor of a seat is the game's ``encode_observation`` of
  its view, in ``observation_shape(config)``; the information-state tensor is
  ``encode_information_state`` of every view the seat has had since the
  set-up (perfect recall), in ``information_state_shape(config)``;
* the observation string of a seat is the canonical JSON of its view
  (``observe``); the information-state string adds the SHA-256 chain of every
  view the seat has had since the set-up, so two histories share it exactly
  when the seat saw the same things at every step (perfect recall);
* a state pickles and serialises (``pyspiel.serialize_game_and_state``)
  through the library's JSON: the config and the action ids, replayed on load
  and checked against the state's own JSON.

:class:`LibraryBot` is one of the library's bots by name (``random``,
``reference``, the levels ``easy`` .. ``expert``, ``mcts:N``: see
:func:`ofrenda_rules.bots.make_bot`) as a ``pyspiel.Bot`` for one seat, and
:func:`library_bots` one per seat, for OpenSpiel's ``evaluate_bots``::

    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    game = pyspiel.load_game("ofrenda_rules_ofrenda", {"players": 2})
    returns = evaluate_bots(game.new_initial_state(), library_bots(game, ["hard", "reference"], 7), numpy_rng)

This module imports ``pyspiel`` and ``numpy``; the library never imports this module.
"""

from __future__ import annotations

import enum
import hashlib
import weakref
from collections.abc import Callable, Container, Sequence
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from ofrenda_rules.bots import Bot, BotError, bot_seed, check_bot_name, make_bot
from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import ConfigError, OfrendaRulesError
from ofrenda_rules.game import InformationStateEncoder
from ofrenda_rules.registry import AnyGame, games, get_game
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, from_json_value, loads
from ofrenda_rules.utility import Payoff, returns

__all__ = [
    "PREFIX",
    "LibraryBot",
    "OfrendaGame",
    "OfrendaState",
    "Observer",
    "game_type",
    "library_bots",
    "parameters",
    "register",
    "short_name",
]

PREFIX: Final = "ofrenda_rules_"
"""The prefix of every short name this adapter registers."""

_REGISTERED: set[str] = set()


def short_name(game: AnyGame) -> str:
    """The OpenSpiel short name of a game: ``ofrenda_rules_<name>``."""
    return PREFIX + game.info.name


def _parameter(value: object) -> int | bool | str | None:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum) and isinstance(value.value, str):
        return value.value
    if isinstance(value, tuple) and all(isinstance(v, enum.Enum) and isinstance(v.value, str) for v in value):
        return "+".join(v.value for v in value)
    return None


def parameters(game: AnyGame) -> dict[str, int | bool | str]:
    """The game's OpenSpiel parameters with their defaults: the config's simple options."""
    default = game.config_type()
    found: dict[str, int | bool | str] = {}
    for field in attrs.fields(game.config_type):
        value = _parameter(getattr(default, field.name))
        if value is not None:
            found[field.name] = value
    return found


_MOST_CONFIGS: Final = 256

_CONFIGS: dict[tuple[str, str], Any] = {}
"""Configs already made, by game name and what they were made from (parameters, or a config's JSON).

Equal parameters give the same config object (configs are immutable): OpenSpiel loads the game again at each
deserialisation, and a game's per-config tables are found by the config's identity, where a new config object
would be hashed, and hashing a config hashes its whole edition.
"""


def _kept_config(game: AnyGame, made_from: str, make: Callable[[], Any]) -> Any:
    """The config ``make()`` returns, made once per game and ``made_from`` (a failure is not kept)."""
    key = (game.info.name, made_from)
    config = _CONFIGS.get(key)
    if config is None:
        config = make()
        if len(_CONFIGS) >= _MOST_CONFIGS:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    return config


def _config(game: AnyGame, params: dict[str, Any]) -> Any:
    """The config the parameters describe; a wrong one raises ``ValueError`` naming what was wrong."""
    made_from = repr(sorted((name, type(value).__name__, repr(value)) for name, value in params.items()))
    return _kept_config(game, made_from, lambda: _new_config(game, params))


def _new_config(game: AnyGame, params: dict[str, Any]) -> Any:
    """:func:`_config`, made afresh."""
    known = parameters(game)
    document: dict[str, object] = {}
    for name, value in params.items():
        if name not in known:
            raise ValueError(f"{short_name(game)}: unknown parameter {name!r}; known: {', '.join(sorted(known))}")
        if isinstance(known[name], str) and isinstance(getattr(game.config_type(), name), tuple):
            document[name] = [part for part in str(value).split("+") if part]
        else:
            document[name] = value
    try:
        return from_json_value(document, game.config_type)
    except OfrendaRulesError as exc:
        raise ValueError(f"{short_name(game)}: {exc}") from None


def game_type(game: AnyGame) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a game (see the module's description)."""
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if game.info.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    chance = (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if game.info.has_chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.info.title} (ofrenda_rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.info.player_counts),
        min_num_players=min(game.info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


class _Track:
    """The states of one OpenSpiel state's history (immutable, so shared by clones), serialised as JSON.

    ``copy.deepcopy`` (OpenSpiel's ``clone``) returns the track itself; pickling
    writes the config's JSON, the action ids and the last state's JSON, and
    reading replays the ids and checks the state against its JSON. A track
    made by one more action keeps its parent, whose recall digests it extends.

    A track usually starts at the set-up. One made by
    :meth:`OfrendaState.resample_from_infostate` starts at the resampled state
    instead (``origin`` holds its JSON) and keeps ``prior``: the seat that
    resampled and every view that seat had before, so that seat's recall
    (information-state string and tensor) is the same as in the history it
    was drawn from; the other seats' recall starts at the resampled state.

    A track computes once what OpenSpiel may ask often: who moves (as OpenSpiel's
    player id), whether the game is over, its legal action ids, chance outcomes,
    each seat's view JSON, recall digest and information-state encoder; the
    action names are shared by a whole history. It also remembers
    (weakly) the track its last action led to: OpenSpiel applies an action to a
    state and to its clone, and the clone then gets that same track, as a clone
    does, instead of applying the action again.
    """

    __slots__ = (
        "__weakref__",
        "actions",
        "chance",
        "encoders",
        "following",
        "game",
        "ids",
        "legal",
        "mover",
        "names",
        "origin",
        "over",
        "parent",
        "prior",
        "recall",
        "seen",
        "shared",
        "states",
        "text",
        "texts",
    )

    def __init__(
        self,
        game: AnyGame,
        states: tuple[Any, ...],
        actions: tuple[int, ...],
        parent: _Track | None,
        origin: str | None = None,
        prior: tuple[int, tuple[Any, ...]] | None = None,
    ) -> None:
        self.game = game
        self.states = states
        self.actions = actions
        self.parent = parent
        self.origin = origin
        self.prior = prior
        self.names: dict[tuple[bool, int], str] = {} if parent is None else parent.names
        self.ids: dict[object, int] = {} if parent is None else parent.ids
        self.recall: dict[int, bytes] = {}
        self.encoders: dict[int, InformationStateEncoder[Any]] = {}
        self.shared = False
        self.legal: list[int] | None = None
        self.chance: list[tuple[int, float]] | None = None
        self.texts: dict[int, str] = {}
        self.text: str | None = None
        self.seen: dict[int, Any] = {}
        self.mover: int | None = None
        self.over: bool | None = None
        self.following: tuple[int, weakref.ref[_Track]] | None = None

    def encoded(self, actions: Any) -> list[int]:
        """The ids of the game's own ``actions`` (legal decisions or chance outcomes), each encoded once per game."""
        ids, found = self.ids, []
        for action in actions:
            number = ids.get(action)
            if number is None:
                number = ids[action] = self.game.encode_action(self.states[0].config, action)
            found.append(number)
        return found

    def view(self, player: int) -> Any:
        """``player``'s view of the last state (computed once per track and seat)."""
        view = self.seen.get(player)
        if view is None:
            view = self.seen[player] = self.game.observe(self.states[-1], player)
        return view

    def state_text(self) -> str:
        """The canonical JSON of the last state (computed once per track)."""
        text = self.text
        if text is None:
            text = self.text = dumps(self.states[-1])
        return text

    def view_text(self, player: int) -> str:
        """The canonical JSON of ``player``'s view of the last state (computed once per track and seat)."""
        text = self.texts.get(player)
        if text is None:
            text = self.texts[player] = dumps(self.view(player))
        return text

    def extended(self, state: Any, action: int) -> _Track:
        """The track one action longer."""
        return _Track(self.game, (*self.states, state), (*self.actions, action), self, self.origin, self.prior)

    def prior_views(self, player: int) -> tuple[Any, ...]:
        """The views ``player`` had before the track's first state (none unless it resampled this track)."""
        if self.prior is None or self.prior[0] != player:
            return ()
        return self.prior[1]

    def views(self, player: int) -> list[Any]:
        """Every view ``player`` has had along the track, its prior views first."""
        observe = self.game.observe
        return [*self.prior_views(player), *(observe(state, player) for state in self.states)]

    def _nearest(self, player: int, held: Callable[[_Track], Container[int]]) -> tuple[_Track | None, list[_Track]]:
        """The nearest track, this one or an ancestor, whose ``held(track)`` has ``player``, and the ones passed.

        The first is ``None`` when no track has ``player``; the tracks passed are listed nearest first.
        """
        pending: list[_Track] = []
        track: _Track | None = self
        while track is not None and player not in held(track):
            pending.append(track)
            track = track.parent
        return track, pending

    def recall_digest(self, player: int) -> bytes:
        """The SHA-256 chain of every view ``player`` had along the track (computed once per track and seat)."""
        track, pending = self._nearest(player, lambda track: track.recall)
        if track is None:
            digest = b""
            for view in self.prior_views(player):
                digest = _chained(digest, self.game, view)
        else:
            digest = track.recall[player]
        for step in reversed(pending):
            digest = hashlib.sha256(digest + step.view_text(player).encode()).digest()
            step.recall[player] = digest
        return digest

    def information_state(self, player: int) -> Any:
        """``player``'s information-state tensor, updated from the nearest track that has the seat's encoder.

        Each track keeps the encoders last used on it. A track takes its
        ancestor's encoder (copied if the ancestor was cloned, so its other
        branches keep it) and adds only the views since, so reading the tensor
        at every step costs the same at any depth of the game. With an encoder
        the tensor is a new array of doubles, the caller's own; without one,
        the game's tuple.
        """
        make = self.game.information_state_encoder
        if make is None:
            return self.game.encode_information_state(self.states[0].config, self.views(player))
        track, pending = self._nearest(player, lambda track: track.encoders)
        if track is self:
            return _values(self.encoders[player])
        if track is None:
            encoder = make(self.states[0].config)
            for view in self.prior_views(player):
                encoder.add(view)
        elif track.shared:
            encoder = track.encoders[player].copy()
        else:
            encoder = track.encoders.pop(player)
        for step in reversed(pending):
            encoder.add(step.view(player))
        self.encoders[player] = encoder
        return _values(encoder)

    def resampled(self, state: Any, player: int) -> _Track:
        """A track starting at ``state`` (drawn for ``player``), carrying ``player``'s views until now."""
        views = self.views(player)
        return _Track(self.game, (state,), (), None, dumps(state), (player, tuple(views[:-1])))

    def __deepcopy__(self, memo: dict[int, object]) -> _Track:
        self.shared = True
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        config = self.states[0].config
        name = self.game.info.name
        actions, last = self.actions, self.state_text()
        if self.origin is None:
            arguments: tuple[Any, ...] = (name, dumps(config), actions, last)
        else:
            player, views = self.prior if self.prior is not None else (-1, ())
            arguments = (name, dumps(config), actions, last, self.origin, player, [dumps(view) for view in views])
        _LIVE[_live_key(arguments)] = self
        return (_rebuild, arguments)


_LIVE: weakref.WeakValueDictionary[tuple[Any, ...], _Track] = weakref.WeakValueDictionary()
"""The tracks pickled in this process and still alive, by what they were pickled as (:func:`_live_key`).

Reading one back in the same process (OpenSpiel serialises and deserialises a state to test it) finds the
track itself, as a clone does, instead of replaying every action from the set-up.
"""


def _live_key(arguments: tuple[Any, ...]) -> tuple[Any, ...]:
    """What a track was pickled as (:func:`_rebuild`'s arguments), hashable: the lists as tuples."""
    return tuple(tuple(value) if isinstance(value, list | tuple) else value for value in arguments)


def _values(encoder: InformationStateEncoder[Any]) -> Any:
    """The encoder's tensor, read by numpy from its array of doubles without a copy."""
    return np.frombuffer(encoder.buffer(), np.float64)


def _chained(digest: bytes, game: AnyGame, view: Any) -> bytes:
    return hashlib.sha256(digest + dumps(view).encode()).digest()


def _rebuild(
    name: str,
    config_json: str,
    actions: Sequence[int],
    state_json: str,
    origin: str | None = None,
    player: int = -1,
    prior: Sequence[str] = (),
) -> _Track:
    arguments: tuple[Any, ...] = (name, config_json, actions, state_json)
    if origin is not None:
        arguments += (origin, player, prior)
    live = _LIVE.get(_live_key(arguments))
    if live is not None:  # pickled in this process and still alive: the track itself, as a clone gives
        live.shared = True
        return live
    game = get_game(name)
    config = _kept_config(game, config_json, lambda: loads(config_json, game.config_type))
    if origin is None:
        track = _Track(game, (game.new_game(config, None),), (), None)
    else:
        views = tuple(loads(view, game.view_type) for view in prior)
        track = _Track(game, (loads(origin, game.state_type),), (), None, origin, (player, views))
    for action in actions:
        state = track.states[-1]
        chance = game.current_player(state) == CHANCE
        track = track.extended(game.apply(state, game.decode_action(config, action, chance=chance)), action)
    if track.state_text() != state_json:
        raise ValueError(f"{PREFIX}{name}: the serialised state does not follow from its actions")
    return track


# OpenSpiel's ids of the chance player and of a finished game (``pyspiel.PlayerId.CHANCE`` and ``.TERMINAL``; a test
# checks them against pyspiel), as plain ints: read from pyspiel at import time they would break the docs build,
# where pyspiel is a mock.
_SPIEL_CHANCE: Final = -1
_SPIEL_TERMINAL: Final = -4


def _mover(track: _Track) -> int:
    """Who moves at the track's last state, as OpenSpiel numbers it (computed once per track)."""
    player = track.game.current_player(track.states[-1])
    if player == TERMINAL:
        player = _SPIEL_TERMINAL
    elif player == CHANCE:
        player = _SPIEL_CHANCE
    else:
        player = int(player)
    track.mover = player
    return player


class OfrendaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state wrapping one of the library's states (immutable; each action makes the next)."""

    def __init__(self, game: OfrendaGame) -> None:
        super().__init__(game)
        # The only Python attribute: OpenSpiel clones and serialises a state through its __dict__.
        # Every new state shares the game's set-up track (OpenSpiel makes one at each clone, then replaces it).
        self._track = game._setup

    @property
    def ofrenda_state(self) -> Any:
        """The library's state."""
        return self._track.states[-1]

    @property
    def _definition(self) -> AnyGame:
        return self._track.game

    @property
    def _config(self) -> Any:
        return self._track.states[0].config

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        player = self._track.mover
        if player is None:
            player = _mover(self._track)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        track = self._track
        if track.legal is None:
            track.legal = sorted(track.encoded(track.game.legal_actions(track.states[-1])))
        return list(track.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance event's outcomes (ids in the chance numbering) with their probabilities."""
        track = self._track
        if track.chance is None:
            outcomes = track.game.chance_outcomes(track.states[-1])
            ids = track.encoded(action for action, _ in outcomes)
            track.chance = sorted(zip(ids, (float(probability) for _, probability in outcomes), strict=True))
        return list(track.chance)

    def _apply_action(self, action: int) -> None:
        track = self._track
        following = track.following
        if following is not None and following[0] == action:
            known = following[1]()
            if known is not None:  # the same action from the same track (a clone's): that track, as a clone gets
                known.shared = True
                self._track = known
                return
        game, state = track.game, track.states[-1]
        chance = self.current_player() == _SPIEL_CHANCE
        decoded = game.decode_action(track.states[0].config, action, chance=chance)
        known = track.extended(game.apply(state, decoded), action)
        track.following = (action, weakref.ref(known))
        self._track = known

    def _action_to_string(self, player: int, action: int) -> str:
        track = self._track
        chance = player == _SPIEL_CHANCE
        name = track.names.get((chance, action))
        if name is None:
            game = track.game
            decoded = game.decode_action(track.states[0].config, action, chance=chance)
            name = track.names[chance, action] = dumps(decoded, game.action_type)
        return name

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        track = self._track
        over = track.over
        if over is None:
            over = track.over = bool(track.game.is_over(track.states[-1]))
        return over

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OfrendaState:
        """A state drawn by the library's ``resample`` from all that ``player_id`` has observed.

        ``probability_sampler`` (OpenSpiel's, a callable returning floats in
        ``[0, 1)``) is called twice for a 64-bit seed of the library's ``Rng``.
        The new state's ``history()`` starts at the resampled state (the actions
        that would lead to it are not known); ``player_id``'s observation and
        information-state strings and tensors are those of this state.
        """
        seed = 0
        for _ in range(2):
            seed = (seed << 32) | min(int(float(probability_sampler()) * 2**32), 2**32 - 1)
        track = self._track
        drawn = track.game.resample(track.states[-1], player_id, Rng(seed))
        state = OfrendaState(self.get_game())
        state._track = track.resampled(drawn, player_id)
        return state

    def returns(self) -> list[float]:
        """The win shares at the end (``0`` for every seat before)."""
        return list(returns(self._definition, self.ofrenda_state, Payoff.WIN_SHARE))

    def __str__(self) -> str:
        """The canonical JSON of the whole state."""
        return self._track.state_text()


_RECENT: Final = 3
"""How many recent tensors an observer keeps (OpenSpiel asks for some twice in a row)."""


class Observer:
    """An observer in OpenSpiel's Python observer protocol: tensors and strings of a seat's views.

    The tensor is the game's observation tensor of the seat's current view
    (``encode_observation``), or with perfect recall its information-state
    tensor (``encode_information_state`` of every view since the set-up). The
    string is the canonical JSON of the view, with perfect recall followed by
    the SHA-256 chain of every view since the set-up.
    """

    def __init__(self, game: AnyGame, config: Any, perfect_recall: bool) -> None:
        self.game = game
        """The game observed."""
        self.config = config
        """Its config."""
        self.perfect_recall = perfect_recall
        """Whether tensors and strings are information states (every view since the set-up)."""
        shape_of = game.information_state_shape if perfect_recall else game.observation_shape
        shape = shape_of(config)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        """The flat tensor, filled by :meth:`set_from`."""
        self.dict: dict[str, Any] = {"observation": self.tensor.reshape(shape)}
        """The tensor under its one name, in its declared shape."""
        self._recent: list[tuple[_Track, int, Any]] = []
        self._setup = _Track(game, (game.new_game(config, None),), (), None)

    def set_from(self, state: OfrendaState, player: int) -> None:
        """Fill the tensor from ``player``'s view (views) of ``state``."""
        game, config = self.game, self.config
        track = state._track
        if track.parent is None and track.origin is None:
            track = self._setup  # a new state (OpenSpiel makes one at each tensor it asks for): all are alike
        # OpenSpiel fills the tensor of another state between two fills of the state asked for: keep the last few.
        recent = self._recent
        for index, (known, seat, values) in enumerate(recent):
            if known is track and seat == player:
                self.tensor[:] = values
                if index:
                    recent.insert(0, recent.pop(index))
                return
        kept = None
        if self.perfect_recall:
            values = track.information_state(player)
            self.tensor[:] = values
            if isinstance(values, np.ndarray):  # a new array of doubles, this read's own: kept as it is, no copy
                kept = values
        elif game.state_observation_buffer is not None:  # straight from the state: no view, no copy but this one
            self.tensor[:] = np.frombuffer(game.state_observation_buffer(track.states[-1], player), np.float64)
        else:
            view = track.view(player)
            if game.observation_buffer is not None:  # an array of doubles: numpy converts it without a Python loop
                self.tensor[:] = np.frombuffer(game.observation_buffer(config, view), np.float64)
            else:
                values = game.encode_observation(config, view)
                self.tensor[:] = np.fromiter(values, np.float32, len(values))  # faster than from the tuple itself
        recent.insert(0, (track, player, self.tensor.copy() if kept is None else kept))
        del recent[_RECENT:]

    def string_from(self, state: OfrendaState, player: int) -> str:
        """The seat's view as canonical JSON; with perfect recall, and the chain of all its views."""
        current = state._track.view_text(player)
        if not self.perfect_recall:
            return current
        return f"{current}\nrecall {state._track.recall_digest(player).hex()}"


class OfrendaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel game for one of the library's games under one config."""

    definition: AnyGame

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.config = _config(self.definition, dict(params or {}))
        game, config = self.definition, self.config
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(config),
            max_chance_outcomes=game.max_chance_outcomes(config),
            num_players=config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_decisions(config),
        )
        super().__init__(game_type(game), info, dict(params or {}))
        self.initial = game.new_game(config, None)
        """The library's state at the set-up (unseeded, as OpenSpiel resolves chance), shared by every new state."""
        self._setup = _Track(game, (self.initial,), (), None)
        self._setup.shared = True  # its encoders are copied, never taken, by the tracks that follow it

    def __reduce__(self) -> tuple[type[OfrendaGame], tuple[dict[str, Any]]]:
        """Pickled as its class (bound in this module) and its parameters."""
        return (type(self), (dict(self.get_parameters()),))

    def new_initial_state(self) -> OfrendaState:
        """The set-up, before any chance event is resolved."""
        return OfrendaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """Tensors and strings of the views: the default observation, or the perfect-recall information state."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.definition, self.config, recall)


class LibraryBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel ships no type information
    """One of the library's bots, by name, playing one seat of an OpenSpiel game this adapter registered.

    ``name`` is any name :func:`ofrenda_rules.bots.make_bot` takes (``random``,
    ``reference``, ``easy``, ``medium``, ``hard``, ``expert``, ``mcts:N``...);
    the bot is seeded by ``seed`` and the seat (:func:`~ofrenda_rules.bots.bot_seed`),
    so a run is the same at every replay. The bot sees only what its seat may
    know: at each :meth:`step` it is shown a state drawn by the game's
    ``resample`` for its seat (the other seats' hidden cards and the deck
    order drawn afresh, consistent with everything the seat has seen), never
    the true state, and answers with the action id of its move, legal in the
    true state because the seat's information is the same.

    Raises:
        ConfigError: ``game`` is not a game of this adapter, ``name`` names no bot the game offers (the
            message lists those it does), or ``player_id`` is not a seat of the game.
    """

    def __init__(self, game: Any, name: str, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, OfrendaGame):
            raise ConfigError(f"LibraryBot plays the games registered by {__name__}, not {game!r}")
        players = int(game.num_players())
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < players:
            raise ConfigError(f"player_id must be a seat in [0, {players - 1}], not {player_id!r}")
        definition = game.definition
        check_bot_name(definition, name)
        self.game: OfrendaGame = game
        """The OpenSpiel game played."""
        self.name = name
        """The bot's name."""
        self._player = player_id
        self._bot: Bot = make_bot(definition, name, bot_seed(seed, player_id))
        self._rng = Rng(bot_seed(seed ^ 0x5EED, player_id))

    def player_id(self) -> int:
        """The seat the bot plays."""
        return self._player

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot reads the seat's information from each state it is asked to move in."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the bot keeps no record of the moves."""

    def provides_policy(self) -> bool:
        """The bot gives its move, not a policy."""
        return False

    def step(self, state: Any) -> int:
        """The id of the bot's move for its seat, chosen on a state resampled for that seat.

        Raises:
            ConfigError: ``state`` is not a state of the bot's game.
            BotError: it is not the bot's seat to move.
        """
        if not isinstance(state, OfrendaState) or state._definition is not self.game.definition:
            raise ConfigError(f"{self.name} bot: the state is not one of {short_name(self.game.definition)}")
        mover = state.current_player()
        if mover != self._player:
            raise BotError(f"{self.name} bot of seat {self._player}: seat {mover} is to move, not this bot's")
        definition, config = self.game.definition, state._config
        seed, self._rng = self._rng.next_u64()
        drawn = definition.resample(state.ofrenda_state, self._player, Rng(seed))
        return int(definition.encode_action(config, self._bot(drawn)))


def library_bots(game: Any, names: Sequence[str], seed: int = 0) -> list[LibraryBot]:
    """One :class:`LibraryBot` per seat, seat ``i`` played by ``names[i]`` (for OpenSpiel's ``evaluate_bots``).

    Raises:
        ConfigError: not one name per seat, or a name or game :class:`LibraryBot` refuses.
    """
    if isinstance(names, str):
        raise ConfigError(f"names is one bot name per seat, not the single string {names!r}")
    players = int(game.num_players()) if isinstance(game, OfrendaGame) else len(names)
    if len(names) != players:
        raise ConfigError(f"library_bots takes one bot name per seat ({players}), not {len(names)}")
    return [LibraryBot(game, name, seat, seed) for seat, name in enumerate(names)]


def register(names: Sequence[str] | None = None) -> tuple[str, ...]:
    """Register the games (all by default) with OpenSpiel; return their short names. Registering twice is harmless."""
    chosen = games() if names is None else tuple(get_game(name) for name in names)
    registered = []
    for game in chosen:
        name = short_name(game)
        if name not in _REGISTERED:
            pyspiel.register_game(game_type(game), _game_class(game))
            _REGISTERED.add(name)
        registered.append(name)
    return tuple(registered)


_CLASS_PREFIX: Final = "OfrendaGame_"
_CLASSES: dict[str, type[OfrendaGame]] = {}


def _game_class(game: AnyGame) -> type[OfrendaGame]:
    """The ``OfrendaGame`` subclass of one game, bound in this module under ``OfrendaGame_<name>`` so it pickles."""
    name = _CLASS_PREFIX + game.info.name
    cls = _CLASSES.get(name)
    if cls is None:
        cls = type(name, (OfrendaGame,), {"definition": game, "__module__": __name__, "__qualname__": name})
        _CLASSES[name] = cls
        globals()[name] = cls
    return cls


def __getattr__(name: str) -> type[OfrendaGame]:
    """``OfrendaGame_<name>``: the game's class, registered on first use (so a pickled game loads in a new process)."""
    if name.startswith(_CLASS_PREFIX):
        try:
            game = get_game(name.removeprefix(_CLASS_PREFIX))
        except OfrendaRulesError:
            pass
        else:
            register([game.info.name])
            return _game_class(game)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
