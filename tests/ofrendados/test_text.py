"""The terminal: the text board, actions and events in words, results that read right (issue 10, part 3)."""

from __future__ import annotations

import random
import re

import attrs
import pytest

from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    BuyCard,
    CardBought,
    Config,
    DiceRolled,
    Die,
    Flower,
    FlowerMoved,
    GameEnded,
    ObjectKind,
    Pass,
    State,
    TakeDie,
    UseDie,
    apply,
    describe_action,
    describe_card,
    describe_event,
    describe_outcome,
    is_over,
    legal_actions,
    new_game,
    observe,
    outcome,
    render_text,
    step,
)
from ofrenda_rules.ofrendados.scoring import Outcome
from tests.ofrendados.helpers import PATH, SHEET, O, P, board, buying, creating, start

K = ObjectKind


def test_the_game_definition_carries_every_text_hook() -> None:
    assert GAME.step is step and GAME.render_text is render_text
    assert GAME.describe_event is describe_event and GAME.describe_outcome is describe_outcome
    assert GAME.describe_action is describe_action and GAME.event_type is not None


def _lines(text: str) -> list[str]:
    lines = text.splitlines()
    assert all(len(line) <= 100 for line in lines), max(lines, key=len)
    return lines


def test_the_market_shows_each_card_by_name_price_and_effect() -> None:
    """Issue 10: "market cards as bare numbers without name, cost or effect"."""
    state = buying(start(2, market=(12, 21, 7)), board(pesos=5))
    text = render_text(state)
    for card_id in (12, 21, 7):
        card = DEFAULT_EDITION.card(card_id)
        assert f"Calaverita {card_id} {card.name} ({card.colour.value}, {card.cost} pesos)" in text
        assert " ".join(card.effect.describe().split()[:4]) in text
    _lines(text)


def test_the_path_shows_flower_types_bonuses_and_tokens() -> None:
    """Issue 10: "the Path as numbers without flower types or bonuses"."""
    state = creating(start(2), [Die(O, 2)], board(flowers=[1, 2]))
    lines = _lines(render_text(state))
    flowers = [line for line in lines if line.startswith("  flower ")]
    assert " ".join(line.split(maxsplit=1)[1] for line in flowers).split() == [s.flower.value for s in PATH.spaces]
    bonuses = " ".join(line.split(maxsplit=1)[1] for line in lines if line.startswith("  bonus "))
    assert bonuses.split()[:5] == ["-", "$1", "-", "-", "+c"]  # space 2 gives a peso, space 5 a candle
    tokens = next(line for line in lines if line.startswith("  tokens ")).split()[1:]
    assert tokens[:3] == ["0", "0", "."]
    assert f"{PATH.head + 1}*" in " ".join(lines)  # the land of the living is marked


def test_the_sheet_is_drawn_as_the_stepped_altar_with_its_objects_in_their_rows() -> None:
    """Issue 10: "the sheet as a flat list of 23 cells"."""
    top = SHEET.rows[-1][0]
    state = creating(start(2), [Die(O, 2)], board({0: K.CANDLE, 1: K.PAPEL_PICADO, top: K.PORTRAIT}))
    lines = _lines(render_text(state))
    rows = [line for line in lines if re.match(r"    row +\d", line)]
    assert len(rows) == 2 * len(SHEET.widths)  # two players
    mine = rows[: len(SHEET.widths)]
    assert mine[0].startswith(f"    row  {len(SHEET.widths)}") and "[portrait]" in mine[0]
    assert mine[-1].startswith("    row  1 [ candle ][papel p.][   3    ]")
    assert mine[-1].endswith(f"full: {SHEET.row_points[0]}")
    # Stepped: the top row starts further right than the bottom row.
    assert mine[0].index("[") > mine[-1].index("[")


def test_every_board_of_random_games_fits_100_columns_and_a_view_says_whose_it_is() -> None:
    chooser = random.Random(2)
    for config in GAME.test_configs():
        state = new_game(config, seed=2)
        for _ in range(GAME.max_steps(config)):
            if is_over(state):
                break
            _lines(render_text(state))
            view = observe(state, 1)
            text = render_text(view)
            _lines(text)
            assert "(the table as seen by Seat 2)" in text
            for seat, own in enumerate(state.boards):
                assert f"Seat {seat + 1}: {own.pesos} peso" in text
            state = apply(state, chooser.choice(legal_actions(state)))
        assert "the game is over" in render_text(state)


