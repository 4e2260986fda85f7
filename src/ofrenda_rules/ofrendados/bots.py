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

* **die powers** -- a purple card's power (turn one of the seat's unused
  dice to another face, or reroll it; once per round, in the rounds after
  the purchase) is used when it improves a die: in the create step, before
  using a die, the bot turns the die whose best value (as in **draft**) gains
  most from its new face, or rerolls the die whose mean value over the six
  faces beats its value now, if that gain is positive; with powers over the
  pool (``DiePowerTarget.POOL``), in the draft it turns or rerolls a pool
  die when the result is worth more than the best die it could take.

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

from ofrenda_rules.errors import ConfigError, seat_to_move
from ofrenda_rules.game import squashed_leads
from ofrenda_rules.ofrendados import actions as act
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Beneath, Colour, Flower, ObjectKind, SheetSpec
from ofrenda_rules.ofrendados.offering import Sheet, drawable_cells, measure, offering_score, rewritable_cells
from ofrenda_rules.ofrendados.rules import current_player, legal_actions
from ofrenda_rules.ofrendados.scoring import neighbours
from ofrenda_rules.ofrendados.state import ROUNDS, Board, Config, MajorityCount, MajorityTies, PendingKind, Phase, State

__all__ = [
    "ETERNAL_GROWTH",
    "POWER_GAIN",
    "POWER_VALUE",
    "QUALIFIED",
    "SEARCH_SCALE",
    "SPACE_PENALTY",
    "draw_delta",
    "reference_bot",
    "search_evaluation",
    "value",
]

QUALIFIED: Final = 20.0
"""Value of having a flower in the land of the living."""
SPACE_PENALTY: Final = 5.0
"""Value lost per space still to go before the land of the living."""
POWER_VALUE: Final = 1.5
"""Value of a die-power card per round left."""
POWER_GAIN: Final = 0.0
"""The least gain in a die's value for which the bot uses a die power on it."""
ETERNAL_GROWTH: Final = 0.3
"""Growth of an Eternal Calaverita's count per round left, as a fraction of its count now."""

_FLOWERS: Final = tuple(Flower)


def _majority_of(count: int, others: Sequence[int], table: Sequence[int], ties: MajorityTies) -> int:
    """One seat's majority points (as :func:`~ofrenda_rules.ofrendados.scoring.majority`, every seat eligible)."""
    if count <= 0:
        return 0
    place = sum(1 for other in others if other > count)
    tied = 1 + sum(1 for other in others if other == count)
    if ties is MajorityTies.SHARE_PLACES:
        return sum(table[place : place + tied]) // tied
    return (table[place] if place < len(table) else 0) // tied


_LIGHTS: Final = (ObjectKind.CANDLE, ObjectKind.PAPEL_PICADO)
_FOOD_KINDS: Final = (ObjectKind.FRUIT, ObjectKind.TAMAL, ObjectKind.MOLE)


def _food_points(counts: list[int], table: Sequence[int]) -> int:
    """As :func:`~ofrenda_rules.ofrendados.offering.food_points`, from the count of each food."""
    total = 0
    counts = list(counts)
    while any(counts):
        total += table[sum(1 for c in counts if c)]
        counts = [c - 1 if c else 0 for c in counts]
    return total


