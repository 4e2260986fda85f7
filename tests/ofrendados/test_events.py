"""Events: what each step did, in the game's words; ``step`` beside ``apply``; what views carry."""

from __future__ import annotations

import random

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.ofrendados import (
    GAME,
    Action,
    BuyCard,
    CardBought,
    CardRevealed,
    Config,
    DiceRolled,
    Die,
    DiePowerTarget,
    DieRerolled,
    DieRolled,
    DieTaken,
    DieTurned,
    DieUsed,
    DrawObject,
    Event,
    Flower,
    FlowerLost,
    FlowerMoved,
    GameEnded,
    ObjectDrawn,
    ObjectKind,
    ObjectLost,
    ObjectRewritten,
    Pass,
    Passed,
    RerollDie,
    RevealCard,
    RewriteObject,
    RollDie,
    RoundEnded,
    RoundStarted,
    State,
    TakeDie,
    TurnDie,
    UseDie,
    apply,
    current_player,
    event_seen_by,
    is_over,
    legal_actions,
    new_game,
    observe,
    step,
)
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.ofrendados import reference
from tests.ofrendados.helpers import PATH, SHEET, O, P, Y, board, buying, creating, start

K = ObjectKind
CONFIGS = [pytest.param(c, id=GAME.describe_config(c)) for c in GAME.test_configs()]


def _events(state: State, action: Action) -> tuple[Event, ...]:
    return step(state, action)[1]


def _cell(cell: int) -> tuple[int, int]:
    return SHEET.cells[cell]


# --- the rulebook's example and the Path -------------------------------------------------------------


def test_the_rulebooks_second_path_scenario_step_by_step() -> None:
    """Example: "Scenario 2: The player placed the pieces in the order C, A and B, reaching the seventh flower
    on the path and also gaining 1 candle for their offering."

    Each die used tells which flower it gives and where the flower lands; the A flower on space 5 gives the
    candle, drawn by the next decision.
    """
    state = creating(start(), [Die(O, 3), Die(P, 4), Die(O, 2)])
    state, events = step(state, UseDie(O, 3))
    assert events == (DieUsed(0, O, 3, flower=Flower.C), FlowerMoved(0, 3, Flower.C))
    state, events = step(state, UseDie(P, 4))
    assert events == (DieUsed(0, P, 4, flower=Flower.A), FlowerMoved(0, 5, Flower.A, object=K.CANDLE))
    cell = legal_actions(state)[0]
    assert isinstance(cell, DrawObject)
    state, events = step(state, cell)
    assert events == (ObjectDrawn(0, K.CANDLE, cell.cell, *_cell(cell.cell)),)
    state, events = step(state, UseDie(O, 2))
    assert events == (DieUsed(0, O, 2, flower=Flower.B), FlowerMoved(0, 7, Flower.B))
    assert state.recent_events == events


def test_the_first_scenarios_peso_is_in_the_flower_event() -> None:
    """Scenario 1: "in the order A, B and C, reaching the third flower on the path and also gaining one peso"."""
    state = creating(start(), [Die(P, 4), Die(O, 2), Die(O, 3)])
    state, first = step(state, UseDie(P, 4))
    state, second = step(state, UseDie(O, 2))
    state, third = step(state, UseDie(O, 3))
    assert [e for e in (*first, *second, *third) if isinstance(e, FlowerMoved)] == [
        FlowerMoved(0, 1, Flower.A),
        FlowerMoved(0, 2, Flower.B, pesos=1),
        FlowerMoved(0, 3, Flower.C),
    ]


def test_the_first_flower_past_quetzalcoatls_head_is_announced_as_crossing() -> None:
    """Scoring: "Each player who has reached the crossing to the land of the living by the flower path scores"."""
    living_b = PATH.next_space(PATH.head, Flower.B)
    state = creating(start(), [Die(O, 2), Die(O, 2)], board(flowers=[PATH.head]))
    state, events = step(state, UseDie(O, 2))
    assert events[1] == FlowerMoved(0, living_b, Flower.B, PATH.space(living_b).pesos, crossed=True)
    state, events = step(state, UseDie(O, 2))
    moved = events[1]
    assert isinstance(moved, FlowerMoved) and not moved.crossed  # already in the land of the living


