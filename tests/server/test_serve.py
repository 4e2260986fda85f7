"""``ofrenda-rules serve`` for real: uvicorn on a loopback port, a match created and read over HTTP.

Every wait is bounded (:data:`START_SECONDS`); the server process is always stopped.
"""

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

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30.0
"""Longest wait for the server to listen."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def request(url: str, body: object | None = None, secret: str | None = None) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["Authorization"] = f"Bearer {secret}"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_serve_answers_on_loopback_and_keeps_matches_across_restarts(tmp_path: Path) -> None:
    database = tmp_path / "served.db"

    def start(port: int) -> subprocess.Popen[str]:
        command = [sys.executable, "-m", "ofrenda_rules.cli", "serve", "--port", str(port), "--database", str(database)]
        return subprocess.Popen(
            command,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        )

    def wait(port: int, server: subprocess.Popen[str]) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            assert server.poll() is None, server.stderr.read() if server.stderr else "the server stopped"
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.1)
        pytest.fail(f"the server did not listen within {START_SECONDS} s")

    port = free_port()
    server = start(port)
    try:
        wait(port, server)
        status, created = request(
            f"http://127.0.0.1:{port}/matches", {"game": "portents", "seats": ["human", "random"]}
        )
        assert status == 201 and isinstance(created, dict)
        match, secret = created["match"], created["secrets"]["0"]
        status, view = request(f"http://127.0.0.1:{port}/matches/{match}/seats/0", secret=secret)
        assert status == 200 and isinstance(view, dict) and "view" in view
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert database.exists()
    port = free_port()
    server = start(port)
    try:
        wait(port, server)
        status, again = request(f"http://127.0.0.1:{port}/matches/{match}/seats/0", secret=secret)
        assert status == 200 and again == view
    finally:
        server.terminate()
        server.wait(timeout=10)
