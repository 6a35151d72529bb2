"""Sets, runs and points (mvp spec §2.4, §7.1, D19, D20).

For each team, over the cards it claimed:

- **set**: all the team's cards of one rank, if there are 3 (1 point per card)
  or 4 (3 points per card); at most one set per rank;
- **run**: each maximal block of consecutive ranks of one suit, if its length
  is 3, 4, 5 or 6 (1, 1, 2, 4 points per card); a 4-run is one 4-run, never
  two 3-runs; ranks 1, 2, 3, 5, 6 give one 3-run.

A card's points are its set points plus its run points; a team's score is the
sum of its cards' points; a player scores the points of the cards they control.
Every player gets ``floor(team score / 5)`` garnets of their own team's score.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from .cards import CARDS, RANKS, SUITS


class Combination(TypedDict):
    """A scoring combination of one team's cards (§5.1 ``final.combinations``): a
    set names its ``rank``, a run its ``suit`` and ``ranks``."""

    kind: str  # "set" | "run"
    rank: NotRequired[int]
    suit: NotRequired[str]
    ranks: NotRequired[list[int]]
    letters: list[str]
    points_per_card: int
    total: int


#: cards in a set -> points per card
SET_POINTS: dict[int, int] = {3: 1, 4: 3}
#: cards in a run -> points per card
RUN_POINTS: dict[int, int] = {3: 1, 4: 1, 5: 2, 6: 4}
#: team score points per garnet awarded
POINTS_PER_GARNET = 5


def combinations(claimed: dict[str, str]) -> list[Combination]:
    """The scoring combinations among one team's claimed cards.

    ``claimed`` maps letter -> card. Sets come first (rank ascending), then
    runs (suit order, then lowest rank); each combination's ``letters`` are in
    letter order (mvp spec §5.1 ``final.combinations``).

    >>> combinations({"U": "apples-1", "V": "apples-2", "W": "apples-3"})
    [{'kind': 'run', 'suit': 'apples', 'ranks': [1, 2, 3], 'letters': ['U', 'V', 'W'], 'points_per_card': 1, 'total': 3}]
    """
    # the cards held as bits (card order): a rank's set is a count of its four
    # bits, a suit's runs are looked up by its six bits (PM7)
    mask = 0
    letter_of: dict[str, str] = {}
    for letter, card in claimed.items():
        mask |= CARD_BIT[card]
        letter_of[card] = letter
    out: list[Combination] = []
    for rank in RANKS:
        ppc = SET_POINTS.get((mask & _RANK_BITS[rank]).bit_count())
        if ppc:
            letters = sorted([letter_of[c] for c in _RANK_CARDS[rank] if c in letter_of])
            out.append(
                {
                    "kind": "set",
                    "rank": rank,
                    "letters": letters,
                    "points_per_card": ppc,
                    "total": ppc * len(letters),
                }
            )
    for i, suit in enumerate(SUITS):
        for block in _RUNS[(mask >> (i * len(RANKS))) & _SUIT_SPAN]:
            ppc = RUN_POINTS[len(block)]
            out.append(
                {
                    "kind": "run",
                    "suit": suit,
                    "ranks": list(block),
                    "letters": sorted([letter_of[f"{suit}-{r}"] for r in block]),
                    "points_per_card": ppc,
                    "total": ppc * len(block),
                }
            )
    return out


def _blocks(ranks: list[int]) -> list[list[int]]:
    """Maximal blocks of consecutive numbers in the ascending list ``ranks``.

    >>> _blocks([1, 2, 3, 5, 6])
    [[1, 2, 3], [5, 6]]
    """
    blocks: list[list[int]] = []
    for r in ranks:
        if blocks and blocks[-1][-1] == r - 1:
            blocks[-1].append(r)
        else:
            blocks.append([r])
    return blocks


#: card -> its bit in a mask of cards (bit i is the i-th card in card order)
CARD_BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(CARDS)}
_RANK_CARDS: dict[int, tuple[str, ...]] = {r: tuple(f"{s}-{r}" for s in SUITS) for r in RANKS}
_RANK_BITS: dict[int, int] = {r: sum(CARD_BIT[c] for c in _RANK_CARDS[r]) for r in RANKS}
_SUIT_SPAN = (1 << len(RANKS)) - 1
#: a suit's bits (rank 1 lowest) -> the blocks of consecutive ranks that score as runs
_RUNS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(b) for b in _blocks([r for r in RANKS if bits >> (r - 1) & 1]) if len(b) in RUN_POINTS
    )
    for bits in range(_SUIT_SPAN + 1)
)
# card order is suit first, then rank: a suit's cards are len(RANKS) consecutive bits
assert all(
    CARD_BIT[f"{s}-{r}"] == 1 << (i * len(RANKS) + r - 1)
    for i, s in enumerate(SUITS)
    for r in RANKS
)


def card_points(claimed: dict[str, str], combos: list[Combination] | None = None) -> dict[str, int]:
    """letter -> points of each claimed card (zeros included): set plus run points."""
    if combos is None:
        combos = combinations(claimed)
    points = {x: 0 for x in claimed}
    for combo in combos:
        for x in combo["letters"]:
            points[x] += combo["points_per_card"]
    return points


def team_score(claimed: dict[str, str]) -> int:
    """The sum of the points of a team's cards."""
    return sum(c["total"] for c in combinations(claimed))


def garnets_for(score: int) -> int:
    """Garnets each player of a team scoring ``score`` receives (§7.1).

    >>> garnets_for(51), garnets_for(34), garnets_for(4)
    (10, 6, 0)
    """
    return score // POINTS_PER_GARNET
