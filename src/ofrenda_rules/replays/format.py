"""The replay format: :class:`Replay` and :class:`Step`, recording, writing, the schema."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, Generic, Literal, TypeVar

import attrs

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.json import (
    SCHEMA_METADATA,
    JsonSchema,
    canonical_json,
    json_schema,
    legacy_config_value,
    legacy_converter,
    state_digest,
    to_json_value,
)
from ofrenda_rules.registry import AnyGame, get_game

__all__ = [
    "DIGEST_PATTERN",
    "FORMAT",
    "MAX_REPLAY_BYTES",
    "MAX_STEPS",
    "READ_VERSIONS",
    "VERSION",
    "AnyReplay",
    "Recorder",
    "Replay",
    "Step",
    "custom_edition",
    "dump_replay",
    "layout_document",
    "record",
    "replay_schema",
    "replay_to_json_value",
    "replay_type",
]

FORMAT: Final = "ofrenda-rules-replay"
"""The value of a replay's ``format`` member."""

VERSION: Final = 2
"""The version of the replay format this library writes (it also reads version 1).

Version 2 names the edition in the config (an edition reference) and carries
a custom edition once, in the header member ``edition``. Version 1 embedded
the edition in the config; its state digests were computed over that layout.
"""

READ_VERSIONS: Final = (1, 2)
"""The replay format versions this library reads."""

MAX_STEPS: Final = 100_000
"""The most steps any replay may hold (each game also bounds it by its ``max_steps``)."""

MAX_REPLAY_BYTES: Final = 16 * 1024 * 1024
"""The largest replay document accepted (16 MiB)."""

DIGEST_PATTERN: Final = "^[0-9a-f]{64}$"
"""A state digest -- 64 lower-case hexadecimal digits (see :mod:`ofrenda_rules.json.digest`)."""

C = TypeVar("C")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741
E = TypeVar("E")

_DIGEST_SCHEMA: Final = {SCHEMA_METADATA: {"pattern": DIGEST_PATTERN}}


@attrs.frozen
class Step(Generic[A]):
    """One step of a replay: an action, and what the recorder claims about it."""

    action: A
    """The action applied -- a player decision, or a chance outcome in an unseeded replay."""
    player: int | None = attrs.field(default=None, metadata={SCHEMA_METADATA: {"minimum": CHANCE}})
    """The seat that acted (``-1`` for a chance outcome), when claimed; checked if present."""
    digest: str | None = attrs.field(default=None, metadata=_DIGEST_SCHEMA)
    """The digest of the state after the action, when claimed; checked if present."""
    undo: bool = False
    """Whether the step takes back ``player``'s last remaining decision, ``action`` (see :mod:`ofrenda_rules.undo`).

    An undo step is re-executed through :func:`~ofrenda_rules.undo.undo` and
    refused when the rules would not allow it; its ``digest`` is that of the
    state it returns to. Written only when true, so replays without undo read
    and write exactly as before.
    """


@attrs.frozen
class Replay(Generic[C, A, O, E]):
    """A recorded game: ``Replay[Config, Action, Outcome, Edition]`` of one registered game."""

    game: str
    """The registry name of the game, e.g. ``"dia_de_los_muertos"``."""
    config: C
    """The game's configuration."""
    seed: int | None = attrs.field(metadata={SCHEMA_METADATA: {"minimum": 0, "maximum": 2**64 - 1}})
    """The seed of a seeded game (chance drawn by the library), ``null`` when chance outcomes are steps."""
    steps: tuple[Step[A], ...] = attrs.field(metadata={SCHEMA_METADATA: {"maxItems": MAX_STEPS}})
    """Every step, in order."""
    result: O | None = None
    """The claimed final result, when the game is over; checked if present."""
    initial_digest: str | None = attrs.field(default=None, metadata=_DIGEST_SCHEMA)
    """The digest of the state after setup (after the seeded deal, say), when claimed."""
    edition: E | None = None
    """The custom edition the config names, carried once; ``None`` for the game's default edition."""
    format: Literal["ofrenda-rules-replay"] = FORMAT
    """Always ``"ofrenda-rules-replay"``."""
    version: Literal[1, 2] = VERSION
    """The format version -- ``2``, or ``1`` for a replay read from a version-1 document."""

    @property
    def actions(self) -> tuple[A, ...]:
        """The actions of every step."""
        return tuple(step.action for step in self.steps)


AnyReplay = Replay[object, object, object, object]
"""A replay seen by generic code."""


def replay_type(game: AnyGame) -> object:
    """The parametrised type ``Replay[Config, Action, Outcome, Edition]`` of ``game``."""
    generic: Any = Replay
    return generic[game.config_type, game.action_type, game.outcome_type, game.editions.edition_type]


_SCHEMAS: dict[str, JsonSchema] = {}


