"""What makes an Ofrenda position reachable: the checks behind :func:`~ofrenda_rules.ofrenda.position.from_position`.

:func:`derive` checks that every component is known and in exactly one
place, and computes what a position does not write (deck, bag, box, supply,
token stacks); :func:`check_state` checks the position against the phase it
is in. Each raises a :class:`~ofrenda_rules.errors.PositionError` naming what
is impossible.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from ofrenda_rules.encodings.positions import place_each_once
from ofrenda_rules.encodings.positions import refuse as _fail
from ofrenda_rules.ofrenda.abuela import SPACE_FOR_FACE
from ofrenda_rules.ofrenda.components import GoalType, OfferingKind
from ofrenda_rules.ofrenda.edition import SOLO_REMOVED, TURNS
from ofrenda_rules.ofrenda.objectives import candle_fulfilled, goal_fulfilled, portrait_fulfilled
from ofrenda_rules.ofrenda.state import MARKET_SIZE, Phase, State
from ofrenda_rules.ofrenda.turn import HAND_SIZE

__all__ = ["check_state", "derive"]

_SETUP: Final = (Phase.SETUP_REMOVE, Phase.SETUP_GOAL, Phase.SETUP_MARKET, Phase.SETUP_CANDLES, Phase.SETUP_DEAL)
_CHANCE: Final = (*_SETUP, Phase.ABUELA_PORTRAIT, Phase.ABUELA_CANDLE, Phase.REFILL_PORTRAIT, Phase.REFILL_CANDLE)
_ABUELA: Final = (Phase.ABUELA_PORTRAIT, Phase.ABUELA_CANDLE, Phase.REFILL_PORTRAIT, Phase.REFILL_CANDLE)
_HOLDING_FOUR: Final = (Phase.TAKE_CANDLE, Phase.REFILL_PORTRAIT, Phase.REFILL_CANDLE, Phase.PLAY)
_TAKEN_SET: Final = (
    Phase.TAKE_CANDLE,
    Phase.REFILL_PORTRAIT,
    Phase.REFILL_CANDLE,
    Phase.PLAY,
    Phase.OFFERINGS,
    Phase.ABUELA_CANDLE,
)


def _unique(kind: str, count: int, places: Iterable[tuple[str, Iterable[int | None]]]) -> dict[int, str]:
    return place_each_once(kind, places, label=lambda item: f"{kind} {item}", known=(range(count), f"0-{count - 1}"))


def derive(state: State) -> State:
    """Check every component is known and in one place; ``state`` with the parts a position does not write.

    Those parts: the deck (portraits of the player count found nowhere else),
    the box (portraits marked for more players), the bag (candles in play found
    nowhere else), the solo mode's multiplayer-only candles, the marigold
    supply, the tokens left on each goal in play and the tokens of no goal in
    play.
    """
    config = state.config
    edition = config.edition
    n = config.players
    deck_players = max(n, 2)
    portraits = _unique(
        "portrait",
        len(edition.portraits),
        [
            ("in the market", state.market),
            *((f"in hand {s}", hand) for s, hand in enumerate(state.hands)),
            *((f"on board {s}", board.portraits) for s, board in enumerate(state.boards)),
            *((f"in the discards of seat {s}", board.discards) for s, board in enumerate(state.boards)),
            ("discarded by the Abuela", state.abuela_discards),
            ("removed", state.removed),
        ],
    )
    for card in portraits:
        marks = edition.portraits[card].players
        if marks > deck_players:
            _fail(f"portrait {card} is marked for {marks} players; in a {n}-player game it stays in the box")
    candles = _unique(
        "candle",
        len(edition.candles),
        [
            ("in the market", state.candle_market),
            *((f"in the storage of seat {s}", board.candles) for s, board in enumerate(state.boards)),
            *((f"on board {s}", board.candle_slots) for s, board in enumerate(state.boards)),
            ("discarded by the Abuela", state.candle_discards),
        ],
    )
    candle_box = tuple(c.id for c in edition.candles if config.solo and c.multiplayer_only)
    for candle in candles:
        if candle in candle_box:
            _fail(f"candle {candle} is for the multiplayer game; in the solo mode it stays in the box")
    tokens = _unique("token", len(edition.tokens), ((f"with seat {s}", b.tokens) for s, b in enumerate(state.boards)))
    _unique("goal", len(edition.goals), [("in play", state.goals)])
    types = list(GoalType)
    if not config.common_goals and state.goals:
        _fail("common goals are in play only in the common-goals variant")
    for index, goal in enumerate(state.goals):
        if index >= len(types) or edition.goals[goal].type is not types[index]:
            _fail(f"goal {goal} is not a {types[min(index, 2)].value} goal: one goal of each type, in type order")
    stacks = []
    in_stacks: set[int] = set()
    for index, goal in enumerate(state.goals):
        stack = edition.token_stack(types[index], n)
        in_stacks.update(stack)
        taken = sum(1 for token in stack if token in tokens)
        if any(token not in tokens for token in stack[len(stack) - taken :]):
            _fail(f"the tokens taken from goal {goal} are not the top {taken} of its stack {list(stack)}")
        stacks.append(stack[: len(stack) - taken])
    for seat, board in enumerate(state.boards):
        _unique(f"goal met by seat {seat}", len(edition.goals), [("", board.goals_met)])
        for goal in board.goals_met:
            if goal not in state.goals:
                _fail(f"seat {seat} met goal {goal}, which is not in play")
        for token in board.tokens:
            owner = next((i for i, g in enumerate(state.goals) if token in edition.token_stack(types[i], n)), None)
            if owner is None or state.goals[owner] not in board.goals_met:
                _fail(f"seat {seat} holds token {token} without having met the goal it is stacked on")
    in_play = sum(board.marigolds + sum(board.marigold_slots) for board in state.boards) + sum(state.market_marigolds)
    supply = config.marigold_total - in_play
    if supply < 0:
        _fail(f"{in_play} marigolds are in play, but the game has {config.marigold_total}")
    return attrs.evolve(
        state,
        deck=tuple(p.id for p in edition.portraits if p.players <= deck_players and p.id not in portraits),
        box=tuple(p.id for p in edition.portraits if p.players > deck_players),
        bag=tuple(c.id for c in edition.candles if c.id not in candles and c.id not in candle_box),
        candle_box=candle_box,
        supply=supply,
        stacks=tuple(stacks),
        unused_tokens=tuple(t.id for t in edition.tokens if t.id not in in_stacks),
    )


def check_state(state: State) -> None:
    """Refuse ``state`` unless a game under its config can reach it (components are checked by :func:`derive`)."""
    config = state.config
    phase = state.phase
    if state.rng is not None and phase in _CHANCE:
        _fail(f"a seeded game never waits for a draw or a roll: the phase {phase.value} is impossible with rng=")
    if config.solo and state.seat:
        _fail("the solo player is seat 0")
    if not config.solo and (
        state.removed or state.abuela_discards or state.candle_discards or state.die or state.abuela
    ):
        _fail("the Abuela, her discards, her die and the removed portraits belong to the solo mode")
    if (state.abuela and phase not in _ABUELA) or (phase in _ABUELA[:2] and not state.abuela):
        _fail(f"the phase {phase.value} and the abuela-turn flag disagree")
    if (phase is Phase.OFFERINGS) != bool(state.pending):
        _fail("surrounded slots are pending (pending=) in the offerings phase, and only then")
    for key, value in (("taken", state.taken_space), ("candle", state.candle_space)):
        if value is not None and value >= MARKET_SIZE:
            _fail(f"{key}={value}: the Family board has spaces 0-{MARKET_SIZE - 1}")
    if state.die is not None and state.die not in SPACE_FOR_FACE:
        _fail(f"die={state.die}: the die has faces 1-6")
    _check_boards(state)
    if phase in _SETUP:
        _check_setup(state)
    else:
        _check_play(state)


def _check_boards(state: State) -> None:
    config = state.config
    edition = config.edition
    typed = not config.offering_in_any_slot
    for seat, board in enumerate(state.boards):
        if len(board.candles) > 3:
            _fail(f"seat {seat} stores {len(board.candles)} candles; storage holds at most 3")
        if board.turns > TURNS:
            _fail(f"seat {seat} played {board.turns} turns; every player plays {TURNS}")
        for slot, offering in enumerate(edition.board.offering_slots):
            marigold, candle = board.marigold_slots[slot], board.candle_slots[slot]
            if not marigold and candle is None:
                continue
            if any(board.portraits[card] is None for card in offering.cards):
                _fail(f"board {seat}: candle/marigold slot {slot} is filled before its card slots {offering.cards}")
            if typed and marigold and offering.kind is not OfferingKind.MARIGOLD:
                _fail(f"board {seat}: slot {slot} is a candle slot and takes no marigold")
            if typed and candle is not None and offering.kind is not OfferingKind.CANDLE:
                _fail(f"board {seat}: slot {slot} is a marigold slot and takes no candle")
        _check_lights(state, seat)
        for goal in board.goals_met:
            if not goal_fulfilled(edition, board, goal):
                _fail(f"seat {seat} met goal {goal}, but its Ofrenda does not fulfil it")
        for slot in state.pending if seat == state.seat else ():
            if slot >= len(edition.board.offering_slots) or state.pending.count(slot) > 1:
                _fail(f"pending={list(state.pending)}: slots are distinct, 0-{len(edition.board.offering_slots) - 1}")
            cards = edition.board.offering_slots[slot].cards
            if board.marigold_slots[slot] or board.candle_slots[slot] is not None:
                _fail(f"pending slot {slot} is already filled")
            if any(board.portraits[card] is None for card in cards):
                _fail(f"pending slot {slot} is not surrounded: card slots {cards} are not all filled")


def _check_lights(state: State, seat: int) -> None:
    """Lit sides follow the objectives: a portrait once its neighbours are all placed, a candle once it holds."""
    config = state.config
    edition = config.edition
    board = state.boards[seat]
    over = state.phase is Phase.OVER
    for slot, card in enumerate(board.portraits):
        if card is None:
            continue
        complete = all(board.portraits[n] is not None for n in edition.neighbours[slot])
        want = complete and portrait_fulfilled(config, board, slot)
        if over:
            want = want or portrait_fulfilled(config, board, slot, final=True)
        if board.lit[slot] != want:
            side = "lit" if want else "unlit"
            _fail(f"board {seat}: portrait {card} in slot {slot} shows its {side} side by its objective (* marks lit)")
    for slot, candle in enumerate(board.candle_slots):
        if candle is None:
            continue
        checked = over or not edition.candles[candle].end_of_game
        want = checked and candle_fulfilled(config, state.boards, seat, candle)
        if board.candle_lit[slot] != want:
            side = "lit" if want else "unlit"
            _fail(f"board {seat}: candle {candle} in slot {slot} shows its {side} side by its objective (* marks lit)")


def _check_setup(state: State) -> None:
    config = state.config
    phase = state.phase
    n = config.players
    for board in state.boards:
        if board.turns or board.discards or board.marigolds != 3 or any(p is not None for p in board.portraits):
            _fail(f"during the setup ({phase.value}) each board is empty with 3 marigolds in storage")
        if board.candles or board.goals_met or board.tokens or any(board.marigold_slots):
            _fail(f"during the setup ({phase.value}) each board is empty with 3 marigolds in storage")
    if state.seat or state.abuela_discards or state.candle_discards or state.die is not None:
        _fail(f"during the setup ({phase.value}) no turn has started")
    if state.taken_space is not None or state.candle_space is not None or any(state.market_marigolds):
        _fail(f"during the setup ({phase.value}) no portrait or candle has been taken")
    order = list(_SETUP)
    step = order.index(phase)
    removed_done = not config.solo or len(state.removed) == SOLO_REMOVED
    goals_done = not config.common_goals or len(state.goals) == len(GoalType)
    if phase is Phase.SETUP_REMOVE and (not config.solo or removed_done):
        _fail("the setup_remove phase removes 3 portraits in the solo mode, one at a time")
    if step > 0 and not removed_done:
        _fail(f"the solo setup removes 3 portraits before the {phase.value} phase")
    if phase is Phase.SETUP_GOAL and (not config.common_goals or goals_done):
        _fail("the setup_goal phase draws the 3 common goals, one at a time")
    if step > 1 and not goals_done:
        _fail(f"the common goals are drawn before the {phase.value} phase")
    market_full = None not in state.market
    candles_full = None not in state.candle_market
    if step < 2 and (any(c is not None for c in state.market) or any(c is not None for c in state.candle_market)):
        _fail("the Family board is filled after the removals and the goals")
    _prefix(state.market, "market spaces")
    _prefix(state.candle_market, "candle spaces")
    if phase is Phase.SETUP_MARKET and (market_full or any(c is not None for c in state.candle_market)):
        _fail("the setup_market phase fills the 4 portrait spaces one at a time, before the candles")
    if phase is Phase.SETUP_CANDLES and (not market_full or candles_full):
        _fail("the setup_candles phase fills the 4 candle spaces one at a time, after the portraits")
    dealt = sum(len(hand) for hand in state.hands)
    if phase is not Phase.SETUP_DEAL:
        if dealt:
            _fail("the hands are dealt last in the setup")
        return
    if not market_full or not candles_full:
        _fail("the hands are dealt once the Family board is full")
    sizes = [len(hand) for hand in state.hands]
    want = [dealt // n + (1 if s < dealt % n else 0) for s in range(n)]
    if sizes != want or dealt >= HAND_SIZE * n:
        _fail(f"hands of {sizes} portraits: the deal gives one at a time from seat 0, {HAND_SIZE} each")


def _prefix(items: tuple[int | None, ...], what: str) -> None:
    filled = sum(1 for item in items if item is not None)
    if any(item is None for item in items[:filled]):
        _fail(f"the {what} are filled from the left, with no gap")


def _check_play(state: State) -> None:
    config = state.config
    phase = state.phase
    seat = state.seat
    over = phase is Phase.OVER
    if config.solo and len(state.removed) != SOLO_REMOVED:
        _fail(f"the solo setup removes {SOLO_REMOVED} portraits (removed=)")
    if config.common_goals and len(state.goals) != len(GoalType):
        _fail("the common-goals variant plays with one goal of each of the 3 types (goals=)")
    mover_holds = HAND_SIZE + 1 if phase in _HOLDING_FOUR and not state.abuela else HAND_SIZE
    for s, hand in enumerate(state.hands):
        want = mover_holds if s == seat else HAND_SIZE
        if len(hand) != want:
            _fail(f"hand {s} holds {len(hand)} portraits; in the {phase.value} phase it holds {want}")
    t = state.boards[seat].turns
    for s, board in enumerate(state.boards):
        want = TURNS if over else t + 1 if s < seat else t
        if board.turns != want:
            _fail(f"seat {s} played {board.turns} turns, but seat {seat} is to play its turn {t + 1}")
        placed = sum(1 for card in board.portraits if card is not None) + len(board.discards)
        done = board.turns + (1 if s == seat and phase is Phase.OFFERINGS else 0)
        if placed != done:
            _fail(f"seat {s} placed or discarded {placed} portraits in {done} turns (one a turn)")
    if not over and t >= TURNS:
        _fail(f"every player has played {TURNS} turns: the game is over")
    taken_wanted = phase in _TAKEN_SET
    if (state.taken_space is not None) != taken_wanted:
        _fail(f"taken=SPACE is given in the phases after a portrait is taken, not in {phase.value}")
    if state.candle_space is not None and phase not in (
        Phase.REFILL_PORTRAIT,
        Phase.REFILL_CANDLE,
        Phase.PLAY,
        Phase.OFFERINGS,
    ):
        _fail(f"candle=SPACE is given after a candle is taken, not in {phase.value}")
    if phase is Phase.TAKE_CANDLE and state.taken_space is not None and state.market[state.taken_space] is not None:
        _fail(f"the portrait was just taken from space {state.taken_space}, which must be empty")
    if config.solo:
        _check_solo(state, t)
    refilling = (Phase.TAKE_CANDLE, Phase.ABUELA_CANDLE, Phase.REFILL_PORTRAIT)
    if state.deck and phase not in refilling and None in state.market:
        _fail(f"the market has an empty space while the deck holds portraits ({phase.value} phase)")
    if phase is Phase.REFILL_PORTRAIT and (not state.deck or None not in state.market):
        _fail("the refill_portrait phase draws from the deck into an empty space")
    if phase is Phase.REFILL_CANDLE and (not state.bag or None not in state.candle_market):
        _fail("the refill_candle phase draws from the bag into an empty candle space")
    if state.bag and None in state.candle_market and phase not in (Phase.REFILL_PORTRAIT, Phase.REFILL_CANDLE):
        _fail(f"the candle market has an empty space while the bag holds candles ({phase.value} phase)")
    if phase in (Phase.REFILL_PORTRAIT, Phase.REFILL_CANDLE):
        _prefix(state.market, "market spaces")
        _prefix(state.candle_market, "candle spaces")
    # Ruling 9: only the Abuela leaves marigolds on an emptied space, under abuela_marigolds_stay, until a
    # portrait comes there (never, once the deck is empty).
    waiting = config.solo and config.abuela_marigolds_stay and (state.abuela or not state.deck)
    for space, (card, pile) in enumerate(zip(state.market, state.market_marigolds, strict=True)):
        if card is None and pile and not waiting:
            _fail(f"{pile} marigolds lie on the empty space {space}: marigolds lie on the portraits of the market")


def _check_solo(state: State, turns: int) -> None:
    phase = state.phase
    before_roll = phase is Phase.ABUELA_PORTRAIT or phase is Phase.OVER
    want = turns if before_roll else turns + 1
    if len(state.abuela_discards) != want:
        _fail(
            f"the Abuela discarded {len(state.abuela_discards)} portraits; before your turn {turns + 1} she has {want}"
        )
    if len(state.candle_discards) > len(state.abuela_discards):
        _fail("the Abuela discards a candle only after a portrait")
    if (state.die is None) != before_roll:
        _fail("die=FACE shows the Abuela's last roll from her turn to the end of yours")
    if state.abuela and state.die is not None and state.taken_space != SPACE_FOR_FACE[state.die]:
        space = SPACE_FOR_FACE[state.die]
        _fail(f"the Abuela rolled {state.die} and discards from space {space}, not {state.taken_space}")
    if phase is Phase.ABUELA_CANDLE and state.die not in (5, 6):
        _fail("the Abuela rolls for a candle only after a 5 or a 6")
