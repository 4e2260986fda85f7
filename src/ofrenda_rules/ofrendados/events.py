"""Events of Ofrendados: what a step did, in the game's words, for frontends, logs and the terminal.

:func:`~ofrenda_rules.ofrendados.rules.step` returns the events of one step
(the whole truth); a :class:`~ofrenda_rules.ofrendados.state.State` keeps
those since the most recent player decision in ``recent_events``, and a
:class:`~ofrenda_rules.ofrendados.view.View` carries them as its seat may
know them (:func:`event_seen_by`).

Ofrendados hides nothing on the table: every die, sheet, flower, peso and
Calaverita is public, and an event only ever names a card once it has been
revealed. So every seat sees every event whole. What stays hidden -- the
order of the unrevealed Calaveritas (never stored) and the generator of a
seeded game -- never appears in an event.

Each event is a small frozen class with a stable ``TAG`` (its JSON
``"type"``) and plain fields: dice by colour and pips, Calaveritas by number
(their name, price and effect are the edition's), objects by
:class:`~ofrenda_rules.ofrendados.components.ObjectKind`. Events are kept in
every state, so they are small: a state pickles them by their fields alone.
The events of the most frequent steps (a die taken or used, a flower placed,
an object drawn) are made once per edition and shared
(:class:`~ofrenda_rules.ofrendados.tables.Tables`).

>>> from ofrenda_rules.json import dumps
>>> dumps(DieRolled(Colour.YELLOW, 3), Event)
'{"colour":"yellow","pips":3,"type":"die-rolled"}'
>>> describe_event(FlowerMoved(1, 7, Flower.A, 0, ObjectKind.CANDLE))
'Seat 2 places a flower A on space 7 of the Path and gains a candle to draw'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ofrenda_rules.copying import reduce_init_fields
from ofrenda_rules.json import register_tagged_union
from ofrenda_rules.ofrendados.components import Colour, Flower, ObjectKind

__all__ = [
    "CardBought",
    "CardRevealed",
    "DiceRolled",
    "DieRerolled",
    "DieRolled",
    "DieTaken",
    "DieTurned",
    "DieUsed",
    "Event",
    "FlowerLost",
    "FlowerMoved",
    "GameEnded",
    "ObjectDrawn",
    "ObjectLost",
    "ObjectRewritten",
    "Passed",
    "RoundEnded",
    "RoundStarted",
    "describe_event",
    "event_seen_by",
]


@attrs.frozen
class RoundStarted:
    """A round begins (1) Start the fun): its Calaveritas are opened and its dice rolled next."""

    TAG: ClassVar[str] = "round-started"
    round: int
    """The round's number, 1 to 5."""
    first_player: int
    """The round's starting player (who rolls, drafts, creates and buys first)."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class CardRevealed:
    """Chance: a Calaverita is opened into the market, at the start of a round or to replace one bought.

    The card's name, price and effect are the edition's
    (``config.edition.card(card)``).
    """

    TAG: ClassVar[str] = "card-revealed"
    card: int
    """The card's number."""
    refill: bool = False
    """Whether it replaces a card just bought (else it opens the round's market)."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DiceRolled:
    """Chance: the starting player has rolled the round's dice (told once, when the last die lands).

    Without a seed the dice are fed one :class:`~ofrenda_rules.ofrendados.actions.RollDie`
    at a time; the state's ``rolled`` shows them as they come, and this event
    comes with the last one.
    """

    TAG: ClassVar[str] = "dice-rolled"
    yellow: tuple[int, ...]
    """The faces of the yellow dice, in rolling order."""
    orange: tuple[int, ...]
    """The faces of the orange dice."""
    purple: tuple[int, ...]
    """The faces of the purple dice (shared by every player)."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DieRolled:
    """Chance: a die picked up with a reroll card (:class:`DieRerolled`) shows its new face."""

    TAG: ClassVar[str] = "die-rolled"
    colour: Colour
    """The die's colour."""
    pips: int
    """The face it shows now, 1 to 6."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DieTaken:
    """2) The draft: a player takes an orange or yellow die."""

    TAG: ClassVar[str] = "die-taken"
    seat: int
    """The player who takes it."""
    colour: Colour
    """The die's colour."""
    pips: int
    """Its face."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DieUsed:
    """3) Create: a player uses one of their dice for its face (an object, a flower, money) or exchanges it.

    A flower face is followed by the :class:`FlowerMoved` it gives; an object
    face is drawn by the player's next decision (:class:`ObjectDrawn`).
    """

    TAG: ClassVar[str] = "die-used"
    seat: int
    """The player."""
    colour: Colour
    """The die's colour."""
    pips: int
    """The die's face."""
    as_money: bool = False
    """Exchanged for money instead of used for its face."""
    object: ObjectKind | None = None
    """The object the face gives to draw, if any (``None`` when exchanged)."""
    flower: Flower | None = None
    """The flower the face places on the Path, if any (``None`` when exchanged)."""
    pesos: int = 0
    """Pesos gained (a money face, or the exchange)."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DieTurned:
    """A player turns one of their dice (or, with ``DiePowerTarget.POOL``, a die of the pool) with a purple card."""

    TAG: ClassVar[str] = "die-turned"
    seat: int
    """The player using the card."""
    card: int
    """The die-power Calaverita used (once per round)."""
    colour: Colour
    """The die's colour."""
    pips: int
    """The face it showed."""
    to: int
    """The face it shows now."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class DieRerolled:
    """A player picks up a die to reroll it with a purple card; its new face is the :class:`DieRolled` that follows."""

    TAG: ClassVar[str] = "die-rerolled"
    seat: int
    """The player using the card."""
    card: int
    """The reroll Calaverita used (once per round)."""
    colour: Colour
    """The die's colour."""
    pips: int
    """The face it showed."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class FlowerMoved:
    """A player places a flower token on the Path (from a die or a card) and takes the space's bonus."""

    TAG: ClassVar[str] = "flower-moved"
    seat: int
    """The player."""
    space: int
    """The Path space (1 is the first after Mictlán)."""
    flower: Flower
    """The flower type printed on the space."""
    pesos: int = 0
    """Pesos the space gives."""
    object: ObjectKind | None = None
    """An object the space gives to draw (the candle of the starred A flowers), if any."""
    crossed: bool = False
    """Whether this is the player's first flower in the land of the living (they now score at the end)."""
    end: bool = False
    """Whether the space is the end of the route (the end bonus)."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class FlowerLost:
    """An orange Calaverita's flower cannot be placed: no token is left, or no flower of its type lies ahead."""

    TAG: ClassVar[str] = "flower-lost"
    seat: int
    """The player who bought the card."""
    card: int
    """The card."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class ObjectDrawn:
    """A player draws an object they were owed in a cell of their offering sheet."""

    TAG: ClassVar[str] = "object-drawn"
    seat: int
    """The player."""
    object: ObjectKind
    """What is drawn."""
    cell: int
    """The cell (numbered row by row from the bottom-left)."""
    row: int
    """The cell's row, 1 at the bottom."""
    column: int
    """The cell's column."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class ObjectRewritten:
    """A player turns an object of their offering into another kind with a purple Calaverita."""

    TAG: ClassVar[str] = "object-rewritten"
    seat: int
    """The player."""
    card: int
    """The card used."""
    old: ObjectKind
    """The object that was in the cell."""
    new: ObjectKind
    """The object the cell holds now."""
    cell: int
    """The cell."""
    row: int
    """The cell's row, 1 at the bottom."""
    column: int
    """The cell's column."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class ObjectLost:
    """An owed draw (or a card's rewrite) is lost: no cell of the player's sheet may take it."""

    TAG: ClassVar[str] = "object-lost"
    seat: int
    """The player."""
    object: ObjectKind
    """The object that could not be drawn (or the kind a rewrite would have made)."""
    card: int = 0
    """The rewrite card whose turn is lost; 0 for a draw."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class CardBought:
    """4) The market: a player buys a Calaverita; its immediate effect follows."""

    TAG: ClassVar[str] = "card-bought"
    seat: int
    """The buyer."""
    card: int
    """The card's number (its name and effect are the edition's)."""
    cost: int
    """The pesos paid."""
    pesos_left: int
    """The buyer's money after paying."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class Passed:
    """4) The market: a player buys nothing (more) this round."""

    TAG: ClassVar[str] = "passed"
    seat: int
    """The player."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class RoundEnded:
    """5) The night advances: the round is over and the unsold Calaveritas are discarded."""

    TAG: ClassVar[str] = "round-ended"
    round: int
    """The round just played, 1 to 5."""
    discarded: tuple[int, ...] = ()
    """The Calaveritas left in the market, now discarded."""
    __reduce__ = reduce_init_fields


