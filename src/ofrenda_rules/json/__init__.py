"""The JSON layer: one converter, its fast codecs, JSON Schemas, strict parsing and digests.

This package is the one entrance to the layer: the rest of the library and
the games import from ``ofrenda_rules.json``. Inside, the modules build on
each other in one direction and none imports a game, the registry or an extra:

* ``_base`` -- the keys, the registration tables and the edition reference;
* ``_check`` -- the strict JSON Schema checker;
* :mod:`~ofrenda_rules.json.schema` -- JSON Schemas generated from the classes;
* ``_fast`` -- the compiled codecs;
* :mod:`~ofrenda_rules.json.serialization` -- the converter, ``dumps``, ``loads`` and the registrations;
* :mod:`~ofrenda_rules.json.digest` -- canonical JSON and state digests.

The modules of earlier releases (``ofrenda_rules.serialization``,
``ofrenda_rules.schema``, ``ofrenda_rules.digest``) re-export these names.
"""

from __future__ import annotations

from ofrenda_rules.json._base import EditionRef
from ofrenda_rules.json.digest import (
    DIGEST_ALGORITHM,
    LATE_FIELD,
    NOT_IN_REPLAY_V1,
    canonical_json,
    early_state_digest,
    legacy_config_value,
    legacy_state_digest,
    sha256_hex,
    state_digest,
)
from ofrenda_rules.json.schema import DRAFT, SCHEMA_METADATA, JsonSchema, check, faults, json_schema
from ofrenda_rules.json.serialization import (
    EDITION_METADATA,
    FLAGS,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    TAG_KEY,
    converter,
    dumps,
    from_json_value,
    legacy_converter,
    library_error,
    load_packaged,
    loads,
    make_converter,
    parse_json,
    register_defaults_omitted,
    register_game_config,
    register_hooks,
    register_interned,
    register_numbered_token,
    register_tagged_union,
    register_texts_kept,
    register_token,
    to_json_value,
)

__all__ = [
    "DIGEST_ALGORITHM",
    "DRAFT",
    "EDITION_METADATA",
    "FLAGS",
    "LATE_FIELD",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "NOT_IN_REPLAY_V1",
    "SCHEMA_METADATA",
    "TAG_KEY",
    "EditionRef",
    "JsonSchema",
    "canonical_json",
    "check",
    "converter",
    "dumps",
    "early_state_digest",
    "faults",
    "from_json_value",
    "json_schema",
    "legacy_config_value",
    "legacy_converter",
    "legacy_state_digest",
    "library_error",
    "load_packaged",
    "loads",
    "make_converter",
    "parse_json",
    "register_defaults_omitted",
    "register_game_config",
    "register_hooks",
    "register_interned",
    "register_numbered_token",
    "register_tagged_union",
    "register_texts_kept",
    "register_token",
    "sha256_hex",
    "state_digest",
    "to_json_value",
]
