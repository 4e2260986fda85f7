"""What every game declares and provides: the generic game interface.

Each game subpackage offers the public contract as plain functions
(``new_game``, ``current_player``, ``legal_actions``, ``chance_outcomes``,
``validate``, ``apply``, ``score``, ``is_over``, ``outcome``, ``observe``) and
bundles them, with its declared facts (:class:`GameInfo`) and the hooks that
generic tooling needs, into one :class:`GameDefinition` named ``GAME``. The
registry (:mod:`ofrenda_rules.registry`) hands these out by name, so that the
CLI, the property suite, the benchmarks and adapters work for every game.
"""

from __future__ import annotations

import enum
import math
from array import array
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any, Final, Generic, Protocol, TypeVar, cast

import attrs

from ofrenda_rules.chance import PlayerId
from ofrenda_rules.editions import EditionCatalog, catalog_of, name_default_edition
from ofrenda_rules.errors import Rejection
from ofrenda_rules.picks import Pick
from ofrenda_rules.rng import Rng

__all__ = [
    "SPECTATOR",
    "ActionDecoder",
    "ChanceMode",
    "ConfigLike",
    "GameDefinition",
    "GameInfo",
    "Information",
    "InformationStateEncoder",
    "NamedEnum",
    "OutcomeLike",
    "SeededPolicy",
    "StateLike",
    "seeded_level_policy",
    "squashed_leads",
    "summarize_config",
]


SPECTATOR: Final = -1
"""The ``player`` of a public view (``observe_public``): a spectator, who holds no seat and sees no hand."""


def summarize_config(config: object) -> str:
    """A short label of a config's simple options (numbers, strings, enums, true flags).

    >>> import attrs
    >>> @attrs.frozen
    ... class Demo:
    ...     players: int = 3
    ...     variant: bool = True
    ...     other: bool = False
    >>> summarize_config(Demo())
    'players=3 variant'
    """
    cls = type(config)
    if not attrs.has(cls):
        return repr(config)
    parts: list[str] = []
    for field in attrs.fields(cls):
        value = getattr(config, field.name)
        if isinstance(value, bool):
            if value:
                parts.append(field.name)
        elif isinstance(value, int | str):
            parts.append(f"{field.name}={value}")
        elif isinstance(value, enum.Enum):
            parts.append(f"{field.name}={value.value}")
        elif isinstance(value, tuple) and value and all(isinstance(v, enum.Enum) for v in value):
            parts.append(f"{field.name}={'+'.join(str(v.value) for v in value)}")
    return " ".join(parts)


class ConfigLike(Protocol):
    """What generic code needs of a game's ``Config``."""

    @property
    def players(self) -> int:
        """The number of seats (``1`` is solo where the game has it)."""
        ...


class StateLike(Protocol):
    """What generic code needs of a game's ``State``."""

    @property
    def rng(self) -> Rng | None:
        """The generator of a seeded game, ``None`` otherwise."""
        ...


class OutcomeLike(Protocol):
    """What generic code needs of a game's final ``Outcome``."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Final points per seat."""
        ...

    @property
    def ranks(self) -> tuple[int, ...]:
        """Final place per seat after tie-breaks (``0`` is first); tied seats share a place."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (several when the victory is shared; none when all lose)."""
        ...


