"""State transitions of Ofrendados, for already validated actions.

The round runs OPEN (reveal 3 Calaveritas) -> ROLL (one die at a time) ->
DRAFT (snake draft of orange and yellow dice) -> CREATE (each player in
turn uses their dice and the purple ones) -> BUY (each player in turn may
buy a Calaverita) and on to the next round. :func:`proceed` moves through
the steps that need no decision.
"""

from __future__ import annotations

from ofrenda_rules.copying import evolve
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour, DieFace
from ofrenda_rules.ofrendados.offering import drawable_cells, rewritable_cells
from ofrenda_rules.ofrendados.state import MARKET_SIZE, ROUNDS, Board, Die, Pending, PendingKind, Phase, State

__all__ = [
    "buy",
    "draft_seat",
    "exchange_rate",
    "place_flower",
    "proceed",
    "reveal",
    "roll",
    "roll_colour",
    "set_board",
    "use_die",
]


def set_board(state: State, seat: int, board: Board) -> State:
    """``state`` with ``seat``'s board replaced."""
    boards = state.boards
    return evolve(state, boards=boards[:seat] + (board,) + boards[seat + 1 :])


def draft_seat(state: State) -> int:
    """The seat to take the next die: clockwise, then back, (and clockwise again with 2 players)."""
    n = state.config.players
    lap, step = divmod(state.picks, n)
    offset = step if lap % 2 == 0 else n - 1 - step
    return (state.first_player + offset) % n


def roll_colour(state: State) -> Colour:
    """The colour of the next die rolled at the start of a round: yellow, then orange, then purple."""
    per = state.config.dice_per_colour
    index = len(state.rolled)
    return Colour.YELLOW if index < per else Colour.ORANGE if index < 2 * per else Colour.PURPLE


def exchange_rate(state: State, seat: int) -> int:
    """Pesos for a die exchanged for money: 1, or 2 with a DOUBLE_EXCHANGE card."""
    edition = state.config.edition
    for card_id in state.boards[seat].cards:
        if edition.card(card_id).effect.power is DiePower.DOUBLE_EXCHANGE:
            return 2
    return 1


def place_flower(state: State, seat: int, space: int) -> State:
    """Put one of ``seat``'s tokens on ``space`` and take its bonuses (pesos now, an object to draw)."""
    board = state.boards[seat]
    spec = state.config.edition.path.space(space)
    state = set_board(state, seat, evolve(board, flowers=(*board.flowers, space), pesos=board.pesos + spec.pesos))
    if spec.object is not None:
        state = evolve(state, pending=(*state.pending, Pending(PendingKind.DRAW, spec.object)))
    return state


def _remove(dice: tuple[Die, ...], die: Die) -> tuple[Die, ...]:
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


def use_die(state: State, die: Die, face: DieFace, as_money: bool) -> State:
    """The acting player uses ``die`` (already validated)."""
    seat = state.acting
    state = evolve(state, dice_left=_remove(state.dice_left, die))
    board = state.boards[seat]
    if as_money or face.pesos:
        gain = exchange_rate(state, seat) if as_money else face.pesos
        return set_board(state, seat, evolve(board, pesos=board.pesos + gain))
    if face.object is not None:
        return evolve(state, pending=(*state.pending, Pending(PendingKind.DRAW, face.object)))
    assert face.flower is not None
    return place_flower(state, seat, state.config.edition.path.next_space(board.position, face.flower))


def _can_place(state: State, seat: int) -> bool:
    return len(state.boards[seat].flowers) < state.config.edition.flowers_per_player


