"""SVG pictures of a Día de los Muertos table.

:func:`render_svg` draws a :class:`~ofrenda_rules.dia_de_los_muertos.State`
(the whole table face up: every hand, the undealt deck and the cards set
aside, an omniscient picture) or a :class:`~ofrenda_rules.dia_de_los_muertos.View`
(what one seat may see: its own hand face up, the other hands and the deck as
face-down counts; a spectator's view from
:func:`~ofrenda_rules.dia_de_los_muertos.observe_public` shows every hand face
down). Seats sit around the table clockwise, the viewer (seat 0 for a state or
a spectator) at the bottom; the card each seat has played to the trick lies
in front of it, and the High/Low card and the deck lie in the middle. Each
seat shows its hand and its score pile (cards and points); the seat due to
play, the lead, the cards a TAKE may take and, when the game is over, the
ranking are marked in words as well as colour.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
>>> state = new_game(Config(players=4), seed=7)
>>> svg = render_svg(observe(state, 2))
>>> svg.startswith("<svg") and "Seat 3 (you)" in svg
True
"""

from __future__ import annotations

from ofrenda_rules.dia_de_los_muertos.picture.layout import WIDTH as WIDTH
from ofrenda_rules.dia_de_los_muertos.picture.render import render_svg as render_svg

__all__ = ["WIDTH", "render_svg"]
