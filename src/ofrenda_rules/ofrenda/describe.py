"""Ofrenda in words: components by their faces, actions with their costs, events and results as sentences.

Portraits are named by number and face (family branch, favourite offering,
objective), candles by number and objective, goal cards by what they ask.
An event or a view does not carry its edition: the functions that take one
name the components of ``edition``, the default edition when not given.

>>> from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION
>>> portrait_words(DEFAULT_EDITION, 0)
'portrait 0 (blue, water: two or more adjacent portraits are blue)'
>>> describe_event(events.PortraitTaken(seat=1, space=2, card=0, paid=2, gained=1))
'Seat 2 took portrait 0 (blue, water: two or more adjacent portraits are blue) from space 3, paying 2 marigolds \
and gaining 1.'
"""

from __future__ import annotations

from typing import Final, assert_never

from ofrenda_rules.ofrenda import actions, events
from ofrenda_rules.ofrenda.abuela import CANDLE_FACES, SPACE_FOR_FACE
from ofrenda_rules.ofrenda.actions import Action
from ofrenda_rules.ofrenda.components import GoalKind, OfferingKind, SoloTier
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION, Edition
from ofrenda_rules.ofrenda.events import Event
from ofrenda_rules.ofrenda.scoring import Outcome
from ofrenda_rules.ofrenda.state import Phase, State
from ofrenda_rules.ofrenda.turn import DISCARD_GAIN

__all__ = [
    "PHASE_WORDS",
    "candle_words",
    "describe_action",
    "describe_event",
    "describe_outcome",
    "goal_words",
    "offering_slot_name",
    "portrait_words",
    "seats_words",
    "slot_words",
]

PHASE_WORDS: Final = {
    Phase.SETUP_REMOVE: "a portrait to remove unseen from the deck (solo setup)",
    Phase.SETUP_GOAL: "a goal card to draw (setup)",
    Phase.SETUP_MARKET: "a portrait to draw to the Family board (setup)",
    Phase.SETUP_CANDLES: "a candle to draw to the Family board (setup)",
    Phase.SETUP_DEAL: "a portrait to deal to a starting hand (setup)",
    Phase.ABUELA_PORTRAIT: "the Abuela's die roll: which portrait she discards",
    Phase.ABUELA_CANDLE: "the Abuela's second die roll: which candle she discards",
    Phase.TAKE_PORTRAIT: "take 1 portrait from the Family board",
    Phase.TAKE_CANDLE: "take 1 candle, or none",
    Phase.REFILL_PORTRAIT: "a portrait to draw to the emptied space (replenish)",
    Phase.REFILL_CANDLE: "a candle to draw to the emptied space (replenish)",
    Phase.PLAY: "place or discard 1 portrait",
    Phase.OFFERINGS: "fill a surrounded candle/marigold slot, or leave it empty",
    Phase.OVER: "nothing: the game is over",
}
"""What the game waits for in each phase, in words."""

_ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


def _feature(name: str) -> str:
    return name.replace("_", " ")


def portrait_words(edition: Edition, card: int, *, objective: bool = True) -> str:
    """A portrait by number and face: ``portrait 7 (pink, fruit: no adjacent portrait is blue or salt)``."""
    if not 0 <= card < len(edition.portraits):
        return f"portrait {card}"
    portrait = edition.portraits[card]
    face = f"{_feature(portrait.branch.value)}, {_feature(portrait.offering.value)}"
    if objective:
        face += f": {portrait.objective.describe()}"
    return f"portrait {card} ({face})"


def candle_words(edition: Edition, candle: int) -> str:
    """A candle by number and objective, with its end-of-game icon: ``candle 3 (four or more blue portraits)``."""
    if not 0 <= candle < len(edition.candles):
        return f"candle {candle}"
    token = edition.candles[candle]
    end = ", lit only at the end" if token.end_of_game else ""
    return f"candle {candle} ({token.objective.describe()}{end})"


