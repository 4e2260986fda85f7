"""Simulation scaling on Ray against local processes, measured (``nox -s scale``).

One workload (``--game``, ``--games`` seeded games between random bots) is
played by: local processes with 1 and 2 workers, and a local Ray instance with
1 and 2 workers (the instance's start-up timed apart). From the figures:

* the 2-worker / 1-worker speed-up on Ray;
* Ray's overhead against local processes at equal workers;
* the scheduler's cost per task (worker time), from ``--overhead-games``
  games played in shards of 1 and in shards of ``--shard-size``, and the
  smallest shard size that keeps that cost under 5% of a shard's playing time;
* a cluster plan: the per-core rate times a cluster's cores.

Every run's records are checked equal to the local 1-worker run's.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import ray

from ofrenda_rules.registry import get_game
from ofrenda_rules.simulation import GameRecord, Plan, plan_for, run_local, simulate
from ofrenda_rules.simulation.ray_backend import run_ray
from ofrenda_rules.simulation.runner import Backend

OVERHEAD_TARGET = 0.05
"""The largest share of a shard's time the scheduler may take."""


def timed(plan: Plan, backend: Backend, shard_size: int) -> tuple[float, list[GameRecord]]:
    began = time.perf_counter()
    records = simulate(plan, backend, shard_size=shard_size)
    return time.perf_counter() - began, records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dia_de_los_muertos")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--shard-size", type=int, default=200)
    parser.add_argument("--overhead-games", type=int, default=1000, help="games played in shards of one")
    parser.add_argument("--cluster-cores", type=int, default=256, help="cores of the cluster in the plan")
    parser.add_argument("--out", help="write the figures to this JSON file")
    args = parser.parse_args()
    game = get_game(args.game)
    plan = plan_for(game, game.config_type(players=args.players), ["random"], 1, args.games)
    figures: dict[str, object] = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "shard_size": args.shard_size,
        "machine_cores": os.cpu_count(),
    }
    local1, reference = timed(plan, run_local(1), args.shard_size)
    local2, records = timed(plan, run_local(2), args.shard_size)
    assert records == reference
    figures["local_games_per_second"] = {"1": round(args.games / local1, 1), "2": round(args.games / local2, 1)}
    on_ray: dict[str, float] = {}
    for workers in (1, 2):
        began = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        figures[f"ray_start_seconds_{workers}"] = round(time.perf_counter() - began, 2)
        try:
            backend = run_ray(workers=workers)
            timed(plan, backend, args.shard_size)  # warm the workers (imports, tables)
            seconds, records = timed(plan, backend, args.shard_size)
            assert records == reference
            on_ray[str(workers)] = seconds
            if workers == 2:
                few = plan_for(game, game.config_type(players=args.players), ["random"], 1, args.overhead_games)
                small, _ = timed(few, backend, 1)
                large, _ = timed(few, backend, args.shard_size)
                tasks = args.overhead_games - math.ceil(args.overhead_games / args.shard_size)
                per_task = max(0.0, (small - large) * workers / tasks)
                figures["ray_seconds_per_task"] = round(per_task, 5)
        finally:
            ray.shutdown()
    figures["ray_games_per_second"] = {key: round(args.games / value, 1) for key, value in on_ray.items()}
    figures["ray_speedup_2_over_1"] = round(on_ray["1"] / on_ray["2"], 2)
    figures["ray_overhead_vs_local"] = {
        "1": round(on_ray["1"] / local1 - 1, 3),
        "2": round(on_ray["2"] / local2 - 1, 3),
    }
    per_game = local1 / args.games
    per_task = float(str(figures["ray_seconds_per_task"]))
    figures["seconds_per_game_one_core"] = round(per_game, 5)
    figures["min_shard_size_for_5pct_overhead"] = max(1, math.ceil(per_task / (OVERHEAD_TARGET * per_game)))
    per_core = 1 / per_game
    figures["cluster_plan"] = {
        "cores": args.cluster_cores,
        "estimated_games_per_second": round(per_core * args.cluster_cores * (1 - OVERHEAD_TARGET), 0),
        "assumes": "per-core rate of this machine, shards at least the minimum size, 5% scheduler overhead",
    }
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
