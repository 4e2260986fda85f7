"""Events: what each step did, kept in ``State.recent_events``, redacted in views, renamed by ``hidden_variant``."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.ofrenda import (
    EVENT_CLASSES,
    GAME,
    AbuelaDiscardedCandle,
    AbuelaMoved,
    Action,
    CandleDeclined,
    CandleDrawn,
    CandleLit,
    CandlePlaced,
    CandleTaken,
    Config,
    DrawCandle,
    DrawPortrait,
    Event,
    GameEnded,
    GoalClaimed,
    MarigoldPlaced,
    PlaceCandle,
    PlaceMarigold,
    PlacePortrait,
    PortraitDealt,
    PortraitDrawn,
    PortraitLit,
    PortraitPlaced,
    PortraitRemoved,
    PortraitTaken,
    RollDie,
    SkipCandle,
    SlotsSurrounded,
    State,
    TakeCandle,
    TakePortrait,
    apply,
    current_player,
    event_seen_by,
    hidden_variant,
    legal_actions,
    new_game,
    observe,
    outcome,
    step,
)
from ofrenda_rules.ofrenda.components import SoloTier
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.ofrenda.helpers import play, set_up, with_board
from tests.ofrenda.test_examples import ANGIE, CANDLE, TAKEN, angie_before_example_a

SOLO = Config(players=1)


def _playout(
    config: Config, seed: int | None, player_seed: int
) -> list[tuple[State, Action, State, tuple[Event, ...]]]:
    """Every step of one random game: (before, action, after, events)."""
    rnd = random.Random(player_seed)
    state = new_game(config, seed)
    steps: list[tuple[State, Action, State, tuple[Event, ...]]] = []
    while current_player(state) != TERMINAL:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after, events = step(state, action)
        steps.append((state, action, after, events))
        state = after
    return steps


def test_example_a_take_the_third_portrait_then_a_candle_not_above_it() -> None:
    """Example A: "She must spend two Marigolds to take it [...] She gains the Marigold on the card that she is
    taking [...] She wants to take the Candle above space 1 [...] she will have to pay one Marigold."

    Then the Family board is replenished: each draw (fed by the caller) adds its event to the turn's events.
    """
    state, events = step(angie_before_example_a(), TakePortrait(2))
    taken = PortraitTaken(seat=ANGIE, space=2, card=TAKEN, paid=2, gained=1)
    assert events == (taken,) and state.recent_events == (taken,)
    state, events = step(state, TakeCandle(0))
    candle = CandleTaken(seat=ANGIE, space=0, candle=CANDLE, paid=1)
    assert events == (candle,) and state.recent_events == (candle,)
    assert current_player(state) == CHANCE
    state, events = step(state, DrawPortrait(20))
    assert events == (PortraitDrawn(space=3, card=20),)
    state, events = step(state, DrawCandle(4))
    assert events == (CandleDrawn(space=3, candle=4),)
    assert state.recent_events == (candle, PortraitDrawn(3, 20), CandleDrawn(3, 4))


def test_example_b_the_placement_lights_the_golden_portrait_and_surrounds_two_slots() -> None:
    """Example B: "she surrounds both a Candle slot and a Marigold slot [...] She decides to place the Candle
    [...] Placing this Portrait also surrounds the adjacent card [...] she immediately flips it to its lit side."
    """
    state = play(angie_before_example_a(), TakePortrait(2), TakeCandle(0), DrawPortrait(20), DrawCandle(4))
    state, events = step(state, PlacePortrait(TAKEN, 6))
    assert events == (
        PortraitPlaced(seat=ANGIE, card=TAKEN, slot=6, marigolds=0),
        PortraitLit(seat=ANGIE, slot=2, card=30, at_end=False),
        SlotsSurrounded(seat=ANGIE, slots=(1, 2)),
    )
    state, events = step(state, PlaceCandle(1, CANDLE))
    # No marigold in storage: the marigold slot offers no choice, the turn ends, seat 1 is to take a portrait.
    assert events == (CandlePlaced(seat=ANGIE, slot=1, candle=CANDLE),)
    assert current_player(state) == 1 and state.recent_events == events


def test_a_flower_slot_gives_a_marigold_and_a_crossed_out_one_takes_it_back() -> None:
    """ "Placing a Portrait in a marigold-flower slot immediately gains you one Marigold. Placing a Portrait in a
    crossed-out marigold-flower slot means you must return one Marigold back to the general supply.\""""
    state = play(angie_before_example_a(), TakePortrait(0), SkipCandle(), DrawPortrait(20))
    flower = step(state, PlacePortrait(14, 0))[1]
    assert flower[0] == PortraitPlaced(seat=ANGIE, card=14, slot=0, marigolds=1)
    crossed = step(state, PlacePortrait(14, 5))[1]
    assert crossed[0] == PortraitPlaced(seat=ANGIE, card=14, slot=5, marigolds=-1)


def test_taking_the_candle_above_the_taken_portrait_is_free_and_declining_is_an_event() -> None:
    state = play(angie_before_example_a(), TakePortrait(2))
    assert step(state, TakeCandle(2))[1][0] == CandleTaken(seat=ANGIE, space=2, candle=2, paid=0)
    declined = step(state, SkipCandle())[1]
    assert declined == (CandleDeclined(seat=ANGIE),)


def test_a_candle_lights_as_soon_as_its_objective_holds() -> None:
    """ "As soon as the objective is fulfilled, flip the Candle to its lit side." Candle 24 asks for four or more
    marigolds on the Ofrenda: placed beside two, it lights when the second marigold of the turn joins them."""
    state = play(angie_before_example_a(), TakePortrait(0), SkipCandle(), DrawPortrait(20))
    spare = iter(state.deck)
    cards = {slot: next(spare) for slot in (0, 1, 2, 3, 4, 5, 7, 8, 10)}
    state = with_board(state, ANGIE, portraits=cards, marigolds=4, candles=(24,), marigold_slots=(0, 4))
    state = play(state, PlacePortrait(14, 6))
    assert state.pending == (1, 2, 6)
    assert step(state, PlaceCandle(1, 24))[1] == (CandlePlaced(ANGIE, 1, 24),)
    state = play(state, PlaceCandle(1, 24), PlaceMarigold(2))
    _, events = step(state, PlaceMarigold(6))
    assert events[:2] == (MarigoldPlaced(ANGIE, 6), CandleLit(ANGIE, 1, 24, False))


def test_the_abuelas_rolls_are_events_with_what_she_discarded_and_paid() -> None:
    """ "If Abuela rolled a 5 or 6, she will also discard a Candle. Roll the dice again [...]" -- she pays the
    skipped portraits from the general supply."""
    state = set_up(SOLO, removed=(32, 33, 34), market=(10, 11, 12, 13), candles=(0, 1, 2, 3))
    dealt = state.recent_events[-3:]
    assert dealt == tuple(PortraitDealt(0, card) for card in state.hands[0])
    assert state.recent_events[:3] == (PortraitRemoved(32), PortraitRemoved(33), PortraitRemoved(34))
    state, events = step(state, RollDie(6))
    assert events == (AbuelaMoved(face=6, space=3, card=13, paid=3, returned=0),)
    state, events = step(state, RollDie(3))
    assert events == (AbuelaDiscardedCandle(face=3, space=1, candle=1, paid=1),)
    assert state.recent_events[-2:] == (AbuelaMoved(6, 3, 13, 3, 0), AbuelaDiscardedCandle(3, 1, 1, 1))
    # The player's view still tells what the Abuela did, but not which portraits were removed unseen.
    seen = observe(state, 0).recent_events
    assert seen[:3] == (PortraitRemoved(None),) * 3
    assert seen[-2:] == state.recent_events[-2:]


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_step_is_apply_and_decisions_replace_the_events_chance_adds_to_them(config: Config) -> None:
    for seed in (None, 5):
        for before, action, after, events in _playout(config, seed, 11):
            assert apply(before, action) == after
            if current_player(before) == CHANCE:
                assert after.recent_events == before.recent_events + events
            else:
                assert after.recent_events == events and events


@pytest.mark.parametrize("config", [SOLO, Config(players=2), Config(players=4, common_goals=True)], ids=str)
def test_the_seeded_game_keeps_the_events_the_driver_gets_step_by_step(config: Config) -> None:
    """A seeded step's events are the decision's followed by those of each draw the driver would feed."""
    rnd = random.Random(2)
    seeded = new_game(config, 8)
    driver = attrs.evolve(seeded, rng=None)
    while current_player(seeded) != TERMINAL:
        actions = legal_actions(seeded)
        action = actions[rnd.randrange(len(actions))]
        seeded, events = step(seeded, action)
        driver = apply(driver, action)
        for event in events[len(driver.recent_events) :]:
            driver = apply(driver, _outcome_of(event))
        assert driver.recent_events == events
        assert attrs.evolve(driver, rng=seeded.rng) == seeded


def _outcome_of(event: Event) -> DrawPortrait | DrawCandle | RollDie:
    """The chance outcome that caused ``event``."""
    if isinstance(event, PortraitDrawn):
        return DrawPortrait(event.card)
    if isinstance(event, CandleDrawn):
        return DrawCandle(event.candle)
    assert isinstance(event, AbuelaMoved | AbuelaDiscardedCandle), event
    return RollDie(event.face)


@pytest.mark.parametrize("config", [SOLO, Config(players=3), Config(players=4, common_goals=True)], ids=str)
def test_the_last_step_ends_the_game_with_the_final_flips_and_scores(config: Config) -> None:
    """ "First, check if you can flip any remaining unlit Portraits and Candles [...]" then score."""
    steps = _playout(config, 21, 4)
    before, _, final, events = steps[-1]
    result = outcome(final)
    assert events[-1] == GameEnded(scores=result.scores, winners=result.winners, tier=result.tier)
    flipped = {(e.seat, e.slot) for e in events if isinstance(e, PortraitLit) and e.at_end}
    newly_lit = {
        (seat, slot)
        for seat, board in enumerate(final.boards)
        for slot, lit in enumerate(board.lit)
        if lit and not before.boards[seat].lit[slot] and before.boards[seat].portraits[slot] is not None
    }
    assert flipped == newly_lit
    assert (result.tier is None) == (config.players > 1)
    if config.solo:
        assert isinstance(result.tier, SoloTier)


def test_claimed_goals_are_the_tokens_taken() -> None:
    """ "If, at the end of your turn, you have achieved the requirements of a Goal card, take the topmost
    available Scoring token from that card.\""""
    config = Config(players=4, common_goals=True)
    claims: list[GoalClaimed] = []
    steps = _playout(config, 3, 3)
    for _, _, _, events in steps:
        claims.extend(e for e in events if isinstance(e, GoalClaimed))
    final = steps[-1][2]
    assert claims
    for seat, board in enumerate(final.boards):
        mine = [c for c in claims if c.seat == seat]
        assert tuple(c.goal for c in mine) == board.goals_met
        assert tuple(c.token for c in mine if c.token is not None) == board.tokens
        assert sum(c.points for c in mine) == sum(config.edition.tokens[t].value for t in board.tokens)


def test_every_event_kind_occurs_in_random_games_and_round_trips_through_json() -> None:
    seen: dict[type, Event] = {}
    configs = [SOLO, Config(players=2), Config(players=4, common_goals=True), Config(players=3)]
    for index, config in enumerate(configs):
        for seed in range(3):
            steps = _playout(config, seed, seed + index)
            setup = steps[0][0].recent_events
            for _, _, after, events in steps:
                for event in setup + events:
                    seen.setdefault(type(event), event)
                    text = dumps(event, Event)
                    assert json.loads(text)["type"] == type(event).TAG
                    assert loads(text, Event) == event
                assert loads(dumps(after), State) == after
                setup = ()
    assert set(seen) == set(EVENT_CLASSES)


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_a_view_never_shows_another_seats_dealt_portrait_or_a_removed_one(config: Config) -> None:
    for seed in (None, 1):
        for _, _, after, _ in _playout(config, seed, 6)[:60]:
            for seat in range(config.players):
                seen = observe(after, seat).recent_events
                assert len(seen) == len(after.recent_events)
                for truth, event in zip(after.recent_events, seen, strict=True):
                    if isinstance(truth, PortraitDealt) and truth.seat != seat:
                        assert event == PortraitDealt(truth.seat, None)
                    elif isinstance(truth, PortraitRemoved):
                        assert event == PortraitRemoved(None)
                    else:
                        assert event == truth
                    assert event == event_seen_by(truth, seat)


@pytest.mark.parametrize("config", [SOLO, Config(players=2), Config(players=4)], ids=str)
def test_hidden_variant_renames_the_hidden_cards_of_the_events(config: Config) -> None:
    """The redealt hands and removed portraits are those the variant's events name; the views stay equal."""
    state = new_game(config, 9)
    rng = Rng(4)
    for seat in range(config.players):
        variant = hidden_variant(state, seat, rng)
        rng = Rng(rng.next_u64()[0])
        assert observe(variant, seat) == observe(state, seat)
        for event in variant.recent_events:
            if isinstance(event, PortraitDealt):
                assert event.card in variant.hands[event.seat]
            if isinstance(event, PortraitRemoved):
                assert event.card in variant.removed
        dealt = [e.card or 0 for e in variant.recent_events if isinstance(e, PortraitDealt) and e.seat != seat]
        truth = [e.card for e in state.recent_events if isinstance(e, PortraitDealt) and e.seat != seat]
        assert sorted(dealt) == sorted(c for s, h in enumerate(variant.hands) if s != seat for c in h)
        assert len(dealt) == len(truth)
