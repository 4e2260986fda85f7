"""A PettingZoo random agent on every game of ofrenda_rules (``pip install ofrenda-rules[pettingzoo]``).

Run: ``python examples/pettingzoo_random.py``. Each agent samples a legal action
from its action mask, as PettingZoo's classic environments are played.
"""

from __future__ import annotations

from ofrenda_rules.adapters.pettingzoo import env

for name, players in (("dia_de_los_muertos", 4), ("ofrenda", 2), ("ofrendados", 3), ("portents", 1)):
    table = env(name, players=players)
    table.reset(seed=42)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        totals[agent] += reward
        done = termination or truncation
        table.step(None if done else table.action_space(agent).sample(observation["action_mask"]))
    table.close()
    print(f"{name} ({players} players): rewards {totals}")
