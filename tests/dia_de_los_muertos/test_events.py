"""Events of Día de los Muertos: exact events in known situations, step == apply, JSON, redaction in views."""

from __future__ import annotations

import pickle
import random
import typing

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    CardLed,
    CardPlayed,
    CardTaken,
    Config,
    DealCard,
    Event,
    GameScored,
    GameStopped,
    HandsDealt,
    Mark,
    NoTake,
    NothingTaken,
    PlayCard,
    ReplacementDue,
    State,
    TakeCard,
    TakeDue,
    TrickSplit,
    TrickWon,
    apply,
    building,
    chance_outcomes,
    current_player,
    describe_event,
    event_seen_by,
    from_position,
    hidden_variant,
    legal_actions,
    new_game,
    observe,
    observe_public,
    outcome,
    score,
    step,
)
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.dia_de_los_muertos.helpers import card, cards
from tests.dia_de_los_muertos.test_rulebook_example import example_deal
from tests.dia_de_los_muertos.test_switchable_rulings import EXEMPT, REPLACING

EVENT_KINDS = typing.get_args(Event)


def _steps(state: State, actions: list[PlayCard | TakeCard]) -> tuple[State, list[tuple[Event, ...]]]:
    seen = []
    for action in actions:
        state, events = step(state, action)
        seen.append(events)
    return state, seen


EXAMPLE: list[PlayCard | TakeCard] = [
    PlayCard(card("R14")),
    PlayCard(card("R17")),
    PlayCard(card("R5")),
    PlayCard(card("W17")),
    PlayCard(card("R10")),
    TakeCard(card("R5")),
    PlayCard(card("R3")),
]


def test_the_rulebook_example_trick_step_by_step_in_the_advanced_game() -> None:
    """Rulebook, Advanced Game: the Red 17 (Seat 2) collects Red 17, Red 3, White 17 (+2); the Red 3 (Seat 3)
    collects the Red 14 and the Red 10 (+1) and, the High/Low card being Red/Low, wins the trick."""
    state, seen = _steps(example_deal(Config(players=5, high_low_split=True)), EXAMPLE)
    trick = tuple(cards("R14", "R17", "R3", "W17", "R10"))
    assert seen == [
        (CardLed(0, card("R14"), Mark.LOW),),
        (CardPlayed(1, card("R17")),),
        (CardPlayed(2, card("R5")),),
        (CardPlayed(3, card("W17")),),
        (CardPlayed(4, card("R10")), TakeDue(4, card("R10"))),
        (CardTaken(4, card("R5"), 2), ReplacementDue(2)),
        (
            CardPlayed(2, card("R3"), replacement=True),
            TrickSplit(1, tuple(cards("R17", "R3", "W17")), 2, 2, tuple(cards("R14", "R10")), 1),
            TrickWon(1, 2, trick, Mark.LOW, 1),
        ),
    ]
    assert state.recent_events == seen[-1]
    assert describe_event(seen[-1][-1]).startswith("Seat 3 won trick 1 with Red 3, the lowest card")
    assert "Seat 3 collects 1 point" in describe_event(seen[-1][-1])
    assert describe_event(seen[4][1]).startswith("Red 10 is a TAKE card: Seat 5 must take")
    assert describe_event(seen[5][0]) == "Seat 5 took Red 5 from Seat 3 into its score pile"


def test_the_same_trick_in_the_standard_game_goes_whole_to_the_lowest_card() -> None:
    state, seen = _steps(example_deal(Config(players=5)), EXAMPLE)
    won = seen[-1][-1]
    assert won == TrickWon(1, 2, tuple(cards("R14", "R17", "R3", "W17", "R10")), Mark.LOW, -1 + 1 + 0 + 1 + 2)
    assert not any(isinstance(event, TrickSplit) for events in seen for event in events)
    assert score(state)[2] == won.points


