"""The family board, the goals, Abuela and each player's ofrenda in an Ofrenda picture."""

from __future__ import annotations

from ofrenda_rules.ofrenda.abuela import SPACE_FOR_FACE
from ofrenda_rules.ofrenda.components import GoalCard, GoalKind, OfferingKind
from ofrenda_rules.ofrenda.describe import offering_slot_name
from ofrenda_rules.ofrenda.picks import candle_market_id, market_id, offering_slot_id, slot_id
from ofrenda_rules.ofrenda.picture.layout import (
    _CARD_H,
    _CARD_W,
    _CURRENT,
    _GOLD,
    _MARIGOLD_R,
    _ROW_GAP,
    _feature,
    _layout,
    _wrap,
)
from ofrenda_rules.ofrenda.picture.pieces import (
    _branch_shape,
    _candle,
    _candle_label,
    _face_down,
    _marigold,
    _portrait,
    _portrait_label,
    _unlit_candle,
    _unlit_portrait,
)
from ofrenda_rules.ofrenda.picture.table import _seat_name, _Table, _tier_range
from ofrenda_rules.ofrenda.scoring import SoloTier, board_score, solo_tier
from ofrenda_rules.ofrenda.state import Phase
from ofrenda_rules.svg import Picture


def _family_board(picture: Picture, table: _Table, x: float, y: float) -> float:
    """The Family board: candles above portraits, marigolds on them, the deck and the bag; returns its width."""
    edition = table.edition
    space_w = _CARD_W + 16
    width = 4 * space_w + _CARD_W + 30
    height = 218
    with picture.group(label="Family board (market)"):
        picture.rect(x, y, width, height, fill="#e8dcc4", stroke="#8a6d3b", rx=8)
        picture.text(x + 10, y + 18, "Family board", size=13, weight="bold")
        picture.text(x + 110, y + 18, "leftmost portrait is free; each skipped one costs 1 marigold", size=9.5)
        for space, (card, candle, marigolds) in enumerate(
            zip(table.view.market, table.view.candle_market, table.view.market_marigolds, strict=True)
        ):
            sx = x + 10 + space * space_w
            with picture.group(label=f"space {space + 1}"):
                picture.text(sx + _CARD_W / 2, y + 36, f"space {space + 1}", size=10, anchor="middle", weight="bold")
                with picture.group(element=candle_market_id(space), kind="candle-market"):
                    if candle is not None:
                        _unlit_candle(
                            picture, edition, candle, f"space {space + 1} candle: ", (sx, y + 42, _CARD_W, 44)
                        )
                    else:
                        picture.rect(sx, y + 42, _CARD_W, 44, stroke="#8a6d3b", dash="4 3", rx=6)
                        picture.text(sx + _CARD_W / 2, y + 68, "no candle", size=9, anchor="middle")
                if card is not None:
                    title, market = f"space {space + 1} ", market_id(space)
                    _unlit_portrait(
                        picture, edition, card, title, sx, y + 94, "unlit side up", element=market, kind="market"
                    )
                else:
                    picture.rect(sx, y + 94, _CARD_W, _CARD_H, stroke="#8a6d3b", dash="4 3", rx=5)
                    if space == table.view.taken_space:
                        taken = "discarded by the Abuela" if table.view.abuela else "taken this turn"
                        with picture.group(label=f"space {space + 1}: portrait {taken}"):
                            words = taken.rsplit(" ", 1) if table.view.abuela else ["taken", "this turn"]
                            for i, word in enumerate(words):
                                picture.text(sx + _CARD_W / 2, y + 124 + i * 13, word, size=10, anchor="middle")
                            if table.view.phase is Phase.TAKE_CANDLE:
                                picture.text(
                                    sx + _CARD_W / 2,
                                    y + 160,
                                    "candle above: free",
                                    size=8.5,
                                    anchor="middle",
                                    weight="bold",
                                )
                    else:
                        picture.text(sx + _CARD_W / 2, y + 138, "empty", size=10, anchor="middle")
                with picture.group(label=f"space {space + 1}: {marigolds} marigold{'s' * (marigolds != 1)} on it"):
                    if marigolds:
                        _marigold(picture, sx + 14, y + 196, 9)
                    picture.text(
                        sx + (28 if marigolds else 4),
                        y + 200,
                        f"x {marigolds} marigold{'s' * (marigolds != 1)}" if marigolds else "no marigolds",
                        size=10,
                        weight="bold" if marigolds else None,
                    )
        dx = x + 10 + 4 * space_w + 4
        deck = "" if table.deck is None else " (" + (" ".join(f"#{c}" for c in table.deck) or "empty") + ")"
        with picture.group(label=f"deck: {table.view.deck_size} portraits face down{deck}"):
            _face_down(picture, dx, y + 94, f"Deck {table.view.deck_size}")
        bag = "" if table.bag is None else " (" + (" ".join(f"C{c}" for c in table.bag) or "empty") + ")"
        with picture.group(label=f"candle bag: {table.view.bag_size} candles{bag}"):
            picture.rect(dx, y + 42, _CARD_W, 44, fill="#7a5c3a", stroke="#3d2e1d", rx=14)
            picture.text(dx + _CARD_W / 2, y + 60, "candle bag", size=10, anchor="middle", fill="#ffffff")
            picture.text(
                dx + _CARD_W / 2, y + 76, f"{table.view.bag_size} candles", size=10, anchor="middle", fill="#fff"
            )
        with picture.group(label=f"general supply: {table.view.supply} marigolds"):
            _marigold(picture, dx + 10, y + 196, 9)
            picture.text(dx + 22, y + 193, "supply", size=9)
            picture.text(dx + 22, y + 205, f"{table.view.supply} marigolds", size=9, weight="bold")
    return width


