"""Balance statistics from simulation records, with the standard library only.

:func:`build_report` reads :class:`~ofrenda_rules.simulation.records.GameRecord`
values (one config or several) and returns a :class:`Report`: one
:class:`GroupStats` per distinct game and config, and the same statistics
pooled per player count and per config option value. :func:`compare` sets two
sets of records side by side with the significance of each difference.

How wins count: a win rate is the share of games in which the seat is among
the winners, so a shared win counts for every seat that shares it (and the
rates of a table may add up to more than 1); ``win_share`` splits each win
equally between the seats that share it. The fairness tests use only the
games with exactly one winner: a chi-square test that every seat wins equally
often and an exact binomial test of seat 0 against ``1 / players``.

The distributions (incomplete gamma and beta functions, the normal CDF) are
computed here, to double precision in the ranges a report meets.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> round(chi_square_sf(3.841458820694124, 1), 6)
0.05
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.registry import game_names, get_game
from ofrenda_rules.serialization import legacy_converter
from ofrenda_rules.simulation.records import GameRecord

__all__ = [
    "Z95",
    "BotStats",
    "Comparison",
    "ComparisonRow",
    "CounterGroup",
    "CounterStats",
    "Distribution",
    "Fairness",
    "GroupStats",
    "OptionBreakdown",
    "Proportion",
    "Report",
    "SeatStats",
    "Test",
    "binomial_test",
    "build_report",
    "chi_square_sf",
    "compare",
    "config_label",
    "mann_whitney_u",
    "normal_cdf",
    "regularized_beta",
    "regularized_gamma_p",
    "regularized_gamma_q",
    "student_t_sf",
    "summarize",
    "to_json",
    "two_proportion_z",
    "welch_t",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITER = 10_000


# --- distributions ---------------------------------------------------------------------------------------------


def normal_cdf(x: float) -> float:
    """The standard normal CDF, through ``math.erfc`` (accurate in both tails)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _gamma_series(a: float, x: float) -> float:
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = 1.0 / a
    total = term
    denominator = a
    for _ in range(_MAX_ITER):
        denominator += 1.0
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _lentz_step(a: float, b: float, c: float, d: float) -> tuple[float, float, float]:
    """One term ``a / (b + ...)`` of a continued fraction by Lentz's method: the new ``c``, ``d`` and their product."""
    d = b + a * d
    d = _TINY if abs(d) < _TINY else d
    c = b + a / c
    c = _TINY if abs(c) < _TINY else c
    d = 1.0 / d
    return c, d, d * c


def _gamma_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction, evaluated with Lentz's method (for x >= a + 1)."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        c, d, delta = _lentz_step(an, b, c, d)
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def regularized_gamma_p(a: float, x: float) -> float:
    """The regularized lower incomplete gamma function P(a, x), for a > 0 and x >= 0."""
    return _regularized_gamma(a, x, upper=False)


def regularized_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    return _regularized_gamma(a, x, upper=True)


def _regularized_gamma(a: float, x: float, *, upper: bool) -> float:
    """P(a, x), or Q(a, x) with ``upper``: the series below ``a + 1``, the continued fraction above."""
    if a <= 0 or x < 0:
        raise ValueError(f"regularized gamma needs a > 0 and x >= 0, not a={a}, x={x}")
    if x == 0:
        return 1.0 if upper else 0.0
    if x < a + 1.0:
        lower = _gamma_series(a, x)
        return 1.0 - lower if upper else lower
    rest = _gamma_fraction(a, x)
    return rest if upper else 1.0 - rest


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``df`` degrees of freedom: Q(df/2, statistic/2)."""
    if df < 1:
        raise ValueError(f"chi-square needs at least one degree of freedom, not {df}")
    return regularized_gamma_q(df / 2.0, max(statistic, 0.0) / 2.0)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Lentz's method)."""
    qab = a + b
    qap = a + 1.0
    qam = a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = _TINY if abs(d) < _TINY else d
    d = 1.0 / d
    h = d
    for m in range(1, _MAX_ITER):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        c, d, delta = _lentz_step(aa, 1.0, c, d)
        h *= delta
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        c, d, delta = _lentz_step(aa, 1.0, c, d)
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h


