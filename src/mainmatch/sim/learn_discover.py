"""What a learned file reads and decides, discovered from a game's views and step descriptions.

:func:`discover` plays ``MATCHES`` seeded matches of the engine's random play
and, for every pending player at every step (``VIEWS`` per match at most),
notes each leaf of their view and request (``bots/learned_policy.leaves``: a
number's largest magnitude is its scale; a word or a seat is an indicator
feature, a path with more than ``VOCAB_CAP`` words being free text and left
out), then walks the step's description with random choices
(``engine/choices.py``) and notes each pick: its kind and role, the values a
choice offered, the map keys and list entries it filled, its amounts' scale.
Decision kinds no random walk reached still get their role from the step
description (``choices.kinds``). Nothing here names a game
(docs/decisions/learn.md LRN1).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from mainmatch import games
from mainmatch.bots.learned import decision_of
from mainmatch.bots.learned_policy import (
    AMOUNT_SCALE,
    PICK_FEATURES,
    key_name,
    leaves,
    seats_of,
)
from mainmatch.bots.random_view import choose
from mainmatch.engine import Match
from mainmatch.engine.checks import number
from mainmatch.engine.choices import kinds, shape, walk
from mainmatch.engine.game import JSONObject

MATCHES = 12
VIEWS = 400
VOCAB_CAP = 40


@dataclass
class Discovery:
    features: list[str] = field(default_factory=list)
    scales: list[float] = field(default_factory=list)
    decisions: dict[str, JSONObject] = field(default_factory=dict)


@dataclass
class _Seen:
    numbers: dict[str, float] = field(default_factory=dict)
    words: dict[str, set[str]] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)
    values: dict[str, list[Any]] = field(default_factory=dict)
    keys: set[str] = field(default_factory=set)
    amount: float = AMOUNT_SCALE

    def leaf(self, name: str, value: Any) -> None:
        x = number(value) if not (isinstance(value, str) and value[:1] == "@") else None
        if x is not None:
            self.numbers[name] = max(self.numbers.get(name, 0.0), abs(x))
        elif isinstance(value, str):
            self.words.setdefault(name, set()).add(value)


def discover(game_id: str, players: int, variant: dict[str, int] | None, seed: int) -> Discovery:
    """The features and decisions of ``game_id`` at ``players`` players (module doc)."""
    game = games.get(game_id)
    seen = _Seen()
    names = game.default_lineup(players)
    extra = {"variant": variant} if variant else {}
    shapes = {k: shape(game.step(k)) for k in game.action_models}
    for m in range(MATCHES):
        rng = random.Random(seed * 1000 + m)
        match = Match(game, game.random_config(list(names), rng, **extra))
        looked = 0
        while match.pending and looked < VIEWS:
            pending = match.pending
            for p, request in pending.items():
                view = match.view(p)
                _note(seen, view, request, p, shapes[request["kind"]], rng)
                looked += 1
            match.step({p: game.random_action(match.state, p, rng) for p in pending})
        for p in names:
            for name, value in leaves(match.view(p), {}, seats_of(match.view(p), p)):
                seen.leaf(name, value)
    for step in shapes.values():
        for kind, role, _ in kinds(step):
            seen.roles.setdefault(kind, role)
    return _laid_out(seen, players)


def _note(
    seen: _Seen, view: JSONObject, request: JSONObject, player: str, step: Any, rng: random.Random
) -> None:
    seat = seats_of(view, player)
    for name, value in leaves(view, request, seat):
        seen.leaf(name, value)
    run = walk(step, request, list(view.get("players") or ()))
    try:
        pick = next(run)
        while True:
            seen.roles.setdefault(pick.kind, pick.role)
            if pick.role == "choice":
                known = seen.values.setdefault(pick.kind, [])
                known += [v for v in pick.values if v not in known and isinstance(v, str | int)]
            if pick.key is not None:
                seen.keys.add(key_name(pick.key, seat))
            if pick.role == "amount":
                seen.amount = max(seen.amount, float(abs(pick.high or 0)), float(abs(pick.low)))
            pick = run.send(choose(pick, rng))
    except StopIteration:
        pass


def _laid_out(seen: _Seen, players: int) -> Discovery:
    out = Discovery()
    for name in sorted(seen.numbers):
        out.features.append(name)
        out.scales.append(max(1.0, seen.numbers[name]))
    for name in sorted(seen.words):
        words = seen.words[name]
        if len(words) <= VOCAB_CAP or all(w[:1] == "@" for w in words):
            for word in sorted(words):
                out.features.append(f"{name}={word}")
                out.scales.append(1.0)
    for name in PICK_FEATURES:
        out.features.append(name)
        out.scales.append(seen.amount if name in ("pick:low", "pick:high") else 1.0)
    for key in sorted(seen.keys):
        out.features.append(f"pick:key={key}")
        out.scales.append(1.0)
    for kind in sorted(seen.roles):
        values = sorted(seen.values.get(kind, []), key=lambda v: (str(type(v)), v))
        out.decisions[kind] = decision_of(seen.roles[kind], players, values)
    return out
