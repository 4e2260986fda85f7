"""SVG pictures of an Ofrendados table.

:func:`render_svg` draws a :class:`~ofrenda_rules.ofrendados.state.State`
(the whole table, an omniscient picture) or a
:class:`~ofrenda_rules.ofrendados.view.View` (what one seat sees, with that
seat marked "you"; a spectator's view, :func:`~ofrenda_rules.ofrendados.view.observe_public`, marks no
seat) as one standalone SVG document:

* the Path from Mictlán to the land of the living, every space with its
  number, flower type (letter and colour) and bonus, Quetzalcóatl's head
  between the two sides, the end bonus, and every player's flower tokens
  (numbered discs in the player's colour; players with no flower yet wait in
  Mictlán);
* the dice of the round: the pool left to draft, the shared purple dice, the
  acting player's dice still to use, a die being rerolled -- each with its
  colour letter, pips and what the face gives;
* the market: each open Calaverita with its number, name, colour, cost and
  effect; the deck and the discard as counts (a state also lists the deck's
  cards, which are unordered);
* each player's offering sheet as the stepped altar, every drawn object in its
  cell (an icon and its name), the points of each row when full, the portrait
  rows; beside it the player's pesos, flowers, position, drafted dice, cards
  bought, owed decisions and score (as if the game ended now, or the final
  result and place).

Ofrendados hides nothing but the order of the unrevealed Calaveritas, which
the state never stores, so a view shows the same table as its state, with the
deck as a count. A view carries no config: pass ``config=`` to draw it with
another edition or other scoring options than the defaults.

>>> from ofrenda_rules.ofrendados import Config, new_game, observe
>>> state = new_game(Config(players=2), seed=3)
>>> svg = render_svg(observe(state, 1))
>>> svg.startswith("<svg") and "<title>Ofrendados: Seat 2's view" in svg and "Seat 2 (you)" in svg
True
"""

from __future__ import annotations

from ofrenda_rules.ofrendados.picture.layout import WIDTH as WIDTH
from ofrenda_rules.ofrendados.picture.layout import _layout as _layout
from ofrenda_rules.ofrendados.picture.render import render_svg as render_svg

__all__ = ["WIDTH", "render_svg"]