def regularized_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if a <= 0 or b <= 0 or not 0.0 <= x <= 1.0:
        raise ValueError(f"incomplete beta needs a, b > 0 and 0 <= x <= 1, not x={x}, a={a}, b={b}")
    if x in (0.0, 1.0):
        return x
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def student_t_sf(t: float, df: float) -> float:
    """P(T >= t) for Student's t with ``df`` (not necessarily whole) degrees of freedom."""
    if df <= 0:
        raise ValueError(f"Student's t needs df > 0, not {df}")
    tail = 0.5 * regularized_beta(df / (df + t * t), df / 2.0, 0.5)
    return tail if t >= 0 else 1.0 - tail


# --- tests and intervals ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Test:
    """The result of a significance test."""

    name: str
    """Which test (``two-proportion z``, ``Welch t``, ``chi-square``...)."""
    statistic: float
    """The test statistic (0 when the test does not apply)."""
    p_value: float
    """The two-sided p-value (1 when the test does not apply)."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``(0, 1)`` for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The ends are exact at 0 and n (rounding could otherwise leave the rate a hair outside).
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == trials else min(1.0, max(p, centre + half))
    return low, high


def _log_binomial_pmf(k: int, n: int, p: float) -> float:
    if p == 0.0:
        return 0.0 if k == 0 else -math.inf
    if p == 1.0:
        return 0.0 if k == n else -math.inf
    log_choose = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
    return log_choose + k * math.log(p) + (n - k) * math.log1p(-p)


def binomial_test(successes: int, trials: int, p: float) -> Test:
    """The exact two-sided binomial test: the probability of outcomes no more likely than the one seen."""
    if not 0 <= successes <= trials or not 0.0 <= p <= 1.0:
        raise ValueError(f"binomial test needs 0 <= successes <= trials and 0 <= p <= 1, not {successes}/{trials}, {p}")
    if trials == 0:
        return Test("exact binomial", 0.0, 1.0)
    observed = _log_binomial_pmf(successes, trials, p)
    # The relative tolerance treats outcomes equally likely up to rounding as equally extreme.
    bound = observed + 1e-7
    total = math.fsum(math.exp(lp) for k in range(trials + 1) if (lp := _log_binomial_pmf(k, trials, p)) <= bound)
    return Test("exact binomial", float(successes), min(1.0, total))


def two_proportion_z(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> Test:
    """The pooled two-proportion z-test (two-sided); not applicable (p = 1) when the pooled rate is 0 or 1."""
    if trials_a <= 0 or trials_b <= 0:
        return Test("two-proportion z", 0.0, 1.0)
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    variance = pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b)
    if variance <= 0:
        return Test("two-proportion z", 0.0, 1.0)
    z = (successes_a / trials_a - successes_b / trials_b) / math.sqrt(variance)
    return Test("two-proportion z", z, min(1.0, 2 * normal_cdf(-abs(z))))


def welch_t(a: Sequence[float], b: Sequence[float]) -> Test:
    """Welch's unequal-variance t-test (two-sided); not applicable (p = 1) with fewer than two values a side."""
    if len(a) < 2 or len(b) < 2:
        return Test("Welch t", 0.0, 1.0)
    va = statistics.variance(a) / len(a)
    vb = statistics.variance(b) / len(b)
    difference = statistics.fmean(a) - statistics.fmean(b)
    if va + vb == 0:
        return Test("Welch t", 0.0, 1.0 if difference == 0 else 0.0)
    t = difference / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    return Test("Welch t", t, min(1.0, 2 * student_t_sf(abs(t), df)))


def mann_whitney_u(a: Sequence[float], b: Sequence[float]) -> Test:
    """The Mann-Whitney U test (two-sided), normal approximation with tie and continuity corrections.

    The statistic is U of the first sample.
    """
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return Test("Mann-Whitney U", 0.0, 1.0)
    pooled = sorted([(value, 0) for value in a] + [(value, 1) for value in b])
    rank_sum = 0.0
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        rank = (i + j) / 2 + 1
        rank_sum += rank * sum(1 for k in range(i, j + 1) if pooled[k][1] == 0)
        size = j - i + 1
        ties += size**3 - size
        i = j + 1
    u = rank_sum - n1 * (n1 + 1) / 2
    n = n1 + n2
    mean = n1 * n2 / 2
    variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if variance <= 0:
        return Test("Mann-Whitney U", u, 1.0)
    z = (abs(u - mean) - 0.5) / math.sqrt(variance)
    return Test("Mann-Whitney U", u, min(1.0, 2 * normal_cdf(-max(z, 0.0))))


