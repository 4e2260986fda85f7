"""Positions of Ofrenda: a compact, human-writable notation (as FEN is for chess).

A position is one line of space-separated fields; the :class:`Config`
(players, variant, rulings, edition) is given beside it::

    PHASE:SEAT MARKET CANDLES HANDS BOARD... [key=value | flag ...] [rng=SEED:COUNTER]

Components are named by their numbers in the edition: portraits 0-64,
candles 0-34, goal cards 0-14, scoring tokens 0-11. A *list* is numbers
separated by commas (``12,40,3``), ``-`` when empty.

* ``PHASE:SEAT`` -- what the game waits for (a :class:`Phase` value such as
  ``take_portrait``, ``take_candle``, ``play``, ``offerings``,
  ``refill_portrait``, ``abuela_portrait``, ``setup_deal``, ``over``) and the
  seat whose turn it is.
* ``MARKET`` -- the four portrait spaces of the Family board, left to right,
  comma-separated: a portrait or ``-``, followed by ``+N`` when ``N``
  marigolds lie on it (``12+2,40,3,-``).
* ``CANDLES`` -- the four candle spaces, comma-separated, ``-`` when empty.
* ``HANDS`` -- each seat's hand, ``/``-separated lists.
* ``BOARD`` -- one field per seat, eight ``/``-separated parts:
  ``SLOTS/OFFERINGS/MARIGOLDS/CANDLES/DISCARDS/GOALS/TOKENS/TURNS``.
  ``SLOTS`` lists the filled card slots as ``SLOT:PORTRAIT``, with ``*`` when
  the portrait shows its lit side (``0:12*,5:40``); ``OFFERINGS`` the filled
  candle/marigold slots as ``SLOT:m`` (a marigold) or ``SLOT:CANDLE`` (``*``
  when lit); ``MARIGOLDS`` the marigolds in storage; ``CANDLES`` the candles
  in storage; ``DISCARDS``, ``GOALS`` (common goals fulfilled) and ``TOKENS``
  in the order gained; ``TURNS`` the turns played.
* Then, in this order and only when they differ from their start values:
  the flag ``abuela-turn``, ``removed=LIST`` (solo: the 3 portraits removed
  unseen), ``abuela-portraits=LIST`` and ``abuela-candles=LIST`` (solo: what
  the Abuela discarded), ``goals=LIST`` (the common goals in play, one per
  type in type order), ``taken=SPACE`` and ``candle=SPACE`` (the spaces this
  turn's portrait and candle came from), ``pending=LIST`` (surrounded slots
  still to decide), ``die=FACE`` (solo: the Abuela's last roll) and
  ``seen=LISTS`` (the portraits each hand holds that every player saw go
  into it, taken face up from the Family board: ``/``-separated lists, one per
  seat) and ``rng=SEED:COUNTER`` (a seeded game). Keyed fields may come in any
  order.

Not written, because they follow from the rest: the deck (every portrait of
the player count found nowhere else), the portraits and candles returned to
the box for the player count, the bag of candles, the general supply of
marigolds (the box's marigolds less all those in play) and the scoring-token
stacks (less the tokens taken).

A two-player game whose first player has taken portrait 4 from the second
space (paying a marigold onto portrait 0) and must now take a candle or
decline:

>>> from ofrenda_rules.ofrenda import Config, legal_actions
>>> empty = "-/-/3/-/-/-/-/0"
>>> text = f"take_candle:0 0+1,-,25,7 3,2,15,1 4,18,29,31/17,20,30 -/-/2/-/-/-/-/0 {empty} taken=1 seen=4/-"
>>> state = from_position(text, Config())
>>> state.supply, len(state.deck), legal_actions(state)[:2]
(30, 25, (SkipCandle(), TakeCandle(space=0)))
>>> to_position(state) == text
True

Impossible positions are refused with a :class:`~ofrenda_rules.errors.PositionError`:

>>> from ofrenda_rules.errors import PositionError
>>> try:
...     from_position(text.replace("25,7", "25,4"), Config())
... except PositionError as error:
...     print(error)
portrait 4 appears in the market and in hand 0; every portrait is in exactly one place

Input is limited to :data:`MAX_POSITION_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from ofrenda_rules.encodings.positions import (
    MAX_POSITION_CHARS,
    join_fields,
    keyed_fields,
    parse_number,
    parse_numbers,
    parse_rng,
    split_head,
)
from ofrenda_rules.errors import PositionError
from ofrenda_rules.ofrenda._position_checks import check_state, derive
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config, Phase, PlayerBoard, State

__all__ = ["MAX_POSITION_CHARS", "from_position", "to_position"]


_SPACE: Final = re.compile(r"(-|[0-9]{1,3})(?:\+([0-9]{1,3}))?")
_PLACED: Final = re.compile(r"([0-9]{1,2}):(m|[0-9]{1,3})(\*?)")
_PHASES: Final = {phase.value: phase for phase in Phase}
_KEYS: Final = (
    "abuela-turn",
    "removed",
    "abuela-portraits",
    "abuela-candles",
    "goals",
    "taken",
    "candle",
    "pending",
    "die",
    "seen",
    "rng",
)


def _list(items: Sequence[int]) -> str:
    return ",".join(str(item) for item in items) or "-"


def _board(board: PlayerBoard) -> str:
    slots = ",".join(
        f"{slot}:{card}{'*' if board.lit[slot] else ''}"
        for slot, card in enumerate(board.portraits)
        if card is not None
    )
    offerings = []
    for slot, (marigold, candle) in enumerate(zip(board.marigold_slots, board.candle_slots, strict=True)):
        if marigold:
            offerings.append(f"{slot}:m")
        if candle is not None:
            offerings.append(f"{slot}:{candle}{'*' if board.candle_lit[slot] else ''}")
    parts = (
        slots or "-",
        ",".join(offerings) or "-",
        str(board.marigolds),
        _list(board.candles),
        _list(board.discards),
        _list(board.goals_met),
        _list(board.tokens),
        str(board.turns),
    )
    return "/".join(parts)


def to_position(state: State) -> str:
    """The position of ``state`` in the notation of this module (one canonical line).

    >>> from ofrenda_rules.ofrenda import Config, new_game
    >>> to_position(new_game(Config(players=1)))
    'setup_remove:0 -,-,-,- -,-,-,- - -/-/3/-/-/-/-/0'
    """
    market = ",".join(
        ("-" if card is None else str(card)) + (f"+{pile}" if pile else "")
        for card, pile in zip(state.market, state.market_marigolds, strict=True)
    )
    fields = [
        f"{state.phase.value}:{state.seat}",
        market,
        ",".join("-" if candle is None else str(candle) for candle in state.candle_market),
        "/".join(_list(hand) for hand in state.hands),
        *(_board(board) for board in state.boards),
    ]
    if state.abuela:
        fields.append("abuela-turn")
    for key, items in (
        ("removed", state.removed),
        ("abuela-portraits", state.abuela_discards),
        ("abuela-candles", state.candle_discards),
        ("goals", state.goals),
    ):
        if items:
            fields.append(f"{key}={_list(items)}")
    for key, value in (("taken", state.taken_space), ("candle", state.candle_space)):
        if value is not None:
            fields.append(f"{key}={value}")
    if state.pending:
        fields.append(f"pending={_list(state.pending)}")
    if state.die is not None:
        fields.append(f"die={state.die}")
    if any(state.seen_in_hands):
        fields.append("seen=" + "/".join(_list(cards) for cards in state.seen_in_hands))
    return join_fields(fields, state.rng)


def _parse_board(text: str, seat: int, config: Config) -> PlayerBoard:
    parts = text.split("/")
    what = f"board {seat}"
    if len(parts) != 8:
        raise PositionError(
            f"{what}: {text!r} is not 8 '/'-separated parts "
            "(SLOTS/OFFERINGS/MARIGOLDS/CANDLES/DISCARDS/GOALS/TOKENS/TURNS)"
        )
    slots, offerings, marigolds, candles, discards, goals, tokens, turns = parts
    edition = config.edition
    cards = len(edition.coordinates)
    spaces = len(edition.board.offering_slots)
    portraits: list[int | None] = [None] * cards
    lit = [False] * cards
    for item in () if slots == "-" else slots.split(","):
        match = _PLACED.fullmatch(item)
        if match is None or match[2] == "m" or int(match[1]) >= cards:
            raise PositionError(f"{what}: {item!r} is not a card slot 0-{cards - 1} and a portrait ('5:40', '0:12*')")
        slot = int(match[1])
        if portraits[slot] is not None:
            raise PositionError(f"{what}: card slot {slot} is given twice")
        portraits[slot], lit[slot] = int(match[2]), bool(match[3])
    marigold_slots = [False] * spaces
    candle_slots: list[int | None] = [None] * spaces
    candle_lit = [False] * spaces
    for item in () if offerings == "-" else offerings.split(","):
        match = _PLACED.fullmatch(item)
        if match is None or int(match[1]) >= spaces or (match[2] == "m" and match[3]):
            raise PositionError(
                f"{what}: {item!r} is not a candle/marigold slot 0-{spaces - 1} and 'm' or a candle ('3:m', '1:7*')"
            )
        slot = int(match[1])
        if marigold_slots[slot] or candle_slots[slot] is not None:
            raise PositionError(f"{what}: candle/marigold slot {slot} holds one marigold or one candle, not two")
        if match[2] == "m":
            marigold_slots[slot] = True
        else:
            candle_slots[slot], candle_lit[slot] = int(match[2]), bool(match[3])
    return PlayerBoard(
        portraits=tuple(portraits),
        lit=tuple(lit),
        marigold_slots=tuple(marigold_slots),
        candle_slots=tuple(candle_slots),
        candle_lit=tuple(candle_lit),
        marigolds=parse_number(marigolds, f"{what} marigolds"),
        candles=tuple(sorted(parse_numbers(candles, f"{what} candles", "12,40,3"))),
        discards=parse_numbers(discards, f"{what} discards", "12,40,3"),
        goals_met=parse_numbers(goals, f"{what} goals", "12,40,3"),
        tokens=parse_numbers(tokens, f"{what} tokens", "12,40,3"),
        turns=parse_number(turns, f"{what} turns"),
    )


def _parse_seen(text: str | None, hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The ``seen=`` lists: per seat, portraits of its hand every player saw go into it."""
    if text is None:
        return ((),) * len(hands)
    parts = text.split("/")
    if len(parts) != len(hands):
        raise PositionError(f"seen: {len(parts)} seats given, the game has {len(hands)}")
    seen = []
    for s, part in enumerate(parts):
        cards = parse_numbers(part, f"seen {s}", "12,40,3")
        if len(set(cards)) != len(cards) or not set(cards) <= set(hands[s]):
            raise PositionError(f"seen {s}: {part!r} must name distinct portraits of hand {s}")
        seen.append(tuple(sorted(cards)))
    if not any(seen):
        raise PositionError("seen: every list is empty; leave the field out")
    return tuple(seen)


