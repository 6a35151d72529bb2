"""The Amalgamation's events as Discord-ready Markdown (amalgamation spec §6).

Public events are posted in the game channel; ``private_round`` is a DM.
"""

from __future__ import annotations

from mainmatch.engine.checks import money
from mainmatch.engine.game import Event

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
TITLES = {
    "kong": "Kong's Dilemma",
    "minus": "Minus Auction",
    "invest": "Investment & Donation",
    "thief": "Garnet Chip Thief",
}


def _names(ps: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in ps) if ps else "nobody"


def _tiles(ts: list[int]) -> str:
    return ", ".join(f"`{t}`" for t in ts) if ts else "none"


def _kong(e: Event) -> str:
    head = f"### Round {e['round']} - Kong's Dilemma\n"
    if e["winner"] is None:
        return head + "Both teams contributed the same amount: **tie**, nobody scores."
    return (
        head + f"Team **{e['loser']}** contributed less, {money(e['loser_total'])} in total. "
        f"Team **{e['winner']}** gains a point."
    )


def _minus(e: Event) -> str:
    lines = [f"### Round {e['round']} - Minus Auction"]
    lines += [f"- tile `{a['tile']}` → **{a['winner']}**" for a in e["awards"]]
    lines.append("Tiebreak order now: " + " → ".join(e["tiebreak_order"]))
    if e["penalized"]:
        lines.append(f"Two rounds without a tile, $20 penalty: {_names(e['penalized'])}")
    return "\n".join(lines)


def _invest(e: Event) -> str:
    top = f"**{e['top_investor']}**" if e["top_investor"] else "nobody (no unique amount)"
    return (
        f"### Round {e['round']} - Investment & Donation\n"
        f"Top Investor token: {top}\nMiser token: {_names(e['misers'])}"
    )


def _thief(e: Event) -> str:
    lines = [f"### Round {e['round']} - Garnet Chip Thief"]
    lines += [
        f"- **{p}**: {role}, {e['chips'][p]} chip{'s' if e['chips'][p] != 1 else ''}"
        for p, role in e["roles"].items()
    ]
    return "\n".join(lines)


def _balances(e: Event) -> str:
    return f"### Balances after round {e['round']}\n" + "\n".join(
        f"- **{p}**: {money(b)}" for p, b in e["balances"].items()
    )


def _private(e: Event) -> str:
    a = e["action"]
    sold = a.get("buy_garnets", 0)
    bought = (
        f" You sold {sold} garnet{'s' if sold != 1 else ''} for {money(e['money_bought'])}."
        if e["money_bought"]
        else ""
    )
    # one bid per tile of the round, in the request's tile order (§3.1 rule 5), in words
    bids = ", ".join(str(b) for b in a["minus"]["bids"])
    penalty = f" Minus Auction penalty: {money(e['penalty'])}." if e["penalty"] else ""
    return (
        f"**Your round {e['round']}**: Kong {money(a['kong']['contribute'])}, "
        f"Minus bids {bids}, invest {money(a['invest']['invest'])}, "
        f"donate {money(a['invest']['donate'])}, {a['thief']['role']} betting {money(a['thief']['bet'])}.{bought}\n"
        f"You spent {money(e['spent'])}.{penalty} Chips: {e['chips']} "
        f"(+{e['thief_points']} thief point{'s' if e['thief_points'] != 1 else ''}). Balance: **{money(e['balance'])}**."
    )


def _final(e: Event) -> str:
    lines = ["## Final results"]
    for game, ranking in e["rankings"].items():
        lines.append(
            f"**{TITLES[game]}:** " + ", ".join(f"{ORDINALS[i]} {p}" for i, p in enumerate(ranking))
        )
    lines.append(f"Kong's Dilemma won by team **{e['kong_winner']}**.")
    lines.append("Minus scores: " + ", ".join(f"{p} {s}" for p, s in e["minus_scores"].items()))
    lines.append("Thief points: " + ", ".join(f"{p} {s}" for p, s in e["thief_points"].items()))
    lines.append("**Points:** " + ", ".join(f"{p} {n}" for p, n in e["points"].items()))
    if e["void_tokens_of_life"]:
        lines.append(
            f"**Winners:** {_names(e['winners'])} - four or more joint winners: every Token of Life is void."
        )
    else:
        lines.append(
            "**Winners:** "
            + ", ".join(
                f"**{p}** ({n} Token{'s' if n != 1 else ''} of Life)"
                for p, n in e["tokens_of_life"].items()
            )
        )
    if e["garnets"]:
        lines.append("Garnets: " + ", ".join(f"{p} +{n}" for p, n in e["garnets"].items()))
    if e["elimination_candidate"] is not None:
        lines.append(f"**Elimination Candidate:** **{e['elimination_candidate']}**")
    else:
        lines.append(
            f"Tied for fewest points: {_names(e['ec_candidates'])}. "
            f"{_names(e['ec_choosers'])} now vote for the Elimination Candidate "
            "(each names one of them; no vote counts for the one last in the gamewide tiebreak)."
        )
    return "\n".join(lines)


def _ec(e: Event) -> str:
    votes = ", ".join(f"{c} → {v}" for c, v in e["votes"].items())
    return f"## Elimination Candidate\nVotes: {votes}\n**Elimination Candidate:** **{e['elimination_candidate']}**"


def render_event(e: Event) -> str:
    t = e["type"]
    if t == "kong_round":
        return _kong(e)
    if t == "minus_round":
        return _minus(e)
    if t == "invest_round":
        return _invest(e)
    if t == "thief_round":
        return _thief(e)
    if t == "balances":
        return _balances(e)
    if t == "private_round":
        return _private(e)
    if t == "minus_tiles":
        return f"## Round {e['round']} begins\nMinus Auction tiles, in the order they are considered: {_tiles(e['tiles'])}"
    if t == "final":
        return _final(e)
    if t == "elimination_candidate":
        return _ec(e)
    return f"**{t}**"
