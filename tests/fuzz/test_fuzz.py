"""The generic fuzz suite: hostile documents for every loader of every registered game.

For every entry point of untrusted text (:mod:`tests.fuzz.loaders`) and every
kind of damage (:data:`tests.fuzz.strategies.HOSTILE_KINDS`), documents made
from real ones and from the JSON Schema are fed to the loader. Whatever the
document, the loader returns or raises the library's own error
(:class:`~ofrenda_rules.errors.OfrendaRulesError`), never another exception,
within the time and memory bounds stated on the docs' replays page
("Bounds on untrusted input"): :data:`SECONDS_PER_CALL` plus
:data:`SECONDS_PER_MIB` per MiB of document, and :data:`PEAK_BYTES_FIXED` plus
:data:`PEAK_BYTES_PER_BYTE` times the document's size.

The normal run uses the ``fast`` hypothesis profile; ``nox -s fuzz`` runs the
``fuzz`` profile, at a high example count.
"""

from __future__ import annotations

import contextlib
import json
import time
import tracemalloc
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import games
from tests.fuzz.loaders import Loader, loaders
from tests.fuzz.strategies import HOSTILE_KINDS, from_schema, hostile

SECONDS_PER_CALL: Final = 2.0
"""Time any one call may take on a small document (measured worst case, with a margin for a loaded machine)."""
SECONDS_PER_MIB: Final = 2.0
"""Time allowed per MiB of document on top of :data:`SECONDS_PER_CALL`."""
PEAK_BYTES_FIXED: Final = 32 * 1024 * 1024
"""Memory (peak of new allocations, ``tracemalloc``) any one call may take on a small document."""
PEAK_BYTES_PER_BYTE: Final = 40
"""Memory allowed per byte of document on top of :data:`PEAK_BYTES_FIXED`."""

CASES: Final = [
    pytest.param(game, loader, id=f"{game.info.name}-{loader.name}") for game in games() for loader in loaders(game)
]


def _size(text: str | bytes) -> int:
    return len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)


def _call(loader: Loader, text: str | bytes) -> None:
    """Feed ``text`` to the loader: check what escapes and its time, then (traced) its memory."""
    size = _size(text)
    start = time.perf_counter()
    try:
        loader.load(text)
    except OfrendaRulesError:
        if loader.never_raises:
            raise
    elapsed = time.perf_counter() - start
    assert elapsed <= SECONDS_PER_CALL + SECONDS_PER_MIB * size / 2**20, f"{elapsed:.2f} s for {size} bytes"
    tracemalloc.start()
    try:
        with contextlib.suppress(OfrendaRulesError):
            loader.load(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= PEAK_BYTES_FIXED + PEAK_BYTES_PER_BYTE * size, f"{peak} bytes at peak for {size} bytes"


def _base(loader: Loader) -> st.SearchStrategy[object]:
    real = st.sampled_from(loader.documents) if loader.documents else st.nothing()
    return st.one_of(real, from_schema(loader.schema))


@pytest.mark.parametrize(("game", "loader"), CASES)
@pytest.mark.parametrize("kind", HOSTILE_KINDS)
@given(data=st.data())
def test_a_hostile_document_gives_the_library_error_in_bounded_time_and_memory(
    game: Any, loader: Loader, kind: str, data: st.DataObject
) -> None:
    """Wrong-typed, oversized, too deep, missing or unknown members, truncated, not UTF-8: never a crash."""
    base = data.draw(_base(loader), label="base")
    _call(loader, data.draw(hostile(base, kind), label="document"))


@pytest.mark.parametrize(("game", "loader"), CASES)
@given(data=st.data())
def test_a_document_that_follows_the_schema_loads_or_gives_the_library_error(
    game: Any, loader: Loader, data: st.DataObject
) -> None:
    """The schema says only the shape: the game's own validators must refuse the rest in words."""
    value = data.draw(from_schema(loader.schema), label="document")
    _call(loader, json.dumps(value))
