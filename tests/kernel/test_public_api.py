"""Every game subpackage declares its public names."""

from __future__ import annotations

import importlib
import types

import pytest

from ofrenda_rules.registry import game_names


@pytest.mark.parametrize("name", game_names())
def test_a_game_subpackage_lists_exactly_what_it_re_exports_in_all(name: str) -> None:
    """``__all__`` names every public re-export of the package, and nothing it does not define."""
    package = importlib.import_module(f"ofrenda_rules.{name}")
    declared = getattr(package, "__all__", None)
    assert declared is not None, f"ofrenda_rules.{name} has no __all__"
    exported = {
        attribute
        for attribute, value in vars(package).items()
        if not attribute.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert sorted(declared) == list(declared), "keep __all__ sorted"
    assert set(declared) == exported
    for attribute in ("GAME", "Config", "State", "Action", "View", "Outcome", "new_game", "apply", "observe"):
        assert attribute in declared
