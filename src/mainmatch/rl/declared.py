"""The observation's layout held to the game's declared types (``engine/declared.py``).

The layout is still discovered from random play (``observe.py``): it decides
which leaves a learner sees and how each number is scaled, and the training
figures of docs/research.md are measured on it. What the declarations add is a
check and a list, for any game that declares its views and requests:

- :func:`faults`: every laid-out field is a declared leaf of its kind (a number
  where a number, bool or fraction text is declared, a player one-hot where a
  ``Player`` is, a one-hot over values the declared ``Literal`` allows);
- :func:`unreached`: the declared leaves random play never showed, which the
  layout leaves out, and :func:`unseen_words`: the declared values of a one-hot
  that random play never showed (docs/rl.md lists both per game).

Paths compare as patterns: every list index (``[3]``, ``[-1]``) and every map key
(a seat ``@k``, a letter) is ``*``.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from mainmatch.engine.checks import number
from mainmatch.engine.declared import PLAYER
from mainmatch.engine.game import Game, State

from .layout import Layout

#: a declared leaf's kind: a number (int, float, bool), a player id, one of named
#: values, or other text (read as a number when it holds a fraction)
LeafKind = Literal["number", "player", "words", "text"]


@dataclass
class Leaf:
    """What the declarations say one leaf pattern may hold (kinds and named values
    merge where a union or two request kinds meet)."""

    kinds: set[LeafKind] = field(default_factory=set)
    words: set[Any] = field(default_factory=set)


def declared_leaves(game: Game[State]) -> dict[str, Leaf]:
    """Every leaf pattern of ``game``'s declared view and requests (``view.…``,
    ``request.…``); empty where the game declares neither."""
    out: dict[str, Leaf] = {}
    if game.view_type is not None:
        _walk(game.view_type, "view", out)
    for model in game.request_types.values():
        _walk(model, "request", out)
    return out


def _walk(annotation: Any, path: str, out: dict[str, Leaf], player: bool = False) -> None:
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        inner, *marks = get_args(annotation)
        _walk(inner, path, out, player or PLAYER in marks)
    elif origin in (typing.Union, types.UnionType):
        for arg in get_args(annotation):
            _walk(arg, path, out, player)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        for name, info in annotation.model_fields.items():
            marked = PLAYER in info.metadata
            _walk(info.annotation, f"{path}.{info.alias or name}", out, marked)
    elif origin is list:
        _walk(get_args(annotation)[0], f"{path}[*]", out, player)
    elif origin is dict:
        _walk(get_args(annotation)[1], f"{path}.*", out, player)
    elif annotation is type(None):
        return
    else:
        _leaf(annotation, path, out, player)


def _leaf(annotation: Any, path: str, out: dict[str, Leaf], player: bool) -> None:
    leaf = out.setdefault(path, Leaf())
    if get_origin(annotation) is Literal:
        leaf.kinds.add("words")
        leaf.words.update(get_args(annotation))
    elif annotation in (int, float, bool):
        leaf.kinds.add("number")
    elif annotation is str:
        leaf.kinds.add("player" if player else "text")
    else:
        leaf.kinds.add("text")


_INDEX = re.compile(r"\[-?\d+\]")


def pattern(path: str) -> str:
    """A laid-out path as a declared pattern: list indices and map keys as ``*``.

    >>> pattern("view.final.ec_votes.@2"), pattern("view.minus.rounds[-1].tiles[3]")
    ('view.final.ec_votes.@2', 'view.minus.rounds[*].tiles[*]')
    """
    return _INDEX.sub("[*]", path)


def _candidates(path: str, leaves: Mapping[str, Leaf]) -> list[str]:
    """The declared patterns ``path`` may stand for: each dotted part after the
    root either as written or as a map key ``*``."""
    parts = pattern(path).split(".")
    found = [parts[0]]
    for part in parts[1:]:
        head, bracket, rest = part.partition("[")
        tail = bracket + rest
        found = [f"{p}.{name}{tail}" for p in found for name in (head, "*")]
    return [p for p in found if p in leaves]


def faults(game: Game[State], layout: Layout) -> list[str]:
    """Laid-out fields the declarations do not describe (module docstring)."""
    leaves = declared_leaves(game)
    if not leaves:
        return []
    out: list[str] = []
    for name, _size, doc in layout.fields:
        path, _, kind = name.rpartition("#")
        found = [leaves[p] for p in _candidates(path, leaves)]
        if not found:
            out.append(f"{name}: not declared")
        elif not any(_fits(leaf, kind, doc) for leaf in found):
            out.append(f"{name}: declared as {sorted(k for f in found for k in f.kinds)}")
    return out


def _fits(leaf: Leaf, kind: str, doc: str) -> bool:
    if kind == "n":  # a number, or text that holds one ("7/2", Homeostasis's card "3")
        return bool(leaf.kinds & {"number", "text"}) or any(
            number(w) is not None for w in leaf.words if isinstance(w, str)
        )
    if kind == "p":
        return "player" in leaf.kinds
    words = set(doc.removeprefix("one of ").split(", "))
    return "text" in leaf.kinds or words <= {str(w) for w in leaf.words}


def unreached(game: Game[State], layout: Layout) -> list[str]:
    """Declared leaf patterns (view and request) that no laid-out field stands for."""
    leaves = declared_leaves(game)
    used: set[str] = set()
    for name, _size, _doc in layout.fields:
        used.update(_candidates(name.rpartition("#")[0], leaves))
    return sorted(p for p in leaves if p not in used)


def unseen_words(game: Game[State], layout: Layout) -> list[str]:
    """``pattern: value, ...`` for each declared ``Literal`` leaf with values that
    random play showed at none of its laid-out one-hots (such a value encodes as
    all zeros there; values that read as numbers go to the number slot instead)."""
    leaves = declared_leaves(game)
    seen: dict[str, set[str]] = {}
    for name, _size, doc in layout.fields:
        path, _, kind = name.rpartition("#")
        if kind == "s":
            for p in _candidates(path, leaves):
                seen.setdefault(p, set()).update(doc.removeprefix("one of ").split(", "))
    out: list[str] = []
    for p, words in sorted(seen.items()):
        declared = {str(w) for w in leaves[p].words if number(w) is None}
        missing = sorted(declared - words)
        if missing:
            out.append(f"{p}: {', '.join(missing)}")
    return out


def listed(paths: Iterable[str]) -> str:
    """Patterns as a Markdown list in one line (for docs/rl.md)."""
    return ", ".join(f"`{p}`" for p in paths) or "none"
