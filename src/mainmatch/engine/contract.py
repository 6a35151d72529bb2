"""Checks that a game keeps the engine contract (``docs/spec/engine.md``), for any game.

mainmatch's tests run them for every registered game at every player count
its range allows (``tests/engine/test_contract.py``); a game's own package
runs them for its game (docs/engine.md "Testing your game")::

    from mainmatch.engine import contract

    def test_my_game_keeps_the_contract():
        contract.check_game(GAME, seeds=range(20))

Each check raises :class:`ContractBroken` (an ``AssertionError``, so pytest
shows it as a failed test) naming the game, the seed where it has one and
the rule broken. Replaying records goes through the registry, so the game
checked must be the one registered under its id (installed, or added with
``registry.register_game``).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterable, Mapping
from string import Formatter
from typing import Any

from .declared import DeclarationBroken
from .declared import check as check_declared
from .game import Game, State
from .match import Match
from .record import parse_record, replay
from .result import Result
from .steps import Input

__all__ = [
    "ContractBroken",
    "check_actions_fit_schemas",
    "check_config_and_schemas",
    "check_game",
    "check_random_play",
    "check_secrecy",
    "check_step_descriptions",
    "check_views",
    "play_checked",
    "player_counts",
    "players_for",
    "tables",
]

#: a request key as a text names it in braces (dotted for a nested one)
_NAME = re.compile(r"[A-Za-z_]\w*(\.\w+)*")
#: steps random play may take before a match counts as endless
MAX_STEPS = 10_000


class ContractBroken(AssertionError):
    """A game broke a rule of the engine contract (the message names it)."""


def _require(ok: object, message: str) -> None:
    if not ok:
        raise ContractBroken(message)


# ---------------------------------------------------------------- tables


def player_counts(game: Game[State]) -> range:
    """Every player count ``game`` takes, fewest first (``Game.players_range``)."""
    low, high = game.players_range()
    return range(low, high + 1)


def players_for(game: Game[State], count: int) -> list[str]:
    """``count`` player ids for ``game`` (:meth:`Game.default_lineup`).

    >>> from mainmatch.games import get
    >>> players_for(get("amalgamation"), 6)[-2:]
    ['e', 'f']
    """
    return game.default_lineup(count)


def tables(games: Iterable[Game[State]]) -> list[tuple[str, int]]:
    """``(game id, player count)`` for every game and count it takes: what a
    test parametrizes over to cover any registered game at every size."""
    return [(g.id, n) for g in games for n in player_counts(g)]


# ---------------------------------------------------------------- one match


def play_checked(
    game: Game[State], seed: int, players: list[str] | None = None, default_rate: float = 0.1
) -> tuple[Match, list[dict[str, Any]]]:
    """One match of random play from ``random_config``, checking every step:
    ``pending_players`` lists ``pending``'s players; each request's kind has
    an action model and a description whose request keys the request holds;
    each pending player's random and default actions are legal; ``apply``
    never mutates its input and ``next_state`` reaches the state ``apply``
    does; events go to the public or to players of the match. Returns the
    match and the public view after every step."""
    rng = random.Random(seed)
    config = game.random_config(list(players or game.default_players), rng)
    match = Match(game, config)
    where = f"{game.id}, seed {seed}, {len(config['players'])} players"
    public_views: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
        pending = match.pending
        _require(
            list(game.pending_players(match.state)) == list(pending),
            f"pending_players differs from pending's players ({where})",
        )
        if not pending:
            return match, public_views
        before = json.dumps(match.view(None), sort_keys=True)
        actions: dict[str, dict[str, Any]] = {}
        defaulted: list[str] = []
        for p, req in pending.items():
            kind = req.get("kind")
            _require(
                kind in game.action_models, f"request kind {kind!r} has no action model ({where})"
            )
            _check_request_keys(game, req, where)
            _check_declared_request(game, req, where)
            dflt = game.default_action(match.state, p, rng)
            game.validate(match.state, p, dflt)
            act = game.random_action(match.state, p, rng)
            game.validate(match.state, p, act)
            _check_bounds(game, req, act, where)
            if rng.random() < default_rate:
                actions[p] = dflt
                defaulted.append(p)
            else:
                actions[p] = act
        state_before = match.state
        match.step(actions, defaulted)
        _require(
            json.dumps(game.view(state_before, None), sort_keys=True) == before,
            f"apply changed the state it was given ({where})",
        )
        quiet = game.next_state(state_before, copy.deepcopy(actions))
        for who in (None, *config["players"]):
            _require(
                game.view(quiet, who) == game.view(match.state, who),
                f"next_state and apply reach different states ({where}, view of {who})",
            )
        _require(
            game.pending(quiet) == game.pending(match.state), f"next_state's pending ({where})"
        )
        _require(game.result(quiet) == game.result(match.state), f"next_state's result ({where})")
        for e in match.events[-1]:
            audience = e.get("audience")
            _require(
                audience == "public"
                or (isinstance(audience, list) and set(audience) <= set(config["players"])),
                f"event {e.get('type')!r} has audience {audience!r} ({where})",
            )
            json.dumps(e)
        public_views.append(match.view(None))
    raise ContractBroken(f"no end after {MAX_STEPS:,} steps ({where})")


def _nodes(inputs: Iterable[Input]) -> Iterable[Input]:
    for node in inputs:
        yield node
        yield from _nodes(node.children)


def _named_keys(text: str) -> list[str]:
    """The request keys a text names in braces (``"you hold {garnets}"``); braces
    around anything but a name (a JSON example in a help text) are words."""
    try:
        parts = list(Formatter().parse(text))
    except ValueError:  # a lone brace: words, not a key
        return []
    return [name.split(".")[0] for _, name, _, _ in parts if name and _NAME.fullmatch(name)]


def _check_request_keys(game: Game[State], request: Mapping[str, object], where: str) -> None:
    """The keys a step description reads from a request (``offers``, ``most``,
    ``least``, braces in its words) are in the request (engine/steps.py)."""
    desc = game.step(str(request["kind"]))
    named: list[str] = []
    for node in _nodes(desc.inputs()):
        named += [k for k in (node.offers, node.most, node.least) if isinstance(k, str)]
        named += _named_keys(node.help) + _named_keys(node.label)
    for text in (desc.ask, desc.task, desc.summary):
        if isinstance(text, str):
            named += _named_keys(text)
    missing = sorted({k for k in named if k not in request})
    _require(
        not missing,
        f"step {request['kind']!r} reads request keys {missing} its request lacks ({where})",
    )
    json.dumps(desc.request_words(request))


def _check_bounds(
    game: Game[State], request: Mapping[str, object], action: object, where: str
) -> None:
    """A top-level amount a random action sends keeps within the bounds its
    description names from the request (``most="chips"``)."""
    if not isinstance(action, dict):
        return
    for node in game.step(str(request["kind"])).inputs():
        value = action.get(node.name)
        if node.input != "amount" or not isinstance(value, int):
            continue
        for key, inside in ((node.most, value.__le__), (node.least, value.__ge__)):
            bound = request.get(key) if isinstance(key, str) else key
            if isinstance(bound, int):
                _require(
                    inside(bound),
                    f"{node.name}={value} is beyond the bound {key}={bound} its step names ({where})",
                )


# ---------------------------------------------------------------- properties


def check_random_play(
    game: Game[State], seed: int, players: list[str] | None = None
) -> tuple[Match, list[dict[str, Any]]]:
    """Random play ends (:func:`play_checked`); the result has the engine spec's
    shape (convention 3: no zero in its maps; the ranking lists every player
    once, the EC alone last) and the game's declared one (``Game.result_type``); the record replays through JSON to the same
    result and public views."""
    match, public_views = play_checked(game, seed, players)
    where = f"{game.id}, seed {seed}"
    result = match.result()
    _require(result is not None, f"the match is over but has no result ({where})")
    assert result is not None
    Result.model_validate(result)
    if game.result_type is not None:  # the declared details (engine/declared.py)
        try:
            check_declared(game.result_type, result, "result")
        except DeclarationBroken as exc:
            raise ContractBroken(f"{exc} ({where})") from None
    json.dumps(result)
    everyone = match.config["players"]
    for key in ("tokens_of_life", "garnets", "garnets_spent"):
        _require(
            all(v != 0 for v in result[key].values()),
            f"{key} lists a zero (engine spec convention 3; {where})",
        )
        _require(set(result[key]) <= set(everyone), f"{key} names a non-player ({where})")
    if result["ranking"] is not None:
        flat = [p for group in result["ranking"] for p in group]
        _require(sorted(flat) == sorted(everyone), f"the ranking must list every player ({where})")
        ec = result["elimination_candidate"]
        if ec is not None:
            _require(result["ranking"][-1] == [ec], f"the EC must stand alone last ({where})")
    record = json.loads(json.dumps(match.record()))
    parse_record(record)
    out = replay(record).to_json()
    _require(out["result"] == result, f"the record replays to another result ({where})")
    _require(out["public_views"] == public_views, f"the replay's public views differ ({where})")
    _require(out["steps_applied"] == len(match.steps), f"the replay's step count ({where})")
    return match, public_views


def check_views(game: Game[State], seed: int, players: list[str] | None = None) -> None:
    """After every step: views are JSON; the public view has ``game``,
    ``players`` and ``phase`` (``"over"`` at the end) and no ``you``; a
    private view is the public view plus ``you`` (engine spec convention 2);
    every view is described by the game's ``view_type`` where it declares one
    (no undeclared field, no value of another type)."""
    match, _ = play_checked(game, seed, players)
    everyone = match.config["players"]
    walk = Match(game, match.config)
    where = f"{game.id}, seed {seed}"
    for step in [*match.record()["steps"], None]:
        pub = walk.view(None)
        _require({"game", "players", "phase"} <= set(pub), f"public view keys ({where})")
        _require(pub["game"] == game.id and pub["players"] == everyone, f"game/players ({where})")
        _require("you" not in pub, f"the public view has `you` ({where})")
        _check_declared_view(game, pub, where)
        for p in everyone:
            v = walk.view(p)
            json.dumps(v)
            _check_declared_view(game, v, where)
            _require(v.get("you") is not None, f"{p}'s view has no `you` ({where})")
            _require(
                {k: x for k, x in v.items() if k != "you"} == pub,
                f"{p}'s view is not the public view plus `you` ({where})",
            )
        if step is None:
            _require(pub["phase"] == "over", f"the last phase is not 'over' ({where})")
            return
        walk.step(step["actions"], step["defaulted"])


def _check_declared_request(game: Game[State], request: Mapping[str, object], where: str) -> None:
    """A request holds only what ``Game.request_types`` declares for its kind."""
    model = game.request_types.get(str(request.get("kind")))
    if model is not None:
        try:
            check_declared(model, request, "request")
        except DeclarationBroken as exc:
            raise ContractBroken(f"{exc} ({where})") from None


def _check_declared_view(game: Game[State], view: Mapping[str, object], where: str) -> None:
    """A view holds only what ``Game.view_type`` declares, of the declared types."""
    if game.view_type is not None:
        try:
            check_declared(game.view_type, view, "view")
        except DeclarationBroken as exc:
            raise ContractBroken(f"{exc} ({where}, phase {view.get('phase')!r})") from None


def _leaves(value: object, out: set[object]) -> set[object]:
    """The scalar values of a JSON value."""
    if isinstance(value, dict):
        for v in value.values():
            _leaves(v, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, out)
    else:
        out.add(value)
    return out


def check_secrecy(game: Game[State], seed: int, players: list[str] | None = None) -> None:
    """A view never holds another player's secret (engine spec "view"). What a
    player knows comes from public views and events, their own actions and
    the events addressed to them; text in a player's ``you`` that none of
    these told them but another player's actions or private events did is a
    leak. (Text only: small numbers repeat by chance between players.)"""
    match, _ = play_checked(game, seed, players)
    everyone = match.config["players"]
    walk = Match(game, match.config)
    public_seen: set[object] = set(everyone)
    told: dict[str, set[object]] = {p: set() for p in everyone}
    for step in [*match.record()["steps"], None]:
        public_seen |= _leaves(walk.view(None), set())
        for q in everyone:
            for v in _leaves(walk.view(q)["you"], set()):
                if not isinstance(v, str) or v in public_seen or v in told[q]:
                    continue
                owners = [p for p in everyone if p != q and v in told[p]]
                _require(
                    not owners,
                    f"{owners[0] if owners else ''}'s secret {v!r} is in {q}'s view "
                    f"({game.id}, seed {seed})",
                )
        if step is None:
            return
        walk.step(step["actions"], step["defaulted"])
        for p, action in step["actions"].items():
            _leaves(action, told[p])
        for event in walk.events[-1]:
            if event["audience"] == "public":
                _leaves(event, public_seen)
            else:
                for p in event["audience"]:
                    _leaves(event, told[p])


def check_actions_fit_schemas(
    game: Game[State], seed: int, players: list[str] | None = None
) -> None:
    """Every action random play and the defaults send validates against the
    JSON Schema ``mainmatch schema`` publishes for its step kind (needs the
    ``jsonschema`` package, in mainmatch's ``test`` extra)."""
    import jsonschema  # type: ignore[import-untyped]  # a test dependency, for this check only

    validators = {
        kind: jsonschema.Draft202012Validator(game.action_schema(kind))
        for kind in game.action_models
    }
    rng = random.Random(seed)
    match = Match(game, game.random_config(list(players or game.default_players), rng))
    while match.pending:
        actions = {}
        for p, req in match.pending.items():
            for action in (
                game.random_action(match.state, p, rng),
                game.default_action(match.state, p, rng),
            ):
                errors = [e.message for e in validators[req["kind"]].iter_errors(action)]
                _require(not errors, f"{req['kind']} action {action} breaks its schema: {errors}")
            actions[p] = action
        match.step(actions)


# ---------------------------------------------------------------- the game


def check_config_and_schemas(game: Game[State]) -> None:
    """Metadata: ``default_players`` is a count the game takes; a config from
    ``new_config`` passes ``check_config`` unchanged at every count; the
    config and action schemas are JSON objects; the rules summary is there."""
    _require(
        game.takes_players(len(game.default_players)) is None,
        f"{game.id}: default_players is not a count it takes",
    )
    for count in player_counts(game):
        config = game.new_config(players_for(game, count), 1)
        _require(
            game.check_config(copy.deepcopy(config)) == config,
            f"{game.id}: check_config changes new_config's config at {count} players",
        )
    json.dumps(game.config_schema())
    for kind in game.action_models:
        _require(game.action_schema(kind).get("type") == "object", f"{kind}'s schema type")
    _require(game.rules_summary().strip(), f"{game.id}: empty rules summary")


def check_step_descriptions(game: Game[State]) -> None:
    """Every step kind is described (``Game.step``) over its own action model,
    and the description is JSON (engine/steps.py)."""
    from .steps import steps_json

    for kind, model in game.action_models.items():
        desc = game.step(kind)
        _require(desc.kind == kind, f"{game.id}: step {kind!r} is described as {desc.kind!r}")
        _require(
            desc.action is model, f"{game.id}: step {kind!r} describes another model than its own"
        )
    json.dumps(steps_json({k: game.step(k) for k in game.action_models}))


def check_game(game: Game[State], seeds: Iterable[int] = range(10)) -> None:
    """Every check of this module for ``game``, at every player count it takes,
    over ``seeds``: what a game's package runs in its own tests."""
    check_config_and_schemas(game)
    check_step_descriptions(game)
    for count in player_counts(game):
        players = players_for(game, count)
        for seed in seeds:
            check_random_play(game, seed, players)
            check_views(game, seed, players)
            check_secrecy(game, seed, players)
            check_actions_fit_schemas(game, seed, players)
