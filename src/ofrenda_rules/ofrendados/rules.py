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

from ofrenda_rules.chance import CHANCE, TERMINAL, PlayerId
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
from ofrenda_rules.ofrendados.components import Colour, ObjectKind
from ofrenda_rules.ofrendados.events import Event
from ofrenda_rules.ofrendados.moves import _BUY, _CREATE, _DRAFT, _OPEN, _OVER, _ROLL, NextState, draft_seat
from ofrenda_rules.ofrendados.offering import rewritable_cells
from ofrenda_rules.ofrendados.start import new_game
from ofrenda_rules.ofrendados.state import DiePowerTarget, PendingKind, State
from ofrenda_rules.ofrendados.tables import (
    CREATE_PORTRAIT,
    CREATE_ROOM,
    DICE,
    PASS,
    ROLL_OUTCOMES,
    ROLLS,
    Tables,
    can_draw,
    die_index,
    distinct_indexes,
    drawable,
    reveals,
    shared_die,
    tables,
)
from ofrenda_rules.ofrendados.validation import check_player_action
from ofrenda_rules.rng import Rng

__all__ = ["apply", "chance_outcomes", "current_player", "is_over", "legal_actions", "step"]
__all__ += ["hidden_variant", "new_game", "validate"]

_ACTIONS: Final = (RevealCard, RollDie, TakeDie, UseDie, TurnDie, RerollDie, DrawObject, RewriteObject, BuyCard, Pass)

# Enum members as module globals (the phases from moves.py): reading ``ObjectKind.PORTRAIT``
# goes through the enum metaclass, over ten times slower than reading a global in CPython 3.11.
_PORTRAIT: Final = ObjectKind.PORTRAIT
_OWED_DRAW: Final = PendingKind.DRAW
_OWN_DICE: Final = DiePowerTarget.OWN_DICE


def _chance_kind(state: State) -> type[RevealCard] | type[RollDie] | None:
    phase = state.phase
    if phase is _OPEN or (phase is _BUY and state.refill):
        return RevealCard
    if phase is _ROLL or state.rerolling is not None:
        return RollDie
    return None


def current_player(state: State) -> PlayerId:
    """The seat to act, :data:`CHANCE` for a reveal or a roll, or :data:`TERMINAL`."""
    phase = state.phase
    if phase is _CREATE:
        if state.rerolling is None:
            return (state.first_player + state.acted) % state.config.players
        return CHANCE
    if phase is _DRAFT:
        return draft_seat(state) if state.rerolling is None else CHANCE
    if phase is _BUY:
        if state.refill or state.rerolling is not None:
            return CHANCE
        return (state.first_player + state.acted) % state.config.players
    if phase is _OVER:
        return TERMINAL
    return CHANCE  # OPEN (a reveal) and ROLL


