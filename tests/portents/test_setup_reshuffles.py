"""Setup steps 3a and 4a: the altar is reshuffled while it shows a Portent, the hands redealt while one is bad.

'3. Randomly place 9 BS Tiles onto the Altar, unlit side up. 3a. If any Portents are present,
reshuffle the BS Tiles on the Altar.' and '4. Randomly distribute 3 BS Tiles from the remainder to
each player to form their hand. ... 4a. Neither player may start with three tiles sharing an
attribute in hand. If this happens, redistribute the tiles.'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, permutations
from math import comb, factorial

import attrs
import pytest

from ofrenda_rules.chance import CHANCE, settle
from ofrenda_rules.portents import (
    Config,
    DrawOmen,
    DrawTile,
    Phase,
    Sign,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
)
from ofrenda_rules.portents import setup as portents_setup
from ofrenda_rules.portents.actions import Action, ChooseFirst
from ofrenda_rules.portents.altar import hand_ok, portents
from ofrenda_rules.portents.components import LANES
from ofrenda_rules.portents.definition import GAME, RESHUFFLE_CAP
from ofrenda_rules.portents.rules import _apply_unchecked, _chance_weights, current_player, validate
from ofrenda_rules.portents.setup import (
    WORST_REDEAL_CHANCE,
    WORST_RESHUFFLE_CHANCE,
    calm_arrangement,
    good_deal,
    shows_portent,
)
from ofrenda_rules.rng import Rng

S = Sign
_CLOSING = tuple(tuple(lane for lane in LANES if max(lane) == space) for space in range(9))
"""The lanes completed when the spaces are filled in order and ``space`` is the last filled."""


def portent_free(tiles: Sequence[Sign]) -> tuple[Sign, ...] | None:
    """The first arrangement (spaces 0-8) of ``tiles`` without a Portent, or ``None`` when none exists."""
    grid: list[Sign] = []

    def search(left: tuple[Sign, ...]) -> bool:
        if not left:
            return True
        space = len(grid)
        for tile in left:
            grid.append(tile)
            closes = any(grid[a].mask & grid[b].mask & grid[c].mask for a, b, c in _CLOSING[space])
            if not closes and search(tuple(t for t in left if t is not tile)):
                return True
            grid.pop()
        return False

    return tuple(grid) if search(tuple(tiles)) else None


def omens_drawn(config: Config | None = None) -> State:
    """An unseeded game with the omens drawn in sign order."""
    state = new_game(config or Config(), None)
    for omen in Sign:
        state = apply(state, DrawOmen(omen))
    return state


def draw(state: State, tiles: Sequence[Sign]) -> State:
    for tile in tiles:
        state = apply(state, DrawTile(tile))
    return state


def uniform_over(state: State, tiles: set[Sign]) -> bool:
    outcomes = chance_outcomes(state)
    return {a for a, _ in outcomes} == {DrawTile(t) for t in tiles} and all(
        p == Fraction(1, len(tiles)) for _, p in outcomes
    )


def test_every_nine_tiles_have_an_arrangement_without_a_portent() -> None:
    """Brute force over the 11,440 sets of 9 tiles: the reshuffle loop can always end."""
    sets = [frozenset(tiles) for tiles in combinations(Sign, 9)]
    assert len(sets) == 11440
    for tiles in sets:
        calm = calm_arrangement(tiles)
        assert frozenset(calm) == tiles and len(calm) == 9
        assert not any(calm[a].mask & calm[b].mask & calm[c].mask for a, b, c in LANES), calm


def test_the_calm_arrangement_is_the_first_portent_free_one_in_sign_order() -> None:
    """The search finds the first Portent-free permutation in sign order (by enumeration, every 97th set)."""
    for tiles in list(combinations(Sign, 9))[::97]:
        first = next(p for p in permutations(tiles) if not any(p[a].mask & p[b].mask & p[c].mask for a, b, c in LANES))
        assert calm_arrangement(frozenset(tiles)) == first


def calm_table_bytes() -> bytes:
    """The table ``data/calm_arrangements.bin`` holds, uncompressed, rebuilt by the search (colex order of the sets).

    To regenerate the file: ``zlib.compress(calm_table_bytes(), 9)``.
    """
    ranked = sorted(
        (sum(comb(c, j + 1) for j, c in enumerate(combo)), sum(1 << c for c in combo))
        for combo in combinations(range(16), 9)
    )
    assert [rank for rank, _ in ranked] == list(range(11440))
    return b"".join(bytes(tile.index for tile in portents_setup._search_calm(key)) for _, key in ranked)


def test_the_shipped_calm_table_is_the_search_for_every_set() -> None:
    """Every entry of the shipped table is what the search finds, and the look-up finds each set's entry."""
    table, _, _ = portents_setup._calm_table()
    assert table == calm_table_bytes()
    for combo in list(combinations(range(16), 9))[::7]:
        key = sum(1 << c for c in combo)
        assert portents_setup._calm_arrangement_of(key) == portents_setup._search_calm(key)
    with pytest.raises(ValueError):
        portents_setup._calm_arrangement_of(0b111)


