"""What a simulation plays: the game, the bots at the table, the seeds.

A simulation of ``n`` matches is fully described by a :class:`SimPlan`.
Match ``i`` depends only on the plan and ``i``: its seed is derived from
``(seed, i)`` (:func:`match_seed`), so the figures are the same whatever the
number of workers or the back-end that plays it.

The bot list (``--bots strategy,random``) names one bot per seat, or fewer:
it is cycled to fill the table (``a,b`` at a 6-player table is
``a,b,a,b,a,b``). A name may carry a seat count, ``NAME:N``: it then fills
exactly ``N`` seats, and the names without a count are cycled over the seats
left (``found:1,strategy`` at a 13-player table is one ``found`` and twelve
``strategy``; ``a:2,b,c`` at 6 is ``a,a,b,c,b,c``), placed where the first of
them is listed. Then, per match, the lineup is seated:

- ``rotate`` (default): match ``i`` shifts the lineup by ``i`` seats, so over
  any table-size consecutive matches every bot sits in every seat
  equally often and keeps its neighbours;
- ``shuffle``: a permutation of the lineup drawn from the match seed (bots
  meet in every arrangement);
- ``fixed``: the lineup as given, seat ``k`` = ``players[k]`` (to ask "how
  does seat 3 fare with these exact opponents").
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.bots.families import check_tuned
from mainmatch.engine.errors import InvalidConfig, MainmatchError
from mainmatch.engine.game import Game, JSONObject, State
from mainmatch.engine.variants import check_variant

SEATINGS = ("rotate", "shuffle", "fixed")
#: how match configs are made: ``random`` = ``Game.random_config`` (host inputs
#: varied as the game's random records vary them), ``plain`` = ``Game.new_config``
#: with the host-input defaults (no garnets, ``gamewide_tiebreak`` = ``players``).
CONFIGS = ("random", "plain")


@dataclass(frozen=True)
class SimPlan:
    game: str
    #: one bot name per seat (already cycled to the table size)
    lineup: tuple[str, ...]
    matches: int
    seed: int = 0
    seating: str = "rotate"
    configs: str = "random"
    #: seconds a bot may think per action (``None``: no limit)
    time_limit: float | None = 5.0
    #: keep rules (``mainmatch.sim.keep``), as written on the command line
    keep: tuple[str, ...] = field(default_factory=tuple)
    #: modules registering more bots (dotted names or ``.py`` paths), imported
    #: here and in every worker before play
    bot_modules: tuple[str, ...] = field(default_factory=tuple)
    #: the rule variant played (``{KEY: VALUE}``, only keys that differ); empty:
    #: the official rules, whose configs carry no variant field
    variant: dict[str, int] = field(default_factory=dict)
    #: tuned bots (``simulate --bot-params``, ``search``): name -> (family, params)
    tuned: dict[str, tuple[str, JSONObject]] = field(default_factory=dict)

    @property
    def bots(self) -> list[str]:
        """The distinct bots, in order of first appearance in the lineup."""
        return list(dict.fromkeys(self.lineup))


def seat_count(game: Game[State], players: int | None) -> int:
    """The table size of a simulation (``--players``): ``players`` when given,
    within the game's range (else one line in ``Game.takes_players``' words),
    else the game's default count (as many as its ``default_players``: the
    one number of a game for exactly N players)."""
    if players is None:
        return game.default_count()
    why = game.takes_players(players)
    if why is not None:
        raise MainmatchError(f"--players: {why}")
    return players


def make_plan(
    game_id: str,
    bots: str | list[str],
    matches: int,
    *,
    seed: int = 0,
    seating: str = "rotate",
    configs: str = "random",
    time_limit: float | None = 5.0,
    keep: tuple[str, ...] = (),
    bot_modules: tuple[str, ...] = (),
    variant: dict[str, int] | None = None,
    tuned: dict[str, tuple[str, JSONObject]] | None = None,
    players: int | None = None,
) -> SimPlan:
    """Check the user's choices and build the plan; errors are one clear line.
    ``players``: the table size (see :func:`seat_count`)."""
    game = games.get(game_id)
    seats = seat_count(game, players)
    load_bot_modules(bot_modules)
    try:
        variant = check_variant(game, variant) if variant else {}
    except InvalidConfig as exc:
        raise MainmatchError(str(exc)) from None
    tuned = dict(tuned or {})
    for name, (family, params) in tuned.items():
        tuned[name] = (family, check_tuned(game_id, family, params))
    items = (
        [b.strip() for b in bots.split(",")]
        if isinstance(bots, str)
        else [str(b).strip() for b in bots]
    )
    if not items or any(not b for b in items):
        raise MainmatchError(
            f"--bots needs bot names separated by commas, e.g. strategy,random; bots for {game_id}: {', '.join(bot_names(game_id))}"
        )
    known = bot_names(game_id) + sorted(tuned)
    counted = [_counted(item) for item in items]
    for b, _ in counted:
        if b not in known:
            raise MainmatchError(f"no bot {b!r} for {game_id}; bots: {', '.join(known)}")
    lineup = fill_lineup(counted, seats, game.title)
    if matches < 1:
        raise MainmatchError(f"the number of matches must be at least 1, not {matches}")
    if seating not in SEATINGS:
        raise MainmatchError(f"unknown seating {seating!r}; use one of {', '.join(SEATINGS)}")
    if configs not in CONFIGS:
        raise MainmatchError(f"unknown configs {configs!r}; use one of {', '.join(CONFIGS)}")
    if time_limit is not None and time_limit <= 0:
        time_limit = None
    from .keep import parse_keep  # local: keep imports plan's neighbours only

    parse_keep(keep)  # reject a bad rule before any match is played
    # a file is named by its absolute path: workers need not share our directory
    modules = tuple(str(Path(m).resolve()) if m.endswith(".py") else m for m in bot_modules)
    return SimPlan(
        game_id,
        lineup,
        matches,
        seed,
        seating,
        configs,
        time_limit,
        tuple(keep),
        modules,
        variant,
        tuned,
    )


def _counted(item: str) -> tuple[str, int | None]:
    """``NAME`` -> ``(NAME, None)``; ``NAME:N`` -> ``(NAME, N)`` with ``N >= 1``."""
    name, colon, count = item.partition(":")
    if not colon:
        return item, None
    try:
        n = int(count.strip())
    except ValueError:
        n = 0
    if n < 1:
        raise MainmatchError(
            f"--bots {item}: NAME:N takes a whole number of seats N >= 1, e.g. found:1,strategy"
        )
    return name.strip(), n


def fill_lineup(counted: list[tuple[str, int | None]], seats: int, title: str) -> tuple[str, ...]:
    """One bot per seat from ``[(name, seats or None)]`` (module doc).

    >>> fill_lineup([("found", 1), ("strategy", None)], 4, "t")
    ('found', 'strategy', 'strategy', 'strategy')
    >>> fill_lineup([("a", None), ("b", None)], 5, "t")
    ('a', 'b', 'a', 'b', 'a')
    """
    fixed = sum(n for _, n in counted if n is not None)
    free = [name for name, n in counted if n is None]
    if fixed > seats or (fixed == 0 and len(free) > seats):
        named = fixed if fixed else len(free)
        raise MainmatchError(
            f"{title} seats {seats} players but --bots names {named}; name at most {seats} (the list is cycled to fill the table)"
        )
    left = seats - fixed
    if left and not free:
        raise MainmatchError(
            f"--bots fills {fixed} of {title}'s {seats} seats; add a bot without a count for the other {left} (e.g. found:1,strategy)"
        )
    if len(free) > left:
        raise MainmatchError(
            f"--bots: {len(free)} bots without a count for the {left} seats left; name at most {left}"
        )
    lineup: list[str] = []
    for k, (name, n) in enumerate(counted):
        if n is not None:
            lineup += [name] * n
        elif k == next(i for i, (_, c) in enumerate(counted) if c is None):
            lineup += [free[j % len(free)] for j in range(left)]
    return tuple(lineup)


def load_bot_modules(modules: tuple[str, ...]) -> None:
    """Import modules that register bots (``mainmatch.bots.register``): a dotted
    module name, or the path of a ``.py`` file. Importing twice is harmless."""
    for module in modules:
        try:
            if module.endswith(".py"):
                path = Path(module).resolve()
                name = "mainmatch_user_bots_" + hashlib.sha256(str(path).encode()).hexdigest()[:12]
                if name in sys.modules:
                    continue
                spec = importlib.util.spec_from_file_location(name, path)
                if spec is None or spec.loader is None:
                    raise MainmatchError(f"--bot-module {module}: not a Python file")
                loaded = importlib.util.module_from_spec(spec)
                sys.modules[name] = loaded
                spec.loader.exec_module(loaded)
            else:
                importlib.import_module(module)
        except MainmatchError:
            raise
        except FileNotFoundError:
            raise MainmatchError(f"--bot-module {module}: no such file") from None
        except ImportError as exc:
            raise MainmatchError(f"--bot-module {module}: cannot import it ({exc})") from None


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation seeded ``seed`` (64 bits).

    >>> match_seed(0, 0) == match_seed(0, 0) != match_seed(0, 1)
    True
    """
    digest = hashlib.sha256(f"mainmatch-sim/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(plan: SimPlan, index: int, rng_seed: int) -> list[str]:
    """The bot in each seat of match ``index`` (see module doc).

    >>> plan = SimPlan("seat_exchange", ("a", "b", "c"), 3)
    >>> seat_bots(plan, 1, 0)
    ['c', 'a', 'b']
    """
    lineup = list(plan.lineup)
    if plan.seating == "fixed":
        return lineup
    if plan.seating == "shuffle":
        random.Random(rng_seed ^ 0x5EA7).shuffle(lineup)
        return lineup
    k = index % len(lineup)
    return lineup[-k:] + lineup[:-k] if k else lineup


def ready_games() -> list[str]:
    """Ids of the registered games."""
    return games.ids()
