"""The kernel's fast evolve matches attrs.evolve."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ofrenda_rules.copying import builder_class, constructor_lines, evolve, plain_constructor, replacer
from ofrenda_rules.playout import random_playout
from ofrenda_rules.registry import AnyGame
from tests.kernel.games import GAME_CONFIGS


@attrs.frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class KeywordOnly:
    a: int
    _private: int = 0
    derived: int = attrs.field(init=False, default=7)


@attrs.frozen
class Checked:
    a: int = attrs.field(validator=attrs.validators.ge(0))


def test_evolve_equals_attrs_evolve_and_leaves_the_original() -> None:
    plain = Plain(1, (2,))
    assert evolve(plain, b=(3,)) == attrs.evolve(plain, b=(3,)) == Plain(1, (3,))
    assert evolve(plain) == plain
    assert plain == Plain(1, (2,))
    keyword = KeywordOnly(a=1, private=2)
    assert evolve(keyword, a=5) == attrs.evolve(keyword, a=5) == KeywordOnly(a=5, private=2)
    assert keyword.a == 1


def test_validators_still_run() -> None:
    with pytest.raises(ValueError, match="must be >= 0"):
        evolve(Checked(1), a=-1)


def test_an_unknown_field_is_an_error() -> None:
    with pytest.raises(KeyError):
        evolve(Plain(1), c=2)


@attrs.frozen
class Unset:
    a: int
    later: int = attrs.field(init=False)


@attrs.frozen(cache_hash=True)
class Hashed:
    a: int


@attrs.frozen
class Hooked:
    a: int

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "a", self.a + 1)


def test_the_plain_constructor_stores_exactly_what_init_stores() -> None:
    keyword = plain_constructor(KeywordOnly)(1, 2)
    assert keyword == KeywordOnly(a=1, private=2) and keyword.derived == 7 and type(keyword) is KeywordOnly
    assert plain_constructor(Plain)(1, (2,)) == Plain(1, (2,))
    unset = plain_constructor(Unset)(3)
    assert unset.a == 3 and not hasattr(unset, "later")  # a field outside __init__ without default stays unset
    assert plain_constructor(Hashed)(4) == Hashed(4) and hash(plain_constructor(Hashed)(4)) == hash(Hashed(4))
    assert plain_constructor(Hooked)(1).a == 2  # the hook runs: __init__ itself


def test_classes_with_validators_or_hooks_keep_their_init() -> None:
    assert plain_constructor(Checked) is Checked
    assert plain_constructor(Hooked) is Hooked
    assert plain_constructor(Hashed) is Hashed
    with pytest.raises(ValueError, match="must be >= 0"):
        plain_constructor(Checked)(-1)
    assert plain_constructor(Plain) is not Plain  # the slots are filled directly


def test_constructor_lines_build_what_the_plain_constructor_builds() -> None:
    env: dict[str, Any] = {}
    lines = constructor_lines(KeywordOnly, {"a": "x + 1", "_private": "2 * x"}, env)
    assert lines is not None
    exec("def build(x):\n" + "\n".join(lines) + "\n", env)
    built = env["build"](4)
    assert built == KeywordOnly(a=5, private=8) and built.derived == 7 and type(built) is KeywordOnly
    for cls in (Checked, Hooked, Hashed):  # __init__ does more than store: no lines, call the class
        assert constructor_lines(cls, {"a": "1"}, {}) is None


@pytest.mark.parametrize(("game", "config"), GAME_CONFIGS)
def test_every_object_of_a_game_rebuilds_equal(game: AnyGame, config: Any) -> None:
    """Every attrs object reachable from a game's states rebuilds equal, of the same class, field by field."""
    checked: set[type] = set()
    states: list[object] = []
    random_playout(game, config, seed=3, player_seed=0, on_step=lambda state, _: states.append(state))
    for state in states[::5]:
        pending: list[object] = [state]
        while pending:
            value = pending.pop()
            if isinstance(value, tuple):
                pending.extend(value)
            elif attrs.has(cls := type(value)):
                fields = [field for field in attrs.fields(cls) if field.init]
                values = [getattr(value, field.name) for field in fields]
                rebuilt = plain_constructor(cls)(*values)
                assert type(rebuilt) is cls and rebuilt == value
                assert all(getattr(rebuilt, f.name) is getattr(value, f.name) for f in fields)
                checked.add(cls)
                pending.extend(values)
    assert game.state_type in checked


@attrs.frozen(slots=False)
class WithDict:
    a: int


def test_the_builder_class_switches_into_a_frozen_instance() -> None:
    building = builder_class(Plain)
    assert building is not None and issubclass(building, Plain) and builder_class(Plain) is building
    built = plain_constructor(Plain)(1, (2,))
    assert type(built) is Plain and built == Plain(1, (2,))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 3  # type: ignore[misc]
    assert builder_class(WithDict) is None  # no slots: nothing to switch
    assert plain_constructor(WithDict)(4) == WithDict(4)


def test_the_replacer_equals_attrs_evolve() -> None:
    plain = Plain(1, (2,))
    assert replacer(Plain, ("b",))(plain, (5,)) == attrs.evolve(plain, b=(5,))
    assert replacer(Plain, ("b",), {"a": 9})(plain, ()) == Plain(9, ())
    assert replacer(Plain, ())(plain) == plain and plain == Plain(1, (2,))
    keyword = KeywordOnly(a=1, private=2)
    moved = replacer(KeywordOnly, ("a",))(keyword, 6)  # a field outside __init__ takes its default
    assert moved == KeywordOnly(a=6, private=2) and moved.derived == 7 and type(moved) is KeywordOnly
    unset = replacer(Unset, ("a",))(plain_constructor(Unset)(1), 2)
    assert unset.a == 2 and not hasattr(unset, "later")  # ... and one without a default stays unset
    with pytest.raises(ValueError, match="must be >= 0"):
        replacer(Checked, ("a",))(Checked(1), -1)


@pytest.mark.parametrize(("changed", "fixed"), [(("c",), {}), (("a",), {"a": 1}), (("a", "a"), {}), ((), {"nope": 1})])
def test_the_replacer_refuses_unknown_or_repeated_fields(changed: tuple[str, ...], fixed: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="replacer of Plain"):
        replacer(Plain, changed, fixed)
