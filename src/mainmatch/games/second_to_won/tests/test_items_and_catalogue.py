"""Items (§2.1), seed-style wording, the default catalogue (§2.2) and host catalogues."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from mainmatch.engine import InvalidConfig
from mainmatch.games.second_to_won import (
    GAME,
    load_catalogue,
)
from mainmatch.games.second_to_won.catalogue import SEED_LISTING, default_catalogue, seed_listing
from mainmatch.games.second_to_won.items import (
    CompiledEffect,
    compile_item,
    has_choice,
    is_decimal,
    item_fault,
    show_auction,
    show_item,
)
from mainmatch.games.second_to_won.models import Item, SecondToWonConfig
from mainmatch.games.second_to_won.wording import WordingError, item_text, parse_item_text

from .helpers import P, filler, you


@pytest.mark.parametrize(
    "text, ok",
    [
        ("1.5", True),
        ("2", True),
        ("0.25", True),
        ("1.50", True),
        ("0", True),
        ("1.5 ", False),
        ("1.5\n", False),
        (".5", False),
        ("1e2", False),
        ("-1", False),
        ("1.", False),
        ("١.٥", False),
        ("", False),
        (1.5, False),
        (None, False),
    ],
)
def test_multiply_is_a_plain_decimal_string(text, ok):
    assert is_decimal(text) is ok


@pytest.mark.parametrize(
    "item, fault",
    [
        ("+15 points to YOU", "must be an object like"),
        ({"effects": []}, '"effects" must be a non-empty list of effects, not an empty list'),
        ({}, 'missing "effects"'),
        ({"effects": [{"target": "you", "add": 1}], "price": 3}, "unknown key 'price'"),
        ({"effects": [{"target": "you", "add": 1}], "text": 5}, '"text" must be a string'),
        ({"effects": [5]}, "effect 1: must be an object"),
        ({"effects": [{"add": 1}]}, 'effect 1: missing "target"'),
        (
            {"effects": [{"target": "me", "add": 1}]},
            'effect 1: target must be "you", "choice" or "others", not \'me\'',
        ),
        (
            {"effects": [{"target": "you"}]},
            "effect 1: needs at least one of add, multiply, garnets, info",
        ),
        ({"effects": [{"target": "you", "add": 1, "bonus": 2}]}, "effect 1: unknown key 'bonus'"),
        (
            {"effects": [{"target": "you", "add": 1.5}]},
            "effect 1: add must be a whole number of points, not 1.5",
        ),
        (
            {"effects": [{"target": "you", "add": True}]},
            "effect 1: add must be a whole number of points, not true",
        ),
        (
            {"effects": [{"target": "you", "add": 1}, {"target": "you", "multiply": 1.5}]},
            'effect 2: multiply must be a decimal string like "1.5", not a number with a fraction',
        ),
        (
            {"effects": [{"target": "you", "multiply": "1.5 "}]},
            "effect 1: multiply '1.5 ' is not a decimal like \"1.5\"",
        ),
        (
            {"effects": [{"target": "you", "garnets": 0}]},
            "effect 1: garnets must be a whole number >= 1, not 0",
        ),
        (
            {"effects": [{"target": "you", "info": 1}]},
            "effect 1: info must name a later auction (3..4), not 1",
        ),
        (
            {"effects": [{"target": "you", "info": 2}]},
            "effect 1: info must name a later auction (3..4), not 2",
        ),
        (
            {"effects": [{"target": "you", "info": 5}]},
            "effect 1: info must name a later auction (3..4), not 5",
        ),
        (
            {"effects": [{"target": "you", "info": 3.0}]},
            "effect 1: info must name a later auction (3..4), not 3.0",
        ),
    ],
)
def test_item_faults(item, fault):
    # an item of auction 2 in a catalogue of 4
    got = item_fault(item, 2, 4)
    assert got is not None and got.startswith(fault), got


def test_info_in_the_last_auction_is_a_fault():
    assert (
        item_fault({"effects": [{"target": "you", "info": 4}]}, 4, 4)
        == "effect 1: info must name a later auction, but auction 4 is the last"
    )
    assert item_fault({"effects": [{"target": "you", "info": 4}]}, 3, 4) is None


def test_good_items_have_no_fault_and_match_the_pydantic_model():
    good = [
        {
            "text": "+40 points & 2 Garnets to YOU",
            "effects": [{"target": "you", "add": 40, "garnets": 2}],
        },
        {"effects": [{"target": "choice", "add": -10}]},
        {"effects": [{"target": "you", "multiply": "0.25"}, {"target": "others", "add": 5}]},
        {"effects": [{"target": "you", "add": 0, "info": 3}], "text": ""},
    ]
    for it in good:
        assert item_fault(it, 2, 4) is None
        Item.model_validate(it, strict=True)


def test_compiled_effects_are_exact():
    (e,) = compile_item({"effects": [{"target": "choice", "multiply": "1.50"}]})
    assert e == CompiledEffect(
        target="choice", add=0, multiply=Fraction(3, 2), garnets=0, info=None
    )
    assert has_choice({"effects": [{"target": "you", "add": 1}, {"target": "choice", "add": 1}]})
    assert not has_choice({"effects": [{"target": "others", "add": 1}]})


def test_items_are_shown_as_given_with_their_letter():
    it = {"text": "x1.50 points to YOU", "effects": [{"target": "you", "multiply": "1.50"}]}
    shown = show_item("C", it)
    assert shown == {
        "letter": "C",
        "text": "x1.50 points to YOU",
        "effects": [{"target": "you", "multiply": "1.50"}],
    }
    assert list(shown) == ["letter", "text", "effects"]
    shown["effects"][0]["multiply"] = "9"  # a copy: the config is untouched
    assert it["effects"][0]["multiply"] == "1.50"
    assert show_auction([you(1)] * 6)[5] == {
        "letter": "F",
        "effects": [{"target": "you", "add": 1}],
    }


# ---------------------------------------------------------------- wording


@pytest.mark.parametrize(
    "text, effects",
    [
        ("+15 points to YOU", [{"target": "you", "add": 15}]),
        ("x1.5 points to YOU", [{"target": "you", "multiply": "1.5"}]),
        ("+25 points to CHOICE", [{"target": "choice", "add": 25}]),
        ("+10 points to OTHERS", [{"target": "others", "add": 10}]),
        ("+40 points & 2 Garnets to YOU", [{"target": "you", "add": 40, "garnets": 2}]),
        ("+10 points & Information on Auction 5 to YOU", [{"target": "you", "add": 10, "info": 5}]),
        ("Information on Auction 3 to YOU", [{"target": "you", "info": 3}]),
        ("-10 points to CHOICE", [{"target": "choice", "add": -10}]),
        ("+1 point to OTHERS", [{"target": "others", "add": 1}]),
        (
            "x0.5 points to CHOICE; +5 points to OTHERS",
            [{"target": "choice", "multiply": "0.5"}, {"target": "others", "add": 5}],
        ),
        ("1 Garnet to you", [{"target": "you", "garnets": 1}]),
    ],
)
def test_seed_wording_both_ways(text, effects):
    assert parse_item_text(text) == effects
    assert parse_item_text(item_text(effects)) == effects


@pytest.mark.parametrize(
    "text, fault",
    [
        ("+15 points", "cannot read '+15 points'"),
        ("+15 points to ME", "cannot read '+15 points to ME'"),
        ("15 bananas to YOU", "cannot read '15 bananas'"),
        ("+1 points & +2 points to YOU", "gives add twice"),
    ],
)
def test_unreadable_wording(text, fault):
    with pytest.raises(WordingError, match=re.escape(fault)):
        parse_item_text(text)


# ---------------------------------------------------------------- default catalogue


def test_default_catalogue_follows_the_slots_of_section_2_2():
    for seed in range(60):
        n = 1 + seed % 8
        cat = default_catalogue(seed, n)
        assert len(cat) == n and cat[0] == seed_listing()
        for k, auction in enumerate(cat[1:], 2):
            assert len(auction) == 6
            effects = [it["effects"] for it in auction]
            assert all(len(e) == 1 for e in effects)
            for it in auction:
                assert (
                    parse_item_text(it["text"]) == it["effects"]
                )  # the text says what the item does
            fx = [e[0] for e in effects]
            you_add = sorted(
                e["add"] for e in fx if e["target"] == "you" and set(e) == {"target", "add"}
            )
            assert len(you_add) == 2
            assert (
                you_add[0] in (5, 10, 15)
                and you_add[1] in (10, 15, 20)
                or you_add[1] in (5, 10, 15)
                and you_add[0] in (10, 15, 20)
            )
            assert (
                sum(
                    1
                    for e in fx
                    if e["target"] == "you"
                    and "multiply" in e
                    and e["multiply"] in ("0.5", "0.8", "1.2", "1.5")
                )
                == 1
            )
            (choice,) = [e for e in fx if e["target"] == "choice"]
            assert choice.get("add") in (-10, 10, 15) or choice.get("multiply") in ("0.5", "1.5")
            (others,) = [e for e in fx if e["target"] == "others"]
            assert others["add"] in (1, 2, 3)
            (sixth,) = [e for e in fx if "info" in e or "garnets" in e]
            if "info" in sixth:
                assert k < n and k < sixth["info"] <= n and sixth.get("add", 5) in (5, 10)
            else:
                assert sixth["add"] in (5, 10, 15) and sixth["garnets"] in (1, 2, 3)
    assert default_catalogue(3, 8) == default_catalogue(3, 8)
    assert default_catalogue(3, 8) != default_catalogue(4, 8)
    assert [it["text"] for it in SEED_LISTING][5] == "+40 points & 2 Garnets to YOU"


def test_the_items_of_a_default_auction_are_shuffled():
    positions = set()
    for seed in range(40):
        auction = default_catalogue(seed, 2)[1]
        positions.add(
            next(i for i, it in enumerate(auction) if it["effects"][0]["target"] == "others")
        )
    assert positions == set(range(6))


# ---------------------------------------------------------------- host catalogues


def _host_catalogue() -> list:
    return [
        [
            "+15 points to YOU",
            "+25 points to YOU",
            "x1.5 points to YOU",
            "+25 points to CHOICE",
            "+10 points to OTHERS",
            {"text": "+40 points & 2 Garnets to YOU"},
        ],
        [{"effects": [{"target": "you", "add": 5, "info": 3}]}, *filler(5)],
        filler(),
    ]


def test_load_catalogue_reads_objects_strings_and_text_only_items():
    cat = load_catalogue(_host_catalogue())
    assert cat[0] == seed_listing()
    assert cat[1][0] == {"effects": [{"target": "you", "add": 5, "info": 3}]}
    assert load_catalogue({"auctions": _host_catalogue()}) == cat
    assert load_catalogue(cat) == cat
    cfg = GAME.new_config(P, 1, auctions=_host_catalogue())
    assert cfg["auctions"] == cat
    assert GAME.check_config(cfg) is cfg
    SecondToWonConfig.model_validate(cfg, strict=True)


def test_load_catalogue_does_not_share_the_hosts_objects():
    raw = [[you(1) for _ in range(6)]]
    cat = load_catalogue(raw)
    cat[0][0]["effects"][0]["add"] = 99
    assert raw[0][0]["effects"][0]["add"] == 1


def test_a_bad_catalogue_names_the_auction_the_item_and_the_fault():
    bad = _host_catalogue()
    bad[2][4] = {"effects": [{"target": "you", "multiply": "1.5 "}]}
    with pytest.raises(InvalidConfig) as exc:
        GAME.new_config(P, 1, auctions=bad)
    assert (
        str(exc.value)
        == "auctions[2][4] (auction 3, item E): effect 1: multiply '1.5 ' is not a decimal like \"1.5\""
    )
    with pytest.raises(InvalidConfig) as exc:
        load_catalogue(bad)
    assert "auctions[2][4] (auction 3, item E)" in str(exc.value)
    cfg = GAME.new_config(P, 1)
    cfg["auctions"][2][4] = {"effects": [{"target": "you", "multiply": "1.5 "}]}
    with pytest.raises(InvalidConfig) as exc:
        GAME.check_config(cfg)
    assert (
        str(exc.value)
        == "config.auctions[2][4] (auction 3, item E): effect 1: multiply '1.5 ' is not a decimal like \"1.5\""
    )


@pytest.mark.parametrize(
    "catalogue, message",
    [
        ("items.json", "auctions: must be a list of 1 to 8 auctions, not a string"),
        ([], "auctions: must list 1 to 8 auctions, not 0"),
        ([filler()] * 9, "auctions: must list 1 to 8 auctions, not 9"),
        ([filler(), filler(5)], "auctions[1] (auction 2): must list exactly 6 items (A-F), not 5"),
        (
            [filler(), {"A": 1}],
            "auctions[1] (auction 2): must be a list of 6 items (A-F), not an object",
        ),
        (
            [["+15 points to ME", *filler(5)]],
            "auctions[0][0] (auction 1, item A): cannot read '+15 points to ME'",
        ),
        (
            [[*filler(5), "Information on Auction 2 to YOU"]],
            "auctions[0][5] (auction 1, item F): effect 1: info must name a later auction, but auction 1 is the last",
        ),
        (
            {"auctions": [filler()], "name": "x"},
            'a catalogue is a list of auctions, or an object {"auctions": [...]} and nothing else',
        ),
    ],
)
def test_bad_catalogues(catalogue, message):
    with pytest.raises(InvalidConfig) as exc:
        load_catalogue(catalogue)
    assert str(exc.value).startswith(message), str(exc.value)


def test_random_host_inputs_vary_as_section_3_2_suggests():
    rng = random.Random(1)
    seen = {"shuffled": 0, "garnets": 0, "short": 0}
    for _ in range(600):
        cfg = GAME.random_config(P, rng)
        seen["shuffled"] += cfg["gamewide_tiebreak"] != P
        seen["garnets"] += any(cfg["garnets"].values())
        seen["short"] += len(cfg["auctions"]) < 8
    assert 250 < seen["shuffled"] < 350 and 100 < seen["garnets"] < 200 and 60 < seen["short"] < 150


def test_the_catalogue_schema_accepts_objects_and_seed_wording():
    from mainmatch.games.second_to_won import catalogue_schema
    from mainmatch.games.second_to_won.models import Catalogue

    schema = catalogue_schema()
    assert schema["properties"]["auctions"]["maxItems"] == 8
    Catalogue.model_validate({"auctions": _host_catalogue()}, strict=True)
