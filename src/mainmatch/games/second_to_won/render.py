"""Second to Won events as Discord-ready Markdown (second_to_won spec §6).

Public events are posts to the game channel; ``auction_result`` and
``information`` are DMs to their one player.
"""

from __future__ import annotations

from mainmatch.engine.game import Event, JSONObject

from .wording import item_text

#: the letter emoji of the seed's listing
EMOJI = {"A": "🇦", "B": "🇧", "C": "🇨", "D": "🇩", "E": "🇪", "F": "🇫"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _names(ps: list[str]) -> str:
    return ", ".join(f"**{p}**" for p in ps) if ps else "nobody"


def item_line(item: JSONObject) -> str:
    """``🇦 +15 points to YOU``: the host's text, or the seed's wording of the effects."""
    text = item.get("text") or item_text(item["effects"])
    return f"{EMOJI.get(item['letter'], item['letter'])} {text}"


def listing(items: list[JSONObject]) -> str:
    return "\n".join(item_line(it) for it in items)


def _game_over(e: Event) -> str:
    if e["reason"] == "over_200":
        why = f"{_names(e['over_200'])} passed 200 points in auction {e['auctions_played']}"
    else:
        why = f"all {_plural(e['auctions_played'], 'auction')} are played"
    lines = [f"## Game over: {why}", "**Final scores**"]
    scores = e["scores"]
    for p in sorted(scores, key=lambda q: -scores[q]):
        lines.append(f"- {p}: {scores[p]}")
    if e["reason"] == "over_200":
        lines.append(f"**Over 200 (no Token of Life):** {_names(e['first'])}")
    else:
        lines.append(f"**First (no Token of Life):** {_names(e['first'])}")
    lines.append(f"**Second:** {_names(e['second'])}")
    tol = e["tokens_of_life"]
    if tol:
        lines.append("**Tokens of Life:** " + ", ".join(f"**{p}** {n}" for p, n in tol.items()))
    else:
        lines.append("**Tokens of Life:** none")
    lines.append(f"**Last place:** {_names(e['last_place'])}")
    ecs = e["elimination_candidates"]
    if len(ecs) > 1:
        lines.append(
            f"**Tied Elimination Candidates:** {_names(ecs)}; the gamewide tiebreak names "
            f"**{e['elimination_candidate']}**"
        )
    lines.append(f"**Elimination Candidate:** **{e['elimination_candidate']}**")
    award = {p: g for p, g in e["garnet_award"].items() if g}
    lines.append(
        "**Garnets awarded:** "
        + (", ".join(f"{p} {g}" for p, g in award.items()) if award else "none")
    )
    return "\n".join(lines)


def render_event(e: Event) -> str:
    t = e["type"]
    if t == "auction_open":
        return (
            f"## Auction {e['auction']} is open\n{listing(e['items'])}\n"
            "DM your bids: at least 3 items, letter and chips each (a garnet counts as 3 chips)."
        )
    if t == "auction_closed":
        return f"## Auction {e['auction']} is closed\nEveryone gets their own result by DM; winners and totals stay secret."
    if t == "auction_result":
        won = ", ".join(f"**{l}**" for l in e["won"]) if e["won"] else "nothing"
        gift = (
            f" ({_plural(e['garnets_gifted'], 'garnet')} gifted this auction)"
            if e["garnets_gifted"]
            else ""
        )
        return (
            f"Auction {e['auction']}: you won {won}. You have **{_plural(e['points'], 'point')}**, "
            f"{_plural(e['chips'], 'chip')} and {_plural(e['garnets'], 'garnet')}{gift}."
        )
    if t == "information":
        return f"📜 Information: the items of auction {e['auction']}\n{listing(e['items'])}"
    if t == "game_over":
        return _game_over(e)
    return f"**{t}**"
