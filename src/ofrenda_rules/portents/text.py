"""A plain-text picture of a Portents position, for logs, the CLI and the docs.

Signs are written as two letters, colour then shape: ``Y``/``R``/``B``/``W``
(yellow, red, blue, white) and ``S``/``C``/``H``/``W`` (skull, claw,
wisHbone, wing); a BS tile in capitals (``BS``, the Blue Skull tile), an omen
token in small letters (``bs``, the Blue Skull omen), so that a tile and an
omen of the same sign never read alike. ``*`` marks a Burnt Offering, ``..``
an empty space, ``--`` an empty omen slot, and ``>`` the Kitty's slot in the
solo game.

>>> from ofrenda_rules.portents import Config, new_game
>>> print(render(new_game(Config(players=1), seed=1)))
       NW   N1   N2   N3   NE
       yc   rc   bh   rs   wc
   W1  ww   BW   YS   RH   yh   E1
   W2  bs   RW   YC   YW   bc   E2
   W3  wh   BC   WC   BH   rw   E3
       rh   yw   bw   ws   ys
       SW   S1  >S2   S3   SE
Seat 1: hand YH RC WW; omens -
kitty: at S2, 0 steps; token WH; bag RS BS WS; omens -
"""

from __future__ import annotations

import textwrap
from typing import Final, assert_never

from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.portents.actions import Action, ChooseFirst, DrawOmen, DrawTile, Light, Pass, Place, Push, Sacrifice
from ofrenda_rules.portents.altar import fortune_counts, omens_collected, portents
from ofrenda_rules.portents.components import LANE_NAMES, LANES, Side, Sign, Trait
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import SLOT_LABELS, SPACE_NAMES, describe_event
from ofrenda_rules.portents.kitty import CIRCUIT, kitty_slot
from ofrenda_rules.portents.rules import current_player
from ofrenda_rules.portents.scoring import Outcome
from ofrenda_rules.portents.state import Phase, State
from ofrenda_rules.portents.tables import move_of
from ofrenda_rules.portents.view import View

__all__ = ["board", "code", "describe_action", "describe_outcome", "render", "render_text"]

_SHAPE_LETTER = {"skull": "S", "claw": "C", "wishbone": "H", "wing": "W"}


def code(sign: Sign | None, empty: str = "..", *, omen: bool = False) -> str:
    """The two-letter code of a sign, or ``empty``: ``"RC"`` for the Red Claw tile, ``"rc"`` for its omen.

    >>> from ofrenda_rules.portents import Sign
    >>> code(Sign.BLUE_SKULL), code(Sign.BLUE_SKULL, omen=True), code(None)
    ('BS', 'bs', '..')
    """
    if sign is None:
        return empty
    colour: str = sign.colour.value
    letters = colour[0].upper() + _SHAPE_LETTER[sign.shape.value]
    return letters.lower() if omen else letters


def board(
    omens: tuple[Sign | None, ...],
    altar: tuple[Sign | None, ...],
    lit: tuple[bool, ...],
    names: tuple[str, ...],
    kitty: int | None,
) -> list[str]:
    """The altar (tiles in capitals) inside its ring of omens (small letters), as lines of text.

    ``kitty`` is the Kitty's slot, marked ``>``.
    """
    omen = [code(o, "--", omen=True) for o in omens]
    mark = [" "] * 16
    if kitty is not None:
        mark[kitty] = ">"

    def cell(space: int) -> str:
        return code(altar[space]) + ("*" if lit[space] else " ") + "  "

    def labels(slots: tuple[int, ...]) -> str:
        return ("      " + "".join(f"{mark[s]}{names[s]:<4}" for s in slots)).rstrip()

    def ring(slots: tuple[int, ...]) -> str:
        return ("       " + "".join(f"{omen[s]:<5}" for s in slots)).rstrip()

    lines = [labels((0, 1, 2, 3, 4)), ring((0, 1, 2, 3, 4))]
    for row, (west, east) in enumerate(((15, 5), (14, 6), (13, 7))):
        cells = "".join(cell(3 * row + c) for c in range(3))
        lines.append(f"  {mark[west]}{names[west]:<3} {omen[west]}   {cells}{omen[east]}  {mark[east]}{names[east]}")
    lines.append(ring((12, 11, 10, 9, 8)))
    lines.append(labels((12, 11, 10, 9, 8)))
    return lines


