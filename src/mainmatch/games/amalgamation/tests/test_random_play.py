"""Random play reaches every branch of the rules (amalgamation spec §3.3, engine spec convention 6)."""

from __future__ import annotations

import random
from collections import Counter

from mainmatch.engine import Match
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.random_play import SCRIPTS, match_style, script_totals

from .helpers import P

EXPECTED = {
    "six_tie": lambda t: len(set(t)) == 1,
    "five_winners": lambda t: t.count(max(t)) == 5,
    "four_winners": lambda t: t.count(max(t)) == 4,
    "tied_losers": lambda t: t.count(min(t)) >= 2 and t.count(max(t)) < 4,
}


def test_every_script_gives_the_totals_its_kind_promises():
    for kind, scripts in SCRIPTS.items():
        for script in scripts:
            for perm in script:
                assert sorted(perm) == list(range(6))
            totals = script_totals(script)
            assert sum(totals) == 276
            assert EXPECTED[kind](totals), (kind, script, totals)


def _features(seed: int) -> Counter:
    f: Counter = Counter()
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_config(P, rng))
    f["style " + match_style(m.state.setup)] += 1
    while m.pending:
        state = m.state
        actions = {p: GAME.random_action(state, p, rng) for p in m.pending}
        for p, a in actions.items():
            GAME.validate(state, p, a)
            if state.phase != "round":
                continue
            buy = a.get("buy_garnets", 0)
            spend = (
                a["kong"]["contribute"]
                + sum(map(abs, a["minus"]["bids"]))
                + a["invest"]["invest"]
                + a["invest"]["donate"]
                + a["thief"]["bet"]
            )
            f["spend zero"] += spend == 0
            f["all-in"] += spend > 0 and spend == state.balances[p] + buy * state.setup.rate
            f["buy garnets"] += buy > 0
            f["positive bid"] += any(b > 0 for b in a["minus"]["bids"])
            f["negative bid"] += any(b < 0 for b in a["minus"]["bids"])
            f["role " + a["thief"]["role"]] += 1
        if state.phase == "round":
            roles = Counter(a["thief"]["role"] for a in actions.values())
            f[
                "chips to "
                + (
                    "mafia"
                    if roles["mafia"] > roles["cartel"]
                    else "cartel"
                    if roles["cartel"] > roles["mafia"]
                    else "police"
                )
            ] += 1
            f["mafia = cartel = 0"] += roles["mafia"] == roles["cartel"] == 0
        for e in m.step(actions):
            t = e["type"]
            if t == "kong_round":
                if e["winner"] is None:
                    f[
                        "kong tie at 0"
                        if all(a["kong"]["contribute"] == 0 for a in actions.values())
                        else "kong tie > 0"
                    ] += 1
            elif t == "minus_round":
                f["penalty"] += bool(e["penalized"])
                f["minus tie"] += e["tiebreak_order"] != list(
                    state.minus.order
                )  # a tie winner moved
            elif t == "invest_round":
                f["no top investor"] += e["top_investor"] is None
                f["six misers"] += len(e["misers"]) == 6
            elif t == "thief_round":
                f["beggar chips"] += any(e["chips"][p] for p in P if e["roles"][p] == "beggar")
            elif t == "private_round":
                f["partial penalty"] += 0 < e["penalty"] < 20
            elif t == "final":
                n = len(e["winners"])
                f[
                    "1 winner"
                    if n == 1
                    else "2-3 winners"
                    if n <= 3
                    else "6 winners"
                    if n == 6
                    else "4-5 winners"
                ] += 1
                f["choose_ec" if e["ec_choosers"] else "one loser"] += 1
            elif t == "elimination_candidate":
                counts = Counter(e["votes"].values())
                f["tied votes"] += list(counts.values()).count(max(counts.values())) > 1
                f["self vote"] += any(k == v for k, v in e["votes"].items())
    points = m.result()["details"]["kong_points"]
    f[
        "kong 0-0"
        if points["red"] == points["white"] == 0
        else "kong equal > 0"
        if points["red"] == points["white"]
        else "kong more points"
    ] += 1
    return f


def test_random_play_reaches_every_branch():
    reached: Counter = Counter()
    for seed in range(200):
        reached.update({k: 1 for k, v in _features(seed).items() if v})
    wanted = [
        "style varied",
        "style crowd",
        "style scripted",
        "spend zero",
        "all-in",
        "buy garnets",
        "positive bid",
        "negative bid",
        "role mafia",
        "role cartel",
        "role police",
        "role beggar",
        "chips to mafia",
        "chips to cartel",
        "chips to police",
        "mafia = cartel = 0",
        "kong tie at 0",
        "kong tie > 0",
        "penalty",
        "minus tie",
        "no top investor",
        "six misers",
        "beggar chips",
        "partial penalty",
        "1 winner",
        "2-3 winners",
        "4-5 winners",
        "6 winners",
        "choose_ec",
        "one loser",
        "tied votes",
        "self vote",
        "kong 0-0",
        "kong equal > 0",
        "kong more points",
    ]
    missing = [k for k in wanted if reached[k] == 0]
    assert not missing, f"random play never reached {missing}"
    # the rare ends are not that rare
    assert reached["4-5 winners"] >= 10 and reached["6 winners"] >= 5 and reached["tied votes"] >= 5


def test_the_style_is_a_function_of_the_config():
    cfg = GAME.new_config(P, 11)
    a, b = GAME.initial_state(cfg), GAME.initial_state(dict(cfg))
    assert match_style(a.setup) == match_style(b.setup)
    styles = Counter(
        match_style(GAME.initial_state(GAME.new_config(P, s)).setup) for s in range(300)
    )
    assert set(styles) == {"varied", "crowd", "scripted"}


def test_random_and_default_actions_are_always_legal_even_when_broke():
    rng = random.Random(0)
    for seed in range(40):
        m = Match(GAME, GAME.random_config(P, rng))
        while m.pending:
            acts = {}
            for p in m.pending:
                for a in (
                    GAME.random_action(m.state, p, rng),
                    GAME.default_action(m.state, p, rng),
                ):
                    GAME.validate(m.state, p, a)
                    GAME.action_models[m.pending[p]["kind"]].model_validate(a, strict=True)
                # an all-in player keeps playing at $0
                acts[p] = a if rng.random() < 0.2 else GAME.random_action(m.state, p, rng)
            m.step(acts)
