"""The whole server process's instructions per client action: event loop, worker threads, database, under load.

``benchmarks/server_instructions.py`` counts the match service alone; this
counts everything ``ofrenda-rules serve`` does -- the ASGI and WebSocket
layers, the hops to worker threads, the garbage collector, SQLite -- while the
load benchmark's clients (``tests/server/load.py``) play ``N`` Día de los
Muertos matches against it over loopback. The server runs under valgrind's
callgrind with instrumentation off until every match is created, on while
they are played, and off again; the count is divided by the client actions
acknowledged. Valgrind runs the server's threads one at a time, so group
commit sees other group sizes than a real run: compare counts of this script
with each other, not with the benchmark's times. A run of 100 matches takes
about two minutes::

    PYTHONPATH=src python benchmarks/server_process_instructions.py 100
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.load import LOAD_OPTIONS, create_matches, play_all
from tests.server.serving import free_port

START_SECONDS = 300.0
"""The longest wait for the server to listen under valgrind."""


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={folder}/callgrind.out",
            sys.executable,
            "-m",
            "ofrenda_rules.cli",
            "serve",
            "--port",
            str(port),
            "--database",
            f"{folder}/bench.db",
            *LOAD_OPTIONS,
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        log_path = Path(folder) / "server.log"
        with log_path.open("w") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + START_SECONDS
            while time.monotonic() < deadline:
                with socket.socket() as probe:
                    if probe.connect_ex(("127.0.0.1", port)) == 0:
                        break
                time.sleep(0.5)
            else:
                raise RuntimeError(f"the server did not listen: {log_path.read_text()}")
            base = f"http://127.0.0.1:{port}"
            clients = create_matches(base, count)
            subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], check=True, capture_output=True)
            asyncio.run(play_all(clients, [[f"ws://127.0.0.1:{port}"]] * count, 3000.0))
            subprocess.run(["callgrind_control", "-i", "off", str(server.pid)], check=True, capture_output=True)
            actions = sum(len(client.acknowledged) for client in clients)
            server.send_signal(signal.SIGINT)
            server.wait(timeout=300)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait(timeout=60)
        total = int(re.findall(r"Collected : (\d+)", log_path.read_text())[-1])
    print(f"{count} matches, {actions} client actions, {total / actions:,.0f} instructions per action")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
