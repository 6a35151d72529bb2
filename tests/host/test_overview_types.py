"""The overview's typed read model (host/overview_types.py) is the JSON the API
sends: for every game, role and step of a short walk to the end, the overview's
keys are the declared ones in the declared order (a role's own keys only), and
every value is of its declared type."""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from mainmatch import games
from mainmatch.host.db import Database
from mainmatch.host.overview_types import Announcement, Overview
from mainmatch.host.service import Access, HostService

#: the keys only one role's overview has
OWN_KEYS = {
    "player": ["you", "request", "action_schema", "submission", "events"],
    "host": ["broken", "links", "pending_status"],
    "spectator": [],
}
DECLARED = list(get_type_hints(Overview))
ANNOUNCED = list(get_type_hints(Announcement))


def _of_type(value: Any, hint: Any, path: str) -> None:
    """``value`` is of the declared ``hint`` (TypedDicts, lists, dicts, unions, scalars)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return
    if origin in (typing.Union, types.UnionType):
        fits = []
        for arg in args:
            try:
                _of_type(value, arg, path)
                fits.append(arg)
            except AssertionError:
                pass
        assert fits, f"{path}: {value!r} is none of {args}"
    elif typing.is_typeddict(hint):
        assert isinstance(value, dict), path
        hints = get_type_hints(hint)
        assert set(value) <= set(hints), f"{path}: undeclared {set(value) - set(hints)}"
        assert hint.__required_keys__ <= set(value), f"{path}: missing keys"
        for k, v in value.items():
            _of_type(v, hints[k], f"{path}.{k}")
    elif origin is list:
        assert isinstance(value, list), path
        for i, v in enumerate(value):
            _of_type(v, args[0], f"{path}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), path
        for k, v in value.items():
            _of_type(k, args[0], f"{path} key")
            _of_type(v, args[1], f"{path}.{k}")
    elif hint is type(None):
        assert value is None, path
    elif hint is float:  # JSON numbers: an int reads as a float
        assert type(value) in (int, float), f"{path}: {value!r} is no number"
    else:
        assert type(value) is hint, f"{path}: {value!r} is no {hint}"


def _check(ov: dict[str, Any], role: str) -> None:
    others = {k for r, keys in OWN_KEYS.items() if r != role for k in keys}
    assert list(ov) == [k for k in DECLARED if k not in others]
    for entry in ov["announcements"]:
        assert list(entry) == [k for k in ANNOUNCED if k in entry]
        assert ("dms" in entry) == (role == "host" and entry["step"] > 0)
        assert ("dm" in entry) == (role == "player" and entry["step"] > 0)
    _of_type(ov, Overview, "overview")


@pytest.mark.parametrize("game_id", games.ids())
def test_every_overview_is_the_declared_read_model(sqlite_url: str, game_id: str) -> None:
    db = Database(sqlite_url)
    db.migrate()
    svc = HostService(db)
    manual = {kind: "manual" for kind in games.get(game_id).action_models}
    made = svc.create_match(game_id, seed=7, deadlines=manual)
    player = next(iter(made.player_tokens))
    readers = [
        Access(made.match_id, "host"),
        Access(made.match_id, "spectator"),
        svc.access_of(made.player_tokens[player]),
    ]
    for _ in range(6):  # a few steps by the rules' defaults, then the end if reached
        for acc in readers:
            assert acc is not None
            _check(dict(svc.overview(acc)), acc.role)
        ov = svc.overview(readers[0])
        if ov["status"] == "over":
            break
        svc.resolve(made.match_id, ov["open_step"] or 0)
    db.dispose()
