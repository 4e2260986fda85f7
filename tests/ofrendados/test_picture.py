"""The SVG pictures of Ofrendados: well formed, safe, deterministic, complete, and no more than a seat may see."""

from __future__ import annotations

import functools
import json
import pickle
import random
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from ofrenda_rules.copying import evolve
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    GAME,
    Config,
    ObjectKind,
    PendingKind,
    Phase,
    RerollDie,
    State,
    TurnDie,
    View,
    apply,
    current_player,
    is_over,
    legal_actions,
    load_edition,
    new_game,
    observe,
    outcome,
    picture,
    render_svg,
    score,
)
from ofrenda_rules.rng import Rng

from .helpers import board, start

_SVG = "{http://www.w3.org/2000/svg}"
_FORBIDDEN = ("<script", "<image", "href", "url(", "@import", "@font-face", "<style", "<foreignObject")


@functools.cache
def _playout_states(config_index: int, seed: int, every: int = 17) -> tuple[State, ...]:
    """Every ``every``-th state of an unseeded random game (chance outcomes drawn too), and the finished game."""
    config = GAME.test_configs()[config_index]
    chooser = random.Random(seed)
    state = GAME.new_game(config, None)
    kept = [state]
    for step in range(GAME.max_steps(config)):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        if step % every == 0:
            kept.append(state)
    assert GAME.is_over(state), "the random game did not finish within max_steps"
    kept.append(state)
    return tuple(kept)


_CASES = [(index, seed) for index in range(len(GAME.test_configs())) for seed in (1, 2)]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{_SVG}svg"
    return root


def _group_titles(svg: str) -> list[str]:
    """The labels of every group (their ``<title>`` children)."""
    root = _parse(svg)
    return [title.text or "" for group in root.iter(f"{_SVG}g") for title in group.findall(f"{_SVG}title")]


def _texts(svg: str) -> list[str]:
    return [element.text or "" for element in _parse(svg).iter(f"{_SVG}text")]


def _group_texts(svg: str, label_start: str) -> list[str]:
    """The text drawn inside the first group whose label starts with ``label_start``."""
    for group in _parse(svg).iter(f"{_SVG}g"):
        title = group.find(f"{_SVG}title")
        if title is not None and (title.text or "").startswith(label_start):
            return [element.text or "" for element in group.iter(f"{_SVG}text")]
    raise AssertionError(f"no group labelled {label_start!r}")


def _check_document(svg: str) -> None:
    root = _parse(svg)
    title, desc = root.find(f"{_SVG}title"), root.find(f"{_SVG}desc")
    assert title is not None and (title.text or "").startswith("Ofrendados")
    assert desc is not None and len(desc.text or "") > 40
    for word in _FORBIDDEN:
        assert word not in svg, word
    assert float(root.attrib["width"]) <= 1200
    assert float(root.attrib["height"]) <= 2000


@pytest.mark.parametrize(("config_index", "seed"), _CASES)
def test_every_state_and_view_of_random_games_draws_a_safe_standalone_document(config_index: int, seed: int) -> None:
    states = _playout_states(config_index, seed)
    assert any(state.phase is Phase.OVER for state in states)
    assert len({state.phase for state in states}) >= 4
    for state in states:
        _check_document(render_svg(state))
        for seat in range(state.config.players):
            _check_document(render_svg(observe(state, seat)))


@pytest.mark.parametrize(("config_index", "seed"), _CASES[::2])
def test_pictures_are_deterministic(config_index: int, seed: int) -> None:
    for state in _playout_states(config_index, seed)[::3]:
        copy = pickle.loads(pickle.dumps(state))
        assert render_svg(state) == render_svg(copy)
        assert render_svg(observe(state, 0)) == render_svg(observe(copy, 0))


def test_a_picture_does_not_depend_on_what_was_drawn_before() -> None:
    """Parts of the pictures are recorded once per edition and player count, then replayed: the same text."""
    states = [state for index in range(len(GAME.test_configs())) for state in _playout_states(index, 2)[::4]]
    warm = [render_svg(state) for state in states]
    for state, expected in zip(states, warm, strict=True):
        picture._layout.cache_clear()
        assert render_svg(state) == expected
    picture._layout.cache_clear()
    assert [render_svg(state) for state in reversed(states)] == warm[::-1]


@pytest.mark.parametrize(("config_index", "seed"), _CASES[::2])
def test_a_view_of_a_hidden_variant_is_the_same_picture(config_index: int, seed: int) -> None:
    for number, state in enumerate(_playout_states(config_index, seed)[::2]):
        for seat in range(state.config.players):
            other = GAME.hidden_variant(state, seat, Rng(number * 7 + seat))
            assert render_svg(observe(other, seat)) == render_svg(observe(state, seat))


