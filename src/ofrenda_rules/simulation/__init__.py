"""Simulations at scale: seeded games between bots, results files, local and Ray backends.

See :mod:`ofrenda_rules.simulation.runner` (plans, shards, backends, resuming)
and :mod:`ofrenda_rules.simulation.records` (the results file format). The Ray
backend (:mod:`ofrenda_rules.simulation.ray_backend`) needs the ``ray`` extra.
"""

from ofrenda_rules.simulation.records import GameRecord, ResultsFile, parse_line, read_results, record_line
from ofrenda_rules.simulation.runner import Plan, Shard, SimulationError, plan_for, play_shard, run_local, simulate

__all__ = [
    "GameRecord",
    "Plan",
    "ResultsFile",
    "Shard",
    "SimulationError",
    "parse_line",
    "plan_for",
    "play_shard",
    "read_results",
    "record_line",
    "run_local",
    "simulate",
]