def test_the_end_of_the_route_is_announced() -> None:
    """The Path: "If you reach the end of the route, you get an extra bonus of 10 points"."""
    last = PATH.length
    flower = PATH.space(last).flower
    face = {Flower.A: (P, 4), Flower.B: (O, 2), Flower.C: (O, 3)}[flower]
    state = creating(start(), [Die(*face)], board(flowers=[last - 1]))
    assert _events(state, UseDie(*face)) == (
        DieUsed(0, *face, flower=flower),
        FlowerMoved(0, last, flower, PATH.space(last).pesos, PATH.space(last).object, crossed=False, end=True),
    )


# --- chance, the draft, money and die powers ---------------------------------------------------------------


def test_an_unseeded_game_starts_with_the_round_and_appends_each_reveal_and_roll() -> None:
    """1) Start the fun: "Open the 3 Calaveritas ... The starting player rolls all the dice"."""
    state = new_game(Config(players=2))
    assert state.recent_events == (RoundStarted(1, 0),)
    state, events = step(state, RevealCard(9))
    assert events == (CardRevealed(9),)
    assert state.recent_events == (RoundStarted(1, 0), *events)
    for other in (16, 26):
        state = apply(state, RevealCard(other))
    rolls = (6, 2, 5, 4, 4, 5, 6, 4, 5)
    for pips in rolls[:-1]:  # the dice show in state.rolled as they come; the event comes with the last
        state, events = step(state, RollDie(pips))
        assert events == () and state.rolled[-1].pips == pips
    state, events = step(state, RollDie(rolls[-1]))
    assert events == (DiceRolled((6, 2, 5), (4, 4, 5), (6, 4, 5)),)
    assert state.recent_events == (RoundStarted(1, 0), CardRevealed(9), CardRevealed(16), CardRevealed(26), *events)
    # The first decision replaces them.
    state, events = step(state, TakeDie(O, 4))
    assert events == (DieTaken(0, O, 4),) == state.recent_events


def test_money_faces_and_exchanges_say_how_many_pesos() -> None:
    """3) C - Collect money: "Mark on the central board the dice exchanged for money"."""
    state = creating(start(), [Die(O, 6), Die(Y, 1)])
    assert _events(state, UseDie(O, 6)) == (DieUsed(0, O, 6, pesos=2),)
    assert _events(state, UseDie(Y, 1, as_money=True)) == (DieUsed(0, Y, 1, as_money=True, pesos=1),)
    assert _events(state, UseDie(Y, 1)) == (DieUsed(0, Y, 1, object=K.CANDLE),)


def test_a_die_power_turn_and_a_reroll_with_the_chance_roll_that_follows() -> None:
    """Purple: "modify ... your dice selection in later rounds" (El Pincel turns, El Soplo rerolls)."""
    state = creating(start(), [Die(Y, 2), Die(O, 5)], board(cards=(16, 18)))
    state, events = step(state, TurnDie(16, Y, 2, 6))
    assert events == (DieTurned(0, 16, Y, 2, 6),)
    state, events = step(state, RerollDie(18, O, 5))
    assert events == (DieRerolled(0, 18, O, 5),) and current_player(state) == CHANCE
    state, events = step(state, RollDie(3))
    assert events == (DieRolled(O, 3),)
    assert state.recent_events == (DieRerolled(0, 18, O, 5), DieRolled(O, 3))


def test_a_die_power_on_the_pool_names_the_drafting_seat() -> None:
    state = start(2, die_powers=DiePowerTarget.POOL)
    state = attrs.evolve(state, boards=(state.boards[0], attrs.evolve(state.boards[1], cards=(16,))))
    state = apply(state, TakeDie(Y, 1))  # seat 0 picks; seat 1 is next
    assert _events(state, TurnDie(16, Y, 2, 5)) == (DieTurned(1, 16, Y, 2, 5),)


