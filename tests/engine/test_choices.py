"""The walk of a step description (``engine/choices.py``) on a made-up action
that has every kind of input: what each pick offers, and the action it builds."""

from __future__ import annotations

import random
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from mainmatch.engine.choices import Pick, kinds, shape, walk
from mainmatch.engine.steps import Ask, StepDescription


class Offer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chips: Annotated[int, Field(ge=1), Ask("amount", "Chips", most="chips")]
    to: Annotated[str | None, Field(default=None), Ask("player", "For", offers="others")] = None


class Made(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    pairs: Annotated[
        list[Annotated[list[str], Ask("seat_pair", "Pair", offers="players")]],
        Field(default_factory=list),
        Ask("list", "Pairs"),
    ]
    offers: Annotated[
        dict[str, Offer], Field(default_factory=dict), Ask("map", "Offers", offers="lots")
    ]
    cards: Annotated[list[Annotated[str, Ask("card", "Card", offers="hand")]], Ask("list", "Cards")]
    swing: Annotated[int, Ask("amount", "Swing", most="chips")]
    role: Annotated[str, Ask("role", "Role", offers="roles")]


class Passable(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    slot: Annotated[int | None, Field(default=None, ge=1, le=3), Ask("amount", "Slot")] = None
    pass_: Literal[True] | None = Field(default=None, alias="pass")


MADE = StepDescription(kind="made", action=Made, ask="make")
REQUEST = {
    "kind": "made",
    "players": ["a", "b"],
    "lots": ["x", "y"],
    "others": ["b"],
    "hand": ["q", "q", "r"],
    "chips": 10,
    "roles": ["cop", "thief"],
}


def _play(description: StepDescription, request: dict, answer) -> tuple[dict, list[Pick]]:
    run = walk(shape(description), request, ["a", "b"])
    picks: list[Pick] = []
    try:
        pick = next(run)
        while True:
            picks.append(pick)
            pick = run.send(answer(pick))
    except StopIteration as done:
        return done.value, picks


def test_every_pick_of_the_walk_is_a_declared_kind_and_keeps_the_bounds() -> None:
    declared = {k for k, _, _ in kinds(shape(MADE))}
    for seed in range(40):
        rng = random.Random(seed)

        def answer(pick: Pick, rng: random.Random = rng) -> object:
            if pick.role == "amount":
                high = pick.high if pick.high is not None else pick.low
                return rng.randint(-high if pick.signed else pick.low, high)
            return rng.choice(pick.values)

        action, picks = _play(MADE, REQUEST, answer)
        assert {p.kind for p in picks} <= declared
        Made.model_validate(action)
        # amounts naming most="chips" share the chips: their sizes sum to at most 10
        spent = sum(o["chips"] for o in action["offers"].values()) + abs(action["swing"])
        assert spent <= 10
        # a hand's card is used once per copy; a pair is listed once
        assert action["cards"].count("q") <= 2 and action["cards"].count("r") <= 1
        assert len({frozenset(p) for p in action["pairs"]}) == len(action["pairs"])
        assert action["role"] in ("cop", "thief")


def test_the_picks_in_order_for_one_answer() -> None:
    """Always the last value, amounts at their top: the list stops at its most."""
    action, picks = _play(MADE, REQUEST, lambda p: p.high if p.role == "amount" else p.values[-1])
    assert [p.kind for p in picks][:4] == [
        "made.pairs+",
        "made.pairs[]#1",
        "made.pairs[]#2",
        "made.pairs+",
    ]
    # the swing is signed (no lower bound) and gets what the offers left of the chips
    swing = next(p for p in picks if p.kind == "made.swing")
    assert swing.signed and swing.high == 10 - sum(o["chips"] for o in action["offers"].values())
    assert action["role"] == "thief"


def test_a_pass_is_asked_first_and_sent_under_its_alias() -> None:
    passable = StepDescription(kind="bid", action=Passable, ask="bid")
    assert _play(passable, {"kind": "bid"}, lambda p: True)[0] == {"pass": True}
    action, picks = _play(passable, {"kind": "bid"}, lambda p: False if p.role == "pass" else 3)
    assert action == {"slot": 3} and [p.kind for p in picks] == ["bid.pass", "bid.slot"]
