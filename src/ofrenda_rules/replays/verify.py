"""Verifying a replay: re-execute it and report the first divergence."""

from __future__ import annotations

import enum
from typing import Any, Final, Literal

import attrs

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.json import canonical_json, early_state_digest, legacy_state_digest, state_digest, to_json_value
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replays.format import MAX_REPLAY_BYTES, AnyReplay
from ofrenda_rules.replays.load import ReplayFormatError, load_replay
from ofrenda_rules.undo import History, UndoRefusal, can_undo

__all__ = ["REPORT_FORMAT", "Divergence", "DivergenceKind", "Report", "verify", "verify_text"]

REPORT_FORMAT: Final = "ofrenda-rules-verification"
"""The value of a verification report's ``format`` member."""


class DivergenceKind(enum.Enum):
    """Why a replay and the rules part ways (the value is a stable code)."""

    MALFORMED = "malformed"
    """The document cannot be read (bad JSON, unknown member, wrong type, over a limit...)."""
    WRONG_PLAYER = "wrong-player"
    """The step claims a different actor than the rules say is due."""
    GAME_ALREADY_OVER = "game-already-over"
    """A step follows the end of the game."""
    ILLEGAL_ACTION = "illegal-action"
    """A player decision the rules do not allow (the game's rejection is given)."""
    IMPOSSIBLE_CHANCE = "impossible-chance-outcome"
    """A chance outcome that cannot happen in that state."""
    DIGEST_MISMATCH = "digest-mismatch"
    """The claimed state digest differs from the state the rules reach."""
    RESULT_MISMATCH = "result-mismatch"
    """The claimed final result differs from the rules' result."""
    GAME_NOT_OVER = "game-not-over"
    """A result is claimed but the steps do not finish the game."""
    ILLEGAL_UNDO = "illegal-undo"
    """An undo step the rules refuse (the refusal's code is given), or naming another action than the one taken back."""
    ENGINE_ERROR = "engine-error"
    """The engine failed on the step (a bug in the library, reported rather than raised)."""


@attrs.frozen
class Divergence:
    """The first place where a replay and the rules part ways."""

    kind: DivergenceKind
    """What went wrong, as a stable code."""
    path: str
    """The JSON path of the fault in the document, e.g. ``$.steps[12].action``."""
    step: int | None
    """Index of the step at fault in ``steps`` (0 is the first), or ``null`` when it is not a step."""
    reason: str
    """Why, in words."""
    action: str | None = None
    """The step's action as canonical JSON, when there is one."""
    description: str | None = None
    """The step's action in words (``describe_action``), when there is one."""
    code: str | None = None
    """The game's rejection code of an illegal action or impossible chance outcome."""
    expected: str | None = None
    """What the rules give (a digest, a seat, a result as canonical JSON)."""
    claimed: str | None = None
    """What the replay claims instead."""

    def __str__(self) -> str:
        # People count steps from 1, as ``play`` and ``replay`` print them; the path keeps the index.
        where = "replay" if self.step is None else f"step {self.step + 1}"
        what = f" ({self.description})" if self.description else ""
        return f"{where}{what} at {self.path}: {self.kind.value}: {self.reason}"


@attrs.frozen
class Report:
    """The result of verifying one replay; ``ok`` when the rules agree with every claim."""

    ok: bool
    """Whether the replay verified -- every step legal and every claim true."""
    game: str | None
    """The game, when the document names a registered one."""
    steps: int
    """Number of steps in the replay (0 when it could not be read)."""
    verified: int
    """Number of steps applied with every claim true, before the divergence (all of them when ``ok``)."""
    over: bool
    """Whether the verified steps finish the game."""
    final_digest: str | None
    """The digest of the last state reached, when the document could be read."""
    outcome: str | None
    """The rules' final result as canonical JSON, when the game is over."""
    divergence: Divergence | None
    """The first divergence, when not ``ok``."""
    format: Literal["ofrenda-rules-verification"] = REPORT_FORMAT
    """Always ``"ofrenda-rules-verification"``."""
    version: Literal[1] = 1
    """The report format version, ``1``."""

    def summary(self) -> str:
        """One line for people: ``ok`` and what was checked, or the divergence."""
        if self.divergence is not None:
            return f"FAIL {self.divergence}"
        end = "game over" if self.over else "game not finished"
        result = f", result {self.outcome}" if self.outcome is not None else ""
        return f"ok: {self.game}, {self.verified} steps verified, {end}{result}"


def _describe(game: AnyGame, state: object, action: object) -> str | None:
    try:
        return game.describe_action(state, action)
    except Exception:  # a description is a courtesy; never let it fail a verification
        return None


