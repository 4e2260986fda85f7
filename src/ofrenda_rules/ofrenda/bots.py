"""Ofrenda's reference bot: a one-ply greedy policy aimed at the rulebook's scoring.

:func:`reference_bot` picks, for the seat to move, the legal action whose
result looks best on that seat's own Ofrenda. It reads only what the seat
sees (its own hand, the Ofrendas, storages and the Family board, all through
:func:`~ofrenda_rules.ofrenda.view.observe`), never another hand, the deck or
the generator, and it is deterministic (ties go to the first legal action).

How a position is valued (:func:`projected_points`): the points the Ofrenda
would score if the game ended now, counting as lit every lit portrait and
every portrait whose objective holds now with empty slots ignored (as the
final check does), every placed candle whose objective holds now, and every
marigold on the Ofrenda; plus ``MARIGOLD_VALUE`` per marigold in storage (they
pay for better portraits, candles and crossed-out slots) and
``SLOT_VALUE`` per portrait placed (a placed portrait scores with its future
neighbours; a discard leaves its slot empty for good).

The decisions:

* take a portrait -- the Family-board space after which the best play (a
  placement of that portrait or of one held, or a discard) is best, counting
  the marigolds paid and gained;
* take a candle -- the candle that is lit on this Ofrenda now (or, for one
  lit only at the end, whose objective holds now) when a candle slot is still
  open, paying a marigold only for such a candle; otherwise none;
* place or discard -- the best of every placement and discard by the value
  above, with what the surrounded candle/marigold slots could then hold;
* a surrounded slot -- the candle or marigold that adds most, or nothing.

>>> from ofrenda_rules.ofrenda import Config, new_game, legal_actions
>>> state = new_game(Config(players=2), seed=3)
>>> reference_bot(state) in legal_actions(state)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ofrenda_rules.errors import seat_to_move
from ofrenda_rules.game import squashed_leads
from ofrenda_rules.ofrenda import actions as act
from ofrenda_rules.ofrenda.rules import current_player, legal_actions
from ofrenda_rules.ofrenda.state import Config, Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.tables import AT_LEAST_TWO, Tables
from ofrenda_rules.ofrenda.turn import DISCARD_GAIN
from ofrenda_rules.ofrenda.view import View, observe
from ofrenda_rules.ofrenda.work import BoardLike, candle_holds, filled, portrait_holds, tables_of

__all__ = ["MARIGOLD_VALUE", "SEARCH_SCALE", "SLOT_VALUE", "projected_points", "reference_bot", "search_evaluation"]

MARIGOLD_VALUE: Final = 0.6
"""What the bot counts a marigold in storage as worth, in points."""
SLOT_VALUE: Final = 1.5
"""What the bot counts a placed portrait as worth beyond its points now (its future neighbours)."""
SEARCH_SCALE: Final = 6.0
"""Projected points of lead that the search's evaluation (:func:`search_evaluation`) counts as one logit."""
_CANDLE_OPEN_VALUE: Final = 3.0
"""A candle in storage whose objective holds, while a candle slot is still open."""
_SOLO_SCALE: Final = 60.0
"""Projected points a solo Ofrenda counts as a sure win, for the search's evaluation."""
_CANDLE_HOPE_VALUE: Final = 0.8
"""A candle in storage whose objective does not hold yet, while a candle slot is still open."""
_CANDLE_DOUBT: Final = 0.4
"""The share of its points counted for a candle placed while its objective does not hold."""
_HOLDS_NOW: Final = 0.9
"""How surely a portrait whose objective holds now, its neighbourhood incomplete, ends lit."""
_MAY_HOLD: Final = 0.5
"""How surely a portrait whose "at least two" objective is not met yet, its neighbourhood incomplete, ends lit."""


class _Board:
    """A hypothetical Ofrenda (what ``candle_holds`` reads), built from a view's board with changes."""

    __slots__ = ("candle_lit", "candle_slots", "candles", "marigold_slots", "marigolds", "portraits", "turns")

    def __init__(self, board: PlayerBoard) -> None:
        self.portraits = board.portraits
        self.marigold_slots = board.marigold_slots
        self.marigolds = board.marigolds
        self.candle_slots = board.candle_slots
        self.candle_lit = board.candle_lit
        self.candles = board.candles
        self.turns = board.turns


_OFFERING_CARDS: dict[int, tuple[Tables, tuple[tuple[int, ...], ...]]] = {}


