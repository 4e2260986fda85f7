"""Sphinx configuration for ofrenda_rules."""

from __future__ import annotations

import builtins
import contextlib
import importlib
import inspect
import io
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes

if TYPE_CHECKING:
    from docutils.nodes import Element, TextElement
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

# Document the source tree next to this file (the worktree being built).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "ofrenda_rules"
author = "ofrenda_rules developers"
copyright = "2026, ofrenda_rules developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated"]
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["gallery.css"]  # the pictures at their own size, readable (issue 38)
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Optional extras' frameworks are not installed for the docs build.
autodoc_mock_imports = [
    "pyspiel",
    "open_spiel",
    "starlette",
    "uvicorn",
    "psycopg",
    "websockets",
    "ray",
    "matplotlib",
    "pettingzoo",
    "gymnasium",
    "numpy",
]
add_module_names = False
python_display_short_literal_types = True
nitpicky = True
# The build has no network, so no intersphinx: names from the standard library and
# the runtime dependencies are not resolved, and type variables are not documented.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(array|asyncio|collections|enum|fractions|json|typing|typing_extensions|pathlib|cattrs|attrs|attr|argparse"
        r"|threading|re)\..*",
    ),
    (
        r"py:.*",
        r"(Callable|Sequence|MutableSequence|Mapping|Iterable|Iterator|Fraction|Enum|Path|TextIO|Self|Final|TypeAlias"
        r"|array)",
    ),
    (r"py:(class|obj)", r"(ofrenda_rules(\.\w+)*\.)?_?([A-Z]|[A-Z]\w*T)(_co|_contra)?"),
    # A private base class named on a public class's "Bases" line is not documented (it is private).
    (r"py:class", r"ofrenda_rules(\.\w+)*\._\w+"),
    (r"py:class", r"JsonConverter"),
    # OpenSpiel is an optional extra, mocked while the docs are built.
    (
        r"py:.*",
        r"(pyspiel|open_spiel|starlette|uvicorn|psycopg|websockets|ray|matplotlib|pettingzoo|gymnasium|numpy)(\..*)?",
    ),
    # ``Literal[...]`` values in signatures.
    (r"py:class", r"\d+|'.*'|True|False"),
]
# Type hints name builtins such as ``object`` and ``type`` that are also field names
# in several games; those ambiguous implicit references are not errors.
suppress_warnings: list[str] = []
# Docstring examples are run by pytest --doctest-modules with their module's
# globals; the doctest builder runs the ``doctest`` directives of the pages.
doctest_test_doctest_blocks = ""

# -- The API reference: each public name documented once ---------------------------
#
# A game's subpackage re-exports its public names; the game's API page documents
# them there (``automodule:: ofrenda_rules.<game>`` with ``:imported-members:``),
# and the submodules' sections below it leave them out. Cross-references written
# with any path to an object (``ofrenda_rules.IllegalActionError``,
# ``ofrenda_rules.dia_de_los_muertos.state.State``) resolve to where it is documented.

GAME_PACKAGES = ("dia_de_los_muertos", "ofrenda", "ofrendados", "portents")


def _package_of(module_name: str) -> str | None:
    parts = module_name.split(".")
    if len(parts) >= 3 and parts[0] == "ofrenda_rules" and parts[1] in GAME_PACKAGES:
        return ".".join(parts[:2])
    return None


def _skip_member(app: Sphinx, what: str, name: str, obj: object, skip: bool, options: dict[str, object]) -> bool | None:
    """Skip the names a game package documents, in its submodules' sections."""
    if what != "module" or not (inspect.isclass(obj) or inspect.isfunction(obj)):
        return None
    package_name = _package_of(getattr(obj, "__module__", "") or "")
    if package_name is None:
        return None
    package = importlib.import_module(package_name)
    if getattr(options, "imported_members", None):
        return None
    if getattr(package, name, None) is obj:
        return True
    return None


def _object_key(obj: object) -> tuple[str, str] | None:
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str):
        return module, qualname
    return None


