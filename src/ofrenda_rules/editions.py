"""Editions by reference: a ``Config`` names its components, a ``State`` never carries them.

An *edition* is a game's component data (a deck, a board, a card list),
validated against its rulebook and loadable from JSON. Editions can be large
(Ofrendados' default edition is 8 KB of JSON), so configs, states, views and
pickles never embed one: they name it with an :class:`EditionRef`.

* The default edition of a game is named by its name alone:
  ``{"name": "Jolly Roger Games 2016 (reconstructed)"}``.
* Any other edition is named by its name and its *content digest*, the
  SHA-256 of the canonical JSON of the edition (see :mod:`ofrenda_rules.json.digest`):
  ``{"name": "my printing", "digest": "3f1c..."}``.

Each game keeps one :class:`EditionCatalog` (its ``EDITIONS``), which knows its
default edition and every custom edition registered in this process. A
custom edition is registered when a ``Config`` is built with it, when a
replay that carries it in its header is read, or explicitly with
:meth:`EditionCatalog.register`. Reading a config that names an edition the
catalog does not hold, or whose digest does not match, is refused with a
clear :class:`~ofrenda_rules.errors.EditionError` (wrapped in a
:class:`~ofrenda_rules.errors.FormatError` by the JSON loaders).

In memory, a ``Config`` holds the edition object itself (shared, never
copied), so rules code reads tables straight off it.

>>> from ofrenda_rules import dia_de_los_muertos as ddlm
>>> from ofrenda_rules.json import dumps
>>> dumps(ddlm.Config(players=3))  # the default edition by name; options at their default are left out
'{"edition":{"name":"Jolly Roger Games 2016 (reconstructed)"},"players":3}'
>>> dumps(ddlm.Config(players=3, lock_lead=True))  # doctest: +ELLIPSIS
'{"edition":{...},"lock_lead":true,"players":3}'
>>> ddlm.EDITIONS.ref(ddlm.DEFAULT_DECK).digest is None
True
"""

from __future__ import annotations

import collections
import inspect
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

import attrs

from ofrenda_rules.errors import ConfigError, EditionError
from ofrenda_rules.json import EDITION_METADATA, EditionRef, canonical_json, loads, sha256_hex, to_json_value

__all__ = [
    "CUSTOM_CAPACITY",
    "DefaultEdition",
    "EditionCatalog",
    "EditionRef",
    "catalog_of",
    "edition_field",
    "name_default_edition",
]

E = TypeVar("E")

CUSTOM_CAPACITY: Final = 64
"""Custom editions a catalog keeps registered at once; the least recently used is forgotten first.

The bound keeps a process that reads many untrusted replays (each may carry
its own edition) within fixed memory. A forgotten edition can be registered
again at any time; configs already built with it keep working.
"""


