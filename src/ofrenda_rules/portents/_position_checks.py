"""What makes a Portents position reachable: the checks behind :func:`~ofrenda_rules.portents.position.from_position`.

Each check raises a :class:`~ofrenda_rules.errors.PositionError` naming what
is impossible: a tile or omen twice or missing, a hand of the wrong size for
the phase, an empty space where the phase needs a full altar, fields of the
Kitty in a two-player game, a turn count inconsistent with the active seat, an
end that its reason does not explain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ofrenda_rules.encodings.positions import place_each_once
from ofrenda_rules.encodings.positions import refuse as _fail
from ofrenda_rules.portents.altar import can_light, hand_ok, portents, possible_portent
from ofrenda_rules.portents.components import Sign
from ofrenda_rules.portents.kitty import CIRCUIT
from ofrenda_rules.portents.scoring import fortune_win, kitty_fortune_win, solo_target_met
from ofrenda_rules.portents.setup import shows_portent
from ofrenda_rules.portents.state import EndReason, Phase, State
from ofrenda_rules.portents.text import code

__all__ = ["check_state"]

_SETUP: Final = (
    Phase.OMENS,
    Phase.ALTAR,
    Phase.RESHUFFLE,
    Phase.HANDS,
    Phase.TOKEN,
    Phase.FIRST_PLAYER,
    Phase.OFFERING,
)
_CHANCE: Final = (*_SETUP[:6], Phase.FEED, Phase.KITTY)
_TWO_PLAYER_ENDS: Final = (
    EndReason.FORTUNE_OF_FOUR,
    EndReason.TWO_FORTUNES_OF_THREE,
    EndReason.FOUR_OFFERINGS,
    EndReason.TURN_LIMIT,
)


def _unique(kind: str, places: Iterable[tuple[str, Iterable[Sign | None]]]) -> int:
    return len(place_each_once(kind, places, label=lambda sign: f"{kind} {code(sign)}"))


def check_state(state: State) -> None:
    """Refuse ``state`` unless a game under its config can reach it."""
    config = state.config
    phase = state.phase
    tiles = _unique(
        "tile",
        [
            ("on the altar", state.altar),
            ("taken up", state.taken),
            *((f"in hand {seat}", hand) for seat, hand in enumerate(state.hands)),
            ("pushed", state.pushed),
            ("on the Kitty token", (state.token,)),
            ("in the bag", state.bag),
        ],
    )
    omens = _unique(
        "omen",
        [
            ("in the slots", state.omens),
            *((f"collected by seat {seat}", got) for seat, got in enumerate(state.collected)),
            ("with the Kitty", state.kitty_omens),
        ],
    )
    if state.rng is not None and phase in _CHANCE:
        _fail(f"a seeded game never waits for a draw: the phase {phase.value} is impossible with rng=")
    if phase is not Phase.LIGHT and state.lit_now:
        _fail("spaces are being lit (lighting=) only in the light phase")
    if phase is not Phase.KITTY and state.kitty_fill:
        _fail("the Kitty fills spaces (fill=) only in the kitty phase")
    if (phase is Phase.OVER) != (state.reason is not None):
        _fail("a finished game (phase over) and only a finished game gives its end (end=REASON:WINNERS)")
    if phase is not Phase.OVER and state.winners:
        _fail("only a finished game has winners")
    if not config.solo and (state.kitty_omens or state.kitty_steps or state.kitty_extra or state.bag):
        _fail("the Kitty's omens, steps and bag belong to the solo game")
    if phase in _SETUP:
        _check_setup(state, tiles, omens)
    else:
        _check_play(state, tiles, omens)


def _prefix(items: tuple[Sign | None, ...], what: str) -> int:
    filled = sum(1 for item in items if item is not None)
    if any(item is None for item in items[:filled]):
        _fail(f"{what} are filled in order: the first {filled} are filled, no gap before them")
    return filled


def _check_setup(state: State, tiles: int, omens: int) -> None:
    config = state.config
    phase = state.phase
    n = config.players
    if any(state.collected) or state.turns or state.pushed or state.made_portent or any(state.lit):
        _fail(f"during the setup ({phase.value}) nothing is collected, pushed or lit and no turn is played")
    if state.active != state.first_player or (phase is not Phase.OFFERING and state.active):
        _fail(f"during the setup ({phase.value}) the active seat is 0, and the first player once drawn")
    before_hands = phase in (Phase.OMENS, Phase.ALTAR, Phase.RESHUFFLE)
    if phase is Phase.OMENS:
        if _prefix(state.omens, "omen slots") == 16:
            _fail("all 16 omens are placed: the phase is altar, not omens")
    elif omens != 16:
        _fail(f"{omens} omens are placed; after the omens phase all 16 are in the slots")
    if phase is Phase.OMENS and (any(state.altar) or state.reshuffles):
        _fail("the altar is set up after the omens")
    if phase in (Phase.OMENS, Phase.ALTAR) and state.taken:
        _fail("tiles are taken up only for a reshuffle")
    if phase is Phase.ALTAR and (_prefix(state.altar, "altar spaces") == 9 or state.reshuffles):
        _fail("the altar phase lays the first 9 tiles one space at a time (a full altar is checked at once)")
    if phase is Phase.RESHUFFLE:
        laid = _prefix(state.altar, "altar spaces")
        if laid + len(state.taken) != 9 or len(state.taken) < 2 or not state.reshuffles:
            _fail("a reshuffle puts the 9 taken-up tiles back one at a time (at least 2 still taken up)")
    if before_hands:
        if any(state.hands) or state.token is not None or state.redeals:
            _fail(f"no hand is dealt and no token set during the {phase.value} phase")
        return
    if state.taken or None in state.altar or shows_portent(state.altar):
        _fail("the hands are dealt once 9 tiles lie on the altar showing no Portent")
    if phase is Phase.HANDS:
        sizes = [len(hand) for hand in state.hands]
        dealt = sum(sizes)
        want = [min(3, max(0, dealt - 3 * seat)) for seat in range(n)]
        if sizes != want or dealt == 3 * n:
            _fail(f"hands of {sizes} tiles: the deal gives 3 tiles to each seat in turn, the last not yet complete")
        if state.token is not None:
            _fail("the Kitty token is set after the hands")
        return
    if any(len(hand) != 3 or not hand_ok(hand) for hand in state.hands):
        _fail("after the deal each hand holds 3 tiles, no three sharing a trait")
    if phase is Phase.TOKEN:
        if not config.solo or config.chaotic_cat:
            _fail("the token phase is in the solo game only (not with Chaotic Cat)")
        if state.token is not None or state.bag:
            _fail("the token phase draws the Kitty token; the bag is filled after it")
        return
    if config.solo:
        _fail(f"the {phase.value} phase belongs to the two-player setup")
    if tiles != 16:
        _fail(f"{tiles} tiles are placed; after the deal the last one goes on the Kitty token")
    if phase is Phase.FIRST_PLAYER and state.active:
        _fail("the first player is not drawn yet")


def _check_play(state: State, tiles: int, omens: int) -> None:
    config = state.config
    phase = state.phase
    if tiles != 16 or omens != 16 or state.taken:
        _fail(f"{tiles} tiles and {omens} omens are placed; once play starts every one of the 16 of each is placed")
    lit = sum(state.lit)
    found = portents(state.altar, state.lit)
    if phase is not Phase.PLACE and phase is not Phase.KITTY and None in state.altar:
        _fail(f"the altar has an empty space; it is full in the {phase.value} phase")
    hand_sizes = [len(hand) for hand in state.hands]
    if phase is Phase.PLACE:
        empties = state.altar.count(None)
        want = 3 - len(state.pushed) + empties
        if not 1 <= empties <= len(state.pushed) <= 3 or hand_sizes[state.active] != want:
            _fail(
                f"placing: {len(state.pushed)} tiles pushed off and {empties} spaces empty need "
                f"{want} tiles in hand {state.active}, not {hand_sizes[state.active]}"
            )
        hand_sizes[state.active] = 3
    elif phase is Phase.FEED:
        if len(state.pushed) != 1 or hand_sizes[0] != 2 or not state.bag:
            _fail("feeding the Kitty: one tile sacrificed (pushed=), two in hand, a tile to draw from the bag")
        hand_sizes[0] = 3
    elif phase is not Phase.KITTY and state.pushed:
        _fail(f"no tile is pushed off in the {phase.value} phase")
    if any(size != 3 for size in hand_sizes):
        _fail(f"hands of {[len(hand) for hand in state.hands]} tiles; each holds 3 between a turn's steps")
    if phase in (Phase.PUSH, Phase.PLACE) and state.made_portent:
        _fail("made-portent is set by the Scrying phase, after the push and the placing")
    if phase is Phase.PUSH:
        standing = (config.snuff_each_alone or config.kitty_only_steals) and state.turns
        if found and not standing:
            # Only offerings snuffed together (ruling 5 read literally) or a Kitty that does not scry (ruling 14)
            # leave a Portent standing after a turn.
            _fail(f"the altar shows a Portent on lane {found[0].lane} that no Burnt Offering broke")
        if lit >= 4:
            _fail(f"{lit} Burnt Offerings: the game ended with the last turn")
        if (config.solo or state.turns) and not config.kitty_only_steals:
            for space in range(9):
                if state.lit[space] and not possible_portent(state.altar, space):
                    _fail(
                        f"the Burnt Offering {code(state.altar[space])} on space {space} is in no possible Portent:"
                        " it was snuffed at the end of the last Scrying"
                    )
        if not (config.solo and config.feed_the_cat) and not all(hand_ok(hand) for hand in state.hands):
            _fail("a hand holds three tiles sharing a trait at the start of a turn")
    if phase is Phase.LIGHT:
        if not state.portents or not state.made_portent:
            _fail("the light phase follows new Portents (made-portent)")
        if len(state.lit_now) >= len(state.portents) or len(set(state.lit_now)) != len(state.lit_now):
            _fail(f"{len(state.lit_now)} spaces lit for {len(state.portents)} new Portents: one is still to light")
        if not can_light(state.portents, state.lit_now):
            _fail(f"the spaces lit ({state.lit_now}) do not give each new Portent a Burnt Offering of its own")
    if config.solo:
        _check_solo(state, lit)
    else:
        _check_two_players(state, lit)


def _check_two_players(state: State, lit: int) -> None:
    config = state.config
    phase = state.phase
    if phase in (Phase.SACRIFICE, Phase.FEED, Phase.KITTY):
        _fail(f"the {phase.value} phase belongs to the solo game")
    if state.token is None:
        _fail("the two-player game keeps the 16th tile on the Kitty token (token=)")
    over = phase is Phase.OVER
    played = state.turns - (1 if over else 0)
    if played < 0 or state.active != (state.first_player + played) % 2:
        _fail(f"after {state.turns} turns from first player {state.first_player}, seat {state.active} cannot be active")
    if state.turns > config.turn_limit or (not over and state.turns == config.turn_limit):
        _fail(f"{state.turns} turns: the game ends as a draw after {config.turn_limit}")
    if state.turns == 0 and not over:
        # The setup lights exactly one Burnt Offering (the second player's); the first turn lights only its own.
        want = 1 + (len(state.lit_now) if phase is Phase.LIGHT else 0)
        if lit != want:
            _fail(f"{lit} Burnt Offerings in the first turn: the setup lights one, and this turn {want - 1} so far")
    won = [seat for seat in (0, 1) if fortune_win(state.collected[seat]) is not None]
    if not over:
        if won and (phase is not Phase.LIGHT or won != [state.active]):
            _fail(f"seat {won[0]} has a winning fortune: the game would be over")
        return
    reason = state.reason
    if reason not in _TWO_PLAYER_ENDS:
        _fail(f"the end {reason} belongs to the solo game")
    fortune = fortune_win(state.collected[state.active])
    if reason is EndReason.TURN_LIMIT:
        ok = state.turns == config.turn_limit and fortune is None and lit < 4 and not state.winners
    elif reason is EndReason.FOUR_OFFERINGS:
        ok = fortune is None and lit >= 4 and state.winners == (state.active,)
    else:
        ok = fortune is reason and state.winners == (state.active,)
    if not ok:
        _fail(f"the end {reason} with winners {list(state.winners)} does not follow from the position")


def _check_solo(state: State, lit: int) -> None:
    config = state.config
    phase = state.phase
    if state.active or state.first_player or any(state.collected[1:]):
        _fail("the solo player is seat 0")
    if phase in (Phase.SACRIFICE, Phase.FEED) and not config.feed_the_cat:
        _fail(f"the {phase.value} phase is in the Feed the Cat challenge only")
    if config.chaotic_cat and state.token is not None:
        _fail("with Chaotic Cat the Kitty has no token tile")
    if not config.chaotic_cat and (state.token is None) != (phase is Phase.KITTY):
        _fail("the Kitty token holds a tile except while the Kitty draws")
    kitty_turn = phase is Phase.KITTY
    if (state.turns % 2 == 1) != kitty_turn and phase is not Phase.OVER:
        _fail(f"{state.turns} turns completed: the player and the Kitty alternate, the player first")
    kitty_turns = state.turns // 2
    most = 2 * kitty_turns if config.felis_pyromanias else kitty_turns
    early = kitty_turn and config.felis_step_first  # the extra step may have come first
    most += 1 if early else 0
    if not kitty_turns <= state.kitty_steps <= most:
        _fail(f"the Kitty walked {state.kitty_steps} steps in {kitty_turns} turns (one a turn, two with Felis)")
    if state.kitty_extra and (not kitty_turn or not config.felis_pyromanias or lit >= 2):
        _fail("kitty-extra is set only during the Kitty's turn, with Felis Pyromanias and fewer than 2 offerings")
    if kitty_turn:
        if config.felis_pyromanias and state.kitty_extra != (lit < 2 and not config.felis_step_first):
            _fail("with Felis Pyromanias kitty-extra says whether fewer than 2 Burnt Offerings are lit")
        empty = tuple(space for space in range(9) if state.altar[space] is None)
        if sorted(state.kitty_fill) != list(empty) or not state.pushed or not state.bag:
            _fail("the Kitty's draws fill exactly its empty spaces (fill=) from the bag, its pushed tiles aside")
        if len(state.bag) < len(empty) + (0 if config.chaotic_cat else 1):
            _fail("the bag holds too few tiles for the Kitty's draws")
    if phase is not Phase.OVER:
        stolen_now = kitty_turn and not state.made_portent  # the Catastrophe may have given it a fortune
        circled = state.kitty_steps >= (2 * CIRCUIT + 1 if early else 2 * CIRCUIT)
        if circled or (kitty_fortune_win(state.kitty_omens) and not stolen_now):
            _fail("the Kitty has won: the game would be over")
        if phase is Phase.PUSH and solo_target_met(config, state.collected[0]):
            _fail("the player has met the target: the game would be over")
        return
    reason = state.reason
    if reason is EndReason.SOLO_TARGET:
        ok = solo_target_met(config, state.collected[0]) and state.winners == (0,)
    elif reason is EndReason.KITTY_OFFERINGS:
        ok = lit >= 4 and not state.winners
    elif reason is EndReason.KITTY_CIRCLED:
        ok = state.kitty_steps >= 2 * CIRCUIT and not state.winners
    elif reason in (EndReason.KITTY_FORTUNE_OF_THREE, EndReason.KITTY_TWO_FORTUNES_OF_TWO):
        ok = kitty_fortune_win(state.kitty_omens) is reason and not state.winners
    else:
        ok = False
    if not ok:
        _fail(f"the end {reason} with winners {list(state.winners)} does not follow from the position")
