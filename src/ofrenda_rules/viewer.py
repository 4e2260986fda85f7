"""Moved to :mod:`ofrenda_rules.replays.viewer` (the replays package); this module re-exports its names."""

from ofrenda_rules.replays.viewer import *  # noqa: F403
from ofrenda_rules.replays.viewer import __all__ as __all__
