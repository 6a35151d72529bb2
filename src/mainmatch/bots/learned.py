"""The ``learned`` bot: a trained policy file (``mainmatch train``) playing any game.

A learned file is JSON (``"format": "mainmatch-learned/1"``): the game, the
players and variant it was trained for, the feature names and scales of its
encoder, its decision kinds (role, number of indices, the values of a choice),
its *members* (each a policy: weights per decision kind, base64 of little-endian
float32 ``features x indices``, or a fixed ``rule``) with the *mixture* over
them, and how it was trained and measured (``training``, ``summary``). A seat
plays one member for a whole match, drawn from a hash of the match seed and the
seat in the simulator (as mixtures do, ``families.mixture_draw``), else of the
lineup and the player (docs/decisions/learn.md LRN5). It decides with numpy
only (``learned_policy.py``), from its own view and request, like every bot.

A game package that ships ``learned.json`` next to its game module has a bot
named after the file's ``name`` (``learned`` by default) without any flag, so
the host's, Discord's and the seasons' bot choices offer it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from mainmatch.engine.choices import Pick, Shape, shape, walk
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject, Request, View

from .learned_policy import (
    Encoder,
    actions_of,
    amount_options,
    draw,
    masked_softmax,
    options,
    rule_choice,
    sample,
    seats_of,
)

FORMAT = "mainmatch-learned/1"
#: the tuned-bot kind under which a learned file travels in the simulator
LEARNED = "learned"
#: the file a game package may ship beside its game module
SHIPPED_FILE = "learned.json"
RULES = ("most", "least", "uniform")
ROLES = ("amount", "player", "choice", "more", "include", "flag", "pass")


@dataclass
class Decision:
    """One decision kind of the file: its role, its indices, a choice's values."""

    role: str
    actions: int
    values: list[Any] = field(default_factory=list)


@dataclass
class Member:
    """One policy of the population: weights per decision kind, or a fixed rule."""

    label: str
    weights: dict[str, np.ndarray] = field(default_factory=dict)
    rule: str | None = None
    #: rows of ``weights`` as lists (a pick's own features, read per pick in play)
    rows: dict[tuple[str, int], list[float]] = field(default_factory=dict)

    def row(self, kind: str, i: int) -> list[float]:
        found = self.rows.get((kind, i))
        if found is None:
            found = self.rows[(kind, i)] = self.weights[kind][i].tolist()
        return found


@dataclass
class Trace:
    """What a learner seat decided (training reads it): per pick, its kind,
    features, allowed indices, chosen index and probabilities."""

    picks: list[tuple[str, np.ndarray, list[int], int, np.ndarray]] = field(default_factory=list)