def is_over(state: State) -> bool:
    """Whether the five rounds have been played."""
    return state.phase is _OVER


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The possible reveals (each remaining card) or rolls (each face), equally likely."""
    if current_player(state) != CHANCE:
        return ()
    if _chance_kind(state) is RevealCard:
        actions, outcomes = reveals(state.deck)
        if state._legal is None:
            object.__setattr__(state, "_legal", actions)
        return outcomes
    return ROLL_OUTCOMES


def _create_actions(state: State, t: Tables, seat: int) -> tuple[Action, ...]:
    """Using, exchanging, turning and rerolling dice: generated directly, in the order the checks would list them.

    A face is usable as ``validate`` says: an object when some cell may hold
    it, a flower when a token is left and a flower of its type lies ahead,
    money always. The conditions that hold make a mask, and the edition's
    tables give each die's actions under that mask (:attr:`Tables.create_parts`).
    """
    board = state.boards[seat]
    sheet = board.sheet
    flowers = board.flowers
    distinct = distinct_indexes(state.dice_left)
    mask = 0
    if None in sheet:
        mask = CREATE_ROOM
        if not t.portrait_dice.isdisjoint(distinct) and can_draw(t, sheet, _PORTRAIT):
            mask = CREATE_ROOM | CREATE_PORTRAIT
    if len(flowers) < t.flowers_per_player:
        mask |= t.flower_bits[flowers[-1] if flowers else 0]
    parts = t.create_parts[mask]
    actions: list[Action] = []
    for index in distinct:  # a plain loop: faster on CPython 3.11 than chaining C iterators over a few dice
        actions += parts[index]
    cards = board.cards
    if cards and state.config.die_powers is _OWN_DICE:
        _power_actions(state, t, cards, distinct, actions)
    return tuple(actions)


def _power_actions(state: State, t: Tables, cards: tuple[int, ...], distinct: list[int], actions: list[Action]) -> None:
    """Append the turns and rerolls of the unused die-power ``cards`` on the dice of indexes ``distinct``."""
    powers = t.powers
    for card_id in cards:
        if card_id in powers and card_id not in state.powers_used:
            per_die = t.power_actions[card_id]
            for index in distinct:
                actions.extend(per_die[index])


def _draft_actions(state: State, t: Tables) -> tuple[Action, ...]:
    """Taking a die from the pool, and (with ``DiePowerTarget.POOL``) turning or rerolling one first."""
    take = t.take
    distinct = distinct_indexes(state.pool)
    actions: list[Action] = [take[i] or TakeDie(DICE[i].colour, DICE[i].pips) for i in distinct]
    if state.config.die_powers is not _OWN_DICE:
        _power_actions(state, t, state.boards[draft_seat(state)].cards, distinct, actions)
    return tuple(actions)


def _legal_actions(state: State) -> tuple[Action, ...]:
    # The phases in order of frequency; a reroll pending (DRAFT or CREATE) or a refill (BUY) is a chance event.
    phase = state.phase
    if phase is _CREATE:
        if state.rerolling is not None:
            return ROLLS
        seat = (state.first_player + state.acted) % state.config.players
    elif phase is _DRAFT:
        if state.rerolling is not None:
            return ROLLS
        if not state.pending:
            return _draft_actions(state, tables(state.config.edition))
        seat = draft_seat(state)
    elif phase is _BUY:
        if state.refill:
            return reveals(state.deck)[0]
        if state.rerolling is not None:
            return ROLLS
        seat = (state.first_player + state.acted) % state.config.players
    elif phase is _OVER:
        return ()
    elif phase is _OPEN:
        return reveals(state.deck)[0]
    else:  # ROLL
        return ROLLS
    edition = state.config.edition
    t = tables(edition)
    if state.pending:
        head = state.pending[0]
        sheet = state.boards[seat].sheet
        if head.kind is _OWED_DRAW:
            return tuple(drawable(t, sheet, head.object))
        effect = edition.card(head.card).effect
        rewrite = t.rewrite
        return tuple(rewrite[c] for c in rewritable_cells(edition.sheet, sheet, effect))
    if phase is _CREATE:
        return _create_actions(state, t, seat)
    if phase is _DRAFT:
        return _draft_actions(state, t)
    pesos = state.boards[seat].pesos
    cost = t.cost
    buy = t.buy
    return (*(buy[c] for c in state.market if cost[c] <= pesos), PASS)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a deterministic order.

    The actions are generated directly from the edition's tables (not by
    checking candidates); they are exactly the actions :func:`validate`
    accepts, which the tests check over whole games. The result is kept on
    the state, which is immutable, for :func:`apply`.
    """
    legal = state._legal
    if legal is None:
        legal = _legal_actions(state)
        object.__setattr__(state, "_legal", legal)
    return legal


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

    An action that is one of the very objects :func:`legal_actions` (or
    :func:`chance_outcomes`) returned for this state is legal, since those
    are exactly the actions :func:`validate` accepts; any other action is
    validated. The next state is built once, chance events of a seeded game
    included. The same as ``step(state, action)[0]``.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    """
    if not _listed(state._legal, action):  # not one of the very objects listed
        rejection = validate(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection, action)
    return _transition(state, action)


def _listed(legal: tuple[Action, ...] | None, action: Action) -> bool:
    """Whether ``action`` is one of the very objects of ``legal`` (the cached legal actions, if any).

    A plain loop: faster on CPython 3.11 than ``any(map(is_, ...))``.
    """
    if legal is not None:
        for listed in legal:
            if listed is action:
                return True
    return False


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and the events of this step, the whole truth, in order.

    The events of a seeded game include the chance events resolved inside
    the step. The new state's ``recent_events`` are this step's events after
    a player decision, or the earlier ones followed by this step's after a
    chance outcome (a reveal or a roll fed by the caller).

    >>> from ofrenda_rules.ofrendados import Config, new_game, legal_actions
    >>> state = new_game(Config(players=2), seed=5)
    >>> after, events = step(state, legal_actions(state)[0])
    >>> events
    (DieTaken(seat=0, colour=Colour.ORANGE, pips=4),)
    >>> after.recent_events == events
    True

    Raises:
        IllegalActionError: when ``validate`` rejects the action (exactly as :func:`apply`, which shares
            this code path).

    """
    if not _listed(state._legal, action):
        rejection = validate(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection, action)
    after = _transition(state, action)
    if isinstance(action, RevealCard | RollDie):  # its events follow the earlier ones
        return after, after.recent_events[len(state.recent_events) :]
    return after, after.recent_events


