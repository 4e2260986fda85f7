"""OpenSpiel's ISMCTS and outcome-sampling MCCFR on the imperfect-information games (extra ``openspiel``).

Run: ``python examples/openspiel_ismcts.py [simulations] [iterations]``. For
Ofrenda and Día de los Muertos (the games that hide information) it plays one
game with OpenSpiel's Python ``ISMCTSBot`` in every seat -- the bot draws the
states it searches with ``resample_from_infostate``, which the adapter answers
with the library's ``resample`` -- then runs outcome-sampling MCCFR and reads
its average policy at the first decision. The game objects pickle, so
OpenSpiel's ``games_sim_test`` and multiprocessing tools take them.
"""

from __future__ import annotations

import pickle
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from ofrenda_rules.adapters.openspiel import register

simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 20
iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 20

register()
for name in ("ofrenda_rules_ofrenda", "ofrenda_rules_dia_de_los_muertos"):
    game = pickle.loads(pickle.dumps(pyspiel.load_game(name)))
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
            decisions += 1
    print(f"{name}: ISMCTS ({simulations} simulations a move) played {decisions} decisions, returns {state.returns()}")

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    first = game.new_initial_state()
    while first.is_chance_node():
        first.apply_action(first.chance_outcomes()[0][0])
    policy = solver.average_policy().action_probabilities(first)
    print(f"{name}: MCCFR ({iterations} iterations) policy over {len(policy)} actions at the first decision")
