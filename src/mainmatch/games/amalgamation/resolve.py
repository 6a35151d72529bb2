"""One ``round`` step of The Amalgamation (amalgamation spec §4.1, §4.2, §6).

The step reads each player's checked action once, settles the money
(``budget``), resolves the four sub-games in order and, after round 7,
scores the match. Its events are built only when asked for (``emit``): a
replay and a simulation never read them (docs/decisions/performance.md PE2).

A player's private round entry (§5 ``you.rounds``) is kept in the state as
one flat tuple (:data:`PrivateRound`) and becomes the view's object only in
that player's own view (``views.you_round``): a round makes six of them and
public views never show them (docs/decisions/performance.md PA1).
"""

from __future__ import annotations

from operator import add

from mainmatch.engine.events import PUBLIC
from mainmatch.engine.game import Action, Event, JSONObject
from mainmatch.engine.result import nonzero

from . import invest, kong, minus, scoring, thief, views
from .budget import penalize, settle
from .constants import ROUNDS
from .setup import Setup
from .state import AmalgamationFinal, AmalgamationState, PrivateRound


def apply_round(
    state: AmalgamationState, actions: dict[str, Action], emit: bool
) -> tuple[AmalgamationState, list[Event] | None]:
    """§4.1 one round from checked actions; the events of §6 only when
    ``emit`` (else ``None``). Never changes ``state``.

    Every per-player map of the state is kept in ``players`` order (from
    ``initial_state`` on), so the round reads each action once into one row
    per player and hands the sub-games columns in that order."""
    setup = state.setup
    players, r = setup.players, state.round
    tiles = setup.tiles[r - 1]
    # §4.1.1 money in / money out, before anything else; each action read once
    heads, lefts, costs, spent, held, garnets_spent = _money(state, actions)
    # one column per field, each in players order
    _, _, contributions, *bids, invested, donated, bets, roles, _, _ = zip(*heads)
    # §4.1.2 Kong's Dilemma
    kong_state, kong_entry = kong.resolve(state.kong, r, contributions, *setup.team_at)
    # §4.1.3 Minus Auction, then its penalty after the spending
    minus_state, minus_entry = minus.resolve(
        state.minus, r, tiles, bids, costs, players, setup.index
    )
    # six players (six.py): their maps as literals, in players order
    a, b, c, d, e, f = players
    x0, x1, x2, x3, x4, x5 = lefts
    balances = {a: x0, b: x1, c: x2, d: x3, e: x4, f: x5}
    penalties = [0] * len(players)
    for p in minus_entry["penalized"]:
        balances[p], penalties[setup.index[p]] = penalize(balances[p])
    # §4.1.4 Investment & Donation
    invest_state, invest_entry = invest.resolve(state.invest, r, invested, donated, players)
    # §4.1.5 Garnet Chip Thief
    thief_state, thief_entry, gained = thief.resolve(state.thief, r, roles, bets, players)
    # §5 each player's private entry: the head, then what the round did (in C: zip and map)
    entries = map(
        add, heads, zip(penalties, thief_entry["chips"].values(), gained, balances.values())
    )
    y0, y1, y2, y3, y4, y5 = map(add, state.you_rounds.values(), zip(entries))
    you_rounds = {a: y0, b: y1, c: y2, d: y3, e: y4, f: y5}
    final = None
    if r == ROUNDS:  # §4.2 after the last round
        final = final_of(setup, kong_state, minus_state, invest_state, thief_state, garnets_spent)
    new = AmalgamationState(
        setup=setup,
        phase="round" if final is None else "choose_ec" if final["ec_choosers"] else "over",
        round=r + 1 if final is None else r,
        rounds_played=r,
        balances=balances,
        garnets_held=held,
        garnets_spent=garnets_spent,
        kong=kong_state,
        minus=minus_state,
        invest=invest_state,
        thief=thief_state,
        spent=spent,
        you_rounds=you_rounds,
        final=final,
    )
    if not emit:
        return new, None
    return new, _round_events(new, r, kong_entry, minus_entry, invest_entry, thief_entry)


