"""Sphinx configuration for ofrenda_rules."""

from __future__ import annotations

import sys
from pathlib import Path

# Document the source tree next to this file (the worktree being built).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "ofrenda_rules"
author = "ofrenda_rules developers"
copyright = "2026, ofrenda_rules developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
myst_enable_extensions = ["colon_fence"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "furo"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False
# Type hints name builtins such as ``object`` and ``type`` that are also field names
# in several games; those ambiguous implicit references are not errors.
suppress_warnings = ["myst.header", "ref.python"]
# Docstring examples are run by pytest --doctest-modules with their module's
# globals; the doctest builder runs the ``doctest`` directives of the pages.
doctest_test_doctest_blocks = ""
