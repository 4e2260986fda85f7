"""Every one of the 30 Calaveritas, each effect tested by itself on the default edition."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from ofrenda_rules.chance import CHANCE
from ofrenda_rules.ofrendados import (
    DEFAULT_EDITION,
    Board,
    BuyCard,
    CardColour,
    Die,
    DiePower,
    DrawObject,
    EffectKind,
    ObjectKind,
    Pass,
    Phase,
    RerollDie,
    RevealCard,
    RewriteObject,
    RollDie,
    State,
    TakeDie,
    TurnDie,
    UseDie,
    apply,
    chance_outcomes,
    current_player,
    legal_actions,
    observe,
    validate,
)
from ofrenda_rules.ofrendados.scoring import score_sheets
from tests.ofrendados.helpers import PATH, O, P, Y, board, buying, creating, fill, play, start

K = ObjectKind
LIVING = PATH.head + 1


def _buy(card: int, seat_board: Board) -> State:
    state = buying(start(2, market=(card, 28, 29)), seat_board)
    state = apply(state, BuyCard(card))
    return apply(state, RevealCard(30))


def test_the_cards_are_split_ten_orange_ten_purple_ten_pink() -> None:
    """From the rulebook.

    "Orange: immediate effects ... Purple: modify ... Pink: cards that score for the offerings of your neighbours".
    """
    counts = {colour: sum(1 for c in DEFAULT_EDITION.cards if c.colour is colour) for colour in CardColour}
    assert counts == {CardColour.ORANGE: 10, CardColour.PURPLE: 10, CardColour.PINK: 10}


DRAW_CASES = [
    (1, {}, [K.CANDLE]),
    (2, {}, [K.PAPEL_PICADO]),
    (3, {}, [K.PAN_DE_MUERTO]),
    (4, fill(3), [K.PORTRAIT]),
    (5, {}, [K.FRUIT, K.TAMAL]),
    (6, {}, [K.CALAVERITA]),
]
"""The orange cards that draw, with a sheet to draw on and what they draw."""


@pytest.mark.parametrize(
    ("card", "setup", "drawn"),
    DRAW_CASES,
    ids=["1-la-velita", "2-el-papel-picado", "3-el-pan-de-muerto", "4-el-retrato", "5-la-canasta", "6-la-calavera"],
)
def test_orange_drawing_cards_draw_their_objects_at_once(
    card: int, setup: dict[int, ObjectKind], drawn: list[K]
) -> None:
    """Orange: "immediate effects (advantages on your offering ...)"."""
    cost = DEFAULT_EDITION.card(card).cost
    state = _buy(card, board(setup, pesos=cost))
    assert state.boards[0].pesos == 0
    for kind in drawn:
        assert state.pending[0].object is kind
        cell = legal_actions(state)[-1]
        assert isinstance(cell, DrawObject)
        state = apply(state, cell)
        assert state.boards[0].sheet[cell.cell] is kind
    assert state.acting == 1


def test_an_orange_drawing_card_with_no_room_is_lost() -> None:
    """Ruling: an object that no cell can hold is lost (here a portrait with rows 1-3 unfinished)."""
    state = _buy(4, board(pesos=3))
    assert state.pending == () and state.acting == 1


FLOWER_CASES = [(7, 1, 0), (8, 2, 1), (9, 3, 0)]
"""The orange flower cards, the space each reaches from Mictlán and the pesos gained."""


@pytest.mark.parametrize(
    ("card", "space", "pesos"),
    FLOWER_CASES,
    ids=["7-cempasuchil-a", "8-cempasuchil-b", "9-cempasuchil-c"],
)
def test_orange_flower_cards_place_a_flower_of_their_type(card: int, space: int, pesos: int) -> None:
    """Orange: "advancement on the path" -- the nearest flower of the card's type ahead, with its bonus."""
    state = _buy(card, board(pesos=2))
    assert state.boards[0].flowers == (space,)
    assert state.boards[0].pesos == pesos


def test_10_el_xoloitzcuintle_places_a_flower_on_the_next_space_whatever_its_type() -> None:
    """Orange: "advancement on the path": the very next space, of any type, with its bonus."""
    other_type = _buy(10, board(flowers=[5], pesos=3))
    assert other_type.boards[0].flowers == (5, 6) and PATH.space(6).flower is not PATH.space(5).flower
    state = _buy(10, board(flowers=[4], pesos=3))
    assert state.boards[0].flowers == (4, 5)
    assert state.pending[0].object is K.CANDLE
    at_end = _buy(10, board(flowers=[PATH.length], pesos=3))
    assert at_end.boards[0].flowers == (PATH.length,)


