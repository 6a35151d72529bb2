"""The Discord bot tests' world: the real bot (``build_bot``) run by simcord.

The helpers are the game author's testing kit, ``mainmatch.testing.discord``
(a :class:`World` set up with ``/mm setup``, :func:`moves` from an action to
the components a player uses, :func:`play` to a match's end); the ``dx``
fixture hands them to the test modules, with :func:`normal` for the built-in
games' actions.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from mainmatch.discord import build_bot
from mainmatch.testing.discord import (
    World,
    cid,
    form_moves,
    host_view,
    manual,
    moves,
    play,
    run,
    said,
    text_of,
)


def normal(game: str, action: dict) -> str:
    """An action with its zero defaults dropped, for comparing what was meant and stored."""
    a = json.loads(json.dumps(action))
    for k in ("buy_garnets", "garnets", "buy_chips"):
        if a.get(k) == 0:
            a.pop(k)
    for k in ("buy_identity", "buy_location", "trades", "bids"):
        if a.get(k) in ([], {}):
            a.pop(k)
    if game == "sealed_bid" and a.get("bid") == 0:
        a.pop("bid")  # a bid of 0 is its default; with 0 chips the form does not ask it
    if game == "second_to_won":
        for b in a.get("bids", {}).values():
            if b.get("garnets") == 0:
                b.pop("garnets")
    return json.dumps(a, sort_keys=True)


@pytest.fixture
def dx() -> Any:
    """The helpers (test modules cannot import conftest under importlib mode)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        World=World,
        moves=moves,
        form_moves=form_moves,
        manual=manual,
        normal=normal,
        text_of=text_of,
        said=said,
        host_view=host_view,
        build_bot=build_bot,
        simcord=simcord,
        run=run,
        cid=cid,
        play=play,
    )