# --- summaries -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Proportion:
    """A count out of trials, its rate and 95% Wilson interval."""

    count: int
    """Successes."""
    trials: int
    """Trials."""
    rate: float
    """``count / trials`` (0 without trials)."""
    low: float
    """Lower end of the 95% Wilson interval."""
    high: float
    """Upper end of the 95% Wilson interval."""

    @classmethod
    def of(cls, count: int, trials: int) -> Proportion:
        """The proportion ``count / trials`` with its interval."""
        low, high = wilson_interval(count, trials)
        return cls(count, trials, count / trials if trials else 0.0, low, high)


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile by linear interpolation between order statistics (numpy's default, type 7)."""
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


@dataclass(frozen=True)
class Distribution:
    """The spread of integer values: mean, sample standard deviation, quantiles, histogram."""

    n: int
    """How many values."""
    mean: float
    """Their mean."""
    sd: float
    """Sample standard deviation (n - 1 in the denominator; 0 for one value)."""
    min: int
    """Smallest value."""
    q1: float
    """First quartile (linear interpolation)."""
    median: float
    """Median."""
    q3: float
    """Third quartile."""
    max: int
    """Largest value."""
    histogram: tuple[tuple[int, int], ...]
    """``(value, count)`` for every value seen, in value order."""

    @classmethod
    def of(cls, values: Sequence[int]) -> Distribution:
        """The distribution of ``values`` (not empty)."""
        if not values:
            raise ValueError("a distribution needs at least one value")
        ordered = sorted(values)
        return cls(
            n=len(ordered),
            mean=statistics.fmean(ordered),
            sd=statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
            min=ordered[0],
            q1=_quantile(ordered, 0.25),
            median=_quantile(ordered, 0.5),
            q3=_quantile(ordered, 0.75),
            max=ordered[-1],
            histogram=tuple(sorted(Counter(ordered).items())),
        )


@dataclass(frozen=True)
class SeatStats:
    """One seat over the games that have it."""

    seat: int
    """The seat (0 plays first)."""
    games: int
    """Games with this seat."""
    wins: Proportion
    """Games the seat won or shared, with the 95% interval."""
    win_share: float
    """Wins with each shared win split between its winners, per game."""
    sole_wins: int
    """Games the seat won alone."""
    score: Distribution
    """Final scores."""


@dataclass(frozen=True)
class BotStats:
    """One bot over every seat it played."""

    bot: str
    """The bot's name."""
    seat_games: int
    """Seats played (a game with two seats of this bot counts twice)."""
    wins: Proportion
    """Seats that won or shared the win."""
    score: Distribution
    """Final scores."""


@dataclass(frozen=True)
class Fairness:
    """Whether seats win equally often, over the games with exactly one winner."""

    players: int
    """Seats per game."""
    decided_games: int
    """Games with exactly one winner (the sample of both tests)."""
    sole_wins: tuple[int, ...]
    """Sole wins per seat."""
    chi_square: Test
    """Chi-square goodness of fit against equal wins (``players - 1`` degrees of freedom)."""
    first_seat: Test
    """Exact binomial test of seat 0's sole wins against ``1 / players``."""
    first_seat_rate: Proportion
    """Seat 0's share of the decided games, with its interval."""


@dataclass(frozen=True)
class CounterStats:
    """One counter of the games' tallies (a missing counter counts 0)."""

    name: str
    """The counter's name."""
    total: int
    """Sum over the games."""
    mean: float
    """Mean per game."""
    sd: float
    """Sample standard deviation per game."""
    positive: Proportion
    """Games where the counter is above 0."""
    max: int
    """Largest value in one game."""


@dataclass(frozen=True)
class CounterGroup:
    """The counters that share a prefix, the part of their names before the last ``:``.

    A name without ``:`` is its own prefix, so ``cards_bought`` joins ``cards_bought:0``; the counters
    that would be alone in their group share the group ``""`` instead.
    """

    prefix: str
    """The shared prefix (``""`` for the counters that share none)."""
    counters: tuple[CounterStats, ...]
    """Its counters, by name (numbers in names in numeric order)."""


@dataclass(frozen=True)
class GroupStats:
    """Everything a report says about one set of games."""

    label: str
    """What the set is (a config, a player count, an option value)."""
    game: str
    """The game (``"mixed"`` when the set holds several)."""
    config: str
    """The config as canonical JSON, or ``""`` for a pooled set of several configs."""
    games: int
    """Games in the set."""
    players: tuple[int, ...]
    """The player counts seen."""
    seats: tuple[SeatStats, ...]
    """Per seat."""
    bots: tuple[BotStats, ...]
    """Per bot, by name."""
    fairness: Fairness | None
    """The fairness tests (only for a set with one player count of at least two)."""
    shared_wins: int
    """Games won by more than one seat."""
    no_winner: int
    """Games nobody won."""
    steps: Distribution
    """Actions per game."""
    decisions: Distribution
    """Player decisions per game."""
    turns: Distribution
    """Turns (tricks, rounds) per game."""
    solo_tiers: tuple[tuple[str, int], ...]
    """Games per solo tier, where the game has tiers."""
    counters: tuple[CounterGroup, ...]
    """The game's counters, grouped by prefix."""


def _counter_values(records: Sequence[GameRecord]) -> dict[str, list[int]]:
    names = sorted({name for record in records for name, _ in record.counters})
    values: dict[str, list[int]] = {name: [] for name in names}
    for record in records:
        counts = dict(record.counters)
        for name in names:
            values[name].append(counts.get(name, 0))
    return values


def _prefix(name: str) -> str:
    """The part before the last ``:`` (``card_bought:12`` is in ``card_bought``), or the whole name."""
    return name.rsplit(":", 1)[0]


def _natural(name: str) -> tuple[tuple[int, str], ...]:
    """A sort key that puts ``card:2`` before ``card:10``."""
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"(\d+)", name))


