"""An edition of Ofrenda: every component, validated, with precomputed tables.

The default edition (``data/default_edition.json``) is reconstructed from
every constraint the rulebook states (see the docs page); another printing loads
from JSON with :func:`load_edition` and is refused, with the broken
constraint named, when it does not fit the rulebook.

>>> board = DEFAULT_EDITION.board
>>> board.rows
(5, 4, 3)
>>> DEFAULT_EDITION.neighbours[0], DEFAULT_EDITION.neighbours[6]
((1, 5), (1, 2, 5, 7, 9, 10))
>>> len(DEFAULT_EDITION.portraits), len(DEFAULT_EDITION.candles)
(65, 35)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from ofrenda_rules.editions import EditionCatalog
from ofrenda_rules.errors import EditionError
from ofrenda_rules.json import load_packaged
from ofrenda_rules.ofrenda.components import (
    BRANCHES,
    MAJORITY_KINDS,
    OFFERINGS,
    BoardLayout,
    Candle,
    CandleKind,
    Cell,
    GoalCard,
    GoalKind,
    GoalType,
    ObjectiveKind,
    Portrait,
    ScoringToken,
)

__all__ = [
    "COUNTS",
    "MAX_NAME_LENGTH",
    "DEFAULT_EDITION",
    "EDITIONS",
    "Edition",
    "deck_needed",
    "edition_problems",
    "load_edition",
    "slot_coordinates",
]

COUNTS: Final = {"portraits": 65, "candles": 35, "goals": 15, "tokens": 12, "marigolds": 36, "card_slots": 12}
"""Component counts from the rulebook's list of components."""
PLAYER_MARKS: Final = (2, 3, 4)
"""The player-count marks on portraits and scoring tokens."""
TURNS: Final = 12
"""Every player plays exactly 12 turns."""
SOLO_REMOVED: Final = 3
"""Portraits removed unseen from the solo deck."""
MAX_NAME_LENGTH: Final = 200
"""Longest name of an edition, in characters (untrusted JSON is bounded)."""


def deck_needed(players: int) -> int:
    """Portraits a game uses up: the market, the hands and one replenishment per turn.

    In the solo mode the Abuela also discards one portrait per turn and three
    portraits are removed at setup.

    >>> deck_needed(4), deck_needed(1)
    (64, 34)
    """
    if players == 1:
        return 4 + 3 + 2 * TURNS + SOLO_REMOVED
    return 4 + 3 * players + TURNS * players


def slot_coordinates(rows: tuple[int, ...]) -> tuple[Cell, ...]:
    """``(row, column)`` of every card slot, columns in half cards (offset rows).

    >>> slot_coordinates((3, 2))
    ((0, 0), (0, 2), (0, 4), (1, 1), (1, 3))
    """
    return tuple((r, r + 2 * j) for r, n in enumerate(rows) for j in range(n))


def _adjacent(a: Cell, b: Cell) -> bool:
    dr, dx = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr == 0 and dx == 2) or (dr == 1 and dx == 1)


def _embeddings(coords: tuple[Cell, ...], pattern: tuple[Cell, ...]) -> tuple[int, ...]:
    index = {c: i for i, c in enumerate(coords)}
    found: set[int] = set()
    r0, x0 = pattern[0]
    for r, x in coords:
        mask = 0
        for pr, px in pattern:
            slot = index.get((pr - r0 + r, px - x0 + x))
            if slot is None:
                break
            mask |= 1 << slot
        else:
            found.add(mask)
    return tuple(sorted(found))


