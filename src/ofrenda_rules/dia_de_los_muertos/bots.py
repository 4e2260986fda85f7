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

**The** ``expert`` **level** (:class:`SampleBot`, :func:`level_policy`) is
Monte Carlo over deals the seat cannot tell apart: for each of ``deals``
states drawn by the game's ``resample`` for the seat to act (its generator
seeded from the bot's ``seed``, the seat and the cards left in hand -- all
public -- never from the state's own), every legal action is played and the
game finished by the reference policy at every seat; the action of best
mean payoff is played (the reference move on ties). The payoff of a finished
game is the seat's win share plus ``margin`` times its points ahead of the
best other seat, so that the many rollouts no seat wins still tell a close
loss from a rout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

from ofrenda_rules.dia_de_los_muertos.actions import Action
from ofrenda_rules.dia_de_los_muertos.components import Card, CardSpec, DeckEdition, Mark, Suit
from ofrenda_rules.dia_de_los_muertos.resample import resample
from ofrenda_rules.dia_de_los_muertos.rules import apply, current_player, legal_actions
from ofrenda_rules.dia_de_los_muertos.scoring import outcome, score
from ofrenda_rules.dia_de_los_muertos.state import State
from ofrenda_rules.dia_de_los_muertos.view import View, observe
from ofrenda_rules.errors import check_in_range, seat_to_move
from ofrenda_rules.game import seeded_level_policy
from ofrenda_rules.rng import Rng, decision_seed

__all__ = ["LEVELS", "SampleBot", "level_policy", "reference_bot"]

_SUIT_INDEX = {Suit.BLACK: 0, Suit.RED: 1, Suit.WHITE: 2}


def reference_bot(state: State) -> Action:
    """The reference policy's action for the seat to act (see the module).

    Raises:
        BotError: when no seat is to act (a chance event is pending, or the game is over).

    """
    seat = seat_to_move(current_player(state), "the reference bot")
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
    spec = _printed(view.config.deck).spec
    winner = _winning_seat(view)
    winning = view.in_front[winner] if winner is not None else None
    best = max(
        range(len(legal)),
        key=lambda i: (spec(legal[i].card).points, legal[i].card == winning, -i),
    )
    return legal[best]


class _Printed:
    """What is printed on each card of an edition, found by the card object's id (hashing a card is slow)."""

    def __init__(self, edition: DeckEdition) -> None:
        self.edition = edition
        """The edition (kept alive, so that the ids stay its cards')."""
        self.deck = edition.deck
        """The edition's cards in sort order."""
        self.by_id = {id(card): edition.spec(card) for card in self.deck}
        """Each card's spec, by the id of the edition's own card object."""
        self.own = {card: card for card in self.deck}
        """The edition's own object of an equal card."""
        self.points = {id(card): edition.spec(card).points for card in self.deck}
        """Each card's points, by the id of the edition's own card object."""
        self.high_points = {
            id(card): spec.points if spec.mark is Mark.HIGH else 0
            for card, spec in zip(self.deck, map(edition.spec, self.deck), strict=True)
        }
        """Each card's points if it is H-marked (else 0), by id."""
        self.suit_of = {id(card): _SUIT_INDEX[card.suit] for card in self.deck}
        """Each card's suit as 0 (black), 1 (red) or 2 (white), by id."""

    def spec(self, card: Card) -> CardSpec:
        """What is printed on ``card``."""
        found = self.by_id.get(id(card))
        return self.edition.spec(card) if found is None else found

    def ids(self, cards: Iterable[Card]) -> set[int]:
        """The ids of the edition's own objects of ``cards``."""
        by_id, own = self.by_id, self.own
        return {id(card) if id(card) in by_id else id(own[card]) for card in cards}


_PRINTED: dict[int, _Printed] = {}


def _printed(edition: DeckEdition) -> _Printed:
    found = _PRINTED.get(id(edition))
    if found is None or found.edition is not edition:
        found = _Printed(edition)
        if len(_PRINTED) < 64:  # bounded: the editions in use are few
            _PRINTED[id(edition)] = found
    return found


def _unseen(view: View, printed: _Printed) -> list[Card]:
    seen = [*view.hand, *(card for card in view.in_front if card is not None)]
    for pile in view.piles:
        seen.extend(pile)
    ids = printed.ids(seen)
    return [card for card in printed.deck if id(card) not in ids]


def _chance_to_hold_none(beating: int, unseen: int, hand: int) -> float:
    if unseen <= 0 or beating <= 0:
        return 1.0
    return float((1.0 - beating / unseen) ** hand)


