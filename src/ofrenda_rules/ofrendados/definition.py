"""The registry entry of Ofrendados: its facts and generic hooks."""

from __future__ import annotations

from collections import Counter
from typing import Final, assert_never

from ofrenda_rules.game import GameDefinition, GameInfo
from ofrenda_rules.ofrendados.actions import (
    Action,
    BuyCard,
    DrawObject,
    Pass,
    RerollDie,
    RevealCard,
    RewriteObject,
    RollDie,
    TakeDie,
    TurnDie,
    UseDie,
)
from ofrenda_rules.ofrendados.codec import (
    decode_action,
    encode_action,
    max_chance_outcomes,
    max_decisions,
    num_distinct_actions,
)
from ofrenda_rules.ofrendados.components import Beneath
from ofrenda_rules.ofrendados.moves import draft_seat, roll_colour
from ofrenda_rules.ofrendados.picture import render_svg
from ofrenda_rules.ofrendados.position import from_position, to_position
from ofrenda_rules.ofrendados.rules import (
    apply,
    chance_outcomes,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
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
    Phase,
    State,
)
from ofrenda_rules.ofrendados.view import View, observe

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


def _describe(state: State, action: Action) -> str:
    edition = state.config.edition
    seat = draft_seat(state) if state.phase is Phase.DRAFT else state.acting
    if isinstance(action, RevealCard):
        card = edition.card(action.card)
        return f"reveal Calaverita {card.id} {card.name} ({card.colour.value}, {card.cost} pesos)"
    if isinstance(action, RollDie):
        die = state.rerolling.colour if state.rerolling is not None else roll_colour(state)
        return f"{die.value} die rolls {action.pips} ({edition.face(die, action.pips)})"
    if isinstance(action, TakeDie):
        face = edition.face(action.colour, action.pips)
        return f"player {draft_seat(state)} takes the {action.colour.value} {action.pips} ({face})"
    if isinstance(action, UseDie):
        face = edition.face(action.colour, action.pips)
        how = "exchanged for money" if action.as_money else f"as {face}"
        return f"player {seat} uses the {action.colour.value} {action.pips} {how}"
    if isinstance(action, TurnDie):
        return f"player {seat} turns the {action.colour.value} {action.pips} to {action.to} with card {action.card}"
    if isinstance(action, RerollDie):
        return f"player {seat} rerolls the {action.colour.value} {action.pips} with card {action.card}"
    if isinstance(action, DrawObject | RewriteObject):
        what = state.pending[0].object.value.replace("_", " ") if state.pending else "?"
        sheet = state.boards[seat].sheet
        if not 0 <= action.cell < len(sheet):
            where = f"cell {action.cell} (not on the sheet)"
        else:
            where = edition.sheet.describe(action.cell)
        if isinstance(action, DrawObject):
            return f"player {seat} draws a {what} in {where}"
        held = sheet[action.cell] if 0 <= action.cell < len(sheet) else None
        old = held.value.replace("_", " ") if held is not None else "nothing"
        return f"player {seat} turns the {old} in {where} into a {what}"
    if isinstance(action, BuyCard):
        return f"player {seat} buys Calaverita {action.card} {edition.card(action.card).name}"
    if isinstance(action, Pass):
        return f"player {seat} passes"
    assert_never(action)


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
    test_configs=_test_configs,
    turn_count=_turn_count,
    turn_bounds=_turn_bounds,
    max_steps=_max_steps,
    census=_census,
    hidden_variant=hidden_variant,
    bench_configs=_bench_configs,
    describe_action=_describe,
    to_position=to_position,
    from_position=from_position,
    num_distinct_actions=num_distinct_actions,
    max_chance_outcomes=max_chance_outcomes,
    encode_action=encode_action,
    decode_action=decode_action,
    max_decisions=max_decisions,
    render_svg=render_svg,
)
"""Ofrendados as a registered game."""
