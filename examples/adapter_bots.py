"""The library's bots by name in OpenSpiel and PettingZoo (extras ``openspiel`` and ``pettingzoo``).

Run: ``python examples/adapter_bots.py [level]``. Any name ``make_bot`` takes
works (``random``, ``reference``, ``easy``, ``medium``, ``hard``, ``expert``,
``mcts:N``). Each bot sees only what its seat may know: it moves on a state the
game's ``resample`` draws for that seat, never the true one.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from ofrenda_rules.adapters.openspiel import library_bots, register
from ofrenda_rules.adapters.pettingzoo import BotPolicy, env

level = sys.argv[1] if len(sys.argv) > 1 else "easy"

# OpenSpiel: one pyspiel.Bot per seat, played by OpenSpiel's own evaluate_bots.
register()
game = pyspiel.load_game("ofrenda_rules_ofrenda", {"players": 2})
bots = library_bots(game, [level, "reference"], seed=7)
returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(7))
print(f"OpenSpiel, Ofrenda: {level} vs reference returns {returns}")

# PettingZoo: a policy(observation, agent) per bot name; here player_0 plays the level, player_1 the reference bot.
table = env("ofrendados", players=2)
table.reset(seed=7)
policies = {"player_0": BotPolicy(table, level, seed=7), "player_1": BotPolicy(table, "reference", seed=7)}
paid = dict.fromkeys(table.possible_agents, 0.0)
for agent in table.agent_iter():
    observation, reward, termination, truncation, _ = table.last()
    paid[agent] += reward
    table.step(None if termination or truncation else policies[agent](observation, agent))
print(f"PettingZoo, Ofrendados: {level} vs reference rewards {paid}")