def buy(state: State, card_id: int) -> State:
    """The acting player buys ``card_id`` (already validated) and its immediate effect starts."""
    seat = state.acting
    edition = state.config.edition
    card = edition.card(card_id)
    board = state.boards[seat]
    market = tuple(c for c in state.market if c != card_id)
    board = evolve(board, pesos=board.pesos - card.cost, cards=(*board.cards, card_id))
    state = set_board(evolve(state, market=market, refill=bool(state.deck)), seat, board)
    if not state.config.repeat_purchases:
        state = evolve(state, turn_done=True)
    effect = card.effect
    path = edition.path
    if effect.kind is EffectKind.DRAW:
        owed = tuple(Pending(PendingKind.DRAW, kind) for kind in effect.objects)
        return evolve(state, pending=state.pending + owed)
    if effect.kind is EffectKind.REWRITE:
        assert effect.into is not None
        return evolve(state, pending=(*state.pending, Pending(PendingKind.REWRITE, effect.into, card_id)))
    if effect.kind is EffectKind.FLOWER and _can_place(state, seat):
        assert effect.flower is not None
        space = path.next_space(board.position, effect.flower)
        if space:
            state = place_flower(state, seat, space)
    elif effect.kind is EffectKind.NEXT_SPACE and _can_place(state, seat) and board.position < path.length:
        state = place_flower(state, seat, board.position + 1)
    return state


def reveal(state: State, card_id: int) -> State:
    """A Calaverita is revealed into the market (opening the round or refilling)."""
    deck = tuple(c for c in state.deck if c != card_id)
    return evolve(state, deck=deck, market=(*state.market, card_id), refill=False)


def roll(state: State, pips: int) -> State:
    """The die being rolled (a round's roll or a reroll) shows ``pips``."""
    if state.rerolling is not None:
        die = Die(state.rerolling.colour, pips)
        return evolve(state, rerolling=None, dice_left=tuple(sorted((*state.dice_left, die))))
    return evolve(state, rolled=(*state.rolled, Die(roll_colour(state), pips)))


def _drop_impossible(state: State) -> State:
    """Owed draws or rewrites that no cell allows are lost."""
    edition = state.config.edition
    sheet = state.boards[state.acting].sheet
    pending = state.pending
    while pending:
        head = pending[0]
        if head.kind is PendingKind.DRAW:
            possible = bool(drawable_cells(edition.sheet, sheet, head.object))
        else:
            possible = bool(rewritable_cells(edition.sheet, sheet, edition.card(head.card).effect))
        if possible:
            break
        pending = pending[1:]
    return state if pending is state.pending else evolve(state, pending=pending)


def _start_create(state: State) -> State:
    seat = state.acting
    purple = tuple(d for d in state.rolled if d.colour is Colour.PURPLE)
    dice = tuple(sorted(state.drafted[seat] + purple))
    return evolve(state, dice_left=dice, powers_used=(), pending=())


def _next_round(state: State) -> State:
    n = state.config.players
    rnd = state.round + 1
    return evolve(
        state,
        round=rnd,
        first_player=(state.first_player + 1) % n,
        phase=Phase.OVER if rnd == ROUNDS else Phase.OPEN,
        discard=tuple(sorted(state.discard + state.market)),
        market=(),
        rolled=(),
        drafted=((),) * n,
        picks=0,
        acted=0,
        turn_done=False,
    )


def proceed(state: State) -> State:
    """Move on through every step that needs no decision, up to a decision or a chance event."""
    n = state.config.players
    per = state.config.dice_per_colour
    while True:
        phase = state.phase
        if phase is Phase.OPEN:
            if len(state.market) < MARKET_SIZE and state.deck:
                return state
            state = evolve(state, phase=Phase.ROLL)
        elif phase is Phase.ROLL:
            if len(state.rolled) < 3 * per:
                return state
            pool = tuple(sorted(d for d in state.rolled if d.colour is not Colour.PURPLE))
            state = evolve(state, phase=Phase.DRAFT, pool=pool, picks=0)
        elif phase is Phase.DRAFT:
            if state.pool:
                return state
            state = _start_create(evolve(state, phase=Phase.CREATE, acted=0))
        elif phase is Phase.CREATE:
            if state.rerolling is not None:
                return state
            state = _drop_impossible(state)
            if state.pending or state.dice_left:
                return state
            if state.acted + 1 == n:
                state = evolve(state, phase=Phase.BUY, acted=0, turn_done=False, powers_used=())
            else:
                state = _start_create(evolve(state, acted=state.acted + 1))
        elif phase is Phase.BUY:
            if state.refill:
                return state
            state = _drop_impossible(state)
            if state.pending or not state.turn_done:
                return state
            if state.acted + 1 == n:
                state = _next_round(state)
            else:
                state = evolve(state, acted=state.acted + 1, turn_done=False)
        else:
            return state
