"""The game server's own work per action, in instructions (deterministic, unlike times under load).

A fixed script: ``2 * N`` three-player Día de los Muertos matches (seat 0 a
person, two random bots; seeds, match ids and bot seeds fixed), the first N
played as warm-up, the other N measured. Each action goes through the match
service as the WebSocket hub sends it: ``submit_stream`` (or, on a tree
before it, ``submit`` then ``stream``) and the JSON text of every message.
The person's seat picks a seeded random legal action. Prints the actions and
a digest of every text sent (equal digests: byte-identical messages).

Counted with valgrind's callgrind, as the difference of a run that plays the
measured matches and one that does not, divided by the actions (the SQLite
commits' own instructions are included, their waits are not)::

    PYTHONPATH=src python benchmarks/server_instructions.py count 10
    PYTHONPATH=src python benchmarks/server_instructions.py run 10      # the script alone
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import string
import subprocess
import sys
import tempfile
import types
from pathlib import Path
from typing import Any


def _setup(count: int) -> tuple[Any, list[str]]:
    import ofrenda_rules.server.matches as matches
    from ofrenda_rules.server.store import open_store

    fixed = random.Random(7)
    matches.secrets = types.SimpleNamespace(  # type: ignore[assignment]  # fixed ids and bot seeds
        randbits=fixed.getrandbits,
        token_urlsafe=lambda size: "".join(fixed.choice(string.ascii_letters) for _ in range(size)),
    )
    service = matches.MatchService(open_store(str(Path(tempfile.mkdtemp()) / "s.db")), max_matches=10**6)
    body = {"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human", "random", "random"]}
    ids = [str(service.create({**body, "seed": 1000 + index})["match"]) for index in range(count)]
    return service, ids


def _play(service: Any, ids: list[str]) -> tuple[int, str]:
    import ofrenda_rules.server.matches as matches

    # The text the hub sends (``json.dumps`` on a tree from before ``message_text``: the same bytes).
    text = getattr(matches, "message_text", lambda m: json.dumps(m, separators=(",", ":"), ensure_ascii=False))
    rng = random.Random(0)
    digest = hashlib.sha256()
    seen: dict[str, int] = {}
    last: dict[str, dict[str, Any]] = {}
    for match in ids:
        first = service.stream(match, 0, None)
        seen[match], last[match] = first[-1]["seq"], first[-1]
    actions, playing = 0, list(ids)
    for _ in range(10_000):  # bounded: a match takes about 20 of the person's actions
        if not playing:
            break
        for match in list(playing):
            if last[match]["over"]:
                playing.remove(match)
                continue
            submission = {"step": last[match]["step"], "action": rng.choice(last[match]["legal_actions"])}
            if hasattr(service, "submit_stream"):
                sent, streamed = service.submit_stream(match, 0, submission, seen[match])
            else:
                answer = service.submit(match, 0, submission)
                stream = service.stream(match, 0, seen[match], refresh=False)
                sent, streamed = stream or [answer], bool(stream)
            for message in sent:
                digest.update(text(message).encode())
            if streamed:
                seen[match], last[match] = sent[-1]["seq"], sent[-1]
            actions += 1
    return actions, digest.hexdigest()[:16]


def main() -> int:
    mode, count = sys.argv[1], int(sys.argv[2])
    if mode in ("run", "setup"):
        service, ids = _setup(2 * count)
        _play(service, ids[:count])  # warm-up: imports, compiled code and caches in both runs
        if mode == "run":
            print(*_play(service, ids[count:]))
        return 0
    totals: dict[str, int] = {}
    output = ""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    for step in ("setup", "run"):
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={folder}/out",
                    sys.executable,
                    __file__,
                    step,
                    str(count),
                ],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
        totals[step] = int(re.findall(r"Collected : (\d+)", done.stderr)[-1])
        output = done.stdout
    actions, digest = output.split()
    per_action = (totals["run"] - totals["setup"]) / int(actions)
    print(f"{actions} actions, digest {digest}, {per_action:,.0f} instructions per action")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
