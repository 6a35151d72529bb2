"""Random play held against the declared layout: a check, not a source.

The observation's layout comes from the declared types (``observe.observer``).
:func:`reached` plays a few seeded matches of the engine's random play and
notes every leaf their views and requests showed; :func:`missing` names those
the layout cannot encode (a path it does not lay out, a player where none is
declared, a value outside the declared ``Literal``), which the RL tests require
to be none, and :func:`unreached` names the laid-out fields and values random
play never showed (docs/rl.md lists them per game).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mainmatch.engine import Match
from mainmatch.engine.checks import number
from mainmatch.engine.game import Game

from .layout import relative
from .observe import Observer, leaves, names, pattern

#: the state type of the game a function is given
S = TypeVar("S")

#: seeded matches of random play the check reads
MATCHES = 3
#: views read per match at most (every step's acting player, and everyone at times)
VIEWS_PER_MATCH = 400


@dataclass
class Reached:
    """What random play showed: ``path -> kinds`` (``n`` a number, ``p`` a
    player, ``s`` a text value) and ``path -> values`` for text."""

    kinds: dict[str, set[str]] = field(default_factory=dict)
    words: dict[str, set[str]] = field(default_factory=dict)

    def note(self, part: object, root: str, seat: dict[str, int]) -> None:
        for path, value in leaves(part, seat, root, latest=root == "view"):
            kinds = self.kinds.setdefault(path, set())
            if isinstance(value, str) and value in seat:
                kinds.add("p")
            elif isinstance(value, str):  # a named value, or a fraction written as text
                kinds.add("s")
                self.words.setdefault(path, set()).add(value)
            elif number(value) is not None:
                kinds.add("n")


def reached(game: Game[S], count: int, matches: int = MATCHES) -> Reached:
    """The leaves ``matches`` seeded random matches of ``count`` players showed."""
    out = Reached()
    players = names(game, count)
    for seed in range(matches):
        rng = random.Random(seed)
        match = Match(game, game.random_config(players, rng))
        looked = 0
        while match.pending and looked < VIEWS_PER_MATCH:
            pending = match.pending
            everyone = len(match.steps) % 5 == 0
            for p in players if everyone else list(pending)[:1]:
                seat = {q: i for i, q in enumerate(relative(players, p))}
                out.note(match.view(p), "view", seat)
                out.note(pending.get(p) or {}, "request", seat)
                looked += 1
            match.step({p: game.random_action(match.state, p, rng) for p in pending})
        for p in players:
            out.note(match.view(p), "view", {q: i for i, q in enumerate(relative(players, p))})
    return out


def missing(observer: Observer, seen: Reached, left: Iterable[str] = ()) -> list[str]:
    """``path: what`` for each leaf random play showed that the layout cannot
    encode, but those under the patterns ``left`` (``declared.left_out``: plain
    text, maps with free keys)."""
    slots = observer.slots
    skip = tuple(left)
    out: list[str] = []
    for path, kinds in sorted(seen.kinds.items()):
        at = pattern(path)
        if any(at == p or (p.endswith(".*") and at.startswith(p[:-1])) for p in skip):
            continue
        for kind in sorted(kinds):
            if kind == "s":
                out += _words_missing(path, slots, seen.words.get(path, set()))
            elif f"{path}#{kind}" not in slots:
                out.append(f"{path}: a {'number' if kind == 'n' else 'player'}, not laid out")
    return out


def _words_missing(path: str, slots: dict[str, Any], words: set[str]) -> list[str]:
    """The values shown at ``path`` that neither its one-hot nor its number reads."""
    one_hot = slots.get(f"{path}#s")
    known = set(one_hot[2]) if one_hot else set()
    numeric = f"{path}#n" in slots
    left = sorted(w for w in words if w not in known and not (numeric and number(w) is not None))
    return [f"{path}: {', '.join(left)}, not laid out"] if left else []


def unreached(observer: Observer, seen: Reached) -> tuple[list[str], list[str]]:
    """The laid-out field patterns none of whose fields random play showed, and
    ``pattern: values`` for one-hot values it never showed."""
    shown = {f"{p}#{k}" for p, kinds in seen.kinds.items() for k in kinds}
    shown |= {f"{p}#n" for p, kinds in seen.kinds.items() if "s" in kinds}
    fields: dict[str, bool] = {}
    values: dict[str, set[str]] = {}
    for name, slot in observer.slots.items():
        key = pattern(name)
        fields[key] = fields.get(key, False) or name in shown
        if slot[1] == "s":
            got = seen.words.get(name.rpartition("#")[0], set())
            values.setdefault(key.rpartition("#")[0], set(slot[2])).intersection_update(
                set(slot[2]) - got
            )
    never = sorted({k.rpartition("#")[0] for k, hit in fields.items() if not hit})
    words = [f"{k}: {', '.join(sorted(v))}" for k, v in sorted(values.items()) if v]
    return never, [w for w in words if w.partition(":")[0] not in never]


def listed(paths: Iterable[str]) -> str:
    """Patterns as a Markdown list in one line (for docs/rl.md)."""
    return ", ".join(f"`{p}`" for p in paths) or "none"
