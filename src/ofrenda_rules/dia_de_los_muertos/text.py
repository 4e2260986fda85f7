"""Día de los Muertos for people at a terminal: cards by face, actions, a text board and the result.

Cards read as printed: ``Red 10 (Low, +2, TAKE)`` is the red 10 with a down
arrow, worth 2 points in a score pile, a TAKE card; ``Black 3 (High, 0)`` has
an up arrow and no point value.

>>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions
>>> state = new_game(Config(players=3), seed=11)
>>> describe_action(state, legal_actions(state)[0])
'Seat 1 leads Black 6 (High, -1): the High/Low card becomes black, High side up (follow black; the highest card wins)'
>>> print(render_text(state).splitlines()[0])
Día de los Muertos, 3 players -- trick 1, Seat 1 to lead
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, assert_never

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos.actions import Action, DealCard, PlayCard, TakeCard
from ofrenda_rules.dia_de_los_muertos.components import Card, DeckEdition, Mark
from ofrenda_rules.dia_de_los_muertos.events import describe_event
from ofrenda_rules.dia_de_los_muertos.rules import current_player
from ofrenda_rules.dia_de_los_muertos.scoring import Outcome
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.dia_de_los_muertos.view import View
from ofrenda_rules.game import SPECTATOR

__all__ = [
    "RECENT_LINES",
    "WIDTH",
    "describe_action",
    "describe_card",
    "describe_outcome",
    "plays_replacement",
    "render",
    "render_text",
]

WIDTH: Final = 100
"""The widest line :func:`render_text` writes, in characters."""

RECENT_LINES: Final = 8
"""The most recent events a text board lists."""


def describe_card(edition: DeckEdition, card: Card) -> str:
    """``card`` as printed: suit and number, its arrow, its point value and TAKE, e.g. ``Red 10 (Low, +2, TAKE)``.

    A card that is not in ``edition`` is named by suit and number alone.
    """
    if card not in edition:
        return str(card)
    spec = edition.spec(card)
    points = f"{spec.points:+d}" if spec.points else "0"
    take = ", TAKE" if spec.take else ""
    return f"{card} ({spec.mark.value.capitalize()}, {points}{take})"


def _high_low(high_low: HighLowCard) -> str:
    wins = "highest" if high_low.side is Mark.HIGH else "lowest"
    colour = high_low.suit.value
    return f"{colour}, {high_low.side.value.capitalize()} side up (follow {colour}; the {wins} card wins)"


def _points(points: int) -> str:
    return f"{points} point{'' if abs(points) == 1 else 's'}"


def describe_action(state: State, action: Action) -> str:
    """What ``action`` does in ``state``, readable without the rulebook: the card by face and its effect."""
    config = state.config
    edition = config.deck
    if isinstance(action, DealCard):
        seat = state.dealt % config.players
        total = config.players * config.hand_size
        return f"deal {action.card} to Seat {seat + 1} (card {state.dealt + 1} of {total})"
    if isinstance(action, PlayCard):
        seat = state.to_play
        face = describe_card(edition, action.card)
        spec = edition.spec(action.card) if action.card in edition else None
        if state.high_low is None:
            mark = spec.mark if spec is not None else Mark.HIGH
            high_low = _high_low(HighLowCard(action.card.suit, mark))
            text = f"Seat {seat + 1} leads {face}: the High/Low card becomes {high_low}"
            if spec is not None and spec.take:
                text += "; a TAKE card led takes nothing"
            return text
        verb = "plays a replacement" if plays_replacement(state) else "plays"
        text = f"Seat {seat + 1} {verb}: {face}"
        if spec is not None and spec.take:
            text += " -- TAKE: then takes a card played in front of another seat into its score pile"
        return text
    if isinstance(action, TakeCard):
        seat = state.to_play
        victim = next((other for other, card in enumerate(state.in_front) if card == action.card), None)
        owner = "" if victim is None else f" from Seat {victim + 1}"
        then = "" if victim is None else f"; Seat {victim + 1} must then play a replacement"
        return f"Seat {seat + 1} takes {describe_card(edition, action.card)}{owner} into its score pile{then}"
    assert_never(action)


def plays_replacement(state: State | View) -> bool:
    """Whether the seat due to play in ``state`` (or a view of it) replaces its card taken in this trick.

    Play goes clockwise from the lead; every seat plays once, then the seats
    whose cards were taken play replacements, still clockwise, until everyone
    has a card in front. The state records it (:attr:`State.replacing
    <ofrenda_rules.dia_de_los_muertos.State.replacing>`, public, in every view
    and position), so the answer is exact. ``False`` while a TAKE card's
    player must choose a card to take, and when no card is due.

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, legal_actions, apply
    >>> state = new_game(Config(players=3), seed=11)
    >>> plays_replacement(apply(state, legal_actions(state)[0]))
    False
    """
    return state.replacing and not state.taking and not state.over and state.high_low is not None


def _wrap(label: str, items: Sequence[str]) -> list[str]:
    """``label`` then ``items`` separated by `` · ``, wrapped at :data:`WIDTH` between items (never inside one)."""
    indent = " " * len(label)
    lines = []
    line = label + ("-" if not items else "")
    first = True
    for item in items:
        piece = item if first else f" · {item}"
        if not first and len(line) + len(piece) > WIDTH - 2:  # room for the trailing ' ·'
            lines.append(line + " ·")
            line = indent + item
        else:
            line += piece
        first = False
    lines.append(line)
    return lines


def _variant_names(config: Config, lock_lead: str, high_low_split: str, lead_replacement_exempt: str) -> list[str]:
    """The names given for the variants ``config`` switches on, in this order."""
    flags = (
        (config.lock_lead, lock_lead),
        (config.high_low_split, high_low_split),
        (config.lead_replacement_exempt, lead_replacement_exempt),
    )
    return [name for on, name in flags if on]


def _variants(config: Config) -> str:
    names = _variant_names(
        config,
        "lead card locked",
        "advanced game (H cards to the highest, L cards to the lowest)",
        "the lead player's replacement TAKE takes nothing",
    )
    return f" ({'; '.join(names)})" if names else ""


def render_text(board: State | View) -> str:
    """A text picture of the table, at most :data:`WIDTH` columns wide.

    For a :class:`State` everything is face up (every hand, the undealt and
    set-aside cards); for a :class:`View` only what its seat sees: its own
    hand, the other hands as counts (every hand for a spectator's view, from
    :func:`~ofrenda_rules.dia_de_los_muertos.observe_public`, which the first
    line names). Both end with the recent events.
    """
    config = board.config
    edition = config.deck
    if isinstance(board, View):
        viewer: int | None = board.player
        to_act = board.current_player
        sizes = board.hand_sizes
        hands: Sequence[tuple[Card, ...] | None] = [
            board.hand if seat == viewer else None for seat in range(len(sizes))
        ]
        stock = board.stock_size
        aside: tuple[Card, ...] | None = None
        aside_count = board.set_aside_count
    else:
        viewer = None
        to_act = current_player(board)
        hands = board.hands
        sizes = tuple(map(len, board.hands))
        stock = len(board.stock)
        aside = board.set_aside
        aside_count = len(aside)
    n = config.players
    dealing = to_act == CHANCE
    if board.over:
        status = f"game over after {board.tricks} trick{'' if board.tricks == 1 else 's'}"
    elif dealing:
        status = f"dealing (card {sum(sizes) + 1} of {n * config.hand_size})"
    elif board.taking:
        status = f"trick {board.tricks + 1}, Seat {to_act + 1} must take a card"
    elif board.high_low is None:
        status = f"trick {board.tricks + 1}, Seat {to_act + 1} to lead"
    else:
        status = f"trick {board.tricks + 1}, Seat {to_act + 1} to play"
    seen = ", a spectator's view (every hand face down)" if viewer == SPECTATOR else ""
    lines = textwrap.wrap(f"Día de los Muertos, {n} players{seen}{_variants(config)} -- {status}", WIDTH)
    if board.high_low is not None:
        lines.append(f"High/Low card: {_high_low(board.high_low)}")
        if board.lead_card is not None:
            locked = " -- locked: no TAKE card can capture it" if config.lock_lead else ""
            lines.append(
                f"Lead card: {describe_card(edition, board.lead_card)}, led by Seat {board.leader + 1}{locked}"
            )
    points = {spec.card: spec.points for spec in edition.cards}
    for seat in range(n):
        marker = " <- to play" if seat == to_act and not board.over else ""
        you = " (you)" if seat == viewer else ""
        lead = ", leader" if seat == board.leader and not board.over else ""
        lines.append(f"Seat {seat + 1}{you}{lead}{marker}")
        hand = hands[seat]
        if hand is None:
            lines.append(f"  hand: {sizes[seat]} card{'' if sizes[seat] == 1 else 's'}, face down")
        else:
            lines.extend(_wrap(f"  hand ({len(hand)}): ", [describe_card(edition, card) for card in hand]))
        front = board.in_front[seat]
        if front is not None:
            note = " -- lead card" if front == board.lead_card else ""
            lines.append(f"  in front: {describe_card(edition, front)}{note}")
        pile = board.piles[seat]
        total = sum(points.get(card, 0) for card in pile)
        label = f"  score pile ({len(pile)} card{'' if len(pile) == 1 else 's'}, {_points(total)}): "
        lines.extend(_wrap(label, [str(card) for card in pile]))
    if stock:
        lines.append(f"Undealt: {stock} card{'' if stock == 1 else 's'}" + ("" if dealing else ", out of play"))
    if board.over:
        if aside is not None:
            lines.extend(_wrap(f"Set aside ({aside_count}): ", [str(card) for card in aside]))
        else:
            lines.append(f"Set aside: {aside_count} card{'' if aside_count == 1 else 's'}")
    if board.recent_events:
        earlier = len(board.recent_events) - RECENT_LINES
        lines.append("Recently:" if earlier <= 0 else f"Recently ({earlier} earlier events not shown):")
        for event in board.recent_events[-RECENT_LINES:]:
            lines.extend(textwrap.wrap(describe_event(event), WIDTH, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(lines)


def render(board: State | View) -> str:
    """The table alone as text: :func:`render_text` without its recent events.

    A state shows everything face up, a view what its seat sees. Every game
    has a ``render`` (see :attr:`ofrenda_rules.game.GameDefinition.render`).

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game, observe
    >>> print(render(observe(new_game(Config(players=3), seed=11), 0)).splitlines()[0])
    Día de los Muertos, 3 players -- trick 1, Seat 1 to lead
    """
    return render_text(attrs.evolve(board, recent_events=()))


_ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def describe_outcome(outcome: Outcome) -> str:
    """The final ranking: places with points and cards collected, the tie-break and who wins.

    The most points wins; a tie on points goes to whoever collected the most
    cards; a tie on both is a shared win (and a shared place).
    """
    lines = []
    for place in sorted(set(outcome.ranks)):
        seats = [seat for seat, rank in enumerate(outcome.ranks) if rank == place]
        tied = " (tied)" if len(seats) > 1 else ""
        for seat in seats:
            cards = outcome.cards_collected[seat]
            lines.append(
                f"{_ORDINALS[place]}{tied}: Seat {seat + 1}, {_points(outcome.scores[seat])}"
                f" ({cards} card{'' if cards == 1 else 's'} collected)"
            )
    winners = outcome.winners
    if len(winners) == 1:
        winner = winners[0]
        best = outcome.scores[winner]
        rivals = [seat for seat, score in enumerate(outcome.scores) if score == best and seat != winner]
        if rivals:
            others = ", ".join(f"Seat {seat + 1}" for seat in rivals)
            lines.append(f"Seat {winner + 1} wins: tied on points with {others}, it collected the most cards.")
        else:
            lines.append(f"Seat {winner + 1} wins.")
    else:
        names = ", ".join(f"Seat {seat + 1}" for seat in winners[:-1]) + f" and Seat {winners[-1] + 1}"
        lines.append(f"{names[0].upper()}{names[1:]} share the win: tied on points and on cards collected.")
    return "\n".join(lines)
