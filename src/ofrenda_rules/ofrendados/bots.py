"""A reference bot for Ofrendados: one-ply greedy on a rulebook-based evaluation.

The bot reads only the table, which every seat sees (it never touches the
generator: it works on nothing a seat could not see). Each decision takes the
option whose immediate result has the best *value* for the seat to move:

``value(seat) = points + qualifying``

* ``points`` -- the seat's count as if it had qualified (the scoring section
  of the rulebook): a point per flower, the three flower majorities, the end
  bonus, the offering (position, quantity, full rows), the Calaverita
  majority, its Eternal Calaveritas on its neighbours' offerings, and its
  money, a point a peso;
* ``qualifying`` -- ``+QUALIFIED`` once the seat has a flower in the land of
  the living (else every point is lost), otherwise ``-SPACE_PENALTY`` for each
  space still between its furthest token and the land of the living.

The options, each valued one step ahead with owed draws placed greedily:

* **draft** -- the die whose best use now (its face, or exchanged for money)
  gains the most;
* **create** -- the die (for its face or exchanged) that gains the most; so a
  flower that carries furthest is placed first;
* **draw / rewrite** -- the cell giving the best value (the lowest cell on a
  tie, which leaves room to build on);
* **buy** -- the card whose gain less its price is largest, if positive, else
  pass. Immediate cards are valued by their effect; die powers at
  ``POWER_VALUE`` per round left; Eternal Calaveritas by what they count on the
  neighbours' offerings now, grown by ``ETERNAL_GROWTH`` per round left.

The die powers themselves (turning or rerolling a die) are never used.

>>> from ofrenda_rules.ofrendados import Config, new_game, apply, is_over, outcome
>>> state = new_game(Config(players=2), seed=4)
>>> while not is_over(state):
...     state = apply(state, reference_bot(state))
>>> outcome(state).sheets[0].qualified
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados.actions import (
    Action,
    BuyCard,
    DrawObject,
    Pass,
    RewriteObject,
    TakeDie,
    UseDie,
)
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour, Flower, ObjectKind
from ofrenda_rules.ofrendados.offering import drawable_cells, measure, offering_score, rewritable_cells
from ofrenda_rules.ofrendados.rules import current_player, legal_actions
from ofrenda_rules.ofrendados.scoring import majority, neighbours
from ofrenda_rules.ofrendados.state import ROUNDS, Board, Config, MajorityCount, PendingKind, Phase, State

__all__ = ["ETERNAL_GROWTH", "POWER_VALUE", "QUALIFIED", "SPACE_PENALTY", "reference_bot", "value"]

QUALIFIED: Final = 20.0
"""Value of having a flower in the land of the living."""
SPACE_PENALTY: Final = 5.0
"""Value lost per space still to go before the land of the living."""
POWER_VALUE: Final = 1.5
"""Value of a die-power card per round left."""
ETERNAL_GROWTH: Final = 0.3
"""Growth of an Eternal Calaverita's count per round left, as a fraction of its count now."""

_FLOWERS: Final = tuple(Flower)


def value(config: Config, boards: Sequence[Board], seat: int) -> float:
    """The bot's value of ``boards`` for ``seat``: its points as if qualified, plus the qualifying term."""
    edition = config.edition
    path = edition.path
    board = boards[seat]
    table = edition.majority_points
    ties = config.majority_ties
    everyone = (True,) * len(boards)
    points = float(len(board.flowers) + board.pesos)
    for flower in _FLOWERS:
        counts = [sum(1 for s in other.flowers if path.space(s).flower is flower) for other in boards]
        points += majority(counts, everyone, table, ties)[seat]
    if config.calaverita_majority is MajorityCount.DRAWN:
        skulls = [sum(1 for c in other.sheet if c is ObjectKind.CALAVERITA) for other in boards]
    else:
        skulls = [len(other.cards) for other in boards]
    points += majority(skulls, everyone, table, ties)[seat]
    points += offering_score(edition.sheet, board.sheet, config.beneath, edition.food_set_points).total
    for card_id in board.cards:
        effect = edition.card(card_id).effect
        if effect.kind is EffectKind.ETERNAL:
            for other in neighbours(seat, len(boards), config.opponent_as_both_neighbours):
                points += effect.points * measure(edition.sheet, boards[other].sheet, effect)
    if board.position == path.length:
        points += path.end_bonus
    if path.in_land_of_the_living(board.position):
        return points + QUALIFIED
    return points - SPACE_PENALTY * (path.head + 1 - board.position)


