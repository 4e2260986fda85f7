"""Replays as pictures: the frames of a replay and a self-contained HTML viewer.

A replay is re-executed step by step with the game's ``step``; each frame is
the table after a step (the game's SVG picture of the whole state, or of one
seat's view), what the step was, and the events it caused, described in
English. :func:`replay_html` writes the frames into one HTML file that opens
in any browser without a network: pictures inline, a few lines of script for
the controls (first, previous, next, last, a slider, play and pause, the arrow
keys), nothing fetched.

>>> from ofrenda_rules.registry import get_game
>>> from ofrenda_rules.replays import record
>>> game = get_game("portents")
>>> state = game.new_game(game.config_type(players=2), 3)
>>> actions = []
>>> for _ in range(3):
...     action = game.legal_actions(state)[0]
...     actions.append(action)
...     state = game.apply(state, action)
>>> frames = replay_frames(record(game, game.config_type(players=2), 3, actions))
>>> [frame.number for frame in frames]
[0, 1, 2, 3]
>>> frames[0].action
'setup'
>>> frames[1].svg.startswith("<svg")
True
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

import attrs

from ofrenda_rules.chance import actor_name
from ofrenda_rules.errors import OfrendaRulesError
from ofrenda_rules.registry import AnyGame, get_game
from ofrenda_rules.replays import AnyReplay
from ofrenda_rules.replays.walk import walk_replay

__all__ = ["Frame", "ViewerError", "replay_frames", "replay_html"]


class ViewerError(OfrendaRulesError):
    """A replay cannot be shown: a step the rules refuse, or a seat the game does not have."""


@attrs.frozen
class Frame:
    """The table after one step of a replay."""

    number: int
    """The step's number (``0`` for the set-up table, then ``1`` for the first step, as ``play`` numbers them)."""
    actor: str
    """Who made the step (``"Seat 2"``, ``"chance"``), empty for the set-up."""
    action: str
    """The step in English (``"setup"`` for frame 0)."""
    events: tuple[str, ...]
    """The step's events in English, as the shown seat may know them."""
    svg: str
    """The picture of the table after the step (the whole state, or the shown seat's view)."""
    over: bool
    """Whether the game has ended at this frame."""


def _events_seen(game: AnyGame, seat: int | None, events: Sequence[object]) -> tuple[str, ...]:
    if seat is None:
        return tuple(game.describe_event(event) for event in events)
    seen = (game.event_seen_by(event, seat) for event in events)
    return tuple(game.describe_event(event) for event in seen if event is not None)


def _picture(game: AnyGame, state: object, seat: int | None) -> str:
    subject = state if seat is None else game.observe(state, seat)
    return game.render_svg(subject)


def replay_frames(replay: AnyReplay, *, seat: int | None = None) -> tuple[Frame, ...]:
    """The frames of a replay: the set-up table, then the table after each step.

    With ``seat`` every picture and event is what that seat may know. A step
    the rules refuse raises :class:`ViewerError` naming it (``verify`` says
    more about such a replay).
    """
    game = get_game(replay.game)
    players: int = getattr(replay.config, "players")  # noqa: B009 -- every Config has it (ConfigLike)
    if seat is not None and not 0 <= seat < players:
        raise ViewerError(f"seat {seat}: no such seat in a {players}-player game")
    state = game.new_game(replay.config, replay.seed)
    setup_events = _events_seen(game, seat, getattr(state, "recent_events", ()))
    frames = [Frame(0, "", "setup", setup_events, _picture(game, state, seat), game.is_over(state))]
    for walked in walk_replay(game, replay, state, ViewerError):
        if walked.undo:  # an undo step: the table as it was before the decision taken back
            description = f"takes back: {game.describe_action(walked.after, walked.action)}"
            picture = _picture(game, walked.after, seat)
            frames.append(Frame(walked.number, actor_name(walked.actor), description, (), picture, False))
            continue
        frames.append(
            Frame(
                walked.number,
                actor_name(walked.actor),
                game.describe_action(walked.before, walked.action),
                _events_seen(game, seat, walked.events),
                _picture(game, walked.after, seat),
                game.is_over(walked.after),
            )
        )
    return tuple(frames)


