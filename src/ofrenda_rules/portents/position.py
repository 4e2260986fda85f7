"""Positions of Portents: a compact, human-writable notation (as FEN is for chess).

A position is one line of space-separated fields; the :class:`Config`
(players, solo level and challenges, edition) is given beside it::

    ALTAR OMENS HANDS COLLECTED PHASE:SEAT TURNS [key=value | flag ...] [rng=SEED:COUNTER]

* A sign (a BS tile or an omen token) is two letters, colour then shape, as
  in the text picture (:mod:`ofrenda_rules.portents.text`): ``Y``/``R``/``B``/
  ``W`` (yellow, red, blue, white) and ``S``/``C``/``H``/``W`` (skull, claw,
  wisHbone, wing): ``RC`` is the Red Claw. A *group* of signs is written with
  no separator (``RCYSWW``), ``-`` when empty.
* ``ALTAR`` -- the three rows from the north, ``/``-separated, each three
  spaces from the west: a sign, followed by ``*`` for a Burnt Offering, or
  ``..`` for an empty space (``YC*RCBH/RSWCWW/BWYS..``).
* ``OMENS`` -- the 16 omen slots clockwise from the north-west corner, in four
  ``/``-separated groups of four that each start at a corner
  (NW N1 N2 N3 / NE E1 E2 E3 / SE S3 S2 S1 / SW W3 W2 W1), ``..`` for an
  empty slot.
* ``HANDS`` and ``COLLECTED`` -- each seat's hand and collected omens (in the
  order collected), ``/``-separated.
* ``PHASE:SEAT`` -- what the game waits for (a :class:`Phase` value: ``omens``,
  ``altar``, ``reshuffle``, ``hands``, ``token``, ``first-player``,
  ``offering``, ``push``, ``place``, ``light``, ``sacrifice``, ``feed``,
  ``kitty``, ``over``) and the active seat. ``TURNS``: turns completed.
* Then, in this order, and only when they differ from their start values:
  ``first=SEAT`` (who took the first turn), ``token=SIGN`` (the Kitty token),
  ``bag=GROUP``, ``taken=GROUP`` (setup: altar tiles taken up for a
  reshuffle), ``pushed=GROUP`` (tiles pushed off this turn),
  ``kitty=STEPS:GROUP`` (solo games always: the Kitty's steps and omens),
  ``lighting=SPACES`` (spaces lit this Scrying, e.g. ``4,0``), ``fill=SPACES``
  (spaces the Kitty still fills), the flags ``made-portent`` and
  ``kitty-extra``, ``setup=RESHUFFLES:REDEALS``, ``end=REASON:WINNERS`` (a
  finished game: an :class:`EndReason` value and the winning seats, ``-`` for
  none) and ``rng=SEED:COUNTER`` (a seeded game). Spaces are numbered 0-8 row
  by row from the north-west corner. The keyed fields may be given in any
  order. The new Portents of a Scrying phase follow from the altar and the
  spaces being lit.

Tiles and omens still in the box during the setup are not written: they are
every sign found nowhere else.

A two-player game, player 1 (the first player) to push its first turn, the
Blue Wing in the north-west corner lit by player 0:

>>> from ofrenda_rules.portents import Config, legal_actions
>>> text = "BW*YSBH/RSWHYC/WWYWBS WCRHWWBS/RWWSYHRC/YWBCYSRS/YCBWBHWH YHRWWC/RCBCWS -/- push:1 0 first=1 token=RH"
>>> state = from_position(text, Config())
>>> state.altar[0], state.lit[0], state.active, state.token
(Sign.BLUE_WING, True, 1, Sign.RED_WISHBONE)
>>> len(legal_actions(state)) > 0
True
>>> to_position(state) == text
True

Impossible positions are refused with a :class:`~ofrenda_rules.errors.PositionError`:

>>> from_position(text.replace("YSBH/", "YSYS/"), Config())
Traceback (most recent call last):
...
ofrenda_rules.errors.PositionError: tile YS appears twice on the altar; every tile is in exactly one place

Input is limited to :data:`MAX_POSITION_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from ofrenda_rules.encodings.positions import (
    MAX_POSITION_CHARS,
    flag_fields,
    join_fields,
    keyed_fields,
    parse_group,
    parse_rng,
    split_fields,
    split_seats,
)
from ofrenda_rules.errors import PositionError
from ofrenda_rules.portents._position_checks import check_state
from ofrenda_rules.portents.altar import portents
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.state import Config, EndReason, Phase, Portent, State
from ofrenda_rules.portents.text import code

__all__ = ["MAX_POSITION_CHARS", "from_position", "to_position"]


_SIGN: Final = {code(sign): sign for sign in Sign}
_GROUP: Final = re.compile(r"(?:[YRBW][SCHW])+")
_CELL: Final = re.compile(r"\.\.|[YRBW][SCHW]\*?")
_ROW: Final = re.compile(r"(?:\.\.|[YRBW][SCHW]\*?){3}")
_OMEN_ROW: Final = re.compile(r"(?:\.\.|[YRBW][SCHW]){4}")
_SEAT: Final = re.compile(r"[01]")
_COUNT: Final = re.compile(r"[0-9]{1,6}")
_SPACES: Final = re.compile(r"[0-8](?:,[0-8]){0,8}")
_PAIR: Final = re.compile(r"([0-9]{1,20}):([0-9]{1,20})")
_PHASES: Final = {phase.value: phase for phase in Phase}
_REASONS: Final = {reason.value: reason for reason in EndReason}
_KEYS: Final = (
    "first",
    "token",
    "bag",
    "taken",
    "pushed",
    "kitty",
    "lighting",
    "fill",
    "made-portent",
    "kitty-extra",
    "setup",
    "end",
    "rng",
)
_FLAGS: Final = ("made-portent", "kitty-extra")


def _group(signs: Iterable[Sign]) -> str:
    return "".join(code(sign) for sign in signs) or "-"


def _spaces(spaces: Sequence[int]) -> str:
    return ",".join(str(space) for space in spaces)


def to_position(state: State) -> str:
    """The position of ``state`` in the notation of this module (one canonical line).

    >>> from ofrenda_rules.portents import Config, new_game
    >>> to_position(new_game(Config(players=1)))
    '....../....../...... ......../......../......../........ - - omens:0 0 kitty=0:-'
    """
    altar = "/".join(
        "".join(code(state.altar[s]) + ("*" if state.lit[s] else "") for s in range(row, row + 3)) for row in (0, 3, 6)
    )
    omens = "/".join("".join(code(state.omens[s]) for s in range(group, group + 4)) for group in (0, 4, 8, 12))
    fields = [
        altar,
        omens,
        "/".join(_group(hand) for hand in state.hands),
        "/".join(_group(omens) for omens in state.collected),
        f"{state.phase.value}:{state.active}",
        str(state.turns),
    ]
    if state.first_player:
        fields.append(f"first={state.first_player}")
    if state.token is not None:
        fields.append(f"token={code(state.token)}")
    for key, group in (("bag", state.bag), ("taken", state.taken), ("pushed", state.pushed)):
        if group:
            fields.append(f"{key}={_group(group)}")
    if state.config.solo:
        fields.append(f"kitty={state.kitty_steps}:{_group(state.kitty_omens)}")
    if state.lit_now:
        fields.append(f"lighting={_spaces(state.lit_now)}")
    if state.kitty_fill:
        fields.append(f"fill={_spaces(state.kitty_fill)}")
    fields += flag_fields(_FLAGS, (state.made_portent, state.kitty_extra))
    if state.reshuffles or state.redeals:
        fields.append(f"setup={state.reshuffles}:{state.redeals}")
    if state.reason is not None:
        winners = "".join(str(seat) for seat in state.winners) or "-"
        fields.append(f"end={state.reason.value}:{winners}")
    return join_fields(fields, state.rng)


def _signs(text: str, what: str) -> tuple[Sign, ...]:
    return parse_group(text, what, pattern=_GROUP, items="signs", example="RCYSWW", parse=_read_signs)


def _read_signs(group: str) -> tuple[Sign, ...]:
    return tuple(_SIGN[group[i : i + 2]] for i in range(0, len(group), 2))


def _count(text: str, what: str) -> int:
    if not _COUNT.fullmatch(text):
        raise PositionError(f"{what}: {text!r} is not a count")
    return int(text)


def _pair(text: str, what: str) -> tuple[int, int]:
    match = _PAIR.fullmatch(text)
    if match is None:
        raise PositionError(f"{what}: {text!r} is not two counts 'A:B'")
    return int(match[1]), int(match[2])


def _parse_altar(text: str) -> tuple[tuple[Sign | None, ...], tuple[bool, ...]]:
    rows = text.split("/")
    if len(rows) != 3 or not all(_ROW.fullmatch(row) for row in rows):
        raise PositionError(
            f"ALTAR: {text!r} is not three '/'-separated rows of three spaces (a sign, '*' when lit, or '..')"
        )
    cells = [cell for row in rows for cell in _CELL.findall(row)]
    altar = tuple(None if cell == ".." else _SIGN[cell[:2]] for cell in cells)
    return altar, tuple(cell.endswith("*") for cell in cells)


def _parse_omens(text: str) -> tuple[Sign | None, ...]:
    groups = text.split("/")
    if len(groups) != 4 or not all(_OMEN_ROW.fullmatch(group) for group in groups):
        raise PositionError(f"OMENS: {text!r} is not four '/'-separated groups of four slots (a sign or '..')")
    flat = "".join(groups)
    return tuple(None if flat[i : i + 2] == ".." else _SIGN[flat[i : i + 2]] for i in range(0, 32, 2))


def from_position(text: str, config: Config) -> State:
    """The state that ``text`` describes under ``config`` (the inverse of :func:`to_position`).

    Raises:
        PositionError: the text is malformed, or describes a position that no
            game under these rules reaches; the message names what is wrong.

    """
    fields = split_fields(text)
    if len(fields) < 6:
        raise PositionError(
            f"a position has 6 fields (ALTAR OMENS HANDS COLLECTED PHASE:SEAT TURNS) before the keyed ones, "
            f"not {len(fields)}"
        )
    n = config.players
    altar, lit = _parse_altar(fields[0])
    omens = _parse_omens(fields[1])
    hands = tuple(_signs(part, f"hand {seat}") for seat, part in enumerate(split_seats(fields[2], "HANDS", n)))
    collected = tuple(
        _signs(part, f"omens of seat {seat}") for seat, part in enumerate(split_seats(fields[3], "COLLECTED", n))
    )
    phase_text, _, seat_text = fields[4].partition(":")
    if phase_text not in _PHASES:
        raise PositionError(f"PHASE: {phase_text!r} is not one of {', '.join(_PHASES)}")
    phase = _PHASES[phase_text]
    if not _SEAT.fullmatch(seat_text) or int(seat_text) >= n:
        raise PositionError(f"PHASE:SEAT: {seat_text!r} is not a seat (0 to {n - 1})")
    turns = _count(fields[5], "TURNS")
    keyed = keyed_fields(fields[6:], keys=_KEYS, flags=_FLAGS, position="a Portents position")
    first = keyed.get("first", "0")
    if not _SEAT.fullmatch(first) or int(first) >= n:
        raise PositionError(f"first: {first!r} is not a seat (0 to {n - 1})")
    token_group = _signs(keyed.get("token", "-"), "token")
    if len(token_group) > 1:
        raise PositionError(f"token: one tile, not {keyed['token']!r}")
    kitty_steps = 0
    kitty_omens: tuple[Sign, ...] = ()
    if "kitty" in keyed and not config.solo:
        raise PositionError("kitty=STEPS:OMENS belongs to the solo game; a two-player game has no Kitty turns")
    if "kitty" in keyed:
        steps_text, _, omens_text = keyed["kitty"].partition(":")
        kitty_steps = _count(steps_text, "kitty steps")
        kitty_omens = _signs(omens_text, "kitty omens")
    elif config.solo:
        raise PositionError("a solo position gives the Kitty's steps and omens (kitty=STEPS:OMENS)")
    spaces = {}
    for key in ("lighting", "fill"):
        value = keyed.get(key, "")
        if value and not _SPACES.fullmatch(value):
            raise PositionError(f"{key}: {value!r} is not a list of spaces 0-8 ('4,0')")
        spaces[key] = tuple(int(space) for space in value.split(",")) if value else ()
    reshuffles, redeals = _pair(keyed["setup"], "setup") if "setup" in keyed else (0, 0)
    reason: EndReason | None = None
    winners: tuple[int, ...] = ()
    if "end" in keyed:
        reason_text, _, winners_text = keyed["end"].partition(":")
        if reason_text not in _REASONS:
            raise PositionError(f"end: {reason_text!r} is not one of {', '.join(_REASONS)}")
        reason = _REASONS[reason_text]
        if winners_text != "-" and not re.fullmatch(r"[01]{1,2}", winners_text):
            raise PositionError(f"end: the winners {winners_text!r} are seats ('0', '01') or '-'")
        winners = () if winners_text == "-" else tuple(int(c) for c in winners_text)
    lit_now = spaces["lighting"]
    state = State(
        config=config,
        phase=phase,
        omens=omens,
        altar=altar,
        lit=lit,
        taken=tuple(sorted(_signs(keyed.get("taken", "-"), "taken"))),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        pushed=_signs(keyed.get("pushed", "-"), "pushed"),
        token=token_group[0] if token_group else None,
        bag=tuple(sorted(_signs(keyed.get("bag", "-"), "bag"))),
        collected=collected,
        kitty_omens=kitty_omens,
        kitty_steps=kitty_steps,
        active=int(seat_text),
        first_player=int(first),
        portents=_scrying_portents(altar, lit, lit_now) if phase is Phase.LIGHT else (),
        lit_now=lit_now,
        made_portent="made-portent" in keyed,
        kitty_extra="kitty-extra" in keyed,
        kitty_fill=spaces["fill"],
        turns=turns,
        reshuffles=reshuffles,
        redeals=redeals,
        winners=winners,
        reason=reason,
        rng=parse_rng(keyed["rng"]) if "rng" in keyed else None,
    )
    check_state(state)
    return state


def _scrying_portents(
    altar: tuple[Sign | None, ...], lit: tuple[bool, ...], lit_now: tuple[int, ...]
) -> tuple[Portent, ...]:
    """The new Portents of a Scrying phase: those on the altar before this phase's lights."""
    before = tuple(flag and space not in lit_now for space, flag in enumerate(lit))
    return portents(altar, before)
