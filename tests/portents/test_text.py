"""Text for people at the terminal: the board, actions, events and results of Portents in words."""

from __future__ import annotations

import random

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.portents import (
    GAME,
    Config,
    EndReason,
    Outcome,
    Phase,
    Place,
    Push,
    Side,
    State,
    apply,
    chance_outcomes,
    current_player,
    describe_action,
    describe_event,
    describe_outcome,
    is_over,
    legal_actions,
    new_game,
    observe,
    outcome,
    render,
    render_text,
)
from ofrenda_rules.portents.components import DEFAULT_EDITION, Sign
from ofrenda_rules.portents.text import code
from tests.portents.boards import S, position

E = DEFAULT_EDITION


def _play(config: Config, seed: int) -> list[State]:
    chooser = random.Random(seed)
    states = [new_game(config, seed)]
    while not is_over(states[-1]) and len(states) < 3000:
        state = states[-1]
        options = [a for a, _ in chance_outcomes(state)] if current_player(state) == CHANCE else legal_actions(state)
        states.append(apply(state, chooser.choice(options)))
    return states


def test_the_hooks_are_wired_into_the_game() -> None:
    assert GAME.render_text is render_text
    assert GAME.describe_event is describe_event
    assert GAME.describe_outcome is describe_outcome
    assert GAME.describe_action is describe_action
    assert GAME.step is not None and GAME.event_type is not None


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True)])
def test_boards_fit_100_columns_and_a_view_shows_the_bag_size_only(config: Config) -> None:
    for state in _play(config, 3)[::7]:
        text = render_text(state)
        assert max(len(line) for line in text.splitlines()) <= 100
        assert [name.lstrip(">") for name in text.splitlines()[0].split()] == list(E.slot_names[:5])
        for seat in range(config.players):
            seen = render_text(observe(state, seat))
            assert max(len(line) for line in seen.splitlines()) <= 100
            assert f"Seat {seat + 1} (you)" in seen
            if config.solo and state.phase is not Phase.OMENS:
                assert f"bag {len(state.bag)} tiles" in seen
                if state.bag:
                    assert f"bag {', '.join(str(t) for t in state.bag)}" in " ".join(text.split())
                    assert f"bag {state.bag[0]}" not in " ".join(seen.split())


def test_the_board_names_hands_omens_fortunes_and_what_just_happened() -> None:
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
    altar += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
    altar += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
    omens: list[Sign | None] = [None] * 16
    omens[E.slot("W2")], omens[E.slot("W3")], omens[E.slot("E3")] = S.RED_CLAW, S.RED_WISHBONE, S.BLUE_WISHBONE
    state = position(altar, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []], omens=tuple(omens))
    for action in (
        Push(Side.WEST, (1, 1, 1)),
        Place(0, S.YELLOW_SKULL),
        Place(3, S.RED_SKULL),
        Place(6, S.YELLOW_WISHBONE),
    ):
        state = apply(state, action)
    text = render_text(observe(state, 1))
    assert "Seat 2 (you): hand -" in text
    assert "Seat 1: hand Yellow Wing, Blue Claw, White Claw" in text
    assert "omens (3): Blue Wishbone, Red Wishbone, Red Claw; fortunes: red 2, wishbone 2" in text
    assert "new Portents: skull in row 1, red in row 2, wishbone in row 3" in text
    assert "turn 1: Seat 1, Scrying -- light a Burnt Offering" in text
    assert "  Seat 1 collected the Red Claw omen from slot W2" in text.splitlines()
    assert "  Seat 1 made a new wishbone Portent in row 3" in text.splitlines()
    assert "W1  --   YS   BS   WS   --   E1" in text  # row 1 after the push, by two-letter code


def test_a_tile_and_an_omen_of_the_same_sign_never_read_alike() -> None:
    """Issue 38: "BS" named both the Blue Skull tile and the Blue Skull omen; omens are now in small letters."""
    state = new_game(Config(players=1), seed=1)
    lines = render(state).splitlines()
    ring = lines[1].split() + lines[5].split() + [line.split()[1] for line in lines[2:5]]
    ring += [line.split()[-2] for line in lines[2:5]]
    tiles = [token for line in lines[2:5] for token in line.split()[2:5]]
    assert len(ring) == 16 and len(tiles) == 9
    assert all(token.islower() and len(token) == 2 for token in ring), ring
    assert all(token.rstrip("*").isupper() for token in tiles), tiles
    assert sorted(ring) == sorted(code(omen, omen=True) for omen in state.omens)
    assert {code(Sign.BLUE_SKULL), code(Sign.BLUE_SKULL, omen=True)} == {"BS", "bs"}
    assert "BS tile, bs omen" in render_text(state)
    distinct = 0
    for sign in Sign:
        assert code(sign) != code(sign, omen=True)
        distinct += 1
    assert distinct == 16


