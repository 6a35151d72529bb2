"""Resolving The Sealed Bid's steps (rules.md §2, §3): a round's bids, the end
and the EC vote. Pure functions over the frozen state."""

from __future__ import annotations

from dataclasses import replace

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.events import private, public

from .state import SealedState

#: a player's standing at the end (§3): points, then chips left
Standing = tuple[int, int]


def resolve_round(state: SealedState, actions: dict[str, dict]) -> tuple[SealedState, list[dict]]:
    """§2: the single highest bid wins the prize, every bid is paid, then the
    garnets turned in become chips; after the last round, §3's end."""
    players = state.players
    prize = state.prizes[state.round - 1]
    bids = {p: actions[p].get("bid", 0) for p in players}
    turned = {p: actions[p].get("garnets", 0) for p in players}
    top = max(bids.values())
    leaders = [p for p in players if bids[p] == top]
    winner = leaders[0] if len(leaders) == 1 else None  # a tie for highest: nobody wins
    chips = {p: state.chips[p] + turned[p] - bids[p] for p in players}
    points = dict(state.points)
    if winner is not None:
        points[winner] += prize
    entry = {
        "round": state.round,
        "prize": prize,
        "bids": bids,
        "garnets": turned,
        "winner": winner,
    }
    after = replace(
        state,
        chips=chips,
        points=points,
        garnets={p: state.garnets[p] - turned[p] for p in players},
        garnets_spent={p: state.garnets_spent[p] + turned[p] for p in players},
        history=(*state.history, entry),
    )
    events = [
        public(
            "round_result",
            round=state.round,
            prize=prize,
            bids=dict(bids),
            garnets=dict(turned),
            winner=winner,
            points=dict(points),
            chips=dict(chips),
        )
    ]
    if state.round < len(state.prizes):
        nxt = state.round + 1
        events.append(public("round_start", round=nxt, prize=state.prizes[nxt - 1]))
        return replace(after, round=nxt), events
    return _end_play(after, events)


def standing(state: SealedState, player: str) -> Standing:
    """§3: points, then chips left."""
    return (state.points[player], state.chips[player])


def _end_play(state: SealedState, events: list[dict]) -> tuple[SealedState, list[dict]]:
    """§3: winners stand best, the EC worst; a tie for worst goes to the winners' vote."""
    players = state.players
    stand = {p: standing(state, p) for p in players}
    best, worst = max(stand.values()), min(stand.values())
    tiebreak = state.config["gamewide_tiebreak"]
    if best == worst:  # everyone stands the same: no winners, the tiebreak names the EC
        winners: list[str] = []
        candidates = list(players)
        outcome = "all_tied"
    else:
        winners = [p for p in players if stand[p] == best]
        candidates = [p for p in players if stand[p] == worst]
        outcome = "clear" if len(candidates) == 1 else "vote"
    end: dict = {
        "outcome": outcome,
        "winners": winners,
        "ec_candidates": candidates,
        "ec_votes": {},
        "elimination_candidate": None,
    }
    events.append(
        public(
            "play_over",
            points=dict(state.points),
            chips=dict(state.chips),
            winners=list(winners),
            ec_candidates=list(candidates),
        )
    )
    if outcome == "vote":
        events.append(private(winners, "choose_ec", candidates=list(candidates)))
        return replace(state, phase="choose_ec", end=end), events
    ec = candidates[0] if outcome == "clear" else ec_rules.last_in_tiebreak(candidates, tiebreak)
    end["elimination_candidate"] = ec
    events.append(public("game_over", elimination_candidate=ec, ec_votes={}, winners=winners))
    return replace(state, phase="over", end=end), events


def resolve_vote(state: SealedState, actions: dict[str, dict]) -> tuple[SealedState, list[dict]]:
    """§3: the winners' votes name the EC among the tied worst
    (docs/spec/engine.md convention 4)."""
    assert state.end is not None
    votes = {p: actions[p]["ec"] for p in state.end["winners"]}
    ec = ec_rules.tally_ec(votes, state.end["ec_candidates"], state.config["gamewide_tiebreak"])
    end = {**state.end, "ec_votes": votes, "elimination_candidate": ec}
    events = [
        public(
            "game_over",
            elimination_candidate=ec,
            ec_votes=dict(votes),
            winners=list(end["winners"]),
        )
    ]
    return replace(state, phase="over", end=end), events
