"""The engine contract (ENGINE.md): games, records, replay, results, errors."""

from .errors import IllegalAction, InvalidConfig, MainmatchError, RecordError, UnknownGame
from .events import for_viewer, is_public, private, public, visible_to
from .game import Game
from .match import Match, StepError, play, play_random, random_actions
from .record import load_record, new_record, parse_record, replay, save_record
from .result import Result

__all__ = [
    "Game", "Match", "StepError", "play", "play_random", "random_actions",
    "IllegalAction", "InvalidConfig", "MainmatchError", "RecordError", "UnknownGame",
    "public", "private", "is_public", "visible_to", "for_viewer",
    "load_record", "new_record", "parse_record", "replay", "save_record",
    "Result",
]
