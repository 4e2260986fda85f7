"""Ofrenda as tensors: a seat's observation and its perfect-recall information state, as flat tuples of floats.

Both encoders read :class:`~ofrenda_rules.ofrenda.view.View` objects only
(a seat's or the spectator's), so they leak nothing by construction. The
layout depends on the config (its player count ``n`` and its edition: ``P``
portraits, ``K`` candles, ``S`` card slots, ``O`` candle/marigold slots, ``G``
goal cards, ``T`` scoring tokens; ``M = 4`` Family-board spaces, ``F = 10``
features, ``R = 12`` turns); its index tables are built once per config.

Seats are written *relative to the viewer*: seat block ``r`` is the seat
``(viewer + r) % n`` (the spectator's blocks start from seat 0), so block 0
is always the viewer's own. Values are one-hot or multi-hot flags, or counts
scaled by a maximum (so mostly in ``[0, 1]``).

Observation (:func:`encode_observation`), in order:

======================  ===========  ================================================================
section                 length       meaning
======================  ===========  ================================================================
``phase``               14           one-hot :class:`~ofrenda_rules.ofrenda.state.Phase`
``viewer``              n + 1        one-hot absolute seat of the viewer; the last flag: spectator
``to_move``             n + 2        one-hot relative seat to decide, then chance, then game over
``abuela``              1            the Abuela's turn (solo)
``hand``                P            the viewer's hand, multi-hot (empty for the spectator)
``hand_sizes``          n            portraits per hand / 4, relative seats
``seen_in_hands``       n * P        per relative seat, the portraits seen taken into its hand
``counts``              4            deck / P, removed / 3, candle bag / K, supply / marigold total
``market``              M * P        per space, one-hot portrait (all zero: empty space)
``market_marigolds``    M            marigolds on each space / marigold total
``candle_market``       M * K        per space, one-hot candle
``abuela_discards``     P + K        portraits, then candles, the Abuela discarded (solo)
``goals``               G + T        goal cards in play, then tokens still on their stacks
``turn_state``          M + 2 O + 6  taken space, pending slots, the first pending slot, the die face
``boards``              n * B        per relative seat an Ofrenda block of ``B`` floats (below)
======================  ===========  ================================================================

One Ofrenda block (``B = S P + S + O + O K + O + 1 + K + P + G + T + 1 + F + 1``):
per card slot a one-hot portrait (``S * P``), per card slot lit (``S``),
per offering slot a marigold (``O``), a one-hot candle (``O * K``) and lit
(``O``), marigolds in storage / marigold total, candles in storage (``K``), discarded
portraits (``P``), goals met (``G``), tokens taken (``T``), turns played /
12, portraits showing each feature / 12 (``F``, the five branches then the
five offerings), the current score / the high score bound.

The observation leaves out the view's ``recent_events`` (their effects are on
the table) and the portraits in the box (constant under a config).

Information state (:func:`encode_information_state`): the observation of the
last view, then history read from the ``recent_events`` of every view:

======================  ===========  ================================================================
section                 length       meaning
======================  ===========  ================================================================
``dealt``               P            portraits dealt to the viewer's own hand at set-up
``drawn_at``            P            per portrait, when it came to the Family board: (c + 1) / (R n + 1)
                                     with ``c`` the turns completed by then (set-up draws: ``c = 0``)
``seats``               n * H        per relative seat a history block of ``H`` floats (below)
``abuela``              A            solo only (``A = 0`` otherwise): per Abuela turn (R) a one-hot die
                                     face (6) and a one-hot second face (6); per portrait and per
                                     candle, (t + 1) / R for the Abuela turn ``t`` that discarded it
======================  ===========  ================================================================

One seat's history block (``H = 2 P + 4 R + 5 R + R + K + O + G``), turns
``t`` counted from 0 and written ``(t + 1) / R``: per portrait the turn the
seat took it face up, per portrait the turn it placed or discarded it, per
turn the one-hot space of the portrait taken (4), per turn the candle choice
(one-hot space 0-3, or 4: declined), per turn the marigolds gained from the
taken portrait / marigold total, per candle the turn taken, per offering slot the turn it
was decided (filled or left empty), per goal card the turn it was claimed.

Forgotten by the information state (beyond the observation): the order of
the events within a turn, the marigolds paid onto skipped portraits (they
follow from the spaces, except with a short supply), the candle drawn when
(only when it was taken), and a turn the seat declined to take a candle
because it could not. Histories differing only there encode alike.

>>> from ofrenda_rules.ofrenda import Config, new_game, observe
>>> config = Config(players=2)
>>> observation_shape(config), information_state_shape(config)
((3236,), (3982,))
>>> view = observe(new_game(config, seed=1), 0)
>>> x = encode_observation(config, view)
>>> len(x), sum(x[:14]), x[14:17]
(3236, 1.0, (1.0, 0.0, 0.0))
>>> len(encode_information_state(config, [view]))
3982
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from functools import partial
from itertools import compress
from operator import ne
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.encodings.information_state import IncrementalEncoder, new_events
from ofrenda_rules.encodings.observation import UNSET, Written, give_back, take
from ofrenda_rules.errors import check_seat
from ofrenda_rules.ofrenda.components import BRANCHES, OFFERINGS
from ofrenda_rules.ofrenda.edition import TURNS
from ofrenda_rules.ofrenda.events import (
    AbuelaDiscardedCandle,
    AbuelaMoved,
    CandleDeclined,
    CandlePlaced,
    CandleTaken,
    Event,
    GoalClaimed,
    MarigoldPlaced,
    PortraitDealt,
    PortraitDiscarded,
    PortraitDrawn,
    PortraitPlaced,
    PortraitTaken,
    SlotLeftEmpty,
)
from ofrenda_rules.ofrenda.rules import current_player
from ofrenda_rules.ofrenda.scoring import board_score, score_bounds
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Config, Phase, PlayerBoard, State
from ofrenda_rules.ofrenda.view import View

__all__ = [
    "InformationStateEncoder",
    "encode_information_state",
    "encode_observation",
    "observation_buffer",
    "information_state_shape",
    "observation_layout",
    "observation_shape",
    "state_observation_buffer",
]

_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(_PHASES)}
_FEATURES: Final = (*BRANCHES, *OFFERINGS)
_FACES: Final = 6
_HAND_MAX: Final = 4.0
_FEATURES_MAX: Final = 12.0
_REMOVED_MAX: Final = 3.0


@attrs.frozen
class _Board:
    """Offsets inside one Ofrenda block."""

    portraits: int
    lit: int
    marigold_slots: int
    candle_slots: int
    candle_lit: int
    marigolds: int
    candles: int
    discards: int
    goals_met: int
    tokens: int
    turns: int
    features: int
    score: int
    size: int


@attrs.frozen
class _History:
    """Offsets inside one seat's history block."""

    take_turn: int
    play_turn: int
    take_space: int
    candle_choice: int
    gained: int
    candle_turn: int
    offering_turn: int
    goal_turn: int
    size: int


