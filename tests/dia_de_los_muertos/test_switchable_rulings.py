"""The switchable rulings: each reading on a concrete position, fast rules and reference alike.

Ruling 7 (``Config.lead_replacement_exempt``), rulebook, Game Play: "Note: If a
TAKE card is the initial card played no card is taken." Read as written, only
the initial card is exempt, so a TAKE that the lead player plays as a
replacement takes a card (the default); read as exempting the lead card's
place, that replacement takes nothing.
"""

from __future__ import annotations

import random

import attrs
import pytest

from ofrenda_rules.dia_de_los_muertos import (
    Config,
    PlayCard,
    State,
    TakeCard,
    apply,
    from_position,
    legal_actions,
    rules,
    to_position,
    validate,
)
from ofrenda_rules.errors import PositionError
from ofrenda_rules.serialization import dumps, loads
from tests.dia_de_los_muertos import reference_rules as reference
from tests.dia_de_los_muertos.helpers import card

# Three players. Seat 0 led the Red 14 (Low); seat 1 played the Red 10, a TAKE,
# and took the Red 14; seat 2 played the Red 3. Seat 0 must now replace its
# lead card, and holds the Red 4, a TAKE card.
HANDS = "R1R2R4R5B1B2B3B4B5W1W2W3W4W5/B6B7B8B9B10W6W7W8W9W10W11W12W13W14/B11B12B13B14B15R6R7R8R9R11R12R13R15R16"
REPLACING = f"{HANDS} -/R10/R3 -/R14/- 0:R14 0:replace 0"
TAKES = Config(players=3)
EXEMPT = Config(players=3, lead_replacement_exempt=True)


def _bare(state: State) -> State:
    """``state`` without its events (the reference rules predate them; positions leave them out)."""
    return attrs.evolve(state, recent_events=())


def test_the_lead_players_replacement_take_takes_by_default() -> None:
    """Only "the initial card played" is exempt: the lead player's replacement TAKE takes a card."""
    state = from_position(REPLACING, TAKES)
    assert state.config.deck.spec(card("R4")).take
    after = apply(state, PlayCard(card("R4")))
    assert _bare(after) == _bare(reference.apply(state, PlayCard(card("R4"))))
    assert after.taking and after.to_play == 0
    assert legal_actions(after) == (TakeCard(card("R10")), TakeCard(card("R3")))
    taken = apply(after, TakeCard(card("R3")))
    assert _bare(taken) == _bare(reference.apply(after, TakeCard(card("R3"))))
    assert taken.piles[0] == (card("R3"),)
    assert taken.to_play == 2  # seat 2 replaces the card taken from it
    assert taken.tricks == 0


def test_the_lead_players_replacement_take_takes_nothing_when_exempt() -> None:
    """With ``lead_replacement_exempt=True`` the replacement stands for the lead card and takes nothing."""
    state = from_position(REPLACING, EXEMPT)
    after = apply(state, PlayCard(card("R4")))
    assert _bare(after) == _bare(reference.apply(state, PlayCard(card("R4"))))
    assert not after.taking
    # The trick is complete at once: the Red 3 is the lowest card and collects all three.
    assert after.tricks == 1 and after.leader == 2 and after.to_play == 2
    assert sorted(map(str, after.piles[2])) == sorted(["Red 10", "Red 3", "Red 4"])
    assert after.piles[0] == () and after.piles[1] == (card("R14"),)
    rejection = validate(after, TakeCard(card("R10")))
    assert rejection is not None and rejection.code == "no-take-pending"
    assert validate(after, TakeCard(card("R10"))) == reference.validate(after, TakeCard(card("R10")))


def test_other_replacement_takes_still_take_when_the_lead_is_exempt() -> None:
    """The option exempts only the lead player's seat: seat 1's replacement TAKE still takes."""
    # Seat 0 led the Red 14; seat 1 played the Red 3, seat 2 the Red 10 (a TAKE) taking the Red 3;
    # seat 1 now replaces with the Red 7, a TAKE card.
    hands = "R1R2R4R5B1B2B3B4B5W1W2W3W4W5/R7B6B7B8B9B10W6W7W8W9W10W11W12W13/B11B12B13B14B15R6R8R9R11R12R13R15R16W15"
    state = from_position(f"{hands} R14/-/R10 -/-/R3 0:R14 1:replace 0", EXEMPT)
    after = apply(state, PlayCard(card("R7")))
    assert _bare(after) == _bare(reference.apply(state, PlayCard(card("R7"))))
    assert after.taking and after.to_play == 1
    assert legal_actions(after) == (TakeCard(card("R10")), TakeCard(card("R14")))


def test_a_pending_take_by_the_lead_player_is_a_position_only_when_it_takes() -> None:
    """``0:replace:take`` after the lead player's replacement TAKE exists only under the default reading."""
    text = f"{HANDS.replace('R4', '', 1)} R4/R10/R3 -/R14/- 0:R14 0:replace:take 0"
    state = from_position(text, TAKES)
    assert state == _bare(apply(from_position(REPLACING, TAKES), PlayCard(card("R4"))))
    assert from_position(to_position(state), TAKES) == _bare(state)
    with pytest.raises(PositionError, match="lead_replacement_exempt=True"):
        from_position(text, EXEMPT)


def test_the_option_round_trips_through_json_and_old_json_reads_as_the_default() -> None:
    """Config JSON carries the field; JSON written before it existed reads as the default reading."""
    assert loads(dumps(EXEMPT, Config), Config) == EXEMPT
    old = dumps(TAKES, Config).replace(',"lead_replacement_exempt":false', "")
    assert "lead_replacement_exempt" not in old
    assert loads(old, Config) == TAKES


@pytest.mark.parametrize("config", [EXEMPT, Config(players=4, lead_replacement_exempt=True, high_low_split=True)])
def test_fast_rules_follow_the_exempt_reading_like_the_reference(config: Config) -> None:
    """Along seeded random games the fast rules and the reference agree, lead-player replacement TAKEs included."""
    rnd = random.Random(7)
    exempted = 0
    for seed in range(12):
        state = rules.new_game(config, seed=seed)
        while not state.over:
            legal = rules.legal_actions(state)
            assert legal == reference.legal_actions(state)
            action = rnd.choice(legal)
            replacing = isinstance(action, PlayCard) and state.high_low is not None and state.to_play == state.leader
            after = rules.apply(state, action)
            assert _bare(after) == _bare(reference.apply(state, action))
            if replacing and config.deck.spec(action.card).take:
                exempted += 1
                assert not after.taking
            state = after
    assert exempted > 0