@pytest.mark.parametrize(("config_index", "seed"), _CASES[::2])
def test_the_state_picture_lists_the_deck_and_a_view_only_counts_it(config_index: int, seed: int) -> None:
    for state in _playout_states(config_index, seed)[::3]:
        listing = ", ".join(str(card) for card in state.deck) or "empty"
        state_svg = render_svg(state)
        assert f"Deck (omniscient; unordered): {listing}"[:60] in state_svg
        assert "the whole table (omniscient)" in state_svg
        for seat in range(state.config.players):
            view_svg = render_svg(observe(state, seat))
            assert "omniscient" not in view_svg
            assert f"Deck: {len(state.deck)} face down" in view_svg
            assert f"You are Seat {seat + 1}" in view_svg
            labels = _group_titles(view_svg)
            assert any(label.startswith(f"Seat {seat + 1} (you): offering") for label in labels)
            others = [s for s in range(state.config.players) if s != seat]
            assert not any(f"seat {s + 1} (you)" in view_svg.lower() for s in others)
            assert "you" in _group_texts(view_svg, f"Seat {seat + 1} (you): offering")


def test_a_view_drawn_with_its_games_config_scores_like_the_state() -> None:
    """A view carries no config; with ``config=`` its scores are the state's, under every option."""
    index = len(GAME.test_configs()) - 1
    for state in _playout_states(index, 1):
        lines = [t for t in _texts(render_svg(state)) if "core" in t]
        for seat in range(state.config.players):
            view_lines = [t for t in _texts(render_svg(observe(state, seat), config=state.config)) if "core" in t]
            assert view_lines == lines


def test_the_path_shows_every_space_with_its_flower_bonus_and_tokens() -> None:
    state = start(players=3)
    boards = (board(flowers=(1, 5, 13)), board(flowers=(5,)), board())
    svg = render_svg(evolve(state, boards=boards))
    labels = _group_titles(svg)
    path = DEFAULT_EDITION.path
    for number in range(1, path.length + 1):
        flower = path.space(number).flower.value
        assert any(label.startswith(f"Space {number}: flower {flower}") for label in labels), number
    assert "Space 5: flower A, + candle (before the head)" in labels
    assert "Space 2: flower B, +1 peso (before the head)" in labels
    assert "Space 13: flower B (land of the living)" in labels
    assert "Space 24: flower C, END +10 pts (land of the living)" in labels
    assert _group_texts(svg, "Space 5:") == ["5", "A", "+ candle"]
    tokens = [label for label in labels if label.startswith(("Flower tokens", "Waiting"))]
    assert tokens == [
        "Waiting in Mictlán: Seat 3",
        "Flower tokens on space 1: Seat 1",
        "Flower tokens on space 5: Seat 1, Seat 2",
        "Flower tokens on space 13: Seat 1",
    ]
    assert _group_texts(svg, "Flower tokens on space 5:") == ["1", "2"]  # the tokens of Seats 1 and 2
    # each token stands on its space
    root = _parse(svg)
    centres: dict[int, list[float]] = {}
    for group in root.iter(f"{_SVG}g"):
        title = group.find(f"{_SVG}title")
        text = "" if title is None else title.text or ""
        if text.startswith(("Space ", "Flower tokens on space ")):
            number = int(text.removeprefix("Flower tokens on space ").removeprefix("Space ").split(":")[0])
            shape = group.find(f"{_SVG}circle")
            assert shape is not None
            centres.setdefault(number, []).append(float(shape.attrib["cx"]))
    for number in (1, 5, 13):
        flower_x, *token_xs = centres[number]
        assert all(abs(x - flower_x) < 30 for x in token_xs)
    assert "Furthest flower: space 13, in the land of the living" in _texts(svg)


