"""``ofrenda-rules serve`` for real: uvicorn on a loopback port, a match created and read over HTTP.

Every wait is bounded (``serving.START_SECONDS``); the server process is always stopped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from tests.server.serving import free_port, request, start, stop, wait_listening


def test_serve_answers_on_loopback_and_keeps_matches_across_restarts(tmp_path: Path) -> None:
    database = tmp_path / "served.db"

    port = free_port()
    server = start(port, tmp_path, str(database))
    try:
        wait_listening(port, server)
        status, created = request(
            f"http://127.0.0.1:{port}/matches", {"game": "portents", "seats": ["human", "random"]}
        )
        assert status == 201 and isinstance(created, dict)
        match, secret = created["match"], created["secrets"]["0"]
        status, view = request(f"http://127.0.0.1:{port}/matches/{match}/seats/0", secret=secret)
        assert status == 200 and isinstance(view, dict) and "view" in view
    finally:
        stop(server)
    assert database.exists()
    port = free_port()
    server = start(port, tmp_path, str(database))
    try:
        wait_listening(port, server)
        status, again = request(f"http://127.0.0.1:{port}/matches/{match}/seats/0", secret=secret)
        assert status == 200 and again == view
    finally:
        stop(server)
