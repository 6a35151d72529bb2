"""Config and action models of Homeostasis (homeostasis spec §2, §3).

The pydantic models give the JSON Schemas clients build actions from. Actions
are validated by ``validate.py`` in the spec's order (so the first broken rule
is the one reported, with the spec's message); configs by ``config.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.config import JsonDict

from mainmatch.engine.declared import TEAM_OF
from mainmatch.engine.ec import ChooseEcAction
from mainmatch.engine.steps import Ask

PLAYERS = 5
ROUNDS = 3
DEFAULT_CHIPS = 100
#: §3: at most 3 rebids after the first sealed bid of a final auction (D21)
MAX_REBIDS = 3

Symbol = Literal["1", "2", "3", "+", "-", "x", "/"]
Team = Literal["positive", "negative", "neutral"]


class HomeostasisConfig(BaseModel):
    """A Homeostasis config: all five fields, nothing else (§2)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="homeostasis config")

    players: list[str] = Field(
        description="5 distinct non-empty player ids, listing order (no rules meaning)"
    )
    teams: Annotated[dict[str, Team], TEAM_OF] = Field(
        description="player -> team: exactly 2 positive, 2 negative, 1 neutral; public"
    )
    garnets: dict[str, int] = Field(
        description="garnets each player holds at the start (>= 0); they pay for saving cards"
    )
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ from the spec "
        "(neutral_band, big_band); absent at the official rules",
    )
    gamewide_tiebreak: list[str] = Field(
        description="the 5 players, best first (turn order and final-auction ties)"
    )
    chips: int = Field(
        ge=0, description="chips each player starts the match with (kept across rounds)"
    )


class SaveCardsAction(BaseModel):
    """Save cards from your private copy of the deck (§4.1): costs (X-1)^2 garnets for X >= 1 cards."""

    model_config = ConfigDict(extra="forbid", strict=True, title="save_cards")

    cards: Annotated[
        list[Annotated[Symbol, Ask("card", "Card", offers="cards")]],
        Field(
            description="card symbols to save, each at most as often as in the deck (1 1 2 2 3 3 + - x /); [] saves nothing"
        ),
        Ask(
            "list",
            "Cards to save",
            help="X cards cost (X-1)² garnets: one is free, two cost 1, three cost 4 "
            "(you hold {garnets})",
            offers="cards",
        ),
    ]


class DraftAction(BaseModel):
    """Put one remaining card at a free position of this round's auction order (§4.3)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="draft")

    card: Annotated[
        Symbol,
        Field(description="a card symbol from the request's `cards`"),
        Ask("card", "Card", help="one of the cards left to draft", offers="cards"),
    ]
    position: Annotated[
        int,
        Field(ge=1, le=10, description="a free auction position from the request's `positions`"),
        Ask(
            "slot",
            "Position",
            help="a free place in this round's auction order",
            offers="positions",
        ),
    ]


_BID_FORMS: JsonDict = {"oneOf": [{"required": ["slot", "chips"]}, {"required": ["pass"]}]}
_BRACKET_FORMS: JsonDict = {"oneOf": [{"required": ["first", "last"]}, {"required": ["pass"]}]}


def _one_form(values: Mapping[str, object], pair: tuple[str, str]) -> None:
    given = {k for k, v in values.items() if v is not None}
    if given != set(pair) and given != {"pass_"}:
        raise ValueError(f"send exactly {{{pair[0]!r}, {pair[1]!r}}} or {{'pass': true}}")


class BidAction(BaseModel):
    """Bid chips on an empty slot in the live auction, or pass (§4.4).

    Exactly ``{"slot": S, "chips": N}`` or ``{"pass": true}``. A pass is illegal
    while the auction has no bid; a bid may not tie two slots' totals.
    """

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        title="bid",
        populate_by_name=True,
        json_schema_extra=_BID_FORMS,
    )

    slot: Annotated[
        int | None,
        Field(
            default=None, ge=1, le=10, description="an empty slot (1-10) from the request's `slots`"
        ),
        Ask("slot", "Slot", help="an empty slot", offers="slots"),
    ]
    chips: Annotated[
        int | None,
        Field(default=None, ge=1, description="chips to add to that slot's total, 1 to your chips"),
        Ask("amount", "Chips to add", help="1 to {chips}", unit="chips", most="chips"),
    ]
    pass_: Annotated[
        Literal[True] | None,
        Field(default=None, alias="pass", description="true to pass (out of this auction)"),
        Ask("flag", "Pass", help="out of this auction (not while nobody has bid)"),
    ]

    @model_validator(mode="after")
    def _form(self) -> BidAction:
        _one_form({"slot": self.slot, "chips": self.chips, "pass_": self.pass_}, ("slot", "chips"))
        return self


class FinalBidAction(BaseModel):
    """A sealed bid in the final auction (§4.5); only the winner pays."""

    model_config = ConfigDict(extra="forbid", strict=True, title="final_bid")

    chips: Annotated[
        int,
        Field(ge=0, description="0 to your chips"),
        Ask(
            "amount",
            "Sealed bid",
            help="0 to {chips} chips; only the winner pays",
            unit="chips",
            most="chips",
        ),
    ]


class PlaceSavedAction(BaseModel):
    """The final-auction winner places any of their unused saved cards at either end (§4.5, D38)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="place_saved")

    front: Annotated[
        list[Annotated[Symbol, Ask("card", "Card", offers="saved_cards")]],
        Field(description="saved cards put before slot 1, in this order"),
        Ask("list", "Before slot 1", help="saved cards, in this order", offers="saved_cards"),
    ]
    back: Annotated[
        list[Annotated[Symbol, Ask("card", "Card", offers="saved_cards")]],
        Field(description="saved cards put after slot 10, in this order"),
        Ask("list", "After slot 10", help="saved cards, in this order", offers="saved_cards"),
    ]


class BracketsAction(BaseModel):
    """Place your team's one pair of brackets for the match, or pass (§4.6).

    Exactly ``{"first": F, "last": L}`` (cards F..L of this round's expression,
    1-based) or ``{"pass": true}``; a pair may not cross a pair already placed.
    """

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        title="brackets",
        populate_by_name=True,
        json_schema_extra=_BRACKET_FORMS,
    )

    first: Annotated[
        int | None,
        Field(default=None, ge=1, description="position of the first enclosed card"),
        Ask(
            "amount",
            "First card enclosed",
            help="its place in the expression, 1 to {length}",
            most="length",
        ),
    ]
    last: Annotated[
        int | None,
        Field(
            default=None,
            ge=1,
            description="position of the last enclosed card (>= first, <= length)",
        ),
        Ask(
            "amount",
            "Last card enclosed",
            help="its place in the expression, from the first card to {length}",
            most="length",
        ),
    ]
    pass_: Annotated[
        Literal[True] | None,
        Field(default=None, alias="pass", description="true to pass this step"),
        Ask("flag", "Pass", help="place no brackets in this step"),
    ]

    @model_validator(mode="after")
    def _form(self) -> BracketsAction:
        _one_form({"first": self.first, "last": self.last, "pass_": self.pass_}, ("first", "last"))
        return self


ACTION_MODELS: dict[str, type[BaseModel]] = {
    "save_cards": SaveCardsAction,
    "draft": DraftAction,
    "bid": BidAction,
    "final_bid": FinalBidAction,
    "place_saved": PlaceSavedAction,
    "brackets": BracketsAction,
    "choose_ec": ChooseEcAction,
}
