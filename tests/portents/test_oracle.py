"""legal_actions against an independent brute-force reading of the rulebook, on positions from playouts.

The oracle below works on row/column coordinates, not on the library's lane
tables, so a wrong table or a wrong fast path shows up as a difference.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.portents import (
    Action,
    Config,
    Difficulty,
    DrawTile,
    Light,
    Pass,
    Phase,
    Place,
    Push,
    Side,
    Sign,
    State,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
)
from ofrenda_rules.portents.components import DEFAULT_EDITION
from ofrenda_rules.portents.kitty import start_kitty_turn
from ofrenda_rules.portents.rules import new_game
from ofrenda_rules.rng import Rng

LINES = (
    *(tuple(3 * r + c for c in range(3)) for r in range(3)),
    *(tuple(3 * r + c for r in range(3)) for c in range(3)),
    (0, 4, 8),
    (2, 4, 6),
)


def _shares(a: Sign, b: Sign, c: Sign) -> bool:
    return len({a.colour, b.colour, c.colour}) == 1 or len({a.shape, b.shape, c.shape}) == 1


def _hand_ok(hand: list[Sign]) -> bool:
    return not any(_shares(*trio) for trio in combinations(hand, 3))


def _line_from(side: Side, j: int) -> list[int]:
    """Lane ``j`` of ``side`` (columns from the west, rows from the north), spaces listed from that side."""
    if side is Side.NORTH:
        return [3 * r + j for r in range(3)]
    if side is Side.SOUTH:
        return [3 * r + j for r in (2, 1, 0)]
    if side is Side.WEST:
        return [3 * j + c for c in range(3)]
    return [3 * j + c for c in (2, 1, 0)]


def _push_oracle(state: State) -> set[Push]:
    hand = list(state.hands[state.active])
    config = state.config
    banned: set[Side] = set()
    if config.solo and config.dont_disturb_the_cat:
        name = DEFAULT_EDITION.slot_names[DEFAULT_EDITION.kitty_path[state.kitty_steps % 16]]
        touches = {"N": Side.NORTH, "E": Side.EAST, "S": Side.SOUTH, "W": Side.WEST}
        banned = {touches[letter] for letter in name if letter in touches}
    legal = set()
    for side in Side:
        if side in banned:
            continue
        for shifts in product(range(4), repeat=3):
            if not 1 <= sum(shifts) <= 3:
                continue
            off: list[Sign] = []
            ok = True
            for j, k in enumerate(shifts):
                lane = _line_from(side, j)
                for space in lane[3 - k :]:
                    if state.lit[space]:
                        ok = False
                    tile = state.altar[space]
                    assert tile is not None
                    off.append(tile)
            n = sum(shifts)
            if ok and any(_hand_ok([t for t in hand if t not in kept] + off) for kept in combinations(hand, n)):
                legal.add(Push(side, (shifts[0], shifts[1], shifts[2])))
    return legal


def _portent_lines(state: State) -> list[tuple[int, ...]]:
    """The lanes of the new Portents (the tiles lit during this Scrying count as unlit)."""
    found = []
    for line in LINES:
        tiles = [state.altar[s] for s in line]
        if all(t is not None for t in tiles) and not any(state.lit[s] and s not in state.lit_now for s in line):
            a, b, c = tiles
            assert a is not None and b is not None and c is not None
            if _shares(a, b, c):
                found.append(line)
    return found


def _light_oracle(state: State) -> set[int]:
    lines = _portent_lines(state)
    done = set(state.lit_now)
    legal = set()
    for choice in product(*lines):
        if len(set(choice)) == len(choice) and done <= set(choice):
            legal |= set(choice) - done
    return legal


def _place_oracle(state: State) -> set[Place]:
    hand = list(state.hands[state.active])
    empty = [s for s in range(9) if state.altar[s] is None]
    legal = set()
    for order in permutations(hand, len(empty)):
        if _hand_ok([t for t in hand if t not in order] + list(state.pushed)):
            legal |= {Place(space, order[0]) for space in empty}
    return legal


def _ends(line: tuple[int, ...]) -> tuple[str, str]:
    """The names of the omen slots at the two ends of a lane (the default edition's names)."""
    if line == (0, 4, 8):
        return "NW", "SE"
    if line == (2, 4, 6):
        return "NE", "SW"
    if line[1] - line[0] == 1:
        return f"W{line[0] // 3 + 1}", f"E{line[0] // 3 + 1}"
    return f"N{line[0] + 1}", f"S{line[0] + 1}"


def _collect_oracle(state: State) -> list[Sign]:
    """The omens the Portents of a just-filled altar collect: in line with one, sharing its trait."""
    got: set[Sign] = set()
    for line in _portent_lines(state):
        a, b, c = (state.altar[s] for s in line)
        assert a is not None and b is not None and c is not None
        for name in _ends(line):
            omen = state.omens[DEFAULT_EDITION.slot(name)]
            if omen is None:
                continue
            if (a.colour == b.colour == c.colour == omen.colour) or (a.shape == b.shape == c.shape == omen.shape):
                got.add(omen)
    return sorted(got)


def _snuff_oracle(state: State) -> tuple[bool, ...]:
    """The lit flags after snuffing: an old offering stays lit only in a lane of three tiles sharing a trait.

    Under ``snuff_each_alone`` (ruling 5 read literally) the lane's two other tiles must also be unlit:
    the offering is flipped alone, every other Burnt Offering still null.
    """
    flags = []
    for space in range(9):
        keep = space in state.lit_now
        if state.lit[space] and not keep:
            for line in LINES:
                if space in line:
                    a, b, c = (state.altar[s] for s in line)
                    assert a is not None and b is not None and c is not None
                    others_unlit = not any(state.lit[s] for s in line if s != space)
                    keep = keep or (_shares(a, b, c) and (others_unlit or not state.config.snuff_each_alone))
        flags.append(state.lit[space] and keep)
    return tuple(flags)


CONFIGS = [
    Config(),
    Config(players=1),
    Config(players=1, dont_disturb_the_cat=True, feed_the_cat=True),
    Config(players=1, chaotic_cat=True, felis_pyromanias=True, dont_disturb_the_cat=True),
    Config(snuff_each_alone=True),
    Config(players=1, snuff_each_alone=True, feed_the_cat=True),
    Config(players=1, felis_pyromanias=True, felis_step_first=True, feed_the_cat=True),
    Config(optional_push=True, snuff_each_alone=True),
    Config(players=1, kitty_only_steals=True, dont_disturb_the_cat=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_legal_actions_match_a_brute_force_reading_of_the_rules(config: Config) -> None:
    """'Push ... 1, 2, or 3 tiles off the Altar from a single side', 'They can move around the Altar
    but they can't be pushed off of it', 'They may place their tiles freely in the empty spaces',
    'If any of the new Portents on the Altar are in a line with an Omen Token, the player immediately
    collects the Omen(s)', 'If they are no longer a part of any Portent, flip the Burnt Offering tile
    to its unlit side. If flipping a Burnt Offering over would create a new Portent, it stays lit.',
    'A player may NEVER end this phase with 3 tiles sharing a common attribute in their hand',
    'Every new Portent requires a new Burnt Offering of its own' and 'You can't push tiles from the
    same side as the Kitty. When it's on a corner you can't push from either side it touches.'"""
    checked = {
        Phase.PUSH: 0,
        Phase.PLACE: 0,
        Phase.LIGHT: 0,
        Phase.OMENS: 0,
        Phase.OVER: 0 if not config.solo else 1,
        Phase.OFFERING: 0,
        Phase.FEED: 0 if config.feed_the_cat else 1,
    }
    for seed in range(6):
        rng = Rng(seed)
        state = new_game(config, None)
        while current_player(state) >= 0 or current_player(state) == CHANCE:
            if current_player(state) == CHANCE:
                outcomes = chance_outcomes(state)
                index, rng = rng.below(len(outcomes))
                after = apply(state, outcomes[index][0])
                if state.phase is Phase.FEED:
                    _check_feed(state, outcomes, after)
                    checked[Phase.FEED] += 1
                    if after.turns == state.turns + 1:
                        _check_solo_end(config, after, state.kitty_steps)
                        checked[Phase.OFFERING] += 1
                state = after
                continue
            actions = legal_actions(state)
            if state.phase is Phase.PUSH:
                expected: set[Push | Pass] = set(_push_oracle(state))
                if expected:
                    if config.optional_push and _hand_ok(list(state.hands[state.active])):
                        expected.add(Pass())  # ruling 7's other reading: 'may push', so a pass is open
                    assert set(actions) == expected and len(actions) == len(expected)
                else:
                    assert actions == (Pass(),)
            elif state.phase is Phase.PLACE:
                assert set(actions) == _place_oracle(state)
            elif state.phase is Phase.LIGHT:
                assert {a.space for a in actions if isinstance(a, Light)} == _light_oracle(state)
                assert _portent_lines(state), "Scrying waits for lights only when a new Portent shows"
            if state.phase in checked:
                checked[state.phase] += 1
            index, rng = rng.below(len(actions))
            action = actions[index]
            after = apply(state, action)
            seat = state.active
            if isinstance(action, Place) and state.altar.count(None) == 1:
                filled = state.altar[: action.space] + (action.tile,) + state.altar[action.space + 1 :]
                full = attrs.evolve(state, altar=filled, lit_now=())
                gained = sorted(after.collected[seat][len(state.collected[seat]) :])
                assert gained == _collect_oracle(full)
                checked[Phase.OMENS] += 1
                if not _portent_lines(full) and not config.solo:
                    assert after.lit == _snuff_oracle(full)
            if isinstance(action, Light) and after.phase is not Phase.LIGHT and not config.solo:
                lit = state.lit[: action.space] + (True,) + state.lit[action.space + 1 :]
                assert after.lit == _snuff_oracle(attrs.evolve(state, lit=lit, lit_now=(*state.lit_now, action.space)))
                checked[Phase.OVER] += 1
            if config.solo and after.turns == state.turns + 1 and state.phase is not Phase.KITTY:
                _check_solo_end(config, after, state.kitty_steps)
                checked[Phase.OFFERING] += 1
            if not config.solo and after.turns == state.turns + 1:
                _check_two_player_end(config, state.turns + 1, seat, after)
                checked[Phase.OFFERING] += 1
            state = after
    assert all(count > 0 for count in checked.values()), checked


def _check_kitty_end(after: State) -> None:
    """'The Kitty Wins if: The Kitty circles the Altar twice. The Kitty creates 1 Fortune of 3. The
    Kitty creates 2 Fortunes of 2. The Altar has 4 or more Burnt Offerings on it at the end of a turn.'"""
    counts = _trait_counts(after.kitty_omens)
    fortune = max(counts, default=0) >= 3 or sum(1 for c in counts if c >= 2) >= 2
    if sum(after.lit) >= 4 or after.kitty_steps >= 32 or fortune:
        assert after.phase is Phase.OVER and after.winners == ()
    else:
        assert after.phase is Phase.PUSH


_CHART = {
    Difficulty.CUTE_CLAIRVOYANT: (1, 2),
    Difficulty.MIDDLING_MEDIUM: (1, 3),
    Difficulty.STANDARD_SEER: (2, 3),
    Difficulty.EXPERT_EVOCATOR: (3, 4),
}


def _check_solo_end(config: Config, after: State, steps: int) -> None:
    """The end of the player's solo turn: 'The Player Wins if they collect enough Omens to meet/exceed
    their target collection' (the chart), 'The Altar has 4 or more Burnt Offerings on it at the end of
    a turn' (the Kitty wins), and Felis Pyromanias: 'If there aren't at least 2 Burnt Offerings on the
    Altar at the end of your turn, the Kitty advances one extra step on its turn.'"""
    omens = after.collected[0]
    counts = _trait_counts(omens)
    if config.difficulty is Difficulty.OMNISCIENT_ORACLE:
        met = len(omens) >= 15
    else:
        fours, threes = _CHART[config.difficulty]
        met = sum(1 for c in counts if c >= 4) >= fours and sum(1 for c in counts if c >= 3) >= threes
    if met:
        assert after.phase is Phase.OVER and after.winners == (0,)
    elif sum(after.lit) >= 4:
        assert after.phase is Phase.OVER and after.winners == ()
    else:
        assert after.phase is Phase.KITTY or after.turns > 1, "the Kitty's turn follows"
        if after.phase is Phase.KITTY:
            extra = config.felis_pyromanias and sum(after.lit) < 2
            if config.felis_step_first:  # the extra step first: the Kitty acts from the next slot
                assert not after.kitty_extra and after.kitty_steps == steps + extra
            else:
                assert after.kitty_extra is extra and after.kitty_steps == steps


def _check_feed(state: State, outcomes: tuple[tuple[Action, Fraction], ...], after: State) -> None:
    """'Feed the Cat: At the end of your turn set aside one tile to sacrifice, draw a tile from the bag
    to replace it, then add your sacrifice to the bag.' The draw is uniform over the bag without the
    sacrifice."""
    (sacrifice,) = state.pushed
    assert sacrifice not in state.bag and sacrifice not in state.hands[0]
    assert [o for o, _ in outcomes] == [DrawTile(t) for t in state.bag]
    assert all(p == Fraction(1, len(state.bag)) for _, p in outcomes)
    drawn = [t for t in after.hands[0] if t not in state.hands[0]]
    assert len(drawn) == 1 and drawn[0] in state.bag and len(after.hands[0]) == 3
    if after.phase is Phase.KITTY and not after.kitty_fill and after.token is None:
        return
    if after.phase is Phase.KITTY:
        assert sorted(after.bag) == sorted([t for t in state.bag if t is not drawn[0]] + [sacrifice])


def _trait_counts(omens: tuple[Sign, ...]) -> list[int]:
    colours = Counter(o.colour for o in omens)
    shapes = Counter(o.shape for o in omens)
    return [*colours.values(), *shapes.values()]


def _check_two_player_end(config: Config, turns: int, seat: int, after: State) -> None:
    """'If at least one of these conditions are met at the end of their turn, the game ends
    immediately and the active player wins': a Fortune of 4, two Fortunes of 3, 4 Burnt Offerings."""
    counts = _trait_counts(after.collected[seat])
    fortune = max(counts, default=0) >= 4 or sum(1 for c in counts if c >= 3) >= 2
    if fortune or sum(after.lit) >= 4:
        assert after.phase is Phase.OVER and after.winners == (seat,)
    elif turns >= config.turn_limit:
        assert after.phase is Phase.OVER and after.winners == ()
    else:
        assert after.phase is Phase.PUSH and after.active == 1 - seat


_CORNERS = {
    "NE": (Side.NORTH, (0, 1, 2)),
    "SE": (Side.EAST, (0, 1, 2)),
    "SW": (Side.SOUTH, (2, 1, 0)),
    "NW": (Side.WEST, (2, 1, 0)),
}
_SIDES = {"N": Side.NORTH, "E": Side.EAST, "S": Side.SOUTH, "W": Side.WEST}


def _kitty_push_oracle(
    state: State, draws: list[Sign]
) -> tuple[list[Sign | None], list[bool], list[Sign], Sign | None, list[Sign]]:
    """The altar, lit flags, bag, token and Kitty omens after the Kitty's Catastrophe, push and draws
    (before it scries).

    ``draws`` are the bag draws in order (the last one refills the token unless Chaotic Cat).
    """
    name = DEFAULT_EDITION.slot_names[DEFAULT_EDITION.kitty_path[state.kitty_steps % 16]]
    slot = DEFAULT_EDITION.slot(name)
    stolen = list(state.kitty_omens)
    omen = state.omens[slot]
    if not state.made_portent and omen is not None:
        stolen.append(omen)
    altar = list(state.altar)
    lit = list(state.lit)
    off: list[Sign] = []
    fill: list[int] = []
    if name in _CORNERS:
        side, order = _CORNERS[name]
        for j in order:
            lane = _line_from(side, j)
            if not state.lit[lane[2]]:
                tile = altar[lane[2]]
                assert tile is not None
                off.append(tile)
                altar[lane[2]], altar[lane[1]], altar[lane[0]] = altar[lane[1]], altar[lane[0]], None
                lit[lane[2]], lit[lane[1]], lit[lane[0]] = lit[lane[1]], lit[lane[0]], False
                fill.append(lane[0])
    else:
        lane = _line_from(_SIDES[name[0]], int(name[1]) - 1)
        k = 0
        while k < 3 and not state.lit[lane[2 - k]]:
            k += 1
        tiles = [altar[s] for s in lane]
        off = [t for t in tiles[3 - k :] if t is not None]
        moved = [None] * k + tiles[: 3 - k]
        flags = [False] * k + [lit[s] for s in lane][: 3 - k]
        for space, tile, flag in zip(lane, moved, flags, strict=True):
            altar[space] = tile
            lit[space] = flag
        fill = [lane[d] for d in range(k - 1, -1, -1)]
    bag = list(state.bag)
    pending = list(draws)
    token = state.token
    if not state.config.chaotic_cat:
        assert token is not None
        if fill:
            altar[fill.pop(0)] = token
        else:
            off.append(token)
    for space in fill:
        tile = pending.pop(0)
        bag.remove(tile)
        altar[space] = tile
    if not state.config.chaotic_cat:
        token = pending.pop(0)
        bag.remove(token)
    assert not pending
    return altar, lit, sorted(bag + off), token, stolen


def _kitty_scry_oracle(state: State) -> tuple[tuple[bool, ...], list[Sign]]:
    """The Kitty's Scrying (ruling 14) on the altar it left: lit flags after lighting and snuffing,
    and the omens its new Portents collect. It lights, Portent by Portent, the lowest-numbered space
    that still leaves every new Portent a Burnt Offering of its own."""
    probe = attrs.evolve(state, lit_now=())
    if state.config.kitty_only_steals:  # ruling 14's other reading: no Scrying, no snuffing
        return state.lit, []
    lines = _portent_lines(probe)
    chosen: list[int] = []
    for _ in lines:
        for space in range(9):
            if space in chosen or not any(space in line for line in lines):
                continue
            if any(len(set(c)) == len(c) and set(chosen) | {space} <= set(c) for c in product(*lines)):
                chosen.append(space)
                break
    lit = tuple(flag or space in chosen for space, flag in enumerate(state.lit))
    return _snuff_oracle(attrs.evolve(state, lit=lit, lit_now=tuple(chosen))), _collect_oracle(probe)


SOLO = [(index, config) for index, config in enumerate(CONFIGS) if config.solo]


@pytest.mark.parametrize("config", [config for _, config in SOLO], ids=[index for index, _ in SOLO])
def test_the_kittys_push_matches_a_brute_force_reading_of_the_rules(config: Config) -> None:
    """'The Kitty always pushes 3 tiles off of the Altar if it can. It does this in the lane it
    currently points at, from the side it is on. The first BS Tile it pushes onto the Altar is always
    the BS Tile on its token. After that first tile is placed, draw and place BS Tiles from the bag
    randomly until the lane is filled. Draw one more tile and place it on the Kitty token for the
    next turn. Last, put the tiles the Kitty pushed off the Altar into the bag.', 'NOTE: More pushing
    is blocked by a Burnt Offering.' and the corner's wide push, from every slot of the path; then
    the Kitty's Scrying (ruling 14): its new Portents collect omens for it, it lights the
    lowest-numbered space that keeps one Burnt Offering per Portent, and old offerings are snuffed."""
    seen: set[str] = set()
    scried = 0
    for seed in range(8):
        rng = Rng(100 + seed)
        state = new_game(config, None)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PUSH:
                for steps in range(16):
                    for made in (False, True):
                        laps = 16 * made  # the second circuit too
                        before = attrs.evolve(state, kitty_steps=steps + laps, made_portent=made, kitty_extra=False)
                        seen.add(DEFAULT_EDITION.slot_names[DEFAULT_EDITION.kitty_path[steps]])
                        after = start_kitty_turn(before)
                        draws = []
                        while after.phase is Phase.KITTY:
                            outcomes = chance_outcomes(after)
                            assert outcomes == tuple((DrawTile(t), Fraction(1, len(after.bag))) for t in after.bag)
                            assert not set(after.pushed) & set(after.bag), "pushed tiles join the bag last"
                            tile = after.bag[0]
                            draws.append(tile)
                            after = apply(after, DrawTile(tile))
                        altar, lit, bag, token, stolen = _kitty_push_oracle(before, draws)
                        assert list(after.altar) == altar
                        assert sorted(after.bag) == bag
                        assert after.token == token
                        assert list(after.kitty_omens[: len(stolen)]) == stolen
                        omens = list(before.omens)
                        if len(stolen) > len(before.kitty_omens):
                            omens[DEFAULT_EDITION.kitty_path[steps]] = None
                        left = attrs.evolve(before, altar=tuple(altar), lit=tuple(lit), omens=tuple(omens))
                        lit_after, gained = _kitty_scry_oracle(left)
                        assert after.lit == lit_after
                        assert sorted(after.kitty_omens[len(stolen) :]) == gained
                        remaining = [o for o in omens if o is not None and o not in gained]
                        assert remaining == [o for o in after.omens if o is not None]
                        scried += bool(gained)
                        assert after.kitty_steps == steps + laps + 1
                        _check_kitty_end(after)
            actions = legal_actions(state)  # chance outcomes too: every draw is equally likely
            index, rng = rng.below(len(actions))
            state = apply(state, actions[index])
            if state.turns > 12:
                break
    assert len(seen) == 16 and (scried == 0 if config.kitty_only_steals else scried > 0)
