"""Learning by self-play through the PettingZoo adapter: a small policy that beats the random bot.

Run it with ``nox -s learn`` (which installs what it needs: the ``pettingzoo``
extra and the ``learn`` dependency group -- Stable-Baselines3's maskable PPO
from ``sb3-contrib``, on PyTorch for the CPU), or by hand in an environment
that has them::

    python examples/learn_selfplay.py --game ofrendados --timesteps 16384 --games 200

What it does:

1. It wraps the adapter's AEC environment (``env(game, players=2,
   flat=True)``: a flat ``Box`` observation, the action mask in the agent's
   info) as a one-agent Gymnasium environment for the learner. The learner
   plays a seat chosen afresh each game; the other seat is played by **the
   learner's own policy** (self-play; at the first steps that policy is
   close to uniformly random), sampling its moves among the legal ones. The
   learner's reward is its win share at the end of the game.
2. It trains a small MLP policy (two hidden layers of 64) with maskable PPO
   for ``--timesteps`` of the learner's decisions, on one thread.
3. It plays ``--games`` games of the trained policy (its most probable legal
   move) against the library's random bot (``make_bot(game, "random", ...)``),
   seats alternating, and prints how many it won (more points-share than the
   random bot), shared and lost, and the wall-clock time of each part. The
   exit status is 1 when it won fewer than ``--target`` of them (0.9).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from ofrenda_rules.adapters.pettingzoo import env as pettingzoo_env
from ofrenda_rules.bots import bot_seed, make_bot
from ofrenda_rules.bots.utility import returns
from ofrenda_rules.registry import get_game


class SelfPlay(gymnasium.Env[np.ndarray, int]):
    """One seat of a two-player game for the learner; the other seat played by ``opponent`` (set after creation)."""

    def __init__(self, game: str, seed: int) -> None:
        super().__init__()
        self.table = pettingzoo_env(game, players=2, flat=True)
        self.agents = list(self.table.possible_agents)
        self.observation_space = self.table.observation_space(self.agents[0])
        self.action_space = self.table.action_space(self.agents[0])
        self.opponent: MaskablePPO | None = None
        self.rng = np.random.default_rng(seed)
        self.me = self.agents[0]

    def _mask(self, agent: str) -> np.ndarray:
        return np.asarray(self.table.infos[agent]["action_mask"], dtype=bool)

    def action_masks(self) -> np.ndarray:
        """The learner's legal action ids (maskable PPO asks for them before each move)."""
        return self._mask(self.me)

    def _others_move(self) -> None:
        """Play the other seat until the learner is to move or the game is over."""
        table = self.table
        while not table.terminations[self.me] and table.agent_selection != self.me:
            agent = table.agent_selection
            mask = self._mask(agent)
            if self.opponent is None:
                action = int(self.rng.choice(np.flatnonzero(mask)))
            else:
                prediction, _ = self.opponent.predict(table.observe(agent), action_masks=mask, deterministic=False)
                action = int(prediction)
            table.step(action)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """A new game, the learner at a random seat."""
        super().reset(seed=seed)
        self.table.reset(seed=int(self.rng.integers(0, 2**62)))
        self.me = self.agents[int(self.rng.integers(0, 2))]
        self._others_move()
        return self.table.observe(self.me), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        """The learner's move, then the other seat's until the learner is to move again."""
        self.table.step(int(action))
        self._others_move()
        done = bool(self.table.terminations[self.me])
        reward = float(self.table.rewards[self.me]) if done else 0.0
        return self.table.observe(self.me), reward, done, False, {}


def evaluate(model: MaskablePPO, game_name: str, games: int, seed: int) -> tuple[int, int, int]:
    """Games won, shared (equal returns) and lost by the policy against the library's random bot."""
    game = get_game(game_name)
    won = shared = lost = 0
    for number in range(games):
        table = pettingzoo_env(game_name, players=2, flat=True)
        table.reset(seed=seed + number)
        raw = table.unwrapped
        config = raw.config
        mine = number % 2
        random_bot = make_bot(game, "random", bot_seed(seed, number))
        while not table.terminations[table.agent_selection]:
            agent = table.agent_selection
            if agent == table.possible_agents[mine]:
                mask = np.asarray(table.infos[agent]["action_mask"], dtype=bool)
                action, _ = model.predict(table.observe(agent), action_masks=mask, deterministic=True)
                table.step(int(action))
            else:
                table.step(game.encode_action(config, random_bot(raw.game_state)))
        paid = returns(game, raw.game_state)
        if paid[mine] > paid[1 - mine]:
            won += 1
        elif paid[mine] == paid[1 - mine]:
            shared += 1
        else:
            lost += 1
    return won, shared, lost


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate, report; exit status 1 when the win rate misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="ofrendados", help="a two-player game of the registry")
    parser.add_argument("--timesteps", type=int, default=16_384, help="the learner's decisions to train on")
    parser.add_argument("--games", type=int, default=200, help="evaluation games against the random bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=0.9, help="the least share of games to win")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    started = time.perf_counter()
    env = SelfPlay(args.game, args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [64, 64]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    env.opponent = model  # self-play: the other seat samples from the learner's current policy
    model.learn(total_timesteps=args.timesteps)
    trained = time.perf_counter()
    won, shared, lost = evaluate(model, args.game, args.games, seed=10_000 + args.seed)
    done = time.perf_counter()
    rate = won / args.games
    print(
        f"{args.game}: trained {args.timesteps} decisions by self-play in {trained - started:.0f} s; "
        f"against the random bot over {args.games} games: won {won}, shared {shared}, lost {lost} "
        f"(win rate {rate:.3f}, target {args.target}); evaluation {done - trained:.0f} s"
    )
    return 0 if rate >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