def test_take_cards_that_take_nothing_say_why() -> None:
    # Seat 1 leads the Red 10 (a TAKE card): nothing is taken.
    hands = (
        "B1B2B3B4B5R1R2R3R4R5W1W2W3W4W5/B6B7B8B9B10R6R7R8R9R10W6W7W8W9W10/B11B12B13B14B15R11R12R13R14R15W11W12W13W14W15"
    )
    state = from_position(f"{hands} -/-/- -/-/- 1:- 1 0", Config(players=3))
    assert state.config.deck.spec(card("R10")).take
    after, events = step(state, PlayCard(card("R10")))
    assert events == (CardLed(1, card("R10"), Mark.LOW), NothingTaken(1, card("R10"), NoTake.LED))
    assert "a TAKE card led takes nothing" in describe_event(events[1])
    # With the lead locked, Seat 3's TAKE (Red 13) finds only the locked lead: nothing is taken.
    locked = from_position(f"{hands} -/-/- -/-/- 1:- 1 0", Config(players=3, lock_lead=True))
    locked = apply(locked, PlayCard(card("R10")))
    after, events = step(locked, PlayCard(card("R13")))
    assert events == (CardPlayed(2, card("R13")), NothingTaken(2, card("R13"), NoTake.NO_TARGET))
    assert not after.taking and after.to_play == 0
    # Ruling 7's exempt reading: the lead player's replacement TAKE takes nothing, and the trick ends.
    replacing = from_position(REPLACING, EXEMPT)
    after, events = step(replacing, PlayCard(card("R4")))
    replaced = CardPlayed(0, card("R4"), replacement=True)
    assert events[:2] == (replaced, NothingTaken(0, card("R4"), NoTake.LEAD_REPLACEMENT))
    assert isinstance(events[2], TrickWon) and events[2].seat == 2 and len(events) == 3


@pytest.mark.parametrize(("players", "undealt"), [(3, 15), (4, 12), (5, 5), (6, 0)])
def test_the_deal_is_told_in_one_event_at_its_last_card_and_the_first_decision_replaces_it(
    players: int, undealt: int
) -> None:
    config = Config(players=players)
    dealt = HandsDealt((config.hand_size,) * players, undealt)
    state = new_game(config)
    assert state.recent_events == ()
    while current_player(state) == CHANCE:
        action = chance_outcomes(state)[-1][0]
        assert isinstance(action, DealCard)
        last = state.dealt + 1 == players * config.hand_size
        state, events = step(state, action)
        assert events == ((dealt,) if last else ())
        assert state.recent_events == events
    assert state.dealt == players * config.hand_size and len(state.stock) == undealt
    seeded = new_game(config, seed=4)
    assert seeded.recent_events == (dealt,)
    each = f"{config.hand_size} cards to each of the {players} seats"
    assert describe_event(dealt).startswith(f"the deal is complete: {each}")
    assert ("left face down out of play" in describe_event(dealt)) == (undealt > 0)
    for start in (state, seeded):
        after, events = step(start, legal_actions(start)[0])
        assert after.recent_events == events and isinstance(events[0], CardLed)
        assert not [event for event in events if isinstance(event, HandsDealt)]


def test_a_hand_made_deal_counts_its_own_cards() -> None:
    config = Config(players=3)
    state = new_game(config)
    for _ in range(44):
        state = apply(state, chance_outcomes(state)[0][0])
    short = attrs.evolve(state, hands=(state.hands[0][:-1], *state.hands[1:]))  # Seat 1 lost a card
    after, events = step(short, chance_outcomes(short)[0][0])
    assert events == (HandsDealt((14, 15, 15), 15),) == after.recent_events
    assert describe_event(events[0]) == (
        "the deal is complete: 14 cards to Seat 1, 15 cards to Seat 2, 15 cards to Seat 3,"
        " 15 cards left face down out of play; Seat 1 leads the first trick"
    )


def test_the_game_end_is_announced_with_the_final_scores() -> None:
    state = new_game(Config(players=4), seed=7)
    while True:
        state, events = step(state, legal_actions(state)[0])
        if state.over:
            break
    stopped, scored = events[-2:]
    assert isinstance(stopped, GameStopped) and isinstance(scored, GameScored)
    result = outcome(state)
    assert scored == GameScored(result.scores, result.cards_collected, result.winners)
    assert stopped.set_aside == len(state.set_aside)
    assert not state.hands[stopped.seat] or stopped.seat == state.to_play
    assert describe_event(scored).endswith(f"Seat {result.winners[0] + 1} wins")