def _resolve_path(path: str) -> object | None:
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except (ImportError, ValueError):  # ValueError: an empty part, as in a relative ``.name``
            continue
        try:
            for attribute in parts[cut:]:
                obj = getattr(obj, attribute)
        except AttributeError:
            return None
        return obj
    return None


def _candidates(path: str) -> list[str]:
    """Other names of the object at ``path``: its defining module, its game package, a re-exporting module."""
    found = [path]
    parts = path.split(".")
    for cut in range(len(parts), 1, -1):
        key = _object_key(_resolve_path(".".join(parts[:cut])))
        if key is None or inspect.ismodule(_resolve_path(".".join(parts[:cut]))):
            continue
        rest = "".join("." + part for part in parts[cut:])
        found.append(f"{key[0]}.{key[1]}{rest}")
        package_name = _package_of(key[0])
        if package_name is not None:
            found.append(f"{package_name}.{key[1]}{rest}")
        break
    # A constant or alias imported into a module: its name in the module that defines it.
    head, _, last = path.rpartition(".")
    obj = _resolve_path(path)
    if inspect.ismodule(_resolve_path(head)):
        for module_name in sorted(sys.modules):
            if module_name.startswith("ofrenda_rules") and getattr(sys.modules[module_name], last, None) is obj:
                found.append(f"{module_name}.{last}")
    return found


def _missing_reference(app: Sphinx, env: BuildEnvironment, node: Element, contnode: TextElement) -> Element | None:
    """Resolve a reference to any path of a documented object (a re-export, the defining module)."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"])
    domain = env.get_domain("py")
    documented = {name for name, *_ in domain.get_objects()}
    # Where the reference was written: the page's current module and class, and the
    # object whose docstring holds it (documented under another name, perhaps).
    contexts = [""] if target.startswith("ofrenda_rules.") else []
    module, cls = node.get("py:module"), node.get("py:class")
    found = re.search(r"docstring of ([\w.]+)", str(node.source or ""))
    if found:
        parts = found.group(1).split(".")
        contexts += [".".join(parts[:cut]) + "." for cut in range(len(parts), 1, -1)]
        for cut in range(len(parts), 1, -1):
            key = _object_key(_resolve_path(".".join(parts[:cut])))
            if key is not None:
                contexts.append(key[0] + ".")
                break
    if module:
        contexts += [f"{module}.{cls}." if cls else "", f"{module}."]
    candidates: list[str] = []
    for context in contexts:
        path = context + target
        candidates += _candidates(path) if _resolve_path(path) is not None else []
    for candidate in candidates:
        if candidate != target and candidate in documented:
            node["reftarget"] = candidate
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], candidate, node, contnode)
    return None


def _qualify_references(app: Sphinx, doctree: nodes.document) -> None:
    """Give short Python references the module they were written in, before the fuzzy search.

    A type hint that autodoc cannot evaluate stays a bare name (``CardSpec``), and a
    bare name is looked up fuzzily: it would link to any documented object of that
    name (Día de los Muertos' ``CardSpec`` for Ofrendados' one, a field called
    ``object`` for the builtin). A bare name is therefore qualified with the module
    whose docstring or page holds it, when that module has it; a builtin type, which
    has no page here, stays plain text.
    """
    for node in list(doctree.findall(addnodes.pending_xref)):
        target = str(node.get("reftarget", ""))
        if node.get("refdomain") != "py" or not target or "." in target:
            continue
        if node.get("reftype") in {"class", "obj"} and isinstance(getattr(builtins, target, None), type):
            node.replace_self(node.children)
            continue
        modules = []
        found = re.search(r"docstring of ([\w.]+)", str(node.source or ""))
        if found:
            parts = found.group(1).split(".")
            keys = (_object_key(_resolve_path(".".join(parts[:cut]))) for cut in range(len(parts), 1, -1))
            modules += [key[0] for key in keys if key is not None][:1]
        if node.get("py:module"):
            modules.append(str(node["py:module"]))
        for module_name in modules:
            module = sys.modules.get(module_name)
            obj = getattr(module, target, None)
            defined_by = getattr(obj, "__module__", None) if obj is not None else "nowhere"
            if module is not None and not inspect.ismodule(obj) and str(defined_by).startswith("ofrenda_rules"):
                node["reftarget"] = f"{module_name}.{target}"
                node["refspecific"] = False
                break


def _drop_sourceless_modules(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """Leave out of the source pages' index the modules viewcode found no source for (``builtins``)."""
    modules = getattr(app.env, "_viewcode_modules", {})
    for name in [name for name, entry in modules.items() if entry is False]:
        del modules[name]
    return []


