"""Every registered game describes each of its step kinds (engine/steps.py).

Checked against real requests from random play: a description for every step
kind, every ``offers`` / ``most`` / ``least`` naming a key of the requests of
that kind, help texts that fill from them, inputs that name the action's JSON
keys, summaries and echoes in words for random actions and for an empty draft,
and ``together: False`` only where one player at a time is pending.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine.game import Game
from mainmatch.engine.registry import all_games
from mainmatch.engine.registry import get_game as get
from mainmatch.engine.steps import Input, StepDescription, fill, steps_json

GAMES = all_games()
IDS = [g.id for g in GAMES]
#: a sample of every step kind a random match reaches: (kind, pending count, request, action)
Sample = tuple[str, int, dict[str, Any], dict[str, Any]]


def _play(game: Game, seed: int, most_steps: int = 400) -> list[Sample]:
    """Requests and random actions of one random match (at most ``most_steps`` steps)."""
    rng = random.Random(seed)
    state = game.initial_state(game.random_config(list(game.default_players), rng))
    out: list[Sample] = []
    for _ in range(most_steps):
        pending = game.pending(state)
        if not pending:
            break
        actions = {}
        for player, request in pending.items():
            actions[player] = game.random_action(state, player, rng)
            out.append((request["kind"], len(pending), request, actions[player]))
        state, _ = game.apply(state, actions)
    return out


@cache
def samples(game_id: str) -> tuple[Sample, ...]:
    """Samples of two random matches of ``game_id``, cached across tests."""
    game = get(game_id)
    return tuple(s for seed in (1, 2) for s in _play(game, seed))


def _nodes(inputs: tuple[Input, ...]):
    for node in inputs:
        yield node
        yield from _nodes(node.children)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_step_kind_is_described(game: Game) -> None:
    assert set(game.steps) == set(game.action_models)
    for kind, model in game.action_models.items():
        step = game.steps[kind]
        assert isinstance(step, StepDescription)
        assert step.kind == kind and step.action is model
        assert step.ask and step.others_task()
    json.dumps(steps_json(game.steps))  # the web page and `mainmatch schema` send it as JSON


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_inputs_name_the_actions_json_keys(game: Game) -> None:
    """Each group's inputs are exactly the properties of its JSON Schema, aliases included."""

    def check(inputs: tuple[Input, ...], schema: dict, defs: dict) -> None:
        if "$ref" in schema:
            schema = defs[schema["$ref"].split("/")[-1]]
        assert [n.name for n in inputs] == list(schema["properties"])
        for node in inputs:
            if node.input == "group" and node.children:
                check(node.children, schema["properties"][node.name], defs)

    for kind, step in game.steps.items():
        schema = game.action_schema(kind)
        check(step.inputs(), schema, schema.get("$defs", {}))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_offers_bounds_and_help_name_request_keys(game: Game) -> None:
    seen = set()
    for kind, _count, request, _action in samples(game.id):
        seen.add(kind)
        for node in _nodes(game.step(kind).inputs()):
            if node.offers:
                assert node.offers in request, (kind, node.path, node.offers)
                assert isinstance(request[node.offers], list), (kind, node.offers)
            for bound in (node.most, node.least):
                if isinstance(bound, str):
                    assert bound in request, (kind, node.path, bound)
            # a {key} of the help text is filled from the request: none is left as written
            assert "{" not in fill(node.help, request), (kind, node.path, node.help)
    # the random matches reach every kind but a vote the rules seldom call for
    assert seen >= set(game.action_models) - {"choose_ec"}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_offered_objects_show_their_value(game: Game) -> None:
    """Where a request offers objects (Second to Won's items), ``value`` and ``shows`` are keys of them."""
    for kind, _count, request, _action in samples(game.id):
        for node in _nodes(game.step(kind).inputs()):
            offered = request.get(node.offers) if node.offers else None
            if offered and isinstance(offered[0], dict):
                assert node.value in offered[0] and node.shows in offered[0], (kind, node.path)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_summaries_and_echoes_are_words(game: Game) -> None:
    for kind, _count, request, action in samples(game.id):
        step = game.step(kind)
        for said in (
            step.request_words(request),
            step.echo_words(action, request),
            step.echo_words({}, request),  # an empty draft
            step.echo_words({}, {"kind": kind}),  # nor a request
        ):
            assert isinstance(said, str) and said.strip(), (kind, request, action)
            assert "{" not in said and "None" not in said, said


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_one_at_a_time_steps_have_one_player_pending(game: Game) -> None:
    """A step that is not ``together`` never has two players pending at once."""
    for kind, count, _request, _action in samples(game.id):
        if not game.step(kind).together:
            assert count == 1, kind


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 10_000))
def test_any_random_match_reads_in_words(index: int, seed: int) -> None:
    game = GAMES[index]
    for kind, _count, request, action in _play(game, seed, most_steps=60):
        step = game.step(kind)
        assert step.request_words(request).strip()
        assert step.echo_words(action, request).strip()
        for node in _nodes(step.inputs()):
            assert node.offers is None or node.offers in request