class Policy:
    """A learned file, parsed: encoder, decisions, members and mixture."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.game_id: str = data["game"]
        self.name: str = data["name"]
        self.encoder = Encoder(data["features"], data["scales"])
        self.decisions = {
            k: Decision(d["role"], int(d["actions"]), list(d.get("values") or []))
            for k, d in data["decisions"].items()
        }
        self.members = [self._member(m) for m in data["members"]]
        self.mixture = [float(w) for w in data["mixture"]]
        self._shapes: dict[str, Shape] = {}
        self._game: Any = None
        #: the current action's view part of the logits, per decision kind
        self._logits: dict[str, list[float]] = {}
        #: ``_logits`` with ``pick:bias`` added, per decision kind
        self._biased: dict[str, list[float]] = {}
        #: an amount pick's ``(index, amount)`` choices by its bounds
        self._amounts: dict[tuple[int, int | None, bool, int], list[tuple[int, int]]] = {}

    def _member(self, m: Mapping[str, Any]) -> Member:
        weights = {}
        for kind, text in (m.get("weights") or {}).items():
            d = self.decisions[kind]
            raw = np.frombuffer(base64.b64decode(text), dtype="<f4")
            weights[kind] = raw.astype(np.float64).reshape(self.encoder.size, d.actions)
        return Member(m["label"], weights, m.get("rule"))

    @property
    def game(self) -> Any:
        if self._game is None:
            from mainmatch.engine.registry import get_game

            self._game = get_game(self.game_id)
        return self._game

    def draw(self, key: str) -> int:
        """The member a seat plays, from a hash of ``key`` against the mixture."""
        digest = hashlib.sha256(f"mainmatch-learned/{key}".encode()).digest()
        u = int.from_bytes(digest[:7], "big") / 2**56
        acc = 0.0
        for i, w in enumerate(self.mixture):
            acc += w
            if u < acc:
                return i
        return len(self.mixture) - 1

    def act(
        self,
        member: Member,
        view: View,
        request: Request,
        rng: random.Random,
        trace: Trace | None = None,
    ) -> JSONObject:
        """``member``'s action: the step's walk, each pick drawn from its softmax."""
        kind = request["kind"]
        step = self._shapes.get(kind)
        if step is None:
            step = self._shapes[kind] = shape(self.game.step(kind))
        me = viewer(view)
        players = list(view.get("players") or ())
        seat = seats_of(view, me) if isinstance(me, str) else {}
        base = self.encoder.encode(view, request, me) if isinstance(me, str) else None
        self._logits = {}
        self._biased = {}
        run = walk(step, request, players)
        try:
            pick = next(run)
            while True:
                pick = run.send(self._choose(member, pick, base, seat, rng, trace))
        except StopIteration as done:
            action: JSONObject = done.value
            return action

    def _base_logits(self, kind: str, weights: np.ndarray, base: np.ndarray) -> list[float]:
        found = self._logits.get(kind)
        if found is None:
            found = self._logits[kind] = (base @ weights).tolist()
        return found

    def _play_logits(
        self,
        member: Member,
        pick: Pick,
        weights: np.ndarray,
        base: np.ndarray,
        seat: Mapping[str, int],
    ) -> tuple[list[float], list[tuple[list[float], float]]]:
        """The logits of the view and the pick's first feature when it is
        ``pick:bias`` (the same in every pick: added once per kind, first, as the
        arrays added it), and the pick's other features as ``(row, d)`` shifts."""
        kind = pick.kind
        logits = self._base_logits(kind, weights, base)
        shifts = []
        for n, (i, v) in enumerate(self.encoder.pick_features(pick, seat)):
            base_i = float(base[i])
            if v == base_i:
                continue
            if n == 0 and i == self.encoder.bias:
                found = self._biased.get(kind)
                if found is None:
                    d = v - base_i
                    row = member.row(kind, i)
                    found = self._biased[kind] = [x + d * w for x, w in zip(logits, row)]
                logits = found
                continue
            shifts.append((member.row(kind, i), v - base_i))
        return logits, shifts

    def _allowed(
        self, pick: Pick, seat: Mapping[str, int], decision: Decision | None
    ) -> list[tuple[int, Any]]:
        """``(index, value)`` of the pick's choices that the file's indices reach."""
        actions = decision.actions if decision is not None else None
        if pick.role == "amount":  # the same bounds give the same choices: kept
            key = (pick.low, pick.high, pick.signed, actions or 0)
            found = self._amounts.get(key)
            if found is None:
                found = [(i, v) for i, v in amount_options(pick) if actions is None or i < actions]
                self._amounts[key] = found
            return found
        allowed = options(pick, seat, decision.values if decision is not None else [])
        if actions is not None:
            allowed = [(i, v) for i, v in allowed if i < actions]
        return allowed

    def _choose(
        self,
        member: Member,
        pick: Pick,
        base: np.ndarray | None,
        seat: Mapping[str, int],
        rng: random.Random,
        trace: Trace | None,
    ) -> Any:
        allowed = self._allowed(pick, seat, self.decisions.get(pick.kind))
        if not allowed:  # nothing the indices say: the walk's own least (the game repairs)
            return pick.low if pick.role == "amount" else (pick.values or (None,))[0]
        if len(allowed) == 1:
            return allowed[0][1]
        weights = member.weights.get(pick.kind)
        if member.rule is not None:
            index = rule_choice(member.rule, allowed, pick, rng)
        elif weights is None or base is None:  # a kind the file never trained: any choice
            index = rng.choice(allowed)[0]
        else:
            idx = [i for i, _ in allowed]
            if trace is not None:  # training keeps each pick's features
                x = self.encoder.pick(base, pick, seat)
                p = masked_softmax(x @ weights, idx)
                index = sample(p, idx, rng)
                trace.picks.append((pick.kind, x, idx, index, p))
            else:  # playing: the view's part of the logits once per kind, the pick's added
                logits, shifts = self._play_logits(member, pick, weights, base, seat)
                index = draw(logits, shifts, idx, rng)
        for i, v in allowed:
            if i == index:
                return v
        raise AssertionError(index)  # the index is one of allowed


def viewer(view: Mapping[str, Any]) -> str | None:
    """The player a private view belongs to: ``you.player`` (engine spec "view": a
    private view adds what that player knows, under ``you``), or ``you`` itself where
    it is the id."""
    you = view.get("you")
    if isinstance(you, dict):
        you = you.get("player")
    return you if isinstance(you, str) else None


_POLICIES: dict[str, Policy] = {}


