"""The game server under load: actions per second and latency, measured (``nox -s serverbench``).

Starts ``ofrenda-rules serve`` on a loopback port over a fresh SQLite file (or
``--database postgresql://...``), creates ``--matches`` Día de los Muertos
matches (one seat a bot client over a WebSocket, two seats the server's random
bots), plays them all at once, and reports the client-side figures: submitted
actions per second, p50/p99 latency from sending an action to its
acknowledgement, the server's resident memory at the end and its CPU time
(user and system) per action while the matches were played. Every replay is
verified. Writes the figures as JSON with ``--out``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.load import LOAD_OPTIONS, check_replays, cpu_seconds, create_matches, play_all, resident_kib
from tests.server.serving import free_port, start, stop, wait_listening


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--database", help="a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--out", help="write the figures to this JSON file")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes sharing the database (PostgreSQL), clients spread"
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.database:
        parser.error("--processes needs a shared database: --database postgresql://...")
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or str(Path(folder) / "bench.db")
        ports = [free_port() for _ in range(args.processes)]
        servers = [start(port, Path(folder), database, *LOAD_OPTIONS) for port in ports]
        try:
            for port, server in zip(ports, servers, strict=True):
                wait_listening(port, server)
            base = f"http://127.0.0.1:{ports[0]}"
            clients = create_matches(base, args.matches)
            spread = [[f"ws://127.0.0.1:{ports[i % len(ports)]}"] for i in range(len(clients))]
            cpu_before = sum(cpu_seconds(server.pid) for server in servers)
            began = time.perf_counter()
            asyncio.run(play_all(clients, spread, 1800.0))
            seconds = time.perf_counter() - began
            cpu = sum(cpu_seconds(server.pid) for server in servers) - cpu_before
            memory = sum(resident_kib(server.pid) for server in servers)
            actions = check_replays(base, clients)
        finally:
            for server in servers:
                stop(server)
    latencies = sorted(latency for client in clients for latency in client.latencies)
    quantiles = statistics.quantiles(latencies, n=100)
    figures = {
        "matches": args.matches,
        "processes": args.processes,
        "database": "postgresql" if args.database else "sqlite",
        "client_actions": actions,
        "seconds": round(seconds, 2),
        "actions_per_second": round(actions / seconds, 1),
        "latency_ms_p50": round(quantiles[49] * 1000, 2),
        "latency_ms_p99": round(quantiles[98] * 1000, 2),
        "server_resident_mib": round(memory / 1024, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / actions, 3),
    }
    print(json.dumps(figures, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
