"""Choosing the Elimination Candidate among tied players (engine spec convention 4).

The winners vote in one simultaneous ``choose_ec`` step. Request
``{"kind": "choose_ec", "candidates": [...]}``; action ``{"ec": id}``.
The candidate with the most votes is the EC; tied votes go to the tied
candidate who comes last in ``gamewide_tiebreak``; a chooser who does not
vote names the candidate last in ``gamewide_tiebreak``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from random import Random
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from .checks import json_type
from .declared import ChooseEcRequest
from .errors import IllegalAction
from .steps import Ask, StepDescription
from .unit import Step


class ChooseEcAction(BaseModel):
    """Name the Elimination Candidate: exactly ``{"ec": id}``, ``id`` a candidate."""

    model_config = ConfigDict(extra="forbid", strict=True, title="choose_ec")

    ec: Annotated[
        str,
        Field(description="One of the request's `candidates`."),
        Ask("player", "Elimination Candidate", offers="candidates"),
    ]


def choose_ec_request(candidates: list[str]) -> dict[str, Any]:
    return {"kind": "choose_ec", "candidates": list(candidates)}


def last_in_tiebreak(candidates: list[str], gamewide_tiebreak: list[str]) -> str:
    """The candidate who comes last in ``gamewide_tiebreak``.

    >>> last_in_tiebreak(["b", "c"], ["a", "b", "c", "d"])
    'c'
    """
    return max(candidates, key=gamewide_tiebreak.index)


def validate_ec_action(action: object, candidates: list[str]) -> None:
    """Raise ``IllegalAction`` unless ``action`` is exactly ``{"ec": candidate}``."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f'the action must be a JSON object like {{"ec": "{candidates[0]}"}}, not {json_type(action)}'
        )
    extra = [k for k in action if k != "ec"]
    if extra:
        raise IllegalAction(f'unknown fields {sorted(extra)!r}; send exactly {{"ec": id}}')
    if "ec" not in action:
        raise IllegalAction('missing "ec": name one of ' + ", ".join(candidates))
    ec = action["ec"]
    if not isinstance(ec, str) or ec not in candidates:
        shown = repr(ec) if isinstance(ec, str) else json_type(ec)
        raise IllegalAction(f"{shown} is not a candidate; choose one of {', '.join(candidates)}")


def default_ec_action(candidates: list[str], gamewide_tiebreak: list[str]) -> dict[str, str]:
    return {"ec": last_in_tiebreak(candidates, gamewide_tiebreak)}


def tally_ec(votes: dict[str, str], candidates: list[str], gamewide_tiebreak: list[str]) -> str:
    """The EC from ``votes`` (chooser -> candidate).

    >>> tally_ec({"x": "a", "y": "b"}, ["a", "b"], ["a", "b", "x", "y"])
    'b'
    >>> tally_ec({"x": "a", "y": "a", "z": "b"}, ["a", "b"], ["a", "b", "x", "y", "z"])
    'a'
    """
    if not votes:
        return last_in_tiebreak(candidates, gamewide_tiebreak)
    counts = {c: 0 for c in candidates}
    for c in votes.values():
        counts[c] += 1
    top = max(counts.values())
    return last_in_tiebreak([c for c in candidates if counts[c] == top], gamewide_tiebreak)


def _choose_ec_summary(request: Mapping[str, object]) -> str:
    candidates = request.get("candidates")
    names = ", ".join(candidates if isinstance(candidates, list) else []) or "nobody"
    return f"Choose the Elimination Candidate among {names}."


#: the shared ``choose_ec`` step (engine spec convention 4)
CHOOSE_EC = StepDescription(
    kind="choose_ec",
    action=ChooseEcAction,
    ask="name the Elimination Candidate",
    task="name the Elimination Candidate",
    summary=_choose_ec_summary,
    echo=lambda action, request: f"You name {action.get('ec', '?')} the Elimination Candidate.",
)


class ChooseEcStep(Step[ChooseEcRequest, ChooseEcAction]):
    """The shared ``choose_ec`` step as a unit: the words (:data:`CHOOSE_EC`),
    the request, the check, the default (the candidate last in
    ``gamewide_tiebreak``) and a random vote. A game says where its choosers,
    candidates and tiebreak are (:meth:`choosers`, :meth:`candidates`,
    :meth:`tiebreak`) and how the tally ends its match (:meth:`resolve`)."""

    description = CHOOSE_EC
    request_type = ChooseEcRequest

    @abstractmethod
    def choosers(self, state: Any) -> Sequence[str]:
        """Who votes: the winners (convention 4)."""

    @abstractmethod
    def candidates(self, state: Any) -> list[str]:
        """The players tied for the loser's place."""

    def tiebreak(self, state: Any) -> list[str]:
        """The config's ``gamewide_tiebreak``."""
        tiebreak: list[str] = state.config["gamewide_tiebreak"]
        return tiebreak

    def requests(self, state: Any) -> dict[str, dict[str, Any]]:
        candidates = self.candidates(state)
        return {
            p: {"kind": "choose_ec", "candidates": list(candidates)} for p in self.choosers(state)
        }

    def players(self, state: Any) -> Sequence[str]:
        return self.choosers(state)

    def validate(self, state: Any, player: str, action: object) -> None:
        validate_ec_action(action, self.candidates(state))

    def default(self, state: Any, player: str, rng: Random) -> dict[str, Any]:
        return default_ec_action(self.candidates(state), self.tiebreak(state))

    def random(self, state: Any, player: str, rng: Random) -> dict[str, Any]:
        return {"ec": rng.choice(self.candidates(state))}

    def votes(self, state: Any, actions: Mapping[str, Mapping[str, object]]) -> dict[str, str]:
        """chooser -> the candidate named, in the choosers' order."""
        return {p: str(actions[p]["ec"]) for p in self.choosers(state)}  # checked: a string

    def tally(
        self, state: Any, actions: Mapping[str, Mapping[str, object]]
    ) -> tuple[dict[str, str], str]:
        """The votes and the EC they name (:func:`tally_ec`)."""
        votes = self.votes(state, actions)
        return votes, tally_ec(votes, self.candidates(state), self.tiebreak(state))
