"""What every module of the JSON layer shares: its keys, its registration tables and the edition reference.

The layer's modules build on this one and on each other in one direction
(``_base`` -> ``_check`` -> ``schema`` -> ``_fast`` -> ``serialization`` -> ``digest``),
so none of them reaches back into another for a table it fills.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

__all__ = [
    "DEFAULTS_OMITTED",
    "EDITION_METADATA",
    "FLAT_HOOKS",
    "HOOKS",
    "INTERNED",
    "OBJECTS_IN_V1",
    "SCHEMA_METADATA",
    "TAG_KEY",
    "TEXTS_KEPT",
    "TOKENS",
    "UNIONS",
    "EditionRef",
    "Token",
    "tag_of",
]

TAG_KEY: Final = "type"
"""The JSON key that holds an action's (or any tagged class's) stable tag."""

EDITION_METADATA: Final = "ofrenda_rules.edition"
"""``attrs`` field metadata key of a ``Config``'s edition field -- its value is the game's edition catalog.

The converter writes such a field as the edition's reference and reads a
reference back through the catalog (see :mod:`ofrenda_rules.editions`).
"""

SCHEMA_METADATA: Final = "json_schema"
"""``attrs`` field metadata key whose dict is merged into the field's schema."""


@attrs.frozen
class Token:
    """How a class registered with ``register_token`` is written: one JSON string per instance."""

    by_text: Mapping[str, object]
    """The shared instances by their text."""
    text_by_id: dict[int, str]
    """The text of each shared instance, by ``id`` (the registry keeps the instances alive)."""
    pattern: str
    """A regular expression every text matches (the JSON Schema's ``pattern``)."""
    example: str
    """A text given as an example in error messages and the schema."""
    quoted_by_value: Mapping[object, str] | None = None
    """For a class whose instances are not shared (flags): the JSON text, quoted, of values met so far."""
    known: bool = True
    """Whether ``by_text`` holds every text in common use (an array is read by one lookup per item, a miss
    taking the slow path); ``False`` when texts are learnt as they are read (flags): each item is looked up,
    or parsed by the hook."""


def tag_of(cls: type) -> str:
    """The tag of a member class of a tagged union (its string class variable ``TAG``)."""
    tag = getattr(cls, "TAG", None)
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__qualname__} has no string class variable TAG")
    return tag


UNIONS: Final[list[object]] = []
"""The tagged unions registered (``register_tagged_union``)."""
HOOKS: Final[dict[object, tuple[Any, Any]]] = {}
"""``(structure, unstructure)`` hooks by class (``register_hooks``, ``register_token``)."""
FLAT_HOOKS: Final[set[type]] = set()
"""The classes whose hooks write a JSON leaf (a string or a number)."""
INTERNED: Final[dict[type, tuple[object, ...]]] = {}
"""The shared instances of each class read back by identity (``register_interned``)."""
TOKENS: Final[dict[object, Token]] = {}
"""How each token class is written (``register_token``)."""
OBJECTS_IN_V1: Final[set[object]] = set()
"""The token classes that replay format 1 wrote as objects (the legacy converter keeps doing so)."""
DEFAULTS_OMITTED: Final[dict[type, dict[str, object]]] = {}
"""The members of each class left out when equal to their default (``register_defaults_omitted``)."""
TEXTS_KEPT: Final[set[type]] = set()
"""The classes whose recent instances' JSON texts are kept by identity (``register_texts_kept``)."""

_DIGEST_SCHEMA: Final = {SCHEMA_METADATA: {"pattern": "^[0-9a-f]{64}$"}}


@attrs.frozen
class EditionRef:
    """The name of an edition, as configs, states and replays write it.

    >>> EditionRef("my printing", "0" * 64).digest == "0" * 64
    True
    """

    name: str = attrs.field(metadata={SCHEMA_METADATA: {"maxLength": 200}})
    """The edition's own name (its ``name`` field)."""
    digest: str | None = attrs.field(default=None, metadata=_DIGEST_SCHEMA)
    """The SHA-256 of the edition's canonical JSON; ``None`` names the game's default edition."""

    def __str__(self) -> str:
        return self.name if self.digest is None else f"{self.name}@{self.digest[:12]}"