def _offering_cards(tables: Tables) -> tuple[tuple[int, ...], ...]:
    """The three card slots of each candle/marigold slot, per edition's tables (looked up by identity)."""
    known = _OFFERING_CARDS.get(id(tables))
    if known is None or known[0] is not tables:
        if len(_OFFERING_CARDS) >= 16:
            _OFFERING_CARDS.clear()
        known = (tables, tuple(slot.cards for slot in tables.edition.board.offering_slots))
        _OFFERING_CARDS[id(tables)] = known
    return known[1]


def projected_points(
    tables: Tables,
    config: Config,
    boards: Sequence[BoardLike],
    seat: int,
    lit: Sequence[bool],
) -> float:
    """The points the Ofrenda of ``seat`` would score if the game ended now (see the module docstring).

    ``lit`` is the board's lit flags (a portrait lit stays lit); the
    others count as lit when their objective holds now, empty slots ignored.
    """
    return _points(tables, config, boards, seat, _on(tables, config, boards[seat].portraits, lit))


def _chance(
    tables: Tables, config: Config, portraits: Sequence[int | None], lit: Sequence[bool], mask: int, slot: int
) -> float:
    """How surely the portrait in ``slot`` ends lit.

    1 when lit (or its objective holds with its neighbourhood complete), 0
    when it can no longer light, else ``_HOLDS_NOW`` when its objective holds
    now (empty slots ignored) and ``_MAY_HOLD`` when an "at least two"
    objective could still be met.
    """
    card = portraits[slot]
    if card is None:
        return 0.0
    if lit[slot]:
        return 1.0
    holds = portrait_holds(tables, config, portraits, slot, final=True)
    around = tables.neighbour_masks[slot]
    if around & mask == around:
        return 1.0 if holds else 0.0
    if holds:
        return _HOLDS_NOW
    return _MAY_HOLD if tables.portrait_kind[card] == AT_LEAST_TWO else 0.0


def _on(tables: Tables, config: Config, portraits: Sequence[int | None], lit: Sequence[bool]) -> list[float]:
    """How surely each portrait ends lit (see :func:`_chance`); 0 for an empty slot."""
    mask = filled(portraits)
    return [_chance(tables, config, portraits, lit, mask, s) for s in range(len(portraits))]


def _on_after(
    tables: Tables, config: Config, portraits: Sequence[int | None], lit: Sequence[bool], base: list[float], slot: int
) -> list[float]:
    """``_on`` after a portrait came to ``slot`` (``base`` is ``_on`` before): only its neighbourhood changes."""
    on = base.copy()
    mask = filled(portraits)
    for s in tables.closed[slot]:
        on[s] = _chance(tables, config, portraits, lit, mask, s)
    return on


def _points(tables: Tables, config: Config, boards: Sequence[BoardLike], seat: int, on: Sequence[float]) -> float:
    board = boards[seat]
    portraits = board.portraits
    neighbours = tables.neighbours
    golden = tables.golden
    total = 0.0
    for slot, here in enumerate(on):
        if not here:
            continue
        points = 0.0
        for n in neighbours[slot]:
            if portraits[n] is not None:
                points += 1.0 + on[n]
        total += here * (2 * points if golden[slot] else points)
    marigold_slots = board.marigold_slots
    candle_slots = board.candle_slots
    candle_lit = board.candle_lit
    for k, (a, b, c) in enumerate(_offering_cards(tables)):
        if marigold_slots[k]:
            total += on[a] + on[b] + on[c]
        else:
            candle = candle_slots[k]
            if candle is not None:
                adjacent = on[a] + on[b] + on[c]
                if adjacent:
                    if candle_lit[k] or candle_holds(tables, config, boards, seat, candle):
                        total += 2 * adjacent
                    else:
                        total += 2 * adjacent * _CANDLE_DOUBT
    return total


def _open_candle_slot(tables: Tables, config: Config, portraits: Sequence[int | None]) -> bool:
    """Whether some candle slot (any slot with ``offering_in_any_slot``) is not surrounded yet."""
    mask = filled(portraits)
    for k, m in enumerate(tables.offering_masks):
        if (tables.offering_is_candle[k] or config.offering_in_any_slot) and m & mask != m:
            return True
    return False


def _storage_value(tables: Tables, config: Config, boards: Sequence[BoardLike], seat: int) -> float:
    board = boards[seat]
    return MARIGOLD_VALUE * board.marigolds + _candles_value(tables, config, boards, seat)


def _candles_value(tables: Tables, config: Config, boards: Sequence[BoardLike], seat: int) -> float:
    """What the candles in storage are worth while a candle slot is open."""
    board = boards[seat]
    value = 0.0
    if board.candles and _open_candle_slot(tables, config, board.portraits):
        for candle in board.candles:
            holds = candle_holds(tables, config, boards, seat, candle)
            value += _CANDLE_OPEN_VALUE if holds else _CANDLE_HOPE_VALUE
    return value


