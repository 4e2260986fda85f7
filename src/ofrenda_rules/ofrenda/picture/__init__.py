"""SVG pictures of a game of Ofrenda: the Family board, the goals, the Abuela and every player's Ofrenda.

:func:`render_svg` draws a :class:`~ofrenda_rules.ofrenda.state.State` (the
whole table face up, every hand and the solo mode's removed portraits
included -- an omniscient picture) or a :class:`~ofrenda_rules.ofrenda.view.View`
(what one seat may see: the other hands as face-down cards, the deck and the
candle bag as counts). The picture is standalone SVG text, the same text for
the same subject.

Each Ofrenda is the printed 5-4-3 pyramid: portraits show their family branch
(colour, a shape and the name), favourite offering, objective and lit or unlit
side; golden slots have a thick gold frame and say ``x2``; marigold-flower and
crossed-out slots say ``+1`` or ``-1 marigold`` while empty; the candle and
marigold slots sit between the three card slots they touch. Every colour that
carries meaning is also written out.

>>> from ofrenda_rules import ofrenda
>>> state = ofrenda.new_game(ofrenda.Config(players=2), seed=3)
>>> svg = render_svg(ofrenda.observe(state, 0))
>>> svg.startswith("<svg") and "Seat 1 (you)" in svg
True
"""

from __future__ import annotations

from ofrenda_rules.ofrenda.picture.render import render_svg as render_svg

__all__ = ["render_svg"]