def test_every_seven_tiles_have_a_deal_without_a_bad_hand() -> None:
    """Brute force over the sets of 7 tiles left after the altar: the redeal loop can always end."""
    for rest in combinations(Sign, 7):
        for players in (1, 2):
            deal = good_deal(frozenset(rest), players)
            assert len(deal) == players and all(len(h) == 3 and hand_ok(h) for h in deal)
            assert len({tile for hand in deal for tile in hand} & set(rest)) == 3 * players


def test_the_worst_chances_of_a_reshuffle_and_a_redeal() -> None:
    """The documented worst sets and the bound behind ``max_steps``."""
    altar_set = (*Sign,)[:9]  # the four Yellows, the four Reds, the Blue Skull
    free = 0
    grid: list[Sign] = []

    def count(left: tuple[Sign, ...]) -> None:
        nonlocal free
        if not left:
            free += 1
            return
        space = len(grid)
        for tile in left:
            grid.append(tile)
            if not any(grid[a].mask & grid[b].mask & grid[c].mask for a, b, c in _CLOSING[space]):
                count(tuple(t for t in left if t is not tile))
            grid.pop()

    count(altar_set)
    assert Fraction(factorial(9) - free, factorial(9)) == WORST_RESHUFFLE_CHANCE
    rest = (S.YELLOW_SKULL, S.YELLOW_CLAW, S.YELLOW_WISHBONE, S.YELLOW_WING, S.RED_SKULL, S.BLUE_SKULL, S.WHITE_SKULL)
    deals = [(a, b) for a in combinations(rest, 3) for b in combinations([t for t in rest if t not in a], 3)]
    bad = sum(not (hand_ok(a) and hand_ok(b)) for a, b in deals)
    assert Fraction(bad, len(deals)) == WORST_REDEAL_CHANCE
    assert WORST_RESHUFFLE_CHANCE ** (RESHUFFLE_CAP + 1) + WORST_REDEAL_CHANCE ** (RESHUFFLE_CAP + 1) < 1.1e-11


def test_each_altar_draw_is_uniform_over_the_box_with_no_tile_excluded() -> None:
    """A tile that completes a Portent is drawn like any other (no redraw)."""
    state = omens_drawn()
    placed: list[Sign] = []
    for tile in (S.RED_CLAW, S.RED_WING, S.RED_SKULL):
        assert current_player(state) == CHANCE and state.phase is Phase.ALTAR
        assert uniform_over(state, set(Sign) - set(placed))
        state = apply(state, DrawTile(tile))
        placed.append(tile)
    assert state.altar[:3] == (S.RED_CLAW, S.RED_WING, S.RED_SKULL)


