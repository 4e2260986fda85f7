"""Observation and information-state tensors of Ofrendados, for search and learning.

Both are flat tuples of floats computed from views alone (what a seat, or a
spectator, may know), so they leak nothing by construction. Their layouts
depend on the configuration only: ``n`` seats, ``C`` Calaveritas (indexed by
their place in ``edition.card_ids``), ``S`` cells of the offering sheet,
``K = 8`` object kinds (:class:`~ofrenda_rules.ofrendados.components.ObjectKind`
order), ``P`` Path spaces, ``F = 18`` die faces (colour yellow, orange, purple
then pips 1-6: ``6 * colour + pips - 1``), ``d`` dice per colour, ``Q = 2d``
draft picks per round, ``M`` the most pesos a seat can gain
(:func:`~ofrenda_rules.ofrendados.bounds.max_pesos`).

Observation (``encode_observation``), in this order:

=========================  ==================  ====================================================================
section                    length              meaning
=========================  ==================  ====================================================================
viewer                     ``n + 1``           one-hot: the view's seat, or the last entry for a spectator
round                      ``6``               one-hot: rounds completed (0-5)
first player               ``n``               one-hot: the round's starting player
phase                      ``6``               one-hot: :class:`~ofrenda_rules.ofrendados.state.Phase` order
to move                    ``n + 2``           one-hot: the seat to decide, then chance, then game over
market                     ``3 * C``           per market slot (in order revealed), one-hot of its card
card places                ``C * (n + 2)``     per card: in the deck, discarded, bought by seat ``0 .. n-1``
rolled                     ``F``               this round's dice as rolled, count per face / ``d``
pool                       ``F``               dice left to draft, count per face / ``d``
drafted                    ``n * F``           each seat's drafted dice this round, count per face / ``d``
dice left                  ``F``               the acting seat's unused dice, count per face / ``d``
rerolling                  ``F``               one-hot: the die being rerolled, if any
powers used                ``C``               flag per die-power card used this round
pending head               ``2 + K + C``       the first owed decision: kind (draw, rewrite), object, rewrite card
pending rest               ``K``               the other owed draws, count per object / 4
boards                     ``n * (S*K+P+5)``   per seat: the sheet (one-hot kind per cell), a flag per Path space
                                               holding its token, pesos / ``M``, flowers of types A, B, C / tokens
                                               per player, and a flag: it has a flower in the land of the living
=========================  ==================  ====================================================================

Information state (``encode_information_state``): the observation of the last
view, then history features read from every view's ``recent_events`` (each
event counted once: after a chance outcome fed by the caller a view repeats
the earlier events, which are skipped):

=========================  ==================  ====================================================================
section                    length              meaning
=========================  ==================  ====================================================================
observation                as above            the observation of the last view
round ``r`` (5 times)      ``F``               the dice as first rolled, count per face / ``d``
round ``r``                ``Q * 12``          each draft pick in order, one-hot of the yellow or orange face taken
round ``r``                ``C``               flag per card revealed into the market this round
round ``r``                ``n * C``           flag per card bought by each seat this round
round ``r``                ``n * U * (F+1)``   each seat's dice in the order used: one-hot of the face, and a flag
                                               when exchanged for money (``U = Q / n + d`` dice a seat uses)
round ``r``                ``n * C``           flag per die-power card each seat used this round
per seat                   ``S``               the round (``r / 5``, 1-5) of the latest drawing in each cell
per seat                   ``S``               times each cell was rewritten / 4
per seat                   ``P``               the round (``r / 5``) each Path space got the seat's token
=========================  ==================  ====================================================================

What the information state forgets: with repeat purchases, the order of a
seat's purchases within one buy turn; which drawing or rewrite followed which
die inside a create turn (the round of each cell's drawing is kept), the kinds
an object was rewritten from, the faces of dice turned or rerolled by die
powers (the faces used show the result), and the order of the reveals within
a round. Everything else a seat saw is kept.

>>> from ofrenda_rules.ofrendados import Config, new_game, observe
>>> config = Config(players=2)
>>> observation_shape(config)
(843,)
>>> state = new_game(config, seed=1)
>>> tensor = encode_observation(config, observe(state, 0))
>>> len(tensor), tensor[0], tensor[2]
(843, 1.0, 0.0)
>>> information_state_shape(config)
(3323,)
>>> len(encode_information_state(config, [observe(state, 0)]))
3323
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from functools import partial
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.encodings.information_state import IncrementalEncoder, new_events
from ofrenda_rules.encodings.observation import Entries, Written, give_back, take_seat
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados.bounds import max_pesos
from ofrenda_rules.ofrendados.components import Colour, Flower, ObjectKind
from ofrenda_rules.ofrendados.events import (
    CardBought,
    CardRevealed,
    DiceRolled,
    DieRerolled,
    DieTaken,
    DieTurned,
    DieUsed,
    FlowerMoved,
    ObjectDrawn,
    ObjectRewritten,
    RoundStarted,
)
from ofrenda_rules.ofrendados.rules import current_player
from ofrenda_rules.ofrendados.state import MARKET_SIZE, ROUNDS, Board, Config, Die, PendingKind, Phase, State
from ofrenda_rules.ofrendados.view import View

__all__ = ["encode_observation", "observation_buffer", "observation_shape", "state_observation_buffer"]
__all__ += ["InformationStateEncoder", "encode_information_state", "information_state_shape"]

_COLOURS: Final = tuple(Colour)
_FACE: Final = {(colour, pips): 6 * c + pips - 1 for c, colour in enumerate(_COLOURS) for pips in range(1, 7)}
_FACES: Final = 6 * len(_COLOURS)
_DRAFT_FACES: Final = 12
_KINDS: Final = tuple(ObjectKind)
_KIND: Final = {kind: i for i, kind in enumerate(_KINDS)}
_PHASE: Final = {phase: i for i, phase in enumerate(Phase)}
_FLOWER: Final = {flower: i for i, flower in enumerate(Flower)}
_PENDING_SCALE: Final = 4.0
_USE: Final = _FACES + 1
_REWRITE_SCALE: Final = 4.0


_NO_VIEW: Final = "an information state needs at least the view after the set-up"


@attrs.frozen
class _Layout:
    """Offsets of every section under one configuration."""

    n: int
    cards: dict[int, int]
    per_colour: float
    pesos_scale: float
    tokens: float
    sheet_size: int
    path_length: int
    head: int
    flower_of_space: tuple[int, ...]
    viewer: int
    round: int
    first_player: int
    phase: int
    to_move: int
    market: int
    places: int
    rolled: int
    pool: int
    drafted: int
    dice_left: int
    rerolling: int
    powers: int
    pending_head: int
    pending_rest: int
    boards: int
    board_size: int
    observation: int
    picks: int
    uses: int
    round_size: int
    history: int
    cells: int
    spaces: int
    information: int
    written: dict[int, Written] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """Per viewer, the observation written last and what it was written from (:func:`observation_buffer`)."""
    board_cache: dict[int, tuple[Board, int, Entries]] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """The entries of the boards written lately, by the board's identity, with the seat they were written for."""


