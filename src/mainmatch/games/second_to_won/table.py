"""What a match's config fixes, prepared once and shared by all its states
(second_to_won spec §2.1, §5).

A catalogue is read in one pass that both checks it and prepares it for
resolution: each item becomes a *lot*, its effects summed per kind of target
(§4.4 is a sum of additions and a product of multipliers per player, so an
item's effects on the same target may be combined first). The pass accepts
only configs in exact built-in types that break no rule of §2.1; anything
else goes through ``check_config``, which names the first fault, so no
message changes (docs/decisions/performance.md PW1).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmatch.engine.game import Config, JSONObject

from .items import CompiledEffect, decimal, is_decimal
from .models import ITEMS, LETTERS, LIMIT, MAX_AUCTIONS

#: an item's effects on one kind of target, combined: (kind, numerator,
#: denominator, add, garnets, info auctions); kind 0 YOU, 1 CHOICE, 2 OTHERS;
#: the multiplier is numerator/denominator (1/1 when the item multiplies nothing)
Group = tuple[int, int, int, int, int, tuple[int, ...]]
#: an item ready for resolution: its groups
Lot = tuple[Group, ...]
YOU, CHOICE, OTHERS = 0, 1, 2
KINDS = {"you": YOU, "choice": CHOICE, "others": OTHERS}

#: taken while a table's ``listed`` grows (once per auction of a match)
_LISTING = threading.Lock()
#: multiply strings already read (num, den); catalogues repeat a handful of values
_RATIOS: dict[str, tuple[int, int]] = {}


@dataclass(frozen=True, slots=True)
class Table:
    """What a match's config fixes, prepared once and shared by all its states."""

    items: tuple[tuple[JSONObject, ...], ...]  # config items, auction 1 first
    compiled: tuple[tuple[Lot, ...], ...]  # per auction, the lots A-F
    choice_letters: tuple[frozenset[str], ...]  # per auction: items to CHOICE
    others: dict[str, tuple[str, ...]]  # player -> every other player, players order
    tiebreak: tuple[str, ...]
    #: points above which a player is over: 200, or the config's variant (§7.2)
    limit: int = LIMIT
    #: auction -> its items as shown, ready to copy (made when first shown)
    shown: dict[int, tuple[tuple[JSONObject, JSONObject | tuple[JSONObject, ...]], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    #: the public view's ``auctions`` so far: made once per auction and shown by
    #: every later view (views share them; decision PE16)
    listed: list[JSONObject] = field(default_factory=list, compare=False, repr=False)

    @property
    def n_auctions(self) -> int:
        return len(self.items)

    def show(self, auction: int) -> list[JSONObject]:
        """Auction ``auction``'s items as ``show_auction`` gives them: fresh copies
        of the config's objects, ``letter`` first (§2.1 "Items as shown")."""
        ready = self.shown.get(auction)
        if ready is None:
            ready = self.shown[auction] = _templates(self.items[auction - 1])
        out = []
        for head, effects in ready:
            item = head.copy()
            # most items have one effect: its copy in a list is the cheapest to make
            item["effects"] = (
                [effects.copy()] if isinstance(effects, dict) else list(map(dict.copy, effects))
            )
            out.append(item)
        return out

    def listings(self, last: int) -> list[JSONObject]:
        """Auctions 1 to ``last`` as §5's ``auctions`` lists them: a new list of
        the entries made once per auction (:attr:`listed`)."""
        listed = self.listed
        if len(listed) < last:
            with _LISTING:  # two threads must not both add auction j
                for j in range(len(listed) + 1, last + 1):
                    listed.append({"auction": j, "items": self.show(j)})
        return listed[:last]


def _templates(
    items: Iterable[JSONObject],
) -> tuple[tuple[JSONObject, JSONObject | tuple[JSONObject, ...]], ...]:
    # the item with its letter first and "effects" in the config's place, and its
    # effect objects (the only one, or all); every copy replaces "effects" with
    # fresh copies of them
    return tuple(
        (
            {"letter": letter, **item},
            item["effects"][0] if len(item["effects"]) == 1 else tuple(item["effects"]),
        )
        for letter, item in zip(LETTERS, items)
    )


def new_table(
    config: Config,
    lots: tuple[tuple[Lot, ...], ...],
    choice: tuple[frozenset[str], ...],
    limit: int,
) -> Table:
    players = tuple(config["players"])
    return Table(
        items=tuple(map(tuple, config["auctions"])),
        compiled=lots,
        choice_letters=choice,
        others={p: players[:i] + players[i + 1 :] for i, p in enumerate(players)},
        tiebreak=tuple(config["gamewide_tiebreak"]),
        limit=limit,
    )


def plain_lots(
    auctions: object,
) -> tuple[tuple[tuple[Lot, ...], ...], tuple[frozenset[str], ...]] | None:
    """The lots and CHOICE letters of every auction if ``auctions`` is, in exact
    built-in types, a catalogue ``catalogue_fault`` accepts; ``None`` means only
    "not plainly so" (the full check then decides and names the fault)."""
    if type(auctions) is not list or not 1 <= len(auctions) <= MAX_AUCTIONS:
        return None
    n = len(auctions)
    all_lots = []
    all_choice = []
    for a, auction in enumerate(auctions, 1):
        if type(auction) is not list or len(auction) != ITEMS:
            return None
        lots = []
        choice = []
        for letter, item in zip(LETTERS, auction):
            # "effects" a non-empty list, and "text" a string if there is a second key
            if type(item) is not dict:
                return None
            effects = item.get("effects")
            if type(effects) is not list or not effects:
                return None
            size = len(item)
            if size != 1 and (size != 2 or type(item.get("text")) is not str):
                return None
            groups = []
            for e in effects:
                group = _plain_group(e, a, n)
                if group is None:
                    return None
                if group[0] == CHOICE:
                    choice.append(letter)
                groups.append(group)
            lots.append((groups[0],) if len(groups) == 1 else _combined(groups))
        all_lots.append(tuple(lots))
        all_choice.append(frozenset(choice))
    return tuple(all_lots), tuple(all_choice)


def _plain_group(e: object, auction: int, n: int) -> Group | None:
    """One effect as a group if it plainly passes ``effect_fault``."""
    if type(e) is not dict:
        return None
    target = e.get("target")
    kind = KINDS.get(target) if type(target) is str else None
    if kind is None:
        return None
    # keys counted as they are read: any other key, or a key given as null, is a fault
    present = 1
    add = e.get("add")
    if add is not None:
        if type(add) is not int:
            return None
        present = 2
    else:
        add = 0
    m = e.get("multiply")
    if m is not None:
        if type(m) is not str:
            return None
        ratio = _RATIOS.get(m)
        if ratio is None:
            if not is_decimal(m):
                return None
            ratio = _ratio(m)
        num, den = ratio
        present += 1
    else:
        num = den = 1
    g = e.get("garnets")
    if g is not None:
        if type(g) is not int or g < 1:
            return None
        present += 1
    else:
        g = 0
    j = e.get("info")
    if j is not None:
        if type(j) is not int or not auction < j <= n:
            return None
        present += 1
        info: tuple[int, ...] = (j,)
    else:
        info = ()
    # at least one effect besides the target (§2.1)
    if present != len(e) or present == 1:
        return None
    return (kind, num, den, add, g, info)


def _ratio(text: str) -> tuple[int, int]:
    f = decimal(text)
    out = (f.numerator, f.denominator)
    if len(_RATIOS) < 1024:
        _RATIOS[text] = out
    return out


def _combined(groups: Iterable[Sequence[Any]]) -> Lot:
    """Effects on the same kind of target as one group (§4.4: products and sums)."""
    by_kind: dict[int, list[Any]] = {}
    for kind, num, den, add, g, info in groups:
        have = by_kind.get(kind)
        if have is None:
            by_kind[kind] = [kind, num, den, add, g, info]
        else:
            have[1] *= num
            have[2] *= den
            have[3] += add
            have[4] += g
            have[5] += info
    return tuple(tuple(group) for group in by_kind.values())


def lot_of(effects: Iterable[CompiledEffect]) -> Lot:
    """An item's lot from its compiled effects (configs the plain pass leaves
    to the full check, and ``resolve``'s callers)."""
    groups = []
    for e in effects:
        m = e.multiply
        num, den = (1, 1) if m is None else (m.numerator, m.denominator)
        info = () if e.info is None else (e.info,)
        groups.append((KINDS[e.target], num, den, e.add, e.garnets, info))
    return _combined(groups)
