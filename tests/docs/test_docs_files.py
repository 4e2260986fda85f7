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
