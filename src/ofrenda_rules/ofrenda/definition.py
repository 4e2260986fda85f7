"""The registry entry of Ofrenda: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final, cast

from ofrenda_rules.game import GameDefinition, GameInfo, define_game
from ofrenda_rules.ofrenda.actions import Action
from ofrenda_rules.ofrenda.bots import reference_bot as reference_bot
from ofrenda_rules.ofrenda.bots import search_evaluation
from ofrenda_rules.ofrenda.codec import decode_action as decode_action
from ofrenda_rules.ofrenda.codec import encode_action as encode_action
from ofrenda_rules.ofrenda.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.ofrenda.codec import max_decisions as max_decisions
from ofrenda_rules.ofrenda.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.ofrenda.describe import describe_action as describe_action
from ofrenda_rules.ofrenda.describe import describe_event as describe_event
from ofrenda_rules.ofrenda.describe import describe_outcome as describe_outcome
from ofrenda_rules.ofrenda.edition import TURNS
from ofrenda_rules.ofrenda.events import Event as Event
from ofrenda_rules.ofrenda.events import event_seen_by as event_seen_by
from ofrenda_rules.ofrenda.picks import action_picks as action_picks
from ofrenda_rules.ofrenda.picture import render_svg as render_svg
from ofrenda_rules.ofrenda.position import from_position as from_position
from ofrenda_rules.ofrenda.position import to_position as to_position
from ofrenda_rules.ofrenda.resample import resample as resample
from ofrenda_rules.ofrenda.rules import apply as apply
from ofrenda_rules.ofrenda.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.ofrenda.rules import current_player as current_player
from ofrenda_rules.ofrenda.rules import hidden_variant as hidden_variant
from ofrenda_rules.ofrenda.rules import is_over as is_over
from ofrenda_rules.ofrenda.rules import legal_actions as legal_actions
from ofrenda_rules.ofrenda.rules import new_game as new_game
from ofrenda_rules.ofrenda.rules import step as step
from ofrenda_rules.ofrenda.rules import validate as validate
from ofrenda_rules.ofrenda.scoring import Outcome
from ofrenda_rules.ofrenda.scoring import outcome as outcome
from ofrenda_rules.ofrenda.scoring import score as score
from ofrenda_rules.ofrenda.scoring import score_bounds as score_bounds
from ofrenda_rules.ofrenda.state import Config, State
from ofrenda_rules.ofrenda.tally import tally as tally
from ofrenda_rules.ofrenda.tensors import InformationStateEncoder
from ofrenda_rules.ofrenda.tensors import encode_information_state as encode_information_state
from ofrenda_rules.ofrenda.tensors import encode_observation as encode_observation
from ofrenda_rules.ofrenda.tensors import information_state_shape as information_state_shape
from ofrenda_rules.ofrenda.tensors import observation_buffer as observation_buffer
from ofrenda_rules.ofrenda.tensors import observation_shape as observation_shape
from ofrenda_rules.ofrenda.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.ofrenda.text import render as render
from ofrenda_rules.ofrenda.text import render_text as render_text
from ofrenda_rules.ofrenda.view import View
from ofrenda_rules.ofrenda.view import observe as observe
from ofrenda_rules.ofrenda.view import observe_public as observe_public

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


GAME: Final = cast(
    "GameDefinition[Config, State, Action, View, Outcome]",
    define_game(INFO, globals(), evaluate=search_evaluation, information_state_encoder=InformationStateEncoder),
)
"""Ofrenda as a registered game."""
