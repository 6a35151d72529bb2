"""Homeostasis events as Discord-ready Markdown (homeostasis spec §6).

Public events go to the match channel; ``cards_saved`` is a DM to its saver.
Expressions are shown in code spans so ``x``, ``-`` and ``/`` stay literal.
"""

from __future__ import annotations

from collections.abc import Callable

from mainmatch.engine.game import Event

BANDS = {
    "positive_big": "Positive, big (over 4): each positive player wins a Token of Life and 3 garnets; "
    "the neutral player is the Elimination Candidate.",
    "positive_small": "Positive, small (over 1, up to 4): each positive player wins a Token of Life and 1 garnet, "
    "the neutral player a Token of Life; both negative players go to the Death Match.",
    "neutral": "Neutral (from -1 to 1): the neutral player wins 2 Tokens of Life and 6 garnets, "
    "and now chooses the Elimination Candidate.",
    "negative_small": "Negative, small (from -4, under -1): each negative player wins a Token of Life and 1 garnet, "
    "the neutral player a Token of Life; both positive players go to the Death Match.",
    "negative_big": "Negative, big (under -4): each negative player wins a Token of Life and 3 garnets; "
    "the neutral player is the Elimination Candidate.",
}


def _names(players: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in players) if players else "nobody"


def _cards(cards: list[str]) -> str:
    return " ".join(f"`{c}`" for c in cards) if cards else "nothing"


def _numbered(cards: list[str]) -> str:
    """The expression with card positions above it, for placing brackets."""
    width = max(2, len(str(len(cards))))
    top = " ".join(str(i).rjust(width) for i in range(1, len(cards) + 1))
    bottom = " ".join(c.rjust(width) for c in cards)
    return f"```\n{top}\n{bottom}\n```"


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def render_event(e: Event) -> str:
    """One event as Markdown (§6); an unknown type as its name."""
    t = e["type"]
    render = _RENDER.get(t)
    return render(e) if render is not None else f"**{t.replace('_', ' ')}**"


def _cards_saved(e: Event) -> str:
    if not e["cards"]:
        return "You saved no cards."
    return f"You saved {_cards(e['cards'])} for {e['garnets_spent']} garnet{'s' if e['garnets_spent'] != 1 else ''}."


def _round_started(e: Event) -> str:
    order = e["turn_order"]
    snake = [order[i] for i in (0, 1, 2, 3, 4, 4, 3, 2, 1)]
    return (
        f"## Round {e['round']}\n**Turn order:** {' → '.join(order)}\n"
        f"**Draft** (who puts a card in the auction order): {', '.join(snake)}."
    )


def _draft_choice(e: Event) -> str:
    if e["player"] is None:
        return f"The last card {_cards([e['card']])} goes to auction position {e['position']}."
    return f"**{e['player']}** puts {_cards([e['card']])} at auction position {e['position']}."


def _pass(e: Event) -> str:
    if e["automatic"]:
        return f"**{e['player']}** has no chips and passes."
    return f"**{e['player']}** passes."


def _card_placed(e: Event) -> str:
    how = " (no bidding)" if e["automatic"] else ""
    return f"Auction {e['number']}: {_cards([e['card']])} goes to **slot {e['slot']}**{how}."


def _final_bids(e: Event) -> str:
    what = "Final auction, sealed bids" if e["rebid"] == 0 else f"Final auction, rebid {e['rebid']}"
    bids = ", ".join(f"{p} {n}" for p, n in e["bids"].items())
    return f"**{what}:** {bids}"


def _final_won(e: Event) -> str:
    how = " (the tie is broken by the gamewide tiebreak)" if e["by_tiebreak"] else ""
    return (
        f"**{e['winner']}** wins the final auction and pays {_chips(e['paid'])}{how}; "
        "they may now add saved cards at either end."
    )


def _saved_cards_placed(e: Event) -> str:
    if not e["front"] and not e["back"]:
        return f"**{e['player']}** adds no saved cards."
    return (
        f"**{e['player']}** adds saved cards: front {_cards(e['front'])}, back {_cards(e['back'])}."
    )


def _brackets_void(e: Event) -> str:
    why = (
        "a teammate placed the team's pair first"
        if e["reason"] == "teammate_placed"
        else "they would cross a pair placed just before; the team keeps its pair"
    )
    return f"**{e['player']}**'s brackets {e['first']}..{e['last']} are void: {why}."


def _round_result(e: Event) -> str:
    shown = f"`{e['simplified']}`" if e["simplified"] else "(nothing left)"
    return (
        f"## Round {e['round']} result: **{e['result']}**\nRead as {shown}. "
        f"Match total: **{e['total']}**."
    )


def _elimination_candidate(e: Event) -> str:
    votes = ", ".join(f"{c} chose {v}" for c, v in e["votes"].items())
    return f"**Elimination Candidate:** **{e['player']}** ({votes})."


#: event type -> its Markdown
_RENDER: dict[str, Callable[[Event], str]] = {
    "cards_saved": _cards_saved,
    "saving_closed": lambda e: (
        "**Saving is closed.** Saved cards stay secret until their owner places them."
    ),
    "round_started": _round_started,
    "draft_choice": _draft_choice,
    "auction_started": lambda e: (
        f"### Auction {e['number']}: {_cards([e['card']])}\n**{e['first_bidder']}** bids first."
    ),
    "bid": lambda e: (
        f"**{e['player']}** bids {_chips(e['chips'])} on slot {e['slot']} (slot total **{e['total']}**)."
    ),
    "pass": _pass,
    "card_placed": _card_placed,
    "final_bids": _final_bids,
    "final_tie": lambda e: f"Tie for the top bid between {_names(e['tied'])}: they bid again.",
    "final_won": _final_won,
    "final_no_winner": lambda e: "Nobody wins the final auction; no saved cards are added.",
    "saved_cards_placed": _saved_cards_placed,
    "expression": lambda e: (
        f"**This round's expression** ({len(e['cards'])} cards):\n{_numbered(e['cards'])}\n"
        "Teams that still have their pair of brackets may place it now."
    ),
    "brackets_placed": lambda e: (
        f"**{e['player']}** ({e['team']}) places brackets around cards {e['first']}..{e['last']}."
    ),
    "brackets_void": _brackets_void,
    "round_result": _round_result,
    "match_over": lambda e: (
        f"## Match over: total **{e['total']}**\n{BANDS.get(e['outcome'], e['outcome'])}"
    ),
    "elimination_candidate": _elimination_candidate,
}
