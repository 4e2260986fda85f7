"""Balance counters of a game of Día de los Muertos, for simulations and balance reports.

:func:`~ofrenda_rules.dia_de_los_muertos.tally` reads a finished game's final state and every event of the game
(the ``recent_events`` of ``new_game``, then each step's events, in order) and
counts what a designer asks about: how often TAKE cards are played, take a
card, and chain, and whether leading a trick is an advantage. A simulation
stores the counters with each game's result (``ofrenda_rules.simulation``);
a report adds them up over many games and divides (for example
``lead:tricks_won_by_leader`` by ``tricks``).

Every counter is present in every game, zero or not, so that a report sees
the same names in every record. ``N`` below is a seat number.

``tricks``
    Tricks completed (a trick stopped by the end of the game is not one).
``tricks_won:seatN``
    Tricks won by seat ``N``: the seat whose card won by the High/Low card,
    who leads next (in the advanced game the seat of the card on the winning
    side, whatever the split gave each).
``lead:tricks_won_by_leader``
    Tricks won by the seat that led them: the advantage of the lead.
``trick:won_by_highest``, ``trick:won_by_lowest``
    Tricks won by the highest card (the lead card's High arrow) and by the
    lowest (its Low arrow).
``trick:split_between_two``
    Advanced game: tricks whose H-marked and L-marked cards went to two
    different seats (zero in the standard game).
``follow:off_suit``
    Cards played to a trick, other than the lead, not of the colour led: the
    player had none (the rules make players follow when they can).
``take:played``
    TAKE cards played, whether they took a card or not.
``take:taken``
    Cards taken with a TAKE card (each then replaced by its owner).
``take:taken:seatN``
    Cards seat ``N`` took with a TAKE card.
``take:nothing_taken:led``, ``take:nothing_taken:no_target``, ``take:nothing_taken:lead_replacement``
    TAKE cards that took nothing, by the reason
    (:class:`~ofrenda_rules.dia_de_los_muertos.events.NoTake`): led, nothing
    they could take, the lead player's replacement under ruling 7's exempt
    reading. ``take:played`` is ``take:taken`` plus these three.
``take:chains``
    TAKE chains: a chain is a run of TAKEs (TAKE cards that took a card)
    played one after the other within one trick, with no other card played
    to the trick in between; a single TAKE is a chain of one. A TAKE that
    takes nothing, any other card, or the end of the trick ends a chain.
``take:longest_chain``
    The most TAKEs in one chain of the game (zero when nothing was taken).
``take:lead_card_taken``
    Lead cards taken by a TAKE (never with the lock variant).
``take:points_taken``
    The points printed on the cards taken, added up: what TAKEs moved between
    score piles (may be negative: a TAKE may take a -1 card).
``game:cards_set_aside``
    Cards set aside unscored when the game stopped (in hands and in front of
    players): TAKEs make players spend extra cards, so the game may stop
    before every card is played.
``game:ended_early``
    ``1`` when cards were set aside (some seat ran out while others still held
    cards or a trick was in progress), else ``0``.
``game:shared_win``
    ``1`` when several seats tie on points and cards collected and share the
    win, else ``0``.

>>> from ofrenda_rules.dia_de_los_muertos import Config, legal_actions, new_game, step, tally
>>> state = new_game(Config(players=3), seed=11)
>>> events = list(state.recent_events)
>>> while not state.over:
...     state, happened = step(state, legal_actions(state)[0])
...     events.extend(happened)
>>> counters = tally(state, tuple(events))
>>> counters["tricks"] == state.tricks == sum(counters[f"tricks_won:seat{seat}"] for seat in range(3))
True
"""

from __future__ import annotations

from ofrenda_rules.dia_de_los_muertos.components import Card, Mark
from ofrenda_rules.dia_de_los_muertos.events import (
    CardLed,
    CardPlayed,
    CardTaken,
    Event,
    GameScored,
    NoTake,
    NothingTaken,
    TakeDue,
    TrickSplit,
    TrickWon,
)
from ofrenda_rules.dia_de_los_muertos.state import State

__all__ = ["tally"]

_NO_TAKE_NAMES = {
    NoTake.LED: "take:nothing_taken:led",
    NoTake.NO_TARGET: "take:nothing_taken:no_target",
    NoTake.LEAD_REPLACEMENT: "take:nothing_taken:lead_replacement",
}


def tally(state: State, events: tuple[Event, ...]) -> dict[str, int]:
    """The balance counters of a game from its final state and every one of its events, in order.

    Args:
        state: The final state (any state works: the counters then cover the game so far).
        events: Every event of the game: ``new_game``'s ``recent_events``, then each step's events.

    Returns:
        Every counter listed in this module's documentation, by name.

    """
    players = state.config.players
    deck = state.config.deck
    counters: dict[str, int] = {
        "tricks": 0,
        "lead:tricks_won_by_leader": 0,
        "trick:won_by_highest": 0,
        "trick:won_by_lowest": 0,
        "trick:split_between_two": 0,
        "follow:off_suit": 0,
        "take:played": 0,
        "take:taken": 0,
        **dict.fromkeys(_NO_TAKE_NAMES.values(), 0),
        "take:chains": 0,
        "take:longest_chain": 0,
        "take:lead_card_taken": 0,
        "take:points_taken": 0,
        "game:cards_set_aside": len(state.set_aside),
        "game:ended_early": int(bool(state.set_aside)),
        "game:shared_win": 0,
    }
    for seat in range(players):
        counters[f"tricks_won:seat{seat}"] = 0
        counters[f"take:taken:seat{seat}"] = 0
    leader = -1
    lead_card: Card | None = None
    chain = 0

    def end_chain() -> None:
        nonlocal chain
        if chain:
            counters["take:chains"] += 1
            counters["take:longest_chain"] = max(counters["take:longest_chain"], chain)
            chain = 0

    for index, event in enumerate(events):
        if isinstance(event, (CardLed, CardPlayed)):
            if isinstance(event, CardLed):
                end_chain()
                leader, lead_card = event.seat, event.card
            elif lead_card is not None and event.card.suit is not lead_card.suit:
                counters["follow:off_suit"] += 1
            # A play continues a chain only when it is a TAKE that takes a card (its TakeDue comes next).
            following = events[index + 1] if index + 1 < len(events) else None
            if not isinstance(following, TakeDue):
                end_chain()
        elif isinstance(event, TakeDue):
            counters["take:played"] += 1
        elif isinstance(event, NothingTaken):
            counters["take:played"] += 1
            counters[_NO_TAKE_NAMES[event.reason]] += 1
        elif isinstance(event, CardTaken):
            chain += 1
            counters["take:taken"] += 1
            counters[f"take:taken:seat{event.seat}"] += 1
            counters["take:points_taken"] += deck.spec(event.card).points
            if event.from_seat == leader and event.card == lead_card:
                counters["take:lead_card_taken"] += 1
        elif isinstance(event, TrickSplit):
            if event.high_seat != event.low_seat:
                counters["trick:split_between_two"] += 1
        elif isinstance(event, TrickWon):
            end_chain()
            counters["tricks"] += 1
            counters[f"tricks_won:seat{event.seat}"] += 1
            counters["lead:tricks_won_by_leader"] += int(event.seat == leader)
            counters["trick:won_by_highest" if event.side is Mark.HIGH else "trick:won_by_lowest"] += 1
            leader, lead_card = event.seat, None
        elif isinstance(event, GameScored):
            counters["game:shared_win"] = int(len(event.winners) > 1)
    end_chain()
    return counters
