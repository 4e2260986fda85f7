"""An analysis as text, and as the HTML replay viewer with an evaluation line."""

from __future__ import annotations

import html
from typing import Final

from ofrenda_rules.analysis.core import BLUNDER, INACCURACY, MISTAKE, Analysis, Decision, Mark, MoveValue
from ofrenda_rules.json import to_json_value
from ofrenda_rules.registry import get_game
from ofrenda_rules.replays import AnyReplay
from ofrenda_rules.replays.viewer import replay_html

__all__ = ["ANALYSIS_FORMAT", "analysis_html", "analysis_json", "analysis_text", "evaluation_svg"]

ANALYSIS_FORMAT: Final = "ofrenda-rules-analysis"
"""The ``format`` member of :func:`analysis_json`'s document (its ``version`` is 1)."""

_MARK_COLOURS: Final = {
    Mark.BEST: "#2e7d32",
    Mark.INACCURACY: "#c9a400",
    Mark.MISTAKE: "#e07000",
    Mark.BLUNDER: "#c62828",
    Mark.FORCED: "#888888",
}


def _verdict(decision: Decision) -> str:
    mark = decision.mark
    if mark is Mark.FORCED:
        return "forced"
    if mark is Mark.BEST:
        return "best" if decision.played.loss == 0 else f"good (loss {decision.played.loss:.2f})"
    best = decision.best
    return f"{mark.value.upper()} (loss {decision.played.loss:.2f}; best: {best.description} {best.value:.2f})"


