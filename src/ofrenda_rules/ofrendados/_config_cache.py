"""A cache of what is built once per configuration, found by identity (hashing a config hashes its edition)."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import TypeVar

from ofrenda_rules.errors import ConfigError
from ofrenda_rules.ofrendados.state import Config

__all__ = ["per_config"]

T = TypeVar("T")


def per_config(build: Callable[[Config], T]) -> Callable[[Config], T]:
    """Cache ``build(config)``: built once per configuration, found by identity on every later call.

    An equal but new configuration is found through a small equality cache. The
    returned function raises :class:`~ofrenda_rules.errors.ConfigError` for an
    object that is not a :class:`~ofrenda_rules.ofrendados.state.Config`.
    """
    by_value = functools.lru_cache(maxsize=16)(build)
    by_identity: dict[int, tuple[weakref.ref[Config], T]] = {}

    def forget(ref: weakref.ref[Config], key: int) -> None:
        entry = by_identity.get(key)
        if entry is not None and entry[0] is ref:
            del by_identity[key]

    @functools.wraps(build)
    def lookup(config: Config) -> T:
        key = id(config)
        entry = by_identity.get(key)
        if entry is not None and entry[0]() is config:
            return entry[1]
        if not isinstance(config, Config):
            raise ConfigError(f"expected an ofrendados Config, not {config!r}")
        built = by_value(config)
        by_identity[key] = (weakref.ref(config, functools.partial(forget, key=key)), built)
        return built

    return lookup
