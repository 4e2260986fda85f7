"""A shard task that kills its own worker process once (for the Ray retry test)."""

from __future__ import annotations

import os
from pathlib import Path

from ofrenda_rules.simulation.records import GameRecord
from ofrenda_rules.simulation.runner import Shard, play_shard


def dies_once(shard: Shard) -> list[GameRecord]:
    """Play the shard, but the first time any worker runs this, kill that worker before it answers.

    ``OFRENDA_DIE_ONCE`` names a marker file: absent, the worker creates it and
    exits at once (as ``kill -9`` would leave it, with no answer sent).
    """
    marker = os.environ.get("OFRENDA_DIE_ONCE")
    if marker is not None:
        try:
            Path(marker).open("x").close()
        except FileExistsError:
            pass
        else:
            os._exit(9)
    return play_shard(shard)
