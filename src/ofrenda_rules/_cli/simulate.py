"""``ofrenda-rules simulate``: many seeded games between random bots, summarised."""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

import attrs

from ofrenda_rules._cli.common import (
    CliError,
    add_config_arguments,
    add_output_arguments,
    config_from_args,
    game_from_args,
    players_of,
    seed_type,
)
from ofrenda_rules.game import summarize_config
from ofrenda_rules.serialization import to_json_value
from ofrenda_rules.simulation.records import GameRecord
from ofrenda_rules.simulation.runner import SimulationError, plan_for, run_local, simulate

__all__ = ["SeatSummary", "Spread", "Summary", "arguments", "run", "summarize"]


def arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``simulate`` to its parser."""
    add_config_arguments(parser)
    parser.add_argument("-n", "--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=seed_type, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes, or Ray workers (default 1)")
    parser.add_argument(
        "--bots",
        default="random",
        help="who plays: 'random', 'reference' (the game's reference bot), 'mcts' or 'mcts:N' (information-set "
        "MCTS with N iterations per move), or a comma-separated list per seat such as 'mcts,random' "
        "(default: random)",
    )
    add_output_arguments(parser, "print the summary as JSON")
    parser.add_argument(
        "--out", metavar="FILE", help="write every game to this results file (JSON Lines), as games finish"
    )
    parser.add_argument(
        "--resume", action="store_true", help="keep the games already in --out and play only the missing seeds"
    )
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local worker processes (default) or a Ray cluster (pip install ofrenda-rules[ray])",
    )
    parser.add_argument("--address", help="the Ray cluster to join (default: a local one started for the run)")
    parser.add_argument("--shard-size", type=int, default=8, help="games per shard sent to a worker (default 8)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def _progress(done: int, total: int, err: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    err.write(f"\rsimulating [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        err.write("\n")
    err.flush()


@attrs.frozen
class Spread:
    """Mean, spread and extremes of a list of integers."""

    mean: float
    stdev: float
    min: int
    median: float
    max: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        """The spread of ``values`` (not empty)."""
        return cls(
            round(statistics.fmean(values), 3),
            round(statistics.pstdev(values), 3),
            min(values),
            float(statistics.median(values)),
            max(values),
        )


@attrs.frozen
class SeatSummary:
    """One seat over all the games."""

    seat: int
    wins: int
    win_rate: float
    score: Spread


@attrs.frozen
class Summary:
    """What ``simulate`` prints (``--json`` writes exactly this)."""

    game: str
    config: str
    first_seed: int
    bots: str
    games: int
    seats: tuple[SeatSummary, ...]
    shared_wins: int
    no_winner: int
    score_histogram: tuple[tuple[int, int], ...]
    steps: Spread
    turns: Spread


def summarize(records: Sequence[GameRecord], players: int, **header: object) -> Summary:
    """Per-seat score spread and win rate, the score histogram (all seats), game lengths."""
    count = len(records)
    seats = []
    for seat in range(players):
        wins = sum(1 for r in records if seat in r.winners)
        seats.append(SeatSummary(seat, wins, round(wins / count, 4), Spread.of([r.scores[seat] for r in records])))
    histogram = Counter(score for r in records for score in r.scores)
    return Summary(
        game=str(header.get("game", "")),
        config=str(header.get("config", "")),
        first_seed=int(str(header.get("first_seed", 0))),
        bots=str(header.get("bots", "random")),
        games=count,
        seats=tuple(seats),
        shared_wins=sum(1 for r in records if len(r.winners) > 1),
        no_winner=sum(1 for r in records if not r.winners),
        score_histogram=tuple(sorted(histogram.items())),
        steps=Spread.of([r.steps for r in records]),
        turns=Spread.of([r.turns for r in records]),
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Simulate the games and print the summary."""
    game = game_from_args(args)
    config = config_from_args(game, args)
    if args.jobs < 1:
        raise CliError("--jobs: at least one worker")
    if args.resume and not args.out:
        raise CliError("--resume needs --out FILE")
    try:
        plan = plan_for(game, config, args.bots.split(","), args.seed, args.games)
    except SimulationError as exc:
        raise CliError(f"{'-n' if 'one game' in str(exc) else '--bots'}: {exc}") from None
    kinds = plan.bots
    if args.backend == "ray":
        try:
            from ofrenda_rules.simulation.ray_backend import run_ray
        except ImportError as exc:
            raise CliError(
                f"--backend ray needs its extra: pip install 'ofrenda-rules[ray]' ({exc.name} is missing)"
            ) from None
        backend = run_ray(args.address, workers=args.jobs if args.jobs > 1 else None)
    else:
        if args.address:
            raise CliError("--address is for --backend ray")
        backend = run_local(args.jobs)
    show = not args.no_progress

    def progress(done: int, total: int) -> None:
        if show:
            _progress(done, total, err)

    try:
        records = simulate(
            plan, backend, out=args.out, resume=args.resume, shard_size=args.shard_size, progress=progress
        )
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc}") from None
    players = players_of(config)
    bots = ",".join(kinds) if len(set(kinds)) > 1 else kinds[0]
    summary = summarize(
        records, players, game=game.info.name, config=summarize_config(config), first_seed=args.seed, bots=bots
    )
    if args.json:
        print(json.dumps(to_json_value(summary), indent=2), file=out)
        return 0
    print(f"{game.info.title}: {summary.config}, {summary.games} games from seed {args.seed}, bots: {bots}", file=out)
    print("seat   wins  win rate   mean score  stdev   min  median   max", file=out)
    for row in summary.seats:
        spread = row.score
        print(
            f"{row.seat + 1:4d} {row.wins:6d} {row.win_rate:9.1%} {spread.mean:12.2f} {spread.stdev:6.2f}"
            f" {spread.min:5d} {spread.median:7} {spread.max:5d}",
            file=out,
        )
    print(f"shared wins: {summary.shared_wins}, games nobody won: {summary.no_winner}", file=out)
    for label, spread in (("steps", summary.steps), ("turns", summary.turns)):
        print(f"{label}: mean {spread.mean}, min {spread.min}, median {spread.median}, max {spread.max}", file=out)
    histogram = ", ".join(f"{score}:{count}" for score, count in summary.score_histogram)
    print(f"score distribution (all seats): {histogram}", file=out)
    return 0