_ScalarKey = tuple[int, int, Phase, bool, int | None, tuple[int, ...], int | None]
"""What the scalar flags of an observation depend on: viewer, mover, phase, Abuela, taken space, pending, die."""

_NO_VIEW: Final = "an information state needs at least the view after set-up"


@attrs.frozen(eq=False)
class _Layout:
    """Every offset and index table of one config's tensors."""

    n: int
    portraits: int
    candles: int
    cards: int
    offerings: int
    goals: int
    tokens: int
    sections: tuple[tuple[str, int, int], ...]
    offset: dict[str, int]
    board: _Board
    board_base: tuple[int, ...]
    size: int
    history: _History
    history_base: tuple[int, ...]
    abuela: int
    info_size: int
    features: tuple[tuple[int, int], ...]
    high: float
    supply_total: float
    goal_index: dict[int, int]
    zeros: list[float]
    rotations: tuple[tuple[int, ...], ...]
    """Per viewer, each seat's relative seat ``(seat - viewer) % n``."""
    no_portraits: tuple[None, ...]
    """An Ofrenda's card slots, all empty (what a kept observation's first write compares with)."""
    none_lit: tuple[bool, ...]
    """An Ofrenda's card slots, none lit."""
    board_parts: tuple[tuple[tuple[int, int], ...], ...]
    """Per viewer, per seat: the first part of the seat's Ofrenda in a kept observation and the block's offset."""
    market_rows: tuple[int, ...]
    """Per market space, the offset of its one-hot portrait row."""
    candle_rows: tuple[int, ...]
    """Per market space, the offset of its one-hot candle row."""
    scalar_cache: dict[_ScalarKey, tuple[int, ...]] = attrs.field(factory=dict)
    """The slots of an observation's scalar flags, by what they depend on (:func:`_scalar_slots`)."""
    board_cache: dict[int, tuple[PlayerBoard, tuple[tuple[int, float], ...]]] = attrs.field(factory=dict)
    """The entries of the Ofrendas encoded lately, by object identity (boards are immutable and shared)."""
    written: dict[int, Written] = attrs.field(factory=dict)
    """Per viewer, the observation written last and what it was written from (:func:`observation_buffer`)."""
    card_cache: dict[tuple[int, int], tuple[object, object, tuple[tuple[int, float], ...]]] = attrs.field(factory=dict)
    """The entries of Ofrendas' card slots encoded lately, by the identities of their two tuples (:func:`_cards_of`)."""
    offering_cache: dict[tuple[int, int, int], tuple[object, object, object, tuple[tuple[int, float], ...]]] = (
        attrs.field(factory=dict)
    )
    """The entries of Ofrendas' offering slots encoded lately, by the identities of their tuples."""
    score_cache: dict[int, tuple[object, object, object, object, object, object, int]] = attrs.field(factory=dict)
    """The scores of Ofrendas computed lately, by the identity of the tuples they read (:func:`_score`)."""


_MOST_BOARDS: Final = 512


