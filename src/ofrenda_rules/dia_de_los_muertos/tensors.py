"""Tensors of Día de los Muertos: a view, and a seat's whole history, as flat tuples of floats.

Both are computed from views only (:func:`~ofrenda_rules.dia_de_los_muertos.observe`
or :func:`~ofrenda_rules.dia_de_los_muertos.observe_public`), so they leak
nothing a seat did not see. Cards are numbered ``0..59`` in the deck's order
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
from collections.abc import MutableSequence, Sequence
from functools import partial
from typing import Final, TypeVar

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.events import CardLed, CardPlayed, CardTaken, TrickWon
from ofrenda_rules.dia_de_los_muertos.scoring import score_bounds
from ofrenda_rules.dia_de_los_muertos.state import Config
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.encodings.information_state import IncrementalEncoder
from ofrenda_rules.errors import OfrendaRulesError

__all__ = ["encode_observation", "observation_buffer", "observation_shape"]
__all__ += ["InformationStateEncoder", "encode_information_state", "information_state_shape"]

_NO_VIEW: Final = "an information state needs at least the view after the set-up"
_MIXED_SEATS: Final = "the views belong to different seats"
_SUIT_INDEX = {Suit.BLACK: 0, Suit.RED: 1, Suit.WHITE: 2}
_K = TypeVar("_K")
_V = TypeVar("_V")


_BLOCKS_KEPT: Final = 2048
"""Most blocks of one kind kept per config; beyond, that kind's blocks are dropped and built again as met."""

_SUIT_BY_ID: Final = {id(suit): index for suit, index in _SUIT_INDEX.items()}
"""A suit's place by the member's identity (hashing a member calls ``enum``'s Python ``__hash__``)."""


class _Blocks:
    """Blocks of a fast observation (raw bytes of doubles), built once per config or kept per tuple.

    A hand, the score piles and the voids are tuples shared from state to
    state (a step changes one or two of them), so their blocks are kept,
    found by the tuple's identity (an entry holds its tuple, so an identity
    found is never a recycled one); small facts (hand sizes, counters, the
    seats in the header) by value. A block never changes once made, so
    concurrent calls may share them; a kind's blocks are dropped past
    :data:`_BLOCKS_KEPT` and built again as met.
    """

    __slots__ = ("card", "cards", "counters", "header", "pile_sets", "sizes", "voids", "zero_trick")

    def __init__(self, players: int, deck: Sequence[Card]) -> None:
        zero = bytes(480)
        one = array("d", [1.0]).tobytes()
        self.card: dict[int, bytes] = {id(card): zero[: 8 * i] + one + zero[8 * i + 8 :] for i, card in enumerate(deck)}
        """A card's 60 slots by the card's identity (a deck card's), and 60 zeros by ``id(None)``."""
        self.card[id(None)] = zero
        self.cards: dict[int, tuple[tuple[Card, ...], bytes, float, float]] = {}
        """A hand or pile's 60 slots, its score and its share of the cards dealt, by the tuple's identity."""
        self.pile_sets: dict[int, tuple[tuple[tuple[Card, ...], ...], bytes, bytes]] = {}
        """Every seat's pile's slots (seat-major), then the scores and the counts collected, by identity."""
        self.header: dict[tuple[int, int, int, bool], bytes] = {}
        """The slots from the leader's to the TAKE flag (suit and side zero), by (leader, actor, viewer, taking)."""
        self.sizes: dict[tuple[int, ...], bytes] = {}
        """Each hand's size over ``H``, by the sizes."""
        self.voids: dict[int, tuple[tuple[tuple[Suit, ...], ...], bytes]] = {id(()): ((), bytes(24 * players))}
        """The known voids' ``3P`` slots, by the tuple's identity (and by ``()`` for none known)."""
        self.counters: dict[tuple[int, int, int, bool], bytes] = {}
        """The four counters, by (tricks, stock size, cards set aside, over)."""
        self.zero_trick = bytes(8 * 61 * players)
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
    return _Layout(
        players=p,
        hand_size=h,
        dealt=p * h,
        plays=plays,
        index_by_id={id(card): index for index, card in enumerate(deck)},
        index_by_card={card: index for index, card in enumerate(deck)},
        points=tuple(config.deck.spec(card).points for card in deck),
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
        blocks=_Blocks(p, deck),
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


def _cards_block(layout: _Layout, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], bytes, float, float]:
    """The 60 slots of ``cards`` (a hand or a pile), its score and its share of the cards dealt, kept."""
    entry = layout.blocks.cards.get(id(cards))
    if entry is not None and entry[0] is cards:
        return entry
    block = array("d", bytes(480))
    points = layout.points
    total = 0
    for number in map(layout.index_by_id.__getitem__, map(id, cards)):
        block[number] = 1.0
        total += points[number]
    score = min(1.0, max(0.0, (total - layout.score_low) / layout.score_span))
    return _keep(layout.blocks.cards, id(cards), (cards, block.tobytes(), score, len(cards) / layout.dealt))


