"""ofrenda_rules: complete, typed rules engines for four Day-of-the-Dead tabletop games.

Each game lives in its own subpackage with the same public contract
(``new_game``, ``current_player``, ``legal_actions``, ``chance_outcomes``,
``validate``, ``apply``, ``score``, ``is_over``, ``outcome``, ``observe``); the
registry returns any of them by name for generic code. Games are recorded,
read and verified as replays (:mod:`ofrenda_rules.replays`), and the
``ofrenda-rules`` command plays, simulates and verifies them.

>>> import ofrenda_rules
>>> game = ofrenda_rules.get_game("dia_de_los_muertos")
>>> state = game.new_game(game.config_type(players=3), 42)
>>> game.current_player(state)
0
"""

from ofrenda_rules.chance import CHANCE as CHANCE
from ofrenda_rules.chance import TERMINAL as TERMINAL
from ofrenda_rules.chance import PlayerId as PlayerId
from ofrenda_rules.errors import ConfigError as ConfigError
from ofrenda_rules.errors import EditionError as EditionError
from ofrenda_rules.errors import FormatError as FormatError
from ofrenda_rules.errors import GameNotOverError as GameNotOverError
from ofrenda_rules.errors import IllegalActionError as IllegalActionError
from ofrenda_rules.errors import OfrendaRulesError as OfrendaRulesError
from ofrenda_rules.errors import PositionError as PositionError
from ofrenda_rules.errors import Rejection as Rejection
from ofrenda_rules.errors import UnknownGameError as UnknownGameError
from ofrenda_rules.game import GameDefinition as GameDefinition
from ofrenda_rules.game import GameInfo as GameInfo
from ofrenda_rules.json import dumps as dumps
from ofrenda_rules.json import json_schema as json_schema
from ofrenda_rules.json import loads as loads
from ofrenda_rules.registry import game_names as game_names
from ofrenda_rules.registry import games as games
from ofrenda_rules.registry import get_game as get_game
from ofrenda_rules.replay import Replay as Replay
from ofrenda_rules.replay import Report as Report
from ofrenda_rules.replay import dump_replay as dump_replay
from ofrenda_rules.replay import load_replay as load_replay
from ofrenda_rules.replay import verify as verify
from ofrenda_rules.replay import verify_text as verify_text
from ofrenda_rules.rng import Rng as Rng

__version__ = "0.1.0"
"""The package version."""