def render(table: State | View) -> str:
    """The table alone as a compact text picture: the altar inside its ring of omens, hands, collections, the Kitty.

    A state shows everything (the bag's tiles too); a view what its seat sees
    (the bag as a count). Tiles are written in capitals and omens in small
    letters (see the module). :func:`render_text` adds whose turn it is, the
    names of the signs and what just happened.
    """
    if isinstance(table, View):
        solo = table.players == 1
        names = SLOT_LABELS
        kitty = table.kitty_slot if solo else None
        bag = f"{table.bag_size} tiles"
    else:
        solo = table.config.solo
        names = table.config.edition.slot_names
        kitty = kitty_slot(table) if solo else None
        bag = " ".join(code(t) for t in table.bag)
    lines = board(table.omens, table.altar, table.lit, names, kitty)
    if table.taken:
        lines.append(f"taken up for a reshuffle: {' '.join(code(t) for t in table.taken)}")
    for seat, hand in enumerate(table.hands):
        collected = " ".join(code(o, omen=True) for o in table.collected[seat]) or "-"
        lines.append(f"Seat {seat + 1}: hand {' '.join(code(t) for t in hand)}; omens {collected}")
    if solo and kitty is not None:
        omens = " ".join(code(o, omen=True) for o in table.kitty_omens) or "-"
        hat = ", hat on" if table.kitty_steps >= CIRCUIT else ""
        lines.append(
            f"kitty: at {names[kitty]}, {table.kitty_steps} steps{hat}; token {code(table.token, '-')};"
            f" bag {bag}; omens {omens}"
        )
    return "\n".join(lines)


_WAITING: Final = {
    Phase.OMENS: "setup -- omen tokens are drawn into the slots",
    Phase.ALTAR: "setup -- tiles are drawn onto the altar",
    Phase.RESHUFFLE: "setup -- the altar showed a Portent; its tiles are laid again",
    Phase.HANDS: "setup -- hands are dealt",
    Phase.TOKEN: "setup -- a tile is drawn for the Kitty token",
    Phase.FIRST_PLAYER: "setup -- the first player is chosen",
    Phase.FEED: "Feed the Cat -- a replacement tile is drawn from the bag",
    Phase.KITTY: "the Kitty's turn -- tiles are drawn from the bag",
}


def _fortunes(omens: tuple[Sign, ...]) -> str:
    counts = fortune_counts(omens)
    found = sorted(((n, trait.value) for trait, n in zip(Trait, counts, strict=True) if n >= 2), key=lambda x: -x[0])
    return ", ".join(f"{name} {n}" for n, name in found) or "none of 2 yet"


def _emptied(count: int) -> str:
    """``the emptied space is`` or ``the 3 emptied spaces are``."""
    return "the emptied space is" if count == 1 else f"the {count} emptied spaces are"


def _names(signs: tuple[Sign, ...]) -> str:
    return ", ".join(str(sign) for sign in signs) or "-"


def render_text(table: State | View) -> str:
    """A text board of a state (everything) or a view (what its seat sees), at most 100 columns wide.

    A spectator's view (``player`` is :data:`~ofrenda_rules.game.SPECTATOR`)
    is headed as one and marks no seat "you".

    The altar and its ring of omens (two-letter codes, see the module), then
    whose turn it is and what the game waits for, each hand and collection by
    name with the fortunes made so far, the Kitty (solo) and the most recent
    events.

    >>> from ofrenda_rules.portents import Config, new_game, observe
    >>> text = render_text(observe(new_game(Config(players=1), seed=1), 0))
    >>> for line in text.splitlines()[9:11]:
    ...     print(line)
    Seat 1 (you): hand Yellow Wishbone, Red Claw, White Wing
      omens (0): -; fortunes: none of 2 yet
    """
    if isinstance(table, View):
        solo = table.players == 1
        names = SLOT_LABELS
        kitty = table.kitty_slot if solo else None
        you: int | None = None if table.player == SPECTATOR else table.player
        to_move = table.current_player
        bag = f"{table.bag_size} tiles"
    else:
        solo = table.config.solo
        names = table.config.edition.slot_names
        kitty = kitty_slot(table) if solo else None
        you = None
        to_move = current_player(table)
        bag = _names(table.bag)
    lines = board(table.omens, table.altar, table.lit, names, kitty)
    if isinstance(table, View) and you is None:
        lines.insert(0, "a spectator's view (public information only)")
    lines.append("key: Y R B W yellow red blue white, S C H W skull claw wisHbone wing; BS tile, bs omen; * lit")
    lines.append(f"turn {table.turns + 1}: {_status(table, to_move)}")
    if table.taken:
        lines.append(f"taken up for a reshuffle: {_names(table.taken)}")
    for seat, hand in enumerate(table.hands):
        who = f"Seat {seat + 1}" + (" (you)" if seat == you else "")
        lines.append(f"{who}: hand {_names(hand)}")
        omens = table.collected[seat]
        lines.append(f"  omens ({len(omens)}): {_names(omens)}; fortunes: {_fortunes(omens)}")
    if table.pushed:
        lines.append(f"pushed off this turn (palmed once the spaces are filled): {_names(table.pushed)}")
    if table.portents:
        waiting = ", ".join(f"{p.trait.value} in {LANE_NAMES[p.lane]}" for p in table.portents)
        lines.append(f"new Portents: {waiting}; Burnt Offerings lit for them: {len(table.lit_now)}")
    lines.append(f"Burnt Offerings on the altar: {table.lit.count(True)} (4 end the game)")
    if solo and kitty is not None:
        hat = "; it wears its hat" if table.kitty_steps >= CIRCUIT else ""
        token = "none (Chaotic Cat)" if table.token is None else str(table.token)
        lines.append(f"the Kitty: at {names[kitty]}, {table.kitty_steps} of 32 steps{hat}; token {token}; bag {bag}")
        lines.append(f"  omens ({len(table.kitty_omens)}): {_names(table.kitty_omens)}")
    if table.recent_events:
        lines.append("what just happened:")
        lines.extend("  " + describe_event(event) for event in table.recent_events[-_EVENT_LINES:])
    return "\n".join(wrapped for line in lines for wrapped in _fit(line))


