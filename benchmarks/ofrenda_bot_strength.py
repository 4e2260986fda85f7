"""Ofrenda's reference bot against uniformly random players: win shares per configuration.

Each game puts the bot in seat ``game % players`` and random players in the
other seats; the same seeds played by random players alone give the baseline
share of that seat. A solo game is won when the tier is not "what a mess"
(70 points or more). Run from the repository root::

    PYTHONPATH=src python benchmarks/ofrenda_bot_strength.py --games 300
"""

from __future__ import annotations

import argparse
import math
import time

from ofrenda_rules.ofrenda import GAME, Action, Config, State, outcome, reference_bot
from ofrenda_rules.playout import random_playout

CONFIGS = (
    Config(players=1),
    Config(players=2),
    Config(players=3),
    Config(players=4),
    Config(players=4, common_goals=True),
)


def main() -> None:
    """Play the games and print one line per configuration."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per configuration (default 300)")
    games = parser.parse_args().games
    spent = [0.0]

    def timed(state: State) -> Action:
        start = time.process_time()
        action = reference_bot(state)
        spent[0] += time.process_time() - start
        return action

    for config in CONFIGS:
        n = config.players
        bot = base = 0.0
        points = base_points = 0
        spent[0] = 0.0
        for game in range(games):
            seat = game % n
            played = outcome(random_playout(GAME, config, 10_000 + game, 20_000 + game, bots={seat: timed}).final)
            alone = outcome(random_playout(GAME, config, 10_000 + game, 20_000 + game).final)
            bot += 1 / len(played.winners) if seat in played.winners else 0.0
            base += 1 / len(alone.winners) if seat in alone.winners else 0.0
            points += played.scores[seat]
            base_points += alone.scores[seat]
        share = bot / games
        half = 1.96 * math.sqrt(share * (1 - share) / games)
        print(
            f"{GAME.describe_config(config)}: bot win share {share:.3f} +- {half:.3f} (random {base / games:.3f}); "
            f"mean points {points / games:.1f} (random {base_points / games:.1f}); "
            f"bot {spent[0] / games * 1e3:.1f} ms of processor time per game",
            flush=True,
        )


if __name__ == "__main__":
    main()
