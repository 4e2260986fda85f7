"""A text picture of an Ofrenda table, for the terminal: the Family board, every Ofrenda, the hands.

:func:`render_text` draws a :class:`~ofrenda_rules.ofrenda.state.State`
(everything face up) or a :class:`~ofrenda_rules.ofrenda.view.View` (only what
its seat sees: other hands as counts; a spectator's view, every hand as a count). Each Ofrenda is drawn as the docs'
board picture, a portrait as ``[07Pfr*]`` (number, branch letter, offering,
``*`` when lit) and a candle/marigold slot as ``c1`` (empty), ``C1`` (a
candle, ``C1*`` lit) or ``M2`` (a marigold); the lines under it name every
portrait and candle by face. No line is longer than 100 characters.

>>> from ofrenda_rules.ofrenda.rules import new_game
>>> from ofrenda_rules.ofrenda.view import observe
>>> text = render_text(observe(new_game(seed=1), 1))
>>> print(text.splitlines()[0])
Ofrenda, 2 players -- Seat 1 to take 1 portrait from the Family board (you are Seat 2)
"""

from __future__ import annotations

import textwrap
from typing import Final

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrenda.components import Feature
from ofrenda_rules.ofrenda.describe import (
    PHASE_WORDS,
    candle_words,
    goal_words,
    offering_slot_name,
    portrait_words,
)
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION, TURNS, Edition
from ofrenda_rules.ofrenda.rules import current_player
from ofrenda_rules.ofrenda.scoring import board_score
from ofrenda_rules.ofrenda.state import PlayerBoard, State
from ofrenda_rules.ofrenda.view import View

__all__ = ["LEGEND", "WIDTH", "portrait_label", "render", "render_ofrenda", "render_text"]

WIDTH: Final = 100
"""The longest line :func:`render_text` writes."""
_CELL: Final = 6
"""Characters per half card in the Ofrenda picture."""
LEGEND: Final = (
    "Key: [07Pfr*] portrait 7, branch Blue Green Orange Pink Yellow, offering wa fr sa pp ca, * lit;\n"
    "     empty card slot: G golden (score doubled), F flower (+1 marigold), X crossed out (-1 marigold);\n"
    "     c1 / m2 empty candle / marigold slot, C1 a candle (C1* lit), M2 a marigold."
)
"""The key to the Ofrenda pictures, printed once under the Family board."""
_SHORT: Final = {
    Feature.BLUE: "B",
    Feature.GREEN: "G",
    Feature.ORANGE: "O",
    Feature.PINK: "P",
    Feature.YELLOW: "Y",
    Feature.WATER: "wa",
    Feature.FRUIT: "fr",
    Feature.SALT: "sa",
    Feature.PAPEL_PICADO: "pp",
    Feature.CALAVERA: "ca",
}


def portrait_label(edition: Edition, card: int, lit: bool) -> str:
    """A portrait in a cell of the picture: ``07Pfr*`` (number, branch letter, offering, ``*`` when lit)."""
    if not 0 <= card < len(edition.portraits):
        return f"{card:02d}" + ("*" if lit else "")
    portrait = edition.portraits[card]
    return f"{card:02d}{_SHORT[portrait.branch]}{_SHORT[portrait.offering]}" + ("*" if lit else "")


def _slot_mark(edition: Edition, slot: int) -> str:
    mark = "G" if edition.golden[slot] else ""
    effect = edition.slot_effect[slot]
    return mark + ("F" if effect > 0 else "X" if effect < 0 else "")


def _offering_label(edition: Edition, board: PlayerBoard, k: int) -> str:
    if board.marigold_slots[k]:
        return f"M{k}"
    if board.candle_slots[k] is not None:
        return f"C{k}" + ("*" if board.candle_lit[k] else "")
    return offering_slot_name(edition, k)


def _put(line: list[str], column: int, text: str) -> None:
    while len(line) < column + len(text):
        line.append(" ")
    line[column : column + len(text)] = list(text)


def render_ofrenda(edition: Edition, board: PlayerBoard, indent: int = 2) -> list[str]:
    """The picture of one Ofrenda, top row first, then a line per portrait and candle/marigold on it."""
    coords = edition.coordinates
    rows = max(r for r, _ in coords) + 1
    grid: dict[int, list[str]] = {}
    for slot, (row, x) in enumerate(coords):
        card = board.portraits[slot]
        if card is None:
            inner = f"{slot:>2} {_slot_mark(edition, slot)}"
        else:
            inner = portrait_label(edition, card, board.lit[slot])
        _put(grid.setdefault(2 * row, []), indent + x * _CELL, f"[{inner:<7}]")
    for k, offering in enumerate(edition.board.offering_slots):
        cells = [coords[c] for c in offering.cards]
        line = sum(2 * r for r, _ in cells) // len(cells) if cells else 0
        middle = sum(column for _, column in cells) / len(cells) if cells else 0.0
        label = _offering_label(edition, board, k)
        _put(grid.setdefault(max(1, min(2 * rows - 3, line | 1)), []), indent + round(middle * _CELL) + 3, label)
    lines = ["".join(grid.get(n, [])).rstrip() for n in range(2 * rows - 2, -1, -1)]
    pad = " " * (indent + 2)
    for slot, card in enumerate(board.portraits):
        if card is not None:
            golden = " golden" if edition.golden[slot] else ""
            state = "lit" if board.lit[slot] else "unlit"
            lines.append(f"{pad}slot {slot + 1:>2}{golden}, {state}: {portrait_words(edition, card)}")
    for k, candle in enumerate(board.candle_slots):
        if candle is not None:
            state = "lit" if board.candle_lit[k] else "unlit"
            lines.append(f"{pad}slot {offering_slot_name(edition, k)}, {state}: {candle_words(edition, candle)}")
    for candle in board.candles:
        lines.append(f"{pad}in storage: {candle_words(edition, candle)}")
    return lines


