"""Moved to :mod:`ofrenda_rules.encodings.action_ids` (the encodings package); this module re-exports its names."""

from ofrenda_rules.encodings.action_ids import *  # noqa: F403
from ofrenda_rules.encodings.action_ids import __all__ as __all__
