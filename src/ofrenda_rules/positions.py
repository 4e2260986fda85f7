"""Moved to :mod:`ofrenda_rules.encodings.positions` (the encodings package); this module re-exports its names."""

from ofrenda_rules.encodings.positions import *  # noqa: F403
from ofrenda_rules.encodings.positions import __all__ as __all__
