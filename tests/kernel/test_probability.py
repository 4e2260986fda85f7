"""The float-friendly exact probability type of chance outcomes."""

from __future__ import annotations

import copy
import operator
import pickle
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ofrenda_rules.chance import Probability, probabilities
from ofrenda_rules.serialization import dumps, loads

OPERATORS: tuple[Callable[[object, object], object], ...] = (
    operator.add,
    operator.sub,
    operator.mul,
    operator.truediv,
)


@st.composite
def probability_pairs(draw: st.DrawFn) -> tuple[Probability, Fraction]:
    denominator = draw(st.integers(min_value=1, max_value=10**6))
    numerator = draw(st.integers(min_value=0, max_value=denominator))
    return Probability(numerator, denominator), Fraction(numerator, denominator)


@given(probability_pairs(), st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6))
def test_float_arithmetic_is_fractions_bit_for_bit(pair: tuple[Probability, Fraction], u: float) -> None:
    probability, fraction = pair
    for op in OPERATORS:
        for left, right, exact_left, exact_right in ((probability, u, fraction, u), (u, probability, u, fraction)):
            try:
                expected = op(exact_left, exact_right)
            except ZeroDivisionError:
                with pytest.raises(ZeroDivisionError):
                    op(left, right)
                continue
            result = op(left, right)
            assert type(result) is float and type(expected) is float
            assert result == expected or (result != result and expected != expected)


@given(probability_pairs(), probability_pairs(), st.integers(min_value=-5, max_value=5))
def test_exact_arithmetic_and_comparisons_are_fractions(
    first: tuple[Probability, Fraction], second: tuple[Probability, Fraction], n: int
) -> None:
    (p, f), (q, g) = first, second
    assert p == f and hash(p) == hash(f) and float(p) == float(f) == p.as_float
    assert (p < q) == (f < g) and (p <= 0.5) == (f <= 0.5) and (p == 0.5) == (f == 0.5)
    for op in (operator.add, operator.sub, operator.mul):
        assert op(p, q) == op(f, g) and type(op(p, q)) is Fraction
        assert op(p, n) == op(f, n) and op(n, p) == op(n, f)
    assert p + 1j == f + 1j


def test_out_of_range_and_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        Probability(3, 2)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        Probability(-1, 2)
    with pytest.raises(TypeError, match="no denominator"):
        Probability("1/2", 3)
    with pytest.raises(ZeroDivisionError):
        Probability(1, 0)


def test_copies_pickles_and_json_keep_the_value() -> None:
    p = Probability(2, 6)
    for copied in (copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert copied == Fraction(1, 3) and type(copied) is Probability and copied.as_float == p.as_float
    assert Probability("1/3") == p and Probability(Fraction(1, 3)) == p
    assert loads(dumps(p), Fraction) == p
    assert repr(p) == "Probability(1, 3)" and str(p) == "1/3"


def test_probabilities_gives_probability_values() -> None:
    pairs = probabilities((("a", "b", "c"), (1, 2, 3)))
    assert [p for _, p in pairs] == [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]
    assert all(type(p) is Probability for _, p in pairs)
