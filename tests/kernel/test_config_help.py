"""First impressions (issue 38, point 6): ``help(Config)`` names the default edition instead of printing it whole."""

from __future__ import annotations

import inspect
import pydoc
import re

import pytest

from ofrenda_rules.editions import DefaultEdition, catalog_of
from ofrenda_rules.registry import AnyGame, games


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.name)
def test_help_and_signature_show_the_default_edition_by_name(game: AnyGame) -> None:
    config_type = game.config_type
    default = catalog_of(config_type).default
    name = default.name
    shown = inspect.signature(config_type).parameters["edition"].default
    assert isinstance(shown, DefaultEdition) and shown.name == name
    page = re.sub(".\b", "", pydoc.render_doc(config_type))  # without the bold overstrikes
    assert f" = <the default edition, {name!r}>) -> None" in page
    assert repr(default) not in page and len(page) < 12_000, len(page)
    assert config_type().edition is default, "the field's real default is still the edition itself"