# --- the market ----------------------------------------------------------------------------------------------


def test_buying_a_card_then_its_refill_and_its_draw() -> None:
    """4) "If a player takes one of the three Calaveritas in the market, they reveal a new card"."""
    state = buying(start(2, market=(1, 2, 3)), board(pesos=5))
    state, events = step(state, BuyCard(1))  # La Velita: 1 peso, draw a candle
    assert events == (CardBought(0, 1, 1, 4),)
    assert current_player(state) == CHANCE
    state, events = step(state, RevealCard(30))
    assert events == (CardRevealed(30, refill=True),)
    assert state.recent_events == (CardBought(0, 1, 1, 4), *events)
    state, events = step(state, DrawObject(0))
    assert events == (ObjectDrawn(0, K.CANDLE, 0, 1, 0),)


def test_a_flower_card_places_a_flower_or_says_it_is_lost() -> None:
    state = buying(start(2, market=(7, 8, 9)), board(pesos=5))
    events = _events(state, BuyCard(7))  # El Cempasúchil A
    assert events == (CardBought(0, 7, 2, 3), FlowerMoved(0, 1, Flower.A))
    last_a = max(n for n in range(1, PATH.length + 1) if PATH.space(n).flower is Flower.A)
    stuck = buying(start(2, market=(7, 8, 9)), board(pesos=5, flowers=[last_a]))
    assert _events(stuck, BuyCard(7))[1:] == (FlowerLost(0, 7),)


def test_a_portrait_with_no_cell_for_it_is_lost() -> None:
    """Portraits "may only be placed starting from the 4th row": on an empty sheet the drawn portrait is lost."""
    state = buying(start(2, market=(4, 8, 9)), board(pesos=5))
    state, events = step(state, BuyCard(4))
    assert events == (CardBought(0, 4, 3, 2),)  # El Retrato
    # The market is refilled first (a chance event); then the owed portrait is found impossible.
    assert _events(state, RevealCard(30)) == (CardRevealed(30, refill=True), ObjectLost(0, K.PORTRAIT))


def test_a_rewrite_card_turns_an_object_and_says_what_it_was() -> None:
    """Purple: "modify what you have already drawn on your offering" (El Piloncillo: food into a calaverita)."""
    state = buying(start(2, market=(15, 8, 9)), board({3: K.FRUIT}, pesos=5))
    state = apply(apply(state, BuyCard(15)), RevealCard(30))
    assert legal_actions(state) == (RewriteObject(3),)
    assert _events(state, RewriteObject(3)) == (ObjectRewritten(0, 15, K.FRUIT, K.CALAVERITA, 3, 1, 3),)


# --- the round and the game end ------------------------------------------------------------------------------


def test_the_end_of_a_round_discards_the_market_and_starts_the_next() -> None:
    """5) The night advances: "All cards not used in the round are discarded" and the first player passes on."""
    state = buying(start(2, market=(21, 22, 23)), board())
    state = apply(state, Pass())
    assert _events(state, Pass()) == (Passed(1), RoundEnded(1, (21, 22, 23)), RoundStarted(2, 1))


def test_the_game_end_says_nobody_wins_when_nobody_reached_the_land_of_the_living() -> None:
    state = buying(attrs.evolve(start(2), round=4), board())
    state = apply(state, Pass())
    assert _events(state, Pass()) == (Passed(1), RoundEnded(5, (1, 2, 3)), GameEnded((False, False)))


def test_the_game_end_names_who_qualified_as_the_outcome_does() -> None:
    state = buying(attrs.evolve(start(2), round=4), board(flowers=[PATH.head + 1], pesos=3))
    state = apply(state, Pass())
    ended = _events(state, Pass())[-1]
    assert ended == GameEnded((True, False))
    result = GAME.outcome(apply(state, Pass()))
    assert tuple(sheet.qualified for sheet in result.sheets) == ended.qualified and result.winners == (0,)


# --- step, apply, seeded and driver paths ------------------------------------------------------------------


