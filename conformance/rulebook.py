"""Conformance replays transcribed by hand from the rulebooks' worked examples.

Unlike the ``gen-*`` vectors (recorded from this library's own play, so they
only detect change), each replay here re-enacts a worked example of a
rulebook in ``/rules``, and its expectations are written by hand from the
rulebook's text, quoted beside them. The deals a rulebook leaves open (cards
in hands that the example does not name) are chosen here and written out.

The files are replays in format version 1 (which stays readable after newer
versions appear), unseeded, so every deal is a chance step of the file. Run::

    PYTHONPATH=src:. python conformance/rulebook.py

to rewrite them, then ``conformance/generate.py`` to refresh the manifests;
``generate.py`` copies :data:`EXPECTATIONS` into each manifest entry as
``source`` and ``expect``, and ``tests/kernel/test_conformance.py`` checks them:

* ``rejected_at_step`` -- the 0-based step at which verification must refuse
  the replay (an action the rulebook forbids);
* ``checkpoints`` -- after ``after_steps`` steps, ``score`` (points of the
  seats named), ``current_player`` and ``state`` (members of the state's JSON,
  by dotted path with ``[i]`` indices) must hold the values given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
FORMAT = "ofrenda-rules-replay"
VERSION = 1
"""Hand-written replays stay in replay format version 1."""

DDLM_SOURCE = "rules/dia_de_los_muertos.txt, Expanded Game Variants, Advanced Game: the Example trick"

# The five hands of the example (seat 0 leads). The rulebook names the cards played: Red 14 (seat 0),
# Red 17 (seat 1), Red 3 (seat 2, a replacement after a TAKE), "Green 17" (seat 3; read as the White 17:
# the game has no green suit, see the rulings page) and Red 10, a TAKE card (seat 4). It leaves the TAKE's
# target open: here the Red 10 takes the Red 5 that seat 2 played first. Seat 3 holds no red card, so it
# may play the White 17 ("matching the color of the first card played if possible").
DDLM_HANDS = (
    ("R14", "R1", "R2", "B1", "B2", "B3", "B4", "W1", "W2", "W3", "W4"),
    ("R17", "R4", "R6", "B5", "B6", "B7", "B8", "W5", "W6", "W7", "W8"),
    ("R5", "R3", "R7", "B9", "B10", "B11", "B12", "W9", "W10", "W11", "W12"),
    ("W17", "B13", "B14", "B15", "B16", "B17", "B18", "W13", "W14", "W15", "W16"),
    ("R10", "R8", "R9", "R11", "R12", "B19", "B20", "W18", "W19", "W20", "R13"),
)
DDLM_CONFIG = {"players": 5, "high_low_split": True}
"""Five players (one card each in the example's trick), the Advanced Game."""


def _card(text: str) -> dict[str, Any]:
    suit = {"R": "red", "B": "black", "W": "white"}[text[0]]
    return {"number": int(text[1:]), "suit": suit}


def _ddlm_deal() -> list[dict[str, Any]]:
    """Cards are dealt one at a time clockwise from seat 0 (to the left of the dealer)."""
    size = len(DDLM_HANDS[0])
    return [
        {"action": {"type": "deal", "card": _card(DDLM_HANDS[index % 5][index // 5])}, "player": -1}
        for index in range(size * 5)
    ]


def _play(kind: str, card: str, seat: int) -> dict[str, Any]:
    return {"action": {"type": kind, "card": _card(card)}, "player": seat}


DDLM_TRICK = [
    _play("play", "R14", 0),
    _play("play", "R17", 1),
    _play("play", "R5", 2),
    _play("play", "W17", 3),
    _play("play", "R10", 4),
    _play("take", "R5", 4),
    _play("play", "R3", 2),
]


OFRENDA_SOURCE = "rules/ofrenda.txt, Player Turns: Example A"


def _o(tag: str, player: int, **members: int) -> dict[str, Any]:
    return {"action": {"type": tag, **members}, "player": player}


# A two-player game; Angie is seat 0. Setup deals in order: the 4 market portraits, the 4 market candles,
# then 3 portraits to each hand; every player starts with 3 marigolds ("Give each player 3 Marigolds").
# Angie's first turn takes the portrait in space 2, paying one marigold onto space 1 (so she has the two
# marigolds of the example); the other player then takes the portrait in space 4, paying a marigold onto
# each of spaces 1-3, which puts a marigold on the card in the third space. Both place into slot 1, which
# neither gains nor costs a marigold. Spaces are numbered from 0 in actions, from 1 in the rulebook.
OFRENDA_BEFORE_EXAMPLE_A = [
    *(_o("draw_portrait", -1, card=card) for card in (0, 1, 2, 3)),
    *(_o("draw_candle", -1, candle=candle) for candle in (0, 1, 2, 3)),
    *(_o("draw_portrait", -1, card=card) for card in (4, 5, 6, 7, 8, 9)),
    _o("take_portrait", 0, space=1),
    _o("skip_candle", 0),
    _o("draw_portrait", -1, card=10),
    _o("place_portrait", 0, card=1, slot=1),
    _o("take_portrait", 1, space=3),
    _o("skip_candle", 1),
    _o("draw_portrait", -1, card=11),
    _o("place_portrait", 1, card=5, slot=1),
]
OFRENDA_EXAMPLE_A = [_o("take_portrait", 0, space=2), _o("take_candle", 0, space=0)]
OFRENDA_AFTER_EXAMPLE_A = [
    _o("draw_portrait", -1, card=12),
    _o("draw_candle", -1, candle=4),
    _o("place_portrait", 0, card=3, slot=2),
]


PORTENTS_SOURCE = "rules/portents.txt, Two Player Setup and Burnt Offerings in Detail"
_SIGNS = [
    f"{colour}-{shape}"
    for colour in ("yellow", "red", "blue", "white")
    for shape in ("skull", "claw", "wishbone", "wing")
]

# Omens go to the 16 slots in the order of the edition's slots; the 9 altar tiles (spaces 0-8, row by row)
# show no Portent, so the altar is not reshuffled ("If any Portents are present, reshuffle"); no hand of
# three shares a trait, so there is no redeal; the last tile goes to the Kitty token; seat 0 goes first.
PORTENTS_SETUP = [
    *({"action": {"type": "draw-omen", "omen": sign}, "player": -1} for sign in _SIGNS),
    *(
        {"action": {"type": "draw-tile", "tile": tile}, "player": -1}
        for tile in (
            *("yellow-skull", "yellow-claw", "red-skull"),
            *("yellow-wishbone", "yellow-wing", "red-claw"),
            *("red-wishbone", "red-wing", "blue-skull"),
            *("blue-claw", "blue-wishbone", "white-skull"),
            *("blue-wing", "white-claw", "white-wishbone"),
        )
    ),
    {"action": {"type": "choose-first", "seat": 0}, "player": -1},
    {"action": {"type": "light", "space": 0}, "player": 1},
]


def _push(side: str, shifts: list[int]) -> dict[str, Any]:
    return {"action": {"type": "push", "side": side, "shifts": shifts}, "player": 0}


OFRENDADOS_SOURCE = "rules/ofrendados.txt, The Round in Detail, 3) Time to get creative, B: the Example of the path"


def _d(tag: str, player: int, **members: object) -> dict[str, Any]:
    return {"action": {"type": tag, **members}, "player": player}


# A two-player game, round 1. Three Calaveritas are opened; the dice are rolled in the order yellow x3,
# orange x3, purple x3. In the default edition flower A is a purple 4, flower B an orange 2 and flower C an
# orange 3; a purple 1 is money only. The snake draft goes 0, 1, 1, 0 and a third time clockwise: 0, 1.
# Player A (seat 0) drafts the orange 2 and 3 and a yellow 1 and, with the shared purple 4, has "1 flower A,
# 1 flower B and 1 flower C"; it places them first, in the order of each scenario.
OFRENDADOS_DRAFT = [
    *(_d("reveal", -1, card=card) for card in (1, 2, 3)),
    *(_d("roll", -1, pips=pips) for pips in (1, 1, 1, 2, 3, 1, 4, 1, 1)),
    _d("take-die", 0, colour="orange", pips=2),
    _d("take-die", 1, colour="orange", pips=1),
    _d("take-die", 1, colour="yellow", pips=1),
    _d("take-die", 0, colour="orange", pips=3),
    _d("take-die", 0, colour="yellow", pips=1),
    _d("take-die", 1, colour="yellow", pips=1),
]
_FLOWER = {"A": ("purple", 4), "B": ("orange", 2), "C": ("orange", 3)}


def _flowers(order: str) -> list[dict[str, Any]]:
    steps = []
    for letter in order:
        colour, pips = _FLOWER[letter]
        steps.append(_d("use-die", 0, colour=colour, pips=pips, as_money=False))
        if order == "CAB" and letter == "A":
            steps.append(_d("draw", 0, cell=0))  # the candle of flower A's space, drawn at the bottom left
    return steps


def replay(game: str, config: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    """A replay document of format version 1, unseeded."""
    return {"format": FORMAT, "version": VERSION, "game": game, "config": config, "seed": None, "steps": steps}


def documents() -> dict[str, dict[str, Any]]:
    """Every hand-written replay, by path under ``conformance/``."""
    deal = _ddlm_deal()
    return {
        "dia_de_los_muertos/replays/rulebook-advanced-game-example-trick.json": replay(
            "dia_de_los_muertos", DDLM_CONFIG, deal + DDLM_TRICK
        ),
        "dia_de_los_muertos/rejected/rulebook-take-own-card.json": replay(
            "dia_de_los_muertos", DDLM_CONFIG, [*deal, *DDLM_TRICK[:5], _play("take", "R10", 4)]
        ),
        "dia_de_los_muertos/rejected/rulebook-must-follow-colour.json": replay(
            "dia_de_los_muertos", DDLM_CONFIG, [*deal, *DDLM_TRICK[:2], _play("play", "B9", 2)]
        ),
        "ofrenda/replays/rulebook-example-a.json": replay(
            "ofrenda", {"players": 2}, OFRENDA_BEFORE_EXAMPLE_A + OFRENDA_EXAMPLE_A
        ),
        "portents/replays/rulebook-setup-offering-moves-on-the-altar.json": replay(
            "portents", {"players": 2}, [*PORTENTS_SETUP, _push("north", [1, 0, 0])]
        ),
        "portents/rejected/rulebook-offering-pushed-off-the-altar.json": replay(
            "portents", {"players": 2}, [*PORTENTS_SETUP, _push("south", [1, 0, 0])]
        ),
        **{
            f"ofrendados/replays/rulebook-path-example-scenario-{number}.json": replay(
                "ofrendados", {"players": 2}, OFRENDADOS_DRAFT + _flowers(order)
            )
            for number, order in ((1, "ABC"), (2, "CAB"), (3, "CBA"))
        },
        "ofrenda/rejected/rulebook-skipping-needs-marigolds.json": replay(
            "ofrenda",
            {"players": 2},
            [
                *OFRENDA_BEFORE_EXAMPLE_A,
                *OFRENDA_EXAMPLE_A,
                *OFRENDA_AFTER_EXAMPLE_A,
                _o("take_portrait", 1, space=1),
            ],
        ),
    }


EXPECTATIONS: dict[str, dict[str, Any]] = {
    "dia_de_los_muertos/replays/rulebook-advanced-game-example-trick.json": {
        "source": DDLM_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 56,
                    "rule": "Red 14 (L-1) ----- (High/Low card is Red/Low)",
                    "state": {"high_low.suit": "red", "high_low.side": "low"},
                },
                {
                    "after_steps": 62,
                    "rule": "The Red 17 is the highest card [...] and collects the Red 17, Red 3, and Green 17. "
                    "(Total score of +2) The Red 3 is the lowest card and collects the Red 14 and the Red 10. "
                    "(Total score of +1). [...] The High/Low card determines whether or not the High or Low "
                    "winning player leads to the next trick.",
                    "score": {"1": 2, "2": 1},
                    "current_player": 2,
                },
            ]
        },
    },
    "dia_de_los_muertos/rejected/rulebook-take-own-card.json": {
        "source": DDLM_SOURCE + "; Game Play, NOTE: TAKE Cards",
        "expect": {
            "rejected_at_step": 60,
            "rule": "He may NOT take his own just played card for scoring.",
        },
    },
    "dia_de_los_muertos/rejected/rulebook-must-follow-colour.json": {
        "source": DDLM_SOURCE + "; Game Play",
        "expect": {
            "rejected_at_step": 57,
            "rule": "Players must play a card matching the color of the first card played if possible.",
        },
    },
    "ofrenda/replays/rulebook-example-a.json": {
        "source": OFRENDA_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 22,
                    "rule": "It's Angie's turn. She has two Marigolds in her storage.",
                    "current_player": 0,
                    "state": {"boards[0].marigolds": 2, "market_marigolds": [2, 1, 1, 0]},
                },
                {
                    "after_steps": 23,
                    "rule": "she takes the Portrait card in the third space of the Family board. She must spend two "
                    "Marigolds to take it, placing one each on the cards in the first and second spaces. She gains "
                    "the Marigold on the card that she is taking, meaning her storage now has one Marigold in it.",
                    "state": {"boards[0].marigolds": 1, "market_marigolds[0]": 3, "market_marigolds[1]": 2},
                },
                {
                    "after_steps": 24,
                    "rule": "She wants to take the Candle above space 1. Since this is not above the Portrait that "
                    "she took, she will have to pay one Marigold. She places this on top of the card in space 1 "
                    "and takes the Candle, placing it in her storage.",
                    "state": {"boards[0].marigolds": 0, "market_marigolds[0]": 4, "boards[0].candles": [0]},
                },
            ]
        },
    },
    "ofrenda/rejected/rulebook-skipping-needs-marigolds.json": {
        "source": OFRENDA_SOURCE + "; Player Turns, Take 1 Portrait",
        "expect": {
            "rejected_at_step": 27,
            "rule": "To take any other Portrait, you must place one Marigold from your storage on each Portrait, "
            "from left to right, that you're skipping over. (The other player spent all three on its first turn.)",
        },
    },
    "portents/replays/rulebook-setup-offering-moves-on-the-altar.json": {
        "source": PORTENTS_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 32,
                    "rule": "Put the last B.S. Tile on the Kitty Token [...] Determine 1st player randomly. The 2nd "
                    "player then chooses any BS Tile on the Altar and flips it over to its Burnt Offering side.",
                    "current_player": 1,
                    "state": {"token": "white-wing", "lit": "0" * 9},
                },
                {
                    "after_steps": 33,
                    "rule": "flips it over to its Burnt Offering side",
                    "current_player": 0,
                    "state": {"lit[0]": "1", "altar[0]": "yellow-skull"},
                },
                {
                    "after_steps": 34,
                    "rule": "They can move around the Altar but they can't be pushed off of it. [...] All the tiles "
                    "that the active player pushed off of the Altar enter their hand for the next turn.",
                    "state": {"lit[3]": "1", "altar[3]": "yellow-skull", "altar[0]": None, "pushed": ["red-wishbone"]},
                },
            ]
        },
    },
    "portents/rejected/rulebook-offering-pushed-off-the-altar.json": {
        "source": PORTENTS_SOURCE,
        "expect": {
            "rejected_at_step": 33,
            "rule": "The Red Claw may be pushed to the edge of the Altar, but no further. [...] They can move "
            "around the Altar but they can't be pushed off of it.",
        },
    },
    "ofrendados/replays/rulebook-path-example-scenario-1.json": {
        "source": OFRENDADOS_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 21,
                    "rule": "Scenario 1: The player placed the pieces in the order A, B and C, reaching the third "
                    "flower on the path and also gaining one peso.",
                    "state": {"boards[0].flowers[-1]": 3, "boards[0].pesos": 1, "boards[0].sheet[0]": None},
                }
            ]
        },
    },
    "ofrendados/replays/rulebook-path-example-scenario-2.json": {
        "source": OFRENDADOS_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 22,
                    "rule": "Scenario 2: The player placed the pieces in the order C, A and B, reaching the seventh "
                    "flower on the path and also gaining 1 candle for their offering.",
                    "state": {"boards[0].flowers[-1]": 7, "boards[0].pesos": 0, "boards[0].sheet[0]": "candle"},
                }
            ]
        },
    },
    "ofrendados/replays/rulebook-path-example-scenario-3.json": {
        "source": OFRENDADOS_SOURCE,
        "expect": {
            "checkpoints": [
                {
                    "after_steps": 21,
                    "rule": "Scenario 3: The player placed the pieces in the order C, B and A, reaching the ninth "
                    "flower on the path. In this case they did not get a bonus.",
                    "state": {"boards[0].flowers[-1]": 9, "boards[0].pesos": 0, "boards[0].sheet[0]": None},
                }
            ]
        },
    },
}
"""The hand-written expectations of each file, with the rulebook passage they come from."""


def main() -> int:
    """Write every hand-written replay (one step per line)."""
    for name, document in documents().items():
        head = {key: value for key, value in document.items() if key != "steps"}
        lines = [f"{json.dumps(key)}:{json.dumps(value, sort_keys=True)}" for key, value in head.items()]
        steps = ",\n".join(json.dumps(step, sort_keys=True) for step in document["steps"])
        lines.append(f'"steps":[\n{steps}\n]')
        path = ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{\n" + ",\n".join(sorted(lines)) + "\n}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
