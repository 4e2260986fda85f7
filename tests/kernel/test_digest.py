"""The canonical JSON form and the state digest (docs/replays.md, "State digest")."""

from __future__ import annotations

import hashlib
import json

import attrs
import pytest

from ofrenda_rules.digest import canonical_json, sha256_hex, state_digest
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import dumps
from tests.kernel.games import GAMES


def test_object_members_are_sorted_and_there_is_no_whitespace() -> None:
    assert canonical_json({"b": 1, "a": [True, False, None], "c": {"z": "", "y": -3}}) == (
        '{"a":[true,false,null],"b":1,"c":{"y":-3,"z":""}}'
    )


def test_non_ascii_characters_are_escaped_in_lower_case_utf16() -> None:
    assert canonical_json("Día 💀") == '"D\\u00eda \\ud83d\\udc80"'


def test_control_characters_quotes_and_backslashes_are_escaped() -> None:
    assert canonical_json('a"b\\c\n\t\x01') == '"a\\"b\\\\c\\n\\t\\u0001"'


def test_integers_are_plain_decimal_even_beyond_64_bits() -> None:
    assert canonical_json([0, -1, 2**64 - 1, 10**30]) == "[0,-1,18446744073709551615,1000000000000000000000000000000]"


@pytest.mark.parametrize("value", [1.0, [0.5], {"a": float("nan")}])
def test_floats_have_no_canonical_form(value: object) -> None:
    with pytest.raises(ValueError, match="float"):
        canonical_json(value)


def test_the_digest_is_sha256_of_the_utf8_canonical_text() -> None:
    text = canonical_json({"a": "Día"})
    assert sha256_hex(text) == hashlib.sha256(text.encode()).hexdigest()
    assert len(sha256_hex(text)) == 64


def test_a_state_with_a_float_field_is_refused() -> None:
    @attrs.frozen
    class Floaty:
        x: float

    with pytest.raises(ValueError, match="canonical JSON"):
        state_digest(Floaty(1.5))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [11, None], ids=["seeded", "unseeded"])
def test_the_digest_is_the_canonical_json_of_the_converter_output_at_every_step(
    game: AnyGame, seed: int | None
) -> None:
    """The digest reuses the text of unchanged fields; it must equal the plain definition."""
    playout = random_playout(game, game.test_configs()[-1], seed=seed, player_seed=3)
    state = playout.initial
    for action in (None, *playout.actions):
        if action is not None:
            state = game.apply(state, action)
        text = dumps(state)
        assert state_digest(state) == sha256_hex(canonical_json(json.loads(text)))
    other = game.new_game(game.test_configs()[0], seed)
    assert state_digest(other) == sha256_hex(canonical_json(json.loads(dumps(other))))


@pytest.mark.parametrize("game", GAMES)
def test_equal_states_have_equal_digests_and_a_step_changes_the_digest(game: AnyGame) -> None:
    config = game.test_configs()[0]
    first, again = game.new_game(config, 5), game.new_game(config, 5)
    assert state_digest(first) == state_digest(again)
    after = game.apply(first, game.legal_actions(first)[0])
    assert state_digest(after) != state_digest(first)
    assert state_digest(game.new_game(config, 6)) != state_digest(first) or not game.info.has_chance
