"""Hypothesis profiles.

* ``fast`` -- every unit-test run (``nox -s tests``): few examples, derandomised,
  so the same games are replayed on every run.
* ``invariants`` -- the randomised property session of every ``nox`` run
  (``nox -s invariants``): fresh examples each run, at least 200 full games per
  configuration of every game; nox prints the hypothesis seed it passes.
* ``exhaustive`` -- ``nox -s exhaustive``: at least 10,000 full games per game.
* ``fuzz`` -- ``nox -s fuzz``: every loader fed damaged documents at a high count.

``docs/testing.md`` states how many games each plays and how long it took.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast",
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "invariants",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "exhaustive",
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "fuzz",
    max_examples=200,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile("fast")
