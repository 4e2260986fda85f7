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
import resource
import signal
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import games
from tests.fuzz.loaders import Loader, loaders
from tests.fuzz.strategies import HOSTILE_KINDS, from_schema, hostile

SECONDS_PER_CALL: Final = 20.0
"""Time any one call may take on a small document (measured worst case, with a margin for a loaded machine)."""
SECONDS_PER_MIB: Final = 20.0
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


class _Overtime(Exception):
    """Raised inside a loader that runs past its time bound (so that a hang fails instead of stalling)."""


@contextlib.contextmanager
def _watchdog(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (twice the bound: the assertion below gives the exact figure)."""

    def interrupt(signum: int, frame: object) -> None:
        raise _Overtime(f"still running after {seconds:.1f} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _address_space_limit(extra: int) -> Iterator[None]:
    """A MemoryError, not the machine's out-of-memory killer, for a loader that allocates without bound."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * resource.getpagesize()
    limit = used + extra if hard == resource.RLIM_INFINITY else min(hard, used + extra)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _call(loader: Loader, text: str | bytes) -> None:
    """Feed ``text`` to the loader: check what escapes and its time, then (traced) its memory."""
    size = _size(text)
    bound = SECONDS_PER_CALL + SECONDS_PER_MIB * size / 2**20
    start = time.perf_counter()
    with _watchdog(2 * bound), _address_space_limit(4 * (PEAK_BYTES_FIXED + PEAK_BYTES_PER_BYTE * size)):
        try:
            loader.load(text)
        except OfrendaRulesError:
            if loader.never_raises:
                raise
    elapsed = time.perf_counter() - start
    assert elapsed <= bound, f"{elapsed:.2f} s for {size} bytes"
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
