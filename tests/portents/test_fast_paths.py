"""The fast paths of the rules agree with the generic ones they replace.

Tables against the functions they stand for, listed actions against the
rule-by-rule validation, seeded draws made inside ``apply`` against the
kernel's ``settle``, and the identity shortcut of ``validate``.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import attrs
import pytest

from ofrenda_rules.chance import settle
from ofrenda_rules.portents import (
    Config,
    Light,
    Pass,
    Phase,
    Place,
    Push,
    Sacrifice,
    Side,
    Sign,
    State,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    new_game,
    validate,
)
from ofrenda_rules.portents.altar import (
    apply_push,
    can_light_lanes,
    fortune_counts,
    lane_trait,
    max_shift,
    portents,
    possible_portent,
    snuff,
)
from ofrenda_rules.portents.components import LANES, SIDE_LANES
from ofrenda_rules.portents.definition import solo_test_configs
from ofrenda_rules.portents.draft import FIELDS, Draft, new_state, values
from ofrenda_rules.portents.events import (
    KittyPushed,
    TilesPalmed,
    TilesPushed,
    kitty_pushed,
    tiles_palmed,
    tiles_pushed,
)
from ofrenda_rules.portents.rules import _apply_unchecked, _chance_weights
from ofrenda_rules.portents.scoring import fortune_win, kitty_fortune_win, solo_target_met
from ofrenda_rules.portents.state import ORACLE_OMENS, SOLO_TARGETS, Difficulty, EndReason
from ofrenda_rules.portents.tables import ALL_PUSHES, MOVES, PUSH_SERIAL, SHIFTS, push_candidates
from ofrenda_rules.portents.turn import (
    forbidden_sides,
    legal_lights,
    legal_places,
    legal_pushes,
    light_rejection,
    place_rejection,
    push_rejection,
)
from ofrenda_rules.rng import Draws, Rng
from tests.portents.boards import S, position

CONFIGS = [
    Config(),
    Config(players=1),
    Config(players=1, chaotic_cat=True, feed_the_cat=True),
    Config(players=1, chaotic_cat=True, feed_the_cat=True, felis_pyromanias=True, dont_disturb_the_cat=True),
]


def _playout_states(config: Config, seed: int, limit: int = 400) -> list[State]:
    """The decision states of a seeded random playout (actions picked by a fixed generator)."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    seen: list[State] = []
    while current_player(state) >= 0 and len(seen) < limit:
        seen.append(attrs.evolve(state))  # a fresh copy: nothing listed for it yet
        actions = legal_actions(state)
        state = apply(state, actions[chooser.randrange(len(actions))])
    return seen


def test_a_draft_has_exactly_the_fields_of_a_state() -> None:
    assert [f.name for f in attrs.fields(State) if f.init] == list(FIELDS)
    state = new_game(Config(players=1), 3)
    legal_actions(state)  # something listed for the source state: not copied into the draft
    draft = Draft(state)
    draft.turns = 7
    built = draft.build()
    assert type(built) is State and built._memo is None
    assert built == attrs.evolve(state, turns=7) and repr(built) == repr(attrs.evolve(state, turns=7))
    assert state.turns == 0 and state._memo is not None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.turns = 3  # type: ignore[misc]


