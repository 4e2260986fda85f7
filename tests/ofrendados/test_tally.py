"""Balance counters (issue 13): exact counts of a built game, consistency over playouts, stored by simulations."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from ofrenda_rules.errors import GameNotOverError, OfrendaRulesError
from ofrenda_rules.ofrendados import (
    GAME,
    Board,
    CardBought,
    CardRevealed,
    Colour,
    Config,
    DieUsed,
    EffectKind,
    Event,
    FlowerMoved,
    GameEnded,
    ObjectKind,
    ObjectLost,
    Passed,
    Phase,
    RoundEnded,
    RoundStarted,
    State,
    new_game,
    outcome,
    step,
    tally,
)
from ofrenda_rules.ofrendados.state import ROUNDS
from ofrenda_rules.simulation import plan_for, run_local, simulate

_NAME = re.compile(r"^[a-z0-9_]+(:[a-z0-9_]+)*$")


def _game(config: Config, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A seeded random game played to its end with ``step``, and every event from the setup on."""
    chooser = random.Random(seed)
    state = new_game(config, seed=seed)
    events = list(state.recent_events)
    for _ in range(GAME.max_steps(config)):
        if GAME.is_over(state):
            return state, tuple(events)
        state, happened = step(state, chooser.choice(GAME.legal_actions(state)))
        events.extend(happened)
    raise AssertionError(f"seed {seed}: the game did not end within max_steps")


def _sheet(size: int, *objects: ObjectKind) -> tuple[ObjectKind | None, ...]:
    return (*objects, *(None,) * (size - len(objects)))


def _built() -> tuple[State, tuple[Event, ...]]:
    """Three players, default edition: two rounds of purchases told by events, and the final boards they leave.

    Seat 0 buys La Catrina (21, 4 pesos; 1 per different kind of object in each
    neighbour's offering) and La Llorona (22, 3 pesos; 1 per candle), and lays
    flowers on spaces 13 (the land of the living) and 24 (the end of the Path).
    Seat 1 buys El Fotógrafo (26, 3 pesos; 2 per portrait) and reaches space 13.
    Seat 2 stays on space 5, short of the land of the living.
    """
    config = Config(players=3)
    edition = config.edition
    path = edition.path
    size = edition.sheet.size
    finished, _ = _game(config, 1)
    boards = (
        Board(sheet=_sheet(size), flowers=(13, 24), pesos=2, cards=(21, 22)),
        Board(
            sheet=_sheet(size, ObjectKind.CANDLE, ObjectKind.CANDLE, ObjectKind.PORTRAIT),
            flowers=(13,),
            pesos=0,
            cards=(26,),
        ),
        Board(
            sheet=_sheet(size, ObjectKind.CANDLE, ObjectKind.FRUIT, ObjectKind.PORTRAIT),
            flowers=(5,),
            pesos=5,
            cards=(),
        ),
    )
    state = attrs.evolve(finished, boards=boards)
    events: tuple[Event, ...] = (
        RoundStarted(1, 0),
        CardRevealed(21),
        CardRevealed(5),
        CardRevealed(7),
        CardBought(0, 21, 4, 1),
        CardRevealed(26, refill=True),
        CardBought(1, 26, 3, 0),
        CardRevealed(8, refill=True),
        Passed(2),
        RoundEnded(1, (5, 7, 8)),
        RoundStarted(2, 1),
        CardRevealed(22),
        CardRevealed(9),
        CardRevealed(10),
        FlowerMoved(1, 13, path.space(13).flower, crossed=True),
        FlowerMoved(0, 13, path.space(13).flower, crossed=True),
        FlowerMoved(0, 24, path.space(24).flower, end=True),
        DieUsed(2, Colour.YELLOW, 2, as_money=True, pesos=1),
        ObjectLost(2, ObjectKind.CANDLE),
        CardBought(0, 22, 3, 2),
        CardRevealed(11, refill=True),
        Passed(1),
        Passed(2),
        RoundEnded(2, (9, 10, 11)),
        GameEnded((True, True, False)),
    )
    return state, events


