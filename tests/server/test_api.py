"""The game server through its HTTP and WebSocket API (Starlette's test client, no network).

Skipped where the ``server`` extra is not installed; ``nox -s server`` installs
it and runs these tests.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient

from ofrenda_rules.picks import picks_of
from ofrenda_rules.registry import AnyGame, games, get_game
from ofrenda_rules.replay import load_replay, verify
from ofrenda_rules.serialization import dumps, from_json_value, to_json_value
from ofrenda_rules.server.app import MAX_BODY_BYTES, create_app
from ofrenda_rules.server.matches import MatchService
from ofrenda_rules.server.store import SqliteStore

GAMES = [pytest.param(game, id=game.info.name) for game in games()]


def client(path: Path, **options: Any) -> TestClient:
    return TestClient(create_app(path / "server.db", **options), raise_server_exceptions=False)


def auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def create(api: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    config = {"players": len(seats), **extra.pop("config", {})}
    response = api.post("/matches", json={"game": game, "config": config, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def as_json(value: object) -> object:
    """A value as a client reads it back: the library's JSON, parsed (tuples become lists)."""
    return json.loads(json.dumps(to_json_value(value)))


def the_state(api: TestClient, match: str) -> Any:
    service: MatchService = api.app.state.service  # type: ignore[attr-defined]
    return service._load(match).states[-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_match_against_bots_and_the_replay_verifies(game: AnyGame, tmp_path: Path) -> None:
    players = max(game.info.player_counts[0], 2) if 2 in game.info.player_counts else game.info.player_counts[0]
    seats = ["human"] + ["random"] * (players - 1)
    with client(tmp_path) as api:
        created = create(api, game.info.name, seats, seed=12)
        match, secret = created["match"], created["secrets"]["0"]
        assert set(created["secrets"]) == {"0"} and len(secret) >= 22  # at least 128 bits
        checked = 0
        for _ in range(game.max_steps(game.config_type(players=players))):
            answer = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
            if answer["over"]:
                break
            assert answer["to_move"] == 0 and answer["legal_actions"], answer
            state = the_state(api, match)
            assert answer["view"] == as_json(game.observe(state, 0)), "the API view is not observe's"
            tree = picks_of(game, state)
            assert answer["legal_picks"] == [
                [{"label": pick.label, "element": pick.element} for pick in path] for path in tree.paths
            ], "the API's picks are not the game's"
            checked += 1
            submitted = {"step": answer["step"], "action": answer["legal_actions"][-1]}
            response = api.post(f"/matches/{match}/seats/0/actions", json=submitted, headers=auth(secret))
            assert response.status_code == 200, response.text
        else:
            pytest.fail("the match did not end")
        assert "result" in answer
        assert checked > 0
        exported = api.get(f"/matches/{match}/replay")
        assert exported.status_code == 200
        assert verify(load_replay(exported.text)).ok


def test_secrets_are_checked_per_seat_and_stored_only_as_hashes(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        created = create(api, "dia_de_los_muertos", ["human", "human", "random"], seed=3)
        match, secrets = created["match"], created["secrets"]
        assert api.get(f"/matches/{match}/seats/0").status_code == 401
        assert api.get(f"/matches/{match}/seats/0", headers=auth(secrets["1"])).status_code == 403
        assert api.get(f"/matches/{match}/seats/2", headers=auth(secrets["0"])).status_code == 403
        assert api.get(f"/matches/{match}/seats/9", headers=auth(secrets["0"])).status_code == 404
        assert api.get(f"/matches/{match}/seats/1", headers=auth(secrets["1"])).status_code == 200
    text = (tmp_path / "server.db").read_bytes()
    assert secrets["0"].encode() not in text and secrets["1"].encode() not in text


def test_refusals_have_stable_codes_and_change_nothing(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        created = create(api, "dia_de_los_muertos", ["human", "human", "human"], seed=5)
        match, secrets = created["match"], created["secrets"]
        answer = api.get(f"/matches/{match}/seats/0", headers=auth(secrets["0"])).json()
        to_move = answer["to_move"]
        mover, other = str(to_move), str((to_move + 1) % 3)
        legal = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[mover])).json()["legal_actions"]

        def post(seat: str, body: object) -> Any:
            return api.post(f"/matches/{match}/seats/{seat}/actions", json=body, headers=auth(secrets[seat]))

        response = post(other, {"step": 0, "action": legal[0]})
        assert response.status_code == 409 and response.json()["error"]["code"] == "not-your-turn"
        response = post(mover, {"step": 3, "action": legal[0]})
        assert response.json()["error"]["code"] == "stale-step"
        response = post(mover, {"step": 0, "action": {"type": "nonsense"}})
        assert response.status_code == 400 and response.json()["error"]["path"] == "$.action"
        response = post(mover, {"step": 0, "action": legal[0], "extra": 1})
        assert response.json()["error"] == {"code": "malformed", "message": "unknown member 'extra'", "path": "$.extra"}
        response = api.post(
            f"/matches/{match}/seats/{mover}/actions", content=b'{"step": 0,', headers=auth(secrets[mover])
        )
        assert response.status_code == 400 and response.json()["error"]["code"] == "malformed-json"
        assert api.get(f"/matches/{match}").json()["step"] == 0, "a refusal changed the match"
        first = post(mover, {"step": 0, "action": legal[0]})
        assert first.status_code == 200
        again = post(mover, {"step": 0, "action": legal[0]})
        assert again.status_code == 200 and again.json() == first.json(), "a retry got another answer"
        assert api.get(f"/matches/{match}").json()["step"] == 1, "a retry was applied twice"
        response = post(mover, {"step": 0, "action": legal[-1]})
        assert legal[-1] == legal[0] or response.json()["error"]["code"] == "stale-step"


def test_an_illegal_action_is_refused_with_the_rules_code(tmp_path: Path) -> None:
    game = get_game("dia_de_los_muertos")
    with client(tmp_path) as api:
        created = create(api, game.info.name, ["human"] * 3, seed=5)
        match, secrets = created["match"], created["secrets"]
        state = the_state(api, match)
        mover = game.current_player(state)
        # A card the mover does not hold: one that another deal lets its first player play.
        held = {dumps(a, game.action_type) for a in game.legal_actions(state)}
        elsewhere = game.legal_actions(game.new_game(game.config_type(players=3), 99))
        candidates = [a for a in elsewhere if dumps(a, game.action_type) not in held]
        assert candidates
        body = {"step": 0, "action": to_json_value(candidates[0], game.action_type)}
        response = api.post(f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[str(mover)]))
        assert response.status_code == 422
        error = response.json()["error"]
        assert error["code"] == "illegal-action" and error["path"] == "$.action"
        rejection = game.validate(state, from_json_value(body["action"], game.action_type))
        assert rejection is not None and error["message"] == f"{rejection.code}: {rejection.message}"


