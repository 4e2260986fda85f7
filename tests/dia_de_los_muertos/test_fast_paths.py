"""The fast rules agree with the straightforward ones, and the prebuilt tables with what they replace.

``reference_rules`` is the implementation before the fast paths; every
comparison here is between the two on the same states.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, TERMINAL, probabilities, settle
from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Action,
    Card,
    Config,
    DealCard,
    HighLowCard,
    Mark,
    PlayCard,
    State,
    Suit,
    TakeCard,
    building,
    rules,
    score,
    tables,
)
from ofrenda_rules.errors import IllegalActionError
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.dia_de_los_muertos import reference_rules as reference

CONFIGS = GAME.test_configs()


def _fresh(card: Card) -> Card:
    """An equal card that is not the edition's own object."""
    return Card(card.suit, card.number)


def _fresh_action(action: Action) -> Action:
    return type(action)(_fresh(action.card))


def _bare(state: State) -> State:
    """``state`` without its events, which the reference (older than events) does not keep."""
    return attrs.evolve(state, recent_events=())


def _outcome(state: State, action: Action) -> tuple[str, Any]:
    """What ``rules.apply`` does: the next state (without its events), or the rejection code."""
    try:
        return "state", _bare(rules.apply(state, action))
    except IllegalActionError as error:
        return "rejected", error.rejection.code


def _reference_outcome(state: State, action: Action) -> tuple[str, Any]:
    try:
        return "state", _bare(reference.apply(state, action))
    except IllegalActionError as error:
        return "rejected", error.rejection.code


def _candidates(state: State, rnd: random.Random) -> list[Action]:
    """Some legal actions (all of them in play), and others: each kind with a random card or a card in play."""
    legal = reference.legal_actions(state)
    actions: list[Action] = list(legal) if len(legal) <= 15 else rnd.sample(legal, 4)
    in_play = [card for card in (*state.in_front, state.lead_card) if card is not None]
    in_play.extend(rnd.choice(hand) for hand in state.hands if hand)
    for kind in (DealCard, PlayCard, TakeCard):
        actions.append(kind(rnd.choice(state.config.deck.deck)))
        actions.extend(kind(card) for card in rnd.sample(in_play, min(3, len(in_play))))
    return actions


def _compare(state: State, rnd: random.Random) -> None:
    assert rules.current_player(state) == reference.current_player(state)
    assert rules.legal_actions(state) == reference.legal_actions(state)
    assert rules.chance_outcomes(state) == reference.chance_outcomes(state)
    if not state.over and rules.current_player(state) != CHANCE:
        seat = state.to_play
        assert rules.take_targets(state, seat) == reference.take_targets(state, seat)
    deck = state.config.deck
    assert score(state) == tuple(sum(deck.spec(card).points for card in pile) for pile in state.piles)
    player = rnd.randrange(state.config.players)
    generator = Rng(rnd.randrange(2**64), counter=rnd.randrange(9))
    variant = rules.hidden_variant(state, player, generator)
    assert _bare(variant) == reference.hidden_variant(_bare(state), player, generator)
    for action in _candidates(state, rnd):
        assert rules.validate(state, action) == reference.validate(state, action)
        fast, slow = _outcome(state, action), _reference_outcome(state, action)
        assert fast == slow, (action, fast, slow)
        assert _outcome(state, _fresh_action(action)) == slow
        if fast[0] == "state":
            assert dumps(fast[1], State) == dumps(slow[1], State)


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
@pytest.mark.parametrize("seeded", [True, False])
def test_fast_rules_agree_with_the_reference_on_random_games(config: Config, seeded: bool) -> None:
    """Along random games, every legal action and many illegal ones give the same state or rejection code."""
    rnd = random.Random(f"{config}{seeded}")
    seed = 5 if seeded else None
    state = rules.new_game(config, seed=seed)
    assert _bare(state) == reference.new_game(config, seed=seed)
    while True:
        _compare(state, rnd)
        if state.over:
            break
        if rules.current_player(state) == CHANCE:
            outcomes = rules.chance_outcomes(state)
            action = outcomes[rnd.randrange(len(outcomes))][0]
        else:
            legal = rules.legal_actions(state)
            action = legal[rnd.randrange(len(legal))]
        state = rules.apply(state, action)
    assert rules.current_player(state) == TERMINAL


@pytest.mark.parametrize("config", CONFIGS[::3], ids=GAME.describe_config)
def test_states_read_back_from_json_play_on_exactly_alike(config: Config) -> None:
    """A state rebuilt from JSON (none of its cards the edition's own objects) plays on like the original."""
    rnd = random.Random(str(config))
    state = rules.new_game(config)
    while not state.over:
        copy = loads(dumps(state, State), State)
        assert copy == state
        assert rules.legal_actions(copy) == rules.legal_actions(state)
        assert rules.chance_outcomes(copy) == rules.chance_outcomes(state)
        if rules.current_player(state) == CHANCE:
            action: Action = rules.chance_outcomes(state)[rnd.randrange(len(rules.chance_outcomes(state)))][0]
        else:
            action = rnd.choice(rules.legal_actions(state))
        state = rules.apply(state, action)
        assert rules.apply(copy, action) == state
        assert rules.apply(copy, _fresh_action(action)) == state


