"""Ofrendados' reference bot and its die powers: cards bought against powers used, over seeded games.

Every seat is the reference bot (or, with ``--against PATH``, seat ``game %
players`` is the bot of this tree and the others the reference bot of the
``ofrendados/bots.py`` at ``PATH``, to compare two versions). Counts the
die-power cards bought (the passive DOUBLE_EXCHANGE apart), the turns and
rerolls made with them, and the dice exchanged for 2 pesos. Run from the
repository root::

    PYTHONPATH=src python benchmarks/ofrendados_die_powers.py --games 200 --players 2
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import time
from collections.abc import Callable

from ofrenda_rules.ofrendados import Config, State, apply, current_player, is_over, new_game, outcome
from ofrenda_rules.ofrendados.actions import Action, BuyCard, RerollDie, TurnDie, UseDie
from ofrenda_rules.ofrendados.bots import reference_bot
from ofrenda_rules.ofrendados.cards import DiePower, EffectKind


def _load_bot(path: str) -> Callable[[State], Action]:
    spec = importlib.util.spec_from_file_location("other_ofrendados_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bot: Callable[[State], Action] = module.reference_bot
    return bot


def main() -> None:
    """Play the games and print the counts (and, with ``--against``, the win share of this tree's bot)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--against", help="an ofrendados/bots.py whose reference bot takes the other seats")
    args = parser.parse_args()
    other = _load_bot(args.against) if args.against else reference_bot
    config = Config(players=args.players)
    counts: collections.Counter[str] = collections.Counter()
    share = 0.0
    start = time.process_time()
    for game in range(args.games):
        state = new_game(config, seed=game)
        mine = game % args.players
        while not is_over(state):
            seat = current_player(state)
            action = (reference_bot if seat == mine else other)(state)
            tag = "" if seat == mine or not args.against else "other "
            if isinstance(action, BuyCard):
                effect = config.edition.card(action.card).effect
                if effect.kind is EffectKind.DIE_POWER:
                    passive = effect.power is DiePower.DOUBLE_EXCHANGE
                    counts[tag + ("double-exchange bought" if passive else "die power bought")] += 1
            elif isinstance(action, TurnDie | RerollDie):
                counts[tag + "die power used"] += 1
            elif isinstance(action, UseDie) and action.as_money:
                counts[tag + "dice exchanged"] += 1
            state = apply(state, action)
        winners = outcome(state).winners
        if mine in winners:
            share += 1 / len(winners)
    print(f"{args.games} games, {args.players} players, {time.process_time() - start:.1f} CPU s")
    for name, count in sorted(counts.items()):
        print(f"  {name}: {count}")
    if args.against:
        print(f"  this tree's bot win share: {share / args.games:.3f} (parity {1 / args.players:.3f})")


if __name__ == "__main__":
    main()