def _placement_value(
    tables: Tables,
    config: Config,
    view: View,
    seat: int,
    card: int,
    slot: int,
    marigolds: int,
    base: list[float],
    candles: float,
) -> float:
    """The value of the Ofrenda after placing ``card`` in ``slot`` with ``marigolds`` in storage before.

    ``base`` is which portraits count as lit before the placement (``_on``), ``candles`` what the candles in
    storage are worth now (``_candles_value``, not revised for the one placement).
    """
    board = view.boards[seat]
    hypothetical = _Board(board)
    portraits = list(board.portraits)
    portraits[slot] = card
    hypothetical.portraits = tuple(portraits)
    effect = tables.slot_effect[slot]
    hypothetical.marigolds = marigolds + (1 if effect > 0 and view.supply > 0 else 0) - (1 if effect < 0 else 0)
    boards: list[BoardLike] = list(view.boards)
    boards[seat] = hypothetical
    on = _on_after(tables, config, portraits, board.lit, base, slot)
    value = _points(tables, config, boards, seat, on)
    value += MARIGOLD_VALUE * hypothetical.marigolds + candles
    value += SLOT_VALUE * (len(portraits) - portraits.count(None))
    mask = filled(portraits)
    for k in tables.offering_slots_of[slot]:
        m = tables.offering_masks[k]
        if m & mask == m:
            value += _best_offering_gain(tables, config, boards, seat, k, on)
    return value


def _discard_value(
    tables: Tables, config: Config, view: View, seat: int, marigolds: int, base: list[float], candles: float
) -> float:
    board = view.boards[seat]
    hypothetical = _Board(board)
    hypothetical.marigolds = marigolds + min(DISCARD_GAIN, view.supply)
    boards: list[BoardLike] = list(view.boards)
    boards[seat] = hypothetical
    value = _points(tables, config, boards, seat, base)
    value += MARIGOLD_VALUE * hypothetical.marigolds + candles
    return value + SLOT_VALUE * sum(1 for c in board.portraits if c is not None)


def _best_offering_gain(
    tables: Tables, config: Config, boards: list[BoardLike], seat: int, slot: int, on: list[float]
) -> float:
    """What filling the surrounded ``slot`` as well as possible adds (0 when leaving it empty is best)."""
    base = _offering_value(tables, config, boards, seat, on)
    best = 0.0
    for option in _offering_options(tables, config, boards[seat], slot):
        gain = _offering_value(tables, config, _with_offering(boards, seat, slot, option), seat, on) - base
        best = max(best, gain)
    return best


def _offering_options(tables: Tables, config: Config, board: BoardLike, slot: int) -> list[int | None]:
    """A candle of storage (its number) or a marigold (``None``), as the slot allows."""
    is_candle = tables.offering_is_candle[slot]
    options: list[int | None] = []
    if board.candles and (is_candle or config.offering_in_any_slot):
        options.extend(board.candles)
    if board.marigolds >= 1 and (not is_candle or config.offering_in_any_slot):
        options.append(None)
    return options


def _with_offering(boards: Sequence[BoardLike], seat: int, slot: int, option: int | None) -> list[BoardLike]:
    board = boards[seat]
    hypothetical = _Board.__new__(_Board)
    hypothetical.portraits = board.portraits
    hypothetical.marigolds = board.marigolds
    hypothetical.candle_lit = board.candle_lit
    hypothetical.turns = board.turns
    if option is None:
        hypothetical.marigolds -= 1
        hypothetical.marigold_slots = tuple(True if k == slot else m for k, m in enumerate(board.marigold_slots))
        hypothetical.candle_slots = board.candle_slots
        hypothetical.candles = board.candles
    else:
        hypothetical.marigold_slots = board.marigold_slots
        hypothetical.candle_slots = tuple(option if k == slot else c for k, c in enumerate(board.candle_slots))
        hypothetical.candles = tuple(c for c in board.candles if c != option)
    changed = list(boards)
    changed[seat] = hypothetical
    return changed


def _offering_value(tables: Tables, config: Config, boards: Sequence[BoardLike], seat: int, on: list[float]) -> float:
    return _points(tables, config, boards, seat, on) + _storage_value(tables, config, boards, seat)


def _best(actions: Sequence[act.Action], values: Sequence[float]) -> act.Action:
    best = 0
    for i, value in enumerate(values):
        if value > values[best] + 1e-9:
            best = i
    return actions[best]


