"""Text game records: a whole game as people read and write it (as PGN is for chess).

A record is tags, then one move per line::

    [Record 1]
    [Game "dia_de_los_muertos"]
    [Config {"players":3}]
    [Seed 5]
    [Result {"cards_collected":[15,16,14],"ranks":[2,0,1],"scores":[-1,8,5],"winners":[1]}]

    1. S1 play red-14 {the lead: Red is Low}
    2. S2 play red-17
    3. * deal white-16

Each tag is ``[Name value]`` with a JSON value: ``Record`` (the notation's
version, 1), ``Game``, ``Config`` (the config's JSON, the edition left out
when it is the game's default), and optionally ``Edition`` (a custom
edition), ``Seed`` (a seeded game; absent when chance outcomes are moves),
``Seats`` (the players' names), ``Seat`` (a seat's record, counted from 1),
``Date`` (``YYYY-MM-DD``) and ``Result`` (the final result's JSON, checked
when the record is verified). Each move is its number, its actor (``S1``..
``SN``, or ``*`` for a chance outcome) and the move in words
(the action's tag, then its values, see :func:`moves_table`); a
comment in braces may follow a move or stand on a line of its own.

A seat's record (``to_record(replay, seat=n)``) writes only what that seat
could know: the seed is ``"??"``, and a move or chance outcome it could not
tell apart from another by what it saw is ``??``.

>>> from ofrenda_rules.registry import get_game
>>> from ofrenda_rules.replay import record, verify
>>> game = get_game("portents")
>>> state = game.new_game(game.config_type(), 4)
>>> replay = record(game, game.config_type(), 4, [game.legal_actions(state)[0]])
>>> text = to_record(replay)
>>> print(text)
[Record 1]
[Game "portents"]
[Config {"players":2}]
[Seed 4]
<BLANKLINE>
1. S2 light 0
<BLANKLINE>
>>> verify(from_record(text)).ok
True
>>> from_record(text.replace("light 0", "light nine"))
Traceback (most recent call last):
...
ofrenda_rules.records.RecordError: line 6, column 13: light: space must be a whole number, not 'nine'
"""

from ofrenda_rules.records._moves import HIDDEN as HIDDEN
from ofrenda_rules.records._moves import moves_table as moves_table
from ofrenda_rules.records._read import MAX_RECORD_LINE as MAX_RECORD_LINE
from ofrenda_rules.records._read import TAGS as TAGS
from ofrenda_rules.records._read import RecordError as RecordError
from ofrenda_rules.records._read import from_record as from_record
from ofrenda_rules.records._verify import is_record as is_record
from ofrenda_rules.records._verify import load_game as load_game
from ofrenda_rules.records._verify import verify_record as verify_record
from ofrenda_rules.records._write import NOTATION_VERSION as NOTATION_VERSION
from ofrenda_rules.records._write import to_record as to_record

__all__ = [
    "HIDDEN",
    "MAX_RECORD_LINE",
    "NOTATION_VERSION",
    "TAGS",
    "RecordError",
    "from_record",
    "is_record",
    "load_game",
    "moves_table",
    "to_record",
    "verify_record",
]