class EditionCatalog(Generic[E]):
    """One game's editions: the default, and the custom ones registered in this process.

    Args:
        game: the game's registry name, for messages.
        edition_type: the game's edition class (an attrs class with a ``name`` field).
        default: the game's default edition.
        name_of: how to read an edition's name (default: its ``name`` attribute).
        legacy_key: the member of a version-1 config (replay format 1) that held the whole edition.
        legacy_default_null: whether version 1 wrote the default edition as ``null`` there.

    """

    def __init__(
        self,
        game: str,
        edition_type: type[E],
        default: E,
        *,
        name_of: Callable[[E], str] | None = None,
        legacy_key: str = "edition",
        legacy_default_null: bool = False,
    ) -> None:
        self.game: Final = game
        """The game's registry name."""
        self.edition_type: Final = edition_type
        """The game's edition class."""
        self.default: Final = default
        """The game's default edition."""
        self._name_of: Final[Callable[[E], str]] = name_of or (lambda edition: str(getattr(edition, "name")))  # noqa: B009
        self.legacy_key: Final = legacy_key
        """The member of a version-1 config that held the whole edition."""
        self.legacy_default_null: Final = legacy_default_null
        """Whether version 1 wrote the default edition as ``null``."""
        self.default_ref: Final = EditionRef(self._name_of(default))
        """The reference to the default edition."""
        self._by_digest: collections.OrderedDict[str, E] = collections.OrderedDict()
        self._digest_by_id: dict[int, str] = {}
        self._install_reduce()

    def __repr__(self) -> str:
        return f"EditionCatalog({self.game!r}, default={self.default_ref.name!r}, custom={len(self._by_digest)})"

    def digest(self, edition: E) -> str:
        """The content digest of ``edition``: SHA-256 of its canonical JSON."""
        known = self._digest_by_id.get(id(edition))
        if known is not None and self._by_digest.get(known) is edition:
            return known
        return sha256_hex(canonical_json(to_json_value(edition, self.edition_type)))

    def is_default(self, edition: object) -> bool:
        """Whether ``edition`` is the default edition (the same object or equal content)."""
        return edition is self.default or edition == self.default

    def register(self, edition: E) -> EditionRef:
        """Make ``edition`` known to this process and return its reference.

        Registering the default edition, or an edition already registered, is
        harmless.

        Raises:
            ConfigError: when ``edition`` is not an edition of this game.

        """
        if not isinstance(edition, self.edition_type):
            raise ConfigError(
                f"the edition of a {self.game} config must be an {self.edition_type.__qualname__}, "
                f"not {type(edition).__name__}"
            )
        if self.is_default(edition):
            return self.default_ref
        digest = self.digest(edition)
        if digest in self._by_digest:
            self._by_digest.move_to_end(digest)
        else:
            self._by_digest[digest] = edition
            self._digest_by_id[id(edition)] = digest
            while len(self._by_digest) > CUSTOM_CAPACITY:
                _, forgotten = self._by_digest.popitem(last=False)
                self._digest_by_id.pop(id(forgotten), None)
        return EditionRef(self._name_of(edition), digest)

    def ref(self, edition: E) -> EditionRef:
        """The reference that names ``edition`` (registering it if it is custom)."""
        if edition is self.default:
            return self.default_ref
        return self.register(edition)

    def resolve(self, ref: EditionRef) -> E:
        """The edition that ``ref`` names.

        Raises:
            EditionError: for an unknown default name, an unregistered digest,
                or a digest registered under another name.

        """
        if ref.digest is None:
            if ref.name != self.default_ref.name:
                raise EditionError(
                    f"{self.game} has no built-in edition named {ref.name!r} (the default is "
                    f"{self.default_ref.name!r}); a custom edition is named with its digest"
                )
            return self.default
        edition = self._by_digest.get(ref.digest)
        if edition is None:
            if ref.digest == self.digest(self.default):
                edition = self.default
            else:
                raise EditionError(
                    f"unknown {self.game} edition {ref.name!r} with digest {ref.digest}: register it first "
                    f"(EDITIONS.register) or read the replay that carries it"
                )
        else:
            self._by_digest.move_to_end(ref.digest)
        if self._name_of(edition) != ref.name:
            raise EditionError(
                f"the {self.game} edition with digest {ref.digest} is named {self._name_of(edition)!r}, "
                f"not {ref.name!r}"
            )
        return edition

    def load(self, text: str | bytes) -> E:
        """Load an edition of this game from untrusted JSON, validated, and register it.

        Raises:
            FormatError: malformed JSON, wrong types or unknown keys (with the path),
                or components that break a rulebook constraint (naming it).

        """
        edition: E = loads(text, self.edition_type)
        self.register(edition)
        return edition

    def legacy_value(self, edition: E) -> object:
        """How a version-1 config wrote ``edition`` under :attr:`legacy_key` (whole, or ``null`` for the default)."""
        if self.legacy_default_null and self.is_default(edition):
            return None
        return to_json_value(edition, self.edition_type)

    # -- the converter's and pickle's side --------------------------------------------------------

    def unstructure_ref(self, edition: E) -> dict[str, object]:
        """The JSON value of the reference to ``edition`` (the converter's hook)."""
        ref = self.ref(edition)
        return {"name": ref.name} if ref.digest is None else {"digest": ref.digest, "name": ref.name}

    def structure_ref(self, value: object) -> E:
        """The edition a JSON reference names (the converter's hook).

        Raises:
            TypeError: when ``value`` is not a reference object.
            EditionError: when it names no known edition.

        """
        default = self.default_ref
        if (
            type(value) is dict
            and value.get("name") == default.name
            and (len(value) == 1 or (len(value) == 2 and value.get("digest", 0) is None))
        ):
            return self.default  # the default edition, named as it is written
        if not isinstance(value, dict) or not isinstance(value.get("name"), str) or set(value) - {"name", "digest"}:
            raise TypeError(f'expected an edition reference {{"name": ..., "digest": ...}}, not {_short(value)}')
        digest = value.get("digest")
        if digest is not None and (not isinstance(digest, str) or len(digest) != 64):
            raise TypeError(f"expected a 64-digit hexadecimal edition digest or null, not {_short(digest)}")
        return self.resolve(EditionRef(str(value["name"]), digest))

    def _install_reduce(self) -> None:
        """Pickle the default edition by reference (a few bytes), custom ones by content."""
        cls: Any = self.edition_type
        if getattr(cls, "_ofrenda_catalog", None) is self:
            return
        original = cls.__reduce_ex__
        default = self.default
        game = self.game

        def reduce_ex(edition: object, protocol: Any) -> Any:
            if edition is default:
                return (_default_edition, (game,))
            return original(edition, protocol)

        cls.__reduce_ex__ = reduce_ex
        cls._ofrenda_catalog = self
        _CATALOGS[game] = self


