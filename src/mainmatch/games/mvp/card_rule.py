"""The card rule for an exposed card, and who controls a claimed card
(mvp spec §4.2, D6, D7, D12).

``R``, ``G`` are the sums of the red and the green players' standing bids on
the card:

===========  =======================  =======================================================
flag before  comparison               result
===========  =======================  =======================================================
none         ``R = G`` (no bids too)  stays unflagged; every bid stays
none         team A higher            A flags it; B's bids are returned
A            ``A >= B``               A claims it: A's bids paid, B's returned, card removed
A            ``B > A``                B flags it (a new streak); A's bids returned
===========  =======================  =======================================================

A flag means "flagged last round", so "two rounds in a row" is exactly
"flagged, then not outbid", and the holder keeps a card by matching.
"""

from __future__ import annotations

from typing import NamedTuple

RED = "red"
GREEN = "green"
TEAMS: tuple[str, str] = (RED, GREEN)
OTHER = {RED: GREEN, GREEN: RED}

STAYS = "stays"
FLAGGED = "flagged"
CLAIMED = "claimed"


#: the card rule's verdict: (team, whether it claims, its total)
Judged = tuple[str, bool, int]


class CardOutcome(NamedTuple):
    """What the card rule does to one card.

    ``team`` is the flagging or claiming team (``None`` when the card stays);
    ``total`` the flag total or the amount paid; ``returned``/``paid`` map
    players to chips; ``keep`` holds the bids left standing on the card.
    (A named tuple: it is built for every exposed card of every round.)
    """

    result: str
    team: str | None
    total: int
    returned: dict[str, int]
    paid: dict[str, int]
    keep: dict[str, int]
    controller: str | None


def team_totals(stakes: dict[str, int], team_of: dict[str, str]) -> dict[str, int]:
    """``{"red": R, "green": G}``: each team's sum of standing bids on a card."""
    totals = {RED: 0, GREEN: 0}
    for p, amount in stakes.items():
        totals[team_of[p]] += amount
    return totals


def judge(flag: str | None, stakes: dict[str, int], team_of: dict[str, str]) -> Judged | None:
    """The card rule's comparison for an exposed card flagged by ``flag`` (a
    team or ``None``) carrying ``stakes`` (player -> standing bid, all > 0):
    the flagging or claiming team, whether it claims, and its total; ``None``
    when the card stays unflagged (``R = G``). The one home of the rule: a
    round's resolution (resolve.py) and :func:`resolve_card` both ask it.

    >>> t = {"r1": "red", "r2": "red", "g1": "green"}
    >>> judge(None, {"r1": 3, "g1": 3}, t), judge("red", {"r1": 4, "g1": 4}, t)
    (None, ('red', True, 4))
    >>> judge("red", {"r1": 2, "g1": 3}, t), judge(None, {"g1": 1}, t)
    (('green', False, 3), ('green', False, 1))
    """
    red = green = 0
    for p, amount in stakes.items():
        if team_of[p] == RED:
            red += amount
        else:
            green += amount
    if flag is None:
        if red == green:
            return None  # stays unflagged; every bid stays
        team = RED if red > green else GREEN
        return team, False, red if team == RED else green
    # D7: a tie keeps the flag, and a flag held two rounds in a row claims
    claims = red >= green if flag == RED else green >= red
    team = flag if claims else OTHER[flag]
    return team, claims, red if team == RED else green


def resolve_card(flag: str | None, stakes: dict[str, int], team_of: dict[str, str]) -> CardOutcome:
    """Apply the card rule to an exposed card flagged by ``flag`` (a team or
    ``None``) carrying ``stakes`` (player -> standing bid, all > 0): who gets
    their bids back, who pays, what stays, who controls (:func:`judge`).

    >>> t = {"r1": "red", "r2": "red", "g1": "green"}
    >>> resolve_card(None, {"r1": 3, "g1": 3}, t).result
    'stays'
    >>> o = resolve_card("red", {"r1": 4, "g1": 4}, t); (o.result, o.team, o.total, o.returned, o.controller)
    ('claimed', 'red', 4, {'g1': 4}, 'r1')
    """
    judged = judge(flag, stakes, team_of)
    if judged is None:
        return CardOutcome(STAYS, None, 0, {}, {}, dict(stakes), None)
    team, claims, total = judged
    mine: dict[str, int] = {}
    others: dict[str, int] = {}
    for p, amount in stakes.items():
        if team_of[p] == team:
            mine[p] = amount
        else:
            others[p] = amount
    if claims:
        return CardOutcome(CLAIMED, team, total, others, mine, {}, controller(mine))
    return CardOutcome(FLAGGED, team, total, others, {}, mine, None)


def controller(paid: dict[str, int]) -> str | None:
    """The claiming team's player with the strictly highest bid; ``None`` on a tie (§4.2).

    >>> controller({"r1": 3, "r2": 2}), controller({"r1": 1, "r2": 1}), controller({"r1": 1, "r2": 1, "r3": 2})
    ('r1', None, 'r3')
    """
    leader: str | None = None
    top, tied = 0, False
    for p, amount in paid.items():
        if leader is None or amount > top:
            leader, top, tied = p, amount, False
        elif amount == top:
            tied = True
    return None if tied else leader
