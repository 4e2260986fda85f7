"""The fast paths say exactly what the readable rules say.

The precomputed tables restate the components; the table-driven objective
checks agree with ``objectives.py`` on every position of whole games; the
seeded draws made inside ``apply`` are the ones the kernel's generic
``chance.settle`` makes; the private caches of a state are never serialised
and never let an illegal action through.
"""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL, probabilities
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    GAME,
    Action,
    Config,
    DiscardPortrait,
    DrawCandle,
    DrawGoal,
    DrawPortrait,
    GoalType,
    LeaveEmpty,
    ObjectiveKind,
    OfferingKind,
    Phase,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    PlayerBoard,
    SkipCandle,
    State,
    TakeCandle,
    TakePortrait,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
    rules,
    start,
    validate,
)
from ofrenda_rules.ofrenda.objectives import candle_fulfilled, goal_fulfilled, portrait_fulfilled
from ofrenda_rules.ofrenda.tables import (
    ALL_EITHER,
    AT_LEAST_TWO,
    NONE_EITHER,
    Tables,
    tables_for,
)
from ofrenda_rules.ofrenda.turn import next_setup
from ofrenda_rules.ofrenda.work import (
    BOARD_FIELDS,
    STATE_FIELDS,
    Board,
    Work,
    candle_holds,
    filled,
    goal_holds,
    portrait_holds,
)
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads

E = DEFAULT_EDITION
T = tables_for(E)
CONFIGS = [
    Config(players=1),
    Config(players=1, offering_in_any_slot=True, unlimited_marigolds=True, strict_empty_objectives=True),
    Config(players=1, abuela_marigolds_stay=True),
    Config(players=2),
    Config(players=2, common_goals=True, zero_majority=True, strict_empty_objectives=True),
    Config(players=3, common_goals=True, offering_in_any_slot=True),
    Config(players=4),
    Config(players=4, common_goals=True, unlimited_marigolds=True),
]


def game_states(config: Config, seed: int | None, player_seed: int) -> list[State]:
    """Every state of one random game (seeded: decisions only; unseeded: chance drawn from the outcomes)."""
    rnd = random.Random(player_seed)
    state = new_game(config, seed)
    seen = [state]
    while current_player(state) != TERMINAL:
        actions = legal_actions(state)
        state = apply(state, actions[rnd.randrange(len(actions))])
        seen.append(state)
    return seen


def test_the_field_lists_are_the_fields_of_state_and_player_board() -> None:
    """The working copies read and build every serialised field, in the classes' order."""
    assert tuple(f.name for f in attrs.fields(State) if f.init) == STATE_FIELDS
    assert tuple(f.name for f in attrs.fields(PlayerBoard) if f.init) == BOARD_FIELDS
    assert {f.name for f in attrs.fields(State) if not f.init} == {"_tables", "_legal"}


def test_working_copies_copy_every_field() -> None:
    """A ``Work`` and a ``Board`` copied and built unchanged equal what they copied, field by field."""
    for state in game_states(Config(players=3, common_goals=True), 2, 7):
        built = Work(state).build()
        assert built is not state
        assert all(getattr(built, name) == getattr(state, name) for name in STATE_FIELDS)
        for board in state.boards:
            copied = Board(board).build()
            assert type(copied) is PlayerBoard
            assert all(getattr(copied, name) == getattr(board, name) for name in BOARD_FIELDS)


def test_objective_tables_restate_the_components() -> None:
    """Codes and bits per portrait, candle and goal are read off the printed components."""
    codes = {ObjectiveKind.AT_LEAST_TWO: AT_LEAST_TWO, ObjectiveKind.ALL_EITHER: ALL_EITHER}
    for p in E.portraits:
        assert T.portrait_kind[p.id] == codes.get(p.objective.kind, NONE_EITHER)
        want = 0
        for feature in p.objective.features:
            want |= feature.bit
        assert T.portrait_want[p.id] == want
        assert T.masks[p.id] == p.branch.bit | p.offering.bit
    for c in E.candles:
        assert T.candle_end[c.id] == c.end_of_game
        if c.objective.features:
            assert T.candle_objective[c.id][1] == tuple(f.bit for f in c.objective.features)
    for g in E.goals:
        assert T.goal_count[g.id] == g.count
        assert T.goal_feature[g.id] == (0 if g.feature is None else g.feature.bit)
    for kind in GoalType:
        for players in (2, 3, 4):
            assert T.token_stacks[kind, players] == E.token_stack(kind, players)
    assert T.offering_is_candle == tuple(s.kind is OfferingKind.CANDLE for s in E.board.offering_slots)


