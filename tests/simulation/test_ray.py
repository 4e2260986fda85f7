"""The Ray backend: the same records as the local one, a killed worker retried, a killed driver resumed.

Skipped where Ray is not installed; ``nox -s ray`` installs the extra, sets
``OFRENDA_REQUIRE_RAY=1`` and runs these tests on a local Ray instance. Every
wait is bounded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

if os.environ.get("OFRENDA_REQUIRE_RAY") != "1":
    pytest.importorskip("ray")

from ofrenda_rules.registry import get_game
from ofrenda_rules.simulation import plan_for, read_results, run_local, simulate
from ofrenda_rules.simulation.ray_backend import run_ray
from tests.simulation.dying import dies_once

ROOT = Path(__file__).resolve().parents[2]
GAME = get_game("portents")
CONFIG = GAME.config_type(players=2)
RUN_SECONDS = 300.0
"""The bound on one simulation run in these tests."""


def test_ray_gives_exactly_the_local_records(tmp_path: Path) -> None:
    plan = plan_for(GAME, CONFIG, ["random"], 500, 24)
    local = simulate(plan, run_local(1), shard_size=5)
    on_ray = simulate(plan, run_ray(workers=2), out=tmp_path / "ray.jsonl", shard_size=5)
    assert on_ray == local
    assert sorted(r.seed for r in read_results(tmp_path / "ray.jsonl").records) == list(range(500, 524))


def test_a_worker_killed_mid_run_is_retried_without_losing_or_repeating_a_game(tmp_path: Path) -> None:
    plan = plan_for(GAME, CONFIG, ["random"], 900, 12)
    os.environ["OFRENDA_DIE_ONCE"] = str(tmp_path / "died")
    try:
        records = simulate(plan, run_ray(workers=2, task=dies_once), shard_size=3)
    finally:
        del os.environ["OFRENDA_DIE_ONCE"]
    assert (tmp_path / "died").exists(), "no worker was killed"
    assert records == simulate(plan, run_local(1), shard_size=3)


def test_a_run_whose_driver_is_killed_resumes_with_only_the_missing_seeds(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    command = [
        sys.executable, "-m", "ofrenda_rules.cli", "simulate", "portents", "-p", "2", "-n", "60", "--seed", "3",
        "--backend", "ray", "-j", "2", "--shard-size", "2", "--out", str(target), "--no-progress",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    driver = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + RUN_SECONDS
        while time.monotonic() < deadline and driver.poll() is None:
            if target.exists() and target.read_text().count("\n") >= 10:
                break
            time.sleep(0.1)
        assert driver.poll() is None, f"the run ended before it could be killed: {driver.stderr}"
        os.kill(driver.pid, signal.SIGKILL)
    finally:
        driver.wait(timeout=30)
    # The killed driver's local Ray instance is left behind: stop it, as a person would after a crash.
    ray_command = str(Path(sys.executable).parent / "ray")
    subprocess.run([ray_command, "stop", "--force"], env=env, capture_output=True, timeout=120, check=False)
    partial = read_results(target)
    assert 10 <= len(partial.records) < 60
    resumed = subprocess.run([*command, "--resume"], env=env, capture_output=True, text=True, timeout=RUN_SECONDS)
    assert resumed.returncode == 0, resumed.stderr
    final = read_results(target)
    seeds = [record.seed for record in final.records]
    assert sorted(seeds) == list(range(3, 63)) and len(set(seeds)) == 60
    plan = plan_for(GAME, CONFIG, ["random"], 3, 60)
    assert sorted(final.records, key=lambda r: r.seed) == simulate(plan, run_local(1))
