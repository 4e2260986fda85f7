"""The browser client's Undo button in headless Chromium: enabled only when the rules allow, the refusal as tooltip.

Needs the ``server`` extra, selenium and Chromium (``nox -s browser`` installs
them). The server runs as ``ofrenda-rules serve`` on a loopback port; the other
seat plays through the HTTP API; every wait is bounded and the server is always
stopped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
from selenium.webdriver.support.ui import WebDriverWait

from tests.server.serving import free_port, request, start, stop, wait_listening


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    server = start(port, tmp_path, str(tmp_path / "undo.db"))
    try:
        wait_listening(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(server)


def _answer(url: str, secret: str, body: object | None = None) -> dict[str, Any]:
    status, answer = request(url, body, secret)
    assert status == 200, answer
    assert isinstance(answer, dict)
    return answer


def _step(driver: webdriver.Chrome) -> str | None:
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-step")


def test_the_undo_button_follows_the_rules_and_takes_a_decision_back(
    served: str,
    browser: webdriver.Chrome,  # noqa: F811
) -> None:
    status, created = request(served + "/matches", {"game": "portents", "seats": ["human", "human"], "seed": 7})
    assert status == 201 and isinstance(created, dict)
    match, secrets = created["match"], created["secrets"]
    seats = f"{served}/matches/{match}/seats"
    wait = WebDriverWait(browser, WAIT_SECONDS)
    try:
        browser.get(f"{served}/#match={match}&seat=0&secret={secrets['0']}")
        wait.until(lambda d: _step(d) == "0")
        button = browser.find_element(By.ID, "undo")
        assert not button.is_enabled()
        assert button.get_attribute("title") == "nothing has been played yet"
        # Seat 2 lights the setup's offering (through the API): not Seat 1's decision to take back.
        other = _answer(f"{seats}/1", secrets["1"])
        _answer(f"{seats}/1/actions", secrets["1"], {"step": 0, "action": other["legal_actions"][0]})
        wait.until(lambda d: _step(d) == "1")
        lit_view = _answer(f"{seats}/1", secrets["1"])["view"]
        wait.until(lambda d: d.find_element(By.ID, "undo").get_attribute("data-code") == "not-your-decision")
        button = browser.find_element(By.ID, "undo")
        assert not button.is_enabled()
        assert button.get_attribute("title") == "the last step was Seat 2's decision, not Seat 1's"
        # Seat 1 pushes: now it may take that back.
        mine = _answer(f"{seats}/0", secrets["0"])
        _answer(f"{seats}/0/actions", secrets["0"], {"step": 1, "action": mine["legal_actions"][0]})
        wait.until(lambda d: _step(d) == "2")
        wait.until(lambda d: d.find_element(By.ID, "undo").is_enabled())
        button = browser.find_element(By.ID, "undo")
        assert button.get_attribute("title") == "Take back your last decision"
        button.click()
        wait.until(lambda d: _step(d) == "3")
        wait.until(lambda d: d.find_element(By.ID, "undo").get_attribute("data-code") == "not-your-decision")
        logged = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#events li")]
        assert sum(1 for line in logged if line.startswith("Seat 1 took back: ")) == 1, logged
        assert not browser.find_element(By.ID, "undo").is_enabled()
        # The server agrees: the match is back where Seat 1 pushed from, and the other seat was told.
        after = _answer(f"{seats}/1", secrets["1"])
        assert after["step"] == 3 and after["to_move"] == 0
        assert after["undone"] == {"seat": 0, "text": "Seat 1 took back a decision"}
        assert after["view"] == lit_view
        assert browser.find_element(By.ID, "problem").text == ""
    finally:
        browser.get("about:blank")
        browser.get_log("browser")  # type: ignore[no-untyped-call]  # selenium leaves get_log unannotated
