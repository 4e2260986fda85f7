"""A balance report as one self-contained HTML file, charts drawn by matplotlib (the ``report`` extra).

The page has no external resources: the style sheet is inline and every chart
is an inline SVG with its text as text, without metadata, its ids made unique
in the page, so the same statistics always give the same bytes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from html import escape

import matplotlib
from matplotlib.figure import Figure

from ofrenda_rules.report.stats import (
    Comparison,
    ComparisonRow,
    CounterGroup,
    Distribution,
    GroupStats,
    Proportion,
    Report,
    Test,
)

__all__ = ["render_comparison", "render_report"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; margin-top: 2em; }
h3 { font-size: 1.05em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3efe6; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
.charts svg { max-width: 100%; height: auto; }
.significant { background: #fde2c8; font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
"""

_NOTE = (
    "Win rates count a shared win for every seat that shares it; the 95% intervals are Wilson score intervals. "
    "The fairness tests use the games with exactly one winner: chi-square (every seat wins equally often) and an "
    "exact binomial test of Seat 1 against 1 / players. Quantiles interpolate linearly."
)

_ALPHA = 0.05


def _svg(figure: Figure, number: int) -> str:
    """The figure as an inline SVG element with ids unique in the page."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "ofrenda-rules"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.DOTALL)
    for name in sorted(set(re.findall(r'id="([^"]+)"', text)), key=len, reverse=True):
        fresh = f"c{number}-{name}"
        text = text.replace(f'id="{name}"', f'id="{fresh}"').replace(f"#{name})", f"#{fresh})")
        text = text.replace(f'"#{name}"', f'"#{fresh}"')
    return text


class _Charts:
    """Numbers charts so that their ids never collide."""

    def __init__(self) -> None:
        self.count = 0

    def render(self, figure: Figure) -> str:
        self.count += 1
        return _svg(figure, self.count)


def _figure() -> Figure:
    return Figure(figsize=(5.2, 3.2), dpi=72, layout="constrained")


def _win_chart(group: GroupStats) -> Figure:
    figure = _figure()
    axes = figure.add_subplot()
    seats = [s.seat for s in group.seats]
    rates = [s.wins.rate for s in group.seats]
    below = [max(0.0, s.wins.rate - s.wins.low) for s in group.seats]
    above = [max(0.0, s.wins.high - s.wins.rate) for s in group.seats]
    axes.bar(seats, rates, color="#d9822b", yerr=[below, above], capsize=4)
    if len(group.players) == 1:
        axes.axhline(1 / group.players[0], color="#555", linestyle="--", linewidth=1, label="1 / players")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xticks(seats, [str(seat + 1) for seat in seats])  # Seat 1 is the seat at index 0
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title("Win rate per seat")
    return figure


def _score_chart(group: GroupStats) -> Figure:
    figure = _figure()
    axes = figure.add_subplot()
    boxes = [
        {
            "label": str(s.seat + 1),
            "whislo": s.score.min,
            "q1": s.score.q1,
            "med": s.score.median,
            "q3": s.score.q3,
            "whishi": s.score.max,
            "mean": s.score.mean,
        }
        for s in group.seats
    ]
    axes.bxp(boxes, showmeans=True, showfliers=False)
    axes.set_xlabel("seat")
    axes.set_ylabel("final score")
    axes.set_title("Scores per seat (min, quartiles, max; triangle: mean)")
    return figure


def _length_chart(distribution: Distribution, label: str) -> Figure:
    figure = _figure()
    axes = figure.add_subplot()
    values = [value for value, _ in distribution.histogram]
    counts = [count for _, count in distribution.histogram]
    axes.bar(values, counts, width=1.0, color="#6a4c93")
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.set_title(f"Game length ({label})")
    return figure


def _counter_title(group: CounterGroup) -> str:
    return f"Counters {group.prefix}" if group.prefix else "Other counters"


def _counter_chart(group: CounterGroup) -> Figure:
    """Mean per game of each counter of the group, one bar each."""
    counters = group.counters
    figure = Figure(figsize=(6.4, 0.9 + 0.2 * len(counters)), dpi=72, layout="constrained")
    axes = figure.add_subplot()
    positions = list(range(len(counters)))
    cut = len(group.prefix) + 1 if group.prefix else 0
    labels = [c.name[cut:] if c.name.startswith(group.prefix + ":") else c.name for c in counters]
    axes.barh(positions, [c.mean for c in counters], color="#1b998b")
    axes.set_yticks(positions, labels, fontsize=7)
    axes.invert_yaxis()
    axes.set_xlabel("mean per game")
    axes.set_title(_counter_title(group))
    return figure


def _number(value: float, digits: int = 3) -> str:
    return f"{value:.{digits}f}"


def _p(test: Test) -> str:
    return f"{test.p_value:.3g}"


def _rate(proportion: Proportion) -> str:
    return f"{proportion.rate:.3f} [{proportion.low:.3f}, {proportion.high:.3f}]"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], marks: Sequence[bool] = ()) -> str:
    lines = ["<table>", "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for index, row in enumerate(rows):
        css = ' class="significant"' if index < len(marks) and marks[index] else ""
        lines.append(f"<tr{css}>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>")
    lines.append("</table>")
    return "\n".join(lines)


def _distribution_row(name: str, d: Distribution) -> list[str]:
    return [
        name,
        str(d.n),
        _number(d.mean),
        _number(d.sd),
        str(d.min),
        *(_number(q, 2) for q in (d.q1, d.median, d.q3)),
        str(d.max),
    ]


_DIST_HEAD = ("", "n", "mean", "sd", "min", "q1", "median", "q3", "max")


def _group_tables(group: GroupStats) -> Iterator[str]:
    yield (
        f"<p>{group.games} games of {escape(group.game)}; players {', '.join(map(str, group.players))}; "
        f"shared wins {group.shared_wins}; games nobody won {group.no_winner}.</p>"
    )
    yield "<h3>Seats</h3>"
    yield _table(
        ("seat", "games", "wins", "win rate [95% CI]", "win share", "sole wins", "mean score", "sd"),
        [
            [
                str(s.seat + 1),
                str(s.games),
                str(s.wins.count),
                _rate(s.wins),
                _number(s.win_share),
                str(s.sole_wins),
                _number(s.score.mean),
                _number(s.score.sd),
            ]
            for s in group.seats
        ],
    )
    if group.fairness is not None:
        f = group.fairness
        yield "<h3>Fairness</h3>"
        yield _table(
            ("test", "sample", "statistic", "p-value"),
            [
                [
                    f"every seat wins equally often ({f.chi_square.name}, {f.players - 1} df)",
                    f"{f.decided_games} games with one winner",
                    _number(f.chi_square.statistic),
                    _p(f.chi_square),
                ],
                [
                    f"first seat wins 1/{f.players} ({f.first_seat.name}); rate {_rate(f.first_seat_rate)}",
                    f"{f.decided_games} games with one winner",
                    str(f.sole_wins[0]),
                    _p(f.first_seat),
                ],
            ],
            [f.chi_square.p_value < _ALPHA, f.first_seat.p_value < _ALPHA],
        )
    yield "<h3>Scores</h3>"
    yield _table(
        _DIST_HEAD,
        [_distribution_row(f"Seat {s.seat + 1}", s.score) for s in group.seats]
        + [_distribution_row(f"bot {b.bot}", b.score) for b in group.bots],
    )
    yield _table(
        ("bot", "seats played", "win rate [95% CI]"),
        [[b.bot, str(b.seat_games), _rate(b.wins)] for b in group.bots],
    )
    yield "<h3>Game length</h3>"
    yield _table(
        _DIST_HEAD,
        [
            _distribution_row("steps", group.steps),
            _distribution_row("decisions", group.decisions),
            _distribution_row("turns", group.turns),
        ],
    )
    if group.solo_tiers:
        yield "<h3>Solo tiers</h3>"
        yield _table(
            ("tier", "games", "share"),
            [[tier, str(count), _number(count / group.games)] for tier, count in group.solo_tiers],
        )
    for counters in group.counters:
        yield f"<h3>{escape(_counter_title(counters))}</h3>"
        yield _table(
            ("counter", "total", "mean per game", "sd", "games with > 0 [95% CI]", "max"),
            [
                [c.name, str(c.total), _number(c.mean), _number(c.sd), _rate(c.positive), str(c.max)]
                for c in counters.counters
            ],
        )


def _group_section(group: GroupStats, charts: _Charts, *, level: int = 2, with_charts: bool = True) -> str:
    parts = [f"<h{level}>{escape(group.game)}: {escape(group.label)}</h{level}>"]
    if with_charts:
        figures = [_win_chart(group), _score_chart(group), _length_chart(group.steps, "steps")]
        figures.extend(_counter_chart(counters) for counters in group.counters)
        parts.append('<div class="charts">' + "".join(charts.render(f) for f in figures) + "</div>")
    parts.extend(_group_tables(group))
    return "\n".join(parts)


def _page(title: str, body: Sequence[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{escape(title)}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            f"<h1>{escape(title)}</h1>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def render_report(stats: Report) -> str:
    """The report as a self-contained HTML page: charts and tables per config, then the pooled breakdowns."""
    charts = _Charts()
    body = [f'<p class="note">{stats.games} games. {escape(_NOTE)}</p>']
    body.extend(_group_section(group, charts) for group in stats.configs)
    if stats.by_players:
        body.append("<h2>Per player count (configs pooled)</h2>")
        body.extend(_group_section(group, charts, level=3, with_charts=False) for group in stats.by_players)
    for breakdown in stats.by_option:
        body.append(f"<h2>{escape(breakdown.game)}: per value of {escape(breakdown.option)}</h2>")
        body.extend(_group_section(group, charts, level=3, with_charts=False) for group in breakdown.values)
    return _page("Balance report", body)


def _comparison_row(row: ComparisonRow) -> list[str]:
    ranks = row.mann_whitney
    return [
        row.section,
        row.name,
        _number(row.a),
        _number(row.b),
        f"{row.difference:+.3f}",
        row.test.name,
        _number(row.test.statistic),
        _p(row.test),
        _p(ranks) if ranks is not None else "",
    ]


def _comparison_chart(comparison: Comparison) -> Figure:
    figure = _figure()
    axes = figure.add_subplot()
    seats = range(min(len(comparison.a.seats), len(comparison.b.seats)))
    for offset, (name, group, color) in enumerate((("A", comparison.a, "#d9822b"), ("B", comparison.b, "#1b998b"))):
        xs = [seat + (offset - 0.5) * 0.4 for seat in seats]
        rates = [group.seats[seat].wins.rate for seat in seats]
        below = [max(0.0, group.seats[seat].wins.rate - group.seats[seat].wins.low) for seat in seats]
        above = [max(0.0, group.seats[seat].wins.high - group.seats[seat].wins.rate) for seat in seats]
        axes.bar(xs, rates, width=0.4, color=color, yerr=[below, above], capsize=3, label=name)
    axes.set_xticks(list(seats), [str(seat + 1) for seat in seats])
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title("Win rate per seat, A and B")
    axes.legend(fontsize=8)
    return figure


def render_comparison(comparison: Comparison, *, names: tuple[str, str] = ("A", "B")) -> str:
    """Two sets of games side by side as a self-contained HTML page; significant differences (p < 0.05) marked."""
    charts = _Charts()
    body = [
        f"<p>A: {escape(names[0])} ({comparison.a.games} games). B: {escape(names[1])} ({comparison.b.games} "
        "games). Differences are B - A; rates are compared with the two-proportion z-test, means with Welch's "
        "t-test (and the Mann-Whitney U test for scores and lengths). Rows with p &lt; 0.05 are marked.</p>",
        '<div class="charts">' + charts.render(_comparison_chart(comparison)) + "</div>",
        _table(
            ("section", "statistic", "A", "B", "B - A", "test", "statistic", "p-value", "Mann-Whitney p"),
            [_comparison_row(row) for row in comparison.rows],
            [row.test.p_value < _ALPHA for row in comparison.rows],
        ),
        _group_section(comparison.a, charts),
        _group_section(comparison.b, charts),
    ]
    return _page("Balance comparison", body)