def goal_words(edition: Edition, goal: int) -> str:
    """A common-goal card by number and requirement: ``goal 2 (three or more salt portraits)``."""
    if not 0 <= goal < len(edition.goals):
        return f"goal {goal}"
    card = edition.goals[goal]
    if card.kind is GoalKind.FEATURE_COUNT:
        assert card.feature is not None
        need = f"{card.count} or more {_feature(card.feature.value)} portraits on the Ofrenda"
    elif card.kind is GoalKind.SURROUNDED_SLOTS:
        need = f"{card.count} candle/marigold slots surrounded"
    else:
        shapes = "one of the depicted patterns" if len(card.patterns) > 1 else "the depicted pattern"
        need = f"a group of {card.count} portraits forming {shapes}"
    return f"goal {goal} ({need})"


def offering_slot_name(edition: Edition, slot: int) -> str:
    """A candle/marigold slot as the docs' board picture names it: ``c1`` (candle slot), ``m2`` (marigold slot)."""
    slots = edition.board.offering_slots
    if not 0 <= slot < len(slots):
        return f"slot {slot + 1}"
    return ("c" if slots[slot].kind is OfferingKind.CANDLE else "m") + str(slot + 1)


def slot_words(edition: Edition, slot: int) -> str:
    """What a card slot's printing does: ``golden: score doubled``, ``flower: +1 marigold``, ..., or ``""``."""
    if not 0 <= slot < len(edition.golden):
        return ""
    marks = []
    if edition.golden[slot]:
        marks.append("golden: score doubled")
    effect = edition.slot_effect[slot]
    if effect > 0:
        marks.append("flower: +1 marigold")
    elif effect < 0:
        marks.append("crossed-out flower: costs 1 marigold")
    return "; ".join(marks)


def seats_words(seats: tuple[int, ...]) -> str:
    """``Seat 3``, ``Seats 1 and 2``, ``Seats 1, 2 and 4``."""
    if len(seats) == 1:
        return f"Seat {seats[0] + 1}"
    names = [str(seat + 1) for seat in seats]
    return f"Seats {', '.join(names[:-1])} and {names[-1]}"


def _marigolds(count: int) -> str:
    return f"{count} marigold" + ("" if count == 1 else "s")


# -- actions ------------------------------------------------------------------------------------


