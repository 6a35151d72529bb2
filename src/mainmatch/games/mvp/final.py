"""The end of play: scores, controllers, winners and candidates as the public
``final`` object (mvp spec §5.1, §7.1–§7.3, D29).

All of it is decided and public when the last round resolves; a vote, if
one follows, adds only ``ec_votes`` and the EC.
"""

from __future__ import annotations

from typing import overload

from mainmatch.engine.result import nonzero

from .card_rule import TEAMS
from .outcome import decide
from .pattern import LETTERS
from .scoring import Combination, card_points, combinations, garnets_for
from .state import Claim, MvpFinal


def build_final(
    *,
    players: tuple[str, ...],
    team_of: dict[str, str],
    layout: dict[str, str],
    claims: dict[str, Claim],
    end_reason: str,
    rounds_played: int,
) -> MvpFinal:
    """The ``final`` object, keys in the order of mvp spec §5.1."""
    letters = [x for x in LETTERS if x in claims]
    # each team's cards (letter order) and the controllers, in one pass over the claims
    held: dict[str, dict[str, str]] = {team: {} for team in TEAMS}
    controllers: dict[str, str | None] = {}
    for x in letters:
        team, _paid, _round, controllers[x] = claims[x]
        held[team][x] = layout[x]
    combos: dict[str, list[Combination]] = {}
    points: dict[str, int] = {}
    team_scores: dict[str, int] = {}
    for team in TEAMS:
        combos[team] = found = combinations(held[team])
        points.update(card_points(held[team], found))
        team_scores[team] = sum(c["total"] for c in found)
    individual = {p: 0 for p in players}
    for x, who in controllers.items():
        if who is not None:
            individual[who] += points[x]
    plist = list(players)
    out = decide(plist, team_of, team_scores, individual)
    return {
        "end_reason": end_reason,
        "rounds_played": rounds_played,
        "team_scores": team_scores,
        "individual_scores": individual,
        "winning_team": out.winning_team,
        "winners": out.winners,
        "tokens_of_life": out.tokens_of_life,
        "void_tokens_of_life": out.void_tokens_of_life,
        "garnets": nonzero({p: garnets_for(team_scores[team_of[p]]) for p in plist}, plist),
        "controllers": controllers,
        "card_points": {x: points[x] for x in letters},
        "combinations": combos,
        "ec_candidates": out.ec_candidates,
        "voters": out.voters,
        "ec_votes": None,
        "elimination_candidate": out.elimination_candidate,
    }


@overload
def copy_final(final: MvpFinal) -> MvpFinal: ...
@overload
def copy_final(final: None) -> None: ...
def copy_final(final: MvpFinal | None) -> MvpFinal | None:
    """A copy of ``final`` sharing nothing mutable with the state."""
    if final is None:
        return None
    out = final.copy()
    out["team_scores"] = dict(final["team_scores"])
    out["individual_scores"] = dict(final["individual_scores"])
    out["tokens_of_life"] = dict(final["tokens_of_life"])
    out["garnets"] = dict(final["garnets"])
    out["controllers"] = dict(final["controllers"])
    out["card_points"] = dict(final["card_points"])
    out["winners"] = list(final["winners"])
    out["ec_candidates"] = list(final["ec_candidates"])
    out["voters"] = list(final["voters"])
    if final["ec_votes"] is not None:
        out["ec_votes"] = dict(final["ec_votes"])
    out["combinations"] = {
        t: [_copy_combo(c) for c in cs] for t, cs in final["combinations"].items()
    }
    return out


def _copy_combo(combo: Combination) -> Combination:
    out = combo.copy()
    out["letters"] = list(combo["letters"])
    if "ranks" in out:
        out["ranks"] = list(combo["ranks"])
    return out