@attrs.frozen
class GameEnded:
    """The fifth round is over: who reached the land of the living and is scored; nobody wins if nobody did.

    The count itself (points, ranking, tie-break) is
    :func:`~ofrenda_rules.ofrendados.scoring.outcome` of the final state, not
    repeated here: events stay cheap to make on every step.
    """

    TAG: ClassVar[str] = "game-ended"
    qualified: tuple[bool, ...]
    """Per seat, whether they have a flower in the land of the living, so score (else 0 and no place)."""
    __reduce__ = reduce_init_fields


Event = (
    RoundStarted
    | CardRevealed
    | DiceRolled
    | DieRolled
    | DieTaken
    | DieUsed
    | DieTurned
    | DieRerolled
    | FlowerMoved
    | FlowerLost
    | ObjectDrawn
    | ObjectRewritten
    | ObjectLost
    | CardBought
    | Passed
    | RoundEnded
    | GameEnded
)
"""Every event of the game."""

register_tagged_union(Event)


def event_seen_by(event: Event, seat: int) -> Event | None:
    """``event`` as ``seat`` may know it: whole, since every event of Ofrendados is public.

    ``seat`` may also be :data:`~ofrenda_rules.game.SPECTATOR` (-1), a
    spectator, who sees every event whole as well: none has a private part.

    Dice, sheets, the Path, money and bought cards lie open on the table, and
    a Calaverita is named only once revealed; the unrevealed cards' order and
    the generator never reach an event. Kept as a function so that views are
    built the same way in every game.

    >>> event_seen_by(Passed(2), 0)
    Passed(seat=2)
    """
    return event


