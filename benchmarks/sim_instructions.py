"""The work ``pyspiel.random_sim_test`` does per state, as instructions counted by callgrind.

Times of ``bench_observations.py`` move with the machine's load; instruction
counts do not. This driver runs ``random_sim_test`` (serialisation on) on one
game, with the game's parameters given as ``name=value`` (``players=4``), and
prints how many states the test applied (its state class's ``_apply_action``,
wrapped while it runs); run it under callgrind collecting inside the test
only, and divide::

    PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        --collect-atstart=no '--toggle-collect=open_spiel::testing::RandomSimTest*' \\
        python benchmarks/sim_instructions.py ofrenda_rules_portents 2 players=2

callgrind prints ``Collected : N``; N divided by the states printed is the
count per state. ``python_kuhn_poker`` (30 games: its games are short) is the
yardstick. ``--all`` does that for every game and player count and Kuhn,
each config in a callgrind run of its own, and prints each count per state
as a multiple of Kuhn's (``--warm``: each process first plays one random game
through everything the test asks of a state, uncounted, so the count leaves
out the process's one-time work, such as compiling the JSON codecs)::

    PYTHONPATH=src python benchmarks/sim_instructions.py --all [--sims 2] [--kuhn-sims 30] [--only GAME] [--out FILE]

``benchmarks/results/2026-12-07-random-sim-instructions.json`` holds such a
measurement of the default configs, ``...-instructions-all.json`` one of every
config.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

KUHN = "python_kuhn_poker"
"""The yardstick: OpenSpiel's Python Kuhn poker."""


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


def parameters(pairs: list[str]) -> dict[str, Any]:
    """The game's parameters from ``name=value`` arguments (a value that reads as an integer is one)."""
    found: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        found[name] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return found


def run(name: str, sims: int, params: dict[str, Any]) -> None:
    """Run ``random_sim_test`` on the game ``name`` with ``params``, for ``sims`` games; print the states applied.

    With ``SIM_MARKER`` set in the environment (a shared library whose ``start()`` turns callgrind's
    instrumentation on: :func:`count` runs callgrind with it off at the start), instrumentation starts just
    before the test, so the imports run at native speed; the count, collected inside the test only, is the same.
    """
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  # registers python_kuhn_poker

    from ofrenda_rules.adapters.openspiel import register

    register()
    game = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
    random.seed(2)
    if os.environ.get("SIM_WARM"):
        warm_up(game, random.Random(99))
    marker = os.environ.get("SIM_MARKER")
    if marker:
        import ctypes

        ctypes.CDLL(marker).start()
    with counting_states(game) as applied:
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    print("applied", applied[0], file=sys.stderr)


def warm_up(game: Any, rng: random.Random) -> None:
    """One random game through everything ``random_sim_test`` asks of a state, before the counted test.

    Strings, tensors (observation and information state, every seat), legal actions and their names, chance
    outcomes, clones and a serialisation round trip at every state: the one-time work of a process (compiled
    JSON codecs, per-config tables) is done before the count, on other random choices than the test's.
    """
    import pyspiel

    state = game.new_initial_state()
    while not state.is_terminal():
        str(state)
        state.clone()
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
            continue
        for player in range(game.num_players()):
            state.observation_string(player)
            state.information_state_string(player)
            state.observation_tensor(player)
            state.information_state_tensor(player)
        legal = state.legal_actions()
        for action in legal:
            state.action_to_string(state.current_player(), action)
        state.apply_action(rng.choice(legal))
    state.returns()


_COLLECTED = re.compile(r"Collected : (\d+)")
_APPLIED = re.compile(r"^applied (\d+)$", re.MULTILINE)


_MARKER = "#include <valgrind/callgrind.h>\nvoid start(void) { CALLGRIND_START_INSTRUMENTATION; }\n"