@partial(per_config, Config)
def _layout(config: Config) -> _Layout:
    """The layout of ``config``, built once (found by identity: hashing a config hashes its edition)."""
    edition = config.edition
    n = config.players
    p, k = len(edition.portraits), len(edition.candles)
    s, o = len(edition.neighbours), len(edition.board.offering_slots)
    g, t = len(edition.goals), len(edition.tokens)
    m = MARKET_SIZE
    sections: list[tuple[str, int, int]] = []
    at = 0

    def add(name: str, length: int) -> int:
        nonlocal at
        sections.append((name, at, length))
        at += length
        return at - length

    for name, length in (
        ("phase", len(_PHASES)),
        ("viewer", n + 1),
        ("to_move", n + 2),
        ("abuela", 1),
        ("hand", p),
        ("hand_sizes", n),
        ("seen_in_hands", n * p),
        ("counts", 4),
        ("market", m * p),
        ("market_marigolds", m),
        ("candle_market", m * k),
        ("abuela_discards", p + k),
        ("goals", g + t),
        ("turn_state", m + 2 * o + _FACES),
    ):
        add(name, length)
    inner = 0
    offsets: dict[str, int] = {}
    for name, length in (
        ("portraits", s * p),
        ("lit", s),
        ("marigold_slots", o),
        ("candle_slots", o * k),
        ("candle_lit", o),
        ("marigolds", 1),
        ("candles", k),
        ("discards", p),
        ("goals_met", g),
        ("tokens", t),
        ("turns", 1),
        ("features", len(_FEATURES)),
        ("score", 1),
    ):
        offsets[name] = inner
        inner += length
    board = _Board(**offsets, size=inner)
    boards_at = add("boards", n * board.size)
    size = at
    add("dealt", p)
    add("drawn_at", p)
    inner = 0
    hist: dict[str, int] = {}
    for name, length in (
        ("take_turn", p),
        ("play_turn", p),
        ("take_space", 4 * TURNS),
        ("candle_choice", 5 * TURNS),
        ("gained", TURNS),
        ("candle_turn", k),
        ("offering_turn", o),
        ("goal_turn", g),
    ):
        hist[name] = inner
        inner += length
    history = _History(**hist, size=inner)
    seats_at = add("seats", n * history.size)
    abuela_at = add("abuela_history", (2 * _FACES * TURNS + p + k) if config.solo else 0)
    index = {name: start for name, start, _ in sections}
    rotations = tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
    feature_bit = {feature.bit: i for i, feature in enumerate(_FEATURES)}
    features = tuple(
        (feature_bit[portrait.branch.bit], feature_bit[portrait.offering.bit]) for portrait in edition.portraits
    )
    return _Layout(
        n=n,
        portraits=p,
        candles=k,
        cards=s,
        offerings=o,
        goals=g,
        tokens=t,
        sections=tuple(sections),
        offset=index,
        board=board,
        board_base=tuple(boards_at + r * board.size for r in range(n)),
        size=size,
        history=history,
        history_base=tuple(seats_at + r * history.size for r in range(n)),
        abuela=abuela_at,
        info_size=at,
        features=features,
        high=float(max(1, score_bounds(config)[1])),
        supply_total=float(max(1, config.marigold_total)),
        goal_index={goal.id: i for i, goal in enumerate(edition.goals)},
        zeros=[0.0] * at,
        rotations=rotations,
        no_portraits=(None,) * s,
        none_lit=(False,) * s,
        board_parts=tuple(
            tuple((_PARTS + r * _BOARD_PARTS, boards_at + r * board.size) for r in rotation) for rotation in rotations
        ),
        market_rows=tuple(index["market"] + space * p for space in range(m)),
        candle_rows=tuple(index["candle_market"] + space * k for space in range(m)),
    )


def observation_layout(config: Config) -> tuple[tuple[str, int, int], ...]:
    """The sections of the information-state tensor as ``(name, offset, length)``; the observation is its prefix.

    The observation is every section up to and including ``boards``.

    >>> [name for name, _, _ in observation_layout(Config(players=1))][-5:]
    ['boards', 'dealt', 'drawn_at', 'seats', 'abuela_history']
    """
    return _layout(config).sections


def observation_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_observation`'s tensor under ``config``."""
    return (_layout(config).size,)


def information_state_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_information_state`'s tensor under ``config``."""
    return (_layout(config).info_size,)


def _viewer(layout: _Layout, view: View) -> int:
    return view.player if 0 <= view.player < layout.n else 0