def describe_action(state: State, action: Action) -> str:
    """``action`` in ``state`` in words: the cards by face, what the choice costs and gives.

    >>> from ofrenda_rules.ofrenda.rules import new_game
    >>> state = new_game(seed=1)
    >>> describe_action(state, actions.TakePortrait(2))  # doctest: +NORMALIZE_WHITESPACE
    'Seat 1 takes portrait 0 (blue, water: two or more adjacent portraits are blue) from space 3: pays 2 marigolds
    (one on each skipped portrait)'
    """
    edition = state.config.edition
    seat = f"Seat {state.seat + 1}"
    phase = state.phase
    if isinstance(action, actions.DrawPortrait):
        card = portrait_words(edition, action.card)
        if phase is Phase.SETUP_REMOVE:
            return f"{card} is removed unseen from the deck"
        if phase is Phase.SETUP_DEAL:
            sizes = [len(hand) for hand in state.hands]
            return f"{card} is dealt to Seat {sizes.index(min(sizes)) + 1}"
        space = state.market.index(None) if None in state.market else 0
        return f"{card} is drawn to space {space + 1} of the Family board"
    if isinstance(action, actions.DrawCandle):
        space = state.candle_market.index(None) if None in state.candle_market else 0
        return f"{candle_words(edition, action.candle)} is drawn to space {space + 1} of the Family board"
    if isinstance(action, actions.DrawGoal):
        return f"{goal_words(edition, action.goal)} is placed below the Family board"
    if isinstance(action, actions.RollDie):
        space = SPACE_FOR_FACE.get(action.face, 0)
        if phase is Phase.ABUELA_CANDLE:
            return f"the Abuela rolls {action.face}: she discards the candle of space {space + 1}"
        also = " and rolls again for a candle" if action.face in CANDLE_FACES else ""
        return f"the Abuela rolls {action.face}: she discards the portrait of space {space + 1}{also}"
    if isinstance(action, actions.TakePortrait):
        return f"{seat} takes {_take_portrait(state, action.space)}"
    if isinstance(action, actions.TakeCandle):
        candle = state.candle_market[action.space]
        words = "a candle" if candle is None else candle_words(edition, candle)
        if action.space == state.taken_space:
            return f"{seat} takes {words} from space {action.space + 1}: free (above the portrait taken)"
        return f"{seat} takes {words} from space {action.space + 1}: pays 1 marigold (on the portrait below it)"
    if isinstance(action, actions.SkipCandle):
        return f"{seat} takes no candle"
    if isinstance(action, actions.PlacePortrait):
        return f"{seat} places {portrait_words(edition, action.card)} in {_place(state, action.slot)}"
    if isinstance(action, actions.DiscardPortrait):
        gain = min(DISCARD_GAIN, state.supply)
        return f"{seat} discards {portrait_words(edition, action.card)}: gains {_marigolds(gain)}, leaves a slot empty"
    if isinstance(action, actions.PlaceCandle):
        name = offering_slot_name(edition, action.slot)
        return f"{seat} places {candle_words(edition, action.candle)} in slot {name}"
    if isinstance(action, actions.PlaceMarigold):
        return f"{seat} places a marigold from storage in slot {offering_slot_name(edition, action.slot)}"
    if isinstance(action, actions.LeaveEmpty):
        return f"{seat} leaves slot {offering_slot_name(edition, action.slot)} empty for good"
    assert_never(action)


def _take_portrait(state: State, space: int) -> str:
    edition = state.config.edition
    card = state.market[space] if 0 <= space < len(state.market) else None
    words = "a portrait" if card is None else portrait_words(edition, card)
    costs = [f"pays {_marigolds(space)} (one on each skipped portrait)"] if space else ["free"]
    lying = state.market_marigolds[space] if 0 <= space < len(state.market_marigolds) else 0
    if lying:
        costs.append(f"gains the {_marigolds(lying)} on it")
    return f"{words} from space {space + 1}: {', '.join(costs)}"


def _place(state: State, slot: int) -> str:
    edition = state.config.edition
    marks = slot_words(edition, slot)
    if state.supply == 0:
        marks = marks.replace("flower: +1 marigold", "flower, but the supply is empty")
    text = f"slot {slot + 1}" + (f" ({marks})" if marks else "")
    if not 0 <= slot < len(edition.offering_slots_of):
        return text
    board = state.boards[state.seat]
    filled = {s for s, card in enumerate(board.portraits) if card is not None} | {slot}
    surrounded = [
        offering_slot_name(edition, k)
        for k in edition.offering_slots_of[slot]
        if all(c in filled for c in edition.board.offering_slots[k].cards)
    ]
    if surrounded:
        text += ", surrounds " + " and ".join(surrounded)
    return text


# -- events -------------------------------------------------------------------------------------