def _play(view: View, legal: Sequence[Action]) -> Action:
    config = view.config
    printed = _printed(config.deck)
    spec = printed.spec
    players = view.players
    seat = view.player
    unseen_cards = _unseen(view, printed)
    unseen = _Unseen(unseen_cards, printed)
    count = len(unseen_cards) or 1
    ids = list(map(id, unseen_cards))
    average = sum(map(printed.points.__getitem__, ids)) / count
    high_average = sum(map(printed.high_points.__getitem__, ids)) / count
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


class _Unseen:
    """How many unseen cards lie above or below each number, in all suits or all but one."""

    def __init__(self, unseen: Sequence[Card], printed: _Printed) -> None:
        self.rows = [[0] * 22, [0] * 22, [0] * 22]
        """Per suit (black, red, white), the unseen cards of each number (``0`` and ``21`` stay empty)."""
        rows, suit_of = self.rows, printed.suit_of
        for card in unseen:
            rows[suit_of[id(card)]][card.number] += 1
        self.memo: dict[tuple[int, int, bool], tuple[int, int]] = {}

    def beating(self, number: int, higher: bool, without: int) -> tuple[int, int]:
        """Cards above (or below) ``number`` among the unseen (less the suit numbered ``without``, if not -1).

        Also the size of that pool.
        """
        key = (without, number, higher)
        found = self.memo.get(key)
        if found is None:
            rows = [row for index, row in enumerate(self.rows) if index != without]
            span = range(number + 1, 21) if higher else range(1, number)
            found = (sum(row[k] for row in rows for k in span), sum(sum(row) for row in rows))
            self.memo[key] = found
        return found


def _chance_to_end(
    card: Card,
    trick: Sequence[Card],
    to_play: Sequence[int],
    unseen: _Unseen,
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
    voids = view.voids
    suit_index = _SUIT_INDEX[suit]
    for seat in to_play:
        beating, pool = unseen.beating(number, higher, suit_index if voids and suit in voids[seat] else -1)
        chance *= _chance_to_hold_none(beating, pool, view.hand_sizes[seat])
    return chance


@attrs.frozen
class SampleBot:
    """Monte Carlo over the deals the seat cannot tell apart, with the reference policy finishing each game.

    See the module docstring. Deterministic: the same state (or any state
    the seat cannot tell from it) gets the same move.
    """

    deals: int = 16
    """States drawn by ``resample`` per decision; every legal action is played out on each."""
    margin: float = 0.25
    """Payoff of each point ahead of the best other seat at the end, beside the win share."""
    seed: int = 0
    """Seeds the draws (with the seat and the cards left in hand)."""

    def __attrs_post_init__(self) -> None:
        check_in_range("deals", self.deals, 1, 10_000)

    def choose(self, state: State) -> Action:
        """The legal action of best mean payoff for the seat to act (the reference move on ties).

        Raises:
            BotError: when no seat is to act (a chance event is pending, or the game is over).

        """
        seat = seat_to_move(current_player(state), "the sample bot")
        legal = legal_actions(state)
        reference = reference_bot(state)
        if len(legal) == 1:
            return legal[0]
        left = sum(len(hand) for hand in state.hands)
        rng = Rng(decision_seed(self.seed, left, seat))
        totals = [0.0] * len(legal)
        for _ in range(self.deals):
            draw, rng = rng.next_u64()
            drawn = resample(state, seat, Rng(draw))
            for index, action in enumerate(legal):
                totals[index] += self._payoff(_finish(apply(drawn, action)), seat)
        best = max(range(len(legal)), key=lambda i: (totals[i], legal[i] == reference, -i))
        return legal[best]

    def _payoff(self, state: State, seat: int) -> float:
        points = score(state)
        ahead = points[seat] - max(p for other, p in enumerate(points) if other != seat)
        if current_player(state) >= 0:  # pragma: no cover (_finish plays every decision to the end)
            return self.margin * ahead
        winners = outcome(state).winners
        return (1.0 / len(winners) if seat in winners else 0.0) + self.margin * ahead


def _finish(state: State) -> State:
    """The game played to its end by the reference policy at every seat (bounded by the cards dealt)."""
    bound = 3 * len(state.config.deck.cards) + 3
    for _ in range(bound):
        if current_player(state) < 0:
            break
        state = apply(state, reference_bot(state))
    return state


LEVELS: Final = {"expert": SampleBot()}
"""The levels Día de los Muertos plays with its own policy (the others are the generic strong bot)."""


def level_policy(level: str, seed: int = 0) -> Callable[[State], Action] | None:
    """The policy of a named bot level (``GameDefinition.level_policy``), ``None`` for the generic strong bot's.

    ``seed`` seeds its draws (:attr:`SampleBot.seed`): two bots of one level
    and different seeds may choose differently where the deals they draw differ.

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions
    >>> state = new_game(Config(players=4), seed=5)
    >>> policy = level_policy("expert")
    >>> policy is not None and policy(state) in legal_actions(state)
    True
    """
    return seeded_level_policy(LEVELS, level, seed)