def _optional(keyed: dict[str, str], key: str) -> int | None:
    return parse_number(keyed[key], key) if key in keyed else None


def from_position(text: str, config: Config) -> State:
    """The state that ``text`` describes under ``config`` (the inverse of :func:`to_position`).

    Raises:
        PositionError: the text is malformed, or describes a position that no
            game under these rules reaches; the message names what is wrong.

    """
    n = config.players
    layout = "PHASE:SEAT MARKET CANDLES HANDS and a BOARD per seat"
    fields, phase, seat_text = split_head(text, players=n, fixed=4, layout=layout, phases=_PHASES)
    seat = parse_number(seat_text, "SEAT")
    if seat >= n:
        raise PositionError(f"SEAT: {seat} is not a seat (0 to {n - 1})")
    spaces = fields[1].split(",")
    candles = fields[2].split(",")
    if len(spaces) != MARKET_SIZE or len(candles) != MARKET_SIZE:
        raise PositionError(f"MARKET and CANDLES have {MARKET_SIZE} comma-separated spaces each")
    market: list[int | None] = []
    piles: list[int] = []
    for space in spaces:
        match = _SPACE.fullmatch(space)
        if match is None:
            raise PositionError(f"MARKET: {space!r} is not a portrait or '-', with '+N' for marigolds on it")
        market.append(None if match[1] == "-" else int(match[1]))
        piles.append(int(match[2] or 0))
    candle_market = tuple(None if c == "-" else parse_number(c, "CANDLES") for c in candles)
    hands_parts = fields[3].split("/")
    if len(hands_parts) != n:
        raise PositionError(f"HANDS: {len(hands_parts)} seats given, the game has {n}")
    hands = tuple(tuple(sorted(parse_numbers(part, f"hand {s}", "12,40,3"))) for s, part in enumerate(hands_parts))
    boards = tuple(_parse_board(fields[4 + s], s, config) for s in range(n))
    keyed = keyed_fields(fields[4 + n :], keys=_KEYS, flags=("abuela-turn",), position="an Ofrenda position")
    die = _optional(keyed, "die")
    seen = _parse_seen(keyed.get("seen"), hands)
    parsed = State(
        config=config,
        phase=phase,
        seat=seat,
        abuela="abuela-turn" in keyed,
        deck=(),
        box=(),
        removed=tuple(sorted(parse_numbers(keyed.get("removed", "-"), "removed", "12,40,3"))),
        abuela_discards=parse_numbers(keyed.get("abuela-portraits", "-"), "abuela-portraits", "12,40,3"),
        market=tuple(market),
        market_marigolds=tuple(piles),
        candle_market=candle_market,
        bag=(),
        candle_box=(),
        candle_discards=parse_numbers(keyed.get("abuela-candles", "-"), "abuela-candles", "12,40,3"),
        supply=0,
        hands=hands,
        boards=boards,
        goals=parse_numbers(keyed.get("goals", "-"), "goals", "12,40,3"),
        stacks=(),
        unused_tokens=(),
        taken_space=_optional(keyed, "taken"),
        candle_space=_optional(keyed, "candle"),
        pending=parse_numbers(keyed.get("pending", "-"), "pending", "12,40,3"),
        die=die,
        rng=parse_rng(keyed["rng"]) if "rng" in keyed else None,
    )
    state = attrs.evolve(derive(parsed), seen_in_hands=seen)
    check_state(state)
    return state
