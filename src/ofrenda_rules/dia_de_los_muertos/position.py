"""Positions of Día de los Muertos: a compact, human-writable notation (as FEN is for chess).

A position is one line of space-separated fields; the :class:`Config`
(player count, variants, deck edition) is given beside it, never in it::

    HANDS FRONT PILES LEADER:LEAD TURN TRICKS [over:ASIDE] [voids=VOIDS] [rng=SEED:COUNTER]

* A card is its suit letter and number: ``B`` black, ``R`` red, ``W`` white,
  ``1`` to ``20`` (``R14``, ``W3``, ``B20``). A *group* of cards is written
  with no separator (``R3R14W20``), ``-`` when empty.
* ``HANDS`` -- each seat's hand, seats in order separated by ``/``; any order
  is read, the canonical order is black, red, white, then by number.
* ``FRONT`` -- the card face up in front of each seat in the current trick,
  ``/``-separated, ``-`` for none.
* ``PILES`` -- each seat's score pile, ``/``-separated, in the order collected.
* ``LEADER:LEAD`` -- the seat leading the current trick and its lead card
  (``-`` before the lead is played); the High/Low card follows from the lead
  card.
* ``TURN`` -- the seat due to play; ``3:take`` when seat 3 has just played a
  TAKE card and must choose a card to take. ``3:replace`` when seat 3 plays a
  replacement (its card in this trick was taken; every seat has played once),
  ``3:replace:take`` when the TAKE card it has just played was one.
* ``TRICKS`` -- tricks completed.
* ``over:ASIDE`` -- present only when the game has ended: the cards set aside
  at the stop (a group, ``-`` when none).
* ``voids=VOIDS`` -- present only once a seat is known to hold none of a
  suit (it did not follow the colour led): per seat, ``/``-separated, the
  letters of its void suits in the order ``BRW``, ``-`` for none
  (``voids=-/R/-/BW``).
* ``rng=SEED:COUNTER`` -- the generator of a seeded game (absent: unseeded).

The undealt stock is not written: it is every card found nowhere else. While
the cards are being dealt (an unseeded game waiting for :class:`DealCard`
outcomes), the hands hold the cards dealt so far, one at a time from seat 0.
A state's ``recent_events`` are not written either: :func:`from_position`
gives a state without any.

A 3-player game ready for its first lead, then the same game as seat 2 must
take a card with the TAKE card (Red 13) it has just played (the trick led by seat 1
with Red 10):

>>> from ofrenda_rules.dia_de_los_muertos import Config, PlayCard, Card, Suit, apply, legal_actions
>>> config = Config(players=3)
>>> text = (
...     "B1B2B3B4B5R1R2R3R4R5W1W2W3W4W5/B6B7B8B9B10R6R7R8R9R10W6W7W8W9W10"
...     "/B11B12B13B14B15R11R12R13R14R15W11W12W13W14W15 -/-/- -/-/- 1:- 1 0"
... )
>>> state = from_position(text, config)
>>> state.leader, state.hands[1][0]
(1, Card(suit=Suit.BLACK, number=6))
>>> state = apply(state, PlayCard(Card(Suit.RED, 10)))
>>> state = apply(state, PlayCard(Card(Suit.RED, 13)))
>>> to_position(state).split(" ", 1)[1]
'-/R10/R13 -/-/- 1:R10 2:take 0'
>>> import attrs
>>> from_position(to_position(state), config) == attrs.evolve(state, recent_events=())
True

Impossible positions are refused with a :class:`~ofrenda_rules.errors.PositionError`
naming what is wrong:

>>> from_position("B1B1/-/- -/-/- -/-/- 0:- 0 0", config)
Traceback (most recent call last):
...
ofrenda_rules.errors.PositionError: B1 appears twice in hand 0; every card is in exactly one place

Input is limited to :data:`MAX_POSITION_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ofrenda_rules.dia_de_los_muertos.components import Card, Suit
from ofrenda_rules.dia_de_los_muertos.rules import current_player, take_targets
from ofrenda_rules.dia_de_los_muertos.state import Config, HighLowCard, State
from ofrenda_rules.encodings.positions import (
    MAX_POSITION_CHARS,
    join_fields,
    parse_group,
    parse_rng,
    place_each_once,
    split_fields,
    split_seats,
)
from ofrenda_rules.errors import PositionError
from ofrenda_rules.rng import Rng

__all__ = ["MAX_POSITION_CHARS", "from_position", "to_position"]


_LETTER: Final = {Suit.BLACK: "B", Suit.RED: "R", Suit.WHITE: "W"}
_SUIT: Final = {letter: suit for suit, letter in _LETTER.items()}
_GROUP: Final = re.compile(r"(?:[BRW](?:[1-9]|1[0-9]|20))+")
_CARD: Final = re.compile(r"([BRW])(\d+)")
_SEAT: Final = re.compile(r"[0-9]")
_COUNT: Final = re.compile(r"[0-9]{1,3}")


def _card(card: Card) -> str:
    return f"{_LETTER[card.suit]}{card.number}"


def _group(cards: Iterable[Card]) -> str:
    text = "".join(_card(card) for card in cards)
    return text or "-"


def to_position(state: State) -> str:
    """The position of ``state`` in the notation of this module (one canonical line).

    >>> from ofrenda_rules.dia_de_los_muertos import Config, new_game
    >>> to_position(new_game(Config(players=3))).split()
    ['-/-/-', '-/-/-', '-/-/-', '0:-', '0', '0']
    """
    fields = [
        "/".join(_group(hand) for hand in state.hands),
        "/".join("-" if card is None else _card(card) for card in state.in_front),
        "/".join(_group(pile) for pile in state.piles),
        f"{state.leader}:{'-' if state.lead_card is None else _card(state.lead_card)}",
        f"{state.to_play}{':replace' if state.replacing else ''}{':take' if state.taking else ''}",
        str(state.tricks),
    ]
    if state.over:
        fields.append(f"over:{_group(state.set_aside)}")
    if state.voids:
        fields.append("voids=" + "/".join("".join(_LETTER[suit] for suit in row) or "-" for row in state.voids))
    return join_fields(fields, state.rng)


def _parse_group(text: str, what: str) -> tuple[Card, ...]:
    return parse_group(text, what, pattern=_GROUP, items="cards", example="R14W3B20", parse=_cards)


def _cards(group: str) -> tuple[Card, ...]:
    return tuple(Card(_SUIT[letter], int(number)) for letter, number in _CARD.findall(group))


def _parse_seat(text: str, what: str, players: int) -> int:
    if not _SEAT.fullmatch(text) or int(text) >= players:
        raise PositionError(f"{what}: {text!r} is not a seat (0 to {players - 1})")
    return int(text)


def from_position(text: str, config: Config) -> State:
    """The state that ``text`` describes under ``config`` (the inverse of :func:`to_position`).

    Raises:
        PositionError: the text is malformed, or describes a position that no
            game under these rules reaches; the message names what is wrong.

    """
    fields = split_fields(text)
    rng: Rng | None = None
    if fields and fields[-1].startswith("rng="):
        rng = parse_rng(fields.pop().removeprefix("rng="))
    voids_text = fields.pop().removeprefix("voids=") if fields and fields[-1].startswith("voids=") else None
    over = False
    set_aside: tuple[Card, ...] = ()
    if fields and fields[-1].startswith("over:"):
        over = True
        set_aside = _parse_group(fields.pop()[len("over:") :], "set-aside cards")
    if len(fields) != 6:
        raise PositionError(
            f"a position has 6 fields (HANDS FRONT PILES LEADER:LEAD TURN TRICKS) before the optional "
            f"over:, voids= and rng= fields, not {len(fields)}"
        )
    hands_text, front_text, piles_text, lead_text, turn_text, tricks_text = fields
    n = config.players
    hands = [_parse_group(part, f"hand {seat}") for seat, part in enumerate(split_seats(hands_text, "HANDS", n))]
    front: list[Card | None] = []
    for seat, part in enumerate(split_seats(front_text, "FRONT", n)):
        cards = _parse_group(part, f"card in front of seat {seat}")
        if len(cards) > 1:
            raise PositionError(f"seat {seat} has {len(cards)} cards in front ({part}); at most one")
        front.append(cards[0] if cards else None)
    piles = [_parse_group(part, f"pile {seat}") for seat, part in enumerate(split_seats(piles_text, "PILES", n))]
    leader_text, _, lead_card_text = lead_text.partition(":")
    leader = _parse_seat(leader_text, "LEADER", n)
    lead_cards = _parse_group(lead_card_text, "LEAD")
    if len(lead_cards) > 1:
        raise PositionError(f"LEAD: one lead card, not {lead_card_text!r}")
    lead_card = lead_cards[0] if lead_cards else None
    seat_text, _, marks = turn_text.partition(":")
    if marks not in _TURN_MARKS:
        raise PositionError(f"TURN: {turn_text!r} is not a seat, followed by ':take', ':replace' or ':replace:take'")
    replacing, taking = _TURN_MARKS[marks]
    to_play = _parse_seat(seat_text, "TURN", n)
    if not _COUNT.fullmatch(tricks_text):
        raise PositionError(f"TRICKS: {tricks_text!r} is not a count of tricks")
    tricks = int(tricks_text)
    placed = _check_cards(config, hands, front, piles, set_aside)
    spec = config.deck.spec
    state = State(
        config=config,
        hands=tuple(tuple(sorted(hand, key=Card.sort_key)) for hand in hands),
        stock=tuple(card for card in config.deck.deck if card not in placed),
        dealt=len(placed),
        in_front=tuple(front),
        leader=leader,
        lead_card=lead_card,
        high_low=None if lead_card is None else HighLowCard(lead_card.suit, spec(lead_card).mark),
        to_play=to_play,
        taking=taking,
        piles=tuple(piles),
        set_aside=tuple(sorted(set_aside, key=Card.sort_key)),
        tricks=tricks,
        over=over,
        rng=rng,
        voids=() if voids_text is None else _parse_voids(voids_text, n),
        replacing=replacing,
    )
    _check_state(state)
    _check_voids(state)
    return state


_VOIDS: Final = re.compile(r"B?R?W?")
_TURN_MARKS: Final = {"": (False, False), "take": (False, True), "replace": (True, False), "replace:take": (True, True)}
"""What may follow ``SEAT:`` in the TURN field: (replacing, taking)."""


def _parse_voids(text: str, players: int) -> tuple[tuple[Suit, ...], ...]:
    rows: list[tuple[Suit, ...]] = []
    for seat, part in enumerate(split_seats(text, "voids", players)):
        if part != "-" and (not part or not _VOIDS.fullmatch(part)):
            raise PositionError(f"voids of seat {seat}: {part!r} is not suit letters in the order BRW, or '-'")
        rows.append(() if part == "-" else tuple(_SUIT[letter] for letter in part))
    if not any(rows):
        raise PositionError("voids=: no seat is void in any suit (leave the field out)")
    return tuple(rows)


def _check_voids(state: State) -> None:
    """A seat known void in a suit holds none of it, and voids are known only once play has started."""
    if not state.voids:
        return
    if state.dealt < state.config.players * state.config.hand_size:
        raise PositionError("voids=: no card has been played during the deal, so no void is known")
    for seat, (hand, row) in enumerate(zip(state.hands, state.voids, strict=True)):
        for card in hand:
            if card.suit in row:
                raise PositionError(f"seat {seat} is void in {card.suit.value} but holds {_card(card)}")


def _check_cards(
    config: Config,
    hands: list[tuple[Card, ...]],
    front: list[Card | None],
    piles: list[tuple[Card, ...]],
    aside: tuple[Card, ...],
) -> dict[Card, str]:
    """Every card at most once, no more placed than the deal gives out; where each card is."""
    places: list[tuple[str, Iterable[Card | None]]] = [
        *((f"in hand {seat}", hand) for seat, hand in enumerate(hands)),
        ("in front", front),
        *((f"in pile {seat}", pile) for seat, pile in enumerate(piles)),
        ("in the set-aside cards", aside),
    ]
    where = place_each_once("card", places, label=_card)
    deal = config.players * config.hand_size
    if len(where) > deal:
        raise PositionError(
            f"{len(where)} cards are placed, but a {config.players}-player game deals only {deal} "
            f"({config.hand_size} each); the other {60 - deal} stay in the stock"
        )
    return where


def _check_state(state: State) -> None:
    config = state.config
    n, size = config.players, config.hand_size
    deal = n * size
    placed = state.dealt
    in_hands = sum(map(len, state.hands))
    played = placed - in_hands
    if placed < deal:
        if played or state.tricks or state.over or state.lead_card is not None or state.taking or state.replacing:
            raise PositionError(
                f"{placed} cards are placed, but once play has started a {n}-player game has dealt all "
                f"{deal} ({size} each); a card is missing"
            )
        if state.rng is not None:
            raise PositionError("a seeded game is dealt at once: its hands cannot be partly dealt")
        for seat, hand in enumerate(state.hands):
            want = placed // n + (1 if seat < placed % n else 0)
            if len(hand) != want:
                raise PositionError(
                    f"hand {seat} holds {len(hand)} cards, but after {placed} cards dealt one at a time "
                    f"from seat 0 it holds {want}"
                )
        if state.to_play != state.leader:
            raise PositionError(f"during the deal the seat to play ({state.to_play}) is the leader ({state.leader})")
        return
    for seat, hand in enumerate(state.hands):
        most = size - state.tricks - (0 if state.in_front[seat] is None else 1)
        if len(hand) > most:
            raise PositionError(
                f"hand {seat} holds {len(hand)} cards, but after {state.tricks} tricks "
                f"it holds at most {max(most, 0)} of the {size} dealt"
            )
    in_piles = sum(map(len, state.piles))
    takes = in_piles - n * state.tricks
    deck = config.deck
    played_takes = sum(
        deck.spec(card).take for group in (*state.piles, state.set_aside, state.in_front) for card in group if card
    )
    if takes < 0 or takes > played_takes:
        raise PositionError(
            f"the piles hold {in_piles} cards, but {state.tricks} tricks collect {n * state.tricks} "
            f"and each of the {played_takes} TAKE cards played takes at most one more"
        )
    lead = state.lead_card
    if state.over:
        if any(state.hands) or any(card is not None for card in state.in_front) or state.taking or state.replacing:
            raise PositionError("a finished game has no cards in hand, none in front, and no TAKE or replacement due")
        if lead is None and state.to_play != state.leader:
            raise PositionError(f"between tricks the seat to play ({state.to_play}) is the leader ({state.leader})")
        if (
            lead is not None
            and lead not in state.set_aside
            and not (not config.lock_lead and any(lead in pile for pile in state.piles))
        ):
            raise PositionError(f"the lead card {_card(lead)} is neither set aside nor taken into a pile")
        return
    if state.set_aside:
        raise PositionError("cards are set aside only when the game ends (add the over: field)")
    _check_trick(state)


def _check_trick(state: State) -> None:
    config = state.config
    lead = state.lead_card
    front = state.in_front
    player = state.to_play
    if lead is None:
        if any(card is not None for card in front) or state.taking:
            raise PositionError("cards are in front but no lead card is given (LEADER:LEAD)")
        if player != state.leader:
            raise PositionError(f"before the lead the seat to play ({player}) is the leader ({state.leader})")
    elif front[state.leader] != lead and (config.lock_lead or not any(lead in pile for pile in state.piles)):
        where = "locked in front of" if config.lock_lead else "in front of, or taken into a pile from,"
        raise PositionError(f"the lead card {_card(lead)} must be {where} the leader, seat {state.leader}")
    _check_round(state)
    if state.taking:
        card = front[player]
        if card is None or card == lead or not config.deck.spec(card).take:
            raise PositionError(f"seat {player} must take, but has no TAKE card in front played after the lead")
        if player == state.leader and config.lead_replacement_exempt:
            raise PositionError(
                f"seat {player} leads this trick, and with lead_replacement_exempt=True "
                "the lead player's replacement TAKE takes nothing"
            )
        if not take_targets(state, player):
            raise PositionError(f"seat {player} must take, but no card in front of another seat can be taken")
        return
    own = front[player]
    if own is not None:
        raise PositionError(f"seat {player} is due to play but already has {_card(own)} in front")
    if not state.hands[player]:
        raise PositionError(f"seat {player} is due to play with an empty hand: the game would be over (add over:)")
    if current_player(state) != player:  # pragma: no cover - guarded by the checks above
        raise PositionError(f"seat {player} cannot be due to play here")


def _check_round(state: State) -> None:
    """A replacement is due only within a trick; otherwise play is still in its first round from the lead.

    In the first round the seats play clockwise from the leader, so no seat
    after the one due (before the leader comes round) has a card in front.
    """
    player, leader, n = state.to_play, state.leader, state.config.players
    if state.replacing:
        if state.lead_card is None:
            raise PositionError(f"TURN: seat {player} cannot play a replacement before the lead (drop ':replace')")
        return
    if state.lead_card is None:
        return
    if player == leader:
        raise PositionError(
            f"TURN: the leader, seat {player}, plays again only to replace its taken lead card (write {player}:replace)"
        )
    for step in range(1, (leader - player) % n):
        later = (player + step) % n
        if state.in_front[later] is not None:
            raise PositionError(
                f"TURN: seat {later} has played after seat {player}, so seat {player} plays a replacement "
                f"(write {player}:replace)"
            )
