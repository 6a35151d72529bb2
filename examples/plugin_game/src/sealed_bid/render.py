"""The Sealed Bid's events as Discord-ready Markdown (rules.md §2, §3)."""

from __future__ import annotations

from mainmatch.engine.steps import counted


def _names(ps: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in ps) if ps else "nobody"


def _pts(n: int) -> str:
    return counted(n, "point")


def render_event(e: dict) -> str:
    t = e["type"]
    if t == "round_result":
        won = (
            f"**{e['winner']}** wins {_pts(e['prize'])}."
            if e["winner"]
            else "A tie for the highest bid: nobody wins the prize."
        )
        lines = [f"## Round {e['round']} result", won, "**Bids** (all paid):"]
        for p, bid in e["bids"].items():
            turned = e["garnets"].get(p, 0)
            extra = f", {counted(turned, 'garnet')} turned in" if turned else ""
            lines.append(
                f"- {p}: {bid}{extra} → {_pts(e['points'][p])}, {counted(e['chips'][p], 'chip')} left"
            )
        return "\n".join(lines)
    if t == "round_start":
        return f"## Round {e['round']} begins\nThe prize is **{_pts(e['prize'])}**. Send your sealed bid."
    if t == "play_over":
        lines = ["## Play is over", f"**Winners:** {_names(e['winners'])}"]
        lines += [
            f"- {p}: {_pts(n)}, {counted(e['chips'][p], 'chip')}" for p, n in e["points"].items()
        ]
        if len(e["ec_candidates"]) > 1 and e["winners"]:
            lines.append(
                f"The winners now choose the Elimination Candidate among {_names(e['ec_candidates'])}."
            )
        return "\n".join(lines)
    if t == "choose_ec":
        return f"You choose the Elimination Candidate among {_names(e['candidates'])}."
    if t == "game_over":
        lines = ["## Game over"]
        if e.get("ec_votes"):
            lines.append("**Votes:** " + ", ".join(f"{c} → {v}" for c, v in e["ec_votes"].items()))
        lines.append(f"**Elimination Candidate:** **{e['elimination_candidate']}**")
        return "\n".join(lines)
    return f"**{t.replace('_', ' ')}**"
