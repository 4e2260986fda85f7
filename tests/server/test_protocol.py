"""The OpenAPI document, generated from the protocol's and the games' types, describes what the server sends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from ofrenda_rules.registry import games
from ofrenda_rules.schema import check
from ofrenda_rules.server.app import create_app
from ofrenda_rules.server.protocol import openapi

DOCUMENT = openapi()


def schema_of(name: str) -> dict[str, Any]:
    """A JSON Schema for one component, with every component as a definition (``check`` follows ``#/$defs``)."""
    text = json.dumps(DOCUMENT["components"]["schemas"]).replace("#/components/schemas/", "#/$defs/")
    return {"$ref": f"#/$defs/{name}", "$defs": json.loads(text)}


def refs(value: object) -> set[str]:
    if isinstance(value, dict):
        found = {value["$ref"]} if isinstance(value.get("$ref"), str) else set()
        for item in value.values():
            found |= refs(item)
        return found
    if isinstance(value, list):
        return set().union(*(refs(item) for item in value)) if value else set()
    return set()


def test_every_reference_resolves_and_every_route_is_described(tmp_path: Path) -> None:
    components = DOCUMENT["components"]["schemas"]
    for ref in refs(DOCUMENT):
        assert ref.startswith("#/components/schemas/") and ref.removeprefix("#/components/schemas/") in components, ref
    for game in games():
        for kind in ("Config", "Action", "View", "Outcome"):
            assert f"{game.info.name}.{kind}" in components
    app = create_app(tmp_path / "x.db")
    routes = {getattr(route, "path", "") for route in app.routes}
    described = set(DOCUMENT["paths"])
    assert described == routes - {"/", "/static", "/openapi.json", "/matches/{match}/ws"}


def test_what_the_server_sends_follows_the_document(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "p.db"), raise_server_exceptions=False) as api:
        assert api.get("/openapi.json").json() == json.loads(json.dumps(DOCUMENT))
        listing = api.get("/games").json()
        assert all(check(entry, schema_of("GameEntry")) == [] for entry in listing)
        for game in games():
            players = game.info.player_counts[0]
            request = {"game": game.info.name, "config": {"players": players}, "seed": 3}
            request["seats"] = ["human"] + ["random"] * (players - 1)
            assert check(request, schema_of("CreateRequest")) == []
            created = api.post("/matches", json=request).json()
            assert check(created, schema_of("CreateAnswer")) == []
            match, secret = created["match"], created["secrets"]["0"]
            headers = {"Authorization": f"Bearer {secret}"}
            for _ in range(5):
                answer = api.get(f"/matches/{match}/seats/0?picture=1", headers=headers).json()
                assert check(answer, schema_of("SeatAnswer")) == [], game.info.name
                if answer["over"] or not answer["legal_actions"]:
                    break
                submission = {"step": answer["step"], "action": answer["legal_actions"][0]}
                assert check(submission, schema_of("Submission")) == []
                reply = api.post(f"/matches/{match}/seats/0/actions", json=submission, headers=headers).json()
                assert check(reply, schema_of("SeatAnswer")) == []
            assert check(api.get(f"/matches/{match}").json(), schema_of("PublicMatch")) == []
            watched = api.get(f"/matches/{match}/spectate?picture=1").json()
            assert check(watched, schema_of("SpectatorAnswer")) == [], game.info.name
            refused = api.post(f"/matches/{match}/seats/0/actions", json={"step": -1}, headers=headers).json()
            assert check(refused, schema_of("ErrorAnswer")) == []
        unseeded = api.post("/matches", json={"game": "portents", "seed": None, "seats": ["human", "random"]}).json()
        assert check(unseeded, schema_of("CreateAnswer")) == [] and unseeded["chance_secret"]
        chance = api.app.state.service.view(unseeded["match"], -1)  # type: ignore[attr-defined]
        assert check(chance, schema_of("SeatAnswer")) == []
        assert check({"step": 0, "action": {"type": "play"}, "extra": 1}, schema_of("Submission")) != []
        assert check({"spectator": True}, schema_of("WatchHello")) == []
