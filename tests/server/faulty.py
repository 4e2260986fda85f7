"""A fault-injecting WebSocket proxy on loopback, for the reconnection tests.

Between each client and the server it passes the client's bytes through
untouched, and reads the server's WebSocket frames one by one (after the
HTTP handshake; frames from a server are never masked, and the clients here
ask for no compression), then, drawing from a seeded generator, drops a text
frame, sends it twice, holds it back to send after the next one (reordering),
delays it, or cuts the connection. Control frames pass untouched. Every loop
ends when a socket closes; :meth:`FaultyProxy.close` stops everything.
"""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections import Counter

__all__ = ["FaultyProxy"]

FAULTS = ("drop", "duplicate", "reorder", "delay", "cut")


def _read_exactly(conn: socket.socket, count: int, buffer: bytearray) -> bytes | None:
    """``count`` bytes from ``buffer`` then ``conn``; ``None`` once the connection is closed."""
    while len(buffer) < count:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        buffer.extend(chunk)
    taken = bytes(buffer[:count])
    del buffer[:count]
    return taken


class FaultyProxy:
    """Listens on a loopback port and forwards to ``target_port``, injecting faults at ``rate`` per text frame."""

    def __init__(self, target_port: int, *, seed: int, rate: float = 0.08, delay: float = 0.02) -> None:
        self.target_port = target_port
        self.rate = rate
        self.delay = delay
        self.random = random.Random(seed)
        self.lock = threading.Lock()
        self.faults: Counter[str] = Counter()
        """How many faults of each kind were injected."""
        self.frames = 0
        """How many text frames went through."""
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port: int = self.listener.getsockname()[1]
        self.closed = threading.Event()
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        """Stop listening and cut every connection."""
        self.closed.set()
        self.listener.close()
        with self.lock:
            for conn in self.sockets:
                conn.close()

    def _draw(self) -> str | None:
        with self.lock:
            if self.random.random() >= self.rate:
                return None
            fault = self.random.choice(FAULTS)
            self.faults[fault] += 1
            return fault

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target_port), timeout=30)
            server.settimeout(None)
            with self.lock:
                self.sockets.extend((client, server))
            threading.Thread(target=self._upstream, args=(client, server), daemon=True).start()
            threading.Thread(target=self._downstream, args=(server, client), daemon=True).start()

    @staticmethod
    def _cut(*conns: socket.socket) -> None:
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()

    def _upstream(self, client: socket.socket, server: socket.socket) -> None:
        try:
            while chunk := client.recv(65536):
                server.sendall(chunk)
        except OSError:
            pass
        self._cut(client, server)

    def _downstream(self, server: socket.socket, client: socket.socket) -> None:
        buffer = bytearray()
        held: bytes | None = None
        try:
            while b"\r\n\r\n" not in buffer:  # the handshake's answer, passed through whole
                chunk = server.recv(65536)
                if not chunk:
                    raise OSError("closed during the handshake")
                buffer.extend(chunk)
            end = buffer.index(b"\r\n\r\n") + 4
            client.sendall(bytes(buffer[:end]))
            del buffer[:end]
            while True:
                head = _read_exactly(server, 2, buffer)
                if head is None:
                    break
                length = head[1] & 0x7F
                extra = b""
                if length == 126:
                    extra = _read_exactly(server, 2, buffer) or b""
                    length = int.from_bytes(extra, "big")
                elif length == 127:
                    extra = _read_exactly(server, 8, buffer) or b""
                    length = int.from_bytes(extra, "big")
                payload = _read_exactly(server, length, buffer)
                if payload is None:
                    break
                frame = head + extra + payload
                if head[0] & 0x0F != 0x1:  # control frames and the rest pass untouched
                    client.sendall(frame)
                    continue
                with self.lock:
                    self.frames += 1
                fault = self._draw()
                if fault == "cut":
                    break
                if fault == "drop":
                    continue
                if fault == "delay":
                    time.sleep(self.delay)
                if fault == "reorder" and held is None:
                    held = frame
                    continue
                client.sendall(frame)
                if fault == "duplicate":
                    client.sendall(frame)
                if held is not None:
                    client.sendall(held)
                    held = None
        except OSError:
            pass
        self._cut(server, client)
