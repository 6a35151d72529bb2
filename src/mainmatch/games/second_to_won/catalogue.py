"""The item catalogue: the default one drawn from a seed (second_to_won spec
§2.2) and the host's own, read by ``load_catalogue``.

A host's catalogue file is the config's ``auctions`` list (1 to 8 auctions of
6 items each), or an object ``{"auctions": [...]}``. An item is the config's
item object, or a seed-style string such as ``"+40 points & 2 Garnets to YOU"``
(or an object with only ``text``), which is read into effects and kept as the
item's ``text`` (see ``wording.py``).
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.checks import is_json_int, json_type
from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import JSONObject

from .items import item_fault, where
from .models import ITEMS, MAX_AUCTIONS, Catalogue
from .wording import WordingError, item_text, parse_item_text

#: §2.2: auction 1 is the seed's example listing
SEED_LISTING: tuple[JSONObject, ...] = (
    {"text": "+15 points to YOU", "effects": [{"target": "you", "add": 15}]},
    {"text": "+25 points to YOU", "effects": [{"target": "you", "add": 25}]},
    {"text": "x1.5 points to YOU", "effects": [{"target": "you", "multiply": "1.5"}]},
    {"text": "+25 points to CHOICE", "effects": [{"target": "choice", "add": 25}]},
    {"text": "+10 points to OTHERS", "effects": [{"target": "others", "add": 10}]},
    {
        "text": "+40 points & 2 Garnets to YOU",
        "effects": [{"target": "you", "add": 40, "garnets": 2}],
    },
)


def _item(*effects: JSONObject) -> JSONObject:
    return {"text": item_text(list(effects)), "effects": list(effects)}


def seed_listing() -> list[JSONObject]:
    """A fresh copy of the seed's listing (auction 1 of the default catalogue)."""
    return [
        {"text": it["text"], "effects": [dict(e) for e in it["effects"]]} for it in SEED_LISTING
    ]


def default_catalogue(seed: int, n_auctions: int) -> list[list[JSONObject]]:
    """§2.2: ``n_auctions`` auctions drawn with ``random.Random(seed)``:
    auction 1 the seed's listing, each later auction one item per slot,
    shuffled."""
    rng = random.Random(seed)
    auctions = [seed_listing()]
    for k in range(2, n_auctions + 1):
        items = [
            _item({"target": "you", "add": rng.choice((5, 10, 15))}),
            _item({"target": "you", "add": rng.choice((10, 15, 20))}),
            _item({"target": "you", "multiply": rng.choice(("0.5", "0.8", "1.2", "1.5"))}),
        ]
        if rng.random() < 0.5:
            items.append(_item({"target": "choice", "add": rng.choice((-10, 10, 15))}))
        else:
            items.append(_item({"target": "choice", "multiply": rng.choice(("0.5", "1.5"))}))
        items.append(_item({"target": "others", "add": rng.choice((1, 2, 3))}))
        if k < n_auctions and rng.random() < 0.5:
            n = rng.choice((0, 5, 10))
            j = rng.randint(k + 1, n_auctions)
            items.append(
                _item({"target": "you", "add": n, "info": j} if n else {"target": "you", "info": j})
            )
        else:
            n = rng.choice((5, 10, 15))
            items.append(_item({"target": "you", "add": n, "garnets": rng.choice((1, 2, 3))}))
        rng.shuffle(items)
        auctions.append(items)
    return auctions


def check_n_auctions(n: object) -> int:
    if not is_json_int(n) or not 1 <= n <= MAX_AUCTIONS:
        shown = n if is_json_int(n) else json_type(n)
        raise InvalidConfig(
            f"n_auctions must be a whole number from 1 to {MAX_AUCTIONS}, not {shown}"
        )
    count: int = n
    return count


def catalogue_fault(auctions: object, *, prefix: str = "") -> str | None:
    """The first fault of a catalogue in config form (a list of auctions of
    item objects), as ``<prefix>auctions[2][4] (auction 3, item E): ...``."""
    if not isinstance(auctions, list):
        return f"{prefix}auctions: must be a list of 1 to {MAX_AUCTIONS} auctions, not {json_type(auctions)}"
    if not 1 <= len(auctions) <= MAX_AUCTIONS:
        return f"{prefix}auctions: must list 1 to {MAX_AUCTIONS} auctions, not {len(auctions)}"
    n = len(auctions)
    for a, auction in enumerate(auctions):
        if not isinstance(auction, list):
            return f"{prefix}{where(a)}: must be a list of {ITEMS} items (A-F), not {json_type(auction)}"
        if len(auction) != ITEMS:
            return f"{prefix}{where(a)}: must list exactly {ITEMS} items (A-F), not {len(auction)}"
        for i, item in enumerate(auction):
            fault = item_fault(item, a + 1, n)
            if fault:
                return f"{prefix}{where(a, i)}: {fault}"
    return None


def catalogue_schema() -> JSONObject:
    """The JSON Schema of a host's catalogue file (``Catalogue``)."""
    return Catalogue.model_json_schema()


def load_catalogue(data: object) -> list[list[JSONObject]]:
    """A host's catalogue file (parsed JSON) as the config's ``auctions``.

    Accepts the list of auctions or ``{"auctions": [...]}``; an item may be
    the config's object, a seed-style string, or ``{"text": ...}`` alone
    (its effects read from the text). Returns new lists and dicts; raises
    :class:`InvalidConfig` naming the auction, the item and the fault.
    """
    if isinstance(data, dict):
        unknown = [k for k in data if k != "auctions"]
        if unknown or "auctions" not in data:
            raise InvalidConfig(
                'a catalogue is a list of auctions, or an object {"auctions": [...]} and nothing else'
            )
        data = data["auctions"]
    if not isinstance(data, list):
        raise InvalidConfig(
            f"auctions: must be a list of 1 to {MAX_AUCTIONS} auctions, not {json_type(data)}"
        )
    out: list[Any] = []
    for a, auction in enumerate(data):
        if not isinstance(auction, list):
            out.append(auction)  # reported below, with its place
            continue
        items = []
        for i, item in enumerate(auction):
            try:
                items.append(_read_item(item))
            except WordingError as exc:
                raise InvalidConfig(f"{where(a, i)}: {exc}") from None
        out.append(items)
    fault = catalogue_fault(out)
    if fault:
        raise InvalidConfig(fault)
    return out


def _read_item(item: object) -> Any:
    """One item of a host's file in the config's form (unchecked yet)."""
    if isinstance(item, str):
        return {"text": item, "effects": parse_item_text(item)}
    if isinstance(item, dict) and "effects" not in item and isinstance(item.get("text"), str):
        return {**item, "effects": parse_item_text(item["text"])}
    if isinstance(item, dict):
        return {
            k: (
                [dict(e) if isinstance(e, dict) else e for e in v]
                if k == "effects" and isinstance(v, list)
                else v
            )
            for k, v in item.items()
        }
    return item
