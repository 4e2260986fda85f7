"""SVG pictures of a Portents table: the altar in its ring of omens, hands, collections and the Kitty.

:func:`render_svg` draws a :class:`~ofrenda_rules.portents.state.State` face
up (the whole table, the bag's contents included: an omniscient picture) or a
:class:`~ofrenda_rules.portents.view.View` as its seat sees it: everything on
the table -- hands are played face up in Portents -- but the bag only as a
count of tiles, and the seat marked "you". A spectator's view
(:func:`~ofrenda_rules.portents.view.observe_public`) is drawn the same, titled
as a spectator's, with no seat marked "you".

The board is laid out like the printed one: the 3x3 altar (spaces numbered
0-8 from the north-west), the sixteen omen slots around it named as the
edition names them, faint lines along the eight lanes, Burnt Offerings drawn
dark with a flame and the word "lit", and new Portents waiting for their
Burnt Offerings marked along their lanes. Every tile and omen shows its
colour *and* its shape as a picture and in words (the colours are the
Okabe-Ito colour-blind-safe ones, never the only clue). In the solo game the
Kitty sits outside the slot it points at, with the tile on its token, its
hat once it has circled the altar, and its steps.

>>> from ofrenda_rules.portents import Config, new_game, observe
>>> svg = render_svg(new_game(Config(players=1), seed=1))
>>> svg.startswith("<svg") and "The Kitty" in svg
True
>>> "Bag: 3 tiles" in render_svg(observe(new_game(Config(players=1), seed=1), 0))
True
"""

from __future__ import annotations

from ofrenda_rules.portents.picture.layout import COLOUR_FILLS as COLOUR_FILLS
from ofrenda_rules.portents.picture.render import render_svg as render_svg

__all__ = ["COLOUR_FILLS", "render_svg"]