def describe_event(event: Event, edition: Edition | None = None) -> str:
    """One event as an English sentence, naming the components of ``edition`` (default: the default edition).

    >>> describe_event(events.GameEnded(scores=(72, 65), winners=(0,), tier=None))
    'The game is over: Seat 1: 72 points, Seat 2: 65 points. Seat 1 wins.'
    """
    e = DEFAULT_EDITION if edition is None else edition
    if isinstance(event, events.PortraitRemoved):
        what = "A portrait" if event.card is None else portrait_words(e, event.card).capitalize()
        return f"{what} was removed unseen from the deck."
    if isinstance(event, events.GoalDrawn):
        return f"{goal_words(e, event.goal).capitalize()} was placed below the Family board."
    if isinstance(event, events.PortraitDrawn):
        return _drawn(portrait_words(e, event.card), event.space)
    if isinstance(event, events.CandleDrawn):
        return _drawn(candle_words(e, event.candle), event.space)
    if isinstance(event, events.PortraitDealt):
        what = "a portrait" if event.card is None else portrait_words(e, event.card)
        return f"Seat {event.seat + 1} was dealt {what}."
    if isinstance(event, events.PortraitTaken):
        return _took(event.seat, portrait_words(e, event.card), event.space, event.paid, event.gained)
    if isinstance(event, events.CandleTaken):
        return _took(event.seat, candle_words(e, event.candle), event.space, event.paid, 0)
    if isinstance(event, events.CandleDeclined):
        return f"Seat {event.seat + 1} took no candle."
    if isinstance(event, events.PortraitPlaced):
        change = {1: ", gaining a marigold", -1: ", returning a marigold"}.get(event.marigolds, "")
        return f"Seat {event.seat + 1} placed {portrait_words(e, event.card)} in slot {event.slot + 1}{change}."
    if isinstance(event, events.PortraitDiscarded):
        words = portrait_words(e, event.card)
        return f"Seat {event.seat + 1} discarded {words} for {_marigolds(event.gained)}."
    if isinstance(event, events.SlotsSurrounded):
        names = " and ".join(offering_slot_name(e, slot) for slot in event.slots)
        plural = "s" if len(event.slots) > 1 else ""
        return f"Seat {event.seat + 1} surrounded slot{plural} {names}."
    if isinstance(event, events.CandlePlaced):
        return (
            f"Seat {event.seat + 1} placed {candle_words(e, event.candle)} in slot {offering_slot_name(e, event.slot)}."
        )
    if isinstance(event, events.MarigoldPlaced):
        return f"Seat {event.seat + 1} placed a marigold in slot {offering_slot_name(e, event.slot)}."
    if isinstance(event, events.SlotLeftEmpty):
        return f"Seat {event.seat + 1} left slot {offering_slot_name(e, event.slot)} empty."
    if isinstance(event, events.PortraitLit):
        return _lit(event.seat, portrait_words(e, event.card), str(event.slot + 1), event.at_end)
    if isinstance(event, events.CandleLit):
        return _lit(event.seat, candle_words(e, event.candle), offering_slot_name(e, event.slot), event.at_end)
    if isinstance(event, events.GoalClaimed):
        token = "no token was left" if event.token is None else f"took a {event.points}-point token"
        return f"Seat {event.seat + 1} met {goal_words(e, event.goal)} and {token}."
    if isinstance(event, events.AbuelaMoved):
        paid = f", placing {_marigolds(event.paid)} from the supply on the skipped ones" if event.paid else ""
        back = f"; {_marigolds(event.returned)} on it went back to the supply" if event.returned else ""
        return _abuela_discarded(event.face, portrait_words(e, event.card), event.space, paid + back)
    if isinstance(event, events.AbuelaDiscardedCandle):
        if event.candle is None:
            return f"The Abuela rolled {event.face} for a candle, but space {event.space + 1} held none."
        paid = ", placing 1 marigold from the supply on the portrait below" if event.paid else ""
        return _abuela_discarded(event.face, candle_words(e, event.candle), event.space, paid)
    if isinstance(event, events.GameEnded):
        return _game_ended(event)
    assert_never(event)


def _drawn(what: str, space: int) -> str:
    """A portrait's or a candle's draw to the Family board (``what`` in words)."""
    return f"{what.capitalize()} was drawn to space {space + 1} of the Family board."


def _took(seat: int, what: str, space: int, paid: int, gained: int) -> str:
    """A seat's take of a portrait or a candle from the Family board, with the marigolds it paid and gained."""
    terms = f"paying {_marigolds(paid)}" if paid else "for free"
    if gained:
        terms += f" and gaining {gained}"
    return f"Seat {seat + 1} took {what} from space {space + 1}, {terms}."


