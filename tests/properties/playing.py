"""Whole games for the property suite, chosen by a few integers that hypothesis draws.

Hypothesis does not choose each action (a long game would overrun its data
buffer and the example would be discarded as invalid, so the longest games
were under-sampled). It draws a :class:`Seeds`: the game's seed, a seed for
the players' choices, a seed for chance outcomes in unseeded games, and a
``prefix``: how many player decisions are random; decisions after the prefix
take the first legal action. Most drawn prefixes exceed any game's length, so
most games are uniformly random playouts, as
:func:`ofrenda_rules.bots.playout.random_playout` plays them.

The simplest draw, the one hypothesis tries first (and the only one of a test
weighted down to one example), is a seeded game of random decisions: the
prefix is drawn as its distance from :data:`PREFIX_ALL` and a game that may be
unseeded is seeded unless drawn otherwise, so no test spends an example on a
game that takes the first legal action throughout.

A failing example prints its ``Seeds(...)``; paste it as
``@example(seeds=Seeds(...))`` above the test to keep it as a regression.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

from ofrenda_rules.chance import CHANCE, TERMINAL, Probability
from ofrenda_rules.registry import AnyGame
from ofrenda_rules.rng import MASK64, Rng, integer_weights

__all__ = ["CENTRAL_GAMES", "LENGTHS", "PREFIX_ALL", "TARGETS", "Game", "Hook", "Seeds", "play", "rounds", "seedings"]

PREFIX_ALL = 2**16
"""The largest prefix hypothesis draws: longer than any game, so every decision is random."""

Hook = Callable[[Any, Any, Any], None]
"""``hook(before, action, after)``, called after each step."""

LENGTHS: defaultdict[str, list[tuple[int, bool]]] = defaultdict(list)
"""Every full game played in this session, by case label: ``(player decisions, all of them random)``."""

CENTRAL_GAMES: defaultdict[str, int] = defaultdict(int)
"""Full games the central property played, by case label."""

TARGETS: dict[str, int] = {"per_config": 0, "per_game": 0}
"""Full games the central property must play per configuration and per game (pytest options)."""


@attrs.frozen
class Seeds:
    """What decides one game of the property suite (its repr is a valid ``@example`` argument)."""

    game: int | None
    """The game's seed (``None``: an unseeded game, which stops at every chance event)."""
    players: int
    """Seed of the generator that picks every random player decision."""
    chance: int = 0
    """Seed of the generator that samples chance outcomes of an unseeded game by their probabilities."""
    prefix: int = PREFIX_ALL
    """How many player decisions are random; the later ones take the first legal action."""


_WORDS = st.integers(min_value=0, max_value=MASK64)
_PREFIXES = st.integers(0, PREFIX_ALL).map(lambda distance: PREFIX_ALL - distance)
"""Prefixes, the simplest (0 drawn) being every decision random."""


def seedings(*, seeded: bool | None = True) -> st.SearchStrategy[Seeds]:
    """Seeds of a game: ``seeded=True`` seeded games, ``False`` unseeded, ``None`` either."""
    game: st.SearchStrategy[int | None]
    if seeded is None:
        game = _WORDS | st.none()  # the simplest draw is seeded
    elif seeded:
        game = _WORDS
    else:
        game = st.none()
    return st.builds(Seeds, game=game, players=_WORDS, chance=_WORDS, prefix=_PREFIXES)


@attrs.frozen
class Game:
    """A game played to the end."""

    final: Any
    """The final state."""
    actions: tuple[Any, ...]
    """Every action applied (chance outcomes of an unseeded game included)."""
    decisions: int
    """How many of them were player decisions."""


def rounds(game: AnyGame, examples: int) -> int:
    """How many games one example of the central property plays to reach :data:`TARGETS` in ``examples``."""
    configs = len(game.test_configs())
    return max(1, -(-TARGETS["per_config"] // examples), -(-TARGETS["per_game"] // (examples * configs)))


def derived(seeds: Seeds, index: int) -> Seeds:
    """The seeds of an example's ``index``-th game (the example's own for ``index`` 0)."""
    if index == 0:
        return seeds
    shift = index * 0x9E3779B97F4A7C15
    return attrs.evolve(
        seeds,
        game=None if seeds.game is None else (seeds.game + shift) & MASK64,
        players=(seeds.players + shift) & MASK64,
        chance=(seeds.chance + shift) & MASK64,
    )


def label(game: AnyGame, config: Any) -> str:
    """The label of a case, as in the test ids."""
    return f"{game.info.name}[{game.describe_config(config)}]"


def play(game: AnyGame, config: Any, seeds: Seeds, hook: Hook | None = None) -> Game:
    """Play ``config`` to the end as ``seeds`` say; check the step contract; ``hook`` after each step.

    At every step: the game ends within ``max_steps``; the player to move has a
    legal action; a chance event lists exactly its legal actions with positive
    probabilities (:class:`Probability` values) summing to 1, and a decision has no chance outcomes.
    """
    state = game.new_game(config, seeds.game)
    limit = game.max_steps(config)
    players, chance = Rng(seeds.players), Rng(seeds.chance)
    actions: list[Any] = []
    decisions = 0
    while (player := game.current_player(state)) != TERMINAL:
        assert len(actions) < limit, f"no end after {limit} steps"
        legal = game.legal_actions(state)
        assert legal, f"player {player} has no legal action"
        if player == CHANCE:
            assert seeds.game is None, "a seeded game stopped at a chance event"
            outcomes = game.chance_outcomes(state)
            assert tuple(a for a, _ in outcomes) == legal
            assert sum(p for _, p in outcomes) == 1
            assert all(p > 0 and type(p) is Probability for _, p in outcomes)
            index, chance = chance.choose(integer_weights([p for _, p in outcomes]))
        else:
            assert 0 <= player < config.players, f"current_player {player} is no seat"
            assert game.chance_outcomes(state) == ()
            index = 0
            if decisions < seeds.prefix:
                index, players = players.below(len(legal))
            decisions += 1
        action = legal[index]
        after = game.apply(state, action)
        if hook is not None:
            hook(state, action, after)
        actions.append(action)
        state = after
    LENGTHS[label(game, config)].append((decisions, decisions <= seeds.prefix))
    return Game(final=state, actions=tuple(actions), decisions=decisions)


def sampled(hook: Hook, seeds: Seeds, stride: int) -> Hook:
    """Run an expensive ``hook`` on the first step and on one step in ``stride`` (the seeds pick the phase)."""
    phase = seeds.players % stride
    count = 0

    def wrapper(before: Any, action: Any, after: Any) -> None:
        nonlocal count
        if count % stride == phase or count == 0:
            hook(before, action, after)
        count += 1

    return wrapper
