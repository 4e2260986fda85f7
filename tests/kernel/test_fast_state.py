"""The kernel's one way to build a frozen state fast (``ofrenda_rules.fast_state``), and that it is the only one."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import attrs
import pytest

from ofrenda_rules.fast_state import constructor, freeze, store_lines, stores_plainly, twin_class, working_copy_of

SRC = Path(__file__).resolve().parents[2] / "src" / "ofrenda_rules"


@attrs.frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()
    _cache: int | None = attrs.field(init=False, default=None, eq=False, repr=False)


@attrs.frozen
class Checked:
    a: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen
class Converted:
    a: int = attrs.field(converter=int)


@attrs.frozen(slots=False)
class WithDict:
    a: int


@working_copy_of(Plain)
class Work:
    """A working copy of ``Plain`` with a method, as the games declare theirs."""

    a: int
    b: tuple[int, ...]
    _cache: int | None

    def __init__(self, plain: Plain) -> None:
        self.a, self.b, self._cache = plain.a, plain.b, None

    def bump(self) -> None:
        self.a += 1


def test_a_working_copy_changes_in_place_then_freezes_into_the_frozen_class() -> None:
    source = Plain(1, (2,))
    work = Work(source)
    assert isinstance(work, Plain) and type(work) is not Plain and type(work).__name__ == "Work"
    work.bump()
    work.b += (3,)
    built = freeze(work, Plain)
    assert type(built) is Plain and built is work
    assert built == Plain(2, (2, 3)) and hash(built) == hash(Plain(2, (2, 3))) and repr(built) == "Plain(a=2, b=(2, 3))"
    assert pickle.loads(pickle.dumps(built)) == built and source == Plain(1, (2,))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 5


def test_working_copies_are_refused_for_classes_whose_init_does_more_than_store() -> None:
    for cls in (Checked, Converted, WithDict):
        with pytest.raises(TypeError, match=f"working_copy_of\\({cls.__qualname__}\\)"):
            working_copy_of(cls)
    assert [stores_plainly(cls) for cls in (Plain, Checked, Converted, WithDict)] == [True, False, False, False]


def test_a_declared_working_copy_with_a_base_or_slots_is_refused() -> None:
    class Base:
        pass

    class Derived(Base):
        a: int

    class Slotted:
        __slots__ = ("a",)

    for declared in (Derived, Slotted):
        with pytest.raises(TypeError, match=re.escape(f"working copy {declared.__qualname__} of Plain")):
            working_copy_of(Plain)(declared)


def test_constructors_store_into_slots_only_where_init_would_do_the_same() -> None:
    assert constructor(Plain)(1, (2,)) == Plain(1, (2,)) and constructor(Plain) is constructor(Plain)
    assert type(constructor(Plain)(1, ())) is Plain and constructor(Plain)(1, ())._cache is None
    assert constructor(Checked) is Checked  # validators run: the class itself
    with pytest.raises(ValueError, match="must be >= 0"):
        constructor(Checked)(-1)
    trusted = constructor(Checked, trusted=True)(-1)  # the caller vouches: the validator is skipped
    assert type(trusted) is Checked and trusted.a == -1
    assert constructor(Converted, trusted=True) is Converted  # a converter is never skipped
    assert constructor(WithDict)(3) == WithDict(3) and twin_class(WithDict) is None


def test_store_lines_build_the_class_in_a_generated_function() -> None:
    env: dict[str, object] = {}
    lines = store_lines(Plain, {"a": "x", "b": "(x, x)"}, env)
    exec(compile("\n".join(["def build(x):", *lines]) + "\n", "<test>", "exec"), env)
    built = env["build"](4)  # type: ignore[operator]
    assert type(built) is Plain and built == Plain(4, (4, 4))


_SWITCH = re.compile(r"\.__class__\s*=(?!=)|setattr\([^)]*[\"']__class__[\"']")
_HAND_OVER = re.compile(r"\.__dict__\s*=(?!=)|setattr\([^)]*[\"']__dict__[\"']")


def test_no_module_but_the_kernels_switches_an_objects_class_or_hands_over_a_dictionary() -> None:
    """The done criterion of issue 40 (4): ``fast_state`` is the one place that builds states by a switch of class."""
    offenders = []
    scanned = 0
    for path in sorted(SRC.rglob("*.py")):
        scanned += 1
        if path.name == "fast_state.py" and path.parent == SRC:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _SWITCH.search(line) or _HAND_OVER.search(line):
                offenders.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert scanned > 100
    assert offenders == []
    assert _SWITCH.search("    o.__class__ = CLS") and _HAND_OVER.search('_setattr(state, "__dict__", fields)')