def _with(boards: Sequence[Board], seat: int, board: Board) -> tuple[Board, ...]:
    return (*boards[:seat], board, *boards[seat + 1 :])


class _Table:
    """The boards as the seat to move sees them, and its one-step gains."""

    def __init__(self, state: State, seat: int) -> None:
        self.config = state.config
        self.edition = state.config.edition
        self.seat = seat
        self.boards = state.boards
        self.rounds_left = ROUNDS - state.round - 1
        self.base = value(self.config, self.boards, seat)
        self.rate = 1
        double = {
            c.id
            for c in self.edition.cards
            if c.effect.kind is EffectKind.DIE_POWER and c.effect.power is DiePower.DOUBLE_EXCHANGE
        }
        if any(card in double for card in self.boards[seat].cards):
            self.rate = 2

    def best_draw(self, board: Board, kind: ObjectKind) -> tuple[float, Board, int]:
        """The best value after drawing ``kind`` on ``board``, the board then, and the cell (-1 when none)."""
        spec = self.edition.sheet
        best = (value(self.config, _with(self.boards, self.seat, board), self.seat), board, -1)
        first = True
        for cell in drawable_cells(spec, board.sheet, kind):
            sheet = (*board.sheet[:cell], kind, *board.sheet[cell + 1 :])
            after = Board(sheet, board.flowers, board.pesos, board.cards)
            score = value(self.config, _with(self.boards, self.seat, after), self.seat)
            if first or score > best[0]:
                best = (score, after, cell)
                first = False
        return best

    def draw_all(self, board: Board, kinds: Sequence[ObjectKind]) -> tuple[float, Board]:
        """The value after drawing each of ``kinds`` in turn, greedily."""
        score = value(self.config, _with(self.boards, self.seat, board), self.seat)
        for kind in kinds:
            score, board, _ = self.best_draw(board, kind)
        return score, board

    def flower_gain(self, board: Board, space: int) -> float:
        """The value after placing a token on ``space`` (its bonus pesos and object included)."""
        spec = self.edition.path.space(space)
        after = Board(board.sheet, (*board.flowers, space), board.pesos + spec.pesos, board.cards)
        kinds = () if spec.object is None else (spec.object,)
        return self.draw_all(after, kinds)[0]

    def can_place(self, board: Board) -> bool:
        """Whether the seat has a flower token left."""
        return len(board.flowers) < self.edition.flowers_per_player

    def face_value(self, colour_pips: tuple[Colour, int], as_money: bool) -> float:
        """The value after using the die ``(colour, pips)`` now, for its face or exchanged for money."""
        board = self.boards[self.seat]
        face = self.edition.face(*colour_pips)
        if as_money:
            return value(
                self.config,
                _with(self.boards, self.seat, Board(board.sheet, board.flowers, board.pesos + self.rate, board.cards)),
                self.seat,
            )
        if face.object is not None:
            return self.best_draw(board, face.object)[0]
        if face.flower is not None:
            space = self.edition.path.next_space(board.position, face.flower)
            if space == 0 or not self.can_place(board):
                return self.base
            return self.flower_gain(board, space)
        after = Board(board.sheet, board.flowers, board.pesos + face.pesos, board.cards)
        return value(self.config, _with(self.boards, self.seat, after), self.seat)

    def die_value(self, colour_pips: tuple[Colour, int]) -> float:
        """The best value of a die: for its face, or exchanged for money when its face shows none."""
        face = self.edition.face(*colour_pips)
        use = self.face_value(colour_pips, False)
        return use if face.pesos else max(use, self.face_value(colour_pips, True))

    def card_value(self, card_id: int) -> float:
        """The value after buying ``card_id`` (its price paid) and its immediate effect."""
        card = self.edition.card(card_id)
        board = self.boards[self.seat]
        paid = Board(board.sheet, board.flowers, board.pesos - card.cost, (*board.cards, card_id))
        effect = card.effect
        kind = effect.kind
        path = self.edition.path
        if kind is EffectKind.DRAW:
            return self.draw_all(paid, effect.objects)[0]
        if kind is EffectKind.FLOWER:
            assert effect.flower is not None
            space = path.next_space(paid.position, effect.flower)
            return self.flower_gain(paid, space) if space and self.can_place(paid) else self._plain(paid)
        if kind is EffectKind.NEXT_SPACE:
            if self.can_place(paid) and paid.position < path.length:
                return self.flower_gain(paid, paid.position + 1)
            return self._plain(paid)
        if kind is EffectKind.REWRITE:
            assert effect.into is not None
            best = self._plain(paid)
            for cell in rewritable_cells(self.edition.sheet, paid.sheet, effect):
                sheet = (*paid.sheet[:cell], effect.into, *paid.sheet[cell + 1 :])
                best = max(best, self._plain(Board(sheet, paid.flowers, paid.pesos, paid.cards)))
            return best
        if kind is EffectKind.DIE_POWER:
            return self._plain(paid) + POWER_VALUE * self.rounds_left
        # An Eternal Calaverita counts now in value(); it grows as the neighbours draw.
        now = self._plain(paid)
        counted = 0
        for other in neighbours(self.seat, self.config.players, self.config.opponent_as_both_neighbours):
            counted += effect.points * measure(self.edition.sheet, self.boards[other].sheet, effect)
        return now + ETERNAL_GROWTH * self.rounds_left * counted

    def _plain(self, board: Board) -> float:
        return value(self.config, _with(self.boards, self.seat, board), self.seat)