REWRITE_CASES = [
    (11, K.FRUIT, 0, K.CANDLE),
    (12, K.CANDLE, 0, K.PAPEL_PICADO),
    (13, K.CALAVERITA, 0, K.PAN_DE_MUERTO),
    (14, K.FRUIT, 17, K.PORTRAIT),
    (15, K.MOLE, 0, K.CALAVERITA),
]
"""The purple rewrite cards: an object before, its cell, and what it becomes."""


@pytest.mark.parametrize(
    ("card", "before", "cell", "after"),
    REWRITE_CASES,
    ids=["11-la-veladora", "12-las-tijeras", "13-el-horno", "14-el-marco", "15-el-piloncillo"],
)
def test_purple_rewrite_cards_turn_one_drawn_object(card: int, before: K, cell: int, after: K) -> None:
    """Purple: "modify what you have already drawn on your offering"."""
    cells = {**fill(3, K.PAPEL_PICADO if after is not K.PAPEL_PICADO else K.TAMAL), cell: before}
    if after is K.CALAVERITA:
        cells = {cell: before}
    state = _buy(card, board(cells, pesos=3))
    options = legal_actions(state)
    assert RewriteObject(cell) in options
    state = apply(state, RewriteObject(cell))
    assert state.boards[0].sheet[cell] is after


def test_rewrites_only_reach_the_kinds_and_rows_their_card_allows() -> None:
    marco = _buy(14, board(fill(3), pesos=3))
    assert marco.pending == ()  # nothing in row 4 or above: lost
    piloncillo = _buy(15, board({0: K.CANDLE, 1: K.FRUIT}, pesos=2))
    assert legal_actions(piloncillo) == (RewriteObject(1),)
    rejection = validate(piloncillo, RewriteObject(0))
    assert rejection is not None and rejection.code == "cell-not-rewritable"


@pytest.mark.parametrize(("card", "into"), [(11, K.CANDLE), (12, K.PAPEL_PICADO), (13, K.PAN_DE_MUERTO)])
def test_a_rewrite_never_reaches_its_own_kind_or_a_portrait(card: int, into: K) -> None:
    """Ruling 23: an object already of the target kind is not eligible, and a portrait (row 4 up only) stays one."""
    cells = {0: into, 1: K.FRUIT, 2: K.FRUIT, 8: K.FRUIT, 13: K.FRUIT, 17: K.PORTRAIT}
    state = _buy(card, board(cells, pesos=2))
    assert legal_actions(state) == (RewriteObject(1), RewriteObject(2), RewriteObject(8), RewriteObject(13))


def _owning(card: int, dice: list[Die]) -> State:
    return creating(start(2), dice, board(cards=[card]))


def test_16_el_pincel_turns_one_die_to_any_face_once_per_round() -> None:
    """Purple: "modify ... your dice selection in later rounds"."""
    state = _owning(16, [Die(Y, 2), Die(O, 6)])
    turns = [a for a in legal_actions(state) if isinstance(a, TurnDie)]
    assert len(turns) == 10
    state = apply(state, TurnDie(16, Y, 2, 6))
    assert Die(Y, 6) in state.dice_left
    again = validate(state, TurnDie(16, O, 6, 1))
    assert again is not None and again.code == "power-used"


def test_17_el_espejo_turns_one_die_to_its_opposite_face() -> None:
    state = _owning(17, [Die(O, 2)])
    assert [a for a in legal_actions(state) if isinstance(a, TurnDie)] == [TurnDie(17, O, 2, 5)]
    bad = validate(state, TurnDie(17, O, 2, 4))
    assert bad is not None and bad.code == "face-not-allowed"


def test_18_el_soplo_rerolls_one_die() -> None:
    state = _owning(18, [Die(Y, 2), Die(P, 1)])
    state = apply(state, RerollDie(18, P, 1))
    assert current_player(state) == CHANCE
    state = apply(state, RollDie(4))
    assert sorted(state.dice_left) == sorted([Die(Y, 2), Die(P, 4)]) and state.powers_used == (18,)


def test_19_el_dedal_turns_one_die_a_pip_up_or_down() -> None:
    state = _owning(19, [Die(Y, 1)])
    assert [a for a in legal_actions(state) if isinstance(a, TurnDie)] == [TurnDie(19, Y, 1, 2)]


