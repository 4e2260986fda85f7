"""Ofrendados in words, for people at a terminal: the table as text, actions and results in English.

:func:`render_text` draws the table of a state (everything) or of a view
(what its seat sees, which in Ofrendados is the whole table but the
generator): the market with each Calaverita's name, price and effect, the
dice with what each face gives, the Path with its flower types, bonuses and
tokens, and each player's offering sheet as the stepped altar it is.
:func:`describe_action` says what a choice does and costs,
:func:`describe_outcome` reads the final result.

>>> from ofrenda_rules.ofrendados import Config, new_game
>>> board = render_text(new_game(Config(players=2), seed=5))
>>> board.splitlines()[0]
'Ofrendados -- round 1 of 5, the draft: Seat 1 to take a die (Seat 1 started the round)'
>>> max(len(line) for line in board.splitlines()) <= 100
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, assert_never

from ofrenda_rules.chance import CHANCE, TERMINAL
from ofrenda_rules.game import SPECTATOR
from ofrenda_rules.ofrendados import actions as act
from ofrenda_rules.ofrendados.cards import CardSpec
from ofrenda_rules.ofrendados.components import Colour, ObjectKind
from ofrenda_rules.ofrendados.edition import Edition
from ofrenda_rules.ofrendados.moves import draft_seat, exchange_rate, roll_colour
from ofrenda_rules.ofrendados.position import _OBJECT_LETTER
from ofrenda_rules.ofrendados.rules import current_player
from ofrenda_rules.ofrendados.scoring import Outcome, board_score_sheets
from ofrenda_rules.ofrendados.state import ROUNDS, Board, Die, Pending, PendingKind, Phase, State
from ofrenda_rules.ofrendados.view import View

__all__ = ["describe_action", "describe_card", "describe_outcome", "render", "render_text"]

WIDTH: Final = 100
"""Most characters on a line of :func:`render_text`."""

_PHASES: Final = {
    Phase.OPEN: "opening the market",
    Phase.ROLL: "rolling the dice",
    Phase.DRAFT: "the draft",
    Phase.CREATE: "creating",
    Phase.BUY: "the market",
    Phase.OVER: "the game is over",
}

_SHORT: Final = {
    ObjectKind.CANDLE: "candle",
    ObjectKind.PAPEL_PICADO: "papel p.",
    ObjectKind.PAN_DE_MUERTO: "pan m.",
    ObjectKind.FRUIT: "fruit",
    ObjectKind.TAMAL: "tamal",
    ObjectKind.MOLE: "mole",
    ObjectKind.PORTRAIT: "portrait",
    ObjectKind.CALAVERITA: "calavera",
}
"""Object names that fit a sheet cell (8 characters)."""

_BONUS: Final = {
    ObjectKind.CANDLE: "+c",
    ObjectKind.PAPEL_PICADO: "+p",
    ObjectKind.PAN_DE_MUERTO: "+d",
    ObjectKind.FRUIT: "+f",
    ObjectKind.TAMAL: "+t",
    ObjectKind.MOLE: "+m",
    ObjectKind.PORTRAIT: "+r",
    ObjectKind.CALAVERITA: "+s",
}
"""A Path space's object bonus in two characters (the letters of the position notation)."""

_PATH_CHUNK: Final = 12
"""Path spaces per line of the text board."""


def _name(kind: ObjectKind) -> str:
    return kind.value.replace("_", " ")


def _pesos(amount: int) -> str:
    return f"{amount} peso{'' if amount == 1 else 's'}"


def describe_card(card: CardSpec) -> str:
    """A Calaverita by its face: number, name, colour, price and effect.

    >>> from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION
    >>> describe_card(DEFAULT_EDITION.card(8))
    'Calaverita 8 El Cempasúchil B (orange, 2 pesos): place a flower B on the Path'
    """
    return f"Calaverita {card.id} {card.name} ({card.colour.value}, {_pesos(card.cost)}): {card.effect.describe()}"


def _die(edition: Edition, die: Die) -> str:
    return f"{die.colour.value} {die.pips} ({edition.face(die.colour, die.pips)})"


