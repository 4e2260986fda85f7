"""The server's browser client in headless Chromium: a person creates a match against bots and plays it to the end.

Needs the ``server`` extra, selenium and Chromium (``nox -s browser`` installs
them). The server runs as ``ofrenda-rules serve`` on a loopback port; every
wait is bounded and the server is always stopped.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.test_viewer_in_chromium import REQUIRED, WAIT_SECONDS, browser  # noqa: F401

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError:  # pragma: no cover - the browser session installs the server extra
    if REQUIRED:
        raise
    pytest.skip("the server extra is not installed", allow_module_level=True)

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.server.serving import free_port, start, stop, wait_listening

MOVES = 400
"""The most moves the person makes before the game must be over (a bound)."""
SCREENSHOT_AT = 6
"""With ``OFRENDA_SCREENSHOTS=DIR``, the loop turn whose page is saved as ``DIR/<game>.png``."""


def _step_changed_from(step: str | None) -> Callable[[webdriver.Chrome], bool]:
    def changed(driver: webdriver.Chrome) -> bool:
        return driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") != step

    return changed


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    server = start(port, tmp_path, str(tmp_path / "client.db"))
    try:
        wait_listening(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(server)


@pytest.mark.parametrize("name", ["dia_de_los_muertos", "ofrenda", "ofrendados", "portents"])
def test_a_person_plays_a_whole_match_against_bots_in_the_browser(
    name: str,
    served: str,
    browser: webdriver.Chrome,  # noqa: F811
) -> None:
    wait = WebDriverWait(browser, WAIT_SECONDS)
    browser.get(served + "/")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    Select(browser.find_element(By.ID, "game")).select_by_value(name)
    players = Select(browser.find_element(By.ID, "players"))
    players.select_by_index(0)
    browser.find_element(By.ID, "seed").send_keys("21")
    browser.find_element(By.ID, "start").click()
    link = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#links a.seat-link"))
    assert link.text == "Play seat 0"
    browser.get(link.get_attribute("href") or "")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-step") is not None)
    picture = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#picture svg"))
    assert picture.size["width"] > 100
    shots = os.environ.get("OFRENDA_SCREENSHOTS")
    for move in range(MOVES):
        turn = browser.find_element(By.ID, "turn").text
        if shots and move == SCREENSHOT_AT:  # the pictures in the docs (docs/server/*.png)
            browser.save_screenshot(str(Path(shots) / f"{name}.png"))
        if turn == "Game over":
            break
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
        if turn == "Your move" and buttons:
            step = browser.find_element(By.TAG_NAME, "body").get_attribute("data-step")
            buttons[-1].click()
            wait.until(_step_changed_from(step))
        else:
            wait.until(lambda d: d.find_element(By.ID, "turn").text in ("Your move", "Game over"))
    assert browser.find_element(By.ID, "turn").text == "Game over"
    body = browser.find_element(By.TAG_NAME, "body")
    wait.until(lambda d: body.get_attribute("data-seq") == body.get_attribute("data-step"))  # the push stream's seq
    assert browser.find_element(By.ID, "result").text.strip()
    assert browser.find_element(By.ID, "problem").text == ""
    log = browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
    assert [entry for entry in log if entry.get("level") == "SEVERE"] == []
