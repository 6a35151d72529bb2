"""The bands of the final total and what each hands out (homeostasis spec §7, D35, D36, D41).

Boundaries belong to the band nearer 0 (D35):

========================  =================  ==================================
band                      total T            Tokens of Life / garnets / EC
========================  =================  ==================================
``positive_big``          T > 4              positives 1 ToL + 3 garnets; EC neutral
``positive_small``        1 < T <= 4         positives 1 ToL + 1 garnet, neutral 1 ToL; negatives to the Death Match
``neutral``               -1 <= T <= 1       neutral 2 ToL + 6 garnets; neutral chooses the EC
``negative_small``        -4 <= T < -1       negatives 1 ToL + 1 garnet, neutral 1 ToL; positives to the Death Match
``negative_big``          T < -4             negatives 1 ToL + 3 garnets; EC neutral
========================  =================  ==================================
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

POSITIVE, NEGATIVE, NEUTRAL = "positive", "negative", "neutral"
TEAMS = (POSITIVE, NEGATIVE, NEUTRAL)
#: players per team (§2)
TEAM_SIZES = {POSITIVE: 2, NEGATIVE: 2, NEUTRAL: 1}

POSITIVE_BIG, POSITIVE_SMALL = "positive_big", "positive_small"
NEGATIVE_BIG, NEGATIVE_SMALL = "negative_big", "negative_small"
NEUTRAL_BAND = "neutral"
BANDS = (POSITIVE_BIG, POSITIVE_SMALL, NEUTRAL_BAND, NEGATIVE_SMALL, NEGATIVE_BIG)


#: §7's band edges: |T| <= 1 is neutral, |T| > 4 is big (rule variants may move them)
NEUTRAL_EDGE = 1
BIG_EDGE = 4


def band(total: Fraction, neutral: int = NEUTRAL_EDGE, big: int = BIG_EDGE) -> str:
    """The band of the final total (§7; D35: boundaries go to the band nearer 0).
    ``neutral`` and ``big`` are the edges (1 and 4 in the spec, a variant's otherwise).

    >>> [band(Fraction(t)) for t in (5, 4, 2, 1, 0, -1, -4, -5)]
    ['positive_big', 'positive_small', 'positive_small', 'neutral', 'neutral', 'neutral', 'negative_small', 'negative_big']
    """
    if total > big:
        return POSITIVE_BIG
    if total > neutral:
        return POSITIVE_SMALL
    if total >= -neutral:
        return NEUTRAL_BAND
    if total >= -big:
        return NEGATIVE_SMALL
    return NEGATIVE_BIG


def edges_fault(values: dict[str, int]) -> str | None:
    """A variant's band edges must leave room for the small bands (§7)."""
    if values["neutral_band"] >= values["big_band"]:
        return (
            f"variant: neutral_band {values['neutral_band']} must be less than "
            f"big_band {values['big_band']} (the small bands lie between them, §7)"
        )
    return None


@dataclass(frozen=True, slots=True)
class Awards:
    """What a band hands out, by team."""

    #: team -> Tokens of Life per member
    tokens: dict[str, int]
    #: team -> garnets per member
    garnets: dict[str, int]
    #: the team whose members go to the Death Match (small bands, D41)
    death_match: str | None
    #: the EC is the neutral player (big bands)
    neutral_is_ec: bool
    #: the neutral player chooses the EC (neutral band, D40)
    neutral_chooses: bool
    #: ranking as team groups, best first, before the EC is split off (§7)
    ranking: tuple[str, ...]


AWARDS: dict[str, Awards] = {
    POSITIVE_BIG: Awards(
        {POSITIVE: 1}, {POSITIVE: 3}, None, True, False, (POSITIVE, NEGATIVE, NEUTRAL)
    ),
    POSITIVE_SMALL: Awards(
        {POSITIVE: 1, NEUTRAL: 1},
        {POSITIVE: 1},
        NEGATIVE,
        False,
        False,
        (POSITIVE, NEUTRAL, NEGATIVE),
    ),
    NEUTRAL_BAND: Awards({NEUTRAL: 2}, {NEUTRAL: 6}, None, False, True, (NEUTRAL,)),
    # D36: the mirror of the positive small band
    NEGATIVE_SMALL: Awards(
        {NEGATIVE: 1, NEUTRAL: 1},
        {NEGATIVE: 1},
        POSITIVE,
        False,
        False,
        (NEGATIVE, NEUTRAL, POSITIVE),
    ),
    NEGATIVE_BIG: Awards(
        {NEGATIVE: 1}, {NEGATIVE: 3}, None, True, False, (NEGATIVE, POSITIVE, NEUTRAL)
    ),
}


def members(teams: dict[str, str], team: str, players: list[str]) -> list[str]:
    """The members of ``team``, in ``players`` order."""
    return [p for p in players if teams[p] == team]


def neutral_player(teams: dict[str, str], players: list[str]) -> str:
    return members(teams, NEUTRAL, players)[0]


def ranking(
    outcome: str, teams: dict[str, str], players: list[str], ec: str | None
) -> list[list[str]]:
    """Tie groups best first (§7): the band's team order; in the neutral band
    the neutral player, the other three, then the EC alone (D41: the small
    bands' two Death Match players share the last group)."""
    if outcome == NEUTRAL_BAND:
        n = neutral_player(teams, players)
        groups = [[n], [p for p in players if p not in (n, ec)]]
        return groups + [[ec]] if ec is not None else groups
    return [members(teams, team, players) for team in AWARDS[outcome].ranking]


def settle(
    outcome: str, teams: dict[str, str], players: list[str]
) -> tuple[dict[str, int], dict[str, int], str | None, list[str] | None]:
    """Tokens of Life and garnets awarded (non-zero only, ``players`` order),
    the EC where the band names one, and the Death Match pair (§7)."""
    awards = AWARDS[outcome]
    tokens = {p: awards.tokens[teams[p]] for p in players if teams[p] in awards.tokens}
    garnets = {p: awards.garnets[teams[p]] for p in players if teams[p] in awards.garnets}
    ec = neutral_player(teams, players) if awards.neutral_is_ec else None
    death = members(teams, awards.death_match, players) if awards.death_match else None
    return tokens, garnets, ec, death
