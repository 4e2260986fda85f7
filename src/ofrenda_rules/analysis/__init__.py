"""Move-by-move analysis of a seat's decisions, and playing on from any step of a replay.

:func:`analyse` walks a replay and, at every decision of one seat, asks the
search bot for its estimate of each legal move: the seat's expected share of
the win after it (``0`` to ``1``; a solo seat's chance to win), searched from
that seat's information only -- every search iteration plays on a state drawn
by the game's ``resample`` for the seat, never on the true hidden cards or
future draws. Each move is marked by how much it loses against the best
move: an inaccuracy from :data:`INACCURACY` (0.05), a mistake from
:data:`MISTAKE` (0.10), a blunder from :data:`BLUNDER` (0.20); a move that
was the only legal one is :attr:`Mark.FORCED` and is not searched. The
estimates are Monte Carlo figures: at a small budget two moves within a few
hundredths of each other are not told apart, so raise the budget before
reading much into an inaccuracy.

:func:`analysis_text` prints it, :func:`analysis_json` gives it to programs
and :func:`analysis_html` shows it in the replay viewer as the seat saw the
game, with an evaluation line over the steps.
:func:`continue_from` draws a state to play on from any step of a replay,
with what the seat could not see drawn afresh, and :func:`play_on` plays it
to the end with bots.

>>> from ofrenda_rules.registry import get_game
>>> from ofrenda_rules.replays import record
>>> game = get_game("portents")
>>> config = game.config_type(players=2)
>>> state, actions = game.new_game(config, 3), []
>>> for _ in range(6):
...     actions.append(game.legal_actions(state)[-1])
...     state = game.apply(state, actions[-1])
>>> analysis = analyse(record(game, config, 3, actions), seat=1, budget=20, seed=1)  # Seat 2
>>> [(decision.step, decision.mark.value) for decision in analysis.decisions][3:]
[(5, 'forced'), (6, 'best')]
>>> all(0.0 <= move.value <= 1.0 for decision in analysis.decisions for move in decision.moves)
True
"""

from ofrenda_rules.analysis import continuation, core, show
from ofrenda_rules.analysis._values import Budget as Budget
from ofrenda_rules.analysis._values import action_values as action_values
from ofrenda_rules.analysis._values import parse_budget as parse_budget
from ofrenda_rules.analysis.continuation import Continuation as Continuation
from ofrenda_rules.analysis.continuation import continue_from as continue_from
from ofrenda_rules.analysis.continuation import play_on as play_on
from ofrenda_rules.analysis.continuation import position_at as position_at
from ofrenda_rules.analysis.core import BLUNDER as BLUNDER
from ofrenda_rules.analysis.core import DEFAULT_BUDGET as DEFAULT_BUDGET
from ofrenda_rules.analysis.core import INACCURACY as INACCURACY
from ofrenda_rules.analysis.core import MISTAKE as MISTAKE
from ofrenda_rules.analysis.core import Analysis as Analysis
from ofrenda_rules.analysis.core import AnalysisError as AnalysisError
from ofrenda_rules.analysis.core import Decision as Decision
from ofrenda_rules.analysis.core import Mark as Mark
from ofrenda_rules.analysis.core import MoveValue as MoveValue
from ofrenda_rules.analysis.core import analyse as analyse
from ofrenda_rules.analysis.core import analyse_decision as analyse_decision
from ofrenda_rules.analysis.core import mark_of as mark_of
from ofrenda_rules.analysis.core import replay_positions as replay_positions
from ofrenda_rules.analysis.core import replay_states as replay_states
from ofrenda_rules.analysis.show import ANALYSIS_FORMAT as ANALYSIS_FORMAT
from ofrenda_rules.analysis.show import analysis_html as analysis_html
from ofrenda_rules.analysis.show import analysis_json as analysis_json
from ofrenda_rules.analysis.show import analysis_text as analysis_text
from ofrenda_rules.analysis.show import evaluation_svg as evaluation_svg

__all__ = [
    *core.__all__,
    *continuation.__all__,
    *show.__all__,
    "Budget",
    "action_values",
    "parse_budget",
]
