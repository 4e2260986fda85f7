"""``ofrenda-rules simulate``: many seeded games between random bots, summarised."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TextIO

import attrs

from ofrenda_rules._cli.common import (
    CliError,
    add_config_arguments,
    config_from_args,
    game_from_args,
    players_of,
    seed_type,
)
from ofrenda_rules.game import summarize_config
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.rng import MASK64
from ofrenda_rules.serialization import dumps, loads, to_json_value

__all__ = ["GameRecord", "SeatSummary", "Spread", "Summary", "add_parser", "play_games", "run", "summarize"]

_CHUNK = 8


@attrs.frozen
class GameRecord:
    """What the summary needs of one simulated game."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int
    turns: int


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the subcommand."""
    parser = sub.add_parser(
        "simulate",
        help="play many seeded games between random or reference bots and summarise them",
        description="Game i uses the seed S+i for the game and for its random bots. Prints score "
        "distributions, win rates per seat and game lengths.",
    )
    add_config_arguments(parser)
    parser.add_argument("-n", "--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=seed_type, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--bots",
        default="random",
        help="who plays: 'random', 'reference' (the game's reference bot, where it has one), or a comma-separated "
        "list per seat such as 'reference,random' (default: random)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(run=run)


def seat_bots(game: AnyGame, players: int, spec: str) -> tuple[str, ...]:
    """The bot kind of every seat from a ``--bots`` value, checked.

    Raises:
        CliError: for an unknown kind, a list of the wrong length, or a reference
            bot asked of a game that has none.
    """
    kinds = tuple(part.strip() for part in spec.split(","))
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise CliError(f"--bots: {len(kinds)} bots for {players} seats")
    for kind in kinds:
        if kind not in ("random", "reference"):
            raise CliError(f"--bots: unknown bot {kind!r}; expected random or reference")
    if "reference" in kinds and game.reference_bot is None:
        raise CliError(f"--bots: {game.info.name} has no reference bot")
    return kinds


def play_games(task: tuple[str, str, Sequence[int], tuple[str, ...]]) -> list[GameRecord]:
    """Play the games of the given seeds (a worker's job; arguments are plain data to cross processes)."""
    name, config_json, seeds, kinds = task
    game = get_game(name)
    config = loads(config_json, game.config_type)
    reference = game.reference_bot
    bots = {seat: reference for seat, kind in enumerate(kinds) if kind == "reference" and reference is not None}
    records = []
    for seed in seeds:
        result = random_playout(game, config, seed=seed, player_seed=seed, bots=bots)
        outcome = game.outcome(result.final)
        records.append(GameRecord(seed, outcome.scores, outcome.winners, result.steps, game.turn_count(result.final)))
    return records


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


def _tasks(
    name: str, config_json: str, first: int, count: int, kinds: tuple[str, ...]
) -> Iterator[tuple[str, str, list[int], tuple[str, ...]]]:
    for start in range(0, count, _CHUNK):
        seeds = [(first + i) & MASK64 for i in range(start, min(start + _CHUNK, count))]
        yield (name, config_json, seeds, kinds)


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Simulate the games and print the summary."""
    game = game_from_args(args)
    config = config_from_args(game, args)
    if args.games < 1:
        raise CliError("-n: at least one game")
    if args.jobs < 1:
        raise CliError("--jobs: at least one worker")
    kinds = seat_bots(game, players_of(config), args.bots)
    tasks = list(_tasks(game.info.name, dumps(config), args.seed, args.games, kinds))
    records: list[GameRecord] = []
    show = not args.no_progress
    if args.jobs == 1:
        for task in tasks:
            records.extend(play_games(task))
            if show:
                _progress(len(records), args.games, err)
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for chunk in pool.imap_unordered(play_games, tasks):
                records.extend(chunk)
                if show:
                    _progress(len(records), args.games, err)
    records.sort(key=lambda r: r.seed)
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
            f"{row.seat:4d} {row.wins:6d} {row.win_rate:9.1%} {spread.mean:12.2f} {spread.stdev:6.2f}"
            f" {spread.min:5d} {spread.median:7} {spread.max:5d}",
            file=out,
        )
    print(f"shared wins: {summary.shared_wins}, games nobody won: {summary.no_winner}", file=out)
    for label, spread in (("steps", summary.steps), ("turns", summary.turns)):
        print(f"{label}: mean {spread.mean}, min {spread.min}, median {spread.median}, max {spread.max}", file=out)
    histogram = ", ".join(f"{score}:{count}" for score, count in summary.score_histogram)
    print(f"score distribution (all seats): {histogram}", file=out)
    return 0
