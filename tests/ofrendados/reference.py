"""The rules of Ofrendados as they were before the fast path: the oracle of tests/ofrendados/test_fast.py.

A verbatim copy of the evolve-based transitions (``moves.py``) and of the candidate-and-check
``legal_actions`` of ``rules.py`` at commit feedd06, extended with the ``DiePowerTarget.POOL`` reading of
ruling 14 (die powers on the pool, in the draft); the library's fast rules must give exactly the
same legal actions, chance outcomes and next states (seeded draws included) on every state.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.copying import evolve
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
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour, DieFace
from ofrenda_rules.ofrendados.offering import drawable_cells, rewritable_cells
from ofrenda_rules.ofrendados.state import (
    MARKET_SIZE,
    ROUNDS,
    Board,
    Config,
    Die,
    DiePowerTarget,
    Pending,
    PendingKind,
    Phase,
    State,
)
from ofrenda_rules.ofrendados.validation import check_player_action, die_powers, turn_targets
from ofrenda_rules.rng import Rng

_FACES: Final = tuple(RollDie(pips) for pips in range(1, 7))


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
        if state.phase is Phase.DRAFT:
            return evolve(state, rerolling=None, pool=tuple(sorted((*state.pool, die))))
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
            if state.pool or state.rerolling is not None:
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


def new_game(config: Config | None = None, seed: int | None = None) -> State:
    """Set up a game: empty sheets, the Calaveritas shuffled, seat 0 first.

    With a ``seed`` the chance events (card reveals, die rolls) are resolved
    at once with the library's generator; without one the state waits for
    :class:`RevealCard` and :class:`RollDie` outcomes.
    """
    config = Config() if config is None else config
    n = config.players
    edition = config.edition
    board = Board(sheet=(None,) * edition.sheet.size, flowers=(), pesos=0, cards=())
    state = State(
        config=config,
        round=0,
        first_player=0,
        phase=Phase.OPEN,
        deck=edition.card_ids,
        market=(),
        discard=(),
        refill=False,
        rolled=(),
        pool=(),
        picks=0,
        drafted=((),) * n,
        acted=0,
        turn_done=False,
        dice_left=(),
        rerolling=None,
        powers_used=(),
        pending=(),
        boards=(board,) * n,
        rng=None if seed is None else Rng(seed),
    )
    return _settle(proceed(state))


def _chance_kind(state: State) -> type[RevealCard] | type[RollDie] | None:
    phase = state.phase
    if phase is Phase.OPEN or (phase is Phase.BUY and state.refill):
        return RevealCard
    if phase is Phase.ROLL or state.rerolling is not None:
        return RollDie
    return None


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` for a reveal or a roll, or :data:`TERMINAL`."""
    phase = state.phase
    if phase is Phase.OVER:
        return TERMINAL
    if _chance_kind(state) is not None:
        return CHANCE
    if phase is Phase.DRAFT:
        return draft_seat(state)
    return state.acting


