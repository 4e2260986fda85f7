"""Bad input from a caller, refused by every game with the library's error (in the pure and the compiled build)."""

from __future__ import annotations

import pytest

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import AnyGame, games


@pytest.mark.parametrize("game", games(), ids=lambda game: game.info.name)
@pytest.mark.parametrize("seed", ["7", 1.5, -1, 2**64, True], ids=repr)
def test_a_seed_that_is_not_a_64_bit_integer_is_refused_with_a_config_error(game: AnyGame, seed: object) -> None:
    """``new_game`` hands the seed to the generator, which names it; never a ``TypeError`` from a compiled module."""
    config = game.test_configs()[0]
    with pytest.raises(ConfigError, match=r"^seed must be an integer in \[0, 2\*\*64\), not "):
        game.new_game(config, seed)  # type: ignore[arg-type]  # ill-typed on purpose
