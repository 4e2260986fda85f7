"""Reading a replay from untrusted JSON: bounded, checked against the schema, then typed."""

from __future__ import annotations

import re
from typing import Any, Final, cast

import cattrs

from ofrenda_rules.errors import FormatError, OfrendaRulesError, UnknownGameError
from ofrenda_rules.json import converter, faults, legacy_converter, library_error, parse_json, to_json_value
from ofrenda_rules.registry import AnyGame, game_names, get_game
from ofrenda_rules.replays.format import (
    FORMAT,
    MAX_REPLAY_BYTES,
    READ_VERSIONS,
    VERSION,
    AnyReplay,
    Replay,
    Step,
    replay_schema,
)

__all__ = ["ReplayFormatError", "load_replay", "load_replay_value", "parse_strict"]

_STEP_PATH: Final = re.compile(r"^\$\.steps\[(\d+)\]")


class ReplayFormatError(FormatError):
    """A replay document that cannot be read: where (JSON path, step) and why.

    Attributes:
        path: the JSON path of the first fault, e.g. ``$.steps[12].action.card``.
        step: the index of the step at fault in ``steps``, or ``None``.
        game: the game named by the document, when it names a registered one.

    """

    def __init__(self, message: str, *, path: str = "$", step: int | None = None, game: str | None = None) -> None:
        self.path = path
        self.step = step
        self.game = game
        super().__init__(message)


def _step_of(path: str) -> int | None:
    match = _STEP_PATH.match(path)
    return int(match.group(1)) if match else None


def _fail(path: str, reason: str, game: str | None) -> ReplayFormatError:
    return ReplayFormatError(f"{path}: {reason}", path=path, step=_step_of(path), game=game)


def _structure(value: object, tp: object, path: str, game: str) -> Any:
    try:
        return converter.structure(value, cast(Any, tp))
    except cattrs.BaseValidationError as exc:
        nested = library_error(exc)
        faults = [line.rpartition(" @ ") for line in cattrs.transform_error(exc, path=path)]
        where = faults[0][2] if faults and faults[0][1] else path
        if nested is not None:
            reason = str(nested)
        else:
            reason = "; ".join(f"{at}: {msg}" if at != where else msg for msg, _, at in faults)
    except (OfrendaRulesError, KeyError, TypeError, ValueError, AttributeError) as exc:
        where, reason = path, str(exc)
    raise ReplayFormatError(f"{where}: {reason}", path=where, step=_step_of(where), game=game)


def _envelope(data: object) -> AnyGame:
    if not isinstance(data, dict):
        raise _fail("$", f"a replay is a JSON object, not {type(data).__name__}", None)
    if data.get("format") != FORMAT:
        raise _fail("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}", None)
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        readable = " and ".join(str(v) for v in READ_VERSIONS)
        raise _fail("$.version", f"unsupported replay version {_short(version)} (this library reads {readable})", None)
    name = data.get("game")
    if not isinstance(name, str):
        raise _fail("$.game", f"expected a game name, got {name!r}", None)
    try:
        return get_game(name)
    except UnknownGameError:
        raise _fail("$.game", f"no game named {name!r}; registered games: {', '.join(game_names())}", None) from None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _edition_header(data: dict[str, Any], game: AnyGame) -> object | None:
    """Register the custom edition a version-2 header carries, checked against the config's reference."""
    value = data.get("edition")
    if value is None:
        return None
    name = game.info.name
    catalog = game.editions
    edition = _structure(value, catalog.edition_type, "$.edition", name)
    ref = catalog.register(edition)
    config = data.get("config")
    named = config.get("edition") if isinstance(config, dict) else None
    if named is not None and named != {"name": ref.name, "digest": ref.digest}:
        raise _fail(
            "$.config.edition",
            f"the config names edition {_short(named)}, but the header carries {ref.name!r} with digest {ref.digest}",
            name,
        )
    return None if ref.digest is None else edition


def _upgrade_v1(data: dict[str, Any], game: AnyGame) -> dict[str, Any]:
    """A version-1 document rewritten in the version-2 layout (its edition registered, named by reference)."""
    config = data.get("config")
    if not isinstance(config, dict):
        return {**data, "version": VERSION}
    catalog = game.editions
    config = dict(config)
    legacy = config.pop(catalog.legacy_key, None)
    if legacy is None:
        edition = catalog.default
    else:
        edition = _structure(legacy, catalog.edition_type, f"$.config.{catalog.legacy_key}", game.info.name)
    ref = catalog.register(edition)
    config["edition"] = {"name": ref.name, "digest": ref.digest}
    return {**data, "config": config, "steps": _upgrade_v1_steps(data.get("steps"), game), "version": VERSION}