def _fill_observation(config: Config, layout: _Layout, view: View, x: MutableSequence[float]) -> None:
    n = layout.n
    p, k = layout.portraits, layout.candles
    off = layout.offset
    me = _viewer(layout, view)
    x[off["phase"] + _PHASE_INDEX[view.phase]] = 1.0
    x[off["viewer"] + (view.player if 0 <= view.player < n else n)] = 1.0
    mover = view.current_player
    if mover == CHANCE:
        x[off["to_move"] + n] = 1.0
    elif mover == TERMINAL:
        x[off["to_move"] + n + 1] = 1.0
    else:
        x[off["to_move"] + (mover - me) % n] = 1.0
    if view.abuela:
        x[off["abuela"]] = 1.0
    base = off["hand"]
    for card in view.hand:
        x[base + card] = 1.0
    sizes = off["hand_sizes"]
    seen = off["seen_in_hands"]
    for seat in range(n):
        r = (seat - me) % n
        x[sizes + r] = view.hand_sizes[seat] / _HAND_MAX
    for seat, cards in enumerate(view.seen_in_hands):
        r = (seat - me) % n
        for card in cards:
            x[seen + r * p + card] = 1.0
    counts = off["counts"]
    x[counts] = view.deck_size / p
    x[counts + 1] = view.removed_count / _REMOVED_MAX
    x[counts + 2] = view.bag_size / k
    x[counts + 3] = view.supply / layout.supply_total
    market, piles, candles = off["market"], off["market_marigolds"], off["candle_market"]
    for space in range(MARKET_SIZE):
        shown = view.market[space]
        if shown is not None:
            x[market + space * p + shown] = 1.0
        x[piles + space] = view.market_marigolds[space] / layout.supply_total
        lamp = view.candle_market[space]
        if lamp is not None:
            x[candles + space * k + lamp] = 1.0
    base = off["abuela_discards"]
    for card in view.abuela_discards:
        x[base + card] = 1.0
    for candle in view.candle_discards:
        x[base + p + candle] = 1.0
    base = off["goals"]
    goal_index = layout.goal_index
    for goal in view.goals:
        x[base + goal_index[goal]] = 1.0
    for stack in view.stacks:
        for token in stack:
            x[base + layout.goals + token] = 1.0
    base = off["turn_state"]
    if view.taken_space is not None:
        x[base + view.taken_space] = 1.0
    o = layout.offerings
    for slot in view.pending:
        x[base + MARKET_SIZE + slot] = 1.0
    if view.pending:
        x[base + MARKET_SIZE + o + view.pending[0]] = 1.0
    if view.die is not None:
        x[base + MARKET_SIZE + 2 * o + view.die - 1] = 1.0
    cache = layout.board_cache
    for seat, board in enumerate(view.boards):
        at = layout.board_base[(seat - me) % n]
        known = cache.get(id(board))
        if known is None or known[0] is not board:
            known = (board, _board_entries(config, layout, board))
            if len(cache) >= _MOST_BOARDS:
                cache.clear()
            cache[id(board)] = known
        for index, value in known[1]:
            x[at + index] = value


_Entries = tuple[tuple[int, float], ...]


_MOST_PARTS: Final = 2048


def _feature_sums(most: int) -> tuple[float, ...]:
    """A feature's value for each count of portraits showing it: 1/12 added that many times, as from scratch."""
    sums = [0.0]
    for _ in range(most):
        sums.append(sums[-1] + 1.0 / _FEATURES_MAX)
    return tuple(sums)


_FEATURE_SUMS: Final = _feature_sums(64)
"""Per count of portraits showing a feature, the value :func:`_card_entries` sums for it (far more than the slots)."""
_FEATURE_COUNTS: Final = {value: count for count, value in enumerate(_FEATURE_SUMS)}
"""The count of portraits whose features section value it is, per value of :data:`_FEATURE_SUMS`."""


def _card_entries(layout: _Layout, portraits: tuple[int | None, ...], lit: tuple[bool, ...]) -> _Entries:
    """The entries of a board's card slots (portraits, lit sides, features), offsets in the Ofrenda block."""
    b = layout.board
    p = layout.portraits
    features = layout.features
    found: dict[int, float] = {}
    for slot, card in enumerate(portraits):
        if card is not None:
            found[b.portraits + slot * p + card] = 1.0
            if lit[slot]:
                found[b.lit + slot] = 1.0
            for feature in features[card]:
                at = b.features + feature
                found[at] = found.get(at, 0.0) + 1.0 / _FEATURES_MAX
    return tuple(found.items())


def _offering_entries(
    layout: _Layout,
    marigold_slots: tuple[bool, ...],
    candle_slots: tuple[int | None, ...],
    candle_lit: tuple[bool, ...],
) -> _Entries:
    """The entries of a board's candle/marigold slots, offsets in the Ofrenda block."""
    b = layout.board
    k = layout.candles
    found: dict[int, float] = {}
    for slot, candle in enumerate(candle_slots):
        if marigold_slots[slot]:
            found[b.marigold_slots + slot] = 1.0
        if candle is not None:
            found[b.candle_slots + slot * k + candle] = 1.0
            if candle_lit[slot]:
                found[b.candle_lit + slot] = 1.0
    return tuple(found.items())


def _cards_of(layout: _Layout, portraits: tuple[int | None, ...], lit: tuple[bool, ...]) -> _Entries:
    """:func:`_card_entries`, kept by the identities of the two tuples together (one alone may be shared)."""
    cache = layout.card_cache
    key = (id(portraits), id(lit))
    known = cache.get(key)
    if known is not None and known[0] is portraits and known[1] is lit:
        return known[2]
    entries = _card_entries(layout, portraits, lit)
    if len(cache) >= _MOST_PARTS:
        cache.clear()
    cache[key] = (portraits, lit, entries)
    return entries


def _offerings_of(
    layout: _Layout,
    marigold_slots: tuple[bool, ...],
    candle_slots: tuple[int | None, ...],
    candle_lit: tuple[bool, ...],
) -> _Entries:
    """:func:`_offering_entries`, kept by the identities of the three tuples together."""
    cache = layout.offering_cache
    key = (id(marigold_slots), id(candle_slots), id(candle_lit))
    known = cache.get(key)
    if known is not None and known[0] is marigold_slots and known[1] is candle_slots and known[2] is candle_lit:
        return known[3]
    entries = _offering_entries(layout, marigold_slots, candle_slots, candle_lit)
    if len(cache) >= _MOST_PARTS:
        cache.clear()
    cache[key] = (marigold_slots, candle_slots, candle_lit, entries)
    return entries


