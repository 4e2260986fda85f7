"""Why a player's action is or is not legal: one check per action kind.

Every rejection has a stable kebab-case code and a message that names the
values involved.
"""

from __future__ import annotations

from typing import assert_never

from ofrenda_rules.errors import Rejection
from ofrenda_rules.ofrendados.actions import (
    BuyCard,
    DrawObject,
    Pass,
    RerollDie,
    RewriteObject,
    TakeDie,
    TurnDie,
    UseDie,
)
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind
from ofrenda_rules.ofrendados.components import Colour, ObjectKind
from ofrenda_rules.ofrendados.moves import draft_seat
from ofrenda_rules.ofrendados.offering import drawable_cells, rewritable_cells
from ofrenda_rules.ofrendados.state import Die, DiePowerTarget, PendingKind, Phase, State
from ofrenda_rules.ofrendados.tables import turn_targets

__all__ = ["PlayerAction", "check_player_action", "die_powers", "power_seat", "turn_targets"]

PlayerAction = TakeDie | UseDie | TurnDie | RerollDie | DrawObject | RewriteObject | BuyCard | Pass
"""The actions of a player (not chance)."""


def power_seat(state: State) -> int:
    """The seat whose die powers may act: the seat to draft with ``DiePowerTarget.POOL``, else the acting seat."""
    if state.config.die_powers is DiePowerTarget.POOL and state.phase is Phase.DRAFT:
        return draft_seat(state)
    return state.acting


def die_powers(state: State) -> tuple[tuple[int, DiePower], ...]:
    """The die-power cards of :func:`power_seat` not yet used this round, with their powers.

    The passive DOUBLE_EXCHANGE power is not listed: it needs no action.
    """
    edition = state.config.edition
    powers = []
    for card_id in state.boards[power_seat(state)].cards:
        effect = edition.card(card_id).effect
        if effect.kind is EffectKind.DIE_POWER and card_id not in state.powers_used:
            assert effect.power is not None
            if effect.power is not DiePower.DOUBLE_EXCHANGE:
                powers.append((card_id, effect.power))
    return tuple(powers)


def _name(kind: ObjectKind) -> str:
    return kind.value.replace("_", " ")


def _owed(state: State) -> Rejection | None:
    if not state.pending:
        return None
    head = state.pending[0]
    what = (
        f"draw a {_name(head.object)}" if head.kind is PendingKind.DRAW else f"turn an object into {_name(head.object)}"
    )
    return Rejection("decision-owed", f"player {state.acting} must first {what}")


def _phase(state: State, phase: Phase, action: object) -> Rejection | None:
    if state.phase is not phase:
        return Rejection(
            "wrong-phase", f"{action!r} belongs to the {phase.value} step, not the {state.phase.value} step"
        )
    return None


def _own_die(state: State, colour: Colour, pips: int) -> Rejection | None:
    if Die(colour, pips) not in state.dice_left:
        have = ", ".join(str(d) for d in state.dice_left) or "none"
        return Rejection(
            "die-not-yours", f"player {state.acting} has no unused {colour} die showing {pips} (has: {have})"
        )
    return None


def _check_take(state: State, action: TakeDie) -> Rejection | None:
    if action.colour is Colour.PURPLE:
        return Rejection("purple-dice-shared", "purple dice are for general use and are not drafted")
    if Die(action.colour, action.pips) not in state.pool:
        return Rejection("die-not-in-pool", f"no {action.colour} die showing {action.pips} is left to draft")
    return None


def _check_use(state: State, action: UseDie) -> Rejection | None:
    edition = state.config.edition
    face = edition.face(action.colour, action.pips)
    board = state.boards[state.acting]
    if action.as_money:
        if face.pesos:
            return Rejection(
                "die-is-money", f"the {action.colour.value} {action.pips} is money already: use it as it is"
            )
        return None
    if face.object is not None:
        if not drawable_cells(edition.sheet, board.sheet, face.object):
            return Rejection("no-room-for-object", f"no cell of player {state.acting}'s offering can hold a {face}")
    elif face.flower is not None:
        if len(board.flowers) >= edition.flowers_per_player:
            return Rejection("no-flower-tokens", f"player {state.acting} has placed all {len(board.flowers)} flowers")
        if not edition.path.next_space(board.position, face.flower):
            return Rejection(
                "no-flower-ahead", f"no flower {face.flower.value} lies ahead of space {board.position} on the Path"
            )
    return None


def _check_power(state: State, card: object, power_ok: frozenset[DiePower]) -> tuple[Rejection | None, DiePower]:
    for card_id, power in die_powers(state):
        if card_id == card and power in power_ok:
            return None, power
    if card in state.powers_used:
        return Rejection("power-used", f"card {card!r} has already been used this round"), DiePower.REROLL
    return Rejection(
        "no-such-power",
        f"player {power_seat(state)} owns no unused card {card!r} with a power {sorted(p.value for p in power_ok)}",
    ), DiePower.REROLL


_TURNS = frozenset({DiePower.ANY_FACE, DiePower.OPPOSITE_FACE, DiePower.ADJACENT_FACE})


