"""A plain-text picture of a Portents position, for logs, the CLI and the docs.

Signs are written as two letters, colour then shape: ``Y``/``R``/``B``/``W``
(yellow, red, blue, white) and ``S``/``C``/``H``/``W`` (skull, claw,
wisHbone, wing); ``*`` marks a Burnt Offering, ``..`` an empty space, ``--``
an empty omen slot, and ``K`` the Kitty's slot in the solo game.

>>> from ofrenda_rules.portents import Config, new_game
>>> print(render(new_game(Config(players=1), seed=1)))
       NW   N1   N2   N3   NE
       YC   RC   BH   RS   WC
   W1  WW   BW   YS   RH   YH   E1
   W2  BS   RW   YC   YW   BC   E2
   W3  WH   BC   WC   BH   RW   E3
       RH   YW   BW   WS   YS
       SW   S1  >S2   S3   SE
player 0: hand YH RC WW; omens -
kitty: at S2, 0 steps; token WH; bag RS BS WS; omens -
"""

from __future__ import annotations

from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.kitty import kitty_slot
from ofrenda_rules.portents.state import State

__all__ = ["code", "render"]

_SHAPE_LETTER = {"skull": "S", "claw": "C", "wishbone": "H", "wing": "W"}


def code(sign: Sign | None, empty: str = "..") -> str:
    """The two-letter code of a sign (``"RC"`` for the Red Claw), or ``empty``."""
    if sign is None:
        return empty
    colour: str = sign.colour.value
    return colour[0].upper() + _SHAPE_LETTER[sign.shape.value]


def render(state: State) -> str:
    """The altar inside its ring of omens, then hands, collections and (solo) the Kitty."""
    names = state.config.edition.slot_names
    omen = [code(o, "--") for o in state.omens]
    mark = [" "] * 16
    if state.config.solo:
        mark[kitty_slot(state)] = ">"

    def cell(space: int) -> str:
        return code(state.altar[space]) + ("*" if state.lit[space] else " ") + "  "

    def labels(slots: tuple[int, ...]) -> str:
        return ("      " + "".join(f"{mark[s]}{names[s]:<4}" for s in slots)).rstrip()

    def omens(slots: tuple[int, ...]) -> str:
        return ("       " + "".join(f"{omen[s]:<5}" for s in slots)).rstrip()

    lines = [labels((0, 1, 2, 3, 4)), omens((0, 1, 2, 3, 4))]
    for row, (west, east) in enumerate(((15, 5), (14, 6), (13, 7))):
        cells = "".join(cell(3 * row + c) for c in range(3))
        lines.append(f"  {mark[west]}{names[west]:<3} {omen[west]}   {cells}{omen[east]}  {mark[east]}{names[east]}")
    lines.append(omens((12, 11, 10, 9, 8)))
    lines.append(labels((12, 11, 10, 9, 8)))
    if state.taken:
        lines.append(f"taken up for a reshuffle: {' '.join(code(t) for t in state.taken)}")
    for seat, hand in enumerate(state.hands):
        collected = " ".join(code(o) for o in state.collected[seat]) or "-"
        lines.append(f"player {seat}: hand {' '.join(code(t) for t in hand)}; omens {collected}")
    if state.config.solo:
        kitty = " ".join(code(o) for o in state.kitty_omens) or "-"
        hat = ", hat on" if state.kitty_steps >= 16 else ""
        lines.append(
            f"kitty: at {names[kitty_slot(state)]}, {state.kitty_steps} steps{hat}; token {code(state.token, '-')};"
            f" bag {' '.join(code(t) for t in state.bag)}; omens {kitty}"
        )
    return "\n".join(lines)
