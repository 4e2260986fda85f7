"""SVG pictures of Ofrenda: standalone, well formed, deterministic, and a view's picture shows only what it may."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest

from ofrenda_rules.errors import EditionError
from ofrenda_rules.ofrenda import (
    DEFAULT_EDITION,
    GAME,
    Config,
    Phase,
    State,
    TakePortrait,
    hidden_variant,
    new_game,
    observe,
    render_svg,
)
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from tests.ofrenda.helpers import set_up, with_board

SVG = "{http://www.w3.org/2000/svg}"
_FORBIDDEN = ("<script", "<image", "href", "url(", "@import", "@font-face", "<foreignObject", "<style")
_EVERY = 9  # pictures of every 9th state of a playout (and the first and last), to bound the run time


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and title.text and title.text.startswith("Ofrenda")
    assert desc is not None and desc.text
    for word in _FORBIDDEN:
        assert word not in svg, word
    return root


def _groups(root: ET.Element) -> dict[str, ET.Element]:
    """Every labelled group by its label."""
    found: dict[str, ET.Element] = {}
    for group in root.iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if title is not None and title.text:
            found[title.text] = group
    return found


def _texts(element: ET.Element) -> str:
    """All the text drawn or labelled inside an element."""
    return " | ".join(t for t in element.itertext() if t.strip())


def _hand_group(root: ET.Element, seat: int) -> ET.Element:
    matches = [g for label, g in _groups(root).items() if re.match(rf"Seat {seat + 1}( \(you\))?: hand of ", label)]
    assert len(matches) == 1
    return matches[0]


def _cards_named(text: str) -> set[int]:
    """The portraits a picture names (in labels ``portrait N:`` and on faces ``#N``)."""
    return {int(n) for n in re.findall(r"portrait (\d+):", text)} | {int(n) for n in re.findall(r"#(\d+)\b", text)}


def _visible_cards(state: State, seat: int) -> set[int]:
    cards = set(state.hands[seat]) | set(state.abuela_discards) | set(state.box)
    cards |= {c for c in state.market if c is not None}
    for board in state.boards:
        cards |= {c for c in board.portraits if c is not None} | set(board.discards)
    return cards


def _check_view(state: State, seat: int) -> None:
    svg = render_svg(observe(state, seat))
    root = _parse(svg)
    assert f"Seat {seat + 1} (you)" in svg
    for other in range(state.config.players):
        text = _texts(_hand_group(root, other))
        if other == seat:
            assert {c for c in _cards_named(text)} == set(state.hands[seat])
        else:
            assert _cards_named(text) == set(), text
    hidden = set(state.deck) | set(state.removed)
    for other in range(state.config.players):
        if other != seat:
            hidden |= set(state.hands[other])
    assert not (_cards_named(_texts(root)) & hidden)


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_every_sampled_state_and_view_of_a_playout_renders_and_hides_what_it_must(config: Config) -> None:
    states: list[State] = []
    playout = random_playout(GAME, config, seed=None, player_seed=11, on_step=lambda s, a: states.append(s))
    states.append(playout.final)
    sampled = [*states[::_EVERY], states[-1]]
    assert sampled[-1].phase is Phase.OVER
    for state in sampled:
        svg = render_svg(state)
        root = _parse(svg)
        assert "omniscient" in (root.findtext(f"{SVG}title") or "")
        for seat in range(config.players):
            assert _cards_named(_texts(_hand_group(root, seat))) == set(state.hands[seat])
            _check_view(state, seat)
    final = render_svg(playout.final)
    assert "Game over" in final


def test_a_view_of_a_hidden_variant_draws_the_same_picture() -> None:
    state = new_game(Config(players=3), seed=21)
    for seat in range(3):
        variant = hidden_variant(state, seat, Rng(seat + 7))
        assert variant.hands != state.hands
        assert render_svg(observe(variant, seat)) == render_svg(observe(state, seat))
        assert render_svg(variant) != render_svg(state)


def test_the_same_subject_gives_the_same_text() -> None:
    state = new_game(Config(players=4, common_goals=True), seed=5)
    assert render_svg(state) == render_svg(attrs.evolve(state))
    assert render_svg(observe(state, 2)) == render_svg(observe(state, 2))
    assert state._repr_svg_() == render_svg(state)
    assert observe(state, 1)._repr_svg_() == render_svg(observe(state, 1))
    assert GAME.render_svg is render_svg


def test_the_solo_view_hides_the_removed_portraits_the_state_picture_shows() -> None:
    state = new_game(Config(players=1), seed=8)
    assert len(state.removed) == 3
    shown = render_svg(state)
    seen = render_svg(observe(state, 0))
    removed = " ".join(f"#{c}" for c in state.removed)
    assert f"removed unseen: {removed}" in shown
    assert "removed unseen: 3 (face down)" in seen
    assert not _cards_named(_texts(_parse(seen))) & set(state.removed)


def _position() -> State:
    """Seat 1 with lit and unlit portraits, a lit candle and a marigold on the Ofrenda; marigolds in the market."""
    state = set_up(Config(players=2), market=(30, 31, 32, 33), candles=(10, 11, 12, 13))
    state = with_board(state, 0, portraits={0: 20, 1: 21, 5: 22, 2: 23}, lit=(0, 5), marigold_slots=(0,))
    board = state.boards[0]
    candle_slots = list(board.candle_slots)
    candle_lit = list(board.candle_lit)
    candle_slots[1], candle_lit[1] = 14, True
    board = attrs.evolve(board, candle_slots=tuple(candle_slots), candle_lit=tuple(candle_lit))
    return attrs.evolve(
        state,
        boards=(board, *state.boards[1:]),
        bag=tuple(c for c in state.bag if c != 14),
        market_marigolds=(0, 2, 1, 0),
        supply=state.supply - 3,
    )


def test_the_picture_names_lit_portraits_candles_marigolds_and_slots() -> None:
    state = _position()
    root = _parse(render_svg(state))
    labels = _groups(root)
    edition = DEFAULT_EDITION
    lit_20 = [label for label in labels if label.startswith("slot 1, marigold flower") and "portrait 20:" in label]
    assert lit_20 and lit_20[0].endswith("; lit")
    unlit_21 = [label for label in labels if label.startswith("slot 2: portrait 21:")]
    assert unlit_21 and unlit_21[0].endswith("; unlit")
    golden = [label for label in labels if label.startswith("slot 3, golden (x2): portrait 23:")]
    assert golden
    assert any(label.startswith("slot 9, crossed-out flower (-1 marigold): empty") for label in labels)
    candle = f"candle slot c2 (between card slots 2, 3, 7): candle 14: {edition.candle(14).objective.describe()}"
    assert any(label.startswith(candle) and label.endswith("; lit") for label in labels)
    assert "marigold slot m1 (between card slots 1, 2, 6): a marigold" in labels
    assert "space 2: 2 marigolds on it" in labels and "space 3: 1 marigold on it" in labels
    assert "space 1: 0 marigolds on it" in labels
    assert any(label.startswith("space 1 portrait 30:") for label in labels)
    assert any(label.startswith("space 4 candle: candle 13:") for label in labels)
    assert "C14 LIT" in _texts(labels["Seat 1: Ofrenda"])
    slot_2 = _texts(labels[golden[0]])
    assert re.search(r"\| unlit\s+x2$", slot_2) and "golden x2" not in slot_2
    assert "golden x2" in _texts(labels["Seat 2: Ofrenda"])


def test_pending_slots_whose_turn_and_game_over_are_written() -> None:
    state = attrs.evolve(_position(), phase=Phase.OFFERINGS, seat=0, pending=(3,))
    svg = render_svg(state)
    assert "candle slot c4 (between card slots 3, 4, 8): empty, to decide this turn" in svg
    assert "Seat 1 to move: place candles or marigolds in surrounded slots" in svg
    view = render_svg(observe(state, 1))
    assert "Seat 1 to move" in view and "Seat 2 (you)" in view
    final = random_playout(GAME, Config(players=2), seed=3, player_seed=2).final
    scores = GAME.outcome(final).scores
    winners = GAME.outcome(final).winners
    svg = render_svg(final)
    assert f"{scores[winners[0]]} points." in svg and "Game over" in svg
    for seat, points in enumerate(scores):
        assert f"Seat {seat + 1}: {points} points -- " in svg


def test_the_solo_picture_draws_the_abuela_and_the_tier() -> None:
    final = random_playout(GAME, Config(players=1), seed=6, player_seed=1).final
    result = GAME.outcome(final)
    assert result.tier is not None
    svg = render_svg(observe(final, 0))
    assert result.tier.verdict.split(" ")[0] in svg
    assert f"Game over. {result.scores[0]} points, solo tier" in svg
    assert f"Her discarded portraits: {len(final.abuela_discards)}" in svg


def test_sizes_follow_the_player_count() -> None:
    widths, heights = [], []
    for players in (1, 2, 3, 4):
        root = _parse(render_svg(new_game(Config(players=players), seed=1)))
        widths.append(float(root.get("width", "0")))
        heights.append(float(root.get("height", "0")))
    assert all(w <= 1200 for w in widths)
    assert widths[0] < widths[1] and heights[1] < heights[2] == heights[3]


def test_the_state_picture_lists_the_deck_and_the_bag_the_view_only_counts_them() -> None:
    state = new_game(Config(players=2), seed=12)
    deck = " ".join(f"#{c}" for c in state.deck)
    assert f"deck: {len(state.deck)} portraits face down ({deck})" in render_svg(state)
    seen = render_svg(observe(state, 0))
    assert f"deck: {len(state.deck)} portraits face down</title>" in seen
    assert f"candle bag: {len(state.bag)} candles</title>" in seen


def test_bad_subjects_are_refused() -> None:
    with pytest.raises(TypeError, match="not Config"):
        render_svg(Config())  # type: ignore[arg-type]
    view = observe(new_game(Config(players=2), seed=1), 0)
    bad = attrs.evolve(view, market=(99, *view.market[1:]))
    with pytest.raises(EditionError, match="does not have"):
        render_svg(bad)


def test_the_space_of_the_portrait_just_taken_says_its_candle_is_free() -> None:
    state = new_game(Config(players=2), seed=2025)
    state = GAME.apply(state, TakePortrait(1))
    assert state.phase is Phase.TAKE_CANDLE
    svg = render_svg(observe(state, 1))
    assert "space 2: portrait taken this turn" in svg and "candle above: free" in svg
    assert "candle above: free" not in render_svg(new_game(Config(players=2), seed=2025))


def test_candle_and_marigold_slots_stay_clear_of_the_cards() -> None:
    """Issue 38: "Ofrenda's placed candles overlap the neighbouring cards' edges" -- no candle/marigold slot's tile
    touches a card slot (its gilt frame included) at the end of a game full of candles."""
    from ofrenda_rules.ofrenda import Config, apply, current_player, is_over, legal_actions, new_game, reference_bot

    state = new_game(Config(players=2), seed=5)
    while not is_over(state):
        state = apply(state, reference_bot(state) if current_player(state) >= 0 else legal_actions(state)[0])
    assert sum(candle is not None for board in state.boards for candle in board.candle_slots) >= 4
    root = ET.fromstring(render_svg(state))
    ns = "{http://www.w3.org/2000/svg}"

    def rects(kind: str) -> list[tuple[float, float, float, float]]:
        found = []
        for group in root.iter(f"{ns}g"):
            if group.get("data-pick") == kind:
                for rect in group.iter(f"{ns}rect"):
                    x, y, w, h = (float(rect.get(key, "0")) for key in ("x", "y", "width", "height"))
                    found.append((x, y, w, h))
        return found

    slots, offerings = rects("slot"), rects("offering")
    assert len(slots) >= 24 and len(offerings) >= 8
    checked = 0
    for ox, oy, ow, oh in offerings:
        for sx, sy, sw, sh in slots:
            apart = ox + ow <= sx or sx + sw <= ox or oy + oh <= sy or sy + sh <= oy
            assert apart, f"the tile at ({ox}, {oy}) overlaps the card slot at ({sx}, {sy})"
            checked += 1
    assert checked == len(offerings) * len(slots)
