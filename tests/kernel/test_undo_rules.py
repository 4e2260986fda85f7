"""Each game's undo rules on chosen moments of play, with the rulebook's sentence behind each.

The property suite (``tests/properties/test_undo.py``) checks the generic
properties over whole games; these tests pin each game's own reasons.
"""

from __future__ import annotations

from typing import Any

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.dia_de_los_muertos.undo import DiaUndoCode
from ofrenda_rules.ofrenda.actions import PlacePortrait, TakePortrait
from ofrenda_rules.ofrenda.undo import OfrendaUndoCode
from ofrenda_rules.registry import get_game
from ofrenda_rules.undo import History, Undo, UndoCode, UndoRefusal, can_undo, undo


def _until(history: History[Any, Any], done: Any, limit: int = 2000) -> History[Any, Any]:
    """Play the first legal action until ``done(history)`` (a bounded loop)."""
    game = history.game
    for _ in range(limit):
        if done(history):
            return history
        history = history.play(game.legal_actions(history.state)[0])
    raise AssertionError("the moment never came")


def test_dia_de_los_muertos_takes_nothing_back_once_a_card_is_face_up() -> None:
    """'The lead player chooses a card and plays it to the table.'"""
    game = get_game("dia_de_los_muertos")
    history = History.start(game, game.new_game(game.config_type(players=3), 2))
    leader = game.current_player(history.state)
    played = history.play(game.legal_actions(history.state)[0])
    answer = can_undo(played, leader)
    assert isinstance(answer, UndoRefusal)
    assert answer.reason is DiaUndoCode.CARD_FACE_UP
    assert answer.code == "card-face-up"


def test_ofrenda_a_portrait_taken_face_up_comes_back_but_a_dealt_one_once_placed_does_not() -> None:
    """'Take one Portrait card from the Family board and add it to your hand.' -- seen by all."""
    game = get_game("ofrenda")
    config = game.config_type(players=2)
    history: History[Any, Any] = History.start(game, game.new_game(config, None))
    history = _until(history, lambda h: game.current_player(h.state) == 0)  # the deal, by chance outcomes
    seat = 0
    took = history.play(TakePortrait(space=0))
    taken = took.state.seen_in_hands[seat]
    assert len(taken) == 1
    allowed = can_undo(took, seat)
    assert isinstance(allowed, Undo) and allowed.history.state == history.state
    at_play = _until(took, lambda h: type(h.state.phase).__name__ == "Phase" and h.state.phase.value == "play")
    assert game.current_player(at_play.state) == seat
    dealt = next(card for card in at_play.state.hands[seat] if card not in at_play.state.seen_in_hands[seat])
    slot = next(a.slot for a in game.legal_actions(at_play.state) if isinstance(a, PlacePortrait))
    refused = can_undo(at_play.play(PlacePortrait(card=dealt, slot=slot)), seat)
    assert isinstance(refused, UndoRefusal) and refused.reason is OfrendaUndoCode.PORTRAIT_REVEALED
    public = at_play.play(PlacePortrait(card=taken[0], slot=slot))
    answer = can_undo(public, seat)
    if isinstance(answer, UndoRefusal):  # placing it ended the turn (no slot surrounded)
        assert answer.reason is OfrendaUndoCode.TURN_OVER
    else:
        assert answer.history.state == at_play.state


def test_portents_walks_back_through_the_turn_and_stops_at_its_start() -> None:
    """'Each turn has two phases: Sleight of Hand and then Scrying.'"""
    game = get_game("portents")
    history = History.start(game, game.new_game(game.config_type(), 11))
    history = history.play(game.legal_actions(history.state)[0])  # the second player lights the setup offering
    seat = game.current_player(history.state)
    start = history
    push = max(game.legal_actions(history.state), key=lambda action: sum(getattr(action, "shifts", ())))
    assert sum(push.shifts) >= 2  # two tiles off, two to place: the turn goes on after the first
    pushed = history.play(push)
    placed = pushed.play(game.legal_actions(pushed.state)[0])
    assert game.current_player(placed.state) == seat
    back = undo(undo(placed, seat), seat)
    assert back.state == start.state
    answer = can_undo(back, seat)
    assert isinstance(answer, UndoRefusal)
    assert answer.reason is UndoCode.NOT_YOUR_DECISION


def test_ofrendados_the_first_of_two_dice_in_a_row_comes_back_until_the_second_is_taken() -> None:
    """'When the last player has chosen, the selection is repeated in reverse.'"""
    game = get_game("ofrendados")
    config = game.config_type(players=3)
    history: History[Any, Any] = History.start(game, game.new_game(config, 5))
    picks: list[int] = []
    answers: list[Undo[Any, Any] | UndoRefusal] = []
    for _ in range(4):
        seat = game.current_player(history.state)
        picks.append(seat)
        history = history.play(game.legal_actions(history.state)[0])
        answers.append(can_undo(history, seat))
    assert picks[2] == picks[3]  # the last player takes two dice in a row
    codes = [answer.code if isinstance(answer, UndoRefusal) else "allowed" for answer in answers]
    assert codes == ["turn-passed", "turn-passed", "allowed", "turn-passed"]


def test_an_unseeded_decision_comes_back_until_its_chance_outcome_is_fed() -> None:
    """Nothing was drawn yet; once the outcome is fed, the last step is chance's."""
    game = get_game("ofrenda")
    history: History[Any, Any] = History.start(game, game.new_game(game.config_type(players=2), None))
    history = _until(history, lambda h: game.current_player(h.state) == 0)
    waiting = _until(history.play(TakePortrait(space=0)), lambda h: game.current_player(h.state) == CHANCE)
    assert isinstance(can_undo(waiting, 0), Undo)
    fed = waiting.play(game.legal_actions(waiting.state)[0])
    answer = can_undo(fed, 0)
    assert isinstance(answer, UndoRefusal) and answer.reason is UndoCode.CHANCE_OUTCOME