def _pesos(amount: int) -> str:
    return f"{amount} peso{'' if amount == 1 else 's'}"


def _name(kind: ObjectKind) -> str:
    return kind.value.replace("_", " ")


def _article(kind: ObjectKind) -> str:
    return f"a {_name(kind)}"


def _seats(seats: tuple[int, ...]) -> str:
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return "Seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _die_used(event: DieUsed) -> str:
    die = f"Seat {event.seat + 1} uses the {event.colour.value} {event.pips}"
    if event.as_money:
        return f"{die} as money: +{_pesos(event.pesos)}"
    if event.object is not None:
        return f"{die} for {_article(event.object)} to draw"
    if event.flower is not None:
        return f"{die} for a flower {event.flower.value}"
    return f"{die} for {_pesos(event.pesos)}"


def _flower(event: FlowerMoved) -> str:
    text = f"Seat {event.seat + 1} places a flower {event.flower.value} on space {event.space} of the Path"
    gains = []
    if event.pesos:
        gains.append(_pesos(event.pesos))
    if event.object is not None:
        gains.append(f"{_article(event.object)} to draw")
    if gains:
        text += " and gains " + " and ".join(gains)
    if event.end:
        text += "; they reach the end of the route (the end bonus)"
    elif event.crossed:
        text += "; they reach the land of the living and will score"
    return text


def _game_ended(event: GameEnded) -> str:
    scored = tuple(seat for seat, ok in enumerate(event.qualified) if ok)
    if not scored:
        return "the game is over: nobody reached the land of the living, so nobody wins"
    verb = "is" if len(scored) == 1 else "are"
    text = f"the game is over: {_seats(scored)} reached the land of the living and {verb} scored"
    out = tuple(seat for seat, ok in enumerate(event.qualified) if not ok)
    if out:
        text += f"; {_seats(out)} did not and {'scores' if len(out) == 1 else 'score'} nothing"
    return text


def describe_event(event: Event) -> str:
    """One event in an English sentence, for logs and the terminal.

    >>> describe_event(CardBought(0, 21, 4, 1))
    'Seat 1 buys Calaverita 21 for 4 pesos, 1 peso left'
    """
    if isinstance(event, RoundStarted):
        return f"round {event.round} of 5 begins; Seat {event.first_player + 1} starts"
    if isinstance(event, CardRevealed):
        why = "replaces the card bought" if event.refill else "is opened in the market"
        return f"Calaverita {event.card} {why}"
    if isinstance(event, DiceRolled):
        dice = (("yellow", event.yellow), ("orange", event.orange), ("purple", event.purple))
        return "the dice are rolled: " + "; ".join(f"{name} {', '.join(map(str, pips))}" for name, pips in dice)
    if isinstance(event, DieRolled):
        return f"the rerolled {event.colour.value} die shows {event.pips}"
    if isinstance(event, DieTaken):
        return f"Seat {event.seat + 1} takes the {event.colour.value} {event.pips}"
    if isinstance(event, DieUsed):
        return _die_used(event)
    if isinstance(event, DieTurned):
        return f"Seat {event.seat + 1} turns the {event.colour.value} {event.pips} to {event.to} with card {event.card}"
    if isinstance(event, DieRerolled):
        return f"Seat {event.seat + 1} rerolls the {event.colour.value} {event.pips} with card {event.card}"
    if isinstance(event, FlowerMoved):
        return _flower(event)
    if isinstance(event, FlowerLost):
        return f"Seat {event.seat + 1} cannot place the flower of card {event.card}: it is lost"
    if isinstance(event, ObjectDrawn):
        where = f"cell {event.cell + 1} (row {event.row}, column {event.column + 1})"
        return f"Seat {event.seat + 1} draws {_article(event.object)} in {where}"
    if isinstance(event, ObjectRewritten):
        where = f"cell {event.cell + 1} (row {event.row}, column {event.column + 1})"
        return (
            f"Seat {event.seat + 1} turns the {_name(event.old)} in {where} into {_article(event.new)}"
            f" with card {event.card}"
        )
    if isinstance(event, ObjectLost):
        if event.card:
            return f"Seat {event.seat + 1} has nothing card {event.card} can turn: its rewrite is lost"
        return f"Seat {event.seat + 1} has no cell for {_article(event.object)}: it is lost"
    if isinstance(event, CardBought):
        left = f"{_pesos(event.pesos_left)} left"
        return f"Seat {event.seat + 1} buys Calaverita {event.card} for {_pesos(event.cost)}, {left}"
    if isinstance(event, Passed):
        return f"Seat {event.seat + 1} buys nothing more this round"
    if isinstance(event, RoundEnded):
        gone = ", ".join(str(c) for c in event.discarded)
        tail = f"; Calaveritas {gone} are discarded" if gone else ""
        return f"round {event.round} ends{tail}"
    return _game_ended(event)
