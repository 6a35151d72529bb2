"""The engine contract (``docs/spec/engine.md``): games, records, replay, results, errors."""

from typing import TYPE_CHECKING

from .errors import IllegalAction, InvalidConfig, MainmatchError, RecordError, UnknownGame

if TYPE_CHECKING:
    from .events import for_viewer, is_public, private, public, visible_to
    from .game import Game
    from .match import Match, StepError, play, play_random, random_actions
    from .record import load_record, new_record, parse_record, replay, save_record
    from .result import Result

#: name -> the module that defines it, imported on first use: ``import
#: mainmatch.engine.errors`` (every command line) must not import the rules
#: machinery and pydantic models with it
_LAZY = {
    **dict.fromkeys(["for_viewer", "is_public", "private", "public", "visible_to"], "events"),
    "Game": "game",
    **dict.fromkeys(["Match", "StepError", "play", "play_random", "random_actions"], "match"),
    **dict.fromkeys(
        ["load_record", "new_record", "parse_record", "replay", "save_record"], "record"
    ),
    "Result": "result",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


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
