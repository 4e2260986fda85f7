"""SVG pictures of the table: well-formed, standalone, deterministic, drawing what each seat may see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import attrs
import pytest

from ofrenda_rules.dia_de_los_muertos import (
    DEFAULT_DECK,
    GAME,
    Card,
    Config,
    DeckEdition,
    Mark,
    PlayCard,
    State,
    TakeCard,
    apply,
    hidden_variant,
    new_game,
    observe,
    outcome,
    render_svg,
    score,
)
from ofrenda_rules.dia_de_los_muertos.picture import WIDTH
from ofrenda_rules.errors import ConfigError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import dumps, loads
from tests.dia_de_los_muertos.helpers import card, cards, deal, fill

SVG = "{http://www.w3.org/2000/svg}"
FORBIDDEN = ("<script", "<image", "href", "url(", "@import", "@font-face", "<foreignObject", "<style")
SAMPLES_PER_GAME = 8


def parse(svg: str) -> ET.Element:
    """The parsed picture, after every check that holds for any picture."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text and "Día de los Muertos" in title.text
    assert desc is not None and desc.text
    for word in FORBIDDEN:
        assert word not in svg, word
    assert float(root.attrib["width"]) <= 1200
    return root


def groups(root: ET.Element) -> Iterator[tuple[str, ET.Element]]:
    """Every labelled group with its label."""
    for group in root.iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if title is not None and title.text is not None:
            yield title.text, group


def group(root: ET.Element, prefix: str, css_class: str | None = None) -> ET.Element:
    """The one group whose label starts with ``prefix`` (of that class, if given)."""
    found = [g for label, g in groups(root) if label.startswith(prefix) and css_class in (None, g.get("class"))]
    assert len(found) == 1, (prefix, [label for label, _ in groups(root)])
    return found[0]


def label_of(element: ET.Element) -> str:
    title = element.find(f"{SVG}title")
    assert title is not None and title.text is not None
    return title.text


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


CARD_NAME = re.compile(r"\b(?:Black|Red|White) (?:[1-9]|1[0-9]|20)\b")


def names(svg: str, hidden: list[Card]) -> list[str]:
    """The names of ``hidden`` cards written anywhere in ``svg`` (``Red 1`` does not match ``Red 14``)."""
    written = set(CARD_NAME.findall(svg))
    return [str(c) for c in hidden if str(c) in written]


def hidden_from(state: State, seat: int) -> list[Card]:
    hidden = [c for other, hand in enumerate(state.hands) if other != seat for c in hand]
    return hidden + list(state.stock) + list(state.set_aside)


