"""The rules of Ofrendados: legal actions, validation and transitions.

>>> from ofrenda_rules.ofrendados import Config, new_game, legal_actions, current_player
>>> state = new_game(Config(players=2), seed=5)
>>> state.phase, current_player(state)
(<Phase.DRAFT: 'draft'>, 0)
>>> all(isinstance(action, TakeDie) for action in legal_actions(state))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, assert_never

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, probabilities, settle
from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import IllegalActionError, Rejection
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
from ofrenda_rules.ofrendados.cards import DiePower
from ofrenda_rules.ofrendados.components import Colour
from ofrenda_rules.ofrendados.moves import buy, draft_seat, proceed, reveal, roll, set_board, use_die
from ofrenda_rules.ofrendados.offering import drawable_cells, rewritable_cells
from ofrenda_rules.ofrendados.state import Board, Config, Die, PendingKind, Phase, State
from ofrenda_rules.ofrendados.validation import check_player_action, die_powers, turn_targets
from ofrenda_rules.rng import Rng

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "hidden_variant",
    "is_over",
    "legal_actions",
    "new_game",
    "validate",
]

_FACES: Final = tuple(RollDie(pips) for pips in range(1, 7))
_ACTIONS: Final = (RevealCard, RollDie, TakeDie, UseDie, TurnDie, RerollDie, DrawObject, RewriteObject, BuyCard, Pass)


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


def is_over(state: State) -> bool:
    """Whether the five rounds have been played."""
    return state.phase is Phase.OVER


def _chance_weights(state: State) -> ChanceWeights[Action]:
    if _chance_kind(state) is RevealCard:
        return tuple(RevealCard(card) for card in state.deck), (1,) * len(state.deck)
    return _FACES, (1,) * 6


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The possible reveals (each remaining card) or rolls (each face), equally likely."""
    if current_player(state) != CHANCE:
        return ()
    return probabilities(_chance_weights(state))


def _create_actions(state: State) -> tuple[Action, ...]:
    actions: list[Action] = []
    distinct = tuple(dict.fromkeys(state.dice_left))
    for die in distinct:
        use = UseDie(die.colour, die.pips)
        if check_player_action(state, use) is None:
            actions.append(use)
        if not state.config.edition.face(die.colour, die.pips).pesos:
            actions.append(UseDie(die.colour, die.pips, as_money=True))
    for card_id, power in die_powers(state):
        for die in distinct:
            if power is DiePower.REROLL:
                actions.append(RerollDie(card_id, die.colour, die.pips))
            else:
                actions.extend(TurnDie(card_id, die.colour, die.pips, to) for to in turn_targets(power, die.pips))
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
        return tuple(TakeDie(d.colour, d.pips) for d in dict.fromkeys(state.pool))
    if state.phase is Phase.CREATE:
        return _create_actions(state)
    pesos = state.boards[player].pesos
    affordable = tuple(BuyCard(c) for c in state.market if edition.card(c).cost <= pesos)
    return (*affordable, Pass())


_FIELD_TYPES: Final[dict[str, type]] = {
    "card": int,
    "pips": int,
    "to": int,
    "cell": int,
    "colour": Colour,
    "as_money": bool,
}

_SHAPES: Final = {cls: tuple((f.name, _FIELD_TYPES[f.name]) for f in attrs.fields(cls)) for cls in _ACTIONS}


def _malformed(action: Action) -> Rejection | None:
    """A field of the wrong type (a float for pips, a string for a colour...)."""
    for name, expected in _SHAPES[type(action)]:
        value = getattr(action, name)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            return Rejection(
                "malformed-action", f"{type(action).__name__}.{name} must be a {expected.__name__}, not {value!r}"
            )
    return None


def validate(state: State, action: object) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not (any object is accepted)."""
    if not isinstance(action, _ACTIONS):
        return Rejection("unknown-action", f"{action!r} is not an Ofrendados action")
    malformed = _malformed(action)
    if malformed is not None:
        return malformed
    player = current_player(state)
    if player == TERMINAL:
        return Rejection("game-over", "the game is over; no action can be taken")
    if isinstance(action, RevealCard | RollDie):
        expected = _chance_kind(state)
        if expected is None:
            return Rejection("not-a-chance-event", f"player {player} must decide; no card or die is pending")
        if not isinstance(action, expected):
            wanted = "a card reveal" if expected is RevealCard else "a die roll"
            return Rejection("wrong-chance-outcome", f"the pending chance event is {wanted}, not {action!r}")
        if isinstance(action, RevealCard) and action.card not in state.deck:
            return Rejection("card-not-in-deck", f"card {action.card!r} is not among the unrevealed Calaveritas")
        if isinstance(action, RollDie) and action.pips not in range(1, 7):
            return Rejection("no-such-face", f"a die shows 1 to 6 pips, not {action.pips!r}")
        return None
    if player == CHANCE:
        return Rejection("chance-event-pending", f"a card reveal or die roll is pending, not {action!r}")
    return check_player_action(state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    rejection = validate(state, action)
    if rejection is not None:
        raise IllegalActionError(rejection, action)
    return _settle(_apply_unchecked(state, action))


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
        dice = list(state.dice_left)
        dice[dice.index(Die(action.colour, action.pips))] = Die(action.colour, action.to)
        powers = (*state.powers_used, action.card)
        return evolve(state, dice_left=tuple(sorted(dice)), powers_used=powers)
    if isinstance(action, RerollDie):
        dice = list(state.dice_left)
        die = Die(action.colour, action.pips)
        dice.remove(die)
        powers = (*state.powers_used, action.card)
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


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    Ofrendados hides nothing but the future: the unrevealed Calaveritas are
    kept as an unordered set, so only the generator is replaced.
    """
    return evolve(state, rng=None if state.rng is None else Rng(rng.next_u64()[0]))