def _chance_weights(state: State) -> ChanceWeights[Action]:
    if _chance_kind(state) is RevealCard:
        return tuple(RevealCard(card) for card in state.deck), (1,) * len(state.deck)
    return _FACES, (1,) * 6


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The possible reveals (each remaining card) or rolls (each face), equally likely."""
    if current_player(state) != CHANCE:
        return ()
    return probabilities(_chance_weights(state))


def _power_actions(state: State, distinct: tuple[Die, ...]) -> list[Action]:
    actions: list[Action] = []
    for card_id, power in die_powers(state):
        for die in distinct:
            if power is DiePower.REROLL:
                actions.append(RerollDie(card_id, die.colour, die.pips))
            else:
                actions.extend(TurnDie(card_id, die.colour, die.pips, to) for to in turn_targets(power, die.pips))
    return actions


def _create_actions(state: State) -> tuple[Action, ...]:
    actions: list[Action] = []
    distinct = tuple(dict.fromkeys(state.dice_left))
    for die in distinct:
        use = UseDie(die.colour, die.pips)
        if check_player_action(state, use) is None:
            actions.append(use)
        if not state.config.edition.face(die.colour, die.pips).pesos:
            actions.append(UseDie(die.colour, die.pips, as_money=True))
    if state.config.die_powers is DiePowerTarget.OWN_DICE:
        actions.extend(_power_actions(state, distinct))
    return tuple(actions)


def _draft_actions(state: State) -> tuple[Action, ...]:
    distinct = tuple(dict.fromkeys(state.pool))
    actions: list[Action] = [TakeDie(d.colour, d.pips) for d in distinct]
    if state.config.die_powers is DiePowerTarget.POOL:
        actions.extend(_power_actions(state, distinct))
    return tuple(actions)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order."""
    player = current_player(state)
    if player == TERMINAL:
        return ()
    if player == CHANCE:
        return _chance_weights(state)[0]
    edition = state.config.edition
    if state.pending:
        head = state.pending[0]
        sheet = state.boards[player].sheet
        if head.kind is PendingKind.DRAW:
            return tuple(DrawObject(c) for c in drawable_cells(edition.sheet, sheet, head.object))
        effect = edition.card(head.card).effect
        return tuple(RewriteObject(c) for c in rewritable_cells(edition.sheet, sheet, effect))
    if state.phase is Phase.DRAFT:
        return _draft_actions(state)
    if state.phase is Phase.CREATE:
        return _create_actions(state)
    pesos = state.boards[player].pesos
    affordable = tuple(BuyCard(c) for c in state.market if edition.card(c).cost <= pesos)
    return (*affordable, Pass())


def _settle(state: State) -> State:
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def _apply_unchecked(state: State, action: Action) -> State:
    edition = state.config.edition
    if isinstance(action, RevealCard):
        return proceed(reveal(state, action.card))
    if isinstance(action, RollDie):
        return proceed(roll(state, action.pips))
    if isinstance(action, TakeDie):
        die = Die(action.colour, action.pips)
        seat = draft_seat(state)
        index = state.pool.index(die)
        drafted = state.drafted
        mine = tuple(sorted((*drafted[seat], die)))
        return proceed(
            evolve(
                state,
                pool=state.pool[:index] + state.pool[index + 1 :],
                picks=state.picks + 1,
                drafted=drafted[:seat] + (mine,) + drafted[seat + 1 :],
            )
        )
    if isinstance(action, UseDie):
        face = edition.face(action.colour, action.pips)
        return proceed(use_die(state, Die(action.colour, action.pips), face, action.as_money))
    if isinstance(action, TurnDie):
        in_draft = state.phase is Phase.DRAFT
        dice = list(state.pool if in_draft else state.dice_left)
        dice[dice.index(Die(action.colour, action.pips))] = Die(action.colour, action.to)
        powers = (*state.powers_used, action.card)
        if in_draft:
            return evolve(state, pool=tuple(sorted(dice)), powers_used=powers)
        return evolve(state, dice_left=tuple(sorted(dice)), powers_used=powers)
    if isinstance(action, RerollDie):
        in_draft = state.phase is Phase.DRAFT
        dice = list(state.pool if in_draft else state.dice_left)
        die = Die(action.colour, action.pips)
        dice.remove(die)
        powers = (*state.powers_used, action.card)
        if in_draft:
            return evolve(state, pool=tuple(dice), powers_used=powers, rerolling=die)
        return evolve(state, dice_left=tuple(dice), powers_used=powers, rerolling=die)
    if isinstance(action, DrawObject | RewriteObject):
        seat = state.acting
        board = state.boards[seat]
        head = state.pending[0]
        sheet = board.sheet[: action.cell] + (head.object,) + board.sheet[action.cell + 1 :]
        state = set_board(state, seat, evolve(board, sheet=sheet))
        return proceed(evolve(state, pending=state.pending[1:]))
    if isinstance(action, BuyCard):
        return proceed(buy(state, action.card))
    if isinstance(action, Pass):
        return proceed(evolve(state, turn_done=True))
    assert_never(action)
