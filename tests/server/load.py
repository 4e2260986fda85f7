"""Bot clients that play many matches at once over WebSockets, for the load and fault tests and the benchmark.

Each match has one seat played by a client here (the others are the server's
bots). A client connects, sends its seat's secret, and answers every answer in
which its seat is to move with a random legal action, recording each action
the server acknowledged and how long the acknowledgement took. A client whose
connection drops (the server was killed) reconnects until the server is back,
within a time bound. Every loop is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import urllib.request
from collections.abc import Sequence
from typing import Any, Final

import attrs
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from ofrenda_rules.replay import load_replay, verify

GAME = "dia_de_los_muertos"
"""The game the load plays: three seats, one a client here, two the server's random bots."""
RECEIVE_SECONDS = 120.0
"""The longest a client waits for one answer before it reconnects."""
MOVES_PER_MATCH = 400
"""A bound on the messages one client handles (a Día de los Muertos seat decides about 20 times)."""


@attrs.define
class Client:
    """One match's client and what it saw."""

    match: str
    secret: str
    seat: int = 0
    acknowledged: list[tuple[int, str]] = attrs.Factory(list)
    """``(step, action as canonical JSON)`` of every submission the server acknowledged."""
    latencies: list[float] = attrs.Factory(list)
    """Seconds from sending a submission to its acknowledgement."""
    reconnects: int = 0
    over: bool = False


LOAD_OPTIONS: Final = ("--creates-per-minute", "1000000", "--max-matches", "100000")
"""``serve`` options for load: one client address creates every match."""


def http(url: str, body: object | None = None) -> Any:
    """A JSON request to the server (a POST when there is a body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=RECEIVE_SECONDS) as answer:
        if answer.headers.get_content_type() == "application/json":
            return json.loads(answer.read())
        return answer.read().decode()


def create_matches(base: str, count: int, first_seed: int = 1) -> list[Client]:
    """``count`` matches of :data:`GAME`, each with its client's seat 0 and two random bots."""
    clients = []
    for index in range(count):
        body = {
            "game": GAME,
            "config": {"players": 3},
            "seats": ["human", "random", "random"],
            "seed": first_seed + index,
        }
        created = http(f"{base}/matches", body)
        clients.append(Client(created["match"], created["secrets"]["0"]))
    return clients


def _canonical(action: object) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


async def play(client: Client, ws_bases: Sequence[str], rng: random.Random, deadline: float) -> None:
    """Play the client's match to the end within ``deadline``; after a dropped connection, try the next server."""
    turn = 0
    while not client.over:
        if time.monotonic() > deadline:
            raise TimeoutError(f"match {client.match} did not finish in time")
        try:
            await _session(client, ws_bases[turn % len(ws_bases)], rng, deadline)
        except (OSError, WebSocketException, TimeoutError):
            client.reconnects += 1
            turn += 1
            await asyncio.sleep(0.2)


async def _session(client: Client, ws_base: str, rng: random.Random, deadline: float) -> None:
    async with connect(f"{ws_base}/matches/{client.match}/ws", open_timeout=10, max_size=2**22) as socket:
        # Lean answers: the way for bots (docs/server.md), no legal actions' words or picks.
        await socket.send(json.dumps({"seat": client.seat, "secret": client.secret, "lean": True}))
        answer = json.loads(await asyncio.wait_for(socket.recv(), timeout=RECEIVE_SECONDS))
        for _ in range(MOVES_PER_MATCH):
            if "error" in answer:
                raise AssertionError(f"match {client.match}: {answer['error']}")
            if answer["over"]:
                client.over = True
                return
            if answer["to_move"] != client.seat:
                answer = json.loads(await asyncio.wait_for(socket.recv(), timeout=RECEIVE_SECONDS))
                continue
            action = rng.choice(answer["legal_actions"])
            step = answer["step"]
            sent = time.monotonic()
            await socket.send(json.dumps({"step": step, "action": action}))
            while True:
                reply = json.loads(await asyncio.wait_for(socket.recv(), timeout=RECEIVE_SECONDS))
                if "error" in reply or reply["step"] > step:
                    break
            if "error" not in reply:
                client.latencies.append(time.monotonic() - sent)
                client.acknowledged.append((step, _canonical(action)))
            answer = reply
            if time.monotonic() > deadline:
                raise TimeoutError(f"match {client.match} did not finish in time")
        raise AssertionError(f"match {client.match}: more than {MOVES_PER_MATCH} messages")


async def play_all(clients: Sequence[Client], ws_bases: Sequence[Sequence[str]], seconds: float, seed: int = 0) -> None:
    """Play every client's match at once within ``seconds``; client ``i`` tries the servers ``ws_bases[i]`` in turn."""
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(
            play(c, bases, random.Random(seed + i), deadline)
            for i, (c, bases) in enumerate(zip(clients, ws_bases, strict=True))
        )
    )


def check_replays(base: str, clients: Sequence[Client]) -> int:
    """Every match is over, its replay verifies, and every acknowledged action is in it; the human steps in all."""
    human_steps = 0
    for client in clients:
        text = http(f"{base}/matches/{client.match}/replay")
        replay = load_replay(text if isinstance(text, str) else json.dumps(text))
        report = verify(replay)
        assert report.ok, f"match {client.match}: {report.summary()}"
        document = json.loads(text if isinstance(text, str) else json.dumps(text))
        by_number = {number: step for number, step in enumerate(document["steps"])}
        for number, action in client.acknowledged:
            step = by_number.get(number)
            assert step is not None and step.get("player") == client.seat, (
                f"{client.match}: acknowledged step {number} lost"
            )
            assert _canonical(step["action"]) == action, f"{client.match}: step {number} is not the acknowledged action"
        mine = [n for n, step in by_number.items() if step.get("player") == client.seat]
        # A submission is applied at most once; one sent just before a crash may be applied without an acknowledgement.
        assert len(mine) >= len(client.acknowledged)
        assert len(mine) - len(client.acknowledged) <= client.reconnects, f"{client.match}: a step was applied twice"
        human_steps += len(mine)
    return human_steps


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far, user and system, in seconds (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rpartition(")")[2].split()
    # After the command's closing parenthesis: state is field 3, utime field 14, stime field 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_kib(pid: int) -> int:
    """The resident memory of a process, in KiB (Linux ``/proc``)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")