def _first_best(options: Sequence[tuple[float, Action]]) -> Action:
    """The option of greatest value, the first listed on a tie."""
    best_score, best = options[0]
    for score, action in options[1:]:
        if score > best_score:
            best_score, best = score, action
    return best


def reference_bot(state: State) -> Action:
    """The reference bot's action for the seat to move (see the module docstring).

    Raises:
        ConfigError: ``state`` is not an Ofrendados state, or no seat is to move (a chance event, or the game
            is over).

    """
    if not isinstance(state, State):
        raise ConfigError(f"expected an ofrendados State, not {type(state).__name__}")
    seat = current_player(state)
    if seat in (CHANCE, TERMINAL):
        raise ConfigError("no seat is to move: " + ("a chance event is pending" if seat == CHANCE else "game over"))
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    table = _Table(state, seat)
    board = state.boards[seat]
    if state.pending:
        head = state.pending[0]
        options: list[tuple[float, Action]] = []
        for action in legal:
            wanted = DrawObject if head.kind is PendingKind.DRAW else RewriteObject
            if not isinstance(action, wanted):
                continue
            cell = action.cell
            sheet = (*board.sheet[:cell], head.object, *board.sheet[cell + 1 :])
            options.append((table._plain(Board(sheet, board.flowers, board.pesos, board.cards)), action))
        return _first_best(options) if options else legal[0]
    if state.phase is Phase.DRAFT:
        takes = [(table.die_value((a.colour, a.pips)), a) for a in legal if isinstance(a, TakeDie)]
        return _first_best(takes) if takes else legal[0]
    if state.phase is Phase.CREATE:
        uses = [(table.face_value((a.colour, a.pips), a.as_money), a) for a in legal if isinstance(a, UseDie)]
        return _first_best(uses) if uses else legal[0]
    options = [(table.base, next(a for a in legal if isinstance(a, Pass)))] if Pass() in legal else []
    options += [(table.card_value(a.card), a) for a in legal if isinstance(a, BuyCard)]
    return _first_best(options) if options else legal[0]
