"""Tensors of Día de los Muertos: a view, and a seat's whole history, as flat tuples of floats.

Both are computed from views only (:func:`~ofrenda_rules.dia_de_los_muertos.observe`
or :func:`~ofrenda_rules.dia_de_los_muertos.observe_public`), so they leak
nothing a seat did not see; :func:`state_observation_buffer` reads a seat's
observation straight from a state (what the adapters call), byte for byte
the view's, without building the view. Cards are numbered ``0..59`` in the deck's order
(black 1-20, red 1-20, white 1-20: ``20 * suit + number - 1``). Seats are
absolute (seat 0 is the first lead). ``P`` is the number of players, ``H``
the hand size, ``D = P * H`` the cards dealt, ``T`` the TAKE cards of the
edition (15 in the default deck) and ``K = P + T`` the most plays one trick
can see (each play beyond ``P`` replaces a card a TAKE took).

**Observation** (:func:`encode_observation`, shape ``(N,)``; values in
``[0, 1]``):

======================  ============  ===============================================================
offset                  length        meaning
======================  ============  ===============================================================
0                       60            the viewer's own hand (all zero for a spectator)
60                      P * 60        the card face up in front of each seat (seat-major)
60 + 60P                P * 60        each seat's score pile (seat-major)
60 + 120P               60            the lead card of the trick in progress
120 + 120P              P             the leader of the trick in progress
120 + 121P              3             the colour led (black, red, white), from the High/Low card
123 + 121P              2             the High/Low card's side up (high, low)
125 + 121P              P + 2         who is to act: a seat, then chance (the deal), then nobody (over)
127 + 122P              P + 1         whose view this is: a seat, then the spectator
128 + 123P              1             a TAKE is pending (the player to act must choose a card to take)
129 + 123P              P             each hand's size / H
129 + 124P              P * 3         known voids: seat-major, one flag per suit (black, red, white)
129 + 127P              P             each seat's points, ``(points - low) / (high - low)`` by the score bounds
129 + 128P              P             cards in each seat's score pile / D
129 + 129P              4             tricks done / H, undealt cards / 60, cards set aside / D, over
133 + 129P              P * 60        the trick just collected, if the view's recent events hold it:
                                      the card each seat had in front (seat-major)
133 + 189P              P             the seat that collected it (that leads next)
======================  ============  ===============================================================

so ``N = 133 + 190P`` (703 floats for 3 players, 1273 for 6).

**Information state** (:func:`encode_information_state`, shape ``(N + M,)``):
the observation of the last view, then the history read from every view's
``recent_events``:

======================  ============  ===============================================================
offset                  length        meaning
======================  ============  ===============================================================
N                       60 * F        per card (card-major), ``F = P + H + K + 2`` features: the seat
                                      that played it (P), the trick it was played in (H, from the
                                      first), its place in that trick's order of play (K, the lead
                                      first, replacements after), whether it led, whether a TAKE took it
N + 60F                 H * P         who led each trick (trick-major)
N + 60F + HP            H * P         who collected each trick (the seat that led the next one)
======================  ============  ===============================================================

so ``M = 60F + 2HP``. A card's place in the history (who played it, when,
in which order, whether it was taken) and each trick's lead and winner are
kept exactly; with the last view (own hand, piles, voids, the trick in
progress) the tensor determines every public event of the game and the
seat's own hand at every moment. It forgets only how the deal reached the
other seats (which of them received which unseen card, one at a time --
nothing a seat sees) and the moments at which chance steps happened.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
>>> config = Config(players=4)
>>> observation_shape(config), information_state_shape(config)
((893,), (3209,))
>>> tensor = encode_observation(config, observe(new_game(config, seed=3), 0))
>>> len(tensor), sum(tensor[:60])  # twelve cards in hand
(893, 12.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, MutableSequence, Sequence
from functools import partial
from typing import Final, TypeVar, cast

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import CardLed, CardPlayed, CardTaken, Event, TrickWon
from ofrenda_rules.dia_de_los_muertos.rules import current_player
from ofrenda_rules.dia_de_los_muertos.scoring import score_bounds
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.dia_de_los_muertos.view import View, observe
from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.encodings.information_state import IncrementalEncoder
from ofrenda_rules.errors import OfrendaRulesError, check_seat

__all__ = ["encode_observation", "observation_buffer", "observation_shape", "state_observation_buffer"]
__all__ += ["InformationStateEncoder", "encode_information_state", "information_state_shape"]

_NO_VIEW: Final = "an information state needs at least the view after the set-up"
_MIXED_SEATS: Final = "the views belong to different seats"
_SUIT_INDEX = {Suit.BLACK: 0, Suit.RED: 1, Suit.WHITE: 2}
_K = TypeVar("_K")
_V = TypeVar("_V")


_BLOCKS_KEPT: Final = 512
"""Most blocks of one kind kept per config; beyond, that kind's blocks are dropped and built again as met."""