def test_actions_are_described_by_what_they_give_and_cost() -> None:
    """Issue 10: "--human is playable without the docs (... Ofrendados cards with name, cost and effect)"."""
    shop = buying(start(2, market=(21, 22, 23)), board(pesos=5))
    catrina = DEFAULT_EDITION.card(21)
    assert describe_action(shop, BuyCard(21)) == (
        f"Seat 1 buys {describe_card(catrina)} -- pays 4 pesos of 5, keeps 1 peso"
    )
    assert describe_card(catrina).startswith("Calaverita 21 La Catrina (pink, 4 pesos): 1 per different kind")
    assert describe_action(shop, Pass()) == "Seat 1 buys nothing (more) this round and keeps 5 pesos"
    state = creating(start(2), [Die(P, 4), Die(O, 6)], board(flowers=[3], pesos=2))
    assert describe_action(state, UseDie(P, 4)) == (
        "Seat 1 uses the purple 4 to place a flower A on space 5, gaining a candle to draw"
    )
    # Issue 38: the pesos a player has after the step, not before it.
    assert describe_action(state, UseDie(O, 6)) == "Seat 1 uses the orange 6 for 2 pesos (then has 4)"
    exchange = describe_action(state, UseDie(O, 6, as_money=True))
    assert exchange == "Seat 1 exchanges the orange 6 for 1 peso (then has 3)"
    draft = start(2)
    assert describe_action(draft, TakeDie(O, 2)) == "Seat 1 takes the orange 2 (flower B)"


def test_events_read_as_sentences() -> None:
    assert (
        describe_event(FlowerMoved(2, PATH.head + 1, Flower.B, 0, None, crossed=True))
        == f"Seat 3 places a flower B on space {PATH.head + 1} of the Path;"
        " they reach the land of the living and will score"
    )
    assert describe_event(CardBought(1, 21, 4, 0)) == "Seat 2 buys Calaverita 21 for 4 pesos, 0 pesos left"
    assert describe_event(DiceRolled((1, 2), (3, 4), (5, 6))) == (
        "the dice are rolled: yellow 1, 2; orange 3, 4; purple 5, 6"
    )
    assert describe_event(GameEnded((False, False))) == (
        "the game is over: nobody reached the land of the living, so nobody wins"
    )
    assert describe_event(GameEnded((True, False, True))) == (
        "the game is over: Seats 1 and 3 reached the land of the living and are scored;"
        " Seat 2 did not and scores nothing"
    )


def _finished(flowers: tuple[list[int], ...], pesos: tuple[int, ...]) -> Outcome:
    """A 3-player game played to its end from the last market, with the given flowers and money."""
    state = start(3)
    boards = tuple(board(flowers=f, pesos=p) for f, p in zip(flowers, pesos, strict=True))
    state = attrs.evolve(buying(attrs.evolve(state, round=4), boards[0]), boards=boards)
    for _ in range(3):
        state = apply(state, Pass())
    assert isinstance(state, State) and is_over(state)
    return outcome(state)


def test_a_result_with_a_winner_ranks_only_the_players_who_qualified() -> None:
    living = PATH.head + 1
    result = _finished(([living], [1], [living]), (9, 20, 4))
    text = describe_outcome(result)
    lines = text.splitlines()
    assert lines[0] == f"Seat 1 wins with {result.scores[0]} points."
    assert lines[1].startswith(f"  1. Seat 1: {result.scores[0]} points")
    assert lines[2].startswith(f"  2. Seat 3: {result.scores[2]} points")
    assert "Seat 2" not in "\n".join(lines[1:3])  # no place for the player who did not qualify
    assert lines[3] == "  Not qualified (no flower in the land of the living, no score, no place): Seat 2."


def test_a_result_where_nobody_qualified_gives_nobody_a_place() -> None:
    """Scoring: only "each player who has reached the crossing to the land of the living" scores."""
    text = describe_outcome(_finished(([1], [2], []), (5, 3, 0)))
    assert text.startswith("Nobody wins")
    assert "Seats 1, 2 and 3" in text
    assert not re.search(r"\b\d\. ", text)  # no place numbers


def test_a_tie_on_points_and_empty_spaces_shares_the_win() -> None:
    """ "In case of a tie, the player who has left fewer empty spaces in their offering wins"; equal on both: shared."""
    living = PATH.head + 1
    result = _finished(([living], [living], []), (5, 5, 0))
    text = describe_outcome(result)
    best = result.scores[0]
    assert text.splitlines()[0] == f"Seats 1 and 2 share the win with {best} points and 23 empty spaces each."
    assert "  1 (tied). Seat 1" in text and "  1 (tied). Seat 2" in text


@pytest.mark.parametrize("seed", [0, 1])
def test_a_random_games_outcome_reads_its_winners(seed: int) -> None:
    state = new_game(Config(players=3), seed=seed)
    chooser = random.Random(seed)
    while not is_over(state):
        state = apply(state, chooser.choice(legal_actions(state)))
    result = outcome(state)
    text = describe_outcome(result)
    if result.winners:
        assert f"with {result.scores[result.winners[0]]} points" in text.splitlines()[0]
    else:
        assert text.startswith("Nobody wins")