@attrs.frozen
class Edition:
    """Every component of one printing, validated, with the tables rules look up.

    Raises:
        EditionError: when a component breaks a constraint of the rulebook
            (the message lists every problem).

    """

    name: str
    """A label for the printing."""
    portraits: tuple[Portrait, ...]
    """The 65 portrait cards, numbered 0-64 in order."""
    candles: tuple[Candle, ...]
    """The 35 candles, numbered 0-34 in order."""
    board: BoardLayout
    """The Ofrenda board (every player has the same)."""
    goals: tuple[GoalCard, ...]
    """The 15 common-goal cards, numbered in order."""
    tokens: tuple[ScoringToken, ...]
    """The 12 scoring tokens, numbered in order."""
    marigolds: int = COUNTS["marigolds"]
    """Marigolds in the box."""

    coordinates: tuple[Cell, ...] = attrs.field(init=False, eq=False, repr=False)
    """``(row, column)`` of each card slot."""
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """The adjacent card slots of each card slot."""
    offering_slots_of: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """For each card slot, the candle/marigold slots it touches."""
    offering_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """For each candle/marigold slot, the bit mask of its three card slots."""
    golden: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    """Whether each card slot is golden."""
    slot_effect: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Marigolds gained (+1 flower, -1 crossed out, 0 plain) by placing in each slot."""
    masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The feature bits of each portrait."""
    goal_placements: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """For each goal card, the slot masks where one of its patterns fits."""

    def __attrs_post_init__(self) -> None:
        problems = edition_problems(self)
        if problems:
            label = repr(self.name if len(self.name) <= 40 else self.name[:37] + "...")
            more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
            raise EditionError(f"edition {label} is invalid: " + "; ".join(problems[:10]) + more)

    def portrait(self, card: int) -> Portrait:
        """The portrait numbered ``card``."""
        return self.portraits[card]

    def candle(self, candle: int) -> Candle:
        """The candle numbered ``candle``."""
        return self.candles[candle]

    def goal(self, goal: int) -> GoalCard:
        """The goal card numbered ``goal``."""
        return self.goals[goal]

    def goals_of(self, kind: GoalType) -> tuple[int, ...]:
        """The goal cards with the back ``kind``."""
        return tuple(g.id for g in self.goals if g.type is kind)

    def token_stack(self, kind: GoalType, players: int) -> tuple[int, ...]:
        """The tokens of a goal type used with ``players``, bottom to top (highest value on top)."""
        used = [t for t in self.tokens if t.type is kind and t.players <= players]
        return tuple(t.id for t in sorted(used, key=lambda t: (t.value, t.id)))


def _set(instance: Edition, name: str, value: object) -> None:
    object.__setattr__(instance, name, value)


def _precompute(edition: Edition) -> list[str]:
    board = edition.board
    coords = slot_coordinates(board.rows)
    n = len(coords)
    _set(edition, "coordinates", coords)
    neighbours = tuple(tuple(j for j in range(n) if _adjacent(coords[i], coords[j])) for i in range(n))
    _set(edition, "neighbours", neighbours)
    problems: list[str] = []
    for group, label in ((board.golden, "golden"), (board.flower, "flower"), (board.crossed, "crossed")):
        bad = [s for s in group if not 0 <= s < n]
        if bad or len(set(group)) != len(group):
            problems.append(f"{label} slots {list(group)} must be distinct card slots 0-{n - 1}")
    for k, slot in enumerate(board.offering_slots):
        if len(slot.cards) != 3 or len(set(slot.cards)) != 3 or not all(0 <= c < n for c in slot.cards):
            problems.append(f"offering slot {k} must touch three distinct card slots, not {list(slot.cards)}")
    if problems:
        return problems
    _set(
        edition,
        "offering_slots_of",
        tuple(tuple(k for k, slot in enumerate(board.offering_slots) if i in slot.cards) for i in range(n)),
    )
    _set(edition, "offering_masks", tuple(sum(1 << c for c in slot.cards) for slot in board.offering_slots))
    _set(edition, "golden", tuple(i in board.golden for i in range(n)))
    _set(edition, "slot_effect", tuple((i in board.flower) - (i in board.crossed) for i in range(n)))
    _set(edition, "masks", tuple(p.mask for p in edition.portraits))
    _set(
        edition,
        "goal_placements",
        tuple(
            tuple(sorted({m for pattern in g.patterns if pattern for m in _embeddings(coords, pattern)}))
            for g in edition.goals
        ),
    )
    return problems


