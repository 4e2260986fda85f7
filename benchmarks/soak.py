"""Soak: refused requests of every kind against a server on loopback, and refused ``loads``, with memory measured.

Two parts, each a pass or a failure against a stated bound:

* **library** -- ``loads`` of refused documents (bad JSON, wrong types, unknown
  members, duplicate members, too deep, and a 100 kB state with an unknown
  member, the document behind issue 37's leak) in this process; resident
  memory after the soak must be within ``--bound-mib`` of memory after a
  warm-up of a tenth as many.
* **server** -- ``ofrenda-rules serve`` in a subprocess on a loopback port
  (SQLite in a temporary directory); ``--requests`` refused requests spread
  evenly over every kind (malformed JSON, bad configs, malformed and stale
  actions, wrong secrets, oversized bodies, bodies not in UTF-8, unknown
  routes, WebSocket floods of bad messages, WebSocket connections over the
  per-seat limit), each checked for its documented status and error code; the
  server's resident memory (``/proc/PID/status``) after the soak must be within
  ``--bound-mib`` of its memory after a warm-up of a tenth as many.

Usage: ``python benchmarks/soak.py [--requests 100000] [--bound-mib 16] [--out FILE]``
(``nox -s soak``; the fuzz session runs a short version). Exit status 1 when a
bound is exceeded or a request was not answered as documented.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024
WORKERS = 4
"""Client threads, each with its own HTTP connection, match and WebSocket."""


def rss(pid: int | None = None) -> int:
    """Resident memory of a process (this one by default) in bytes, from ``/proc``."""
    status = Path(f"/proc/{pid or os.getpid()}/status").read_text()
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc status")


# -- the library ------------------------------------------------------------------------------


def library_soak(count: int, bound: int) -> dict[str, Any]:
    """``count`` refused ``loads`` of every kind; resident memory before (after a warm-up) and after."""
    from ofrenda_rules.errors import FormatError
    from ofrenda_rules.registry import get_game
    from ofrenda_rules.serialization import dumps, loads

    game = get_game("dia_de_los_muertos")
    config = game.config_type(players=4)
    state = json.loads(dumps(game.new_game(config, 3)))
    big = json.dumps({**state, "refused_padding": "x" * 100_000})
    documents: list[tuple[str, type]] = [
        ('{"players": ', game.config_type),
        ('{"players": "four"}', game.config_type),
        ('{"players": 4, "nope": 1}', game.config_type),
        ('{"players": 4, "players": 5}', game.config_type),
        ("[" * 200 + "]" * 200, game.config_type),
        ('{"type": "fly"}', game.action_type),
        (json.dumps({**state, "extra": 1}), game.state_type),
        (big, game.state_type),
    ]
    refused = 0

    def run(n: int) -> None:
        nonlocal refused
        for index in range(n):
            text, cls = documents[index % len(documents)]
            try:
                loads(text, cls)
            except FormatError:
                refused += 1

    run(max(count // 10, len(documents)))
    before = rss()
    run(count)
    after = rss()
    return {
        "part": "library",
        "refused": refused,
        "rss_before_mib": round(before / MIB, 1),
        "rss_after_mib": round(after / MIB, 1),
        "growth_mib": round((after - before) / MIB, 1),
        "bound_mib": bound / MIB,
        "ok": after - before <= bound and refused == max(count // 10, len(documents)) + count,
    }


# -- the server -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Client:
    """One worker: an HTTP connection, a match with two people's seats, a WebSocket on seat 0."""

    def __init__(self, port: int) -> None:
        from websockets.sync.client import connect

        self.port = port
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        status, created = self.call("POST", "/matches", json.dumps({"game": "portents", "seats": ["human", "human"]}))
        assert status == 201, created
        self.match: str = created["match"]
        self.secret: str = created["secrets"]["0"]
        self.ws_url = f"ws://127.0.0.1:{port}/matches/{self.match}/ws"
        self.stack = contextlib.ExitStack()
        self.ws = self.stack.enter_context(connect(self.ws_url, open_timeout=30, max_size=2**20))
        self.ws.send(json.dumps({"seat": 0, "secret": self.secret}))
        hello = json.loads(self.ws.recv(timeout=30))
        self.step: int = hello["step"]
        self.connect = connect

    def call(
        self, method: str, path: str, body: bytes | str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        data = body.encode() if isinstance(body, str) else body
        self.http.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        response = self.http.getresponse()
        raw = response.read()
        if response.getheader("connection", "").lower() == "close":
            self.http.close()
            self.http = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        return response.status, json.loads(raw)

    def kinds(self) -> dict[str, Callable[[], tuple[int, str]]]:
        """Each kind of refused request: a call answering the status and error code received."""
        padding = "p" * 20_000
        seat = f"/matches/{self.match}/seats/0"
        auth = {"Authorization": f"Bearer {self.secret}"}

        def http_code(status: int, answer: Any) -> tuple[int, str]:
            return status, answer["error"]["code"]

        def bad_json() -> tuple[int, str]:
            return http_code(*self.call("POST", "/matches", '{"game": "portents", "config": {' + padding))

        def bad_config() -> tuple[int, str]:
            body = json.dumps({"game": "dia_de_los_muertos", "config": {"players": "four", "pad": padding}})
            return http_code(*self.call("POST", "/matches", body))

        def bad_action() -> tuple[int, str]:
            body = json.dumps({"step": self.step, "action": {"type": "place", "tile": padding}})
            return http_code(*self.call("POST", f"{seat}/actions", body, auth))

        def stale_action() -> tuple[int, str]:
            body = json.dumps({"step": self.step + 5, "action": {"type": "pass"}})
            return http_code(*self.call("POST", f"{seat}/actions", body, auth))

        def wrong_secret() -> tuple[int, str]:
            return http_code(*self.call("GET", seat, None, {"Authorization": "Bearer not-the-secret"}))

        def not_utf8() -> tuple[int, str]:
            body = json.dumps({"game": "portents", "pad": padding[:2000]}).encode("utf-16")
            return http_code(*self.call("POST", "/matches", body))

        def unknown_route() -> tuple[int, str]:
            return http_code(*self.call("GET", f"/nowhere/{padding[:500]}"))

        def oversized() -> tuple[int, str]:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                connection.request("POST", "/matches", body=b"{" + b" " * (65 * 1024) + b"}")
                response = connection.getresponse()
                return http_code(response.status, json.loads(response.read()))
            finally:
                connection.close()

        def ws_message() -> tuple[int, str]:
            return 0, self.ws_exchange(
                json.dumps({"step": self.step, "action": {"type": "place", "tile": padding[:3000]}})
            )

        def ws_too_large() -> tuple[int, str]:
            return 0, self.ws_exchange(json.dumps({"step": self.step, "action": padding[:6000]}))

        def ws_bad_json() -> tuple[int, str]:
            return 0, self.ws_exchange("{" + padding[:3000])

        def ws_over_the_limit() -> tuple[int, str]:
            with self.connect(self.ws_url, open_timeout=30) as extra:
                extra.send(json.dumps({"seat": 0, "secret": self.secret}))
                return 0, json.loads(extra.recv(timeout=30))["error"]["code"]

        return {
            "bad-json": bad_json,
            "bad-config": bad_config,
            "bad-action": bad_action,
            "stale-action": stale_action,
            "wrong-secret": wrong_secret,
            "not-utf-8": not_utf8,
            "unknown-route": unknown_route,
            "oversized": oversized,
            "ws-bad-action": ws_message,
            "ws-too-large": ws_too_large,
            "ws-bad-json": ws_bad_json,
            "ws-over-the-limit": ws_over_the_limit,
        }

    def ws_exchange(self, message: str) -> str:
        self.ws.send(message)
        code: str = json.loads(self.ws.recv(timeout=30))["error"]["code"]
        return code


EXPECTED = {
    "bad-json": (400, "malformed-json"),
    "bad-config": (422, "invalid-config"),
    "bad-action": (400, "malformed-action"),
    "stale-action": (409, "stale-step"),
    "wrong-secret": (403, "forbidden"),
    "not-utf-8": (400, "not-utf-8"),
    "unknown-route": (404, "not-found"),
    "oversized": (413, "too-large"),
    "ws-bad-action": (0, "malformed-action"),
    "ws-too-large": (0, "too-large"),
    "ws-bad-json": (0, "malformed-json"),
    "ws-over-the-limit": (0, "too-many-requests"),
}
"""Each kind's documented answer (status ``0`` for a WebSocket message)."""


def drive(clients: list[Client], count: int, tally: Counter[str], wrong: Counter[str]) -> None:
    """``count`` refused requests spread over the clients' threads and every kind, round robin."""

    def work(client: Client, share: int, offset: int) -> None:
        kinds = list(client.kinds().items())
        for index in range(share):
            name, call = kinds[(index + offset) % len(kinds)]
            got = call()
            tally[name] += 1
            if got != EXPECTED[name]:
                wrong[f"{name}: {got}"] += 1

    threads = [
        threading.Thread(target=work, args=(client, count // len(clients) + (i < count % len(clients)), i))
        for i, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=3600)


def server_soak(count: int, bound: int) -> dict[str, Any]:
    """``count`` refused requests against a fresh server; its resident memory after a warm-up and after."""
    with tempfile.TemporaryDirectory(prefix="ofrenda-soak-") as folder:
        port = free_port()
        command = [
            sys.executable, "-m", "ofrenda_rules.cli", "serve", "--port", str(port),
            "--database", str(Path(folder) / "soak.db"),
            "--creates-per-minute", str(10**9), "--sockets-per-seat", "1",
        ]  # fmt: skip
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        with (Path(folder) / "server.log").open("w") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 30
            while True:
                with socket.socket() as probe:
                    if probe.connect_ex(("127.0.0.1", port)) == 0:
                        break
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start: " + (Path(folder) / "server.log").read_text())
                time.sleep(0.1)
            clients = [Client(port) for _ in range(WORKERS)]
            tally: Counter[str] = Counter()
            wrong: Counter[str] = Counter()
            started = time.monotonic()
            drive(clients, max(count // 10, 12 * WORKERS), tally, wrong)
            before = rss(server.pid)
            warm = sum(tally.values())
            drive(clients, count, tally, wrong)
            after = rss(server.pid)
            seconds = time.monotonic() - started
            soaked = sum(tally.values()) - warm
            for client in clients:
                client.stack.close()
                client.http.close()
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
    return {
        "part": "server",
        "requests": soaked,
        "warm_up_requests": warm,
        "per_kind": dict(sorted(tally.items())),
        "wrong_answers": dict(wrong),
        "seconds": round(seconds, 1),
        "rss_before_mib": round(before / MIB, 1),
        "rss_after_mib": round(after / MIB, 1),
        "growth_mib": round((after - before) / MIB, 1),
        "bound_mib": bound / MIB,
        "ok": after - before <= bound and not wrong and soaked == count,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=100_000, help="refused requests after the warm-up (100000)")
    parser.add_argument("--loads", type=int, default=100_000, help="refused loads after the warm-up (100000)")
    parser.add_argument("--bound-mib", type=float, default=16.0, help="allowed growth of resident memory (16 MiB)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args(argv)
    bound = int(args.bound_mib * MIB)
    results = [library_soak(args.loads, bound), server_soak(args.requests, bound)]
    for result in results:
        print(json.dumps(result), flush=True)
    if args.out is not None:
        record = {"date": time.strftime("%Y-%m-%d"), "cpus": os.cpu_count(), "results": results}
        args.out.write_text(json.dumps(record, indent=2) + "\n")
    return 0 if all(result["ok"] for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
