"""``ofrenda-rules report`` and ``compare``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ofrenda_rules.cli import main
from tests.report.conftest import play


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_report_json_matches_the_records(results_file: Path) -> None:
    status, out, _ = _run("report", str(results_file), "--json")
    assert status == 0
    document = json.loads(out)
    assert document["games"] == 90
    first = document["configs"][0]
    assert first["games"] == 30 and first["players"] == [3]


def test_report_text(results_file: Path) -> None:
    status, out, _ = _run("report", str(results_file))
    assert status == 0
    assert "win rate [95% CI]" in out and "games with one winner: chi-square" in out


def test_report_html(tmp_path: Path, results_file: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "report.html"
    status, out, _ = _run("report", str(results_file), "--html", str(target))
    assert status == 0 and f"wrote {target}" in out
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_report_errors(tmp_path: Path) -> None:
    status, _, err = _run("report", str(tmp_path / "missing.jsonl"))
    assert status == 2 and "cannot read" in err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    status, _, err = _run("report", str(empty))
    assert status == 2 and "no games" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": 1}\n', encoding="utf-8")
    status, _, err = _run("report", str(broken))
    assert status == 2 and "line 1" in err


def test_compare_finds_the_known_difference(tmp_path: Path) -> None:
    # Portents' reference bot against a random one (A) and random against random (B): seat 0 wins far less in B.
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    play(a, "portents", ["reference", "random"], 0, 20, players=2)
    play(b, "portents", ["random"], 0, 20, players=2)
    status, out, _ = _run("compare", str(a), str(b), "--json")
    assert status == 0
    rows = {(row["section"], row["name"]): row for row in json.loads(out)["rows"]}
    seat0 = rows[("win rate", "Seat 1")]
    assert seat0["difference"] < -0.3
    assert seat0["test"]["p_value"] < 0.001
    status, out, _ = _run("compare", str(a), str(a))
    assert status == 0 and "*" not in out.split("\n", 2)[2].replace("* p < 0.05", "")


def test_html_without_the_extra_is_a_clear_error(
    tmp_path: Path, results_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if matplotlib were not installed
    monkeypatch.delitem(sys.modules, "ofrenda_rules.report.html", raising=False)
    status, _, err = _run("report", str(results_file), "--html", str(tmp_path / "r.html"))
    assert status == 2
    assert "pip install 'ofrenda-rules[report]' (matplotlib is missing)" in err
    assert not (tmp_path / "r.html").exists()
    status, out, _ = _run("report", str(results_file), "--json")  # the numbers need no matplotlib
    assert status == 0 and json.loads(out)["games"] == 90
