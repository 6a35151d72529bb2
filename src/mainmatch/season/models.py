"""A season's definition and its ledger entries (pydantic v2, strict).

A season is the cast, the ORG-wide ``gamewide_tiebreak``, the garnets each
cast member starts with and whether a Token of Life saves the loser of a
Death Match. Everything that happens afterwards is an :class:`Entry`, appended
to the ledger and never changed; standings are derived from the entries
(``ledger.standings``). Bounds on every field keep a typo from entering a
season (an adjustment of a billion garnets, a 10,000-character reason).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: season names and player ids are used in URLs, CSV and Discord text: keep them plain
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$"
PLAYER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$"
#: bounds of one amount in one entry (garnets or Tokens of Life)
MAX_AMOUNT = 10_000
MAX_CAST = 100

PlayerId = Annotated[str, Field(pattern=PLAYER_PATTERN, description="a cast member's id")]
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
SignedAmount = Annotated[int, Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CastMember(_Strict):
    id: PlayerId
    name: str = Field("", max_length=60, description="display name (the id when empty)")
    discord_id: int | None = Field(None, ge=0, lt=2**64, description="Discord user id")

    @property
    def display(self) -> str:
        return self.name.strip() or self.id


class SeasonSettings(_Strict):
    """The season as created: ``gamewide_tiebreak`` here is the first one;
    ``tiebreak`` entries replace it later."""

    name: str = Field(pattern=NAME_PATTERN)
    cast: list[CastMember] = Field(min_length=2, max_length=MAX_CAST)
    gamewide_tiebreak: list[PlayerId] = Field(
        default_factory=list, description="cast ids best first; default: the cast order"
    )
    starting_garnets: Amount = 0
    #: the loser of a Death Match who holds a Token of Life spends it and stays
    token_of_life_saves: bool = True

    @model_validator(mode="after")
    def _check(self) -> SeasonSettings:
        ids = [c.id for c in self.cast]
        dup = sorted({p for p in ids if ids.count(p) > 1})
        if dup:
            raise ValueError(f"cast: {', '.join(dup)} listed more than once")
        if self.gamewide_tiebreak:
            check_order(self.gamewide_tiebreak, ids)
        else:
            object.__setattr__(self, "gamewide_tiebreak", list(ids))
        return self

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.cast]


def check_order(order: list[str], ids: list[str]) -> None:
    """``order`` must name every cast member exactly once."""
    missing = [p for p in ids if p not in order]
    extra = [p for p in order if p not in ids]
    if extra:
        raise ValueError(f"gamewide_tiebreak: {', '.join(extra)} not in the cast")
    if missing or len(order) != len(ids):
        raise ValueError(
            "gamewide_tiebreak must list every cast member once"
            + (f"; missing {', '.join(missing)}" if missing else "")
        )


# ==================================================================== entries


class MainMatch(_Strict):
    """A Main Match's result (engine spec "result"): the ledger moves each player's
    garnets by ``garnets - garnets_spent`` and adds ``tokens_of_life``."""

    kind: Literal["main_match"] = "main_match"
    source: Literal["hosted", "record", "manual"] = "manual"
    game: str | None = Field(None, max_length=40)
    #: hosted match id (informative; the claim key below is what is unique)
    match: str | None = Field(None, max_length=40)
    #: SHA-256 of the record's game, config and actions: the same match enters once
    match_key: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    players: list[PlayerId] = Field(min_length=1, max_length=MAX_CAST)
    #: holdings the match started with (checked against the ledger when given)
    starting_garnets: dict[PlayerId, Amount] | None = None
    tokens_of_life: dict[PlayerId, Amount] = Field(default_factory=dict)
    garnets: dict[PlayerId, Amount] = Field(default_factory=dict)
    garnets_spent: dict[PlayerId, Amount] = Field(default_factory=dict)
    elimination_candidate: PlayerId | None = None
    winners: list[PlayerId] = Field(default_factory=list)
    #: the game's result as the engine replayed it (engine spec "result"; records and
    #: hosted matches only): the episode table's placements and points come from it
    result: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> MainMatch:
        if len(set(self.players)) != len(self.players):
            raise ValueError("players: a player is listed twice")
        fields = {
            "tokens_of_life": self.tokens_of_life,
            "garnets": self.garnets,
            "garnets_spent": self.garnets_spent,
            "starting_garnets": self.starting_garnets or {},
        }
        for field, amounts in fields.items():
            for p in amounts:
                if p not in self.players:
                    raise ValueError(f"{field}: {p} did not play this match")
        for p in self.winners:
            if p not in self.players:
                raise ValueError(f"winners: {p} did not play this match")
        ec = self.elimination_candidate
        if ec is not None and ec not in self.players:
            raise ValueError(f"elimination_candidate: {ec} did not play this match")
        return self


class DeathMatch(_Strict):
    """The EC against the opponent they chose; the loser is eliminated unless a
    Token of Life saves them (``SeasonSettings.token_of_life_saves``)."""

    kind: Literal["death_match"] = "death_match"
    ec: PlayerId
    opponent: PlayerId
    winner: PlayerId
    game: str = Field("", max_length=80, description="the Death Match played (free text)")

    @model_validator(mode="after")
    def _check(self) -> DeathMatch:
        if self.ec == self.opponent:
            raise ValueError("the EC cannot be their own opponent")
        if self.winner not in (self.ec, self.opponent):
            raise ValueError(f"winner must be {self.ec} or {self.opponent}, not {self.winner}")
        return self

    @property
    def loser(self) -> str:
        return self.opponent if self.winner == self.ec else self.ec


class TokenUsed(_Strict):
    """A player spends Tokens of Life (e.g. to escape being sent to the Death Match)."""

    kind: Literal["token_used"] = "token_used"
    player: PlayerId
    count: int = Field(1, ge=1, le=MAX_AMOUNT)


class Transfer(_Strict):
    """``giver`` gives garnets and/or Tokens of Life to ``receiver``; with the
    ``in_return`` amounts it is a trade, both halves at once."""

    kind: Literal["transfer"] = "transfer"
    giver: PlayerId
    receiver: PlayerId
    garnets: Amount = 0
    tokens_of_life: Amount = 0
    in_return_garnets: Amount = 0
    in_return_tokens_of_life: Amount = 0

    @model_validator(mode="after")
    def _check(self) -> Transfer:
        if self.giver == self.receiver:
            raise ValueError("a player cannot give to themself")
        if not (
            self.garnets
            or self.tokens_of_life
            or self.in_return_garnets
            or self.in_return_tokens_of_life
        ):
            raise ValueError("a transfer must move at least one garnet or Token of Life")
        return self


class Adjust(_Strict):
    """A host's correction: garnets and Tokens of Life by signed amounts, and
    optionally a status (a player who leaves the season, or a return)."""

    kind: Literal["adjust"] = "adjust"
    player: PlayerId
    garnets: SignedAmount = 0
    tokens_of_life: SignedAmount = 0
    status: Literal["alive", "eliminated"] | None = None

    @model_validator(mode="after")
    def _check(self) -> Adjust:
        if not self.garnets and not self.tokens_of_life and self.status is None:
            raise ValueError("an adjustment must change garnets, Tokens of Life or the status")
        return self


class Tiebreak(_Strict):
    """The host sets a new ORG-wide gamewide tiebreak (every cast member, best first)."""

    kind: Literal["tiebreak"] = "tiebreak"
    order: list[PlayerId] = Field(min_length=2, max_length=MAX_CAST)


class Undo(_Strict):
    """Cancels entry ``target``, which must be the last entry still in force."""

    kind: Literal["undo"] = "undo"
    target: int = Field(ge=1)


Body = Annotated[
    MainMatch | DeathMatch | TokenUsed | Transfer | Adjust | Tiebreak | Undo,
    Field(discriminator="kind"),
]
BODY_TYPES = (MainMatch, DeathMatch, TokenUsed, Transfer, Adjust, Tiebreak, Undo)


class Entry(_Strict):
    """One line of the ledger: what happened, when, who wrote it and why."""

    number: int = Field(ge=1)
    at: float = Field(ge=0, description="UNIX seconds, UTC")
    author: str = Field(min_length=1, max_length=100)
    reason: str = Field("", max_length=500)
    body: Body


class SeasonExport(_Strict):
    """The whole ledger as one JSON document (``mainmatch-season/1``)."""

    format: Literal["mainmatch-season/1"] = "mainmatch-season/1"
    settings: SeasonSettings
    entries: list[Entry] = Field(max_length=100_000)