_CATALOGS: dict[str, EditionCatalog[Any]] = {}


_LOADERS: list[Callable[[str], object]] = []


def set_game_loader(load: Callable[[str], object]) -> None:
    """Install how a game not imported yet is imported by its name (the registry installs its ``get_game``).

    Unpickling a game's default edition in a fresh process needs the game's
    catalog, which the game builds when it is imported; this module knows
    no game, so the registry tells it how to import one.
    """
    _LOADERS[:] = [load]


def _default_edition(game: str) -> object:
    """Unpickle a game's default edition (the game is imported on demand, by the loader the registry installs)."""
    if game not in _CATALOGS:
        for load in _LOADERS:
            load(game)
    catalog = _CATALOGS.get(game)
    if catalog is None:
        raise EditionError(f"no edition catalog for the game {game!r}: the game is not imported")
    return catalog.default


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def edition_field(catalog: EditionCatalog[E]) -> Any:
    """The ``edition`` field of a game's ``Config``: the edition object, written as an :class:`EditionRef`.

    The field defaults to the catalog's default edition; its validator refuses
    anything but an edition of the game (:class:`~ofrenda_rules.errors.ConfigError`)
    and registers a custom one, so that the config can be written and read
    back in this process.
    """

    def check(instance: object, attribute: object, value: E) -> None:
        if value is not catalog.default:
            catalog.register(value)

    return attrs.field(default=catalog.default, validator=check, metadata={EDITION_METADATA: catalog})


def catalog_of(config_type: type) -> EditionCatalog[Any]:
    """The edition catalog behind a game's ``Config`` class (its :func:`edition_field`).

    Raises:
        TypeError: when the class has no edition field.

    """
    if attrs.has(config_type):
        for field in attrs.fields(config_type):
            catalog = field.metadata.get(EDITION_METADATA)
            if isinstance(catalog, EditionCatalog):
                return catalog
    raise TypeError(f"{config_type.__qualname__} has no edition field")


@attrs.frozen
class DefaultEdition:
    """How a ``Config`` signature shows its default edition: by name, not by its whole content.

    >>> DefaultEdition("Osprey Games 2025 (reconstructed)")
    <the default edition, 'Osprey Games 2025 (reconstructed)'>
    """

    name: str
    """The default edition's name."""

    def __repr__(self) -> str:
        return f"<the default edition, {self.name!r}>"


def name_default_edition(config_type: type) -> None:
    """Make ``help(Config)`` and ``inspect.signature(Config)`` show the default edition by name.

    The field's default stays the edition itself (what a ``Config()`` holds); only
    the signature that tools print names it with a :class:`DefaultEdition`.
    Each game's definition calls this for its ``Config``.
    """
    catalog = catalog_of(config_type)
    init = vars(config_type)["__init__"]  # the attrs-made initializer
    signature = inspect.signature(init)
    name = getattr(catalog.default, "name", None)
    shown = DefaultEdition(name if isinstance(name, str) else type(catalog.default).__qualname__)
    parameters = [
        parameter.replace(default=shown) if parameter.default is catalog.default else parameter
        for parameter in signature.parameters.values()
    ]
    init.__signature__ = signature.replace(parameters=parameters)
