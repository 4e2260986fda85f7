"""The statistics: distributions against known values, and a report against numbers computed here."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from pathlib import Path

import pytest

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.report import stats
from ofrenda_rules.simulation import GameRecord, read_results

# --- distributions against textbook and closed-form values ---------------------------------------------------


def test_normal_cdf_known_values() -> None:
    assert stats.normal_cdf(0.0) == 0.5
    assert stats.normal_cdf(stats.Z95) == pytest.approx(0.975, abs=1e-12)
    assert stats.normal_cdf(-1.0) == pytest.approx(0.15865525393145707, rel=1e-12)
    assert stats.normal_cdf(-10.0) == pytest.approx(7.619853024160527e-24, rel=1e-9)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.0, 20.0])
def test_gamma_with_a_one_is_the_exponential(x: float) -> None:
    assert stats.regularized_gamma_p(1.0, x) == pytest.approx(1 - math.exp(-x), rel=1e-12)
    assert stats.regularized_gamma_q(1.0, x) == pytest.approx(math.exp(-x), rel=1e-12)


def test_gamma_with_a_half_is_erf() -> None:
    for x in (0.1, 1.0, 4.0, 9.0):
        assert stats.regularized_gamma_p(0.5, x) == pytest.approx(math.erf(math.sqrt(x)), rel=1e-12)


@pytest.mark.parametrize(
    ("critical", "df"),
    # The 5% critical values of the chi-square table.
    [(3.841458820694124, 1), (5.991464547107979, 2), (7.814727903251178, 3), (11.070497693516351, 5)],
)
def test_chi_square_table(critical: float, df: int) -> None:
    assert stats.chi_square_sf(critical, df) == pytest.approx(0.05, rel=1e-9)


def test_chi_square_two_df_is_exponential() -> None:
    assert stats.chi_square_sf(4.0, 2) == pytest.approx(math.exp(-2.0), rel=1e-12)
    assert stats.chi_square_sf(0.0, 3) == 1.0
    with pytest.raises(ValueError, match="degree of freedom"):
        stats.chi_square_sf(1.0, 0)


def test_incomplete_beta_closed_forms() -> None:
    for x in (0.1, 0.5, 0.9):
        assert stats.regularized_beta(x, 1.0, 1.0) == pytest.approx(x, rel=1e-12)
        assert stats.regularized_beta(x, 3.0, 1.0) == pytest.approx(x**3, rel=1e-12)
        assert stats.regularized_beta(x, 2.0, 2.0) == pytest.approx(3 * x**2 - 2 * x**3, rel=1e-12)


def test_student_t_closed_forms_and_table() -> None:
    for t in (-2.0, 0.0, 0.7, 3.0):
        assert stats.student_t_sf(t, 1) == pytest.approx(0.5 - math.atan(t) / math.pi, rel=1e-12)  # Cauchy
        assert stats.student_t_sf(t, 2) == pytest.approx(0.5 - t / (2 * math.sqrt(t * t + 2)), rel=1e-12)
    assert stats.student_t_sf(2.228138851986274, 10) == pytest.approx(0.025, rel=1e-9)  # t table, 10 df


def test_wilson_interval_of_newcombe() -> None:
    # Newcombe (1998), Statistics in Medicine 17, 857-872, table I: 81/263 gives 0.2553 to 0.3662.
    low, high = stats.wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert stats.wilson_interval(0, 10)[0] == 0.0
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)


def test_exact_binomial_by_hand() -> None:
    # p = 1/2: twice P(X <= 2) = 2 (1 + 10 + 45) / 1024.
    assert stats.binomial_test(2, 10, 0.5).p_value == pytest.approx(112 / 1024, rel=1e-12)
    # p = 0.2, n = 5: every outcome but X = 1 (0.4096) is at most as likely as X = 0 (0.32768).
    assert stats.binomial_test(0, 5, 0.2).p_value == pytest.approx(1 - 0.4096, rel=1e-12)
    assert stats.binomial_test(5, 10, 0.5).p_value == pytest.approx(1.0)
    assert stats.binomial_test(0, 0, 0.5).p_value == 1.0


def test_two_proportion_z_by_hand() -> None:
    # 30/100 against 45/100: pooled 0.375, standard error sqrt(0.375 * 0.625 * 0.02).
    z = (0.30 - 0.45) / math.sqrt(0.375 * 0.625 * 0.02)
    test = stats.two_proportion_z(30, 100, 45, 100)
    assert test.statistic == pytest.approx(z, rel=1e-12)
    assert test.p_value == pytest.approx(math.erfc(abs(z) / math.sqrt(2)), rel=1e-12)
    assert stats.two_proportion_z(0, 10, 0, 10).p_value == 1.0


def test_welch_t_by_hand() -> None:
    # Means 3 and 6, variances 2.5 and 10: t = -3 / sqrt(2.5), df = 2.5^2 / (0.5^2 / 4 + 2^2 / 4) = 100 / 17.
    test = stats.welch_t([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    assert test.statistic == pytest.approx(-3 / math.sqrt(2.5), rel=1e-12)
    assert test.p_value == pytest.approx(2 * stats.student_t_sf(3 / math.sqrt(2.5), 100 / 17), rel=1e-12)
    assert test.p_value == pytest.approx(0.10753119493062728, rel=1e-9)  # as R's t.test reports
    assert stats.welch_t([1], [2, 3]).p_value == 1.0


def test_mann_whitney_by_hand() -> None:
    # U = 1: the two 3s of the first sample tie the 3 of the second, half a point each; one tie group of 3.
    test = stats.mann_whitney_u([1, 2, 3, 3], [3, 4, 5, 6, 7])
    assert test.statistic == 1.0
    variance = 4 * 5 / 12 * (10 - (3**3 - 3) / (9 * 8))
    assert test.p_value == pytest.approx(math.erfc((10 - 1 - 0.5) / math.sqrt(variance) / math.sqrt(2)), rel=1e-12)


# --- a report of simulated games, checked against numbers computed here from the records --------------------------


def _wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = k / n
    centre = (2 * n * p + z * z) / (2 * (n + z * z))
    half = z * math.sqrt(z * z + 4 * n * p * (1 - p)) / (2 * (n + z * z))
    return centre - half, centre + half


def test_report_golden_numbers(results_file: Path) -> None:
    records = list(read_results(results_file).records)
    assert len(records) == 90
    report = stats.build_report(records)
    assert report.games == 90
    assert [group.games for group in report.configs] == [30, 30, 30]
    for group, first in zip(report.configs, (0, 30, 60), strict=True):
        games = records[first : first + 30]
        players = len(games[0].scores)
        assert group.players == (players,)
        for seat in range(players):
            won = [r for r in games if seat in r.winners]
            row = group.seats[seat]
            assert row.wins.count == len(won)
            assert row.wins.rate == len(won) / 30
            assert (row.wins.low, row.wins.high) == pytest.approx(_wilson(len(won), 30), rel=1e-12)
            assert row.win_share == pytest.approx(sum(1 / len(r.winners) for r in won) / 30)
            scores = [r.scores[seat] for r in games]
            assert row.score.mean == pytest.approx(sum(scores) / 30)
            assert row.score.sd == pytest.approx(statistics.stdev(scores))
            q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive")
            assert (row.score.q1, row.score.median, row.score.q3) == pytest.approx((q1, median, q3))
            assert dict(row.score.histogram) == Counter(scores)
        sole = [r.winners[0] for r in games if len(r.winners) == 1]
        expected = len(sole) / players
        chi = sum((sole.count(s) - expected) ** 2 / expected for s in range(players))
        fairness = group.fairness
        assert fairness is not None
        assert fairness.decided_games == len(sole)
        assert fairness.chi_square.statistic == pytest.approx(chi)
        assert fairness.first_seat.statistic == sole.count(0)
        steps = [r.steps for r in games]
        assert (group.steps.min, group.steps.max, group.steps.mean) == (min(steps), max(steps), sum(steps) / 30)
        assert group.turns.median == statistics.median([r.turns for r in games])
        assert group.shared_wins == sum(1 for r in games if len(r.winners) > 1)
    # Three players are pooled over two configs; lock_lead is broken down over both of its values.
    assert [group.label for group in report.by_players] == ["3 players"]
    assert report.by_players[0].games == 60
    options = {breakdown.option: breakdown for breakdown in report.by_option}
    assert set(options) == {"lock_lead"}
    assert [(g.label, g.games) for g in options["lock_lead"].values] == [
        ("lock_lead=false", 60),
        ("lock_lead=true", 30),
    ]
    pooled = options["lock_lead"].values[0]
    assert pooled.fairness is None  # three and four players mixed
    assert [s.games for s in pooled.seats] == [60, 60, 60, 30]


def _record(
    seed: int, winners: tuple[int, ...], counters: tuple[tuple[str, int], ...], tier: str | None = None
) -> GameRecord:
    return GameRecord(
        game="ofrendados",
        config={"players": 2},
        seed=seed,
        bots=("random", "reference"),
        scores=(seed, 10 - seed),
        ranks=(0, 1),
        winners=winners,
        steps=10 + seed,
        decisions=5,
        turns=3,
        counters=counters,
        solo_tier=tier,
    )


def test_counters_shared_wins_and_tiers_by_hand() -> None:
    records = [
        _record(1, (0,), (("card:bought:Lotus", 2), ("card:paid:Lotus", 1), ("nobody_qualified", 1)), "gold"),
        _record(2, (0, 1), (("card:bought:Lotus", 1), ("card:bought:Skull", 3))),
        _record(3, (), (), "gold"),
        _record(4, (1,), (("card:bought:Skull", 1),), "bronze"),
    ]
    group = stats.summarize(records)
    # card:paid and nobody_qualified would be alone in their groups: they share the group "".
    assert [c.prefix for c in group.counters] == ["", "card:bought"]
    assert [c.name for c in group.counters[0].counters] == ["card:paid:Lotus", "nobody_qualified"]
    lotus, skull = group.counters[1].counters
    assert (lotus.name, lotus.total, lotus.mean, lotus.max) == ("card:bought:Lotus", 3, 0.75, 2)
    assert (lotus.positive.count, lotus.positive.trials) == (2, 4)
    assert lotus.sd == pytest.approx(statistics.stdev([2, 1, 0, 0]))
    assert (skull.total, skull.positive.count) == (4, 2)
    assert group.shared_wins == 1 and group.no_winner == 1
    assert [s.wins.count for s in group.seats] == [2, 2]
    assert [s.win_share for s in group.seats] == [0.375, 0.375]
    assert [s.sole_wins for s in group.seats] == [1, 1]
    assert group.solo_tiers == (("bronze", 1), ("gold", 2))
    assert [(b.bot, b.seat_games, b.wins.count) for b in group.bots] == [("random", 4, 2), ("reference", 4, 2)]
    assert group.fairness is not None and group.fairness.decided_games == 2


def test_compare_counters_and_no_difference() -> None:
    a = [_record(s, (0,), (("x", s),)) for s in range(1, 5)]
    same = stats.compare(a, a)
    assert all(row.difference == 0 for row in same.rows)
    assert all(row.test.p_value == 1.0 for row in same.rows)
    b = [_record(s, (1,), ()) for s in range(1, 5)]
    rows = {(row.section, row.name): row for row in stats.compare(a, b).rows}
    assert rows[("counter", "x")].a == 2.5 and rows[("counter", "x")].b == 0.0
    assert rows[("win rate", "Seat 1")].difference == -1.0
    assert rows[("win rate", "Seat 1")].test.p_value < 0.01


def test_no_games_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="at least one game"):
        stats.build_report([])


def test_json_is_strict_and_complete(results_file: Path) -> None:
    import json

    report = stats.build_report(list(read_results(results_file).records))
    document = json.loads(stats.to_json(report))
    assert document["games"] == 90
    assert document["configs"][0]["seats"][0]["wins"]["count"] == report.configs[0].seats[0].wins.count


def test_stats_needs_no_matplotlib() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import ofrenda_rules.report.stats, ofrenda_rules.cli\n"
        "assert 'matplotlib' not in [m for m in sys.modules if sys.modules[m] is not None]"
    )
    src = str(Path(stats.__file__).parents[2])
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": src})


@pytest.mark.parametrize("n", [1, 3, 10, 30, 1000])
def test_wilson_interval_holds_the_rate(n: int) -> None:
    for k in range(n + 1):
        low, high = stats.wilson_interval(k, n)
        assert 0.0 <= low <= k / n <= high <= 1.0
    assert stats.wilson_interval(n, n)[1] == 1.0


def test_solo_games_report_tiers_and_no_fairness(tmp_path: Path) -> None:
    from tests.report.conftest import play

    records = play(tmp_path / "solo.jsonl", "ofrenda", ["random"], 0, 12, players=1)
    group = stats.build_report(records).configs[0]
    assert group.players == (1,) and group.fairness is None
    assert dict(group.solo_tiers) == Counter(r.solo_tier for r in records if r.solo_tier is not None)
    assert sum(count for _, count in group.solo_tiers) == 12
    assert group.seats[0].wins.count == sum(1 for r in records if r.winners == (0,))


def test_counter_groups_join_a_bare_name_and_sort_numbers() -> None:
    counters = (("card_bought", 3), ("card_bought:10", 1), ("card_bought:2", 1), ("card_bought:9", 1), ("x", 1))
    group = stats.summarize([_record(1, (0,), counters)])
    assert [(g.prefix, [c.name for c in g.counters]) for g in group.counters] == [
        ("", ["x"]),
        ("card_bought", ["card_bought", "card_bought:2", "card_bought:9", "card_bought:10"]),
    ]
