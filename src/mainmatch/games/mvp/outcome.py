"""Winners, Tokens of Life, EC candidates and ranking (mvp spec §7.2–§7.4, D21–D23).

- Team scores differ: the higher team wins; winners are its players with the
  highest individual score; EC candidates are the losing team's players with
  the lowest individual score.
- Team scores tie: winners and candidates are taken from all six players.
- A solo winner gets 2 Tokens of Life, several winners 1 each; 4 or more
  tokens (only possible with tied teams) are all void. The winners still vote.
- One candidate is the EC at once; several: the winners vote (``choose_ec``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmatch.engine.ranking import group_by

from .card_rule import GREEN, RED

SOLO_TOKENS = 2
SHARED_TOKENS = 1
#: this many tokens or more void them all
VOID_AT = 4


@dataclass(frozen=True, slots=True)
class Outcome:
    winning_team: str | None
    winners: list[str]
    tokens_of_life: dict[str, int]
    void_tokens_of_life: bool
    ec_candidates: list[str]
    voters: list[str]
    elimination_candidate: str | None


def decide(
    players: list[str],
    team_of: dict[str, str],
    team_scores: dict[str, int],
    individual: dict[str, int],
) -> Outcome:
    """Winners, tokens and EC candidates; lists in ``players`` order (§7.2, §7.3).

    >>> t = {"r1": "red", "g1": "green"}
    >>> decide(["r1", "g1"], t, {"red": 3, "green": 0}, {"r1": 3, "g1": 0}).tokens_of_life
    {'r1': 2}
    """
    if team_scores[RED] == team_scores[GREEN]:
        winning_team = None
        top_pool = bottom_pool = list(players)
    else:
        winning_team = RED if team_scores[RED] > team_scores[GREEN] else GREEN
        top_pool = [p for p in players if team_of[p] == winning_team]
        bottom_pool = [p for p in players if team_of[p] != winning_team]
    best = max(individual[p] for p in top_pool)
    winners = [p for p in top_pool if individual[p] == best]
    worst = min(individual[p] for p in bottom_pool)
    candidates = [p for p in bottom_pool if individual[p] == worst]
    each = SOLO_TOKENS if len(winners) == 1 else SHARED_TOKENS
    void = each * len(winners) >= VOID_AT
    tokens = {} if void else {p: each for p in winners}
    if len(candidates) == 1:
        voters, ec = [], candidates[0]
    else:
        voters, ec = list(winners), None
    return Outcome(winning_team, winners, tokens, void, candidates, voters, ec)


def ranking(
    players: list[str],
    team_of: dict[str, str],
    winning_team: str | None,
    individual: dict[str, int],
    ec: str | None,
) -> list[list[str]]:
    """Tie groups best first (§7.4, D23): the winning team by individual score,
    then the losing team likewise (tied teams: all six together); the EC, if
    sharing a group, moves to a group of their own at the end.

    >>> t = {"r1": "red", "r2": "red", "g1": "green", "g2": "green"}
    >>> ranking(["r1", "r2", "g1", "g2"], t, "red", {"r1": 5, "r2": 5, "g1": 1, "g2": 1}, "g2")
    [['r1', 'r2'], ['g1'], ['g2']]
    """
    if winning_team is None:
        pools = [list(players)]
    else:
        pools = [
            [p for p in players if team_of[p] == winning_team],
            [p for p in players if team_of[p] != winning_team],
        ]
    groups: list[list[str]] = []
    for pool in pools:
        groups += group_by([p for p in pool if p != ec], individual.__getitem__)
    if ec is not None:
        groups.append([ec])
    return groups
