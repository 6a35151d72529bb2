"""What a player fills in on Discord for each step kind, as plain data.

A step kind's :class:`Form` is a list of *parts*. Each part is one modal of
up to five text fields; filling it updates the player's *draft* (a partial
action stored in the database) or, for a one-part kind (a Homeostasis bid), is
the whole action and is submitted at once. Compound actions (Amalgamation's
four games, Seat Exchange's trades, The MVP's bids and purchases, Second to
Won's bids) are built part by part with a running summary and one Submit.
``quick`` choices (an EC candidate, a pass) submit with one click.

Nothing here checks the rules: the game does, when the service stores the
action; here a field is only read into JSON (a whole number, a list of
symbols) with a one-line message naming the field when it cannot be.
"""

from __future__ import annotations

from typing import Any

from mainmatch.discord.formkit import (
    Draft,
    Field,
    Form,
    FormError,
    Part,
    Request,
    json_action,
    one_part,
    opt_whole,
    summary,
    text_of,
    whole,
    words,
)

__all__ = [
    "Draft",
    "Field",
    "Form",
    "FormError",
    "Part",
    "Request",
    "form_for",
    "summary",
    "whole",
    "words",
]


# ==================================================================== the games


def _amalgamation_round() -> Form:
    def kong(d: Draft, v: dict[str, str], r: Request) -> Draft:
        return {**d, "kong": {"contribute": whole(v["contribute"], "contribution")}}

    def minus(d: Draft, v: dict[str, str], r: Request) -> Draft:
        bids = [whole(x, "a Minus bid", minimum=None) for x in words(v["bids"])]
        return {**d, "minus": {"bids": bids}}

    def invest(d: Draft, v: dict[str, str], r: Request) -> Draft:
        return {
            **d,
            "invest": {
                "invest": whole(v["invest"], "investment"),
                "donate": whole(v["donate"], "donation"),
            },
        }

    def thief(d: Draft, v: dict[str, str], r: Request) -> Draft:
        return {**d, "thief": {"bet": whole(v["bet"], "bet"), "role": v["role"].strip().lower()}}

    def garnets(d: Draft, v: dict[str, str], r: Request) -> Draft:
        return {**d, "buy_garnets": whole(v["buy_garnets"], "garnets to buy")}

    return Form(
        (
            Part(
                "kong",
                "Kong's Dilemma",
                (Field("contribute", "Dollars into your team's pot", "0"),),
                kong,
                lambda d: {"contribute": text_of(d.get("kong", {}).get("contribute"))},
            ),
            Part(
                "minus",
                "Minus Auction",
                (Field("bids", "One bid per tile, in order (e.g. 3 0 -1 0 0)"),),
                minus,
                lambda d: {"bids": " ".join(map(str, d.get("minus", {}).get("bids", [])))},
            ),
            Part(
                "invest",
                "Investment & Donation",
                (Field("invest", "Dollars invested", "0"), Field("donate", "Dollars donated", "0")),
                invest,
                lambda d: {
                    "invest": text_of(d.get("invest", {}).get("invest")),
                    "donate": text_of(d.get("invest", {}).get("donate")),
                },
            ),
            Part(
                "thief",
                "Garnet Chip Thief",
                (
                    Field("bet", "Your bet in dollars", "0"),
                    Field(
                        "role",
                        "Role: mafia, cartel, police or beggar",
                        "police",
                        options=lambda r: list(r.get("roles", [])),
                    ),
                ),
                thief,
                lambda d: {
                    "bet": text_of(d.get("thief", {}).get("bet")),
                    "role": text_of(d.get("thief", {}).get("role")),
                },
            ),
            Part(
                "garnets",
                "Buy money with garnets",
                (Field("buy_garnets", "Garnets to sell for dollars", "0"),),
                garnets,
                lambda d: {"buy_garnets": text_of(d.get("buy_garnets"))},
            ),
        ),
        compound=True,
    )


def _pair(text: str) -> list[str]:
    ps = words(text)
    if len(ps) == 1:
        ps = ps * 2  # one name: a self-swap
    if len(ps) != 2:
        raise FormError(f"name the two players of the trade (e.g. jk dh), not {text.strip()!r}")
    return ps