def _money(
    state: AmalgamationState, actions: dict[str, Action]
) -> tuple[
    list[PrivateRound],
    list[int],
    list[int],
    dict[str, tuple[int, ...]],
    dict[str, int],
    dict[str, int],
]:
    """§4.1.1 money in / money out, each action read once: each player's
    PrivateRound up to its spent, balance after spending and sum(|bid|), the
    spending by part (SPEND_PARTS), the garnets held and spent after sales."""
    setup = state.setup
    players, r, rate = setup.players, state.round, setup.rate
    held, garnets_spent = state.garnets_held, state.garnets_spent  # copied at the first sale
    heads: list[PrivateRound] = []  # each player's PrivateRound up to its spent
    lefts = []  # each player's balance after spending
    costs = []  # each player's sum(|bid|)
    spent: dict[str, tuple[int, ...]] = {}
    for p, balance, (s0, s1, s2, s3, s4) in zip(
        players, state.balances.values(), state.spent.values()
    ):
        action = actions[p]
        k, i, t = action["kong"], action["invest"], action["thief"]
        b0, b1, b2, b3, b4 = action["minus"]["bids"]  # TILES_PER_ROUND, checked
        contribution = k["contribute"]
        inv = i["invest"]
        don = i["donate"]
        bet = t["bet"]
        cost = abs(b0) + abs(b1) + abs(b2) + abs(b3) + abs(b4)
        total = contribution + cost + inv + don + bet
        buy = action.get("buy_garnets")  # None: not sent (the view shows it only if sent)
        if buy:
            if held is state.garnets_held:
                held, garnets_spent = held.copy(), garnets_spent.copy()
            held[p] -= buy
            garnets_spent[p] += buy
            bought = buy * rate
        else:
            bought = 0
        left = balance + bought - total
        if left < 0:  # rule 7 was checked; settle words the fault of an unchecked action
            left = settle(balance, buy or 0, rate, total)
        lefts.append(left)
        costs.append(cost)
        spent[p] = (s0 + contribution, s1 + cost, s2 + inv, s3 + don, s4 + bet)  # SPEND_PARTS
        heads.append(
            (r, buy, contribution, b0, b1, b2, b3, b4, inv, don, bet, t["role"], bought, total)
        )
    return heads, lefts, costs, spent, held, garnets_spent


def _round_events(
    new: AmalgamationState,
    r: int,
    kong_entry: JSONObject,
    minus_entry: JSONObject,
    invest_entry: JSONObject,
    thief_entry: JSONObject,
) -> list[Event]:
    """§6 events, in order; each built fresh in one go (the entries' lists
    are copied: the state keeps the entries)."""
    m, t = minus_entry, thief_entry
    events = [
        {"audience": PUBLIC, "type": "kong_round", **kong_entry},  # scalars only
        {
            "audience": PUBLIC,
            "type": "minus_round",
            "round": r,
            "tiles": m["tiles"].copy(),
            "awards": [*map(dict.copy, m["awards"])],
            "tiebreak_order": m["tiebreak_order"].copy(),
            "penalized": m["penalized"].copy(),
        },
        {
            "audience": PUBLIC,
            "type": "invest_round",
            "round": r,
            "top_investor": invest_entry["top_investor"],
            "misers": invest_entry["misers"].copy(),
        },
        {
            "audience": PUBLIC,
            "type": "thief_round",
            "round": r,
            "roles": t["roles"].copy(),
            "chips": t["chips"].copy(),
        },
        {"audience": PUBLIC, "type": "balances", "round": r, "balances": new.balances.copy()},
    ]
    events += views.private_rounds(new.you_rounds)  # players order
    if r < ROUNDS:
        events.append(
            {
                "audience": PUBLIC,
                "type": "minus_tiles",
                "round": r + 1,
                "tiles": [*new.setup.tiles[r]],
            }
        )
    else:
        events.append({"audience": PUBLIC, "type": "final", **views.final_copy(new.ended)})
    return events


def final_of(
    setup: Setup,
    kong_state: kong.KongState,
    minus_state: minus.MinusState,
    invest_state: invest.InvestState,
    thief_state: thief.ThiefState,
    garnets_spent: dict[str, int],
) -> AmalgamationFinal:
    """§4.2 final scoring: the ``final`` object of the views, from the
    sub-games' states after the last round."""
    players, gt = setup.players, setup.gt
    kong_winner = kong.winning_team(kong_state, setup.tiebreak, setup.team_of)
    minus_scores = minus.scores(minus_state)
    rankings = {
        "kong": kong.ranking(kong_state.totals, kong_winner, setup.teams, gt),
        "minus": minus.ranking(minus_scores, minus_state.spend, gt),
        "invest": invest.ranking(
            invest_state.top_investor, invest_state.miser, invest_state.spend, gt
        ),
        "thief": thief.ranking(thief_state.points, gt),
    }
    points = scoring.points(rankings, players)
    winners = scoring.winners(points, players)
    tol, void = scoring.tokens_of_life(winners)
    candidates = scoring.losers(points, players)
    choosing = len(candidates) > 1
    return {
        "rankings": rankings,
        "points": points,
        "winners": winners,
        "tokens_of_life": tol,
        "void_tokens_of_life": void,
        "garnets": scoring.garnets_awarded(rankings, players),
        "garnets_spent": nonzero(garnets_spent, list(players)),
        "ec_candidates": candidates,
        "ec_choosers": list(winners) if choosing else [],  # §4.3, decision 35
        "ec_votes": None,
        "elimination_candidate": None if choosing else candidates[0],
        "kong_winner": kong_winner,
        "minus_scores": {p: minus_scores[p] for p in players},
        "thief_points": {p: thief_state.points[p] for p in players},
    }