def digest(data: Mapping[str, Any]) -> str:
    """The file's identity (its JSON, keys sorted): parsed files are kept by it."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


#: the last files parsed, by object identity (the file object kept alive beside it)
_BY_ID: dict[int, tuple[Mapping[str, Any], Policy]] = {}


def policy_of(data: Mapping[str, Any]) -> Policy:
    """The parsed policy of a checked learned file (kept per process: by the
    object itself, else by its content, so a simulator's worker parses it once)."""
    known = _BY_ID.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    key = digest(data)
    found = _POLICIES.get(key)
    if found is None:
        if len(_POLICIES) > 64:
            _POLICIES.clear()
        found = _POLICIES[key] = Policy(data)
    if len(_BY_ID) > 64:
        _BY_ID.clear()
    _BY_ID[id(data)] = (data, found)
    return found


class LearnedBot:
    """A seat playing a learned file: one member for the match (module doc)."""

    reads_only = True
    #: an action that breaks a rule across fields is shrunk by the driver (engine/repair.py)
    repairs = True

    def __init__(self, policy: Policy, key: str | None = None):
        self.policy = policy
        self.name = policy.name
        self.key = key
        self.member: Member | None = None

    def act(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        if self.member is None:
            key = self.key
            if key is None:
                key = f"{view.get('players')}/{viewer(view)}"
            self.member = self.policy.members[self.policy.draw(key)]
        return self.policy.act(self.member, view, request, rng)


def make_learned(data: Mapping[str, Any], match_seed: int | None = None, seat: int = 0) -> Any:
    """A bot for a checked learned file; in the simulator its member is drawn
    from ``(match_seed, seat)``."""
    key = None if match_seed is None else f"{match_seed}/{seat}"
    return LearnedBot(policy_of(data), key)


def check_learned(data: Any, where: str = "learned file") -> dict[str, Any]:
    """``data`` when it is a learned file whose parts fit together, else one line."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MainmatchError(f'{where}: not a learned bot file (needs "format": "{FORMAT}")')
    for key, type_ in (
        ("game", str),
        ("name", str),
        ("features", list),
        ("scales", list),
        ("decisions", dict),
        ("members", list),
        ("mixture", list),
    ):
        if not isinstance(data.get(key), type_):
            raise MainmatchError(f"{where}: {key!r} must be a {type_.__name__}")
    name = data["name"]
    if not name or "," in name or name.strip() != name:
        raise MainmatchError(f"{where}: name must be a bot name without commas or spaces")
    if len(data["features"]) != len(data["scales"]) or not all(
        isinstance(s, int | float) and s > 0 for s in data["scales"]
    ):
        raise MainmatchError(f"{where}: one positive scale per feature")
    for kind, d in data["decisions"].items():
        if not isinstance(d, dict) or d.get("role") not in ROLES:
            raise MainmatchError(
                f"{where}: decision {kind}: role must be one of {', '.join(ROLES)}"
            )
        if not isinstance(d.get("actions"), int) or d["actions"] < 1:
            raise MainmatchError(f"{where}: decision {kind}: actions must be a whole number >= 1")
    members, mix = data["members"], data["mixture"]
    if not members or len(mix) != len(members):
        raise MainmatchError(f"{where}: one mixture weight per member, at least one member")
    if any(isinstance(w, bool) or not isinstance(w, int | float) or w < 0 for w in mix):
        raise MainmatchError(f"{where}: mixture weights must be numbers >= 0")
    if not sum(mix) > 0:
        raise MainmatchError(f"{where}: mixture weights must not all be 0")
    for k, m in enumerate(members):
        _check_member(data, m, f"{where}: member {k}")
    return dict(data)


def _check_member(data: Mapping[str, Any], m: Any, where: str) -> None:
    if not isinstance(m, dict) or not isinstance(m.get("label"), str):
        raise MainmatchError(f"{where}: needs a label")
    if m.get("rule") is not None:
        if m["rule"] not in RULES:
            raise MainmatchError(f"{where}: rule must be one of {', '.join(RULES)}")
        return
    weights = m.get("weights")
    if not isinstance(weights, dict):
        raise MainmatchError(f"{where}: needs weights or a rule")
    size = len(data["features"])
    for kind, text in weights.items():
        d = data["decisions"].get(kind)
        if d is None:
            raise MainmatchError(f"{where}: weights for an unknown decision {kind!r}")
        try:
            raw = base64.b64decode(text, validate=True)
        except (ValueError, TypeError):
            raise MainmatchError(f"{where}: {kind}: weights are not base64") from None
        if len(raw) != 4 * size * d["actions"]:
            raise MainmatchError(
                f"{where}: {kind}: {len(raw) // 4} weights, not {size} features x {d['actions']}"
            )


def encode_weights(w: np.ndarray) -> str:
    """Weights as base64 of little-endian float32 (the file's form)."""
    return base64.b64encode(np.ascontiguousarray(w, dtype="<f4").tobytes()).decode("ascii")


def decision_of(role: str, players: int, values: list[Any] | None = None) -> dict[str, Any]:
    return {"role": role, "actions": actions_of(role, players), "values": list(values or [])}


def shipped(game: Any) -> dict[str, Any] | None:
    """The learned file a game's package ships (``learned.json`` beside its game
    module), checked, or ``None``."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    try:
        text = resources.files(package).joinpath(SHIPPED_FILE).read_text("utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError, TypeError):
        return None
    data = check_learned(json.loads(text), f"{package}/{SHIPPED_FILE}")
    return data if data["game"] == game.id else None