def test_new_state_stores_exactly_what_the_attrs_init_stores() -> None:
    assert new_state is not State  # the slots filled directly: State's __init__ only stores its fields
    for config in CONFIGS:
        for state in _playout_states(config, 5, limit=40):
            built, made = new_state(*values(state)), State(*values(state))
            assert type(built) is State
            assert built == made and repr(built) == repr(made) and hash(built) == hash(made)
            assert built._memo is None and built.recent_events is state.recent_events
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                built.turns = 3  # type: ignore[misc]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**63, 2**64 - 1])
def test_draws_are_the_numbers_of_rng_below(seed: int) -> None:
    bounds = [*range(1, 34), 1000, 2**40, 2**63 + 5]
    draws, rng = Draws(Rng(seed, 7)), Rng(seed, 7)
    for n in bounds * 3:
        expected, rng = rng.below(n)
        assert draws.below(n) == expected
    assert draws.rng() == rng
    with pytest.raises(ValueError):
        draws.below(0)


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True)])
def test_the_seeded_setup_equals_settle_over_many_seeds(config: Config) -> None:
    """More seeds than the setup test: a wrong order of the taken-up tiles shows in about 1 setup in 150."""
    for seed in range(400, 800):
        unseeded = attrs.evolve(new_game(config), rng=Rng(seed))
        assert new_game(config, seed) == settle(unseeded, current_player, _chance_weights, _apply_unchecked), seed


@pytest.mark.parametrize("config", CONFIGS)
def test_apply_draws_inside_exactly_what_settle_draws_event_by_event(config: Config) -> None:
    """The Kitty's and Feed the Cat's draws, made inside apply, equal the generic resolution one event at a time."""
    kitty_turns = 0
    for seed in range(12):
        for state in _playout_states(config, seed):
            for action in legal_actions(state)[:3]:
                fast = apply(state, action)
                generic = settle(_apply_unchecked(state, action), current_player, _chance_weights, _apply_unchecked)
                assert fast == generic, (seed, action)
                kitty_turns += fast.turns - state.turns
    assert not config.solo or kitty_turns > 50


def test_the_push_table_moves_tiles_as_apply_push_does() -> None:
    chooser = random.Random(5)
    signs = list(Sign)
    for _ in range(60):
        altar = tuple(chooser.choice([*signs, None]) for _ in range(9))
        lit = tuple(chooser.random() < 0.3 for _ in range(9))
        for push in ALL_PUSHES:
            move = MOVES[push]
            expected_altar, expected_lit, off, emptied = apply_push(altar, lit, push.side, push.shifts)
            assert tuple((*altar, None)[s] for s in move.source) == expected_altar
            assert tuple((*lit, False)[s] for s in move.source) == expected_lit
            assert tuple(t for s in move.off if (t := altar[s]) is not None) == off
            assert move.emptied == emptied


def test_push_candidates_are_the_pushes_the_offerings_and_the_kitty_allow() -> None:
    chooser = random.Random(8)
    sides = list(Side)
    for _ in range(200):
        lit = chooser.getrandbits(9)
        flags = tuple(bool(lit >> s & 1) for s in range(9))
        forbidden = chooser.getrandbits(4)
        expected = [
            Push(side, shifts)
            for i, side in enumerate(sides)
            if not forbidden >> i & 1
            for shifts in SHIFTS
            if all(shift <= max_shift(flags, side, j) for j, shift in enumerate(shifts))
        ]
        candidates = push_candidates(lit, forbidden)
        assert list(candidates.pushes) == expected
        assert candidates.bits == sum(1 << ALL_PUSHES.index(push) for push in expected)
        triples: dict[tuple[int, ...], int] = {}
        for push in expected:
            if MOVES[push].triple is not None:
                key = tuple(sorted(MOVES[push].off))
                triples[key] = triples.get(key, 0) | 1 << ALL_PUSHES.index(push)
        assert {(a, b, c): bits for a, b, c, bits, _ in candidates.triples} == triples
        for *_, bits, where in candidates.triples:
            taken = [push for push in candidates.pushes if bits >> PUSH_SERIAL[id(push)] & 1]
            assert [candidates.pushes[i] for i in where] == taken


def _by_rejection(state: State) -> tuple[object, ...]:
    pushes = tuple(p for p in ALL_PUSHES if push_rejection(state, p) is None)
    return pushes or (Pass(),)