def _board_entries(config: Config, layout: _Layout, board: PlayerBoard) -> _Entries:
    """The non-zero entries of one Ofrenda block, as ``(offset in the block, value)`` pairs.

    A board differs from its previous version in a part or two (its card slots, its offering slots, its
    storage...): each part's entries are kept by the identity of the tuples they are read from
    (:func:`_cards_of`, :func:`_offerings_of`) and only a changed part is encoded again.
    """
    b = layout.board
    cards = _cards_of(layout, board.portraits, board.lit)
    offerings = _offerings_of(layout, board.marigold_slots, board.candle_slots, board.candle_lit)
    storage = []
    for candle in board.candles:
        storage.append((b.candles + candle, 1.0))
    for card in board.discards:
        storage.append((b.discards + card, 1.0))
    for goal in board.goals_met:
        storage.append((b.goals_met + layout.goal_index[goal], 1.0))
    for token in board.tokens:
        storage.append((b.tokens + token, 1.0))
    storage.append((b.marigolds, board.marigolds / layout.supply_total))
    storage.append((b.turns, board.turns / TURNS))
    storage.append((b.score, board_score(config.edition, board) / layout.high))
    return cards + offerings + tuple(storage)


_SCALARS, _HAND, _SEEN, _MARKET, _CANDLES, _DISCARDS, _GOALS, _PARTS = range(8)
"""The parts of an observation kept apart by :func:`observation_buffer` (the Ofrendas follow, one per relative seat)."""


def _fill_changed(
    config: Config,
    layout: _Layout,
    written: Written,
    table: State | View,
    player: int,
    mover: int,
    hand: tuple[int, ...],
    hand_sizes: tuple[int, ...],
    counts: tuple[int, int, int],
) -> None:
    """Bring ``written``'s buffer to the observation of ``table`` for ``player``, rewriting only what changed.

    ``table`` is a view (then ``player``, ``mover``, ``hand``, ``hand_sizes`` and ``counts`` -- the deck, the
    removed portraits and the bag -- are the view's) or the state the view would be made of.
    """
    x = written.buffer
    parts = written.parts
    n = layout.n
    p, k = layout.portraits, layout.candles
    off = layout.offset
    me = player if 0 <= player < n else 0
    key = (player, mover, table.phase, table.abuela, table.taken_space, table.pending, table.die)
    scalars = layout.scalar_cache.get(key)
    if scalars is None:
        scalars = _scalar_slots(layout, key)
    written.write(_SCALARS, None, scalars)
    at = off["hand_sizes"]
    for size in hand_sizes[me:] + hand_sizes[:me]:  # in relative order: the viewer's first
        x[at] = size / _HAND_MAX
        at += 1
    at = off["counts"]
    x[at] = counts[0] / p
    x[at + 1] = counts[1] / _REMOVED_MAX
    x[at + 2] = counts[2] / k
    supply_total = layout.supply_total
    x[at + 3] = table.supply / supply_total
    # Straight-line code over the MARKET_SIZE (4) spaces: counted, a loop or ``map`` cost more instructions.
    at = off["market_marigolds"]
    pile0, pile1, pile2, pile3 = table.market_marigolds
    x[at] = pile0 / supply_total
    x[at + 1] = pile1 / supply_total
    x[at + 2] = pile2 / supply_total
    x[at + 3] = pile3 / supply_total
    if hand is not parts[_HAND]:
        base = off["hand"]
        written.write(_HAND, hand, tuple([base + card for card in hand]))  # a list: cheaper than a generator
    seen_in_hands = table.seen_in_hands
    if seen_in_hands is not parts[_SEEN]:  # per seat: a step changes one hand's
        seen = off["seen_in_hands"]
        first = _PARTS + _BOARD_PARTS * n
        for r, cards in zip(layout.rotations[me], seen_in_hands, strict=True):
            if cards is not parts[first + r]:
                base = seen + r * p
                written.write(first + r, cards, tuple([base + card for card in cards]))
        parts[_SEEN] = seen_in_hands
    market = table.market
    if market is not parts[_MARKET]:
        if None in market:
            base = off["market"]
            slots = tuple(base + i * p + c for i, c in enumerate(market) if c is not None)
        else:  # each space's row plus its portrait
            row0, row1, row2, row3 = layout.market_rows
            slots = (row0 + market[0], row1 + market[1], row2 + market[2], row3 + market[3])  # type: ignore[operator]
        written.write(_MARKET, market, slots)
    candle_market = table.candle_market
    if candle_market is not parts[_CANDLES]:
        if None in candle_market:
            base = off["candle_market"]
            slots = tuple(base + i * k + c for i, c in enumerate(candle_market) if c is not None)
        else:
            row0, row1, row2, row3 = layout.candle_rows
            slots = (
                row0 + candle_market[0],  # type: ignore[operator]  # no None here
                row1 + candle_market[1],  # type: ignore[operator]
                row2 + candle_market[2],  # type: ignore[operator]
                row3 + candle_market[3],  # type: ignore[operator]
            )
        written.write(_CANDLES, candle_market, slots)
    abuela_discards, candle_discards = table.abuela_discards, table.candle_discards
    known = parts[_DISCARDS]
    if not isinstance(known, tuple) or abuela_discards is not known[0] or candle_discards is not known[1]:
        base = off["abuela_discards"]
        slots = (*(base + card for card in abuela_discards), *(base + p + candle for candle in candle_discards))
        written.write(_DISCARDS, (abuela_discards, candle_discards), slots)
    goals, stacks = table.goals, table.stacks
    known = parts[_GOALS]
    if not isinstance(known, tuple) or goals is not known[0] or stacks is not known[1]:
        base = off["goals"]
        goal_index = layout.goal_index
        tokens = base + layout.goals
        slots = (*(base + goal_index[goal] for goal in goals), *(tokens + token for stack in stacks for token in stack))
        written.write(_GOALS, (goals, stacks), slots)
    for (part, at), board in zip(layout.board_parts[me], table.boards, strict=True):
        if board is not parts[part]:
            _fill_board(config, layout, written, part, at, board)
            parts[part] = board


