"""Render a results JSON written by ``bench.py`` as the Markdown tables of ``docs/performance.md``.

``python benchmarks/bench_markdown.py benchmarks/results/<run>.json``
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def _ratio(row: dict[str, Any], kuhn: dict[str, Any] | None) -> str:
    if kuhn is None:
        return "-"
    return f"{row['us_per_step'] / kuhn['us_per_step']:.2f}"


def _floor(s: dict[str, Any]) -> str:
    """The JSON floor columns of a states row; results written before round 12 have none."""
    if "json_floor_us_of_max" not in s:
        return "– | –"
    return f"{s['json_floor_us_of_max']:.0f} | {s['json_round_trip_vs_floor_max']:.2f}"


def render(result: dict[str, Any]) -> str:
    machine = result["machine"]
    settings = result["settings"]
    spiel = result["openspiel"]
    kuhn = next((row for row in result["openspiel_rows"] if row["game"] == "python_kuhn_poker"), None)
    lines = [
        f"Run of {result['timestamp']} at commit `{machine['commit']}`, {machine.get('build', 'source')} build: "
        f"{machine['cpu']}, {machine['cpus']} CPUs, "
        f"{machine['python']}, attrs {machine['attrs']}, cattrs {machine['cattrs']}, "
        f"open_spiel {spiel.get('version', 'missing')}; load average {machine['load_average_at_start']} at the start; "
        f"{settings['repetitions']} repetitions of {settings['seconds']} s per row, medians.",
        "",
        "| library | game | µs/step | games/s | steps/game | × Kuhn step |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in result["openspiel_rows"]:
        lines.append(
            f"| OpenSpiel | {row['game']} | {row['us_per_step']:.1f} | {row['games_per_second']:.0f} | "
            f"{row['steps_per_game']:.1f} | {_ratio(row, kuhn)} |"
        )
    lines += [
        "",
        "| game | config | seeded µs/step | seeded games/s | seeded × Kuhn | driver µs/step | driver games/s | "
        "driver × Kuhn |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    by_key = {(row["game"], row["config"], row["mode"]): row for row in result["rows"]}
    for game, config in dict.fromkeys((row["game"], row["config"]) for row in result["rows"]):
        seeded = by_key[(game, config, "seeded")]
        driver = by_key[(game, config, "driver")]
        lines.append(
            f"| {game} | {config} | {seeded['us_per_step']:.1f} | {seeded['games_per_second']:.1f} | "
            f"{_ratio(seeded, kuhn)} | {driver['us_per_step']:.1f} | {driver['games_per_second']:.1f} | "
            f"{_ratio(driver, kuhn)} |"
        )
    lines += [
        "",
        "| game | config | states | JSON bytes median / max | JSON round trip µs median / max | "
        "JSON floor µs of the max | × floor, at most | pickle bytes max |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for s in result["states"]:
        lines.append(
            f"| {s['game']} | {s['config']} | {s['states']} | {s['json_bytes_median']:.0f} / {s['json_bytes_max']} | "
            f"{s['json_round_trip_us_median']:.0f} / {s['json_round_trip_us_max']:.0f} | "
            f"{_floor(s)} | {s['pickle_bytes_max']} |"
        )
    lines += ["", "| attrs floor | ns per call |", "|---|---:|"]
    lines += [f"| {label} | {ns:.0f} |" for label, ns in result["attrs_floor_ns"].items()]
    lines += ["", "| goal | game | measured | target | status |", "|---|---|---:|---:|---|"]
    for goal in result["goals"]:
        measured = "missing" if goal["measured"] is None else f"{goal['measured']:g}"
        lines.append(
            f"| {goal['goal']}: {goal['what']} | {goal['game']} | {measured} | "
            f"{goal['comparison']} {goal['target']:g} | {goal['status']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("result", type=Path, help="a JSON file written by bench.py")
    args = parser.parse_args(argv)
    print(render(json.loads(args.result.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
