"""What an Ofrenda picture shows of a state or a view: the table, the seats, the status and the result."""

from __future__ import annotations

import attrs

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda.edition import Edition
from ofrenda_rules.ofrenda.picture.layout import _PHASE_WORDS
from ofrenda_rules.ofrenda.rules import current_player
from ofrenda_rules.ofrenda.scoring import SoloTier, solo_tier
from ofrenda_rules.ofrenda.state import Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.view import View


@attrs.frozen
class _Table:
    edition: Edition
    players: int
    solo: bool
    phase: Phase
    seat: int
    to_move: int
    abuela: bool
    you: int | None
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck: tuple[int, ...] | None
    deck_size: int
    removed: tuple[int, ...] | None
    removed_count: int
    abuela_discards: tuple[int, ...]
    candle_discards: tuple[int, ...]
    market: tuple[int | None, ...]
    market_marigolds: tuple[int, ...]
    candle_market: tuple[int | None, ...]
    bag: tuple[int, ...] | None
    bag_size: int
    supply: int
    boards: tuple[PlayerBoard, ...]
    goals: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...]
    taken_space: int | None
    die: int | None


def _table_of_state(state: State) -> _Table:
    return _Table(
        edition=state.config.edition,
        players=state.config.players,
        solo=state.config.solo,
        phase=state.phase,
        seat=state.seat,
        to_move=current_player(state),
        abuela=state.abuela,
        you=None,
        hands=state.hands,
        hand_sizes=tuple(len(h) for h in state.hands),
        deck=state.deck,
        deck_size=len(state.deck),
        removed=state.removed,
        removed_count=len(state.removed),
        abuela_discards=state.abuela_discards,
        candle_discards=state.candle_discards,
        market=state.market,
        market_marigolds=state.market_marigolds,
        candle_market=state.candle_market,
        bag=state.bag,
        bag_size=len(state.bag),
        supply=state.supply,
        boards=state.boards,
        goals=state.goals,
        stacks=state.stacks,
        pending=state.pending,
        taken_space=state.taken_space,
        die=state.die,
    )


def _table_of_view(view: View, edition: Edition) -> _Table:
    spectator = view.player == SPECTATOR
    seat = view.current_player if view.current_player >= 0 else (0 if view.players == 1 else -1)
    return _Table(
        edition=edition,
        players=view.players,
        solo=view.players == 1,
        phase=view.phase,
        seat=seat,
        to_move=view.current_player,
        abuela=view.abuela,
        you=None if spectator else view.player,
        hands=tuple(view.hand if s == view.player and not spectator else None for s in range(view.players)),
        hand_sizes=view.hand_sizes,
        deck=None,
        deck_size=view.deck_size,
        removed=None,
        removed_count=view.removed_count,
        abuela_discards=view.abuela_discards,
        candle_discards=view.candle_discards,
        market=view.market,
        market_marigolds=view.market_marigolds,
        candle_market=view.candle_market,
        bag=None,
        bag_size=view.bag_size,
        supply=view.supply,
        boards=view.boards,
        goals=view.goals,
        stacks=view.stacks,
        pending=view.pending,
        taken_space=view.taken_space,
        die=view.die,
    )


def _seat_name(table: _Table, seat: int) -> str:
    return f"seat {seat} (you)" if seat == table.you else f"seat {seat}"


def _status(table: _Table, scores: tuple[int, ...]) -> str:
    if table.phase is Phase.OVER:
        return "Game over. " + _result(table, scores)
    words = _PHASE_WORDS[table.phase]
    if table.abuela:
        return f"The Abuela's turn: {words}"
    if table.to_move >= 0:
        return f"{_seat_name(table, table.to_move).capitalize()} to move: {words}"
    return words[0].upper() + words[1:]


def _tier_range(tier: SoloTier) -> str:
    tiers = list(SoloTier)
    index = tiers.index(tier)
    if index + 1 == len(tiers):
        return f"{tier.lowest}+"
    return f"{tier.lowest}-{tiers[index + 1].lowest - 1}"


def _places(table: _Table, scores: tuple[int, ...]) -> tuple[int, ...]:
    keys = [
        (scores[s], sum(1 for slot, c in enumerate(b.portraits) if c is not None and b.lit[slot]), b.marigolds)
        for s, b in enumerate(table.boards)
    ]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def _result(table: _Table, scores: tuple[int, ...]) -> str:
    if table.solo:
        tier = solo_tier(scores[0])
        return f"{scores[0]} points, solo tier {_tier_range(tier)}."
    places = _places(table, scores)
    winners = [s for s, p in enumerate(places) if p == 1]
    names = " and ".join(_seat_name(table, s) for s in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"{names[0].upper() + names[1:]} {verb} with {scores[winners[0]]} points."


# ---------------------------------------------------------------------------------------------------------------
# The parts of the table.
