"""Builders for Ofrendados test states: feed chance outcomes, jump to a step."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    Action,
    Board,
    Colour,
    Config,
    Die,
    ObjectKind,
    Phase,
    RevealCard,
    RollDie,
    State,
    apply,
    new_game,
)

SHEET = DEFAULT_EDITION.sheet
PATH = DEFAULT_EDITION.path


def without_events(state: State) -> State:
    """``state`` with no recent events: what a position, which does not write them, reads back."""
    return attrs.evolve(state, recent_events=())


def play(state: State, actions: Iterable[Action]) -> State:
    """Apply every action in turn."""
    for action in actions:
        state = apply(state, action)
    return state


def start(
    players: int = 3,
    market: Sequence[int] = (1, 2, 3),
    yellow: Sequence[int] = (1, 2, 3, 4),
    orange: Sequence[int] = (1, 2, 3, 4),
    purple: Sequence[int] = (1, 2, 3, 4),
    **options: object,
) -> State:
    """An unseeded game with the given market opened and dice rolled: the draft is due."""
    config = Config(players=players, **options)  # type: ignore[arg-type]
    per = config.dice_per_colour
    rolls = [*yellow[:per], *orange[:per], *purple[:per]]
    return play(new_game(config), [*(RevealCard(c) for c in market), *(RollDie(p) for p in rolls)])


def board(
    sheet: dict[int, ObjectKind] | None = None, flowers: Sequence[int] = (), pesos: int = 0, cards: Sequence[int] = ()
) -> Board:
    """A board with objects in the given cells."""
    cells = [None] * SHEET.size
    for cell, kind in (sheet or {}).items():
        cells[cell] = kind  # type: ignore[call-overload]
    return Board(sheet=tuple(cells), flowers=tuple(flowers), pesos=pesos, cards=tuple(cards))


def creating(state: State, dice: Sequence[Die], seat_board: Board | None = None) -> State:
    """``state`` moved to the CREATE step with the acting player (seat 0) holding ``dice``."""
    boards = state.boards if seat_board is None else (seat_board, *state.boards[1:])
    return attrs.evolve(
        state,
        phase=Phase.CREATE,
        pool=(),
        picks=len(state.rolled),
        acted=0,
        dice_left=tuple(sorted(dice)),
        boards=boards,
    )


def buying(state: State, seat_board: Board) -> State:
    """``state`` moved to the BUY step with seat 0 to buy, holding ``seat_board``."""
    return attrs.evolve(
        state, phase=Phase.BUY, pool=(), acted=0, turn_done=False, dice_left=(), boards=(seat_board, *state.boards[1:])
    )


def fill(rows: int, kind: ObjectKind = ObjectKind.FRUIT) -> dict[int, ObjectKind]:
    """Every cell of the bottom ``rows`` rows holding ``kind``."""
    return {cell: kind for row in SHEET.rows[:rows] for cell in row}


Y, O, P = Colour.YELLOW, Colour.ORANGE, Colour.PURPLE  # noqa: E741 - the dice colours
