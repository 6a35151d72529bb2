"""Seat Exchange events as Discord-ready Markdown (seat_exchange spec §6)."""

from __future__ import annotations

from mainmatch.engine.checks import money
from mainmatch.engine.game import Event


def _names(ps: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in ps) if ps else "nobody"


def _swap(s: Event) -> str:
    a, b = s["players"]
    pair = f"**{a}** (self-swap)" if a == b else f"**{a}** ⇄ **{b}**"
    return f"- {pair}, paid by {', '.join(s['paid_by'])}"


def render_event(e: Event) -> str:
    t = e["type"]
    if t == "round_result":
        swaps = "\n".join(_swap(s) for s in e["swaps"]) or "- no trade went through"
        circle = " → ".join(e["seats"])
        return (
            f"## Round {e['round']} result\n**Successful trades**\n{swaps}\n"
            f"**Seating** (seat 0 first, a circle): {circle}\n**Longest streak:** {e['longest_streak']}"
        )
    if t == "your_round":
        return (
            f"Round {e['round']}: you paid {money(e['spent'])} for trades and converted "
            f"{e['garnets_spent']} garnet{'s' if e['garnets_spent'] != 1 else ''}; you have {money(e['money'])} now."
        )
    if t == "round_start":
        return (
            f"## Round {e['round']} begins\nEveryone receives {money(e['income'])}. "
            f"Longest streak: **{e['longest_streak']}**. Send your trades (or nothing to save your money)."
        )
    if t == "play_over":
        why = (
            "a streak of 6 or more was made"
            if e["condition"] == "streak"
            else "four rounds are over"
        )
        lines = [f"## Play is over: {why}", f"**Winners:** {_names(e['winners'])}"]
        if e["tied_for_most"]:
            lines.append(f"**Tied for most money:** {_names(e['tied_for_most'])}")
        lines.append("**Money and numbers:**")
        lines += [f"- {p}: {money(m)} (number {e['numbers'][p]})" for p, m in e["money"].items()]
        if e["ec_candidates"]:
            lines.append(
                f"The winners now choose the Elimination Candidate among {_names(e['ec_candidates'])}."
            )
        return "\n".join(lines)
    if t == "choose_ec":
        return (
            "You choose the Elimination Candidate. Candidates: "
            f"{_names(e['candidates'])}. Name one of them; without a vote yours goes to the "
            "candidate last in the gamewide tiebreak."
        )
    if t == "game_over":
        lines = ["## Game over"]
        if e.get("ec_votes"):
            lines.append("**Votes:** " + ", ".join(f"{c} → {v}" for c, v in e["ec_votes"].items()))
        ec = e["elimination_candidate"]
        lines.append(f"**Elimination Candidate:** {'**' + ec + '**' if ec else 'none'}")
        return "\n".join(lines)
    return f"**{t}**"
