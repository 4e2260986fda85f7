"""Moved to :mod:`ofrenda_rules.json.digest` (the JSON layer's package); this module re-exports its names."""

from ofrenda_rules.json.digest import *  # noqa: F403
from ofrenda_rules.json.digest import __all__ as __all__
