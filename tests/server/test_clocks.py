"""Spectator policies and delays, clocks and the bot that stands in for a seat (injected clock, no sleeps)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient

from ofrenda_rules.replay import load_replay, verify
from tests.server.test_api import auth
from tests.server.test_hardening import Clock, error, serve, service_of


def tick(api: TestClient) -> list[str]:
    """Run the application's clock once, as its ticking task does, in the test client's event loop."""
    assert api.portal is not None
    run: Callable[[], Awaitable[list[str]]] = api.app.state.tick  # type: ignore[attr-defined]
    return api.portal.call(run)


def stand_ins(answer: dict[str, object]) -> list[dict[str, object]]:
    listed = answer["stand_ins"]
    assert isinstance(listed, list)
    return listed


def make(api: TestClient, **options: Any) -> dict[str, Any]:
    body = {"game": "portents", "config": {"players": 2}, "seats": ["human", "human"], "seed": 3, **options}
    response = api.post("/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def move(api: TestClient, match: str, secrets: dict[str, str]) -> dict[str, Any]:
    """The seat to move plays its first legal action; its answer."""
    mover = str(service_of(api).view(match, 0)["to_move"])
    answer = api.get(f"/matches/{match}/seats/{mover}", headers=auth(secrets[mover])).json()
    body = {"step": answer["step"], "action": answer["legal_actions"][0]}
    posted = api.post(f"/matches/{match}/seats/{mover}/actions", json=body, headers=auth(secrets[mover]))
    assert posted.status_code == 200, posted.text
    result: dict[str, Any] = posted.json()
    return result


def test_a_match_may_refuse_spectators_and_keep_its_replay_for_its_players(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        created = make(api, spectators="nobody")
        match, secrets = created["match"], created["secrets"]
        assert api.get(f"/matches/{match}").json()["spectators"] == "nobody"
        assert error(api.get(f"/matches/{match}/spectate"), 403)["code"] == "no-spectators"
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"spectator": True})
            assert socket.receive_json()["error"]["code"] == "no-spectators"
        for _ in range(500):
            if move(api, match, secrets)["over"]:
                break
        assert api.get(f"/matches/{match}").json()["over"] is True
        assert error(api.get(f"/matches/{match}/replay"), 401)["code"] == "unauthorized"
        assert error(api.get(f"/matches/{match}/replay", headers=auth("wrong")), 403)["code"] == "forbidden"
        exported = api.get(f"/matches/{match}/replay", headers=auth(secrets["1"]))
        assert exported.status_code == 200 and verify(load_replay(exported.text)).ok
        assert error(api.get(f"/matches/{match}/spectate"), 403)["code"] == "no-spectators"


def test_spectators_lag_by_the_delay_until_the_end_then_see_everything(tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        created = make(api, spectator_delay=4)
        match, secrets = created["match"], created["secrets"]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"spectator": True})
            first = socket.receive_json()
            assert first["step"] == 0 and first["resync"] is True
            seen = [first["seq"]]
            checked = 0
            for _ in range(500):
                answer = move(api, match, secrets)
                watched = api.get(f"/matches/{match}/spectate").json()
                if answer["over"]:
                    assert watched["step"] == answer["step"] and watched["over"] is True
                    break
                assert watched["step"] <= answer["step"] - 4 or watched["step"] == 0
                assert watched["step"] >= answer["step"] - 4 - 8  # never further behind than the delay and a batch
                checked += 1
            assert checked > 3
            service = service_of(api)
            ends = service.live_ends(match)
            for _ in range(len(ends)):
                pushed = socket.receive_json()
                assert pushed["prev"] == seen[-1], "a spectator's stream skipped a batch"
                seen.append(pushed["seq"])
                if pushed["over"]:
                    break
        assert seen == ends[: len(seen)] and seen[-1] == ends[-1]
        assert verify(load_replay(api.get(f"/matches/{match}/replay").text)).ok


def test_a_seat_out_of_time_is_moved_for_by_the_bot_and_everyone_is_told(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock) as api:
        created = make(api, clock={"per_move": 30})
        match, secrets = created["match"], created["secrets"]
        answer = api.get(f"/matches/{match}/seats/0", headers=auth(secrets["0"])).json()
        mover = answer["to_move"]
        other = str(1 - mover)
        assert [c["seat"] for c in answer["clocks"]] == [0, 1]
        running = [c for c in answer["clocks"] if c["deadline_ms"] is not None]
        assert running == [{"seat": mover, "remaining_ms": 30_000, "deadline_ms": round((clock.now + 30) * 1000)}]
        with api.websocket_connect(f"/matches/{match}/ws") as socket:
            socket.send_json({"seat": int(other), "secret": secrets[other]})
            before = socket.receive_json()
            clock.now += 29.9
            assert tick(api) == []
            clock.now += 0.2
            assert tick(api) == [match]
            pushed = socket.receive_json()
        assert pushed["prev"] == before["seq"] and pushed["step"] > before["step"]
        stand_in = {"step": before["step"], "seat": mover, "reason": "timeout"}
        assert pushed["stand_ins"] == [stand_in]
        for seat in ("0", "1"):
            view = api.get(f"/matches/{match}/seats/{seat}", headers=auth(secrets[seat])).json()
            assert view["stand_ins"] == [stand_in]
        assert api.get(f"/matches/{match}/spectate").json()["stand_ins"] == [stand_in]
        assert tick(api) == []  # the new turn has its time


def test_a_budget_with_an_increment_is_spent_and_refilled(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock) as api:
        created = make(api, clock={"budget": 60, "increment": 5})
        match, secrets = created["match"], created["secrets"]
        first = service_of(api).view(match, 0)["to_move"]
        clock.now += 20
        after = move(api, match, secrets)
        clocks = {c["seat"]: c for c in after["clocks"]}
        assert clocks[first]["remaining_ms"] == 45_000  # 60 - 20 + 5, as of the start of its next turn
        assert {c["seat"] for c in after["clocks"]} == {0, 1}
        service = service_of(api)
        assert service.tick() == []
        clock.now += 10_000
        assert service.tick() == [match]
        assert all(s["reason"] == "timeout" for s in stand_ins(service.view(match, 0)))


@pytest.mark.parametrize("clock", [{"per_move": 0}, {"per_move": "ten"}, {"budget": 5}, {"budget": 5, "increment": -1}])
def test_bad_clocks_and_spectator_options_are_refused(clock: object, tmp_path: Path) -> None:
    with serve(tmp_path) as api:
        body = {"game": "portents", "clock": clock}
        assert error(api.post("/matches", json=body), 422)["code"] == "invalid-clock"
        bad = {"game": "portents", "spectators": "friends"}
        assert error(api.post("/matches", json=bad), 422)["code"] == "invalid-spectators"
        late = {"game": "portents", "spectator_delay": -1}
        assert error(api.post("/matches", json=late), 422)["path"] == "$.spectator_delay"
        assert service_of(api).store.count() == 0


def test_an_abandoned_match_marks_the_bots_moves_for_people(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock, abandon_seconds=100) as api:
        created = make(api)
        clock.now += 101
        assert service_of(api).sweep()["played_out"] == 1
        view = api.get(f"/matches/{created['match']}/seats/0", headers=auth(created["secrets"]["0"])).json()
        assert view["over"] is True and view["stand_ins"]
        assert {s["reason"] for s in view["stand_ins"]} == {"abandoned"}
        assert {s["seat"] for s in view["stand_ins"]} == {0, 1}


def test_seats_and_the_stand_in_take_the_strong_bots_levels(tmp_path: Path) -> None:
    clock = Clock()
    with serve(tmp_path, clock) as api:
        body = {
            "game": "dia_de_los_muertos",
            "config": {"players": 4},
            "seats": ["human", "easy", "medium", "easy"],
            "seed": 5,
            "clock": {"per_move": 30},
            "stand_in": "easy",
        }
        response = api.post("/matches", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        match = created["match"]
        view = service_of(api).view(match, 0)
        assert view["to_move"] == 0, "the bots' seats reply at once, up to the person's turn"
        before = view["step"]
        clock.now += 31
        assert tick(api) == [match]
        after = service_of(api).view(match, 0)
        assert int(str(after["step"])) > int(str(before))
        assert stand_ins(after) == [{"step": before, "seat": 0, "reason": "timeout"}]
        bad = {"game": "portents", "stand_in": "grandmaster"}
        refused = error(api.post("/matches", json=bad), 422)
        assert refused["code"] == "invalid-stand-in" and refused["path"] == "$.stand_in"
        seats = {"game": "portents", "seats": ["human", "grandmaster"]}
        assert error(api.post("/matches", json=seats), 422)["code"] == "invalid-seats"
