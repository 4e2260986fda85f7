"""Simulations on a Ray cluster (the ``ray`` extra).

:func:`run_ray` is a backend for :func:`~ofrenda_rules.simulation.runner.simulate`:
each shard becomes a Ray task, results stream back as tasks finish, and a
task whose worker dies is retried (``max_retries``), so a game is never lost
and, since a shard's records come back once, never duplicated. With no
address a local Ray instance is started for the run and stopped after it.
The records are exactly those of the local backend for the same plan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import ray

from ofrenda_rules.simulation.records import GameRecord
from ofrenda_rules.simulation.runner import Backend, Shard, play_shard

__all__ = ["run_ray"]


def run_ray(
    address: str | None = None,
    *,
    workers: int | None = None,
    max_retries: int = 3,
    task: Callable[[Shard], list[GameRecord]] = play_shard,
) -> Backend:
    """A backend that plays shards as Ray tasks.

    Args:
        address: The cluster to join (``"auto"``, ``"ray://host:10001"``...);
            ``None`` starts a local instance for the run.
        workers: CPUs of the local instance (default: all of this machine's).
        max_retries: How often a shard whose worker died is tried again.
        task: What a worker runs on a shard (the tests swap in one that kills
            its worker once).
    """

    def backend(work: Sequence[Shard]) -> Iterator[list[GameRecord]]:
        started = not ray.is_initialized()
        if started:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                options["num_cpus"] = workers
            ray.init(address=address, **options)
        try:
            remote = ray.remote(max_retries=max_retries, retry_exceptions=False)(task)
            pending = [remote.remote(shard) for shard in work]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for reference in done:
                    records: list[GameRecord] = ray.get(reference)
                    yield records
        finally:
            if started:
                ray.shutdown()

    return backend