@partial(per_config, Config)
def _layout(config: Config) -> _Layout:
    edition = config.edition
    n = config.players
    c = len(edition.cards)
    s = edition.sheet.size
    p = edition.path.length
    k = len(_KINDS)
    sizes: list[tuple[str, int]] = [
        ("viewer", n + 1),
        ("round", ROUNDS + 1),
        ("first_player", n),
        ("phase", len(Phase)),
        ("to_move", n + 2),
        ("market", MARKET_SIZE * c),
        ("places", c * (n + 2)),
        ("rolled", _FACES),
        ("pool", _FACES),
        ("drafted", n * _FACES),
        ("dice_left", _FACES),
        ("rerolling", _FACES),
        ("powers", c),
        ("pending_head", 2 + k + c),
        ("pending_rest", k),
        ("boards", n * (s * k + p + 5)),
    ]
    offsets: dict[str, int] = {}
    at = 0
    for name, size in sizes:
        offsets[name] = at
        at += size
    observation = at
    picks = 2 * config.dice_per_colour
    uses = picks // n + config.dice_per_colour
    round_size = _FACES + picks * _DRAFT_FACES + c + n * c + n * uses * _USE + n * c
    history = observation
    cells = history + ROUNDS * round_size
    spaces = cells + 2 * n * s
    information = spaces + n * p
    return _Layout(
        n=n,
        cards={card: i for i, card in enumerate(edition.card_ids)},
        per_colour=1.0 / config.dice_per_colour,
        pesos_scale=1.0 / max_pesos(config),
        tokens=1.0 / edition.flowers_per_player,
        sheet_size=s,
        path_length=p,
        head=edition.path.head,
        flower_of_space=tuple(_FLOWER[space.flower] for space in edition.path.spaces),
        board_size=s * k + p + 5,
        observation=observation,
        picks=picks,
        uses=uses,
        round_size=round_size,
        history=history,
        cells=cells,
        spaces=spaces,
        information=information,
        **offsets,
    )


