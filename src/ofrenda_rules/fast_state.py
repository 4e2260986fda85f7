"""The one way the rules build a frozen state fast: fill a mutable twin of its class, then switch its class.

A frozen attrs class stores each field through ``object.__setattr__`` by
name, and every action of every game builds at least one state. Where a
class's ``__init__`` does nothing but store its arguments (no validator,
converter or hook: :func:`stores_plainly`), the rules build it another way,
with the same result:

1. an instance of its *twin* (:func:`twin_class`: a subclass adding no slot,
   whose fields may be assigned) is made empty and its fields are stored by
   plain attribute assignment, which CPython specialises to direct slot
   writes;
2. the object's class is then switched to the frozen class
   (:func:`freeze`), which Python allows between classes of one memory
   layout: the object *is* the new state, with no copy, and nothing can tell
   how it was built.

This module is the only place that switches an object's class. The rules use
the way in three forms, all built once per class:

* :func:`constructor`: a positional constructor written as one generated
  function (the stores and the switch), for states, events and generators
  built from known values (the kernel's
  :func:`~ofrenda_rules.copying.plain_constructor`,
  :func:`~ofrenda_rules.copying.replacer` and the JSON decoder are built on
  it);
* :func:`working_copy_of`: a class decorator turning a game's declared
  working copy (its fields' annotations and the methods of a transition) into
  a twin of the state's class; a transition copies the state into it, changes
  fields in place, and :func:`freeze` makes the next state (Ofrenda's
  ``Work``, Portents' ``Draft``, Ofrendados' ``NextState``);
* :func:`store_lines`: the same stores as lines of a caller's own generated
  function.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> @working_copy_of(Point)
... class Moving:
...     x: int
...     y: int
...
...     def __init__(self, point: Point) -> None:
...         self.x, self.y = point.x, point.y
>>> moving = Moving(Point(1, 2))
>>> moving.y += 5
>>> point = freeze(moving, Point)
>>> point, type(point) is Point
(Point(x=1, y=7), True)
>>> constructor(Point)(3, 4)
Point(x=3, y=4)

A class whose ``__init__`` validates or converts has no twin (its working
copy would skip the checks), unless the caller vouches for its values
(``constructor(cls, trusted=True)``, as the generator does for the counters
it advances itself).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, cast

import attrs

__all__ = ["constructor", "freeze", "store_lines", "stores_plainly", "twin_class", "working_copy_of"]

T = TypeVar("T")
W = TypeVar("W")

_SKIPPED_SLOTS: Final = frozenset({"__weakref__", "__dict__"})
_TWINS: dict[type, type | None] = {}
_CONSTRUCTORS: dict[tuple[type, bool], Callable[..., Any]] = {}


def freeze(work: object, cls: type[T]) -> T:
    """``work``, an instance of a twin of ``cls`` with every field stored, now a frozen ``cls`` instance.

    The object itself changes class (no copy): do not change it afterwards.
    ``work``'s class must be :func:`twin_class` ``(cls)`` or a class made by
    :func:`working_copy_of` ``(cls)``; CPython raises ``TypeError`` for a
    class of another layout.
    """
    work.__class__ = cls
    return work  # type: ignore[return-value]  # a ``cls`` now (``typing.cast`` would be a Python call per state)


def stores_plainly(cls: type) -> bool:
    """Whether ``cls`` is a slotted attrs class whose ``__init__`` only stores its arguments.

    Such a class can be built into its slots (:func:`constructor`), and has
    a twin unless CPython refuses one (:func:`twin_class`).

    >>> import attrs
    >>> @attrs.frozen
    ... class Plain:
    ...     x: int
    >>> @attrs.frozen
    ... class Checked:
    ...     x: int = attrs.field(validator=attrs.validators.instance_of(int))
    >>> stores_plainly(Plain), stores_plainly(Checked)
    (True, False)
    """
    return _layout_ok(cls) and all(
        field.validator is None and field.converter is None for field in attrs.fields(cast(Any, cls))
    )


def _layout_ok(cls: type) -> bool:
    """Whether ``cls`` is a slotted attrs class built by its generated ``__init__``, whatever its validators."""
    if not attrs.has(cls):
        return False
    fields = attrs.fields(cast(Any, cls))
    init = getattr(cls, "__init__", None)
    code = getattr(init, "__code__", None)
    slots = {name for klass in cls.__mro__ for name in _slots_of(klass)} - _SKIPPED_SLOTS
    return (
        code is not None
        and "attrs generated" in code.co_filename
        and "__slots__" in vars(cls)
        and slots == {field.name for field in fields}
        and all(field.converter is None for field in fields)
        and all(field.init or not isinstance(field.default, attrs.Factory) for field in fields)  # type: ignore[arg-type]
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
    )


def twin_class(cls: type[T]) -> type[T] | None:
    """The twin of the slotted attrs class ``cls``: a private subclass whose fields may be assigned, or None.

    An instance of it has exactly the layout of a ``cls`` instance; its
    slots are set by plain attribute assignment (``o.name = value``), which
    CPython specialises to a direct slot store: about three times cheaper
    than calling each slot's setter, and far cheaper than a frozen
    ``__init__``. :func:`freeze` then makes it a ``cls``. None when ``cls``
    is not a slotted class whose instances can switch class this way (it has
    a ``__dict__``, names a field with a leading double underscore, or
    CPython refuses the switch). Built once per class.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> Building = twin_class(Point)
    >>> point = object.__new__(Building)
    >>> point.x = 3
    >>> freeze(point, Point)
    Point(x=3)
    """
    if cls in _TWINS:
        return cast("type[T] | None", _TWINS[cls])
    twin = _make_twin(cls, f"_Building{cls.__name__}", {"__slots__": ()}) if attrs.has(cls) else None
    _TWINS[cls] = twin
    return cast("type[T] | None", twin)


def _make_twin(cls: type, name: str, namespace: dict[str, Any]) -> type | None:
    """A subclass of ``cls`` named ``name`` with ``namespace``, whose fields may be assigned; None if impossible."""
    names = [field.name for field in attrs.fields(cast(Any, cls))]
    if "__slots__" not in vars(cls) or cls.__dictoffset__ != 0 or any(name.startswith("__") for name in names):
        return None
    namespace = {**namespace, "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    # Both, or CPython dispatches every store through a Python-level look-up.
    twin = type(name, (cls,), namespace)
    twin.__module__ = namespace.get("__module__", cls.__module__)
    try:
        probe: object = object.__new__(twin)
        probe.__class__ = cls
    except TypeError:  # pragma: no cover - CPython refused the layout
        return None
    return twin


def working_copy_of(cls: type) -> Callable[[type[W]], type[W]]:
    """A class decorator: the declared class, rebuilt as a twin of the frozen attrs class ``cls``.

    The declared class annotates the fields the type checker should see and
    holds the methods of a working copy (its ``__init__`` copies a state,
    field by field); it derives from nothing else and declares no
    ``__slots__``. The decorator gives a subclass of ``cls`` with the same
    name and namespace, adding no slot, whose fields may be assigned, so
    :func:`freeze` turns a finished working copy into the next ``cls``
    instance. The type checker sees the declared class (it is no ``cls``
    until frozen).

    Raises:
        TypeError: when ``cls``'s ``__init__`` does more than store its
            arguments (:func:`stores_plainly`), has no twin, or the declared
            class derives from another class or declares slots.
    """
    if not stores_plainly(cls):
        raise TypeError(
            f"working_copy_of({cls.__qualname__}): its __init__ must only store its fields into slots "
            "(a slotted attrs class with no validator, converter or hook)"
        )

    def make(declared: type[W]) -> type[W]:
        namespace = {key: value for key, value in vars(declared).items() if key not in _SKIPPED_SLOTS}
        if declared.__bases__ != (object,) or "__slots__" in namespace:
            raise TypeError(
                f"working copy {declared.__qualname__} of {cls.__qualname__}: declare it with no base class and "
                "no __slots__ (it gets its frozen class's)"
            )
        namespace["__slots__"] = ()
        twin = _make_twin(cls, declared.__name__, namespace)
        if twin is None:  # pragma: no cover - CPython refused the layout
            raise TypeError(f"working_copy_of({cls.__qualname__}): CPython refuses a twin of its layout")
        return cast("type[W]", twin)

    return make


def store_lines(cls: type, values: Mapping[str, str], env: dict[str, Any]) -> list[str]:
    """Lines of a generated function that build a ``cls`` from ``values`` into its slots, then return it.

    ``values`` maps each ``__init__`` field to a Python expression; fields
    outside ``__init__`` take their (plain) defaults, or stay unset without
    one. The names the lines use are added to ``env``, the function's
    globals, and the lines are indented by four spaces. The slots are filled
    by plain stores into a :func:`twin_class` instance, which is then
    frozen; where ``cls`` has no twin, through each slot's setter. Only for a
    class whose ``__init__`` merely stores (:func:`stores_plainly`), or whose
    validators the caller's values satisfy (``constructor(cls, trusted=True)``).
    """
    twin: type | None = twin_class(cls)
    env.update(NEW=object.__new__, CLS=cls, TWIN=twin)
    lines = [f"    o = NEW({'CLS' if twin is None else 'TWIN'})"]
    for field in attrs.fields(cast(Any, cls)):
        if field.init:
            value = values[field.name]
        elif field.default is not attrs.NOTHING:
            env[value := f"D_{field.name}"] = field.default
        else:
            continue
        if twin is None:
            env[setter := f"S_{field.name}"] = _slot(cls, field.name).__set__
            lines.append(f"    {setter}(o, {value})")
        else:
            lines.append(f"    o.{field.name} = {value}")
    if twin is not None:
        lines.append("    o.__class__ = CLS")  # freeze, written out: the generated function makes no call
    return [*lines, "    return o"]


def constructor(cls: type[T], *, trusted: bool = False) -> Callable[..., T]:
    """A positional constructor of the attrs class ``cls``, as fast as it can be with the same result.

    It takes every ``__init__`` field in field order (keyword-only ones too,
    positionally, and no defaults). Where ``cls`` :func:`stores_plainly`, it
    builds the instance by :func:`store_lines`; otherwise it is ``cls``
    called with the same arguments. With ``trusted``, validators are skipped
    too (not converters or hooks): for values the caller has made valid
    itself, such as the generator's advanced counters. Built once per class.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = attrs.field(kw_only=True)
    >>> constructor(Point)(1, 2)
    Point(x=1, y=2)
    """
    found = _CONSTRUCTORS.get((cls, trusted))
    if found is None:
        found = _CONSTRUCTORS[(cls, trusted)] = _build_constructor(cls, trusted)
    return cast(Callable[..., T], found)


def _build_constructor(cls: type, trusted: bool) -> Callable[..., Any]:
    fields = attrs.fields(cast(Any, cls))
    names = [field.name for field in fields if field.init]
    aliases = [str(field.alias) for field in fields if field.init]
    keyword = any(field.kw_only for field in fields if field.init)
    by_init: Callable[..., Any] = (lambda *values: cls(**dict(zip(aliases, values, strict=True)))) if keyword else cls
    if not (_layout_ok(cls) if trusted else stores_plainly(cls)):
        return by_init
    env: dict[str, Any] = {}
    lines = [f"def build({', '.join(f'a{i}' for i in range(len(names)))}):"]
    lines += store_lines(cls, {name: f"a{i}" for i, name in enumerate(names)}, env)
    exec(compile("\n".join(lines) + "\n", f"<ofrenda_rules constructor {cls.__qualname__}>", "exec"), env)
    build: Callable[..., Any] = env["build"]
    return build


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
