"""The library's error hierarchy and rule rejections.

Every error the library raises on purpose derives from :class:`OfrendaRulesError`
(itself a :class:`ValueError`), so a caller can catch the whole family at once
or one kind precisely:

* :class:`IllegalActionError` -- an action that the rules do not allow in the
  given state; it carries a :class:`Rejection` with a stable ``code``.
* :class:`ConfigError` -- an option or combination of options that is invalid.
* :class:`EditionError` -- component data (an edition) that breaks a
  constraint of the rulebook.
* :class:`FormatError` -- a JSON document (a saved state, an action, an
  edition, a replay) that is malformed, names the path of the fault.
* :class:`PositionError` -- a position text (a game's FEN-like notation) that
  is malformed or describes a position the rules cannot reach.
* :class:`UnknownGameError` -- a game name that is not registered.

>>> rejection = Rejection("not-your-turn", "it is player 2's turn, not player 0's")
>>> error = IllegalActionError(rejection, action="PlayCard(...)")
>>> error.rejection.code
'not-your-turn'
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

import attrs

__all__ = [
    "BotError",
    "ConfigError",
    "EditionError",
    "FormatError",
    "GameNotOverError",
    "IllegalActionError",
    "OfrendaRulesError",
    "PositionError",
    "Rejection",
    "UnknownGameError",
    "check_in_range",
    "check_seat",
    "seat_to_move",
]


@attrs.frozen
class Rejection:
    """Why an action is not legal: a stable machine code and a sentence.

    ``code`` never changes between releases for the same reason, so programs
    may branch on it; ``message`` is for people and may be reworded.
    """

    code: str
    """A stable, kebab-case identifier of the reason, e.g. ``"must-follow-colour"``."""
    message: str
    """The reason in words, naming the offending values."""

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


class OfrendaRulesError(ValueError):
    """Base class of every error that ofrenda_rules raises on purpose."""


class IllegalActionError(OfrendaRulesError):
    """An action was applied that the rules do not allow in that state.

    The state given to ``apply`` is never changed (states are immutable), so
    the caller can simply try another action.
    """

    rejection: Rejection
    """The rejection that ``validate`` gives for the same state and action."""

    def __init__(self, rejection: Rejection, action: object = None) -> None:
        self.rejection = rejection
        self.action = action
        prefix = f"{action!r} rejected: " if action is not None else ""
        super().__init__(f"{prefix}{rejection}")


class ConfigError(OfrendaRulesError):
    """A game configuration is invalid (unsupported player count, clashing options...)."""


def check_seat(player: object, players: int) -> None:
    """Refuse ``player`` unless it is a seat (an ``int``, not a ``bool``, in ``0 .. players-1``).

    >>> check_seat(1, 2)
    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    ofrenda_rules.errors.ConfigError: no seat 2 in a 2-player game

    Raises:
        ConfigError: naming the player that is not a seat.

    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ConfigError(f"no seat {player!r} in a {players}-player game")


class EditionError(OfrendaRulesError):
    """Component data breaks a constraint that the rulebook states."""


class FormatError(OfrendaRulesError):
    """A JSON document is malformed; the message names the path of the fault."""


class PositionError(FormatError):
    """A position text is malformed or impossible under the rules; the message names what is wrong."""


class BotError(OfrendaRulesError):
    """A bot was asked to move where no seat is to move (a chance event, or the game is over)."""


def seat_to_move(player: int, bot: str) -> int:
    """``player``, the seat a bot is to decide for; :class:`BotError` naming ``bot`` when no seat is to move.

    Every bot of the library, the kernel's and each game's own, refuses a
    chance event or a finished game with this one error.

    >>> seat_to_move(1, "the reference bot")
    1
    >>> seat_to_move(-1, "the reference bot")
    Traceback (most recent call last):
    ...
    ofrenda_rules.errors.BotError: the reference bot decides for a seat; no seat is to move (current player -1)

    Raises:
        BotError: when ``player`` is negative (chance, or the end).

    """
    if player < 0:
        raise BotError(f"{bot} decides for a seat; no seat is to move (current player {player})")
    return player


class UnknownGameError(OfrendaRulesError, LookupError):
    """No game is registered under the requested name."""


class GameNotOverError(OfrendaRulesError):
    """A final result was asked for a game that has not ended."""


def check_in_range(what: str, value: int, low: int, high: int) -> None:
    """Refuse a setting ``value`` outside ``low .. high`` (both included), naming it as ``what``.

    >>> check_in_range("samples", 2, 1, 10_000)
    >>> check_in_range("samples", 0, 1, 10_000)
    Traceback (most recent call last):
    ...
    ofrenda_rules.errors.ConfigError: samples must be in [1, 10000], not 0

    Raises:
        ConfigError: naming the setting, its range and the value.

    """
    if not low <= value <= high:
        raise ConfigError(f"{what} must be in [{low}, {high}], not {value}")
