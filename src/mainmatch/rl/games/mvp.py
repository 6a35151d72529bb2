"""The MVP for RL: a round's bids and purchases as sub-decisions.

Round action (mvp.md §3.1), in this order: up to four bids, each ``bid_card``
(index 0 = no more bids, 1 + k = letter k of A..X, allowed if biddable, not
bid on yet in this action, and a chip is free) and ``bid_chips`` (index i =
``POSITIVE[i]`` chips, at most the free chips left); then, with garnets left,
up to three ``buy_identity`` (0 = stop, 1 + k = hidden letter k) and up to
three ``buy_location`` (0 = stop, 1 + j = card j of apples-1..grapes-6, lying
on a hidden place), each masked to the garnets left at its cost; then
``buy_chips`` (index = chips bought, 0..min(garnets left, 10)). ``choose_ec``:
the candidate's seat-relative position. Every allowed choice leads to a
legal action.
"""

from __future__ import annotations

import numpy as np

from mainmatch.games.mvp.cards import CARDS, SUITS
from mainmatch.games.mvp.pattern import LETTERS
from mainmatch.rl.decisions import (
    POSITIVE,
    Decision,
    Plan,
    amounts_up_to,
    choose_candidate,
    mask_of,
)
from mainmatch.rl.gamespec import GameSpec
from mainmatch.rl.layout import Layout, relative, scaled, set_candidates

PLAYERS = 6
ROUNDS = 13
MAX_BIDS = 4
MAX_BUYS = 3
MAX_CHIPS_BOUGHT = 10
DECISIONS = (
    "bid_card",
    "bid_chips",
    "buy_identity",
    "buy_location",
    "buy_chips",
    "choose_ec",
)
N_ACTIONS = max(len(LETTERS) + 1, len(CARDS) + 1, len(POSITIVE), MAX_CHIPS_BOUGHT + 1)
PHASES = ("round", "choose_ec", "over")
STATUSES = ("hidden", "nearly_exposed", "exposed", "claimed")
#: per letter: status (4), claimed by your team, suit (4), rank / 6, flag yours,
#: flag theirs, flag total / 30, your standing bid / 30, known to you only
PLACE = len(STATUSES) + 1 + len(SUITS) + 1 + 2 + 1 + 1 + 1

LAYOUT = (
    Layout()
    .add("phase", len(PHASES), "one-hot phase: round, choose_ec, over")
    .add("round", 1, "rounds played / 13")
    .add("same_team", PLAYERS, "1 if the player is on your team (seat-relative)")
    .add("chips", 1, "your free chips / 60")
    .add("garnets", 1, "your garnets / 10")
    .add("controls", 1, "cards you control / 8")
    .add(
        "places",
        len(LETTERS) * PLACE,
        "per letter A-X: status one-hot (hidden, nearly exposed, exposed, claimed), claimed by "
        "your team, suit one-hot (apples, lemons, pears, grapes), rank / 6, flag is your team's, "
        "flag is the other team's, flag total / 30, your standing bid / 30, card known to you only",
    )
    .add("biddable", len(LETTERS), "1 for each letter you may bid on now")
    .add("candidates", PLAYERS, "choose_ec: 1 for each candidate (seat-relative)")
)
CONTEXT = (
    Layout()
    .add("chips_left", 1, "free chips still unbid / 60")
    .add("garnets_left", 1, "garnets still unspent / 10")
    .add("bid", len(LETTERS), "chips bid per letter in this action / 30")
    .add("card", len(LETTERS), "bid_chips: one-hot of the letter being bid on")
)


def _card_features(vec, base: int, card: str) -> None:
    suit, rank = card.split("-")
    vec.set("places", 1.0, base + len(STATUSES) + 1 + SUITS.index(suit))
    vec.set("places", int(rank) / 6, base + len(STATUSES) + 1 + len(SUITS))