# ------------------------------------------------------------- exact words


def test_homeostasis_asks_one_player_at_a_time_only_where_the_rules_do() -> None:
    # homeostasis spec §3: save_cards, final_bid and brackets are simultaneous; the others have one
    steps = get("homeostasis").steps
    alone = {kind for kind, step in steps.items() if not step.together}
    assert alone == {"draft", "bid", "place_saved"}
    assert {k: s.widget for k, s in steps.items() if s.widget} == {
        "save_cards": "deck_save",
        "draft": "draft_pick",
        "bid": "slot_bid",
        "final_bid": "sealed_bid",
        "place_saved": "saved_ends",
        "brackets": "bracket_pick",
    }


def test_homeostasis_words() -> None:
    steps = get("homeostasis").steps
    bid = {"kind": "bid", "card": "x", "chips": 7, "slots": [2, 5], "totals": [3] + [0] * 9}
    assert steps["bid"].request_words({**bid, "can_pass": False}) == (
        "Card x is up for auction. Add chips to an empty slot (2 or 5); no one has bid yet, "
        "so you cannot pass. You have 7 chips. Two slots may not end up with the same total. "
        "Totals so far: slot 1: 3."
    )
    assert steps["bid"].echo_words({"slot": 5, "chips": 1}, bid) == "You add 1 chip to slot 5."
    assert steps["bid"].echo_words({"pass": True}, bid) == "You pass (out of this auction)."
    assert steps["bid"].quick is not None
    assert steps["bid"].quick({**bid, "can_pass": False}) == {}
    assert steps["bid"].quick({**bid, "can_pass": True}) == {"Pass": {"pass": True}}
    # homeostasis spec §4.1: X saved cards cost (X-1)^2 garnets
    assert (
        steps["save_cards"].echo_words({"cards": ["3", "/", "x"]}, {})
        == "You save 3 / x (cost: 4 garnets)."
    )
    assert (
        steps["place_saved"].echo_words({"front": ["3"], "back": []}, {})
        == "You put 3 before slot 1."
    )
    names = [n.name for n in steps["brackets"].inputs()]
    assert names == ["first", "last", "pass"]  # the JSON key, not the model's pass_


def test_amalgamation_words() -> None:
    step = get("amalgamation").step("round")
    request = {
        "kind": "round",
        "round": 1,
        "tiles": [-21, -23, -33, -30, -16],
        "balance": 400,
        "garnets_held": 2,
        "garnet_rate": 14,
        "max_spend": 428,
        "roles": ["mafia", "cartel", "police", "beggar"],
    }
    assert step.ask == "play this round's four games"
    assert step.request_words(request) == (
        "Round 1 of 7. You can spend up to $428 this round: your balance of $400 and "
        "2 garnets you may sell at $14 each. Minus Auction tiles: -21, -23, -33, -30 and -16. "
        "Garnet Chip Thief roles: mafia, cartel, police or beggar."
    )
    action = {
        "kong": {"contribute": 5},
        "minus": {"bids": [1, 0, -2, 0, 0]},
        "thief": {"role": "police", "bet": 10},
        "buy_garnets": 1,
    }
    assert step.echo_words(action, request) == (
        "Kong's Dilemma: $5 into your team's pot. Minus Auction: you bid $1 on -21, $0 on -23, "
        "-$2 on -33, $0 on -30 and $0 on -16. Garnet Chip Thief: you play police and bet $10. "
        "You sell 1 garnet."
    )
    # the form's order: the four games, then the garnets; the thief's role before the bet
    names = [n.name for n in step.inputs()]
    assert names == ["kong", "minus", "invest", "thief", "buy_garnets"]
    thief = next(n for n in step.inputs() if n.name == "thief")
    assert [(c.name, c.input, c.offers) for c in thief.children] == [
        ("role", "role", "roles"),
        ("bet", "amount", None),
    ]


