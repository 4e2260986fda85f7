"""Golden pictures: the SVG of a few fixed positions of every game, kept as files and compared byte for byte.

A change to a picture is a change to these files, reviewed like code:
``OFRENDA_UPDATE_GOLDEN=1 pytest tests/golden`` writes them anew. The
positions are each game's set-up and the table after a fixed number of first
legal actions, from a fixed seed, as a state (everything face up) and as the
first seat's view.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ofrenda_rules.registry import AnyGame, games

FOLDER = Path(__file__).resolve().parent / "svg"
UPDATE = os.environ.get("OFRENDA_UPDATE_GOLDEN") == "1"
POSITIONS = {
    "dia_de_los_muertos": ({"players": 4}, 7, 9),
    "ofrenda": ({"players": 2}, 5, 7),
    "ofrendados": ({"players": 3}, 5, 12),
    "portents": ({"players": 1}, 3, 10),
}
"""Per game: the config, the seed, and how many first legal actions lead to the mid-game position."""

CASES = [pytest.param(game, id=game.info.name) for game in games()]


def positions(game: AnyGame) -> dict[str, Any]:
    options, seed, moves = POSITIONS[game.info.name]
    state = game.new_game(game.config_type(**options), seed)
    found = {"setup": state}
    for _ in range(moves):
        state = game.apply(state, game.legal_actions(state)[0])
    found["middle"] = state
    found["middle-view"] = game.observe(state, 0)
    found["middle-public"] = game.observe_public(state)
    return found


@pytest.mark.parametrize("game", CASES)
def test_pictures_of_fixed_positions_are_unchanged(game: AnyGame) -> None:
    assert game.info.name in POSITIONS, "a registered game without golden positions"
    for name, subject in positions(game).items():
        target = FOLDER / f"{game.info.name}-{name}.svg"
        svg = game.render_svg(subject)
        if UPDATE:
            FOLDER.mkdir(exist_ok=True)
            target.write_text(svg, encoding="utf-8")
        assert target.exists(), f"no golden picture {target.name}: run with OFRENDA_UPDATE_GOLDEN=1"
        assert svg == target.read_text(encoding="utf-8"), f"{target.name} changed"
