"""The attrs construction floor: what pure-Python immutability costs per new object.

A frozen, slotted attrs class of ten fields (ints, a tuple, an enum, an
optional) stands for a small game state. Building one and evolving one
field is the least an immutable ``apply`` pays per object it replaces.
"""

from __future__ import annotations

import enum
import statistics
import timeit
from typing import Any

import attrs

from ofrenda_rules.copying import evolve


class Phase(enum.Enum):
    PLAY = "play"
    SCORE = "score"


@attrs.frozen
class Ten:
    """Ten fields, no validators: the floor, not a game state."""

    a: int
    b: int
    c: int
    d: int
    e: int
    f: tuple[int, ...]
    g: tuple[int, ...]
    h: Phase
    i: int | None
    j: bool


CASES: dict[str, str] = {
    "tuple of 10 fields (reference)": "(1, 2, 3, 4, 5, (1, 2, 3), (4, 5), PLAY, None, False)",
    "attrs frozen, positional": "Ten(1, 2, 3, 4, 5, (1, 2, 3), (4, 5), PLAY, None, False)",
    "attrs frozen, keywords": "Ten(a=1, b=2, c=3, d=4, e=5, f=(1, 2, 3), g=(4, 5), h=PLAY, i=None, j=False)",
    "attrs.evolve, 1 field": "attrs_evolve(subject, a=9)",
    "ofrenda_rules.copying.evolve, 1 field": "evolve(subject, a=9)",
}
"""What is timed, by label: statements run by ``timeit`` with the names below."""


def measure_floor(repetitions: int, seconds: float) -> dict[str, float]:
    """Nanoseconds per statement: the median of ``repetitions`` timeit runs of about ``seconds`` each."""
    names: dict[str, Any] = {
        "Ten": Ten,
        "PLAY": Phase.PLAY,
        "attrs_evolve": attrs.evolve,
        "evolve": evolve,
        "subject": Ten(1, 2, 3, 4, 5, (1, 2, 3), (4, 5), Phase.PLAY, None, False),
    }
    results: dict[str, float] = {}
    for label, statement in CASES.items():
        timer = timeit.Timer(statement, globals=names)
        loops, taken = timer.autorange()
        number = max(1, int(loops * seconds / max(taken, 1e-9)))
        runs = timer.repeat(repeat=repetitions, number=number)
        results[label] = round(1e9 * statistics.median(runs) / number, 1)
    return results
