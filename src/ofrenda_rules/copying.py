"""A faster ``attrs.evolve`` and constructor for the hot paths of the rules.

``attrs.evolve`` looks up the class's fields and reads them one at a time on
every call; rules evolve states several times per action. :func:`evolve`
caches, per class, one C-level getter of every ``__init__`` argument and each
argument's position, and builds the copy positionally with :func:`plain_constructor`
(validators still run).

A frozen attrs ``__init__`` stores each field through ``object.__setattr__``
by name. When it does nothing else (no validator, converter or hook),
:func:`plain_constructor` gives a function that stores the arguments straight
into the instance's slots instead, for about half the cost; :func:`evolve` and
the JSON decoder use it.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

import attrs

__all__ = [
    "builder_class",
    "constructor_lines",
    "evolve",
    "field_getter",
    "plain_constructor",
    "reduce_init_fields",
    "replacer",
]

T = TypeVar("T")

_Entry = tuple[Callable[[Any], tuple[Any, ...]], dict[str, int], tuple[str, ...] | None, Callable[..., Any]]
_CACHE: dict[type, _Entry] = {}


def _entry(cls: type) -> _Entry:
    fields = [field for field in attrs.fields(cast(Any, cls)) if field.init]
    names = [field.name for field in fields]
    getter = field_getter(cls, names)
    # Positional when no field is keyword-only; otherwise by __init__ alias.
    aliases = tuple(str(field.alias) for field in fields) if any(field.kw_only for field in fields) else None
    entry: _Entry = (getter, {name: i for i, name in enumerate(names)}, aliases, plain_constructor(cls))
    _CACHE[cls] = entry
    return entry


def field_getter(cls: type, names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function of an instance of ``cls`` giving its attributes ``names`` as a tuple, in that order.

    It reads them as ``(inst.a, inst.b, ...)`` in one generated function, where
    CPython specialises each read to a direct slot load: for the 27 fields of
    a Portents state about 2.2k instructions, against 5.9k through
    ``operator.attrgetter``, which looks each name up afresh.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> field_getter(Point, ("y", "x"))(Point(1, 2))
    (2, 1)

    Raises:
        ValueError: when a name is not an identifier.
    """
    bad = [name for name in names if not name.isidentifier() or keyword.iskeyword(name)]
    if bad:
        raise ValueError(f"field_getter of {cls.__qualname__}: {bad} are not attribute names")
    reads = "".join(f"inst.{name}, " for name in names)
    env: dict[str, Any] = {}
    exec(compile(f"def get(inst):\n    return ({reads})\n", f"<ofrenda_rules getter {cls.__qualname__}>", "exec"), env)
    getter: Callable[[Any], tuple[Any, ...]] = env["get"]
    return getter


_CONSTRUCTORS: dict[type, Callable[..., Any]] = {}
_SKIPPED_SLOTS: Final = frozenset({"__weakref__", "__dict__"})


