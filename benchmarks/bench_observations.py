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
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import pyspiel
from open_spiel.python.games import kuhn_poker  # noqa: F401  # registers python_kuhn_poker
from sim_instructions import counting_states

from ofrenda_rules.adapters.openspiel import register
from ofrenda_rules.registry import games

MODES = ("step", "observation", "information_state")


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
    random.seed(seed)
    with counting_states(spiel) as applied:
        start = time.process_time()
        pyspiel.random_sim_test(spiel, num_sims=sims, serialize=True, verbose=False)
        elapsed = time.process_time() - start
    return elapsed / max(applied[0], 1) * 1e6


def main() -> None:
    """Measure and print one line per game; write the figures as JSON with ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000, help="states per game and mode (default 3000)")
    parser.add_argument("--sims", type=int, default=3, help="random_sim_test games per game (default 3)")
    parser.add_argument("--only", nargs="*", help="only these games (names without the prefix; Kuhn always runs)")
    parser.add_argument("--all", action="store_true", help="every player count, not only the default config")
    parser.add_argument("--out", help="write the results as JSON to this file")
    args = parser.parse_args()
    register()
    loads: list[tuple[str, dict[str, int]]] = [("python_kuhn_poker", {})]
    for game in games():
        if args.only and game.info.name not in args.only:
            continue
        counts = game.info.player_counts if args.all else (game.config_type().players,)
        loads += [(f"ofrenda_rules_{game.info.name}", {"players": n}) for n in counts]
    rows = []
    print(f"{'game':36} {'players':>7} {'step us':>8} {'obs us':>8} {'info us':>8} {'obs/step':>8} {'info/step':>9}")
    for name, params in loads:
        spiel = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
        us = {mode: _per_state(spiel, mode, args.states, 1) for mode in MODES}
        row: dict[str, Any] = {"game": name, "players": spiel.num_players(), "us_per_state": us}
        row["observation_per_step"] = (us["observation"] - us["step"]) / us["step"]
        row["information_state_per_step"] = (us["information_state"] - us["step"]) / us["step"]
        row["random_sim_test_us_per_state"] = _sim_test(spiel, 2, args.sims)
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
            json.dump({"states": args.states, "sims": args.sims, "rows": rows}, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
