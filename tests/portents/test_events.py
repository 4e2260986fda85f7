"""Events of Portents: exact events of known steps, step against apply, JSON, and what views carry."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.portents import (
    GAME,
    Config,
    DrawTile,
    Light,
    Phase,
    Place,
    Portent,
    Push,
    Side,
    State,
    Trait,
    apply,
    chance_outcomes,
    current_player,
    hidden_variant,
    is_over,
    legal_actions,
    new_game,
    observe,
    step,
)
from ofrenda_rules.portents.components import DEFAULT_EDITION, Sign
from ofrenda_rules.portents.definition import solo_test_configs
from ofrenda_rules.portents.events import (
    AltarLaid,
    AltarReshuffled,
    Event,
    FirstPlayerChosen,
    GameOver,
    HandsDealt,
    HandsRedealt,
    KittyDrew,
    KittyMoved,
    KittyPushed,
    KittyStole,
    KittyTokenPlayed,
    LastTileSetAside,
    OfferingLit,
    OmenCollected,
    OmensPlaced,
    PortentIgnited,
    TilePlaced,
    TileSnuffed,
    TilesPalmed,
    TilesPushed,
    event_seen_by,
)
from ofrenda_rules.portents.state import EndReason
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.portents.boards import S, position

E = DEFAULT_EDITION

CONFIGS = [
    Config(),
    Config(turn_limit=12),
    Config(players=1),
    Config(players=1, kitty_only_steals=True),
    *solo_test_configs()[::3],
]


def _omens(**by_name: Sign) -> tuple[Sign | None, ...]:
    omens: list[Sign | None] = [None] * 16
    for name, omen in by_name.items():
        omens[E.slot(name)] = omen
    return tuple(omens)


def test_the_rulebooks_three_portents_are_announced_with_the_omens_they_collect() -> None:
    """Collecting Omens: 'A) nothing B) the Red Claw C) the Red Wishbone & the Blue Wishbone'."""
    altar = [S.BLUE_SKULL, S.WHITE_SKULL, S.YELLOW_WING]
    altar += [S.RED_WING, S.RED_CLAW, S.BLUE_CLAW]
    altar += [S.WHITE_WISHBONE, S.BLUE_WISHBONE, S.WHITE_CLAW]
    omens = _omens(
        W1=S.YELLOW_CLAW, E1=S.BLUE_WING, W2=S.RED_CLAW, E2=S.WHITE_WING, W3=S.RED_WISHBONE, E3=S.BLUE_WISHBONE
    )
    state = position(altar, [[S.YELLOW_SKULL, S.RED_SKULL, S.YELLOW_WISHBONE], []], omens=omens)
    state, events = step(state, Push(Side.WEST, (1, 1, 1)))
    assert events == (TilesPushed(0, Side.WEST, (1, 1, 1), (S.YELLOW_WING, S.BLUE_CLAW, S.WHITE_CLAW)),)
    state, events = step(state, Place(0, S.YELLOW_SKULL))
    assert events == (TilePlaced(0, 0, S.YELLOW_SKULL),)
    assert state.recent_events == events, "a decision replaces the recent events"
    state, events = step(state, Place(3, S.RED_SKULL))
    state, events = step(state, Place(6, S.YELLOW_WISHBONE))
    assert events == (
        TilePlaced(0, 6, S.YELLOW_WISHBONE),
        TilesPalmed(0, (S.YELLOW_WING, S.BLUE_CLAW, S.WHITE_CLAW)),
        PortentIgnited(0, 0, Trait.SKULL),
        PortentIgnited(0, 1, Trait.RED),
        PortentIgnited(0, 2, Trait.WISHBONE),
        OmenCollected(0, E.slot("E3"), S.BLUE_WISHBONE),
        OmenCollected(0, E.slot("W3"), S.RED_WISHBONE),
        OmenCollected(0, E.slot("W2"), S.RED_CLAW),
    )
    assert state.portents == (Portent(0, Trait.SKULL), Portent(1, Trait.RED), Portent(2, Trait.WISHBONE))
    for space, tile in ((1, S.BLUE_SKULL), (4, S.RED_WING), (7, S.WHITE_WISHBONE)):
        state, events = step(state, Light(space))
        assert events == (OfferingLit(0, space, tile),)
    assert state.phase is Phase.PUSH and state.active == 1


def test_the_rulebooks_snuff_names_the_blue_wing_and_not_the_yellow_wishbone() -> None:
    """Snuff Old Burnt Offerings: 'The Blue Wing is no longer part of any Portent and is snuffed.'"""
    altar = [S.YELLOW_WISHBONE, S.YELLOW_CLAW, S.RED_SKULL]
    altar += [S.WHITE_CLAW, S.RED_WING, S.BLUE_SKULL]
    altar += [S.BLUE_WING, S.WHITE_WISHBONE, S.RED_CLAW]
    state = position(altar, [[S.YELLOW_SKULL, S.BLUE_CLAW, S.WHITE_SKULL], []], lit=[0, 6])
    state = apply(state, Push(Side.WEST, (1, 0, 1)))
    state = apply(state, Place(0, S.YELLOW_SKULL))
    state, events = step(state, Place(6, S.BLUE_CLAW))
    assert events == (
        TilePlaced(0, 6, S.BLUE_CLAW),
        TilesPalmed(0, (S.RED_SKULL, S.RED_CLAW)),
        TileSnuffed(7, S.BLUE_WING),
    )


def test_a_two_player_win_ends_with_game_over() -> None:
    """Two fortunes of 3: a Claw Portent on the NW-SE diagonal collects the Red Claw, the 3rd red and 3rd claw."""
    altar = [None, S.BLUE_WING, S.WHITE_WISHBONE]
    altar += [S.WHITE_SKULL, S.RED_CLAW, S.YELLOW_WING]
    altar += [S.RED_WISHBONE, S.YELLOW_SKULL, S.BLUE_CLAW]
    collected = [[S.RED_SKULL, S.RED_WING, S.YELLOW_CLAW, S.WHITE_CLAW], []]
    state = position(altar, [[S.YELLOW_CLAW], []], omens=_omens(NW=S.RED_CLAW), collected=collected, phase=Phase.PLACE)
    state = attrs.evolve(state, pushed=(S.RED_SKULL,))
    state, events = step(state, Place(0, S.YELLOW_CLAW))
    assert events == (
        TilePlaced(0, 0, S.YELLOW_CLAW),
        TilesPalmed(0, (S.RED_SKULL,)),
        PortentIgnited(0, 6, Trait.CLAW),
        OmenCollected(0, E.slot("NW"), S.RED_CLAW),
    )
    state, events = step(state, Light(4))
    assert events == (OfferingLit(0, 4, S.RED_CLAW), GameOver(EndReason.TWO_FORTUNES_OF_THREE, (0,), (5, 0), 0))
    assert is_over(state) and state.winners == (0,)


def _to_kitty_turn(config: Config) -> State:
    """A solo state (driver mode) just before the player's last move of the first turn."""
    state = new_game(config)
    while current_player(state) == CHANCE:
        state = apply(state, chance_outcomes(state)[0][0])
    while True:
        action = legal_actions(state)[0]
        after = apply(state, action)
        if after.phase is Phase.KITTY:
            return state
        state = after