def _transition(state: State, action: Action) -> State:
    """The next state; its ``recent_events`` are the step's events, after the earlier ones for a chance outcome.

    Fast paths, each giving exactly what the general path gives (tests/ofrendados/test_fast.py compares
    whole games with the reference rules, and a state holding equal copies of the dice with it): the
    frequent actions (UseDie, TakeDie, DrawObject) are recognised by their exact type, their die found from
    the tables' action by identity (by value for an action built elsewhere); ``proceed`` is skipped where
    it would stop at once (dice left and nothing owed in CREATE, dice left in the pool in DRAFT); and
    ``settle`` runs only when a reveal or a roll is next. Subclasses of the actions take the general path.
    """
    step = NextState(state)
    chance = False
    # The most frequent actions first, by exact type; proceed is skipped where it would stop at once.
    if type(action) is UseDie:
        t = step.tables
        index = t.use_index.get(id(action))  # one of the tables' actions (legal_actions lists only those)
        if index is None:
            index = die_index(shared_die(action.colour, action.pips))
        step.use_die(DICE[index], t.faces[index], action.as_money, index)
        if step.pending or not step.dice_left:  # else the player goes on using dice (CREATE)
            step.proceed()
    elif type(action) is TakeDie:
        index = step.tables.take_index.get(id(action))  # one of the tables' actions (legal_actions lists only those)
        if index is None:
            index = die_index(shared_die(action.colour, action.pips))
        step.take_die(DICE[index], index)
        if not step.pool:  # else the draft goes on
            step.proceed()
    elif type(action) is DrawObject:
        step.fill(action.cell)
        if step.pending or not step.dice_left or step.phase is not _CREATE:  # else the player goes on using dice
            step.proceed()
    elif isinstance(action, UseDie):
        die = shared_die(action.colour, action.pips)
        index = die_index(die)
        step.use_die(die, step.tables.faces[index], action.as_money, index)
        step.proceed()
    elif isinstance(action, TakeDie):
        step.take_die(shared_die(action.colour, action.pips))
        step.proceed()
    elif isinstance(action, DrawObject | RewriteObject):
        step.fill(action.cell)
        step.proceed()
    elif isinstance(action, RollDie):
        step.roll(action.pips)
        step.proceed()
        chance = True
    elif isinstance(action, RevealCard):
        step.reveal(action.card)
        step.proceed()
        chance = True
    elif isinstance(action, BuyCard):
        step.buy(action.card)
        step.proceed()
    elif isinstance(action, Pass):
        step.pass_turn()
        step.proceed()
    elif isinstance(action, TurnDie):
        step.turn_die(action.card, shared_die(action.colour, action.pips), shared_die(action.colour, action.to))
    elif isinstance(action, RerollDie):
        step.reroll_die(action.card, shared_die(action.colour, action.pips))
    else:
        assert_never(action)
    if step.rng is not None:
        phase = step.phase  # settle has nothing to do unless a chance event is next (as _chance_kind says)
        if phase is _OPEN or phase is _ROLL or step.rerolling is not None or (phase is _BUY and step.refill):
            step.settle()
    events = tuple(step.events)
    step.recent_events = state.recent_events + events if chance else events  # a chance outcome adds its events
    return step.freeze()


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    Ofrendados hides nothing but the future: the unrevealed Calaveritas are
    kept as an unordered set, so only the generator is replaced. The recent
    events are public (no event names an unrevealed card), so they stay.
    """
    return evolve(state, rng=None if state.rng is None else Rng(rng.next_u64()[0]))
