"""flow.Work declares the state's fields again for the type checker: the lists agree."""

from __future__ import annotations

from dataclasses import fields
from typing import get_type_hints

from mainmatch.engine.game import Event
from mainmatch.games.homeostasis import resolve as flow  # the resolving code
from mainmatch.games.homeostasis.state import HomeostasisState


def test_work_declares_exactly_the_states_fields_with_their_types() -> None:
    state_types = get_type_hints(HomeostasisState)
    work_types = get_type_hints(flow.Work)
    assert work_types.pop("events") == list[Event]
    assert list(work_types) == [f.name for f in fields(HomeostasisState)]
    assert work_types == state_types
