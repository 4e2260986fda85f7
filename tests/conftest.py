"""Hypothesis profiles: ``fast`` for every run, ``exhaustive`` for the nightly gate, ``fuzz`` for ``nox -s fuzz``."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast",
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.register_profile(
    "exhaustive",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "fuzz",
    max_examples=200,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile("fast")
