"""Replays: the versioned JSON record of a game, written, read and verified.

A replay names the game, its config, the seed of a seeded game, the steps
(each an action, optionally with the seat that claims it and the digest of
the state after it) and, optionally, the claimed final result. A seeded
replay records only player decisions (the library draws every chance outcome
from the seed); an unseeded one records the chance outcomes too, as actions.
The format is specified in the docs (``docs/replays.md``) and its JSON Schema
is generated from :class:`Replay` (``ofrenda-rules schema GAME``).

Verification re-executes a replay and reports the first step where a claim
and the rules part ways, as a :class:`Report` that programs read as JSON.

>>> from ofrenda_rules.registry import get_game
>>> game = get_game("dia_de_los_muertos")
>>> recorder = Recorder(game, game.config_type(players=3), seed=5)
>>> while not game.is_over(recorder.state):
...     _ = recorder.apply(game.legal_actions(recorder.state)[0])
>>> text = dump_replay(recorder.replay())
>>> verify_text(text).ok
True
>>> report = verify_text(text.replace('"seed":5', '"seed":6'))
>>> report.divergence.kind.value, report.divergence.path
('digest-mismatch', '$.initial_digest')
"""

from ofrenda_rules.replays.format import DIGEST_PATTERN as DIGEST_PATTERN
from ofrenda_rules.replays.format import FORMAT as FORMAT
from ofrenda_rules.replays.format import MAX_REPLAY_BYTES as MAX_REPLAY_BYTES
from ofrenda_rules.replays.format import MAX_STEPS as MAX_STEPS
from ofrenda_rules.replays.format import VERSION as VERSION
from ofrenda_rules.replays.format import AnyReplay as AnyReplay
from ofrenda_rules.replays.format import Recorder as Recorder
from ofrenda_rules.replays.format import Replay as Replay
from ofrenda_rules.replays.format import Step as Step
from ofrenda_rules.replays.format import dump_replay as dump_replay
from ofrenda_rules.replays.format import layout_document as layout_document
from ofrenda_rules.replays.format import record as record
from ofrenda_rules.replays.format import replay_schema as replay_schema
from ofrenda_rules.replays.format import replay_to_json_value as replay_to_json_value
from ofrenda_rules.replays.format import replay_type as replay_type
from ofrenda_rules.replays.load import ReplayFormatError as ReplayFormatError
from ofrenda_rules.replays.load import load_replay as load_replay
from ofrenda_rules.replays.load import load_replay_value as load_replay_value
from ofrenda_rules.replays.verify import REPORT_FORMAT as REPORT_FORMAT
from ofrenda_rules.replays.verify import Divergence as Divergence
from ofrenda_rules.replays.verify import DivergenceKind as DivergenceKind
from ofrenda_rules.replays.verify import Report as Report
from ofrenda_rules.replays.verify import verify as verify
from ofrenda_rules.replays.verify import verify_text as verify_text

__all__ = [
    "AnyReplay",
    "DIGEST_PATTERN",
    "Divergence",
    "DivergenceKind",
    "FORMAT",
    "MAX_REPLAY_BYTES",
    "MAX_STEPS",
    "REPORT_FORMAT",
    "Recorder",
    "Replay",
    "ReplayFormatError",
    "Report",
    "Step",
    "VERSION",
    "dump_replay",
    "layout_document",
    "load_replay",
    "load_replay_value",
    "record",
    "replay_schema",
    "replay_to_json_value",
    "replay_type",
    "verify",
    "verify_text",
]