def _board_problems(edition: Edition) -> list[str]:
    board = edition.board
    problems: list[str] = []
    if sum(board.rows) != COUNTS["card_slots"]:
        problems.append(f"the board has {sum(board.rows)} card slots, the rulebook's Ofrenda has 12")
    if any(b != a - 1 for a, b in zip(board.rows, board.rows[1:], strict=False)):
        problems.append(f"rows {list(board.rows)} are not a pyramid of offset rows (each one shorter)")
    for slot, adjacent in enumerate(edition.neighbours):
        if not 2 <= len(adjacent) <= 6:
            problems.append(f"card slot {slot} is adjacent to {len(adjacent)} slots, the rulebook says 2-6")
    if set(board.flower) & set(board.crossed):
        problems.append(f"slots {sorted(set(board.flower) & set(board.crossed))} are both flower and crossed out")
    seen: set[frozenset[int]] = set()
    for k, offering in enumerate(board.offering_slots):
        a, b, c = offering.cards
        if not all(y in edition.neighbours[x] for x, y in ((a, b), (a, c), (b, c))):
            problems.append(f"offering slot {k} touches card slots {list(offering.cards)}, not mutually adjacent")
        if frozenset(offering.cards) in seen:
            problems.append(f"offering slot {k} repeats the card slots {sorted(offering.cards)}")
        seen.add(frozenset(offering.cards))
    return problems


def _miscount(have: int, key: str, what: str) -> list[str]:
    """The problem of ``have`` components where the rulebook's list (:data:`COUNTS`) has another number, if so."""
    want = COUNTS[key]
    return [] if have == want else [f"{have} {what}, the rulebook has {want}"]


def _portrait_problems(edition: Edition) -> list[str]:
    portraits = edition.portraits
    problems = _miscount(len(portraits), "portraits", "portraits")
    for index, p in enumerate(portraits):
        where = f"portrait {index}"
        if p.id != index:
            problems.append(f"{where} is numbered {p.id}")
        if p.branch not in BRANCHES:
            problems.append(f"{where}: {p.branch.value} is not a family branch")
        if p.offering not in OFFERINGS:
            problems.append(f"{where}: {p.offering.value} is not an offering")
        if p.players not in PLAYER_MARKS:
            problems.append(f"{where}: player-count mark {p.players} is not 2, 3 or 4")
        want = 1 if p.objective.kind is ObjectiveKind.AT_LEAST_TWO else 2
        if len(p.objective.features) != want or len(set(p.objective.features)) != want:
            problems.append(f"{where}: a {p.objective.kind.value} objective depicts {want} distinct feature(s)")
    kinds = {p.objective.kind for p in portraits}
    if kinds != set(ObjectiveKind):
        problems.append(f"portrait objectives must include all three kinds, not {sorted(k.value for k in kinds)}")
    for players in (1, *PLAYER_MARKS):
        have = sum(1 for p in portraits if p.players <= max(players, 2))
        if have < deck_needed(players):
            problems.append(f"{have} portraits for {players} player(s), a game needs {deck_needed(players)}")
    return problems


def _candle_problems(edition: Edition) -> list[str]:
    candles = edition.candles
    problems = _miscount(len(candles), "candles", "candles")
    one = {CandleKind.FOUR_OF_FEATURE, CandleKind.FEATURE_MAJORITY}
    for index, c in enumerate(candles):
        where = f"candle {index}"
        obj = c.objective
        if c.id != index:
            problems.append(f"{where} is numbered {c.id}")
        want = 1 if obj.kind in one else 2 if obj.kind is CandleKind.TWO_OF_EACH else 0
        if len(obj.features) != want or len(set(obj.features)) != want:
            problems.append(f"{where}: a {obj.kind.value} objective depicts {want} distinct feature(s)")
        if (obj.category is None) == (obj.kind is CandleKind.FULL_SET):
            problems.append(f"{where}: only a full_set objective names a category")
        if obj.kind in MAJORITY_KINDS and not c.multiplayer_only:
            problems.append(f"{where}: majority objectives are only used in multiplayer mode")
    kinds = {c.objective.kind for c in candles}
    if kinds != set(CandleKind):
        problems.append(f"candles miss the objective kinds {sorted(k.value for k in set(CandleKind) - kinds)}")
    if sum(1 for c in candles if not c.multiplayer_only) < 4:
        problems.append("fewer than 4 candles without the multiplayer-only icon for the solo market")
    return problems