def plain_constructor(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of the attrs class ``cls``, as fast as it can be with the same result.

    It takes every ``__init__`` field in field order (keyword-only ones too,
    positionally, and no defaults). When ``cls`` is a slotted attrs class whose
    generated ``__init__`` only stores its arguments (no validator, converter,
    ``__attrs_pre_init__``/``__attrs_post_init__`` or cached hash, and the
    fields outside ``__init__`` have plain defaults), it stores them straight
    into the slots; otherwise it is ``cls`` called with the same arguments.
    Built once per class.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = attrs.field(kw_only=True)
    >>> plain_constructor(Point)(1, 2)
    Point(x=1, y=2)
    """
    found = _CONSTRUCTORS.get(cls)
    if found is None:
        found = _CONSTRUCTORS[cls] = _build_constructor(cls)
    return cast(Callable[..., T], found)


def _build_constructor(cls: type) -> Callable[..., Any]:
    fields = attrs.fields(cast(Any, cls))
    names = [field.name for field in fields if field.init]
    aliases = [str(field.alias) for field in fields if field.init]
    keyword = any(field.kw_only for field in fields if field.init)
    by_init: Callable[..., Any] = (lambda *values: cls(**dict(zip(aliases, values, strict=True)))) if keyword else cls
    if not _stores_plainly(cls):
        return by_init
    env: dict[str, Any] = {}
    lines = [f"def build({', '.join(f'a{i}' for i in range(len(names)))}):"]
    lines += _stores(cls, {name: f"a{i}" for i, name in enumerate(names)}, env)
    exec(compile("\n".join(lines) + "\n", f"<ofrenda_rules plain constructor {cls.__qualname__}>", "exec"), env)
    build: Callable[..., Any] = env["build"]
    return build


def _stores_plainly(cls: type) -> bool:
    """Whether ``cls`` is a slotted attrs class whose ``__init__`` only stores its arguments.

    Such a class is built by stores into its slots (see :func:`plain_constructor`).
    """
    fields = attrs.fields(cast(Any, cls))
    init = getattr(cls, "__init__", None)
    code = getattr(init, "__code__", None)
    slots = {name for klass in cls.__mro__ for name in _slots_of(klass)} - _SKIPPED_SLOTS
    return (
        code is not None
        and "attrs generated" in code.co_filename
        and "__slots__" in vars(cls)
        and slots == {field.name for field in fields}
        and all(field.validator is None and field.converter is None for field in fields)
        and all(field.init or not isinstance(field.default, attrs.Factory) for field in fields)  # type: ignore[arg-type]
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
    )


def constructor_lines(cls: type, values: Mapping[str, str], env: dict[str, Any]) -> list[str] | None:
    """Lines of a generated function that build a ``cls`` as :func:`plain_constructor` does, then return it.

    ``values`` maps each ``__init__`` field's name to a Python expression; the
    names the lines use are added to ``env``, the function's globals, and the
    lines are indented by four spaces. ``None`` when ``cls`` is not built by
    stores into its slots (call :func:`plain_constructor` instead). The JSON
    decoder writes them into its structure functions, so that building an
    object costs no call of its own.
    """
    if not _stores_plainly(cls):
        return None
    return _stores(cls, dict(values), env)


def _stores(cls: type, values: dict[str, str], env: dict[str, Any]) -> list[str]:
    """The body of a generated function building a ``cls`` into its slots, each ``__init__`` field from ``values``.

    ``values`` maps each ``__init__`` field to an expression; fields outside
    ``__init__`` take their (plain) defaults, or stay unset without one. The
    slots are filled by plain stores into a :func:`builder_class` instance
    where there is one, else through each slot's setter. Only for a class
    whose ``__init__`` merely stores (see :func:`plain_constructor`).
    """
    builder: type | None = builder_class(cls)
    env.update(NEW=object.__new__, CLS=cls, BUILDER=builder)
    lines = [f"    o = NEW({'CLS' if builder is None else 'BUILDER'})"]
    for field in attrs.fields(cast(Any, cls)):
        if field.init:
            value = values[field.name]
        elif field.default is not attrs.NOTHING:
            env[value := f"D_{field.name}"] = field.default
        else:
            continue
        if builder is None:
            env[setter := f"S_{field.name}"] = _slot(cls, field.name).__set__
            lines.append(f"    {setter}(o, {value})")
        else:
            lines.append(f"    o.{field.name} = {value}")
    if builder is not None:
        lines.append("    o.__class__ = CLS")
    return [*lines, "    return o"]


def replacer(cls: type[T], changed: Sequence[str], fixed: Mapping[str, object] | None = None) -> Callable[..., T]:
    """A function ``(source, *values)`` giving a copy of the ``cls`` instance ``source`` with some fields replaced.

    The fields named in ``changed`` take ``values``, in that order; those in
    ``fixed`` take its constants; every other ``__init__`` field is
    ``source``'s. It is :func:`evolve` with the changed fields fixed in
    advance: built once, for the rules' most frequent copies. Where
    :func:`plain_constructor` stores into the slots, so does this, with the
    stores written out in one generated function; otherwise it calls ``cls``.

    Raises:
        ValueError: when a name is no ``__init__`` field of ``cls``, or is both
            changed and fixed.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    ...     z: int
    >>> moved = replacer(Point, ("y",), {"z": 0})
    >>> moved(Point(1, 2, 3), 5)
    Point(x=1, y=5, z=0)
    """
    fixed = dict(fixed or {})
    fields = [field for field in attrs.fields(cast(Any, cls)) if field.init]
    names = [field.name for field in fields]
    unknown = sorted((set(changed) | set(fixed)) - set(names))
    if unknown or set(changed) & set(fixed) or len(set(changed)) != len(changed):
        raise ValueError(f"replacer of {cls.__qualname__}: {unknown or 'repeated'} fields: {list(changed)}, {fixed}")
    env: dict[str, Any] = {"BUILD": plain_constructor(cls)}
    values: list[str] = []
    for field in fields:
        if field.name in fixed:
            env[value := f"F_{field.name}"] = fixed[field.name]
        elif field.name in changed:
            value = f"v{changed.index(field.name)}"
        else:
            value = f"s.{field.name}"
        values.append(value)
    head = f"def replace(s, {', '.join(f'v{i}' for i in range(len(changed)))}):"
    if env["BUILD"] is cls:
        body = [f"    return BUILD({', '.join(values)})"]
    else:
        body = _stores(cls, dict(zip(names, values, strict=True)), env)
    exec(compile("\n".join([head, *body]) + "\n", f"<ofrenda_rules replacer {cls.__qualname__}>", "exec"), env)
    replace: Callable[..., T] = env["replace"]
    return replace


_BUILDERS: dict[type, type | None] = {}


def builder_class(cls: type[T]) -> type[T] | None:
    """A private mutable subclass of the slotted attrs class ``cls``, or None where there can be none.

    An instance of it has exactly the layout of a ``cls`` instance, but its
    slots are set by plain attribute assignment (``o.name = value``), which
    CPython specialises to a direct slot store: about three times cheaper than
    calling each slot's setter, and far cheaper than a frozen ``__init__``.
    Once every field is stored, ``o.__class__ = cls`` makes it a ``cls``
    instance, frozen again; nothing else can tell how it was built. Only
    :func:`plain_constructor` and rules that build states into their slots use
    it, and only after checking, as :func:`plain_constructor` does, that
    ``cls``'s ``__init__`` merely stores its arguments.

    None when ``cls`` is not a slotted class whose instances can switch class
    this way (it has a ``__dict__``, names a field with a leading double
    underscore, or CPython refuses the switch); callers then fill the slots
    through their setters. Built once per class.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> Building = builder_class(Point)
    >>> point = object.__new__(Building)
    >>> point.x = 3
    >>> point.__class__ = Point
    >>> point, type(point) is Point
    (Point(x=3), True)
    """
    if cls in _BUILDERS:
        return cast("type[T] | None", _BUILDERS[cls])
    builder: type | None = None
    names = [field.name for field in attrs.fields(cast(Any, cls))]
    if "__slots__" in vars(cls) and cls.__dictoffset__ == 0 and not any(name.startswith("__") for name in names):
        namespace = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
        candidate = type(f"_Building{cls.__name__}", (cls,), namespace)
        candidate.__module__ = cls.__module__
        try:
            probe: object = object.__new__(candidate)
            probe.__class__ = cls
        except TypeError:  # pragma: no cover - CPython refused the layout
            pass
        else:
            builder = candidate
    _BUILDERS[cls] = builder
    return cast("type[T] | None", builder)


def _slots_of(klass: type) -> tuple[str, ...]:
    """The slot names ``klass`` itself declares."""
    declared = vars(klass).get("__slots__", ())
    return (declared,) if isinstance(declared, str) else tuple(declared)


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of ``name`` in ``cls`` or the base class that defines it."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    raise AttributeError(name)  # pragma: no cover - the slots were checked


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes`` applied; ``inst`` is unchanged.

    Raises:
        KeyError: when a change names no ``__init__`` field of the class.
    """
    cls = type(inst)
    getter, index, _, build = _CACHE.get(cls) or _entry(cls)
    values = list(getter(inst))
    for name, value in changes.items():
        values[index[name]] = value
    built: T = build(*values)
    return built


def reduce_init_fields(inst: object) -> tuple[Any, ...]:
    """A ``__reduce__`` that pickles an attrs instance by its ``__init__`` fields only.

    Private caches (fields with ``init=False``, such as a state's remembered
    legal actions) are left out, so a pickle holds the state and nothing it
    can recompute; unpickling calls ``__init__`` again (validators included).
    """
    cls = type(inst)
    getter, _, aliases, _ = _CACHE.get(cls) or _entry(cls)
    values = getter(inst)
    if aliases is None:
        return (cls, tuple(values))
    return (_build_by_alias, (cls, aliases, tuple(values)))


def _build_by_alias(cls: type, aliases: tuple[str, ...], values: tuple[Any, ...]) -> object:
    return cls(**dict(zip(aliases, values, strict=True)))