def _who(player: int) -> str:
    return {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(player, f"Seat {player + 1}")


def verify(replay: AnyReplay) -> Report:
    """Re-execute ``replay`` and report the first divergence from the rules, if any."""
    game = get_game(replay.game)
    done = 0
    state = game.new_game(replay.config, replay.seed)
    history: History[Any, Any] = History.start(game, state)
    if replay.version == 1:
        catalog = game.editions
        legacy = catalog.legacy_value(getattr(replay.config, "edition"))  # noqa: B009

        def claimed_digest(state: object) -> str:
            return legacy_state_digest(state, catalog.legacy_key, legacy)

        def differs(claimed: str, state: object) -> str | None:
            actual = claimed_digest(state)
            return None if claimed == actual else actual

    else:
        claimed_digest = state_digest

        def differs(claimed: str, state: object) -> str | None:
            """The digest the rules give when ``claimed`` is neither it nor the early format-2 one (LATE_FIELD)."""
            actual = state_digest(state)
            return None if claimed in (actual, early_state_digest(state)) else actual

    def report(divergence: Divergence | None) -> Report:
        over = game.is_over(state)
        outcome = canonical_json(to_json_value(game.outcome(state))) if over else None
        return Report(
            ok=divergence is None,
            game=game.info.name,
            steps=len(replay.steps),
            verified=done,
            over=over,
            final_digest=claimed_digest(state),
            outcome=outcome,
            divergence=divergence,
        )

    if replay.initial_digest is not None and (actual := differs(replay.initial_digest, state)) is not None:
        reason = "the state after setup differs from the claimed digest (another seed, config or deal?)"
        return report(
            Divergence(
                DivergenceKind.DIGEST_MISMATCH,
                "$.initial_digest",
                None,
                reason,
                expected=actual,
                claimed=replay.initial_digest,
            )
        )
    for index, step in enumerate(replay.steps):
        path = f"$.steps[{index}]"
        before = state
        player = game.current_player(before)

        def diverge(kind: DivergenceKind, where: str, reason: str, **extra: str | None) -> Report:
            action_json = canonical_json(to_json_value(step.action, game.action_type))  # noqa: B023
            description = None if player == TERMINAL else _describe(game, before, step.action)  # noqa: B023
            return report(Divergence(kind, where, index, reason, action_json, description, **extra))  # noqa: B023

        if step.undo:
            taken = _undo_step(game, history, step.action, step.player)
            if isinstance(taken, str):
                return diverge(DivergenceKind.ILLEGAL_UNDO, path, taken)
            if isinstance(taken, UndoRefusal):
                return diverge(DivergenceKind.ILLEGAL_UNDO, path, taken.message, code=taken.code)
            history = taken
            state = history.state
            if step.digest is not None and (actual := differs(step.digest, state)) is not None:
                reason = "the state this undo returns to differs from the claimed digest"
                return diverge(
                    DivergenceKind.DIGEST_MISMATCH, f"{path}.digest", reason, expected=actual, claimed=step.digest
                )
            done += 1
            continue
        if player == TERMINAL:
            return diverge(DivergenceKind.GAME_ALREADY_OVER, path, f"the game ended after step {index - 1}")
        if step.player is not None and step.player != player:
            reason = f"the step claims {_who(step.player)} acts, but it is {_who(player)}'s turn"
            return diverge(
                DivergenceKind.WRONG_PLAYER, f"{path}.player", reason, expected=str(player), claimed=str(step.player)
            )
        try:
            rejection = game.validate(state, step.action)
            if rejection is None:
                after = game.apply(state, step.action)
        except OfrendaRulesError as exc:
            return diverge(DivergenceKind.ILLEGAL_ACTION, f"{path}.action", str(exc))
        except Exception as exc:
            return diverge(DivergenceKind.ENGINE_ERROR, f"{path}.action", f"{type(exc).__name__}: {exc}")
        if rejection is not None:
            kind = DivergenceKind.IMPOSSIBLE_CHANCE if player == CHANCE else DivergenceKind.ILLEGAL_ACTION
            return diverge(kind, f"{path}.action", rejection.message, code=rejection.code)
        state = after
        history = History(game, after, history, step.action, player, history.length + 1)
        if step.digest is not None and (actual := differs(step.digest, state)) is not None:
            reason = "the state after this step differs from the claimed digest"
            return diverge(
                DivergenceKind.DIGEST_MISMATCH, f"{path}.digest", reason, expected=actual, claimed=step.digest
            )
        done += 1
    if replay.result is not None:
        if not game.is_over(state):
            reason = f"a result is claimed but the game is not over after {len(replay.steps)} steps"
            return report(Divergence(DivergenceKind.GAME_NOT_OVER, "$.result", None, reason))
        actual_outcome = game.outcome(state)
        if actual_outcome != replay.result:
            differences = [
                f"{field.name} {getattr(replay.result, field.name)!r} is claimed, the rules give "
                f"{getattr(actual_outcome, field.name)!r}"
                for field in attrs.fields(type(actual_outcome))
                if getattr(replay.result, field.name) != getattr(actual_outcome, field.name)
            ]
            return report(
                Divergence(
                    DivergenceKind.RESULT_MISMATCH,
                    "$.result",
                    None,
                    "; ".join(differences) or "the claimed result differs",
                    expected=canonical_json(to_json_value(actual_outcome)),
                    claimed=canonical_json(to_json_value(replay.result)),
                )
            )
    return report(None)


def _undo_step(
    game: AnyGame, history: History[Any, Any], action: object, seat: int | None
) -> History[Any, Any] | UndoRefusal | str:
    """An undo step re-executed: the shorter history, the rules' refusal, or why the step is wrong."""
    if seat is None:
        return "an undo step names the seat that takes its decision back"
    if not 0 <= seat < getattr(getattr(history.state, "config", None), "players", 0):
        return f"an undo step's player must be a seat, not {seat}"
    answer = can_undo(history, seat)
    if isinstance(answer, UndoRefusal):
        return answer
    if answer.action != action:
        taken = canonical_json(to_json_value(answer.action, game.action_type))
        return f"the undo step names another action than the one it takes back, {taken}"
    return answer.history


def verify_text(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> Report:
    """Read and verify an untrusted replay document; never raises for a bad document.

    A document that cannot be read gives a report whose divergence is
    ``malformed``, with the JSON path (and the step) of the fault.
    """
    try:
        replay = load_replay(text, max_bytes=max_bytes)
    except ReplayFormatError as exc:
        divergence = Divergence(DivergenceKind.MALFORMED, exc.path, exc.step, str(exc).removeprefix(f"{exc.path}: "))
        return Report(
            ok=False,
            game=exc.game,
            steps=0,
            verified=0,
            over=False,
            final_digest=None,
            outcome=None,
            divergence=divergence,
        )
    return verify(replay)