def sampled_states(config: Config, seed: int | None) -> list[State]:
    """A bounded sample of the states of one random playout, the first and the final one included."""
    seen: list[State] = []
    playout = random_playout(GAME, config, seed, seed or 99, on_step=lambda state, action: seen.append(state))
    seen.append(playout.final)
    step = max(1, len(seen) // SAMPLES_PER_GAME)
    return [*seen[::step], playout.final]


def check_state_and_views(state: State, rng: Rng) -> Rng:
    config = state.config
    svg = render_svg(state)
    root = parse(svg)
    assert svg == render_svg(loads(dumps(state), State)), "the same state gives the same text"
    assert "omniscient" in label_of(root)
    for seat, hand in enumerate(state.hands):  # every hand face up, card by card
        row = group(root, f"Seat {seat + 1}'s hand: {len(hand)} card{'' if len(hand) == 1 else 's'}", "hand-row")
        drawn = [label_of(g).split(" (")[0] for g in row.iter(f"{SVG}g") if g.get("class") == "card"]
        assert drawn == [str(c) for c in hand]
    everything = hidden_from(state, -1)  # every hand, the deck and the cards set aside
    assert names(svg, everything) == [str(c) for c in everything]
    for seat in range(config.players):
        view = observe(state, seat)
        picture = render_svg(view, config=config)
        view_root = parse(picture)
        assert f"Seat {seat + 1}'s view" in label_of(view_root)
        assert not names(picture, hidden_from(state, seat)), f"Seat {seat + 1} sees hidden cards"
        for other in range(config.players):
            if other != seat:
                hand_group = group(view_root, f"Seat {other + 1}'s hand:")
                assert label_of(hand_group).endswith("face down")
                assert not [g for g in hand_group.iter(f"{SVG}g") if g.get("class") == "card"]
        variant = hidden_variant(state, seat, rng)
        rng = Rng(rng.next_u64()[0])
        assert render_svg(observe(variant, seat), config=config) == picture
        assert render_svg(observe(variant, seat)) == render_svg(view)
    return rng


@pytest.mark.parametrize("config", GAME.test_configs(), ids=GAME.describe_config)
def test_every_state_and_view_of_a_playout_draws_and_hides_what_it_must(config: Config) -> None:
    rng = Rng(5)
    for state in sampled_states(config, seed=17 + config.players):
        rng = check_state_and_views(state, rng)


def test_an_unseeded_game_draws_while_dealing() -> None:
    states = sampled_states(Config(players=3), seed=None)
    dealing = [s for s in states if s.dealt < 45]
    assert dealing
    rng = Rng(3)
    for state in states:
        rng = check_state_and_views(state, rng)
    root = parse(render_svg(dealing[-1]))
    deck = group(root, "Deck: ")
    assert label_of(deck) == f"Deck: {len(dealing[-1].stock)} cards face down, to deal"
    assert "Dealing:" in label_of(group(root, "Status:"))


def trick(config: Config) -> State:
    """Seat 1 leads the Red 14 (Low, -1), Seat 2 plays the Red 17 (High, +1), Seat 3 the Red 10 (TAKE)."""
    hands = fill(config, [cards("R14"), cards("R17"), cards("R10")])
    state = deal(config, hands)
    for play in ("R14", "R17", "R10"):
        state = apply(state, PlayCard(card(play)))
    assert state.taking and state.to_play == 2
    return state


def test_the_trick_the_high_low_card_and_a_pending_take_are_drawn() -> None:
    state = trick(Config(players=4))
    svg = render_svg(state)
    root = parse(svg)
    lead = group(root, "Card in front of Seat 1: Red 14")
    assert label_of(lead) == (
        "Card in front of Seat 1: Red 14 (Offering): Low arrow, -1 point (lead card; Seat 3 may take it)"
    )
    assert {"14", "Red", "L", "-1", "LEAD", "can be taken"} <= set(texts(lead))
    seventeen = group(root, "Card in front of Seat 2: Red 17")
    assert {"17", "H", "+1", "can be taken"} <= set(texts(seventeen))
    take = group(root, "Card in front of Seat 3: Red 10")
    assert "TAKE" in texts(take) and "can be taken" not in texts(take)
    assert label_of(group(root, "No card in front of Seat 4"))
    high_low = group(root, "High/Low card:")
    assert label_of(high_low) == "High/Low card: Red (Offering) led, Low side up: the lowest card wins"
    assert "LOW" in texts(high_low)
    assert "Seat 3 played a TAKE card and must take a card" in label_of(group(root, "Status:"))
    assert "taking" in label_of(group(root, "Seat 3: "))
    assert "lead" in label_of(group(root, "Seat 1: "))


def test_the_lock_variant_marks_the_lead_locked_and_not_takeable() -> None:
    root = parse(render_svg(trick(Config(players=4, lock_lead=True))))
    lead = group(root, "Card in front of Seat 1: Red 14")
    assert "LEAD, locked" in texts(lead) and "can be taken" not in texts(lead)
    assert "can be taken" in texts(group(root, "Card in front of Seat 2: Red 17"))
    assert "lead card locked" in "".join(texts(group(root, "Status:")))


def test_a_view_is_drawn_with_its_own_config_unless_told_another() -> None:
    view = observe(trick(Config(players=4, lock_lead=True)), 1)
    assert "can be taken" in render_svg(view)
    assert render_svg(view) == render_svg(view, config=Config(players=4, lock_lead=True))
    assert render_svg(view) != render_svg(view, config=Config(players=4))


def test_score_piles_and_the_own_hand() -> None:
    state = trick(Config(players=4))
    state = apply(state, TakeCard(card("R17")))
    assert state.piles[2] == (card("R17"),)
    view = observe(state, 2)
    root = parse(render_svg(view, config=state.config))
    assert label_of(group(root, "Seat 3 (you)'s score pile:")) == "Seat 3 (you)'s score pile: 1 card, 1 point (Red 17)"
    assert "+1 point" in texts(group(root, "Seat 3 (you)'s score pile:"))
    own = group(root, "Your hand (Seat 3):", "hand-row")
    drawn = [label_of(g).split(" (")[0] for g in own.iter(f"{SVG}g") if g.get("class") == "card"]
    assert drawn == [str(c) for c in state.hands[2]]
    assert "Seat 3 (you)" in texts(root)
    assert "Seat 3's hand" not in render_svg(view)  # the viewer's seat is named "you"


def test_the_player_to_move_sees_which_cards_are_playable() -> None:
    config = Config(players=4)
    hands = fill(config, [cards("R14"), cards("R17", "B3", "W5")])
    state = apply(deal(config, hands), PlayCard(card("R14")))
    root = parse(render_svg(observe(state, 1)))
    own = group(root, "Your hand (Seat 2):", "hand-row")
    labels = {label_of(g).split(" (")[0]: label_of(g) for g in own.iter(f"{SVG}g") if g.get("class") == "card"}
    red = [c for c in state.hands[1] if c.suit is card("R1").suit]
    assert all(labels[str(c)].endswith("(playable now)") for c in red)
    assert labels["Black 3"].endswith("(cannot be played now)")
    assert "follow Red" in " ".join(texts(own))


def test_a_finished_game_shows_the_ranking_of_outcome() -> None:
    state = random_playout(GAME, Config(players=5), 3, 4).final
    result = outcome(state)
    for subject in (state, observe(state, 0)):
        root = parse(render_svg(subject))
        ranking = label_of(group(root, "Result:"))
        for seat, points in enumerate(result.scores):
            name = "Seat 1 (you)" if subject is not state and seat == 0 else f"Seat {seat + 1}"
            assert f"{result.ranks[seat] + 1}. {name}: {points} point" in ranking
        status = label_of(group(root, "Status:"))
        assert "Game over" in status
        for winner in result.winners:
            assert f"Seat {winner + 1}" in status
            assert "winner" in label_of(
                group(root, f"Seat {winner + 1}{' (you)' if subject is not state and winner == 0 else ''}: ")
            )
        assert label_of(group(root, "Set aside at the end, not scored:")).endswith(f"{len(state.set_aside)} cards")
    assert score(state) == result.scores


def test_cards_are_drawn_as_printed_in_the_edition_of_the_config() -> None:
    flipped = tuple(
        attrs.evolve(spec, mark=Mark.HIGH) if spec.card == card("R14") else spec for spec in DEFAULT_DECK.cards
    )
    config = Config(players=4, edition=DeckEdition(name="test: Red 14 marked High", cards=flipped))
    hands = fill(config, [cards("R14")])
    state = apply(deal(config, hands), PlayCard(card("R14")))
    lead = "Card in front of Seat 1: Red 14 (Offering): High arrow"
    assert label_of(group(parse(render_svg(state)), "Card in front of Seat 1")).startswith(lead)
    assert label_of(group(parse(render_svg(observe(state, 1), config=config)), "Card in front")).startswith(lead)
    own = label_of(group(parse(render_svg(observe(state, 1))), "Card in front"))  # the view's own config
    assert own.startswith(lead)
    default = label_of(group(parse(render_svg(observe(state, 1), config=Config(players=4))), "Card in front"))
    assert default.startswith("Card in front of Seat 1: Red 14 (Offering): Low arrow")


def test_a_config_that_does_not_fit_is_refused() -> None:
    state = new_game(Config(players=4), seed=1)
    with pytest.raises(ConfigError, match="its own config"):
        render_svg(state, config=Config(players=4, lock_lead=True))
    with pytest.raises(ConfigError, match="config is for 3 players, the view for 4"):
        render_svg(observe(state, 0), config=Config(players=3))
    assert render_svg(state, config=state.config) == render_svg(state)


def test_jupyter_shows_states_and_views_and_the_game_definition_draws() -> None:
    state = new_game(Config(players=6), seed=2)
    assert state._repr_svg_() == render_svg(state)
    assert observe(state, 4)._repr_svg_() == render_svg(observe(state, 4))
    assert GAME.render_svg is render_svg


def test_the_picture_grows_with_the_players_and_stays_within_its_width() -> None:
    heights = []
    for players in (3, 4, 5, 6):
        root = parse(render_svg(new_game(Config(players=players), seed=1)))
        assert float(root.attrib["width"]) == WIDTH
        heights.append(float(root.attrib["height"]))
    assert heights == sorted(heights) and heights[0] < heights[-1]
    view = parse(render_svg(observe(new_game(Config(players=6), seed=1), 0)))
    assert float(view.attrib["height"]) < heights[-1]


def test_the_split_variant_says_which_card_leads_next() -> None:
    root = parse(render_svg(trick(Config(players=4, high_low_split=True))))
    assert label_of(group(root, "High/Low card:")).endswith("Low side up: lowest card leads next")
    assert "Advanced game (High/Low split)" in texts(group(root, "Status:"))[1]


@pytest.mark.parametrize("players", [3, 6])
def test_every_component_is_a_labelled_group(players: int) -> None:
    state = trick(Config(players=players))
    for subject in (state, observe(state, 1)):
        root = parse(render_svg(subject))
        children = [child for child in root if child.tag not in (f"{SVG}title", f"{SVG}desc")]
        background, *parts = children
        assert background.tag == f"{SVG}rect"
        assert parts and all(part.tag == f"{SVG}g" and label_of(part) for part in parts)
        cards_drawn = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
        assert cards_drawn and all(label_of(g) for g in cards_drawn)
