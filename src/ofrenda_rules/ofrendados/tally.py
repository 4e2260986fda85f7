"""Balance counters of a finished game of Ofrendados, for simulations and balance reports (issue 13).

:func:`~ofrenda_rules.ofrendados.tally` reads the final state and every event of the game and returns
named integer counts; a simulation stores them with each game's result and a
report adds them up over many games and divides (a rate is a count over the
number of games, or over another count). Names are stable: a report may rely
on them.

Ruling on "pays off": a Calaverita *pays off* in a game when it was bought
and its buyer wins that game (is among the winners, so has a flower in the
land of the living). That is the one measure every colour of card shares --
an orange card's flower, a purple card's die power or rewrite and a pink
card's points all pay only by helping the buyer win. For the pink (Eternal)
cards, whose worth is points, ``card_eternal_points:N`` also counts the points
the card added to its buyer's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, get_args

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.ofrendados.cards import EffectKind
from ofrenda_rules.ofrendados.events import (
    CardBought,
    CardRevealed,
    DieRerolled,
    DieTurned,
    DieUsed,
    Event,
    FlowerLost,
    FlowerMoved,
    ObjectLost,
    ObjectRewritten,
    RoundEnded,
    RoundStarted,
)
from ofrenda_rules.ofrendados.offering import measure
from ofrenda_rules.ofrendados.scoring import neighbours, outcome
from ofrenda_rules.ofrendados.state import ROUNDS, State

__all__ = ["tally"]

_EVENT_TYPES: Final = get_args(Event)


def tally(state: State, events: Sequence[Event]) -> dict[str, int]:
    """The balance counters of a finished game, from its final state and every event of the game, in order.

    ``events`` are the setup's (``new_game(...).recent_events``) followed by
    every step's. ``N`` is a card number (every card of the edition has its
    keys, 0 when it did not happen), ``K`` a seat, ``R`` a round (1 to 5):

    * ``card_revealed:N`` -- 1 if card N was opened into the market.
    * ``card_bought:N`` -- 1 if card N was bought.
    * ``card_paid_off:N`` -- 1 if card N was bought and its buyer won (the
      ruling in the module's docstring).
    * ``card_eternal_points:N`` -- pink (Eternal) cards only: the points card N
      added to its buyer's final score (0 if unsold, or if the buyer did not
      reach the land of the living and so scores nothing).
    * ``cards_bought``, ``cards_bought:seatK``, ``cards_bought:roundR`` --
      purchases in all, by buyer, by round.
    * ``cards_discarded`` -- Calaveritas discarded unsold at the ends of rounds.
    * ``pesos_spent`` -- pesos paid for Calaveritas; ``pesos_left`` -- the
      pesos all players hold at the end.
    * ``nobody_qualified`` -- 1 if no player reached the land of the living
      (then nobody wins).
    * ``qualified_players`` and ``qualified:seatK`` -- players with a flower in
      the land of the living at the end.
    * ``crossed:roundR`` -- players whose first flower reached the land of the
      living in round R.
    * ``path_end_reached`` -- 1 if any player reached the end of the Path (its
      end bonus); ``path_end_reached:seatK`` per seat;
      ``path_end_reached:roundR`` players who reached it in round R.
    * ``shared_win`` -- 1 if two or more players share the win.
    * ``dice_exchanged`` -- dice exchanged for pesos instead of used for their
      face.
    * ``die_powers_used`` -- dice turned or rerolled with purple cards.
    * ``objects_rewritten`` -- objects turned into another kind with purple
      cards.
    * ``flowers_lost`` -- orange cards' flowers that could not be placed.
    * ``objects_lost`` -- owed draws and rewrites lost for want of a cell.

    Raises:
        GameNotOverError: ``state`` is not a finished game.
        TypeError: an event is not an Ofrendados event.
        OfrendaRulesError: the events do not tell the game of ``state`` (a
            purchase or a player at the end of the Path that the final state
            does not show, or the other way round).

    >>> from ofrenda_rules.ofrendados import Config, GAME, new_game, step
    >>> state = new_game(Config(players=2), seed=1)
    >>> events = list(state.recent_events)
    >>> while not GAME.is_over(state):
    ...     state, happened = step(state, GAME.legal_actions(state)[0])
    ...     events.extend(happened)
    >>> counters = tally(state, tuple(events))
    >>> counters["cards_bought"] == sum(len(board.cards) for board in state.boards)
    True
    """
    result = outcome(state)
    config = state.config
    edition = config.edition
    players = config.players
    counters: dict[str, int] = {}
    for spec in edition.cards:
        counters[f"card_revealed:{spec.id}"] = 0
        counters[f"card_bought:{spec.id}"] = 0
        counters[f"card_paid_off:{spec.id}"] = 0
        if spec.effect.kind is EffectKind.ETERNAL:
            counters[f"card_eternal_points:{spec.id}"] = 0
    for name in ("cards_bought", "cards_discarded", "pesos_spent", "dice_exchanged", "die_powers_used"):
        counters[name] = 0
    for name in ("objects_rewritten", "flowers_lost", "objects_lost"):
        counters[name] = 0
    for seat in range(players):
        counters[f"cards_bought:seat{seat}"] = 0
        counters[f"path_end_reached:seat{seat}"] = 0
    for number in range(1, ROUNDS + 1):
        counters[f"cards_bought:round{number}"] = 0
        counters[f"crossed:round{number}"] = 0
        counters[f"path_end_reached:round{number}"] = 0

    buyers: dict[int, int] = {}
    round_number = 0
    for event in events:
        if not isinstance(event, _EVENT_TYPES):
            raise TypeError(f"tally counts Ofrendados events, not {type(event).__name__}")
        if isinstance(event, RoundStarted):
            round_number = event.round
        elif isinstance(event, CardRevealed):
            _count(counters, f"card_revealed:{event.card}")
        elif isinstance(event, CardBought):
            if event.card in buyers:
                raise OfrendaRulesError(f"card {event.card} is bought twice in the events")
            buyers[event.card] = event.seat
            _count(counters, f"card_bought:{event.card}")
            counters["cards_bought"] += 1
            _count(counters, f"cards_bought:seat{event.seat}")
            _count(counters, f"cards_bought:round{round_number}")
            counters["pesos_spent"] += event.cost
        elif isinstance(event, RoundEnded):
            counters["cards_discarded"] += len(event.discarded)
        elif isinstance(event, FlowerMoved):
            if event.crossed:
                _count(counters, f"crossed:round{round_number}")
            if event.end:
                _count(counters, f"path_end_reached:seat{event.seat}")
                _count(counters, f"path_end_reached:round{round_number}")
        elif isinstance(event, DieUsed):
            counters["dice_exchanged"] += int(event.as_money)
        elif isinstance(event, DieTurned | DieRerolled):
            counters["die_powers_used"] += 1
        elif isinstance(event, ObjectRewritten):
            counters["objects_rewritten"] += 1
        elif isinstance(event, FlowerLost):
            counters["flowers_lost"] += 1
        elif isinstance(event, ObjectLost):
            counters["objects_lost"] += 1

    owners = {card: seat for seat, board in enumerate(state.boards) for card in board.cards}
    if owners != buyers:
        raise OfrendaRulesError(
            f"the events buy cards {sorted(buyers.items())} (card, buyer) but the final state shows "
            f"{sorted(owners.items())}: they are not the events of this game"
        )
    at_end = tuple(int(board.position == edition.path.length) for board in state.boards)
    reached = tuple(counters[f"path_end_reached:seat{seat}"] for seat in range(players))
    if reached != at_end:
        raise OfrendaRulesError(
            f"the events bring seats {reached} to the end of the Path but the final state shows {at_end}: "
            "they are not the events of this game"
        )

    qualified = tuple(sheet.qualified for sheet in result.sheets)
    for seat, board in enumerate(state.boards):
        counters[f"qualified:seat{seat}"] = int(qualified[seat])
        for card in board.cards:
            if seat in result.winners:
                counters[f"card_paid_off:{card}"] = 1
            effect = edition.card(card).effect
            if effect.kind is EffectKind.ETERNAL and qualified[seat]:
                others = neighbours(seat, players, config.opponent_as_both_neighbours)
                counters[f"card_eternal_points:{card}"] = effect.points * sum(
                    measure(edition.sheet, state.boards[other].sheet, effect) for other in others
                )
    counters["qualified_players"] = sum(qualified)
    counters["nobody_qualified"] = int(not any(qualified))
    counters["path_end_reached"] = int(any(at_end))
    counters["shared_win"] = int(len(result.winners) > 1)
    counters["pesos_left"] = sum(board.pesos for board in state.boards)
    return counters


def _count(counters: dict[str, int], name: str) -> None:
    """Add one to a counter the tally declared up front; an unknown name means events of another game."""
    if name not in counters:
        raise OfrendaRulesError(f"the events count {name!r}, which this game's edition and players do not have")
    counters[name] += 1
