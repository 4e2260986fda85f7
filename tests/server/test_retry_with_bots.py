"""A retry of a submission that the bots answered gets that answer again, bots' replies included.

The answer to an accepted submission is the seat's view after its whole batch:
its own step and every bot step that followed before the seat (or another
person) was to move again. A retry must be answered with that same batch end,
not with the state right after the seat's own step: in a game where the
submitter's turn holds several decisions (Portents) the difference never
shows, so each game here looks for a submission the bots answered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from ofrenda_rules.registry import AnyGame, games
from tests.server.test_api import auth, create
from tests.server.test_hardening import serve

GAMES = [pytest.param(game, id=game.info.name) for game in games()]
MAX_SUBMISSIONS = 60
"""How many submissions a game may take to meet one that the bots answer."""


@pytest.mark.parametrize("game", GAMES)
def test_a_retry_answered_by_bots_gets_the_bots_replies_again(game: AnyGame, tmp_path: Path) -> None:
    players = 4 if game.info.name == "dia_de_los_muertos" else 2
    seats = ["human"] + ["random"] * (players - 1)
    with serve(tmp_path) as api:
        created = create(api, game.info.name, seats, seed=11)
        match, secret = created["match"], created["secrets"]["0"]
        url = f"/matches/{match}/seats/0"
        answer: dict[str, Any] = api.get(url, headers=auth(secret)).json()
        answered_by_bots: tuple[dict[str, Any], dict[str, Any]] | None = None
        for _ in range(MAX_SUBMISSIONS):
            if answer["over"]:
                break
            body = {"step": answer["step"], "action": answer["legal_actions"][0]}
            response = api.post(f"{url}/actions", json=body, headers=auth(secret))
            assert response.status_code == 200, response.text
            answer = response.json()
            if answer["step"] > body["step"] + 1:
                answered_by_bots = (body, answer)
                break
        assert answered_by_bots is not None, f"no submission of seat 1 in {MAX_SUBMISSIONS} was answered by bots"
        body, first = answered_by_bots
        if not first["over"]:
            later = {"step": first["step"], "action": first["legal_actions"][0]}
            assert api.post(f"{url}/actions", json=later, headers=auth(secret)).status_code == 200
        retry = api.post(f"{url}/actions", json=body, headers=auth(secret))
        assert retry.status_code == 200
        assert retry.json() == first, "a retry was answered with another batch end than the first answer"
