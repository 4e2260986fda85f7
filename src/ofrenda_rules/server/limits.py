"""The limits a server enforces on anonymous clients, and the per-address rate limiter."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import attrs

__all__ = ["Limits", "RateLimit"]


@attrs.frozen
class Limits:
    """The limits a server enforces on anonymous clients (each an option of ``ofrenda-rules serve``)."""

    max_matches: int = 1000
    """The most live (unfinished) matches; one more create answers 503 ``too-many-matches``."""
    archive_seconds: float = 3600.0
    """How long a finished match stays readable (replay export, views) before it is removed."""
    abandon_seconds: float = 86400.0
    """How long a live match may go without a step before it is abandoned (played out by bots, or closed)."""
    sweep_seconds: float = 60.0
    """How often the server looks for archived and abandoned matches."""
    creates_per_minute: int = 30
    """The most ``POST /matches`` per client address in any 60 seconds; more answer 429 ``too-many-requests``."""
    sockets_per_seat: int = 4
    """The most open WebSockets per seat of a match (and ten times as many spectators per match); more answer 429."""
    tick_seconds: float = 1.0
    """How often the server looks for clocks that ran out (the resolution of every match's clock)."""


class RateLimit:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window); memory bounded by live keys."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.events: dict[str, deque[float]] = {}
        self._checks = 0

    def allow(self, key: str) -> float:
        """Record an event for ``key``; ``0.0`` if allowed, else the seconds until one would be."""
        now = self.clock()
        self._checks += 1
        if self._checks % 1024 == 0:  # forget the keys that have been quiet for a whole window
            for quiet in [k for k, times in self.events.items() if not times or times[-1] <= now - self.window]:
                del self.events[quiet]
        times = self.events.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return max(times[0] + self.window - now, 0.001)
        times.append(now)
        return 0.0