def reference_bot(state: State) -> act.Action:
    """The action the reference policy picks for the seat to move (see the module docstring).

    Raises:
        BotError: when no seat is to decide (a chance event is pending, or the game is over).
    """
    seat = seat_to_move(current_player(state), "the reference bot")
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    view = observe(state, seat)
    config = state.config
    tables = tables_of(state)
    board = view.boards[seat]
    base = _on(tables, config, board.portraits, board.lit)
    candles = _candles_value(tables, config, view.boards, seat)
    phase = view.phase
    if phase is Phase.TAKE_PORTRAIT:
        held = max(
            [_best_placement(tables, config, view, seat, card, board.marigolds, base, candles) for card in view.hand],
            default=-1e9,
        )
        values = [_take_value(tables, config, view, seat, action, base, candles, held) for action in actions]
    elif phase is Phase.TAKE_CANDLE:
        values = [_candle_value(tables, config, view, seat, action) for action in actions]
    elif phase is Phase.PLAY:
        values = []
        for action in actions:
            if isinstance(action, act.PlacePortrait):
                card, slot = action.card, action.slot
                marigolds = board.marigolds
                values.append(_placement_value(tables, config, view, seat, card, slot, marigolds, base, candles))
            else:
                values.append(_discard_value(tables, config, view, seat, board.marigolds, base, candles))
    else:
        boards: list[BoardLike] = list(view.boards)
        values = []
        for action in actions:
            if isinstance(action, act.PlaceCandle):
                option: int | None = action.candle
            elif isinstance(action, act.PlaceMarigold):
                option = None
            else:
                values.append(_offering_value(tables, config, boards, seat, base))
                continue
            changed = _with_offering(boards, seat, action.slot, option)
            values.append(_offering_value(tables, config, changed, seat, base))
    return _best(actions, values)


def _best_placement(
    tables: Tables, config: Config, view: View, seat: int, card: int, marigolds: int, base: list[float], candles: float
) -> float:
    """The value of the best placement of ``card`` with ``marigolds`` in storage (``-1e9`` when none is allowed)."""
    best = -1e9
    effect = tables.slot_effect
    for slot, there in enumerate(view.boards[seat].portraits):
        if there is None and (effect[slot] >= 0 or marigolds >= 1):
            best = max(best, _placement_value(tables, config, view, seat, card, slot, marigolds, base, candles))
    return best


def _take_value(
    tables: Tables,
    config: Config,
    view: View,
    seat: int,
    action: act.Action,
    base: list[float],
    candles: float,
    held: float,
) -> float:
    """The value of taking a portrait: the best play afterwards, of it or of a portrait held.

    ``held`` is the value of the best placement of a portrait held, with the marigolds in storage now.
    """
    assert isinstance(action, act.TakePortrait)
    space = action.space
    card = view.market[space]
    assert card is not None
    board = view.boards[seat]
    marigolds = board.marigolds - space + view.market_marigolds[space]
    best = _discard_value(tables, config, view, seat, marigolds, base, candles)
    best = max(best, held + MARIGOLD_VALUE * (marigolds - board.marigolds))
    return max(best, _best_placement(tables, config, view, seat, card, marigolds, base, candles))


def _candle_value(tables: Tables, config: Config, view: View, seat: int, action: act.Action) -> float:
    board = view.boards[seat]
    if isinstance(action, act.SkipCandle) or not isinstance(action, act.TakeCandle):
        return 0.0
    candle = view.candle_market[action.space]
    assert candle is not None
    paid = 0 if action.space == view.taken_space else 1
    if not _open_candle_slot(tables, config, board.portraits):
        return -1.0
    holds = candle_holds(tables, config, view.boards, seat, candle)
    if not holds and paid:
        return -1.0
    return (_CANDLE_OPEN_VALUE if holds else _CANDLE_HOPE_VALUE) - MARIGOLD_VALUE * paid - 0.5


def search_evaluation(state: State) -> tuple[float, ...]:
    """Every seat's expected win share at an unfinished state, for the search bots (``GameDefinition.evaluate``).

    Each seat's projected points (:func:`projected_points`, plus what its
    storage is worth to the reference policy); with several seats, each
    seat's lead over the best other, per :data:`SEARCH_SCALE` points, through
    the logistic function; alone, the points' share of 60.
    """
    tables = tables_of(state)
    config = state.config
    boards = state.boards
    points = [
        projected_points(tables, config, boards, seat, boards[seat].lit) + _storage_value(tables, config, boards, seat)
        for seat in range(len(boards))
    ]
    if len(points) == 1:
        return (max(0.0, min(1.0, points[0] / _SOLO_SCALE)),)
    return squashed_leads(points, SEARCH_SCALE)