def test_a_portent_takes_up_the_same_nine_tiles_and_each_space_is_refilled_uniformly() -> None:
    """'3a. If any Portents are present, reshuffle the BS Tiles on the Altar.'"""
    nine = (*Sign,)[:9]
    state = draw(omens_drawn(), nine)  # row 1: three Yellows
    assert state.phase is Phase.RESHUFFLE and state.reshuffles == 1
    assert state.altar == (None,) * 9 and state.taken == tuple(sorted(nine))
    assert GAME.census(state) == GAME.census(new_game(Config(), None))
    for placed in range(8):
        assert state.phase is Phase.RESHUFFLE and current_player(state) == CHANCE
        assert uniform_over(state, set(state.taken)) and len(state.taken) == 9 - placed
        state = apply(state, DrawTile(nine[placed]))
    assert state.reshuffles == 2 and state.taken == tuple(sorted(nine)), "a Portent again: another reshuffle"
    wrong = validate(state, DrawTile(S.WHITE_WING))
    assert wrong is not None and wrong.code == "not-a-possible-draw", "only a taken-up tile can go back"
    good = portent_free(nine)
    assert good is not None
    state = draw(state, good[:8])
    assert state.altar == good, "the last taken-up tile goes on the last space without a draw"
    assert state.phase is Phase.HANDS and state.taken == () and state.reshuffles == 2
    assert portents(state.altar, state.lit) == ()


def _hands_state(config: Config, box: set[Sign]) -> State:
    altar = portent_free([t for t in Sign if t not in box])
    assert altar is not None
    state = draw(omens_drawn(config), altar)
    assert state.phase is Phase.HANDS
    return state


_BOX = {S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW, S.YELLOW_SKULL, S.RED_WISHBONE, S.WHITE_WING, S.WHITE_WISHBONE}


def test_a_hand_sharing_a_trait_gathers_all_seven_tiles_and_deals_them_again() -> None:
    """'If this happens, redistribute the tiles': the 7 tiles off the altar are dealt again (a ruling)."""
    state = _hands_state(Config(), _BOX)
    dealt: set[Sign] = set()
    for tile in (S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW, S.YELLOW_SKULL, S.RED_WISHBONE, S.WHITE_WING):
        assert uniform_over(state, _BOX - dealt)
        state = apply(state, DrawTile(tile))
        dealt.add(tile)
    assert state.phase is Phase.HANDS and state.redeals == 1, "three Claws in seat 0's hand"
    assert state.hands == ((), ()) and state.token is None and uniform_over(state, _BOX)
    state = draw(state, (S.YELLOW_CLAW, S.RED_WISHBONE, S.WHITE_WING, S.RED_CLAW, S.BLUE_CLAW, S.YELLOW_SKULL))
    assert state.phase is Phase.FIRST_PLAYER and state.redeals == 1
    assert state.hands == ((S.YELLOW_CLAW, S.RED_WISHBONE, S.WHITE_WING), (S.YELLOW_SKULL, S.RED_CLAW, S.BLUE_CLAW))
    assert state.token is S.WHITE_WISHBONE, "'5. Put the last B.S. Tile on the Kitty Token'"


def test_the_deal_ends_exactly_uniform_over_the_good_deals() -> None:
    """Rejection sampling by redeals: every good deal of the 7 tiles ends the setup with the same chance."""
    start = _hands_state(Config(), _BOX)
    good: dict[tuple[tuple[Sign, ...], ...], Fraction] = {}
    redeal = Fraction(0)

    def walk(state: State, p: Fraction) -> None:
        nonlocal redeal
        if state.redeals:
            redeal += p
            return
        if state.phase is Phase.FIRST_PLAYER:
            good[state.hands] = good.get(state.hands, Fraction(0)) + p
            return
        for action, q in chance_outcomes(state):
            walk(_apply_unchecked(state, action), p * q)

    walk(start, Fraction(1))
    assert redeal + sum(good.values()) == 1
    final = {deal: p / (1 - redeal) for deal, p in good.items()}
    assert len(set(final.values())) == 1 and sum(final.values()) == 1
    deals = [(a, b) for a in combinations(sorted(_BOX), 3) for b in combinations(sorted(_BOX - set(a)), 3)]
    assert set(final) == {(a, b) for a, b in deals if hand_ok(a) and hand_ok(b)}