def test_slot_tables_restate_the_adjacency() -> None:
    """Each closed neighbourhood is the slot and its neighbours; the masks hold exactly those bits."""
    for slot, adjacent in enumerate(E.neighbours):
        assert T.closed[slot] == (slot, *adjacent)
        assert T.neighbour_masks[slot] == sum(1 << n for n in adjacent)


def test_interned_actions_equal_fresh_ones() -> None:
    """Every shared action is the action of that value, and one object per value."""
    for card in range(len(E.portraits)):
        assert T.discard[card] == DiscardPortrait(card)
        assert T.draw_portrait[card] == DrawPortrait(card)
        for slot in range(len(E.coordinates)):
            assert T.place_portrait[card][slot] == PlacePortrait(card, slot)
    for k in range(len(E.board.offering_slots)):
        assert T.place_marigold[k] == PlaceMarigold(k)
        assert T.leave_empty[k] == LeaveEmpty(k)
        for candle in range(len(E.candles)):
            assert T.place_candle[k][candle] == PlaceCandle(k, candle)
    assert T.take_portrait == tuple(TakePortrait(s) for s in range(4))
    assert T.take_candle == tuple(TakeCandle(s) for s in range(4))
    assert T.skip_candle == SkipCandle()
    assert T.draw_candle == tuple(DrawCandle(c) for c in range(len(E.candles)))
    assert T.skip_or_take_any == (SkipCandle(), *(TakeCandle(s) for s in range(4)))
    assert T.slots == len(E.coordinates)
    for card in range(len(E.portraits)):
        assert T.place_or_discard[card] == (*T.place_portrait[card], T.discard[card])
    assert tables_for(E) is T
    copied = pickle.loads(pickle.dumps(T))
    assert copied.edition == E
    assert copied.place_portrait == T.place_portrait


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_table_driven_objectives_agree_with_the_readable_ones(config: Config) -> None:
    """portrait_holds, candle_holds and goal_holds equal objectives.py on every board of whole games."""
    for seed in range(2):
        for state in game_states(config, seed, seed)[::2]:
            for seat, board in enumerate(state.boards):
                for slot, card in enumerate(board.portraits):
                    if card is None:
                        continue
                    for final in (False, True):
                        fast = portrait_holds(T, config, board.portraits, slot, final=final)
                        assert fast == portrait_fulfilled(config, board, slot, final=final)
                for candle in range(len(E.candles)):
                    assert candle_holds(T, config, state.boards, seat, candle) == candle_fulfilled(
                        config, state.boards, seat, candle
                    )
                for goal in range(len(E.goals)):
                    assert goal_holds(T, board, goal) == goal_fulfilled(E, board, goal)
                    # with the mask given, and from a memo not filled yet (the first answer for each mask)
                    assert goal_holds(Tables(E), board, goal, filled(board.portraits)) == goal_fulfilled(E, board, goal)


def _generic_apply(state: State, action: Action) -> State:
    """The transition of one action, then the kernel's generic settle (no fast path)."""
    assert validate(state, action) is None
    return rules._settle(rules._apply_unchecked(state, action))


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_seeded_draws_inside_apply_are_those_of_the_kernel_settle(config: Config) -> None:
    """Over many seeds, new_game and every apply equal the generic chance.settle path, generator included."""
    for seed in range(12):
        first = attrs.evolve(start._first_state(config), rng=Rng(seed))
        generic = rules._settle(next_setup(first))
        state = new_game(config, seed)
        assert state == generic
        assert state.rng == generic.rng
        rnd = random.Random(seed)
        while current_player(state) != TERMINAL:
            actions = legal_actions(state)
            action = actions[rnd.randrange(len(actions))]
            expected = _generic_apply(state, action)
            state = apply(state, action)
            assert state == expected
            assert state.rng == expected.rng


