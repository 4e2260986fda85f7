"""OpenSpiel's reference games, when the optional ``bench`` extra (open_spiel) is installed.

Only the benchmark imports open_spiel; the library never does.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

REFERENCE_GAMES = ("python_kuhn_poker", "python_liars_poker", "hearts")
"""OpenSpiel games measured through the same driver loop: two pure-Python games and one C++ game."""


def load() -> tuple[dict[str, Any], str]:
    """The loaded reference games by name and the open_spiel version, or ``({}, why not)``."""
    try:
        import pyspiel

        # Importing these modules registers the python_* games with pyspiel.
        from open_spiel.python.games import kuhn_poker, liars_poker  # noqa: F401
    except Exception as error:  # ImportError, or a broken binary wheel
        return {}, f"open_spiel cannot be imported ({type(error).__name__}: {error})"
    try:
        version = metadata.version("open_spiel")
    except metadata.PackageNotFoundError:
        version = "unknown"
    loaded: dict[str, Any] = {}
    for name in REFERENCE_GAMES:
        loaded[name] = pyspiel.load_game(name)
    return loaded, version
