"""The blocks beside a Portents board: each seat's hand and fortunes, the kitty and the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ofrenda_rules.portents.altar import fortune_counts
from ofrenda_rules.portents.components import LANE_NAMES, Sign, Trait
from ofrenda_rules.portents.kitty import CIRCUIT
from ofrenda_rules.portents.picks import hand_id
from ofrenda_rules.portents.picture.layout import (
    _ACTIVE,
    _CHIP_H,
    _CHIP_W,
    _CHIPS_PER_ROW,
    _HAND_TILE,
    _MUTED,
    _SMALL_TILE,
    _possessive,
    _seat_name,
    _Table,
    _title_name,
)
from ofrenda_rules.portents.picture.tiles import _chip, _tile
from ofrenda_rules.portents.state import ORACLE_OMENS, SOLO_TARGETS, Config, Difficulty, Phase
from ofrenda_rules.svg import Picture

_Block = tuple[float, Callable[[Picture, float, float], None]]
"""A panel block: its height and how to draw it at ``(x, y)``."""


def _tile_row_height(count: int, size: float, width: float) -> float:
    per_row = max(1, int((width + 6) // (size + 6)))
    rows = max(1, -(-count // per_row))
    return rows * (size + 6)


def _draw_tile_row(
    p: Picture,
    x: float,
    y: float,
    tiles: Sequence[Sign],
    size: float,
    width: float,
    label: str,
    element: Callable[[Sign], str] | None = None,
) -> None:
    per_row = max(1, int((width + 6) // (size + 6)))
    for i, tile in enumerate(tiles):
        tx, ty = x + (i % per_row) * (size + 6), y + (i // per_row) * (size + 6)
        _tile(p, tx, ty, size, tile, label=label, element=element and element(tile), kind="hand")


def _chips_height(count: int) -> float:
    rows = max(1, -(-count // _CHIPS_PER_ROW))
    return rows * (_CHIP_H + 5)


def _draw_chips(p: Picture, x: float, y: float, omens: Sequence[Sign], label: str) -> None:
    if not omens:
        p.text(x, y + 16, "none yet", size=11, fill=_MUTED, italic=True)
    for i, omen in enumerate(omens):
        _chip(p, x + (i % _CHIPS_PER_ROW) * (_CHIP_W + 5), y + (i // _CHIPS_PER_ROW) * (_CHIP_H + 5), omen, label=label)


def _count(n: int, noun: str) -> str:
    """``"1 omen"``, ``"3 omens"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _fortunes_text(omens: Sequence[Sign], least: int) -> str:
    counts = fortune_counts(omens)
    parts = [f"{trait.value} {count}" for trait, count in zip(Trait, counts, strict=True) if count >= least]
    return ", ".join(parts) if parts else "none"


def _seat_block(table: _Table, seat: int, width: float) -> _Block:
    hand = table.view.hands[seat] if seat < len(table.view.hands) else ()
    omens = table.view.collected[seat] if seat < len(table.view.collected) else ()
    hand_h = _tile_row_height(len(hand), _HAND_TILE, width - 20) if hand else 20
    height = 30 + 18 + hand_h + 18 + _chips_height(len(omens)) + 24

    def draw(p: Picture, x: float, y: float) -> None:
        name = _title_name(table, seat)
        whose = _possessive(table, seat)
        moving = table.view.current_player == seat and table.view.phase is not Phase.OVER
        won = seat in table.view.winners
        heading = name + (" -- to move" if moving else "") + (" -- WINNER" if won else "")
        with p.group(label=f"{name}: hand of {len(hand)} tiles, {len(omens)} omens collected"):
            stroke = _ACTIVE if moving or won else _MUTED
            p.rect(x, y, width, height - 6, fill="#FFFFFF", stroke=stroke, stroke_width=3 if moving or won else 1, rx=8)
            if moving:
                p.polygon([(x + 10, y + 10), (x + 10, y + 24), (x + 21, y + 17)], fill=_ACTIVE)
            p.text(x + (26 if moving else 10), y + 22, heading, size=15, weight="bold")
            p.text(x + width - 10, y + 22, _count(len(omens), "omen"), size=14, anchor="end", weight="bold")
            yy = y + 30
            p.text(x + 10, yy + 12, f"Hand ({len(hand)} tiles, face up)", size=11, fill=_MUTED)
            yy += 18
            with p.group(label=f"{whose} hand: " + (", ".join(str(t) for t in hand) or "empty")):
                if hand:
                    in_hand = partial(hand_id, seat)
                    _draw_tile_row(p, x + 10, yy, hand, _HAND_TILE, width - 20, f"{whose} hand: ", in_hand)
                else:
                    p.text(x + 10, yy + 14, "empty", size=11, fill=_MUTED, italic=True)
            yy += hand_h
            p.text(x + 10, yy + 12, "Omens collected", size=11, fill=_MUTED)
            yy += 16
            with p.group(label=f"{whose} omens: " + (", ".join(str(o) for o in omens) or "none")):
                _draw_chips(p, x + 10, yy, omens, f"{whose} omen")
            yy += _chips_height(len(omens))
            p.text(x + 10, yy + 13, f"Fortunes (3 or more): {_fortunes_text(omens, 3)}", size=11)

    return height, draw