def _fit(line: str) -> list[str]:
    """``line`` wrapped to 100 columns, continuation lines indented under it."""
    if len(line) <= _WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.wrap(line, _WIDTH, subsequent_indent=indent)


_WIDTH: Final = 100


_EVENT_LINES: Final = 12
"""At most this many of the most recent events are listed under the board."""


def _status(table: State | View, to_move: int) -> str:
    phase = table.phase
    if phase is Phase.OVER:
        if table.winners:
            return f"game over -- Seat {table.winners[0] + 1} won ({_reason(table.reason)})"
        if table.reason is EndReason.TURN_LIMIT:
            return "game over -- a draw at the turn limit"
        return f"game over -- the Kitty won ({_reason(table.reason)})"
    if phase in _WAITING:
        return _WAITING[phase]
    if phase is Phase.OFFERING:
        return f"Seat {to_move + 1} lights any altar tile as the starting Burnt Offering"
    if phase is Phase.PUSH:
        return f"Seat {to_move + 1}, Sleight of Hand -- push 1 to 3 tiles off the altar from one side"
    if phase is Phase.PLACE:
        empty = sum(1 for tile in table.altar if tile is None)
        spaces = "the empty space" if empty == 1 else f"the {empty} empty spaces"
        return f"Seat {to_move + 1}, Sleight of Hand -- fill {spaces} from hand"
    if phase is Phase.LIGHT:
        left = len(table.portents) - len(table.lit_now)
        return f"Seat {to_move + 1}, Scrying -- light a Burnt Offering for the new Portents ({left} more at most)"
    if phase is Phase.SACRIFICE:
        return f"Seat {to_move + 1}, Feed the Cat -- sacrifice a hand tile (a bag tile replaces it)"
    raise AssertionError(f"unknown phase {phase}")  # pragma: no cover


def _reason(reason: EndReason | None) -> str:
    return "-" if reason is None else reason.value.replace("-", " ")


def describe_action(state: State, action: Action) -> str:
    """What ``action`` does in ``state``, in words: the tiles it moves, and what a last placement makes.

    >>> from ofrenda_rules.portents import Config, Light, new_game
    >>> describe_action(new_game(Config(), seed=11), Light(4))
    'Seat 2 lights the Yellow Wing on space 5 (centre) as the starting Burnt Offering'
    """
    seat = current_player(state)
    if isinstance(action, DrawOmen):
        slot = next((i for i, omen in enumerate(state.omens) if omen is None), 0)
        return f"the {action.omen} omen is drawn into slot {state.config.edition.slot_names[slot]}"
    if isinstance(action, DrawTile):
        return f"the {action.tile} is drawn {_destination(state)}"
    if isinstance(action, ChooseFirst):
        return f"Seat {action.seat + 1} goes first (Seat {2 - action.seat} lights the starting Burnt Offering)"
    if isinstance(action, Push):
        move = move_of(action)
        off = [tile for space in move.off if (tile := state.altar[space]) is not None]
        lane = "column" if action.side in (Side.NORTH, Side.SOUTH) else "row"
        lanes = ", ".join(f"{shift} off {lane} {j + 1}" for j, shift in enumerate(action.shifts) if shift)
        return (
            f"Seat {seat + 1} pushes from the {action.side.value} side ({lanes}): {_names(tuple(off))}"
            f" {'falls' if len(off) == 1 else 'fall'} off, to be palmed once {_emptied(len(move.emptied))}"
            " filled from hand"
        )
    if isinstance(action, Place):
        text = f"Seat {seat + 1} places the {action.tile} on space {action.space + 1} ({SPACE_NAMES[action.space]})"
        altar = (*state.altar[: action.space], action.tile, *state.altar[action.space + 1 :])
        if any(tile is None for tile in altar):
            return text
        return text + "; " + _forecast(state, altar)
    if isinstance(action, Pass):
        return f"Seat {seat + 1} pushes nothing and goes on to Scrying"
    if isinstance(action, Light):
        tile = state.altar[action.space]
        where = f"the {tile} on space {action.space + 1} ({SPACE_NAMES[action.space]})"
        if state.phase is Phase.OFFERING:
            return f"Seat {seat + 1} lights {where} as the starting Burnt Offering"
        serving = [p for p in state.portents if action.space in LANES[p.lane]]
        serves = ", ".join(f"the {p.trait.value} Portent in {LANE_NAMES[p.lane]}" for p in serving)
        return f"Seat {seat + 1} lights {where} as the Burnt Offering for {serves}"
    if isinstance(action, Sacrifice):
        return f"Seat {seat + 1} sacrifices the {action.tile} to the Kitty (a tile drawn from the bag replaces it)"
    assert_never(action)