def _market(edition: Edition, table: State | View) -> list[str]:
    lines = []
    for space, card in enumerate(table.market):
        cost = "free" if space == 0 else f"costs {space}"
        lying = table.market_marigolds[space]
        on = f", +{lying} on it" if lying else ""
        words = "(empty)" if card is None else portrait_words(edition, card)
        lines.append(f"  space {space + 1} ({cost}{on}): {words}")
        candle = table.candle_market[space]
        lines.append(f"           candle: {'(empty)' if candle is None else candle_words(edition, candle)}")
    return lines


def _board_header(edition: Edition, table: State | View, seat: int, viewer: int | None) -> str:
    board = table.boards[seat]
    who = f"Seat {seat + 1}" + (" (you)" if seat == viewer else "")
    parts = [
        f"{who}: {board_score(edition, board)} points so far",
        f"{board.turns}/{TURNS} turns played",
        f"storage: {_count(board.marigolds, 'marigold')}, {_count(len(board.candles), 'candle')}",
    ]
    if board.discards:
        parts.append("discarded " + ", ".join(portrait_label(edition, c, False) for c in board.discards))
    if board.tokens:
        parts.append("tokens worth " + "+".join(str(edition.tokens[t].value) for t in board.tokens))
    return "; ".join(parts)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _whose_turn(table: State | View) -> str:
    player = table.current_player if isinstance(table, View) else current_player(table)
    words = PHASE_WORDS[table.phase]
    if player == TERMINAL:
        return "the game is over"
    if player == CHANCE:
        return f"chance: {words}"
    return f"Seat {player + 1} to {words}"


def render_text(table: State | View, edition: Edition | None = None) -> str:
    """A text picture of ``table``: a state shows everything, a view what its seat sees.

    A spectator's view (:func:`~ofrenda_rules.ofrenda.view.observe_public`) is
    headed "(spectator)" and shows every hand as a count.

    ``edition`` names the components of a view (a view does not carry its
    config): the default edition when not given. A state uses its own.
    """
    if isinstance(table, State):
        e = table.config.edition
        players = table.config.players
        viewer: int | None = None
    else:
        e = DEFAULT_EDITION if edition is None else edition
        players = table.players
        viewer = None if table.player == SPECTATOR else table.player
    mode = "solo against the Abuela" if players == 1 else f"{players} players"
    if viewer is not None:
        head = f"Ofrenda, {mode} -- {_whose_turn(table)} (you are Seat {viewer + 1})"
    else:
        head = f"Ofrenda, {mode} -- {_whose_turn(table)}" + (" (spectator)" if isinstance(table, View) else "")
    lines = [head]
    if isinstance(table, State):
        deck, bag = len(table.deck), len(table.bag)
    else:
        deck, bag = table.deck_size, table.bag_size
    lines.append(
        f"Family board: {_count(deck, 'portrait')} in the deck, {_count(bag, 'candle')} in the bag, "
        f"{_count(table.supply, 'marigold')} in the general supply"
    )
    lines.extend(_market(e, table))
    if table.pending:
        names = ", ".join(offering_slot_name(e, k) for k in table.pending)
        lines.append(f"Surrounded this turn, to decide: {names}")
    if players == 1:
        die = "" if table.die is None else f"; her last roll: {table.die}"
        discards = ", ".join(str(c) for c in table.abuela_discards) or "none"
        lines.append(f"The Abuela has discarded portraits: {discards}{die}")
    for index, goal in enumerate(table.goals):
        stack = table.stacks[index]
        top = f"next token {e.tokens[stack[-1]].value} points" if stack else "no token left"
        lines.append(f"Common {goal_words(e, goal)}: {top}")
    lines.extend(LEGEND.splitlines())
    for seat in range(players):
        lines.append("")
        lines.append(_board_header(e, table, seat, viewer))
        lines.extend(render_ofrenda(e, table.boards[seat]))
        lines.extend(_hand(e, table, seat))
    wrapped: list[str] = []
    for line in lines:
        if len(line) <= WIDTH:
            wrapped.append(line)
        else:
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            wrapped.extend(textwrap.wrap(line, WIDTH, subsequent_indent=indent))
    return "\n".join(wrapped)


def render(table: State | View) -> str:
    """The table alone as text, the same as :func:`render_text` (an Ofrenda text board lists no events).

    A state shows everything, a view what its seat sees (its components named
    by the default edition). Every game has a ``render`` (see
    :attr:`ofrenda_rules.game.GameDefinition.render`).
    """
    return render_text(table)


def _hand(edition: Edition, table: State | View, seat: int) -> list[str]:
    if isinstance(table, State):
        cards: tuple[int, ...] | None = table.hands[seat]
    else:
        cards = table.hand if seat == table.player and seat != SPECTATOR else None
    if cards is None:
        assert isinstance(table, View)
        return [f"  hand: {_count(table.hand_sizes[seat], 'portrait')}, unseen"]
    if not cards:
        return ["  hand: empty"]
    return ["  hand:"] + [f"    {portrait_words(edition, card)}" for card in cards]
