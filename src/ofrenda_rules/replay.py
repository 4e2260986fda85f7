"""Moved to :mod:`ofrenda_rules.replays` (the replays package); this module re-exports its names."""

from ofrenda_rules.replays import *  # noqa: F403
from ofrenda_rules.replays import __all__ as __all__