def _lit(seat: int, what: str, slot: str, at_end: bool) -> str:
    """A portrait or a candle flipped to its lit side in slot ``slot`` (by name), during play or at the end."""
    when = " in the final check" if at_end else ""
    return f"Seat {seat + 1}'s {what} in slot {slot} was lit{when}."


def _abuela_discarded(face: int, what: str, space: int, tail: str) -> str:
    """The Abuela's discard of a portrait or a candle for die face ``face``; ``tail`` tells the marigolds moved."""
    return f"The Abuela rolled {face} and discarded {what} from space {space + 1}{tail}."


def _game_ended(event: events.GameEnded) -> str:
    if event.tier is not None:
        points = event.scores[0]
        verdict = "a win" if event.winners else "a loss"
        return f'The game is over: {points} points, tier "{event.tier.value}" ({verdict}). {event.tier.verdict}'
    scores = ", ".join(f"Seat {seat + 1}: {points} points" for seat, points in enumerate(event.scores))
    if len(event.winners) == 1:
        return f"The game is over: {scores}. Seat {event.winners[0] + 1} wins."
    return f"The game is over: {scores}. {seats_words(event.winners).capitalize()} share the victory."


# -- the result ---------------------------------------------------------------------------------


def describe_outcome(outcome: Outcome) -> str:
    """The final result in lines of English: the ranking with points and tie-breaks, or the solo tier.

    >>> print(describe_outcome(Outcome((85,), (9,), (2,), (0,), (0,), SoloTier.VISITED)))
    Solo game: 85 points (9 lit portraits, 2 marigolds in storage).
    Tier "visited" (80-89 points): Oh, look! A lot of your loved ones decided to pay you a visit! Good job my dear!
    A win: the tier is above "mess".
    """
    if outcome.tier is not None:
        tier = outcome.tier
        lines = [
            f"Solo game: {outcome.scores[0]} points ({outcome.lit_portraits[0]} lit portraits, "
            f"{_marigolds(outcome.storage_marigolds[0])} in storage).",
            f'Tier "{tier.value}" ({_tier_range(tier)}): {tier.verdict}',
            'A win: the tier is above "mess".' if outcome.winners else 'A loss: the tier is "mess" (below 70 points).',
        ]
        return "\n".join(lines)
    order = sorted(range(len(outcome.scores)), key=lambda seat: (outcome.ranks[seat], seat))
    lines = []
    for seat in order:
        rank = outcome.ranks[seat]
        tied = sum(1 for other in outcome.ranks if other == rank) > 1
        place = _ORDINALS[rank] if rank < len(_ORDINALS) else f"{rank + 1}th"
        lines.append(
            f"{place + ('=' if tied else ''):<5} Seat {seat + 1}: {outcome.scores[seat]} points "
            f"({outcome.lit_portraits[seat]} lit portraits, {_marigolds(outcome.storage_marigolds[seat])} in storage)"
        )
    winners = outcome.winners
    if len(winners) == 1:
        lines.append(f"Seat {winners[0] + 1} wins{_tie_break(outcome, winners[0])}.")
    else:
        lines.append(
            f"{seats_words(winners).capitalize()} share the victory (equal on points, lit portraits and "
            "marigolds in storage)."
        )
    return "\n".join(lines)


def _tier_range(tier: SoloTier) -> str:
    high = tier.highest
    return f"{tier.lowest} points or more" if high is None else f"{tier.lowest}-{high} points"


def _tie_break(outcome: Outcome, winner: int) -> str:
    """How the winner won when another seat had as many points."""
    rivals = [s for s in range(len(outcome.scores)) if s != winner and outcome.scores[s] == outcome.scores[winner]]
    if not rivals:
        return ""
    if all(outcome.lit_portraits[s] < outcome.lit_portraits[winner] for s in rivals):
        return " on the tie-break: the most lit portraits"
    return " on the tie-break: the most marigolds in storage"
