"""Collection rules for the whole tree: an optional extra's modules are collected only where it is installed.

``pytest`` collects the docstring examples of ``src`` (``--doctest-modules``);
an adapter module imports its framework at the top, so it is left out of a run
whose environment lacks that framework (its own nox session installs it).
"""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob.append("src/ofrenda_rules/adapters/openspiel.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore_glob.append("src/ofrenda_rules/adapters/pettingzoo.py")
if importlib.util.find_spec("starlette") is None:
    collect_ignore_glob.append("src/ofrenda_rules/server/*.py")
if importlib.util.find_spec("ray") is None:
    collect_ignore_glob.append("src/ofrenda_rules/simulation/ray_backend.py")
if importlib.util.find_spec("matplotlib") is None:
    collect_ignore_glob.append("src/ofrenda_rules/report/html.py")
if importlib.util.find_spec("websockets") is None:
    collect_ignore_glob.append("tests/server/load.py")