C_contra = TypeVar("C_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class ActionDecoder(Protocol[C_contra, A_co]):
    """A game's ``decode_action(config, action_id, *, chance=False)``."""

    def __call__(self, config: C_contra, action_id: int, /, *, chance: bool = False) -> A_co:
        """The decision numbered ``action_id`` under ``config``, or with ``chance=True`` the chance outcome."""
        ...


C = TypeVar("C", bound=ConfigLike)
S = TypeVar("S", bound=StateLike)
A = TypeVar("A")
V = TypeVar("V")
O = TypeVar("O", bound=OutcomeLike)  # noqa: E741


class SeededPolicy(Protocol[S_contra, A_co]):
    """A game's own bot for a level: an attrs class with a ``seed`` field and a ``choose`` method."""

    @property
    def seed(self) -> int:
        """Seeds the bot's draws (with what the seat sees)."""
        ...

    def choose(self, state: S_contra, /) -> A_co:
        """The move of the seat to move in ``state``."""
        ...


def seeded_level_policy(levels: Mapping[str, SeededPolicy[S, A]], level: str, seed: int) -> Callable[[S], A] | None:
    """A game's ``level_policy`` read from its table of bots: ``levels[level]`` seeded with ``seed``.

    ``None`` for a name that is not in ``levels`` (the generic search bot plays that level). The bot in
    the table is used as it is when it already has that seed, else a copy of it with the seed.

    >>> @attrs.frozen
    ... class Echo:
    ...     seed: int = 0
    ...     def choose(self, state: int) -> str:
    ...         return f"{state} under seed {self.seed}"
    >>> policy = seeded_level_policy({"easy": Echo()}, "easy", 9)
    >>> policy is not None and policy(4)
    '4 under seed 9'
    >>> seeded_level_policy({"easy": Echo()}, "hard", 9) is None
    True
    """
    bot = levels.get(level)
    if bot is None:
        return None
    if seed != bot.seed:
        # Typed as the protocol, the bot is no attrs class to mypy's attrs plugin; every level bot is one.
        bot = attrs.evolve(cast(Any, bot), seed=seed)
    return bot.choose


class InformationStateEncoder(Protocol[V_contra]):
    """One seat's information-state tensor kept up to date view by view (each game's ``tensors`` module has one)."""

    def add(self, view: V_contra, /) -> None:
        """Record the seat's next view."""

    def encode(self) -> tuple[float, ...]:
        """``encode_information_state`` of every view added so far."""

    def buffer(self) -> array[float]:
        """The same tensor as a new array of doubles (``numpy.frombuffer`` reads it without a copy)."""

    def copy(self) -> InformationStateEncoder[V_contra]:
        """An independent encoder with the same views added."""


class NamedEnum(enum.Enum):
    """An enum whose ``repr`` is the member as code names it (``Suit.RED``), so that reprs of states read as code.

    >>> class Suit(NamedEnum):
    ...     RED = "red"
    >>> Suit.RED
    Suit.RED
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class ChanceMode(enum.Enum):
    """How a game's chance events reach a caller (OpenSpiel's ``GameType.ChanceMode``)."""

    DETERMINISTIC = "deterministic"
    """No chance events at all."""
    EXPLICIT_STOCHASTIC = "explicit_stochastic"
    """Chance events are states whose ``current_player`` is ``CHANCE``, with outcomes and exact probabilities."""


class Information(enum.Enum):
    """What the players see of the state (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect"
    """Every seat sees the whole state (future chance outcomes are not part of it)."""
    IMPERFECT = "imperfect"
    """Some seat may not see part of the state (another seat's hand)."""


@attrs.frozen
class GameInfo:
    """Facts a game declares without being played (as OpenSpiel's ``GameType``)."""

    name: str
    """Registry name, also the subpackage name, e.g. ``"dia_de_los_muertos"``."""
    title: str
    """The published title, e.g. ``"Día de los Muertos"``."""
    player_counts: tuple[int, ...]
    """Every supported ``Config.players``; ``1`` means a solo mode against an automaton."""
    has_chance: bool
    """Whether the game has chance events (shuffles, draws, dice)."""
    hidden_information: bool
    """Whether a player may not see part of the state (hands, deck order)."""
    publisher: str = ""
    """Publisher and year of the rulebook implemented."""

    @property
    def dynamics(self) -> str:
        """``"sequential"`` -- one seat (or chance) acts at a time, in every game of the library."""
        return "sequential"

    @property
    def chance_mode(self) -> ChanceMode:
        """Explicit chance events (``chance_outcomes``) when the game has chance, else deterministic."""
        return ChanceMode.EXPLICIT_STOCHASTIC if self.has_chance else ChanceMode.DETERMINISTIC

    @property
    def information(self) -> Information:
        """Imperfect when a seat may not see part of the state, else perfect."""
        return Information.IMPERFECT if self.hidden_information else Information.PERFECT

    @property
    def utility(self) -> str:
        """``"general_sum"`` -- the returns (:mod:`ofrenda_rules.bots.utility`) need not add up to a constant.

        A win share sums to 1 when somebody wins and to 0 when nobody does (an
        Ofrendados game where nobody qualifies, a lost solo game).
        """
        return "general_sum"

    @property
    def reward_model(self) -> str:
        """``"terminal"`` -- returns are paid only when the game is over; every step before rewards 0."""
        return "terminal"


@attrs.frozen(kw_only=True)
class GameDefinition(Generic[C, S, A, V, O]):
    """One game's public contract and the hooks generic tooling uses.

    Beyond the contract functions, a game provides:

    * ``test_configs`` -- the configurations the property suite and the
      benchmarks cover (every player count and variant combination);
    * ``turn_count`` / ``turn_bounds`` -- the game's own count of turns (or
      tricks) played, and the inclusive range a finished game must fall in;
    * ``max_steps`` -- an upper bound on actions (chance outcomes included)
      in one game, so that a runaway playout is a detectable bug;
    * ``census`` -- every physical component and where it is, as sorted
      ``(name, count)`` pairs, which never change during a game;
    * ``hidden_variant`` -- a state that differs from the given one only in
      what ``player`` cannot see (redealt hidden cards, reshuffled deck, a
      different generator), for the no-leak property of ``observe``;
    * ``to_position`` / ``from_position`` -- the game's position notation
      (as FEN is for chess): any reachable state as one line of text, and
      back, exactly;
    * ``num_distinct_actions`` / ``max_chance_outcomes`` / ``encode_action``
      / ``decode_action`` -- stable integer ids (the game's ``codec``
      module): player decisions numbered ``0 .. num_distinct_actions - 1``,
      chance outcomes apart ``0 .. max_chance_outcomes - 1``;
      ``max_decisions`` -- a bound on the player decisions in one game.
    """

    info: GameInfo
    """The game's declared facts."""
    config_type: type[C]
    """The game's ``Config`` class."""
    state_type: type[S]
    """The game's ``State`` class."""
    action_type: Any
    """The game's ``Action`` union (a typing union, encoded with tags)."""
    view_type: type[V]
    """The game's ``View`` class (what ``observe`` returns)."""
    outcome_type: type[O]
    """The game's ``Outcome`` class."""
    new_game: Callable[[C, int | None], S]
    """Set up a game; a seed makes the library resolve chance events itself."""
    current_player: Callable[[S], PlayerId]
    """A seat, :data:`~ofrenda_rules.chance.CHANCE` or :data:`~ofrenda_rules.chance.TERMINAL`."""
    legal_actions: Callable[[S], tuple[A, ...]]
    """Legal actions in a deterministic order (chance outcomes at a chance event)."""
    chance_outcomes: Callable[[S], tuple[tuple[A, Fraction], ...]]
    """Outcomes of the pending chance event with exact probabilities."""
    validate: Callable[[S, A], Rejection | None]
    """``None`` when the action is legal, else why not."""
    apply: Callable[[S, A], S]
    """The next state; raises ``IllegalActionError`` for an illegal action."""
    score: Callable[[S], tuple[int, ...]]
    """Points per seat, valid at any moment."""
    is_over: Callable[[S], bool]
    """Whether the game has ended."""
    outcome: Callable[[S], O]
    """The final result (ranking, tie-breaks, solo tier); only for a finished game."""
    observe: Callable[[S, int], V]
    """What one seat may know."""
    observe_public: Callable[[S], V]
    """What a spectator may know (public information only), as a view whose ``player`` is :data:`SPECTATOR`."""
    test_configs: Callable[[], tuple[C, ...]]
    """Configurations the property suite and benchmarks cover."""
    turn_count: Callable[[S], int]
    """Turns (or tricks) completed, by the game's own count."""
    turn_bounds: Callable[[C], tuple[int, int]]
    """Inclusive range of ``turn_count`` for a finished game."""
    max_steps: Callable[[C], int]
    """Upper bound on the number of actions in one game, chance outcomes included."""
    census: Callable[[S], tuple[tuple[str, int], ...]]
    """Every component as sorted ``(name, count)`` pairs; constant over a game."""
    hidden_variant: Callable[[S, int, Rng], S]
    """A state equal to the given one in all that ``player`` can see."""
    bench_configs: Callable[[], tuple[C, ...]]
    """Configurations the benchmark measures (a few representative ones)."""
    to_position: Callable[[S], str]
    """The state in the game's position notation, one canonical line (see the game's ``position`` module)."""
    from_position: Callable[[str, C], S]
    """The state a position text describes under a config; raises ``PositionError`` when it is impossible."""
    num_distinct_actions: Callable[[C], int]
    """How many player decisions are numbered under a config (OpenSpiel's ``NumDistinctActions``)."""
    max_chance_outcomes: Callable[[C], int]
    """How many chance outcomes are numbered under a config (OpenSpiel's ``MaxChanceOutcomes``)."""
    encode_action: Callable[[C, A], int]
    """The stable id of an action (a chance outcome in the chance numbering); ``IllegalActionError`` if none."""
    decode_action: ActionDecoder[C, A]
    """The action of an id (``chance=True`` for the chance numbering); ``IllegalActionError`` when out of range."""
    max_decisions: Callable[[C], int]
    """An upper bound on the player decisions in one game, chance outcomes not counted (OpenSpiel's
    ``MaxGameLength`` counts decisions only)."""
    reference_bot: Callable[[S], A]
    """The game's fast reference policy -- the action it picks for the seat to move.

    Deterministic, and a function of what that seat may see only: its choice
    is the same on every ``hidden_variant`` of the state for that seat (the
    property suite checks it). It never looks at future chance outcomes.
    """
    step: Callable[[S, A], tuple[S, tuple[object, ...]]]
    """The next state and the events of the step (``apply`` is ``step(...)[0]``).

    Events are the game's tagged ``Event`` union: what the step did (a card
    played, a trick won, an omen collected), as the whole truth. A state keeps
    the events since the most recent player decision in ``recent_events``, and a
    view carries the ones its seat may know.
    """
    event_type: Any
    """The game's ``Event`` union (a typing union, encoded with tags)."""
    event_seen_by: Callable[[Any, int], object | None]
    """An event as one seat may know it (hidden parts redacted), or ``None`` when the seat learns nothing of it.

    ``observe`` puts exactly these in a view's ``recent_events``.
    """
    describe_event: Callable[[Any], str]
    """One event in a short English sentence, for logs and the terminal."""
    render_svg: Callable[[Any], str]
    """A standalone SVG picture of a state (everything face up) or a view (what its seat may see)."""
    action_picks: Callable[[Any, Sequence[A]], tuple[tuple[Pick, ...], ...]]
    """Each legal action of a decision as a short path of picks on the table (see :mod:`ofrenda_rules.picks`).

    Its arguments are the view of the seat to move and the legal actions; the
    paths are a function of those only (so they reveal nothing the seat may
    not see), every action has exactly one path, no path begins another, and
    each pick names the ``id`` of the element ``render_svg`` draws for it.
    """
    render_text: Callable[[Any], str]
    """A text picture of a state or a view for the terminal (the table, whose turn it is, and the recent events in
    games whose board lists them)."""
    render: Callable[[Any], str]
    """The table alone as a compact text picture of a state (everything face up) or a view (what its seat sees).

    Portents writes its altar and omen ring in two-letter codes; the other games' ``render`` is their
    ``render_text`` without the recent events. A view's picture shows nothing its seat may not see.
    """
    describe_outcome: Callable[[O], str]
    """The result in a few lines of English -- the ranking as the rules word it (solo win or loss and tier)."""
    tally: Callable[[S, tuple[Any, ...]], Mapping[str, int]]
    """A finished game's counters for balance reports, from its final state and every event of the game.

    Named counts a designer asks about (cards bought, bonuses reached, who
    qualified); simulations store them with each game's result.
    """
    score_bounds: Callable[[C], tuple[int, int]]
    """Inclusive bounds on any seat's points in a finished game under a config, for normalised points."""
    observation_shape: Callable[[C], tuple[int, ...]]
    """The shape of ``encode_observation``'s tensor under a config (its product is the tuple's length)."""
    encode_observation: Callable[[C, V], tuple[float, ...]]
    """A view (a seat's, or the spectator's) as a flat tuple of floats, in the game's documented layout."""
    information_state_shape: Callable[[C], tuple[int, ...]]
    """The shape of ``encode_information_state``'s tensor under a config."""
    encode_information_state: Callable[[C, Sequence[V]], tuple[float, ...]]
    """A seat's perfect-recall information state as a flat tuple of floats.

    Its argument is every view the seat has had, in order: after the set-up
    (``observe`` of the first state) and after each step since. The tensor is a
    function of those views only, so it leaks nothing the seat did not see.
    """
    resample: Callable[[S, int, Rng], S]
    """A state drawn uniformly from those consistent with all that ``player`` has observed, history included.

    The seat's view of the drawn state equals its view of the given one; what
    the seat does not know (other hands, deck order, future draws) is drawn
    afresh with ``rng``, honouring what play revealed (a seat that did not
    follow suit holds none of it). A seeded state gets a fresh generator drawn
    from ``rng``; an unseeded state stays unseeded.
    """
    information_state_encoder: Callable[[C], InformationStateEncoder[V]] | None = None
    """A new incremental encoder of one seat's information state under a config, or ``None`` if the game has none.

    Fed the seat's views one at a time, its ``encode()`` equals
    ``encode_information_state`` of every view fed so far, at a cost that does
    not grow with the history (adapters read the tensor at every step).
    """
    observation_buffer: Callable[[C, V], array[float]] | None = None
    """``encode_observation`` as a new array of doubles, or ``None`` if the game has none.

    Adapters that fill a preallocated tensor read it with ``numpy.frombuffer``
    (no tuple of floats to convert); its values equal ``encode_observation``'s.
    """
    state_observation_buffer: Callable[[S, int], memoryview] | None = None
    """A seat's observation tensor read straight from a state (no view built), or ``None`` if the game has none.

    ``state_observation_buffer(state, seat)`` is a read-only memoryview of
    doubles whose bytes are those of ``observation_buffer(config,
    observe(state, seat))``, valid until the next call for that config and
    seat (the game keeps the observation it wrote last and rewrites what
    changed): copy it at once. The adapters read observations this way.
    """
    evaluate: Callable[[S], tuple[float, ...]] | None = None
    """Every seat's expected win share (each in ``[0, 1]``) at an unfinished state, as search bots value it.

    A heuristic read by :func:`ofrenda_rules.bots.search.evaluate` where a
    rollout stops before the end; ``None`` lets the search squash the score
    difference. It may read the whole state: the search calls it on states
    drawn by ``resample`` only.
    """
    level_policy: Callable[[str, int], Callable[[S], A] | None] | None = None
    """The game's own policy for a named bot level (``easy`` .. ``expert``) seeded by a bot seed (a 64-bit
    ``int``: its draws come from that seed and what the seat sees), or ``None`` for the generic search's.

    For a game whose reference bot is itself a search (Portents), a deeper
    one of its own is stronger at the same cost than Monte Carlo over it; a
    game may also search to a point its evaluation reads well (Ofrendados'
    ``expert`` plays its rollouts to the end of the round).
    Like the reference bot, such a policy reads only what the seat to move
    may know.
    """
    describe_action: Callable[[S, A], str] = attrs.field(default=lambda state, action: repr(action))
    """A short human description of an action, for logs and the CLI."""
    describe_config: Callable[[C], str] = summarize_config
    """A short label of a configuration, for test ids, logs and benchmarks."""

    def __attrs_post_init__(self) -> None:
        """Register the game's picture for its state and view classes (the first definition of a class wins).

        Also names the default edition in ``help(Config)`` (:func:`~ofrenda_rules.editions.name_default_edition`).
        """
        _PICTURES.setdefault(self.state_type, self.render_svg)
        _PICTURES.setdefault(self.view_type, self.render_svg)
        name_default_edition(self.config_type)

    @property
    def editions(self) -> EditionCatalog[Any]:
        """The game's edition catalog -- its default edition and the custom ones registered in this process."""
        return catalog_of(self.config_type)


def squashed_leads(points: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's lead over the best other seat, divided by ``scale`` and squashed into ``(0, 1)`` (logistic).

    The shape of a game's ``evaluate`` hook: a seat level with the best
    other gets one half. A single seat's "lead" is its points themselves.

    >>> squashed_leads([3.0, 3.0], 1.0)
    (0.5, 0.5)
    >>> first, second = squashed_leads([5.0, 1.0], 2.0)
    >>> first > 0.5 > second
    True
    """
    values = []
    for seat, mine in enumerate(points):
        others = [point for other, point in enumerate(points) if other != seat]
        lead = (mine - max(others) if others else mine) / scale
        values.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead)))))
    return tuple(values)


_TYPE_NAMES: Final = {
    "config_type": "Config",
    "state_type": "State",
    "action_type": "Action",
    "view_type": "View",
    "outcome_type": "Outcome",
    "event_type": "Event",
}
"""The class each type field of a definition is found under, by its name in the game."""


def define_game(info: GameInfo, names: Mapping[str, object], **hooks: Any) -> GameDefinition[Any, Any, Any, Any, Any]:
    """A game's :class:`GameDefinition`, from its facts and the names its modules give the contract.

    The one way a game is defined: its ``definition`` module imports its
    contract functions and hooks under the names of the definition's fields
    (``new_game``, ``apply``, ``observe``, ``render_svg``, ...) and its classes
    as ``Config``, ``State``, ``Action``, ``View``, ``Outcome`` and ``Event``,
    defines the hooks that are its own under the field's name with a leading
    underscore (``_test_configs``, ``_census``, ...), and passes its names
    (``globals()``). A keyword gives a hook under another name; keywords win
    over names, and a name over its underscored form. A field with a default
    (``describe_action``, ``describe_config``) keeps it when the game gives
    none.

    Raises:
        TypeError: naming every field the game gives no value for, and any keyword that is no field.

    >>> define_game(GameInfo("demo", "Demo", (2,), False, False), {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: the game 'demo' gives no action_picks, action_type, apply, bench_configs, census, ...
    """
    fields = {field.name: field for field in attrs.fields(GameDefinition)}
    unknown = sorted(set(hooks) - set(fields))
    if unknown:
        raise TypeError(f"the game {info.name!r} names hooks the contract does not have: {', '.join(unknown)}")
    values: dict[str, Any] = {"info": info}
    missing: list[str] = []
    for name, field in fields.items():
        if name == "info":
            continue
        key = _TYPE_NAMES.get(name, name)
        if name in hooks:
            values[name] = hooks[name]
        elif key in names:
            values[name] = names[key]
        elif name not in _TYPE_NAMES and f"_{name}" in names:
            values[name] = names[f"_{name}"]
        elif field.default is attrs.NOTHING:
            missing.append(name)
    if missing:
        raise TypeError(f"the game {info.name!r} gives no {', '.join(sorted(missing))}")
    return GameDefinition(**values)


def package_exports(names: Mapping[str, object]) -> list[str]:
    """The ``__all__`` of a game's package: every public name it binds (its re-exports), sorted, no module.

    A game's ``__init__`` re-exports its public names, each as ``name as name``, then ends with
    ``__all__ = _game.package_exports(globals())``, so that the list is never written twice.
    """
    return sorted(
        name for name, value in names.items() if not name.startswith("_") and not isinstance(value, ModuleType)
    )


_PICTURES: dict[type, Callable[[Any], str]] = {}


def svg_picture(value: object) -> str:
    """The SVG picture of a game's state or view, drawn by the ``render_svg`` of its game's definition.

    A state's or a view's ``_repr_svg_`` (which Jupyter calls) asks here, so a
    game's state and view modules need not import its picture module, which
    draws them and so imports them.

    Raises:
        TypeError: when no game definition registered a picture for the value's class.

    """
    for cls in type(value).__mro__:
        draw = _PICTURES.get(cls)
        if draw is not None:
            return draw(value)
    raise TypeError(f"no game definition draws a {type(value).__qualname__}")