def _decisions_as_named(state: State) -> tuple[Action, ...]:
    """The legal decisions built as the rules name them, one new object each (no shared tuple, no fast path)."""
    board = state.boards[state.seat]
    if state.phase is Phase.TAKE_PORTRAIT:
        return tuple(
            TakePortrait(s) for s, card in enumerate(state.market) if card is not None and board.marigolds >= s
        )
    if state.phase is Phase.TAKE_CANDLE:
        return (
            SkipCandle(),
            *(
                TakeCandle(s)
                for s, candle in enumerate(state.candle_market)
                if candle is not None and (s == state.taken_space or board.marigolds >= 1)
            ),
        )
    actions: list[Action] = []
    if state.phase is Phase.PLAY:
        for card in state.hands[state.seat]:
            for slot, there in enumerate(board.portraits):
                if there is None and (E.slot_effect[slot] >= 0 or board.marigolds >= 1):
                    actions.append(PlacePortrait(card, slot))
            actions.append(DiscardPortrait(card))
        return tuple(actions)
    slot = state.pending[0]
    is_candle = E.board.offering_slots[slot].kind is OfferingKind.CANDLE
    any_slot = state.config.offering_in_any_slot
    if board.candles and (any_slot or is_candle):
        actions.extend(PlaceCandle(slot, candle) for candle in board.candles)
    if board.marigolds >= 1 and (any_slot or not is_candle):
        actions.append(PlaceMarigold(slot))
    actions.append(LeaveEmpty(slot))
    return tuple(actions)


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_shared_legal_decisions_equal_the_decisions_as_named(config: Config) -> None:
    """The shared tuples and rows of ``legal_actions`` give every decision the rules name, in order, and no other."""
    checked = 0
    for seed in range(6):
        for state in game_states(config, seed, seed):
            if current_player(state) not in (TERMINAL, CHANCE):
                assert rules._legal_actions(state) == _decisions_as_named(state)
                checked += 1
    assert checked >= 150


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_chance_outcomes_equal_the_kernel_probabilities(config: Config) -> None:
    """The shared outcome pairs are the kernel's exact probabilities over the legal outcomes, in order."""
    rnd = random.Random(3)
    state = new_game(config)
    checked = 0
    for _ in range(400):
        if current_player(state) == TERMINAL:
            break
        outcomes = chance_outcomes(state)
        if outcomes:
            assert outcomes == probabilities(rules._chance_weights(state))
            assert tuple(a for a, _ in outcomes) == legal_actions(state)
            checked += 1
            state = apply(state, outcomes[rnd.randrange(len(outcomes))][0])
        else:
            actions = legal_actions(state)
            state = apply(state, actions[rnd.randrange(len(actions))])
    assert current_player(state) == TERMINAL, "the game was played to its end"
    assert checked >= 30


def test_a_cached_legal_action_still_needs_the_very_object() -> None:
    """An action equal to a legal one but naming a bool is refused, even after legal_actions was cached."""
    state = new_game(Config(players=2), seed=4)
    assert TakePortrait(0) in legal_actions(state)
    sneaky = TakePortrait(False)
    assert sneaky == TakePortrait(0)
    rejection = validate(state, sneaky)
    assert rejection is not None and rejection.code == "not-an-integer"
    with pytest.raises(IllegalActionError):
        apply(state, sneaky)
    assert apply(state, TakePortrait(0)) == apply(state, legal_actions(state)[0])


def test_caches_are_never_serialised_nor_compared() -> None:
    """The private caches change neither the JSON, nor equality, nor the hash of a state."""
    state = new_game(Config(players=3, common_goals=True), seed=9)
    fresh = loads(dumps(state, State), State)
    assert fresh._legal is None
    before = dumps(state, State)
    legal_actions(state)
    assert state._legal is not None
    assert dumps(state, State) == before
    assert fresh == state and hash(fresh) == hash(state)
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_working_copies_build_plain_states_and_leave_the_original_alone() -> None:
    """A Work becomes a State (a Board a PlayerBoard) equal to the one attrs would build; the source is unchanged."""
    state = new_game(Config(players=2), seed=11)
    before = dumps(state, State)
    work = Work(state)
    board = work.board(0)
    board.marigolds += 2
    work.supply -= 2
    built = work.build()
    assert type(built) is State
    assert type(built.boards[0]) is PlayerBoard
    assert not isinstance(built.boards[0], Board)
    expected = attrs.evolve(
        state, supply=state.supply - 2, boards=(attrs.evolve(state.boards[0], marigolds=5), *state.boards[1:])
    )
    assert built == expected
    assert dumps(state, State) == before
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.supply = 0  # type: ignore[misc]