def test_20_la_alcancia_doubles_the_money_for_exchanged_dice() -> None:
    state = _owning(20, [Die(Y, 2), Die(O, 6)])
    state = apply(state, UseDie(Y, 2, as_money=True))
    assert state.boards[0].pesos == 2
    state = apply(state, UseDie(O, 6))
    assert state.boards[0].pesos == 4


def test_die_powers_need_the_card() -> None:
    state = _owning(20, [Die(Y, 2)])
    rejection = validate(state, TurnDie(16, Y, 2, 3))
    assert rejection is not None and rejection.code == "no-such-power"


def test_18_el_soplos_reroll_is_a_fair_die_roll() -> None:
    """From the rulebook: a die shows one of six faces; the reroll is a chance event, 1/6 for each face."""
    state = apply(_owning(18, [Die(Y, 2)]), RerollDie(18, Y, 2))
    assert chance_outcomes(state) == tuple((RollDie(p), Fraction(1, 6)) for p in range(1, 7))
    assert state.dice_left == () and state.rerolling == Die(Y, 2)
    assert observe(state, 1).rerolling == Die(Y, 2)


def test_a_die_power_works_once_per_round_and_again_the_next_round() -> None:
    """Purple: "modify ... your dice selection in later rounds": once per card in each round's creation."""
    state = apply(_owning(19, [Die(Y, 1), Die(Y, 3)]), TurnDie(19, Y, 1, 2))
    assert not [a for a in legal_actions(state) if isinstance(a, TurnDie)]
    rejection = validate(state, TurnDie(19, Y, 3, 4))
    assert rejection is not None and rejection.code == "power-used"
    later = attrs.evolve(state, round=1, powers_used=(), dice_left=(Die(Y, 3),))
    assert TurnDie(19, Y, 3, 4) in legal_actions(later)


def test_a_card_bought_this_round_has_no_power_until_the_next_round() -> None:
    """Purple: "... your dice selection in later rounds": the round's dice are all used before the purchase."""
    state = buying(start(2, market=(16, 28, 29)), board(pesos=3))
    state = play(state, [BuyCard(16), RevealCard(30)])
    assert state.boards[0].cards == (16,) and state.dice_left == () and legal_actions(state) == (Pass(),)
    state = play(state, [Pass()])
    assert state.round == 1 and state.phase is Phase.OPEN
    state = play(state, [RevealCard(1), RevealCard(2), RevealCard(3), *(RollDie(1) for _ in range(9))])
    state = play(state, [TakeDie(Y, 1), TakeDie(O, 1), TakeDie(Y, 1), TakeDie(O, 1), TakeDie(Y, 1), TakeDie(O, 1)])
    assert state.phase is Phase.CREATE and state.acting == 1  # seat 1 leads round 2
    while state.acting == 1:
        state = apply(state, legal_actions(state)[0])
    assert TurnDie(16, Y, 1, 6) in legal_actions(state)


def test_turning_a_purple_die_changes_only_the_players_own_use_of_it() -> None:
    """From the rulebook.

    "The purple dice are for general use": a power changes the purple die for its owner only (ruling 9).
    """
    state = start(2, yellow=(1, 1, 1), orange=(6, 6, 6), purple=(1, 2, 6))
    state = attrs.evolve(state, boards=(board(cards=[16]), state.boards[1]))
    state = play(state, [TakeDie(Y, 1), TakeDie(Y, 1), TakeDie(O, 6), TakeDie(O, 6), TakeDie(Y, 1), TakeDie(O, 6)])
    state = apply(state, TurnDie(16, P, 1, 4))
    assert Die(P, 4) in state.dice_left and state.rolled[-3:] == (Die(P, 1), Die(P, 2), Die(P, 6))
    while state.acting == 0:
        state = apply(state, legal_actions(state)[-1] if not state.pending else legal_actions(state)[0])
    assert {Die(P, 1), Die(P, 2), Die(P, 6)} <= set(state.dice_left)


NEIGHBOUR = {
    **fill(1, K.CANDLE),
    7: K.PAPEL_PICADO,
    8: K.PAN_DE_MUERTO,
    9: K.FRUIT,
    10: K.TAMAL,
    11: K.MOLE,
    12: K.CALAVERITA,
    13: K.FRUIT,
    14: K.TAMAL,
    15: K.MOLE,
    16: K.CANDLE,
    17: K.PORTRAIT,
    18: K.PORTRAIT,
}
"""A neighbour's offering: 8 candles, 1 papel picado, 1 pan, 6 foods (2 sets), 1 skull, 2 portraits; rows 1-3 full."""


