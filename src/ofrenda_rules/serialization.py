"""Moved to :mod:`ofrenda_rules.json.serialization` (the JSON layer's package); this module re-exports its names."""

from ofrenda_rules.json.serialization import *  # noqa: F403
from ofrenda_rules.json.serialization import __all__ as __all__
