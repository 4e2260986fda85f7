"""The registry entry of Ofrenda: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final

from ofrenda_rules.game import GameDefinition, GameInfo
from ofrenda_rules.ofrenda.actions import (
    Action,
)
from ofrenda_rules.ofrenda.bots import reference_bot
from ofrenda_rules.ofrenda.codec import (
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.ofrenda.describe import describe_action, describe_event, describe_outcome
from ofrenda_rules.ofrenda.edition import TURNS
from ofrenda_rules.ofrenda.events import Event, event_seen_by
from ofrenda_rules.ofrenda.picks import action_picks
from ofrenda_rules.ofrenda.picture import render_svg
from ofrenda_rules.ofrenda.position import from_position, to_position
from ofrenda_rules.ofrenda.resample import resample
from ofrenda_rules.ofrenda.rules import (
    apply,
    chance_outcomes,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    step,
    validate,
)
from ofrenda_rules.ofrenda.scoring import Outcome, outcome, score, score_bounds
from ofrenda_rules.ofrenda.state import Config, State
from ofrenda_rules.ofrenda.tally import tally
from ofrenda_rules.ofrenda.tensors import (
    InformationStateEncoder,
    encode_information_state,
    encode_observation,
    information_state_shape,
    observation_shape,
)
from ofrenda_rules.ofrenda.text import render_text
from ofrenda_rules.ofrenda.view import View, observe, observe_public

__all__ = ["GAME", "INFO"]

INFO: Final = GameInfo(
    name="ofrenda",
    title="Ofrenda",
    player_counts=(1, 2, 3, 4),
    has_chance=True,
    hidden_information=True,
    publisher="Osprey Games, 2025",
)
"""Declared facts of the game."""


def _test_configs() -> tuple[Config, ...]:
    multiplayer = tuple(Config(players=n, common_goals=goals) for n in (2, 3, 4) for goals in (False, True))
    return (Config(players=1), *multiplayer, Config(players=1, abuela_marigolds_stay=True))


def _bench_configs() -> tuple[Config, ...]:
    return (Config(players=1), Config(players=2), Config(players=4), Config(players=4, common_goals=True))


def _turn_count(state: State) -> int:
    return sum(board.turns for board in state.boards)


def _turn_bounds(config: Config) -> tuple[int, int]:
    return (TURNS * config.players, TURNS * config.players)


def _max_steps(config: Config) -> int:
    setup = 3 + 3 + 4 + 4 + 3 * config.players
    slots = len(config.edition.board.offering_slots)
    abuela = 4 * TURNS if config.solo else 0
    return setup + config.players * (5 * TURNS + slots) + abuela


def _census(state: State) -> tuple[tuple[str, int], ...]:
    items: Counter[str] = Counter()
    portraits = [*state.deck, *state.box, *state.removed, *state.abuela_discards]
    portraits.extend(c for c in state.market if c is not None)
    candles = [*state.bag, *state.candle_box, *state.candle_discards]
    candles.extend(c for c in state.candle_market if c is not None)
    tokens = [*state.unused_tokens, *(t for stack in state.stacks for t in stack)]
    marigolds = state.supply + sum(state.market_marigolds)
    for hand in state.hands:
        portraits.extend(hand)
    for board in state.boards:
        portraits.extend(c for c in board.portraits if c is not None)
        portraits.extend(board.discards)
        candles.extend(board.candles)
        candles.extend(c for c in board.candle_slots if c is not None)
        tokens.extend(board.tokens)
        marigolds += board.marigolds + sum(board.marigold_slots)
    items.update(f"portrait {c:02d}" for c in portraits)
    items.update(f"candle {c:02d}" for c in candles)
    items.update(f"token {t:02d}" for t in tokens)
    items["marigold"] = marigolds
    items["goal card"] = len(state.config.edition.goals)
    return tuple(sorted(items.items()))


GAME: Final = GameDefinition[Config, State, Action, View, Outcome](
    info=INFO,
    config_type=Config,
    state_type=State,
    action_type=Action,
    view_type=View,
    outcome_type=Outcome,
    new_game=new_game,
    current_player=current_player,
    legal_actions=legal_actions,
    chance_outcomes=chance_outcomes,
    validate=validate,
    apply=apply,
    score=score,
    is_over=is_over,
    outcome=outcome,
    observe=observe,
    observe_public=observe_public,
    test_configs=_test_configs,
    turn_count=_turn_count,
    turn_bounds=_turn_bounds,
    max_steps=_max_steps,
    census=_census,
    hidden_variant=hidden_variant,
    bench_configs=_bench_configs,
    describe_action=describe_action,
    step=step,
    event_type=Event,
    event_seen_by=event_seen_by,
    describe_event=describe_event,
    render_text=render_text,
    describe_outcome=describe_outcome,
    to_position=to_position,
    from_position=from_position,
    num_distinct_actions=num_distinct_actions,
    max_chance_outcomes=max_chance_outcomes,
    encode_action=encode_action,
    decode_action=decode_action,
    max_decisions=max_decisions,
    render_svg=render_svg,
    action_picks=action_picks,
    tally=tally,
    score_bounds=score_bounds,
    observation_shape=observation_shape,
    encode_observation=encode_observation,
    information_state_shape=information_state_shape,
    encode_information_state=encode_information_state,
    information_state_encoder=InformationStateEncoder,
    resample=resample,
    reference_bot=reference_bot,
)
"""Ofrenda as a registered game."""
