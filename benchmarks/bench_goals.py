"""The performance goals of issue 9, evaluated on ratios measured in the same run.

Benchmark goals, never timed tests: a FAIL is reported, not raised. A goal
whose reference (OpenSpiel) was not measured is MISSING.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

KUHN = "python_kuhn_poker"
HEARTS = "hearts"
DIA = "dia_de_los_muertos"

STEP_VS_KUHN = 2.0
"""Goal 1: a seeded step of any game at most this many Kuhn steps."""
STEP_VS_KUHN_DIA = 1.0
"""Goal 1 for Día de los Muertos."""
DRIVER_STEP_VS_KUHN = 3.0
"""Goal 2: a driver-mode step at most this many Kuhn steps."""
DIA4_VS_HEARTS = 0.4
"""Goal 3: Día de los Muertos, 4 players, seeded, at least this share of C++ hearts' games per second."""
JSON_ROUND_TRIP_US = 100.0
"""Goal 4: ``dumps`` + ``loads`` of a mid-game state, at most this many microseconds."""
JSON_BYTES = 3000
"""Goal 4: JSON of a mid-game state, at most this many bytes (3 KB, decimal)."""
PICKLE_BYTES = 1500
"""Goal 5: pickle of a mid-game state, at most this many bytes (1.5 KB, decimal)."""


@attrs.frozen
class Goal:
    """One goal's verdict for one game."""

    number: str
    game: str
    what: str
    measured: float | None
    target: float
    at_most: bool
    worst: str = ""

    @property
    def status(self) -> str:
        if self.measured is None:
            return "MISSING"
        ok = self.measured <= self.target if self.at_most else self.measured >= self.target
        return "PASS" if ok else "FAIL"

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": self.number,
            "game": self.game,
            "what": self.what,
            "measured": None if self.measured is None else round(self.measured, 3),
            "target": self.target,
            "comparison": "<=" if self.at_most else ">=",
            "worst": self.worst,
            "status": self.status,
        }


def _worst(rows: Sequence[dict[str, Any]], value: Callable[[dict[str, Any]], float | None]) -> tuple[float | None, str]:
    pairs = [(v, row["config"]) for row in rows if (v := value(row)) is not None]
    if not pairs:
        return None, ""
    return max(pairs, key=lambda pair: pair[0])


def evaluate(
    rows: Sequence[dict[str, Any]], reference: dict[str, dict[str, Any]], states: Sequence[dict[str, Any]]
) -> list[Goal]:
    """Every goal for every measured game, from the result rows of one run."""
    kuhn = reference.get(KUHN)
    hearts = reference.get(HEARTS)
    goals: list[Goal] = []
    names = list(dict.fromkeys(row["game"] for row in rows))

    def vs_kuhn(row: dict[str, Any]) -> float | None:
        return None if kuhn is None else row["us_per_step"] / kuhn["us_per_step"]

    for name in names:
        mine = [row for row in rows if row["game"] == name]
        seeded = [row for row in mine if row["mode"] == "seeded"]
        driver = [row for row in mine if row["mode"] == "driver"]
        target = STEP_VS_KUHN_DIA if name == DIA else STEP_VS_KUHN
        value, worst = _worst(seeded, vs_kuhn)
        goals.append(Goal("1", name, "seeded step / Kuhn step (worst config)", value, target, True, worst))
        value, worst = _worst(driver, vs_kuhn)
        goals.append(Goal("2", name, "driver step / Kuhn step (worst config)", value, DRIVER_STEP_VS_KUHN, True, worst))
        if name == DIA:
            four = [row for row in seeded if row["players"] == 4 and row["default"]]
            value = None
            if four and hearts is not None:
                value = four[0]["games_per_second"] / hearts["games_per_second"]
            goals.append(Goal("3", name, "4 players seeded games/s / C++ hearts games/s", value, DIA4_VS_HEARTS, False))
        sizes = [s for s in states if s["game"] == name]
        value, worst = _worst(sizes, lambda s: s["json_round_trip_us_max"])
        what = "JSON dumps+loads of a mid-game state, max us"
        goals.append(Goal("4", name, what, value, JSON_ROUND_TRIP_US, True, worst))
        value, worst = _worst(sizes, lambda s: s["json_bytes_max"])
        goals.append(Goal("4", name, "JSON of a mid-game state, max bytes", value, JSON_BYTES, True, worst))
        value, worst = _worst(sizes, lambda s: s["pickle_bytes_max"])
        goals.append(Goal("5", name, "pickle of a mid-game state, max bytes", value, PICKLE_BYTES, True, worst))
    return goals
