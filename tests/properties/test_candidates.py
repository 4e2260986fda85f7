"""The candidate universe counts what an action class refuses to build instead of dropping it unseen."""

from __future__ import annotations

import attrs

from tests.properties.candidates import Universe


@attrs.frozen
class _Bid:
    amount: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen
class _Never:
    amount: int = attrs.field(validator=attrs.validators.in_(()))


def test_refused_combinations_are_counted_with_their_reason() -> None:
    universe = Universe(_Bid)
    universe.observe([_Bid(2)])
    candidates = universe.candidates()
    assert _Bid(0) in candidates and _Bid(2) in candidates
    assert universe.built[_Bid] == len(candidates)
    count, message = universe.refused[_Bid]
    assert count == 1 and "amount" in message and "-1" in message
    assert universe.uncovered() == []


def test_a_class_seen_in_play_with_no_candidate_is_reported() -> None:
    universe = Universe(_Bid | _Never)
    universe.observe([_Bid(1)])
    universe.seen_classes.add(_Never)  # as if play had shown one: its class refuses every value
    universe._seen["amount"].add(5)
    uncovered = universe.uncovered()
    assert universe.built[_Never] == 0 and universe.built[_Bid] > 0
    assert len(uncovered) == 1 and uncovered[0].startswith("_Never: ValueError")