def encode(view: dict, request: dict | None, player: str) -> np.ndarray:
    vec = LAYOUT.vector()
    seats = relative(view["players"], player)
    you = view["you"]
    mine = you["team"]
    vec.one_of("phase", PHASES, view["phase"])
    vec.set("round", view["rounds_played"] / ROUNDS)
    vec.set("same_team", [1.0 if p in view["teams"][mine] else 0.0 for p in seats])
    vec.set("chips", scaled(you["chips"], 60))
    vec.set("garnets", scaled(you["garnets"], 10))
    vec.set("controls", scaled(len(you["controls"]), 8))
    flag_at = len(STATUSES) + 1 + len(SUITS) + 1
    for k, letter in enumerate(LETTERS):
        base = k * PLACE
        place = view["pattern"][letter]
        vec.set("places", 1.0, base + STATUSES.index(place["status"]))
        if place["status"] == "claimed" and place["team"] == mine:
            vec.set("places", 1.0, base + len(STATUSES))
        if "card" in place:
            _card_features(vec, base, place["card"])
        if place.get("flag") is not None:
            vec.set("places", 1.0, base + flag_at + (0 if place["flag"] == mine else 1))
            vec.set("places", scaled(place["flag_total"], 30), base + flag_at + 2)
        vec.set("places", scaled(you["bids"].get(letter, 0), 30), base + flag_at + 3)
    for a, b in you["known_cards"].items():
        letter, card = (a, b) if a in LETTERS else (b, a)
        if letter in LETTERS and view["pattern"][letter]["status"] == "hidden":
            base = LETTERS.index(letter) * PLACE
            _card_features(vec, base, card)
            vec.set("places", 1.0, base + PLACE - 1)
    if request and request["kind"] == "round":
        vec.set("biddable", [1.0 if x in request["biddable"] else 0.0 for x in LETTERS])
    set_candidates(vec, seats, request)
    return vec.data


def plan(view: dict, request: dict, player: str) -> Plan:
    if request["kind"] == "choose_ec":
        return (yield from choose_candidate(view, request, player, N_ACTIONS, CONTEXT.size))
    chips, garnets = request["chips"], request["garnets"]
    costs = request["costs"]
    bids: dict[str, int] = {}

    def ask(kind: str, allowed: list[int], letter: str | None = None) -> Decision:
        ctx = CONTEXT.vector()
        ctx.set("chips_left", scaled(chips, 60))
        ctx.set("garnets_left", scaled(garnets, 10))
        ctx.set("bid", [scaled(bids.get(x, 0), 30) for x in LETTERS])
        ctx.one_hot("card", None if letter is None else LETTERS.index(letter))
        return Decision(kind, mask_of(N_ACTIONS, allowed), tuple(ctx.data.tolist()))

    while len(bids) < MAX_BIDS:
        open_letters = [
            1 + k
            for k, x in enumerate(LETTERS)
            if chips >= 1 and x in request["biddable"] and x not in bids
        ]
        pick = yield ask("bid_card", [0, *open_letters])
        if pick == 0:
            break
        letter = LETTERS[pick - 1]
        amount = POSITIVE[(yield ask("bid_chips", amounts_up_to(POSITIVE, chips), letter))]
        bids[letter] = amount
        chips -= amount
    action: dict = {}
    if bids:
        action["bids"] = {x: bids[x] for x in LETTERS if x in bids}
    bought: dict[str, list[str]] = {}
    for kind, names, targets in (
        ("identity", LETTERS, request["identity_targets"]),
        ("location", CARDS, request["location_targets"]),
    ):
        # up to MAX_BUYS purchases: 0 = stop, 1 + k = names[k], a target not bought yet
        chosen: list[str] = []
        while len(chosen) < MAX_BUYS:
            options = [
                1 + k
                for k, x in enumerate(names)
                if garnets >= costs[kind] and x in targets and x not in chosen
            ]
            pick = yield ask(f"buy_{kind}", [0, *options])
            if pick == 0:
                break
            chosen.append(names[pick - 1])
            garnets -= costs[kind]
        bought[kind] = chosen
    identity, location = bought["identity"], bought["location"]
    chips_bought = yield ask(
        "buy_chips", list(range(min(garnets // costs["chip"], MAX_CHIPS_BOUGHT) + 1))
    )
    if identity:
        action["buy_identity"] = identity
    if location:
        action["buy_location"] = location
    if chips_bought:
        action["buy_chips"] = chips_bought
    return action


ACTIONS_DOC = (
    "`bid_card`: 0 = no more bids, 1 + k = letter k of A..X; `bid_chips`: index i = "
    f"{list(POSITIVE)}[i] chips; `buy_identity`: 0 = stop, 1 + k = letter k; "
    "`buy_location`: 0 = stop, 1 + j = card j of apples-1, ..., apples-6, lemons-1, ..., "
    "grapes-6; `buy_chips`: index = chips bought (0..min(garnets left, 10)); `choose_ec`: "
    "the candidate's seat-relative position."
)
LIMITS_DOC = (
    f"Bids on more than {MAX_BIDS} cards in one round, more than {MAX_BUYS} identities or "
    f"locations bought at once, more than {MAX_CHIPS_BOUGHT} chips bought at once, and chip "
    "amounts between buckets."
)
SPEC = GameSpec.from_module(__name__)