def _upgrade_v1_steps(steps: object, game: AnyGame) -> object:
    """Version-1 steps with their actions rewritten as version 2 writes them (cards as text, for example).

    An action that version 1 could not have written either is left as it is, for the schema to refuse.
    """
    if not isinstance(steps, list):
        return steps
    legacy = legacy_converter()
    action_type: Any = game.action_type
    upgraded: list[object] = []
    for step in steps:
        if isinstance(step, dict) and "action" in step:
            try:
                action = legacy.structure(step["action"], action_type)
            except (cattrs.BaseValidationError, OfrendaRulesError, KeyError, TypeError, ValueError, AttributeError):
                pass
            else:
                step = {**step, "action": to_json_value(action, action_type)}
        upgraded.append(step)
    return upgraded


def load_replay_value(data: object) -> AnyReplay:
    """Read a replay from plain JSON values (see :func:`load_replay`).

    A version-1 document is read too: its config's embedded edition is
    registered and named by reference, and the replay keeps ``version=1`` so
    that its digests are checked as version 1 computed them.
    """
    game = _envelope(data)
    name = game.info.name
    assert isinstance(data, dict)
    version = data["version"]
    if version == 1:
        data = _upgrade_v1(data, game)
        edition = None
    else:
        edition = _edition_header(data, game)
    problems = faults(data, replay_schema(game))
    if problems:
        path, reason = problems[0]
        more = f" (and {len(problems) - 1} more faults)" if len(problems) > 1 else ""
        raise _fail(path, reason + more, name)
    assert isinstance(data, dict)
    config = _structure(data["config"], game.config_type, "$.config", name)
    steps_value = data["steps"]
    assert isinstance(steps_value, list)
    # Each undo step takes one earlier step back: the game's bound counts the steps that stand, and with
    # at most that many undos (the server's bound) each adding two entries, a replay with undos may hold 3x.
    has_undo = any(isinstance(step, dict) and step.get("undo") is True for step in steps_value)
    limit = game.max_steps(config) * (3 if has_undo else 1)
    if len(steps_value) > limit:
        raise ReplayFormatError(
            f"$.steps: {len(steps_value)} steps, more than the {limit} a game of {name} with this config can have",
            path="$.steps",
            step=limit,
            game=name,
        )
    generic: Any = Step
    step_type = generic[game.action_type]
    steps = tuple(_structure(step, step_type, f"$.steps[{i}]", name) for i, step in enumerate(steps_value))
    result_value = data.get("result")
    result = None if result_value is None else _structure(result_value, game.outcome_type, "$.result", name)
    seed = data["seed"]
    assert seed is None or isinstance(seed, int)
    initial = data.get("initial_digest")
    assert initial is None or isinstance(initial, str)
    return Replay(
        game=name,
        config=config,
        seed=seed,
        steps=steps,
        result=result,
        initial_digest=initial,
        edition=edition,
        version=version,
    )


def parse_strict(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> object:
    """Parse untrusted replay JSON with :func:`~ofrenda_rules.json.serialization.parse_json`'s limits.

    Bytes must be UTF-8 (without a byte order mark), as the replay format says:
    UTF-16 and UTF-32, which :func:`json.loads` would detect, are refused.

    Raises:
        ReplayFormatError: for every fault, at path ``$``.

    """
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise ReplayFormatError(f"$: JSON document of {len(text)} bytes exceeds the limit of {max_bytes}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayFormatError(
                f"$: not UTF-8 text: byte {exc.start} is {text[exc.start : exc.start + 1]!r}"
            ) from None
    try:
        return parse_json(text, max_bytes=max_bytes)
    except FormatError as exc:
        raise ReplayFormatError(f"$: {exc}") from None


def load_replay(text: str | bytes, *, max_bytes: int = MAX_REPLAY_BYTES) -> AnyReplay:
    """Read a replay from untrusted JSON text.

    The document is bounded in size (``max_bytes``), depth and number of steps
    (:data:`MAX_STEPS` and the game's own ``max_steps``), checked against the
    game's generated schema (unknown members, wrong types, unknown action
    tags), then typed with the game's own validators.

    Raises:
        ReplayFormatError: with the JSON path and, for a faulty step, its index.

    """
    return load_replay_value(parse_strict(text, max_bytes=max_bytes))
