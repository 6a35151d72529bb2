"""The covering pattern and the exposure rules (mvp spec §2.2, §2.3, D1, D9):
every statement of the seed about what becomes exposed when."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.games.mvp.pattern import (
    CLAIMED,
    COVERED_BY,
    COVERS,
    EXPOSED,
    FULL,
    HIDDEN,
    LETTERS,
    NEARLY_EXPOSED,
    ROWS,
    STAGES,
    exposure,
    newly_exposed,
    newly_revealed,
)


def statuses(removed: str = "") -> dict[str, str]:
    return exposure(FULL - set(removed)).status


def with_status(status: str, removed: str = "") -> str:
    return "".join(x for x, s in statuses(removed).items() if s == status)


# ---------------------------------------------------------------- the geometry (§2.2)


def test_rows_are_a_4_5_6_5_4_hexagon_lettered_a_to_x():
    assert [len(r) for r in ROWS] == [4, 5, 6, 5, 4]
    assert "".join(ROWS) == "".join(LETTERS) == "ABCDEFGHIJKLMNOPQRSTUVWX"


def test_covering_table_of_the_spec():
    table = {
        "A": "EF",
        "B": "FG",
        "C": "GH",
        "D": "HI",
        "E": "JK",
        "F": "KL",
        "G": "LM",
        "H": "MN",
        "I": "NO",
        "J": "P",
        "K": "PQ",
        "L": "QR",
        "M": "RS",
        "N": "ST",
        "O": "T",
        "P": "U",
        "Q": "UV",
        "R": "VW",
        "S": "WX",
        "T": "X",
        "U": "",
        "V": "",
        "W": "",
        "X": "",
    }
    assert {x: "".join(c) for x, c in COVERED_BY.items()} == table


def test_the_equivalent_covers_list_of_the_spec():
    # §2.2 "(Equivalently: U covers P,Q; V covers Q,R; ...)"
    covers = {
        "U": "PQ",
        "V": "QR",
        "W": "RS",
        "X": "ST",
        "P": "JK",
        "Q": "KL",
        "R": "LM",
        "S": "MN",
        "T": "NO",
        "J": "E",
        "K": "EF",
        "L": "FG",
        "M": "GH",
        "N": "HI",
        "O": "I",
        "E": "A",
        "F": "AB",
        "G": "BC",
        "H": "CD",
        "I": "D",
    }
    assert {x: "".join(c) for x, c in COVERS.items() if c} == covers
    assert all(not COVERS[x] for x in "ABCD")


def test_lower_cards_cover_higher_cards():
    # seed: "lower cards cover higher cards": every coverer lies in the next row down
    row_of = {x: i for i, row in enumerate(ROWS) for x in row}
    for x, coverers in COVERED_BY.items():
        assert all(row_of[c] == row_of[x] + 1 for c in coverers)


def test_the_pattern_is_left_right_symmetric():
    mirror = {x: row[len(row) - 1 - i] for row in ROWS for i, x in enumerate(row)}
    for x, coverers in COVERED_BY.items():
        assert sorted(mirror[c] for c in coverers) == sorted(COVERED_BY[mirror[x]])


# ---------------------------------------------------------------- the seed's statements (§2.3)


def test_at_the_start_u_to_x_exposed_p_to_t_nearly_exposed_others_unexposed():
    # seed: "At the beginning of the game, cards U, V, W, X are exposed. Cards P, Q, R, S, T
    # are nearly exposed. The other cards are unexposed."
    assert with_status(EXPOSED) == "UVWX"
    assert with_status(NEARLY_EXPOSED) == "PQRST"
    assert with_status(HIDDEN) == "ABCDEFGHIJKLMNO"


def test_cards_p_to_x_are_revealed_at_the_start():
    # seed: "Cards P-X will be revealed at the beginning of the game."
    assert "".join(exposure().revealed) == "PQRSTUVWX"


def test_exposed_means_uncovered_at_the_bottom():
    # seed: "A card is exposed if it is uncovered, at the bottom of the pattern."
    assert {x for x, c in COVERED_BY.items() if not c} == set("UVWX") == set(exposure().exposed)


def test_removing_u_exposes_p_and_makes_j_nearly_exposed_and_revealed():
    # seed: "If card U is removed from the pattern, card P becomes exposed and card J becomes
    # nearly exposed; as such, card J will be revealed."
    s = statuses("U")
    assert s["P"] == EXPOSED
    assert s["J"] == NEARLY_EXPOSED
    assert s["K"] == HIDDEN  # D1: K is covered by P and Q, Q still covered by V
    assert newly_exposed(FULL, FULL - {"U"}) == ("P",)
    assert newly_revealed(FULL, FULL - {"U"}) == ("J",)


def test_removing_w_by_itself_exposes_nothing():
    # seed: "removing card W by itself does not cause any card to be exposed"
    assert newly_exposed(FULL, FULL - {"W"}) == ()
    assert newly_revealed(FULL, FULL - {"W"}) == ()
    assert with_status(EXPOSED, "W") == "UVX"
    assert with_status(NEARLY_EXPOSED, "W") == "PQRST"


def test_removing_w_first_lets_future_removals_expose_more():
    # seed: "... although future removals may expose more cards"
    after_w = FULL - {"W"}
    assert newly_exposed(after_w, after_w - {"V"}) == ("R",)
    assert newly_exposed(after_w, after_w - {"X"}) == ("S", "T")
    assert newly_exposed(after_w, after_w - {"V", "X"}) == ("R", "S", "T")


def test_nearly_exposed_means_exposed_once_the_exposed_cards_are_removed():
    # seed: "A card is nearly exposed if, after removing all currently exposed cards, the card
    # becomes exposed." (checked on the start and in the property below)
    e = exposure()
    after = exposure(FULL - set(e.exposed))
    assert set(e.nearly_exposed) == set(after.exposed)


def test_removing_the_whole_bottom_row_exposes_p_to_t_and_nearly_exposes_j_to_o():
    # as in S8: with U-X gone, P-T are all newly exposed, J-O nearly exposed
    assert newly_exposed(FULL, FULL - set("UVWX")) == tuple("PQRST")
    assert with_status(NEARLY_EXPOSED, "UVWX") == "JKLMNO"
    assert newly_revealed(FULL, FULL - set("UVWX")) == tuple("JKLMNO")


def test_the_row_by_row_pipeline_of_x9():
    removed = ""
    for row, nxt, after_next in (
        ("UVWX", "PQRST", "JKLMNO"),
        ("PQRST", "JKLMNO", "EFGHI"),
        ("JKLMNO", "EFGHI", "ABCD"),
        ("EFGHI", "ABCD", ""),
    ):
        before = FULL - set(removed)
        removed += row
        assert "".join(newly_exposed(before, FULL - set(removed))) == nxt
        assert with_status(NEARLY_EXPOSED, removed) == after_next
    assert with_status(EXPOSED, removed) == "ABCD"
    assert exposure(frozenset()).claimed == LETTERS


def test_a_claimed_card_has_status_claimed():
    s = statuses("UW")
    assert s["U"] == s["W"] == CLAIMED


def test_round_13_biddable_is_exposed_only_but_the_exposure_lists_both():
    e = exposure()
    assert e.biddable == tuple("PQRSTUVWX")
    assert e.exposed == tuple("UVWX")


# ---------------------------------------------------------------- monotonic statuses (D9)


@st.composite
def removal_sequences(draw):
    """A sequence of removals, each a non-empty subset of the exposed cards."""
    remaining = FULL
    seq = []
    for _ in range(draw(st.integers(1, 14))):
        exposed = exposure(remaining).exposed
        if not exposed:
            break
        picked = draw(st.lists(st.sampled_from(exposed), min_size=1, unique=True))
        seq.append(frozenset(picked))
        remaining = remaining - set(picked)
    return seq


@settings(max_examples=200, deadline=None)
@given(removal_sequences())
def test_statuses_move_forward_at_most_one_stage_per_round(seq):
    remaining = FULL
    for removed in seq:
        before = exposure(remaining)
        after_set = remaining - removed
        after = exposure(after_set)
        for x in LETTERS:
            a, b = STAGES.index(before.status[x]), STAGES.index(after.status[x])
            assert a <= b, f"{x} went back from {before.status[x]} to {after.status[x]}"
            if x in removed:
                assert b == STAGES.index(CLAIMED)
            else:
                assert b - a <= 1, f"{x} jumped from {before.status[x]} to {after.status[x]}"
        # only nearly exposed cards become exposed: no cascade (D9)
        assert all(before.status[x] == NEARLY_EXPOSED for x in newly_exposed(remaining, after_set))
        # revealed for good
        assert set(before.revealed) <= set(after.revealed)
        # the seed's definition of nearly exposed holds in every reachable pattern
        stripped = exposure(after_set - set(after.exposed))
        assert set(after.nearly_exposed) == set(stripped.exposed) - set(after.exposed)
        remaining = after_set
