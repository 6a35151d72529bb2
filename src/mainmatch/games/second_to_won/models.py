"""Constants and pydantic models of Second to Won (second_to_won spec §2, §3.1).

The models give the JSON Schemas a client builds configs, catalogues and
actions from. Configs are checked by ``config.py`` and actions by
``validate.py``, by hand and in the spec's order, so that the first broken
rule is the one reported, in words that name the auction, item or bid.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from mainmatch.engine.declared import FRACTION
from mainmatch.engine.steps import Ask
from mainmatch.engine.variants import VariantKey

# second_to_won spec §2.2 "Constants"
PLAYERS = 9
CHIPS = 40
ITEMS = 6
LETTERS = ("A", "B", "C", "D", "E", "F")
MIN_BIDS = 3
GARNET_VALUE = 3
LIMIT = 200
MAX_AUCTIONS = 8

#: what a designer may tune (second_to_won spec §2 "Constants"); official configs name none
VARIANT_KEYS = (
    VariantKey(
        "limit",
        LIMIT,
        20,
        10_000,
        "second_to_won spec §7.2, decision 15",
        "points above which a player is over (ends the match, never a ToL)",
    ),
    VariantKey(
        "chips",
        CHIPS,
        1,
        1_000,
        "second_to_won spec §1, §2, decision 31",
        "chips each player gets for the whole match",
    ),
)

TARGETS = ("you", "choice", "others")
#: the keys an effect may hold besides ``target`` (§2.1)
EFFECT_KEYS = ("add", "multiply", "garnets", "info")
#: §2.1: the whole string is digits, optionally "." and digits
DECIMAL_PATTERN = r"^[0-9]+(\.[0-9]+)?$"


def _no_default(schema: dict[str, Any]) -> None:
    # an optional key that must be absent rather than null: the schema shows no default
    schema.pop("default", None)


class Effect(BaseModel):
    """One effect of an item (§2.1): ``target`` and at least one of
    ``add``, ``multiply``, ``garnets``, ``info``."""

    model_config = ConfigDict(extra="forbid", strict=True, title="effect")

    target: Literal["you", "choice", "others"] = Field(
        description="who is affected: the winner (you), one other player the winner names in the bid (choice), "
        "every player but the winner (others)"
    )
    add: int | SkipJsonSchema[None] = Field(
        default=None,
        description="points added to each target's total (any sign): `+## points`",
        json_schema_extra=_no_default,
    )
    multiply: Annotated[str, Field(pattern=DECIMAL_PATTERN), FRACTION] | SkipJsonSchema[None] = (
        Field(
            default=None,
            description='multiplier as a decimal string like "1.5" (exact, never a float): `x#.# points`',
            json_schema_extra=_no_default,
        )
    )
    garnets: Annotated[int, Field(ge=1)] | SkipJsonSchema[None] = Field(
        default=None,
        description="garnets each target receives: `& # Garnets`",
        json_schema_extra=_no_default,
    )
    info: Annotated[int, Field(ge=2, le=MAX_AUCTIONS)] | SkipJsonSchema[None] = Field(
        default=None,
        description="a later auction whose item list each target receives privately: "
        "`& Information on Auction #`",
        json_schema_extra=_no_default,
    )


class Item(BaseModel):
    """An item on auction (§2.1): its effects and, optionally, the host's wording."""

    model_config = ConfigDict(extra="forbid", strict=True, title="item")

    effects: list[Effect] = Field(
        min_length=1, description="what winning the item does, at least one effect"
    )
    text: str | SkipJsonSchema[None] = Field(
        default=None,
        description='the host\'s wording, shown verbatim ("+40 points & 2 Garnets to YOU")',
        json_schema_extra=_no_default,
    )


Auction = Annotated[
    list[Item], Field(min_length=ITEMS, max_length=ITEMS, description="the six items A-F, in order")
]


class SecondToWonConfig(BaseModel):
    """A Second to Won config: these four fields and nothing else (§2)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="second_to_won config")

    players: list[str] = Field(description="9 distinct non-empty player ids, listing order")
    auctions: list[Auction] = Field(
        min_length=1,
        max_length=MAX_AUCTIONS,
        description="the item catalogue, auction 1 first: 1 to 8 auctions of exactly 6 items (secret until opened)",
    )
    gamewide_tiebreak: list[str] = Field(
        description="the 9 players, best first; picks the single elimination_candidate among several ECs"
    )
    garnets: dict[str, Annotated[int, Field(ge=0)]] = Field(
        description="garnets each player holds at the start"
    )
    # nullable in the schema like every game's variant: the host page then asks for JSON,
    # not for one number per player
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ from the spec "
        "(limit, chips); absent at the official rules",
    )


class WordedItem(BaseModel):
    """An item of a host's catalogue given by its wording only; the effects are read from it."""

    model_config = ConfigDict(extra="forbid", strict=True, title="worded item")

    text: str = Field(description='the seed\'s wording, e.g. "+40 points & 2 Garnets to YOU"')


class Catalogue(BaseModel):
    """The file a host passes with ``--items`` (``load_catalogue``): the
    config's ``auctions`` (a bare list of auctions is accepted too), where an
    item may also be the seed's wording, as a string or ``{"text": ...}``, e.g.
    ``"+40 points & 2 Garnets to YOU"`` (several targets joined with ``;``)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="second_to_won catalogue")

    auctions: list[
        Annotated[list[Item | WordedItem | str], Field(min_length=ITEMS, max_length=ITEMS)]
    ] = Field(
        min_length=1,
        max_length=MAX_AUCTIONS,
        description="1 to 8 auctions of exactly 6 items (A-F), auction 1 first",
    )


class Bid(BaseModel):
    """One bid (§3.1): value = chips + 3 per garnet, at least 1."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bid")

    chips: Annotated[
        int,
        Field(default=0, ge=0, description="chips bid (returned if the bid loses)"),
        Ask(
            "amount",
            "Chips",
            help="chips bid; a losing chip bid comes back",
            unit="chips",
            most="chips",
        ),
    ]
    garnets: Annotated[
        int,
        Field(
            default=0, ge=0, description="garnets bid, worth 3 chips each; discarded won or lost"
        ),
        Ask(
            "amount",
            "Garnets",
            help="a garnet counts as 3 chips and is spent win or lose (you hold {garnets})",
            unit="garnets",
            most="garnets",
        ),
    ]
    choice: Annotated[
        str | SkipJsonSchema[None],
        Field(
            default=None,
            description="required on an item to CHOICE (and only there): the other player it targets",
            json_schema_extra=_no_default,
        ),
        # asked only on an item with a CHOICE effect (§3.1 2d: "otherwise `choice` is absent")
        Ask(
            "player",
            "For",
            help="the other player this item goes to",
            offers="choice_targets",
            when=("effects.target", "choice"),
        ),
    ]


class BidsAction(BaseModel):
    """The ``bids`` step (§3.1): bids keyed by item letter, on at least
    min(3, chips held) items; total chips within the chips held."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bids")

    bids: Annotated[
        dict[Literal["A", "B", "C", "D", "E", "F"], Bid],
        Field(
            description='item letter -> bid, e.g. {"A": {"chips": 5}, "D": {"chips": 2, "choice": "ana"}}'
        ),
        Ask(
            "map",
            "Your bids",
            help="leave an item blank to not bid on it; a garnet counts as 3 chips",
            offers="items",
            value="letter",
            shows="text",
            least="min_items",
        ),
    ]
