"""The registry entry of Ofrendados: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final

from ofrenda_rules.game import GameDefinition, GameInfo
from ofrenda_rules.ofrendados.actions import (
    Action,
)
from ofrenda_rules.ofrendados.bots import reference_bot
from ofrenda_rules.ofrendados.bounds import score_bounds
from ofrenda_rules.ofrendados.codec import (
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.ofrendados.components import Beneath
from ofrenda_rules.ofrendados.events import Event, describe_event, event_seen_by
from ofrenda_rules.ofrendados.picks import action_picks
from ofrenda_rules.ofrendados.picture import render_svg
from ofrenda_rules.ofrendados.position import from_position, to_position
from ofrenda_rules.ofrendados.resample import resample
from ofrenda_rules.ofrendados.rules import (
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
from ofrenda_rules.ofrendados.scoring import Outcome, outcome, score
from ofrenda_rules.ofrendados.state import (
    DICE_PER_COLOUR,
    ROUNDS,
    Config,
    DiePowerTarget,
    MajorityCount,
    MajorityTies,
    State,
)
from ofrenda_rules.ofrendados.tally import tally
from ofrenda_rules.ofrendados.tensors import (
    InformationStateEncoder,
    encode_information_state,
    encode_observation,
    information_state_shape,
    observation_shape,
)
from ofrenda_rules.ofrendados.text import describe_action, describe_outcome, render_text
from ofrenda_rules.ofrendados.view import View, observe, observe_public

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
    reference_bot=reference_bot,
    score_bounds=score_bounds,
    observation_shape=observation_shape,
    encode_observation=encode_observation,
    information_state_shape=information_state_shape,
    encode_information_state=encode_information_state,
    information_state_encoder=InformationStateEncoder,
    resample=resample,
)
"""Ofrendados as a registered game."""