def _seat_exchange_trades() -> Form:
    def add(d: Draft, v: dict[str, str], r: Request) -> Draft:
        pair = _pair(v["players"])
        amount = whole(v["amount"], "amount", minimum=0)
        trades = [t for t in d.get("trades", []) if sorted(t["players"]) != sorted(pair)]
        if amount > 0:
            trades.append({"players": pair, "amount": amount})
        return {**d, "trades": trades}

    def garnets(d: Draft, v: dict[str, str], r: Request) -> Draft:
        return {**d, "garnets": whole(v["garnets"], "garnets")}

    return Form(
        (
            Part(
                "trade",
                "Add or change a trade",
                (
                    Field(
                        "players",
                        "The two players (one: a self-swap)",
                        options=lambda r: list(r.get("players", [])),
                        most=2,
                    ),
                    Field("amount", "Dollars you pay (0 removes the trade)"),
                ),
                add,
            ),
            Part(
                "garnets",
                "Garnets into dollars",
                (Field("garnets", "Garnets converted, $1 each", "0"),),
                garnets,
                lambda d: {"garnets": text_of(d.get("garnets"))},
            ),
        ),
        compound=True,
    )


def _mvp_round() -> Form:
    def bid(d: Draft, v: dict[str, str], r: Request) -> Draft:
        letter = v["card"].strip().upper()
        chips = whole(v["chips"], "chips")
        bids = {k: n for k, n in d.get("bids", {}).items() if k != letter}
        if chips > 0:
            bids[letter] = chips
        return {**d, "bids": dict(sorted(bids.items()))}

    def buy(d: Draft, v: dict[str, str], r: Request) -> Draft:
        out = dict(d)
        for key, upper in (("buy_identity", True), ("buy_location", False)):
            items = [w.upper() if upper else w.lower() for w in words(v.get(key, ""))]
            if items:
                out[key] = items
            else:
                out.pop(key, None)
        chips = opt_whole(v, "buy_chips", "chips to buy")
        if chips:
            out["buy_chips"] = chips
        else:
            out.pop("buy_chips", None)
        return out

    return Form(
        (
            Part(
                "bid",
                "Bid on a card",
                (
                    Field("card", "Card letter", options=lambda r: list(r.get("biddable", []))),
                    Field("chips", "Chips to add (0 removes)"),
                ),
                bid,
            ),
            Part(
                "buy",
                "Purchases with garnets",
                (
                    Field(
                        "buy_identity",
                        "Letters whose card you learn",
                        required=False,
                        options=lambda r: list(r.get("identity_targets", [])),
                        most=25,
                    ),
                    Field(
                        "buy_location",
                        "Cards whose letter you learn",
                        required=False,
                        options=lambda r: list(r.get("location_targets", [])),
                        most=25,
                    ),
                    Field("buy_chips", "Chips bought (1 garnet each)", required=False),
                ),
                buy,
                lambda d: {
                    "buy_identity": " ".join(d.get("buy_identity", [])),
                    "buy_location": " ".join(d.get("buy_location", [])),
                    "buy_chips": text_of(d.get("buy_chips")),
                },
            ),
        ),
        compound=True,
    )


def _second_to_won_bids() -> Form:
    def bid(d: Draft, v: dict[str, str], r: Request) -> Draft:
        letter = v["item"].strip().upper()
        chips = opt_whole(v, "chips", "chips") or 0
        garnets = opt_whole(v, "garnets", "garnets") or 0
        bids = {k: b for k, b in d.get("bids", {}).items() if k != letter}
        if chips or garnets:
            b: dict[str, Any] = {"chips": chips}
            if garnets:
                b["garnets"] = garnets
            choice = v.get("choice", "").strip()
            if choice:
                b["choice"] = choice
            bids[letter] = b
        return {**d, "bids": dict(sorted(bids.items()))}

    return Form(
        (
            Part(
                "bid",
                "Bid on an item",
                (
                    Field(
                        "item",
                        "Item",
                        options=lambda r: [i["letter"] for i in r.get("items", [])],
                    ),
                    Field("chips", "Chips (0 removes the bid)"),
                    Field("garnets", "Garnets (worth 3 chips each)", required=False),
                    Field(
                        "choice",
                        "Player it targets (CHOICE items)",
                        required=False,
                        options=lambda r: list(r.get("choice_targets", [])),
                    ),
                ),
                bid,
            ),
        ),
        compound=True,
        initial={"bids": {}},
    )


