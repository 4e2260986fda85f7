"""``ofrenda-rules serve``: the game server (the ``server`` extra)."""

from __future__ import annotations

import argparse
from typing import Any, Final, TextIO

from ofrenda_rules._cli.common import CliError

__all__ = ["arguments", "run"]

_LIMITS: Final[tuple[tuple[str, type[int] | type[float], float, str], ...]] = (
    ("max_matches", int, 1000, "most unfinished matches at once; more creates answer 503 (1000)"),
    (
        "archive_seconds",
        float,
        3600.0,
        "how long a finished match stays readable (its replay) before it is removed (3600)",
    ),
    (
        "abandon_seconds",
        float,
        86400.0,
        "how long a match may go without a step before bots play it out or it is closed (86400)",
    ),
    ("sweep_seconds", float, 60.0, "how often archived and abandoned matches are looked for (60)"),
    ("creates_per_minute", int, 30, "most matches one client address may create in any minute; more answer 429 (30)"),
    (
        "sockets_per_seat",
        int,
        4,
        "most open WebSockets per seat of a match (spectators: ten times as many per match); more answer 429 (4)",
    ),
    ("tick_seconds", float, 1.0, "how often clocks that ran out are looked for: the resolution of match clocks (1)"),
)
"""The server's limits on clients (``Limits``' fields, in its order): name, type, default and help of each option."""


def arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``serve`` to its parser."""
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--database",
        default="ofrenda-rules.db",
        metavar="PATH_OR_URL",
        help="a SQLite file (created on first run; the default is ofrenda-rules.db) or a postgresql:// URL",
    )
    limits = parser.add_argument_group("limits on clients (docs/server.md, 'Limits and lifecycle')")
    for name, kind, default, text in _LIMITS:
        limits.add_argument(f"--{name.replace('_', '-')}", type=kind, default=default, help=text)
    parser.add_argument(
        "--ws-deflate",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate) for clients that offer it: less bandwidth, more "
        "server CPU per message (off by default; docs/server-production.md)",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from ofrenda_rules.server.app import MAX_BODY_BYTES, Limits, create_app, tune_collector
    except ImportError as exc:
        raise CliError(
            f"the server needs its extra: pip install 'ofrenda-rules[server]' ({exc.name} is missing)"
        ) from None
    for name, kind, _, _ in _LIMITS:
        if kind is int and getattr(args, name) < 1:
            raise CliError(f"--{name.replace('_', '-')}: at least 1")
        if kind is float and not getattr(args, name) > 0:
            raise CliError(f"--{name.replace('_', '-')}: a positive number of seconds")
    values: dict[str, Any] = {name: getattr(args, name) for name, _, _, _ in _LIMITS}
    limits = Limits(**values)
    app = create_app(args.database, limits=limits)
    tune_collector()
    print(f"serving on http://{args.host}:{args.port} (database {args.database})", file=out, flush=True)
    # Messages over 4 KiB are answered ``too-large`` by the application; only one over the
    # transport's bound (the request body limit, 64 KiB) closes the connection (1009). Compression
    # runs on the event loop, per message: measured at about a third of a millisecond per answer
    # (docs/server-production.md), so it is the operator's choice, not the default.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_BODY_BYTES,
        ws_per_message_deflate=args.ws_deflate,
    )
    return 0
