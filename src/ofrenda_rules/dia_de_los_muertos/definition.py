"""The registry entry of Día de los Muertos: its facts and generic hooks."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Final

from ofrenda_rules.dia_de_los_muertos.actions import Action
from ofrenda_rules.dia_de_los_muertos.bots import reference_bot
from ofrenda_rules.dia_de_los_muertos.codec import (
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.dia_de_los_muertos.events import Event, describe_event, event_seen_by
from ofrenda_rules.dia_de_los_muertos.picks import action_picks
from ofrenda_rules.dia_de_los_muertos.picture import render_svg
from ofrenda_rules.dia_de_los_muertos.position import from_position, to_position
from ofrenda_rules.dia_de_los_muertos.resample import resample
from ofrenda_rules.dia_de_los_muertos.rules import (
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
from ofrenda_rules.dia_de_los_muertos.scoring import Outcome, outcome, score, score_bounds
from ofrenda_rules.dia_de_los_muertos.state import HAND_SIZES, Config, State
from ofrenda_rules.dia_de_los_muertos.tally import tally
from ofrenda_rules.dia_de_los_muertos.tensors import (
    InformationStateEncoder,
    encode_information_state,
    encode_observation,
    information_state_shape,
    observation_shape,
)
from ofrenda_rules.dia_de_los_muertos.text import describe_action, describe_outcome, render_text
from ofrenda_rules.dia_de_los_muertos.view import View, observe, observe_public
from ofrenda_rules.game import GameDefinition, GameInfo

__all__ = ["GAME", "INFO"]

INFO: Final = GameInfo(
    name="dia_de_los_muertos",
    title="Día de los Muertos",
    player_counts=(3, 4, 5, 6),
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
"""Día de los Muertos as a registered game."""
