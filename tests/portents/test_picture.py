"""SVG pictures of Portents: well-formed, standalone, deterministic, faithful to the table, leaking nothing."""

from __future__ import annotations

import pickle
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.playout import random_playout
from ofrenda_rules.portents import (
    GAME,
    Config,
    Difficulty,
    Phase,
    Portent,
    Sign,
    State,
    Trait,
    View,
    observe,
    render_svg,
)
from ofrenda_rules.portents.components import DEFAULT_EDITION, LANE_NAMES
from ofrenda_rules.portents.kitty import kitty_slot
from ofrenda_rules.rng import Rng
from tests.portents.boards import S, position

NS = "{http://www.w3.org/2000/svg}"
SAMPLES_PER_GAME = 10
"""States of each playout whose pictures are checked (spread over the game, the last one included)."""


def _states(config: Config, seed: int) -> list[State]:
    """A seeded random playout's states, a bounded sample spread over the game, ending with the final state."""
    seen: list[State] = []
    result = random_playout(GAME, config, seed=seed, player_seed=seed + 1, on_step=lambda s, a: seen.append(s))
    seen.append(result.final)
    stride = max(1, len(seen) // SAMPLES_PER_GAME)
    picked = seen[::stride][:SAMPLES_PER_GAME]
    return [*picked, result.final]


def _labels(svg: str) -> list[str]:
    """Every group's label (its ``<title>``), in document order."""
    root = ET.fromstring(svg)
    labels = []
    for group in root.iter(f"{NS}g"):
        title = group.find(f"{NS}title")
        assert title is not None and title.text, "every group carries a label"
        labels.append(title.text)
    return labels


def _texts(svg: str) -> list[str]:
    """Every line of text drawn."""
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def _check_document(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    title, desc = root.find(f"{NS}title"), root.find(f"{NS}desc")
    assert title is not None and title.text and title.text.startswith("Portents")
    assert desc is not None and desc.text and len(desc.text) > 20
    lowered = svg.lower()
    for banned in ("<script", "<image", "href", "url(", "@import", "@font-face", "<foreignobject", "<style"):
        assert banned not in lowered, banned
    assert float(root.attrib["width"]) <= 1200
    children = [child.tag.removeprefix(NS) for child in root]
    assert children[:3] == ["title", "desc", "rect"], "title, desc, then the background"
    assert set(children[3:]) == {"g"}, "everything drawn is in a labelled group"
    return root


CONFIGS = GAME.test_configs()


@pytest.mark.parametrize("config", CONFIGS, ids=[GAME.describe_config(c) for c in CONFIGS])
def test_pictures_along_a_playout_are_standalone_deterministic_and_hide_only_the_bag(config: Config) -> None:
    seed = 11 + CONFIGS.index(config)
    states = _states(config, seed)
    assert states[-1].phase is Phase.OVER
    for state in states:
        svg = render_svg(state)
        _check_document(svg)
        assert svg == render_svg(pickle.loads(pickle.dumps(state))), "an equal state draws the same text"
        assert "omniscient" in ET.fromstring(svg).findtext(f"{NS}title", "")
        labels = "\n".join(_labels(svg))
        for sign in state.bag:
            assert f"In the bag: tile {sign}" in labels
        for seat in range(config.players):
            view = observe(state, seat)
            seen = render_svg(view, config=config)
            _check_document(seen)
            variant = GAME.hidden_variant(state, seat, Rng(seed))
            assert seen == render_svg(observe(variant, seat), config=config)
            seen_labels = "\n".join(_labels(seen))
            assert "In the bag" not in seen_labels
            for sign in state.bag:  # each tile is unique: a bag tile is nowhere else on the table
                assert f"tile {sign}" not in seen_labels and f"(lit): {sign}" not in seen_labels
            assert f"The bag: {len(state.bag)} tiles, face down" in seen_labels or not config.solo
            for other in range(config.players):  # hands are played face up: every seat sees every hand
                for tile in state.hands[other]:
                    assert f"hand: tile {tile}" in seen_labels


def _labels_of(state: State | View, **kwargs: Any) -> list[str]:
    return _labels(render_svg(state, **kwargs))


def test_the_altar_the_ring_and_the_hands_appear_with_their_labels() -> None:
    state = _states(Config(), 5)[4]
    assert state.phase not in (Phase.OMENS, Phase.ALTAR)
    labels = _labels_of(state)
    for space, sign in enumerate(state.altar):
        where = f"Altar space {space + 1} (row {space // 3 + 1}, column {space % 3 + 1}): "
        if sign is None:
            assert f"{where}empty" in labels
        elif state.lit[space]:
            assert f"{where}Burnt Offering (lit): {sign}" in labels
        else:
            assert f"{where}tile {sign}" in labels
    for slot, omen in enumerate(state.omens):
        name = DEFAULT_EDITION.slot_names[slot]
        assert (f"Omen slot {name}: empty" if omen is None else f"Omen slot {name}: omen {omen}") in labels
    for seat, hand in enumerate(state.hands):
        assert f"Seat {seat + 1}'s hand: " + ", ".join(str(t) for t in hand) in labels


def test_burnt_offerings_new_portents_and_omens_collected() -> None:
    altar = [S.RED_CLAW, S.RED_SKULL, S.RED_WING, S.BLUE_SKULL, S.WHITE_CLAW, S.YELLOW_WING]
    altar += [S.WHITE_WING, S.BLUE_WING, S.YELLOW_SKULL]
    state = position(
        altar,
        [[S.BLUE_CLAW, S.WHITE_SKULL, S.YELLOW_CLAW], [S.BLUE_WISHBONE, S.WHITE_WISHBONE, S.RED_WISHBONE]],
        lit=[8],
        collected=[[S.YELLOW_WISHBONE, S.WHITE_WISHBONE], []],
    )
    labels = _labels_of(state)
    assert "Altar space 9 (row 3, column 3): Burnt Offering (lit): Yellow Skull" in labels
    assert "Altar space 1 (row 1, column 1): tile Red Claw" in labels
    assert "Seat 1's omens: Yellow Wishbone, White Wishbone" in labels
    assert "Seat 2's omens: none" in labels
    assert not any(label.startswith("New Portent") for label in labels)
    assert "Burnt Offerings on the altar: 1 of 4" in _texts(render_svg(state))
    waiting = attrs.evolve(state, phase=Phase.LIGHT, portents=(Portent(0, Trait.RED),), lit_now=(8,))
    labels = _labels_of(waiting)
    assert f"New Portent on {LANE_NAMES[0]}: red, waiting for a Burnt Offering" in labels
    assert "Space 9 was lit in this Scrying phase" in labels
    assert "New Portents to light: row 1 (red)" in _texts(render_svg(waiting))


def test_the_kitty_stands_at_its_slot_with_its_token_hat_and_steps() -> None:
    config = Config(players=1, difficulty=Difficulty.EXPERT_EVOCATOR, feed_the_cat=True)
    state = next(s for s in _states(config, 3) if s.phase is Phase.PUSH)
    slot_name = DEFAULT_EDITION.slot_names[kitty_slot(state)]
    labels = _labels_of(state)
    kitty = [label for label in labels if label.startswith("The Kitty at slot")]
    assert kitty == [
        f"The Kitty at slot {slot_name}, pointing at it; {state.kitty_steps} of 32 steps; "
        f"{'hat on (one circuit done)' if state.kitty_steps >= 16 else 'hatless'}; {state.token} on its token"
    ]
    assert f"On the Kitty token: tile {state.token}" in labels
    texts = _texts(render_svg(state))
    assert "Target (Expert Evocator): 3 fortunes of 4 and 4 of 3" in texts
    assert "Challenges: feed the cat" in texts
    hatted = attrs.evolve(state, kitty_steps=17)
    assert any("hat on (one circuit done)" in label for label in _labels_of(hatted))
    view_texts = _texts(render_svg(observe(state, 0)))
    assert not any(text.startswith("Target") for text in view_texts), "a view without its config knows no target"
    assert f"Turn {state.turns + 1}: You push 1-3 tiles off the altar from one side (Sleight of Hand)" in view_texts
    assert f"Turn {state.turns + 1}: The player pushes 1-3 tiles off the altar from one side (Sleight of Hand)" in texts
    assert ET.fromstring(render_svg(observe(state, 0))).findtext(f"{NS}title", "").endswith("the view of Seat 1 (you)")
    assert "Target (Expert Evocator): 3 fortunes of 4 and 4 of 3" in _texts(
        render_svg(observe(state, 0), config=config)
    )


def test_titles_mark_the_seat_and_whose_turn_it_is() -> None:
    state = next(s for s in _states(Config(), 9) if s.phase is Phase.PUSH)
    seat = state.active
    other = 1 - seat
    svg = render_svg(observe(state, other))
    root = ET.fromstring(svg)
    assert root.findtext(f"{NS}title") == f"Portents (2 players) -- the view of Seat {other + 1}"
    texts = _texts(svg)
    assert f"Seat {other + 1} (you)" in texts
    assert f"Seat {seat + 1} -- to move" in texts
    assert any(text.startswith(f"Turn {state.turns + 1}: Seat {seat + 1} pushes") for text in texts)


def _reference_bot(state: Any) -> Any:
    assert GAME.reference_bot is not None
    return GAME.reference_bot(state)


def test_finished_games_show_the_result() -> None:
    final = _states(Config(turn_limit=12), 2)[-1]
    texts = _texts(render_svg(final))
    if final.winners:
        assert f"Game over: Seat {final.winners[0] + 1} wins" in " ".join(texts)
        assert f"Seat {final.winners[0] + 1} -- WINNER" in texts
    else:
        assert "Game over: the turn limit was reached: a draw" in texts
    solo = next(
        s
        for seed in range(40)
        if (s := random_playout(GAME, Config(players=1), seed=seed, player_seed=seed).final).winners == ()
    )
    solo_texts = _texts(render_svg(solo))
    assert any(text.startswith("Game over: the Kitty wins") for text in solo_texts)
    assert "The Kitty -- WINNER" in solo_texts
    won = next(
        s
        for seed in range(40)
        if (
            s := random_playout(
                GAME,
                Config(players=1, difficulty=Difficulty.CUTE_CLAIRVOYANT),
                seed=seed,
                player_seed=seed,
                bots={0: _reference_bot},
            ).final
        ).winners
        == (0,)
    )
    won_texts = _texts(render_svg(won))
    assert "Game over: the player wins -- the Cute Clairvoyant target was met" in won_texts
    assert "The player -- WINNER" in won_texts
    assert "Game over: you win -- the Cute Clairvoyant target was met" in _texts(
        render_svg(observe(won, 0), config=won.config)
    )


def test_repr_svg_and_the_registry_hook() -> None:
    state = _states(Config(players=1), 1)[3]
    assert state._repr_svg_() == render_svg(state)
    view = observe(state, 0)
    assert view._repr_svg_() == render_svg(view)
    assert GAME.render_svg is render_svg


def test_the_picture_differs_when_the_table_does() -> None:
    state = _states(Config(), 4)[5]
    moved = attrs.evolve(state, collected=((Sign.RED_CLAW,), state.collected[1]))
    assert render_svg(moved) != render_svg(state)
    assert "Seat 1's omens: Red Claw" in _labels_of(moved)


def test_only_states_and_views_are_drawn() -> None:
    with pytest.raises(TypeError, match="not dict"):
        render_svg({})  # type: ignore[arg-type]


def test_chance_states_in_setup_render() -> None:
    state = GAME.new_game(Config(), None)  # unseeded: setup waits for chance events
    assert GAME.current_player(state) == CHANCE
    svg = render_svg(state)
    _check_document(svg)
    assert "Omen slot NW: empty" in _labels(svg)


def test_red_tiles_are_drawn_red() -> None:
    """Issue 38: "Portents' Red is drawn orange" -- the red tiles and omens are a true red, with white ink."""
    from ofrenda_rules.portents.components import Trait
    from ofrenda_rules.portents.picture import COLOUR_FILLS

    assert COLOUR_FILLS[Trait.RED] == "#C8102E"
    state = position([S.RED_SKULL] + [None] * 8, [[], []])
    assert 'fill="#C8102E"' in render_svg(state) and "#D55E00" not in render_svg(state)
