"""Action ids of Portents: a stable, dense numbering of every action.

Signs (tiles and omens) are numbered in :class:`~ofrenda_rules.portents.components.Sign`
order (``s``: yellow skull 0 ... white wing 15), sides in
:class:`~ofrenda_rules.portents.components.Side` order (north, east, south,
west) and pushes by :data:`~ofrenda_rules.portents.turn.SHIFTS` (the 19 ways
to push 1 to 3 tiles off a side's three lanes), so ``i`` below is a push's
index there.

==========  =======================  =============================================================
numbering   ids                      action
==========  =======================  =============================================================
decision    ``0 .. 75``              ``Push(side, SHIFTS[i])``: ``19 * side + i``
decision    ``76``                   ``Pass()``
decision    ``77 .. 220``            ``Place(space, sign)``: ``77 + 16 * space + s``
decision    ``221 .. 229``           ``Light(space)``: ``221 + space``
decision    ``230 .. 245``           ``Sacrifice(sign)``: ``230 + s`` (Feed the Cat only)
chance      ``0 .. 15``              ``DrawOmen(sign)``: ``s``
chance      ``16 .. 31``             ``DrawTile(sign)``: ``16 + s``
chance      ``32 .. 33``             ``ChooseFirst(seat)`` (two players only)
==========  =======================  =============================================================

>>> from ofrenda_rules.portents import Config, Place, Sign
>>> config = Config()
>>> num_distinct_actions(config), max_chance_outcomes(config)
(230, 34)
>>> encode_action(config, Place(4, Sign.RED_CLAW))
146
>>> decode_action(config, 146)
Place(space=4, tile=Sign.RED_CLAW)
>>> num_distinct_actions(Config(players=1, feed_the_cat=True))
246
>>> max_decisions(config), max_decisions(Config(players=1))
(2401, 384)
"""

from __future__ import annotations

from typing import Final

from ofrenda_rules.encodings.action_ids import ActionCodec, GameCodec
from ofrenda_rules.portents import actions
from ofrenda_rules.portents.actions import Action
from ofrenda_rules.portents.components import LANES, SPACES, Side, Sign
from ofrenda_rules.portents.kitty import CIRCUIT
from ofrenda_rules.portents.state import Config
from ofrenda_rules.portents.turn import SHIFTS

__all__ = ["max_decisions"]
__all__ += ["action_codec", "decode_action", "encode_action", "max_chance_outcomes", "num_distinct_actions"]


def _build(config: Config) -> ActionCodec[Action]:
    edition = config.edition
    tiles = [sign for sign in Sign if sign in edition.tiles]
    omens = [sign for sign in Sign if sign in edition.omens]
    decisions: list[Action] = [actions.Push(side, shifts) for side in Side for shifts in SHIFTS]
    decisions.append(actions.Pass())
    decisions.extend(actions.Place(space, tile) for space in range(SPACES) for tile in tiles)
    decisions.extend(actions.Light(space) for space in range(SPACES))
    if config.feed_the_cat:
        decisions.extend(actions.Sacrifice(tile) for tile in tiles)
    chance: list[Action] = [actions.DrawOmen(omen) for omen in omens]
    chance.extend(actions.DrawTile(tile) for tile in tiles)
    if not config.solo:
        chance.extend(actions.ChooseFirst(seat) for seat in range(config.players))
    return ActionCodec("Portents", decisions, chance)


_PLAYER_TURN: Final = 1 + 3 + len(LANES)
"""Decisions in one turn: a push (or a pass), at most 3 placements (1 to 3 tiles pushed off), and one light per
new Portent, at most one per lane."""


def max_decisions(config: Config) -> int:
    """An upper bound on the player decisions in one game (draws not counted).

    A player turn is at most one push or pass, three placements and one
    light per lane that became a Portent (see ``_PLAYER_TURN``), plus the
    sacrifice with Feed the Cat. Two players play at most ``turn_limit``
    turns, after the second player's starting Burnt Offering. Solo, the Kitty
    steps at least once after each of the player's turns and wins after two
    circuits of the altar (``2 * 16`` steps), so the player has at most 32
    turns.
    """
    if config.solo:
        return 2 * CIRCUIT * (_PLAYER_TURN + (1 if config.feed_the_cat else 0))
    return 1 + config.turn_limit * _PLAYER_TURN


_CODEC: Final = GameCodec(Config, _build)
"""The id functions (:class:`~ofrenda_rules.encodings.action_ids.GameCodec`), exported under their names."""
action_codec, encode_action, decode_action = _CODEC.action_codec, _CODEC.encode_action, _CODEC.decode_action
num_distinct_actions, max_chance_outcomes = _CODEC.num_distinct_actions, _CODEC.max_chance_outcomes
