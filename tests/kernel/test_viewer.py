"""The replay viewer: frames, the self-contained HTML page, and ``replay --html``."""

from __future__ import annotations

import html.parser
import json
from pathlib import Path

import pytest

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.replay import AnyReplay, Step, record
from ofrenda_rules.viewer import ViewerError, replay_frames, replay_html

GAMES = [pytest.param(game, id=game.info.name) for game in games()]


def a_replay(game: AnyGame, seed: int = 4) -> AnyReplay:
    config = game.test_configs()[-1]
    playout = random_playout(game, config, seed, seed)
    assert game.is_over(playout.final)
    return record(game, config, seed, playout.actions)


class _Resources(html.parser.HTMLParser):
    """Every attribute of the page that could fetch something."""

    def __init__(self) -> None:
        super().__init__()
        self.fetches: list[tuple[str, str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "data", "action", "poster"):
                self.fetches.append((tag, name, value or ""))


@pytest.mark.parametrize("game", GAMES)
def test_frames_are_the_setup_and_every_step_numbered_as_play_numbers_them(game: AnyGame) -> None:
    replay = a_replay(game)
    frames = replay_frames(replay)
    assert [frame.number for frame in frames] == list(range(len(replay.steps) + 1))
    assert frames[0].action == "setup" and not frames[0].over
    assert frames[-1].over and not any(frame.over for frame in frames[:-1])
    assert all(frame.svg.startswith("<svg") for frame in frames)
    seats = range(game.test_configs()[-1].players)
    assert all(frame.actor in ("chance", *(f"Seat {s + 1}" for s in seats)) for frame in frames[1:])
    assert sum(len(frame.events) for frame in frames) > 0, "a whole game without a single event"


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_sees_only_its_own_pictures_and_events(game: AnyGame) -> None:
    replay = a_replay(game)
    whole = replay_frames(replay)
    seen = replay_frames(replay, seat=0)
    assert len(seen) == len(whole)
    state = game.new_game(replay.config, replay.seed)
    assert seen[0].svg == game.render_svg(game.observe(state, 0))
    if game.info.hidden_information:
        assert any(a.svg != b.svg for a, b in zip(whole, seen, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_self_contained_and_the_same_each_time(game: AnyGame) -> None:
    replay = a_replay(game)
    page = replay_html(replay)
    assert page == replay_html(replay)
    parser = _Resources()
    parser.feed(page)
    assert parser.fetches == [], "the page refers to something outside itself"
    assert parser.tags.count("section") == len(replay.steps) + 1
    svg_namespace = ('xmlns="http://www.w3.org/2000/svg"', 'xmlns=\\"http://www.w3.org/2000/svg\\"')  # as is, in JSON
    assert "http://" not in page.replace(svg_namespace[0], "").replace(svg_namespace[1], "")
    assert "https://" not in page
    assert "<title>" in page and game.info.title.split()[0] in page


def test_a_refused_step_or_a_missing_seat_is_a_typed_error() -> None:
    game = next(g for g in games() if g.info.name == "dia_de_los_muertos")
    replay = a_replay(game)
    broken = type(replay)(
        game=replay.game,
        config=replay.config,
        seed=replay.seed,
        steps=(replay.steps[1], *replay.steps),
    )
    with pytest.raises(ViewerError, match="step 1") as caught:
        replay_frames(broken)
    assert isinstance(caught.value, OfrendaRulesError)
    with pytest.raises(ViewerError, match="seat 9"):
        replay_frames(replay, seat=9)
    over = type(replay)(
        game=replay.game, config=replay.config, seed=replay.seed, steps=(*replay.steps, Step(replay.steps[0].action))
    )
    with pytest.raises(ViewerError, match="already over"):
        replay_frames(over)


def test_replay_html_writes_the_viewer(tmp_path: Path) -> None:
    from tests.cli.test_cli import run

    file, page = tmp_path / "game.json", tmp_path / "game.html"
    status, _, err = run("play", "portents", "-p", "2", "--seed", "3", "--save", str(file), "-q")
    assert status == 0, err
    status, out, err = run("replay", str(file), "--html", str(page), "--seat", "2")
    assert status == 0, err
    assert f"viewer written to {page}" in out
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "as Seat 2 sees it" in text
    status, _, err = run("replay", str(file), "--html", str(tmp_path / "missing" / "x.html"))
    assert status != 0 and "cannot write" in err


def test_the_page_keeps_each_svg_line_once_and_every_frame_rebuilds_exactly() -> None:
    """Issue 38, point 6: a long game's page stays small; the frames' pictures are distinct lines plus runs."""
    import json as _json
    import re as _re

    game = next(g for g in games() if g.info.name == "portents")
    replay = a_replay(game, 3)
    page = replay_html(replay)
    found = _re.search(r'<script type="application/json" id="pictures">(.*?)</script>', page, _re.S)
    assert found is not None
    data = _json.loads(found.group(1))
    frames = replay_frames(replay)
    assert len(data["frames"]) == len(frames) > 20
    rebuilt = 0
    for frame, runs in zip(frames, data["frames"], strict=True):
        lines = [
            data["lines"][first + k] for first, count in zip(runs[::2], runs[1::2], strict=True) for k in range(count)
        ]
        assert "\n".join(lines) == frame.svg
        rebuilt += 1
    assert rebuilt == len(frames)
    assert "</svg>" not in page.split('id="pictures">', 1)[1].split("</script>", 1)[0]
    assert len(page.encode()) * 4 < sum(len(frame.svg.encode()) for frame in frames)


def test_a_708_step_portents_game_s_page_stays_under_two_megabytes(tmp_path: Path) -> None:
    """Issue 38, point 6: "a 708-step Portents replay is 24 MB today; aim for at most 2 MB without network access"."""
    from tests.cli.test_cli import run

    file, page = tmp_path / "game.json", tmp_path / "game.html"
    status, _, err = run("play", "portents", "--seed", "3", "--bots", "random", "--save", str(file), "-q")
    assert status == 0, err
    status, _, err = run("replay", str(file), "--html", str(page))
    assert status == 0, err
    steps = len(json.loads(file.read_text(encoding="utf-8"))["steps"])
    assert steps == 708, "the issue's game: play portents --seed 3 --bots random"
    size = page.stat().st_size
    assert size <= 2_000_000, f"{size:,} bytes"
    parser = _Resources()
    parser.feed(page.read_text(encoding="utf-8"))
    assert not parser.fetches, "the page fetches nothing"
