"""The ledger's rules (mainmatch.season.ledger), entry by entry."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from mainmatch.season import render
from mainmatch.season.ledger import SeasonError, check_append, standings
from mainmatch.season.models import (
    Adjust,
    CastMember,
    DeathMatch,
    Entry,
    MainMatch,
    SeasonSettings,
    Tiebreak,
    TokenUsed,
    Transfer,
    Undo,
)

CAST = ["ana", "ben", "cal", "dee"]


def settings(**kw) -> SeasonSettings:
    return SeasonSettings(name="s1", cast=[CastMember(id=p) for p in CAST], **kw)


def ledger(*bodies) -> list[Entry]:
    return [Entry(number=i, at=float(i), author="host", body=b) for i, b in enumerate(bodies, 1)]


def match(**kw) -> MainMatch:
    kw.setdefault("players", CAST)
    return MainMatch(**kw)


def test_main_match_moves_garnets_by_awarded_minus_spent_and_adds_tokens():
    st = standings(
        settings(starting_garnets=3),
        ledger(
            match(
                garnets={"ana": 2},
                garnets_spent={"ben": 3, "ana": 1},
                tokens_of_life={"cal": 2},
                elimination_candidate="dee",
                winners=["cal"],
            )
        ),
    )
    p = st.players
    assert (p["ana"].garnets, p["ben"].garnets, p["cal"].garnets) == (4, 0, 3)
    assert p["cal"].tokens_of_life == 2 and p["cal"].main_match_wins == 1
    assert p["dee"].times_ec == 1 and st.episode == 1
    assert [h["text"] for h in p["dee"].history] == ["Main Match, episode 1: Elimination Candidate"]


def test_spending_more_garnets_than_held_is_refused():
    with pytest.raises(SeasonError, match="ben spent 2 garnets but holds only 1 garnet"):
        check_append(settings(starting_garnets=1), [], ledger(match(garnets_spent={"ben": 2}))[0])


def test_starting_garnets_must_equal_the_holdings():
    entry = ledger(match(starting_garnets={"ana": 5}))[0]
    with pytest.raises(SeasonError, match="ana holds 0, the match started with 5"):
        check_append(settings(), [], entry)


def test_death_match_eliminates_the_loser_without_a_token():
    st = standings(
        settings(),
        ledger(
            match(elimination_candidate="dee"),
            DeathMatch(ec="dee", opponent="ana", winner="dee"),
        ),
    )
    assert st.players["ana"].status == "eliminated" and st.players["ana"].eliminated_in == 1
    assert st.players["dee"].death_match_wins == 1 and st.players["ana"].death_match_losses == 1
    assert st.alive == ["ben", "cal", "dee"]


def test_a_token_of_life_saves_the_loser_when_the_season_says_so():
    entries = ledger(
        match(tokens_of_life={"ana": 1}), DeathMatch(ec="dee", opponent="ana", winner="dee")
    )
    saved = standings(settings(), entries)
    assert saved.players["ana"].status == "alive"
    assert saved.players["ana"].tokens_of_life == 0 and saved.players["ana"].saved_by_token == 1
    out = standings(settings(token_of_life_saves=False), entries)
    assert out.players["ana"].status == "eliminated" and out.players["ana"].tokens_of_life == 1


def test_eliminated_players_cannot_play_trade_or_fight():
    base = ledger(match(), DeathMatch(ec="dee", opponent="ana", winner="dee"))
    s = settings(starting_garnets=2)
    for body, words in [
        (match(), "ana was eliminated in episode 1"),
        (Transfer(giver="ben", receiver="ana", garnets=1), "no one can trade with an eliminated"),
        (DeathMatch(ec="ana", opponent="ben", winner="ben"), "ana was eliminated"),
        (TokenUsed(player="ana"), "ana was eliminated"),
    ]:
        with pytest.raises(SeasonError, match=words):
            check_append(s, base, Entry(number=3, at=3.0, author="h", body=body))


def test_transfers_and_trades_move_holdings_between_two_players():
    st = standings(
        settings(starting_garnets=3),
        ledger(
            match(tokens_of_life={"ana": 2}),
            Transfer(giver="ana", receiver="ben", tokens_of_life=1, in_return_garnets=2),
            Transfer(giver="cal", receiver="dee", garnets=3),
        ),
    )
    p = st.players
    assert (p["ana"].garnets, p["ana"].tokens_of_life) == (5, 1)
    assert (p["ben"].garnets, p["ben"].tokens_of_life) == (1, 1)
    assert (p["cal"].garnets, p["dee"].garnets) == (0, 6)
    with pytest.raises(SeasonError, match="ben holds 1 Token of Life and cannot give 2"):
        check_append(
            settings(starting_garnets=3),
            ledger(match(tokens_of_life={"ben": 1})),
            Entry(
                number=2,
                at=2,
                author="h",
                body=Transfer(giver="ben", receiver="ana", tokens_of_life=2),
            ),
        )


def test_tokens_used_and_adjustments_never_go_below_zero():
    s = settings()
    with pytest.raises(SeasonError, match="ana holds 0 Tokens of Life and cannot use 1"):
        check_append(s, [], ledger(TokenUsed(player="ana"))[0])
    with pytest.raises(SeasonError, match="-1 would go below zero"):
        check_append(s, [], ledger(Adjust(player="ana", garnets=-1))[0])
    st = standings(
        s, ledger(Adjust(player="ana", garnets=4, tokens_of_life=1, status="eliminated"))
    )
    assert st.players["ana"].garnets == 4 and st.players["ana"].status == "eliminated"


def test_undo_cancels_the_last_entry_in_force_and_stays_in_the_ledger():
    s = settings(starting_garnets=1)
    entries = ledger(
        Adjust(player="ana", garnets=5),
        Adjust(player="ben", garnets=7),
        Undo(target=2),
        Undo(target=1),
    )
    st = standings(s, entries)
    assert st.players["ana"].garnets == 1 and st.players["ben"].garnets == 1
    assert st.undone == {2: 3, 1: 4} and st.in_force == []
    with pytest.raises(SeasonError, match="only the last entry in force can be undone: entry 2"):
        standings(
            s,
            ledger(
                Adjust(player="ana", garnets=5), Adjust(player="ben", garnets=7), Undo(target=1)
            ),
        )
    with pytest.raises(SeasonError, match="there is no entry left to undo"):
        standings(s, ledger(Undo(target=1)))


def test_the_same_match_enters_once_unless_undone():
    key = "ab" * 32
    m = match(match_key=key)
    with pytest.raises(SeasonError, match=r"already in the ledger \(entry 1\)"):
        standings(settings(), ledger(m, m))
    st = standings(settings(), ledger(m, Undo(target=1), m))
    assert st.match_keys == {key: 3} and st.episode == 1


def test_tiebreak_entries_replace_the_order_and_must_name_every_cast_member():
    st = standings(settings(), ledger(Tiebreak(order=["dee", "cal", "ben", "ana"])))
    assert st.tiebreak_of(["ana", "dee", "cal"]) == ["dee", "cal", "ana"]
    with pytest.raises(SeasonError, match="missing ana"):
        check_append(settings(), [], ledger(Tiebreak(order=["dee", "cal", "ben"]))[0])


def test_models_refuse_bad_input_with_the_field_named():
    with pytest.raises(ValidationError, match="winner must be dee or ana"):
        DeathMatch(ec="dee", opponent="ana", winner="ben")
    with pytest.raises(ValidationError, match="listed more than once"):
        SeasonSettings(name="s", cast=[CastMember(id="a"), CastMember(id="a")])
    with pytest.raises(ValidationError, match="garnets: zed did not play"):
        MainMatch(players=["ana", "ben"], garnets={"zed": 1})
    with pytest.raises(ValidationError):
        Adjust(player="ana", garnets=10**9)
    with pytest.raises(ValidationError):
        SeasonSettings(name="has space", cast=[CastMember(id="a"), CastMember(id="b")])


def test_markdown_escapes_names_and_never_pings():
    s = SeasonSettings(
        name="s1",
        cast=[CastMember(id="a", name="@everyone **boss**"), CastMember(id="b", name="<@123>")],
    )
    text = render.markdown(standings(s, ledger(Adjust(player="b", garnets=2))))
    assert "@everyone" not in text and "<@123>" not in text
    assert "\\*\\*boss\\*\\*" in text
    assert text.splitlines()[1].startswith("1. **\\<@\u200b123\\>**: 2 💎")


def test_csv_has_one_row_per_player_in_standings_order_and_defuses_formulas():
    s = SeasonSettings(name="s1", cast=[CastMember(id="a", name="=cmd()"), CastMember(id="b")])
    text = render.csv_text(standings(s, ledger(Adjust(player="b", garnets=2))))
    rows = [line.split(",") for line in text.splitlines()]
    assert rows[0][:6] == ["player", "name", "status", "eliminated_in", "garnets", "tokens_of_life"]
    assert [r[0] for r in rows[1:]] == ["b", "a"] and rows[2][1] == "'=cmd()"
