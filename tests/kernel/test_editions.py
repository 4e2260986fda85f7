"""Editions by reference: configs, states and replays name an edition, never embed it."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest

from ofrenda_rules.editions import CUSTOM_CAPACITY, EditionCatalog, EditionRef
from ofrenda_rules.errors import ConfigError, EditionError, FormatError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.replay import dump_replay, load_replay, record, verify_text
from ofrenda_rules.serialization import dumps, from_json_value, loads, to_json_value
from tests.kernel.games import GAMES


def renamed(game: AnyGame, name: str) -> Any:
    """A custom edition: the default one under another name (so every rule still holds)."""
    catalog = game.editions
    value = to_json_value(catalog.default, catalog.edition_type)
    assert isinstance(value, dict)
    value["name"] = name
    return loads(json.dumps(value), catalog.edition_type)


def forget(catalog: EditionCatalog[Any], edition: object) -> None:
    """Make the catalog forget a custom edition, as a fresh process would not know it."""
    digest = catalog.digest(edition)
    catalog._by_digest.pop(digest, None)
    catalog._digest_by_id.pop(id(edition), None)


@pytest.mark.parametrize("game", GAMES)
def test_a_default_config_names_its_edition_by_name_alone(game: AnyGame) -> None:
    value = to_json_value(game.config_type())
    assert isinstance(value, dict)
    assert value["edition"] == {"name": game.editions.default_ref.name}
    assert loads(dumps(game.config_type()), game.config_type).edition is game.editions.default
    written_in_full = dict(value, edition={"name": game.editions.default_ref.name, "digest": None})
    assert from_json_value(written_in_full, game.config_type).edition is game.editions.default


@pytest.mark.parametrize("game", GAMES)
def test_a_state_never_carries_edition_data(game: AnyGame) -> None:
    state = random_playout(game, game.test_configs()[0], seed=5, player_seed=1).final
    text = dumps(state)
    edition_text = dumps(game.editions.default, game.editions.edition_type)
    assert edition_text not in text
    assert len(text) < len(edition_text) + 3000
    back = loads(text, game.state_type)
    assert back == state and back.config.edition is game.editions.default


@pytest.mark.parametrize("game", GAMES)
def test_the_default_edition_pickles_by_reference(game: AnyGame) -> None:
    default = game.editions.default
    assert pickle.loads(pickle.dumps(default)) is default
    assert len(pickle.dumps(default)) < 200
    state = game.new_game(game.config_type(), 3)
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("game", GAMES)
def test_a_custom_edition_is_named_by_name_and_digest(game: AnyGame) -> None:
    custom = renamed(game, "My printing")
    config = game.config_type(edition=custom)
    ref = game.editions.ref(custom)
    assert ref == EditionRef("My printing", game.editions.digest(custom)) and ref.digest is not None
    assert to_json_value(config)["edition"] == {"name": "My printing", "digest": ref.digest}  # type: ignore[index]
    read = loads(dumps(config), game.config_type).edition
    assert read == custom and read is game.editions.resolve(ref)  # an equal edition registered before may be the one
    assert pickle.loads(pickle.dumps(custom)) == custom


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_or_mismatched_edition_is_refused_with_a_clear_error(game: AnyGame) -> None:
    value = to_json_value(game.config_type())
    assert isinstance(value, dict)
    value["edition"] = {"name": "Nobody's printing", "digest": None}
    with pytest.raises(FormatError, match='no built-in edition named "Nobody\'s printing"'):
        loads(json.dumps(value), game.config_type)
    value["edition"] = {"name": "Lost printing", "digest": "ab" * 32}
    with pytest.raises(FormatError, match=r"unknown \w+ edition 'Lost printing' with digest abab"):
        loads(json.dumps(value), game.config_type)
    custom = renamed(game, "Real name")
    digest = game.editions.register(custom).digest
    value["edition"] = {"name": "Other name", "digest": digest}
    with pytest.raises(FormatError, match="is named 'Real name', not 'Other name'"):
        loads(json.dumps(value), game.config_type)
    value["edition"] = "default"
    with pytest.raises(FormatError, match=r"\$\.edition: expected an object"):
        loads(json.dumps(value), game.config_type)


@pytest.mark.parametrize("game", GAMES)
def test_a_config_refuses_anything_but_an_edition(game: AnyGame) -> None:
    with pytest.raises(ConfigError, match="must be an"):
        game.config_type(edition="default")
    with pytest.raises(EditionError):
        game.editions.resolve(EditionRef("x" * 10))


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_carries_a_custom_edition_once_in_its_header(game: AnyGame) -> None:
    custom = renamed(game, "Header printing")
    config = game.config_type(edition=custom)
    playout = random_playout(game, config, seed=2, player_seed=2)
    text = dump_replay(record(game, config, 2, playout.actions))
    value = json.loads(text)
    assert value["version"] == 2 and value["edition"]["name"] == "Header printing"
    assert text.count('"Header printing"') == 2  # the header's edition and the config's reference
    forget(game.editions, custom)
    with pytest.raises(FormatError):
        loads(json.dumps(value["config"]), game.config_type)
    replay = load_replay(text)  # registers the edition from the header
    assert replay.edition == custom and getattr(replay.config, "edition") == custom  # noqa: B009
    assert verify_text(text).ok
    assert dump_replay(replay) == text


@pytest.mark.parametrize("game", GAMES)
def test_a_header_edition_that_differs_from_the_config_is_refused(game: AnyGame) -> None:
    custom = renamed(game, "Printing A")
    config = game.config_type(edition=custom)
    value = json.loads(dump_replay(record(game, config, 4, [])))
    value["edition"]["name"] = "Printing B"
    report = verify_text(json.dumps(value))
    assert report.divergence is not None and report.divergence.path == "$.config.edition"
    assert "but the header carries 'Printing B'" in report.divergence.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_default_edition_replay_has_no_edition_header(game: AnyGame) -> None:
    config = game.test_configs()[0]
    value = json.loads(dump_replay(record(game, config, 4, [])))
    assert "edition" not in value


def test_the_catalog_keeps_at_most_its_capacity_of_custom_editions() -> None:
    @attrs.frozen
    class Toy:
        name: str

    catalog = EditionCatalog("toy", Toy, Toy("default"))
    editions = [Toy(f"printing {i}") for i in range(CUSTOM_CAPACITY + 5)]
    refs = [catalog.register(edition) for edition in editions]
    assert len(catalog._by_digest) == CUSTOM_CAPACITY
    with pytest.raises(EditionError, match="register it first"):
        catalog.resolve(refs[0])
    assert catalog.resolve(refs[-1]) is editions[-1]
    assert catalog.register(editions[0]) == refs[0]
    assert catalog.resolve(refs[0]) is editions[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_mid_game_state_pickles_small_and_without_its_caches(game: AnyGame) -> None:
    states: list[Any] = []
    random_playout(game, game.test_configs()[0], seed=6, player_seed=2, on_step=lambda s, a: states.append(s))
    for state in states[:: max(1, len(states) // 10)]:
        game.legal_actions(state)  # fills any private cache of the state
        data = pickle.dumps(state)
        assert pickle.loads(data) == state
        assert len(data) <= 1500


@pytest.mark.parametrize("game", GAMES)
def test_configs_read_from_json_are_shared_and_still_checked(game: AnyGame) -> None:
    """Equal configs read back are one object (for identity fast paths); another edition or a bad value is not."""
    config = game.config_type()
    text = dumps(config)
    first, second = loads(text, game.config_type), loads(text, game.config_type)
    assert first == config and first is second and first.edition is game.editions.default
    custom = renamed(game, "Shared printing")
    other = renamed(game, "Shared printing")
    custom_text = dumps(game.config_type(edition=custom))
    read = loads(custom_text, game.config_type)
    assert read.edition is custom and read is not first
    forget(game.editions, custom)
    game.editions.register(other)  # an equal edition, another object: the config must hold it, not the first
    again = loads(custom_text, game.config_type)
    assert again.edition is other and again == read
    document = json.loads(text)
    document["players"] = 99
    with pytest.raises(FormatError, match="99"):
        loads(json.dumps(document), game.config_type)
