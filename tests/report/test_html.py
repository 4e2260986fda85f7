"""The HTML report: self-contained, deterministic, with its charts and numbers."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from ofrenda_rules.report import html, stats
from ofrenda_rules.simulation import read_results


class _Resources(HTMLParser):
    """Every attribute that would load something, and every tag."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "data", "action", "srcset", "poster"):
                self.links.append((tag, name, value or ""))
            if name == "id" and value is not None:
                self.ids.append(value)


def _report(path: Path) -> stats.Report:
    return stats.build_report(list(read_results(path).records))


def test_html_has_no_external_resources(results_file: Path) -> None:
    report = _report(results_file)
    page = html.render_report(report)
    parser = _Resources()
    parser.feed(page)
    # Per config: win rates, scores, length, then one chart per group of the game's balance counters.
    expected = sum(3 + len(group.counters) for group in report.configs)
    assert len(report.configs) == 3 and all(group.counters for group in report.configs)
    assert parser.tags.count("svg") == expected
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    for tag, name, value in parser.links:
        assert value.startswith("#"), (tag, name, value)  # only references inside the page
    assert not re.search(r"@import|url\(\s*['\"]?(?!#)", page)
    assert "<metadata>" not in page
    assert len(parser.ids) == len(set(parser.ids)), "chart ids collide"


def test_html_is_deterministic(results_file: Path) -> None:
    report = _report(results_file)
    assert html.render_report(report) == html.render_report(_report(results_file))


def test_html_shows_the_numbers(results_file: Path) -> None:
    report = _report(results_file)
    page = html.render_report(report)
    seat = report.configs[0].seats[0]
    assert f"{seat.wins.rate:.3f} [{seat.wins.low:.3f}, {seat.wins.high:.3f}]" in page
    assert "Win rate per seat" in page and "Game length (steps)" in page  # chart text stays text
    assert "per value of lock_lead" in page


def test_counters_get_a_chart_and_tables() -> None:
    from ofrenda_rules.simulation import GameRecord

    records = [
        GameRecord(
            "ofrendados",
            {"players": 2},
            seed,
            ("random", "random"),
            (seed, 1),
            (0, 1),
            (0,),
            9,
            9,
            3,
            (("card:bought:Lotus", seed), ("card:bought:Skull", 1), ("nobody_qualified", 1)),
        )
        for seed in range(1, 4)
    ]
    page = html.render_report(stats.build_report(records))
    assert page.count("<svg") == 5  # win rates, scores, length, then one chart per counter group
    assert "Counters card:bought" in page and "card:bought:Lotus" in page and "Other counters" in page


def test_comparison_page(tmp_path: Path, results_file: Path) -> None:
    records = list(read_results(results_file).records)
    page = html.render_comparison(stats.compare(records[:30], records[60:]), names=("a.jsonl", "b.jsonl"))
    parser = _Resources()
    parser.feed(page)
    assert all(value.startswith("#") for _, _, value in parser.links)
    assert len(parser.ids) == len(set(parser.ids))
    assert 'class="significant"' in page  # the locked lead shortens the game
