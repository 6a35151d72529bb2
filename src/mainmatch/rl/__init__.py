"""Research API: PettingZoo and Gymnasium environments for every game.

Install with ``pip install "mainmatch[rl]"``::

    from mainmatch import rl
    aec = rl.env("seat_exchange")               # PettingZoo AEC
    par = rl.parallel_env("mvp")                # PettingZoo Parallel
    gym_env = rl.single_agent("amalgamation", seat=0, opponents="strategy")

Every registered game has them, a game installed as a package too: they are
read off the game's step descriptions and views (``gamespec.py``). Observations
come from the acting player's own view and request only, as a documented
fixed-length float vector plus an ``action_mask`` (docs/rl.md, or
``rl.describe(game_id)``); structured actions are decomposed into discrete
sub-decisions whose masks keep every bound the descriptions state.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from mainmatch.engine.errors import MainmatchError

from .gamespec import game_ids, spec
from .table import Rewards

if TYPE_CHECKING:  # they need the ``rl`` extra: loaded when first asked for
    from .aec import MainMatchAEC
    from .parallel import MainMatchParallel
    from .single import Opponents, SingleAgentEnv

__all__ = ["Rewards", "describe", "env", "game_ids", "parallel_env", "single_agent", "spec"]


def _load(module: str) -> ModuleType:
    """A module of this package that needs the ``rl`` extra, with a clear error
    naming the extra when PettingZoo or Gymnasium is missing."""
    try:
        return import_module(f"mainmatch.rl.{module}")
    except ModuleNotFoundError as exc:
        if exc.name in ("pettingzoo", "gymnasium"):
            raise MainmatchError(
                f'mainmatch.rl needs {exc.name}: pip install "mainmatch[rl]"'
            ) from None
        raise


def env(game_id: str, **options: Any) -> MainMatchAEC:
    """A PettingZoo AEC environment of ``game_id``. Options: ``render_mode``
    (``"ansi"``), ``players``, ``configs`` (``"random"``, the default, as
    ``mainmatch simulate`` plays: varied host inputs; ``"plain"``: the host-input
    defaults), ``config_options`` (host inputs, implying ``plain``; ``variant``),
    ``config_fn``, ``rewards`` (``Rewards``, a mapping of its fields, or
    ``fn(result, player)``)."""
    made: MainMatchAEC = _load("aec").MainMatchAEC(game_id, **options)
    return made


def parallel_env(game_id: str, **options: Any) -> MainMatchParallel:
    """A PettingZoo Parallel environment of ``game_id`` (options as ``env``)."""
    made: MainMatchParallel = _load("parallel").MainMatchParallel(game_id, **options)
    return made


def single_agent(
    game_id: str, seat: int | str = 0, opponents: Opponents = "strategy", **options: Any
) -> SingleAgentEnv:
    """A Gymnasium environment of ``game_id`` for ``seat`` with bots elsewhere."""
    made: SingleAgentEnv = _load("single").SingleAgentEnv(
        game_id, seat=seat, opponents=opponents, **options
    )
    return made


def describe(game_id: str) -> str:
    """Markdown: the observation layout, the decisions and the limits of ``game_id``."""
    from .docs import describe as _describe

    return _describe(game_id)
