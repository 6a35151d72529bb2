"""The MVP's strategy bot against issue 24's checks, at a size a test can
afford (the full figures: docs/decisions/bots.md "The MVP's and Second to Won's strategy bots"):
its amounts follow a ``chips`` variant, its ``strategist`` family plays it
exactly at the defaults, and the deviation the issue found (a chaser that
bids 5 chips on up to 6 cards) no longer pays."""

from __future__ import annotations

from mainmatch.bots.families import get_family
from mainmatch.games.mvp.bots.strategy import MvpStrategyBot
from mainmatch.sim import simulate
from mainmatch.sim.plan import make_plan
from mainmatch.sim.play import play_match


def _actions(bots: str | list[str], matches: int, **options) -> list[list[dict]]:
    """Every step's actions of ``matches`` seeded matches (seats rotating)."""
    plan = make_plan("mvp", bots, matches, seed=5, **options)
    return [[step["actions"] for step in play_match(plan, i)[1]["steps"]] for i in range(matches)]


def _round_one_bids(actions: list[list[dict]]) -> list[int]:
    return [
        amount
        for match in actions
        for a in match[0].values()
        for amount in a.get("bids", {}).values()
    ]


def test_a_chips_variant_changes_the_strategy_tables_decisions() -> None:
    official = _actions("strategy", 4)
    assert _actions("strategy", 4, variant={"chips": 60}) != official
    assert _actions("strategy", 4, variant={"chips": 30}) == official  # the official value
    # amounts follow the chips dealt: ten times the chips, about ten times the bids
    rich = _round_one_bids(_actions("strategy", 4, variant={"chips": 300}))
    plain = _round_one_bids(official)
    assert rich and plain and min(rich) >= 10 > max(plain)


def test_a_table_with_one_chip_each_still_plays_rather_than_stalling() -> None:
    # a chip is never priced below one bid's worth: round 1 is no stalemate
    first = _actions("strategy", 3, variant={"chips": 1})
    assert all(any(a.get("bids") for a in match[0].values()) for match in first)


def test_the_strategist_family_at_its_defaults_is_the_strategy_bot() -> None:
    family = get_family("mvp", "strategist")
    for p in family.params:
        assert p.low <= p.default <= p.high
        assert p.default == getattr(MvpStrategyBot, p.name), p.name
    assert _actions("strategist", 3) == _actions("strategy", 3)


def test_the_strategist_knobs_change_decisions() -> None:
    tuned = {"timid": ("strategist", {"early_share": 0.1, "contest_weight": 0.5})}
    assert _actions("timid", 3, tuned=tuned) != _actions("strategy", 3)


def test_the_five_chip_chaser_on_six_cards_does_worse_than_the_strategy_bot() -> None:
    # issue 24: this deviation gained 20 points of (ToL - EC) over the old bot
    tuned = {"grab": ("chaser", {"per_bid": 5, "cards": 6})}
    sim = simulate(
        "mvp", ["grab"] + ["strategy"] * 5, 240, seed=24, workers=1, time_limit=None, tuned=tuned
    )
    rows = {r["bot"]: r for r in sim.report["bots"]}

    def gain(bot: str) -> float:
        return rows[bot]["tol_rate"]["value"] - rows[bot]["ec_rate"]["value"]

    assert gain("grab") < gain("strategy") - 0.1, (gain("grab"), gain("strategy"))


def test_the_strategist_plays_without_faults_at_the_ends_of_its_ranges() -> None:
    family = get_family("mvp", "strategist")
    ends = {
        f"end{i}": ("strategist", {p.name: (p.high if i else p.low) for p in family.params})
        for i in (0, 1)
    }
    sim = simulate("mvp", ["end0", "end1", "strategy"], 6, seed=2, workers=1, tuned=ends)
    for row in sim.report["bots"]:
        assert row["decisions"] > 0 and row["faults"] == {"raised": 0, "timeout": 0, "illegal": 0}