def test_limits_on_bodies_and_matches(tmp_path: Path) -> None:
    with client(tmp_path, max_matches=2) as api:
        big = b'{"game": "' + b"x" * MAX_BODY_BYTES + b'"}'
        response = api.post("/matches", content=big)
        assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"
        create(api, "portents", ["human", "random"])
        create(api, "portents", ["human", "random"])
        response = api.post("/matches", json={"game": "portents"})
        assert response.status_code == 503 and response.json()["error"]["code"] == "too-many-matches"
        response = api.post("/matches", json={"game": "chess"})
        assert response.status_code == 404 and "Traceback" not in response.text
        response = api.get("/matches/nope")
        assert response.status_code == 404 and response.json()["error"]["code"] == "unknown-match"
        assert "access-control-allow-origin" not in {k.lower() for k in response.headers}


def test_a_restarted_server_resumes_every_match_exactly(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        created = create(api, "ofrendados", ["human", "random", "random"], seed=8)
        match, secret = created["match"], created["secrets"]["0"]
        for _ in range(3):
            answer = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
            body = {"step": answer["step"], "action": answer["legal_actions"][0]}
            assert api.post(f"/matches/{match}/seats/0/actions", json=body, headers=auth(secret)).status_code == 200
        before = api.get(f"/matches/{match}/seats/0", headers=auth(secret)).json()
        state = the_state(api, match)
    with client(tmp_path) as again:
        assert again.get(f"/matches/{match}/seats/0", headers=auth(secret)).json() == before
        assert the_state(again, match) == state


def test_two_processes_on_one_database_never_apply_two_actions_at_one_step(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    first, second = MatchService(SqliteStore(path)), MatchService(SqliteStore(path))
    created = first.create({"game": "dia_de_los_muertos", "config": {"players": 3}, "seats": ["human"] * 3, "seed": 4})
    match = created["match"]
    assert isinstance(match, str)
    answer = second.view(match, 0)
    mover = answer["to_move"]
    assert isinstance(mover, int)
    legal = first.view(match, mover)["legal_actions"]
    assert isinstance(legal, list) and len(legal) >= 2
    first.submit(match, mover, {"step": 0, "action": legal[0]})
    with pytest.raises(Exception, match="past") as refused:
        second.submit(match, mover, {"step": 0, "action": legal[1]})
    assert getattr(refused.value, "code", None) == "stale-step"
    rows = sqlite3.connect(path).execute("SELECT COUNT(*) FROM steps WHERE match_id = ?", (match,)).fetchone()
    assert rows == (1,)
    assert second.view(match, mover)["step"] == 1


def test_the_websocket_pushes_each_seat_its_own_view(tmp_path: Path) -> None:
    game = get_game("dia_de_los_muertos")
    with client(tmp_path) as api:
        created = create(api, game.info.name, ["human", "human", "human"], seed=6)
        match, secrets = created["match"], created["secrets"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 1, "secret": secrets["1"]})
            first = socket.receive_json()
            assert first["seat"] == 1 and first["step"] == 0
            mover = first["to_move"]
            legal = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[str(mover)])).json()[
                "legal_actions"
            ]
            body = {"step": 0, "action": legal[0]}
            assert (
                api.post(
                    f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[str(mover)])
                ).status_code
                == 200
            )
            pushed = socket.receive_json()
            assert pushed["step"] == 1 and pushed["seat"] == 1
            assert pushed["view"] == as_json(game.observe(the_state(api, match), 1))
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": 1, "secret": secrets["0"]})
            assert socket.receive_json()["error"]["code"] == "forbidden"