def _source_page_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, object], doctree: nodes.document | None
) -> None:
    """Point a source page's links to the objects' documentation at the names they are documented under.

    viewcode links every definition of a module under one prefix, the first name
    the module was documented under; a module whose public names are documented
    under its game package and the rest under its own name gets broken anchors.
    """
    body = context.get("body")
    if not pagename.startswith("_modules/ofrenda_rules") or not isinstance(body, str):
        return
    module_name = pagename.removeprefix("_modules/").replace("/", ".")
    documented = {name for name, *_ in app.env.get_domain("py").get_objects()}

    def fix(match: re.Match[str]) -> str:
        anchor = match.group(2)
        if anchor in documented:
            return match.group(0)
        parts = anchor.split(".")
        for cut in range(1, len(parts)):
            for candidate in _candidates(f"{module_name}.{'.'.join(parts[cut:])}"):
                if candidate in documented:
                    return f'{match.group(1)}#{candidate}"'
        return match.group(0)

    context["body"] = re.sub(r'(href="[^"#]*)#(ofrenda_rules[\w.]*)"', fix, body)


#: Where a name written as code on a prose page is looked up: a game's page in its
#: subpackage, every other page in the kernel's modules.
KERNEL_MODULES = (
    "ofrenda_rules",
    "ofrenda_rules.replays",
    "ofrenda_rules.game",
    "ofrenda_rules.chance",
    "ofrenda_rules.rng",
    "ofrenda_rules.errors",
    "ofrenda_rules.json.serialization",
    "ofrenda_rules.editions",
    "ofrenda_rules.bots.playout",
    "ofrenda_rules.json.digest",
    "ofrenda_rules.json.schema",
    "ofrenda_rules.game.GameDefinition",
)
_CODE_NAME = re.compile(r"([A-Za-z_][\w.]*)(?:\(.*\))?")


def _in_first_column(node: nodes.Node) -> bool:
    """Whether ``node`` is in the first cell of a table row."""
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.entry):
        parent = parent.parent
    return parent is not None and parent.parent is not None and parent.parent.index(parent) == 0