def _positions(r: Request) -> list[str]:
    return [str(i) for i in range(1, int(r.get("length", 0)) + 1)]


def _homeostasis(kind: str) -> Form | None:
    if kind == "save_cards":
        return Form(
            (
                one_part(
                    "save",
                    "Save cards",
                    (Field("cards", "Cards to save (e.g. 3 x), empty: none", required=False),),
                    lambda v, r: {"cards": words(v.get("cards", ""))},
                ),
            )
        )
    if kind == "draft":
        return Form(
            (
                one_part(
                    "draft",
                    "Place a card",
                    (
                        Field(
                            "card",
                            "Card",
                            options=lambda r: list(dict.fromkeys(r.get("cards", []))),
                        ),
                        Field(
                            "position",
                            "Position",
                            options=lambda r: [str(x) for x in r.get("positions", [])],
                        ),
                    ),
                    lambda v, r: {
                        "card": v["card"].strip(),
                        "position": whole(v["position"], "position", minimum=1),
                    },
                ),
            )
        )
    if kind == "bid":
        return Form(
            (
                one_part(
                    "bid",
                    "Bid",
                    (
                        Field(
                            "slot", "Slot", options=lambda r: [str(x) for x in r.get("slots", [])]
                        ),
                        Field("chips", "Chips to add"),
                    ),
                    lambda v, r: {
                        "slot": whole(v["slot"], "slot", minimum=1),
                        "chips": whole(v["chips"], "chips", minimum=1),
                    },
                ),
            ),
            quick=lambda r: {"Pass": {"pass": True}} if r.get("can_pass") else {},
        )
    if kind == "final_bid":
        return Form(
            (
                one_part(
                    "final",
                    "Sealed bid",
                    (Field("chips", "Chips (0 to your chips)"),),
                    lambda v, r: {"chips": whole(v["chips"], "chips")},
                ),
            )
        )
    if kind == "place_saved":
        return Form(
            (
                one_part(
                    "place",
                    "Place saved cards",
                    (
                        Field("front", "Cards before slot 1, in order", required=False),
                        Field("back", "Cards after slot 10, in order", required=False),
                    ),
                    lambda v, r: {
                        "front": words(v.get("front", "")),
                        "back": words(v.get("back", "")),
                    },
                ),
            )
        )
    if kind == "brackets":
        return Form(
            (
                one_part(
                    "brackets",
                    "Place your brackets",
                    (
                        Field("first", "First card enclosed", options=_positions),
                        Field("last", "Last card enclosed", options=_positions),
                    ),
                    lambda v, r: {
                        "first": whole(v["first"], "first", minimum=1),
                        "last": whole(v["last"], "last", minimum=1),
                    },
                ),
            ),
            quick=lambda r: {"Pass": {"pass": True}},
        )
    return None


def _choose_ec() -> Form:
    return Form((), select=lambda r: ("ec", list(r.get("candidates", []))))


def form_for(game_id: str, kind: str) -> Form:
    """The form of ``kind`` in ``game_id``; a JSON field for a kind without one."""
    if kind == "choose_ec":
        return _choose_ec()
    found: Form | None = None
    if game_id == "amalgamation" and kind == "round":
        found = _amalgamation_round()
    elif game_id == "seat_exchange" and kind == "trades":
        found = _seat_exchange_trades()
    elif game_id == "mvp" and kind == "round":
        found = _mvp_round()
    elif game_id == "second_to_won" and kind == "bids":
        found = _second_to_won_bids()
    elif game_id == "homeostasis":
        found = _homeostasis(kind)
    return found or Form(
        (
            one_part(
                "json",
                "Type the action",
                (Field("action", "The action as JSON"),),
                lambda v, r: json_action(v["action"]),
            ),
        )
    )