@pytest.mark.parametrize("config", CONFIGS)
def test_listed_actions_are_exactly_those_validation_accepts(config: Config) -> None:
    """legal_pushes, legal_places and legal_lights against the rule-by-rule rejections, on playout positions."""
    phases = set()
    for seed in range(6):
        for state in _playout_states(config, 100 + seed):
            phases.add(state.phase)
            if state.phase is Phase.PUSH:
                assert legal_pushes(state) == _by_rejection(state)
            elif state.phase is Phase.PLACE:
                expected = tuple(
                    Place(space, tile)
                    for space in range(9)
                    for tile in state.hands[state.active]
                    if place_rejection(state, Place(space, tile)) is None
                )
                assert legal_places(state) == expected
            elif state.phase is Phase.LIGHT:
                assert legal_lights(state) == tuple(s for s in range(9) if light_rejection(state, s) is None)
            fresh = attrs.evolve(state)
            for action in legal_actions(state):
                assert validate(fresh, action) is None
    assert {Phase.PUSH, Phase.PLACE, Phase.LIGHT} <= phases


ALTAR = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING, S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
ALTAR += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]


@pytest.mark.parametrize(
    ("altar", "hand"),
    [
        (ALTAR, [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]),  # the usual case
        (ALTAR, [S.YELLOW_SKULL, S.RED_SKULL, S.WHITE_SKULL]),  # a hand sharing a trait (made by hand)
        (ALTAR, [S.YELLOW_SKULL, S.RED_SKULL]),  # a hand of two
        (ALTAR, [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE, S.RED_WISHBONE]),  # a hand of four
        (ALTAR[:8] + [S.RED_CLAW], [S.RED_WING, S.BLUE_WING, S.YELLOW_CLAW]),  # the same tile twice on the altar
        (ALTAR[:8] + [None], [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]),  # an empty space
    ],
)
def test_the_general_push_check_covers_unusual_hands_and_altars(altar: list[Sign | None], hand: list[Sign]) -> None:
    for lit in ((), (4,), (0, 8)):
        state = position(altar, [hand, []], lit=lit)
        assert legal_pushes(state) == _by_rejection(state)


def test_every_push_of_three_sharing_a_trait_is_refused_and_only_those() -> None:
    """The fast check's claim, by brute force on a hand of three: only 3-tile pushes can break the hand rule."""
    state = position(ALTAR, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []])
    refused = [p for p in ALL_PUSHES if push_rejection(state, p) is not None]
    assert refused and all(sum(p.shifts) == 3 for p in refused)
    assert set(refused) == set(ALL_PUSHES) - set(legal_pushes(state))


def test_validate_trusts_only_the_very_objects_it_listed() -> None:
    state = position(ALTAR, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []])
    listed = legal_actions(state)
    push = Push(Side.NORTH, (1, 0, 0))
    assert push in listed
    assert validate(state, Push(Side.NORTH, (1, 0, 0))) is None  # an equal object: checked rule by rule
    lookalike = Push(Side.NORTH, (True, 0, 0))
    assert lookalike == push
    rejection = validate(state, lookalike)
    assert rejection is not None and rejection.code == "bad-push"
    assert validate(state, Pass()) is not None
    assert state == attrs.evolve(state) and repr(state) == repr(attrs.evolve(state))


def test_chance_outcomes_are_exact_and_share_their_fraction() -> None:
    state = new_game(Config(players=1))
    first = chance_outcomes(state)
    assert chance_outcomes(new_game(Config(players=1))) == first
    again = chance_outcomes(attrs.evolve(state))
    assert again == first
    assert len({id(p) for _, p in (*first, *again)}) == 1, "one fraction object for every outcome"
    assert sum(p for _, p in first) == 1 and {p for _, p in first} == {Fraction(1, 16)}
    assert tuple(a for a, _ in first) == legal_actions(state)


def _flipped(altar: tuple[Sign | None, ...], lit: tuple[bool, ...], space: int) -> list[tuple[int, ...]]:
    """The spaces of the Portents on the altar with the Burnt Offering on ``space`` alone flipped unlit."""
    unlit = (*lit[:space], False, *lit[space + 1 :])
    return [LANES[p.lane] for p in portents(altar, unlit)]


