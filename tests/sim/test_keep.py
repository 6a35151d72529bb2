"""--keep rules choose which records --save-records writes."""

from __future__ import annotations

import pytest

from mainmatch.engine.errors import MainmatchError
from mainmatch.sim.keep import parse_keep, parse_rule, wanted


def test_rules() -> None:
    assert parse_rule("first:2").wants(1, None, 0) and not parse_rule("first:2").wants(2, None, 0)
    assert parse_rule("end:over_200").wants(50, "over_200", 0) and not parse_rule(
        "end:over_200"
    ).wants(0, "complete", 0)
    assert parse_rule("faults").wants(9, None, 1) and not parse_rule("faults").wants(9, None, 0)
    assert parse_rule("match:3,17").wants(17, None, 0) and not parse_rule("match:3,17").wants(
        4, None, 0
    )
    assert parse_rule("all").wants(10**6, None, 0)


def test_any_rule_keeps_a_match() -> None:
    rules = parse_keep(["first:1", "end:streak"])
    assert (
        wanted(rules, 0, "rounds", 0)
        and wanted(rules, 99, "streak", 0)
        and not wanted(rules, 99, "rounds", 0)
    )
    assert not wanted((), 0, "streak", 1)


@pytest.mark.parametrize(
    "text", ["first", "first:-1", "end:", "match:", "match:a", "premature", "all:3", "faults:x"]
)
def test_bad_rules_are_rejected_with_the_legal_forms(text: str) -> None:
    with pytest.raises(MainmatchError) as err:
        parse_rule(text)
    assert text in str(err.value)