def analysis_text(analysis: Analysis, *, moves: int = 3) -> str:
    """The analysis in words: one line per decision, its ``moves`` best moves under it, then a summary.

    Args:
        analysis: What :func:`~ofrenda_rules.analysis.analyse` returned.
        moves: How many of the best moves to list under each decision (0: none; the played one is always named).
    """
    game = get_game(analysis.game)
    seat = f"Seat {analysis.seat + 1}"
    lines = [
        f"Analysis of {seat} ({game.info.title}), search budget {analysis.budget} per decision, seed {analysis.seed}",
        f"values: {seat}'s estimated share of the win (0 to 1) after the move; "
        f"marks by loss against the best move: inaccuracy >= {INACCURACY:.2f}, mistake >= {MISTAKE:.2f}, "
        f"blunder >= {BLUNDER:.2f}",
    ]
    for decision in analysis.decisions:
        played = decision.played
        value = "    -" if decision.mark is Mark.FORCED else f"{played.value:5.2f}"
        lines.append(f"step {decision.step:4d}  {value}  {played.description}  -- {_verdict(decision)}")
        for rank, move in enumerate(decision.moves[:moves], start=1):
            chosen = "  <- played" if move.action == played.action else ""
            lines.append(f"            {rank:2d}. {move.value:5.2f}  {move.description}{chosen}")
    chosen_count = sum(1 for decision in analysis.decisions if decision.mark is not Mark.FORCED)
    counts = ", ".join(
        f"{analysis.count(mark)} {mark.value}" for mark in (Mark.BEST, Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
    )
    lines.append(
        f"summary: {len(analysis.decisions)} decisions of {seat} ({analysis.count(Mark.FORCED)} forced); "
        f"of the {chosen_count} chosen: {counts}; average loss {analysis.average_loss:.3f}"
    )
    return "\n".join(lines)


def analysis_json(analysis: Analysis) -> dict[str, object]:
    """The analysis as plain JSON values, for programs: every decision, every move with its action as JSON.

    An action is written as replays write it (its type tag and fields), so a
    program can match it against a replay's steps.

    >>> from ofrenda_rules.analysis import Analysis
    >>> analysis_json(Analysis("portents", 0, "200", 0, 0, ()))["summary"]
    {'decisions': 0, 'forced': 0, 'best': 0, 'inaccuracy': 0, 'mistake': 0, 'blunder': 0, 'average_loss': 0.0}
    """
    game = get_game(analysis.game)

    def move(value: MoveValue) -> dict[str, object]:
        return {
            "action": to_json_value(value.action, game.action_type),
            "description": value.description,
            "value": value.value,
            "loss": value.loss,
            "mark": value.mark.value,
        }

    summary: dict[str, object] = {"decisions": len(analysis.decisions)}
    summary |= {mark.value: analysis.count(mark) for mark in (Mark.FORCED, *_CHOSEN_MARKS)}
    summary["average_loss"] = analysis.average_loss
    return {
        "format": ANALYSIS_FORMAT,
        "version": 1,
        "game": analysis.game,
        "seat": analysis.seat,
        "budget": analysis.budget,
        "seed": analysis.seed,
        "steps": analysis.steps,
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "decisions": [
            {
                "step": decision.step,
                "mark": decision.mark.value,
                "played": move(decision.played),
                "moves": [move(value) for value in decision.moves],
            }
            for decision in analysis.decisions
        ],
        "summary": summary,
    }


_CHOSEN_MARKS: Final = (Mark.BEST, Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)

_WIDTH: Final = 760
_HEIGHT: Final = 170
_LEFT: Final = 40
_RIGHT: Final = 12
_TOP: Final = 14
_BOTTOM: Final = 26


def evaluation_svg(analysis: Analysis) -> str:
    """The evaluation line: the best move's and the played move's estimate at each decision, across the game.

    The x axis is the step number (0 to the replay's last step), the y axis the
    seat's estimated share of the win. The line joins the best estimates; each
    played move is a dot coloured by its mark (a click on it shows that step in
    the viewer), and a vertical cursor (``id="cursor"``) follows the step shown.
    """
    steps = max(1, analysis.steps)
    span = _WIDTH - _LEFT - _RIGHT
    high = _HEIGHT - _TOP - _BOTTOM
    dx = span / steps

    def x(step: int) -> float:
        return _LEFT + step * dx

    def y(value: float) -> float:
        return _TOP + (1.0 - value) * high

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evaluation" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'width="{_WIDTH}" height="{_HEIGHT}" role="img" '
        f'aria-label="Seat {analysis.seat + 1}: estimated share of the win at each decision">',
        f'<rect x="{_LEFT}" y="{_TOP}" width="{span}" height="{high}" fill="#fff" stroke="#999"/>',
    ]
    for value in (0.0, 0.5, 1.0):
        parts.append(
            f'<line x1="{_LEFT}" x2="{_LEFT + span}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#ddd"/>'
            f'<text x="{_LEFT - 4}" y="{y(value) + 4:.1f}" font-size="11" text-anchor="end">{value:.1f}</text>'
        )
    parts.append(
        f'<text x="{_LEFT}" y="{_HEIGHT - 6}" font-size="11">step 0</text>'
        f'<text x="{_LEFT + span}" y="{_HEIGHT - 6}" font-size="11" text-anchor="end">step {analysis.steps}</text>'
    )
    chosen = [decision for decision in analysis.decisions if decision.mark is not Mark.FORCED]
    if chosen:
        points = " ".join(f"{x(decision.step):.1f},{y(decision.best.value):.1f}" for decision in chosen)
        parts.append(f'<polyline class="best" points="{points}" fill="none" stroke="#3b2e5a" stroke-width="1.5"/>')
    for decision in analysis.decisions:
        played = decision.played
        value = decision.best.value if decision.mark is Mark.FORCED else played.value
        title = f"step {decision.step}: {played.description} -- {_verdict(decision)}"
        parts.append(
            f'<circle class="move {decision.mark.value}" data-goto="{decision.step}" cx="{x(decision.step):.1f}" '
            f'cy="{y(value):.1f}" r="{4 if decision.mark in (Mark.MISTAKE, Mark.BLUNDER) else 3}" '
            f'fill="{_MARK_COLOURS[decision.mark]}" style="cursor:pointer"><title>{html.escape(title)}</title></circle>'
        )
    parts.append(
        f'<line id="cursor" data-x0="{_LEFT}" data-step-width="{dx:.4f}" x1="{_LEFT}" x2="{_LEFT}" '
        f'y1="{_TOP}" y2="{_TOP + high}" stroke="#3b2e5a" stroke-dasharray="3 3"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _panel(decision: Decision, seat: int) -> str:
    played = decision.played
    rows = "".join(
        f'<tr class="{move.mark.value}{" played" if move.action == played.action else ""}">'
        f"<td>{html.escape(move.description)}</td><td>{move.value:.2f}</td><td>{move.mark.value}</td></tr>"
        for move in decision.moves
    )
    table = (
        f'<table class="moves"><thead><tr><th>move</th><th>value</th><th>mark</th></tr></thead><tbody>{rows}</tbody>'
        "</table>"
        if rows
        else ""
    )
    colour = _MARK_COLOURS[decision.mark]
    return (
        f'<h2>Analysis (Seat {seat + 1})</h2><p class="verdict" style="color:{colour}">'
        f"{html.escape(_verdict(decision))}</p>{table}"
    )


_STYLE: Final = (
    "<style>.analysis{padding:.5em 1em}.moves{border-collapse:collapse;font-size:.9em}"
    ".moves td,.moves th{padding:.1em .5em;text-align:left}.moves tr.played{font-weight:bold;background:#eee6f5}"
    ".moves tr.blunder td:nth-child(3){color:#c62828}.moves tr.mistake td:nth-child(3){color:#e07000}"
    ".moves tr.inaccuracy td:nth-child(3){color:#a08000}</style>"
)


def analysis_html(replay: AnyReplay, analysis: Analysis) -> str:
    """The replay viewer of ``replay`` as the analysed seat saw it, with the evaluation line and every move's analysis.

    The page is the viewer's (:func:`~ofrenda_rules.replays.viewer.replay_html`):
    self-contained, the same for the same input. Above the steps is the
    evaluation line (:func:`evaluation_svg`); each of the seat's steps shows the
    verdict on the move played and every legal move's estimate.
    """
    game = get_game(replay.game)
    summary = (
        f"{len(analysis.decisions)} decisions ({analysis.count(Mark.FORCED)} forced): "
        + ", ".join(f"{analysis.count(mark)} {mark.value}" for mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER))
        + f"; average loss {analysis.average_loss:.3f}; search budget {analysis.budget}, seed {analysis.seed}"
    )
    banner = (
        f'{_STYLE}<section class="analysis"><h2>Evaluation of Seat {analysis.seat + 1} '
        f"({html.escape(game.info.title)})</h2>{evaluation_svg(analysis)}<p>{html.escape(summary)}</p></section>"
    )
    panels = {decision.step: _panel(decision, analysis.seat) for decision in analysis.decisions}
    return replay_html(replay, seat=analysis.seat, banner=banner, panels=panels)