def _piles_blocks(layout: _Layout, piles: tuple[tuple[Card, ...], ...]) -> tuple[bytes, bytes]:
    """Every seat's pile's slots, and the scores then the counts collected, kept per tuple of piles."""
    entry = layout.blocks.pile_sets.get(id(piles))
    if entry is not None and entry[0] is piles:
        return entry[1], entry[2]
    blocks = [_cards_block(layout, pile) for pile in piles]
    slots = b"".join([block[1] for block in blocks])
    tail = array("d", [block[2] for block in blocks] + [block[3] for block in blocks]).tobytes()
    _keep(layout.blocks.pile_sets, id(piles), (piles, slots, tail))
    return slots, tail


def _header_block(layout: _Layout, key: tuple[int, int, int, bool]) -> bytes:
    """The slots from the leader's to the TAKE flag (suit and side left zero), by (leader, actor, viewer, taking)."""
    leader, actor, viewer, taking = key
    p = layout.players
    block = array("d", bytes(8 * (layout.hand_sizes - layout.leader)))
    block[leader] = 1.0
    block[layout.actor - layout.leader + (actor if actor >= 0 else p + 1 if actor == TERMINAL else p)] = 1.0
    block[layout.viewer - layout.leader + (viewer if viewer >= 0 else p)] = 1.0
    if taking:
        block[layout.taking - layout.leader] = 1.0
    return _keep(layout.blocks.header, key, block.tobytes())


def _voids_block(layout: _Layout, voids: tuple[tuple[Suit, ...], ...]) -> bytes:
    """The known voids' ``3P`` slots, kept per tuple of voids."""
    entry = layout.blocks.voids.get(id(voids))
    if entry is not None and entry[0] is voids:
        return entry[1]
    block = array("d", bytes(24 * layout.players))
    for seat, row in enumerate(voids):
        for suit in row:
            block[3 * seat + _SUIT_BY_ID[id(suit)]] = 1.0
    return _keep(layout.blocks.voids, id(voids), (voids, block.tobytes()))[1]


def _trick_block(layout: _Layout, view: View) -> bytes | None:
    """The slots of the trick just collected and of its winner; ``None`` when the view tells of two (rare)."""
    found = None
    for event in view.recent_events:
        if event.__class__ is TrickWon:
            if found is not None:
                return None
            found = event
    if found is None:
        return layout.blocks.zero_trick
    assert isinstance(found, TrickWon)
    card = layout.blocks.card
    winner = array("d", bytes(8 * layout.players))
    winner[found.seat] = 1.0
    return b"".join(map(card.__getitem__, map(id, found.cards))) + winner.tobytes()


def _fast_observation(layout: _Layout, view: View) -> array[float]:
    """``view``'s observation as a new array, equal byte for byte to :func:`_fill_observation` over zeros.

    The observation is joined from blocks of raw doubles (:class:`_Blocks`)
    in the layout's order: the hand's, the cards in front, the piles, the
    lead card, the header, the hand sizes, the voids, the scores and counts
    collected, the counters and the trick just collected; the suit and side
    of the High/Low card are then set. Cards are found by identity (those
    of a game are the edition's own); a view holding another card (one read
    back from JSON) is encoded from scratch.
    """
    blocks = layout.blocks
    card = blocks.card
    try:
        hand = view.hand
        in_hand = blocks.cards.get(id(hand))
        parts = [(in_hand if in_hand is not None and in_hand[0] is hand else _cards_block(layout, hand))[1]]
        parts += map(card.__getitem__, map(id, view.in_front))
        piles, tail = _piles_blocks(layout, view.piles)
        parts.append(piles)
        parts.append(card[id(view.lead_card)])
        key = (view.leader, view.current_player, view.player, view.taking)
        header = blocks.header.get(key)
        parts.append(_header_block(layout, key) if header is None else header)
        sizes = blocks.sizes.get(view.hand_sizes)
        if sizes is None:
            hand_size = layout.hand_size
            sizes = _keep(blocks.sizes, view.hand_sizes, array("d", [n / hand_size for n in view.hand_sizes]).tobytes())
        parts.append(sizes)
        voids = view.voids
        in_voids = blocks.voids.get(id(voids))
        parts.append(in_voids[1] if in_voids is not None and in_voids[0] is voids else _voids_block(layout, voids))
        parts.append(tail)
        key = (view.tricks, view.stock_size, view.set_aside_count, view.over)
        counters = blocks.counters.get(key)
        if counters is None:
            values = [view.tricks / layout.hand_size, view.stock_size / 60, view.set_aside_count / layout.dealt]
            counters = _keep(blocks.counters, key, array("d", [*values, 1.0 if view.over else 0.0]).tobytes())
        parts.append(counters)
        trick = _trick_block(layout, view)
    except KeyError:  # a card not of the edition's deck (read back from JSON): equal, not the same object
        trick = None
    if trick is None:
        out = array("d", bytes(8 * layout.size))
        _fill_observation(out, layout, view)
        return out
    parts.append(trick)
    out = array("d", b"".join(parts))
    high_low = view.high_low
    if high_low is not None:
        out[layout.suit + _SUIT_BY_ID[id(high_low.suit)]] = 1.0
        out[layout.side + (0 if high_low.side is Mark.HIGH else 1)] = 1.0
    return out


def _fill_fast(out: MutableSequence[float], layout: _Layout, view: View) -> None:
    """Lay ``view``'s observation over an information state's copied history (whose first ``N`` slots are zeros)."""
    if isinstance(out, array):
        out[0 : layout.size] = _fast_observation(layout, view)
    else:
        _fill_observation(out, layout, view)


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