def observation_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_observation`'s tensor under ``config`` (one dimension)."""
    return (_layout(config).observation,)


def information_state_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_information_state`'s tensor under ``config`` (one dimension)."""
    return (_layout(config).information,)


def _check_view(config: Config, view: object) -> View:
    if not isinstance(view, View):
        raise ConfigError(f"expected an ofrendados View, not {type(view).__name__}")
    if view.config is not config and view.config != config:
        raise ConfigError("the view belongs to a game under another configuration")
    return view


def _count_dice(out: MutableSequence[float], at: int, dice: Sequence[Die], scale: float) -> None:
    for die in dice:
        out[at + _FACE[die.colour, die.pips]] += scale


def _fill_observation(out: MutableSequence[float], lay: _Layout, view: View) -> None:
    n = lay.n
    out[lay.viewer + (view.player if view.player >= 0 else n)] = 1.0
    out[lay.round + view.round] = 1.0
    out[lay.first_player + view.first_player] = 1.0
    out[lay.phase + _PHASE[view.phase]] = 1.0
    mover = view.current_player
    out[lay.to_move + (mover if mover >= 0 else n if mover == CHANCE else n + 1)] = 1.0
    cards = lay.cards
    c = len(cards)
    for slot, card in enumerate(view.market):
        out[lay.market + slot * c + cards[card]] = 1.0
    width = n + 2
    places = lay.places
    for card in view.deck:
        out[places + cards[card] * width] = 1.0
    for card in view.discard:
        out[places + cards[card] * width + 1] = 1.0
    for seat, board in enumerate(view.boards):
        for card in board.cards:
            out[places + cards[card] * width + 2 + seat] = 1.0
    scale = lay.per_colour
    _count_dice(out, lay.rolled, view.rolled, scale)
    _count_dice(out, lay.pool, view.pool, scale)
    for seat, dice in enumerate(view.drafted):
        _count_dice(out, lay.drafted + seat * _FACES, dice, scale)
    _count_dice(out, lay.dice_left, view.dice_left, scale)
    if view.rerolling is not None:
        out[lay.rerolling + _FACE[view.rerolling.colour, view.rerolling.pips]] = 1.0
    for card in view.powers_used:
        out[lay.powers + cards[card]] = 1.0
    if view.pending:
        head = view.pending[0]
        at = lay.pending_head
        out[at + (0 if head.kind is PendingKind.DRAW else 1)] = 1.0
        out[at + 2 + _KIND[head.object]] = 1.0
        if head.card:
            out[at + 2 + len(_KINDS) + cards[head.card]] = 1.0
        for owed in view.pending[1:]:
            out[lay.pending_rest + _KIND[owed.object]] += 1.0 / _PENDING_SCALE
    kinds = len(_KINDS)
    s = lay.sheet_size
    for seat, board in enumerate(view.boards):
        base = lay.boards + seat * lay.board_size
        for cell, content in enumerate(board.sheet):
            if content is not None:
                out[base + cell * kinds + _KIND[content]] = 1.0
        path = base + s * kinds
        tail = path + lay.path_length
        for space in board.flowers:
            out[path + space - 1] = 1.0
            out[tail + 1 + lay.flower_of_space[space - 1]] += lay.tokens
        out[tail] = board.pesos * lay.pesos_scale
        if board.flowers and board.flowers[-1] > lay.head:
            out[tail + 4] = 1.0