def _link_code_names(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Link a name written as code on a prose page (``Config``, ``apply(state, action)``) to its reference.

    Only names that are documented are linked, and only on the guide and game
    pages (the API pages link their own names; the command line page names
    commands such as ``verify``, not the functions of the same name).
    """
    if docname.startswith("api/") or docname in {"changelog", "cli"}:
        return  # the command line page's code names commands and options, not functions
    domain = app.env.get_domain("py")
    objects = domain.objects  # type: ignore[attr-defined]
    game = docname.removeprefix("games/") if docname.startswith("games/") else None
    prefixes = (f"ofrenda_rules.{game}",) if game else KERNEL_MODULES
    for literal in list(doctree.findall(nodes.literal)):
        if isinstance(literal.parent, (nodes.reference, nodes.title)) or "xref" in literal["classes"]:
            continue
        match = _CODE_NAME.fullmatch(literal.astext())
        if match is None or match.group(1) in {"True", "False", "None"}:
            continue
        name = match.group(1)
        paths = [name] if name.startswith("ofrenda_rules.") else [f"{prefix}.{name}" for prefix in prefixes]
        if game and _in_first_column(literal):
            # The option column of a game's options table names ``Config`` fields.
            paths.append(f"ofrenda_rules.{game}.Config.{name}")
        entry = None
        for path in paths:
            if path in objects:
                entry = objects[path]
                break
            if _resolve_path(path) is None:
                continue
            entry = next((objects[found] for found in _candidates(path) if found in objects), None)
            if entry is not None:
                break
        if entry is None:
            continue
        uri = app.builder.get_relative_uri(docname, entry.docname) + "#" + entry.node_id
        reference = nodes.reference("", "", internal=True, refuri=uri, reftitle=name)
        literal.replace_self(reference)
        reference += literal


def _bases(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Leave ``object`` out of a class's bases (every class has it; "Bases: object" says nothing)."""
    bases[:] = [base for base in bases if base is not object]


def _signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Show a lambda default as ``...`` (its repr names only the class that holds it)."""
    if signature and "<lambda>" in signature:
        signature = re.sub(r"<function [\w.]*<lambda>>", "...", signature)
        return signature, return_annotation
    return None


# -- Output generated at build time ----------------------------------------------

#: Commands whose real output a page includes (``_generated/<name>.txt``).
GENERATED_COMMANDS = {
    "play_dia_de_los_muertos": ["play", "dia_de_los_muertos", "--players", "4", "--seed", "7"],
}


def _generate_outputs(app: Sphinx) -> None:
    """Run the commands a page shows and write what they print, prompt first."""
    from ofrenda_rules.cli import main

    folder = Path(app.srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    for name, arguments in GENERATED_COMMANDS.items():
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            status = main(arguments)
        if status != 0:
            raise RuntimeError(f"ofrenda-rules {' '.join(arguments)} exited with {status}")
        text = f"$ ofrenda-rules {' '.join(arguments)}\n{output.getvalue()}"
        target = folder / f"{name}.txt"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
        _write(folder / f"{name}-short.txt", _shortened(text))


#: How many first lines of a command's output a page shows before the result (``<name>-short.txt``).
SHORT_HEAD = 14


def _shortened(text: str) -> str:
    """The first lines of a command's output, a line saying how many are left out, and its result."""
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if line.startswith("result:")), len(lines))
    if end <= SHORT_HEAD + 1:
        return text
    return "\n".join([*lines[:SHORT_HEAD], f"   ... ({end - SHORT_HEAD} more lines)", *lines[end:]]) + "\n"


#: The games of the gallery (``pictures.md``): the configuration drawn and the seed of its game.
GALLERY = {
    "dia_de_los_muertos": ({"players": 4}, 7),
    "ofrenda": ({"players": 2}, 5),
    "ofrendados": ({"players": 3}, 5),
    "portents": ({"players": 1}, 3),
}


def _write(target: Path, text: str) -> None:
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def _generate_gallery(app: Sphinx) -> None:
    """Draw each game at set-up, mid-game (the whole table and seat 0's view) and at the end, with the library.

    Writes ``_generated/gallery/<game>-<moment>.svg``, the events of the
    mid-game step in ``<game>-events.txt`` and the text board in
    ``<game>-board.txt``, and one HTML replay viewer per game.
    """
    from ofrenda_rules.bots.playout import random_playout
    from ofrenda_rules.registry import get_game
    from ofrenda_rules.replays import record
    from ofrenda_rules.replays.viewer import replay_html

    folder = Path(app.srcdir) / "_generated" / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    for name, (options, seed) in GALLERY.items():
        game = get_game(name)
        config = game.config_type(**options)
        playout = random_playout(game, config, seed, seed)
        state = playout.initial
        middle = len(playout.actions) // 2
        events: tuple[object, ...] = ()
        for action in playout.actions[:middle]:
            state, events = game.step(state, action)
        moments = {"setup": playout.initial, "middle": state, "end": playout.final}
        for moment, subject in moments.items():
            _write(folder / f"{name}-{moment}.svg", game.render_svg(subject))
        _write(folder / f"{name}-view.svg", game.render_svg(game.observe(state, 0)))
        _write(folder / f"{name}-board.txt", game.render_text(game.observe(state, 0)) + "\n")
        step = game.describe_action(playout.initial, playout.actions[0]) if middle == 0 else ""
        lines = [game.describe_event(event) for event in events] or [step or "(no events)"]
        _write(folder / f"{name}-events.txt", "\n".join(lines) + "\n")
        replay = record(game, config, seed, playout.actions)
        _write(folder / f"{name}-viewer.html", replay_html(replay))