def replay_schema(game: AnyGame) -> JsonSchema:
    """The JSON Schema of ``game``'s replays, generated from :class:`Replay` and the game's types.

    >>> from ofrenda_rules.registry import get_game
    >>> schema = replay_schema(get_game("dia_de_los_muertos"))
    >>> schema["properties"]["game"]
    {'const': 'dia_de_los_muertos'}
    """
    schema = _SCHEMAS.get(game.info.name)
    if schema is None:
        generated = json_schema(replay_type(game), title=f"ofrenda-rules replay of {game.info.title}")
        defs = generated["$defs"]
        assert isinstance(defs, dict)
        root = defs.pop(str(generated.pop("$ref")).removeprefix("#/$defs/"))
        schema = {**generated, **root}
        schema["$id"] = f"urn:ofrenda-rules:replay:{game.info.name}:v{VERSION}"
        properties = schema["properties"]
        assert isinstance(properties, dict)
        properties["game"] = {"const": game.info.name}
        schema["required"] = ["format", "version", "game", "config", "seed", "steps"]
        properties["version"] = {"const": VERSION}
        schema["$defs"] = defs
        _SCHEMAS[game.info.name] = schema
    return schema


class Recorder:
    """Records a game as it is played, step by step, with digests.

    ``apply`` raises :class:`~ofrenda_rules.errors.IllegalActionError` for an
    illegal action and records nothing then.
    """

    def __init__(self, game: AnyGame, config: object, seed: int | None, *, digests: bool = True) -> None:
        self.game: Final = game
        """The game being recorded."""
        self.config: Final = config
        """Its configuration."""
        self.seed: Final = seed
        """Its seed (``None`` -- chance outcomes are recorded as steps)."""
        self.digests: Final = digests
        """Whether each step records the digest of the state after it."""
        self.state: object = game.new_game(config, seed)
        """The current state."""
        self.initial_digest: Final = state_digest(self.state) if digests else None
        self._steps: list[Step[object]] = []

    def apply(self, action: object) -> object:
        """Apply ``action`` to the current state, record it, and return the new state."""
        self.step(action)
        return self.state

    def step(self, action: object) -> tuple[object, ...]:
        """Apply ``action`` to the current state, record it, and return the step's events (the whole truth)."""
        player = self.game.current_player(self.state)
        state, events = self.game.step(self.state, action)
        digest = state_digest(state) if self.digests else None
        self._steps.append(Step(action, player, digest))
        self.state = state
        return events

    def replay(self, *, claim_result: bool = True) -> AnyReplay:
        """The replay so far; with ``claim_result`` a finished game records its outcome."""
        result = self.game.outcome(self.state) if claim_result and self.game.is_over(self.state) else None
        return Replay(
            game=self.game.info.name,
            config=self.config,
            seed=self.seed,
            steps=tuple(self._steps),
            result=result,
            initial_digest=self.initial_digest,
            edition=custom_edition(self.game, self.config),
        )


def custom_edition(game: AnyGame, config: object) -> object | None:
    """The edition ``config`` names when it is not the game's default (what a replay's header carries)."""
    edition = getattr(config, "edition", None)
    return None if edition is None or game.editions.is_default(edition) else edition


def record(
    game: AnyGame, config: object, seed: int | None, actions: Iterable[object], *, digests: bool = True
) -> AnyReplay:
    """Replay ``actions`` (an iterable) from a new game and record them.

    Raises:
        IllegalActionError: at the first action that is not legal.

    """
    recorder = Recorder(game, config, seed, digests=digests)
    for action in actions:
        recorder.apply(action)
    return recorder.replay()


def replay_to_json_value(replay: AnyReplay) -> dict[str, object]:
    """The replay as plain JSON values (members with value ``null`` and no claim are left out)."""
    game = get_game(replay.game)
    value = to_json_value(replay, replay_type(game))
    assert isinstance(value, dict)
    if replay.version == 1:
        catalog = game.editions
        legacy = catalog.legacy_value(getattr(replay.config, "edition"))  # noqa: B009
        value["config"] = legacy_config_value(replay.config, catalog.legacy_key, legacy)
        value.pop("edition", None)
        action_type: Any = game.action_type
        write = legacy_converter().unstructure
        steps_v1 = value["steps"]
        assert isinstance(steps_v1, list)
        for step_value, step in zip(steps_v1, replay.steps, strict=True):
            step_value["action"] = write(step.action, action_type)  # as version 1 wrote it (cards as objects)
    for key in ("result", "initial_digest", "edition"):
        if value.get(key) is None:
            value.pop(key, None)
    steps = value["steps"]
    assert isinstance(steps, list)
    for step in steps:
        for key in ("player", "digest"):
            if step.get(key) is None:
                del step[key]
        if step.get("undo") is False:
            del step["undo"]
    return value


def dump_replay(replay: AnyReplay) -> str:
    """The replay as JSON text: canonical JSON, laid out with one step per line.

    Removing the line breaks gives the canonical form (a parser ignores them).
    """
    return layout_document(replay_to_json_value(replay))


def layout_document(document: dict[str, object]) -> str:
    """A replay document (plain JSON values) as canonical JSON with one member, and one step, per line."""
    value = dict(document)
    steps = value.pop("steps", None)
    lines = [f"{json.dumps(key)}:{canonical_json(item)}" for key, item in value.items()]
    if isinstance(steps, list):
        body = ",\n".join(canonical_json(step) for step in steps)
        lines.append(f'"steps":[\n{body}\n]' if steps else '"steps":[]')
    elif steps is not None:
        lines.append(f'"steps":{canonical_json(steps)}')
    return "{\n" + ",\n".join(sorted(lines)) + "\n}\n"
