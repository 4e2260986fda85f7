"""Balance counters of a finished game of Portents, for simulations and balance reports.

:func:`~ofrenda_rules.portents.tally` (the package exports it under the
module's own name) reads the final state and every event of the game and
returns named integer counts; its docstring lists them.

>>> from ofrenda_rules.portents import Config, legal_actions, new_game, step
>>> state = new_game(Config(players=1), seed=5)
>>> events = list(state.recent_events)
>>> while state.reason is None:
...     state, happened = step(state, legal_actions(state)[0])
...     events.extend(happened)
>>> counters = tally(state, tuple(events))
>>> counters["player_won"] + counters["kitty_won"]
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ofrenda_rules.errors import GameNotOverError
from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.endings import EndReason
from ofrenda_rules.portents.events import (
    Event,
    KittyPushed,
    KittyStole,
    OfferingLit,
    OmenCollected,
    PortentIgnited,
    PushPassed,
    TileSacrificed,
    TileSnuffed,
    TilesPushed,
)
from ofrenda_rules.portents.kitty import kitty_hat
from ofrenda_rules.portents.state import Phase, State

__all__ = ["tally"]


def _who(seat: int | None) -> str:
    return "kitty" if seat is None else f"seat{seat}"


def tally(state: State, events: Sequence[Event]) -> dict[str, int]:
    """The balance counters of a finished game: named integer counts, every key of the game's mode present.

    It reads the final state and every event of the game (the
    ``recent_events`` of ``new_game``, then each step's events, in order). A
    balance report sums the counters over many games and divides; the
    difficulty and the challenges of a solo game are in the stored config, so
    "the Kitty's win rate by difficulty and challenge" is ``kitty_won``
    grouped by those.

    Every game of a mode has the same keys (zeros included), so that a missing
    key never reads as a zero by accident. Seats are written ``seat0`` and
    ``seat1``; ``kitty`` is the solo game's automaton.

    Counters of every game:

    - ``player_won`` -- 1 when a seat won (solo: the player beat the Kitty).
    - ``won:seat<n>`` -- 1 when seat ``n`` won.
    - ``end:<reason>`` -- 1 for the reason the game ended (every
      :class:`~ofrenda_rules.portents.endings.EndReason`, its value with ``_`` for
      ``-``: ``end:fortune_of_four``, ``end:turn_limit``, ``end:kitty_circled``...).
    - ``portents_made`` -- new Portents made in the game (each lane once per
      Scrying); ``portents_made:seat<n>`` those made by seat ``n``.
    - ``omens_collected:seat<n>`` -- omens seat ``n`` collected with its Portents
      (equal to its final score).
    - ``largest_fortune:seat<n>`` -- seat ``n``'s largest fortune at the end: the
      most of its collected omens sharing one trait.
    - ``offerings_lit`` -- tiles flipped to Burnt Offerings (the two-player
      starting offering included); ``offerings_lit:seat<n>`` those seat ``n`` lit.
    - ``offerings_snuffed`` -- Burnt Offerings flipped back (in no Portent any more).
    - ``pushes:seat<n>`` -- Sleights of Hand in which seat ``n`` pushed tiles off;
      ``passes:seat<n>`` -- push steps it passed.
    - ``setup:reshuffles`` -- times the starting altar showed a Portent and was
      laid again; ``setup:redeals`` -- times the hands were dealt again.

    Two-player games only:

    - ``draw`` -- 1 when the turn limit made the game a draw.
    - ``first_player:seat<n>`` -- 1 when seat ``n`` took the first turn (chosen
      by chance); ``first_player_won`` -- 1 when the first player won (the second
      lights the starting Burnt Offering: this measures the first seat's edge).

    Solo games only:

    - ``kitty_won`` -- 1 when the Kitty won (``player_won`` + ``kitty_won`` = 1).
    - ``portents_made:kitty``, ``omens_collected:kitty``, ``offerings_lit:kitty``
      -- the same, for the Kitty's own Scrying.
    - ``omens_stolen:kitty`` -- omens the Kitty stole in Catastrophes (the player
      made no new Portent); with ``omens_collected:kitty`` it makes the Kitty's
      final omens.
    - ``kitty:turns`` -- turns the Kitty pushed (or was blocked);
      ``kitty:blocked`` -- of those, turns Burnt Offerings blocked it entirely.
    - ``kitty:steps`` -- steps it walked (16 a circuit, 32 wins; more than
      ``kitty:turns`` when Felis Pyromanias gave it extra steps);
      ``kitty:hat`` -- 1 when it completed a circuit and wore its hat.
    - ``feed:sacrifices`` -- tiles sacrificed to the Kitty (Feed the Cat).

    Args:
        state: The final state.
        events: Every event of the game, in order: ``new_game``'s
            ``recent_events``, then each step's events.

    Returns:
        Counter name to count, every key of the game's mode present.

    Raises:
        GameNotOverError: when ``state`` is not a finished game.
    """
    if state.phase is not Phase.OVER or state.reason is None:
        raise GameNotOverError("tally counts a finished game; this one is not over")
    solo = state.config.solo
    whos = [_who(seat) for seat in range(state.config.players)] + (["kitty"] if solo else [])
    counts: Counter[str] = Counter()
    for event in events:
        if isinstance(event, PortentIgnited):
            counts["portents_made"] += 1
            counts[f"portents_made:{_who(event.seat)}"] += 1
        elif isinstance(event, OmenCollected):
            counts[f"omens_collected:{_who(event.seat)}"] += 1
        elif isinstance(event, OfferingLit):
            counts["offerings_lit"] += 1
            counts[f"offerings_lit:{_who(event.seat)}"] += 1
        elif isinstance(event, TileSnuffed):
            counts["offerings_snuffed"] += 1
        elif isinstance(event, TilesPushed):
            counts[f"pushes:{_who(event.seat)}"] += 1
        elif isinstance(event, PushPassed):
            counts[f"passes:{_who(event.seat)}"] += 1
        elif isinstance(event, KittyStole):
            counts["omens_stolen:kitty"] += 1
        elif isinstance(event, KittyPushed):
            counts["kitty:turns"] += 1
            counts["kitty:blocked"] += event.side is None
        elif isinstance(event, TileSacrificed):
            counts["feed:sacrifices"] += 1
    result: dict[str, int] = {
        "player_won": int(bool(state.winners)),
        **{f"won:seat{seat}": int(seat in state.winners) for seat in range(state.config.players)},
        **{f"end:{reason.value.replace('-', '_')}": int(state.reason is reason) for reason in EndReason},
        "portents_made": counts["portents_made"],
        "offerings_lit": counts["offerings_lit"],
        "offerings_snuffed": counts["offerings_snuffed"],
        "setup:reshuffles": state.reshuffles,
        "setup:redeals": state.redeals,
    }
    for who in whos:
        for name in ("portents_made", "omens_collected", "offerings_lit"):
            result[f"{name}:{who}"] = counts[f"{name}:{who}"]
    for seat in range(state.config.players):
        result[f"largest_fortune:seat{seat}"] = max(fortune_counts(state.collected[seat]))
        result[f"pushes:seat{seat}"] = counts[f"pushes:seat{seat}"]
        result[f"passes:seat{seat}"] = counts[f"passes:seat{seat}"]
    if solo:
        result.update(
            {
                "kitty_won": int(not state.winners),
                "omens_stolen:kitty": counts["omens_stolen:kitty"],
                "kitty:turns": counts["kitty:turns"],
                "kitty:blocked": counts["kitty:blocked"],
                "kitty:steps": state.kitty_steps,
                "kitty:hat": int(kitty_hat(state)),
                "feed:sacrifices": counts["feed:sacrifices"],
            }
        )
    else:
        result["draw"] = int(not state.winners)
        for seat in range(state.config.players):
            result[f"first_player:seat{seat}"] = int(state.first_player == seat)
        result["first_player_won"] = int(state.first_player in state.winners)
    return result