def _destination(state: State) -> str:
    phase = state.phase
    if phase is Phase.ALTAR or phase is Phase.RESHUFFLE:
        space = next(i for i, tile in enumerate(state.altar) if tile is None)
        return f"onto space {space} ({SPACE_NAMES[space]})"
    if phase is Phase.HANDS:
        seat = next(s for s, hand in enumerate(state.hands) if len(hand) < 3)
        return f"into Seat {seat + 1}'s hand"
    if phase is Phase.FEED:
        return "from the bag into Seat 1's hand, replacing the sacrifice"
    if phase is Phase.KITTY and state.kitty_fill:
        space = state.kitty_fill[0]
        return f"from the bag for the Kitty, onto space {space} ({SPACE_NAMES[space]})"
    return "onto the Kitty token"


def _forecast(state: State, altar: tuple[Sign | None, ...]) -> str:
    """What the last placement leads to: the pushed tiles palmed, and the Portents and omens Scrying finds."""
    found = portents(altar, state.lit)
    palm = f"palms {_names(state.pushed)}" if state.pushed else "palms nothing"
    if not found:
        return f"then {palm}; no new Portent"
    slots = omens_collected(state.omens, found)
    made = ", ".join(f"a {p.trait.value} Portent in {LANE_NAMES[p.lane]}" for p in found)
    omens = _names(tuple(omen for slot in slots if (omen := state.omens[slot]) is not None))
    return f"then {palm}; makes {made}, collecting omens: {omens}"


def describe_outcome(outcome: Outcome) -> str:
    """The result in words: who won and how, then each seat's omens (a draw gives no places).

    >>> from ofrenda_rules.portents import EndReason
    >>> print(describe_outcome(Outcome((5, 7), (1, 0), (1,), EndReason.FORTUNE_OF_FOUR, False, 0, 31)))
    Seat 2 wins with a fortune of 4 omens, after 31 turns
      1st: Seat 2 -- 7 omens
      2nd: Seat 1 -- 5 omens
    """
    reason = outcome.reason
    turns = f"after {outcome.turns} turns"
    if len(outcome.scores) == 1:
        omens = outcome.scores[0]
        if outcome.winners:
            return (
                f"Seat 1 wins against the Kitty: the difficulty's target is met, {turns}\n"
                f"  Seat 1 -- {omens} omens; the Kitty -- {outcome.kitty_omens}"
            )
        return (
            f"the Kitty wins {_KITTY_WINS.get(reason, reason.value)}, {turns}; Seat 1 loses\n"
            f"  Seat 1 -- {omens} omens; the Kitty -- {outcome.kitty_omens}"
        )
    if not outcome.winners:
        lines = [f"a draw: the turn limit was reached and nobody wins, {turns}"]
        lines.extend(f"  Seat {seat + 1} -- {omens} omens" for seat, omens in enumerate(outcome.scores))
        return "\n".join(lines)
    (winner,) = outcome.winners
    loser = 1 - winner
    return (
        f"Seat {winner + 1} wins {_WINS.get(reason, reason.value)}, {turns}\n"
        f"  1st: Seat {winner + 1} -- {outcome.scores[winner]} omens\n"
        f"  2nd: Seat {loser + 1} -- {outcome.scores[loser]} omens"
    )


_WINS: Final = {
    EndReason.FORTUNE_OF_FOUR: "with a fortune of 4 omens",
    EndReason.TWO_FORTUNES_OF_THREE: "with two fortunes of 3 omens",
    EndReason.FOUR_OFFERINGS: "as the turn ended with 4 Burnt Offerings on the altar",
}
_KITTY_WINS: Final = {
    EndReason.KITTY_CIRCLED: "by circling the altar twice",
    EndReason.KITTY_FORTUNE_OF_THREE: "with a fortune of 3 omens",
    EndReason.KITTY_TWO_FORTUNES_OF_TWO: "with two fortunes of 2 omens",
    EndReason.KITTY_OFFERINGS: "as a turn ended with 4 or more Burnt Offerings on the altar",
}