def test_a_seeded_deal_of_foreign_card_objects_draws_like_the_generic_resolution() -> None:
    """The seeded deal's fallback for cards that are not the edition's own objects matches ``settle`` too."""
    config = Config(players=5)
    partly = rules.new_game(config)
    for card in partly.stock[:7]:
        partly = rules.apply(partly, DealCard(card))
    foreign = loads(dumps(partly, State), State)
    seeded = attrs.evolve(foreign, rng=Rng(99))
    generic = settle(seeded, reference.current_player, reference._chance_weights, reference._apply_unchecked)
    assert _bare(rules._settle(seeded)) == _bare(generic)
    assert _bare(rules.apply(attrs.evolve(partly, rng=Rng(99)), DealCard(partly.stock[0]))) == _bare(
        reference.apply(attrs.evolve(partly, rng=Rng(99)), DealCard(partly.stock[0]))
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_prebuilt_chance_outcomes_equal_fresh_ones_and_sum_to_one(players: int) -> None:
    """Each stock size's prebuilt outcomes are ``(DealCard(card), 1/k)``, as ``probabilities`` would make them."""
    state = rules.new_game(Config(players=players))
    while rules.current_player(state) == CHANCE:
        outcomes = rules.chance_outcomes(state)
        fresh = probabilities((tuple(DealCard(card) for card in state.stock), (1,) * len(state.stock)))
        assert outcomes == fresh
        assert sum(p for _, p in outcomes) == 1
        assert {p for _, p in outcomes} == {Fraction(1, len(state.stock))}
        state = rules.apply(state, outcomes[len(outcomes) // 2][0])
    assert rules.chance_outcomes(state) == ()


def test_the_deck_tables_hold_what_the_edition_prints() -> None:
    """Every per-card table gives the value the edition's card spec gives, for its own and for equal cards."""
    edition = Config().deck
    deck = tables.tables(Config()).deck
    assert deck.cards == edition.deck
    assert [deck.rank[card] for card in deck.cards] == list(range(60))
    assert sorted(deck.cards, key=Card.sort_key) == list(deck.cards)
    for card in deck.cards:
        spec = edition.spec(card)
        for same in (card, _fresh(card)):
            assert deck.high[same] is (spec.mark is Mark.HIGH)
            for seat in range(6):
                facts = deck.plays[seat][same]
                assert facts.take is spec.take
                assert facts.high_low == HighLowCard(card.suit, spec.mark)
            assert deck.play[same] == PlayCard(card)
            assert deck.take_action[same] == TakeCard(card)
            assert deck.deal[same] == DealCard(card)
        assert deck.play[card] is deck.play[_fresh(card)]
    stranger = Card(Suit.RED, 21)
    assert deck.play[stranger] == PlayCard(stranger)
    assert deck.play.many((stranger, deck.cards[0])) == (PlayCard(stranger), PlayCard(deck.cards[0]))


def test_configuration_tables_are_shared_and_found_again_by_value() -> None:
    config = Config(players=6, lock_lead=True)
    t = tables.tables(config)
    assert tables.tables(config) is t
    assert (t.players, t.deal_total, t.lock_lead, t.high_low_split) == (6, 60, True, False)
    assert t.clockwise[4] == (5, 0, 1, 2, 3)
    assert t.from_seat[4] == (4, 5, 0, 1, 2, 3)
    again = loads(dumps(config, Config), Config)
    assert again is not config
    assert tables.tables(again).deck is t.deck


def test_states_are_built_into_their_slots_equal_to_init() -> None:
    """The builders of ``building`` give what ``State(...)`` and ``attrs.evolve`` give, frozen."""
    assert building.new_state is not State  # State's __init__ only stores: built into the slots
    state = rules.new_game(Config(), seed=3)
    names = [field.name for field in attrs.fields(State)]
    built = building.new_state(*(getattr(state, name) for name in names))
    assert type(built) is State
    assert built == state == State(*(getattr(state, name) for name in names))
    assert dumps(built, State) == dumps(state, State)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.tricks = 3  # type: ignore[misc]
    hands = ((), (), ())
    played = building.play_on(state, hands, (None,) * 3, None, None, 2, True, hands, (), ((), (), ()), True)
    assert played == attrs.evolve(
        state,
        hands=hands,
        in_front=(None,) * 3,
        lead_card=None,
        high_low=None,
        to_play=2,
        taking=True,
        piles=hands,
        recent_events=(),
        voids=((), (), ()),
        over=False,
        replacing=True,
    )
    assert type(played) is State
    dealt = building.deal_one(state, hands, (), 7, ())
    assert dealt == attrs.evolve(state, hands=hands, stock=(), dealt=7, recent_events=(), voids=())


def test_subclassed_actions_take_the_validated_path() -> None:
    """Actions of subclasses are judged by ``validate`` and then applied like the originals."""

    @attrs.frozen
    class MyPlay(PlayCard):
        pass

    state = rules.new_game(Config(), seed=4)
    card = rules.legal_actions(state)[0].card
    assert rules.apply(state, MyPlay(card)) == rules.apply(state, PlayCard(card))
    with pytest.raises(IllegalActionError) as raised:
        rules.apply(state, MyPlay(state.hands[1][0]))
    assert raised.value.rejection.code == "card-not-in-hand"
