"""The registry entry of Portents: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final, cast

from ofrenda_rules.game import GameDefinition, GameInfo, define_game
from ofrenda_rules.portents.actions import Action
from ofrenda_rules.portents.bots import SearchBot, search_evaluation
from ofrenda_rules.portents.bots import level_policy as level_policy
from ofrenda_rules.portents.codec import decode_action as decode_action
from ofrenda_rules.portents.codec import encode_action as encode_action
from ofrenda_rules.portents.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.portents.codec import max_decisions as max_decisions
from ofrenda_rules.portents.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.portents.events import Event as Event
from ofrenda_rules.portents.events import describe_event as describe_event
from ofrenda_rules.portents.events import event_seen_by as event_seen_by
from ofrenda_rules.portents.kitty import CIRCUIT
from ofrenda_rules.portents.picks import action_picks as action_picks
from ofrenda_rules.portents.picture import render_svg as render_svg
from ofrenda_rules.portents.position import from_position as from_position
from ofrenda_rules.portents.position import to_position as to_position
from ofrenda_rules.portents.resample import resample as resample
from ofrenda_rules.portents.rules import apply as apply
from ofrenda_rules.portents.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.portents.rules import current_player as current_player
from ofrenda_rules.portents.rules import hidden_variant as hidden_variant
from ofrenda_rules.portents.rules import is_over as is_over
from ofrenda_rules.portents.rules import legal_actions as legal_actions
from ofrenda_rules.portents.rules import new_game as new_game
from ofrenda_rules.portents.rules import step as step
from ofrenda_rules.portents.rules import validate as validate
from ofrenda_rules.portents.scoring import Outcome
from ofrenda_rules.portents.scoring import outcome as outcome
from ofrenda_rules.portents.scoring import score as score
from ofrenda_rules.portents.scoring import score_bounds as score_bounds
from ofrenda_rules.portents.state import CHALLENGES, Config, Difficulty, Phase, State
from ofrenda_rules.portents.tally import tally as tally
from ofrenda_rules.portents.tensors import InformationStateEncoder
from ofrenda_rules.portents.tensors import encode_information_state as encode_information_state
from ofrenda_rules.portents.tensors import encode_observation as encode_observation
from ofrenda_rules.portents.tensors import information_state_shape as information_state_shape
from ofrenda_rules.portents.tensors import observation_buffer as observation_buffer
from ofrenda_rules.portents.tensors import observation_shape as observation_shape
from ofrenda_rules.portents.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.portents.text import describe_action as describe_action
from ofrenda_rules.portents.text import describe_outcome as describe_outcome
from ofrenda_rules.portents.text import render as render
from ofrenda_rules.portents.text import render_text as render_text
from ofrenda_rules.portents.view import View
from ofrenda_rules.portents.view import observe as observe
from ofrenda_rules.portents.view import observe_public as observe_public

__all__ = ["GAME", "INFO", "RESHUFFLE_CAP", "solo_test_configs"]

INFO: Final = GameInfo(
    name="portents",
    title="Portents",
    player_counts=(1, 2),
    has_chance=True,
    hidden_information=False,
    publisher="New Mill Industries, 2022",
)
"""Declared facts of the game."""


def solo_test_configs() -> tuple[Config, ...]:
    """Solo configurations: the 16 challenge combinations, the five difficulties spread over them."""
    levels = tuple(Difficulty)
    configs = []
    for mask in range(16):
        chaotic, feed, felis, disturb = (bool(mask >> i & 1) for i in range(len(CHALLENGES)))
        configs.append(
            Config(
                players=1,
                difficulty=levels[mask % len(levels)],
                chaotic_cat=chaotic,
                feed_the_cat=feed,
                felis_pyromanias=felis,
                dont_disturb_the_cat=disturb,
            )
        )
    return tuple(configs)


def _test_configs() -> tuple[Config, ...]:
    return (
        Config(),
        Config(turn_limit=12),
        *solo_test_configs(),
        Config(players=1, fours_count_as_threes=True),
        Config(snuff_each_alone=True),
    )


def _bench_configs() -> tuple[Config, ...]:
    return (
        Config(),
        Config(players=1),
        Config(players=1, chaotic_cat=True, feed_the_cat=True, felis_pyromanias=True, dont_disturb_the_cat=True),
    )


def _describe_config(config: Config) -> str:
    snuffing = ["snuff_each_alone"] if config.snuff_each_alone else []
    if not config.solo:
        limit = [] if config.turn_limit == 200 else [f"turn_limit={config.turn_limit}"]
        return " ".join(["players=2", *limit, *snuffing])
    rulings = [
        name for name in ("fours_count_as_threes", "felis_step_first", "kitty_only_steals") if getattr(config, name)
    ]
    extras = [*config.challenges, *rulings, *snuffing]
    return " ".join(["players=1", config.difficulty.value, *extras])


def _turn_count(state: State) -> int:
    return state.turns


_SOLO_TURNS: Final = 4 * CIRCUIT
"""The Kitty steps at least once a turn and wins after 32 steps -- at most 32 turns each."""


def _turn_bounds(config: Config) -> tuple[int, int]:
    return (1, _SOLO_TURNS if config.solo else config.turn_limit)


RESHUFFLE_CAP: Final = 64
"""Altar reshuffles (and, separately, redeals of the hands) counted in ``_max_steps``; not a rule.

