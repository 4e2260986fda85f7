"""The floor the game server is measured against: one durable commit per action, nothing else.

A bare Starlette application on uvicorn with one WebSocket endpoint: it parses
each message as JSON and commits one row per action -- to SQLite (WAL,
``synchronous=FULL``, one connection, each commit in a worker thread) or to
PostgreSQL (one connection) -- then acknowledges it. ``--matches`` clients play
at once, each sending ``--actions`` actions one after the other and waiting for
each acknowledgement, as the server benchmark's clients do. Reports actions
per second, p50/p99 latency from sending an action to its acknowledgement, and
the endpoint process's CPU time per action (measuring it changes nothing the
floor does).

Usage: ``python benchmarks/server_floor.py --matches 200 [--database postgresql://...] [--out FILE]``
(``nox -s serverbench`` runs it beside ``server_load.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.load import cpu_seconds
from tests.server.serving import free_port, stop, wait_listening

_TABLE = "CREATE TABLE floor_actions (match TEXT, step INTEGER, action TEXT, PRIMARY KEY (match, step))"

ACTIONS = 17
"""Actions per client: about a Día de los Muertos seat's share of a three-player match."""


def floor_app(database: str) -> Any:
    """The bare application: parse, commit one row, acknowledge."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    lock = threading.Lock()
    if database.startswith("postgresql://"):
        import psycopg

        db: Any = psycopg.connect(database, autocommit=True)
        db.execute("DROP TABLE IF EXISTS floor_actions")
        db.execute(_TABLE)
        insert = "INSERT INTO floor_actions VALUES (%s, %s, %s)"

        def commit(row: tuple[str, int, str]) -> None:
            with lock, db.transaction():
                db.execute(insert, row)

    else:
        db = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute(_TABLE.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))

        def commit(row: tuple[str, int, str]) -> None:
            with lock:
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO floor_actions VALUES (?, ?, ?)", row)
                db.execute("COMMIT")

    async def endpoint(websocket: WebSocket) -> None:
        match = websocket.path_params["match"]
        await websocket.accept()
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                await run_in_threadpool(commit, (match, message["step"], json.dumps(message["action"])))
                await websocket.send_text(json.dumps({"step": message["step"] + 1}))
        except WebSocketDisconnect:
            pass

    return Starlette(routes=[WebSocketRoute("/matches/{match}/ws", endpoint)])


async def client(port: int, match: int, actions: int, latencies: list[float]) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(match)
    async with connect(f"ws://127.0.0.1:{port}/matches/m{match}/ws", open_timeout=60) as socket:
        for step in range(actions):
            action = {"type": "play", "card": f"card-{rng.randrange(60)}"}
            sent = time.monotonic()
            await socket.send(json.dumps({"step": step, "action": action}))
            answer = json.loads(await asyncio.wait_for(socket.recv(), timeout=120))
            assert answer["step"] == step + 1
            latencies.append(time.monotonic() - sent)


async def drive(port: int, matches: int, actions: int) -> list[float]:
    latencies: list[float] = []
    await asyncio.gather(*(client(port, match, actions, latencies) for match in range(matches)))
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--actions", type=int, default=ACTIONS)
    parser.add_argument("--database", help="a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--out", help="write the figures to this JSON file")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DATABASE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        import uvicorn

        uvicorn.run(floor_app(args.serve[1]), host="127.0.0.1", port=int(args.serve[0]), log_level="warning")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or str(Path(folder) / "floor.db")
        port = free_port()
        command = [sys.executable, __file__, "--serve", str(port), database]
        with (Path(folder) / "floor.log").open("w") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True, env=dict(os.environ))
        try:
            wait_listening(port, server)
            cpu_before = cpu_seconds(server.pid)
            began = time.perf_counter()
            latencies = asyncio.run(drive(port, args.matches, args.actions))
            seconds = time.perf_counter() - began
            cpu = cpu_seconds(server.pid) - cpu_before
        finally:
            stop(server)
    quantiles = statistics.quantiles(sorted(latencies), n=100)
    figures = {
        "floor": True,
        "matches": args.matches,
        "database": "postgresql" if args.database else "sqlite",
        "client_actions": len(latencies),
        "seconds": round(seconds, 2),
        "actions_per_second": round(len(latencies) / seconds, 1),
        "latency_ms_p50": round(quantiles[49] * 1000, 2),
        "latency_ms_p99": round(quantiles[98] * 1000, 2),
        "server_cpu_ms_per_action": round(cpu * 1000 / len(latencies), 3),
    }
    print(json.dumps(figures, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