def test_the_sheet_is_the_stepped_altar_with_every_drawn_object_in_its_cell() -> None:
    state = start(players=2)
    sheet = {0: ObjectKind.CANDLE, 1: ObjectKind.PAPEL_PICADO, 8: ObjectKind.PAN_DE_MUERTO, 17: ObjectKind.PORTRAIT}
    svg = render_svg(evolve(state, boards=(board(sheet), board())))
    labels = _group_titles(svg)
    assert "Cell 1 (row 1, column 1): candle" in labels
    assert "Cell 2 (row 1, column 2): papel picado" in labels
    assert "Cell 9 (row 2, column 3): pan de muerto" in labels
    assert "Cell 18 (row 4, column 3): portrait" in labels
    assert "Cell 3 (row 1, column 3): empty" in labels
    assert sum(1 for label in labels if label.startswith("Cell ")) == 2 * DEFAULT_EDITION.sheet.size
    assert _group_texts(svg, "Cell 18 ")[-1] == "portrait"
    assert _group_texts(svg, "Cell 1 ")[-1] == "candle"
    skull = render_svg(evolve(state, boards=(board({0: ObjectKind.CALAVERITA}), board())))
    assert _group_texts(skull, "Cell 1 ")[-1] == "calav.", "issue 38: a Calaverita is not labelled a skull"
    texts = _texts(svg)
    for points in DEFAULT_EDITION.sheet.row_points:
        assert texts.count(f"+{points} if full") == 2
    # the cells of a row stand side by side, and each row stands on the one below it
    root = _parse(svg)
    corners: dict[int, tuple[float, float]] = {}
    for group in root.iter(f"{_SVG}g"):
        title = group.find(f"{_SVG}title")
        if title is not None and (title.text or "").startswith("Cell "):
            rect = group.find(f"{_SVG}rect")
            assert rect is not None
            number = int((title.text or "").split()[1]) - 1  # labels count cells from 1, indices from 0
            corners.setdefault(number, (float(rect.attrib["x"]), float(rect.attrib["y"])))
    spec = DEFAULT_EDITION.sheet
    for cell in range(spec.size):
        if spec.below[cell] >= 0:
            assert corners[spec.below[cell]][0] == corners[cell][0]
            assert corners[spec.below[cell]][1] > corners[cell][1]


def test_the_market_shows_name_cost_colour_and_effect_and_the_dice_their_faces() -> None:
    state = start(players=3, market=(4, 16, 28), yellow=(4, 2, 6), orange=(1, 6, 3), purple=(1, 5, 2))
    svg = render_svg(state)
    labels = _group_titles(svg)
    for card_id in (4, 16, 28):
        card = DEFAULT_EDITION.card(card_id)
        effect = card.effect.describe()
        assert f"Calaverita {card_id} {card.name}: {card.colour.value}, cost {card.cost} pesos; {effect}" in labels
        texts = _group_texts(svg, f"Calaverita {card_id} ")
        assert " ".join(texts[3:]) == f"{card.name} {effect}"
        assert texts[1:3] == [str(card.cost), "pesos"]
    assert "#28 pink: Eternal" in _group_texts(svg, "Calaverita 28 ")
    assert "yellow die showing 4: fruit" in labels
    assert "orange die showing 6: 2 pesos" in labels
    assert "purple die showing 1: portrait" in labels
    pool = _group_texts(svg, "Left to draft")
    assert pool[0] == "Left to draft (yellow and orange)"
    assert "fruit" in pool and "flower A" in pool
    assert "Seat 1 takes a die" in _texts(svg)[1]


