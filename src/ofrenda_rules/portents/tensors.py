"""Portents views as flat tensors of floats, for learning agents.

:func:`encode_observation` turns one :class:`~ofrenda_rules.portents.view.View`
(a seat's, or the spectator's) into a flat tuple of floats of length
``observation_shape(config)[0]``; :func:`encode_information_state` turns every
view a seat has had into its perfect-recall information state. Both read the
views only, so they leak nothing by construction. Signs (tiles and omens) are
numbered in :class:`~ofrenda_rules.portents.components.Sign` order (``s``:
yellow skull 0 ... white wing 15), traits in
:class:`~ofrenda_rules.portents.components.Trait` order (four colours, then four
shapes), spaces 0-8 row by row from the north-west, slots 0-15 clockwise from
the north-west corner, lanes as :data:`~ofrenda_rules.portents.components.LANES`.
A block for two seats is seat 0's values, then seat 1's (all zero in the solo
game, which has one seat).

Observation layout (725 floats under every configuration):

======  ======  ==================================================================================
offset  length  meaning
======  ======  ==================================================================================
0       1       solo game (the configuration)
1       5       solo difficulty, one-hot in ``Difficulty`` order (a two-player game: standard seer)
6       4       solo challenges: chaotic cat, feed the cat, felis pyromanias, don't disturb the cat
10      3       whose view: seat 0, seat 1, spectator
13      4       whose decision: seat 0, seat 1, chance, game over
17      14      phase, one-hot in ``Phase`` order
31      2       active seat, one-hot
33      256     omen ring: ``16 * slot + s`` is 1 when the slot holds omen ``s``
289     144     altar: ``16 * space + s`` is 1 when the space holds tile ``s``
433     9       lit: the tile on each space is a Burnt Offering
442     16      set-up: tiles taken up for a reshuffle, by sign
458     32      hands: ``16 * seat + s``
490     16      tiles pushed off this turn, by sign
506     16      the Kitty token's tile, one-hot (all zero when empty)
522     1       tiles in the bag / 16
523     32      omens collected: ``16 * seat + s``
555     16      omens the Kitty holds, by sign
571     16      the Kitty's slot, one-hot
587     1       the Kitty's steps / 33 (it wins at 32, and steps at most twice a turn)
588     1       the Kitty wears its hat
589     64      new Portents of this Scrying: ``8 * lane + trait``
653     9       spaces lit in this Scrying
662     1       the player made a new Portent this turn
663     1       turns completed / the most a game can have (the turn limit; 64 solo)
664     1       set-up reshuffles / 64 (at most 1)
665     1       set-up redeals / 64 (at most 1)
666     2       winners, by seat
668     9       why the game ended, one-hot in ``EndReason`` order
677     16      recent events: omen slots emptied (collected or stolen) since the last decision
693     9       recent events: spaces that received a tile (placed, or drawn by the Kitty)
702     9       recent events: spaces lit
711     9       recent events: spaces snuffed
720     4       recent events: the side pushed from (a player's or the Kitty's push), by ``Side``
724     1       recent events: a pass (no push)
======  ======  ==================================================================================

Information-state layout: the observation of the last view (725 floats), then:

======  ==========  ===================================================================================
offset  length      meaning
======  ==========  ===================================================================================
725     1           the start of play was seen (the next blocks are filled)
726     256         the omen ring at the start of play (first view past the set-up), as in the observation
982     144         the altar at the start of play
1126    32          the hands at the start of play
1158    16          the Kitty token at the start of play
1174    2           the active seat at the start of play
1176    9           the lit tiles when the first turn began (two players: the starting Burnt Offering)
1185    ``65 * H``  the last ``H`` completed turns, most recent first, 65 floats each (below)
======  ==========  ===================================================================================

``H`` is the most turns a game can have when that is at most 128 (64 solo;
the turn limit with two players), else 128. One turn's record, read from the
first view after it ended: 1 -- present; 3 -- who played it (seat 0, seat 1,
the Kitty); 36 -- the altar after it, 4 bits (``s`` in binary, low bit first)
per space; 9 -- the lit tiles after it; 16 -- the hand of the seat that played
it after it (seat 0's after a Kitty turn), by sign.

What it forgets: the order of the decisions inside a turn (the last view
shows the current turn's pushed tiles, empty spaces and lights, and the
record the result of each finished one); the set-up's chance draws before the
start of play (the reshuffle and redeal counts stay); the turns before the
last ``H`` in a two-player game with a turn limit above 128, beyond what the
collections and the omen ring still show; and, when one step finishes two
turns (a solo Kitty turn that needs no draw), the state between them, which
the rules then fix. Everything else a seat saw -- each turn's pushes,
placements, lights, snuffs, collections, the Kitty's draws and steals and
Feed the Cat's swaps -- follows from the start of play and the turn records.

>>> from ofrenda_rules.portents import Config, new_game, observe, observe_public
>>> config = Config()
>>> state = new_game(config, seed=3)
>>> observation_shape(config), information_state_shape(config)
((725,), (9505,))
>>> tensor = encode_observation(config, observe(state, 0))
>>> len(tensor), tensor[10:13], encode_observation(config, observe_public(state))[10:13]
(725, (1.0, 0.0, 0.0), (0.0, 0.0, 1.0))
>>> len(encode_information_state(config, [observe(state, 0)]))
9505
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from functools import partial
from typing import Final

import attrs

from ofrenda_rules.chance import CHANCE, PlayerId
from ofrenda_rules.encodings.action_ids import per_config
from ofrenda_rules.encodings.information_state import IncrementalEncoder
from ofrenda_rules.encodings.observation import Written, give_back, take_seat
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.portents.components import SPACES, Side, Sign, Trait
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import (
    KittyDrew,
    KittyPushed,
    KittyStole,
    KittyTokenPlayed,
    OfferingLit,
    OmenCollected,
    PushPassed,
    TilePlaced,
    TileSnuffed,
    TilesPushed,
)
from ofrenda_rules.portents.kitty import CIRCUIT, kitty_hat, kitty_slot
from ofrenda_rules.portents.rules import current_player
from ofrenda_rules.portents.state import CHALLENGES, Config, Difficulty, Phase, State
from ofrenda_rules.portents.view import View

__all__ = [
    "OBSERVATION_SIZE",
    "TURN_RECORD_SIZE",
    "InformationStateEncoder",
    "encode_information_state",
    "encode_observation",
    "observation_buffer",
    "information_state_shape",
    "observation_shape",
    "state_observation_buffer",
]

_SIGNS: Final = len(Sign)
_SLOTS: Final = 16
_LANES: Final = 8
_CAP: Final = 64
"""Reshuffles and redeals are scaled by this (``RESHUFFLE_CAP`` of the definition) and clipped at 1."""
_SOLO_TURNS: Final = 4 * CIRCUIT
_MAX_STEPS: Final = 2 * CIRCUIT + 1
_HISTORY_CAP: Final = 128
"""The most turn records an information state keeps."""

_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(Phase)}
_REASON_INDEX: Final = {reason: i for i, reason in enumerate(EndReason)}
_TRAIT_INDEX: Final = {trait: i for i, trait in enumerate(Trait)}
_SIDE_INDEX: Final = {side: i for i, side in enumerate(Side)}
_DIFFICULTY_INDEX: Final = {level: i for i, level in enumerate(Difficulty)}
_SETUP: Final = frozenset({Phase.OMENS, Phase.ALTAR, Phase.RESHUFFLE, Phase.HANDS, Phase.TOKEN, Phase.FIRST_PLAYER})


def _offsets(*blocks: tuple[str, int]) -> tuple[dict[str, int], int]:
    offsets: dict[str, int] = {}
    total = 0
    for name, length in blocks:
        offsets[name] = total
        total += length
    return offsets, total


_OBS, OBSERVATION_SIZE = _offsets(
    ("solo", 1),
    ("difficulty", len(Difficulty)),
    ("challenges", len(CHALLENGES)),
    ("perspective", 3),
    ("mover", 4),
    ("phase", len(Phase)),
    ("active", 2),
    ("omens", _SLOTS * _SIGNS),
    ("altar", SPACES * _SIGNS),
    ("lit", SPACES),
    ("taken", _SIGNS),
    ("hands", 2 * _SIGNS),
    ("pushed", _SIGNS),
    ("token", _SIGNS),
    ("bag", 1),
    ("collected", 2 * _SIGNS),
    ("kitty_omens", _SIGNS),
    ("kitty_slot", _SLOTS),
    ("kitty_steps", 1),
    ("kitty_hat", 1),
    ("portents", _LANES * len(Trait)),
    ("lit_now", SPACES),
    ("made_portent", 1),
    ("turns", 1),
    ("reshuffles", 1),
    ("redeals", 1),
    ("winners", 2),
    ("reason", len(EndReason)),
    ("recent_slots", _SLOTS),
    ("recent_placed", SPACES),
    ("recent_lit", SPACES),
    ("recent_snuffed", SPACES),
    ("recent_side", len(Side)),
    ("recent_pass", 1),
)
"""Observation blocks and their offsets (see the module docstring's table)."""

_START, _START_SIZE = _offsets(
    ("seen", 1),
    ("omens", _SLOTS * _SIGNS),
    ("altar", SPACES * _SIGNS),
    ("hands", 2 * _SIGNS),
    ("token", _SIGNS),
    ("active", 2),
    ("first_lit", SPACES),
)
"""The start-of-play block, relative to its own offset (``OBSERVATION_SIZE``)."""

_RECORD, TURN_RECORD_SIZE = _offsets(
    ("present", 1),
    ("mover", 3),
    ("altar", 4 * SPACES),
    ("lit", SPACES),
    ("hand", _SIGNS),
)
"""One completed turn's record, relative to its own offset."""


_NO_VIEW: Final = "an information state needs at least one view (the one after the set-up)"


@attrs.frozen
class _Layout:
    """Per-configuration constants of the tensors (built once per configuration)."""

    turn_scale: float
    """1 / the most turns a game can have."""
    history: int
    """Turn records kept in the information state."""
    config_block: tuple[float, ...]
    """The configuration's first ``_OBS["perspective"]`` floats."""
    players: int
    """Seats in the game."""
    written: dict[int, Written] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """Per viewer, the observation written last and what it was written from (:func:`observation_buffer`)."""


@partial(per_config, Config)  # found by identity: hashing a config hashes its whole edition
def _layout(config: Config) -> _Layout:
    most_turns = _SOLO_TURNS if config.solo else config.turn_limit
    block = [0.0] * _OBS["perspective"]
    block[_OBS["solo"]] = 1.0 if config.solo else 0.0
    block[_OBS["difficulty"] + _DIFFICULTY_INDEX[config.difficulty]] = 1.0
    for i, name in enumerate(CHALLENGES):
        if getattr(config, name):
            block[_OBS["challenges"] + i] = 1.0
    return _Layout(
        turn_scale=1.0 / most_turns,
        history=min(most_turns, _HISTORY_CAP),
        config_block=tuple(block),
        players=config.players,
    )


def _check(config: Config) -> _Layout:
    if not isinstance(config, Config):
        raise ConfigError(f"expected a Portents Config, not {type(config).__name__}")
    return _layout(config)


def observation_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_observation`'s tensor: ``(725,)`` under every configuration.

    Raises:
        ConfigError: ``config`` is not a Portents ``Config``.

    """
    _check(config)
    return (OBSERVATION_SIZE,)


def information_state_shape(config: Config) -> tuple[int, ...]:
    """The shape of :func:`encode_information_state`'s tensor: the observation, the start of play, ``H`` turns.

    Raises:
        ConfigError: ``config`` is not a Portents ``Config``.

    """
    layout = _check(config)
    return (OBSERVATION_SIZE + _START_SIZE + layout.history * TURN_RECORD_SIZE,)


def _fill_observation(out: MutableSequence[float], layout: _Layout, view: View) -> None:
    block = layout.config_block
    out[: len(block)] = array("d", block) if isinstance(out, array) else block  # an array takes only an array
    o = _OBS
    out[o["perspective"] + (2 if view.player == SPECTATOR else view.player)] = 1.0
    mover = view.current_player
    out[o["mover"] + (mover if mover >= 0 else 2 if mover == CHANCE else 3)] = 1.0
    out[o["phase"] + _PHASE_INDEX[view.phase]] = 1.0
    out[o["active"] + view.active] = 1.0
    base = o["omens"]
    for slot, omen in enumerate(view.omens):
        if omen is not None:
            out[base + _SIGNS * slot + omen.index] = 1.0
    base = o["altar"]
    for space, tile in enumerate(view.altar):
        if tile is not None:
            out[base + _SIGNS * space + tile.index] = 1.0
    base = o["lit"]
    for space, flag in enumerate(view.lit):
        if flag:
            out[base + space] = 1.0
    for tile in view.taken:
        out[o["taken"] + tile.index] = 1.0
    for seat, hand in enumerate(view.hands):
        for tile in hand:
            out[o["hands"] + _SIGNS * seat + tile.index] = 1.0
    for tile in view.pushed:
        out[o["pushed"] + tile.index] = 1.0
    if view.token is not None:
        out[o["token"] + view.token.index] = 1.0
    out[o["bag"]] = view.bag_size / _SIGNS
    for seat, omens in enumerate(view.collected):
        for omen in omens:
            out[o["collected"] + _SIGNS * seat + omen.index] = 1.0
    for omen in view.kitty_omens:
        out[o["kitty_omens"] + omen.index] = 1.0
    out[o["kitty_slot"] + view.kitty_slot] = 1.0
    out[o["kitty_steps"]] = view.kitty_steps / _MAX_STEPS
    out[o["kitty_hat"]] = 1.0 if view.kitty_hat else 0.0
    for portent in view.portents:
        out[o["portents"] + len(Trait) * portent.lane + _TRAIT_INDEX[portent.trait]] = 1.0
    for space in view.lit_now:
        out[o["lit_now"] + space] = 1.0
    out[o["made_portent"]] = 1.0 if view.made_portent else 0.0
    out[o["turns"]] = view.turns * layout.turn_scale
    out[o["reshuffles"]] = min(view.reshuffles, _CAP) / _CAP
    out[o["redeals"]] = min(view.redeals, _CAP) / _CAP
    for seat in view.winners:
        out[o["winners"] + seat] = 1.0
    if view.reason is not None:
        out[o["reason"] + _REASON_INDEX[view.reason]] = 1.0
    for event in view.recent_events:
        if isinstance(event, OmenCollected | KittyStole):
            out[o["recent_slots"] + event.slot] = 1.0
        elif isinstance(event, TilePlaced):
            out[o["recent_placed"] + event.space] = 1.0
        elif isinstance(event, KittyDrew | KittyTokenPlayed):
            if event.space is not None:
                out[o["recent_placed"] + event.space] = 1.0
        elif isinstance(event, OfferingLit):
            out[o["recent_lit"] + event.space] = 1.0
        elif isinstance(event, TileSnuffed):
            out[o["recent_snuffed"] + event.space] = 1.0
        elif isinstance(event, TilesPushed | KittyPushed):
            if event.side is not None:
                out[o["recent_side"] + _SIDE_INDEX[event.side]] = 1.0
        elif isinstance(event, PushPassed):
            out[o["recent_pass"]] = 1.0


(
    _ONES,
    _OMENS,
    _ALTAR,
    _LIT,
    _TAKEN,
    _HANDS,
    _PUSHED,
    _COLLECTED,
    _KITTY_OMENS,
    _PORTENTS,
    _LIT_NOW,
    _PARTS,
) = range(12)
"""The parts of an observation :func:`observation_buffer` keeps apart."""

_OMEN_SLOT: Final = tuple(
    tuple(_OBS["omens"] + _SIGNS * slot + sign for sign in range(_SIGNS)) for slot in range(_SLOTS)
)
_ALTAR_SPACE: Final = tuple(
    tuple(_OBS["altar"] + _SIGNS * space + sign for sign in range(_SIGNS)) for space in range(SPACES)
)
_RECENT: Final = {
    OmenCollected: ("recent_slots", "slot"),
    KittyStole: ("recent_slots", "slot"),
    TilePlaced: ("recent_placed", "space"),
    KittyDrew: ("recent_placed", "space"),
    KittyTokenPlayed: ("recent_placed", "space"),
    OfferingLit: ("recent_lit", "space"),
    TileSnuffed: ("recent_snuffed", "space"),
}
"""The recent events written by a slot or space, each to its block (the others are pushes and passes)."""


def _new_written(layout: _Layout) -> Written:
    written = Written(OBSERVATION_SIZE, _PARTS)
    block = layout.config_block
    written.buffer[: len(block)] = array("d", block)
    return written


def _fill_changed(
    layout: _Layout,
    view: State | View,
    player: int,
    mover: PlayerId,
    at_slot: int,
    hat: bool,
    bag_size: int,
    written: Written,
) -> None:
    """Bring ``written``'s buffer to the observation of seat ``player``, rewriting only the parts that changed.

    ``view`` is the seat's view, or the state itself (:func:`state_observation_buffer`): the fields read
    here are the same in both (a seat sees the whole table and every event whole). What a view computes
    from a state comes as arguments: whose decision it is, the Kitty's slot and hat, the bag's size.
    """
    x = written.buffer
    parts = written.parts
    o = _OBS
    ones = [
        o["perspective"] + (2 if player == SPECTATOR else player),
        o["mover"] + (mover if mover >= 0 else 2 if mover == CHANCE else 3),
        o["phase"] + _PHASE_INDEX[view.phase],
        o["active"] + view.active,
        o["kitty_slot"] + at_slot,
    ]
    if view.token is not None:
        ones.append(o["token"] + view.token.index)
    if hat:
        ones.append(o["kitty_hat"])
    if view.made_portent:
        ones.append(o["made_portent"])
    for seat in view.winners:
        ones.append(o["winners"] + seat)
    if view.reason is not None:
        ones.append(o["reason"] + _REASON_INDEX[view.reason])
    for event in view.recent_events:
        kind = type(event)
        recent = _RECENT.get(kind)
        if recent is not None:
            at = getattr(event, recent[1])
            if at is not None:
                ones.append(o[recent[0]] + at)
        elif kind is TilesPushed or kind is KittyPushed:
            assert isinstance(event, TilesPushed | KittyPushed)
            if event.side is not None:
                ones.append(o["recent_side"] + _SIDE_INDEX[event.side])
        elif kind is PushPassed:
            ones.append(o["recent_pass"])
    written.write(_ONES, None, tuple(ones))
    x[o["bag"]] = bag_size / _SIGNS
    x[o["kitty_steps"]] = view.kitty_steps / _MAX_STEPS
    x[o["turns"]] = view.turns * layout.turn_scale
    x[o["reshuffles"]] = min(view.reshuffles, _CAP) / _CAP
    x[o["redeals"]] = min(view.redeals, _CAP) / _CAP
    omens = view.omens
    if omens is not parts[_OMENS]:
        slots = tuple(_OMEN_SLOT[slot][omen.index] for slot, omen in enumerate(omens) if omen is not None)
        written.write(_OMENS, omens, slots)
    altar = view.altar
    if altar is not parts[_ALTAR]:
        slots = tuple(_ALTAR_SPACE[space][tile.index] for space, tile in enumerate(altar) if tile is not None)
        written.write(_ALTAR, altar, slots)
    lit = view.lit
    if lit is not parts[_LIT]:
        base = o["lit"]
        written.write(_LIT, lit, tuple(base + space for space, flag in enumerate(lit) if flag))
    if view.taken is not parts[_TAKEN]:
        _write_signs(written, _TAKEN, view.taken, o["taken"])
    if view.hands is not parts[_HANDS]:
        _write_seats_signs(written, _HANDS, view.hands, o["hands"])
    if view.pushed is not parts[_PUSHED]:
        _write_signs(written, _PUSHED, view.pushed, o["pushed"])
    if view.collected is not parts[_COLLECTED]:
        _write_seats_signs(written, _COLLECTED, view.collected, o["collected"])
    if view.kitty_omens is not parts[_KITTY_OMENS]:
        _write_signs(written, _KITTY_OMENS, view.kitty_omens, o["kitty_omens"])
    portents = view.portents
    if portents is not parts[_PORTENTS]:
        base = o["portents"]
        traits = len(Trait)
        slots = tuple(base + traits * portent.lane + _TRAIT_INDEX[portent.trait] for portent in portents)
        written.write(_PORTENTS, portents, slots)
    lit_now = view.lit_now
    if lit_now is not parts[_LIT_NOW]:
        base = o["lit_now"]
        written.write(_LIT_NOW, lit_now, tuple(base + space for space in lit_now))


def _write_signs(written: Written, part: int, signs: tuple[Sign, ...], base: int) -> None:
    """Write ``part``: a block of 16 set at each sign of ``signs`` (tiles or omens)."""
    written.write(part, signs, tuple([base + sign.index for sign in signs]))


def _write_seats_signs(written: Written, part: int, signs: tuple[tuple[Sign, ...], ...], base: int) -> None:
    """Write ``part``: a block of 16 per seat, set at each sign the seat holds (hands, omens collected)."""
    written.write(
        part, signs, tuple([base + _SIGNS * seat + sign.index for seat, held in enumerate(signs) for sign in held])
    )


def _fill_view(layout: _Layout, view: View, written: Written) -> None:
    """:func:`_fill_changed` from a view."""
    _fill_changed(
        layout, view, view.player, view.current_player, view.kitty_slot, view.kitty_hat, view.bag_size, written
    )


def _check_view(layout: _Layout, view: View) -> None:
    if not isinstance(view, View):
        raise ConfigError(f"expected a Portents View, not {type(view).__name__}")
    if view.players != layout.players:
        raise ConfigError(f"a view of a {view.players}-player game does not fit a {layout.players}-player config")


def observation_buffer(config: Config, view: View) -> array[float]:
    """``encode_observation`` of ``view`` as a new array of doubles (``numpy.frombuffer`` reads it without a copy).

    Adapters filling a preallocated tensor use it: the values are those of
    :func:`encode_observation`, without a tuple of floats to convert.

    Raises:
        ConfigError: ``config`` is not a Portents ``Config``, ``view`` not a Portents ``View``, or the
            view's player count is not the config's.

    """
    layout = _check(config)
    _check_view(layout, view)
    kept = layout.written
    written = kept.pop(view.player, None)  # taken while in use: a concurrent call starts its own
    if written is None:
        written = _new_written(layout)
    _fill_view(layout, view, written)
    out = written.buffer[:]
    give_back(kept, view.player, written)
    return out


def state_observation_buffer(state: State, player: int) -> memoryview:
    """Seat ``player``'s observation tensor of ``state``, read from the state itself: no view is built.

    The bytes of ``observation_buffer(state.config, observe(state, player))``, as a read-only memoryview
    valid until the next call for the config and seat: :attr:`.GameDefinition.state_observation_buffer`.

    Raises:
        ConfigError: ``player`` is not a seat of the game.

    """
    layout = _layout(state.config)
    written = take_seat(layout.written, player, layout.players) or _new_written(layout)
    _fill_changed(
        layout, state, player, current_player(state), kitty_slot(state), kitty_hat(state), len(state.bag), written
    )
    give_back(layout.written, player, written)
    return memoryview(written.readonly)  # a new view each call: releasing it leaves the kept one alone


def encode_observation(config: Config, view: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats in the layout of the module docstring.

    Raises:
        ConfigError: ``config`` is not a Portents ``Config``, ``view`` not a Portents ``View``, or the
            view's player count is not the config's.

    """
    layout = _check(config)
    _check_view(layout, view)
    out = [0.0] * OBSERVATION_SIZE
    _fill_observation(out, layout, view)
    return tuple(out)


def _fill_start(out: MutableSequence[float], base: int, view: View) -> None:
    s = _START
    out[base + s["seen"]] = 1.0
    for slot, omen in enumerate(view.omens):
        if omen is not None:
            out[base + s["omens"] + _SIGNS * slot + omen.index] = 1.0
    for space, tile in enumerate(view.altar):
        if tile is not None:
            out[base + s["altar"] + _SIGNS * space + tile.index] = 1.0
    for seat, hand in enumerate(view.hands):
        for tile in hand:
            out[base + s["hands"] + _SIGNS * seat + tile.index] = 1.0
    if view.token is not None:
        out[base + s["token"] + view.token.index] = 1.0
    out[base + s["active"] + view.active] = 1.0


def _fill_record(out: MutableSequence[float], base: int, mover: int, view: View) -> None:
    r = _RECORD
    out[base + r["present"]] = 1.0
    out[base + r["mover"] + mover] = 1.0
    for space, tile in enumerate(view.altar):
        if tile is not None:
            index = tile.index
            for bit in range(4):
                if index >> bit & 1:
                    out[base + r["altar"] + 4 * space + bit] = 1.0
    for space, flag in enumerate(view.lit):
        if flag:
            out[base + r["lit"] + space] = 1.0
    for tile in view.hands[mover if mover < 2 else 0]:
        out[base + r["hand"] + tile.index] = 1.0


def encode_information_state(config: Config, views: Sequence[View]) -> tuple[float, ...]:
    """A seat's perfect-recall information state from every view it has had, in order.

    The observation of the last view, the start of play, then the last ``H``
    completed turns (see the module docstring for the layout and for what it
    forgets).

    Raises:
        ConfigError: ``views`` is empty, or a view or ``config`` is not of Portents (or of another
            player count), or the views are not all of one seat.

    """
    layout = _check(config)
    if not views:
        raise ConfigError(_NO_VIEW)
    player = views[0].player
    for view in views:
        _check_view(layout, view)
        if view.player != player:
            raise ConfigError(f"the views mix seats {player} and {view.player}; give one seat's views")
    return InformationStateEncoder(config).add_all(views).encode()


_EMPTY_RECORD: Final = array("d", bytes(8 * TURN_RECORD_SIZE))


class InformationStateEncoder(
    IncrementalEncoder[Config, _Layout, View],
    error=ConfigError,
    empty=_NO_VIEW,
    mixed_seats="the views mix seats {before} and {after}; give one seat's views",
):
    """:func:`encode_information_state`, for one seat, built view by view (the kit's ``IncrementalEncoder``).

    It keeps the start of play and the last ``H`` turn records only.
    """

    __slots__ = ("_first_lit", "_started")

    def __init__(self, config: Config) -> None:
        super().__init__(config, _check(config), information_state_shape(config)[0])
        self._started = self._first_lit = False

    def _check_view(self, config: Config, view: View) -> None:
        _check_view(self._layout, view)

    def _add(self, view: View) -> None:
        out = self._history
        start = OBSERVATION_SIZE
        if not self._started and view.phase not in _SETUP:
            self._started = True
            _fill_start(out, start, view)
        if not self._first_lit and view.phase is Phase.PUSH and view.turns == 0:
            self._first_lit = True
            for space, flag in enumerate(view.lit):
                if flag:
                    out[start + _START["first_lit"] + space] = 1.0
        previous = self._last
        if previous is not None and view.turns > previous.turns:
            # The records run from the latest turn back: each new one shifts them by a record, the oldest out.
            history = OBSERVATION_SIZE + _START_SIZE
            end = history + self._layout.history * TURN_RECORD_SIZE
            for turn in range(previous.turns, view.turns):
                # Solo, the player's turns are the even ones; with two players a step ends one turn at most.
                mover = (2 if turn % 2 else 0) if self._config.solo else previous.active
                if end > history + TURN_RECORD_SIZE:
                    out[history + TURN_RECORD_SIZE : end] = out[history : end - TURN_RECORD_SIZE]
                out[history : history + TURN_RECORD_SIZE] = _EMPTY_RECORD
                _fill_record(out, history, mover, view)
        self._last = view

    def _fill(self, out: MutableSequence[float], layout: _Layout, view: View) -> None:
        # The history's observation prefix is all zero: the kept observation of the viewer replaces it whole.
        kept = layout.written
        written = kept.pop(view.player, None)
        if written is None:
            written = _new_written(layout)
        _fill_view(layout, view, written)
        out[:OBSERVATION_SIZE] = written.buffer
        give_back(kept, view.player, written)
