"""Players for every registered game: bots, the random playout, and what a finished game pays each seat.

* :mod:`~ofrenda_rules.bots.players` -- the bots (random, reference, MCTS) and how they are named;
* :mod:`~ofrenda_rules.bots.playout` -- the generic random-playout driver;
* :mod:`~ofrenda_rules.bots.utility` -- the payoffs and their bounds, for search and learning.

``from ofrenda_rules.bots import make_bot`` works as before: this package
re-exports the names of :mod:`~ofrenda_rules.bots.players`. The modules
``ofrenda_rules.playout`` and ``ofrenda_rules.utility`` re-export theirs.
"""

from ofrenda_rules.bots.players import *  # noqa: F403
from ofrenda_rules.bots.players import __all__ as __all__
