"""Writing a replay as a text game record (see :mod:`ofrenda_rules.records`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.errors import check_seat
from ofrenda_rules.records._moves import HIDDEN, notation
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replay import AnyReplay
from ofrenda_rules.replays.format import Step
from ofrenda_rules.serialization import to_json_value

__all__ = ["NOTATION_VERSION", "actor_token", "to_record"]

NOTATION_VERSION: Final = 1
"""The version of the record notation this library writes and reads (the value of the ``Record`` tag)."""


def _tag(name: str, value: object) -> str:
    return f"[{name} {json.dumps(value, ensure_ascii=False, separators=(',', ':'), sort_keys=True)}]"


def actor_token(player: int) -> str:
    """``*`` for a chance outcome, ``S1``..``SN`` for a seat (people count seats from 1)."""
    return "*" if player == CHANCE else f"S{player + 1}"


def _hidden(game: AnyGame, state: Any, action: object, seat: int, text: str) -> str | None:
    """How ``seat``'s record writes ``action``: ``None`` when the seat can tell it from every other legal one.

    Else the move word and ``??`` when every legal action is of the same kind
    (``deal ??``), or ``??`` alone.
    """
    seen = game.observe(game.apply(state, action), seat)
    legal = game.legal_actions(state)
    for other in legal:
        if other != action and game.observe(game.apply(state, other), seat) == seen:
            kinds = {type(candidate) for candidate in legal}
            return f"{text.split()[0]} {HIDDEN}" if len(kinds) == 1 else HIDDEN
    return None


def to_record(
    replay: AnyReplay,
    *,
    seat: int | None = None,
    date: str | None = None,
    seats: tuple[str, ...] | None = None,
) -> str:
    """The game record of ``replay``: tags, then one move per line.

    With ``seat`` (0-based, as everywhere in code) the record is that seat's:
    it says only what the seat could know -- the seed of a seeded game is
    ``"??"``, and a move or chance outcome the seat could not tell from
    another legal one by what it saw afterwards is ``??``. ``date`` (a
    ``YYYY-MM-DD`` date) and ``seats`` (the players' names) are written as
    the ``Date`` and ``Seats`` tags.

    Raises:
        IllegalActionError: at the first step of the replay that is not legal.
        ConfigError: for a ``seat`` that is not a seat of the game, or ``seats`` of the wrong length.

    """
    game = get_game(replay.game)
    players: int = getattr(replay.config, "players")  # noqa: B009
    if seat is not None:
        check_seat(seat, players)
    config_value = to_json_value(replay.config, game.config_type)
    assert isinstance(config_value, dict)
    if replay.edition is None:
        config_value.pop("edition", None)
    lines = [_tag("Record", NOTATION_VERSION), _tag("Game", game.info.name), _tag("Config", config_value)]
    if replay.edition is not None:
        lines.append(_tag("Edition", to_json_value(replay.edition, game.editions.edition_type)))
    if replay.seed is not None:
        lines.append(_tag("Seed", HIDDEN if seat is not None else replay.seed))
    if seats is not None:
        if len(seats) != players:
            from ofrenda_rules.errors import ConfigError

            raise ConfigError(f"{len(seats)} names for {players} seats")
        lines.append(_tag("Seats", list(seats)))
    if seat is not None:
        lines.append(_tag("Seat", seat + 1))
    if date is not None:
        lines.append(_tag("Date", date))
    if replay.result is not None:
        lines.append(_tag("Result", to_json_value(replay.result, game.outcome_type)))
    lines.append("")
    moves = notation(game)
    state = game.new_game(replay.config, replay.seed)
    for number, step in enumerate(_standing(replay.steps), start=1):
        player = game.current_player(state)
        text = moves.write(game, step.action)
        if seat is not None and player != seat:
            text = _hidden(game, state, step.action, seat, text) or text
        lines.append(f"{number}. {actor_token(player)} {text}")
        state = game.apply(state, step.action)
    return "\n".join(lines) + "\n"


def _standing(steps: Sequence[Step[object]]) -> list[Step[object]]:
    """The steps that stand: an undo step and the step it takes back are both left out (a record is the game played)."""
    standing: list[Step[object]] = []
    for step in steps:
        if step.undo:
            if standing:
                standing.pop()
        else:
            standing.append(step)
    return standing
