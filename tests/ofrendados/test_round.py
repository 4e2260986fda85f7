"""The round: opening the market, rolling, the snake draft, purple dice, money, buying, passing the lead."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError, IllegalActionError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    BuyCard,
    Colour,
    Config,
    Die,
    DrawObject,
    Pass,
    Phase,
    RevealCard,
    RollDie,
    TakeDie,
    UseDie,
    apply,
    chance_outcomes,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    observe,
    validate,
)
from ofrenda_rules.ofrendados.moves import draft_seat
from ofrenda_rules.rng import Rng
from tests.ofrendados.helpers import O, P, Y, board, buying, creating, play, start


def test_each_round_opens_three_calaveritas_one_card_at_a_time() -> None:
    """From the rulebook.

    "Open 3 Calaveritas": each card revealed is a chance event over the unrevealed cards.
    """
    state = new_game(Config(players=2))
    assert current_player(state) == CHANCE
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 30 and all(p == Fraction(1, 30) for _, p in outcomes)
    state = play(state, [RevealCard(4), RevealCard(9), RevealCard(30)])
    assert state.market == (4, 9, 30) and state.phase is Phase.ROLL
    rejection = validate(state, RevealCard(5))
    assert rejection is not None and rejection.code == "wrong-chance-outcome"


@pytest.mark.parametrize(("players", "dice"), [(2, 9), (3, 9), (4, 12)])
def test_the_starting_player_rolls_all_the_dice_one_at_a_time(players: int, dice: int) -> None:
    """From the rulebook.

    "The starting player rolls all the dice ... separate them by colour": yellow, orange, then purple.
    """
    state = play(new_game(Config(players=players)), [RevealCard(1), RevealCard(2), RevealCard(3)])
    for _ in range(dice):
        assert current_player(state) == CHANCE
        assert chance_outcomes(state) == tuple((RollDie(p), Fraction(1, 6)) for p in range(1, 7))
        state = apply(state, RollDie(6))
    per = dice // 3
    assert [d.colour for d in state.rolled] == [Y] * per + [O] * per + [P] * per
    assert state.phase is Phase.DRAFT and len(state.pool) == 2 * per


@pytest.mark.parametrize(
    ("players", "order"),
    [(2, [0, 1, 1, 0, 0, 1]), (3, [0, 1, 2, 2, 1, 0]), (4, [0, 1, 2, 3, 3, 2, 1, 0])],
)
def test_the_draft_goes_clockwise_then_back_and_a_third_time_with_two_players(players: int, order: list[int]) -> None:
    """From the rulebook.

    "each player selects one die ... the selection is repeated in reverse ... In 2-player games ... a third time".
    """
    state = start(players)
    seen = []
    while state.phase is Phase.DRAFT:
        seen.append(current_player(state))
        state = apply(state, legal_actions(state)[0])
    assert seen == order
    assert all(len(dice) == len(order) // players for dice in state.drafted)


def test_the_draft_starts_with_the_first_player_of_the_round() -> None:
    state = attrs.evolve(start(3), first_player=2)
    assert [draft_seat(attrs.evolve(state, picks=i)) for i in range(6)] == [2, 0, 1, 1, 0, 2]


def test_purple_dice_are_not_drafted_and_every_player_uses_them() -> None:
    """From the rulebook.

    "The purple dice are for general use".
    """
    state = start(3, yellow=(1, 1, 1), orange=(6, 6, 6), purple=(2, 5, 6))
    rejection = validate(state, TakeDie(Colour.PURPLE, 2))
    assert rejection is not None and rejection.code == "purple-dice-shared"
    state = play(state, [TakeDie(Y, 1), TakeDie(O, 6), TakeDie(O, 6), TakeDie(Y, 1), TakeDie(Y, 1), TakeDie(O, 6)])
    assert state.phase is Phase.CREATE and state.acting == 0
    for seat in range(3):
        assert state.acting == seat
        assert state.dice_left == tuple(sorted((*state.drafted[seat], Die(P, 2), Die(P, 5), Die(P, 6))))
        while state.acting == seat and state.phase is Phase.CREATE:
            state = apply(state, legal_actions(state)[-1] if not state.pending else legal_actions(state)[0])
    assert state.phase is Phase.BUY


def test_a_die_may_be_exchanged_for_one_peso_and_money_faces_give_their_pesos() -> None:
    """From the rulebook.

    "C - Collect money. Mark on the central board the dice exchanged for money".
    """
    state = creating(start(), [Die(Y, 2), Die(O, 6)])
    state = play(state, [UseDie(Y, 2, as_money=True)])
    assert state.boards[0].pesos == 1
    rejection = validate(state, UseDie(O, 6, as_money=True))
    assert rejection is not None and rejection.code == "die-is-money"
    state = play(state, [UseDie(O, 6)])
    assert state.boards[0].pesos == 1 + DEFAULT_EDITION.face(O, 6).pesos


def test_a_die_not_held_cannot_be_used() -> None:
    state = creating(start(), [Die(Y, 2)])
    rejection = validate(state, UseDie(Y, 3))
    assert rejection is not None and rejection.code == "die-not-yours"
    unknown = validate(state, "use the die")
    assert unknown is not None and unknown.code == "unknown-action"
    wrong_step = validate(state, TakeDie(Y, 2))
    assert wrong_step is not None and wrong_step.code == "wrong-phase"


def test_buying_in_turn_order_keeps_the_market_at_three() -> None:
    """From the rulebook.

    "If a player takes one of the three Calaveritas in the market, they reveal a new card".
    """
    state = buying(start(2, market=(21, 22, 23)), board(pesos=5))
    assert legal_actions(state) == (BuyCard(21), BuyCard(22), BuyCard(23), Pass())
    state = apply(state, BuyCard(22))
    assert current_player(state) == CHANCE and state.market == (21, 23)
    state = apply(state, RevealCard(5))
    assert state.market == (21, 23, 5) and state.boards[0].pesos == 2 and state.boards[0].cards == (22,)
    assert state.acting == 1
    assert legal_actions(state) == (Pass(),)


def test_a_card_too_dear_cannot_be_bought() -> None:
    state = buying(start(2, market=(21, 22, 23)), board(pesos=3))
    rejection = validate(state, BuyCard(21))
    assert rejection is not None and rejection.code == "cannot-afford"
    missing = validate(state, BuyCard(1))
    assert missing is not None and missing.code == "card-not-in-market"


def test_repeat_purchases_option_lets_a_player_buy_until_they_pass() -> None:
    state = buying(start(2, market=(1, 19, 23), repeat_purchases=True), board(pesos=5))
    state = play(state, [BuyCard(19), RevealCard(2), BuyCard(1)])
    assert state.boards[0].cards == (19, 1)
    state = play(state, [RevealCard(3), DrawObject(0), Pass()])
    assert state.acting == 1


def test_an_empty_deck_leaves_the_market_short_and_discards_are_not_reshuffled() -> None:
    """Ruling 12: "If a player takes one of the three Calaveritas in the market, they reveal a new card" as long
    as the deck has one; "All cards not used in the round are discarded" and are not shuffled back."""
    state = attrs.evolve(buying(start(2, market=(21, 22, 23)), board(pesos=4)), deck=(), discard=(1, 2))
    state = apply(state, BuyCard(22))
    assert current_player(state) == 1 and state.market == (21, 23) and not state.refill
    state = apply(state, Pass())
    assert state.phase is Phase.ROLL and state.market == () and state.discard == (1, 2, 21, 23)


def test_seat_0_is_the_first_player_of_the_first_round() -> None:
    """Ruling 1: "the player who most recently ate pan de muerto" cannot be known; seat 0 starts."""
    state = start(4)
    assert state.first_player == 0 and current_player(state) == 0


def test_unsold_cards_are_discarded_and_the_first_player_passes_on() -> None:
    """From the rulebook.

    "All cards not used in the round are discarded"; "The role of first player now passes to the next player".
    """
    state = buying(start(2, market=(21, 22, 23)), board())
    state = play(state, [Pass(), Pass()])
    assert state.round == 1 and state.first_player == 1 and state.phase is Phase.OPEN
    assert state.discard == (21, 22, 23) and state.market == ()
    assert 21 not in state.deck


def test_the_game_ends_after_the_fifth_round() -> None:
    """From the rulebook.

    "After the fifth round of play, all players count their points".
    """
    state = buying(attrs.evolve(start(2), round=4), board())
    state = play(state, [Pass(), Pass()])
    assert state.phase is Phase.OVER and legal_actions(state) == ()
    rejection = validate(state, Pass())
    assert rejection is not None and rejection.code == "game-over"


def test_a_seeded_game_resolves_chance_itself_and_replays_identically() -> None:
    one = new_game(Config(players=4), seed=99)
    assert current_player(one) == 0 and one.phase is Phase.DRAFT
    assert new_game(Config(players=4), seed=99) == one


@pytest.mark.parametrize(
    "action",
    [
        UseDie(Y, 2.0),  # type: ignore[arg-type]
        UseDie("yellow", 2),  # type: ignore[arg-type]
        UseDie(Y, 2, as_money=1),  # type: ignore[arg-type]
        TakeDie(O, True),  # a bool is not a number of pips
        DrawObject("3"),  # type: ignore[arg-type]
        BuyCard(None),  # type: ignore[arg-type]
        RevealCard([1]),  # type: ignore[arg-type]
    ],
)
def test_actions_with_fields_of_the_wrong_type_are_rejected_not_crashed(action: object) -> None:
    state = creating(start(), [Die(Y, 2)])
    rejection = validate(state, action)
    assert rejection is not None and rejection.code == "malformed-action"
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert caught.value.rejection == rejection


def test_the_census_counts_every_component_and_never_changes() -> None:
    state = new_game(Config(players=2), seed=4)
    census = dict(GAME.census(state))
    assert census["flower token"] == 84 and census["yellow die"] == 4
    assert sum(1 for name in census if name.startswith("calaverita card")) == 30
    while not is_over(state):
        state = apply(state, legal_actions(state)[0])
        assert dict(GAME.census(state)) == census


def test_the_view_shows_the_table_but_not_the_generator() -> None:
    state = new_game(Config(players=3), seed=8)
    view = observe(state, 1)
    assert view.boards == state.boards and view.market == state.market and view.pool == state.pool
    assert "rng" not in attrs.fields_dict(type(view))
    assert observe(hidden_variant(state, 1, Rng(5)), 1) == view
    with pytest.raises(ValueError, match="no seat 3"):
        observe(state, 3)


def test_every_legal_action_has_a_description() -> None:
    state = new_game(Config(players=2))
    for _ in range(60):
        legal = legal_actions(state)
        for action in legal:
            assert GAME.describe_action(state, action)
        state = apply(state, legal[len(legal) // 2])


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"players": 1}, {"beneath": "column"}, {"repeat_purchases": 1}, {"majority_ties": "split_place"}],
)
def test_invalid_configs_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        Config(**options)  # type: ignore[arg-type]
