"""JSON round trip and size, and pickle size, of mid-game states sampled from playouts.

For each configuration, a few seeded and a few driver-mode playouts (the
same random choice code as the timed loop) are recorded. Every state strictly
between the first and the last of a playout is a mid-game state: each one is
checked to round-trip exactly (``loads(dumps(s)) == s``, and the same through
pickle) and its JSON and pickle are sized, so the maxima are over all of them.
Some are timed: states evenly spaced through each playout, and the one with
the largest JSON; a state's time is ``dumps`` + ``loads`` with the game's
``state_type``, the median of repetitions. The repetitions run in rounds over
all of a configuration's timed states, each state once a round.

Beside each timed state's round trip, and interleaved with it repetition by
repetition, the bench times the JSON floor of the same document: CPython's
``json.loads`` of the state's text and ``json.dumps`` of what it parsed (sorted
keys, compact separators), the C scanner and encoder alone with no codec of
ours. The floor moves with the machine as the round trip does, so the ratio
between them says how much of goal 4's time is the library's.
"""

from __future__ import annotations

import json
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


def _loops(once: float) -> int:
    """How many calls make a timed loop of about 2 ms, from the time of one."""
    return max(1, min(200, int(0.002 / max(once, 1e-9))))


def _canonical(text: str) -> str:
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


def _round_trips_us(states: list[Any], state_type: type, repetitions: int) -> tuple[list[float], list[float]]:
    """Each state's round trip and JSON floor in µs: medians of ``repetitions`` rounds over all the states.

    A round times every state once (its round trip, then its floor), so a slow spell of the machine is
    shared out among the states instead of falling on the repetitions of one.
    """
    texts = [dumps(state, state_type) for state in states]
    for text in texts:
        if _canonical(text) != text:
            raise BenchError(f"{state_type.__name__}: dumps does not write json's canonical text")
    loops = []
    for state, text in zip(states, texts, strict=True):
        start = time.perf_counter()
        loads(dumps(state, state_type), state_type)
        middle = time.perf_counter()
        _canonical(text)
        loops.append((_loops(middle - start), _loops(time.perf_counter() - middle)))
    times: list[list[float]] = [[] for _ in states]
    floors: list[list[float]] = [[] for _ in states]
    for _ in range(repetitions):
        for k, (state, text) in enumerate(zip(states, texts, strict=True)):
            mine, floor = loops[k]
            start = time.perf_counter()
            for _ in range(mine):
                loads(dumps(state, state_type), state_type)
            times[k].append((time.perf_counter() - start) / mine)
            start = time.perf_counter()
            for _ in range(floor):
                _canonical(text)
            floors[k].append((time.perf_counter() - start) / floor)
    return [1e6 * statistics.median(t) for t in times], [1e6 * statistics.median(f) for f in floors]


@attrs.frozen
class StateSizes:
    """What the mid-game states of one configuration cost to serialise."""

    states: int
    """The mid-game states sized (every one of the recorded playouts)."""
    json_bytes: tuple[int, ...]
    json_us: tuple[float, ...]
    """The round-trip times of the timed states (a subset)."""
    floor_us: tuple[float, ...]
    """The JSON floor of each timed state (json's C code alone on its document), in the order of ``json_us``."""
    pickle_bytes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "states": self.states,
            "states_timed": len(self.json_us),
            "json_bytes_median": statistics.median(self.json_bytes),
            "json_bytes_max": max(self.json_bytes),
            "json_round_trip_us_median": round(statistics.median(self.json_us), 2),
            "json_round_trip_us_max": round(max(self.json_us), 2),
            "json_floor_us_of_max": round(self.floor_us[self.json_us.index(max(self.json_us))], 2),
            "json_round_trip_vs_floor_max": round(
                max(us / floor for us, floor in zip(self.json_us, self.floor_us, strict=True)), 3
            ),
            "pickle_bytes_median": statistics.median(self.pickle_bytes),
            "pickle_bytes_max": max(self.pickle_bytes),
        }


def measure_states(game: AnyGame, config: Any, repetitions: int, playouts: int = 4, per_playout: int = 3) -> StateSizes:
    """Size every mid-game state of ``playouts`` seeded and driver playouts of ``config``; time some."""
    state_type = game.state_type
    json_bytes: list[int] = []
    pickle_bytes: list[int] = []
    timed: list[Any] = []
    largest: tuple[int, Any] = (-1, None)
    for k in range(playouts):
        for seed in (k + 1, None):
            inner = record(game, config, seed, player_seed=1000 + k)[1:-1]
            count = min(per_playout, len(inner))
            timed.extend(inner[(i * len(inner)) // count] for i in range(count))
            for state in inner:
                text = dumps(state, state_type)
                if loads(text, state_type) != state:
                    raise BenchError(f"{game.info.name}: a state does not survive its JSON round trip")
                blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
                if pickle.loads(blob) != state:
                    raise BenchError(f"{game.info.name}: a state does not survive pickling")
                size = len(text.encode())
                json_bytes.append(size)
                pickle_bytes.append(len(blob))
                if size > largest[0]:
                    largest = (size, state)
    if not json_bytes:
        raise BenchError(f"{game.info.name} {game.describe_config(config)}: no mid-game state to sample")
    if all(state is not largest[1] for state in timed):
        timed.append(largest[1])
    json_us, floor_us = _round_trips_us(timed, state_type, repetitions)
    return StateSizes(len(json_bytes), tuple(json_bytes), tuple(json_us), tuple(floor_us), tuple(pickle_bytes))