_ONE: Final = array("d", [1.0]).tobytes()
_EIGHT_SLOTS: Final = [array("d", [float(byte >> bit & 1) for bit in range(8)]).tobytes() for byte in range(256)]
"""Eight doubles, 1 where the byte's bit is set, by the byte."""
_ZERO: Final = bytes(8)
_SUIT_BY_ID: Final = {id(suit): index for suit, index in _SUIT_INDEX.items()}
"""A suit's place by the member's identity (hashing a member calls ``enum``'s Python ``__hash__``)."""


def _one_hot(length: int, *slots: int) -> bytes:
    """``length`` doubles, 1 at ``slots`` and 0 elsewhere, as bytes."""
    values = [0.0] * length
    for slot in slots:
        values[slot] = 1.0
    return array("d", values).tobytes()


class _Blocks:
    """Blocks of a fast observation (raw bytes of doubles), built once per config or kept per tuple.

    A hand, the score piles and the voids are tuples shared from state to
    state (a step changes one or two of them), so their blocks are kept,
    found by the tuple's identity (an entry holds its tuple, so an identity
    found is never a recycled one); small facts (hand sizes, counters, the
    header's seats) by value. A block never changes once made, so
    concurrent calls may share them; a kind's blocks are dropped past
    :data:`_BLOCKS_KEPT` and built again as met.
    """

    __slots__ = (
        "act",
        "bits",
        "card",
        "counters",
        "high_low",
        "lead",
        "pile_sets",
        "piles",
        "points",
        "sizes",
        "voids",
        "zero_trick",
    )

    def __init__(self, players: int, hand_size: int, deck: Sequence[Card], points: Sequence[int]) -> None:
        p = players
        zero = bytes(480)
        one = array("d", [1.0]).tobytes()
        self.card: dict[int, bytes] = {id(card): zero[: 8 * i] + one + zero[8 * i + 8 :] for i, card in enumerate(deck)}
        """A card's 60 slots by the card's identity (a deck card's), and 60 zeros by ``id(None)``."""
        self.card[id(None)] = zero
        self.bits: dict[int, int] = {id(card): 1 << i for i, card in enumerate(deck)}
        """A card's bit (``1 << index``), by the card's identity."""
        self.points: dict[int, int] = {id(card): points[i] for i, card in enumerate(deck)}
        """A card's points, by the card's identity."""
        self.piles: dict[int, tuple[tuple[Card, ...], bytes, bytes, bytes]] = {}
        """A pile's 60 slots, its score and its share of the cards dealt, by the pile's identity."""
        self.pile_sets: dict[int, tuple[tuple[tuple[Card, ...], ...], bytes, bytes]] = {}
        """Every seat's pile's slots (seat-major), then the scores and the counts collected, by identity."""
        self.high_low: dict[int, tuple[HighLowCard | None, int]] = {id(None): (None, -1)}
        """The High/Low card's code (``2 * suit + side``; -1 for none), by the card's identity."""
        self.lead: list[bytes] = [
            _one_hot(p, leader) + _one_hot(5, code // 2, 3 + code % 2) for leader in range(p) for code in range(6)
        ]
        """The leader's slots, then the High/Low card's suit and side, by ``6 * leader + code``."""
        self.lead += [_one_hot(p, leader) + bytes(40) for leader in range(p)]
        """(Then, by ``6 * p + leader``, with no High/Low card.)"""
        self.act: list[bytes] = [
            _one_hot(p + 2, actor) + _one_hot(p + 1, viewer) + _one_hot(1, *((0,) if taking else ()))
            for actor in range(p + 2)
            for viewer in range(p + 1)
            for taking in (0, 1)
        ]
        """Who acts, whose view, a TAKE pending, by ``2 * ((P + 1) * actor + viewer) + taking`` (their slots)."""
        self.sizes: list[bytes] = [array("d", [n / hand_size]).tobytes() for n in range(61)]
        """A hand's size over ``H``, by the size."""
        dealt = p * hand_size
        self.counters: tuple[list[bytes], ...] = (
            [array("d", [n / hand_size]).tobytes() for n in range(61)],
            [array("d", [n / 60]).tobytes() for n in range(61)],
            [array("d", [n / dealt]).tobytes() for n in range(61)],
        )
        """Tricks done over ``H``, undealt cards over 60, cards set aside over ``D``, by the count."""
        self.voids: dict[int, tuple[tuple[tuple[Suit, ...], ...], bytes]] = {id(()): ((), bytes(24 * players))}
        """The known voids' ``3P`` slots, by the tuple's identity."""
        self.zero_trick = bytes(8 * 61 * p)
        """The slots of no trick just collected."""


@attrs.frozen
class _Layout:
    """Offsets and tables of one config, computed once."""

    players: int
    hand_size: int
    dealt: int
    plays: int
    """``K``: the most plays one trick can see."""
    index_by_id: dict[int, int]
    index_by_card: dict[Card, int]
    points: tuple[int, ...]
    """Points of each card, by index."""
    score_low: int
    score_span: float
    front: int
    piles: int
    lead_card: int
    leader: int
    suit: int
    side: int
    actor: int
    viewer: int
    taking: int
    hand_sizes: int
    voids: int
    scores: int
    collected: int
    counters: int
    last_trick: int
    last_winner: int
    size: int
    """``N``, the observation's length."""
    features: int
    """``F``, features per card in the history."""
    history_leaders: int
    history_winners: int
    history_size: int
    """``N + M``, the information state's length."""
    blocks: _Blocks = attrs.field(eq=False, repr=False)
    """The fast observation's blocks (see :func:`_fast_observation`)."""

    def index(self, card: Card) -> int:
        """The card's number ``0..59``."""
        found = self.index_by_id.get(id(card))
        return self.index_by_card[card] if found is None else found


@partial(per_config, Config)
def _layout(config: Config) -> _Layout:
    """The layout of ``config``, built once (found by identity: hashing a config hashes its whole deck edition)."""
    p, h = config.players, config.hand_size
    deck = config.deck.deck
    takes = sum(1 for spec in config.deck.cards if spec.take)
    low, high = score_bounds(config)
    front = 60
    piles = front + 60 * p
    lead_card = piles + 60 * p
    leader = lead_card + 60
    suit = leader + p
    side = suit + 3
    actor = side + 2
    viewer = actor + p + 2
    taking = viewer + p + 1
    hand_sizes = taking + 1
    voids = hand_sizes + p
    scores = voids + 3 * p
    collected = scores + p
    counters = collected + p
    last_trick = counters + 4
    last_winner = last_trick + 60 * p
    size = last_winner + p
    plays = p + takes
    features = p + h + plays + 2
    history_leaders = size + 60 * features
    history_winners = history_leaders + h * p
    points = tuple(config.deck.spec(card).points for card in deck)
    return _Layout(
        players=p,
        hand_size=h,
        dealt=p * h,
        plays=plays,
        index_by_id={id(card): index for index, card in enumerate(deck)},
        index_by_card={card: index for index, card in enumerate(deck)},
        points=points,
        score_low=low,
        score_span=float(max(high - low, 1)),
        front=front,
        piles=piles,
        lead_card=lead_card,
        leader=leader,
        suit=suit,
        side=side,
        actor=actor,
        viewer=viewer,
        taking=taking,
        hand_sizes=hand_sizes,
        voids=voids,
        scores=scores,
        collected=collected,
        counters=counters,
        last_trick=last_trick,
        last_winner=last_winner,
        size=size,
        features=features,
        history_leaders=history_leaders,
        history_winners=history_winners,
        history_size=history_winners + h * p,
        blocks=_Blocks(p, h, deck, points),
    )


def observation_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_observation`'s tensor: ``(133 + 190 * players,)``."""
    return (_layout(config).size,)


def information_state_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_information_state`'s tensor (see the module's table)."""
    return (_layout(config).history_size,)


def _check(config: Config, view: View) -> _Layout:
    layout = _layout(config)
    if view.players != layout.players or (view.config is not config and view.config != config):
        raise OfrendaRulesError(f"the view is of a {view.players}-player game, not of the config {config!r}")
    return layout


def _fill_observation(out: MutableSequence[float], layout: _Layout, view: View) -> None:
    index = layout.index
    p = layout.players
    for card in view.hand:
        out[index(card)] = 1.0
    base = layout.front
    for seat, in_front in enumerate(view.in_front):
        if in_front is not None:
            out[base + 60 * seat + index(in_front)] = 1.0
    base = layout.piles
    points = layout.points
    low, span = layout.score_low, layout.score_span
    for seat, pile in enumerate(view.piles):
        total = 0
        offset = base + 60 * seat
        for card in pile:
            number = index(card)
            out[offset + number] = 1.0
            total += points[number]
        out[layout.scores + seat] = min(1.0, max(0.0, (total - low) / span))
        out[layout.collected + seat] = len(pile) / layout.dealt
    if view.lead_card is not None:
        out[layout.lead_card + index(view.lead_card)] = 1.0
    out[layout.leader + view.leader] = 1.0
    high_low = view.high_low
    if high_low is not None:
        out[layout.suit + _SUIT_INDEX[high_low.suit]] = 1.0
        out[layout.side + (0 if high_low.side is Mark.HIGH else 1)] = 1.0
    actor = view.current_player
    out[layout.actor + (actor if actor >= 0 else p if actor == CHANCE else p + 1 if actor == TERMINAL else p)] = 1.0
    out[layout.viewer + (view.player if view.player >= 0 else p)] = 1.0
    if view.taking:
        out[layout.taking] = 1.0
    base = layout.hand_sizes
    for seat, size in enumerate(view.hand_sizes):
        out[base + seat] = size / layout.hand_size
    base = layout.voids
    for seat, row in enumerate(view.voids):
        for suit in row:
            out[base + 3 * seat + _SUIT_INDEX[suit]] = 1.0
    base = layout.counters
    out[base] = view.tricks / layout.hand_size
    out[base + 1] = view.stock_size / 60
    out[base + 2] = view.set_aside_count / layout.dealt
    out[base + 3] = 1.0 if view.over else 0.0
    for event in view.recent_events:
        if event.__class__ is TrickWon:
            assert isinstance(event, TrickWon)
            base = layout.last_trick
            for seat, card in enumerate(event.cards):
                out[base + 60 * seat + index(card)] = 1.0
            out[layout.last_winner + event.seat] = 1.0


def _keep(kept: dict[_K, _V], key: _K, value: _V) -> _V:
    """Keep ``value`` under ``key`` (dropping the kind's blocks past :data:`_BLOCKS_KEPT`); ``value``."""
    if len(kept) >= _BLOCKS_KEPT:
        kept.clear()
    kept[key] = value
    return value


def _slots(mask: int) -> bytes:
    """60 doubles, slot ``i`` 1 where bit ``i`` of ``mask`` is set and 0 elsewhere, as bytes."""
    return b"".join(map(_EIGHT_SLOTS.__getitem__, mask.to_bytes(8, "little")))[:480]


def _pile_block(layout: _Layout, pile: tuple[Card, ...]) -> tuple[tuple[Card, ...], bytes, bytes, bytes]:
    """The 60 slots of a score pile, its score and its share of the cards dealt (each a double), kept per pile."""
    blocks = layout.blocks
    ids = list(map(id, pile))
    block = _slots(sum(map(blocks.bits.__getitem__, ids)))
    total = sum(map(blocks.points.__getitem__, ids))
    score = min(1.0, max(0.0, (total - layout.score_low) / layout.score_span))
    values = array("d", [score, len(pile) / layout.dealt]).tobytes()
    return _keep(blocks.piles, id(pile), (pile, block, values[:8], values[8:]))


def _piles_blocks(layout: _Layout, piles: tuple[tuple[Card, ...], ...]) -> tuple[bytes, bytes]:
    """Every seat's pile's slots, and the scores then the counts collected, kept per tuple of piles."""
    kept = layout.blocks.piles
    entries = []
    for pile in piles:
        entry = kept.get(id(pile))
        entries.append(entry if entry is not None and entry[0] is pile else _pile_block(layout, pile))
    slots = b"".join([entry[1] for entry in entries])
    tail = b"".join([entry[2] for entry in entries] + [entry[3] for entry in entries])
    _keep(layout.blocks.pile_sets, id(piles), (piles, slots, tail))
    return slots, tail


def _high_low_code(layout: _Layout, high_low: HighLowCard | None) -> int:
    """The High/Low card's code, ``2 * suit + side``, kept per card."""
    assert high_low is not None  # None is kept from the start
    code = 2 * _SUIT_BY_ID[id(high_low.suit)] + (0 if high_low.side is Mark.HIGH else 1)
    return _keep(layout.blocks.high_low, id(high_low), (high_low, code))[1]


def _voids_block(layout: _Layout, voids: tuple[tuple[Suit, ...], ...]) -> bytes:
    """The known voids' ``3P`` slots, kept per tuple of voids."""
    block = array("d", bytes(24 * layout.players))
    for seat, row in enumerate(voids):
        for suit in row:
            block[3 * seat + _SUIT_BY_ID[id(suit)]] = 1.0
    return _keep(layout.blocks.voids, id(voids), (voids, block.tobytes()))[1]


def _trick_block(layout: _Layout, events: tuple[Event, ...]) -> bytes | None:
    """The slots of the trick just collected and of its winner; ``None`` when the events tell of two (rare)."""
    found = None
    for event in events:
        if event.__class__ is TrickWon:
            if found is not None:
                return None
            found = event
    if found is None:
        return layout.blocks.zero_trick
    assert isinstance(found, TrickWon)
    winner = array("d", bytes(8 * layout.players))
    winner[found.seat] = 1.0
    return b"".join(map(layout.blocks.card.__getitem__, map(id, found.cards))) + winner.tobytes()


def _joined(  # the parts of a view or of a state, read by the caller without building a view
    layout: _Layout,
    hand: tuple[Card, ...],
    in_front: tuple[Card | None, ...],
    piles: tuple[tuple[Card, ...], ...],
    lead_card: Card | None,
    lead: int,
    act: int,
    sizes: Iterable[int],
    voids: tuple[tuple[Suit, ...], ...],
    counters: tuple[int, int, int, bool],
    events: tuple[Event, ...],
) -> bytes | None:
    """The observation's bytes, joined from blocks of raw doubles (:class:`_Blocks`) in the layout's order.

    ``lead`` and ``act`` index :attr:`_Blocks.lead` and :attr:`_Blocks.act`;
    ``sizes`` are the hands' sizes; ``counters`` are the tricks done, the
    undealt cards, the cards set aside and whether the game is over. Equal
    byte for byte to :func:`_fill_observation` over zeros. Cards are found
    by identity (those of a game are the edition's own): ``None`` when a
    card is not (one read back from JSON, equal but another object) or when
    the events tell of two tricks collected, for the caller to encode from
    scratch.
    """
    blocks = layout.blocks
    card = blocks.card
    try:
        parts = [_slots(sum(map(blocks.bits.__getitem__, map(id, hand))))]
        parts += map(card.__getitem__, map(id, in_front))
        kept = blocks.pile_sets.get(id(piles))
        slots, tail = kept[1:] if kept is not None and kept[0] is piles else _piles_blocks(layout, piles)
        parts.append(slots)
        parts.append(card[id(lead_card)])
        parts.append(blocks.lead[lead])
        parts.append(blocks.act[act])
        parts += map(blocks.sizes.__getitem__, sizes)
        found = blocks.voids.get(id(voids))
        parts.append(found[1] if found is not None and found[0] is voids else _voids_block(layout, voids))
        parts.append(tail)
        tricks, stock, set_aside, over = counters
        table = blocks.counters
        parts += (table[0][tricks], table[1][stock], table[2][set_aside], _ONE if over else _ZERO)
        trick = _trick_block(layout, events)
    except LookupError:  # a card not of the edition's deck (or a count beyond the tables: none is)
        return None
    if trick is None:
        return None
    parts.append(trick)
    return b"".join(parts)


def _lead_act(
    layout: _Layout, high_low: HighLowCard | None, leader: int, actor: int, viewer: int, taking: bool
) -> tuple[int, int]:
    """The indexes of the header's blocks in :attr:`_Blocks.lead` and :attr:`_Blocks.act`."""
    p = layout.players
    found = layout.blocks.high_low.get(id(high_low))
    code = found[1] if found is not None and found[0] is high_low else _high_low_code(layout, high_low)
    lead = 6 * leader + code if code >= 0 else 6 * p + leader
    actor = actor if actor >= 0 else p + 1 if actor == TERMINAL else p
    return lead, 2 * ((p + 1) * actor + (viewer if viewer >= 0 else p)) + (1 if taking else 0)


def _view_joined(layout: _Layout, view: View) -> bytes | None:
    """``view``'s observation as :func:`_joined` gives it (``None``: to be encoded from scratch)."""
    lead, act = _lead_act(layout, view.high_low, view.leader, view.current_player, view.player, view.taking)
    return _joined(
        layout,
        view.hand,
        view.in_front,
        view.piles,
        view.lead_card,
        lead,
        act,
        view.hand_sizes,
        view.voids,
        (view.tricks, view.stock_size, view.set_aside_count, view.over),
        view.recent_events,
    )


def _fast_observation(layout: _Layout, view: View) -> array[float]:
    """``view``'s observation as a new array, equal byte for byte to :func:`_fill_observation` over zeros."""
    joined = _view_joined(layout, view)
    if joined is not None:
        return array("d", joined)
    out = array("d", bytes(8 * layout.size))
    _fill_observation(out, layout, view)
    return out


def _fill_fast(out: MutableSequence[float], layout: _Layout, view: View) -> None:
    """Lay ``view``'s observation over an information state's copied history (whose first ``N`` slots are zeros).

    The joined bytes are written into the array's memory at once (no array of their own).
    """
    joined = _view_joined(layout, view) if isinstance(out, array) else None
    if joined is None:
        _fill_observation(out, layout, view)
    else:
        assert isinstance(out, array)
        memoryview(out).cast("B")[: len(joined)] = joined


def observation_buffer(config: Config, view: View) -> array[float]:
    """``encode_observation`` of ``view`` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

    Adapters filling a preallocated tensor use it: the values are those of
    :func:`encode_observation`, without a tuple of floats to convert. It is
    written fast: the blocks of a hand, the score piles and the voids are copied whole from
    arrays kept per tuple, and the result equals the encoding from scratch
    byte for byte.

    Raises:
        OfrendaRulesError: when the view is not of a game under ``config``.

    """
    layout = _check(config, view)
    return _fast_observation(layout, view)


def state_observation_buffer(state: State, player: int) -> memoryview:
    """Seat ``player``'s observation tensor of ``state``, read from the state itself: no view is built.

    Its bytes are those of ``observation_buffer(state.config, observe(state,
    player))`` (the events are the state's own: every event of the game is
    public). It is a read-only memoryview of doubles, its own (no later
    call changes it); ``numpy.frombuffer`` reads it without a copy. The
    adapters read observations this way.

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
    >>> state = new_game(Config(players=3), seed=2)
    >>> read = state_observation_buffer(state, 1)
    >>> read.readonly, read.format, read.tobytes() == observation_buffer(state.config, observe(state, 1)).tobytes()
    (True, 'd', True)

    Raises:
        ConfigError: ``player`` is not a seat of the game.

    """
    layout = _layout(state.config)
    p = layout.players
    if type(player) is not int or not 0 <= player < p:
        check_seat(player, p)
    lead, act = _lead_act(layout, state.high_low, state.leader, current_player(state), player, state.taking)
    joined = _joined(
        layout,
        state.hands[player],
        state.in_front,
        state.piles,
        state.lead_card,
        lead,
        act,
        map(len, state.hands),
        state.voids,
        (state.tricks, len(state.stock), len(state.set_aside), state.over),
        state.recent_events,
    )
    if joined is None:
        return memoryview(observation_buffer(state.config, observe(state, player))).toreadonly()
    return cast("memoryview", memoryview(joined).cast("d"))  # of doubles, as the game definition's hook says


def encode_observation(config: Config, view: View) -> tuple[float, ...]:
    """A seat's or the spectator's view as a flat tuple of floats (layout in the module docstring).

    Raises:
        OfrendaRulesError: when the view is not of a game under ``config``.

    """
    layout = _check(config, view)
    out = [0.0] * layout.size
    _fill_observation(out, layout, view)
    return tuple(out)


def encode_information_state(config: Config, views: Sequence[View]) -> tuple[float, ...]:
    """A seat's perfect-recall information state: the last view's observation and the history of play.

    ``views`` are every view the seat has had, in order: after the set-up
    and after each step since (layout in the module docstring).

    Raises:
        OfrendaRulesError: when there is no view, when the views belong to
            different seats, or one is not of a game under ``config``.

    """
    if not views:
        raise OfrendaRulesError(_NO_VIEW)
    last = views[-1]
    _check(config, last)
    if any(view.player != last.player for view in views):
        raise OfrendaRulesError(_MIXED_SEATS)
    return InformationStateEncoder(config).add_all(views).encode()


class InformationStateEncoder(
    IncrementalEncoder[Config, _Layout, View],
    error=OfrendaRulesError,
    empty=_NO_VIEW,
    mixed_seats=_MIXED_SEATS,
):
    """One seat's :func:`encode_information_state` as it grows, a trick at a time (an ``IncrementalEncoder``).

    The kit's module, :mod:`ofrenda_rules.encodings.information_state`, shows it at work.
    """

    __slots__ = ("_place", "_trick")

    def __init__(self, config: Config) -> None:
        layout = _layout(config)
        super().__init__(config, layout, layout.history_size)
        self._trick = self._place = 0

    def _add(self, view: View) -> None:
        layout = self._layout
        out = self._history
        index = layout.index
        p, h, plays, features = layout.players, layout.hand_size, layout.plays, layout.features
        base = layout.size
        trick, place = self._trick, self._place
        previous = () if self._last is None else self._last.recent_events
        current = view.recent_events
        if previous and len(current) >= len(previous) and current[: len(previous)] == previous:
            events = current[len(previous) :]
        else:
            events = current
        for event in events:
            kind = event.__class__
            if kind is CardLed or kind is CardPlayed:
                assert isinstance(event, CardLed | CardPlayed)
                if kind is CardLed:
                    place = 0
                    if trick < h:
                        out[layout.history_leaders + p * trick + event.seat] = 1.0
                offset = base + features * index(event.card)
                out[offset + event.seat] = 1.0
                out[offset + p + min(trick, h - 1)] = 1.0
                out[offset + p + h + min(place, plays - 1)] = 1.0
                if kind is CardLed:
                    out[offset + p + h + plays] = 1.0
                place += 1
            elif kind is CardTaken:
                assert isinstance(event, CardTaken)
                out[base + features * index(event.card) + p + h + plays + 1] = 1.0
            elif kind is TrickWon:
                assert isinstance(event, TrickWon)
                if trick < h:
                    out[layout.history_winners + p * trick + event.seat] = 1.0
                trick += 1
        self._trick, self._place = trick, place
        self._last = view

    _check_view = staticmethod(_check)
    _fill = staticmethod(_fill_fast)
