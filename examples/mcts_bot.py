"""The library's own bots, by name: a search bot against the reference bot (core only, no extra).

Run: ``python examples/mcts_bot.py``.
"""

from __future__ import annotations

from ofrenda_rules import get_game
from ofrenda_rules.bots import make_bot
from ofrenda_rules.utility import returns

game = get_game("dia_de_los_muertos")
state = game.new_game(game.config_type(players=3), 11)
seats = [make_bot(game, "mcts:100", seed=1), make_bot(game, "reference", seed=2), make_bot(game, "random", seed=3)]
while not game.is_over(state):
    state = game.apply(state, seats[game.current_player(state)](state))
print(game.describe_outcome(game.outcome(state)))
print("win shares (mcts, reference, random):", returns(game, state))
