"""The rules of Ofrenda: setup, legal actions, validation and transitions.

>>> from ofrenda_rules.ofrenda import Config, new_game, legal_actions, apply, current_player
>>> state = new_game(Config(players=2), seed=5)
>>> current_player(state), state.phase.value
(0, 'take_portrait')
>>> legal_actions(state)[0]
TakePortrait(space=0)
>>> state = apply(state, legal_actions(state)[0])
>>> state.phase.value
'take_candle'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final, Protocol

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL, ChanceWeights, PlayerId, Probability, settle
from ofrenda_rules.copying import field_getter
from ofrenda_rules.errors import IllegalActionError, Rejection
from ofrenda_rules.ofrenda.abuela import FACES
from ofrenda_rules.ofrenda.actions import (
    ACTION_CLASSES,
    Action,
    DiscardPortrait,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    LeaveEmpty,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    RollDie,
    TakePortrait,
)
from ofrenda_rules.ofrenda.advance import _HANDLERS, do_action, goal_type, resolve_draws
from ofrenda_rules.ofrenda.advance import CANDLE_DRAWS as _CANDLE_DRAWS
from ofrenda_rules.ofrenda.advance import CHANCE_PHASES as _CHANCE
from ofrenda_rules.ofrenda.advance import DICE as _DICE
from ofrenda_rules.ofrenda.advance import PORTRAIT_DRAWS as _PORTRAIT_DRAWS
from ofrenda_rules.ofrenda.events import Event, recast_hidden_cards
from ofrenda_rules.ofrenda.start import new_game
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config, Phase, State  # noqa: F401 -- Config: for the examples
from ofrenda_rules.ofrenda.tables import Tables
from ofrenda_rules.ofrenda.turn import _OFFERINGS, _OVER, _PLAY, _TAKE_CANDLE, _TAKE_PORTRAIT, slot_options
from ofrenda_rules.ofrenda.validation import validate_decision
from ofrenda_rules.ofrenda.work import Work, filled, tables_of
from ofrenda_rules.rng import Rng

__all__ = ["apply", "chance_outcomes", "current_player", "is_over", "legal_actions", "step"]
__all__ += ["hidden_variant", "new_game", "validate"]

_CHANCE_CLASSES: Final = (DrawPortrait, DrawCandle, DrawGoal, RollDie)
_ROLLS: Final = tuple(RollDie(face) for face in FACES)
_ROLL_OUTCOMES: Final = tuple((roll, Probability(1, len(FACES))) for roll in _ROLLS)


# The fields of each action class, read without ``attrs.astuple`` (subclasses take the slow path).
_FIELDS_OF: Final = {cls: field_getter(cls, [field.name for field in attrs.fields(cls)]) for cls in ACTION_CLASSES}
_keep_legal: Final[Callable[[State, tuple[Action, ...]], None]] = vars(State)["_legal"].__set__
"""Store a state's private ``legal_actions`` cache: its slot's own setter, called directly (a third cheaper
than ``object.__setattr__(state, "_legal", ...)``, which finds the same setter by name first)."""


def current_player(state: State) -> PlayerId:
    """The seat to decide, :data:`CHANCE` for a draw or a roll, or :data:`TERMINAL`."""
    phase = state.phase
    if phase is _OVER:
        return TERMINAL
    if phase in _CHANCE:
        return CHANCE
    return state.seat


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


def _chance_actions(state: State) -> tuple[Action, ...]:
    phase = state.phase
    tables = tables_of(state)
    if phase in _PORTRAIT_DRAWS:
        deck = state.deck
        if tables.knows(deck, tables.draw_portrait):
            return tuple(map(tables.draw_portrait.__getitem__, deck))
        return tuple(map(DrawPortrait, deck))
    if phase in _CANDLE_DRAWS:
        bag = state.bag
        if tables.knows(bag, tables.draw_candle):
            return tuple(map(tables.draw_candle.__getitem__, bag))
        return tuple(map(DrawCandle, bag))
    if phase in _DICE:
        return _ROLLS
    return tuple(action for action, _ in tables.goal_outcomes[goal_type(state)])


def _chance_weights(state: State) -> ChanceWeights[Action]:
    outcomes = _chance_actions(state)
    return outcomes, (1,) * len(outcomes)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the pending draw or roll, each equally likely; empty at a decision.

    The pairs are shared, prebuilt per edition and per deck (or bag) size: no
    action or ``Fraction`` is built per call.
    """
    phase = state.phase
    if phase not in _CHANCE:
        return ()
    tables = tables_of(state)
    if phase in _PORTRAIT_DRAWS:
        return tables.portrait_outcomes(state.deck)
    if phase in _CANDLE_DRAWS:
        return tables.candle_outcomes(state.bag)
    if phase in _DICE:
        return _ROLL_OUTCOMES
    return tables.goal_outcomes[goal_type(state)]


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action in a deterministic order.

    Portrait spaces and candle spaces left to right (declining the candle
    first); portraits in hand in card order, each in every allowed slot then
    its discard; for a surrounded slot each candle in storage, then a
    marigold, then leaving it empty. The actions are shared instances, one
    per value (actions are immutable); the tuple is kept in the state's
    private cache, for the next call and for ``validate``.
    """
    legal = state._legal
    if legal is None:
        legal = _legal_actions(state)
        _keep_legal(state, legal)
    return legal


def _legal_actions(state: State) -> tuple[Action, ...]:
    # No comprehension here reads a local variable: one that did would make it a cell, built on every call.
    phase = state.phase
    if phase is _OVER:
        return ()
    if phase in _CHANCE:
        return _chance_actions(state)
    tables = state._tables or tables_of(state)
    seat = state.seat
    board = state.boards[seat]
    marigolds = board.marigolds
    if phase is _PLAY:
        hand = state.hands[seat]
        portraits = board.portraits
        if len(portraits) != tables.slots or (hand and (min(hand) < 0 or max(hand) >= len(tables.discard))):
            return _fresh_decisions(state)  # not a state the rules reach (see ``Tables.knows``)
        taken = filled(portraits)
        if marigolds < 1:  # a crossed-out slot takes a portrait only with a marigold to return
            taken |= tables.crossed_out
        pick = tables.pickers.get(taken) or tables.picker(taken)
        # Each card's row holds its placements by slot, then its discard: ``pick`` takes the free slots and the
        # discard. Four cards (the usual hand) are written out: a loop or ``map`` cost a third more.
        rows = tables.place_or_discard
        if len(hand) == 4:
            a, b, c, d = hand
            return pick(rows[a]) + pick(rows[b]) + pick(rows[c]) + pick(rows[d])
        actions: tuple[Action, ...] = ()
        for card in hand:
            actions += pick(rows[card])
        return actions
    if phase is _TAKE_PORTRAIT:
        take = tables.take_portrait
        market = state.market
        if marigolds >= 0 and len(market) == MARKET_SIZE and None not in market:
            return take[: marigolds + 1]  # a full Family board: the spaces the player can pay for
        return _takes(take, market, marigolds)
    if phase is _TAKE_CANDLE:
        candle_market = state.candle_market
        if marigolds >= 1 and len(candle_market) == MARKET_SIZE and None not in candle_market:
            return tables.skip_or_take_any
        return _candle_takes(tables, candle_market, state.taken_space, marigolds)
    slot = state.pending[0]
    any_slot = state.config.offering_in_any_slot
    is_candle = tables.offering_is_candle[slot]
    candles = board.candles
    options: tuple[Action, ...] = ()
    if candles and (any_slot or is_candle):  # ``slot_options``, inline
        if not tables.knows(candles, tables.draw_candle):
            return _fresh_decisions(state)
        options = tuple(map(tables.place_candle[slot].__getitem__, candles))
    if marigolds >= 1 and (any_slot or not is_candle):
        return (*options, tables.place_marigold[slot], tables.leave_empty[slot])
    return (*options, tables.leave_empty[slot])


def _takes(take: tuple[TakePortrait, ...], market: tuple[int | None, ...], marigolds: int) -> tuple[Action, ...]:
    """The portraits the player can take from a Family board with an empty space (or of an odd size)."""
    return tuple([take[s] for s, c in enumerate(market) if c is not None and marigolds >= s])


def _candle_takes(
    tables: Tables, candle_market: tuple[int | None, ...], taken: int | None, marigolds: int
) -> tuple[Action, ...]:
    """Declining, then the candles the player can take, from a candle row not full (or without a marigold)."""
    candle = tables.take_candle
    return (
        tables.skip_candle,
        *[candle[s] for s, c in enumerate(candle_market) if c is not None and (s == taken or marigolds >= 1)],
    )


def _fresh_decisions(state: State) -> tuple[Action, ...]:
    """The decisions of ``legal_actions`` as new objects, for a state naming components the edition lacks.

    Such a state is not one the rules reach; the interned actions could not
    name its cards, so these are built as they are named (``validate`` then
    judges them in full).
    """
    board = state.boards[state.seat]
    if state.phase is _PLAY:
        effect = state.config.edition.slot_effect
        empty = [s for s, c in enumerate(board.portraits) if c is None and (effect[s] >= 0 or board.marigolds >= 1)]
        actions: list[Action] = []
        for card in state.hands[state.seat]:
            actions.extend(PlacePortrait(card, s) for s in empty)
            actions.append(DiscardPortrait(card))
        return tuple(actions)
    if state.phase is _OFFERINGS:
        slot = state.pending[0]
        candle_ok, marigold_ok = slot_options(state, slot)
        options: list[Action] = [PlaceCandle(slot, c) for c in board.candles] if candle_ok else []
        if marigold_ok:
            options.append(PlaceMarigold(slot))
        options.append(LeaveEmpty(slot))
        return tuple(options)
    return ()


class _GivenCard(Protocol):
    """A ``DrawPortrait`` as a caller gave it: its card read as a plain object.

    Read through a protocol whose field is an ``object``, in the compiled build
    the field is fetched as it is; read as ``DrawPortrait.card`` it would be
    checked against its declared ``int`` on reading, and ``True`` taken for 1.
    """

    @property
    def card(self) -> object:
        """The card, whatever it is."""
        ...


class _GivenCandle(Protocol):
    """A ``DrawCandle`` as a caller gave it: its candle read as a plain object (as :class:`_GivenCard`)."""

    @property
    def candle(self) -> object:
        """The candle, whatever it is."""
        ...


def validate(state: State, action: Action) -> Rejection | None:
    """``None`` when ``action`` is legal in ``state``, else the reason it is not.

    An action that *is* one of the objects ``legal_actions(state)`` returned
    (kept in the state's private cache) is legal without further checks:
    those objects were built by the engine from this very state, and
    actions are immutable. Any other object, equal or not, is checked in
    full.
    """
    if _offered(state, action):
        return None
    if type(action) is DrawPortrait:  # the usual chance outcome in driver mode: exactly the checks below, in short
        given_card: _GivenCard = action  # its field read as the plain object the caller gave (see ``_GivenCard``)
        card = given_card.card
        if type(card) is int and state.phase in _PORTRAIT_DRAWS and card in state.deck:
            return None
    elif type(action) is DrawCandle:
        given_candle: _GivenCandle = action  # as the card above
        candle = given_candle.candle
        if type(candle) is int and state.phase in _CANDLE_DRAWS and candle in state.bag:
            return None
    cls = type(action)
    read = _FIELDS_OF.get(cls)
    if read is None:
        candidate: object = action
        if not isinstance(candidate, ACTION_CLASSES):
            return Rejection("not-an-action", f"{candidate!r} is not an Ofrenda action")
        values: tuple[object, ...] = attrs.astuple(action, recurse=False)
    else:
        values = read(action)
    for value in values:
        if type(value) is not int:
            return Rejection("not-an-integer", f"{action!r} names {value!r}; spaces, slots and components are integers")
    phase = state.phase
    if phase is _OVER:
        return Rejection("game-over", "the game is over; no action can be taken")
    chance_action = cls in _CHANCE_CLASSES if read is not None else isinstance(action, _CHANCE_CLASSES)
    if phase in _CHANCE:
        if not chance_action:
            return Rejection("chance-event-pending", f"a {phase.value} chance event is pending, not {action!r}")
        if not _possible(state, action):
            return Rejection("impossible-outcome", f"{action!r} is not a possible outcome of the {phase.value} event")
        return None
    if chance_action:
        return Rejection("not-a-chance-event", f"player {state.seat} must decide ({phase.value}), not {action!r}")
    return validate_decision(state, action)


def _offered(state: State, action: Action) -> bool:
    """Whether ``action`` is one of the very objects ``legal_actions(state)`` returned (and kept)."""
    legal = state._legal
    if legal is not None:
        for offered in legal:
            if offered is action:
                return True
    return False


def _possible(state: State, action: Action) -> bool:
    """Whether ``action`` (with integer fields) equals one of the outcomes of the pending chance event.

    Outcomes compare equal only to actions of exactly their class (attrs
    equality), so the test is the class and the integer it names.
    """
    phase = state.phase
    if phase in _PORTRAIT_DRAWS:
        return type(action) is DrawPortrait and action.card in state.deck
    if phase in _CANDLE_DRAWS:
        return type(action) is DrawCandle and action.candle in state.bag
    if phase in _DICE:
        return type(action) is RollDie and action.face in FACES
    return type(action) is DrawGoal and action.goal in state.config.edition.goals_of(goal_type(state))


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the given state is never changed.

    In a seeded game the draws and rolls that follow (the Abuela's turn
    included) are resolved before returning. The action, the phase changes it
    causes and those draws change one working copy, and the next state is
    built once. Every action is checked by ``validate`` first (an object
    ``legal_actions(state)`` returned is legal as it is, see ``validate``),
    so an illegal one changes nothing.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    >>> from ofrenda_rules.ofrenda import TakePortrait
    >>> state = new_game(Config(players=2), seed=1)
    >>> try:
    ...     apply(state, TakePortrait(5))
    ... except IllegalActionError as error:
    ...     print(error.rejection)
    the Family board has spaces 0-3, not 5 [no-such-space]
    """
    legal = state._legal
    if legal is not None:  # ``_offered``, inline: the loop runs once per step
        for offered in legal:
            if offered is action:
                break
        else:
            legal = None
    if legal is None:
        rejection = validate(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection, action)
    w = Work(state)
    handler = _HANDLERS.get(type(action))  # ``do_action``, inline
    if handler is None:  # an instance of a subclass of an action class
        do_action(w, action)
    else:
        handler(w, action)
    if w.rng is not None and w.phase in _CHANCE:  # else ``resolve_draws`` has nothing to do
        resolve_draws(w)
    return w.build()


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and the events of this step (:func:`apply` is ``step(...)[0]``).

    The events are the whole truth, the hidden cards included (a view shows
    them redacted, see :func:`~ofrenda_rules.ofrenda.events.event_seen_by`):
    in a seeded game, those of the action and of the draws and rolls that
    follow it. The next state's ``recent_events`` are these events after a
    player decision, and the earlier ones followed by these after a chance
    outcome.

    Raises:
        IllegalActionError: when ``validate`` rejects the action.

    >>> from ofrenda_rules.ofrenda import TakePortrait
    >>> state = new_game(Config(players=2), seed=1)
    >>> state, events = step(state, TakePortrait(0))
    >>> events
    (PortraitTaken(seat=0, space=0, card=30, paid=0, gained=0),)
    """
    after = apply(state, action)
    events = after.recent_events
    start = len(state.recent_events) if state.phase in _CHANCE else 0
    return after, events[start:] if start else events


def _apply_unchecked(state: State, action: Action) -> State:
    """The state after the legal ``action``, with no draw resolved (the kernel's ``settle`` steps with it)."""
    w = Work(state)
    do_action(w, action)
    return w.build()


def _settle(state: State) -> State:
    """The kernel's generic resolution of chance events (the reference for the fast path of ``apply``)."""
    return settle(state, current_player, _chance_weights, _apply_unchecked)


def hidden_variant(state: State, player: int, rng: Rng) -> State:
    """A state equal to ``state`` in everything ``player`` can see.

    The other players' hands, the deck and the solo mode's unseen removed
    portraits are redealt at random from the same cards (keeping every
    size), and the generator is replaced; the portraits every player saw go
    into a hand (``seen_in_hands``) stay in it. The hidden cards of
    ``recent_events`` are renamed to match: a portrait dealt to another seat
    becomes the card at the same place among that seat's redealt portraits, a
    removed portrait the one at the same place among the redealt removed ones.
    """
    n = state.config.players
    seen = state.seen_in_hands
    unseen = [[card for card in state.hands[seat] if card not in seen[seat]] for seat in range(n)]
    pool = [card for seat in range(n) if seat != player for card in unseen[seat]]
    pool.extend(state.deck)
    pool.extend(state.removed)
    pool, rng = rng.shuffled(pool)
    hands = list(state.hands)
    dealt: dict[tuple[int, int], int] = {}
    for seat in range(n):
        if seat != player:
            size = len(unseen[seat])
            redealt = sorted(pool[:size])
            dealt.update(((seat, old), new) for old, new in zip(unseen[seat], redealt, strict=True))
            hands[seat] = tuple(sorted((*seen[seat], *redealt)))
            del pool[:size]
    removed = tuple(sorted(pool[: len(state.removed)]))
    deck = tuple(sorted(pool[len(state.removed) :]))
    new_rng = None if state.rng is None else Rng(rng.next_u64()[0])
    events = recast_hidden_cards(state.recent_events, dealt, dict(zip(state.removed, removed, strict=True)))
    return attrs.evolve(state, hands=tuple(hands), deck=deck, removed=removed, rng=new_rng, recent_events=events)
