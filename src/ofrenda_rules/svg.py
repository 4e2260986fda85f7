"""Standalone SVG pictures: the small drawing kit every game's ``render_svg`` uses.

A :class:`Picture` collects shapes in drawing order and writes one standalone
SVG document: no external fonts, images, stylesheets or scripts, only the
generic font families every viewer has; a ``<title>`` and a ``<desc>`` for
accessibility; numbers written the same way on every platform, so the same
picture is always the same text (pictures can be compared and stored as
golden files).

>>> picture = Picture(120, 40, title="A candle", desc="One lit candle.")
>>> picture.rect(0, 0, 120, 40, fill="#fdf6e3")
>>> picture.circle(20, 20, 8, fill="#f5a623", stroke="#333")
>>> picture.text(40, 25, "lit & bright", size=12)
>>> svg = picture.document()
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>A candle</title>" in svg and "lit &amp; bright" in svg
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Final, Self
from xml.sax.saxutils import escape, quoteattr

__all__ = ["FONT_FAMILY", "LAST_MOVE", "Picture", "number", "ordinal", "star_points"]

FONT_FAMILY: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font families pictures ask for -- installed fonts and the generic ``sans-serif`` fallback, never a web font."""

LAST_MOVE: Final = "#cc79a7"
"""The colour of the dashed outline around the parts of the table the last move changed (Okabe-Ito reddish purple)."""

_NAMESPACE: Final = "http://www.w3.org/2000/svg"


def number(value: float) -> str:
    """A coordinate as pictures write it: an integer plainly, anything else rounded to two decimals.

    >>> number(3), number(2.5), number(1 / 3), number(-0.0)
    ('3', '2.5', '0.33', '0')
    """
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def ordinal(place: int) -> str:
    """A place as pictures write it: ``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def star_points(cx: float, cy: float, outer: float, inner: float, *, decimals: int = 4) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star centred on ``(cx, cy)``, its first point straight up.

    The corners are ``outer`` and ``inner`` from the centre in turn, clockwise;
    their directions are rounded to ``decimals`` places (a picture keeps the
    same rounding, so it stays the same text).

    >>> [(number(x), number(y)) for x, y in star_points(0, 0, 10, 4)[:3]]
    [('0', '-10'), ('2.35', '-3.24'), ('9.51', '-3.09')]
    """
    return [
        (cx + ux * radius, cy + uy * radius)
        for (ux, uy), radius in zip(_star_directions(decimals), (outer, inner) * 5, strict=True)
    ]


@functools.cache
def _star_directions(decimals: int) -> tuple[tuple[float, float], ...]:
    """The unit directions of a star's ten corners, from straight up clockwise, rounded to ``decimals`` places."""
    angles = [math.pi * corner / 5 for corner in range(10)]
    return tuple((round(math.sin(a), decimals) + 0.0, round(-math.cos(a), decimals) + 0.0) for a in angles)


_PLAIN: Final = frozenset("&<>\"'\n\r\t")


def _attrs(pairs: dict[str, object]) -> str:
    parts = []
    for key, value in pairs.items():
        if value is None or value is False:
            continue
        if type(value) is int:
            parts.append(f' {key}="{value}"')
        elif isinstance(value, float):
            parts.append(f' {key}="{number(value)}"')
        else:
            text = str(value)
            # quoteattr's own result when nothing needs escaping, without its work.
            parts.append(f' {key}="{text}"' if _PLAIN.isdisjoint(text) else f" {key}={quoteattr(text)}")
    return "".join(parts)


