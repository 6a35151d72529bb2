"""The step kind as one unit: ``Step[Request, Action]`` (docs/engine.md "Step units").

A step kind of a game (Seat Exchange's ``trades``, the shared ``choose_ec``)
is, in one place:

- its **request type** (``Request``, the declared pydantic model of what the
  player is sent: a ``RequestBase`` of ``engine/declared.py``; ``Game.request_types``
  is read off the units, and the contract checks validate every request against
  it) and its **action model** (``Action``, the pydantic model of what may be sent);
- its **words**: the :class:`~mainmatch.engine.steps.StepDescription` the
  web form, Discord, echoes, RL and the view-only random bot read (held, not
  copied: :attr:`Step.description`);
- its **handlers**: who acts and what each is sent (:meth:`Step.requests`),
  the rules' check of one action (:meth:`Step.validate`), the rules' default
  at a deadline (:meth:`Step.default`), a random legal action
  (:meth:`Step.random`), the resolution (:meth:`Step.resolve`), and the fast
  paths that shortcut them, each beside the rule it shortcuts
  (:meth:`Step.players`, :meth:`Step.resolve_checked`, :meth:`Step.next_state`,
  :meth:`Step.checked_next_state`, :meth:`Step.complete`).

The game keeps only its state machine: which phase asks which step
(``Game.phases``, or ``Game.asks`` where the phase is not a field). The
``Game`` base class's ``requests``, ``validate``, ``apply`` and the rest
dispatch to the unit the state asks, so every caller of the dict-based Game
API (the driver, replay, the host, bots, RL) is unchanged.

States are the game's own type: the handlers take ``state: Any`` here so that
a game's unit declares its own state type on each handler.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from random import Random
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from .declared import RequestBase
from .steps import StepDescription

#: the declared request a step sends one player (its ``RequestBase`` model); the
#: requests themselves are the JSON objects the model describes
RequestT_co = TypeVar("RequestT_co", bound=RequestBase, covariant=True)
#: the step's action model
ActionT_co = TypeVar("ActionT_co", bound=BaseModel, covariant=True)
#: what a step's resolution returns: the new state and the step's events
Resolved = tuple[Any, list[dict[str, Any]]]


class Step(ABC, Generic[RequestT_co, ActionT_co]):
    """One step kind of a game: its request type, action model, words and
    handlers. Subclasses set :attr:`description` (and :attr:`request_type`)
    and implement :meth:`requests`, :meth:`validate`, :meth:`default`,
    :meth:`random` and :meth:`resolve`; the fast paths default to the plain
    handlers.

    The actions handed to the handlers are the JSON objects players send
    (``dict``), as recorded: the action model describes them, and a game
    checks them rule by rule in :meth:`validate` so that the refusal names the
    rule in the player's words.
    """

    #: the step's words and inputs (``engine/steps.py``); its ``action`` is the
    #: action model and its ``kind`` the step kind
    description: StepDescription
    #: the declared request (a ``RequestBase`` model) that describes each of
    #: :meth:`requests`' values: ``Game.request_types`` is read off the units and
    #: the contract checks validate every request against it; ``None`` where the
    #: game has not declared one
    request_type: type[RequestT_co] | None = None
    #: whether the unit overrides :meth:`plainly_legal` / :meth:`checked_next_state`
    #: (set per class: ``Game`` skips the call to the defaults on its hot path)
    has_fast_check: ClassVar[bool] = False
    has_checked_step: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.has_fast_check = cls.plainly_legal is not Step.plainly_legal
        cls.has_checked_step = cls.checked_next_state is not Step.checked_next_state

    @property
    def kind(self) -> str:
        """The step kind: ``request["kind"]`` and the key of ``Game.action_models``."""
        return self.description.kind

    @property
    def action(self) -> type[BaseModel]:
        """The action model (the description's)."""
        return self.description.action

    # ------------------------------------------------------------ who acts

    @abstractmethod
    def requests(self, state: Any) -> dict[str, dict[str, Any]]:
        """``{player: request}`` for everyone this step asks, in the order of play:
        JSON objects of the shape :attr:`request_type` declares."""

    def players(self, state: Any) -> Sequence[str]:
        """Who acts, in :meth:`requests`' order, without building the requests
        (the driver's and replay's fast path; ``Game.pending_players``)."""
        return list(self.requests(state))

    def acts(self, state: Any, player: str) -> bool:
        """Whether ``player`` is asked to act now (``validate``'s first check)."""
        return player in self.players(state)

    def plainly_legal(self, state: Any, player: str, action: object) -> bool:
        """The fast path of ``Game.validate``: true only when ``player`` is
        asked and :meth:`validate` would accept ``action`` (false says
        nothing: the plain checks then run and word the fault). Units whose
        commonest actions can be accepted in one pass override it."""
        return False

    def not_asked(self, state: Any, player: str) -> str:
        """The refusal, in the player's words, for a player of the match whom
        this step does not ask (``Game.validate``)."""
        return f"{player} has nothing to do now"

    # ------------------------------------------------------------ the rules

    @abstractmethod
    def validate(self, state: Any, player: str, action: object) -> None:
        """Raise ``IllegalAction`` naming the broken rule unless ``action`` is
        legal for ``player`` (who :meth:`acts`)."""

    @abstractmethod
    def default(self, state: Any, player: str, rng: Random) -> dict[str, Any]:
        """The rules' action for a player who sends nothing by the deadline."""

    @abstractmethod
    def random(self, state: Any, player: str, rng: Random) -> dict[str, Any]:
        """A legal action drawn so that random play reaches every branch, reading
        only what ``player`` may know unless the game says otherwise
        (``Game.random_reads_secrets``)."""

    @abstractmethod
    def resolve(self, state: Any, actions: dict[str, dict[str, Any]]) -> Resolved:
        """Apply the step (one action per asked player): the new state and the
        step's events. Never changes ``state``."""

    def complete(self, state: Any, player: str, sent: object, rng: Random) -> tuple[object, bool]:
        """A partial submission made whole by the rules' defaults, and whether
        anything was filled in (``Game.complete_action``); most steps take
        actions whole."""
        return sent, False

    # ------------------------------------------------------------ fast paths

    def resolve_checked(self, state: Any, actions: dict[str, dict[str, Any]]) -> Resolved:
        """:meth:`resolve` for a step the driver has checked (``Game.apply_validated``)."""
        return self.resolve(state, actions)

    def next_state(self, state: Any, actions: dict[str, dict[str, Any]]) -> Any:
        """The state after a checked step without its events (``Game.next_state``)."""
        return self.resolve_checked(state, actions)[0]

    def checked_next_state(self, state: Any, actions: dict[str, dict[str, Any]]) -> Any | None:
        """The next state when every action is plainly legal, else ``None``
        (``Game.checked_next_state``; replay then validates rule by rule)."""
        return None


#: some game's step unit, whatever its request and action types (``Game.phases``)
SomeStep = Step[RequestBase, BaseModel]
