"""The generic fuzz suite: hostile documents for every loader of every registered game.

For every entry point of untrusted text (:mod:`tests.fuzz.loaders`) and every
kind of damage (:data:`tests.fuzz.strategies.HOSTILE_KINDS`), documents made
from real ones and from the JSON Schema are fed to the loader. Whatever the
document, the loader returns or raises the library's own error
(:class:`~ofrenda_rules.errors.OfrendaRulesError`), never another exception,
within the work and memory bounds stated on the docs' replays page
("Bounds on untrusted input"): :data:`CALLS_FIXED` plus :data:`CALLS_PER_BYTE`
function calls per byte of document, and :data:`PEAK_BYTES_FIXED` plus
:data:`PEAK_BYTES_PER_BYTE` times the document's size.

Work is counted, not timed: a profile hook counts every function call the
loader makes (Python and C), a figure that is the same on a quiet machine and a
loaded one. A loader that runs away (a hang, or work that grows faster than its
document) passes the bound and is stopped there, so it fails instead of stalling.

The normal run uses the ``fast`` hypothesis profile; ``nox -s fuzz`` runs the
``fuzz`` profile, at a high example count.
"""

from __future__ import annotations

import contextlib
import json
import resource
import sys
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

CALLS_FIXED: Final = 1_000_000
"""Function calls any one load may make on a small document (the most measured: about 28 000, first loads included)."""
CALLS_PER_BYTE: Final = 20
"""Function calls allowed per byte of document on top of :data:`CALLS_FIXED` (the most measured: 5 per byte)."""
PEAK_BYTES_FIXED: Final = 32 * 1024 * 1024
"""Memory (peak of new allocations, ``tracemalloc``) any one call may take on a small document."""
PEAK_BYTES_PER_BYTE: Final = 40
"""Memory allowed per byte of document on top of :data:`PEAK_BYTES_FIXED`."""

CASES: Final = [
    pytest.param(game, loader, id=f"{game.info.name}-{loader.name}") for game in games() for loader in loaders(game)
]


def _size(text: str | bytes) -> int:
    return len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)


class _Runaway(BaseException):
    """Raised inside a loader that passes its work bound (a ``BaseException``, so that no ``except Exception`` in
    the loader can turn it into an ordinary error)."""


@contextlib.contextmanager
def _counted_calls(limit: int) -> Iterator[list[int]]:
    """Count the function calls (Python and C) made in the block; stop it with :class:`_Runaway` past ``limit``.

    The one-item list holds the count, read after the block.
    """
    count = [0]

    def profile(frame: object, event: str, arg: object) -> None:
        if event == "call" or event == "c_call":
            count[0] += 1
            if count[0] > limit:
                raise _Runaway(f"more than {limit} calls")

    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(None)


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
    """Feed ``text`` to the loader: check what escapes and its work (counted calls), then (traced) its memory."""
    size = _size(text)
    bound = CALLS_FIXED + CALLS_PER_BYTE * size
    # Counted first (a load that never ends is stopped here), and apart from the address-space limit: a
    # MemoryError inside the profile hook would crash the interpreter.
    with contextlib.suppress(_Runaway, OfrendaRulesError), _counted_calls(bound) as calls:
        loader.load(text)
    # A runaway load was stopped at bound + 1 calls: an ordinary assertion failure, which hypothesis shrinks.
    assert calls[0] <= bound, f"more than {bound} calls for {size} bytes"
    with _address_space_limit(4 * (PEAK_BYTES_FIXED + PEAK_BYTES_PER_BYTE * size)):
        try:
            loader.load(text)
        except OfrendaRulesError:
            if loader.never_raises:
                raise
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
def test_a_hostile_document_gives_the_library_error_in_bounded_work_and_memory(
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


def test_the_work_bound_stops_a_loader_that_never_ends() -> None:
    """A hang is stopped at the bound (even through ``except Exception``) instead of stalling the suite."""

    def hang() -> None:
        while True:
            try:
                abs(-1)
                _size("x")
            except Exception:  # a loader that swallows every error must still be stopped
                continue

    with pytest.raises(_Runaway), _counted_calls(1_000) as calls:
        hang()
    assert calls[0] == 1_001
    assert sys.getprofile() is None
