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
    parser.add_argument("--max-matches", type=int, default=1000, help="most matches stored (default 1000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from ofrenda_rules.server.app import create_app
    except ImportError as exc:
        raise CliError(
            f"the server needs its extra: pip install 'ofrenda-rules[server]' ({exc.name} is missing)"
        ) from None
    if args.max_matches < 1:
        raise CliError("--max-matches: at least one match")
    app = create_app(args.database, max_matches=args.max_matches)
    print(f"serving on http://{args.host}:{args.port} (database {args.database})", file=out, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=4096)
    return 0