_SCALARS, _MARKET, _DECK, _DISCARD, _ROLLED, _POOL, _DRAFTED, _LEFT, _POWERS, _PENDING, _PARTS = range(11)
"""The parts of an observation :func:`observation_buffer` keeps apart (then one part per seat's board)."""


def _dice_entries(at: int, dice: Sequence[Die], scale: float) -> dict[int, float]:
    entries: dict[int, float] = {}
    for die in dice:
        index = at + _FACE[die.colour, die.pips]
        entries[index] = entries.get(index, 0.0) + scale
    return entries


_MOST_BOARDS: Final = 512


def _board_entries(lay: _Layout, seat: int, board: Board) -> Entries:
    """The non-zero entries of seat ``seat``'s board (its cards' places, its sheet, its Path), whoever views it.

    Every entry's slot differs from the others'; the flower tokens are summed one by one, as
    :func:`_fill_observation` sums them (the same floats).
    """
    cards = lay.cards
    width = lay.n + 2
    column = lay.places + 2 + seat
    kinds = len(_KINDS)
    entries = [(column + cards[card] * width, 1.0) for card in board.cards]
    base = lay.boards + seat * lay.board_size
    for cell, content in enumerate(board.sheet):
        if content is not None:
            entries.append((base + cell * kinds + _KIND[content], 1.0))
    path = base + lay.sheet_size * kinds
    tail = path + lay.path_length
    flowers = board.flowers
    if flowers:
        tokens = lay.tokens
        flower_of_space = lay.flower_of_space
        sums = [0.0] * len(_FLOWER)
        for space in flowers:
            entries.append((path + space - 1, 1.0))
            sums[flower_of_space[space - 1]] += tokens
        for flower, total in enumerate(sums):
            if total:
                entries.append((tail + 1 + flower, total))
        if flowers[-1] > lay.head:
            entries.append((tail + 4, 1.0))
    entries.append((tail, board.pesos * lay.pesos_scale))
    return tuple(entries)


def _fill_changed(lay: _Layout, table: State | View, player: int, mover: int, written: Written) -> None:
    """Bring ``written``'s buffer to the observation of ``table`` for ``player``, rewriting only what changed.

    ``table`` is a view (``player`` and ``mover`` its own) or the state the view would be made of.
    """
    parts = written.parts
    n = lay.n
    cards = lay.cards
    ones = [
        lay.viewer + (player if player >= 0 else n),
        lay.round + table.round,
        lay.first_player + table.first_player,
        lay.phase + _PHASE[table.phase],
        lay.to_move + (mover if mover >= 0 else n if mover == CHANCE else n + 1),
    ]
    rerolling = table.rerolling
    if rerolling is not None:
        ones.append(lay.rerolling + _FACE[rerolling.colour, rerolling.pips])
    written.write(_SCALARS, None, tuple(ones))
    market = table.market
    if market is not parts[_MARKET]:
        c = len(cards)
        slots = tuple(lay.market + slot * c + cards[card] for slot, card in enumerate(market))
        written.write(_MARKET, market, slots)
    width = n + 2
    places = lay.places
    deck = table.deck
    if deck is not parts[_DECK]:
        written.write(_DECK, deck, tuple(places + cards[card] * width for card in deck))
    discard = table.discard
    if discard is not parts[_DISCARD]:
        written.write(_DISCARD, discard, tuple(places + cards[card] * width + 1 for card in discard))
    scale = lay.per_colour
    rolled = table.rolled
    if rolled is not parts[_ROLLED]:
        written.put(_ROLLED, rolled, _dice_entries(lay.rolled, rolled, scale))
    pool = table.pool
    if pool is not parts[_POOL]:
        written.put(_POOL, pool, _dice_entries(lay.pool, pool, scale))
    drafted = table.drafted
    if drafted is not parts[_DRAFTED]:
        entries: dict[int, float] = {}
        for seat, dice in enumerate(drafted):
            entries.update(_dice_entries(lay.drafted + seat * _FACES, dice, scale))
        written.put(_DRAFTED, drafted, entries)
    left = table.dice_left
    if left is not parts[_LEFT]:
        written.put(_LEFT, left, _dice_entries(lay.dice_left, left, scale))
    powers = table.powers_used
    if powers is not parts[_POWERS]:
        written.write(_POWERS, powers, tuple(lay.powers + cards[card] for card in powers))
    pending = table.pending
    if pending is not parts[_PENDING]:
        entries = {}
        if pending:
            head = pending[0]
            at = lay.pending_head
            entries[at + (0 if head.kind is PendingKind.DRAW else 1)] = 1.0
            entries[at + 2 + _KIND[head.object]] = 1.0
            if head.card:
                entries[at + 2 + len(_KINDS) + cards[head.card]] = 1.0
            for owed in pending[1:]:
                index = lay.pending_rest + _KIND[owed.object]
                entries[index] = entries.get(index, 0.0) + 1.0 / _PENDING_SCALE
        written.put(_PENDING, pending, entries)
    cache = lay.board_cache
    for seat, board in enumerate(table.boards):
        part = _PARTS + seat
        if board is parts[part]:
            continue
        known = cache.get(id(board))
        if known is None or known[0] is not board or known[1] != seat:
            known = (board, seat, _board_entries(lay, seat, board))
            if len(cache) >= _MOST_BOARDS:
                cache.clear()
            cache[id(board)] = known
        written.place(part, board, 0, known[2])  # the entries are the seat's, kept for every viewer