def _goal_text(goal: GoalCard) -> str:
    if goal.kind is GoalKind.FEATURE_COUNT and goal.feature is not None:
        return f"{goal.count}+ {_feature(goal.feature)} portraits"
    if goal.kind is GoalKind.SURROUNDED_SLOTS:
        return f"{goal.count} candle/marigold slots surrounded"
    return f"{goal.count} portraits in " + ("one of these patterns" if len(goal.patterns) > 1 else "this pattern")


def _goals(picture: Picture, table: _Table, x: float, y: float) -> None:
    edition = table.edition
    goal_w = 176
    for index, (goal_id, stack) in enumerate(zip(table.view.goals, table.view.stacks, strict=True)):
        goal = edition.goal(goal_id)
        gx = x + index * (goal_w + 8)
        met = [s for s, b in enumerate(table.view.boards) if goal_id in b.goals_met]
        values = [edition.tokens[t].value for t in reversed(stack)]
        label = (
            f"goal {goal_id} ({goal.type.value.replace('_', ' ')}): {_goal_text(goal)}; tokens left "
            + (", ".join(str(v) for v in values) if values else "none")
            + "; met by "
            + (", ".join(_seat_name(table, s) for s in met) if met else "nobody")
        )
        with picture.group(label=label):
            picture.rect(gx, y, goal_w, 218, fill="#e3eef7", stroke="#2b5d85", rx=8)
            picture.text(gx + 8, y + 18, f"Goal {goal_id}: {goal.type.value.replace('_', ' ')}", size=11, weight="bold")
            text = _goal_text(goal)
            words = text.split(" ")
            lines = [" ".join(words[:3]), " ".join(words[3:])]
            for i, line in enumerate(lines):
                picture.text(gx + 8, y + 36 + i * 13, line, size=10)
            if goal.patterns:
                _patterns(picture, goal, gx + 8, y + 66, goal_w - 16)
            elif goal.feature is not None:
                if goal.feature.is_branch:
                    _branch_shape(picture, goal.feature, gx + goal_w / 2, y + 100, 16)
                else:
                    picture.text(
                        gx + goal_w / 2, y + 104, _feature(goal.feature), size=16, anchor="middle", italic=True
                    )
            picture.text(gx + 8, y + 160, "tokens (top first):", size=9.5)
            for i, value in enumerate(values):
                cx = gx + 18 + i * 30
                picture.circle(cx, y + 178, 12, fill="#ffffff", stroke="#2b5d85", stroke_width=2)
                picture.text(cx, y + 182, str(value), size=11, anchor="middle", weight="bold")
            if not values:
                picture.text(gx + 8, y + 182, "none left", size=10, italic=True)
            picture.text(
                gx + 8,
                y + 208,
                "met by: " + (", ".join(_seat_name(table, s) for s in met) if met else "nobody yet"),
                size=9.5,
            )