def test_altar_helpers_match_their_definitions() -> None:
    chooser = random.Random(11)
    signs = list(Sign)
    for _ in range(500):
        altar = tuple(chooser.choice([*signs, None]) for _ in range(9))
        lit = tuple(chooser.random() < 0.3 for _ in range(9))
        expected = tuple((lane, trait) for lane in range(8) if (trait := lane_trait(altar, lit, lane)) is not None)
        assert tuple((p.lane, p.trait) for p in portents(altar, lit)) == expected
        keep = tuple(s for s in range(9) if chooser.random() < 0.2)
        assert snuff(altar, lit, keep) == tuple(
            flag and (space in keep or possible_portent(altar, space)) for space, flag in enumerate(lit)
        )
        # Ruling 5 read literally: flipped alone, the others still lit, would it make a Portent?
        alone = tuple(
            flag and (space in keep or any(space in lane for lane in _flipped(altar, lit, space)))
            for space, flag in enumerate(lit)
        )
        assert snuff(altar, lit, keep, alone=True) == alone


def test_fortune_checks_match_their_definitions() -> None:
    chooser = random.Random(12)
    signs = list(Sign)
    for size in range(9):
        for _ in range(150):
            omens = [chooser.choice(signs) for _ in range(size)]
            counts = fortune_counts(omens)
            two = (
                EndReason.FORTUNE_OF_FOUR
                if max(counts) >= 4
                else EndReason.TWO_FORTUNES_OF_THREE
                if sum(c >= 3 for c in counts) >= 2
                else None
            )
            assert fortune_win(omens) == two
            kitty = (
                EndReason.KITTY_FORTUNE_OF_THREE
                if max(counts) >= 3
                else EndReason.KITTY_TWO_FORTUNES_OF_TWO
                if sum(c >= 2 for c in counts) >= 2
                else None
            )
            assert kitty_fortune_win(omens) == kitty
            for config in solo_test_configs()[:5]:
                if config.difficulty is Difficulty.OMNISCIENT_ORACLE:
                    met = len(omens) >= ORACLE_OMENS
                else:
                    fours, threes = SOLO_TARGETS[config.difficulty]
                    met = sum(c >= 4 for c in counts) >= fours and sum(c >= 3 for c in counts) >= fours + threes
                assert solo_target_met(config, omens) == met


def test_forbidden_sides_and_the_side_lanes_agree_with_the_push_candidates() -> None:
    config = Config(players=1, dont_disturb_the_cat=True)
    for steps in range(16):
        state = attrs.evolve(new_game(config, 1), kitty_steps=steps)
        sides = set(forbidden_sides(state))
        assert sides and not any(p.side in sides for p in legal_pushes(state) if isinstance(p, Push))
    assert all(len(SIDE_LANES[side]) == 3 for side in Side)


def test_lights_listed_in_a_scrying_with_two_portents() -> None:
    """Two new Portents through one space: the shared space is lit for only one of them."""
    altar = [S.RED_CLAW, S.RED_WING, S.RED_SKULL, S.BLUE_CLAW, S.WHITE_WING, S.YELLOW_WISHBONE]
    altar += [S.YELLOW_CLAW, S.BLUE_SKULL, S.WHITE_SKULL]
    state = position(altar, [[S.YELLOW_SKULL, S.BLUE_WISHBONE, S.WHITE_CLAW], []], phase=Phase.LIGHT)
    state = attrs.evolve(state, portents=portents(state.altar, state.lit))
    assert [p.lane for p in state.portents] == [0, 3]
    assert legal_lights(state) == tuple(s for s in range(9) if light_rejection(state, s) is None)
    assert legal_actions(state) == tuple(Light(s) for s in legal_lights(state))
    after = apply(state, Light(0))  # the corner serves one Portent; the other needs a space of its own
    assert after.phase is Phase.LIGHT and legal_lights(after) == (1, 2, 3, 6)
    assert legal_lights(after) == tuple(s for s in range(9) if light_rejection(after, s) is None)


