"""Adapters to other frameworks, each an optional extra the core never imports.

* :mod:`ofrenda_rules.adapters.openspiel` (``pip install ofrenda-rules[openspiel]``):
  every game registered with OpenSpiel.
"""