def _dice(edition: Edition, dice: Sequence[Die]) -> str:
    return ", ".join(_die(edition, die) for die in dice) if dice else "none"


def _pending(edition: Edition, item: Pending) -> str:
    if item.kind is PendingKind.DRAW:
        return f"draw a {_name(item.object)}"
    return f"turn an object into a {_name(item.object)} (card {item.card} {edition.card(item.card).name})"


def _wrapped(text: str, indent: str = "  ", more: str = "    ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False)


def _heading(table: State | View, edition: Edition) -> str:
    player = current_player(table) if isinstance(table, State) else table.current_player
    phase = table.phase
    if phase is Phase.OVER:
        return f"Ofrendados -- after {ROUNDS} rounds, the game is over"
    if player == CHANCE:
        if table.rerolling is not None:
            who = f"the {table.rerolling.colour.value} die is being rerolled (chance)"
        elif phase is Phase.ROLL:
            who = "the next die to roll (chance)"
        else:
            who = "a Calaverita to reveal (chance)"
    elif player == TERMINAL:
        who = "nobody to act"
    elif phase is Phase.DRAFT:
        who = f"Seat {player + 1} to take a die"
    elif phase is Phase.BUY:
        who = f"Seat {player + 1} to buy or pass"
    else:
        who = f"Seat {player + 1} to use their dice"
    return (
        f"Ofrendados -- round {table.round + 1} of {ROUNDS}, {_PHASES[phase]}: {who}"
        f" (Seat {table.first_player + 1} started the round)"
    )


def _market(table: State | View, edition: Edition) -> list[str]:
    lines = ["Market (Calaveritas to buy):"]
    if not table.market:
        lines.append("  empty")
    for card_id in table.market:
        lines.extend(_wrapped(describe_card(edition.card(card_id))))
    discard = ", ".join(str(c) for c in table.discard) or "none"
    lines.append(f"  {len(table.deck)} Calaveritas still face down; discarded: {discard}")
    return lines


def _dice_lines(table: State | View, edition: Edition, acting: int | None) -> list[str]:
    lines: list[str] = []
    who = "The acting player" if acting is None else f"Seat {acting + 1}"
    if table.rolled:
        lines.extend(_wrapped("Dice rolled: " + _dice(edition, table.rolled), ""))
    if table.phase is Phase.DRAFT or table.pool:
        lines.extend(_wrapped("Left to draft: " + _dice(edition, table.pool), ""))
    if any(table.drafted):
        for seat, dice in enumerate(table.drafted):
            lines.extend(_wrapped(f"Seat {seat + 1} drafted: " + _dice(edition, dice), ""))
    if table.phase is Phase.CREATE:
        lines.extend(_wrapped(f"{who}'s unused dice (purple dice shared): " + _dice(edition, table.dice_left), ""))
    if table.rerolling is not None:
        lines.append(f"Being rerolled: the {table.rerolling.colour.value} die (it showed {table.rerolling.pips})")
    if table.powers_used:
        lines.append("Die-power cards used this round: " + ", ".join(str(c) for c in table.powers_used))
    if table.pending:
        owed = "; ".join(_pending(edition, item) for item in table.pending)
        lines.extend(_wrapped(f"{who} owes: {owed}", ""))
    return lines


def _path(edition: Edition, boards: Sequence[Board]) -> list[str]:
    path = edition.path
    kinds = sorted({space.object for space in path.spaces if space.object is not None}, key=list(ObjectKind).index)
    legend = ", ".join(f"{_BONUS[kind]} a {_name(kind)}" for kind in kinds)
    lines = [
        f"The Path, from Mictlán (space 0) to space {path.length}: spaces after {path.head} (marked *) are the land",
        f"  of the living -- only a player with a flower there scores; reaching space {path.length} gives"
        f" {path.end_bonus} points.",
        *_wrapped(f"Bonus on stepping on a space: $n pesos{', ' if legend else ''}{legend} to draw."),
    ]
    tokens: dict[int, list[str]] = {}
    for seat, board in enumerate(boards):
        for space in board.flowers:
            tokens.setdefault(space, []).append(str(seat))
    for start in range(1, path.length + 1, _PATH_CHUNK):
        spaces = range(start, min(start + _PATH_CHUNK, path.length + 1))
        number = "".join(f"{str(s) + ('*' if path.in_land_of_the_living(s) else ''):>6}" for s in spaces)
        flower = "".join(f"{path.space(s).flower.value:>6}" for s in spaces)
        bonus = ""
        for s in spaces:
            spec = path.space(s)
            parts = (f"${spec.pesos}" if spec.pesos else "") + (_BONUS[spec.object] if spec.object else "")
            bonus += f"{parts or '-':>6}"
        players = "".join(f"{''.join(tokens.get(s, [])) or '.':>6}" for s in spaces)
        lines.extend([f"  space  {number}", f"  flower {flower}", f"  bonus  {bonus}", f"  tokens {players}"])
    lines.append("  (tokens: the seats of the players whose flowers lie on the space)")
    return lines


_LETTERS: Final = _OBJECT_LETTER
"""One letter per object (as in the position notation), for sheets too wide for names."""


def _sheet(edition: Edition, sheet: Sequence[ObjectKind | None]) -> list[str]:
    """The sheet as the stepped altar, top row first: ``[ candle ]`` cells, or one letter each when too wide."""
    spec = edition.sheet
    columns = max(first + width for first, width in zip(spec.first, spec.widths, strict=True))
    wide = 10 * columns + 24 <= WIDTH
    lines = []
    for row in range(len(spec.widths), 0, -1):
        cells = [" " * (10 if wide else 2)] * columns
        for cell in spec.rows[row - 1]:
            column = spec.cells[cell][1]
            content = sheet[cell]
            if wide:
                cells[column] = f"[{_SHORT[content] if content is not None else cell + 1:^8}]"
            else:
                cells[column] = f"{_LETTERS[content] if content is not None else '.'} "
        lines.append(f"    row {row:>2} {''.join(cells)}  full: {spec.row_points[row - 1]}".rstrip())
    return lines


def _sheet_note(edition: Edition) -> list[str]:
    spec = edition.sheet
    columns = max(first + width for first, width in zip(spec.first, spec.widths, strict=True))
    cells = (
        "an empty cell shows its number"
        if 10 * columns + 24 <= WIDTH
        else "cells from the left: . empty, c candle, p papel picado, d pan de muerto, f fruit, t tamal,"
        " m mole, r portrait, s calaverita"
    )
    return _wrapped(
        f"Sheets: {cells}; an object rests on the bottom row or on another object; portraits from row"
        f" {spec.portrait_row} up; full: the points of a full row.",
        "",
        "  ",
    )


def _boards(table: State | View, edition: Edition) -> list[str]:
    sheets = board_score_sheets(table.config, table.boards)
    lines = []
    for seat, board in enumerate(table.boards):
        count = sheets[seat]
        living = "in the land of the living" if count.qualified else "not yet in the land of the living"
        head = (
            f"Seat {seat + 1}: {_pesos(board.pesos)}; {len(board.flowers)} of {edition.flowers_per_player} flowers"
            f" placed, furthest on space {board.position} ({living}); score now {count.total}"
        )
        lines.extend(_wrapped(head, ""))
        cards = "; ".join(f"{c} {edition.card(c).name} ({edition.card(c).effect.describe()})" for c in board.cards)
        lines.extend(_wrapped(f"Calaveritas: {cards or 'none'}"))
        lines.extend(_sheet(edition, board.sheet))
    return [*lines, *_sheet_note(edition)]


def render_text(table: State | View) -> str:
    """A text board of a state (everything) or of a view (what its seat or a spectator sees), 100 columns at most.

    >>> from ofrenda_rules.ofrendados import Config, new_game, observe
    >>> text = render_text(observe(new_game(Config(players=2), seed=5), 1))
    >>> "Market (Calaveritas to buy):" in text and "seen by Seat 2" in text
    True
    """
    edition = table.config.edition
    acting: int | None
    if isinstance(table, State):
        acting = draft_seat(table) if table.phase is Phase.DRAFT else table.acting
    else:
        acting = table.current_player if table.current_player >= 0 else None
    lines = [_heading(table, edition)]
    if isinstance(table, View) and table.player == SPECTATOR:
        lines.append("(the table as a spectator sees it: public information only)")
    elif isinstance(table, View):
        lines.append(f"(the table as seen by Seat {table.player + 1})")
    elif table.rng is not None:
        lines.append("(a seeded game: the library's generator reveals the cards and rolls the dice)")
    else:
        lines.append("(chance outcomes are fed by the caller: reveals and rolls)")
    lines.append("")
    lines.extend(_market(table, edition))
    dice = _dice_lines(table, edition, acting)
    if dice:
        lines.append("")
        lines.extend(dice)
    lines.append("")
    lines.extend(_path(edition, table.boards))
    lines.append("")
    lines.extend(_boards(table, edition))
    return "\n".join(lines)


def render(table: State | View) -> str:
    """The table alone as text, the same as :func:`render_text` (an Ofrendados text board lists no events).

    A state shows everything, a view what its seat or a spectator sees. Every
    game has a ``render`` (see :attr:`ofrenda_rules.game.GameDefinition.render`).
    """
    return render_text(table)


def _flower_target(state: State, seat: int, colour: Colour, pips: int) -> str:
    edition = state.config.edition
    face = edition.face(colour, pips)
    assert face.flower is not None
    board = state.boards[seat]
    if len(board.flowers) >= edition.flowers_per_player:
        return f"a flower {face.flower.value} (no token left)"
    space = edition.path.next_space(board.position, face.flower)
    if not space:
        return f"a flower {face.flower.value} (none lies ahead)"
    spec = edition.path.space(space)
    gains = [_pesos(spec.pesos)] if spec.pesos else []
    if spec.object is not None:
        gains.append(f"a {_name(spec.object)} to draw")
    bonus = f", gaining {' and '.join(gains)}" if gains else ""
    living = " (the land of the living)" if edition.path.in_land_of_the_living(space) else ""
    return f"a flower {face.flower.value} on space {space}{living}{bonus}"


def _use(state: State, seat: int, action: act.UseDie) -> str:
    edition = state.config.edition
    die = f"the {action.colour.value} {action.pips}"
    if action.as_money:
        rate = exchange_rate(state, seat)
        return f"Seat {seat + 1} exchanges {die} for {_pesos(rate)} (then has {state.boards[seat].pesos + rate})"
    face = edition.face(action.colour, action.pips)
    if face.object is not None:
        return f"Seat {seat + 1} uses {die} to draw a {_name(face.object)}"
    if face.flower is not None:
        return f"Seat {seat + 1} uses {die} to place {_flower_target(state, seat, action.colour, action.pips)}"
    return f"Seat {seat + 1} uses {die} for {_pesos(face.pesos)} (then has {state.boards[seat].pesos + face.pesos})"


def _power(state: State, card: int) -> str:
    edition = state.config.edition
    if not edition.has_card(card):
        return f"card {card} (not in this edition)"
    spec = edition.card(card)
    return f"{spec.name} (card {card}, {spec.effect.describe()})"


def describe_action(state: State, action: act.Action) -> str:
    """What ``action`` does in ``state``, readable without the rulebook: cards by face, what a choice gives or costs.

    >>> from ofrenda_rules.ofrendados import Config, RevealCard, new_game
    >>> describe_action(new_game(Config(players=2)), RevealCard(19))
    'reveal Calaverita 19 El Dedal (purple, 1 peso): die power: adjacent face'
    """
    edition = state.config.edition
    seat = draft_seat(state) if state.phase is Phase.DRAFT else state.acting
    if isinstance(action, act.RevealCard):
        if not edition.has_card(action.card):
            return f"reveal card {action.card} (not in this edition)"
        return f"reveal {describe_card(edition.card(action.card))}"
    if isinstance(action, act.RollDie):
        colour = state.rerolling.colour if state.rerolling is not None else roll_colour(state)
        if not 1 <= action.pips <= 6:
            return f"{colour.value} die rolls {action.pips} (not a face)"
        return f"{colour.value} die rolls {action.pips} ({edition.face(colour, action.pips)})"
    if isinstance(action, act.TakeDie):
        return f"Seat {seat + 1} takes the {_die(edition, Die(action.colour, action.pips))}"
    if isinstance(action, act.UseDie):
        return _use(state, seat, action)
    if isinstance(action, act.TurnDie):
        old = _die(edition, Die(action.colour, action.pips))
        new = _die(edition, Die(action.colour, action.to))
        return f"Seat {seat + 1} turns the {old} to {new} with {_power(state, action.card)}"
    if isinstance(action, act.RerollDie):
        old = _die(edition, Die(action.colour, action.pips))
        return f"Seat {seat + 1} rerolls the {old} with {_power(state, action.card)}"
    if isinstance(action, act.DrawObject | act.RewriteObject):
        what = _name(state.pending[0].object) if state.pending else "?"
        sheet = state.boards[seat].sheet
        if not 0 <= action.cell < len(sheet):
            where = f"cell {action.cell + 1} (not on the sheet)"
        else:
            where = edition.sheet.describe(action.cell)
        if isinstance(action, act.DrawObject):
            return f"Seat {seat + 1} draws a {what} in {where}"
        held = sheet[action.cell] if 0 <= action.cell < len(sheet) else None
        old = _name(held) if held is not None else "nothing"
        return f"Seat {seat + 1} turns the {old} in {where} into a {what}"
    if isinstance(action, act.BuyCard):
        if not edition.has_card(action.card):
            return f"Seat {seat + 1} buys card {action.card} (not in this edition)"
        card = edition.card(action.card)
        pesos = state.boards[seat].pesos
        return (
            f"Seat {seat + 1} buys {describe_card(card)} -- pays {_pesos(card.cost)} of {pesos},"
            f" keeps {_pesos(pesos - card.cost)}"
        )
    if isinstance(action, act.Pass):
        return f"Seat {seat + 1} buys nothing (more) this round and keeps {_pesos(state.boards[seat].pesos)}"
    assert_never(action)


def _seats(seats: Sequence[int]) -> str:
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return "Seats " + ", ".join(names[:-1]) + " and " + names[-1]


def describe_outcome(outcome: Outcome) -> str:
    """The final result: the winner(s), then the ranking of the players who scored; nobody wins if nobody qualified.

    Only a player with a flower in the land of the living scores and takes a
    place; the others are listed apart, without a place. A tie on points goes
    to fewer empty spaces in the offering; players tied on both share the place.
    """
    sheets = outcome.sheets
    qualified = [seat for seat, sheet in enumerate(sheets) if sheet.qualified]
    out = [seat for seat, sheet in enumerate(sheets) if not sheet.qualified]
    if not qualified:
        return (
            f"Nobody wins: no player laid a flower in the land of the living, so nobody scores.\n"
            f"Not qualified: {_seats(out)}."
        )
    winners = outcome.winners
    best = outcome.scores[winners[0]]
    if len(winners) == 1:
        lines = [f"Seat {winners[0] + 1} wins with {best} points."]
    else:
        lines = [
            f"{_seats(winners)} share the win with {best} points"
            f" and {outcome.empty_spaces[winners[0]]} empty spaces each."
        ]
    for seat in sorted(qualified, key=lambda s: (outcome.ranks[s], s)):
        sheet = sheets[seat]
        tied = sum(1 for other in qualified if outcome.ranks[other] == outcome.ranks[seat]) > 1
        parts = (
            f"path {sheet.flower_points + sheet.flower_majorities + sheet.end_bonus}, offering {sheet.offering}"
            f" + Calaverita majority {sheet.calaverita_majority}, Eternal {sheet.eternal}, money {sheet.money}"
        )
        place = f"{outcome.ranks[seat] + 1}{' (tied)' if tied else ''}"
        lines.append(f"  {place}. Seat {seat + 1}: {sheet.total} points, {sheet.empty_spaces} empty spaces ({parts})")
    if out:
        lines.append(f"  Not qualified (no flower in the land of the living, no score, no place): {_seats(out)}.")
    return "\n".join(lines)