def _counter_groups(records: Sequence[GameRecord]) -> tuple[CounterGroup, ...]:
    values = _counter_values(records)
    prefixes = {name: _prefix(name) for name in values}
    sizes = Counter(prefixes.values())
    grouped: dict[str, list[CounterStats]] = defaultdict(list)
    for name in sorted(values, key=_natural):
        counts = values[name]
        # A counter alone in its group joins the others that are alone, in the group "".
        prefix = prefixes[name] if sizes[prefixes[name]] > 1 else ""
        grouped[prefix].append(
            CounterStats(
                name=name,
                total=sum(counts),
                mean=statistics.fmean(counts),
                sd=statistics.stdev(counts) if len(counts) > 1 else 0.0,
                positive=Proportion.of(sum(1 for v in counts if v > 0), len(counts)),
                max=max(counts),
            )
        )
    return tuple(CounterGroup(prefix, tuple(stats)) for prefix, stats in sorted(grouped.items()))


def _fairness(records: Sequence[GameRecord], players: int) -> Fairness:
    decided = [record.winners[0] for record in records if len(record.winners) == 1]
    counts = tuple(sum(1 for seat in decided if seat == s) for s in range(players))
    n = len(decided)
    if n:
        expected = n / players
        statistic = sum((c - expected) ** 2 / expected for c in counts)
        chi = Test("chi-square", statistic, chi_square_sf(statistic, players - 1))
    else:
        chi = Test("chi-square", 0.0, 1.0)
    return Fairness(
        players=players,
        decided_games=n,
        sole_wins=counts,
        chi_square=chi,
        first_seat=binomial_test(counts[0], n, 1 / players),
        first_seat_rate=Proportion.of(counts[0], n),
    )


