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
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.server.serving import free_port, start, stop, wait_listening

CLICKS = 1500
"""The most clicks the person makes before the game must be over (a bound)."""
KEYS = 200
"""The most key presses to reach a part of the table, and the most loop turns of the keyboard test (bounds)."""
SCREENSHOT_AT = 6
"""With ``OFRENDA_SCREENSHOTS=DIR``, the click whose page is saved as ``DIR/<game>.png``."""


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


@pytest.fixture(autouse=True)
def leave_the_page(served: str, browser: webdriver.Chrome) -> Iterator[None]:  # noqa: F811
    """Leave the client's page before its server stops: the page would keep reconnecting to a closed port."""
    yield
    browser.get("about:blank")
    browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated


def _open_seat(driver: webdriver.Chrome, served: str, name: str, wait: WebDriverWait[webdriver.Chrome]) -> None:
    """Create a match of ``name`` (seat 0 a person, the others bots) from the lobby and open seat 0's link."""
    driver.get(served + "/")
    # The page of an earlier test, left open on its stopped server, logged its reconnection attempts: drop them.
    driver.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    Select(driver.find_element(By.ID, "game")).select_by_value(name)
    players = Select(driver.find_element(By.ID, "players"))
    players.select_by_index(0)
    driver.find_element(By.ID, "seed").send_keys("21")
    driver.find_element(By.ID, "start").click()
    link = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#links a.seat-link"))
    assert link.text == "Play Seat 1"
    driver.get(link.get_attribute("href") or "")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-step") is not None)
    picture = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#picture svg"))
    assert picture.size["width"] > 100


def _marks(driver: webdriver.Chrome) -> str:
    """What the page shows of the game and the picks: its step and the state of the current pick."""
    body = driver.find_element(By.TAG_NAME, "body")
    turn = driver.find_element(By.ID, "turn").text
    return f"{body.get_attribute('data-step')}/{body.get_attribute('data-picks')}/{turn}"


@pytest.mark.parametrize("name", ["dia_de_los_muertos", "ofrenda", "ofrendados", "portents"])
def test_a_person_plays_a_whole_match_by_clicking_the_table(
    name: str,
    served: str,
    browser: webdriver.Chrome,  # noqa: F811
) -> None:
    """Issue 38: every move is made by clicking the highlighted parts of the picture.

    A choice with no place on the table ("use its face", "pass") is taken from
    the list beside the board only when the picture offers nothing to click.
    """
    wait = WebDriverWait(browser, WAIT_SECONDS)
    _open_seat(browser, served, name, wait)
    shots = os.environ.get("OFRENDA_SCREENSHOTS")
    on_picture = from_list = stale = 0
    listed: list[list[str]] = []  # the lists a choice was taken from
    longest = 0
    for _ in range(CLICKS):
        turn = browser.find_element(By.ID, "turn").text
        if turn == "Game over":
            break
        marked = browser.find_elements(By.CSS_SELECTOR, "#picture .pickable")
        choices = browser.find_elements(By.CSS_SELECTOR, "#moves button.choice")
        longest = max(longest, len(browser.find_elements(By.CSS_SELECTOR, "#moves li")))
        if turn != "Your move" or not (marked or choices):
            wait.until(lambda d: d.find_element(By.ID, "turn").text in ("Your move", "Game over"))
            wait.until(
                lambda d: (
                    d.find_elements(By.CSS_SELECTOR, "#picture .pickable, #moves button.choice")
                    or d.find_element(By.ID, "turn").text == "Game over"
                )
            )
            continue
        if not marked and choices:  # the picture may be a moment behind the list: give it a second
            try:
                WebDriverWait(browser, 1.0).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picture .pickable"))
                continue
            except TimeoutException:
                listed.append([choice.text for choice in choices])
        if shots and on_picture == SCREENSHOT_AT:  # the pictures in the docs (docs/server/*.png)
            browser.save_screenshot(str(Path(shots) / f"{name}.png"))
        try:
            before = _marks(browser)
            if marked:
                target = marked[0]
                assert target.get_attribute("data-pick") and target.get_attribute("id")
                assert target.get_attribute("tabindex") == "0" and target.get_attribute("role") == "button"
                ActionChains(browser).move_to_element(target).click().perform()
                on_picture += 1
            else:
                choices[0].click()
                from_list += 1
        except StaleElementReferenceException:  # the page drew a fresh answer meanwhile: look again
            stale += 1
            continue
        wait.until(lambda d, before=before: _marks(d) != before)  # type: ignore[misc]
    else:
        pytest.fail(f"the game did not end within {CLICKS} clicks")
    assert browser.find_element(By.ID, "turn").text == "Game over"
    body = browser.find_element(By.TAG_NAME, "body")
    wait.until(lambda d: body.get_attribute("data-seq") == body.get_attribute("data-step"))  # the push stream's seq
    assert browser.find_element(By.ID, "result").text.strip()
    assert browser.find_element(By.ID, "problem").text == ""
    assert on_picture > 10 and on_picture > from_list, (on_picture, from_list)
    assert stale < CLICKS // 10
    if name == "dia_de_los_muertos":
        assert from_list == 0, f"every Día de los Muertos move is a card on the table, not {listed}"
    assert longest <= 13, "the list beside the board never holds more than a dozen choices (and a note)"
    assert browser.find_elements(By.CSS_SELECTOR, "#events li"), "the event log"
    assert browser.find_element(By.ID, "narration").get_attribute("aria-live") == "polite"
    assert browser.find_element(By.ID, "narration").get_attribute("textContent"), "the narration was fed"
    log = browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
    assert [entry for entry in log if entry.get("level") == "SEVERE"] == []


