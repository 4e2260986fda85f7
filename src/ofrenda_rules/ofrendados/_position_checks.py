"""What makes an Ofrendados position reachable: the checks behind ``from_position``.

:func:`derive` checks every Calaverita and die and computes what a position
does not write (deck, dice left to draft, picks); :func:`check_state` checks
the position against the step of the round it is in. Each raises a
:class:`~ofrenda_rules.errors.PositionError` naming what is impossible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import pairwise

from ofrenda_rules.copying import evolve
from ofrenda_rules.encodings.positions import place_each_once
from ofrenda_rules.encodings.positions import refuse as _fail
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour
from ofrenda_rules.ofrendados.moves import draft_seat
from ofrenda_rules.ofrendados.offering import drawable_cells, rewritable_cells
from ofrenda_rules.ofrendados.state import MARKET_SIZE, ROUNDS, Die, DiePowerTarget, PendingKind, Phase, State

__all__ = ["check_state", "derive", "undrafted_dice"]


def _unique_cards(state: State) -> set[int]:
    known = set(state.config.edition.card_ids)
    places: Iterable[tuple[str, Iterable[int]]] = [
        ("in the market", state.market),
        ("in the discard", state.discard),
        *((f"with seat {s}", board.cards) for s, board in enumerate(state.boards)),
    ]
    numbers = f"{min(known)}-{max(known)}" if known else "none"
    where = place_each_once("card", places, label=lambda card: f"card {card}", known=(known, numbers))
    return set(where)


def undrafted_dice(state: State) -> tuple[Die, ...] | None:
    """The yellow and orange dice rolled that no seat drafted, sorted; ``None`` if a die drafted was not rolled.

    This is the pool of the draft unless a die power (``DiePowerTarget.POOL``) turned or rerolled a die of it.
    """
    undrafted = Counter(die for die in state.rolled if die.colour is not Colour.PURPLE)
    for dice in state.drafted:
        for die in dice:
            if undrafted[die] <= 0:
                return None
            undrafted[die] -= 1
    return tuple(sorted(undrafted.elements()))


def _derive_pool(state: State, pool: tuple[Die, ...] | None) -> tuple[Die, ...]:
    """Check the dice drafted (and a written pool); the dice left to draft."""
    in_draft = state.phase is Phase.DRAFT
    powers_in_draft = state.config.die_powers is DiePowerTarget.POOL
    rolled: Counter[Colour] = Counter(die.colour for die in state.rolled if die.colour is not Colour.PURPLE)
    taken: Counter[Colour] = Counter(die.colour for dice in state.drafted for die in dice)
    if powers_in_draft and any(colour is Colour.PURPLE or taken[colour] > rolled[colour] for colour in taken):
        drafted = "/".join(_dice_names(dice) for dice in state.drafted)
        _fail(f"drafted dice {drafted}: more yellow or orange dice than were rolled, or a purple one")
    if pool is not None:
        if not powers_in_draft:
            _fail("pool=: only die powers in the draft (die_powers=POOL) change the dice left to draft")
        if not in_draft:
            _fail(f"pool=: the dice left to draft belong to the draft step, not {state.phase.value}")
        rerolled = () if state.rerolling is None else (state.rerolling,)
        if Counter(die.colour for die in (*pool, *rerolled)) != rolled - taken:
            _fail(
                f"pool={_dice_names(pool)}: the dice left to draft are the yellow and orange rolled, less the drafted"
            )
        return pool
    undrafted = undrafted_dice(state)
    if undrafted is None and (in_draft or not powers_in_draft):
        left = Counter(die for die in state.rolled if die.colour is not Colour.PURPLE)
        for seat, dice in enumerate(state.drafted):
            for die in dice:
                if left[die] <= 0:
                    hint = " (give the dice left to draft with pool=)" if powers_in_draft else ""
                    _fail(f"seat {seat} drafted {die}, which is not among the yellow and orange dice rolled{hint}")
                left[die] -= 1
    return (undrafted or ()) if in_draft else ()


def derive(state: State, pool: tuple[Die, ...] | None = None) -> State:
    """Check the cards and the dice drafted; fill in the deck, the dice left to draft (unless given) and the picks."""
    placed = _unique_cards(state)
    pool = _derive_pool(state, pool)
    return evolve(
        state,
        deck=tuple(card for card in state.config.edition.card_ids if card not in placed),
        pool=pool,
        picks=sum(len(dice) for dice in state.drafted),
    )


def check_state(state: State) -> None:
    """Refuse ``state`` unless a game under its config can reach it."""
    config = state.config
    n = config.players
    per = config.dice_per_colour
    phase = state.phase
    if state.round > ROUNDS or (state.round == ROUNDS) != (phase is Phase.OVER):
        _fail(f"round {state.round}: the game is over after {ROUNDS} rounds, and only then")
    _check_boards(state)
    for index, die in enumerate(state.rolled):
        want = Colour.YELLOW if index < per else Colour.ORANGE if index < 2 * per else Colour.PURPLE
        if die.colour is not want:
            order = f"{per} yellow, {per} orange, {per} purple"
            _fail(f"die {index + 1} rolled is {die.colour.value}; dice are rolled {order}")
    if len(state.rolled) > 3 * per:
        _fail(f"{len(state.rolled)} dice rolled; a {n}-player round rolls {3 * per}")
    if len(state.market) > MARKET_SIZE:
        _fail(f"{len(state.market)} Calaveritas in the market; it holds {MARKET_SIZE}")
    if len(state.discard) > MARKET_SIZE * state.round:
        _fail(f"{len(state.discard)} Calaveritas discarded in {state.round} rounds; each round discards at most 3")
    chance = (
        (phase is Phase.OPEN and len(state.market) < MARKET_SIZE and state.deck)
        or phase is Phase.ROLL
        or state.rerolling is not None
        or state.refill
    )
    if state.rng is not None and chance:
        _fail("a seeded game never waits for a reveal or a roll: impossible with rng=")
    power_phase = Phase.DRAFT if config.die_powers is DiePowerTarget.POOL else Phase.CREATE
    if phase is not Phase.CREATE and state.dice_left:
        _fail(f"unused dice (left=) belong to the create step, not {phase.value}")
    if phase is not power_phase and (state.rerolling or state.powers_used):
        _fail(f"a reroll and die powers belong to the {power_phase.value} step (die_powers), not {phase.value}")
    if phase not in (Phase.CREATE, Phase.BUY) and (state.pending or state.acted):
        _fail(f"owed decisions (pending=) and acted= belong to the create and buy steps, not {phase.value}")
    if phase is not Phase.BUY and (state.turn_done or state.refill):
        _fail(f"done and refill belong to the buy step, not {phase.value}")
    if state.acted >= n:
        _fail(f"acted={state.acted}: a {n}-player step is over once all {n} have acted")
    drafted = sum(len(dice) for dice in state.drafted)
    if phase in (Phase.OPEN, Phase.ROLL, Phase.OVER):
        if drafted:
            _fail(f"no die is drafted in the {phase.value} step")
        if phase is Phase.OPEN and (state.rolled or len(state.market) >= MARKET_SIZE or not state.deck):
            _fail("the open step reveals Calaveritas (fewer than 3 open, the deck not empty) before any roll")
        if phase is Phase.ROLL and len(state.market) < MARKET_SIZE and state.deck:
            _fail("the dice are rolled once 3 Calaveritas are open")
        if phase is Phase.OVER and (state.rolled or state.market):
            _fail("a finished game has no dice rolled and no Calaverita open (unsold ones are discarded)")
        return
    if len(state.rolled) != 3 * per:
        _fail(f"{len(state.rolled)} dice rolled; the {phase.value} step comes after all {3 * per}")
    sizes = [len(dice) for dice in state.drafted]
    if phase is Phase.DRAFT:
        counts = _snake(state, drafted)
        if counts != sizes or not (state.pool or state.rerolling):
            _fail(f"drafted dice {sizes}: the snake draft gives {counts} after {drafted} picks")
        _check_powers(state, draft_seat(state))
        return
    counts = _snake(state, 2 * per)
    if sizes != counts:
        _fail(f"drafted dice {sizes}: the {phase.value} step comes after the draft of all {2 * per}, giving {counts}")
    _check_turn(state)


def _snake(state: State, picks: int) -> list[int]:
    """How many dice each seat holds after ``picks`` picks of the snake draft."""
    counts = [0] * state.config.players
    for pick in range(picks):
        counts[draft_seat(evolve(state, picks=pick))] += 1
    return counts


def _check_turn(state: State) -> None:
    edition = state.config.edition
    phase = state.phase
    seat = state.acting
    sheet = state.boards[seat].sheet
    if phase is Phase.CREATE:
        purple = [die for die in state.rolled if die.colour is Colour.PURPLE]
        have = Counter(die.colour for die in (*state.drafted[seat], *purple))
        left = Counter(die.colour for die in state.dice_left)
        if state.rerolling is not None:
            left[state.rerolling.colour] += 1
        if any(left[colour] > have[colour] for colour in Colour):
            _fail(f"seat {seat} has unused dice {_dice_names(state.dice_left)} beyond its drafted and purple dice")
        if not state.dice_left and not state.pending and state.rerolling is None:
            _fail(f"seat {seat} has no die left and nothing owed: its create turn is over")
        _check_powers(state, seat)
    elif not state.refill and state.turn_done and not state.pending:
        _fail(f"seat {seat} is done buying and owes nothing: its buy turn is over")
    if state.refill and not state.deck:
        _fail("refill: the deck is empty, nothing can replace the card bought")
    if state.pending and state.rerolling is None and not state.refill:
        head = state.pending[0]
        if head.kind is PendingKind.DRAW:
            possible = drawable_cells(edition.sheet, sheet, head.object)
        else:
            effect = edition.card(head.card).effect if head.card in state.boards[seat].cards else None
            if effect is None or effect.kind is not EffectKind.REWRITE or effect.into is not head.object:
                _fail(f"pending rewrite with card {head.card}: seat {seat} owns no such rewrite card")
            possible = () if effect is None else rewritable_cells(edition.sheet, sheet, effect)
        if not possible:
            _fail(f"the first owed decision ({head.kind.value} {head.object.value}) has no cell; it would be dropped")


def _check_powers(state: State, seat: int) -> None:
    """The die powers used this round: each a die-power card used once, by ``seat`` (by any seat in the draft)."""
    edition = state.config.edition
    in_draft = state.phase is Phase.DRAFT
    owned = {card for board in state.boards for card in board.cards} if in_draft else set(state.boards[seat].cards)
    whose = "any seat" if in_draft else f"seat {seat}"
    for card in state.powers_used:
        effect = edition.card(card).effect if card in owned else None
        if (
            effect is None
            or effect.kind is not EffectKind.DIE_POWER
            or effect.power is DiePower.DOUBLE_EXCHANGE
            or state.powers_used.count(card) > 1
        ):
            _fail(f"powers={list(state.powers_used)}: card {card} is not a die power of {whose}, used once")
    if in_draft and state.rerolling is not None and state.rerolling.colour is Colour.PURPLE:
        _fail(f"rerolling={state.rerolling}: purple dice are not drafted, so no power rerolls one in the draft")


def _dice_names(dice: Iterable[Die]) -> str:
    return ", ".join(str(die) for die in dice) or "none"


def _check_boards(state: State) -> None:
    edition = state.config.edition
    spec = edition.sheet
    path = edition.path
    for seat, board in enumerate(state.boards):
        for cell, kind in enumerate(board.sheet):
            if kind is not None and spec.below[cell] >= 0 and board.sheet[spec.below[cell]] is None:
                _fail(f"board {seat}: the {kind.value} in cell {cell} rests on nothing (objects need a base)")
        flowers = board.flowers
        if len(flowers) > edition.flowers_per_player:
            _fail(f"board {seat}: {len(flowers)} flowers; each player has {edition.flowers_per_player}")
        if any(not 1 <= space <= path.length for space in flowers):
            _fail(f"board {seat}: flowers {list(flowers)} must be Path spaces 1-{path.length}")
        if any(a >= b for a, b in pairwise(flowers)):
            _fail(f"board {seat}: flowers {list(flowers)} advance along the Path, each further than the last")
