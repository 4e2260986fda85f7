"""Portents (New Mill Industries, 2022): push tiles on a 3x3 altar into Portents to collect omens.

Two players, or one against the Kitty automaton (``Config(players=1)``) at
five difficulty levels with four advanced challenges in any combination.

>>> from ofrenda_rules import portents
>>> state = portents.new_game(portents.Config(), seed=7)
>>> while not portents.is_over(state):
...     state = portents.apply(state, portents.legal_actions(state)[0])
>>> result = portents.outcome(state)
>>> result.reason, result.winners, result.turns
(<EndReason.TURN_LIMIT: 'turn-limit'>, (), 200)
"""

import ofrenda_rules.game as _game
from ofrenda_rules.portents.actions import Action as Action
from ofrenda_rules.portents.actions import ChooseFirst as ChooseFirst
from ofrenda_rules.portents.actions import DrawOmen as DrawOmen
from ofrenda_rules.portents.actions import DrawTile as DrawTile
from ofrenda_rules.portents.actions import Light as Light
from ofrenda_rules.portents.actions import Pass as Pass
from ofrenda_rules.portents.actions import Place as Place
from ofrenda_rules.portents.actions import Push as Push
from ofrenda_rules.portents.actions import Sacrifice as Sacrifice
from ofrenda_rules.portents.codec import action_codec as action_codec
from ofrenda_rules.portents.codec import decode_action as decode_action
from ofrenda_rules.portents.codec import encode_action as encode_action
from ofrenda_rules.portents.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.portents.codec import max_decisions as max_decisions
from ofrenda_rules.portents.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.portents.components import DEFAULT_EDITION as DEFAULT_EDITION
from ofrenda_rules.portents.components import EDITIONS as EDITIONS
from ofrenda_rules.portents.components import LANES as LANES
from ofrenda_rules.portents.components import Direction as Direction
from ofrenda_rules.portents.components import Edge as Edge
from ofrenda_rules.portents.components import Edition as Edition
from ofrenda_rules.portents.components import Side as Side
from ofrenda_rules.portents.components import Sign as Sign
from ofrenda_rules.portents.components import Trait as Trait
from ofrenda_rules.portents.components import load_edition as load_edition
from ofrenda_rules.portents.definition import GAME as GAME
from ofrenda_rules.portents.events import Event as Event
from ofrenda_rules.portents.events import describe_event as describe_event
from ofrenda_rules.portents.events import event_seen_by as event_seen_by
from ofrenda_rules.portents.picture import render_svg as render_svg
from ofrenda_rules.portents.position import MAX_POSITION_CHARS as MAX_POSITION_CHARS
from ofrenda_rules.portents.position import from_position as from_position
from ofrenda_rules.portents.position import to_position as to_position
from ofrenda_rules.portents.resample import resample as resample
from ofrenda_rules.portents.rules import apply as apply
from ofrenda_rules.portents.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.portents.rules import current_player as current_player
from ofrenda_rules.portents.rules import hidden_variant as hidden_variant
from ofrenda_rules.portents.rules import is_over as is_over
from ofrenda_rules.portents.rules import legal_actions as legal_actions
from ofrenda_rules.portents.rules import new_game as new_game
from ofrenda_rules.portents.rules import step as step
from ofrenda_rules.portents.rules import validate as validate
from ofrenda_rules.portents.scoring import Outcome as Outcome
from ofrenda_rules.portents.scoring import outcome as outcome
from ofrenda_rules.portents.scoring import score as score
from ofrenda_rules.portents.scoring import score_bounds as score_bounds
from ofrenda_rules.portents.state import Config as Config
from ofrenda_rules.portents.state import Difficulty as Difficulty
from ofrenda_rules.portents.state import EndReason as EndReason
from ofrenda_rules.portents.state import Phase as Phase
from ofrenda_rules.portents.state import Portent as Portent
from ofrenda_rules.portents.state import State as State
from ofrenda_rules.portents.tally import tally as tally
from ofrenda_rules.portents.tensors import encode_information_state as encode_information_state
from ofrenda_rules.portents.tensors import encode_observation as encode_observation
from ofrenda_rules.portents.tensors import information_state_shape as information_state_shape
from ofrenda_rules.portents.tensors import observation_buffer as observation_buffer
from ofrenda_rules.portents.tensors import observation_shape as observation_shape
from ofrenda_rules.portents.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.portents.text import describe_action as describe_action
from ofrenda_rules.portents.text import describe_outcome as describe_outcome
from ofrenda_rules.portents.text import render as render
from ofrenda_rules.portents.text import render_text as render_text
from ofrenda_rules.portents.view import View as View
from ofrenda_rules.portents.view import observe as observe
from ofrenda_rules.portents.view import observe_public as observe_public

__all__ = _game.package_exports(globals())