def _goal_problems(edition: Edition) -> list[str]:
    problems = _miscount(len(edition.goals), "goals", "goal cards")
    problems += _miscount(len(edition.tokens), "tokens", "scoring tokens")
    types = Counter(g.type for g in edition.goals)
    for kind in GoalType:
        if not types[kind]:
            problems.append(f"no goal card of type {kind.value}")
        for players in PLAYER_MARKS:
            have = len(edition.token_stack(kind, players))
            if have != players:
                problems.append(f"{have} {kind.value} tokens for {players} players, one per player is needed")
    for index, g in enumerate(edition.goals):
        where = f"goal {index}"
        if g.id != index:
            problems.append(f"{where} is numbered {g.id}")
        if (g.feature is None) == (g.kind is GoalKind.FEATURE_COUNT):
            problems.append(f"{where}: only a feature_count goal depicts a feature")
        if bool(g.patterns) != (g.kind is GoalKind.PATTERN):
            problems.append(f"{where}: only a pattern goal depicts patterns")
        if g.count < 1:
            problems.append(f"{where}: count {g.count} must be positive")
        if g.kind is GoalKind.SURROUNDED_SLOTS and g.count > len(edition.board.offering_slots):
            problems.append(f"{where}: the board has fewer than {g.count} candle/marigold slots")
        for pattern in g.patterns:
            if len(set(pattern)) != g.count or len(pattern) != g.count:
                problems.append(f"{where}: pattern {list(pattern)} is not {g.count} distinct cells")
            elif not _embeddings(edition.coordinates, pattern):
                problems.append(f"{where}: pattern {list(pattern)} fits nowhere on the board")
    for index, t in enumerate(edition.tokens):
        if t.id != index:
            problems.append(f"token {index} is numbered {t.id}")
        if t.players not in PLAYER_MARKS or t.value < 1:
            problems.append(f"token {index}: mark {t.players} / value {t.value} is not valid")
    return problems


def edition_problems(edition: Edition) -> list[str]:
    """Every rulebook constraint the edition breaks (empty when valid); fills the tables."""
    if len(edition.name) > MAX_NAME_LENGTH:
        return [f"the edition's name has {len(edition.name)} characters, more than {MAX_NAME_LENGTH}"]
    rows = edition.board.rows
    slots = COUNTS["card_slots"]
    if len(rows) > slots or not all(0 <= row <= slots for row in rows):  # absurd: no tables are built
        shown = [row if abs(row) < 10**6 else "huge" for row in rows[:slots]]
        more = "..." if len(rows) > slots else ""
        return [f"the board's rows {shown}{more} must be 0 to 12 slots each, in at most 12 rows"]
    problems = _precompute(edition)
    if problems:
        return problems
    return (
        _miscount(edition.marigolds, "marigolds", "marigolds")
        + _board_problems(edition)
        + _portrait_problems(edition)
        + _candle_problems(edition)
        + _goal_problems(edition)
    )


DEFAULT_EDITION: Final = load_packaged("ofrenda_rules.ofrenda", "data/default_edition.json", Edition)
"""The default edition, reconstructed from the rulebook (see the docs page)."""

EDITIONS: Final = EditionCatalog(
    "ofrenda", Edition, DEFAULT_EDITION, legacy_key="custom_edition", legacy_default_null=True
)
"""The game's editions -- the default one and the custom ones registered in this process."""


load_edition: Final = EDITIONS.load
"""Load an edition from JSON, validated, and register it (``EDITIONS.load``: see :meth:`.EditionCatalog.load`)."""