def draw_delta(
    spec: SheetSpec, sheet: Sheet, cell: int, kind: ObjectKind, beneath: Beneath, food_table: Sequence[int]
) -> int:
    """How much the offering score changes when ``kind`` is drawn in the empty ``cell`` of ``sheet``.

    The same as the difference of two :func:`~ofrenda_rules.ofrendados.offering.offering_score` totals
    (the tests check it), counting only what the new object touches.
    """
    delta = 0
    around = (spec.left[cell], spec.right[cell], spec.above[cell], spec.below[cell])
    if kind is ObjectKind.CANDLE:
        delta += sum(1 for other in around if other >= 0 and sheet[other] in _LIGHTS)
    if kind in _LIGHTS:
        delta += sum(1 for other in around if other >= 0 and sheet[other] is ObjectKind.CANDLE)
    # Objects above the cell count it beneath them.
    above = spec.above[cell]
    while above >= 0:
        content = sheet[above]
        if content is ObjectKind.PAPEL_PICADO:
            delta += 2
        elif content is ObjectKind.PAN_DE_MUERTO:
            delta += 1
        if beneath is Beneath.DIRECT:
            break
        above = spec.above[above]
    if kind is ObjectKind.PAPEL_PICADO or kind is ObjectKind.PAN_DE_MUERTO:
        if beneath is Beneath.DIRECT:
            below = spec.below[cell]
            under = 1 if below >= 0 and sheet[below] is not None else 0
        else:
            under = sum(1 for other in spec.column_below[cell] if sheet[other] is not None)
        delta += (2 if kind is ObjectKind.PAPEL_PICADO else 1) * under
    # The rows' continuous runs either side of the cell join through it.
    runs = []
    for step in (spec.left, spec.right):
        run = []
        other = step[cell]
        while other >= 0 and sheet[other] is not None:
            run.append(other)
            other = step[other]
        runs.append(run)
    left, right = runs
    delta += sum(1 + len(right) for other in left if sheet[other] is ObjectKind.PAN_DE_MUERTO)
    delta += sum(1 + len(left) for other in right if sheet[other] is ObjectKind.PAN_DE_MUERTO)
    if kind is ObjectKind.PAN_DE_MUERTO:
        delta += len(left) + len(right)
    if kind in _FOOD_KINDS:
        counts = [sheet.count(food) for food in _FOOD_KINDS]
        before = _food_points(counts, food_table)
        counts[_FOOD_KINDS.index(kind)] += 1
        delta += _food_points(counts, food_table) - before
    if kind is ObjectKind.PORTRAIT:
        delta += 5
    row = spec.cells[cell][0]
    if all(sheet[other] is not None for other in spec.rows[row - 1] if other != cell):
        delta += spec.row_points[row - 1]
    return delta


class _Evaluator:
    """The value of boards for one seat, the other seats' boards fixed (their counts computed once)."""

    def __init__(self, config: Config, boards: Sequence[Board], seat: int) -> None:
        edition = config.edition
        self.config = config
        self.edition = edition
        self.seat = seat
        self.everyone = (True,) * len(boards)
        path = edition.path
        self.flower_of = tuple(_FLOWERS.index(space.flower) for space in path.spaces)
        self.flowers = [self._flower_counts(board.flowers) for board in boards]
        self.skulls = [self._skulls(board) for board in boards]
        self.neighbour_sheets = tuple(
            boards[other].sheet for other in neighbours(seat, len(boards), config.opponent_as_both_neighbours)
        )
        self.eternal: dict[int, int] = {}
        self.offerings: dict[int, tuple[Sheet, int]] = {}
        self.majorities: dict[int, tuple[tuple[int, ...], int]] = {}

    def _flower_counts(self, flowers: tuple[int, ...]) -> list[int]:
        counts = [0] * len(_FLOWERS)
        flower_of = self.flower_of
        for space in flowers:
            counts[flower_of[space - 1]] += 1
        return counts

    def _skulls(self, board: Board) -> int:
        if self.config.calaverita_majority is MajorityCount.DRAWN:
            return board.sheet.count(ObjectKind.CALAVERITA)
        return len(board.cards)

    def eternal_points(self, card_id: int) -> int:
        """What the card counts on the seat's neighbours' offerings now (0 for a card that is not pink)."""
        points = self.eternal.get(card_id)
        if points is None:
            effect = self.edition.card(card_id).effect
            points = 0
            if effect.kind is EffectKind.ETERNAL:
                spec = self.edition.sheet
                points = sum(effect.points * measure(spec, sheet, effect) for sheet in self.neighbour_sheets)
            self.eternal[card_id] = points
        return points

    def offering(self, sheet: Sheet) -> int:
        """The offering score of ``sheet`` (computed once per sheet object)."""
        known = self.offerings.get(id(sheet))
        if known is None or known[0] is not sheet:
            edition = self.edition
            total = offering_score(edition.sheet, sheet, self.config.beneath, edition.food_set_points).total
            known = self.offerings[id(sheet)] = (sheet, total)
        return known[1]

    def _flower_majorities(self, flowers: tuple[int, ...]) -> int:
        """The seat's majority points over the flower types with its tokens on ``flowers``."""
        known = self.majorities.get(id(flowers))
        if known is None or known[0] is not flowers:
            own = self._flower_counts(flowers)
            table = self.edition.majority_points
            ties = self.config.majority_ties
            points = 0
            for index in range(len(_FLOWERS)):
                others = [c[index] for other, c in enumerate(self.flowers) if other != self.seat]
                points += _majority_of(own[index], others, table, ties)
            known = self.majorities[id(flowers)] = (flowers, points)
        return known[1]

    def of(self, board: Board) -> float:
        """The value for the seat of its board being ``board``."""
        config = self.config
        edition = self.edition
        path = edition.path
        seat = self.seat
        table = edition.majority_points
        ties = config.majority_ties
        points = float(len(board.flowers) + board.pesos) + self._flower_majorities(board.flowers)
        others = [c for other, c in enumerate(self.skulls) if other != seat]
        points += _majority_of(self._skulls(board), others, table, ties)
        points += self.offering(board.sheet)
        for card_id in board.cards:
            points += self.eternal_points(card_id)
        position = board.position
        if position == path.length:
            points += path.end_bonus
        if path.in_land_of_the_living(position):
            return points + QUALIFIED
        return points - SPACE_PENALTY * (path.head + 1 - position)


