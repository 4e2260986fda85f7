"""Balance counters of a finished game of Ofrenda, for simulations and balance reports.

:func:`tally` counts what a designer asks of a game: which objectives come
true (portraits and candles lit, by objective kind), how the draft is paid
for, where the marigolds go, which common goals are met, and what the Abuela
does in the solo mode. The solo tier itself is the outcome's
(``Outcome.tier``), stored with every simulated game by the runner.

>>> from ofrenda_rules.ofrenda.rules import new_game, step, legal_actions, is_over
>>> state = new_game(seed=4)
>>> events = list(state.recent_events)
>>> while not is_over(state):
...     state, happened = step(state, legal_actions(state)[0])
...     events.extend(happened)
>>> counters = tally(state, tuple(events))
>>> counters["portrait_placed"] + counters["portrait_discarded"]
24
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ofrenda_rules.ofrenda.components import CandleKind, ObjectiveKind
from ofrenda_rules.ofrenda.events import (
    AbuelaDiscardedCandle,
    AbuelaMoved,
    CandleDeclined,
    CandleLit,
    CandlePlaced,
    CandleTaken,
    Event,
    GoalClaimed,
    MarigoldPlaced,
    PortraitDiscarded,
    PortraitLit,
    PortraitPlaced,
    PortraitTaken,
    SlotLeftEmpty,
    SlotsSurrounded,
)
from ofrenda_rules.ofrenda.state import MARKET_SIZE, State

__all__ = ["tally"]

_DISCARD_GAIN = 3
"""Marigolds a discarded portrait gives when the supply has them."""


def tally(state: State, events: Sequence[Event]) -> dict[str, int]:
    """Named counters of a game, from its final ``state`` and every event of the game, in order.

    ``events`` are those of ``new_game``'s ``recent_events`` followed by each
    step's (:func:`~ofrenda_rules.ofrenda.rules.step`). Every counter of a
    fixed family is present, zeros included; ``N`` is a seat, ``K`` an
    objective kind (``ObjectiveKind`` for portraits, ``CandleKind`` for
    candles, by value), ``G`` a goal card in play.

    The draft:

    * ``take:space0`` .. ``take:space3`` -- portraits taken from each space of the Family board
      (0 is the free one).
    * ``take:marigolds_paid`` -- marigolds players placed from storage on skipped portraits (also the one
      for a candle not above the taken portrait).
    * ``take:marigolds_gained`` -- marigolds players took with a portrait they lay on.
    * ``take:candle`` / ``take:candle_declined`` -- turns with a candle taken / with none taken by choice (the
      step is skipped when no candle can be taken: three in storage, or none affordable).

    The Ofrenda:

    * ``portrait_placed``, ``portrait_placed:K`` -- portraits placed, by objective kind.
    * ``portrait_discarded``, ``portrait_discarded:seatN`` -- portraits discarded for marigolds.
    * ``portrait_discarded:short`` -- discards that gave fewer than 3 marigolds (the supply ran short).
    * ``portrait_lit``, ``portrait_lit:seatN``, ``portrait_lit:K`` -- portraits lit (they never go out),
      in all, per seat and by objective kind; ``portrait_lit:at_end`` -- of them, lit in the final check.
    * ``candle_placed``, ``candle_placed:K`` -- candles placed on Ofrendas, by kind.
    * ``candle_lit``, ``candle_lit:seatN``, ``candle_lit:K``, ``candle_lit:at_end`` -- candles lit, the same ways.
    * ``marigold_placed``, ``marigold_placed:seatN`` -- marigolds placed in candle/marigold slots.
    * ``slot_surrounded`` -- candle/marigold slots surrounded (each is filled then or never);
      ``slot_left_empty`` -- of them, the ones left empty for good (by choice, or with nothing to place);
      ``slot_left_empty:by_choice`` -- of those, the ones a player chose to leave empty.
    * ``marigolds_in_storage:seatN`` -- marigolds in each storage at the end (the second tie-break).
    * ``supply_left`` -- marigolds left in the general supply at the end.

    The common-goals variant (only when goals are in play):

    * ``goal_in_play:G`` -- ``1`` for each goal card in play; ``goal_claimed:G`` -- the players who met it.
    * ``goal_claimed:seatN`` -- the goals each player met; ``goal_points:seatN`` -- their tokens' points.
    * ``goal_claimed_without_token`` -- goals met after their tokens had run out.

    The solo mode (only against the Abuela):

    * ``abuela:portrait_discarded`` -- her turns (a portrait discarded each).
    * ``abuela:candle_roll`` -- her rolls of 5 or 6 (a second roll, for a candle);
      ``abuela:candle_discarded`` -- of them, the ones that found a candle to discard.
    * ``abuela:marigolds_paid`` -- marigolds she moved from the supply onto skipped portraits;
      ``abuela:marigolds_returned`` -- marigolds returned to the supply from the portraits she discarded.

    A game in progress is counted the same way, with its current state in
    place of the final one: the counters so far.
    """
    config = state.config
    edition = config.edition
    players = config.players
    seats = range(players)
    counts: Counter[str] = Counter()
    for name in ("portrait_discarded", "portrait_lit", "candle_lit", "marigold_placed"):
        for seat in seats:
            counts[f"{name}:seat{seat}"] = 0
    for space in range(MARKET_SIZE):
        counts[f"take:space{space}"] = 0
    for objective in ObjectiveKind:
        counts[f"portrait_placed:{objective.value}"] = 0
        counts[f"portrait_lit:{objective.value}"] = 0
    for kind in CandleKind:
        counts[f"candle_placed:{kind.value}"] = 0
        counts[f"candle_lit:{kind.value}"] = 0
    for name in (
        "take:marigolds_paid",
        "take:marigolds_gained",
        "take:candle",
        "take:candle_declined",
        "portrait_placed",
        "portrait_discarded",
        "portrait_discarded:short",
        "portrait_lit",
        "portrait_lit:at_end",
        "candle_placed",
        "candle_lit",
        "candle_lit:at_end",
        "marigold_placed",
        "slot_surrounded",
        "slot_left_empty:by_choice",
    ):
        counts[name] = 0
    for goal in state.goals:
        counts[f"goal_in_play:{goal}"] = 1
        counts[f"goal_claimed:{goal}"] = 0
    if config.common_goals:
        counts["goal_claimed_without_token"] = 0
        for seat in seats:
            counts[f"goal_claimed:seat{seat}"] = 0
            counts[f"goal_points:seat{seat}"] = 0
    if config.solo:
        for name in ("portrait_discarded", "candle_roll", "candle_discarded", "marigolds_paid", "marigolds_returned"):
            counts[f"abuela:{name}"] = 0
    for event in events:
        who: int = getattr(event, "seat", 0)
        if isinstance(event, PortraitTaken):
            counts[f"take:space{event.space}"] += 1
            counts["take:marigolds_paid"] += event.paid
            counts["take:marigolds_gained"] += event.gained
        elif isinstance(event, CandleTaken):
            counts["take:candle"] += 1
            counts["take:marigolds_paid"] += event.paid
        elif isinstance(event, CandleDeclined):
            counts["take:candle_declined"] += 1
        elif isinstance(event, PortraitPlaced):
            counts["portrait_placed"] += 1
            counts[f"portrait_placed:{edition.portrait(event.card).objective.kind.value}"] += 1
        elif isinstance(event, PortraitDiscarded):
            counts["portrait_discarded"] += 1
            counts[f"portrait_discarded:seat{who}"] += 1
            if event.gained < _DISCARD_GAIN:
                counts["portrait_discarded:short"] += 1
        elif isinstance(event, PortraitLit):
            _count_lit(counts, "portrait_lit", who, edition.portrait(event.card).objective.kind.value, event.at_end)
        elif isinstance(event, CandlePlaced):
            counts["candle_placed"] += 1
            counts[f"candle_placed:{edition.candle(event.candle).objective.kind.value}"] += 1
        elif isinstance(event, CandleLit):
            _count_lit(counts, "candle_lit", who, edition.candle(event.candle).objective.kind.value, event.at_end)
        elif isinstance(event, MarigoldPlaced):
            counts["marigold_placed"] += 1
            counts[f"marigold_placed:seat{who}"] += 1
        elif isinstance(event, SlotsSurrounded):
            counts["slot_surrounded"] += len(event.slots)
        elif isinstance(event, SlotLeftEmpty):
            counts["slot_left_empty:by_choice"] += 1
        elif isinstance(event, GoalClaimed):
            counts[f"goal_claimed:{event.goal}"] += 1
            counts[f"goal_claimed:seat{who}"] += 1
            counts[f"goal_points:seat{who}"] += event.points
            counts["goal_claimed_without_token"] += event.token is None
        elif isinstance(event, AbuelaMoved):
            counts["abuela:portrait_discarded"] += 1
            counts["abuela:marigolds_paid"] += event.paid
            counts["abuela:marigolds_returned"] += event.returned
        elif isinstance(event, AbuelaDiscardedCandle):
            counts["abuela:candle_roll"] += 1
            counts["abuela:candle_discarded"] += event.candle is not None
            counts["abuela:marigolds_paid"] += event.paid
    filled = counts["candle_placed"] + counts["marigold_placed"]
    counts["slot_left_empty"] = counts["slot_surrounded"] - filled - len(state.pending)
    for seat, board in enumerate(state.boards):
        counts[f"marigolds_in_storage:seat{seat}"] = board.marigolds
    counts["supply_left"] = state.supply
    return dict(counts)


def _count_lit(counts: Counter[str], name: str, seat: int, kind: str, at_end: bool) -> None:
    """Count a card lit (a portrait or a candle): in all, by seat, by objective kind, and at the end."""
    counts[name] += 1
    counts[f"{name}:seat{seat}"] += 1
    counts[f"{name}:{kind}"] += 1
    counts[f"{name}:at_end"] += at_end