def _scalar_slots(layout: _Layout, key: _ScalarKey) -> tuple[int, ...]:
    """The slots set to 1 by the scalar flags of ``key`` (see :func:`_fill_changed`), kept in the layout's cache.

    The phase, the viewer, the seat to move, the Abuela's turn, the taken space, the pending offering slots (and
    the first of them) and the die face: a few thousand keys at most under a config.
    """
    player, mover, phase, abuela, taken_space, pending, die = key
    off = layout.offset
    n = layout.n
    me = player if 0 <= player < n else 0
    if mover == CHANCE:
        moving = n
    elif mover == TERMINAL:
        moving = n + 1
    else:
        moving = (mover - me) % n
    base = off["turn_state"]
    o = layout.offerings
    scalars = [
        off["phase"] + _PHASE_INDEX[phase],
        off["viewer"] + (player if 0 <= player < n else n),
        off["to_move"] + moving,
    ]
    if abuela:
        scalars.append(off["abuela"])
    if taken_space is not None:
        scalars.append(base + taken_space)
    if pending:
        for slot in pending:
            scalars.append(base + MARKET_SIZE + slot)
        scalars.append(base + MARKET_SIZE + o + pending[0])
    if die is not None:
        scalars.append(base + MARKET_SIZE + 2 * o + die - 1)
    slots = tuple(scalars)
    cache = layout.scalar_cache
    if len(cache) >= _MOST_PARTS:
        cache.clear()
    cache[key] = slots
    return slots


_BOARD, _CARDS, _LIT, _OFFERINGS, _MARIGOLD_SLOTS, _CANDLE_LIT, _STORED, _DISCARDED, _MET, _TOKENS, _BOARD_PARTS = (
    range(11)
)
"""The parts of one Ofrenda kept apart by :func:`_fill_changed` (from the seat's first part): the board itself,
then its tuples, each compared by identity (a step changes one or two of them). After every seat's board parts,
one part per seat holds the portraits seen going into its hand."""


def _fill_board(config: Config, layout: _Layout, written: Written, part: int, at: int, board: PlayerBoard) -> None:
    """Bring the Ofrenda block at ``at`` to ``board``, rewriting only the parts of it whose tuples changed."""
    x = written.buffer
    parts = written.parts
    b = layout.board
    (
        _,
        old_portraits,
        old_lit,
        old_slots,
        old_marigolds,
        old_lit_candles,
        old_candles,
        old_discards,
        old_met,
        old_tokens,
    ) = parts[part : part + _BOARD_PARTS]
    rescore = False
    portraits, lit = board.portraits, board.lit
    if portraits is not old_portraits or lit is not old_lit:
        # Slot by slot, only the slots whose portrait or side changed (found in C: compress over map(ne, ...)).
        if old_portraits is UNSET:
            old_portraits, old_lit = layout.no_portraits, layout.none_lit
        assert isinstance(old_portraits, tuple) and isinstance(old_lit, tuple)
        p = layout.portraits
        cards_at, lit_at = at + b.portraits, at + b.lit
        slots = range(len(portraits))
        if portraits is not old_portraits:
            # A feature's value is _FEATURE_SUMS[count]: a changed slot moves its portraits' features one count.
            features, feature_pair = at + b.features, layout.features
            for slot in compress(slots, map(ne, portraits, old_portraits)):
                before, card = old_portraits[slot], portraits[slot]
                if before is not None:
                    x[cards_at + slot * p + before] = 0.0
                    branch, offering = feature_pair[before]
                    branch += features
                    x[branch] = _FEATURE_SUMS[_FEATURE_COUNTS[x[branch]] - 1]
                    offering += features
                    x[offering] = _FEATURE_SUMS[_FEATURE_COUNTS[x[offering]] - 1]
                if card is not None:
                    x[cards_at + slot * p + card] = 1.0
                    branch, offering = feature_pair[card]
                    branch += features
                    x[branch] = _FEATURE_SUMS[_FEATURE_COUNTS[x[branch]] + 1]
                    offering += features
                    x[offering] = _FEATURE_SUMS[_FEATURE_COUNTS[x[offering]] + 1]
                x[lit_at + slot] = 1.0 if card is not None and lit[slot] else 0.0
        if lit is not old_lit:
            for slot in compress(slots, map(ne, lit, old_lit)):
                x[lit_at + slot] = 1.0 if portraits[slot] is not None and lit[slot] else 0.0
        parts[part + _CARDS] = portraits
        parts[part + _LIT] = lit
        rescore = True
    marigold_slots, candle_slots, candle_lit = board.marigold_slots, board.candle_slots, board.candle_lit
    if candle_slots is not old_slots or marigold_slots is not old_marigolds or candle_lit is not old_lit_candles:
        written.place(
            part + _OFFERINGS, candle_slots, at, _offerings_of(layout, marigold_slots, candle_slots, candle_lit)
        )
        parts[part + _MARIGOLD_SLOTS] = marigold_slots
        parts[part + _CANDLE_LIT] = candle_lit
        rescore = True
    candles = board.candles
    if candles is not old_candles:
        base = at + b.candles
        written.write(part + _STORED, candles, tuple(base + candle for candle in candles))
    discards = board.discards
    if discards is not old_discards:
        base = at + b.discards
        written.write(part + _DISCARDED, discards, tuple(base + card for card in discards))
    goals_met = board.goals_met
    if goals_met is not old_met:
        base = at + b.goals_met
        goal_index = layout.goal_index
        written.write(part + _MET, goals_met, tuple(base + goal_index[goal] for goal in goals_met))
    tokens = board.tokens
    if tokens is not old_tokens:
        base = at + b.tokens
        written.write(part + _TOKENS, tokens, tuple(base + token for token in tokens))
        rescore = True
    x[at + b.marigolds] = board.marigolds / layout.supply_total
    x[at + b.turns] = board.turns / TURNS
    if rescore:  # the score reads the card slots, the offering slots and the tokens only
        x[at + b.score] = _score(config, layout, board) / layout.high


