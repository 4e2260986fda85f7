"""Moved to :mod:`ofrenda_rules.json.schema` (the JSON layer's package); this module re-exports its names."""

from ofrenda_rules.json.schema import *  # noqa: F403
from ofrenda_rules.json.schema import __all__ as __all__