def test_the_kittys_turn_in_driver_mode_appends_each_draw() -> None:
    state = _to_kitty_turn(Config(players=1))
    steals = not state.made_portent and state.omens[E.slot("S2")] is not None
    state, events = step(state, legal_actions(state)[0])
    assert state.phase is Phase.KITTY
    kinds = [type(event) for event in events]
    assert KittyPushed in kinds and KittyTokenPlayed in kinds
    assert (KittyStole in kinds) == steals
    pushed = next(event for event in events if isinstance(event, KittyPushed))
    token = next(event for event in events if isinstance(event, KittyTokenPlayed))
    assert pushed.slot == E.slot("S2") and pushed.side is Side.SOUTH and pushed.shifts == (0, 3, 0)
    assert token.space == 1, "the token tile fills the deepest emptied space of column 2"
    before = state.recent_events
    drawn = 0
    while current_player(state) == CHANCE:
        fill = state.kitty_fill
        tile = chance_outcomes(state)[0][0]
        assert isinstance(tile, DrawTile)
        state, events = step(state, tile)
        assert state.recent_events == before + events, "a chance outcome adds its events"
        assert events[0] == KittyDrew(tile.tile, fill[0] if fill else None)
        before = state.recent_events
        drawn += 1
    assert drawn == 3
    assert isinstance(events[-1], KittyMoved | GameOver)
    moved = next(event for event in events if isinstance(event, KittyMoved))
    assert moved == KittyMoved(E.kitty_path[1], 1)