def test_a_person_plays_with_the_keyboard_only(
    served: str,
    browser: webdriver.Chrome,  # noqa: F811
) -> None:
    """Issue 38: Tab reaches the parts of the table that may be picked, Enter picks one; moves are played.

    A 3-player hand of 15 cards is picked in two steps (a colour, then a card): a pick that is not yet a move
    changes the picks shown, a move the step.
    """
    wait = WebDriverWait(browser, WAIT_SECONDS)
    _open_seat(browser, served, "dia_de_los_muertos", wait)
    played = picked = 0
    for _ in range(KEYS):
        if played >= 4 or browser.find_element(By.ID, "turn").text == "Game over":
            break
        if browser.find_element(By.ID, "turn").text != "Your move":
            wait.until(lambda d: d.find_element(By.ID, "turn").text in ("Your move", "Game over"))
            continue
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picture .pickable"))
        step = browser.find_element(By.TAG_NAME, "body").get_attribute("data-step")
        body = browser.find_element(By.TAG_NAME, "body")
        focused = None
        for _ in range(KEYS):
            body.send_keys(Keys.TAB) if focused is None else browser.switch_to.active_element.send_keys(Keys.TAB)
            focused = browser.switch_to.active_element
            if "pickable" in (focused.get_attribute("class") or ""):
                break
        else:
            pytest.fail("Tab never reached a part of the table to pick")
        before = _marks(browser)
        focused.send_keys(Keys.ENTER)
        wait.until(lambda d, before=before: _marks(d) != before)  # type: ignore[misc]
        picked += 1
        if browser.find_element(By.TAG_NAME, "body").get_attribute("data-step") != step:
            played += 1
    assert played >= 4
    assert picked > played, "the 15-card hand's colour was picked before its card"


def test_the_client_sets_a_clock_and_spectators_and_shows_the_clocks(
    served: str,
    browser: webdriver.Chrome,  # noqa: F811
) -> None:
    from urllib.parse import unquote

    from tests.server.serving import request

    wait = WebDriverWait(browser, WAIT_SECONDS)
    browser.get(served + "/")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    Select(browser.find_element(By.ID, "game")).select_by_value("portents")
    Select(browser.find_element(By.ID, "players")).select_by_value("2")
    Select(browser.find_element(By.ID, "seat-1")).select_by_value("human")
    Select(browser.find_element(By.ID, "clock")).select_by_value("budget-300-5")
    Select(browser.find_element(By.ID, "spectators")).select_by_value("nobody")
    browser.find_element(By.ID, "start").click()
    link = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#links a.seat-link"))
    href = link.get_attribute("href") or ""
    match = unquote(href.split("match=")[1].split("&")[0])
    status, public = request(f"{served}/matches/{match}")
    assert status == 200 and isinstance(public, dict)
    assert public["spectators"] == "nobody" and public["clock"] == {"budget": 300.0, "increment": 5.0}
    browser.get(href)
    # The clocks are drawn again every second: read their words in one script, not element by element
    # (an element found before a redraw is stale after it).
    read = "return Array.from(document.querySelectorAll('#clocks li.clock')).map(e => e.innerText)"
    texts: list[str] = wait.until(lambda d: d.execute_script(read))
    assert len(texts) == 2
    assert texts[0].startswith("Seat 1 (you): ") and texts[1].startswith("Seat 2: "), texts
    assert all(":" in text.split(": ")[1] for text in texts)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#clocks li.clock.running")) == 1
