"""Options of the property suite and its end-of-session table of games played.

``--min-games-per-config N`` and ``--min-games-per-game N`` make the central
property (``test_games_end_within_their_bounds_and_replay_identically``) play
enough full games per example to reach those totals with the profile's
``max_examples``; the session fails if a case played fewer. ``--game-lengths``
prints, per case, how many full games the suite played, how many had every
decision random, and their lengths in steps beside those of as many
:func:`~ofrenda_rules.playout.random_playout` games.
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import games
from tests.properties.playing import CENTRAL_GAMES, LENGTHS, TARGETS, label


def pytest_addoption(parser: pytest.Parser) -> None:
    """The suite's options."""
    group = parser.getgroup("ofrenda properties")
    group.addoption("--min-games-per-config", type=int, default=0, help="full games per configuration, at least")
    group.addoption("--min-games-per-game", type=int, default=0, help="full games per game (all configs), at least")
    group.addoption("--game-lengths", action="store_true", help="print the lengths of the games played")


def pytest_configure(config: pytest.Config) -> None:
    """Pass the targets to the suite."""
    TARGETS["per_config"] = config.getoption("--min-games-per-config")
    TARGETS["per_game"] = config.getoption("--min-games-per-game")


def _quantiles(lengths: list[int]) -> str:
    ordered = sorted(lengths)
    if not ordered:
        return "-"
    deciles = statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else ordered * 9
    return f"{ordered[0]:4d} {deciles[0]:6.0f} {statistics.median(ordered):6.0f} {deciles[-1]:6.0f} {ordered[-1]:4d}"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail a session that played fewer central games than required."""
    per_config, per_game = TARGETS["per_config"], TARGETS["per_game"]
    if not (per_config or per_game) or session.testsfailed or not CENTRAL_GAMES:
        return
    short: list[str] = []
    for game in games():
        labels = [label(game, config) for config in game.test_configs()]
        played = [CENTRAL_GAMES.get(name, 0) for name in labels]
        if sum(played) == 0:
            continue  # not selected in this session
        short += [f"{name}: {n} < {per_config}" for name, n in zip(labels, played, strict=True) if n < per_config]
        if sum(played) < per_game:
            short.append(f"{game.info.name}: {sum(played)} < {per_game}")
    if short:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print("\nToo few full games played:\n  " + "\n  ".join(short))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The table of games played and their lengths (with ``--game-lengths``)."""
    if not config.getoption("--game-lengths") or not LENGTHS:
        return
    write = terminalreporter.write_line
    write("")
    write("Full games played by the property suite; lengths in player decisions (min, 10%, median, 90%, max)")
    write(f"{'case':70s} {'games':>6s} {'random':>7s} {'suite lengths':>30s} | {'random playouts':>30s}")
    total = 0
    for game in games():
        for index, case_config in enumerate(game.test_configs()):
            name = label(game, case_config)
            played = LENGTHS.get(name, [])
            if not played:
                continue
            total += len(played)
            random_all = [steps for steps, all_random in played if all_random]
            seed = 2**32 + index
            reference = [
                random_playout(game, case_config, seed=seed + i, player_seed=i).steps
                for i in range(min(len(played), 200))
            ]
            write(
                f"{name[:70]:70s} {len(played):6d} {len(random_all) / len(played):7.1%} "
                f"{_quantiles([s for s, _ in played]):>30s} | {_quantiles(reference):>30s}"
            )
    write(f"{total} full games in all")