def value(config: Config, boards: Sequence[Board], seat: int) -> float:
    """The bot's value of ``boards`` for ``seat``: its points as if qualified, plus the qualifying term.

    The majorities count every seat, qualified or not (each may yet qualify).
    """
    return _Evaluator(config, boards, seat).of(boards[seat])


class _Table:
    """The boards as the seat to move sees them, and its one-step gains."""

    def __init__(self, state: State, seat: int) -> None:
        self.config = state.config
        self.edition = state.config.edition
        self.seat = seat
        self.boards = state.boards
        self.rounds_left = ROUNDS - state.round - 1
        self.evaluator = _Evaluator(self.config, self.boards, seat)
        self.base = self.evaluator.of(self.boards[seat])
        self.rate = 1
        double = {
            c.id
            for c in self.edition.cards
            if c.effect.kind is EffectKind.DIE_POWER and c.effect.power is DiePower.DOUBLE_EXCHANGE
        }
        if any(card in double for card in self.boards[seat].cards):
            self.rate = 2

    def draw_value(self, board: Board, cell: int, kind: ObjectKind) -> tuple[float, Board]:
        """The value after drawing ``kind`` in the empty ``cell`` of ``board``, and the board then."""
        evaluator = self.evaluator
        total = evaluator.offering(board.sheet)
        sheet = (*board.sheet[:cell], kind, *board.sheet[cell + 1 :])
        delta = draw_delta(
            self.edition.sheet, board.sheet, cell, kind, self.config.beneath, self.edition.food_set_points
        )
        evaluator.offerings[id(sheet)] = (sheet, total + delta)
        after = Board(sheet, board.flowers, board.pesos, board.cards)
        return evaluator.of(after), after

    def best_draw(self, board: Board, kind: ObjectKind) -> tuple[float, Board, int]:
        """The best value after drawing ``kind`` on ``board``, the board then, and the cell (-1 when none)."""
        spec = self.edition.sheet
        evaluator = self.evaluator
        best = (evaluator.of(board), board, -1)
        first = True
        for cell in drawable_cells(spec, board.sheet, kind):
            score, after = self.draw_value(board, cell, kind)
            if first or score > best[0]:
                best = (score, after, cell)
                first = False
        return best

    def draw_all(self, board: Board, kinds: Sequence[ObjectKind]) -> tuple[float, Board]:
        """The value after drawing each of ``kinds`` in turn, greedily."""
        score = self.evaluator.of(board)
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
            return self.evaluator.of(Board(board.sheet, board.flowers, board.pesos + self.rate, board.cards))
        if face.object is not None:
            return self.best_draw(board, face.object)[0]
        if face.flower is not None:
            space = self.edition.path.next_space(board.position, face.flower)
            if space == 0 or not self.can_place(board):
                return self.base
            return self.flower_gain(board, space)
        after = Board(board.sheet, board.flowers, board.pesos + face.pesos, board.cards)
        return self.evaluator.of(after)

    def die_value(self, colour_pips: tuple[Colour, int]) -> float:
        """The best value of a die: for its face, or exchanged for money when its face shows none."""
        face = self.edition.face(*colour_pips)
        use = self.face_value(colour_pips, False)
        return use if face.pesos else max(use, self.face_value(colour_pips, True))

    def power_value(self, action: act.TurnDie | act.RerollDie) -> float:
        """The best value of the die a power leaves: its new face's, or the mean over the six faces of a reroll."""
        if isinstance(action, act.TurnDie):
            return self.die_value((action.colour, action.to))
        return sum(self.die_value((action.colour, pips)) for pips in range(1, 7)) / 6

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
        return self._plain(paid) + ETERNAL_GROWTH * self.rounds_left * self.evaluator.eternal_points(card_id)

    def _plain(self, board: Board) -> float:
        return self.evaluator.of(board)