def config_label(config: object) -> str:
    """A short label of a config JSON: ``name=value`` for each top-level field but the edition."""
    if isinstance(config, Mapping):
        parts = []
        for key in sorted(config):
            value = config[key]
            if key == "edition" and isinstance(value, Mapping):
                parts.append(f"edition={value.get('name')}")
            else:
                parts.append(f"{key}={json.dumps(value, sort_keys=True, ensure_ascii=False)}")
        return ", ".join(parts)
    return json.dumps(config, sort_keys=True, ensure_ascii=False)


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def summarize(records: Sequence[GameRecord], label: str = "") -> GroupStats:
    """The statistics of one set of games (not empty); a seat counts over the games that have it."""
    if not records:
        raise ConfigError("a report needs at least one game")
    games = sorted({record.game for record in records})
    configs = sorted({_canonical(record.config) for record in records})
    players = tuple(sorted({len(record.scores) for record in records}))
    seats = []
    for seat in range(max(players)):
        having = [record for record in records if len(record.scores) > seat]
        won = [record for record in having if seat in record.winners]
        seats.append(
            SeatStats(
                seat=seat,
                games=len(having),
                wins=Proportion.of(len(won), len(having)),
                win_share=math.fsum(1 / len(record.winners) for record in won) / len(having),
                sole_wins=sum(1 for record in won if len(record.winners) == 1),
                score=Distribution.of([record.scores[seat] for record in having]),
            )
        )
    by_bot: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for record in records:
        for seat, bot in enumerate(record.bots):
            by_bot[bot].append((record.scores[seat], seat in record.winners))
    bots = tuple(
        BotStats(
            bot=bot,
            seat_games=len(rows),
            wins=Proportion.of(sum(1 for _, won in rows if won), len(rows)),
            score=Distribution.of([score for score, _ in rows]),
        )
        for bot, rows in sorted(by_bot.items())
    )
    tiers = Counter(record.solo_tier for record in records if record.solo_tier is not None)
    return GroupStats(
        label=label or (config_label(records[0].config) if len(configs) == 1 else "all games"),
        game=games[0] if len(games) == 1 else "mixed",
        config=configs[0] if len(configs) == 1 else "",
        games=len(records),
        players=players,
        seats=tuple(seats),
        bots=bots,
        fairness=_fairness(records, players[0]) if len(players) == 1 and players[0] > 1 else None,
        shared_wins=sum(1 for record in records if len(record.winners) > 1),
        no_winner=sum(1 for record in records if not record.winners),
        steps=Distribution.of([record.steps for record in records]),
        decisions=Distribution.of([record.decisions for record in records]),
        turns=Distribution.of([record.turns for record in records]),
        solo_tiers=tuple(sorted(tiers.items())),
        counters=_counter_groups(records),
    )


@dataclass(frozen=True)
class OptionBreakdown:
    """The games of one game pooled by the value of one config option."""

    game: str
    """The game."""
    option: str
    """The config field (a top-level name)."""
    values: tuple[GroupStats, ...]
    """One pooled set per value seen, labelled ``option=value``."""


@dataclass(frozen=True)
class Report:
    """A balance report: per config, per player count, per option value."""

    games: int
    """Games read."""
    configs: tuple[GroupStats, ...]
    """One set per distinct game and config, in order of first appearance."""
    by_players: tuple[GroupStats, ...]
    """Per game and player count, pooled over configs (only where that pools more than one config)."""
    by_option: tuple[OptionBreakdown, ...]
    """Per game and config option whose value varies among the records (``players`` aside)."""


