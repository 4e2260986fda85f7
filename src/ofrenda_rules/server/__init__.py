"""A game server that validates clients live (the ``server`` extra: Starlette, uvicorn).

The server holds the authoritative state of each match, accepts a seat's
action only if the rules allow it, tells every seat only what that seat may
see, makes the bots' moves, and commits every accepted step before it answers.
Run it with ``ofrenda-rules serve``, or mount :func:`~ofrenda_rules.server.app.create_app`
in any ASGI server. The core library never imports this package.
"""

from ofrenda_rules.server.matches import MatchService, ServerError
from ofrenda_rules.server.store import MatchRecord, SqliteStore, StepRecord, Store

__all__ = ["MatchRecord", "MatchService", "ServerError", "SqliteStore", "StepRecord", "Store"]