def _score(config: Config, layout: _Layout, board: PlayerBoard) -> int:
    """``board_score`` of ``board``, kept by the identity of the tuples it reads (most steps change none)."""
    known = layout.score_cache.get(id(board.portraits))
    if (
        known is not None
        and known[0] is board.portraits
        and known[1] is board.lit
        and known[2] is board.marigold_slots
        and known[3] is board.candle_slots
        and known[4] is board.candle_lit
        and known[5] is board.tokens
    ):
        return known[6]
    score = board_score(config.edition, board)
    if len(layout.score_cache) >= _MOST_PARTS:
        layout.score_cache.clear()
    layout.score_cache[id(board.portraits)] = (
        board.portraits,
        board.lit,
        board.marigold_slots,
        board.candle_slots,
        board.candle_lit,
        board.tokens,
        score,
    )
    return score


def observation_buffer(config: Config, view: View) -> array[float]:
    """``encode_observation`` of ``view`` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

    Adapters filling a preallocated tensor use it: the values are those of
    :func:`encode_observation`, without a tuple of floats to convert. It
    keeps, per config and viewer, the observation it wrote last, and rewrites
    only the parts of it that changed (the view's parts are shared from state
    to state), so reading a seat's observation at every step costs about the
    parts a step changes, not the whole tensor. :func:`state_observation_buffer`
    reads the same tensor straight from a state.
    """
    return _observed(config, _layout(config), view, None)


def _observed(config: Config, layout: _Layout, view: View, history: array[float] | None) -> array[float]:
    """:func:`observation_buffer` of ``view``, followed by ``history`` if given (in one new array: one copy)."""
    player = view.player
    written = take(layout.written, player, layout.size, _PARTS + (_BOARD_PARTS + 1) * layout.n)
    counts = (view.deck_size, view.removed_count, view.bag_size)
    _fill_changed(config, layout, written, view, player, view.current_player, view.hand, view.hand_sizes, counts)
    out = written.buffer[:] if history is None else written.buffer + history
    give_back(layout.written, player, written)
    return out


def state_observation_buffer(state: State, player: int) -> memoryview:
    """Seat ``player``'s observation tensor of ``state``, read from the state itself: no view is built.

    Its bytes are those of ``observation_buffer(state.config, observe(state,
    player))`` (and its values ``encode_observation``'s). It is a read-only
    memoryview of doubles over the observation kept for the config and seat:
    valid until the next call for that config and seat, so a caller copies it
    at once (``numpy.frombuffer`` then a copy into its own tensor, as the
    adapters do) -- no new array per read.

    Raises:
        ConfigError: ``player`` is not a seat of the game.
    """
    config = state.config
    layout = _layout(config)
    n = layout.n
    if type(player) is not int or not 0 <= player < n:
        check_seat(player, n)
    kept = layout.written  # ``take`` and ``give_back`` inlined (one call each fewer on every read)
    written = kept.pop(player, None)
    if written is None:
        written = Written(layout.size, _PARTS + (_BOARD_PARTS + 1) * n)
    counts = (len(state.deck), len(state.removed), len(state.bag))
    hands = state.hands
    mover = current_player(state)
    _fill_changed(config, layout, written, state, player, mover, hands[player], tuple(map(len, hands)), counts)
    kept[player] = written
    return memoryview(written.readonly)  # a new view each call: releasing it leaves the kept one alone


def encode_observation(config: Config, view: View) -> tuple[float, ...]:
    """``view`` (a seat's or the spectator's) as a flat tuple of floats, in the layout of the module docstring."""
    layout = _layout(config)
    x = layout.zeros[: layout.size]
    _fill_observation(config, layout, view, x)
    return tuple(x)


def encode_information_state(config: Config, views: Sequence[View]) -> tuple[float, ...]:
    """A seat's perfect-recall information state: the last view's observation, then its history.

    ``views`` is every view the seat has had, in order (after set-up and after
    each step since); see the module docstring for the layout and what it
    forgets. :class:`InformationStateEncoder` gives the same tensor view by view.

    Raises:
        ValueError: when ``views`` is empty.
    """
    if not views:
        raise ValueError(_NO_VIEW)
    return InformationStateEncoder(config).add_all(views).encode()


