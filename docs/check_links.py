"""Check the internal links of a built HTML documentation: every target file and anchor exists.

Usage: ``python docs/check_links.py BUILD_DIR``. Links to other sites are not
followed (the check runs without a network); every ``href`` and ``src`` that
points into the build must name a file that exists and, with a ``#fragment``,
an element with that ``id`` (or ``name``) in it. Exits with status 1 and one
line per broken link, else prints the number of links checked.
"""

from __future__ import annotations

import sys
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """The link targets and the anchors of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in {"id", "name"}:
                self.anchors.add(value)
            elif (name == "href" and tag in {"a", "link"}) or (name == "src" and tag in {"img", "script"}):
                self.links.append(value)


@cache
def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(build: Path) -> tuple[int, list[str]]:
    """The number of internal links under ``build`` and a description of each broken one."""
    checked = 0
    broken: list[str] = []
    for page_path in sorted(build.rglob("*.html")):
        for link in _parse(page_path).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            checked += 1
            target = (page_path.parent / unquote(parts.path)).resolve() if parts.path else page_path
            if target.is_dir():
                target = target / "index.html"
            where = page_path.relative_to(build).as_posix()
            if not target.is_file():
                broken.append(f"{where}: {link}: no such file")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _parse(target).anchors:
                broken.append(f"{where}: {link}: no such anchor")
    return checked, broken


def main(arguments: list[str]) -> int:
    """Check the build directory named by the only argument."""
    if len(arguments) != 1 or not Path(arguments[0]).is_dir():
        print("usage: check_links.py BUILD_DIR", file=sys.stderr)
        return 2
    checked, broken = broken_links(Path(arguments[0]))
    for line in broken:
        print(line)
    print(f"{checked} internal links checked, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
