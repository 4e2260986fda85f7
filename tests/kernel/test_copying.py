"""The kernel's fast evolve matches attrs.evolve."""

from __future__ import annotations

import attrs
import pytest

from ofrenda_rules.copying import evolve


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
