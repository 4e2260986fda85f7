"""The reference bot of Día de los Muertos: a one-trick greedy policy from the seat's own view.

:func:`reference_bot` reads only :func:`~ofrenda_rules.dia_de_los_muertos.observe`
of the seat to act (its hand, the table, the score piles, the known voids), so
its choice is the same on every state that seat cannot tell apart. It is
deterministic and never looks at the generator.

**Taking** (after its TAKE card): the card with the most points among those it
may take; on a tie, the one now winning the trick (its owner must replace it),
then the first clockwise.

**Playing** (a lead, a follow or a replacement): for every legal card it
estimates what the trick is worth and the chance of collecting it, and plays
the card of highest value

``value = V * (p - (1 - p) / (P - 1)) + take_gain``

* ``V`` -- the trick's points: the cards in front, the card played, and for
  each seat still to play the average points of the cards it has not seen
  (the deck less its hand, the cards in front and the score piles). In the
  advanced game the H-marked and L-marked parts are valued apart, each with
  its own chance (the highest card collects one, the lowest the other).
* ``p`` -- the chance that the card ends the trick winning (highest, or
  lowest, as the High/Low card -- or, for a lead, the card's own arrow --
  says): zero if a card in front already beats it; otherwise, for each seat
  still to play with ``h`` cards, ``(1 - q) ** h`` where ``q`` is the share of
  unseen cards that beat it, a seat known void in the colour led being
  assumed to hold no card of it.
* ``(1 - p) / (P - 1)`` -- the trick going to one of the ``P - 1`` others
  counts against the seat as much as that rival's gain is worth to it.
* ``take_gain`` -- a TAKE card played after the lead takes the best card it
  may take (its points; nothing if it may take none).

Ties go to the card nearer the middle of its suit (1s and 20s are kept for
later), then to the first in hand order.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions
>>> state = new_game(Config(players=4), seed=5)
>>> reference_bot(state) in legal_actions(state)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ofrenda_rules.dia_de_los_muertos.actions import Action
from ofrenda_rules.dia_de_los_muertos.components import Card, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.rules import current_player, legal_actions
from ofrenda_rules.dia_de_los_muertos.state import State
from ofrenda_rules.dia_de_los_muertos.view import View, observe
from ofrenda_rules.errors import OfrendaRulesError

__all__ = ["reference_bot"]


def reference_bot(state: State) -> Action:
    """The reference policy's action for the seat to act (see the module).

    Raises:
        OfrendaRulesError: when no seat is to act (a chance event is pending, or the game is over).

    """
    seat = current_player(state)
    if seat < 0:  # CHANCE or TERMINAL
        raise OfrendaRulesError("the reference bot plays a seat's decision; no seat is to act now")
    view = observe(state, seat)
    legal = legal_actions(state)  # a function of the seat's hand and the public table only
    if view.taking:
        return _take(view, legal)
    return _play(view, legal)


def _winning_seat(view: View) -> int | None:
    """The seat whose card in front would win the trick now (by the High/Low card's side), if any."""
    if view.high_low is None:
        return None
    best: tuple[int, int] | None = None
    players = view.players
    for step in range(players):
        seat = (view.leader + step) % players
        card = view.in_front[seat]
        if card is None:
            continue
        key = card.number if view.high_low.side is Mark.HIGH else -card.number
        if best is None or key > best[0]:
            best = (key, seat)
    return None if best is None else best[1]


def _take(view: View, legal: Sequence[Action]) -> Action:
    spec = view.config.deck.spec
    winner = _winning_seat(view)
    winning = view.in_front[winner] if winner is not None else None
    best = max(
        range(len(legal)),
        key=lambda i: (spec(legal[i].card).points, legal[i].card == winning, -i),
    )
    return legal[best]


def _unseen(view: View) -> list[Card]:
    seen = set(view.hand)
    seen.update(card for card in view.in_front if card is not None)
    for pile in view.piles:
        seen.update(pile)
    return [card for card in view.config.deck.deck if card not in seen]


def _chance_to_hold_none(beating: int, unseen: int, hand: int) -> float:
    if unseen <= 0 or beating <= 0:
        return 1.0
    return float((1.0 - beating / unseen) ** hand)


def _play(view: View, legal: Sequence[Action]) -> Action:
    config = view.config
    spec = config.deck.spec
    players = view.players
    seat = view.player
    unseen = _unseen(view)
    average = sum(spec(card).points for card in unseen) / len(unseen) if unseen else 0.0
    high_average = (
        sum(spec(card).points for card in unseen if spec(card).mark is Mark.HIGH) / len(unseen) if unseen else 0.0
    )
    low_average = average - high_average
    leading = view.high_low is None
    front = [card for other, card in enumerate(view.in_front) if card is not None and other != seat]
    to_play = [
        other
        for other in range(players)
        if other != seat and view.in_front[other] is None and view.hand_sizes[other] > 0
    ]
    rival = 1.0 / (players - 1)
    locked = view.lead_card if config.lock_lead else None
    targets = [card for card in front if card != locked]
    exempt = seat == view.leader and config.lead_replacement_exempt
    best_value = float("-inf")
    best_index = 0
    for index, action in enumerate(legal):
        card = action.card
        card_spec = spec(card)
        suit = view.high_low.suit if view.high_low is not None else card.suit
        side = view.high_low.side if view.high_low is not None else card_spec.mark
        gain = 0.0
        trick = list(front)
        if card_spec.take and not leading and not exempt and targets:
            taken = max(targets, key=lambda target: spec(target).points)
            gain = float(spec(taken).points)
            trick.remove(taken)
        trick.append(card)
        p_high = _chance_to_end(card, trick, to_play, unseen, view, suit, higher=True)
        p_low = _chance_to_end(card, trick, to_play, unseen, view, suit, higher=False)
        if config.high_low_split:
            known_high = sum(spec(c).points for c in trick if spec(c).mark is Mark.HIGH)
            known_low = sum(spec(c).points for c in trick if spec(c).mark is Mark.LOW)
            value_high = known_high + len(to_play) * high_average
            value_low = known_low + len(to_play) * low_average
            value = value_high * (p_high - (1 - p_high) * rival) + value_low * (p_low - (1 - p_low) * rival)
        else:
            total = sum(spec(c).points for c in trick) + len(to_play) * average
            p_win = p_high if side is Mark.HIGH else p_low
            value = total * (p_win - (1 - p_win) * rival)
        value += gain - 0.01 * abs(card.number - 10.5)
        if value > best_value + 1e-9:
            best_value, best_index = value, index
    return legal[best_index]


def _chance_to_end(
    card: Card,
    trick: Sequence[Card],
    to_play: Sequence[int],
    unseen: Sequence[Card],
    view: View,
    suit: Suit,
    *,
    higher: bool,
) -> float:
    """The estimated chance that ``card`` ends the trick as its highest (or lowest) card."""
    number = card.number
    for played in trick:
        if played is not card and (played.number > number if higher else played.number < number):
            return 0.0
    chance = 1.0
    for seat in to_play:
        void = bool(view.voids) and suit in view.voids[seat]
        pool = [c for c in unseen if not (void and c.suit is suit)]
        beating = sum(1 for c in pool if (c.number > number if higher else c.number < number))
        chance *= _chance_to_hold_none(beating, len(pool), view.hand_sizes[seat])
    return chance