def test_a_last_placement_is_described_with_what_it_makes_and_collects() -> None:
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
    altar += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
    altar += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
    omens: list[Sign | None] = [None] * 16
    omens[E.slot("W2")] = S.RED_CLAW
    state = position(altar, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []], omens=tuple(omens))
    push = Push(Side.WEST, (1, 1, 1))
    assert describe_action(state, push) == (
        "Seat 1 pushes from the west side (1 off row 1, 1 off row 2, 1 off row 3): Yellow Wing, Blue Claw,"
        " White Claw fall off, to be palmed once the 3 emptied spaces are filled from hand"
    )
    one = Push(Side.WEST, (1, 0, 0))
    assert describe_action(state, one) == (  # issue 38: "Blue Wing fall off", "space(s)"
        "Seat 1 pushes from the west side (1 off row 1): Yellow Wing falls off, to be palmed once the emptied"
        " space is filled from hand"
    )
    assert "Sleight of Hand -- fill the empty space from hand" in render_text(apply(state, one))
    assert "Sleight of Hand -- fill the 3 empty spaces from hand" in render_text(apply(state, push))
    state = apply(apply(apply(state, push), Place(0, S.YELLOW_SKULL)), Place(3, S.RED_SKULL))
    assert describe_action(state, Place(6, S.YELLOW_WISHBONE)) == (
        "Seat 1 places the Yellow Wishbone on space 7 (south-west corner); then palms Yellow Wing, Blue Claw,"
        " White Claw; makes a skull Portent in row 1, a red Portent in row 2, a wishbone Portent in row 3,"
        " collecting omens: Red Claw"
    )


@pytest.mark.parametrize("config", [Config(), Config(players=1, feed_the_cat=True)])
def test_every_event_and_action_met_reads_as_words(config: Config) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        states = _play(config, seed)
        for state in states:
            for event in state.recent_events:
                text = describe_event(event)
                kinds.add(type(event).TAG)
                assert text and "Sign." not in text and "Side." not in text and "Trait." not in text, text
            if not is_over(state):
                for action in legal_actions(state)[:5]:
                    text = describe_action(state, action)
                    assert "Sign." not in text and "Side." not in text and "Trait." not in text, text
    assert {"tiles-pushed", "tile-placed", "portent-ignited", "omen-collected", "game-over"} <= kinds


def test_outcomes_read_right() -> None:
    win = Outcome((5, 7), (1, 0), (1,), EndReason.TWO_FORTUNES_OF_THREE, False, 0, 31)
    assert describe_outcome(win).splitlines() == [
        "Seat 2 wins with two fortunes of 3 omens, after 31 turns",
        "  1st: Seat 2 -- 7 omens",
        "  2nd: Seat 1 -- 5 omens",
    ]
    draw = Outcome((4, 0), (0, 0), (), EndReason.TURN_LIMIT, False, 0, 200)
    text = describe_outcome(draw)
    assert "nobody wins" in text and "1st" not in text and "place" not in text
    assert "Seat 1 -- 4 omens" in text and "Seat 2 -- 0 omens" in text
    lost = Outcome((6,), (1,), (), EndReason.KITTY_CIRCLED, True, 2, 64)
    assert describe_outcome(lost).splitlines() == [
        "the Kitty wins by circling the altar twice, after 64 turns; Seat 1 loses",
        "  Seat 1 -- 6 omens; the Kitty -- 2",
    ]
    won = Outcome((12,), (0,), (0,), EndReason.SOLO_TARGET, False, 1, 20)
    assert describe_outcome(won).startswith("Seat 1 wins against the Kitty: the difficulty's target is met")


@pytest.mark.parametrize("config", [Config(turn_limit=12), Config(players=1)])
def test_real_results_name_the_winner_and_the_omens(config: Config) -> None:
    final = _play(config, 5)[-1]
    result = outcome(final)
    text = describe_outcome(result)
    for seat, omens in enumerate(result.scores):
        assert f"Seat {seat + 1} -- {omens} omens" in text
    if result.winners:
        assert text.startswith(f"Seat {result.winners[0] + 1} wins")
    elif config.solo:
        assert text.startswith("the Kitty wins")
    else:
        assert text.startswith("a draw")