def _patterns(picture: Picture, goal: GoalCard, x: float, y: float, width: float) -> None:
    cell_w, cell_h = 18.0, 13.0
    each = width / len(goal.patterns)
    for p, pattern in enumerate(goal.patterns):
        min_col = min(c for _, c in pattern)
        max_col = max(c for _, c in pattern)
        max_row = max(r for r, _ in pattern)
        span = (max_col - min_col) * cell_w / 2 + cell_w
        ox = x + p * each + (each - span) / 2
        for row, col in pattern:
            px = ox + (col - min_col) * cell_w / 2
            py = y + (max_row - row) * (cell_h + 3)
            picture.rect(px, py, cell_w - 2, cell_h, fill="#8fb3d1", stroke="#2b5d85", rx=2)
        if p:
            picture.text(x + p * each - 2, y + 26, "or", size=9, anchor="middle", italic=True)


def _abuela(picture: Picture, table: _Table, x: float, y: float, width: float) -> None:
    edition = table.edition
    with picture.group(label="the Abuela (solo automaton)"):
        picture.rect(x, y, width, 218, fill="#efe3f3", stroke="#5b3a6b", rx=8)
        title = "The Abuela" + (" -- her turn" if table.view.abuela else "")
        picture.text(x + 10, y + 20, title, size=13, weight="bold")
        if table.view.die is None:
            roll = "no roll shown"
        else:
            roll = f"last roll: {table.view.die} (portrait from space {SPACE_FOR_FACE[table.view.die] + 1})"
        with picture.group(label=f"the Abuela's die: {roll}"):
            picture.rect(x + 10, y + 30, 30, 30, fill="#ffffff", stroke="#333333", rx=5)
            picture.text(
                x + 25, y + 51, "-" if table.view.die is None else str(table.view.die), size=16, anchor="middle"
            )
            picture.text(x + 48, y + 50, roll, size=10)
        discards = table.view.abuela_discards
        with picture.group(label=f"portraits the Abuela discarded: {len(discards)}"):
            picture.text(x + 10, y + 70, f"Her discarded portraits: {len(discards)}", size=10, weight="bold")
            if discards:
                last = discards[-1]
                _unlit_portrait(picture, edition, last, "her last discard: ", x + 10, y + 77, "last one")
                picture.text(
                    x + _CARD_W + 18, y + 90, "in order" + (" (last 10):" if len(discards) > 10 else ":"), size=9
                )
                for i in range(0, min(len(discards), 10), 5):
                    chunk = " ".join(f"#{c}" for c in discards[-10:][i : i + 5])
                    picture.text(x + _CARD_W + 18, y + 104 + (i // 5) * 12, chunk, size=9)
        candles = table.view.candle_discards
        label = "her discarded candles: " + (", ".join(f"C{c}" for c in candles) if candles else "none")
        with picture.group(label=label):
            shown = ("... " if len(candles) > 6 else "") + (", ".join(f"C{c}" for c in candles[-6:]) or "none")
            picture.text(x + _CARD_W + 18, y + 138, f"candles discarded: {len(candles)}", size=9.5, weight="bold")
            picture.text(x + _CARD_W + 18, y + 151, shown, size=9)
        if table.removed is not None:
            removed = "removed unseen: " + (" ".join(f"#{c}" for c in table.removed) or "none yet")
        else:
            removed = f"removed unseen: {table.view.removed_count} (face down)"
        with picture.group(label=f"portraits {removed}"):
            picture.text(x + 10, y + 176, removed, size=9.5)
        tiers = "Tiers: " + ", ".join(_tier_range(t) for t in SoloTier)
        if table.view.phase is Phase.OVER:
            tier = solo_tier(board_score(edition, table.view.boards[0]))
            with picture.group(label=f"solo result: tier {_tier_range(tier)}: {tier.verdict}"):
                for i, line in enumerate(_wrap(tier.verdict, 56)):
                    picture.text(x + 10, y + 190 + i * 11, line, size=9, italic=True)
        else:
            with picture.group(label=f"solo score tiers: {tiers}"):
                picture.text(x + 10, y + 200, tiers, size=9.5)


def _ofrenda(picture: Picture, table: _Table, seat: int, x: float, y: float) -> None:
    edition = table.edition
    layout = _layout(edition)
    board = table.view.boards[seat]
    pending = set(table.view.pending) if seat == table.seat and table.view.phase is Phase.OFFERINGS else set()
    golden, flower, crossed = edition.board.golden, edition.board.flower, edition.board.crossed
    with picture.group(label=f"{_seat_name(table, seat)}: Ofrenda"):
        for slot, (cx, cy) in enumerate(layout.card_xy):
            sx, sy = x + cx, y + cy
            card = board.portraits[slot]
            marks = []
            if slot in golden:
                marks.append("golden (x2)")
            if slot in flower:
                marks.append("marigold flower (+1 marigold)")
            if slot in crossed:
                marks.append("crossed-out flower (-1 marigold)")
            where = f"slot {slot + 1}" + (f", {', '.join(marks)}" if marks else "")
            label = f"{where}: " + ("empty" if card is None else _portrait_label(edition, card, board.lit[slot]))
            with picture.group(label=label, element=slot_id(seat, slot), kind="slot", box=(sx, sy, _CARD_W, _CARD_H)):
                if slot in golden:
                    picture.rect(
                        sx - 4, sy - 4, _CARD_W + 8, _CARD_H + 8, fill="#f5d76e", stroke=_GOLD, stroke_width=3, rx=7
                    )
                if card is not None:
                    _portrait(
                        picture,
                        edition,
                        card,
                        sx,
                        sy,
                        lit=board.lit[slot],
                        shows_side=True,
                        note="x2" if slot in golden else "",
                    )
                    continue
                picture.rect(sx, sy, _CARD_W, _CARD_H, fill="#fffaf0", stroke="#8a6d3b", dash="5 3", rx=5)
                picture.text(sx + _CARD_W / 2, sy + 16, f"slot {slot + 1}", size=9, anchor="middle", fill="#666666")
                if slot in golden:
                    picture.text(sx + _CARD_W / 2, sy + 40, "golden x2", size=12, anchor="middle", weight="bold")
                if slot in flower or slot in crossed:
                    fy = sy + (62 if slot in golden else 46)
                    _marigold(picture, sx + 22, fy, 10)
                    if slot in crossed:
                        picture.line(sx + 10, fy - 12, sx + 34, fy + 12, stroke="#b00020", width=3)
                        picture.line(sx + 10, fy + 12, sx + 34, fy - 12, stroke="#b00020", width=3)
                    text = "-1 marigold" if slot in crossed else "+1 marigold"
                    picture.text(sx + 36, fy + 4, text, size=9.5, weight="bold")
        for k, offering in enumerate(edition.board.offering_slots):
            ox, oy = x + layout.offering_xy[k][0], y + layout.offering_xy[k][1]
            candle = board.candle_slots[k]
            has_marigold = board.marigold_slots[k]
            surrounded = all(board.portraits[c] is not None for c in offering.cards)
            kind = offering.kind.value
            if candle is not None:
                what = _candle_label(edition, candle, board.candle_lit[k])
            elif has_marigold:
                what = "a marigold"
            elif k in pending:
                what = "empty, to decide this turn"
            elif surrounded:
                what = "left empty"
            else:
                what = "empty"
            cards = ", ".join(str(c + 1) for c in offering.cards)
            label = f"{kind} slot {offering_slot_name(edition, k)} (between card slots {cards}): {what}"
            half = layout.offering_half[k] if offering.kind is OfferingKind.CANDLE else _MARIGOLD_R + 2
            height = _ROW_GAP - 12  # clear of the cards' edges and a golden slot's gilt frame above and below
            box = (ox - half, oy - height / 2, 2 * half, height)
            with picture.group(label=label, element=offering_slot_id(seat, k), kind="offering", box=box):
                if candle is not None:
                    lit = board.candle_lit[k]
                    _candle(picture, edition, candle, ox - half, oy - height / 2, 2 * half, height, lit=lit)
                    continue
                stroke = _CURRENT if k in pending else "#8a6d3b"
                width = 2.5 if k in pending else 1
                if offering.kind is OfferingKind.CANDLE:
                    picture.rect(
                        ox - half,
                        oy - height / 2,
                        2 * half,
                        height,
                        fill="#fffaf0",
                        stroke=stroke,
                        stroke_width=width,
                        dash=None if k in pending else "4 3",
                        rx=6,
                    )
                    if not has_marigold:
                        word = "decide" if k in pending else ("closed" if surrounded else "candle")
                        picture.text(ox, oy - 2, word, size=9, anchor="middle", fill="#555555")
                        picture.text(ox, oy + 10, "slot", size=9, anchor="middle", fill="#555555")
                else:
                    picture.circle(ox, oy, _MARIGOLD_R + 2, fill="#fffaf0", stroke=stroke, stroke_width=width)
                    if not has_marigold and (surrounded or k in pending):
                        word = "decide" if k in pending else "closed"
                        picture.text(ox, oy + 3, word, size=7.5, anchor="middle", fill="#555555")
                    elif not has_marigold:
                        _marigold(picture, ox, oy, _MARIGOLD_R - 2, faded=True)
                if has_marigold:
                    _marigold(picture, ox, oy, _MARIGOLD_R)