def _grouped(records: Iterable[GameRecord], key: Callable[[GameRecord], str]) -> dict[str, list[GameRecord]]:
    groups: dict[str, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(key(record), []).append(record)
    return groups


def _options(game: str, config: object) -> Mapping[str, object]:
    """A config's JSON options, with those it leaves out at their default filled in (for a registered game)."""
    if not isinstance(config, Mapping):
        return {}
    return {**_default_options(game), **config}


@functools.cache
def _default_options(game: str) -> Mapping[str, object]:
    """Every option of ``game``'s default config, as JSON (replay format 1's converter writes them all)."""
    if game not in game_names():
        return {}
    config_type = get_game(game).config_type
    value = legacy_converter().unstructure(config_type(), config_type)
    return value if isinstance(value, dict) else {}


def build_report(records: Sequence[GameRecord]) -> Report:
    """The report of ``records`` (not empty; several games and configs may mix)."""
    if not records:
        raise ConfigError("a report needs at least one game")
    by_config = _grouped(records, lambda r: f"{r.game}\n{_canonical(r.config)}")
    configs = tuple(summarize(group) for group in by_config.values())
    by_players: list[GroupStats] = []
    by_option: list[OptionBreakdown] = []
    for game, game_records in sorted(_grouped(records, lambda r: r.game).items()):
        counts = _grouped(game_records, lambda r: str(len(r.scores)))
        for count, group in sorted(counts.items(), key=lambda item: int(item[0])):
            if len({_canonical(r.config) for r in group}) > 1:
                by_players.append(summarize(group, f"{count} players"))
        names = sorted({name for r in game_records for name in _options(game, r.config)} - {"players"})
        for name in names:
            values: dict[str, list[GameRecord]] = {}
            for record in game_records:
                values.setdefault(_canonical(_options(game, record.config).get(name)), []).append(record)
            if len(values) > 1:
                by_option.append(
                    OptionBreakdown(
                        game,
                        name,
                        tuple(summarize(group, f"{name}={value}") for value, group in sorted(values.items())),
                    )
                )
    return Report(len(records), configs, tuple(by_players), tuple(by_option))


# --- comparison ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ComparisonRow:
    """One statistic of A and B and the significance of their difference."""

    section: str
    """``win rate``, ``score``, ``length`` or ``counter``."""
    name: str
    """What is compared (``Seat 1``, ``steps``, a counter's name)."""
    a: float
    """A's value (a rate or a mean)."""
    b: float
    """B's value."""
    difference: float
    """``b - a``."""
    test: Test
    """The test of the difference (two-proportion z for rates, Welch t for means)."""
    mann_whitney: Test | None
    """The Mann-Whitney U test too, for scores and lengths."""


@dataclass(frozen=True)
class Comparison:
    """Two sets of games side by side."""

    a: GroupStats
    """All of A's games, pooled."""
    b: GroupStats
    """All of B's games, pooled."""
    rows: tuple[ComparisonRow, ...]
    """Every compared statistic."""


def compare(a: Sequence[GameRecord], b: Sequence[GameRecord], *, names: tuple[str, str] = ("", "")) -> Comparison:
    """Compare two sets of games (each not empty): win rates, scores and lengths per seat, counters.

    ``names`` (file names, say) go into the labels of the pooled sets.
    """
    stats_a = summarize(a, f"A ({names[0]})" if names[0] else "A")
    stats_b = summarize(b, f"B ({names[1]})" if names[1] else "B")
    rows: list[ComparisonRow] = []
    for seat in range(min(len(stats_a.seats), len(stats_b.seats))):
        wa, wb = stats_a.seats[seat].wins, stats_b.seats[seat].wins
        test = two_proportion_z(wb.count, wb.trials, wa.count, wa.trials)
        rows.append(ComparisonRow("win rate", f"Seat {seat + 1}", wa.rate, wb.rate, wb.rate - wa.rate, test, None))
    for seat in range(min(len(stats_a.seats), len(stats_b.seats))):
        sa = [float(r.scores[seat]) for r in a if len(r.scores) > seat]
        sb = [float(r.scores[seat]) for r in b if len(r.scores) > seat]
        rows.append(_mean_row("score", f"Seat {seat + 1}", sa, sb, with_ranks=True))
    for name in ("steps", "decisions", "turns"):
        la = [float(getattr(r, name)) for r in a]
        lb = [float(getattr(r, name)) for r in b]
        rows.append(_mean_row("length", name, la, lb, with_ranks=True))
    counters_a, counters_b = _counter_values(a), _counter_values(b)
    for name in sorted(set(counters_a) | set(counters_b)):
        ca = [float(v) for v in counters_a.get(name, [0] * len(a))]
        cb = [float(v) for v in counters_b.get(name, [0] * len(b))]
        rows.append(_mean_row("counter", name, ca, cb, with_ranks=False))
    return Comparison(stats_a, stats_b, tuple(rows))


def _mean_row(section: str, name: str, a: Sequence[float], b: Sequence[float], *, with_ranks: bool) -> ComparisonRow:
    mean_a = statistics.fmean(a) if a else 0.0
    mean_b = statistics.fmean(b) if b else 0.0
    return ComparisonRow(
        section,
        name,
        mean_a,
        mean_b,
        mean_b - mean_a,
        welch_t(b, a),
        mann_whitney_u(b, a) if with_ranks else None,
    )


def to_json(value: Report | Comparison | GroupStats) -> str:
    """A report or comparison as indented JSON (the same numbers, for scripts)."""
    return json.dumps(dataclasses.asdict(value), indent=2, ensure_ascii=False, allow_nan=False)
