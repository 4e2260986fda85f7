"""``ofrenda-rules serve`` in a subprocess on a loopback port, for the tests that need a real server."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30.0
"""Longest wait for a server to listen."""


def free_port() -> int:
    """A port nobody listens on (the kernel's pick)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


_LOGS: dict[int, Path] = {}
"""The file each server (by process id) writes its output to."""


def start(port: int, cwd: Path, database: str, *options: str) -> subprocess.Popen[str]:
    """``ofrenda-rules serve`` on 127.0.0.1:``port`` over ``database``, its output appended to a file in ``cwd``.

    A file, not a pipe: nobody reads a pipe while the test runs, and a server
    that logs more than a pipe holds (64 KiB) would block on its next write.
    """
    command = [sys.executable, "-m", "ofrenda_rules.cli", "serve", "--port", str(port), "--database", database]
    command.extend(options)
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    log = cwd / f"server-{port}.log"
    with log.open("a") as output:
        server = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=subprocess.STDOUT, text=True, env=env)
    _LOGS[server.pid] = log
    return server


def output_of(server: subprocess.Popen[str]) -> str:
    """What ``server`` (and any earlier server on its port in the same directory) has written so far."""
    return _LOGS[server.pid].read_text(errors="replace")


def wait_listening(port: int, server: subprocess.Popen[str]) -> None:
    """Return once the server accepts connections; fail after :data:`START_SECONDS` or if it stops."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server stopped: {output_of(server)}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"the server did not listen within {START_SECONDS} s")


def stop(server: subprocess.Popen[str]) -> None:
    """Stop a server and wait for it (bounded)."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


def request(url: str, body: object | None = None, secret: str | None = None) -> tuple[int, object]:
    """An HTTP request with a JSON body (a POST when there is one); the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["Authorization"] = f"Bearer {secret}"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