def test_a_solo_hand_sharing_a_trait_is_redealt_then_the_token_is_drawn_from_the_four_left() -> None:
    """Solo: 'The Player takes 3 random BS tiles' (the hand rule applies, a ruling); 'Place one random
    BS tile onto the Kitty Token and put the rest into the bag.'"""
    state = _hands_state(Config(players=1), _BOX)
    state = draw(state, (S.YELLOW_CLAW, S.RED_CLAW, S.BLUE_CLAW))
    assert state.phase is Phase.HANDS and state.redeals == 1 and state.hands == ((),)
    assert uniform_over(state, _BOX)
    state = draw(state, (S.YELLOW_CLAW, S.RED_CLAW, S.WHITE_WING))
    assert state.phase is Phase.TOKEN and uniform_over(state, _BOX - set(state.hands[0]))
    state = apply(state, DrawTile(S.BLUE_CLAW))
    assert state.token is S.BLUE_CLAW and state.bag == (S.YELLOW_SKULL, S.RED_WISHBONE, S.WHITE_WISHBONE)
    assert state.phase is Phase.PUSH


def _physical_setup(config: Config, rng: Rng) -> tuple[list[Action], State]:
    """The rulebook's setup done 'at the table' with ``rng``, independently of the library's code.

    Returns the chance outcomes in the order they happen and the expected fields of the start.
    """
    actions: list[Action] = []
    box = list(Sign)
    omens = list(Sign)
    while omens:
        i, rng = rng.below(len(omens))
        actions.append(DrawOmen(omens.pop(i)))
    altar: list[Sign] = []
    for _ in range(9):
        i, rng = rng.below(len(box))
        altar.append(box.pop(i))
        actions.append(DrawTile(altar[-1]))
    reshuffles = 0
    while any(altar[a].mask & altar[b].mask & altar[c].mask for a, b, c in LANES):
        reshuffles += 1
        taken, altar = sorted(altar), []
        while taken:
            i, rng = rng.below(len(taken)) if len(taken) > 1 else (0, rng)
            altar.append(taken.pop(i))
            if taken:
                actions.append(DrawTile(altar[-1]))
    redeals = -1
    hands: list[list[Sign]] = []
    while not hands or not all(hand_ok(h) for h in hands):
        redeals += 1
        rest = list(box)
        hands = [[] for _ in range(config.players)]
        for seat in range(config.players):
            for _ in range(3):
                i, rng = rng.below(len(rest))
                hands[seat].append(rest.pop(i))
                actions.append(DrawTile(hands[seat][-1]))
    token, bag = (rest[0], []) if config.players == 2 else (None, rest)
    if config.solo and not config.chaotic_cat:
        i, rng = rng.below(len(rest))
        token = rest.pop(i)
        actions.append(DrawTile(token))
    if not config.solo:
        seat, rng = rng.below(2)
        actions.append(ChooseFirst(seat))
    expected = attrs.evolve(
        new_game(config, None),
        altar=tuple(altar),
        hands=tuple(tuple(sorted(h)) for h in hands),
        token=token,
        bag=tuple(sorted(bag)),
        reshuffles=reshuffles,
        redeals=redeals,
    )
    return actions, expected


def _uniform_over_the_right_pool(state: State) -> bool:
    """Each event's outcomes are exactly what can physically be drawn, each equally likely."""
    if state.phase is Phase.OMENS:
        left = set(Sign) - set(state.omens)
        outcomes = chance_outcomes(state)
        return {a for a, _ in outcomes} == {DrawOmen(o) for o in left} and all(
            p == Fraction(1, len(left)) for _, p in outcomes
        )
    if state.phase is Phase.FIRST_PLAYER:
        return chance_outcomes(state) == ((ChooseFirst(0), Fraction(1, 2)), (ChooseFirst(1), Fraction(1, 2)))
    if state.phase is Phase.RESHUFFLE:
        return uniform_over(state, set(state.taken))
    return uniform_over(state, set(Sign) - set(state.altar) - {t for hand in state.hands for t in hand})


