"""Adapters to other frameworks, each an optional extra the core never imports.

* :mod:`ofrenda_rules.adapters.openspiel` (``pip install ofrenda-rules[openspiel]``):
  every game registered with OpenSpiel, and the library's bots by name as
  ``pyspiel.Bot`` (``LibraryBot``, ``library_bots``).
* :mod:`ofrenda_rules.adapters.pettingzoo` (``pip install ofrenda-rules[pettingzoo]``):
  every game as a PettingZoo AEC environment, a vector environment, and the
  library's bots by name as policies (``BotPolicy``).
"""
