"""Events of Día de los Muertos: what each step did, in the rulebook's words.

:func:`~ofrenda_rules.dia_de_los_muertos.step` returns the events of one step
(the whole truth); a state keeps those since the most recent player decision
in ``recent_events``, and a view shows them as its seat may know them
(:func:`event_seen_by`). Every event is public: the deal is told in one
:class:`HandsDealt` event, when its last card is dealt, which counts the cards
dealt without naming them (a seat's cards are its hand, in the state and in its
view); cards are played face up, and score piles are a public record (see the
game page).

A play that completes a trick reports the whole trick and who collected it in
the same step:

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, step, legal_actions
>>> state = new_game(Config(players=3), seed=11)
>>> for _ in range(3):
...     state, events = step(state, legal_actions(state)[0])
>>> for event in events:
...     print(describe_event(event))  # doctest: +NORMALIZE_WHITESPACE
Seat 3 played Black 1
Seat 1 won trick 1 with Black 6, the highest card
(cards by seat: Black 6, Black 5, Black 1; Seat 1 collects 1 point and leads next)
"""

from __future__ import annotations

import enum
from typing import ClassVar, assert_never

import attrs

from ofrenda_rules.dia_de_los_muertos.components import Card, Mark
from ofrenda_rules.json import LATE_FIELD, register_defaults_omitted, register_tagged_union

__all__ = [
    "CardLed",
    "CardPlayed",
    "CardTaken",
    "Event",
    "GameScored",
    "GameStopped",
    "HandsDealt",
    "NoTake",
    "NothingTaken",
    "ReplacementDue",
    "TakeDue",
    "TrickSplit",
    "TrickWon",
    "describe_event",
    "event_seen_by",
]


class NoTake(enum.Enum):
    """Why a TAKE card took nothing."""

    LED = "led"
    """It was the initial card of the trick ("If a TAKE card is the initial card played no card is taken")."""
    NO_TARGET = "no-target"
    """No card lay in front of another player that it could take (none at all, or only the locked lead card)."""
    LEAD_REPLACEMENT = "lead-replacement"
    """The lead player played it to replace a taken lead card, and ruling 7's exempt reading is in force."""

    def __repr__(self) -> str:
        return f"NoTake.{self.name}"


@attrs.frozen
class HandsDealt:
    """Chance: the deal is complete, each seat holding its cards face down; Seat 1 leads the first trick.

    The deal is told in this one event, when its last card is dealt (in driver
    mode each card dealt before it gives no event; a seeded game deals at once).
    It names no card: which cards a seat holds is its hand, in the state and in
    its own view, so the event is the same for every seat and every spectator.
    """

    TAG: ClassVar[str] = "hands-dealt"
    hand_sizes: tuple[int, ...]
    """The cards dealt to each seat, by seat -- all the same, 15, 12, 11 or 10 by the player count."""
    undealt: int
    """Cards left face down in the stock, out of play for the whole game (none with 6 players)."""


@attrs.frozen
class CardLed:
    """``seat`` led ``card`` to a new trick and set the High/Low card: the card's colour, its arrow's side up."""

    TAG: ClassVar[str] = "card-led"
    seat: int
    """The lead player."""
    card: Card
    """The card led (its suit is the colour the others must follow)."""
    side: Mark
    """Which side of the High/Low card is now up, that is whether the highest or the lowest card wins the trick."""


@attrs.frozen
class CardPlayed:
    """``seat`` played ``card`` in front of itself: following the lead, or replacing a card that was taken."""

    TAG: ClassVar[str] = "card-played"
    seat: int
    """The player."""
    card: Card
    """The card played."""
    replacement: bool = attrs.field(default=False, metadata={LATE_FIELD: True})
    """Whether it replaces the player's card taken by a TAKE card in this trick (in JSON only when true)."""


@attrs.frozen
class TakeDue:
    """``seat`` has just played the TAKE card ``card`` and must now choose a card to take."""

    TAG: ClassVar[str] = "take-due"
    seat: int
    """The player who must take a card."""
    card: Card
    """The TAKE card played."""


