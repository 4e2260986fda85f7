"""State transitions of Ofrendados, for already validated actions.

The round runs OPEN (reveal 3 Calaveritas) -> ROLL (one die at a time) ->
DRAFT (snake draft of orange and yellow dice) -> CREATE (each player in
turn uses their dice and the purple ones) -> BUY (each player in turn may
buy a Calaverita) and on to the next round. :meth:`NextState.proceed` moves
through the steps that need no decision.

An action is applied to one :class:`NextState`, a mutable copy of the state:
the action, the steps that follow without a decision and, in a seeded game,
the chance events up to the next decision (:meth:`NextState.settle`) all
change it in place, and it is frozen into a single new
:class:`~ofrenda_rules.ofrendados.state.State` at the end. The module-level
functions do one transition each on an immutable state.

>>> from ofrenda_rules.ofrendados.rules import new_game
>>> from ofrenda_rules.ofrendados.state import Config
>>> step = NextState(new_game(Config(players=2)))
>>> step.reveal(5)
>>> step.freeze().market
(5,)
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.fast_state import constructor
from ofrenda_rules.ofrendados.cards import EffectKind
from ofrenda_rules.ofrendados.components import Colour, DieFace, ObjectKind
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.events import (
    CardBought,
    DiceRolled,
    DieRerolled,
    DieRolled,
    DieTurned,
    Event,
    FlowerLost,
    GameEnded,
    ObjectDrawn,
    ObjectLost,
    ObjectRewritten,
    RoundEnded,
    RoundStarted,
)
from ofrenda_rules.ofrendados.offering import rewritable_cells
from ofrenda_rules.ofrendados.state import (
    DICE_PER_COLOUR,
    MARKET_SIZE,
    ROUNDS,
    Board,
    Config,
    Die,
    Pending,
    PendingKind,
    Phase,
    State,
)
from ofrenda_rules.ofrendados.tables import (
    DICE,
    OWED_BY_ID,
    Tables,
    can_draw,
    die_index,
    shared_die,
    sorted_dice,
    tables,
)
from ofrenda_rules.rng import Draws, Rng

__all__ = [
    "NextState",
    "buy",
    "draft_seat",
    "exchange_rate",
    "pass_turn",
    "place_flower",
    "proceed",
    "reveal",
    "roll",
    "roll_colour",
    "set_board",
    "use_die",
]

_new_state: Final = constructor(State)
"""Build a :class:`~ofrenda_rules.ofrendados.state.State` from its fields, positionally (the kernel's fast way)."""
_new_board: Final = constructor(Board)
"""Build a :class:`~ofrenda_rules.ofrendados.state.Board` from its fields, positionally (the kernel's fast way)."""


# Enum members as module globals: reading ``Phase.OPEN`` goes through the enum metaclass,
# over ten times slower than reading a global in CPython 3.11.
_OPEN: Final = Phase.OPEN
_ROLL: Final = Phase.ROLL
_DRAFT: Final = Phase.DRAFT
_CREATE: Final = Phase.CREATE
_BUY: Final = Phase.BUY
_OVER: Final = Phase.OVER
_ORANGE: Final = Colour.ORANGE
_PURPLE: Final = Colour.PURPLE
_YELLOW: Final = Colour.YELLOW
_DRAW_EFFECT: Final = EffectKind.DRAW
_FLOWER_EFFECT: Final = EffectKind.FLOWER
_NEXT_SPACE_EFFECT: Final = EffectKind.NEXT_SPACE
_REWRITE_EFFECT: Final = EffectKind.REWRITE
_OWED_DRAW: Final = PendingKind.DRAW


def _seat_to_draft(players: int, picks: int, first_player: int) -> int:
    lap, step = divmod(picks, players)
    offset = step if lap % 2 == 0 else players - 1 - step
    return (first_player + offset) % players


def draft_seat(state: State) -> int:
    """The seat to take the next die: clockwise, then back, (and clockwise again with 2 players)."""
    return _seat_to_draft(state.config.players, state.picks, state.first_player)


def _colour_rolled(per: int, index: int) -> Colour:
    return _YELLOW if index < per else _ORANGE if index < 2 * per else _PURPLE


def roll_colour(state: State) -> Colour:
    """The colour of the next die rolled at the start of a round: yellow, then orange, then purple."""
    return _colour_rolled(state.config.dice_per_colour, len(state.rolled))


_ROLL_BASES: Final = {
    per: tuple(DICE.index(shared_die(_colour_rolled(per, k), 1)) for k in range(3 * per))
    for per in set(DICE_PER_COLOUR.values())
}
"""For each number of dice per colour, the index in ``DICE`` of the 1 of the colour of each die rolled in turn."""


def _dice_rolled(rolled: tuple[Die, ...] | list[Die], per: int) -> DiceRolled:
    """The event of a complete round's roll (``per`` dice of each colour, yellow, orange, purple)."""
    pips = [die.pips for die in rolled]
    return DiceRolled(tuple(pips[:per]), tuple(pips[per : 2 * per]), tuple(pips[2 * per :]))


def _find(dice: tuple[Die, ...] | list[Die], die: Die) -> int:
    """The place of ``die`` among ``dice``: by identity first (shared dice), else by value.

    ``tuple.index`` would call ``Die.__eq__`` (Python code) on every other die before it.
    """
    at = 0
    for other in dice:
        if other is die:
            return at
        at += 1  # noqa: SIM113 -- a counter is faster than enumerate here (CPython 3.11)
    return dice.index(die)


def _remove(dice: tuple[Die, ...], die: Die) -> tuple[Die, ...]:
    index = _find(dice, die)
    return dice[:index] + dice[index + 1 :]


def _config_entry(config: Config) -> tuple[Config, int, Edition, Tables]:
    return config, config.players, config.edition, tables(config.edition)


_LAST_CONFIG: Final = [_config_entry(Config())]
"""The configuration met last, with its number of players, edition and tables (found by one identity check)."""


class NextState:
    """A state being changed in place by one action and what follows it; :meth:`freeze` makes it a State.

    Its fields are those of :class:`~ofrenda_rules.ofrendados.state.State`.
    """

    __slots__ = (
        "acted",
        "boards",
        "config",
        "deck",
        "dice_left",
        "discard",
        "drafted",
        "edition",
        "events",
        "first_player",
        "market",
        "pending",
        "phase",
        "picks",
        "players",
        "pool",
        "powers_used",
        "recent_events",
        "refill",
        "rerolling",
        "rng",
        "rolled",
        "round",
        "tables",
        "turn_done",
    )

    config: Config
    round: int
    first_player: int
    phase: Phase
    deck: tuple[int, ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    refill: bool
    rolled: tuple[Die, ...]
    pool: tuple[Die, ...]
    picks: int
    drafted: tuple[tuple[Die, ...], ...]
    acted: int
    turn_done: bool
    dice_left: tuple[Die, ...]
    rerolling: Die | None
    powers_used: tuple[int, ...]
    pending: tuple[Pending, ...]
    boards: tuple[Board, ...]
    rng: Rng | None
    recent_events: tuple[Event, ...]
    events: list[Event]
    """What the transition did so far, in order (the step's events)."""
    players: int
    """The number of players."""
    edition: Edition
    """The components in play."""
    tables: Tables
    """The edition's lookup tables."""

    def __init__(self, state: State) -> None:
        """Copy the fields of ``state``, one plain slot load and store each."""
        self.config = config = state.config
        self.round = state.round
        self.first_player = state.first_player
        self.phase = state.phase
        self.deck = state.deck
        self.market = state.market
        self.discard = state.discard
        self.refill = state.refill
        self.rolled = state.rolled
        self.pool = state.pool
        self.picks = state.picks
        self.drafted = state.drafted
        self.acted = state.acted
        self.turn_done = state.turn_done
        self.dice_left = state.dice_left
        self.rerolling = state.rerolling
        self.powers_used = state.powers_used
        self.pending = state.pending
        self.boards = state.boards
        self.rng = state.rng
        self.recent_events = state.recent_events
        last = _LAST_CONFIG[0]
        if last[0] is not config:
            last = _LAST_CONFIG[0] = _config_entry(config)
        _, self.players, self.edition, self.tables = last
        self.events = []

    def freeze(self) -> State:
        """The state as it now is, built by the kernel's fast constructor (do not use the NextState afterwards)."""
        return _new_state(
            self.config,
            self.round,
            self.first_player,
            self.phase,
            self.deck,
            self.market,
            self.discard,
            self.refill,
            self.rolled,
            self.pool,
            self.picks,
            self.drafted,
            self.acted,
            self.turn_done,
            self.dice_left,
            self.rerolling,
            self.powers_used,
            self.pending,
            self.boards,
            self.rng,
            self.recent_events,
        )

    @property
    def acting(self) -> int:
        """The player whose CREATE or BUY turn it is."""
        return (self.first_player + self.acted) % self.players

    def set_board(self, seat: int, board: Board) -> None:
        """Replace ``seat``'s board."""
        boards = list(self.boards)  # faster than joining two slices and the board
        boards[seat] = board
        self.boards = tuple(boards)

    def exchange_rate(self, seat: int) -> int:
        """Pesos for a die exchanged for money: 1, or 2 with a DOUBLE_EXCHANGE card."""
        double = self.tables.double_exchange
        for card_id in self.boards[seat].cards:
            if card_id in double:
                return 2
        return 1

    def place_flower(self, seat: int, space: int) -> None:
        """Put one of ``seat``'s tokens on ``space`` and take its bonuses (pesos now, an object to draw)."""
        board = self.boards[seat]
        spec = self.edition.path.spaces[space - 1]
        head = self.tables.head
        self.events.append(self.tables.moved[seat][space - 1][space > head >= board.position])
        self.set_board(seat, _new_board(board.sheet, (*board.flowers, space), board.pesos + spec.pesos, board.cards))
        if spec.object is not None:
            self.pending = (*self.pending, OWED_BY_ID[id(spec.object)])

    def take_die(self, die: Die, index: int = -1) -> None:
        """The player to draft takes ``die`` from the pool.

        ``index`` is the die's place in :data:`~ofrenda_rules.ofrendados.tables.DICE`, when known.
        """
        seat = _seat_to_draft(self.players, self.picks, self.first_player)
        pool = self.pool
        at = _find(pool, die)
        self.pool = pool[:at] + pool[at + 1 :]
        self.picks += 1
        drafted = self.drafted
        mine = sorted_dice((*drafted[seat], die))
        self.drafted = drafted[:seat] + (mine,) + drafted[seat + 1 :]
        self.events.append(self.tables.taken[seat][die_index(die) if index < 0 else index])

    def use_die(self, die: Die, face: DieFace, as_money: bool, index: int = -1) -> None:
        """The acting player uses ``die``, for its ``face`` or exchanged for money.

        ``index`` is the die's place in :data:`~ofrenda_rules.ofrendados.tables.DICE`, when known.
        """
        if index < 0:
            index = die_index(die)
        seat = (self.first_player + self.acted) % self.players
        dice = self.dice_left
        at = _find(dice, die)
        self.dice_left = dice[:at] + dice[at + 1 :]
        board = self.boards[seat]
        t = self.tables
        if as_money:
            gain = self.exchange_rate(seat)
            self.events.append(t.exchanged[seat][index][gain - 1])
            self.set_board(seat, _new_board(board.sheet, board.flowers, board.pesos + gain, board.cards))
            return
        self.events.append(t.used[seat][index])
        if face.pesos:
            self.set_board(seat, _new_board(board.sheet, board.flowers, board.pesos + face.pesos, board.cards))
        elif face.object is not None:
            self.pending = (*self.pending, OWED_BY_ID[id(face.object)])
        else:
            assert face.flower is not None
            flowers = board.flowers
            self.place_flower(seat, self.tables.reach[id(face.flower)][flowers[-1] if flowers else 0])

    def turn_die(self, card: int, die: Die, to: Die) -> None:
        """The player to act turns ``die`` to show ``to`` with the power of ``card``.

        The die is one of the acting player's unused dice, or one of the pool's
        in the draft (``DiePowerTarget.POOL``).
        """
        in_draft = self.phase is _DRAFT
        seat = _seat_to_draft(self.players, self.picks, self.first_player) if in_draft else self.acting
        self.events.append(DieTurned(seat, card, die.colour, die.pips, to.pips))
        dice = list(self.pool if in_draft else self.dice_left)
        dice[_find(dice, die)] = to
        if in_draft:
            self.pool = sorted_dice(dice)
        else:
            self.dice_left = sorted_dice(dice)
        self.powers_used = (*self.powers_used, card)

    def reroll_die(self, card: int, die: Die) -> None:
        """The player to act picks up ``die`` (theirs, or the pool's in the draft) to reroll it with ``card``."""
        if self.phase is _DRAFT:
            seat = _seat_to_draft(self.players, self.picks, self.first_player)
            self.pool = _remove(self.pool, die)
        else:
            seat = self.acting
            self.dice_left = _remove(self.dice_left, die)
        self.events.append(DieRerolled(seat, card, die.colour, die.pips))
        self.powers_used = (*self.powers_used, card)
        self.rerolling = die

    def fill(self, cell: int) -> None:
        """The acting player settles the first owed decision in ``cell`` (a draw or a rewrite)."""
        seat = self.acting
        board = self.boards[seat]
        sheet = board.sheet
        pending = self.pending
        head = pending[0]
        if head.kind is _OWED_DRAW:
            drawn = self.tables.drawn[seat][cell]
            event = drawn.get(id(head.object))
            if event is None:
                row, column = self.edition.sheet.cells[cell]
                event = drawn[id(head.object)] = ObjectDrawn(seat, head.object, cell, row, column)
            self.events.append(event)
        else:
            row, column = self.edition.sheet.cells[cell]
            old = sheet[cell]
            assert old is not None
            self.events.append(ObjectRewritten(seat, head.card, old, head.object, cell, row, column))
        sheet = sheet[:cell] + (head.object,) + sheet[cell + 1 :]
        self.set_board(seat, _new_board(sheet, board.flowers, board.pesos, board.cards))
        self.pending = pending[1:]

    def _can_place(self, seat: int) -> bool:
        return len(self.boards[seat].flowers) < self.edition.flowers_per_player

    def buy(self, card_id: int) -> None:
        """The acting player buys ``card_id`` and its immediate effect starts."""
        seat = self.acting
        edition = self.edition
        card = edition.card(card_id)
        board = self.boards[seat]
        self.market = tuple(c for c in self.market if c != card_id)
        self.refill = bool(self.deck)
        board = _new_board(board.sheet, board.flowers, board.pesos - card.cost, (*board.cards, card_id))
        self.events.append(CardBought(seat, card_id, card.cost, board.pesos))
        self.set_board(seat, board)
        if not self.config.repeat_purchases:
            self.turn_done = True
        effect = card.effect
        kind = effect.kind
        path = edition.path
        if kind is _DRAW_EFFECT or kind is _REWRITE_EFFECT:
            self.pending = self.pending + self.tables.bought[card_id]
        elif kind is _FLOWER_EFFECT:
            assert effect.flower is not None
            space = self.tables.reach[id(effect.flower)][board.position] if self._can_place(seat) else 0
            if space:
                self.place_flower(seat, space)
            else:
                self.events.append(FlowerLost(seat, card_id))
        elif kind is _NEXT_SPACE_EFFECT:
            if self._can_place(seat) and board.position < path.length:
                self.place_flower(seat, board.position + 1)
            else:
                self.events.append(FlowerLost(seat, card_id))

    def pass_turn(self) -> None:
        """The acting player buys nothing (more) this round."""
        self.events.append(self.tables.passed[self.acting])
        self.turn_done = True

    def reveal(self, card_id: int) -> None:
        """A Calaverita is revealed into the market (opening the round or refilling)."""
        deck = self.deck
        if deck.count(card_id) == 1:
            index = deck.index(card_id)
            self.deck = deck[:index] + deck[index + 1 :]
        else:
            self.deck = tuple(c for c in deck if c != card_id)
        self.market = (*self.market, card_id)
        self.events.append(self.tables.revealed[card_id][self.phase is _BUY])
        self.refill = False

    def roll(self, pips: int) -> None:
        """The die being rolled (a round's roll or a reroll) shows ``pips``."""
        rerolling = self.rerolling
        if rerolling is not None:
            self.rerolling = None
            die = shared_die(rerolling.colour, pips)
            self.events.append(DieRolled(die.colour, pips))
            if self.phase is _DRAFT:
                self.pool = sorted_dice((*self.pool, die))
            else:
                self.dice_left = sorted_dice((*self.dice_left, die))
        else:
            per = self.config.dice_per_colour
            colour = _colour_rolled(per, len(self.rolled))
            self.rolled = rolled = (*self.rolled, shared_die(colour, pips))
            if len(rolled) == 3 * per:
                self.events.append(_dice_rolled(rolled, per))

    def can_draw(self, sheet: tuple[ObjectKind | None, ...], kind: ObjectKind) -> bool:
        """Whether some empty cell of ``sheet`` may hold ``kind`` (as ``drawable_cells`` is non-empty)."""
        return can_draw(self.tables, sheet, kind)

    def _drop_impossible(self) -> None:
        """Owed draws or rewrites that no cell allows are lost."""
        seat = self.acting
        sheet = self.boards[seat].sheet
        pending = self.pending
        while pending:
            head = pending[0]
            if head.kind is _OWED_DRAW:
                possible = self.can_draw(sheet, head.object)
            else:
                edition = self.edition
                possible = bool(rewritable_cells(edition.sheet, sheet, edition.card(head.card).effect))
            if possible:
                break
            self.events.append(ObjectLost(seat, head.object, head.card))
            pending = pending[1:]
        self.pending = pending

    def _start_create(self) -> None:
        purple = tuple(d for d in self.rolled if d.colour is _PURPLE)
        self.dice_left = sorted_dice(self.drafted[self.acting] + purple)
        self.powers_used = ()
        self.pending = ()

    def _next_round(self) -> None:
        n = self.players
        self.round += 1
        self.events.append(RoundEnded(self.round, self.market))
        if self.round == ROUNDS:
            path = self.edition.path
            self.events.append(GameEnded(tuple(path.in_land_of_the_living(board.position) for board in self.boards)))
        self.first_player = (self.first_player + 1) % n
        self.phase = _OVER if self.round == ROUNDS else _OPEN
        if self.round < ROUNDS:
            self.events.append(RoundStarted(self.round + 1, self.first_player))
        self.discard = tuple(sorted(self.discard + self.market))
        self.market = ()
        self.rolled = ()
        self.drafted = ((),) * n
        self.picks = 0
        self.acted = 0
        self.turn_done = False

    def proceed(self) -> None:
        """Move on through every step that needs no decision, up to a decision or a chance event."""
        n = self.players
        while True:
            phase = self.phase
            if phase is _CREATE:
                if self.rerolling is not None:
                    return
                if self.pending:
                    self._drop_impossible()
                if self.pending or self.dice_left:
                    return
                if self.acted + 1 == n:
                    self.phase = _BUY
                    self.acted = 0
                    self.turn_done = False
                    self.powers_used = ()
                else:
                    self.acted += 1
                    self._start_create()
            elif phase is _DRAFT:
                if self.pool or self.rerolling is not None:
                    return
                self.phase = _CREATE
                self.acted = 0
                self._start_create()
            elif phase is _BUY:
                if self.refill:
                    return
                if self.pending:
                    self._drop_impossible()
                if self.pending or not self.turn_done:
                    return
                if self.acted + 1 == n:
                    self._next_round()
                else:
                    self.acted += 1
                    self.turn_done = False
            elif phase is _ROLL:
                if len(self.rolled) < 3 * self.config.dice_per_colour:
                    return
                self.phase = _DRAFT
                self.pool = sorted_dice([d for d in self.rolled if d.colour is not _PURPLE])
                self.picks = 0
            elif phase is _OPEN:
                if len(self.market) < MARKET_SIZE and self.deck:
                    return
                self.phase = _ROLL
            else:
                return

    def settle(self) -> None:
        """In a seeded game, resolve the chance events up to the next decision with the state's generator.

        Draws exactly what :func:`ofrenda_rules.chance.settle` draws: each
        event is ``below(n)`` over its outcomes in the order of
        ``legal_actions`` (the deck's cards, or the faces 1 to 6), and a
        single possible card draws nothing.
        """
        rng = self.rng
        if rng is None:
            return
        draws = None  # one run of draws for the whole step, instead of a new Rng per draw
        while True:
            phase = self.phase
            if phase is _OVER:
                break
            if phase is _OPEN or (phase is _BUY and self.refill):
                deck = self.deck
                if len(deck) == 1:
                    index = 0
                else:
                    if draws is None:
                        draws = Draws(rng)
                    index = draws.below(len(deck))
                self.reveal(deck[index])
            elif phase is _ROLL and self.rerolling is None:
                # The round's dice one after the other: proceed would stop at each until the last.
                if draws is None:
                    draws = Draws(rng)
                rolled = list(self.rolled)
                per = self.config.dice_per_colour
                bases = _ROLL_BASES[per]
                for _ in range(max(1, 3 * per - len(rolled))):
                    rolled.append(DICE[bases[len(rolled)] + draws.below(6)])
                self.rolled = tuple(rolled)
                self.events.append(_dice_rolled(rolled, per))
            elif phase is _ROLL or self.rerolling is not None:
                if draws is None:
                    draws = Draws(rng)
                self.roll(draws.below(6) + 1)
            else:
                break
            self.proceed()
        if draws is not None:
            self.rng = draws.rng()


def set_board(state: State, seat: int, board: Board) -> State:
    """``state`` with ``seat``'s board replaced."""
    step = NextState(state)
    step.set_board(seat, board)
    return step.freeze()


def exchange_rate(state: State, seat: int) -> int:
    """Pesos for a die exchanged for money: 1, or 2 with a DOUBLE_EXCHANGE card."""
    return NextState(state).exchange_rate(seat)


def place_flower(state: State, seat: int, space: int) -> State:
    """Put one of ``seat``'s tokens on ``space`` and take its bonuses (pesos now, an object to draw)."""
    step = NextState(state)
    step.place_flower(seat, space)
    return step.freeze()


def use_die(state: State, die: Die, face: DieFace, as_money: bool) -> State:
    """The acting player uses ``die`` (already validated)."""
    step = NextState(state)
    step.use_die(die, face, as_money)
    return step.freeze()


def buy(state: State, card_id: int) -> State:
    """The acting player buys ``card_id`` (already validated) and its immediate effect starts."""
    step = NextState(state)
    step.buy(card_id)
    return step.freeze()


def reveal(state: State, card_id: int) -> State:
    """A Calaverita is revealed into the market (opening the round or refilling)."""
    step = NextState(state)
    step.reveal(card_id)
    return step.freeze()


def roll(state: State, pips: int) -> State:
    """The die being rolled (a round's roll or a reroll) shows ``pips``."""
    step = NextState(state)
    step.roll(pips)
    return step.freeze()


def proceed(state: State) -> State:
    """Move on through every step that needs no decision, up to a decision or a chance event."""
    step = NextState(state)
    step.proceed()
    return step.freeze()


def pass_turn(state: State) -> State:
    """The acting player buys nothing (more) this round."""
    step = NextState(state)
    step.pass_turn()
    return step.freeze()