_STYLE = """
body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;margin:0;background:#faf7f2;color:#222}
header{padding:.6em 1em;background:#3b2e5a;color:#fff}
header h1{font-size:1.2em;margin:0}
nav{display:flex;gap:.4em;align-items:center;padding:.5em 1em;background:#eee6f5;flex-wrap:wrap}
nav button{font-size:1em;padding:.2em .7em}
nav input[type=range]{flex:1;min-width:10em}
main{display:flex;gap:1em;padding:1em;flex-wrap:wrap}
.frame{display:none}
.frame.shown{display:flex;gap:1em;flex-wrap:wrap;width:100%}
.picture{flex:3;min-width:20em;overflow:auto}
.picture svg{max-width:100%;height:auto}
.log{flex:1;min-width:16em}
.log h2{font-size:1em;margin:.2em 0}
.log ol{padding-left:1.2em}
"""

_SCRIPT = """
(function(){
  var frames=document.querySelectorAll('.frame');
  var slider=document.getElementById('slider');
  var label=document.getElementById('label');
  var current=0, timer=null;
  var pictures=JSON.parse(document.getElementById('pictures').textContent);
  function draw(i){  /* a frame's picture: runs [first, count] of the page's distinct SVG lines */
    var box=frames[i].querySelector('.picture'); if(box.childNodes.length){return;}
    var runs=pictures.frames[i], out=[];
    for(var r=0;r<runs.length;r+=2){ for(var k=0;k<runs[r+1];k++){ out.push(pictures.lines[runs[r]+k]); } }
    box.innerHTML=out.join('\\n');
  }
  function show(i){
    if(i<0)i=0; if(i>frames.length-1)i=frames.length-1;
    draw(i);
    frames[current].classList.remove('shown');
    current=i; frames[current].classList.add('shown');
    slider.value=String(i);
    label.textContent=frames[i].getAttribute('data-label');
    document.body.setAttribute('data-step',String(i));
    var cursor=document.getElementById('cursor');  /* an evaluation line's cursor follows the step shown */
    if(cursor){var cx=String(parseFloat(cursor.getAttribute('data-x0'))
      +i*parseFloat(cursor.getAttribute('data-step-width')));
      cursor.setAttribute('x1',cx); cursor.setAttribute('x2',cx);}
  }
  function stop(){ if(timer!==null){clearInterval(timer);timer=null;
    document.getElementById('play').textContent='Play';} }
  document.getElementById('first').onclick=function(){stop();show(0);};
  document.getElementById('prev').onclick=function(){stop();show(current-1);};
  document.getElementById('next').onclick=function(){stop();show(current+1);};
  document.getElementById('last').onclick=function(){stop();show(frames.length-1);};
  document.getElementById('play').onclick=function(){
    if(timer!==null){stop();return;}
    this.textContent='Pause';
    timer=setInterval(function(){ if(current>=frames.length-1){stop();} else {show(current+1);} },800);
  };
  var gotos=document.querySelectorAll('[data-goto]');  /* a point of an evaluation line shows its step */
  for(var g=0;g<gotos.length;g++){gotos[g].addEventListener('click',function(){stop();
    show(parseInt(this.getAttribute('data-goto'),10));});}
  slider.oninput=function(){stop();show(parseInt(slider.value,10));};
  document.addEventListener('keydown',function(e){
    if(e.target===slider){return;}  /* the slider steps by itself (its input event): once per key */
    if(e.key==='ArrowRight'){stop();show(current+1);} else if(e.key==='ArrowLeft'){stop();show(current-1);}
    else if(e.key==='Home'){stop();show(0);} else if(e.key==='End'){stop();show(frames.length-1);}
  });
  show(0);
})();
"""