@attrs.frozen
class NothingTaken:
    """``seat`` played the TAKE card ``card``, which takes nothing (``reason`` says why)."""

    TAG: ClassVar[str] = "nothing-taken"
    seat: int
    """The player of the TAKE card."""
    card: Card
    """The TAKE card."""
    reason: NoTake
    """Why nothing is taken."""


@attrs.frozen
class CardTaken:
    """With a TAKE card, ``seat`` took ``card`` from in front of ``from_seat`` into its score pile."""

    TAG: ClassVar[str] = "card-taken"
    seat: int
    """The player who took the card."""
    card: Card
    """The card taken (face up, into the taker's score pile)."""
    from_seat: int
    """The player it was in front of."""


@attrs.frozen
class ReplacementDue:
    """``seat`` lost its card to a TAKE and must play a replacement when play comes round to it."""

    TAG: ClassVar[str] = "replacement-due"
    seat: int
    """The player whose card was taken."""


@attrs.frozen
class TrickSplit:
    """Advanced game: the trick was divided, H-marked cards to the highest card, L-marked to the lowest.

    Comes just before the :class:`TrickWon` of the same trick.
    """

    TAG: ClassVar[str] = "trick-split"
    high_seat: int
    """The seat of the highest card (ties to the card closest clockwise to the lead)."""
    high_cards: tuple[Card, ...]
    """The H-marked cards it collected, clockwise from the lead."""
    high_points: int
    """Their points."""
    low_seat: int
    """The seat of the lowest card."""
    low_cards: tuple[Card, ...]
    """The L-marked cards it collected, clockwise from the lead."""
    low_points: int
    """Their points."""


@attrs.frozen
class TrickWon:
    """Every player had a card in front of them: ``seat`` won the trick and leads the next one."""

    TAG: ClassVar[str] = "trick-won"
    trick: int
    """The trick's number, from 1."""
    seat: int
    """The winner, by the highest or the lowest card as the High/Low card said (it leads next)."""
    cards: tuple[Card, ...]
    """The completed trick, by seat (``cards[s]`` was in front of seat ``s``)."""
    side: Mark
    """Whether the highest or the lowest card won."""
    points: int
    """Points the winner collected from this trick (its part alone in the advanced game)."""


@attrs.frozen
class GameStopped:
    """``seat`` was due to play with no card left: the trick in progress stops and the game ends."""

    TAG: ClassVar[str] = "game-stopped"
    seat: int
    """The player due to play, whose hand is empty."""
    set_aside: int
    """How many cards (in hands and in front of players) were set aside unscored."""


@attrs.frozen
class GameScored:
    """The score piles were counted: the final result."""

    TAG: ClassVar[str] = "game-scored"
    scores: tuple[int, ...]
    """Points per seat."""
    cards_collected: tuple[int, ...]
    """Cards in each seat's score pile (the tie-break)."""
    winners: tuple[int, ...]
    """The seats with the most points and, among them, the most cards (several share a tie on both)."""


Event = (
    HandsDealt
    | CardLed
    | CardPlayed
    | TakeDue
    | NothingTaken
    | CardTaken
    | ReplacementDue
    | TrickSplit
    | TrickWon
    | GameStopped
    | GameScored
)
"""Every event of the game."""

register_defaults_omitted(CardPlayed)  # an ordinary play is written {"card":...,"seat":...} as it always was
register_tagged_union(Event)


