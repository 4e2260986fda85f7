"""The adapters' examples in ``examples/`` run (the docs show them), each where its framework is installed."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_openspiel_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    runpy.run_path(str(EXAMPLES / "openspiel_mcts.py"), run_name="__main__")
    printed = capsys.readouterr().out
    assert "ofrenda_rules_portents observation tensor shape" in printed
    assert "solo return" in printed and "MCCFR: 3 iterations" in printed


def test_the_pettingzoo_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    runpy.run_path(str(EXAMPLES / "pettingzoo_random.py"), run_name="__main__")
    printed = capsys.readouterr().out
    for name in ("dia_de_los_muertos", "ofrenda", "ofrendados", "portents"):
        assert f"{name} (" in printed
