"""Helpers that build Portents positions for rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ofrenda_rules.portents import Config, Phase, Sign, State
from ofrenda_rules.portents.rules import new_game

S = Sign


def position(
    altar: Sequence[Sign | None],
    hands: Sequence[Sequence[Sign]],
    *,
    config: Config | None = None,
    lit: Iterable[int] = (),
    omens: Sequence[Sign | None] | None = None,
    phase: Phase = Phase.PUSH,
    active: int = 0,
    token: Sign | None = None,
    bag: Sequence[Sign] = (),
    kitty_steps: int = 0,
    collected: Sequence[Sequence[Sign]] | None = None,
    kitty_omens: Sequence[Sign] = (),
) -> State:
    """An unseeded position: the given altar (Burnt Offerings on ``lit``), hands and omens."""
    config = Config() if config is None else config
    base = new_game(config, None)
    lit_set = set(lit)
    n = config.players
    return State(
        config=config,
        phase=phase,
        omens=tuple(omens) if omens is not None else (None,) * 16,
        altar=tuple(altar),
        lit=tuple(space in lit_set for space in range(9)),
        taken=(),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        pushed=(),
        token=token,
        bag=tuple(sorted(bag)),
        collected=tuple(tuple(c) for c in collected) if collected is not None else ((),) * n,
        kitty_omens=tuple(kitty_omens),
        kitty_steps=kitty_steps,
        active=active,
        first_player=0,
        portents=(),
        lit_now=(),
        made_portent=False,
        kitty_extra=False,
        kitty_fill=(),
        turns=0,
        reshuffles=0,
        redeals=0,
        winners=(),
        reason=None,
        rng=base.rng,
    )


def unused(state: State) -> list[Sign]:
    """Tiles not on the altar, in a hand, in the bag or on the token."""
    used = {t for t in state.altar if t is not None} | set(state.bag)
    for hand in state.hands:
        used |= set(hand)
    if state.token is not None:
        used.add(state.token)
    return [t for t in Sign if t not in used]
