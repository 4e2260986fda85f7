"""Ofrendados, the road to Mictlán: dice draft, flower path, drawn offering, card market.

Two to four players draft dice over five rounds to draw an offering and to
lay a path of Cempasúchil flowers from Mictlán to the land of the living,
and buy Calaveritas with their money. The components are a designed
edition (see the docs page); every rule of the rulebook is implemented.

>>> from ofrenda_rules import ofrendados as of
>>> state = of.new_game(of.Config(players=2), seed=7)
>>> while not of.is_over(state):
...     state = of.apply(state, of.legal_actions(state)[0])
>>> len(of.outcome(state).scores)
2
"""

import ofrenda_rules.game as _game
from ofrenda_rules.ofrendados.actions import Action as Action
from ofrenda_rules.ofrendados.actions import BuyCard as BuyCard
from ofrenda_rules.ofrendados.actions import DrawObject as DrawObject
from ofrenda_rules.ofrendados.actions import Pass as Pass
from ofrenda_rules.ofrendados.actions import RerollDie as RerollDie
from ofrenda_rules.ofrendados.actions import RevealCard as RevealCard
from ofrenda_rules.ofrendados.actions import RewriteObject as RewriteObject
from ofrenda_rules.ofrendados.actions import RollDie as RollDie
from ofrenda_rules.ofrendados.actions import TakeDie as TakeDie
from ofrenda_rules.ofrendados.actions import TurnDie as TurnDie
from ofrenda_rules.ofrendados.actions import UseDie as UseDie
from ofrenda_rules.ofrendados.bots import reference_bot as reference_bot
from ofrenda_rules.ofrendados.bounds import score_bounds as score_bounds
from ofrenda_rules.ofrendados.cards import CardColour as CardColour
from ofrenda_rules.ofrendados.cards import CardSpec as CardSpec
from ofrenda_rules.ofrendados.cards import DiePower as DiePower
from ofrenda_rules.ofrendados.cards import Effect as Effect
from ofrenda_rules.ofrendados.cards import EffectKind as EffectKind
from ofrenda_rules.ofrendados.cards import Measure as Measure
from ofrenda_rules.ofrendados.codec import action_codec as action_codec
from ofrenda_rules.ofrendados.codec import decode_action as decode_action
from ofrenda_rules.ofrendados.codec import encode_action as encode_action
from ofrenda_rules.ofrendados.codec import max_chance_outcomes as max_chance_outcomes
from ofrenda_rules.ofrendados.codec import max_decisions as max_decisions
from ofrenda_rules.ofrendados.codec import num_distinct_actions as num_distinct_actions
from ofrenda_rules.ofrendados.components import Beneath as Beneath
from ofrenda_rules.ofrendados.components import Colour as Colour
from ofrenda_rules.ofrendados.components import DieFace as DieFace
from ofrenda_rules.ofrendados.components import Flower as Flower
from ofrenda_rules.ofrendados.components import ObjectKind as ObjectKind
from ofrenda_rules.ofrendados.components import PathSpace as PathSpace
from ofrenda_rules.ofrendados.components import PathSpec as PathSpec
from ofrenda_rules.ofrendados.components import SheetSpec as SheetSpec
from ofrenda_rules.ofrendados.definition import GAME as GAME
from ofrenda_rules.ofrendados.edition import DEFAULT_EDITION as DEFAULT_EDITION
from ofrenda_rules.ofrendados.edition import EDITIONS as EDITIONS
from ofrenda_rules.ofrendados.edition import DiceSpec as DiceSpec
from ofrenda_rules.ofrendados.edition import Edition as Edition
from ofrenda_rules.ofrendados.edition import load_edition as load_edition
from ofrenda_rules.ofrendados.events import CardBought as CardBought
from ofrenda_rules.ofrendados.events import CardRevealed as CardRevealed
from ofrenda_rules.ofrendados.events import DiceRolled as DiceRolled
from ofrenda_rules.ofrendados.events import DieRerolled as DieRerolled
from ofrenda_rules.ofrendados.events import DieRolled as DieRolled
from ofrenda_rules.ofrendados.events import DieTaken as DieTaken
from ofrenda_rules.ofrendados.events import DieTurned as DieTurned
from ofrenda_rules.ofrendados.events import DieUsed as DieUsed
from ofrenda_rules.ofrendados.events import Event as Event
from ofrenda_rules.ofrendados.events import FlowerLost as FlowerLost
from ofrenda_rules.ofrendados.events import FlowerMoved as FlowerMoved
from ofrenda_rules.ofrendados.events import GameEnded as GameEnded
from ofrenda_rules.ofrendados.events import ObjectDrawn as ObjectDrawn
from ofrenda_rules.ofrendados.events import ObjectLost as ObjectLost
from ofrenda_rules.ofrendados.events import ObjectRewritten as ObjectRewritten
from ofrenda_rules.ofrendados.events import Passed as Passed
from ofrenda_rules.ofrendados.events import RoundEnded as RoundEnded
from ofrenda_rules.ofrendados.events import RoundStarted as RoundStarted
from ofrenda_rules.ofrendados.events import describe_event as describe_event
from ofrenda_rules.ofrendados.events import event_seen_by as event_seen_by
from ofrenda_rules.ofrendados.picture import render_svg as render_svg
from ofrenda_rules.ofrendados.position import MAX_POSITION_CHARS as MAX_POSITION_CHARS
from ofrenda_rules.ofrendados.position import from_position as from_position
from ofrenda_rules.ofrendados.position import to_position as to_position
from ofrenda_rules.ofrendados.resample import resample as resample
from ofrenda_rules.ofrendados.rules import apply as apply
from ofrenda_rules.ofrendados.rules import chance_outcomes as chance_outcomes
from ofrenda_rules.ofrendados.rules import current_player as current_player
from ofrenda_rules.ofrendados.rules import hidden_variant as hidden_variant
from ofrenda_rules.ofrendados.rules import is_over as is_over
from ofrenda_rules.ofrendados.rules import legal_actions as legal_actions
from ofrenda_rules.ofrendados.rules import new_game as new_game
from ofrenda_rules.ofrendados.rules import step as step
from ofrenda_rules.ofrendados.rules import validate as validate
from ofrenda_rules.ofrendados.scoring import Outcome as Outcome
from ofrenda_rules.ofrendados.scoring import ScoreSheet as ScoreSheet
from ofrenda_rules.ofrendados.scoring import outcome as outcome
from ofrenda_rules.ofrendados.scoring import score as score
from ofrenda_rules.ofrendados.state import Board as Board
from ofrenda_rules.ofrendados.state import Config as Config
from ofrenda_rules.ofrendados.state import Die as Die
from ofrenda_rules.ofrendados.state import DiePowerTarget as DiePowerTarget
from ofrenda_rules.ofrendados.state import MajorityCount as MajorityCount
from ofrenda_rules.ofrendados.state import MajorityTies as MajorityTies
from ofrenda_rules.ofrendados.state import Pending as Pending
from ofrenda_rules.ofrendados.state import PendingKind as PendingKind
from ofrenda_rules.ofrendados.state import Phase as Phase
from ofrenda_rules.ofrendados.state import State as State
from ofrenda_rules.ofrendados.tally import tally as tally
from ofrenda_rules.ofrendados.tensors import encode_information_state as encode_information_state
from ofrenda_rules.ofrendados.tensors import encode_observation as encode_observation
from ofrenda_rules.ofrendados.tensors import information_state_shape as information_state_shape
from ofrenda_rules.ofrendados.tensors import observation_buffer as observation_buffer
from ofrenda_rules.ofrendados.tensors import observation_shape as observation_shape
from ofrenda_rules.ofrendados.tensors import state_observation_buffer as state_observation_buffer
from ofrenda_rules.ofrendados.text import describe_action as describe_action
from ofrenda_rules.ofrendados.text import describe_card as describe_card
from ofrenda_rules.ofrendados.text import describe_outcome as describe_outcome
from ofrenda_rules.ofrendados.text import render as render
from ofrenda_rules.ofrendados.text import render_text as render_text
from ofrenda_rules.ofrendados.view import View as View
from ofrenda_rules.ofrendados.view import observe as observe
from ofrenda_rules.ofrendados.view import observe_public as observe_public

__all__ = _game.package_exports(globals())