@pytest.mark.parametrize("config", [Config(), Config(players=1), Config(players=1, chaotic_cat=True)])
def test_the_setup_is_told_in_a_few_events_the_same_seeded_or_drawn_one_by_one(config: Config) -> None:
    reshuffled = redealt = 0
    for seed in range(40):
        state = new_game(config, seed=seed)
        events = state.recent_events
        assert events[0] == OmensPlaced(state.omens)  # type: ignore[arg-type]
        assert events[1 : 1 + state.reshuffles] == tuple(AltarReshuffled(n + 1) for n in range(state.reshuffles))
        assert events[1 + state.reshuffles] == AltarLaid(state.altar)  # type: ignore[arg-type]
        rest = events[2 + state.reshuffles :]
        assert rest[: state.redeals] == tuple(HandsRedealt(n + 1) for n in range(state.redeals))
        assert rest[state.redeals] == HandsDealt(state.hands)
        if not config.solo:
            assert rest[state.redeals + 1 :] == (LastTileSetAside(state.token), FirstPlayerChosen(state.active))  # type: ignore[arg-type]
        elif config.chaotic_cat:
            assert len(rest) == state.redeals + 1
        else:
            assert rest[state.redeals + 1 :] == (KittyDrew(state.token, None),)  # type: ignore[arg-type]
        reshuffled += state.reshuffles
        redealt += state.redeals
    assert reshuffled and redealt


def _playout(config: Config, seed: int | None, chooser: random.Random) -> Iterator[tuple[State, object, State]]:
    """Each step (state, action, state after) of a playout; chance outcomes picked by ``chooser`` when unseeded."""
    state = new_game(config, seed)
    for _ in range(3000):
        if is_over(state):
            return
        if current_player(state) == CHANCE:
            action = chooser.choice(chance_outcomes(state))[0]
        else:
            action = chooser.choice(legal_actions(state))
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError("the playout did not end")


@pytest.mark.parametrize("config", CONFIGS, ids=GAME.describe_config)
def test_step_is_apply_and_every_event_kind_round_trips_through_json(config: Config) -> None:
    seen: dict[str, Event] = {}
    for seed in range(6):
        chooser = random.Random(seed)
        for state, action, after in _playout(config, seed if seed % 2 else None, chooser):
            stepped, events = step(state, action)  # type: ignore[arg-type]
            assert stepped == after
            chance = current_player(state) == CHANCE
            assert (state.recent_events + events if chance else events) == after.recent_events
            for event in events:
                seen.setdefault(type(event).TAG, event)
    for event in seen.values():
        assert loads(dumps(event, Event), Event) == event
    assert {"tiles-pushed", "tile-placed", "offering-lit", "portent-ignited"} <= set(seen)
    assert ("kitty-pushed" in seen) == config.solo


def _visible(state: State, seat: int) -> set[Sign]:
    view = observe(state, seat)
    signs = {sign for sign in (*view.altar, *view.omens, view.token) if sign is not None}
    for group in (*view.hands, *view.collected, view.taken, view.pushed, view.kitty_omens):
        signs.update(group)
    return signs


def _named(event: Event) -> set[Sign]:
    values = [getattr(event, field.name) for field in attrs.fields(type(event))]
    flat = [item for value in values for item in (value if isinstance(value, tuple) else (value,))]
    return {item for item in flat if isinstance(item, Sign)}


@pytest.mark.parametrize("config", [Config(), Config(players=1, feed_the_cat=True), Config(players=1)])
def test_a_views_events_name_only_what_lay_face_up_on_the_table(config: Config) -> None:
    """Every sign a view's events name was face up before the step or is face up after it; views keep them all."""
    checked = 0
    for seed in range(4):
        for state, _action, after in _playout(config, None, random.Random(seed)):
            for seat in range(config.players):
                view = observe(after, seat)
                assert view.recent_events == tuple(event_seen_by(event, seat) for event in after.recent_events)
                assert view.recent_events == after.recent_events
                if current_player(state) == CHANCE:
                    new = after.recent_events[len(state.recent_events) :]
                else:
                    new = after.recent_events
                shown = _visible(state, seat) | _visible(after, seat)
                for event in new:
                    assert _named(event) <= shown, event
                    checked += 1
    assert checked > 200


def test_a_hidden_variant_keeps_the_events() -> None:
    state = new_game(Config(players=1), seed=3)
    state = apply(state, legal_actions(state)[0])
    variant = hidden_variant(state, 0, Rng(99))
    assert variant.rng != state.rng
    assert observe(variant, 0) == observe(state, 0)
    assert observe(variant, 0).recent_events == state.recent_events


def test_a_positions_state_has_no_events_and_a_decision_starts_them_afresh() -> None:
    state = GAME.from_position(GAME.to_position(new_game(Config(), seed=5)), Config())
    assert state.recent_events == ()
    after = apply(state, legal_actions(state)[0])
    assert len(after.recent_events) == 1 and isinstance(after.recent_events[0], OfferingLit)
    assert attrs.evolve(new_game(Config(), seed=5), recent_events=()) == state
