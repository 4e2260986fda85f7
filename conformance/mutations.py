"""Mutations of real replays, each with the step where verification must reject it.

Every mutation works on the JSON document (what another implementation
reads) and is built so that its expectation holds by construction: a dropped,
swapped or replaced step is only chosen where the rules reach a different
state than the recorded one, an illegal action only where ``validate``
refuses it. Used by the tests and by ``conformance/generate.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.digest import state_digest
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import load_replay_value
from ofrenda_rules.rng import Rng
from ofrenda_rules.serialization import to_json_value

__all__ = ["KINDS", "Mutation", "mutations", "states_of"]

Document = dict[str, Any]

STEP_KINDS = ("digest-mismatch", "illegal-action", "impossible-chance-outcome", "wrong-player", "game-already-over")
"""Divergences that a broken step may show first (which one depends on what the step claims)."""

KINDS = (
    "dropped-step",
    "swapped-steps",
    "other-legal-action",
    "illegal-action",
    "wrong-player",
    "altered-digest",
    "altered-result",
    "truncated",
    "extra-step",
    "altered-initial-digest",
    "unknown-member",
    "wrong-type",
    "unknown-action-tag",
)
"""Every mutation kind, in the order :func:`mutations` tries them."""


@attrs.frozen
class Mutation:
    """A mutated replay document and where and how verification must reject it."""

    kind: str
    """Which mutation (one of :data:`KINDS`)."""
    document: Document
    """The mutated replay, as JSON values."""
    step: int | None
    """The step index the divergence must name (``None``: not a step, e.g. the result)."""
    divergences: tuple[str, ...]
    """The divergence kinds that are acceptable."""
    note: str
    """What was changed, in words."""


def states_of(game: AnyGame, document: Document) -> list[object]:
    """The state before each step and after the last one (``len(steps) + 1`` states)."""
    replay = load_replay_value(document)
    state = game.new_game(replay.config, replay.seed)
    states = [state]
    for step in replay.steps:
        state = game.apply(state, step.action)
        states.append(state)
    return states


def _differs(game: AnyGame, before: object, action: object, claimed: object) -> bool:
    """Whether ``action`` at ``before`` is illegal or reaches another state than ``claimed``."""
    if game.current_player(before) == TERMINAL or game.validate(before, action) is not None:
        return True
    return state_digest(game.apply(before, action)) != state_digest(claimed)


def _pick(rng: Rng, candidates: list[int]) -> tuple[int | None, Rng]:
    if not candidates:
        return None, rng
    index, rng = rng.below(len(candidates))
    return candidates[index], rng


def _cut(document: Document, keep: int) -> Document:
    """Keep the steps up to ``keep`` (exclusive) and drop the result claim."""
    doc = copy.deepcopy(document)
    doc["steps"] = doc["steps"][:keep]
    doc.pop("result", None)
    return doc


def mutations(document: Document, seed: int = 0) -> Iterator[Mutation]:
    """Mutations of a verified replay ``document`` (with per-step digests), steps chosen by ``seed``.

    Faulty documents are cut a step after the fault, so the vectors stay small.
    """
    game = get_game(document["game"])
    states = states_of(game, document)
    steps = document["steps"]
    actions = load_replay_value(document).actions
    n = len(steps)
    rng = Rng(seed)

    k, rng = _pick(rng, [i for i in range(n - 1) if _differs(game, states[i], actions[i + 1], states[i + 1])])
    if k is not None:
        doc = _cut(document, k + 3)
        del doc["steps"][k]
        yield Mutation("dropped-step", doc, k, STEP_KINDS, f"step {k} removed")
    k, rng = _pick(rng, [i for i in range(n - 1) if _differs(game, states[i], actions[i + 1], states[i + 1])])
    if k is not None:
        doc = _cut(document, k + 2)
        doc["steps"][k], doc["steps"][k + 1] = doc["steps"][k + 1], doc["steps"][k]
        yield Mutation("swapped-steps", doc, k, STEP_KINDS, f"steps {k} and {k + 1} swapped")
    others = []
    for i in range(n):
        if game.current_player(states[i]) == CHANCE:
            continue
        for action in game.legal_actions(states[i]):
            if action != actions[i] and _differs(game, states[i], action, states[i + 1]):
                others.append((i, action))
                break
    index, rng = _pick(rng, list(range(len(others))))
    if index is not None:
        k, action = others[index]
        doc = _cut(document, k + 1)
        doc["steps"][k]["action"] = to_json_value(action, game.action_type)
        yield Mutation("other-legal-action", doc, k, ("digest-mismatch",), f"step {k} replaced by another legal action")
    illegal = []
    for i in range(n):
        for j in (i - 1, i + 1, i + 2, i - 2):
            if 0 <= j < n and game.validate(states[i], actions[j]) is not None:
                illegal.append((i, actions[j]))
                break
    index, rng = _pick(rng, list(range(len(illegal))))
    if index is not None:
        k, action = illegal[index]
        doc = _cut(document, k + 1)
        doc["steps"][k]["action"] = to_json_value(action, game.action_type)
        kinds = ("impossible-chance-outcome",) if game.current_player(states[k]) == CHANCE else ("illegal-action",)
        yield Mutation("illegal-action", doc, k, kinds, f"step {k} replaced by an action the rules refuse there")
    claimed = [i for i in range(n) if "player" in steps[i]]
    k, rng = _pick(rng, claimed)
    if k is not None:
        doc = _cut(document, k + 1)
        players = int(getattr(load_replay_value(document).config, "players", 2))
        doc["steps"][k]["player"] = (steps[k]["player"] + 1) % max(players, 2) if steps[k]["player"] >= 0 else 0
        yield Mutation("wrong-player", doc, k, ("wrong-player",), f"step {k} claims another actor")
    with_digest = [i for i in range(n) if "digest" in steps[i]]
    k, rng = _pick(rng, with_digest)
    if k is not None:
        doc = _cut(document, k + 1)
        digest = doc["steps"][k]["digest"]
        doc["steps"][k]["digest"] = ("0" if digest[0] != "0" else "1") + digest[1:]
        yield Mutation("altered-digest", doc, k, ("digest-mismatch",), f"step {k} claims another digest")
    if "result" in document:
        doc = copy.deepcopy(document)
        doc["result"]["scores"][0] += 1
        yield Mutation("altered-result", doc, None, ("result-mismatch",), "seat 0 claims one more point")
        if n > 1:
            doc = copy.deepcopy(document)
            doc["steps"] = doc["steps"][: n // 2]
            yield Mutation("truncated", doc, None, ("game-not-over",), f"cut after {n // 2} steps, result kept")
        if game.is_over(states[-1]):
            doc = copy.deepcopy(document)
            doc["steps"].append(copy.deepcopy(doc["steps"][-1]))
            yield Mutation("extra-step", doc, n, ("game-already-over",), "a step after the end of the game")
    if "initial_digest" in document:
        doc = _cut(document, 1)
        doc["initial_digest"] = "f" * 64
        yield Mutation("altered-initial-digest", doc, None, ("digest-mismatch",), "another digest claimed for setup")
    k, rng = _pick(rng, list(range(n)))
    if k is not None:
        doc = _cut(document, k + 1)
        doc["steps"][k]["action"]["comment"] = "unexpected"
        yield Mutation("unknown-member", doc, k, ("malformed",), f"step {k}'s action has an unknown member")
        doc = _cut(document, k + 1)
        action = doc["steps"][k]["action"]
        members = [key for key in action if key != "type"] or ["type"]
        for key in members:
            action[key] = 12345 if isinstance(action[key], str) else "not-a-value"
        yield Mutation("wrong-type", doc, k, ("malformed",), f"step {k}'s action has members of the wrong type")
        doc = _cut(document, k + 1)
        doc["steps"][k]["action"]["type"] = "no-such-action"
        yield Mutation("unknown-action-tag", doc, k, ("malformed",), f"step {k}'s action has an unknown type")
