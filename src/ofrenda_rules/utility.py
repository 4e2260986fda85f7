"""Moved to :mod:`ofrenda_rules.bots.utility` (the bots package); this module re-exports its names."""

from ofrenda_rules.bots.utility import *  # noqa: F403
from ofrenda_rules.bots.utility import __all__ as __all__