def test_an_unseeded_match_takes_chance_outcomes_from_the_chance_secret(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        created = create(api, "portents", ["human", "random"], seed=None)
        match, chance = created["match"], created["chance_secret"]
        answer = api.get(f"/matches/{match}/seats/0", headers=auth(created["secrets"]["0"])).json()
        assert answer["to_move"] == -1
        outcomes = api.get(f"/matches/{match}/seats/0", headers=auth(created["secrets"]["0"])).json()
        assert outcomes["legal_actions"] == []
        fed = api.post(
            f"/matches/{match}/chance",
            json={"step": 0, "action": the_first_outcome(api, match)},
            headers=auth(chance),
        )
        assert fed.status_code == 200 and fed.json()["step"] >= 1
        assert (
            api.post(f"/matches/{match}/chance", json={"step": 1, "action": {}}, headers=auth("wrong")).status_code
            == 403
        )


def the_first_outcome(api: TestClient, match: str) -> object:
    service: MatchService = api.app.state.service  # type: ignore[attr-defined]
    answer = service.view(match, -1)
    outcomes = answer["chance_outcomes"]
    assert isinstance(outcomes, list) and outcomes
    first = outcomes[0]
    assert isinstance(first, dict)
    return first["action"]


def test_the_browser_client_is_served_with_a_strict_policy(tmp_path: Path) -> None:
    with client(tmp_path) as api:
        page = api.get("/")
        assert page.status_code == 200 and '<script src="/static/client.js"></script>' in page.text
        assert '<script src="/static/picks.js"></script>' in page.text and 'aria-live="polite"' in page.text
        picks = api.get("/static/picks.js")
        assert picks.status_code == 200 and "legal_picks" in picks.text and "http://" not in picks.text
        policy = page.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "script-src" not in policy.replace("default-src", "")
        script = api.get("/static/client.js")
        assert script.status_code == 200 and "fetch(" in script.text and "http://" not in script.text
        listing = api.get("/games").json()
        assert [row["name"] for row in listing] == [game.info.name for game in games()]
        assert api.get("/static/../store.py").status_code == 404


def test_spectators_watch_the_public_view_without_a_secret(tmp_path: Path) -> None:
    game = get_game("ofrendados")
    with client(tmp_path) as api:
        created = create(api, game.info.name, ["human", "human"], seed=4)
        match, secrets = created["match"], created["secrets"]
        watched = api.get(f"/matches/{match}/spectate?picture=1").json()
        assert watched["view"] == as_json(game.observe_public(the_state(api, match)))
        assert watched["picture"].startswith("<svg") and "(you)" not in watched["picture"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"spectator": True})
            first = socket.receive_json()
            assert first["step"] == 0 and first["view"]["player"] == -1
            socket.send_json({"step": 0, "action": {"type": "pass"}})
            assert socket.receive_json()["error"]["code"] == "spectator"
            mover = str(first["to_move"])
            legal = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[mover])).json()["legal_actions"]
            body = {"step": 0, "action": legal[0]}
            posted = api.post(f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[mover]))
            assert posted.status_code == 200
            pushed = socket.receive_json()
            assert pushed["step"] == 1 and pushed["view"] == as_json(game.observe_public(the_state(api, match)))