def _power_die(state: State, colour: Colour, pips: int) -> Rejection | None:
    """The die a power acts on: one of the player's unused dice, or the pool's with ``DiePowerTarget.POOL``."""
    if state.config.die_powers is DiePowerTarget.POOL:
        if Die(colour, pips) not in state.pool:
            return Rejection("die-not-in-pool", f"no {colour} die showing {pips} is left to draft")
        return None
    return _own_die(state, colour, pips)


def _check_turn(state: State, action: TurnDie) -> Rejection | None:
    rejection, power = _check_power(state, action.card, _TURNS)
    if rejection is None:
        rejection = _power_die(state, action.colour, action.pips)
    if rejection is None and action.to not in turn_targets(power, action.pips):
        return Rejection(
            "face-not-allowed", f"card {action.card} ({power.value}) cannot turn a {action.pips} to {action.to!r}"
        )
    return rejection


def _check_cell(state: State, cell: object) -> Rejection | None:
    size = state.config.edition.sheet.size
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < size:
        return Rejection("no-such-cell", f"the offering sheet has cells 0 to {size - 1}, not {cell!r}")
    return None


def _check_owed_cell(state: State, cell: object, kind: PendingKind, code: str, owes: str) -> Rejection | None:
    """Refuse with ``code`` unless the acting player's first owed decision is of ``kind``; then check ``cell``."""
    if not state.pending or state.pending[0].kind is not kind:
        return Rejection(code, f"player {state.acting} {owes}")
    return _check_cell(state, cell)


def _check_draw(state: State, action: DrawObject) -> Rejection | None:
    rejection = _check_owed_cell(state, action.cell, PendingKind.DRAW, "nothing-to-draw", "owes no object to draw")
    if rejection is not None:
        return rejection
    spec = state.config.edition.sheet
    sheet = state.boards[state.acting].sheet
    kind = state.pending[0].object
    where = spec.describe(action.cell)
    if sheet[action.cell] is not None:
        return Rejection("cell-taken", f"{where} already holds a {_name(sheet[action.cell] or kind)}")
    if kind is ObjectKind.PORTRAIT and spec.row_of(action.cell) < spec.portrait_row:
        return Rejection("portrait-too-low", f"portraits go from row {spec.portrait_row} up, not in {where}")
    if action.cell not in drawable_cells(spec, sheet, kind):
        return Rejection("no-base", f"a {_name(kind)} in {where} would float: nothing is drawn beneath it")
    return None


def _check_rewrite(state: State, action: RewriteObject) -> Rejection | None:
    owed = PendingKind.REWRITE
    rejection = _check_owed_cell(state, action.cell, owed, "nothing-to-rewrite", "has no object to turn")
    if rejection is not None:
        return rejection
    edition = state.config.edition
    effect = edition.card(state.pending[0].card).effect
    if action.cell not in rewritable_cells(edition.sheet, state.boards[state.acting].sheet, effect):
        return Rejection(
            "cell-not-rewritable",
            f"{edition.sheet.describe(action.cell)} holds nothing that can be turned: {effect.describe()}",
        )
    return None


def _check_buy(state: State, action: BuyCard) -> Rejection | None:
    if action.card not in state.market:
        shown = ", ".join(str(c) for c in state.market) or "none"
        return Rejection("card-not-in-market", f"card {action.card!r} is not in the market (open: {shown})")
    cost = state.config.edition.card(action.card).cost
    pesos = state.boards[state.acting].pesos
    if cost > pesos:
        return Rejection(
            "cannot-afford", f"card {action.card} costs {cost} pesos and player {state.acting} has {pesos}"
        )
    return None


def check_player_action(state: State, action: PlayerAction) -> Rejection | None:
    """Validate a player's action in a state where a player (not chance) is to act."""
    if isinstance(action, TakeDie):
        return _phase(state, Phase.DRAFT, action) or _check_take(state, action)
    if isinstance(action, DrawObject):
        return _check_draw(state, action)
    if isinstance(action, RewriteObject):
        return _check_rewrite(state, action)
    if isinstance(action, UseDie):
        rejection = _phase(state, Phase.CREATE, action) or _owed(state)
        return rejection or _own_die(state, action.colour, action.pips) or _check_use(state, action)
    if isinstance(action, TurnDie | RerollDie):
        in_draft = state.config.die_powers is DiePowerTarget.POOL
        rejection = _phase(state, Phase.DRAFT if in_draft else Phase.CREATE, action) or _owed(state)
        if rejection is not None:
            return rejection
        if isinstance(action, TurnDie):
            return _check_turn(state, action)
        rejection, _ = _check_power(state, action.card, frozenset({DiePower.REROLL}))
        return rejection or _power_die(state, action.colour, action.pips)
    if isinstance(action, BuyCard | Pass):
        rejection = _phase(state, Phase.BUY, action) or _owed(state)
        if rejection is not None or isinstance(action, Pass):
            return rejection
        return _check_buy(state, action)
    assert_never(action)
