"""``resample``: uniform among the deals a seat cannot tell apart, honouring the known voids."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Card,
    Config,
    PlayCard,
    State,
    Suit,
    apply,
    chance_outcomes,
    consistent_deals,
    current_player,
    from_position,
    hidden_variant,
    legal_actions,
    new_game,
    observe,
    resample,
)
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.dia_de_los_muertos.helpers import card, cards

SIX = Config(players=6)


def _states(config: Config, seed: int | None, rnd: random.Random) -> Iterator[State]:
    """Every state of one random game (chance outcomes drawn with ``rnd`` when unseeded)."""
    state = new_game(config, seed=seed)
    while True:
        yield state
        if state.over:
            return
        if current_player(state) == CHANCE:
            outcomes = chance_outcomes(state)
            state = apply(state, outcomes[rnd.randrange(len(outcomes))][0])
        else:
            state = apply(state, rnd.choice(legal_actions(state)))


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_a_draw_looks_the_same_to_the_seat_and_depends_only_on_what_it_knows(config: Config) -> None:
    rnd = random.Random(str(config))
    for number, state in enumerate(_states(config, 7, rnd)):
        if number % 3:
            continue
        player = rnd.randrange(config.players)
        generator = Rng(rnd.randrange(2**64))
        drawn = resample(state, player, generator)
        assert observe(drawn, player) == observe(state, player)
        variant = hidden_variant(state, player, Rng(rnd.randrange(2**64)))
        assert resample(variant, player, generator) == drawn
        assert drawn.voids == state.voids
        for seat, row in enumerate(drawn.voids):
            assert not [held for held in drawn.hands[seat] if held.suit in row]
        assert GAME.census(drawn) == GAME.census(state)
        assert loads(dumps(drawn, State), State) == drawn
        assert drawn.rng is not None and drawn.rng != state.rng


def test_a_draw_plays_on_to_the_end() -> None:
    rnd = random.Random(3)
    played = 0
    for config in (Config(players=3), Config(players=5, lock_lead=True, high_low_split=True)):
        for number, state in enumerate(_states(config, 11, rnd)):
            if number % 7 == 3 and not state.over:
                drawn = resample(state, rnd.randrange(config.players), Rng(number))
                while not drawn.over:
                    drawn = apply(drawn, rnd.choice(legal_actions(drawn)))
                assert GAME.census(drawn) == GAME.census(state)
                played += 1
    assert played >= 10


def test_during_an_unseeded_deal_the_other_seats_get_other_cards_of_the_same_counts() -> None:
    rnd = random.Random(5)
    state = new_game(Config(players=4))
    for _ in range(30):
        state = apply(state, chance_outcomes(state)[rnd.randrange(len(chance_outcomes(state)))][0])
    drawn = resample(state, 2, Rng(8))
    assert drawn.rng is None
    assert observe(drawn, 2) == observe(state, 2)
    assert drawn.hands != state.hands
    assert [len(hand) for hand in drawn.hands] == [len(hand) for hand in state.hands]
    assert drawn.recent_events == state.recent_events, "the deal's events tell no card"


def test_a_finished_game_keeps_its_cards_and_gets_a_fresh_generator() -> None:
    state = random_playout(GAME, Config(players=4), 2, 2).final
    drawn = resample(state, 1, Rng(1))
    assert drawn.rng is not None and drawn.rng != state.rng
    assert drawn.set_aside == state.set_aside and drawn.piles == state.piles


def test_a_seat_outside_the_game_is_refused() -> None:
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(OfrendaRulesError, match="no seat 3"):
        resample(state, 3, Rng(1))


ONE_EACH = "W1/W2/R3/B4/R5/W6 -/-/-/-/-/- {pile}/-/-/-/-/- 0:- 0 9 voids=-/BR/-/W/-/-"
TWO_EACH = "W1W7/B9R8/R3W2/R5W11/W6W12/B4B10 -/-/-/-/-/- {pile}/-/-/-/-/- 0:- 0 8 voids=-/W/-/B/BR/-"


def _position(template: str) -> State:
    placed = set(template.split()[0].replace("/", "").replace("W", " W").replace("R", " R").replace("B", " B").split())
    pile = "".join(f"{c.suit.name[0]}{c.number}" for c in SIX.deck.deck if f"{c.suit.name[0]}{c.number}" not in placed)
    return from_position(template.format(pile=pile), SIX)


def _exact(state: State, player: int) -> Counter[tuple[tuple[Card, ...], ...]]:
    """Every deal of the pool to the other seats that respects sizes and voids (brute force)."""
    seats = [seat for seat in range(SIX.players) if seat != player]
    pool = sorted((c for seat in seats for c in state.hands[seat]), key=Card.sort_key)
    deals: Counter[tuple[tuple[Card, ...], ...]] = Counter()

    def place(index: int, left: list[Card], chosen: list[tuple[Card, ...]]) -> None:
        if index == len(seats):
            deals[tuple(chosen)] += 1
            return
        seat = seats[index]
        for hand in itertools.combinations(left, len(state.hands[seat])):
            if any(held.suit in state.voids[seat] for held in hand):
                continue
            place(index + 1, [c for c in left if c not in hand], [*chosen, hand])

    place(0, pool, [])
    return deals


def _hands(state: State, player: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand for seat, hand in enumerate(state.hands) if seat != player)


def _chi_square(observed: Counter[object], expected: dict[object, float]) -> float:
    assert set(observed) <= set(expected), "a draw outside the consistent deals"
    return sum((observed.get(key, 0) - want) ** 2 / want for key, want in expected.items())


def test_known_voids_are_honoured_in_every_draw() -> None:
    state = _position(TWO_EACH)
    for number in range(300):
        drawn = resample(state, 0, Rng(number))
        assert all(held.suit is Suit.WHITE for held in drawn.hands[4])
        assert not [held for held in drawn.hands[1] if held.suit is Suit.WHITE]
        assert not [held for held in drawn.hands[3] if held.suit is Suit.BLACK]
        assert drawn.hands[0] == tuple(cards("W1", "W7"))


@pytest.mark.parametrize("template", [ONE_EACH, TWO_EACH], ids=["one card each", "two cards each"])
def test_draws_are_uniform_over_the_consistent_deals(template: str) -> None:
    state = _position(template)
    deals = _exact(state, 0)
    assert len(deals) == consistent_deals(state, 0)
    draws = 3000
    seen: Counter[object] = Counter()
    for number in range(draws):
        seen[_hands(resample(state, 0, Rng(number, counter=number % 5)), 0)] += 1
    assert set(seen) <= set(deals)
    if len(deals) <= 60:
        expected: dict[object, float] = {deal: draws / len(deals) for deal in deals}
        assert _chi_square(seen, expected) < len(deals) - 1 + 6 * (2 * (len(deals) - 1)) ** 0.5
    for index in range(SIX.players - 1):  # each seat's hand, against its exact share of the deals
        exact: Counter[object] = Counter()
        for deal in deals:
            exact[deal[index]] += 1
        marginal: Counter[object] = Counter()
        for hands, count in seen.items():
            marginal[hands[index]] += count  # type: ignore[index]
        wanted = {hand: draws * count / len(deals) for hand, count in exact.items()}
        df = max(len(wanted) - 1, 1)
        assert _chi_square(marginal, wanted) < df + 6 * (2 * df) ** 0.5, f"seat {index + 1}"


def test_the_void_position_is_the_one_play_reveals() -> None:
    """A seat that does not follow the colour led is recorded void in it, and resample deals it none."""
    hands = [cards("R1", "R2"), cards("B1", "W2"), cards("R3", "W3")]
    rest = [c for c in Config(players=3).deck.deck if c not in {x for hand in hands for x in hand}]
    text = "/".join("".join(f"{c.suit.name[0]}{c.number}" for c in hand) for hand in hands)
    pile = "".join(f"{c.suit.name[0]}{c.number}" for c in rest[:39])
    state = from_position(f"{text} -/-/- {pile}/-/- 0:- 0 13", Config(players=3))
    state = apply(state, legal_actions(state)[0])  # seat 0 leads the Red 1
    state = apply(state, legal_actions(state)[0])  # seat 1 holds no red: the Black 1
    assert state.voids == ((), (Suit.RED,), ())
    assert legal_actions(state)[0].card == card("R3")
    for number in range(50):
        drawn = resample(state, 2, Rng(number))
        assert not [held for held in drawn.hands[1] if held.suit is Suit.RED]


@pytest.mark.parametrize("config", GAME.test_configs()[::3], ids=GAME.describe_config)
def test_the_recorded_voids_are_exactly_the_off_suit_plays(config: Config) -> None:
    """``State.voids`` after every step: a seat is void in a colour iff it once played another colour to it."""
    rnd = random.Random(f"voids {config}")
    state = new_game(config, seed=3)
    known: list[set[Suit]] = [set() for _ in range(config.players)]
    while not state.over:
        seat, led = state.to_play, state.high_low
        action = rnd.choice(legal_actions(state))
        if isinstance(action, PlayCard) and led is not None and action.card.suit is not led.suit:
            known[seat].add(led.suit)
        state = apply(state, action)
        expected = tuple(tuple(suit for suit in Suit if suit in row) for row in known) if any(known) else ()
        assert state.voids == expected
        assert observe(state, 0).voids == expected
        assert from_position(GAME.to_position(state), config).voids == expected
