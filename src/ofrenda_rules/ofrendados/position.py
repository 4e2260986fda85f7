"""Positions of Ofrendados: a compact, human-writable notation (as FEN is for chess).

A position is one line of space-separated fields; the :class:`Config`
(players, rulings, edition) is given beside it::

    PHASE:ROUND MARKET DISCARD ROLLED DRAFTED BOARD... [key=value | flag ...] [rng=SEED:COUNTER]

* A die is its colour letter and the face showing: ``Y`` yellow, ``O``
  orange, ``P`` purple, ``1``-``6`` (``Y3``); a group of dice is written with
  no separator (``Y3O5P1``), ``-`` when empty.
* Calaveritas are named by their card numbers; a list is comma-separated
  (``12,3,27``), ``-`` when empty.
* ``PHASE:ROUND`` -- the step of the round (``open``, ``roll``, ``draft``,
  ``create``, ``buy``, ``over``) and the rounds completed (0-5).
* ``MARKET`` -- the open Calaveritas in the order revealed; ``DISCARD`` -- the
  Calaveritas discarded unsold (any order).
* ``ROLLED`` -- the dice rolled this round in rolling order (yellow, then
  orange, then purple).
* ``DRAFTED`` -- each seat's drafted dice, ``/``-separated.
* ``BOARD`` -- one field per seat: ``SHEET|FLOWERS|PESOS|CARDS``. ``SHEET`` is
  the offering sheet, rows from the bottom separated by ``/``, a cell being
  ``.`` (empty) or the letter of its object: ``c`` candle (velita), ``p``
  papel picado, ``d`` pan de muerto, ``f`` fruit, ``t`` tamal, ``m`` mole,
  ``r`` portrait (retrato), ``s`` sugar-skull Calaverita. ``FLOWERS`` lists
  the Path spaces of the seat's flowers in the order placed, ``PESOS`` its
  money, ``CARDS`` its Calaveritas in the order bought.
* Then, in this order and only when they differ from their start values:
  ``acted=N`` (players done with the current create or buy step), the flags
  ``done`` (the acting player has finished buying) and ``refill`` (a bought
  card is to be replaced from the deck), ``left=DICE`` (the acting player's
  unused dice), ``pool=DICE`` (the dice left to draft, written only when a die
  power turned or rerolled one in the draft, ``DiePowerTarget.POOL``),
  ``rerolling=DIE``, ``powers=LIST`` (die-power cards used this
  turn, or this draft), ``pending=ITEMS`` (owed decisions, first first: ``draw:c`` to draw
  a candle, ``rewrite:f:12`` to turn an object into fruit with card 12) and
  ``rng=SEED:COUNTER``. Keyed fields may come in any order.

Not written, because they follow from the rest: the deck (every Calaverita
found nowhere else), the starting player (round number modulo the players),
the dice left to draft (unless a die power changed them) and the number of picks.

A 2-player game in the draft of round 1, seat 0 to pick:

>>> from ofrenda_rules.ofrendados import Config, legal_actions
>>> empty = "......./...../...../.../...|-|0|-"
>>> text = f"draft:0 9,16,26 - Y6Y2Y5O4O4O5P6P4P5 -/- {empty} {empty}"
>>> state = from_position(text, Config(players=2))
>>> [str(die) for die in state.pool], len(legal_actions(state))
(['orange 4', 'orange 4', 'orange 5', 'yellow 2', 'yellow 5', 'yellow 6'], 5)
>>> to_position(state) == text
True

Impossible positions are refused with a :class:`~ofrenda_rules.errors.PositionError`:

>>> from ofrenda_rules.errors import PositionError
>>> try:
...     from_position(text.replace("9,16,26", "9,16,9"), Config(players=2))
... except PositionError as error:
...     print(error)
card 9 appears twice in the market; every card is in exactly one place

Input is limited to :data:`MAX_POSITION_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ofrenda_rules.encodings import positions as notation
from ofrenda_rules.encodings.positions import MAX_POSITION_CHARS
from ofrenda_rules.errors import PositionError
from ofrenda_rules.ofrendados._position_checks import check_state, derive, undrafted_dice
from ofrenda_rules.ofrendados.components import Colour, ObjectKind
from ofrenda_rules.ofrendados.state import Board, Config, Die, Pending, PendingKind, Phase, State

__all__ = ["MAX_POSITION_CHARS", "from_position", "to_position"]


_COLOUR_LETTER: Final = {Colour.YELLOW: "Y", Colour.ORANGE: "O", Colour.PURPLE: "P"}
_COLOUR: Final = {letter: colour for colour, letter in _COLOUR_LETTER.items()}
_OBJECT_LETTER: Final = {
    ObjectKind.CANDLE: "c",
    ObjectKind.PAPEL_PICADO: "p",
    ObjectKind.PAN_DE_MUERTO: "d",
    ObjectKind.FRUIT: "f",
    ObjectKind.TAMAL: "t",
    ObjectKind.MOLE: "m",
    ObjectKind.PORTRAIT: "r",
    ObjectKind.CALAVERITA: "s",
}
_OBJECT: Final = {letter: kind for kind, letter in _OBJECT_LETTER.items()}
_DICE: Final = re.compile(r"(?:[YOP][1-6])+")
_PENDING: Final = re.compile(r"draw:([cpdftmrs])|rewrite:([cpdftmrs]):([0-9]{1,3})")
_PHASES: Final = {phase.value: phase for phase in Phase}
_FLAGS: Final = ("done", "refill")
_KEYS: Final = ("acted", "done", "refill", "left", "pool", "rerolling", "powers", "pending", "rng")


def _dice(dice: Sequence[Die]) -> str:
    return "".join(f"{_COLOUR_LETTER[die.colour]}{die.pips}" for die in dice) or "-"


def _list(items: Sequence[int]) -> str:
    return ",".join(str(item) for item in items) or "-"


def _pending(item: Pending) -> str:
    letter = _OBJECT_LETTER[item.object]
    return f"draw:{letter}" if item.kind is PendingKind.DRAW else f"rewrite:{letter}:{item.card}"


def _cell(kind: ObjectKind | None) -> str:
    return "." if kind is None else _OBJECT_LETTER[kind]


def _board(board: Board, config: Config) -> str:
    rows = "/".join("".join(_cell(board.sheet[cell]) for cell in row) for row in config.edition.sheet.rows)
    return f"{rows}|{_list(board.flowers)}|{board.pesos}|{_list(board.cards)}"


def to_position(state: State) -> str:
    """The position of ``state`` in the notation of this module (one canonical line).

    >>> from ofrenda_rules.ofrendados import Config, new_game
    >>> to_position(new_game(Config(players=2))).split()[:5]
    ['open:0', '-', '-', '-', '-/-']
    """
    config = state.config
    fields = [
        f"{state.phase.value}:{state.round}",
        _list(state.market),
        _list(state.discard),
        _dice(state.rolled),
        "/".join(_dice(dice) for dice in state.drafted),
        *(_board(board, config) for board in state.boards),
    ]
    if state.acted:
        fields.append(f"acted={state.acted}")
    fields += notation.flag_fields(_FLAGS, (state.turn_done, state.refill))
    if state.dice_left:
        fields.append(f"left={_dice(state.dice_left)}")
    if state.phase is Phase.DRAFT and state.pool != undrafted_dice(state):  # turned or rerolled by a die power
        fields.append(f"pool={_dice(state.pool)}")
    if state.rerolling is not None:
        fields.append(f"rerolling={_dice((state.rerolling,))}")
    if state.powers_used:
        fields.append(f"powers={_list(state.powers_used)}")
    if state.pending:
        fields.append(f"pending={','.join(_pending(item) for item in state.pending)}")
    return notation.join_fields(fields, state.rng)


def _parse_dice(text: str, what: str) -> tuple[Die, ...]:
    return notation.parse_group(text, what, pattern=_DICE, items="dice", example="Y3O5P1", parse=_read_dice)


def _read_dice(group: str) -> tuple[Die, ...]:
    return tuple(Die(_COLOUR[group[i]], int(group[i + 1])) for i in range(0, len(group), 2))


def _parse_board(text: str, seat: int, config: Config) -> Board:
    what = f"board {seat}"
    parts = text.split("|")
    if len(parts) != 4:
        raise PositionError(f"{what}: {text!r} is not 4 '|'-separated parts (SHEET|FLOWERS|PESOS|CARDS)")
    sheet_text, flowers, pesos, cards = parts
    spec = config.edition.sheet
    rows = sheet_text.split("/")
    widths = [len(row) for row in spec.rows]
    if [len(row) for row in rows] != widths or not all(re.fullmatch(r"[.cpdftmrs]*", row) for row in rows):
        raise PositionError(
            f"{what}: the sheet {sheet_text!r} is not {len(widths)} '/'-separated rows of {widths} cells "
            "('.' or an object letter c p d f t m r s), bottom row first"
        )
    sheet: list[ObjectKind | None] = [None] * spec.size
    for row, cells in zip(rows, spec.rows, strict=True):
        for char, cell in zip(row, cells, strict=True):
            sheet[cell] = None if char == "." else _OBJECT[char]
    return Board(
        sheet=tuple(sheet),
        flowers=notation.parse_numbers(flowers, f"{what} flowers", "12,3,27"),
        pesos=notation.parse_number(pesos, f"{what} pesos", digits=4),
        cards=notation.parse_numbers(cards, f"{what} cards", "12,3,27"),
    )


def _parse_pending(text: str) -> tuple[Pending, ...]:
    items = []
    for item in text.split(","):
        match = _PENDING.fullmatch(item)
        if match is None:
            raise PositionError(f"pending: {item!r} is not 'draw:OBJECT' or 'rewrite:OBJECT:CARD'")
        if match[1]:
            items.append(Pending(PendingKind.DRAW, _OBJECT[match[1]]))
        else:
            items.append(Pending(PendingKind.REWRITE, _OBJECT[match[2]], int(match[3])))
    return tuple(items)


def from_position(text: str, config: Config) -> State:
    """The state that ``text`` describes under ``config`` (the inverse of :func:`to_position`).

    Raises:
        PositionError: the text is malformed, or describes a position that no
            game under these rules reaches; the message names what is wrong.

    """
    n = config.players
    layout = "PHASE:ROUND MARKET DISCARD ROLLED DRAFTED and a BOARD per seat"
    fields, phase, round_text = notation.split_head(text, players=n, fixed=5, layout=layout, phases=_PHASES)
    rnd = notation.parse_number(round_text, "ROUND", digits=4)
    drafted_parts = fields[4].split("/")
    if len(drafted_parts) != n:
        raise PositionError(f"DRAFTED: {len(drafted_parts)} seats given, the game has {n}")
    keyed = notation.keyed_fields(fields[5 + n :], keys=_KEYS, flags=_FLAGS, position="an Ofrendados position")
    rerolling = _parse_dice(keyed.get("rerolling", "-"), "rerolling")
    if len(rerolling) > 1:
        raise PositionError("rerolling: one die")
    parsed = State(
        config=config,
        round=rnd,
        first_player=rnd % n,
        phase=phase,
        deck=(),
        market=notation.parse_numbers(fields[1], "MARKET", "12,3,27"),
        discard=tuple(sorted(notation.parse_numbers(fields[2], "DISCARD", "12,3,27"))),
        refill="refill" in keyed,
        rolled=_parse_dice(fields[3], "ROLLED"),
        pool=(),
        picks=0,
        drafted=tuple(tuple(sorted(_parse_dice(part, f"dice of seat {s}"))) for s, part in enumerate(drafted_parts)),
        acted=notation.parse_number(keyed["acted"], "acted", digits=4) if "acted" in keyed else 0,
        turn_done="done" in keyed,
        dice_left=tuple(sorted(_parse_dice(keyed.get("left", "-"), "left"))),
        rerolling=rerolling[0] if rerolling else None,
        powers_used=notation.parse_numbers(keyed.get("powers", "-"), "powers", "12,3,27"),
        pending=_parse_pending(keyed["pending"]) if "pending" in keyed else (),
        boards=tuple(_parse_board(fields[5 + s], s, config) for s in range(n)),
        rng=notation.parse_rng(keyed["rng"]) if "rng" in keyed else None,
    )
    state = derive(parsed, tuple(sorted(_parse_dice(keyed["pool"], "pool"))) if "pool" in keyed else None)
    check_state(state)
    return state
