"""Simulations: many seeded games between bots, split into shards, played by a backend, streamed back.

A :class:`Plan` names the game, the config, the bots and the seeds; its seeds
are cut into shards of consecutive seeds, and a backend plays the shards
(:func:`run_local` with worker processes, :mod:`ofrenda_rules.simulation.ray_backend`
on a Ray cluster) and yields each shard's records as it finishes. Game ``i``
of a plan is played with seed ``first_seed + i`` for the game and for its
random bots, so every backend gives the same records, in whatever order the
shards finish. :func:`simulate` writes them to a results file as they come
and, resuming, plays only the seeds the file lacks.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import attrs

from ofrenda_rules.bots import BOT_KINDS, bot_seed, check_bot_name, make_bot
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.playout import PlayoutError, random_playout
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.rng import MASK64
from ofrenda_rules.serialization import dumps, loads, to_json_value
from ofrenda_rules.simulation.records import GameRecord, read_results, record_line

__all__ = ["BOTS", "Plan", "Shard", "SimulationError", "play_shard", "run_local", "shards", "simulate"]

BOTS = BOT_KINDS
"""The bot kinds a seat may be given (see :mod:`ofrenda_rules.bots`; ``mcts:N`` sets the search's iterations)."""


class SimulationError(OfrendaRulesError):
    """A simulation cannot run as asked: an unknown bot, a results file of another plan."""


@attrs.frozen
class Plan:
    """What to simulate."""

    game: str
    """The registry name of the game."""
    config_json: str
    """The config as the library's JSON."""
    bots: tuple[str, ...]
    """The bot of each seat."""
    first_seed: int
    """The seed of game 0."""
    games: int
    """How many games."""

    def seeds(self) -> tuple[int, ...]:
        """Every game's seed, in order."""
        return tuple((self.first_seed + i) & MASK64 for i in range(self.games))


@attrs.frozen
class Shard:
    """Some games of a plan: plain data, so that it crosses processes and machines."""

    game: str
    """The registry name of the game."""
    config_json: str
    """The config as the library's JSON."""
    bots: tuple[str, ...]
    """The bot of each seat."""
    seeds: tuple[int, ...]
    """The seeds of its games."""


def check_bots(game: AnyGame, players: int, bots: Sequence[str]) -> tuple[str, ...]:
    """The bot of every seat, checked (one name for all seats, or one per seat)."""
    kinds = tuple(bots) * players if len(bots) == 1 else tuple(bots)
    if len(kinds) != players:
        raise SimulationError(f"{len(kinds)} bots for {players} seats")
    for kind in kinds:
        try:
            check_bot_name(game, kind)
        except OfrendaRulesError as exc:
            raise SimulationError(str(exc)) from None
    return kinds


def shards(plan: Plan, size: int, *, skip: Iterable[int] = ()) -> list[Shard]:
    """The plan's seeds not in ``skip``, cut into shards of at most ``size`` consecutive seeds."""
    if size < 1:
        raise SimulationError("shard size: at least one game")
    done = set(skip)
    todo = [seed for seed in plan.seeds() if seed not in done]
    return [
        Shard(plan.game, plan.config_json, plan.bots, tuple(todo[start : start + size]))
        for start in range(0, len(todo), size)
    ]


def _tier(outcome: object) -> str | None:
    tier = getattr(outcome, "tier", None)
    if tier is None:
        return None
    value = getattr(tier, "value", tier)
    return str(value)


def play_shard(shard: Shard) -> list[GameRecord]:
    """Play a shard's games (a worker's job); the records in seed order."""
    game = get_game(shard.game)
    config = loads(shard.config_json, game.config_type)
    config_value = to_json_value(config)
    tally = game.tally
    records = []
    for seed in shard.seeds:
        policies = {
            seat: make_bot(game, kind, bot_seed(seed, seat)) for seat, kind in enumerate(shard.bots) if kind != "random"
        }
        try:
            played = random_playout(game, config, seed, seed, bots=policies)
        except PlayoutError as exc:
            raise SimulationError(f"seed {seed}: {exc}") from None
        final, actions, events = played.final, played.steps, played.events
        outcome = game.outcome(final)
        counters = tuple(sorted(tally(final, events).items()))
        records.append(
            GameRecord(
                game=shard.game,
                config=config_value,
                seed=seed,
                bots=shard.bots,
                scores=outcome.scores,
                ranks=outcome.ranks,
                winners=outcome.winners,
                steps=actions,
                decisions=actions,
                turns=game.turn_count(final),
                counters=counters,
                solo_tier=_tier(outcome),
            )
        )
    return records


Backend = Callable[[Sequence[Shard]], Iterator[list[GameRecord]]]
"""Plays shards and yields each one's records as it finishes."""


def run_local(jobs: int) -> Backend:
    """A backend of ``jobs`` local worker processes (``1``: in this process)."""

    def backend(work: Sequence[Shard]) -> Iterator[list[GameRecord]]:
        if jobs == 1:
            for shard in work:
                yield play_shard(shard)
            return
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield from pool.imap_unordered(play_shard, work)

    return backend


def simulate(
    plan: Plan,
    backend: Backend,
    *,
    out: str | Path | None = None,
    resume: bool = False,
    shard_size: int = 8,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameRecord]:
    """Play the plan with ``backend``; every record, sorted by seed.

    With ``out`` each finished game is appended to that results file as it
    comes. With ``resume`` the file's complete records of this plan are kept,
    a cut-short last line is dropped, and only the missing seeds are played;
    a file holding games of another plan is refused.
    """
    done: list[GameRecord] = []
    target = None if out is None else Path(out)
    mode = "w"
    if target is not None and resume and target.exists():
        existing = read_results(target)
        config = loads(plan.config_json, get_game(plan.game).config_type)
        wanted = set(plan.seeds())
        for record in existing.records:
            if record.game != plan.game or record.bots != plan.bots or record.config != to_json_value(config):
                raise SimulationError(f"{target} holds games of another simulation (seed {record.seed})")
            if record.seed not in wanted:
                raise SimulationError(f"{target} holds seed {record.seed}, which this simulation does not play")
        done = list(existing.records)
        with target.open("r+b") as cut:
            cut.truncate(existing.size)
        mode = "a"
    work = shards(plan, shard_size, skip=(record.seed for record in done))
    records = list(done)
    if progress is not None:
        progress(len(records), plan.games)
    stream = None if target is None else target.open(mode, encoding="utf-8")
    try:
        for finished in backend(work):
            for record in finished:
                records.append(record)
                if stream is not None:
                    stream.write(record_line(record) + "\n")
            if stream is not None:
                stream.flush()
            if progress is not None:
                progress(len(records), plan.games)
    finally:
        if stream is not None:
            stream.close()
    seeds = [record.seed for record in records]
    if len(set(seeds)) != len(seeds):
        raise SimulationError("a game was recorded twice")  # a backend bug; never silently kept
    return sorted(records, key=lambda record: record.seed)


def plan_for(game: AnyGame, config: object, bots: Sequence[str], first_seed: int, games: int) -> Plan:
    """A checked plan."""
    if games < 1:
        raise SimulationError("at least one game")
    players: int = getattr(config, "players")  # noqa: B009 -- every Config has it
    return Plan(game.info.name, dumps(config), check_bots(game, players, bots), first_seed, games)