def test_counters_of_a_built_game() -> None:
    state, events = _built()
    assert outcome(state).winners == (0,)  # seat 0: the end bonus, two flower majorities, its cards' points
    counters = tally(state, events)
    revealed = {21, 5, 7, 26, 8, 22, 9, 10, 11}
    for card in range(1, 31):
        assert counters[f"card_revealed:{card}"] == (card in revealed), card
        assert counters[f"card_bought:{card}"] == (card in (21, 22, 26)), card
        assert counters[f"card_paid_off:{card}"] == (card in (21, 22)), card  # seat 1 bought 26 but lost
    # La Catrina: kinds in seat 2's offering (candle, fruit, portrait) 3 + seat 1's (candle, portrait) 2.
    # La Llorona: candles, 1 in seat 2's + 2 in seat 1's. El Fotógrafo: 2 x seat 2's portrait, none in seat 0's.
    eternal = {card: counters[f"card_eternal_points:{card}"] for card in range(21, 31)}
    assert eternal == {21: 5, 22: 3, 23: 0, 24: 0, 25: 0, 26: 2, 27: 0, 28: 0, 29: 0, 30: 0}
    assert "card_eternal_points:1" not in counters  # an orange card scores no points of its own
    expected = {
        "cards_bought": 3,
        "cards_bought:seat0": 2,
        "cards_bought:seat1": 1,
        "cards_bought:seat2": 0,
        "cards_bought:round1": 2,
        "cards_bought:round2": 1,
        "cards_bought:round3": 0,
        "cards_discarded": 6,
        "pesos_spent": 10,
        "pesos_left": 7,
        "nobody_qualified": 0,
        "qualified_players": 2,
        "qualified:seat0": 1,
        "qualified:seat1": 1,
        "qualified:seat2": 0,
        "crossed:round1": 0,
        "crossed:round2": 2,
        "path_end_reached": 1,
        "path_end_reached:seat0": 1,
        "path_end_reached:seat1": 0,
        "path_end_reached:seat2": 0,
        "path_end_reached:round2": 1,
        "shared_win": 0,
        "dice_exchanged": 1,
        "die_powers_used": 0,
        "objects_rewritten": 0,
        "flowers_lost": 0,
        "objects_lost": 1,
    }
    assert {name: counters[name] for name in expected} == expected


def test_counters_when_nobody_qualifies() -> None:
    """ "Nobody reached the land of the living: nobody wins" -- no card pays off."""
    state, events = _built()
    boards = tuple(attrs.evolve(board, flowers=(5,)) for board in state.boards)
    events = tuple(e for e in events if not isinstance(e, FlowerMoved))
    counters = tally(attrs.evolve(state, boards=boards), events)
    assert counters["nobody_qualified"] == 1
    assert counters["qualified_players"] == 0
    assert counters["path_end_reached"] == 0
    assert all(counters[f"card_paid_off:{card}"] == 0 for card in range(1, 31))
    assert all(counters[f"card_eternal_points:{card}"] == 0 for card in range(21, 31))
    assert counters["card_bought:21"] == 1


def test_events_of_another_game_are_refused() -> None:
    state, events = _built()
    without_purchase = tuple(e for e in events if not (isinstance(e, CardBought) and e.card == 22))
    with pytest.raises(OfrendaRulesError, match="not the events of this game"):
        tally(state, without_purchase)
    without_end = tuple(e for e in events if not (isinstance(e, FlowerMoved) and e.end))
    with pytest.raises(OfrendaRulesError, match="end of the Path"):
        tally(state, without_end)
    with pytest.raises(OfrendaRulesError, match="bought twice"):
        tally(state, (*events, CardBought(1, 21, 4, 0)))
    with pytest.raises(OfrendaRulesError, match="cards_bought:seat7"):
        tally(state, (CardBought(7, 3, 1, 0), *events))
    with pytest.raises(TypeError, match="not str"):
        tally(state, (*events, "card-bought"))  # type: ignore[arg-type]