def test_scores_and_the_result_are_drawn() -> None:
    states = _playout_states(0, 1)
    mid = states[len(states) // 2]
    svg = render_svg(mid)
    texts = _texts(svg)
    for seat, points in enumerate(score(mid)):
        assert f"Score if the game ended now: {points}" in " ".join(_group_texts(svg, f"Seat {seat + 1}: offering"))
    assert len([t for t in texts if t.startswith("Score if the game ended now:")]) == mid.config.players
    final = states[-1]
    result = outcome(final)
    svg = render_svg(final)
    for seat, points in enumerate(result.scores):
        panel = " ".join(_group_texts(svg, f"Seat {seat + 1}: offering"))
        assert f"Final score: {points} points" in panel
    header = " ".join(_group_texts(svg, "Game status"))
    if result.winners:
        assert f"Winner: Seat {result.winners[0] + 1}" in header
    else:
        assert "nobody wins" in header


def _first_states_with(limit: int = 12) -> dict[str, State]:
    """From random 2-player games, the first state where a decision is owed and the first with a die rerolled."""
    found: dict[str, State] = {}
    for seed in range(limit):
        chooser = random.Random(seed)
        state = GAME.new_game(GAME.test_configs()[0], None)
        while not GAME.is_over(state) and len(found) < 2:
            if state.pending and state.phase is Phase.CREATE:
                found.setdefault("pending", state)
            if state.rerolling is not None:
                found.setdefault("rerolling", state)
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        if len(found) == 2:
            break
    return found


def test_owed_decisions_and_a_die_being_rerolled_are_drawn() -> None:
    found = _first_states_with()
    assert set(found) == {"pending", "rerolling"}
    state = found["pending"]
    owed = state.pending[0]
    panel = _group_texts(render_svg(state), f"Seat {state.acting + 1}: offering")
    verb = "draw a" if owed.kind is PendingKind.DRAW else "turn an object into a"
    assert any(line.startswith(f"Owes: {verb} {owed.object.value.replace('_', ' ')}") for line in panel)
    state = found["rerolling"]
    die = state.rerolling
    assert die is not None
    svg = render_svg(observe(state, 1))
    assert _group_texts(svg, "Being rerolled")[0] == "Being rerolled (chance)"
    assert f"chance: the {die} die is rerolled" in " ".join(_group_texts(svg, "Game status"))


def test_a_render_with_a_config_that_does_not_fit_is_refused() -> None:
    state = start(players=3)
    with pytest.raises(ConfigError, match="no other config"):
        render_svg(state, config=GAME.test_configs()[0])
    with pytest.raises(ConfigError, match="2 players"):
        render_svg(observe(state, 0), config=GAME.test_configs()[0])
    with pytest.raises(TypeError, match="not int"):
        render_svg(3)  # type: ignore[arg-type]


def test_another_edition_is_drawn_whole_and_a_view_with_its_own_config() -> None:
    """A longer Path and a wider, taller sheet: every space and cell is drawn, within the width."""
    text = resources.files("ofrenda_rules.ofrendados").joinpath("data/default_edition.json").read_text()
    data = json.loads(text)
    data["name"] = "picture test: long path, tall sheet"
    data["path"]["spaces"] += [{"flower": flower} for flower in "ABCABCABCABC"]
    data["sheet"] = {
        "widths": [9, 7, 7, 5, 5, 3],
        "first": [0, 1, 1, 2, 2, 3],
        "row_points": [3, 4, 5, 6, 8, 10],
        "portrait_row": 4,
    }
    edition = load_edition(json.dumps(data))
    config = Config(players=4, edition=edition)
    state = GAME.new_game(config, 11)
    chooser = random.Random(3)
    for _ in range(120):
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert render_svg(observe(state, 3)) == render_svg(observe(state, 3), config=config)  # the view's own config
    for svg in (render_svg(state), render_svg(observe(state, 3))):
        _check_document(svg)
        labels = _group_titles(svg)
        assert sum(1 for label in labels if label.startswith("Space ")) == 36
        assert "Space 36: flower C, END +10 pts (land of the living)" in labels
        assert sum(1 for label in labels if label.startswith("Cell ")) == 4 * 36
        assert "+10 if full" in _texts(svg) or "full +10" in _texts(svg)
    with pytest.raises(ConfigError, match="do not have the 23 cells"):
        render_svg(observe(state, 3), config=Config(players=4))


def test_jupyter_and_the_registry_use_render_svg() -> None:
    state = start(players=4)
    view = observe(state, 2)
    assert isinstance(view, View)
    assert state._repr_svg_() == render_svg(state)
    assert view._repr_svg_() == render_svg(view)
    assert GAME.render_svg is render_svg


def test_the_picture_grows_with_the_player_count_and_stays_within_the_width() -> None:
    sizes = {}
    for players in (2, 3, 4):
        root = _parse(render_svg(start(players=players)))
        sizes[players] = (float(root.attrib["width"]), float(root.attrib["height"]))
        assert re.fullmatch(r"0 0 \d+ \d+", root.attrib["viewBox"])
    assert all(width <= 1200 for width, _ in sizes.values())
    assert sizes[4][1] > sizes[2][1]


@pytest.mark.parametrize("power", [RerollDie, TurnDie])
def test_a_rerolled_or_turned_die_is_linked_to_the_face_it_showed(power: type[RerollDie | TurnDie]) -> None:
    """Issue 38: "the Ofrendados picture does not link a rerolled die to its new value"."""
    shown = 0
    for seed in range(40):
        state, choose = new_game(Config(players=2), seed=seed), random.Random(seed)
        for _ in range(2000):
            if is_over(state):
                break
            actions = legal_actions(state)
            powers = [action for action in actions if isinstance(action, power)]
            state = apply(state, powers[0] if powers else choose.choice(actions))
            if powers:
                svg = render_svg(observe(state, max(current_player(state), 0)))
                how = "rerolled" if power is RerollDie else "turned"
                assert f"die was just {how}: it showed {powers[0].pips}</title>" in svg
                assert f">was {powers[0].pips}</text>" in svg
                shown += 1
                break
        if shown >= 2:
            break
    assert shown >= 2
