"""Editions from untrusted JSON: every size and number is bounded, and refusals speak plainly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from ofrenda_rules.errors import FormatError
from ofrenda_rules.ofrendados import DEFAULT_EDITION, load_edition
from ofrenda_rules.ofrendados.checks import MAX_AMOUNT, MAX_CARD_ID, MAX_NAME_LENGTH
from ofrenda_rules.serialization import to_json_value


def _default_json() -> dict[str, Any]:
    value = to_json_value(DEFAULT_EDITION)
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(name="x" * (MAX_NAME_LENGTH + 1)), f"name has {MAX_NAME_LENGTH + 1} characters"),
        (lambda d: d["cards"][0].update(name="x" * 10**6), "has a name of 1000000 characters"),
        (lambda d: d["cards"][0].update(cost=10**400), "costs 100000...(401 digits) pesos"),
        (lambda d: d["cards"][0].update(cost=MAX_AMOUNT + 1), f"costs {MAX_AMOUNT + 1} pesos"),
        (lambda d: d["cards"][0].update(id=10**30), f"must be numbered 1 to {MAX_CARD_ID}"),
        (lambda d: d["cards"][0].update(id=0), f"must be numbered 1 to {MAX_CARD_ID}"),
        (lambda d: d.update(food_set_points=[0, -100, 3, 10**100]), "food_set_points must each be 0 to 99"),
        (lambda d: d["sheet"].update(row_points=[1, 2, 3, 4, 10**50]), "full-row points must be at most 99"),
        (lambda d: d["sheet"].update(first=[-1, 1, 1, 2, 2]), "row 1 starts at column -1"),
        (lambda d: d["path"]["spaces"][2].update(pesos=10**50), "space 3 gives 100000...(51 digits) pesos"),
        (lambda d: d["dice"][0]["faces"][0].update(object=None, pesos=10**50), "face 1 gives 100000"),
        (lambda d: d["cards"][10]["effect"].update(min_row=10**9), "has min_row 1000000000, not a row 1 to 5"),
        (lambda d: d["cards"][10]["effect"].update(min_row=0), "has min_row 0"),
        (lambda d: d["cards"][20]["effect"].update(points=10**40), "gives 100000...(41 digits) points"),
        (lambda d: d["cards"][10]["effect"]["objects"].append("fruit"), "lists an object kind more than once"),
        (lambda d: d["cards"][21]["effect"]["objects"].append("candle"), "lists an object kind more than once"),
        (lambda d: d["cards"].extend(d["cards"] * 100), "there are 30 Calaveritas, not 3030"),
    ],
)
def test_absurd_sizes_and_numbers_in_an_edition_are_refused(change: Any, message: str) -> None:
    """Untrusted editions are bounded: names, prices, card numbers, points, pesos and rows."""
    data = _default_json()
    change(data)
    with pytest.raises(FormatError, match=re.escape(message)):
        load_edition(json.dumps(data))


@pytest.mark.parametrize(
    ("card", "kind", "count"), [(10, "rewrite", 1_000_000), (0, "draw", 200_000), (21, "eternal", 200_000)]
)
def test_a_card_listing_a_million_objects_is_refused_within_the_document_bound(
    card: int, kind: str, count: int
) -> None:
    data = _default_json()
    effect = data["cards"][card]["effect"]
    assert effect["kind"] == kind
    effect["objects"] = ["candle"] * count
    text = json.dumps(data)
    # How long the refusal takes is the benchmarks' to measure (docs/performance.md), not a test's.
    with pytest.raises(FormatError, match=r"card \d+ \(.*\) (lists|draws)"):
        load_edition(text)


def test_the_message_of_a_refused_edition_gives_each_problem_once_and_shortens_the_name() -> None:
    data = _default_json()
    data["name"] = "A" * 1000
    data["cards"][0]["cost"] = -1
    with pytest.raises(FormatError) as caught:
        load_edition(json.dumps(data))
    message = str(caught.value)
    assert message.count("costs -1 pesos") == 1
    assert "A" * 41 not in message and "invalid value" not in message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "invalid Edition: $: expected an object, got an array"),
        ("3", "invalid Edition: $: expected an object, got 3"),
        ('{"name": 3}', "$.name: expected a string, got 3"),
    ],
)
def test_a_document_of_the_wrong_shape_is_described_without_python_internals(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        load_edition(text)
    assert message in str(caught.value)
    assert "Error" not in str(caught.value) and "attribute" not in str(caught.value)
