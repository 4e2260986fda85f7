"""The documentation stands on its own: every file a page mentions is in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.md") if not {"_build", "_generated"} & set(path.parts))

#: A path from the repository's root (``conformance/...``, ``src/...``), a path in
#: the package (``ofrenda_rules/...``, under ``src/``), or a top-level file.
_FOLDERS = r"(?:conformance|src|tests|benchmarks|docs|typings|ofrenda_rules)"
_PATH = re.compile(
    rf"(?<![\w./<>-])({_FOLDERS}/[\w./-]*[\w/]"
    r"|[A-Z][A-Z_]*\.(?:md|txt|rst)|noxfile\.py|pyproject\.toml)(?![\w<>*{])"
)


def mentioned_files(text: str) -> list[str]:
    """The repository paths ``text`` mentions (placeholders such as ``<game>/`` are skipped)."""
    return [match.group(1).rstrip(".") for match in _PATH.finditer(text)]


def exists(mention: str) -> bool:
    """Whether the repository holds the mentioned file or folder."""
    if mention.startswith("ofrenda_rules/"):
        return (ROOT / "src" / mention).exists()
    return (ROOT / mention).exists()


def test_the_pattern_finds_paths_and_skips_placeholders() -> None:
    text = "See DESIGN.md, `conformance/manifest.json`, src/ofrenda_rules/rng.py and `<game>/replay.schema.json`."
    assert mentioned_files(text) == ["DESIGN.md", "conformance/manifest.json", "src/ofrenda_rules/rng.py"]
    assert not exists("DESIGN.md")
    assert exists("src/ofrenda_rules/rng.py")


def test_pages_are_found() -> None:
    names = {page.relative_to(DOCS).as_posix() for page in PAGES}
    assert {"index.md", "quickstart.md", "games/portents.md", "api/kernel.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(DOCS).as_posix())
def test_every_mentioned_file_exists(page: Path) -> None:
    missing = [mention for mention in mentioned_files(page.read_text(encoding="utf-8")) if not exists(mention)]
    assert not missing, f"{page.relative_to(ROOT)} mentions files the repository does not contain: {missing}"


_IMAGE = re.compile(r"!\[[^\]]+\]\((?:\.\./)?_generated/gallery/[\w.-]+\.svg\)")
_FIGURE = re.compile(r":::\{figure\} (?:\.\./)?_generated/gallery/[\w.-]+\.svg\n(?::[a-z]+:.*\n)*")


def test_the_landing_page_shows_a_picture_before_its_first_example() -> None:
    """Issue 38, point 6: "the docs' landing page shows a picture"."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    picture = _IMAGE.search(text)
    assert picture is not None, "index.md shows no picture of a table"
    assert picture.start() < text.index("```"), "the picture comes before the first code block"


def test_the_quickstart_shows_a_short_log_and_installs_from_a_checkout() -> None:
    """Issue 38, point 6: the quickstart "does not paste 150 lines of log" and has no ``<URL ...>`` placeholder."""
    text = (DOCS / "quickstart.md").read_text(encoding="utf-8")
    assert "<URL" not in text and "git clone" not in text
    assert "python3 -m pip install .\n" in text, "the install works from the checkout it runs in"
    assert re.search(r"```\{literalinclude\} _generated/[\w-]+-short\.txt", text), "the game log is shortened"
    blocks = re.findall(r"```[^\n]*\n(.*?)```", text, flags=re.S)
    assert blocks and max(block.count("\n") for block in blocks) <= 40, "a code block of more than 40 lines"


def test_the_gallery_pictures_keep_their_own_size_so_their_words_stay_readable() -> None:
    """Issue 38, point 6: "the gallery's pictures are readable at the page's width".

    Every picture of the gallery and of the games' pages is a figure of class ``gallery``, which the docs' style
    sheet shows at the picture's own size (a wider one scrolls sideways) instead of shrinking it to the column.
    """
    figures = 0
    for name in ("pictures.md", "games/dia_de_los_muertos.md", "games/ofrenda.md", "games/ofrendados.md"):
        text = (DOCS / name).read_text(encoding="utf-8")
        assert not _IMAGE.search(text), f"{name} shows a picture shrunk to the column"
        for figure in _FIGURE.finditer(text):
            assert ":figclass: gallery" in figure.group(0), figure.group(0)
            figures += 1
    portents = (DOCS / "games" / "portents.md").read_text(encoding="utf-8")
    assert not _IMAGE.search(portents) and len(_FIGURE.findall(portents)) == 3
    assert figures == 16 + 3 * 3
    style = (DOCS / "_static" / "gallery.css").read_text(encoding="utf-8")
    assert re.search(r"figure\.gallery img \{[^}]*max-width: none", style)
    assert re.search(r"figure\.gallery \{[^}]*overflow-x: auto", style)
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert 'html_css_files = ["gallery.css"]' in conf and 'html_static_path = ["_static"]' in conf
