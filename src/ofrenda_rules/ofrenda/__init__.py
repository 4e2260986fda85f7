"""Ofrenda (Osprey Games, 2025): tableau card drafting with adjacency objectives.

Two to four players, or one against the Abuela automaton; the common-goals
variant adds goal cards and scoring tokens.

>>> from ofrenda_rules import ofrenda
>>> state = ofrenda.new_game(ofrenda.Config(players=2), seed=3)
>>> while not ofrenda.is_over(state):
...     state = ofrenda.apply(state, ofrenda.legal_actions(state)[0])
>>> ofrenda.outcome(state).scores
(11, 8)
"""

import ofrenda_rules.game as _game
from ofrenda_rules.ofrenda.abuela import SPACE_FOR_FACE as SPACE_FOR_FACE
from ofrenda_rules.ofrenda.actions import ACTION_CLASSES as ACTION_CLASSES
from ofrenda_rules.ofrenda.actions import Action as Action
from ofrenda_rules.ofrenda.actions import DiscardPortrait as DiscardPortrait
from ofrenda_rules.ofrenda.actions import DrawCandle as DrawCandle
from ofrenda_rules.ofrenda.actions import DrawGoal as DrawGoal
from ofrenda_rules.ofrenda.actions import DrawPortrait as DrawPortrait
from ofrenda_rules.ofrenda.actions import LeaveEmpty as LeaveEmpty
from ofrenda_rules.ofrenda.actions import PlaceCandle as PlaceCandle
from ofrenda_rules.ofrenda.actions import PlaceMarigold as PlaceMarigold
from ofrenda_rules.ofrenda.actions import PlacePortrait as PlacePortrait
from ofrenda_rules.ofrenda.actions import RollDie as RollDie
from ofrenda_rules.ofrenda.actions import SkipCandle as SkipCandle
from ofrenda_rules.ofrenda.actions import TakeCandle as TakeCandle
from ofrenda_rules.ofrenda.actions import TakePortrait as TakePortrait
from ofrenda_rules.ofrenda.bots import reference_bot as reference_bot
from ofrenda_rules.ofrenda.codec import action_codec as action_codec
from ofrenda_rules.ofrenda.codec import decode_action as decode_action
from ofrenda_rules.ofrenda.codec import encode_action as encode_action
from ofrenda_rules.ofrenda.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.ofrenda.codec import max_decisions as max_decisions
from ofrenda_rules.ofrenda.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.ofrenda.components import BRANCHES as BRANCHES
from ofrenda_rules.ofrenda.components import OFFERINGS as OFFERINGS
from ofrenda_rules.ofrenda.components import BoardLayout as BoardLayout
from ofrenda_rules.ofrenda.components import Candle as Candle
from ofrenda_rules.ofrenda.components import CandleKind as CandleKind
from ofrenda_rules.ofrenda.components import CandleObjective as CandleObjective
from ofrenda_rules.ofrenda.components import Category as Category
from ofrenda_rules.ofrenda.components import Feature as Feature
from ofrenda_rules.ofrenda.components import GoalCard as GoalCard
from ofrenda_rules.ofrenda.components import GoalKind as GoalKind
from ofrenda_rules.ofrenda.components import GoalType as GoalType
from ofrenda_rules.ofrenda.components import ObjectiveKind as ObjectiveKind
from ofrenda_rules.ofrenda.components import OfferingKind as OfferingKind
from ofrenda_rules.ofrenda.components import OfferingSlot as OfferingSlot
from ofrenda_rules.ofrenda.components import Portrait as Portrait
from ofrenda_rules.ofrenda.components import PortraitObjective as PortraitObjective
from ofrenda_rules.ofrenda.components import ScoringToken as ScoringToken
from ofrenda_rules.ofrenda.definition import GAME as GAME
from ofrenda_rules.ofrenda.describe import describe_action as describe_action
from ofrenda_rules.ofrenda.describe import describe_event as describe_event
from ofrenda_rules.ofrenda.describe import describe_outcome as describe_outcome
from ofrenda_rules.ofrenda.edition import DEFAULT_EDITION as DEFAULT_EDITION
from ofrenda_rules.ofrenda.edition import EDITIONS as EDITIONS
from ofrenda_rules.ofrenda.edition import Edition as Edition
from ofrenda_rules.ofrenda.edition import edition_problems as edition_problems
from ofrenda_rules.ofrenda.edition import load_edition as load_edition
from ofrenda_rules.ofrenda.events import EVENT_CLASSES as EVENT_CLASSES
from ofrenda_rules.ofrenda.events import AbuelaDiscardedCandle as AbuelaDiscardedCandle
from ofrenda_rules.ofrenda.events import AbuelaMoved as AbuelaMoved
from ofrenda_rules.ofrenda.events import CandleDeclined as CandleDeclined
from ofrenda_rules.ofrenda.events import CandleDrawn as CandleDrawn
from ofrenda_rules.ofrenda.events import CandleLit as CandleLit
from ofrenda_rules.ofrenda.events import CandlePlaced as CandlePlaced
from ofrenda_rules.ofrenda.events import CandleTaken as CandleTaken
from ofrenda_rules.ofrenda.events import Event as Event
from ofrenda_rules.ofrenda.events import GameEnded as GameEnded
from ofrenda_rules.ofrenda.events import GoalClaimed as GoalClaimed
from ofrenda_rules.ofrenda.events import GoalDrawn as GoalDrawn
from ofrenda_rules.ofrenda.events import MarigoldPlaced as MarigoldPlaced
from ofrenda_rules.ofrenda.events import PortraitDealt as PortraitDealt
from ofrenda_rules.ofrenda.events import PortraitDiscarded as PortraitDiscarded
from ofrenda_rules.ofrenda.events import PortraitDrawn as PortraitDrawn
from ofrenda_rules.ofrenda.events import PortraitLit as PortraitLit
from ofrenda_rules.ofrenda.events import PortraitPlaced as PortraitPlaced
from ofrenda_rules.ofrenda.events import PortraitRemoved as PortraitRemoved
from ofrenda_rules.ofrenda.events import PortraitTaken as PortraitTaken
from ofrenda_rules.ofrenda.events import SlotLeftEmpty as SlotLeftEmpty
from ofrenda_rules.ofrenda.events import SlotsSurrounded as SlotsSurrounded
from ofrenda_rules.ofrenda.events import event_seen_by as event_seen_by
from ofrenda_rules.ofrenda.picture import render_svg as render_svg
from ofrenda_rules.ofrenda.position import MAX_POSITION_CHARS as MAX_POSITION_CHARS
from ofrenda_rules.ofrenda.position import from_position as from_position
from ofrenda_rules.ofrenda.position import to_position as to_position
from ofrenda_rules.ofrenda.resample import resample as resample
from ofrenda_rules.ofrenda.resample import unseen_portraits as unseen_portraits
from ofrenda_rules.ofrenda.rules import apply as apply
from ofrenda_rules.ofrenda.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.ofrenda.rules import current_player as current_player
from ofrenda_rules.ofrenda.rules import hidden_variant as hidden_variant
from ofrenda_rules.ofrenda.rules import is_over as is_over
from ofrenda_rules.ofrenda.rules import legal_actions as legal_actions
from ofrenda_rules.ofrenda.rules import new_game as new_game
from ofrenda_rules.ofrenda.rules import step as step
from ofrenda_rules.ofrenda.rules import validate as validate
from ofrenda_rules.ofrenda.scoring import Outcome as Outcome
from ofrenda_rules.ofrenda.scoring import SoloTier as SoloTier
from ofrenda_rules.ofrenda.scoring import outcome as outcome
from ofrenda_rules.ofrenda.scoring import score as score
from ofrenda_rules.ofrenda.scoring import score_bounds as score_bounds
from ofrenda_rules.ofrenda.scoring import solo_tier as solo_tier
from ofrenda_rules.ofrenda.state import Config as Config
from ofrenda_rules.ofrenda.state import Phase as Phase
from ofrenda_rules.ofrenda.state import PlayerBoard as PlayerBoard
from ofrenda_rules.ofrenda.state import State as State
from ofrenda_rules.ofrenda.tally import tally as tally
from ofrenda_rules.ofrenda.tensors import encode_information_state as encode_information_state
from ofrenda_rules.ofrenda.tensors import encode_observation as encode_observation
from ofrenda_rules.ofrenda.tensors import information_state_shape as information_state_shape
from ofrenda_rules.ofrenda.tensors import observation_buffer as observation_buffer
from ofrenda_rules.ofrenda.tensors import observation_layout as observation_layout
from ofrenda_rules.ofrenda.tensors import observation_shape as observation_shape
from ofrenda_rules.ofrenda.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.ofrenda.text import render as render
from ofrenda_rules.ofrenda.text import render_text as render_text
from ofrenda_rules.ofrenda.view import View as View
from ofrenda_rules.ofrenda.view import observe as observe
from ofrenda_rules.ofrenda.view import observe_public as observe_public

__all__ = _game.package_exports(globals())
