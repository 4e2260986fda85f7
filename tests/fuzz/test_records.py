"""Damaged game records: reading one returns a replay or raises ``RecordError``, nothing else.

Records of real games (seeded and unseeded) are truncated, their lines
reordered, dropped or repeated, their tags renamed, their tokens replaced and
random text inserted; the reader must answer with a replay (which ``verify``
then judges without raising) or a :class:`~ofrenda_rules.records.RecordError`
whose line and column lie in the text.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.playout import random_playout
from ofrenda_rules.records import TAGS, RecordError, from_record, to_record
from ofrenda_rules.registry import AnyGame, games
from ofrenda_rules.replay import record, verify

KINDS = ("truncated", "reordered", "dropped", "repeated", "tag", "token", "inserted")
"""The kinds of damage done to a record."""

VALUES = ("1", '""', "null", "{}", "[]", '"??"', "-7", "{", '{"players":2}', "1e999")
"""Tag values put in place of real ones."""


@functools.cache
def _records(game: AnyGame) -> tuple[str, ...]:
    config = game.test_configs()[0]
    seeded = random_playout(game, config, seed=3, player_seed=1)
    unseeded = random_playout(game, config, seed=None, player_seed=2)
    return (
        to_record(record(game, config, 3, seeded.actions[:40])),
        to_record(record(game, config, None, unseeded.actions[:60])),
    )


def _damage(draw: Any, text: str, kind: str) -> str:
    lines = text.split("\n")
    if kind == "truncated":
        cut: int = draw(st.integers(0, len(text) - 1))
        return text[:cut]
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "reordered":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "dropped":
        del lines[i]
    elif kind == "repeated":
        lines.insert(j, lines[i])
    elif kind == "tag":
        name = draw(st.sampled_from((*TAGS, "Event", "game", "Seat ", "")))
        value = draw(st.sampled_from(VALUES))
        lines[i] = f"[{name} {value}]"
    elif kind == "token":
        tokens = lines[i].split(" ")
        k = draw(st.integers(0, len(tokens) - 1))
        tokens[k] = draw(st.sampled_from(["", "??", "*", "S0", "S99", "1.", "{", "}", "-1", "9" * 30, "a,b", "0,0,0"]))
        lines[i] = " ".join(tokens)
    else:
        position = draw(st.integers(0, len(text)))
        inserted: str = draw(st.text(max_size=12))
        return text[:position] + inserted + text[position:]
    return "\n".join(lines)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.info.name)
@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_a_damaged_record_reads_or_raises_record_error(game: AnyGame, kind: str, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(_records(game)))
    text = _damage(data.draw, base, kind)
    try:
        replay = from_record(text)
    except RecordError as exc:
        assert 0 <= exc.line <= text.count("\n") + 1
        assert exc.column >= 0
        return
    verify(replay)  # a readable record is judged by verify, which reports instead of raising