def _first_best(options: Sequence[tuple[float, act.Action]]) -> act.Action:
    """The option of greatest value, the first listed on a tie."""
    best_score, best = options[0]
    for score, action in options[1:]:
        if score > best_score:
            best_score, best = score, action
    return best


def reference_bot(state: State) -> act.Action:
    """The reference bot's action for the seat to move (see the module docstring).

    Raises:
        ConfigError: ``state`` is not an Ofrendados state.
        BotError: no seat is to move (a chance event, or the game is over).

    """
    if not isinstance(state, State):
        raise ConfigError(f"expected an ofrendados State, not {type(state).__name__}")
    seat = seat_to_move(current_player(state), "the reference bot")
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    table = _Table(state, seat)
    board = state.boards[seat]
    if state.pending:
        head = state.pending[0]
        options: list[tuple[float, act.Action]] = []
        for action in legal:
            wanted = act.DrawObject if head.kind is PendingKind.DRAW else act.RewriteObject
            if not isinstance(action, wanted):
                continue
            cell = action.cell
            if head.kind is PendingKind.DRAW:
                options.append((table.draw_value(board, cell, head.object)[0], action))
            else:
                sheet = (*board.sheet[:cell], head.object, *board.sheet[cell + 1 :])
                options.append((table._plain(Board(sheet, board.flowers, board.pesos, board.cards)), action))
        return _first_best(options) if options else legal[0]
    powers = [a for a in legal if isinstance(a, act.TurnDie | act.RerollDie)]
    if state.phase is Phase.DRAFT:
        takes: list[tuple[float, act.Action]] = [
            (table.die_value((a.colour, a.pips)), a) for a in legal if isinstance(a, act.TakeDie)
        ]
        takes += [(table.power_value(a), a) for a in powers]
        return _first_best(takes) if takes else legal[0]
    if state.phase is Phase.CREATE:
        if powers:
            gains = [(table.power_value(a) - table.die_value((a.colour, a.pips)), a) for a in powers]
            gain = max(option[0] for option in gains)
            if gain > POWER_GAIN:
                return _first_best([option for option in gains if option[0] == gain])
        uses = [(table.face_value((a.colour, a.pips), a.as_money), a) for a in legal if isinstance(a, act.UseDie)]
        return _first_best(uses) if uses else legal[0]
    options = [(table.base, next(a for a in legal if isinstance(a, act.Pass)))] if act.Pass() in legal else []
    options += [(table.card_value(a.card), a) for a in legal if isinstance(a, act.BuyCard)]
    return _first_best(options) if options else legal[0]


SEARCH_SCALE: Final = 8.0
"""Points of lead (by :func:`value`) that the search's evaluation (:func:`search_evaluation`) counts as one logit."""
_SOLO_SCALE: Final = 120.0
"""Points a solo board counts as a sure win, for the search's evaluation."""


def search_evaluation(state: State) -> tuple[float, ...]:
    """Every seat's expected win share at an unfinished state, for the search bots (``GameDefinition.evaluate``).

    Each seat's :func:`value` of the boards; with several seats, each seat's
    lead over the best other, per :data:`SEARCH_SCALE` points, through the
    logistic function; alone, the value's share of ``_SOLO_SCALE`` (120 points).
    """
    points = [value(state.config, state.boards, seat) for seat in range(len(state.boards))]
    if len(points) == 1:
        return (max(0.0, min(1.0, points[0] / _SOLO_SCALE)),)
    return squashed_leads(points, SEARCH_SCALE)