The rulebook reshuffles and redeals as often as needed, and so does the
library. Each reshuffle is needed with probability at most
:data:`~ofrenda_rules.portents.setup.WORST_RESHUFFLE_CHANCE` (61/90) and each
redeal at most :data:`~ofrenda_rules.portents.setup.WORST_REDEAL_CHANCE`
(5/14), so a setup with more than 64 of either happens with probability
below 1.1e-11 (``(61/90)**65 + (5/14)**65``); only such a setup, with its
chance events played one by one, can exceed ``max_steps``.
"""

_SETUP_STEPS: Final = 16 + 9 + RESHUFFLE_CAP * 8 + (1 + RESHUFFLE_CAP) * 6 + 1 + 1
"""Omens, altar tiles, reshuffles (the last tile of each goes back without a draw), deals, token or first player,
the offering."""
_PLAYER_TURN_STEPS: Final = 1 + 3 + 8 + 2
"""A push, up to 3 placements, up to 8 lights (one per lane), a sacrifice and its draw."""
_KITTY_TURN_STEPS: Final = 3
"""Up to 3 bag draws."""


def _max_steps(config: Config) -> int:
    if config.solo:
        return _SETUP_STEPS + (_SOLO_TURNS // 2) * (_PLAYER_TURN_STEPS + _KITTY_TURN_STEPS)
    return _SETUP_STEPS + config.turn_limit * _PLAYER_TURN_STEPS


def _census(state: State) -> tuple[tuple[str, int], ...]:
    """Every tile and omen wherever it is; during setup, the ones still in the box too."""
    edition = state.config.edition
    tiles = [t for t in state.altar if t is not None]
    for group in (*state.hands, state.taken, state.pushed, state.bag):
        tiles.extend(group)
    if state.token is not None:
        tiles.append(state.token)
    if state.phase in _SETUP_PHASES:
        tiles.extend(t for t in edition.tiles if t not in tiles)
    omens = [o for o in state.omens if o is not None]
    for group in (*state.collected, state.kitty_omens):
        omens.extend(group)
    if state.phase is Phase.OMENS:
        omens.extend(o for o in edition.omens if o not in omens)
    parts: Counter[str] = Counter(f"tile {t}" for t in tiles)
    parts.update(f"omen {o}" for o in omens)
    parts["kitty token"] = 1
    return tuple(sorted(parts.items()))


_SETUP_PHASES: Final = frozenset({Phase.OMENS, Phase.ALTAR, Phase.RESHUFFLE, Phase.HANDS, Phase.TOKEN})


_REFERENCE: Final = SearchBot(depth=1)


def _reference_bot(state: State) -> Action:
    """The reference bot's move: :class:`~ofrenda_rules.portents.bots.SearchBot` at depth 1."""
    return _REFERENCE.choose(state)


GAME: Final = cast(
    "GameDefinition[Config, State, Action, View, Outcome]",
    define_game(INFO, globals(), evaluate=search_evaluation, information_state_encoder=InformationStateEncoder),
)
"""Portents as a registered game."""
