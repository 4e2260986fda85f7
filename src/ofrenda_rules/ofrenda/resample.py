"""Resampling: a state drawn uniformly from those a player cannot tell apart from the given one.

What a seat of Ofrenda does not know (see :mod:`ofrenda_rules.ofrenda.view`):
the portraits dealt face down into the other hands and not yet played, the
order of the deck (kept sorted: no order is stored), the 3 portraits removed
unseen in the solo mode, the order of the candle bag (not stored either; its
contents follow from every candle seen) and the future draws and rolls.

What play reveals, and :func:`resample` honours:

* a portrait taken face up from the Family board is known to be in its
  taker's hand until it is placed or discarded (``State.seen_in_hands``);
* a portrait placed or discarded is face up for good (it is no longer hidden);
* every hand keeps its size, the deck and the removed pile theirs.

Nothing else about the hidden portraits was ever seen by the seat: the cards
dealt face down and the deck are exchangeable, so every assignment of the
*unseen* portraits (those in the deck, removed, or dealt face down to another
seat and still held) to those places, with their sizes, is equally likely.
:func:`resample` draws one such assignment uniformly: the unseen portraits,
sorted (never in their hidden order), are shuffled with the given generator
and dealt out. The hidden cards of ``recent_events`` (the set-up's deals to
other seats and the solo removals) are renamed to match, in a random order
among each seat's (or the removed pile's) drawn cards.

>>> from ofrenda_rules.ofrenda import Config, new_game, observe
>>> from ofrenda_rules.rng import Rng
>>> state = new_game(Config(players=3), seed=4)
>>> other = resample(state, 0, Rng(1))
>>> observe(other, 0) == observe(state, 0), other.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import attrs

from ofrenda_rules.errors import check_seat
from ofrenda_rules.ofrenda.events import Event, PortraitDealt, PortraitRemoved
from ofrenda_rules.ofrenda.state import State
from ofrenda_rules.rng import Rng

__all__ = ["resample", "unseen_portraits"]


def unseen_portraits(state: State, player: int) -> tuple[int, ...]:
    """The portraits ``player`` has never seen: the deck, the removed ones, other hands' face-down cards; sorted.

    A function of what ``player`` knows only (it is the complement of every
    portrait the seat can see, so every ``hidden_variant`` gives the same).

    Raises:
        ConfigError: when ``player`` is not a seat of the game.
    """
    n = state.config.players
    check_seat(player, n)
    seen = state.seen_in_hands
    cards = [*state.deck, *state.removed]
    for seat in range(n):
        if seat != player:
            known = seen[seat]
            cards.extend(card for card in state.hands[seat] if card not in known)
    return tuple(sorted(cards))


def resample(state: State, player: int, rng: Rng) -> State:
    """A state drawn uniformly from those consistent with all that ``player`` has observed.

    The other seats keep the portraits they were seen to take; their
    face-down portraits, the deck and the solo mode's removed portraits are
    redealt uniformly from the unseen portraits (see the module docstring).
    A seeded state gets a fresh generator drawn from ``rng``; an unseeded one
    stays unseeded. ``observe(resample(s, p, r), p) == observe(s, p)``.

    Raises:
        ConfigError: when ``player`` is not a seat of the game.
    """
    pool, rng = rng.shuffled(list(unseen_portraits(state, player)))
    n = state.config.players
    seen = state.seen_in_hands
    hands = list(state.hands)
    drawn: dict[int, list[int]] = {}
    at = 0
    for seat in range(n):
        if seat == player:
            continue
        size = len(state.hands[seat]) - len(seen[seat])
        mine = pool[at : at + size]
        at += size
        drawn[seat] = mine
        hands[seat] = tuple(sorted((*seen[seat], *mine)))
    removed_list = pool[at : at + len(state.removed)]
    at += len(state.removed)
    deck = tuple(sorted(pool[at:]))
    new_rng: Rng | None = None
    if state.rng is not None:
        word, rng = rng.next_u64()
        new_rng = Rng(word)
    events = _renamed_events(state.recent_events, player, drawn, removed_list)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        deck=deck,
        removed=tuple(sorted(removed_list)),
        rng=new_rng,
        recent_events=events,
    )


def _renamed_events(
    events: tuple[Event, ...], player: int, drawn: dict[int, list[int]], removed: list[int]
) -> tuple[Event, ...]:
    """``events`` with the hidden cards named after the drawn ones, in the (random) order they were drawn.

    Portraits dealt face down are the first of the set-up (nobody has taken a
    portrait yet), so a seat's deals in the events are among its drawn cards;
    the removed ones are the removed pile.
    """
    if not any(type(e) is PortraitDealt or type(e) is PortraitRemoved for e in events):
        return events
    given = {seat: 0 for seat in drawn}
    next_removed = 0
    renamed: list[Event] = []
    for event in events:
        if type(event) is PortraitDealt and event.seat != player and event.card is not None:
            cards = drawn[event.seat]
            index = given[event.seat]
            given[event.seat] = index + 1
            event = PortraitDealt(event.seat, cards[index])
        elif type(event) is PortraitRemoved and event.card is not None:
            event = PortraitRemoved(removed[next_removed])
            next_removed += 1
        renamed.append(event)
    return tuple(renamed)