def test_mvp_words() -> None:
    step = get("mvp").step("round")
    request = {
        "kind": "round",
        "round": 3,
        "chips": 27,
        "garnets": 4,
        "biddable": ["P", "Q"],
        "costs": {"identity": 1, "location": 2, "chip": 1},
    }
    assert step.ask == "bid and buy this round"
    assert step.request_words(request) == (
        "Round 3. You have 27 free chips and 4 garnets. Add chips to your bids on the cards "
        "you can bid on: P and Q. With garnets: learn the card on a hidden place (1 garnet), "
        "learn where a card lies (2 garnets), or buy chips (1 garnet a chip)."
    )
    action = {"bids": {"P": 3, "Q": 1}, "buy_location": ["apples-1"], "buy_chips": 2}
    assert step.echo_words(action, request) == (
        "You add 3 chips on P and 1 chip on Q to your bids. You buy 2 chips with garnets. "
        "You learn where apples 1 lie."
    )
    bids = step.inputs()[0]
    assert (bids.name, bids.input, bids.offers, bids.most) == ("bids", "map", "biddable", "chips")


def test_second_to_won_words() -> None:
    step = get("second_to_won").step("bids")
    items = [
        {"letter": "A", "text": "+15 points to YOU"},
        {"letter": "D", "text": "+25 points to CHOICE"},
    ]
    request = {"kind": "bids", "auction": 2, "items": items, "chips": 40, "garnets": 0}
    request |= {"min_items": 3, "choice_targets": ["ben"]}
    assert step.request_words(request) == (
        "Auction 2. You have 40 chips. Bid on at least 3 items; the highest bid on an item "
        "wins it (a chip bid that loses comes back). An item for CHOICE needs the player it "
        "goes to."
    )
    action = {"bids": {"A": {"chips": 5}, "D": {"chips": 2, "garnets": 1, "choice": "ben"}}}
    assert step.echo_words(action, request) == (
        "You bid 5 chips on A (+15 points to YOU); 2 chips and 1 garnet on D "
        "(+25 points to CHOICE) for ben."
    )
    bids = step.inputs()[0]
    assert (bids.offers, bids.value, bids.shows) == ("items", "letter", "text")
    bid = bids.children[0]
    assert [(c.name, c.label, c.offers) for c in bid.children] == [
        ("chips", "Chips", None),
        ("garnets", "Garnets", None),
        ("choice", "For", "choice_targets"),
    ]


def test_field_words_name_a_field_as_the_form_does() -> None:
    from mainmatch.engine.steps import field_words

    round_action = get("amalgamation").action_models["round"]
    assert field_words(round_action, "kong.contribute") == "Kong's Dilemma, Into your team's pot"
    assert field_words(round_action, "buy_garnets") == "Garnets to sell"
    bids = get("second_to_won").action_models["bids"]
    assert field_words(bids, "bids{}.choice") == "Your bids, For"


def test_inputs_carry_json_keys_attributes_and_literal_values() -> None:
    """An adapter needs no pydantic: the alias, the attribute and the named values are on the node."""
    homeostasis = {n.name: n for n in get("homeostasis").step("bid").inputs()}
    passing = homeostasis["pass"]
    assert (passing.key, passing.attr, passing.literals, passing.passes) == (
        "pass",
        "pass_",
        (True,),
        True,
    )
    assert passing.as_json()["attr"] == "pass_" and passing.as_json()["literals"] == [True]
    assert homeostasis["chips"].literals == () and not homeostasis["chips"].passes
    thief = next(n for n in get("amalgamation").step("round").inputs() if n.name == "thief")
    role = next(c for c in thief.children if c.name == "role")
    assert role.literals == ("mafia", "cartel", "police", "beggar") and role.attr == "role"
    bids = get("second_to_won").step("bids").inputs()[0]
    assert bids.keys == ("A", "B", "C", "D", "E", "F") and bids.literals == ()
    identity = next(n for n in get("mvp").step("round").inputs() if n.name == "buy_identity")
    assert identity.children[0].literals and identity.children[0].offers == "identity_targets"


def test_every_pass_flag_is_an_optional_literal_true() -> None:
    """``Input.passes`` is the type ``Literal[True] | None`` read off the model, for every game."""
    import typing

    for game in GAMES:
        for step in game.steps.values():
            fields = step.action.model_fields
            for node in step.inputs():
                annotation = fields[node.attr].annotation
                declared = typing.get_args(annotation) == (typing.Literal[True], type(None))
                assert node.passes == declared, (game.id, step.kind, node.name)
