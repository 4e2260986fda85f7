"""``ofrenda-rules report`` and ``compare``: balance statistics of results files (HTML needs the ``report`` extra)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ofrenda_rules._cli.common import CliError, add_output_arguments
from ofrenda_rules.errors import FormatError
from ofrenda_rules.report.stats import Comparison, GroupStats, Report, build_report, compare, to_json
from ofrenda_rules.simulation.records import GameRecord, read_results

__all__ = ["compare_arguments", "report_arguments", "run_compare", "run_report"]


def report_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``report`` to its parser."""
    parser.add_argument("results", nargs="+", metavar="RESULTS.jsonl", help="results files (JSON Lines)")
    add_output_arguments(parser, "print the statistics as JSON", "write a self-contained HTML report with charts")


def compare_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``compare`` to its parser."""
    parser.add_argument("a", metavar="A.jsonl", help="the first results file")
    parser.add_argument("b", metavar="B.jsonl", help="the second results file")
    add_output_arguments(parser, "print the comparison as JSON", "write a self-contained HTML comparison with charts")


def _records(paths: Sequence[str], err: TextIO) -> list[GameRecord]:
    records: list[GameRecord] = []
    for path in paths:
        try:
            results = read_results(path)
        except OSError as exc:
            raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
        if results.truncated:
            print(f"ofrenda-rules: warning: {path}: the last line is cut short and left out", file=err)
        records.extend(results.records)
    if not records:
        raise FormatError(f"no games in {', '.join(paths)}")
    return records


def _write_html(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None


def _missing_extra(exc: ImportError) -> CliError:
    return CliError(f"--html needs the report extra: pip install 'ofrenda-rules[report]' ({exc.name} is missing)")


def _html_report(report: Report) -> str:
    try:
        from ofrenda_rules.report.html import render_report
    except ImportError as exc:
        raise _missing_extra(exc) from None
    return render_report(report)


def _html_comparison(comparison: Comparison, names: tuple[str, str]) -> str:
    try:
        from ofrenda_rules.report.html import render_comparison
    except ImportError as exc:
        raise _missing_extra(exc) from None
    return render_comparison(comparison, names=names)


def _print_group(group: GroupStats, out: TextIO) -> None:
    print(f"{group.game}: {group.label} ({group.games} games)", file=out)
    print("  seat  win rate [95% CI]        mean score     sd", file=out)
    for seat in group.seats:
        wins = seat.wins
        print(
            f"  {seat.seat + 1:4d}  {wins.rate:.3f} [{wins.low:.3f}, {wins.high:.3f}]  {seat.score.mean:12.2f} "
            f"{seat.score.sd:6.2f}",
            file=out,
        )
    if group.fairness is not None:
        f = group.fairness
        print(
            f"  {f.decided_games} games with one winner: chi-square {f.chi_square.statistic:.3f} "
            f"(p = {f.chi_square.p_value:.3g}); Seat 1 won {f.sole_wins[0]} (rate {f.first_seat_rate.rate:.3f}, "
            f"binomial p = {f.first_seat.p_value:.3g} against 1/{f.players})",
            file=out,
        )
    print(
        f"  steps mean {group.steps.mean:.1f} (sd {group.steps.sd:.1f}), turns mean {group.turns.mean:.1f}; "
        f"shared wins {group.shared_wins}, nobody won {group.no_winner}",
        file=out,
    )
    if group.solo_tiers:
        print("  solo tiers: " + ", ".join(f"{tier} {count}" for tier, count in group.solo_tiers), file=out)
    for counters in group.counters:
        print(f"  counters {counters.prefix}:", file=out)
        for c in counters.counters:
            print(f"    {c.name}: mean {c.mean:.3f}, in {c.positive.rate:.1%} of games", file=out)


def run_report(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Print the report (text or JSON) and write its HTML."""
    report: Report = build_report(_records(args.results, err))
    if args.html:
        _write_html(args.html, _html_report(report))
    if args.json:
        print(to_json(report), file=out)
        return 0
    for group in (*report.configs, *report.by_players, *(g for b in report.by_option for g in b.values)):
        _print_group(group, out)
    if args.html:
        print(f"wrote {args.html}", file=out)
    return 0


def run_compare(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Print the comparison (text or JSON) and write its HTML."""
    comparison: Comparison = compare(_records([args.a], err), _records([args.b], err), names=(args.a, args.b))
    if args.html:
        _write_html(args.html, _html_comparison(comparison, (args.a, args.b)))
    if args.json:
        print(to_json(comparison), file=out)
        return 0
    print(f"A: {args.a} ({comparison.a.games} games), B: {args.b} ({comparison.b.games} games)", file=out)
    print(f"{'section':9} {'statistic':28} {'A':>9} {'B':>9} {'B - A':>9} {'p-value':>9}  test", file=out)
    for row in comparison.rows:
        mark = " *" if row.test.p_value < 0.05 else ""
        print(
            f"{row.section:9} {row.name[:28]:28} {row.a:9.3f} {row.b:9.3f} {row.difference:+9.3f} "
            f"{row.test.p_value:9.3g}  {row.test.name}{mark}",
            file=out,
        )
    print("* p < 0.05", file=out)
    if args.html:
        print(f"wrote {args.html}", file=out)
    return 0
