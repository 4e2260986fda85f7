"""JSON round trip and size, and pickle size, of mid-game states sampled from playouts.

For each configuration, a few seeded and a few driver-mode playouts (the
same random choice code as the timed loop) are recorded, and states evenly
spaced strictly between the first and the last are kept. Each sampled state
is checked to round-trip exactly (``loads(dumps(s)) == s``, and the same
through pickle), then timed: ``dumps`` + ``loads`` with the game's
``state_type``, in repetitions whose median is the state's time.
"""

from __future__ import annotations

import pickle
import random
import statistics
import time
from typing import Any

import attrs
from bench_driver import BenchError, pick_chance

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.serialization import dumps, loads


def record(game: AnyGame, config: Any, seed: int | None, player_seed: int) -> list[Any]:
    """Every state of one random playout, the initial and the final included."""
    rand = random.Random(player_seed).random
    state = game.new_game(config, seed)
    states = [state]
    limit = game.max_steps(config)
    while (player := game.current_player(state)) != TERMINAL:
        if len(states) > limit:
            raise BenchError(f"{game.info.name} {game.describe_config(config)}: no end after max_steps={limit} steps")
        if player == CHANCE:
            action = pick_chance(game.chance_outcomes(state), rand())
        else:
            legal = game.legal_actions(state)
            action = legal[int(rand() * len(legal))]
        state = game.apply(state, action)
        states.append(state)
    return states


def sample(game: AnyGame, config: Any, playouts: int, per_playout: int) -> list[Any]:
    """Mid-game states: ``per_playout`` evenly spaced ones from each of ``playouts`` seeded and driver playouts."""
    chosen: list[Any] = []
    for k in range(playouts):
        for seed in (k + 1, None):
            states = record(game, config, seed, player_seed=1000 + k)
            inner = states[1:-1]
            if not inner:
                continue
            count = min(per_playout, len(inner))
            chosen.extend(inner[(i * len(inner)) // count] for i in range(count))
    return chosen


def _round_trip_us(state: Any, state_type: type, repetitions: int) -> float:
    start = time.perf_counter()
    loads(dumps(state, state_type), state_type)
    once = time.perf_counter() - start
    loops = max(1, min(200, int(0.002 / max(once, 1e-9))))
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(loops):
            loads(dumps(state, state_type), state_type)
        times.append((time.perf_counter() - start) / loops)
    return 1e6 * statistics.median(times)


@attrs.frozen
class StateSizes:
    """What the sampled states of one configuration cost to serialise."""

    states: int
    json_bytes: tuple[int, ...]
    json_us: tuple[float, ...]
    pickle_bytes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "states": self.states,
            "json_bytes_median": statistics.median(self.json_bytes),
            "json_bytes_max": max(self.json_bytes),
            "json_round_trip_us_median": round(statistics.median(self.json_us), 2),
            "json_round_trip_us_max": round(max(self.json_us), 2),
            "pickle_bytes_median": statistics.median(self.pickle_bytes),
            "pickle_bytes_max": max(self.pickle_bytes),
        }


def measure_states(game: AnyGame, config: Any, repetitions: int, playouts: int = 2, per_playout: int = 6) -> StateSizes:
    """Sample mid-game states of ``config`` and measure their JSON and pickle forms."""
    state_type = game.state_type
    json_bytes: list[int] = []
    json_us: list[float] = []
    pickle_bytes: list[int] = []
    states = sample(game, config, playouts, per_playout)
    if not states:
        raise BenchError(f"{game.info.name} {game.describe_config(config)}: no mid-game state to sample")
    for state in states:
        text = dumps(state, state_type)
        if loads(text, state_type) != state:
            raise BenchError(f"{game.info.name}: a state does not survive its JSON round trip")
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        if pickle.loads(blob) != state:
            raise BenchError(f"{game.info.name}: a state does not survive pickling")
        json_bytes.append(len(text.encode()))
        pickle_bytes.append(len(blob))
        json_us.append(_round_trip_us(state, state_type, repetitions))
    return StateSizes(len(states), tuple(json_bytes), tuple(json_us), tuple(pickle_bytes))