ETERNAL_CASES = [
    (21, 8),  # La Catrina: 8 kinds
    (22, 8),  # candles
    (23, 1),  # papel picado
    (24, 1),  # pan de muerto
    (25, 6),  # foods
    (26, 4),  # portraits, 2 each
    (27, 1),  # calaveritas
    (28, 9),  # 3 full rows, 3 each
    (29, 2),  # objects in rows 4-5
    (30, 4),  # 2 food sets, 2 each
]
"""The pink cards and what each scores from one neighbour holding NEIGHBOUR."""


@pytest.mark.parametrize(
    ("card", "points"),
    ETERNAL_CASES,
    ids=[f"{c}-{DEFAULT_EDITION.card(c).name}" for c in range(21, 31)],
)
def test_pink_eternal_cards_score_from_each_neighbours_offering(card: int, points: int) -> None:
    """From the rulebook.

    "Pink: cards that score for the offerings of your neighbours"; "Eternal Calaveritas ... neighbouring offerings".
    """
    three = attrs.evolve(
        start(3),
        boards=(board(flowers=[LIVING], cards=[card]), board(NEIGHBOUR), board(NEIGHBOUR)),
    )
    assert score_sheets(three)[0].eternal == 2 * points
    two = attrs.evolve(start(2), boards=(board(flowers=[LIVING], cards=[card]), board(NEIGHBOUR)))
    assert score_sheets(two)[0].eternal == points


@pytest.mark.parametrize(("card", "points"), ETERNAL_CASES[:3])
def test_ruling_22_the_lone_opponent_counts_once_or_as_both_neighbours(card: int, points: int) -> None:
    """Ruling 22: "Pink: cards that score for the offerings of your neighbours", with 2 players.

    The only opponent sits both left and right: counted once by default, twice
    with ``Config(opponent_as_both_neighbours=True)``. With 3 players the
    option changes nothing.
    """
    boards = (board(flowers=[LIVING], cards=[card]), board(NEIGHBOUR))
    once = attrs.evolve(start(2), boards=boards)
    twice = attrs.evolve(start(2, opponent_as_both_neighbours=True), boards=boards)
    assert score_sheets(once)[0].eternal == points
    assert score_sheets(twice)[0].eternal == 2 * points
    assert score_sheets(twice)[0].total - score_sheets(once)[0].total == points
    three = (board(flowers=[LIVING], cards=[card]), board(NEIGHBOUR), board())
    plain = attrs.evolve(start(3), boards=three)
    option = attrs.evolve(start(3, opponent_as_both_neighbours=True), boards=three)
    assert score_sheets(plain) == score_sheets(option)


def test_pink_cards_do_nothing_when_bought() -> None:
    state = _buy(21, board(pesos=4))
    assert state.pending == () and state.boards[0].cards == (21,)
    assert legal_actions(state) == (Pass(),)


OWN_TESTS = {
    10: EffectKind.NEXT_SPACE,
    16: DiePower.ANY_FACE,
    17: DiePower.OPPOSITE_FACE,
    18: DiePower.REROLL,
    19: DiePower.ADJACENT_FACE,
    20: DiePower.DOUBLE_EXCHANGE,
}
"""The cards with a test of their own (``test_10_...`` to ``test_20_...``) and what that test exercises."""


def test_every_card_is_covered_by_a_test() -> None:
    """Issue: "Every Calaverita effect implemented and tested by itself".

    Each of the 30 cards is in one of the tests above, which treats it as the effect it has in the edition.
    """
    kinds = {card.id: card.effect.kind for card in DEFAULT_EDITION.cards}
    groups = {
        EffectKind.DRAW: {c for c, _, _ in DRAW_CASES},
        EffectKind.FLOWER: {c for c, _, _ in FLOWER_CASES},
        EffectKind.REWRITE: {c for c, _, _, _ in REWRITE_CASES},
        EffectKind.ETERNAL: {c for c, _ in ETERNAL_CASES},
        EffectKind.NEXT_SPACE: {c for c, k in OWN_TESTS.items() if k is EffectKind.NEXT_SPACE},
        EffectKind.DIE_POWER: {c for c, k in OWN_TESTS.items() if isinstance(k, DiePower)},
    }
    assert {kind: {c for c, k in kinds.items() if k is kind} for kind in EffectKind} == groups
    for card, what in OWN_TESTS.items():
        effect = DEFAULT_EDITION.card(card).effect
        assert (effect.power if isinstance(what, DiePower) else effect.kind) is what
        assert any(name.startswith(f"test_{card}_") for name in globals())