def _kept(lay: _Layout, view: View) -> Written:
    written = lay.written.pop(view.player, None)  # taken while in use: a concurrent call starts its own
    if written is None:
        written = Written(lay.observation, _PARTS + lay.n)
    _fill_changed(lay, view, view.player, view.current_player, written)
    return written


def observation_buffer(config: Config, view: View) -> array[float]:
    """``encode_observation`` of ``view`` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

    Adapters filling a preallocated tensor use it: the values are those of
    :func:`encode_observation`, without a tuple of floats to convert.
    :func:`state_observation_buffer` reads the same tensor straight from a state.

    Raises:
        ConfigError: ``view`` is not an Ofrendados view of a game under ``config``.

    """
    lay = _layout(config)
    _check_view(config, view)
    written = _kept(lay, view)
    out = written.buffer[:]
    give_back(lay.written, view.player, written)
    return out


def state_observation_buffer(state: State, player: int) -> memoryview:
    """Seat ``player``'s observation tensor of ``state``, read from the state itself: no view is built.

    Its bytes are those of ``observation_buffer(state.config, observe(state,
    player))``. It is a read-only memoryview of doubles over the observation
    kept for the config and seat: valid until the next call for that config
    and seat, so a caller copies it at once (``numpy.frombuffer`` then a copy
    into its own tensor, as the adapters do) -- no new array per read.

    Raises:
        ConfigError: ``player`` is not a seat of the game.

    """
    lay = _layout(state.config)
    written = take_seat(lay.written, player, lay.n) or Written(lay.observation, _PARTS + lay.n)
    _fill_changed(lay, state, player, current_player(state), written)
    give_back(lay.written, player, written)
    return memoryview(written.readonly)  # a new view each call: releasing it leaves the kept one alone


def encode_observation(config: Config, view: View) -> tuple[float, ...]:
    """``view`` (a seat's or the spectator's) as a flat tuple of floats, in the layout of the module docstring.

    Raises:
        ConfigError: ``view`` is not an Ofrendados view of a game under ``config``.

    """
    lay = _layout(config)
    _check_view(config, view)
    out = [0.0] * lay.observation
    _fill_observation(out, lay, view)
    return tuple(out)


def _new_events(views: Sequence[View]) -> list[object]:
    """Every event the views tell, each once, in order."""
    events: list[object] = []
    previous: View | None = None
    for view in views:
        events.extend(new_events(previous, view))
        previous = view
    return events


