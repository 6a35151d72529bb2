"""The engine contract (``docs/spec/engine.md``): games, records, replay, results, errors."""

from .errors import IllegalAction, InvalidConfig, MainmatchError, RecordError, UnknownGame
from .events import for_viewer, is_public, private, public, visible_to
from .game import Game
from .match import Match, StepError, play, play_random, random_actions
from .record import load_record, new_record, parse_record, replay, save_record
from .result import Result

__all__ = [
    "Game",
    "IllegalAction",
    "InvalidConfig",
    "MainmatchError",
    "Match",
    "RecordError",
    "Result",
    "StepError",
    "UnknownGame",
    "for_viewer",
    "is_public",
    "load_record",
    "new_record",
    "parse_record",
    "play",
    "play_random",
    "private",
    "public",
    "random_actions",
    "replay",
    "save_record",
    "visible_to",
]
