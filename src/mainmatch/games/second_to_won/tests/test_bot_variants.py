"""Second to Won's strategy bot reads the rules it plays under (issue 24):
each variant key (``limit``, ``chips``) changes an all-strategy table's
decisions, the official value changes nothing, and bids follow the chips
dealt. Figures of the equilibrium checks: docs/decisions/bots.md "The MVP's
and Second to Won's strategy bots"."""

from __future__ import annotations

from mainmatch.games.second_to_won.bots.strategy import price
from mainmatch.sim.plan import make_plan
from mainmatch.sim.play import play_match


def _actions(matches: int, **options) -> list[list[dict]]:
    """Every step's actions of ``matches`` seeded all-strategy matches (plain configs:
    the full 8-auction catalogue)."""
    plan = make_plan("second_to_won", "strategy", matches, seed=7, configs="plain", **options)
    return [[step["actions"] for step in play_match(plan, i)[1]["steps"]] for i in range(matches)]


def _chips_bid(actions: list[list[dict]]) -> int:
    return sum(
        bid["chips"]
        for match in actions
        for step in match
        for a in step.values()
        for bid in a["bids"].values()
    )


def test_each_variant_key_changes_the_strategy_tables_decisions() -> None:
    official = _actions(3)
    assert _actions(3, variant={"limit": 200, "chips": 40}) == official
    assert _actions(3, variant={"limit": 120}) != official
    assert _actions(3, variant={"limit": 400}) != official
    assert _actions(3, variant={"chips": 80}) != official
    assert _actions(3, variant={"chips": 20}) != official


def test_bids_follow_the_chips_dealt() -> None:
    assert price(1, 8) == 8 and price(8, 8) == 3  # the spec's 40 chips
    assert price(1, 8, 400) == 80 and price(8, 8, 4) == 1
    # ten times the chips: bids far above what 40 chips allow in the first auction
    rich = _actions(2, variant={"chips": 400})
    assert max(b["chips"] for a in rich[0][0].values() for b in a["bids"].values()) > 40
    assert _chips_bid(rich) > 5 * _chips_bid(_actions(2))