def _random_states(config: Config, seed: int | None, chooser: random.Random) -> list[tuple[State, Action]]:
    state = new_game(config, seed)
    visited = []
    for _ in range(GAME.max_steps(config)):
        if is_over(state):
            break
        action = chooser.choice(legal_actions(state))
        visited.append((state, action))
        state = apply(state, action)
    return visited


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("seed", [None, 3])
def test_step_is_apply_with_the_events_and_recent_events_replace_or_append(config: Config, seed: int | None) -> None:
    for state, action in _random_states(config, seed, random.Random(seed)):
        after, events = step(state, action)
        assert after == apply(state, action)
        if isinstance(action, RevealCard | RollDie):
            assert after.recent_events == state.recent_events + events
        else:
            assert after.recent_events == events
        assert events or isinstance(action, RollDie), f"{action!r} told nothing"


def test_an_illegal_action_raises_from_step_as_from_apply() -> None:
    state = new_game(Config(players=2), seed=1)
    with pytest.raises(IllegalActionError) as by_apply:
        apply(state, Pass())
    with pytest.raises(IllegalActionError) as by_step:
        step(state, Pass())
    assert by_step.value.rejection == by_apply.value.rejection


def _driver(state: State, action: Action) -> State:
    """``action`` applied with the generator taken away, each chance outcome then fed as the generator picks it."""
    rng = state.rng
    assert rng is not None
    after = apply(attrs.evolve(state, rng=None), action)
    while current_player(after) == CHANCE:
        outcomes, weights = reference._chance_weights(after)
        index = 0
        if len(weights) > 1:
            index, rng = rng.choose(weights)
        after = apply(after, outcomes[index])
    return attrs.evolve(after, rng=rng)


@pytest.mark.parametrize("config", CONFIGS)
def test_the_seeded_and_the_driver_paths_give_equal_states_events_included(config: Config) -> None:
    for seed in range(3):
        setup = new_game(config)
        rng = Rng(seed)
        while current_player(setup) == CHANCE:
            outcomes, weights = reference._chance_weights(setup)
            index, rng = rng.choose(weights)
            setup = apply(setup, outcomes[index])
        assert attrs.evolve(setup, rng=rng) == new_game(config, seed)
        for state, action in _random_states(config, seed, random.Random(seed)):
            assert _driver(state, action) == apply(state, action)


# --- JSON and views -------------------------------------------------------------------------------------------


def test_every_event_kind_met_in_random_games_round_trips_through_json() -> None:
    kinds: set[type] = set()
    for config in GAME.test_configs():
        for seed in (None, 1):
            for state, action in _random_states(config, seed, random.Random(7)):
                for event in step(state, action)[1]:
                    if type(event) not in kinds:
                        kinds.add(type(event))
                        assert loads(dumps(event, Event), Event) == event
    common = {RoundStarted, CardRevealed, DiceRolled, DieTaken, DieUsed, FlowerMoved, ObjectDrawn, CardBought}
    assert common | {Passed, RoundEnded, GameEnded} <= kinds
    state = new_game(Config(players=2), seed=4)
    assert loads(dumps(state, State), State) == state and state.recent_events


@pytest.mark.parametrize("config", CONFIGS)
def test_views_carry_every_event_and_no_event_names_an_unrevealed_card(config: Config) -> None:
    """Everything on the table is public; only the unrevealed Calaveritas are unknown, and no event names one."""
    for state, action in _random_states(config, 5, random.Random(5)):
        after = apply(state, action)
        for seat in range(config.players):
            view = observe(after, seat)
            assert view.recent_events == after.recent_events
            assert all(event_seen_by(event, seat) is event for event in after.recent_events)
        for event in after.recent_events:
            named: tuple[int, ...] = (event.card,) if isinstance(event, CardRevealed | CardBought | DieTurned) else ()
            if isinstance(event, RoundEnded):
                named = event.discarded
            assert not set(named) & set(after.deck), event
            assert "rng" not in dumps(event, Event)