class Picture:
    """An SVG picture being drawn: shapes in order, then :meth:`document` for the text.

    Args:
        width: Width of the picture in user units (pixels at 100% zoom).
        height: Height of the picture in user units.
        title: A short name of the picture (the document's ``<title>``).
        desc: A longer description for screen readers (the document's ``<desc>``).
        background: A fill for the whole picture, or ``None`` for a transparent one.
    """

    def __init__(self, width: float, height: float, *, title: str, desc: str, background: str | None = None) -> None:
        self.width = width
        """Width in user units."""
        self.height = height
        """Height in user units."""
        self.title = title
        """The picture's title."""
        self.desc = desc
        """The picture's description."""
        self._parts: list[str] = []
        self._depth = 0
        self._last_move: frozenset[str] = frozenset()
        if background is not None:
            self.rect(0, 0, width, height, fill=background)

    def _shape(
        self,
        tag: str,
        place: Mapping[str, object],
        fill: str,
        stroke: str | None,
        stroke_width: float,
        opacity: float | None = None,
        dash: str | None = None,
    ) -> None:
        """One filled and stroked element: where it lies (``place``), then its paint, as every shape writes it."""
        paint = {
            "fill": fill,
            "stroke": stroke,
            "stroke-width": stroke_width if stroke else None,
            "stroke-dasharray": dash,
            "opacity": opacity,
        }
        self._add(f"<{tag}" + _attrs({**place, **paint}) + "/>")

    def _add(self, element: str) -> None:
        self._parts.append("  " * (self._depth + 1) + element)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        rx: float = 0,
        dash: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A rectangle (``rx`` rounds its corners; ``dash`` is an SVG dash pattern such as ``"4 2"``)."""
        place = {"x": x, "y": y, "width": width, "height": height, "rx": rx or None}
        self._shape("rect", place, fill, stroke, stroke_width, opacity, dash)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        opacity: float | None = None,
    ) -> None:
        """A circle centred on ``(cx, cy)``."""
        self._shape("circle", {"cx": cx, "cy": cy, "r": r}, fill, stroke, stroke_width, opacity)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = "#000",
        width: float = 1,
        dash: str | None = None,
    ) -> None:
        """A straight line."""
        self._add(
            "<line"
            + _attrs(
                {
                    "x1": x1,
                    "y1": y1,
                    "x2": x2,
                    "y2": y2,
                    "stroke": stroke,
                    "stroke-width": width,
                    "stroke-dasharray": dash,
                }
            )
            + "/>"
        )

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float = 1,
        opacity: float | None = None,
    ) -> None:
        """A closed polygon through ``points``."""
        text = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self._shape("polygon", {"points": text}, fill, stroke, stroke_width, opacity)

    def path(self, d: str, *, fill: str = "none", stroke: str | None = None, stroke_width: float = 1) -> None:
        """A path from SVG path data (``d``), for shapes the other methods do not draw."""
        self._shape("path", {"d": d}, fill, stroke, stroke_width)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 12,
        anchor: str = "start",
        weight: str | None = None,
        fill: str = "#222",
        italic: bool = False,
    ) -> None:
        """A line of text whose baseline starts (or, with ``anchor``, is centred or ends) at ``(x, y)``.

        ``anchor`` is ``"start"``, ``"middle"`` or ``"end"``; the text is escaped.
        """
        self._add(
            "<text"
            + _attrs(
                {
                    "x": x,
                    "y": y,
                    "font-size": size,
                    "text-anchor": None if anchor == "start" else anchor,
                    "font-weight": weight,
                    "font-style": "italic" if italic else None,
                    "fill": fill,
                }
            )
            + f">{escape(content)}</text>"
        )

    @contextmanager
    def group(
        self,
        *,
        label: str | None = None,
        css_class: str | None = None,
        translate: tuple[float, float] | None = None,
        element: str | None = None,
        kind: str | None = None,
        box: tuple[float, float, float, float] | None = None,
    ) -> Iterator[None]:
        """Shapes drawn inside the ``with`` block form one group.

        ``label`` becomes the group's own ``<title>`` (a tooltip, and the name
        screen readers give the group); ``translate`` moves the whole group.
        ``element`` makes the group a part of the table a player may pick (see
        :mod:`ofrenda_rules.picks`): its ``id``, with ``data-pick`` naming
        ``kind`` (what it is: ``"hand"``, ``"slot"``, ...) for frontends. When
        ``element`` is one of the last move's (:meth:`mark_last_move`), the
        group is marked ``data-last-move`` and, given its ``box`` (x, y, width,
        height in the group's own coordinates), outlined.

        >>> picture = Picture(10, 10, title="", desc="")
        >>> with picture.group(element="slot-3", kind="slot"):
        ...     picture.rect(0, 0, 5, 5)
        >>> picture.elements()[0]
        '<g id="slot-3" data-pick="slot">'
        """
        transform = None if translate is None else f"translate({number(translate[0])},{number(translate[1])})"
        pick = None if element is None else (kind or "element")
        last = element is not None and element in self._last_move
        pairs = {"id": element, "data-pick": pick, "data-last-move": "true" if last else None}
        self._add("<g" + _attrs({**pairs, "class": css_class, "transform": transform}) + ">")
        self._depth += 1
        if label is not None:
            self._add(f"<title>{escape(label)}</title>")
        try:
            yield
            if last and box is not None:
                x, y, width, height = box
                self.rect(x - 3, y - 3, width + 6, height + 6, stroke=LAST_MOVE, stroke_width=4, rx=6, dash="8 4")
        finally:
            self._depth -= 1
            self._add("</g>")

    def mark_last_move(self, elements: Iterable[str]) -> None:
        """Name the elements the last move changed, to be marked and outlined as they are drawn (see :meth:`group`).

        >>> picture = Picture(10, 10, title="", desc="")
        >>> picture.mark_last_move(["slot-3"])
        >>> with picture.group(element="slot-3", kind="slot", box=(0, 0, 5, 5)):
        ...     pass
        >>> picture.elements()[0], picture.elements()[1].startswith('<rect x="-3"')
        ('<g id="slot-3" data-pick="slot" data-last-move="true">', True)
        """
        self._last_move = frozenset(elements)

    def elements(self) -> tuple[str, ...]:
        """The elements drawn so far, as text without indentation -- to :meth:`paste` into other pictures.

        Drawing a component once and pasting its elements wherever it appears
        (the sixty faces of a deck, the tiles of a bag) saves building the same
        text again.

        >>> tile = Picture(1, 1, title="", desc="")
        >>> tile.rect(0, 0, 10, 10, fill="#fff")
        >>> board = Picture(20, 20, title="Board", desc="Two tiles.")
        >>> with board.group(translate=(10, 0)):
        ...     board.paste(tile.elements())
        >>> board.elements()[1]
        '<rect x="0" y="0" width="10" height="10" fill="#fff"/>'
        """
        return tuple(part.lstrip() for part in self._parts)

    @classmethod
    def record(cls, draw: Callable[[Self], None]) -> tuple[str, ...]:
        """The elements ``draw`` makes on a scratch picture (see :meth:`elements`), to :meth:`paste` many times.

        A component drawn the same way wherever it appears (a card face, a die,
        a cell) is recorded once, kept in a cache, and pasted.

        >>> face = Picture.record(lambda p: p.circle(0, 0, 4, fill="#fff"))
        >>> face
        ('<circle cx="0" cy="0" r="4" fill="#fff"/>',)
        """
        scratch = cls.scratch()
        draw(scratch)
        return scratch.elements()

    @classmethod
    def scratch(cls) -> Self:
        """A blank picture of no size, to draw a component on and take its :meth:`elements`.

        >>> chip = Picture.scratch()
        >>> chip.rect(0, 0, 8, 4, fill="#fff")
        >>> chip.elements()
        ('<rect x="0" y="0" width="8" height="4" fill="#fff"/>',)
        """
        return cls(0, 0, title="", desc="")

    def paste(self, elements: Iterable[str]) -> None:
        """Add elements another :class:`Picture` drew (see :meth:`elements`), at the current place and nesting."""
        for element in elements:
            self._add(element)

    def document(self) -> str:
        """The standalone SVG document."""
        head = (
            f'<svg xmlns="{_NAMESPACE}" width="{number(self.width)}" height="{number(self.height)}" '
            f'viewBox="0 0 {number(self.width)} {number(self.height)}" role="img" '
            f"font-family={quoteattr(FONT_FAMILY)}>"
        )
        lines = [head, f"  <title>{escape(self.title)}</title>", f"  <desc>{escape(self.desc)}</desc>"]
        lines.extend(self._parts)
        lines.append("</svg>")
        return "\n".join(lines) + "\n"
