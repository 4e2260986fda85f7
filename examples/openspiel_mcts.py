"""OpenSpiel's MCTS and outcome-sampling MCCFR on a game of ofrenda_rules (``pip install ofrenda-rules[openspiel]``).

Run: ``python examples/openspiel_mcts.py``. It registers the games, plays one
solo Portents game (perfect information) with OpenSpiel's MCTSBot against the
Kitty, reading the observation tensors on the way, then runs a few iterations
of outcome-sampling MCCFR on Día de los Muertos (imperfect information), which
reads the perfect-recall information states.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr

from ofrenda_rules.adapters.openspiel import register

register()
game = pyspiel.load_game("ofrenda_rules_portents", {"players": 1})
print(game.get_type().short_name, "observation tensor shape", game.observation_tensor_shape())

rng = np.random.RandomState(7)
searcher = mcts.MCTSBot(game, 1.4, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    else:
        tensor = state.observation_tensor(0)
        assert len(tensor) == int(np.prod(game.observation_tensor_shape()))
        state.apply_action(searcher.step(state))
print("solo return (1 is a win):", state.returns())

solver = outcome_sampling_mccfr.OutcomeSamplingSolver(pyspiel.load_game("ofrenda_rules_dia_de_los_muertos"))
for _ in range(3):
    solver.iteration()
print("MCCFR: 3 iterations on Día de los Muertos")
