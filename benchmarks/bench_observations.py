"""Reading tensors next to stepping, through OpenSpiel's Python loop, side by side with python_kuhn_poker.

For every game (its default config, and each player count with ``--all``) and
OpenSpiel's python_kuhn_poker, plays random games through the OpenSpiel state
API three ways -- stepping only, reading the mover's observation tensor at
every decision, reading its information-state tensor at every decision -- and
reports CPU microseconds per state and each tensor's cost as a multiple of a
step's. Then it times ``pyspiel.random_sim_test`` (one game, serialisation
on) per state. Run from the repository root in an environment with the
``openspiel`` extra::

    PYTHONPATH=src python benchmarks/bench_observations.py [--states N] [--out FILE]

``nox -s bench-observations`` does that and writes ``benchmarks/results/<date>-observations.json``.

``--instructions`` counts instead, with valgrind's callgrind (``valgrind`` on
``PATH``; OpenSpiel not needed), the library's own costs per step for every
game and player count, in instructions, which the machine's load does not
move: a *step* (the seeded game's legal actions, a random choice, ``apply``;
new games' set-up amortised), the mover's *observation* tensor as the
adapters read it (:func:`adapter_read`: the game's ``state_observation_buffer``
straight from the state where it has one, else ``observe`` +
``observation_buffer``; with numpy installed, also the adapter's copy into its
float32 tensor), and one seat's *information state*
kept up to date (``observe`` + ``InformationStateEncoder.add`` at every step)
and read (``buffer``) at a decision. One process per config plays the same
games and choices once per phase (:data:`PHASES`: steps alone, then with
each kind of work), after a warm-up doing all the work; callgrind dumps its
counts between phases (a client request from a tiny C library built with
``gcc``), and each figure is the difference of two phases divided by the
steps::

    PYTHONPATH=src python benchmarks/bench_observations.py --instructions [--steps N] [--only GAME ...] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ofrenda_rules.registry import games

MODES = ("step", "observation", "information_state")

PHASES = ("step", "observation", "update", "information_state")
"""The counted phases of one run: the same steps alone, then with each kind of tensor work."""

WARM_STEPS = 400
"""Steps of warm-up before the counted phases (all the work: the encoders' tables and caches warm)."""

_MARKER = "#include <valgrind/callgrind.h>\nvoid mark(void) { CALLGRIND_DUMP_STATS; }\n"


def _drive(name: str, counts: list[int], steps: int, marker: str) -> None:
    """Per player count: warm up, then play the same ``steps`` random steps once per phase, counted apart.

    ``marker`` is a shared library whose ``mark()`` asks callgrind to dump (and zero) its counters: it is
    called before and after each phase, so each phase's instructions land in a part of their own.
    """
    import ctypes

    mark = ctypes.CDLL(marker).mark
    game = next(game for game in games() if game.info.name == name)
    for players in counts:
        _drive_config(game, players, steps, mark)


def _drive_config(game: Any, players: int, steps: int, mark: Any) -> None:
    """The warm-up and the counted phases of one config (see :func:`_drive`)."""
    import gc

    config = game.config_type(players=players)
    make, observe = game.information_state_encoder, game.observe
    assert make is not None
    read_observation = adapter_read(game, config)
    seats = range(players)

    def play(count: int, rng: random.Random, first: int, observation: bool, update: bool, read: bool) -> int:
        done, number = 0, first
        while done < count:
            state = game.new_game(config, number)
            number += 1
            encoders = [make(config) for _ in seats] if update else []
            for seat, encoder in enumerate(encoders):
                encoder.add(observe(state, seat))
            while done < count and not game.is_over(state):
                mover = game.current_player(state)
                assert mover >= 0, "a seeded game resolves its chance events itself"
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                if observation:
                    read_observation(state, mover)
                if read:
                    encoders[mover].buffer()
                state = game.apply(state, action)
                for seat, encoder in enumerate(encoders):
                    encoder.add(observe(state, seat))
                done += 1
        return done

    play(WARM_STEPS, random.Random(7), 1_000_000, True, True, True)
    for phase in PHASES:
        gc.collect()
        mark()
        play(
            steps,
            random.Random(1),
            0,
            phase == "observation",
            phase in ("update", "information_state"),
            phase == "information_state",
        )
        mark()


def adapter_read(game: Any, config: Any) -> Any:
    """What the OpenSpiel observer and the PettingZoo environment do to read a seat's observation tensor.

    The game's ``state_observation_buffer`` straight from the state when it has one, else ``observe`` then
    ``observation_buffer``; then, where numpy is installed (the adapters' environment), the copy into the
    adapter's own float32 tensor (``numpy.frombuffer`` and a slice assignment), as the observer does.
    """
    direct, observe, buffer = game.state_observation_buffer, game.observe, game.observation_buffer
    assert buffer is not None

    def library(state: Any, seat: int) -> Any:
        return direct(state, seat) if direct is not None else buffer(config, observe(state, seat))

    try:
        import numpy as np
    except ImportError:
        return library
    tensor = np.zeros(game.observation_shape(config), np.float32).reshape(-1)

    def adapter(state: Any, seat: int) -> None:
        tensor[:] = np.frombuffer(library(state, seat), np.float64)

    return adapter


def _numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


_PART = re.compile(r"^part: *(\d+)$", re.MULTILINE)
_TOTAL = re.compile(r"^(?:totals|summary): *(\d+)", re.MULTILINE)


def _phases(name: str, counts: list[int], steps: int) -> list[dict[str, int]]:
    """Instructions of each phase of each player count, in one :func:`_drive` run under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        marker = Path(scratch) / "marker.so"
        source = Path(scratch) / "marker.c"
        source.write_text(_MARKER)
        subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", str(marker), str(source)], check=True)
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={scratch}/out",
            sys.executable,
            __file__,
            "--drive",
            name,
            ",".join(map(str, counts)),
            str(steps),
            str(marker),
        ]
        completed = subprocess.run(
            command, env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True, check=False
        )
        if completed.returncode != 0:
            raise SystemExit(f"callgrind run failed:\n{completed.stderr[-3000:]}")
        parts: dict[int, int] = {}
        for path in Path(scratch).glob("out*"):
            text = path.read_text(errors="replace")
            part, total = _PART.search(text), _TOTAL.search(text)
            if part is not None and total is not None:
                parts[int(part.group(1))] = int(total.group(1))
        # Part 1: start-up and warm-up; then per phase, its work (even parts) and the gap to the next mark.
        found = []
        for config in range(len(counts)):
            wanted = [2 + 2 * (config * len(PHASES) + index) for index in range(len(PHASES))]
            if not set(wanted) <= set(parts):
                raise SystemExit(f"callgrind wrote parts {sorted(parts)}, not every phase")
            found.append({phase: parts[part] for phase, part in zip(PHASES, wanted, strict=True)})
        return found


def count_instructions(only: list[str] | None, steps: int, out: str | None) -> None:
    """Count every game and player count (or those of ``only``) and print each cost as a multiple of a step's."""
    rows = []
    print("instructions per step; info = one seat's update + a read", flush=True)
    print(
        f"{'game':20} {'players':>7} {'step':>8} {'obs':>8} {'update':>8} {'read':>8} {'obs/step':>8} {'info/step':>9}"
    )
    for game in games():
        if only and game.info.name not in only:
            continue
        players_counts = list(game.info.player_counts)
        for players, counts in zip(players_counts, _phases(game.info.name, players_counts, steps), strict=True):
            step = counts["step"] / steps
            observation = (counts["observation"] - counts["step"]) / steps
            update = (counts["update"] - counts["step"]) / steps / players
            read = (counts["information_state"] - counts["update"]) / steps
            row = {
                "game": game.info.name,
                "players": players,
                "steps": steps,
                "instructions": counts,
                "step": step,
                "observation": observation,
                "update_per_seat": update,
                "read": read,
                "observation_per_step": observation / step,
                "information_state_per_step": (update + read) / step,
            }
            rows.append(row)
            print(
                f"{game.info.name:20} {players:7} {step:8.0f} {observation:8.0f} {update:8.0f} {read:8.0f}"
                f" {row['observation_per_step']:8.2f} {row['information_state_per_step']:9.2f}",
                flush=True,
            )
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            how = "state_observation_buffer where a game has it, else observe + observation_buffer"
            if _numpy():
                how += "; then numpy.frombuffer into a float32 tensor (the adapter's copy)"
            json.dump(
                {"steps": steps, "warm_steps": WARM_STEPS, "observation_read": how, "rows": rows}, handle, indent=1
            )
            handle.write("\n")


def _per_state(spiel: Any, mode: str, states: int, seed: int) -> float:
    """CPU microseconds per state of random play, reading the mover's tensor at each decision per ``mode``."""
    rng = random.Random(seed)
    done = 0
    start = time.process_time()
    while done < states:
        state = spiel.new_initial_state()
        while not state.is_terminal() and done < states:
            if state.is_chance_node():
                state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
            else:
                player = state.current_player()
                if mode == "observation":
                    state.observation_tensor(player)
                elif mode == "information_state":
                    state.information_state_tensor(player)
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return (time.process_time() - start) / done * 1e6


def _sim_test(spiel: Any, seed: int, sims: int) -> float:
    """CPU microseconds per state of ``pyspiel.random_sim_test`` (``sims`` games, serialisation on).

    The states are the actions the test applies, counted by wrapping the state class's ``_apply_action``
    while it runs (both games timed here are Python games), so the figure is per state of the games the
    test itself plays.
    """
    import pyspiel
    from sim_instructions import counting_states

    random.seed(seed)
    with counting_states(spiel) as applied:
        start = time.process_time()
        pyspiel.random_sim_test(spiel, num_sims=sims, serialize=True, verbose=False)
        elapsed = time.process_time() - start
    return elapsed / max(applied[0], 1) * 1e6


def main() -> None:
    """Measure and print one line per game; write the figures as JSON with ``--out``."""
    if sys.argv[1:2] == ["--drive"]:
        _drive(sys.argv[2], [int(count) for count in sys.argv[3].split(",")], int(sys.argv[4]), sys.argv[5])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000, help="states per game and mode (default 3000)")
    parser.add_argument("--sims", type=int, default=3, help="random_sim_test games per game (default 3)")
    parser.add_argument(
        "--kuhn-sims", type=int, default=30, help="random_sim_test games of python_kuhn_poker (default 30: short games)"
    )
    parser.add_argument("--only", nargs="*", help="only these games (names without the prefix; Kuhn always runs)")
    parser.add_argument("--all", action="store_true", help="every player count, not only the default config")
    parser.add_argument("--out", help="write the results as JSON to this file")
    parser.add_argument("--instructions", action="store_true", help="count the library's costs under callgrind")
    parser.add_argument("--steps", type=int, default=3000, help="--instructions: steps counted per run (3000)")
    args = parser.parse_args()
    if args.instructions:
        count_instructions(args.only, args.steps, args.out)
        return
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  # registers python_kuhn_poker

    from ofrenda_rules.adapters.openspiel import register

    register()
    loads: list[tuple[str, dict[str, int]]] = [("python_kuhn_poker", {})]
    for game in games():
        if args.only and game.info.name not in args.only:
            continue
        counts = game.info.player_counts if args.all else (game.config_type().players,)
        loads += [(f"ofrenda_rules_{game.info.name}", {"players": n}) for n in counts]
    rows = []
    print("CPU microseconds per state of OpenSpiel's loop: stepping, reading the mover's tensor", flush=True)
    print(f"{'game':36} {'players':>7} {'step us':>8} {'obs us':>8} {'info us':>8} {'obs/step':>8} {'info/step':>9}")
    for name, params in loads:
        spiel = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
        us = {mode: _per_state(spiel, mode, args.states, 1) for mode in MODES}
        row: dict[str, Any] = {"game": name, "players": spiel.num_players(), "us_per_state": us}
        row["observation_per_step"] = (us["observation"] - us["step"]) / us["step"]
        row["information_state_per_step"] = (us["information_state"] - us["step"]) / us["step"]
        row["random_sim_test_us_per_state"] = _sim_test(
            spiel, 2, args.kuhn_sims if name == "python_kuhn_poker" else args.sims
        )
        rows.append(row)
        print(
            f"{name:36} {row['players']:7} {us['step']:8.1f} {us['observation']:8.1f} {us['information_state']:8.1f}"
            f" {row['observation_per_step']:8.2f} {row['information_state_per_step']:9.2f}"
            f"   random_sim_test {row['random_sim_test_us_per_state']:8.1f} us/state"
        )
    kuhn = rows[0]["random_sim_test_us_per_state"]
    for row in rows:
        row["random_sim_test_vs_kuhn"] = row["random_sim_test_us_per_state"] / kuhn
    print("random_sim_test per state, as a multiple of python_kuhn_poker's:")
    print("  " + ", ".join(f"{row['game']} {row['players']}p {row['random_sim_test_vs_kuhn']:.1f}" for row in rows[1:]))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(
                {"states": args.states, "sims": args.sims, "kuhn_sims": args.kuhn_sims, "rows": rows}, out, indent=1
            )
            out.write("\n")


if __name__ == "__main__":
    main()