def test_draw_goal_outcomes_are_the_goal_cards_of_the_type() -> None:
    """Common goals: one card of each type, uniform over the cards with that back."""
    state = new_game(Config(players=2, common_goals=True))
    for kind in GoalType:
        outcomes = chance_outcomes(state)
        assert tuple(a for a, _ in outcomes) == tuple(DrawGoal(g) for g in E.goals_of(kind))
        state = apply(state, outcomes[0][0])


def test_a_state_naming_unknown_components_gets_actions_naming_them() -> None:
    """Shared actions are only used for the edition's own ids: other ids are named as they are, never wrapped."""
    state = new_game(Config(players=2), seed=2)
    odd = attrs.evolve(state, phase=Phase.PLAY, hands=((-1, 7), *state.hands[1:]), deck=(-2, *state.deck))
    assert legal_actions(odd)[0] == PlacePortrait(-1, 0)
    assert DiscardPortrait(-1) in legal_actions(odd)
    drawing = attrs.evolve(state, phase=Phase.REFILL_PORTRAIT, deck=(-2, 99, *state.deck))
    assert legal_actions(drawing)[:2] == (DrawPortrait(-2), DrawPortrait(99))
    assert chance_outcomes(drawing)[0] == (DrawPortrait(-2), Fraction(1, len(drawing.deck)))


def test_taking_a_portrait_lights_no_candle_unless_storage_counts() -> None:
    """Taking a portrait skips the candle check of ``Tables.lit_by_storage``: no candle would light there.

    The printed edition's storage candles have the end-of-game icon, so the
    check is skipped; after every portrait taken in whole games, checking
    anyway changes nothing. An edition with a storage candle checked during
    play keeps the check.
    """
    from ofrenda_rules.ofrenda.components import CandleKind
    from ofrenda_rules.ofrenda.turn import light_candles

    assert not T.lit_by_storage
    taken = 0
    for config in CONFIGS:
        for k in range(3):
            for state in game_states(config, 300 + k, k):
                if state.phase is not Phase.TAKE_CANDLE and state.phase is not Phase.PLAY:
                    continue
                if state.taken_space is None or state.abuela:
                    continue
                taken += 1
                assert light_candles(state, state.seat).boards == state.boards
    assert taken > 100
    storage = tuple(
        attrs.evolve(c, end_of_game=False) if c.objective.kind is CandleKind.MARIGOLDS_IN_STORAGE else c
        for c in E.candles
    )
    assert tables_for(attrs.evolve(E, candles=storage)).lit_by_storage


def test_without_removes_every_copy_and_keeps_the_order() -> None:
    """``without`` is the filter ``c != item``, duplicates before and after the first copy included."""
    from ofrenda_rules.ofrenda.piles import without

    rnd = random.Random(5)
    for _ in range(300):
        items = tuple(rnd.randrange(6) for _ in range(rnd.randrange(8)))
        item = rnd.randrange(7)
        assert without(items, item) == tuple(c for c in items if c != item)


def test_a_drawn_item_leaves_the_pile_as_without_says() -> None:
    """``piles.drawn`` is ``without`` for every pile: duplicates, an index given or not, piles remembered or not."""
    from ofrenda_rules.ofrenda.piles import drawn, rest_of, without

    rnd = random.Random(8)
    for _ in range(600):
        pile = tuple(rnd.sample(range(40), rnd.randrange(1, 12)))
        if rnd.random() < 0.3:  # a pile the rules never build: a repeated item
            pile = (*pile, rnd.choice(pile))
        rest = pile
        for _ in range(rnd.randrange(1, len(pile) + 1)):
            if not rest:
                break
            index = rnd.randrange(len(rest))
            item = rest[index]
            expected = without(rest, item)
            rest = drawn(rest, item, index if rnd.random() < 0.5 else -1)
            assert rest == expected
        assert drawn(rest, 99) == rest
        assert rest_of(pile, pile[1:]) == pile[1:]


def test_the_filled_masks_remembered_are_the_masks_counted() -> None:
    """``filled`` of an Ofrenda's tuple (remembered: a placement's) is its filled slots' mask; a list is counted."""
    for config in CONFIGS[:3]:
        for state in game_states(config, 21, 2):
            for board in state.boards:
                expected = sum(1 << s for s, card in enumerate(board.portraits) if card is not None)
                assert filled(board.portraits) == expected
                portraits = list(board.portraits)
                assert filled(portraits) == expected
                portraits[0] = None if portraits[0] is not None else 3
                assert filled(portraits) == expected ^ 1
