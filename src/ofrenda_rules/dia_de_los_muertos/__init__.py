"""Día de los Muertos (Jolly Roger Games, 2016): trick-taking with TAKE cards.

Three to six players; the lead card sets the High/Low card; TAKE cards steal
cards already played; variants lock the lead card and split each trick
between its highest and lowest cards.

>>> from ofrenda_rules import dia_de_los_muertos as ddlm
>>> state = ddlm.new_game(ddlm.Config(players=4), seed=7)
>>> while not ddlm.is_over(state):
...     state = ddlm.apply(state, ddlm.legal_actions(state)[0])
>>> ddlm.outcome(state).winners
(1,)
"""

import ofrenda_rules.game as _game
from ofrenda_rules.dia_de_los_muertos.actions import Action as Action
from ofrenda_rules.dia_de_los_muertos.actions import DealCard as DealCard
from ofrenda_rules.dia_de_los_muertos.actions import PlayCard as PlayCard
from ofrenda_rules.dia_de_los_muertos.actions import TakeCard as TakeCard
from ofrenda_rules.dia_de_los_muertos.bots import reference_bot as reference_bot
from ofrenda_rules.dia_de_los_muertos.codec import action_codec as action_codec
from ofrenda_rules.dia_de_los_muertos.codec import decode_action as decode_action
from ofrenda_rules.dia_de_los_muertos.codec import encode_action as encode_action
from ofrenda_rules.dia_de_los_muertos.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.dia_de_los_muertos.codec import max_decisions as max_decisions
from ofrenda_rules.dia_de_los_muertos.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.dia_de_los_muertos.components import DEFAULT_DECK as DEFAULT_DECK
from ofrenda_rules.dia_de_los_muertos.components import EDITIONS as EDITIONS
from ofrenda_rules.dia_de_los_muertos.components import Card as Card
from ofrenda_rules.dia_de_los_muertos.components import CardSpec as CardSpec
from ofrenda_rules.dia_de_los_muertos.components import DeckEdition as DeckEdition
from ofrenda_rules.dia_de_los_muertos.components import Mark as Mark
from ofrenda_rules.dia_de_los_muertos.components import Suit as Suit
from ofrenda_rules.dia_de_los_muertos.components import load_deck as load_deck
from ofrenda_rules.dia_de_los_muertos.definition import GAME as GAME
from ofrenda_rules.dia_de_los_muertos.events import CardLed as CardLed
from ofrenda_rules.dia_de_los_muertos.events import CardPlayed as CardPlayed
from ofrenda_rules.dia_de_los_muertos.events import CardTaken as CardTaken
from ofrenda_rules.dia_de_los_muertos.events import Event as Event
from ofrenda_rules.dia_de_los_muertos.events import GameScored as GameScored
from ofrenda_rules.dia_de_los_muertos.events import GameStopped as GameStopped
from ofrenda_rules.dia_de_los_muertos.events import HandsDealt as HandsDealt
from ofrenda_rules.dia_de_los_muertos.events import NoTake as NoTake
from ofrenda_rules.dia_de_los_muertos.events import NothingTaken as NothingTaken
from ofrenda_rules.dia_de_los_muertos.events import ReplacementDue as ReplacementDue
from ofrenda_rules.dia_de_los_muertos.events import TakeDue as TakeDue
from ofrenda_rules.dia_de_los_muertos.events import TrickSplit as TrickSplit
from ofrenda_rules.dia_de_los_muertos.events import TrickWon as TrickWon
from ofrenda_rules.dia_de_los_muertos.events import describe_event as describe_event
from ofrenda_rules.dia_de_los_muertos.events import event_seen_by as event_seen_by
from ofrenda_rules.dia_de_los_muertos.picture import render_svg as render_svg
from ofrenda_rules.dia_de_los_muertos.position import MAX_POSITION_CHARS as MAX_POSITION_CHARS
from ofrenda_rules.dia_de_los_muertos.position import from_position as from_position
from ofrenda_rules.dia_de_los_muertos.position import to_position as to_position
from ofrenda_rules.dia_de_los_muertos.resample import consistent_deals as consistent_deals
from ofrenda_rules.dia_de_los_muertos.resample import resample as resample
from ofrenda_rules.dia_de_los_muertos.rules import apply as apply
from ofrenda_rules.dia_de_los_muertos.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.dia_de_los_muertos.rules import current_player as current_player
from ofrenda_rules.dia_de_los_muertos.rules import hidden_variant as hidden_variant
from ofrenda_rules.dia_de_los_muertos.rules import is_over as is_over
from ofrenda_rules.dia_de_los_muertos.rules import legal_actions as legal_actions
from ofrenda_rules.dia_de_los_muertos.rules import new_game as new_game
from ofrenda_rules.dia_de_los_muertos.rules import step as step
from ofrenda_rules.dia_de_los_muertos.rules import take_targets as take_targets
from ofrenda_rules.dia_de_los_muertos.rules import trick_winners as trick_winners
from ofrenda_rules.dia_de_los_muertos.rules import validate as validate
from ofrenda_rules.dia_de_los_muertos.scoring import Outcome as Outcome
from ofrenda_rules.dia_de_los_muertos.scoring import outcome as outcome
from ofrenda_rules.dia_de_los_muertos.scoring import score as score
from ofrenda_rules.dia_de_los_muertos.scoring import score_bounds as score_bounds
from ofrenda_rules.dia_de_los_muertos.state import HAND_SIZES as HAND_SIZES
from ofrenda_rules.dia_de_los_muertos.state import Config as Config
from ofrenda_rules.dia_de_los_muertos.state import HighLowCard as HighLowCard
from ofrenda_rules.dia_de_los_muertos.state import State as State
from ofrenda_rules.dia_de_los_muertos.tally import tally as tally
from ofrenda_rules.dia_de_los_muertos.tensors import encode_information_state as encode_information_state
from ofrenda_rules.dia_de_los_muertos.tensors import encode_observation as encode_observation
from ofrenda_rules.dia_de_los_muertos.tensors import information_state_shape as information_state_shape
from ofrenda_rules.dia_de_los_muertos.tensors import observation_buffer as observation_buffer
from ofrenda_rules.dia_de_los_muertos.tensors import observation_shape as observation_shape
from ofrenda_rules.dia_de_los_muertos.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.dia_de_los_muertos.text import describe_action as describe_action
from ofrenda_rules.dia_de_los_muertos.text import describe_card as describe_card
from ofrenda_rules.dia_de_los_muertos.text import describe_outcome as describe_outcome
from ofrenda_rules.dia_de_los_muertos.text import render as render
from ofrenda_rules.dia_de_los_muertos.text import render_text as render_text
from ofrenda_rules.dia_de_los_muertos.view import View as View
from ofrenda_rules.dia_de_los_muertos.view import observe as observe
from ofrenda_rules.dia_de_los_muertos.view import observe_public as observe_public

__all__ = _game.package_exports(globals())
