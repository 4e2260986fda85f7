"""The one way to define a game: ``define_game`` and ``package_exports``; pictures reached through the definition."""

from __future__ import annotations

import importlib
import types

import attrs
import pytest

from ofrenda_rules.game import GameDefinition, GameInfo, define_game, package_exports, svg_picture
from ofrenda_rules.registry import games

INFO = GameInfo("demo", "Demo", (2,), False, False)


def test_a_definition_built_from_names_holds_what_the_game_binds() -> None:
    checked = 0
    for game in games():
        names = {field.name: getattr(game, field.name) for field in attrs.fields(GameDefinition)}
        hooks = {name: names.pop(name) for name in ("test_configs", "census")}
        names.update({"Config": game.config_type, "State": game.state_type, "Action": game.action_type})
        names.update({"View": game.view_type, "Outcome": game.outcome_type, "Event": game.event_type})
        names.update({f"_{name}": value for name, value in hooks.items()})
        built = define_game(game.info, names)
        assert built == game
        checked += 1
    assert checked == 4


def test_a_keyword_wins_over_a_name_and_a_name_over_its_underscored_form() -> None:
    game = games()[0]
    names: dict[str, object] = {field.name: getattr(game, field.name) for field in attrs.fields(GameDefinition)}
    names.update({"Config": game.config_type, "State": game.state_type, "Action": game.action_type})
    names.update({"View": game.view_type, "Outcome": game.outcome_type, "Event": game.event_type})

    def other(state: object) -> int:
        return 0

    names["_turn_count"] = other
    assert define_game(game.info, names).turn_count is game.turn_count
    assert define_game(game.info, names, turn_count=other).turn_count is other


def test_a_missing_field_or_an_unknown_hook_is_named() -> None:
    with pytest.raises(TypeError, match="the game 'demo' gives no ") as caught:
        define_game(INFO, {"apply": print})
    message = str(caught.value)
    assert "action_type" in message and "new_game" in message and "census" in message
    assert "apply," not in message and "describe_action" not in message  # given, and defaulted
    with pytest.raises(TypeError, match="names hooks the contract does not have: undo_move"):
        define_game(INFO, {}, undo_move=print)


def test_package_exports_are_the_public_names_bound_sorted_without_modules() -> None:
    names = {"b": 1, "a": 2, "_hidden": 3, "types": types, "GAME": 4}
    assert package_exports(names) == ["GAME", "a", "b"]


def test_a_state_and_a_view_draw_through_their_games_definition() -> None:
    drawn = 0
    for game in games():
        config = game.test_configs()[0]
        state = game.new_game(config, 1)
        assert state._repr_svg_() == game.render_svg(state) == svg_picture(state)
        view = game.observe(state, 0)
        assert view._repr_svg_() == game.render_svg(view)
        drawn += 1
    assert drawn == 4
    with pytest.raises(TypeError, match="no game definition draws a int"):
        svg_picture(3)


def test_every_game_exports_the_same_render_its_definition_holds() -> None:
    """Issue 38: ``render()`` existed in Portents alone; every game's package now has it, through the contract."""
    found = 0
    for game in games():
        package = importlib.import_module(f"ofrenda_rules.{game.info.name}")
        assert package.render is game.render
        assert "render" in package.__all__
        state = game.new_game(game.test_configs()[0], 1)
        assert game.render(state).strip() and game.render(game.observe(state, 0)).strip()
        found += 1
    assert found == 4