def _kitty_block(table: _Table, width: float) -> _Block:
    omens = table.view.kitty_omens
    bag_h = _tile_row_height(len(table.bag), 48, width - 20) if table.bag else 0
    height = 30 + 20 + 18 + _chips_height(len(omens)) + 22 + 20 + bag_h + 12

    def draw(p: Picture, x: float, y: float) -> None:
        name = table.edition.slot_names[table.view.kitty_slot]
        moving = table.view.phase is Phase.KITTY
        won = table.view.phase is Phase.OVER and not table.view.winners
        heading = "The Kitty" + (" -- its turn" if moving else "") + (" -- WINNER" if won else "")
        with p.group(label=f"The Kitty: at {name}, {table.view.kitty_steps} steps, {len(omens)} omens"):
            stroke = _ACTIVE if moving or won else _MUTED
            p.rect(x, y, width, height - 6, fill="#F3EEF6", stroke=stroke, stroke_width=3 if moving or won else 1, rx=8)
            p.text(x + 10, y + 22, heading, size=15, weight="bold")
            p.text(x + width - 10, y + 22, _count(len(omens), "omen"), size=14, anchor="end", weight="bold")
            hat = "hat on" if table.view.kitty_hat else "hatless"
            token = "-" if table.view.token is None else str(table.view.token)
            p.text(
                x + 10,
                y + 44,
                f"At {name}; {table.view.kitty_steps} of {2 * CIRCUIT} steps ({hat}); token: {token}",
                size=11,
            )
            yy = y + 50
            p.text(x + 10, yy + 12, "Omens collected or stolen", size=11, fill=_MUTED)
            yy += 18
            with p.group(label="The Kitty's omens: " + (", ".join(str(o) for o in omens) or "none")):
                _draw_chips(p, x + 10, yy, omens, "The Kitty's omen")
            yy += _chips_height(len(omens))
            p.text(x + 10, yy + 14, f"Fortunes (2 or more): {_fortunes_text(omens, 2)}", size=11)
            yy += 22
            if table.bag is None:
                with p.group(label=f"The bag: {table.view.bag_size} tiles, face down"):
                    p.text(
                        x + 10,
                        yy + 13,
                        f"Bag: {_count(table.view.bag_size, 'tile')} (drawn at random, unseen)",
                        size=11,
                    )
            else:
                with p.group(label="The bag: " + (", ".join(str(t) for t in table.bag) or "empty")):
                    p.text(
                        x + 10, yy + 13, f"Bag ({_count(table.view.bag_size, 'tile')}, shown face up here):", size=11
                    )
                    if table.bag:
                        _draw_tile_row(p, x + 10, yy + 20, table.bag, 48, width - 20, "In the bag: ")

    return height, draw


def _level(config: Config) -> str:
    """The difficulty level's name, e.g. "Standard Seer"."""
    return config.difficulty.value.replace("-", " ").title()


def _target_text(config: Config) -> str:
    level = _level(config)
    if config.difficulty is Difficulty.OMNISCIENT_ORACLE:
        need = f"{ORACLE_OMENS} or more omens"
    else:
        fours, threes = SOLO_TARGETS[config.difficulty]
        need = f"{fours} fortune{'s' if fours > 1 else ''} of 4 and {threes} of 3"
    return f"Target ({level}): {need}"


def _info_block(table: _Table, width: float) -> _Block:
    lines: list[str] = []
    if table.view.players == 1 and table.config is not None:
        lines.append(_target_text(table.config))
        if table.config.challenges:
            lines.append("Challenges: " + ", ".join(c.replace("_", " ") for c in table.config.challenges))
    elif table.view.players == 2:
        lines.append("To win: a fortune of 4, two fortunes of 3, or 4 Burnt Offerings")
    lit = sum(1 for space in range(9) if table.view.lit[space] and table.view.altar[space] is not None)
    lines.append(f"Burnt Offerings on the altar: {lit} of 4")
    if table.portent_lanes:
        lines.append(
            "New Portents to light: "
            + ", ".join(f"{LANE_NAMES[lane]} ({trait.value})" for lane, trait in table.portent_lanes)
        )
    rows: list[tuple[str, tuple[Sign, ...]]] = []
    if table.view.pushed:
        rows.append(
            (f"Pushed off this turn, to be palmed by {_seat_name(table, table.view.active)}", table.view.pushed)
        )
    if table.view.taken:
        rows.append(("Taken up from the altar for the reshuffle", table.view.taken))
    if table.view.players == 2 and table.view.token is not None:
        rows.append(("On the Kitty token (unused; a reminder)", (table.view.token,)))
    rows_h = sum(18 + _tile_row_height(len(tiles), _SMALL_TILE, width) for _, tiles in rows)
    height = len(lines) * 17 + rows_h + 10

    def draw(p: Picture, x: float, y: float) -> None:
        yy = y
        with p.group(label="The game: " + "; ".join(lines)):
            for line in lines:
                p.text(x, yy + 13, line, size=12)
                yy += 17
        for caption, tiles in rows:
            with p.group(label=f"{caption}: " + ", ".join(str(t) for t in tiles)):
                p.text(x, yy + 13, caption, size=11, fill=_MUTED)
                _draw_tile_row(p, x, yy + 18, tiles, _SMALL_TILE, width, f"{caption}: ")
            yy += 18 + _tile_row_height(len(tiles), _SMALL_TILE, width)

    return height, draw


# --- text ----------------------------------------------------------------------------------------------------------
