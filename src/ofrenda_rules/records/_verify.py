"""Verifying a record as a replay, and telling a record from a JSON replay."""

from __future__ import annotations

from ofrenda_rules.records._read import RecordError, from_record
from ofrenda_rules.replay import MAX_REPLAY_BYTES, AnyReplay, Divergence, DivergenceKind, Report, load_replay, verify

__all__ = ["is_record", "load_game", "verify_record"]


def is_record(text: str | bytes) -> bool:
    """Whether ``text`` is a game record rather than a JSON replay: its first visible character is ``[`` (a tag).

    >>> is_record('[Record 1]'), is_record(b'  {"format": ...}')
    (True, False)
    """
    head = text[:4096].lstrip()
    return head[:1] in ("[", b"[")


def load_game(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> AnyReplay:
    """A replay from either a record or a JSON replay document (untrusted text).

    Raises:
        RecordError: for a record that cannot be read.
        ReplayFormatError: for a JSON replay that cannot be read.

    """
    if is_record(text):
        return from_record(text, max_bytes=max_bytes)
    return load_replay(text, max_bytes=max_bytes)


def verify_record(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> Report:
    """Read and verify a record as :func:`~ofrenda_rules.replay.verify_text` does a replay; never raises for bad text.

    A record that cannot be read gives a ``malformed`` report whose reason
    names the line and column (its path is ``$``, the whole record).
    """
    try:
        replay = from_record(text, max_bytes=max_bytes)
    except RecordError as exc:
        return Report(
            ok=False,
            game=None,
            steps=0,
            verified=0,
            over=False,
            final_digest=None,
            outcome=None,
            divergence=Divergence(DivergenceKind.MALFORMED, "$", None, str(exc)),
        )
    return verify(replay)
