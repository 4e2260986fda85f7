"""``ofrenda-rules games`` and ``ofrenda-rules schema``."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ofrenda_rules._cli.common import add_output_arguments, game_from_args
from ofrenda_rules.registry import games
from ofrenda_rules.replay import Report, replay_schema
from ofrenda_rules.schema import json_schema

__all__ = ["SCHEMA_TYPES", "games_arguments", "run_games", "run_schema", "schema_arguments"]

SCHEMA_TYPES = ("replay", "config", "action", "state", "view", "outcome", "report")
"""The documents ``schema --type`` describes."""


def games_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``games`` to its parser."""
    add_output_arguments(parser, "print the list as JSON")


def schema_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``schema`` to its parser."""
    parser.add_argument("game", help="a registered game name")
    parser.add_argument("--type", "-t", choices=SCHEMA_TYPES, default="replay", help="which document (default replay)")


def run_games(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """List the games."""
    rows: list[dict[str, Any]] = [
        {
            "name": game.info.name,
            "title": game.info.title,
            "players": list(game.info.player_counts),
            "chance": game.info.has_chance,
            "hidden_information": game.info.hidden_information,
            "publisher": game.info.publisher,
        }
        for game in games()
    ]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False), file=out)
        return 0
    for row in rows:
        counts = ", ".join(str(n) for n in row["players"])
        facts = [f"players {counts}"]
        facts.append("chance" if row["chance"] else "no chance")
        facts.append("hidden information" if row["hidden_information"] else "perfect information")
        print(f"{row['name']:22} {row['title']} ({row['publisher']}): {'; '.join(facts)}", file=out)
    return 0


def run_schema(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> int:
    """Print a schema."""
    game = game_from_args(args)
    kind: str = args.type
    title = f"{game.info.title}: {kind}"
    if kind == "replay":
        schema = replay_schema(game)
    elif kind == "report":
        schema = json_schema(Report, title="ofrenda-rules verification report")
    else:
        types = {
            "config": game.config_type,
            "action": game.action_type,
            "state": game.state_type,
            "view": game.view_type,
            "outcome": game.outcome_type,
        }
        schema = json_schema(types[kind], title=title)
    print(json.dumps(schema, indent=2, ensure_ascii=False), file=out)
    return 0