def test_event_factories_build_what_the_classes_build() -> None:
    tiles = (S.RED_CLAW, S.BLUE_WING)
    for built, made in (
        (tiles_pushed(1, Side.EAST, (1, 1, 0), tiles), TilesPushed(1, Side.EAST, (1, 1, 0), tiles)),
        (kitty_pushed(3, None, (0, 0, 0), ()), KittyPushed(3, None, (0, 0, 0), ())),
        (kitty_pushed(5, Side.SOUTH, (2, 0, 0), tiles), KittyPushed(5, Side.SOUTH, (2, 0, 0), tiles)),
        (tiles_palmed(0, tiles), TilesPalmed(0, tiles)),
    ):
        assert type(built) is type(made) and built == made and repr(built) == repr(made) and hash(built) == hash(made)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.tiles = ()  # type: ignore[misc]


def _lights_by_search(lanes: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """A distinct space per lane, covering ``chosen``: every choice of one space per lane, tried."""
    picks = itertools.product(*(LANES[i] for i in lanes))
    return len(chosen) <= len(lanes) and any(len(set(pick)) == len(pick) and set(chosen) <= set(pick) for pick in picks)


def test_can_light_lanes_decides_one_and_two_portents_as_the_search_does() -> None:
    for count in (1, 2, 3):
        for lanes in itertools.permutations(range(8), count):
            for size in range(min(count + 2, 3)):
                for chosen in itertools.permutations(range(9), size):
                    assert can_light_lanes(lanes, chosen) == _lights_by_search(lanes, chosen), (lanes, chosen)


def test_ill_typed_fields_of_a_push_or_a_placement_are_refused_by_code() -> None:
    """A caller's action may hold anything: each field is checked as a plain object (the compiled build too).

    A compiled module reading a field declared ``int`` would take ``True`` for 1, and one declared ``Sign``
    would raise ``TypeError`` for a string; both builds must refuse them with the rule's code instead.
    """
    pushing = position(ALTAR, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []])
    for shifts in ((True, 0, 0), [1, 0, 0], (1, 0), ("1", 0, 0), (1.0, 0, 0), None):
        rejection = validate(pushing, Push(Side.NORTH, shifts))  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == "bad-push", shifts
    rejection = validate(pushing, Push("north", (1, 0, 0)))  # type: ignore[arg-type]
    assert rejection is not None and rejection.code == "bad-push"
    hand = [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]
    placing = position([None, *ALTAR[1:]], [hand, []], phase=Phase.PLACE)
    assert any(isinstance(action, Place) for action in legal_actions(attrs.evolve(placing)))
    for space in (True, "0", 0.0, None):
        rejection = validate(placing, Place(space, hand[0]))  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == "no-such-space", space
    for tile in ("YELLOW_SKULL", 0, None):
        rejection = validate(placing, Place(0, tile))  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == "tile-not-in-hand", tile


def test_ill_typed_fields_of_a_light_or_a_sacrifice_are_refused_by_code() -> None:
    """As for pushes and placements: the starting Burnt Offering's space, a new Portent's, a sacrificed tile."""
    offering = new_game(Config(), seed=3)
    assert offering.phase is Phase.OFFERING
    for space in (True, "4", 4.0, None):
        rejection = validate(offering, Light(space))  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == "no-such-space", space
    hand = [S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE]
    solo = Config(players=1, feed_the_cat=True)
    sacrificing = position(ALTAR, [hand], config=solo, phase=Phase.SACRIFICE, bag=[S.RED_WING, S.BLUE_WING])
    assert validate(sacrificing, Sacrifice(hand[0])) is None
    for tile in ("YELLOW_SKULL", 0, None):
        rejection = validate(sacrificing, Sacrifice(tile))  # type: ignore[arg-type]
        assert rejection is not None and rejection.code == "tile-not-in-hand", tile
