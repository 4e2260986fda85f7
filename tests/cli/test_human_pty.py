"""``play --human`` end to end through a pseudo-terminal, for every game: a person answers every prompt.

The command runs as a subprocess whose standard input and output are a
pseudo-terminal, as in a real terminal; the test reads what it shows and types
the number of the first legal move at every prompt until the result. Every
wait is bounded in time and the number of answers is bounded.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ofrenda_rules.registry import AnyGame, games

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(rb"your pick \(1-(\d+)[^)]*, q quit\): $")
SECONDS = 240.0
"""The longest a whole game may take here."""
ANSWERS = 2000
"""The most prompts one game may show (a bound)."""
MENU = 12
"""The most choices one menu shows at a time (issue 38: never a list longer than a dozen)."""


def read_until_prompt_or_exit(fd: int, process: subprocess.Popen[bytes], deadline: float) -> bytes:
    seen = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other end closed: the program ended
                return seen
            if not chunk:
                return seen
            seen += chunk
            if PROMPT.search(seen):
                return seen
        elif process.poll() is not None:
            return seen
    pytest.fail("the program neither prompted nor ended in time")


@pytest.mark.parametrize("game", [pytest.param(g, id=g.info.name) for g in games()])
def test_a_person_plays_a_whole_game_at_a_terminal(game: AnyGame) -> None:
    players = str(game.info.player_counts[0])
    command = [sys.executable, "-m", "ofrenda_rules.cli", "play", game.info.name, "-p", players]
    command += ["--seed", "4", "--human", "1"]
    controller, terminal = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120"}
    process = subprocess.Popen(command, stdin=terminal, stdout=terminal, stderr=terminal, env=env, close_fds=True)
    os.close(terminal)
    deadline = time.monotonic() + SECONDS
    transcript = b""
    menus = 0
    try:
        for _ in range(ANSWERS):
            shown = read_until_prompt_or_exit(controller, process, deadline)
            transcript += shown
            if not PROMPT.search(shown):
                break
            assert b"   1. " in shown
            found = PROMPT.search(shown)
            assert found is not None and int(found.group(1)) <= MENU, "a menu longer than a dozen entries"
            menus += 1
            os.write(controller, b"1\n")
        else:
            pytest.fail(f"more than {ANSWERS} prompts")
        assert process.wait(timeout=30) == 0, transcript[-2000:].decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        os.close(controller)
    text = transcript.decode("utf-8", errors="replace")
    assert "result:" in text
    assert text.count("--- your turn, Seat 1 ---") >= 3
    assert menus >= 3
