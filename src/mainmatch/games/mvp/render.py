"""The MVP's events as Discord-ready Markdown (mvp spec §6).

Public events are posted in the game channel; ``round_private`` is a DM.
"""

from __future__ import annotations

from mainmatch.engine.game import Event

from .cards import SUIT_EMOJI, SUIT_RANK

TEAM_MARK = {"red": "🟥 red", "green": "🟩 green"}
REASONS = {
    "all_claimed": "every card is claimed",
    "stalemate": "nobody bid and nothing was claimed (stalemate)",
    "round_limit": "round 13 is over",
}


def card(c: str) -> str:
    """``🍐 pears-4``."""
    return f"{SUIT_EMOJI[SUIT_RANK[c][0]]} {c}"


def _chips(n: int) -> str:
    return f"{n} chip{'' if n == 1 else 's'}"


def _names(ps: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in ps) if ps else "nobody"


def _amounts(d: dict[str, int]) -> str:
    return ", ".join(f"{x} {_chips(n)}" for x, n in d.items())


def _combo(c: Event) -> str:
    if c["kind"] == "set":
        what = f"set of {c['rank']}s"
    else:
        what = f"run of {c['suit']} {'-'.join(str(r) for r in c['ranks'])}"
    return f"{what} ({', '.join(c['letters'])}): {c['points_per_card']} per card = **{c['total']}**"


def render_round_resolved(e: Event) -> str:
    lines = [f"## Round {e['round']} resolved"]
    if e["claimed"]:
        lines.append("**Claimed**")
        lines += [
            f"- **{c['letter']}** {card(c['card'])}: {TEAM_MARK[c['team']]}, paid {_chips(c['paid'])}"
            for c in e["claimed"]
        ]
    if e["flagged"]:
        lines.append("**Flagged**")
        lines += [
            f"- **{f['letter']}** {card(f['card'])}: {TEAM_MARK[f['team']]}, {_chips(f['total'])}"
            for f in e["flagged"]
        ]
    if not e["claimed"] and not e["flagged"]:
        lines.append("Nothing was claimed or flagged.")
    if e["newly_exposed"]:
        lines.append(f"**Newly exposed:** {', '.join(e['newly_exposed'])}")
    if e["revealed"]:
        lines.append(
            "**Revealed:** "
            + ", ".join(f"{r['letter']} = {card(r['card'])}" for r in e["revealed"])
        )
    return "\n".join(lines)


def render_round_private(e: Event) -> str:
    lines = [f"**Round {e['round']}: your summary**"]
    if e["returned"]:
        lines.append(f"Returned to you: {_amounts(e['returned'])}")
    if e["paid"]:
        lines.append(f"You paid for claims: {_amounts(e['paid'])}")
    for x, mine in e["control"].items():
        lines.append(
            f"Your team claimed {x}: you {'**control**' if mine else 'do not control'} it."
        )
    if e["chips_bought"]:
        lines.append(f"Chips bought: {e['chips_bought']} (usable from the next round)")
    for x, c in e["identity"].items():
        lines.append(f"Identity bought: {x} is {card(c)}")
    for c, x in e["location"].items():
        lines.append(f"Location bought: {card(c)} lies on {x}")
    standing = _amounts(e["bids"]) or "none"
    lines.append(f"Free chips: **{e['chips']}**. Standing bids: {standing}.")
    return "\n".join(lines)


def render_game_over(e: Event) -> str:
    scores = e["team_scores"]
    if e["winning_team"] is None:
        verdict = "the teams tie; winners and EC come from all six players"
    else:
        verdict = f"{TEAM_MARK[e['winning_team']]} wins"
    lines = [
        f"## Game over after round {e['rounds_played']}: {REASONS[e['end_reason']]}",
        f"**Team scores:** {TEAM_MARK['red']} {scores['red']} · {TEAM_MARK['green']} {scores['green']}: {verdict}",
        "**Individual scores:** "
        + ", ".join(f"{p} {s}" for p, s in e["individual_scores"].items()),
        f"**Winners:** {_names(e['winners'])}",
    ]
    if e["controllers"]:
        lines.append(
            "**Controllers:** "
            + ", ".join(f"{x} {p or 'nobody'}" for x, p in e["controllers"].items())
        )
    for team in ("red", "green"):
        for c in e["combinations"][team]:
            lines.append(f"- {TEAM_MARK[team]}: {_combo(c)}")
    if e["elimination_candidate"] is not None:
        lines.append(f"**Elimination Candidate:** **{e['elimination_candidate']}**")
    else:
        lines.append(
            f"The winners ({_names(e['voters'])}) now vote for the Elimination Candidate among "
            f"{_names(e['ec_candidates'])}; each winner names one of them."
        )
    return "\n".join(lines)


def render_elimination_candidate(e: Event) -> str:
    votes = ", ".join(f"{v} → {c}" for v, c in e["votes"].items())
    return f"## Elimination Candidate: **{e['player']}**\n**Votes:** {votes}"


RENDERERS = {
    "round_resolved": render_round_resolved,
    "round_private": render_round_private,
    "game_over": render_game_over,
    "elimination_candidate": render_elimination_candidate,
}


def render_event(e: Event) -> str:
    renderer = RENDERERS.get(e["type"])
    return renderer(e) if renderer else f"**{e['type']}**"