_TABLE_SEEDS = (*range(8), 17, 34, 40, 44)
"""Table shuffles; 34 and 40 redeal (two players and solo), 44 reshuffles six times."""


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True)])
@pytest.mark.parametrize("seed", _TABLE_SEEDS)
def test_unseeded_setups_accept_any_physical_sequence(config: Config, seed: int) -> None:
    """Whatever happens at the table (Portents, reshuffles, bad hands, redeals) can be fed draw by draw."""
    actions, expected = _physical_setup(config, Rng(seed))
    state = new_game(config, None)
    for action in actions:
        assert current_player(state) == CHANCE
        assert validate(state, action) is None, action
        assert _uniform_over_the_right_pool(state)
        state = apply(state, action)
    assert current_player(state) != CHANCE
    fields = ("altar", "hands", "token", "bag", "reshuffles", "redeals", "taken")
    assert {f: getattr(state, f) for f in fields} == {f: getattr(expected, f) for f in fields}


def test_some_physical_setups_reshuffle_and_redeal() -> None:
    """The sequences above do exercise reshuffles and redeals."""
    for config in (Config(), Config(players=1)):
        starts = [_physical_setup(config, Rng(seed))[1] for seed in _TABLE_SEEDS]
        assert max(s.reshuffles for s in starts) >= 6 and any(s.redeals for s in starts)


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True)])
def test_the_fast_seeded_setup_draws_exactly_what_the_generic_chance_resolution_draws(config: Config) -> None:
    """A seeded game's setup (``seeded_setup``) equals ``settle`` resolving the events one by one."""
    redeals = reshuffles = 0
    for seed in (*range(100), 2**64 - 1):
        fast = new_game(config, seed)
        unseeded = attrs.evolve(new_game(config), rng=Rng(seed))
        assert fast == settle(unseeded, current_player, _chance_weights, _apply_unchecked), seed
        redeals, reshuffles = redeals + fast.redeals, max(reshuffles, fast.reshuffles)
    assert redeals and reshuffles >= 3


@pytest.mark.parametrize("config", [Config(), Config(players=1)])
@pytest.mark.parametrize("seed", range(40))
def test_a_seeded_setup_never_shows_a_portent_or_a_bad_hand(config: Config, seed: int) -> None:
    state = new_game(config, seed)
    assert not shows_portent(state.altar) and state.taken == ()
    assert all(len(hand) == 3 and hand_ok(hand) for hand in state.hands)
    assert GAME.census(state) == GAME.census(new_game(config, None))


@pytest.mark.parametrize("config", [Config(), Config(players=1)])
def test_a_client_always_taking_the_first_outcome_finishes_the_setup(config: Config) -> None:
    """Outcomes that keep the altar Portent-free (the deal good) are listed first; the order is not a rule."""
    state = new_game(config, None)
    steps = 0
    while current_player(state) == CHANCE:
        state = apply(state, chance_outcomes(state)[0][0])
        steps += 1
    assert state.reshuffles == 1 and state.redeals == 0
    assert steps == 16 + 9 + 8 + 3 * config.players + 1, "omens, altar, one reshuffle, hands, first player or token"
    assert not shows_portent(state.altar) and all(hand_ok(hand) for hand in state.hands)


def test_the_next_tile_of_a_fixed_calm_arrangement_or_good_deal_is_listed_first() -> None:
    """The order of the outcomes (never their probabilities) leads a first-outcome client to a good setup."""
    nine = (*Sign,)[:9]
    calm = calm_arrangement(frozenset(nine))
    assert not shows_portent(calm) and sorted(calm) == sorted(nine)
    state = draw(draw(omens_drawn(), nine), calm[:2])
    assert legal_actions(state)[0] == DrawTile(calm[2]) and uniform_over(state, set(nine) - set(calm[:2]))
    off = draw(draw(omens_drawn(), nine), (calm[1], calm[0]))
    assert [a.tile for a in legal_actions(off) if isinstance(a, DrawTile)] == sorted(off.taken), "sign order"
    state = _hands_state(Config(), _BOX)
    deal = good_deal(frozenset(_BOX), 2)
    assert all(hand_ok(hand) for hand in deal) and len({*deal[0], *deal[1]}) == 6
    assert legal_actions(state)[0] == DrawTile(deal[0][0])
