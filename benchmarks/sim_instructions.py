"""The work ``pyspiel.random_sim_test`` does per state, as instructions counted by callgrind.

Times of ``bench_observations.py`` move with the machine's load; instruction
counts do not. This driver runs ``random_sim_test`` (serialisation on) on one
game and prints how many states the test applied (its state class's
``_apply_action``, wrapped while it runs); run it under callgrind collecting
inside the test only, and divide::

    PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        --collect-atstart=no '--toggle-collect=open_spiel::testing::RandomSimTest*' \\
        python benchmarks/sim_instructions.py ofrenda_rules_portents 2

callgrind prints ``Collected : N``; N divided by the states printed is the
count per state. ``python_kuhn_poker`` (30 games: its games are short) is the
yardstick; ``benchmarks/results/2026-12-07-random-sim-instructions.json``
holds one such measurement.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Iterator
from typing import Any

import pyspiel
from open_spiel.python.games import kuhn_poker  # noqa: F401  # registers python_kuhn_poker

from ofrenda_rules.adapters.openspiel import register


@contextlib.contextmanager
def counting_states(game: Any) -> Iterator[list[int]]:
    """Count the states applied while the block runs: ``[n]``, through the game's state class's ``_apply_action``.

    The wrapper is taken off again when the block ends, however it ends.
    """
    cls = type(game.new_initial_state())
    original = cls._apply_action
    applied = [0]

    def counted(state: Any, action: int) -> None:
        applied[0] += 1
        original(state, action)

    cls._apply_action = counted
    try:
        yield applied
    finally:
        cls._apply_action = original


def main() -> None:
    """Run ``random_sim_test`` on the game named by the first argument, for the games of the second."""
    name, sims = sys.argv[1], int(sys.argv[2])
    register()
    game = pyspiel.load_game(name)
    random.seed(2)
    with counting_states(game) as applied:
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    print("applied", applied[0], file=sys.stderr)


if __name__ == "__main__":
    main()
