"""The ``Game`` contract of the engine spec (``docs/spec/engine.md``): a pure, deterministic state machine.

A game is a subclass of :class:`Game` with one instance registered in
``mainmatch.games``. Everything that drives a match (host server, CLI, bots,
simulator) goes through these methods only, so a game knows nothing of
servers, storage or bots.

States are opaque to the engine: each game picks its own (usually a frozen dataclass). ``apply``
never mutates the state it is given; it builds a new one, copying only the parts that change (no
whole-state deep copies on the hot path).

Configs, actions, requests, views and events are plain JSON-able ``dict``s,
shaped exactly as the game's spec (``src/mainmatch/games/<game>/spec.md``) lists them.
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from pydantic import BaseModel, ValidationError

from .declared import SCORES, details_model, marked
from .errors import IllegalAction, InvalidConfig, describe_validation_error
from .ranking import END_KEYS, Placings, by_awards, details_end_label, numbered
from .steps import StepDescription
from .unit import SomeStep
from .variants import VariantKey, resolve

#: re-exported from ranking.py and errors.py, where they moved to
__all__ = [
    "END_KEYS",
    "Action",
    "Config",
    "Event",
    "Game",
    "JSONObject",
    "Request",
    "State",
    "StateT",
    "View",
    "describe_validation_error",
    "details_end_label",
]

#: a JSON object, as the specs shape configs, actions, requests, views and events
JSONObject: TypeAlias = dict[str, Any]
Config: TypeAlias = JSONObject
Action: TypeAlias = JSONObject
Request: TypeAlias = JSONObject
Event: TypeAlias = JSONObject
View: TypeAlias = JSONObject
#: a game's own state type (a game is ``Game[ItsState]``)
StateT = TypeVar("StateT")
#: some game's state, where the game is not known statically (the driver, replay)
State: TypeAlias = Any


class Game(ABC, Generic[StateT]):
    """One game of mainmatch, over states of type ``StateT``. Subclasses set the
    class attributes and implement the abstract methods; the rest has working
    defaults.
    """

    #: Game id used in records and the registry (``"seat_exchange"``).
    id: ClassVar[str]
    #: Name for people (``"Kong's Seat Exchange"``).
    title: ClassVar[str]
    #: One-line pitch shown by ``mainmatch games``.
    pitch: ClassVar[str]
    #: Number of players a match takes when the range is one number (the five
    #: built-in games); games for a range of players set ``player_range`` instead.
    player_count: ClassVar[int]
    #: The fewest and most players a match takes, both included; ``None``:
    #: exactly ``player_count`` (read it through :meth:`players_range`).
    player_range: ClassVar[tuple[int, int] | None] = None
    #: Player ids used when a user gives none (demo, ``mainmatch random``).
    default_players: ClassVar[tuple[str, ...]]
    #: pydantic model of the config (JSON Schema via ``config_schema``).
    config_model: ClassVar[type[BaseModel]]
    #: Step kind -> pydantic model of its action (JSON Schema via ``action_schema``).
    action_models: ClassVar[dict[str, type[BaseModel]]]
    #: Step kind -> its description (``engine/steps.py``): the action's fields
    #: with their words and kinds of input, and the step's own words. Kinds
    #: missing here are described from ``action_models`` alone (:meth:`step`).
    steps: ClassVar[dict[str, StepDescription]] = {}
    #: The state machine: phase -> the :class:`~mainmatch.engine.unit.Step` unit
    #: that phase asks (``engine/unit.py``), in the order of play; a phase not
    #: listed asks nothing (the match is over). ``requests``, ``validate``,
    #: ``default_action``, ``random_action``, ``apply`` and their fast paths
    #: dispatch to that unit (:meth:`asks`), and ``steps`` and ``action_models``
    #: are read off the units when the class does not set them. Games that
    #: implement those methods themselves leave it empty.
    phases: ClassVar[Mapping[str, SomeStep]] = {}
    #: the refusal of any action once the match is over (no unit is asked)
    over_words: ClassVar[str] = "the match is over"
    #: Options ``new_config`` accepts beside ``players`` and ``seed``: the
    #: host inputs (``gamewide_tiebreak``, ``garnets``, ``teams``, ...).
    host_inputs: ClassVar[tuple[str, ...]] = ("gamewide_tiebreak", "garnets")
    #: Step kind -> the time the seed gives players for it, in minutes
    #: (``None``: no time limit in the rules, the host resolves).
    step_minutes: ClassVar[dict[str, int | None]] = {}
    #: Step kind -> the seed's daily deadline, ``"HH:MM"`` UTC, where it names one
    #: (The MVP: "the deadline of every round is at 3pm UTC").
    step_daily_at: ClassVar[dict[str, str]] = {}
    #: the constants of the rules a designer may tune (``engine/variants.py``);
    #: a config names the ones that differ in its optional ``variant`` field
    variant_keys: ClassVar[tuple[VariantKey, ...]] = ()
    #: whether :meth:`random_action` reads a secret (to reach rare branches): the
    #: ``random`` bot then draws from the step descriptions and the player's own
    #: view and request instead (``bots/random_view.py``), not from the engine
    random_reads_secrets: ClassVar[bool] = False
    #: whether :meth:`view` makes every list and dict afresh at every call, so
    #: that a caller may change what it gets; ``False`` where views share the
    #: copies of what a step leaves alone with later views (never the state's
    #: own containers): a caller then copies a view before changing it
    #: (docs/decisions/performance.md PE16)
    fresh_views: ClassVar[bool] = True
    #: the key of the result's ``details`` that holds each player's final score
    #: (``{player: number}``, read by ``engine.result.scores_of``); a game that
    #: declares ``result_type`` gets the field its declaration marks ``Scores``
    #: (``__init_subclass__``); ``None``: no score per player (Homeostasis)
    score_key: ClassVar[str | None] = None
    #: the declared shape of every view (``engine/declared.py``): a
    #: :class:`~mainmatch.engine.declared.ViewBase` model, ``you`` included;
    #: views stay dicts, the contract checks validate them against it
    view_type: ClassVar[type[BaseModel] | None] = None
    #: the declared result: ``Result[ItsDetails]`` (``engine/result.py``), its
    #: details marking the scores and teams fields
    result_type: ClassVar[type[BaseModel] | None] = None
    #: step kind -> the declared request (a ``RequestBase`` model, read off the units'
    #: ``request_type``); the contract checks validate every request of random play
    request_types: ClassVar[Mapping[str, type[BaseModel]]] = {}
    #: the last state :meth:`pending` was asked about, and its answer
    _pending_memo: tuple[StateT, dict[str, Request]] | None = None

    #: :meth:`asks` is the default ``phases[state.phase]`` (read in place on the hot path)
    _by_phase: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A declared result names its scores field (``Scores``): ``score_key``
        is read off it unless the class sets one itself. A game declaring
        :attr:`phases` gets its ``steps`` (the units' descriptions) and
        ``action_models`` (and ``request_types``) from them, in the order of play,
        unless it sets them itself: one home for a step's words and models."""
        super().__init_subclass__(**kwargs)
        if "score_key" not in cls.__dict__ and "result_type" in cls.__dict__:
            cls.score_key = marked(details_model(cls.result_type), SCORES)
        cls._by_phase = bool(cls.phases) and cls.asks is Game.asks
        units = cls.__dict__.get("phases")
        if not units:
            return
        kinds: dict[str, SomeStep] = {}
        for unit in units.values():
            kinds.setdefault(unit.kind, unit)
        if "steps" not in cls.__dict__:
            cls.steps = {kind: unit.description for kind, unit in kinds.items()}
        if "action_models" not in cls.__dict__:
            cls.action_models = {kind: unit.action for kind, unit in kinds.items()}
        if "request_types" not in cls.__dict__:
            cls.request_types = {k: u.request_type for k, u in kinds.items() if u.request_type}

    # ----------------------------------------------------------- config

    @abstractmethod
    def new_config(self, players: list[str], seed: int, **options: Any) -> Config:
        """A fully explicit, valid config: every chance element drawn from ``seed``.

        ``options`` are host inputs (see ``host_inputs``); unknown ones raise
        :class:`InvalidConfig`.
        """

    def check_config(self, config: object) -> Config:
        """Validate ``config``; return it as a plain dict or raise :class:`InvalidConfig`
        naming the field. The default validates with ``config_model`` (strict)
        and returns the input dict unchanged.
        """
        if not isinstance(config, dict):
            raise InvalidConfig("config must be a JSON object")
        try:
            self.config_model.model_validate(config, strict=True)
        except ValidationError as exc:
            raise InvalidConfig(describe_validation_error(exc, "config")) from None
        return config

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> Config:
        """A config for a match of random play (``mainmatch random``, the
        simulator): by default ``new_config`` from a seed drawn from ``rng``,
        with ``variant`` (the rule constants that differ from the spec) when
        given. Games whose spec asks for varied host inputs in random records
        override this, taking ``variant`` too.
        """
        config = self.new_config(list(players), rng.randrange(2**32))
        if variant:
            config = {**config, "variant": dict(variant)}
        return config

    def players_range(self) -> tuple[int, int]:
        """The fewest and most players a match takes (docs/engine.md "Player range")."""
        if self.player_range is not None:
            return self.player_range
        return (self.player_count, self.player_count)

    def takes_players(self, count: int) -> str | None:
        """Why a match cannot take ``count`` players, in a host's words, or ``None``.

        For The MVP (six players), ``takes_players(4)`` is
        ``"The MVP takes exactly 6 players, not 4"``.
        """
        low, high = self.players_range()
        if low <= count <= high:
            return None
        if low == high:
            return f"{self.title} takes exactly {low} players, not {count}"
        return f"{self.title} takes {low} to {high} players, not {count}"

    def players_text(self) -> str:
        """The player range in people's words: ``"6"``, or ``"3–5"`` for a range."""
        low, high = self.players_range()
        return str(low) if low == high else f"{low}–{high}"

    def default_count(self) -> int:
        """How many players a match has when nobody says: as many as
        ``default_players`` (the author's usual table), brought into the range."""
        low, high = self.players_range()
        return min(max(len(self.default_players), low), high)

    def default_lineup(self, count: int | None = None) -> list[str]:
        """Player ids for a match of ``count`` players (default :meth:`default_count`):
        ``default_players`` in order, then ``p<k>`` ids not taken where it holds
        fewer. A count out of range raises :class:`InvalidConfig` in
        :meth:`takes_players`' words.

        The Amalgamation's is ``['a', 'b', 'c', 'd', 'e', 'f']``.
        """
        count = self.default_count() if count is None else count
        why = self.takes_players(count)
        if why is not None:
            raise InvalidConfig(why)
        out = list(self.default_players[:count])
        k = 0
        while len(out) < count:
            k += 1
            if f"p{k}" not in out:
                out.append(f"p{k}")
        return out

    def step(self, kind: str) -> StepDescription:
        """The description of step ``kind``: the game's own, else one read from
        its action model with the kind's name as its words."""
        found = self.steps.get(kind)
        if found is not None:
            return found
        model = self.action_models.get(kind)
        if model is None:
            raise IllegalAction(
                f"{self.id} has no step kind {kind!r}; kinds: {', '.join(self.action_models)}"
            )
        return StepDescription(kind=kind, action=model, ask=kind.replace("_", " "))

    def variant_combination_fault(self, values: dict[str, int]) -> str | None:
        """Why a set of variant values (every key, defaults filled in) cannot be
        played together, or ``None``. Ranges are checked before this."""
        return None

    def rule_values(self, config: Config) -> dict[str, int]:
        """Every tunable constant's value for ``config``: its ``variant``'s, else the spec's."""
        return resolve(self.variant_keys, config.get("variant"))

    # ----------------------------------------------------------- play

    @abstractmethod
    def initial_state(self, config: Config) -> StateT:
        """The state before the first step (validates the config first)."""

    def asks(self, state: StateT) -> SomeStep | None:
        """The step unit ``state`` asks for, ``None`` once the match is over:
        the game's state machine. The default reads the state's ``phase`` in
        :attr:`phases` (``None`` for a game without units, which implements
        the methods below itself); games whose phase is not a field override it."""
        phases = self.phases
        return phases.get(state.phase) if phases else None  # type: ignore[attr-defined]

    def unit(self, kind: str) -> SomeStep:
        """The step unit of step ``kind`` (a key of :attr:`phases`' units)."""
        for found in self.phases.values():
            if found.kind == kind:
                return found
        raise IllegalAction(f"{self.id} has no step unit {kind!r}; kinds: {', '.join(self.steps)}")

    def pending(self, state: StateT) -> dict[str, Request]:
        """Who must act now and what each may send: ``{player: request}``;
        empty iff the match is over. ``request["kind"]`` is the step kind.

        The game computes it in :meth:`requests`; this remembers the answer for
        the last state asked about (by identity: states are immutable), since
        the driver, ``validate``, random play, bots and views all ask for the
        same state in turn. Callers must not change the dict they get.
        """
        memo = self._pending_memo  # one read: another thread may replace it
        if memo is not None and memo[0] is state:
            return memo[1]
        out = self.requests(state)
        # holding the state keeps its id from being reused while it is remembered
        self._pending_memo = (state, out)
        return out

    def pending_players(self, state: StateT) -> Sequence[str]:
        """The keys of :meth:`pending`, in its order, for callers that need
        only who acts (the driver's checks), read off the state by the step
        unit (:meth:`Step.players <mainmatch.engine.unit.Step.players>`) so
        that a replay builds no requests. Must equal ``list(pending(state))``."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        return list(self.pending(state)) if unit is None else unit.players(state)

    def requests(self, state: StateT) -> dict[str, Request]:
        """Compute :meth:`pending` for ``state`` (called once per state by the
        memo): the asked unit's requests, ``{}`` once the match is over."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        return {} if unit is None else dict(unit.requests(state))

    def validate(self, state: StateT, player: str, action: object) -> None:
        """Return ``None`` if ``player`` may send ``action`` now, else raise
        :class:`IllegalAction` with a message naming the broken rule: the match
        is over (:attr:`over_words`), else the asked unit's fast path
        (``Step.plainly_legal``), else the player is not asked now
        (``Step.not_asked``) or not a player, else the unit's own check.
        """
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        if unit is None:
            raise IllegalAction(self.over_words)
        if unit.has_fast_check and unit.plainly_legal(state, player, action):
            return
        if not unit.acts(state, player):
            raise IllegalAction(
                unit.not_asked(state, player)
                if player in self.players(state)
                else f"{player!r} is not a player in this match"
            )
        unit.validate(state, player, action)

    def default_action(self, state: StateT, player: str, rng: random.Random) -> Action:
        """What the rules give a pending player who does not submit in time."""
        return self._asked(state).default(state, player, rng)

    def random_action(self, state: StateT, player: str, rng: random.Random) -> Action:
        """A legal action for a pending player, drawn so that random play
        reaches every branch of the rules (engine spec convention 6)."""
        return self._asked(state).random(state, player, rng)

    def apply(self, state: StateT, actions: dict[str, Action]) -> tuple[StateT, list[Event]]:
        """Apply one step: ``actions`` holds one validated action per pending
        player. Returns the new state and the step's events. Never mutates
        ``state``.
        """
        result: tuple[StateT, list[Event]] = self._asked(state).resolve(state, actions)
        return result

    def apply_validated(
        self, state: StateT, actions: dict[str, Action]
    ) -> tuple[StateT, list[Event]]:
        """``apply`` for a step the caller has already checked (the match
        driver's ``check_step``, the bots' driver): exactly the pending players,
        every action validated. Units whose ``resolve`` checks again for direct
        callers skip the repeat in ``resolve_checked``; the result is the same."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        if unit is None:
            return self.apply(state, actions)
        result: tuple[StateT, list[Event]] = unit.resolve_checked(state, actions)
        return result

    def next_state(self, state: StateT, actions: dict[str, Action]) -> StateT:
        """The state after a checked step (as for :meth:`apply_validated`)
        without building the step's events: what replay and the simulator
        need, as they never read them. Must equal ``apply``'s new state;
        units whose events cost much of a step override ``next_state``."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        if unit is None:
            return self.apply_validated(state, actions)[0]
        after: StateT = unit.next_state(state, actions)
        return after

    def checked_next_state(self, state: StateT, actions: dict[str, Action]) -> StateT | None:
        """:meth:`next_state` checking the actions on the way, for a step that
        holds one action per pending player (the engine checked who acts):
        the new state when every action is *plainly* legal (exact built-in
        types, nothing :meth:`validate` would refuse), else ``None``, and the
        engine then validates the step rule by rule, naming the first fault,
        and applies it. Replay calls it first (docs/decisions/performance.md PE15); units
        whose steps read each action twice override it."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        if unit is None or not unit.has_checked_step:
            return None
        after: StateT | None = unit.checked_next_state(state, actions)
        return after

    def _asked(self, state: StateT) -> SomeStep:
        """The unit ``state`` asks for; over: :class:`IllegalAction`."""
        unit = self.phases.get(state.phase) if self._by_phase else self.asks(state)  # type: ignore[attr-defined]
        if unit is None:
            raise IllegalAction(self.over_words)
        return unit

    @abstractmethod
    def view(self, state: StateT, player: str | None) -> View:
        """What ``player`` knows (``None``: the public view). A private view is
        the public view plus ``you``; it never holds another player's secret.
        Its top-level dict is always new; its parts are too where
        :attr:`fresh_views` says so, else they may be shown by other views.
        """

    def shared_view(self, state: StateT, player: str | None) -> View:
        """:meth:`view` for a caller that only reads it: the same values, but
        its lists and dicts may be shared with the state and with other
        views, so it must never be changed. What the replay output and bots
        that declare ``reads_only`` get (docs/decisions/performance.md PE14); games whose
        views copy much of the state override it, the rest return ``view``."""
        return self.view(state, player)

    @abstractmethod
    def result(self, state: StateT) -> JSONObject | None:
        """The result (engine spec shape) once the match is over, else ``None``."""

    def end_label(self, config: Config, result: JSONObject) -> str | None:
        """How a finished match ended, in a word, for reports (the simulator's
        "ends"); a reporting aid, never part of the result. The default is the
        result's ``details.end_condition``, else ``end_reason``, else ``outcome``
        (the first that is a string); games whose words depend on the variant,
        or whose result names no end, override it."""
        return details_end_label(result.get("details") or {})

    def placings(self, result: JSONObject, players: Sequence[str] = ()) -> Placings:
        """The places of ``result``'s table, best first: ``(label, players)`` pairs.

        Default (engine spec "result", convention 5): the ``ranking``'s tie groups,
        numbered as the web result card numbers them (``"1"``, ``"2="`` for a
        tie, the next place counting the players above; the EC stands alone last
        once known); with no ranking (``null``), the players holding Tokens of
        Life, most first, then the rest of ``players`` (``"–"``), then the EC
        (:func:`~mainmatch.engine.ranking.by_awards`). A game whose rules rank
        otherwise overrides it (Second to Won: first, second, over the limit,
        the EC). Adapters list any player not placed after the places.
        """
        ranking = result.get("ranking")
        if ranking:
            return numbered(ranking)
        return by_awards(result, players)

    def complete_action(
        self, state: StateT, player: str, sent: object, rng: random.Random
    ) -> tuple[object, bool]:
        """A host's merge of a partial submission into a whole action, for games
        whose rules default the missing parts (The Amalgamation, amalgamation spec §3.1). Returns
        ``(action, defaulted)``: ``defaulted`` is true when anything was filled in
        (the record then lists the player in ``defaulted``). Validate the result
        as usual. Most games take actions whole: the asked unit's
        :meth:`~mainmatch.engine.unit.Step.complete` returns ``sent``.
        """
        unit = self.asks(state)
        return (sent, False) if unit is None else unit.complete(state, player, sent, rng)

    def players(self, state: StateT) -> list[str]:
        """The config ``players`` of the match ``state`` belongs to."""
        return list(self.view(state, None)["players"])

    # ----------------------------------------------------------- people

    def rules_summary(self) -> str:
        """The rules in Markdown for ``mainmatch rules`` and the pages: by default
        the ``rules.md`` file beside the game's module."""
        module = sys.modules[type(self).__module__]
        path = Path(str(module.__file__)).with_name("rules.md")
        return path.read_text(encoding="utf-8")

    def render_event(self, event: Event) -> str:
        """One event as Discord-ready Markdown. Games override this for every
        event type they emit; the fallback lists the fields."""
        fields = ", ".join(f"{k}: {v}" for k, v in event.items() if k not in ("audience", "type"))
        return f"**{event['type'].replace('_', ' ')}** {fields}".strip()

    # ----------------------------------------------------------- schemas

    def config_schema(self) -> JSONObject:
        return self.config_model.model_json_schema()

    def action_schema(self, kind: str) -> JSONObject:
        """JSON Schema of the action of step ``kind``."""
        try:
            model = self.action_models[kind]
        except KeyError:
            raise IllegalAction(
                f"{self.id} has no step kind {kind!r}; kinds: {', '.join(self.action_models)}"
            ) from None
        return model.model_json_schema()
