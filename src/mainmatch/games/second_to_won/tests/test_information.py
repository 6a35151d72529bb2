"""Information items (§2.1 ``info``, §4.6, §5 ``you.info``, §6, decisions 12, 32, 38)."""

from __future__ import annotations

from .helpers import P, config, events_of, filler, match, step, you


def _info(*auctions: int, add: int = 0) -> dict:
    return {"effects": [{"target": "you", "add": add, "info": j} for j in auctions]}


def test_each_list_is_kept_once_in_the_order_received_but_told_every_time():
    a1 = [_info(4, 3), _info(3), *filler(4)]  # A: lists 4 and 3 at once; B: list 3
    a2 = [_info(3), _info(4), *filler(4)]  # A: list 3 again; B: list 4
    m = match(config(a1, a2, filler(), filler()))
    events = step(m, ana="A1 C1 D1", others="C1 D1 E1")
    # several received in one auction: ascending
    assert [(e["audience"], e["auction"]) for e in events_of(events, "information")] == [
        (["ana"], 3),
        (["ana"], 4),
    ]
    assert [i["auction"] for i in m.view("ana")["you"]["info"]] == [3, 4]
    events = step(m, ana="A1 C1 D1", ben="B1 C1 D1", others="C1 D1 E1")
    # decision 38: told again, kept once
    assert [(e["audience"], e["auction"]) for e in events_of(events, "information")] == [
        (["ana"], 3),
        (["ben"], 4),
    ]
    assert [i["auction"] for i in m.view("ana")["you"]["info"]] == [3, 4]
    assert [i["auction"] for i in m.view("ben")["you"]["info"]] == [4]
    assert m.view("ben")["you"]["info"][0]["items"][0] == {"letter": "A", **filler()[0]}
    # nobody else learns anything, and the public view shows only the auctions opened
    assert all(m.view(p)["you"]["info"] == [] for p in P[2:])
    assert [a["auction"] for a in m.view(None)["auctions"]] == [1, 2, 3]


def test_information_for_everyone_else_and_for_the_choice_player():
    a1 = [
        {"effects": [{"target": "others", "info": 2}]},
        {"effects": [{"target": "choice", "info": 2}]},
        *filler(4),
    ]
    m = match(config(a1, filler()))
    events = step(m, ana="A1 C1 D1", ben="B1(choice cal) C1 D1", others="C1 D1 E1")
    told = [e["audience"][0] for e in events_of(events, "information")]
    assert (
        told == P[1:]
    )  # ana's copy tells everyone but ana; ben's CHOICE copy tells cal again: one event for cal
    assert [i["auction"] for i in m.view("cal")["you"]["info"]] == [2]


def test_information_is_still_delivered_when_the_auction_ends_the_match():
    a1 = [you(205), _info(2), *filler(4)]
    m = match(config(a1, [you(1)] * 6))
    events = step(m, ana="A1 C1 D1", ben="B1 C1 D1", others="C1 D1 E1")
    assert m.view(None)["phase"] == "over"
    assert [(e["audience"], e["auction"]) for e in events_of(events, "information")] == [
        (["ben"], 2)
    ]
    assert events[-1]["type"] == "game_over"
    # decision 32: delivered privately; the public view still hides auction 2
    assert [a["auction"] for a in m.view(None)["auctions"]] == [1]
    assert m.view("ben")["you"]["info"][0]["auction"] == 2
