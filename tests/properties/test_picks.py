"""Moves as picks on the table, for every game (``action_picks``, :mod:`ofrenda_rules.picks`).

Over seeded playouts of every registered game and configuration, at every
player decision:

* every legal action is reached by exactly one path of picks, and walking
  the picks from the start (``choices`` until ``action`` answers) reaches
  exactly the legal actions, each once: every complete path is a legal action;
* the picks are computed from what the seat to move may see: on a state that
  differs only in what that seat cannot see (``hidden_variant``) they are the
  same picks;
* every pick that names a picture element names one that the seat's picture
  (``render_svg`` of its view) draws with that ``id``;
* every menu is short (issue 38: "without reading a list longer than a dozen
  entries"): at every step of every decision all the choices (the terminal's
  menu, the browser's highlighted parts and list together) are at most
  :data:`MENU`, and at least one step of the playout offers more than one.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from hypothesis import given

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.picks import Pick, PickTree, picks_of
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import Rng
from tests.properties.cases import CASES
from tests.properties.playing import Seeds, play, sampled, seedings
from tests.properties.test_properties import scaled


def walk(tree: PickTree[Any]) -> list[Any]:
    """Every action reached by picking from the start, one pick at a time (depth first, bounded by the tree)."""
    reached: list[Any] = []
    stack: list[tuple[Pick, ...]] = [()]
    budget = 10 * sum(len(path) for path in tree.paths) + 1
    while stack:
        budget -= 1
        assert budget > 0, "the picks do not end"
        prefix = stack.pop()
        action = tree.action(prefix)
        options = tree.choices(prefix)
        if action is not None:
            assert options == (), f"the complete path {prefix!r} goes on"
            reached.append(action)
            continue
        assert options, f"the path {prefix!r} leads nowhere"
        stack.extend((*prefix, option) for option in reversed(options))
    return reached


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.25)
@given(seeds=seedings(seeded=True))
def test_every_legal_action_is_one_path_of_picks_and_every_path_a_legal_action(
    game: AnyGame, config: Any, seeds: Seeds
) -> None:
    checked = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal checked
        if game.current_player(before) in (CHANCE, TERMINAL):
            return
        tree = picks_of(game, before)
        legal = game.legal_actions(before)
        reached = walk(tree)
        assert len(reached) == len(legal), "some action is reached twice or not at all"
        assert set(reached) == set(legal)
        assert tree.action(tree.path_of(action)) == action
        checked += 1

    played = play(game, config, seeds, hook)
    assert checked == played.decisions


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.25)
@given(seeds=seedings(seeded=True))
def test_picks_reveal_nothing_the_seat_to_move_may_not_see(game: AnyGame, config: Any, seeds: Seeds) -> None:
    other = Rng(seeds.chance)
    checked = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal checked
        seat = game.current_player(after)
        if seat in (CHANCE, TERMINAL):
            return
        variant = game.hidden_variant(after, seat, other)
        assert game.legal_actions(variant) == game.legal_actions(after)
        assert picks_of(game, variant) == picks_of(game, after), f"seat {seat}'s picks depend on what it cannot see"
        checked += 1

    played = play(game, config, seeds, sampled(hook, seeds, 3))
    assert checked > 0 or played.decisions < 3


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=True))
def test_every_pick_names_an_element_of_the_seat_s_picture(game: AnyGame, config: Any, seeds: Seeds) -> None:
    checked = drawn = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal checked, drawn
        seat = game.current_player(after)
        if seat in (CHANCE, TERMINAL):
            return
        drawn += 1
        svg = game.render_svg(game.observe(after, seat))
        ids = set(re.findall(r' id="([^"]+)"', svg))
        for element in picks_of(game, after).elements():
            assert element in ids, f"no element {element!r} in seat {seat}'s picture"
            checked += 1

    play(game, config, seeds, sampled(hook, seeds, 5))
    assert checked > 0 or drawn == 0, "no pick named an element"


def test_a_tree_refuses_a_shared_path_and_a_path_that_begins_another() -> None:
    a, b = Pick("a", "x"), Pick("b")
    with pytest.raises(ConfigError, match="share the path"):
        PickTree.build(("one", "two"), ((a,), (a,)))
    with pytest.raises(ConfigError, match="begins another"):
        PickTree.build(("one", "two"), ((a,), (a, b)))
    with pytest.raises(ConfigError, match="empty path"):
        PickTree.build(("one",), ((),))
    with pytest.raises(ConfigError, match="2 paths for 1 actions"):
        PickTree.build(("one",), ((a,), (b,)))
    tree = PickTree.build(("one", "two"), ((a, b), (b,)))
    assert tree.choices(()) == (a, b)
    assert tree.forced((a,)) == b and tree.forced(()) is None
    assert tree.action((a,)) is None and tree.action((a, b)) == "one"
    assert tree.elements() == frozenset({"x"})
    with pytest.raises(ConfigError, match="not a legal action"):
        tree.path_of("three")


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=True))
def test_the_last_move_is_marked_on_the_picture(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """Issue 38: the parts of the table the last decision changed are marked (``data-last-move``) and outlined."""
    last_move = importlib.import_module(f"ofrenda_rules.{game.info.name}.picks").last_move_elements
    marked = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal marked
        for seat in range(config.players):
            view = game.observe(after, seat)
            svg = game.render_svg(view)
            expected = set(last_move(view.recent_events)) & set(re.findall(r' id="([^"]+)"', svg))
            found = set(re.findall(r' id="([^"]+)" data-pick="[^"]+" data-last-move="true"', svg))
            assert found == expected, f"seat {seat}: marked {found}, the last move changed {expected}"
            marked += len(found)

    # A sampled stride can fall in step with the turns (Ofrenda solo: every 4th step a TakePortrait, which marks
    # nothing), so the first step that marks something is kept and checked too if no sampled step marked anything.
    check = sampled(hook, seeds, 4)
    first: list[tuple[Any, Any, Any]] = []

    def every_step(before: Any, action: Any, after: Any) -> None:
        check(before, action, after)
        if not first and any(last_move(game.observe(after, seat).recent_events) for seat in range(config.players)):
            first.append((before, action, after))

    played = play(game, config, seeds, every_step)
    if marked == 0 and first:
        hook(*first[0])
    assert marked > 0 or played.decisions < 8


MENU = 12
"""The most entries a list shows at a time: the browser client's ``LIST`` and ``play --human``'s page."""


@pytest.mark.parametrize(("game", "config"), CASES)
@scaled(0.1)
@given(seeds=seedings(seeded=True))
def test_no_menu_step_offers_more_than_a_dozen_entries(game: AnyGame, config: Any, seeds: Seeds) -> None:
    """Issue 38: a person reads no list longer than a dozen entries, in the browser or at the terminal.

    Every step of every decision offers at most :data:`MENU` choices in all (a
    3-player Día de los Muertos hand of 15 cards is picked by colour first).
    """
    steps = widest = 0

    def hook(before: Any, action: Any, after: Any) -> None:
        nonlocal steps, widest
        if game.current_player(before) in (CHANCE, TERMINAL):
            return
        tree = picks_of(game, before)
        stack: list[tuple[Pick, ...]] = [()]
        budget = 10 * sum(len(path) for path in tree.paths) + 1
        while stack:
            budget -= 1
            assert budget > 0, "the picks do not end"
            prefix = stack.pop()
            if tree.action(prefix) is not None:
                continue
            options = tree.choices(prefix)
            assert len(options) <= MENU, f"{len(options)} choices after {prefix!r}: more than a dozen"
            widest = max(widest, len(options))
            steps += 1
            stack.extend((*prefix, option) for option in options)

    played = play(game, config, seeds, hook)
    assert steps >= played.decisions
    assert widest > 1 or played.decisions == 0, "no step offered a choice"
