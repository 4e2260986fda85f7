"""Moved to :mod:`ofrenda_rules.bots.playout` (the bots package); this module re-exports its names."""

from ofrenda_rules.bots.playout import *  # noqa: F403
from ofrenda_rules.bots.playout import __all__ as __all__