def encode_information_state(config: Config, views: Sequence[View]) -> tuple[float, ...]:
    """A seat's perfect-recall information state: every view it has had, in order, as a flat tuple of floats.

    The layout is in the module docstring. The views must all be of the same
    seat (or all the spectator's).

    Raises:
        ConfigError: no view is given, a view is not an Ofrendados view under ``config``, or the views belong
            to different seats.

    """
    _layout(config)  # refuses a config that is not Ofrendados' first
    if not views:
        raise ConfigError(_NO_VIEW)
    last = _check_view(config, views[-1])
    for view in views:
        if _check_view(config, view).player != last.player:
            raise ConfigError(f"the views belong to seats {view.player} and {last.player}, not to one seat")
    return InformationStateEncoder(config).add_all(views).encode()


class InformationStateEncoder(
    IncrementalEncoder[Config, _Layout, View],
    error=ConfigError,
    empty=_NO_VIEW,
    mixed_seats="the views belong to seats {after} and {before}, not to one seat",
):
    """Ofrendados' information state, one view after another: ``IncrementalEncoder`` over this module's layout.

    :mod:`ofrenda_rules.encodings.information_state` holds what the games' encoders share.
    """

    __slots__ = ("_base", "_picks", "_rounds", "_used")

    def __init__(self, config: Config) -> None:
        lay = _layout(config)
        super().__init__(config, lay, lay.information)
        self._rounds = self._picks = 0
        self._used, self._base = [0] * lay.n, lay.history

    _check_view = staticmethod(_check_view)

    def _add(self, view: View) -> None:
        lay = self._layout
        out = self._history
        n = lay.n
        c = len(lay.cards)
        cards = lay.cards
        scale = lay.per_colour
        rounds, picks, used, base = self._rounds, self._picks, self._used, self._base
        for event in new_events(self._last, view):
            if isinstance(event, RoundStarted):
                rounds = min(event.round, ROUNDS) - 1
                picks = 0
                used = [0] * n
                base = lay.history + rounds * lay.round_size
            elif isinstance(event, DiceRolled):
                for colour, faces in zip(_COLOURS, (event.yellow, event.orange, event.purple), strict=True):
                    for pips in faces:
                        out[base + _FACE[colour, pips]] += scale
            elif isinstance(event, DieTaken):
                if picks < lay.picks:
                    out[base + _FACES + picks * _DRAFT_FACES + _FACE[event.colour, event.pips]] = 1.0
                picks += 1
            elif isinstance(event, CardRevealed):
                out[base + _FACES + lay.picks * _DRAFT_FACES + cards[event.card]] = 1.0
            elif isinstance(event, CardBought):
                out[base + _FACES + lay.picks * _DRAFT_FACES + c + event.seat * c + cards[event.card]] = 1.0
            elif isinstance(event, DieUsed):
                slot = used[event.seat]
                used[event.seat] += 1
                if slot < lay.uses:
                    at = base + _FACES + lay.picks * _DRAFT_FACES + c + n * c + (event.seat * lay.uses + slot) * _USE
                    out[at + _FACE[event.colour, event.pips]] = 1.0
                    if event.as_money:
                        out[at + _FACES] = 1.0
            elif isinstance(event, DieTurned | DieRerolled):
                at = base + _FACES + lay.picks * _DRAFT_FACES + c + n * c + n * lay.uses * _USE
                out[at + event.seat * c + cards[event.card]] = 1.0
            elif isinstance(event, ObjectDrawn):
                out[lay.cells + event.seat * 2 * lay.sheet_size + event.cell] = (rounds + 1) / ROUNDS
            elif isinstance(event, ObjectRewritten):
                out[lay.cells + (event.seat * 2 + 1) * lay.sheet_size + event.cell] += 1.0 / _REWRITE_SCALE
            elif isinstance(event, FlowerMoved):
                out[lay.spaces + event.seat * lay.path_length + event.space - 1] = (rounds + 1) / ROUNDS
        self._rounds, self._picks, self._used, self._base = rounds, picks, used, base
        self._last = view

    def _fill(self, out: MutableSequence[float], layout: _Layout, view: View) -> None:
        # The history's observation prefix is all zero: the kept observation of the viewer replaces it whole.
        written = _kept(layout, view)
        out[: layout.observation] = written.buffer
        give_back(layout.written, view.player, written)
