"""The reference bot: legal whole games, deterministic, blind to what its seat cannot see."""

from __future__ import annotations

import random

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos import (
    GAME,
    Card,
    Config,
    State,
    Suit,
    TakeCard,
    apply,
    current_player,
    from_position,
    hidden_variant,
    legal_actions,
    new_game,
    reference_bot,
)
from ofrenda_rules.dia_de_los_muertos.bots import LEVELS, SampleBot, level_policy
from ofrenda_rules.errors import BotError, ConfigError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_the_bot_plays_whole_games_legally_at_every_seat(config: Config) -> None:
    bots = dict.fromkeys(range(config.players), reference_bot)
    playout = random_playout(GAME, config, 17, 17, bots=bots)  # apply refuses any illegal action
    assert playout.final.over
    assert playout.final == random_playout(GAME, config, 17, 99, bots=bots).final  # no randomness of its own


def test_the_choice_depends_only_on_what_the_seat_sees() -> None:
    rnd = random.Random(4)
    config = Config(players=5, high_low_split=True)
    state = new_game(config, seed=4)
    while not state.over:
        seat = current_player(state)
        choice = reference_bot(state)
        assert choice in legal_actions(state)
        for number in range(3):
            assert reference_bot(hidden_variant(state, seat, Rng(number))) == choice
        state = apply(state, rnd.choice(legal_actions(state)))


def test_a_take_goes_for_the_most_points() -> None:
    """Seat 2 plays the TAKE Red 13 after the Red 10 (2 points) and the Red 1 (1 point): it takes the Red 10."""
    config = Config(players=3)
    deck = [c for c in config.deck.deck if c not in {Card(Suit.RED, n) for n in (1, 10, 13)}]
    hands = ["".join(f"{c.suit.name[0]}{c.number}" for c in deck[i * 14 : i * 14 + 14]) for i in range(3)]
    text = f"R10{hands[0]}/R1{hands[1]}/R13{hands[2]} -/-/- -/-/- 0:- 0 0"
    state: State = from_position(text, config)
    spec = config.deck.spec
    assert spec(Card(Suit.RED, 10)).points == 2 and spec(Card(Suit.RED, 13)).take
    for card in (Card(Suit.RED, 10), Card(Suit.RED, 1), Card(Suit.RED, 13)):
        state = apply(state, legal_actions(state)[[a.card for a in legal_actions(state)].index(card)])
    assert state.taking
    assert reference_bot(state) == TakeCard(Card(Suit.RED, 10))


def test_the_bot_needs_a_seat_to_act() -> None:
    state = new_game(Config(players=3))
    assert current_player(state) == CHANCE
    with pytest.raises(BotError, match="no seat is to move"):
        reference_bot(state)


def test_the_expert_levels_seed_changes_its_draws_and_so_some_of_its_moves() -> None:
    rng = Rng(3)
    state = new_game(Config(players=4), seed=11)
    differ = decisions = 0
    while decisions < 12:
        if current_player(state) >= 0 and len(legal_actions(state)) > 1:
            policies = [level_policy("expert", seed) for seed in (0, 1, 2)]
            differ += len({policy(state) for policy in policies if policy is not None}) > 1
            decisions += 1
        index, rng = rng.below(len(legal_actions(state)))
        state = apply(state, legal_actions(state)[index])
    assert differ > 0


def test_the_expert_level_is_the_sample_bot_legal_deterministic_and_blind() -> None:
    """Issue 39: the sample bot (``expert``) picks a legal card, the same one on every hidden variant."""
    assert isinstance(LEVELS["expert"], SampleBot)
    assert level_policy("expert") is not None and level_policy("hard", 3) is None
    bot = SampleBot(deals=3)
    rng = Rng(11)
    checked = 0
    for config in (Config(players=4), Config(players=3, high_low_split=True, lock_lead=True)):
        state = new_game(config, 21)
        for _ in range(12):
            seat = current_player(state)
            if seat < 0:
                break
            choice = bot.choose(state)
            assert choice in legal_actions(state)
            assert bot.choose(state) == choice, "deterministic"
            draw, rng = rng.next_u64()
            variant = hidden_variant(state, seat, Rng(draw))
            assert bot.choose(variant) == choice, "the sample bot peeked"
            checked += 1
            state = apply(state, choice)
    assert checked == 24


def test_the_sample_bot_refuses_a_state_where_no_seat_acts_and_a_bad_budget() -> None:
    with pytest.raises(BotError, match="no seat is to move"):
        SampleBot().choose(new_game(Config(players=4), None))
    with pytest.raises(ConfigError, match="deals"):
        SampleBot(deals=0)