def _generate_openapi(app: Sphinx) -> None:
    """The server's OpenAPI document, generated from the protocol's and the games' types."""
    import json

    from ofrenda_rules.server.protocol import openapi

    folder = Path(app.srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    _write(folder / "openapi.json", json.dumps(openapi(), indent=2, ensure_ascii=False) + "\n")


def _generate_learning_tables(app: Sphinx) -> None:
    """The tensor shapes of every game and player count, and the bots' strength from the benchmark's results."""
    import json
    import math

    from ofrenda_rules.registry import games

    folder = Path(app.srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    rows = [
        "| game | players | observation shape | floats | information-state shape | floats | action ids |",
        "| --- | ---: | --- | ---: | --- | ---: | ---: |",
    ]
    for game in games():
        for players in game.info.player_counts:
            config = game.config_type(players=players)
            seen, recall = game.observation_shape(config), game.information_state_shape(config)
            rows.append(
                f"| {game.info.title} | {players} | {seen} | {math.prod(seen):,} | {recall} "
                f"| {math.prod(recall):,} | {game.num_distinct_actions(config):,} |"
            )
    _write(folder / "tensor_shapes.md", "\n".join(rows) + "\n")
    results = Path(app.srcdir).parent / "benchmarks" / "results" / "strength.json"
    document = json.loads(results.read_text(encoding="utf-8"))
    titles = {game.info.name: game.info.title for game in games()}
    lines = [
        "| game | players | bot | against | games | win rate | 95% interval | win share | ms per decision |",
        "| --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for row in document["results"]:
        low, high = row["wilson_95"]
        cost = row.get("ms_per_decision")
        lines.append(
            f"| {titles[row['game']]} | {row['players']} | `{row['tested']}` | {row['opponent']} | {row['games']} "
            f"| {row['win_rate']:.3f} | {low:.3f} - {high:.3f} | {row['win_share']:.3f} "
            f"| {'' if cost is None else f'{cost:.1f}'} |"
        )
    budgets = ", ".join(f"{titles[name]} `{spec}`" for name, spec in document["mcts"].items())
    lines += ["", f"Search budgets (`mcts`): {budgets}. Load average at the end: {document['load_average'][0]:.1f}."]
    if document.get("note"):
        lines += ["", str(document["note"])]
    if document.get("ladder"):
        lines += [
            "",
            "Rating ladder (Bradley-Terry, Elo scale, the reference bot at 0; 95% bootstrap intervals):",
            "",
            "| game | players | bot | rating | 95% interval | ms per decision | games a pair |",
            "| --- | ---: | --- | ---: | --- | ---: | ---: |",
        ]
        for entry in document["ladder"]:
            for row in entry["ratings"]:
                low, high = row["interval_95"]
                lines.append(
                    f"| {titles[entry['game']]} | {entry['players']} | `{row['bot']}` | {row['rating']:.0f} "
                    f"| {low:.0f} - {high:.0f} | {row['ms_per_decision']:.1f} | {entry['games_per_pair']} |"
                )
    _write(folder / "strength.md", "\n".join(lines) + "\n")


def setup(app: Sphinx) -> None:
    """Connect the hooks above."""
    app.connect("builder-inited", _generate_openapi)
    app.connect("builder-inited", _generate_outputs)
    app.connect("builder-inited", _generate_gallery)
    app.connect("builder-inited", _generate_learning_tables)
    app.connect("autodoc-skip-member", _skip_member)
    app.connect("missing-reference", _missing_reference)
    app.connect("doctree-read", _qualify_references)
    app.connect("html-collect-pages", _drop_sourceless_modules, priority=400)
    app.connect("html-page-context", _source_page_links)
    app.connect("doctree-resolved", _link_code_names)
    app.connect("autodoc-process-signature", _signature)
    app.connect("autodoc-process-bases", _bases)
