"""Hypothesis: garnets and Tokens of Life are conserved by the ledger.

Random sequences of entries (legal or not) are appended the way the service
does: a refused entry changes nothing. After every accepted entry the totals
equal the start plus what Main Matches award and spend, Tokens used, Death
Match saves and host adjustments; transfers move holdings, never create
them; nobody holds a negative amount; undo restores the standings exactly.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.season.ledger import SeasonError, check_append, standings
from mainmatch.season.models import (
    Adjust,
    CastMember,
    DeathMatch,
    Entry,
    MainMatch,
    SeasonSettings,
    TokenUsed,
    Transfer,
    Undo,
)

CAST = ["a", "b", "c", "d", "e"]
player = st.sampled_from(CAST)
small = st.integers(0, 4)


@st.composite
def main_match(draw):
    players = draw(st.lists(player, min_size=2, max_size=5, unique=True))
    amounts = st.dictionaries(st.sampled_from(players), small, max_size=3)
    return MainMatch(
        players=players,
        garnets=draw(amounts),
        garnets_spent=draw(amounts),
        tokens_of_life=draw(amounts),
        elimination_candidate=draw(st.sampled_from(players)),
    )


@st.composite
def death_match(draw):
    ec, opp = draw(st.lists(player, min_size=2, max_size=2, unique=True))
    return DeathMatch(ec=ec, opponent=opp, winner=draw(st.sampled_from([ec, opp])))


@st.composite
def transfer(draw):
    g, r = draw(st.lists(player, min_size=2, max_size=2, unique=True))
    amounts = [draw(small) for _ in range(4)]
    if not any(amounts):
        amounts[0] = 1
    return Transfer(
        giver=g,
        receiver=r,
        garnets=amounts[0],
        tokens_of_life=amounts[1],
        in_return_garnets=amounts[2],
        in_return_tokens_of_life=amounts[3],
    )


@st.composite
def adjust(draw):
    g, k = draw(st.integers(-3, 3)), draw(st.integers(-2, 2))
    status = draw(st.sampled_from([None, None, "eliminated", "alive"]))
    if not (g or k or status):
        g = 1
    return Adjust(player=draw(player), garnets=g, tokens_of_life=k, status=status)


body = st.one_of(
    main_match(),
    death_match(),
    transfer(),
    adjust(),
    st.builds(TokenUsed, player=player, count=st.integers(1, 2)),
    st.just("undo"),
)


def totals(s) -> tuple[int, int]:
    return sum(p.garnets for p in s.players.values()), sum(
        p.tokens_of_life for p in s.players.values()
    )


def expected_move(body, before, after) -> tuple[int, int]:
    """What the rules say an entry does to the garnet and ToL totals."""
    if isinstance(body, MainMatch):
        return sum(body.garnets.values()) - sum(body.garnets_spent.values()), sum(
            body.tokens_of_life.values()
        )
    if isinstance(body, Adjust):
        return body.garnets, body.tokens_of_life
    if isinstance(body, TokenUsed):
        return 0, -body.count
    if isinstance(body, DeathMatch):
        saved = after.players[body.loser].saved_by_token - before.players[body.loser].saved_by_token
        return 0, -saved
    return 0, 0  # transfers


@settings(max_examples=150, deadline=None)
@given(bodies=st.lists(body, max_size=25), start=st.integers(0, 3))
def test_garnets_and_tokens_of_life_are_conserved(bodies, start):
    season = SeasonSettings(name="p", cast=[CastMember(id=p) for p in CAST], starting_garnets=start)
    entries: list[Entry] = []
    now = standings(season, entries)
    history = [now]  # standings after each entry in force, for undo
    for b in bodies:
        if b == "undo":
            if not now.in_force:
                continue
            b = Undo(target=now.in_force[-1])
        entry = Entry(number=len(entries) + 1, at=0.0, author="h", body=b)
        try:
            after = check_append(season, entries, entry)
        except SeasonError:
            assert standings(season, entries).to_json() == now.to_json()  # nothing changed
            continue
        entries.append(entry)
        if isinstance(b, Undo):
            history.pop()
            assert after.to_json() == history[-1].to_json()  # exactly as before it
        else:
            dg, dk = expected_move(b, now, after)
            assert totals(after) == (totals(now)[0] + dg, totals(now)[1] + dk)
            history.append(after)
        for p in after.players.values():
            assert p.garnets >= 0 and p.tokens_of_life >= 0
        now = after
    # the fold of the whole ledger is the step-by-step result
    assert standings(season, entries).to_json() == now.to_json()
