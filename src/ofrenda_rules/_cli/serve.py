"""``ofrenda-rules serve``: the game server (the ``server`` extra)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ofrenda_rules._cli.common import CliError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the subcommand."""
    parser = sub.add_parser(
        "serve",
        help="run the game server (pip install ofrenda-rules[server])",
        description="Serve matches of every game over HTTP and WebSockets, stored in SQLite.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--database",
        default="ofrenda-rules.db",
        metavar="PATH_OR_URL",
        help="a SQLite file (created on first run; the default is ofrenda-rules.db) or a postgresql:// URL",
    )
    limits = parser.add_argument_group("limits on clients (docs/server.md, 'Limits and lifecycle')")
    limits.add_argument(
        "--max-matches", type=int, default=1000, help="most unfinished matches at once; more creates answer 503 (1000)"
    )
    limits.add_argument(
        "--archive-seconds",
        type=float,
        default=3600.0,
        help="how long a finished match stays readable (its replay) before it is removed (3600)",
    )
    limits.add_argument(
        "--abandon-seconds",
        type=float,
        default=86400.0,
        help="how long a match may go without a step before bots play it out or it is closed (86400)",
    )
    limits.add_argument(
        "--sweep-seconds", type=float, default=60.0, help="how often archived and abandoned matches are looked for (60)"
    )
    limits.add_argument(
        "--creates-per-minute",
        type=int,
        default=30,
        help="most matches one client address may create in any minute; more answer 429 (30)",
    )
    limits.add_argument(
        "--sockets-per-seat",
        type=int,
        default=4,
        help="most open WebSockets per seat of a match (spectators: ten times as many per match); more answer 429 (4)",
    )
    limits.add_argument(
        "--tick-seconds",
        type=float,
        default=1.0,
        help="how often clocks that ran out are looked for: the resolution of match clocks (1)",
    )
    parser.add_argument(
        "--ws-deflate",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate) for clients that offer it: less bandwidth, more "
        "server CPU per message (off by default; docs/server-production.md)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from ofrenda_rules.server.app import MAX_BODY_BYTES, Limits, create_app, tune_collector
    except ImportError as exc:
        raise CliError(
            f"the server needs its extra: pip install 'ofrenda-rules[server]' ({exc.name} is missing)"
        ) from None
    for name in ("max_matches", "creates_per_minute", "sockets_per_seat"):
        if getattr(args, name) < 1:
            raise CliError(f"--{name.replace('_', '-')}: at least 1")
    for name in ("archive_seconds", "abandon_seconds", "sweep_seconds", "tick_seconds"):
        if not getattr(args, name) > 0:
            raise CliError(f"--{name.replace('_', '-')}: a positive number of seconds")
    limits = Limits(
        max_matches=args.max_matches,
        archive_seconds=args.archive_seconds,
        abandon_seconds=args.abandon_seconds,
        sweep_seconds=args.sweep_seconds,
        creates_per_minute=args.creates_per_minute,
        sockets_per_seat=args.sockets_per_seat,
        tick_seconds=args.tick_seconds,
    )
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