def test_only_a_finished_game_is_tallied() -> None:
    state = new_game(Config(players=2), seed=4)
    assert state.phase is not Phase.OVER
    with pytest.raises(GameNotOverError):
        tally(state, state.recent_events)


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_counters_agree_with_the_final_state(config: Config) -> None:
    edition = config.edition
    keys = None
    for seed in range(6):
        state, events = _game(config, seed)
        counters = tally(state, events)
        assert dict(GAME.tally(state, events)) == counters
        assert all(_NAME.match(name) for name in counters)
        assert all(type(value) is int and value >= 0 for value in counters.values())
        assert keys is None or set(counters) == keys, "the same names in every game of a config"
        keys = set(counters)
        result = outcome(state)
        owners = {card: seat for seat, board in enumerate(state.boards) for card in board.cards}
        n = config.players
        bought = sum(len(board.cards) for board in state.boards)
        assert counters["cards_bought"] == bought
        assert sum(counters[f"cards_bought:seat{k}"] for k in range(n)) == bought
        assert sum(counters[f"cards_bought:round{r}"] for r in range(1, ROUNDS + 1)) == bought
        for k, board in enumerate(state.boards):
            assert counters[f"cards_bought:seat{k}"] == len(board.cards)
        revealed = sum(counters[f"card_revealed:{card.id}"] for card in edition.cards)
        assert revealed == bought + counters["cards_discarded"] + len(state.market)
        assert revealed == len(edition.cards) - len(state.deck)
        assert counters["pesos_spent"] == sum(edition.card(card).cost for card in owners)
        assert counters["pesos_left"] == sum(board.pesos for board in state.boards)
        for card in edition.cards:
            assert counters[f"card_bought:{card.id}"] == (card.id in owners)
            assert counters[f"card_paid_off:{card.id}"] == (owners.get(card.id, -1) in result.winners)
        for k, sheet in enumerate(result.sheets):
            assert counters[f"qualified:seat{k}"] == sheet.qualified
            at_end = state.boards[k].position == edition.path.length
            assert counters[f"path_end_reached:seat{k}"] == at_end
            assert sheet.end_bonus == (edition.path.end_bonus if at_end else 0)
            eternal = sum(
                counters[f"card_eternal_points:{card}"]
                for card in state.boards[k].cards
                if edition.card(card).effect.kind is EffectKind.ETERNAL
            )
            assert eternal == (sheet.eternal if sheet.qualified else 0)
        qualified = sum(sheet.qualified for sheet in result.sheets)
        assert counters["qualified_players"] == qualified
        assert sum(counters[f"crossed:round{r}"] for r in range(1, ROUNDS + 1)) == qualified
        assert counters["nobody_qualified"] == (qualified == 0) == (result.winners == ())
        reached = sum(counters[f"path_end_reached:seat{k}"] for k in range(n))
        assert sum(counters[f"path_end_reached:round{r}"] for r in range(1, ROUNDS + 1)) == reached
        assert counters["path_end_reached"] == (reached > 0)
        assert counters["shared_win"] == (len(result.winners) > 1)


def test_simulations_store_the_counters() -> None:
    config = Config(players=2)
    plan = plan_for(GAME, config, ["random"], 40, 3)
    records = simulate(plan, run_local(1))
    assert [record.seed for record in records] == [40, 41, 42]
    for record in records:
        counters = dict(record.counters)
        assert counters
        assert set(counters) == set(tally(*_game(config, 0)))
        bought = counters["cards_bought"]
        assert bought == sum(counters[f"card_bought:{card.id}"] for card in config.edition.cards)
        assert counters["nobody_qualified"] == (record.winners == ())