def _compact_pictures(svgs: list[str]) -> str:
    """The frames' pictures as JSON: each distinct SVG line once, each frame as runs ``[first, count]`` of them.

    Successive frames differ in a few lines, and lines are numbered in the order
    they first appear, so a frame is a handful of runs: a 708-step game's page
    stays small. The page's script rebuilds a frame's SVG when it is first shown.
    """
    numbers: dict[str, int] = {}
    lines: list[str] = []
    frames: list[list[int]] = []
    for svg in svgs:
        runs: list[int] = []
        for line in svg.split("\n"):
            number = numbers.get(line)
            if number is None:
                number = numbers[line] = len(lines)
                lines.append(line)
            if runs and runs[-2] + runs[-1] == number:
                runs[-1] += 1
            else:
                runs += (number, 1)
        frames.append(runs)
    text = json.dumps({"lines": lines, "frames": frames}, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/")  # no "</script>" inside the script element


def replay_html(
    replay: AnyReplay,
    *,
    seat: int | None = None,
    title: str | None = None,
    banner: str | None = None,
    panels: Mapping[int, str] | None = None,
) -> str:
    """A self-contained HTML page that steps through a replay with pictures and events.

    Args:
        replay: The replay to show (see :mod:`ofrenda_rules.replays`).
        seat: Show what this seat may know instead of the whole table.
        title: The page title (default: the game's title, config and seed).
        banner: HTML shown between the controls and the frames (the analysis puts its evaluation line
            there); trusted, inserted as it is. An element ``id="cursor"`` with ``data-x0`` and
            ``data-step-width`` is moved to ``x0 + step * width`` as the steps change, and an element
            ``data-goto="N"`` shows step ``N`` when clicked.
        panels: HTML per frame number, shown under that frame's events (trusted, inserted as it is).

    The page has no external resource: pictures inline, style and script in
    the page. The same replay always gives the same page.
    """
    game = get_game(replay.game)
    frames = replay_frames(replay, seat=seat)
    seeded = f"seed {replay.seed}" if replay.seed is not None else "unseeded"
    heading = title or f"{game.info.title}: {game.describe_config(replay.config)}, {seeded}"
    if seat is not None:
        heading += f" (as Seat {seat + 1} sees it)"
    last = len(frames) - 1
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(heading)}</title>",
        f"<style>{_STYLE}</style></head>",
        f'<body data-step="0" data-frames="{len(frames)}">',
        f"<header><h1>{html.escape(heading)}</h1></header>",
        '<nav aria-label="steps">'
        '<button id="first" type="button">&#x25C0;&#x25C0; First</button>'
        '<button id="prev" type="button">&#x25C0; Previous</button>'
        '<button id="play" type="button">Play</button>'
        '<button id="next" type="button">Next &#x25B6;</button>'
        '<button id="last" type="button">Last &#x25B6;&#x25B6;</button>'
        f'<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">'
        '<span id="label" aria-live="polite"></span></nav>',
        *([banner] if banner else []),
        "<main>",
    ]
    pictures = _compact_pictures([frame.svg for frame in frames])
    extra = panels or {}
    for frame in frames:
        label = "set-up" if frame.number == 0 else f"step {frame.number} of {last}"
        if frame.over:
            label += " (game over)"
        events = "".join(f"<li>{html.escape(text)}</li>" for text in frame.events) or "<li>nothing to report</li>"
        step = "Set-up" if frame.number == 0 else f"{frame.actor}: {frame.action}"
        parts.append(
            f'<section class="frame" id="frame-{frame.number}" data-label="{html.escape(label)}">'
            '<div class="picture"></div>'
            f'<div class="log"><h2>{html.escape(label)}</h2><p class="action">{html.escape(step)}</p>'
            f'<h2>Events</h2><ol class="events">{events}</ol>{extra.get(frame.number, "")}</div></section>'
        )
    parts.append("</main>")
    parts.append(f'<script type="application/json" id="pictures">{pictures}</script>')
    parts.append(f"<script>{_SCRIPT}</script>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