def count(name: str, sims: int, params: dict[str, Any], marker: str, warm: bool = False) -> dict[str, int]:
    """One callgrind run of :func:`run`, collecting inside ``RandomSimTest`` only: sims, states, instructions.

    ``marker`` is the library :func:`run` turns instrumentation on with (``SIM_MARKER``); with ``warm``, the
    process first plays one game through :func:`warm_up`, uncounted (``SIM_WARM``).
    """
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        "--instr-atstart=no",
        "--collect-atstart=no",
        "--toggle-collect=open_spiel::testing::RandomSimTest*",
        sys.executable,
        __file__,
        name,
        str(sims),
        *(f"{key}={value}" for key, value in params.items()),
    ]
    env = dict(os.environ, PYTHONHASHSEED="0", SIM_MARKER=marker)
    if warm:
        env["SIM_WARM"] = "1"
    completed = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    collected, applied = _COLLECTED.search(completed.stderr), _APPLIED.search(completed.stderr)
    if completed.returncode != 0 or collected is None or applied is None:
        raise SystemExit(f"callgrind run of {name} {params} failed:\n{completed.stderr[-3000:]}")
    states, instructions = int(applied.group(1)), int(collected.group(1))
    return {"sims": sims, "states": states, "instructions": instructions, "per_state": instructions // states}


def count_all(
    sims: int, kuhn_sims: int, only: list[str] | None, out: str | None, before: str | None, warm: bool = False
) -> None:
    """Count Kuhn and every game and player count (or those of ``only``); print and optionally write the figures.

    With ``before`` (a file this wrote earlier, of the code before a change), each config's figures are written
    beside that file's as ``before_...`` and ``after_...``, as in the default-config file.
    """

    earlier: dict[str, dict[str, Any]] = {}
    if before:
        with open(before, encoding="utf-8") as handle:
            earlier = json.load(handle)["games"]
    with tempfile.TemporaryDirectory() as scratch:
        marker, source = os.path.join(scratch, "marker.so"), os.path.join(scratch, "marker.c")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(_MARKER)
        subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", marker, source], check=True)
        _count_all(sims, kuhn_sims, only, out, earlier, marker, warm)


def _count_all(
    sims: int,
    kuhn_sims: int,
    only: list[str] | None,
    out: str | None,
    earlier: dict[str, Any],
    marker: str,
    warm: bool,
) -> None:
    """:func:`count_all` with the marker library built."""
    from ofrenda_rules.registry import games

    kuhn = count(KUHN, kuhn_sims, {}, marker, warm)
    print(f"{KUHN:44} {kuhn['per_state']:10} per state", flush=True)
    rows: dict[str, dict[str, Any]] = {}
    for game in games():
        if only and game.info.name not in only:
            continue
        for players in game.info.player_counts:
            name = f"ofrenda_rules_{game.info.name}"
            row: dict[str, Any] = {"players": players, **count(name, sims, {"players": players}, marker, warm)}
            row["vs_kuhn"] = round(row["per_state"] / kuhn["per_state"], 2)
            key = f"{name}(players={players})"
            print(f"{key:44} {row['per_state']:10} per state  {row['vs_kuhn']:5.2f}x Kuhn", flush=True)
            if key in earlier:
                old = earlier[key]
                row = {"players": players, "sims": sims, "states": row["states"]} | {
                    f"{when}_{field}": figures[field]
                    for field in ("instructions", "per_state", "vs_kuhn")
                    for when, figures in (("before", old), ("after", row))
                }
            rows[key] = row
    if out:
        what = (
            "instructions (valgrind callgrind, collected inside open_spiel::testing::RandomSimTest only) per state"
            " applied by pyspiel.random_sim_test(serialize=True), every game and player count"
        )
        if warm:
            what += "; each process first played one random game through warm_up, uncounted"
        with open(out, "w", encoding="utf-8") as handle:
            json.dump({"what": what, KUHN: kuhn, "games": rows}, handle, indent=1)
            handle.write("\n")


def main() -> None:
    """One run (game, games to play, parameters), or ``--all`` to count every config under callgrind."""
    if "--all" not in sys.argv[1:]:
        run(sys.argv[1], int(sys.argv[2]), parameters(sys.argv[3:]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="count every game and player count, and Kuhn")
    parser.add_argument("--sims", type=int, default=2, help="random_sim_test games per config (default 2)")
    parser.add_argument("--kuhn-sims", type=int, default=30, help="games of python_kuhn_poker (default 30)")
    parser.add_argument("--only", nargs="*", help="only these games (names without the prefix; Kuhn always runs)")
    parser.add_argument("--out", help="write the figures as JSON to this file")
    parser.add_argument("--before", help="a file --out wrote of the code before: written beside as before_...")
    parser.add_argument("--warm", action="store_true", help="first play one uncounted game per process (warm_up)")
    args = parser.parse_args()
    count_all(args.sims, args.kuhn_sims, args.only, args.out, args.before, args.warm)


if __name__ == "__main__":
    main()
