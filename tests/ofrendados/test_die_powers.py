"""Ruling 14, die powers: on the player's own dice after the draft (default) or on the pool in the draft.

The rulebook: *"Purple: modify what you have already drawn on your offering,
or your dice selection in later rounds."* ``Config(die_powers=...)`` chooses
which dice "your dice selection" names.
"""

from __future__ import annotations

import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import ConfigError, PositionError
from ofrenda_rules.ofrendados import (
    Colour,
    Config,
    Die,
    DiePowerTarget,
    Phase,
    RerollDie,
    RollDie,
    State,
    TakeDie,
    TurnDie,
    UseDie,
    apply,
    current_player,
    decode_action,
    encode_action,
    from_position,
    legal_actions,
    to_position,
    validate,
)
from ofrenda_rules.serialization import dumps, loads
from tests.ofrendados.helpers import without_events

ANY_FACE = 16  # El Pincel: turn a die to any face
REROLL = 18  # El Soplo: reroll a die
EMPTY = "......./...../...../.../...|-|0|-"
# Round 1 of a 2-player game: seat 1 starts the draft and owns El Pincel and El Soplo.
DRAFT = f"draft:1 9,10,26 1,2 Y6Y2Y5O4O4O5P6P4P5 -/- {EMPTY} ......./...../...../.../...|-|0|16,18"

POOL = Config(players=2, die_powers=DiePowerTarget.POOL)
OWN = Config(players=2)


def _powers(actions: tuple[object, ...]) -> list[object]:
    return [a for a in actions if isinstance(a, TurnDie | RerollDie)]


def test_by_default_a_die_power_waits_for_the_players_own_dice() -> None:
    state = from_position(DRAFT, OWN)
    assert current_player(state) == 1
    assert _powers(legal_actions(state)) == []
    rejection = validate(state, TurnDie(ANY_FACE, Colour.YELLOW, 2, 6))
    assert rejection is not None and rejection.code == "wrong-phase"
    # After the draft, seat 1 turns one of its own dice (drafted or purple).
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.CREATE and current_player(state) == 1
    assert TurnDie(ANY_FACE, Colour.PURPLE, 4, 6) in legal_actions(state)
    assert RerollDie(REROLL, Colour.PURPLE, 4) in legal_actions(state)


def test_with_the_pool_option_a_die_power_turns_a_die_before_the_pick() -> None:
    state = from_position(DRAFT, POOL)
    turn = TurnDie(ANY_FACE, Colour.YELLOW, 2, 6)
    assert turn in legal_actions(state)
    assert RerollDie(REROLL, Colour.ORANGE, 4) in legal_actions(state)
    assert not any(a.colour is Colour.PURPLE for a in _powers(legal_actions(state)))  # type: ignore[attr-defined]
    state = apply(state, turn)
    assert current_player(state) == 1  # still seat 1's pick
    assert [str(die) for die in state.pool] == ["orange 4", "orange 4", "orange 5", "yellow 5", "yellow 6", "yellow 6"]
    assert state.powers_used == (ANY_FACE,)
    again = validate(state, TurnDie(ANY_FACE, Colour.YELLOW, 5, 6))
    assert again is not None and again.code == "power-used"
    state = apply(state, TakeDie(Colour.YELLOW, 6))
    assert state.drafted[1] == (Die(Colour.YELLOW, 6),)
    assert current_player(state) == 0 and _powers(legal_actions(state)) == []  # seat 0 owns no power
    # The position notation writes the changed pool and reads it back.
    text = to_position(state)
    assert "pool=O4O4O5Y5Y6" in text and "powers=16" in text
    assert from_position(text, POOL) == without_events(state)
    # Once the draft is over, the powers no longer act on the player's own dice.
    while state.phase is Phase.DRAFT:
        state = apply(state, legal_actions(state)[0])
    while current_player(state) != 1:
        state = apply(state, legal_actions(state)[0])
    assert _powers(legal_actions(state)) == []
    own = validate(state, TurnDie(ANY_FACE, Colour.PURPLE, 4, 6))
    assert own is not None and own.code == "wrong-phase"


def test_with_the_pool_option_a_reroll_in_the_draft_is_a_chance_event_back_into_the_pool() -> None:
    state = apply(from_position(DRAFT, POOL), RerollDie(REROLL, Colour.ORANGE, 4))
    assert current_player(state) == CHANCE and state.rerolling == Die(Colour.ORANGE, 4)
    assert from_position(to_position(state), POOL) == without_events(state)
    state = apply(state, RollDie(1))
    assert current_player(state) == 1 and state.rerolling is None
    assert Die(Colour.ORANGE, 1) in state.pool and state.pool.count(Die(Colour.ORANGE, 4)) == 1
    assert TakeDie(Colour.ORANGE, 1) in legal_actions(state)
    assert loads(dumps(state, State), State) == state


def test_every_power_in_the_draft_has_an_action_id() -> None:
    state = from_position(DRAFT, POOL)
    for action in legal_actions(state):
        assert decode_action(POOL, encode_action(POOL, action)) == action


def test_the_pool_is_only_written_for_die_powers_in_the_draft() -> None:
    with pytest.raises(PositionError, match="pool="):
        from_position(DRAFT + " pool=O4O4O5Y5Y6Y6", OWN)
    with pytest.raises(PositionError, match="pool="):
        from_position(DRAFT + " pool=O4O4O5Y5Y6", POOL)  # a die short
    with pytest.raises(PositionError, match="belong to the create step"):
        from_position(DRAFT + " powers=16", OWN)
    assert from_position(DRAFT + " powers=16", POOL).powers_used == (ANY_FACE,)


def test_the_option_is_checked_and_kept_in_json() -> None:
    with pytest.raises(ConfigError, match="die_powers"):
        Config(die_powers="pool")  # type: ignore[arg-type]
    assert loads(dumps(POOL, Config), Config) == POOL
    assert UseDie(Colour.YELLOW, 1) not in legal_actions(from_position(DRAFT, POOL))
