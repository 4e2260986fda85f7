"""The HTML replay viewer in a real browser: Debian's headless Chromium driven by selenium.

Run by ``nox -s browser``, which installs Chromium, its driver and selenium
and sets ``OFRENDA_REQUIRE_BROWSER=1``, so that a missing browser fails the
session instead of skipping. Elsewhere (``nox -s tests``) these tests skip
when selenium or Chromium is absent. The page is opened from a ``file://``
address: nothing is served and the browser has no network to reach.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ofrenda_rules.analysis import analyse, analysis_html
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, games, get_game
from ofrenda_rules.replay import record
from ofrenda_rules.viewer import replay_html

REQUIRED = os.environ.get("OFRENDA_REQUIRE_BROWSER") == "1"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WAIT_SECONDS = 10.0
"""Longest wait for the page to react (a bound, not a measurement)."""

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the browser session installs selenium
    if REQUIRED:
        raise
    pytest.skip("selenium is not installed (nox -s browser installs it)", allow_module_level=True)

if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):  # pragma: no cover
    if REQUIRED:
        raise RuntimeError(f"Chromium or its driver is missing ({CHROMIUM}, {DRIVER}): apt-get install chromium-driver")
    pytest.skip("Chromium and chromedriver are not installed", allow_module_level=True)

GAMES = [pytest.param(game, id=game.info.name) for game in games()]


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
        "--window-size=1400,1000",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _page(game: AnyGame, directory: Path) -> tuple[Path, int]:
    config = game.test_configs()[-1]
    playout = random_playout(game, config, 11, 11)
    replay = record(game, config, 11, playout.actions)
    page = directory / f"{game.info.name}.html"
    page.write_text(replay_html(replay, seat=0 if config.players > 1 else None), encoding="utf-8")
    return page, len(replay.steps)


def _step(driver: webdriver.Chrome) -> int:
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") or "-1")


def _shown(driver: webdriver.Chrome) -> list[str]:
    return [
        frame.get_attribute("id") or ""
        for frame in driver.find_elements(By.CSS_SELECTOR, "section.frame")
        if frame.is_displayed()
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_steps_through_a_game_with_its_controls(
    game: AnyGame, browser: webdriver.Chrome, tmp_path: Path
) -> None:
    page, steps = _page(game, tmp_path)
    browser.get(page.as_uri())
    wait = WebDriverWait(browser, WAIT_SECONDS)
    wait.until(lambda d: _step(d) == 0)
    assert _shown(browser) == ["frame-0"]
    label = browser.find_element(By.ID, "label")
    assert label.text == "set-up"
    picture = browser.find_element(By.CSS_SELECTOR, "#frame-0 .picture svg")
    assert picture.size["width"] > 100 and picture.size["height"] > 100, "the picture was not laid out as SVG"

    first_picture = picture.get_attribute("outerHTML")
    browser.find_element(By.ID, "next").click()
    wait.until(lambda d: _step(d) == 1)
    second = browser.find_element(By.CSS_SELECTOR, "#frame-1 .picture svg")
    assert second.is_displayed() and not picture.is_displayed()
    assert second.get_attribute("outerHTML") != first_picture, "the picture did not change with the step"
    assert _shown(browser) == ["frame-1"] and label.text == f"step 1 of {steps}"
    assert browser.find_element(By.CSS_SELECTOR, "#frame-1 .action").text.strip()

    browser.find_element(By.ID, "prev").click()
    wait.until(lambda d: _step(d) == 0)

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    wait.until(lambda d: _step(d) == steps)
    assert _shown(browser) == [f"frame-{steps}"] and "game over" in label.text

    browser.find_element(By.ID, "first").click()
    wait.until(lambda d: _step(d) == 0)
    # Issue 38: one step per arrow key when the slider has the focus; glyphs every font has.
    slider = browser.find_element(By.ID, "slider")
    slider.send_keys(Keys.ARROW_RIGHT)
    wait.until(lambda d: _step(d) >= 1)
    assert _step(browser) == 1 and slider.get_attribute("value") == "1"
    slider.send_keys(Keys.ARROW_LEFT)
    wait.until(lambda d: _step(d) == 0)
    assert browser.find_element(By.ID, "first").text == "\u25c0\u25c0 First"
    assert browser.find_element(By.ID, "last").text == "Last \u25b6\u25b6"
    browser.find_element(By.ID, "play").click()
    wait.until(lambda d: _step(d) >= 2)
    browser.find_element(By.ID, "play").click()  # pause
    paused = _step(browser)
    assert browser.find_element(By.ID, "play").text == "Play"
    assert 2 <= paused <= steps

    log = browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
    severe = [entry for entry in log if entry.get("level") == "SEVERE"]
    assert severe == [], f"the page logged errors: {severe}"


def test_the_analysis_page_moves_its_cursor_with_the_step_and_a_dot_shows_its_step(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    game = get_game("portents")
    config = game.config_type(players=2)
    playout = random_playout(game, config, 11, 11)
    replay = record(game, config, 11, playout.actions)
    analysis = analyse(replay, 0, budget="mcts:4:10", seed=1)
    page = tmp_path / "analysis.html"
    page.write_text(analysis_html(replay, analysis), encoding="utf-8")
    browser.get(page.as_uri())
    wait = WebDriverWait(browser, WAIT_SECONDS)
    wait.until(lambda d: _step(d) == 0)
    cursor = browser.find_element(By.ID, "cursor")
    start = float(cursor.get_attribute("x1") or "nan")
    width = float(cursor.get_attribute("data-step-width") or "nan")
    decision = analysis.decisions[-1]
    browser.find_element(By.CSS_SELECTOR, f'circle[data-goto="{decision.step}"]').click()
    wait.until(lambda d: _step(d) == decision.step)
    assert _shown(browser) == [f"frame-{decision.step}"]
    assert float(cursor.get_attribute("x1") or "nan") == pytest.approx(start + decision.step * width, abs=0.01)
    verdict = browser.find_element(By.CSS_SELECTOR, f"#frame-{decision.step} .verdict")
    assert verdict.is_displayed() and verdict.text.strip()
    browser.find_element(By.ID, "prev").click()
    wait.until(lambda d: _step(d) == decision.step - 1)
    assert float(cursor.get_attribute("x1") or "nan") == pytest.approx(start + (decision.step - 1) * width, abs=0.01)
    log = browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
    assert [entry for entry in log if entry.get("level") == "SEVERE"] == []
