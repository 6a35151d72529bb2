"""A season of several episodes mixing the three ways results arrive.

Episode 1 is hosted from the season (bots play it on the server), episode 2
is an imported record of a match played elsewhere with mainmatch, episode 3
is typed in by hand; each is followed by its Death Match, and players give,
trade and use Tokens of Life in between. At the end every player's garnets
and Tokens of Life are exactly what the ledger's entries say, and the totals
are conserved (SQLite file and PostgreSQL).
"""

from __future__ import annotations

import random

from mainmatch import games
from mainmatch.engine import play_random, replay
from mainmatch.engine.record import new_record
from mainmatch.host.season_service import SeasonService
from mainmatch.season.models import Adjust, DeathMatch, MainMatch, TokenUsed, Transfer

CAST = ["ana", "ben", "cal", "dee", "eve", "fay", "gus", "hal"]


def expected(svc: SeasonService) -> tuple[dict[str, int], dict[str, int]]:
    """Garnets and Tokens of Life recomputed from the entries in force, by hand."""
    season = svc.get("s1")
    undone = season.standings.undone
    garnets = dict.fromkeys(CAST, 2)
    tokens = dict.fromkeys(CAST, 0)
    alive = set(CAST)
    for e in season.entries:
        b = e.body
        if e.number in undone or b.kind == "undo":
            continue
        if isinstance(b, MainMatch):
            for p in b.players:
                garnets[p] += b.garnets.get(p, 0) - b.garnets_spent.get(p, 0)
                tokens[p] += b.tokens_of_life.get(p, 0)
        elif isinstance(b, DeathMatch):
            if tokens[b.loser]:
                tokens[b.loser] -= 1
            else:
                alive.discard(b.loser)
        elif isinstance(b, TokenUsed):
            tokens[b.player] -= b.count
        elif isinstance(b, Transfer):
            garnets[b.giver] += b.in_return_garnets - b.garnets
            garnets[b.receiver] -= b.in_return_garnets - b.garnets
            tokens[b.giver] += b.in_return_tokens_of_life - b.tokens_of_life
            tokens[b.receiver] -= b.in_return_tokens_of_life - b.tokens_of_life
        elif isinstance(b, Adjust):
            garnets[b.player] += b.garnets
            tokens[b.player] += b.tokens_of_life
    assert set(season.standings.alive) == alive
    return garnets, tokens


def check(svc: SeasonService) -> None:
    st = svc.get("s1").standings
    garnets, tokens = expected(svc)
    assert {p: s.garnets for p, s in st.players.items()} == garnets
    assert {p: s.tokens_of_life for p, s in st.players.items()} == tokens
    assert all(n >= 0 for n in [*garnets.values(), *tokens.values()])


def death_match(svc: SeasonService, ec: str) -> None:
    alive = svc.get("s1").standings.alive
    opponent = next(p for p in alive if p != ec)
    svc.append(
        "s1", {"kind": "death_match", "ec": ec, "opponent": opponent, "winner": opponent},
        author="host",
    )  # fmt: skip


def test_hosted_imported_and_typed_episodes_add_up(seasons):
    svc = seasons
    svc.create("s1", CAST, starting_garnets=2)
    # episode 1: hosted, The Amalgamation among six of the eight (bots play)
    six = CAST[:6]
    made = svc.new_match("s1", "amalgamation", six, bots={p: "strategy" for p in six}, seed=5)
    season = svc.get("s1")
    ep1 = season.entries[-1].body
    assert isinstance(ep1, MainMatch) and ep1.source == "hosted" and ep1.match == made.match_id
    assert replay(svc.host.record(made.match_id)).result()["garnets"] == ep1.garnets
    check(svc)
    ec1 = ep1.elimination_candidate
    assert ec1 is not None
    death_match(svc, ec1)
    svc.append("s1", {"kind": "adjust", "player": "gus", "tokens_of_life": 1}, author="h")
    check(svc)

    # episode 2: a record of Homeostasis played elsewhere, started from the ledger's holdings
    st = svc.get("s1").standings
    five = st.alive[:5]
    game = games.get("homeostasis")
    config = game.new_config(five, 8, garnets={p: st.players[p].garnets for p in five})
    match = play_random(game, config, random.Random(8))
    rec = {**new_record("homeostasis", config), "steps": match.record()["steps"]}
    svc.add_record("s1", rec, author="host", reason="played on another server")
    check(svc)
    ec2 = svc.get("s1").entries[-1].body.elimination_candidate
    death_match(svc, ec2 or five[0])
    st = svc.get("s1").standings
    rich = max(st.alive, key=lambda p: st.players[p].garnets)
    poor = next(p for p in st.alive if p != rich)
    svc.append(
        "s1",
        {"kind": "transfer", "giver": rich, "receiver": poor, "garnets": 1,
         "in_return_tokens_of_life": min(1, st.players[poor].tokens_of_life)},
        author="h",
    )  # fmt: skip
    check(svc)

    # episode 3: typed in
    alive = svc.get("s1").standings.alive
    svc.append(
        "s1",
        {"kind": "main_match", "players": alive, "garnets": {alive[0]: 3},
         "garnets_spent": {alive[1]: 1}, "tokens_of_life": {alive[0]: 2},
         "elimination_candidate": alive[-1], "winners": [alive[0]]},
        author="host", reason="played live on Discord",
    )  # fmt: skip
    svc.append("s1", {"kind": "token_used", "player": alive[0]}, author="h")
    death_match(svc, alive[-1])
    check(svc)
    svc.undo("s1", author="h", reason="wrong winner")
    check(svc)
    st = svc.get("s1").standings
    assert st.episode == 3
    assert sum(s.main_matches for s in st.players.values()) == 6 + 5 + len(alive)
