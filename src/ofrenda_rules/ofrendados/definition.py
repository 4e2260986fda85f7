"""The registry entry of Ofrendados: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final, cast

from ofrenda_rules.game import GameDefinition, GameInfo, define_game
from ofrenda_rules.ofrendados.actions import Action
from ofrenda_rules.ofrendados.bots import reference_bot as reference_bot
from ofrenda_rules.ofrendados.bots import search_evaluation
from ofrenda_rules.ofrendados.bounds import score_bounds as score_bounds
from ofrenda_rules.ofrendados.codec import decode_action as decode_action
from ofrenda_rules.ofrendados.codec import encode_action as encode_action
from ofrenda_rules.ofrendados.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.ofrendados.codec import max_decisions as max_decisions
from ofrenda_rules.ofrendados.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.ofrendados.components import Beneath
from ofrenda_rules.ofrendados.events import Event as Event
from ofrenda_rules.ofrendados.events import describe_event as describe_event
from ofrenda_rules.ofrendados.events import event_seen_by as event_seen_by
from ofrenda_rules.ofrendados.expert import level_policy as level_policy
from ofrenda_rules.ofrendados.picks import action_picks as action_picks
from ofrenda_rules.ofrendados.picture import render_svg as render_svg
from ofrenda_rules.ofrendados.position import from_position as from_position
from ofrenda_rules.ofrendados.position import to_position as to_position
from ofrenda_rules.ofrendados.resample import resample as resample
from ofrenda_rules.ofrendados.rules import apply as apply
from ofrenda_rules.ofrendados.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.ofrendados.rules import current_player as current_player
from ofrenda_rules.ofrendados.rules import hidden_variant as hidden_variant
from ofrenda_rules.ofrendados.rules import is_over as is_over
from ofrenda_rules.ofrendados.rules import legal_actions as legal_actions
from ofrenda_rules.ofrendados.rules import new_game as new_game
from ofrenda_rules.ofrendados.rules import step as step
from ofrenda_rules.ofrendados.rules import validate as validate
from ofrenda_rules.ofrendados.scoring import Outcome
from ofrenda_rules.ofrendados.scoring import outcome as outcome
from ofrenda_rules.ofrendados.scoring import score as score
from ofrenda_rules.ofrendados.state import (
    DICE_PER_COLOUR,
    ROUNDS,
    Config,
    DiePowerTarget,
    MajorityCount,
    MajorityTies,
    State,
)
from ofrenda_rules.ofrendados.tally import tally as tally
from ofrenda_rules.ofrendados.tensors import InformationStateEncoder
from ofrenda_rules.ofrendados.tensors import encode_information_state as encode_information_state
from ofrenda_rules.ofrendados.tensors import encode_observation as encode_observation
from ofrenda_rules.ofrendados.tensors import information_state_shape as information_state_shape
from ofrenda_rules.ofrendados.tensors import observation_buffer as observation_buffer
from ofrenda_rules.ofrendados.tensors import observation_shape as observation_shape
from ofrenda_rules.ofrendados.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.ofrendados.text import describe_action as describe_action
from ofrenda_rules.ofrendados.text import describe_outcome as describe_outcome
from ofrenda_rules.ofrendados.text import render as render
from ofrenda_rules.ofrendados.text import render_text as render_text
from ofrenda_rules.ofrendados.view import View
from ofrenda_rules.ofrendados.view import observe as observe
from ofrenda_rules.ofrendados.view import observe_public as observe_public

__all__ = ["GAME", "INFO"]

INFO: Final = GameInfo(
    name="ofrendados",
    title="Ofrendados, the road to Mictlán",
    player_counts=(2, 3, 4),
    has_chance=True,
    hidden_information=False,
    publisher="rulebook only; components designed (see the docs)",
)
"""Declared facts of the game."""


def _test_configs() -> tuple[Config, ...]:
    every_option = Config(
        players=3,
        beneath=Beneath.DIRECT,
        calaverita_majority=MajorityCount.CARDS,
        repeat_purchases=True,
        unqualified_in_majorities=True,
        majority_ties=MajorityTies.SPLIT_PLACE,
        die_powers=DiePowerTarget.POOL,
    )
    return (*(Config(players=n) for n in sorted(DICE_PER_COLOUR)), every_option)


def _bench_configs() -> tuple[Config, ...]:
    return (Config(players=2), Config(players=4))


def _turn_count(state: State) -> int:
    return state.round


def _turn_bounds(config: Config) -> tuple[int, int]:
    return (ROUNDS, ROUNDS)


def _max_steps(config: Config) -> int:
    edition = config.edition
    n = config.players
    dice = 3 * config.dice_per_colour
    cards = len(edition.cards)
    # Per round: reveals and rolls, the draft, and per player every die used,
    # turned or rerolled (and rolled again), every object owed, and purchases.
    per_player = 4 * dice + 2 * edition.sheet.size // ROUNDS + 8 + (cards if config.repeat_purchases else 4)
    return ROUNDS * (dice + 2 * config.dice_per_colour + n * per_player) + 2 * cards


def _census(state: State) -> tuple[tuple[str, int], ...]:
    edition = state.config.edition
    parts: Counter[str] = Counter()
    for group in (state.deck, state.market, state.discard, *(b.cards for b in state.boards)):
        parts.update(f"calaverita card {card:02d}" for card in group)
    placed = sum(len(board.flowers) for board in state.boards)
    supply = 4 * edition.flowers_per_player - placed
    parts["flower token"] = placed + supply
    for spec in edition.dice:
        parts[f"{spec.colour.value} die"] = edition.dice_in_box
    return tuple(sorted(parts.items()))


GAME: Final = cast(
    "GameDefinition[Config, State, Action, View, Outcome]",
    define_game(INFO, globals(), evaluate=search_evaluation, information_state_encoder=InformationStateEncoder),
)
"""Ofrendados as a registered game."""