class InformationStateEncoder(IncrementalEncoder[Config, _Layout, View], error=ValueError, empty=_NO_VIEW):
    """Ofrenda: :func:`encode_information_state` of the views added so far; an ``IncrementalEncoder``.

    It takes the views as they come, unchecked, as :func:`encode_information_state` does.
    """

    __slots__ = ("_abuela_turn",)

    def __init__(self, config: Config) -> None:
        layout = _layout(config)
        # The history only, without the observation's zeros before it: a copy (a fork) copies that much less.
        super().__init__(config, layout, len(layout.zeros) - layout.size)
        self._abuela_turn = 0

    def _add(self, view: View) -> None:
        layout = self._layout
        x = self._history
        previous = self._last
        n = layout.n
        p = layout.portraits
        me = _viewer(layout, view)
        off = layout.offset
        start = layout.size  # ``x`` holds the tensor from the history on: every offset is moved back by the observation
        dealt, drawn_at = off["dealt"] - start, off["drawn_at"] - start
        h = layout.history
        scale = 1.0 / TURNS
        clock_scale = 1.0 / (TURNS * n + 1)
        abuela = layout.abuela - start
        turns = [0] * n if previous is None else [board.turns for board in previous.boards]
        clock = sum(turns)
        for event in new_events(previous, view):
            cls = type(event)
            if cls is PortraitDrawn:
                assert isinstance(event, PortraitDrawn)
                x[drawn_at + event.card] = (clock + 1) * clock_scale
            elif cls is PortraitDealt:
                assert isinstance(event, PortraitDealt)
                if event.card is not None and event.seat == view.player:
                    x[dealt + event.card] = 1.0
            elif cls is AbuelaMoved:
                assert isinstance(event, AbuelaMoved)
                if self._abuela_turn < TURNS and layout.abuela:
                    x[abuela + self._abuela_turn * 2 * _FACES + event.face - 1] = 1.0
                    x[abuela + 2 * _FACES * TURNS + event.card] = (self._abuela_turn + 1) * scale
                self._abuela_turn += 1
            elif cls is AbuelaDiscardedCandle:
                assert isinstance(event, AbuelaDiscardedCandle)
                turn = self._abuela_turn - 1
                if 0 <= turn < TURNS and layout.abuela:
                    x[abuela + turn * 2 * _FACES + _FACES + event.face - 1] = 1.0
                    if event.candle is not None:
                        x[abuela + 2 * _FACES * TURNS + p + event.candle] = (turn + 1) * scale
            else:
                _seat_event(layout, h, x, event, me, turns, scale)
        self._last = view

    add = _add  # the views are not checked: no call between ``add`` and the work

    def buffer(self) -> array[float]:
        """The tensor of :meth:`encode` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

        The last view's observation, kept per config and viewer and rewritten where it changed (as
        :func:`observation_buffer` does), then the history, copied once into the new array.

        Raises:
            ValueError: when no view has been added.
        """
        last = self._last
        if last is None:
            raise ValueError(_NO_VIEW)
        return _observed(self._config, self._layout, last, self._history)

    def _fill(self, out: MutableSequence[float], layout: _Layout, view: View) -> None:
        # Unused by ``buffer`` above, which copies the kept observation (rewritten where it changed) and the history
        # into one new array: counted, cheaper than filling the observation from scratch over a copy of zeros.
        _fill_observation(self._config, layout, view, out)


def _seat_event(
    layout: _Layout, h: _History, x: MutableSequence[float], event: Event, me: int, turns: list[int], scale: float
) -> None:
    """Record one event of a seat's turn in that seat's history block."""
    seat = getattr(event, "seat", None)
    if seat is None or not 0 <= seat < layout.n:
        return
    turn = min(turns[seat], TURNS - 1)
    at = layout.history_base[(seat - me) % layout.n] - layout.size  # ``x`` starts at the history
    stamp = (turn + 1) * scale
    cls = type(event)
    if cls is PortraitTaken:
        assert isinstance(event, PortraitTaken)
        x[at + h.take_turn + event.card] = stamp
        x[at + h.take_space + 4 * turn + event.space] = 1.0
        x[at + h.gained + turn] = event.gained / layout.supply_total
    elif cls is PortraitPlaced or cls is PortraitDiscarded:
        assert isinstance(event, PortraitPlaced | PortraitDiscarded)
        x[at + h.play_turn + event.card] = stamp
    elif cls is CandleTaken:
        assert isinstance(event, CandleTaken)
        x[at + h.candle_choice + 5 * turn + event.space] = 1.0
        x[at + h.candle_turn + event.candle] = stamp
    elif cls is CandleDeclined:
        x[at + h.candle_choice + 5 * turn + 4] = 1.0
    elif cls is CandlePlaced or cls is MarigoldPlaced or cls is SlotLeftEmpty:
        assert isinstance(event, CandlePlaced | MarigoldPlaced | SlotLeftEmpty)
        x[at + h.offering_turn + event.slot] = stamp
    elif cls is GoalClaimed:
        assert isinstance(event, GoalClaimed)
        x[at + h.goal_turn + layout.goal_index[event.goal]] = stamp
