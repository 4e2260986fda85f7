"""The generic action-id tables: two numberings, exact types, and the per-config cache."""

from __future__ import annotations

import gc

import attrs
import pytest

from ofrenda_rules.action_ids import ActionCodec, per_config
from ofrenda_rules.errors import ConfigError, IllegalActionError


@attrs.frozen
class Move:
    to: int


@attrs.frozen
class Roll:
    face: int


@attrs.frozen
class Options:
    players: int = 2


def _codec(options: Options) -> ActionCodec[Move | Roll]:
    builds.append(options)
    return ActionCodec("demo", [Move(i) for i in range(options.players)], [Roll(f) for f in range(1, 7)])


builds: list[Options] = []


def test_decisions_and_chance_outcomes_are_numbered_apart() -> None:
    codec = _codec(Options(3))
    assert (codec.num_distinct_actions, codec.max_chance_outcomes) == (3, 6)
    assert [codec.encode(Move(i)) for i in range(3)] == [0, 1, 2]
    assert [codec.encode(Roll(f)) for f in range(1, 7)] == list(range(6))
    assert not codec.is_chance(Move(0))
    assert codec.is_chance(Roll(1))
    assert codec.decode(0) == Move(0)
    assert codec.decode(0, chance=True) == Roll(1)


@pytest.mark.parametrize(
    "action",
    [
        Move(True),
        Move(1.0),  # type: ignore[arg-type]
        Move(3),
        Roll(7),
        (1,),
        [1],
        None,
    ],
)
def test_only_the_listed_actions_with_their_exact_types_encode(action: object) -> None:
    codec = _codec(Options(3))
    with pytest.raises(IllegalActionError) as caught:
        codec.encode(action)
    assert caught.value.rejection.code == "not-encodable"
    with pytest.raises(IllegalActionError):
        codec.is_chance(action)


@pytest.mark.parametrize(("action_id", "chance"), [(-1, False), (3, False), (6, True), (True, False), (0.0, True)])
def test_ids_out_of_range_are_refused(action_id: int, chance: bool) -> None:
    with pytest.raises(IllegalActionError) as caught:
        _codec(Options(3)).decode(action_id, chance=chance)
    assert caught.value.rejection.code == "no-such-action-id"


def test_a_layout_listing_an_action_twice_is_a_bug() -> None:
    with pytest.raises(ValueError, match="twice"):
        ActionCodec("demo", [Move(0), Move(0)], [])
    with pytest.raises(ValueError, match="both"):
        ActionCodec("demo", [Move(0)], [Move(0)])


def test_per_config_builds_once_per_config_and_finds_it_by_identity() -> None:
    lookup = per_config(Options, _codec)
    builds.clear()
    first = Options(2)
    assert lookup(first) is lookup(first)
    assert lookup(Options(2)) is lookup(first)  # an equal config: found by value, not rebuilt
    assert builds == [Options(2)]
    assert lookup(Options(4)).num_distinct_actions == 4
    assert builds == [Options(2), Options(4)]
    with pytest.raises(ConfigError, match="expected a"):
        lookup("players=2")  # type: ignore[arg-type]


def test_per_config_forgets_configs_that_are_gone() -> None:
    """The identity table holds no config alive: it shrinks as the small equality cache evicts."""
    lookup = per_config(Options, _codec)
    cells = lookup.__closure__
    assert cells is not None
    table = next(c.cell_contents for c in cells if isinstance(c.cell_contents, dict))
    config = Options(5)
    lookup(config)
    assert id(config) in table
    del config
    for players in range(6, 30):  # the equality cache keeps the 16 most recent configs alive
        lookup(Options(players))
    builds.clear()  # the record of builds holds configs too
    gc.collect()
    assert all(ref() is not None for ref, _ in table.values()), "an entry outlived its config"
    assert len(table) <= 16
