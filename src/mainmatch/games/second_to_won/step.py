"""One auction as a step (second_to_won spec §4): the bids read once, the
auction resolved, the next state built and, for ``apply``, the events (§6).
"""

from __future__ import annotations

from mainmatch.engine.events import PUBLIC

from .models import GARNET_VALUE
from .resolve import settle
from .scoring import end_object
from .state import SecondState


def play_auction(
    state: SecondState, actions: dict[str, dict], emit: bool
) -> tuple[SecondState, list[dict]]:
    """§4 one auction from checked actions; its events only when ``emit``."""
    players, t, k = state.players, state.table, state.auction
    # each action read once, in letter order (the private view lists bids so):
    # §4.1 garnets bid, §4.2 each item's highest value and its bidders in players order
    tops: dict[
        str, tuple
    ] = {}  # letter -> (value, then player, chips, garnets, choice of each top bid)
    garnets_bid: dict[str, int] = {}
    log = state.bids
    bids_log = {}
    for p in players:
        raw = actions[p]["bids"]
        row: tuple = (k,)
        g_total = 0
        for letter in sorted(raw) if len(raw) > 1 else raw:
            bid = raw[letter]
            c = bid.get("chips", 0)
            if c > 0 and len(bid) == 1:  # the usual bid: chips only
                row += letter, c, 0, None
                top = tops.get(letter)
                if top is None or c > top[0]:
                    tops[letter] = (c, p, c, 0, None)
                elif c == top[0]:
                    tops[letter] = top + (p, c, 0, None)
                continue
            g = bid.get("garnets", 0)
            who = bid.get("choice")
            row += letter, c, g, who
            if g:
                g_total += g
                value = c + GARNET_VALUE * g
            else:
                value = c
            top = tops.get(letter)
            if top is None:
                if value >= 0:
                    tops[letter] = (value, p, c, g, who)
            elif value > top[0]:
                tops[letter] = (value, p, c, g, who)
            elif value == top[0]:
                tops[letter] = top + (p, c, g, who)
        if g_total:
            garnets_bid[p] = g_total
        bids_log[p] = log[p] + (row,)
    out = settle(
        players,
        k,
        t.compiled[k - 1],
        t.others,
        tops,
        state.points,
        state.chips,
        state.garnets,
        garnets_bid,
    )
    history = state.history + (out.points,)  # §4.5
    spent = state.garnets_spent
    if garnets_bid:
        spent = dict(spent)
        for p, g in garnets_bid.items():
            spent[p] += g
    from_items = state.garnets_from_items
    if out.gifted:
        from_items = dict(from_items)
        for p, g in out.gifted.items():
            from_items[p] += g
    # §4.6 each player privately learns their items and the lists they receive
    won = state.won
    if out.won:
        won = dict(won)
        for w, entries in out.won.items():
            won[w] += tuple(entries)
    info = state.info
    got: dict[str, list[int]] = {}
    if out.info:
        info = dict(info)
        for p, js in out.info.items():
            got[p] = ordered = sorted(js)
            have = info[p]
            received = [j for j in ordered if j not in have]
            if received:
                info[p] = have + tuple(received)
    # §4.7 premature end (decision 16: before the normal one), normal end, or the next auction
    end = None
    if max(out.points.values()) > t.limit or k == t.n_auctions:
        end = end_object(players, history, t.tiebreak, t.limit)
    new = SecondState(
        config=state.config,
        players=players,
        index=state.index,
        table=t,
        phase="bidding" if end is None else "over",
        auction=k if end else k + 1,
        points=out.points,
        chips=out.chips,
        garnets=out.garnets,
        garnets_spent=spent,
        garnets_from_items=from_items,
        history=history,
        bids=bids_log,
        won=won,
        info=info,
        end=end,
    )
    if not emit:
        return new, []
    # §6: an auction's item list is built once for this step's events
    shown: dict[int, list[dict]] = {}

    def listing(j: int) -> list[dict]:
        if j not in shown:
            shown[j] = t.show(j)
        return shown[j]

    # the events' objects as events.public / events.private shape them, written out
    events: list[dict] = [{"audience": PUBLIC, "type": "auction_closed", "auction": k}]
    for p in players:
        events.append(
            {
                "audience": [p],
                "type": "auction_result",
                "auction": k,
                "won": out.won[p][1::5] if p in out.won else [],
                "points": out.points[p],
                "chips": out.chips[p],
                "garnets": out.garnets[p],
                "garnets_gifted": out.gifted.get(p, 0),
            }
        )
        if p in got:
            # decision 38: an information event every time, even for a list already received
            for j in got[p]:
                events.append(
                    {"audience": [p], "type": "information", "auction": j, "items": listing(j)}
                )
    if end is not None:
        events.append({"audience": PUBLIC, "type": "game_over", **copy_end(end)})
    else:
        events.append(
            {"audience": PUBLIC, "type": "auction_open", "auction": k + 1, "items": listing(k + 1)}
        )
    return new, events


def copy_end(end: dict) -> dict:
    """A fresh copy of the ``end`` object (§7.5) for a view or an event."""
    out = dict(end)
    for k in ("scores", "tokens_of_life", "garnet_award"):
        out[k] = dict(end[k])
    for k in ("over_200", "first", "second", "last_place", "elimination_candidates"):
        out[k] = list(end[k])
    out["score_history"] = [dict(h) for h in end["score_history"]]
    return out