def event_seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may know it: whole, since every event of Día de los Muertos is public.

    ``seat`` may be :data:`~ofrenda_rules.game.SPECTATOR` (``-1``), who holds no
    seat and sees every event whole as well. The deal's one event
    (:class:`HandsDealt`) counts the cards dealt without naming them; every
    other event shows cards played or collected face up. Kept as a function so
    that views are built the same way in every game.

    >>> event_seen_by(HandsDealt((12, 12, 12, 12), 12), 2)
    HandsDealt(hand_sizes=(12, 12, 12, 12), undealt=12)
    """
    return event


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(map(str, cards)) if cards else "no cards"


def _count(cards: int) -> str:
    return f"{cards} card{'' if cards == 1 else 's'}"


def _points(points: int) -> str:
    return f"{points} point{'' if abs(points) == 1 else 's'}"


def _seats(seats: tuple[int, ...]) -> str:
    names = [f"Seat {seat + 1}" for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _winning(side: Mark) -> str:
    """Which card wins a trick led with the High/Low card ``side`` up: ``highest`` or ``lowest``."""
    return "highest" if side is Mark.HIGH else "lowest"


def _collects(seat: int, side: Mark, cards: tuple[Card, ...], points: int) -> str:
    """One half of a split trick: the seat that played its ``side`` card collects ``cards`` worth ``points``."""
    return f"Seat {seat + 1} ({_winning(side)} card) collects {_cards(cards)} ({_points(points)})"


_NO_TAKE: dict[NoTake, str] = {
    NoTake.LED: "a TAKE card led takes nothing",
    NoTake.NO_TARGET: "there is no card it may take",
    NoTake.LEAD_REPLACEMENT: "the lead player's replacement takes nothing (ruling 7)",
}


def describe_event(event: Event) -> str:
    """One event in a short English sentence, e.g. ``Seat 3 won trick 4 with Red 7, the lowest card (...)``."""
    if isinstance(event, HandsDealt):
        sizes = set(event.hand_sizes)
        each = (
            f"{_count(sizes.pop())} to each of the {len(event.hand_sizes)} seats"
            if len(sizes) == 1
            else ", ".join(f"{_count(size)} to Seat {seat + 1}" for seat, size in enumerate(event.hand_sizes))
        )
        out = f", {_count(event.undealt)} left face down out of play" if event.undealt else ""
        return f"the deal is complete: {each}{out}; Seat 1 leads the first trick"
    if isinstance(event, CardLed):
        colour = event.card.suit.value
        return (
            f"Seat {event.seat + 1} led {event.card}: the High/Low card is {colour}, {event.side.value.capitalize()}"
            f" side up (follow {colour}; the {_winning(event.side)} card wins)"
        )
    if isinstance(event, CardPlayed):
        return f"Seat {event.seat + 1} played {event.card}{' as a replacement' if event.replacement else ''}"
    if isinstance(event, TakeDue):
        return f"{event.card} is a TAKE card: Seat {event.seat + 1} must take a card played in front of another seat"
    if isinstance(event, NothingTaken):
        return f"{event.card} is a TAKE card, but {_NO_TAKE[event.reason]}"
    if isinstance(event, CardTaken):
        return f"Seat {event.seat + 1} took {event.card} from Seat {event.from_seat + 1} into its score pile"
    if isinstance(event, ReplacementDue):
        return f"Seat {event.seat + 1} must play a replacement card"
    if isinstance(event, TrickSplit):
        high = _collects(event.high_seat, Mark.HIGH, event.high_cards, event.high_points)
        low = _collects(event.low_seat, Mark.LOW, event.low_cards, event.low_points)
        return f"the trick is split: {high}, {low}"
    if isinstance(event, TrickWon):
        return (
            f"Seat {event.seat + 1} won trick {event.trick} with {event.cards[event.seat]},"
            f" the {_winning(event.side)} card (cards by seat: {_cards(event.cards)};"
            f" Seat {event.seat + 1} collects {_points(event.points)} and leads next)"
        )
    if isinstance(event, GameStopped):
        return (
            f"Seat {event.seat + 1} is due to play but has no card left: the game ends"
            f" ({_count(event.set_aside)} set aside)"
        )
    if isinstance(event, GameScored):
        scores = ", ".join(
            f"Seat {seat + 1}: {_points(points)} ({cards} card{'' if cards == 1 else 's'})"
            for seat, (points, cards) in enumerate(zip(event.scores, event.cards_collected, strict=True))
        )
        verb = "wins" if len(event.winners) == 1 else "share the win"
        return f"final scores: {scores}; {_seats(event.winners)} {verb}"
    assert_never(event)