def _playouts(
    config: Config, games: int, seeded: bool
) -> typing.Iterator[tuple[State, object, State, tuple[Event, ...]]]:
    rnd = random.Random(f"{config}{seeded}")
    for number in range(games):
        state = new_game(config, seed=number if seeded else None)
        while not state.over:
            if current_player(state) == CHANCE:
                options = chance_outcomes(state)
                action = options[rnd.randrange(len(options))][0]
            else:
                legal = legal_actions(state)
                action = legal[rnd.randrange(len(legal))]
            after, events = step(state, action)
            yield state, action, after, events
            state = after


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_step_is_apply_and_events_agree_with_the_state(config: Config) -> None:
    kinds: set[type] = set()
    for before, action, after, events in _playouts(config, 3, seeded=config.players % 2 == 0):
        assert apply(before, action) == after  # type: ignore[arg-type]
        kinds.update(map(type, events))
        for event in events:
            assert loads(dumps(event, Event), Event) == event
        if isinstance(action, DealCard):
            assert after.recent_events == (*before.recent_events, *events)
        else:
            assert after.recent_events == events
        won = [event for event in events if isinstance(event, TrickWon)]
        if won:
            assert after.tricks == before.tricks + 1 == won[0].trick
            assert won[0].seat == after.leader
            gained = score(after)[won[0].seat] - score(before)[won[0].seat]
            assert gained == won[0].points
    expected = {CardLed, CardPlayed, TakeDue, CardTaken, ReplacementDue, TrickWon, GameStopped, GameScored}
    assert expected <= kinds
    assert (TrickSplit in kinds) == config.high_low_split


def test_every_event_kind_occurs_and_round_trips_through_json() -> None:
    kinds: set[type] = set()
    reasons: set[NoTake] = set()
    for config in GAME.test_configs():
        for _, _, _, events in _playouts(config, 4, seeded=False):
            for event in events:
                kinds.add(type(event))
                if isinstance(event, NothingTaken):
                    reasons.add(event.reason)
                assert loads(dumps(event, Event), Event) == event
    assert kinds == set(EVENT_KINDS)
    assert reasons == set(NoTake)


def test_step_refuses_illegal_actions_as_apply_does() -> None:
    state = new_game(Config(players=3), seed=1)
    foreign = next(c for c in state.hands[1])
    for action in (PlayCard(foreign), TakeCard(foreign), DealCard(foreign)):
        with pytest.raises(IllegalActionError) as by_apply:
            apply(state, action)
        with pytest.raises(IllegalActionError) as by_step:
            step(state, action)
        assert by_step.value.rejection == by_apply.value.rejection


@pytest.mark.parametrize("seeded", [True, False])
def test_views_show_every_event_whole_and_no_hidden_card(seeded: bool) -> None:
    config = Config(players=4)
    checked = 0
    for before, _, after, _ in _playouts(config, 1, seeded=seeded):
        for state in (before, after):
            for seat in (*range(4), SPECTATOR):
                view = observe_public(state) if seat == SPECTATOR else observe(state, seat)
                assert view.recent_events == state.recent_events
                assert all(event_seen_by(event, seat) is event for event in state.recent_events)
                text = dumps(view.recent_events, tuple[Event, ...])
                for other in range(4):
                    if other != seat:
                        for held in state.hands[other]:
                            assert dumps(held, type(held)) not in text
                            checked += 1
    assert checked > 0


def test_a_hidden_variant_keeps_the_events_which_name_no_hidden_card() -> None:
    state = new_game(Config(players=4), seed=3)
    variant = hidden_variant(state, 1, Rng(99))
    assert variant.recent_events == state.recent_events == (HandsDealt((12, 12, 12, 12), 12),)
    assert observe(variant, 1) == observe(state, 1)
    assert attrs.evolve(variant, recent_events=()) != attrs.evolve(state, recent_events=())


def test_the_fast_trick_won_builder_equals_the_class() -> None:
    """``building.new_trick_won`` stores straight into the slots while ``TrickWon`` only stores its fields."""
    trick = tuple(cards("R14", "R17", "R3"))
    assert building.new_trick_won is not TrickWon
    built = building.new_trick_won(4, 1, trick, Mark.HIGH, 2)
    assert built == TrickWon(4, 1, trick, Mark.HIGH, 2)
    assert type(built) is TrickWon and loads(dumps(built, Event), Event) == built


def test_states_with_events_pickle_equal_and_the_deal_compactly() -> None:
    dealt = new_game(Config(players=6), seed=2)
    bare = attrs.evolve(dealt, recent_events=())
    assert pickle.loads(pickle.dumps(dealt)) == dealt
    assert len(pickle.dumps(dealt)) <= len(pickle.dumps(bare)) + 120
    played, _ = step(dealt, legal_actions(dealt)[0])
    assert pickle.loads(pickle.dumps(played)) == played
