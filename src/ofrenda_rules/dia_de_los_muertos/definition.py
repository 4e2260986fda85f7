"""The registry entry of Día de los Muertos: its facts and generic hooks."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Final, cast

from ofrenda_rules.dia_de_los_muertos.actions import Action
from ofrenda_rules.dia_de_los_muertos.bots import level_policy as level_policy
from ofrenda_rules.dia_de_los_muertos.bots import reference_bot as reference_bot
from ofrenda_rules.dia_de_los_muertos.codec import decode_action as decode_action
from ofrenda_rules.dia_de_los_muertos.codec import encode_action as encode_action
from ofrenda_rules.dia_de_los_muertos.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.dia_de_los_muertos.codec import max_decisions as max_decisions
from ofrenda_rules.dia_de_los_muertos.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.dia_de_los_muertos.events import Event as Event
from ofrenda_rules.dia_de_los_muertos.events import describe_event as describe_event
from ofrenda_rules.dia_de_los_muertos.events import event_seen_by as event_seen_by
from ofrenda_rules.dia_de_los_muertos.picks import action_picks as action_picks
from ofrenda_rules.dia_de_los_muertos.picture import render_svg as render_svg
from ofrenda_rules.dia_de_los_muertos.position import from_position as from_position
from ofrenda_rules.dia_de_los_muertos.position import to_position as to_position
from ofrenda_rules.dia_de_los_muertos.resample import resample as resample
from ofrenda_rules.dia_de_los_muertos.rules import apply as apply
from ofrenda_rules.dia_de_los_muertos.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.dia_de_los_muertos.rules import current_player as current_player
from ofrenda_rules.dia_de_los_muertos.rules import hidden_variant as hidden_variant
from ofrenda_rules.dia_de_los_muertos.rules import is_over as is_over
from ofrenda_rules.dia_de_los_muertos.rules import legal_actions as legal_actions
from ofrenda_rules.dia_de_los_muertos.rules import new_game as new_game
from ofrenda_rules.dia_de_los_muertos.rules import step as step
from ofrenda_rules.dia_de_los_muertos.rules import validate as validate
from ofrenda_rules.dia_de_los_muertos.scoring import Outcome
from ofrenda_rules.dia_de_los_muertos.scoring import outcome as outcome
from ofrenda_rules.dia_de_los_muertos.scoring import score as score
from ofrenda_rules.dia_de_los_muertos.scoring import score_bounds as score_bounds
from ofrenda_rules.dia_de_los_muertos.state import HAND_SIZES, Config, State
from ofrenda_rules.dia_de_los_muertos.tally import tally as tally
from ofrenda_rules.dia_de_los_muertos.tensors import InformationStateEncoder
from ofrenda_rules.dia_de_los_muertos.tensors import encode_information_state as encode_information_state
from ofrenda_rules.dia_de_los_muertos.tensors import encode_observation as encode_observation
from ofrenda_rules.dia_de_los_muertos.tensors import information_state_shape as information_state_shape
from ofrenda_rules.dia_de_los_muertos.tensors import observation_buffer as observation_buffer
from ofrenda_rules.dia_de_los_muertos.tensors import observation_shape as observation_shape
from ofrenda_rules.dia_de_los_muertos.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.dia_de_los_muertos.text import describe_action as describe_action
from ofrenda_rules.dia_de_los_muertos.text import describe_outcome as describe_outcome
from ofrenda_rules.dia_de_los_muertos.text import render as render
from ofrenda_rules.dia_de_los_muertos.text import render_text as render_text
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.dia_de_los_muertos.view import observe as observe
from ofrenda_rules.dia_de_los_muertos.view import observe_public as observe_public
from ofrenda_rules.game import GameDefinition, GameInfo, define_game

__all__ = ["GAME", "INFO"]

INFO: Final = GameInfo(
    name="dia_de_los_muertos",
    title="Día de los Muertos",
    player_counts=tuple(range(3, 7)),
    has_chance=True,
    hidden_information=True,
    publisher="Jolly Roger Games, 2016",
)
"""Declared facts of the game."""


def _test_configs() -> tuple[Config, ...]:
    variants = tuple(
        Config(players=n, lock_lead=lock, high_low_split=split)
        for n, lock, split in itertools.product(sorted(HAND_SIZES), (False, True), (False, True))
    )
    # Ruling 7's other reading, once: the lock variant never lets the lead card be taken, so without it.
    return (*variants, Config(players=4, lead_replacement_exempt=True))


def _bench_configs() -> tuple[Config, ...]:
    return (
        Config(players=3),
        Config(players=4),
        Config(players=6),
        Config(players=6, lock_lead=True, high_low_split=True),
    )


def _turn_count(state: State) -> int:
    return state.tricks


def _turn_bounds(config: Config) -> tuple[int, int]:
    # TAKE cards make players spend extra cards, so a game may stop before
    # every hand is played out; without TAKEs it lasts exactly one trick per card.
    return (0, config.hand_size)


def _max_steps(config: Config) -> int:
    dealt = config.players * config.hand_size
    takes = sum(1 for spec in config.deck.cards if spec.take)
    return dealt + dealt + takes


def _census(state: State) -> tuple[tuple[str, int], ...]:
    cards: Counter[str] = Counter()
    for group in (*state.hands, *state.piles, state.stock, state.set_aside):
        cards.update(str(card) for card in group)
    cards.update(str(card) for card in state.in_front if card is not None)
    return tuple(sorted(cards.items()))


GAME: Final = cast(
    "GameDefinition[Config, State, Action, View, Outcome]",
    define_game(INFO, globals(), information_state_encoder=InformationStateEncoder),
)
"""Día de los Muertos as a registered game."""
