"""Parameterised bot families: one strategy idea, its numbers left open.

A family is a bot whose habits are numbers (what it spends per round, when it
trades, its target): ``mainmatch search`` tunes them with optuna to find plans
that win far more than their share. Every family is also registered as a
plain bot (its name, default parameters), so ``--bots saver`` plays it.

A *tuned bot* is a family with chosen parameters, saved as a JSON file
(``{"format": "mainmatch-bot/1", "game", "family", "params", "name"}``) that
``simulate --bot-params FILE`` loads; the file's ``name`` is then a bot name
for ``--bots``. Like every bot, a family sees only its player's view.

A *mixture* file (``"kind": "mixture"``, written by ``mainmatch balance
--save-bot``) names a profile of policies with weights instead
(``"components": [{"weight": 0.7, "bot": "strategy"}, {"weight": 0.3,
"family": "saver", "params": {...}}]``): each seat it holds plays one
component for the whole match, drawn from the match seed and the seat
(:func:`mixture_draw`), so a mixture table is as reproducible as any other.
Inside the simulator a mixture is the tuned bot ``(MIXTURE, {"components":
[...]})``. Files without ``kind`` are single tuned bots, as before. A learned file
(``"format": "mainmatch-learned/1"``, ``mainmatch train``) travels as the tuned
bot ``(LEARNED, {"file": ...})`` (``bots/learned.py``).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from typing import Any

from mainmatch.bots.base import Bot, bot_names, get_bot
from mainmatch.bots.learned import FORMAT as LEARNED_FORMAT
from mainmatch.bots.learned import LEARNED, check_learned, make_learned
from mainmatch.engine.bots import Family, Param, add_family, registered_families
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

# the families' base lives in the engine (a game's families import only the engine);
# still importable from here
__all__ = ["Family", "Param", "add_family", "families", "get_family"]

BOT_FORMAT = "mainmatch-bot/1"
#: the family name under which a mixture travels in ``SimPlan.tuned``
MIXTURE = "mixture"


def families(game_id: str) -> dict[str, Family]:
    """The families of ``game_id`` by name (possibly none): the game's ``bots/families.py``,
    imported with the game's bots."""
    bot_names(game_id)
    return registered_families(game_id)


def get_family(game_id: str, name: str) -> Family:
    found = families(game_id)
    if name not in found:
        listed = ", ".join(found) or "none yet"
        raise MainmatchError(f"no bot family {name!r} for {game_id}; families: {listed}")
    return found[name]


def tuned_bot_file(game_id: str, family: str, params: Mapping[str, Any], name: str) -> JSONObject:
    """The JSON of a tuned bot, for ``simulate --bot-params``."""
    return {
        "format": BOT_FORMAT,
        "game": game_id,
        "family": family,
        "name": name,
        "params": dict(params),
    }


def mixture_bot_file(game_id: str, components: list[dict[str, Any]], name: str) -> JSONObject:
    """The JSON of a mixture (see module doc), for ``simulate --bot-params``."""
    return {
        "format": BOT_FORMAT,
        "kind": MIXTURE,
        "game": game_id,
        "name": name,
        "components": [dict(c) for c in components],
    }


def read_tuned_bot(data: Any, where: str) -> tuple[str, str, str, dict[str, Any]]:
    """``(game, family, name, params)`` of a tuned bot file's JSON, checked; a
    mixture file gives ``(game, MIXTURE, name, {"components": [...]})``."""
    if isinstance(data, dict) and data.get("format") == LEARNED_FORMAT:
        learned = check_learned(data, where)
        return learned["game"], LEARNED, learned["name"], {"file": learned}
    if not isinstance(data, dict) or data.get("format") != BOT_FORMAT:
        raise MainmatchError(
            f'{where}: not a tuned bot file (needs "format": "{BOT_FORMAT}", '
            f'or "{LEARNED_FORMAT}" for a learned bot)'
        )
    kind = data.get("kind", "family")
    if kind not in ("family", MIXTURE):
        raise MainmatchError(f"{where}: unknown kind {kind!r}; kinds: family, {MIXTURE}")
    body = ("params", dict) if kind == "family" else ("components", list)
    for key, type_ in (("game", str), ("name", str), body):
        if not isinstance(data.get(key), type_):
            raise MainmatchError(f"{where}: {key!r} must be a {type_.__name__}")
    name = data["name"]
    if not name or "," in name or name.strip() != name:
        raise MainmatchError(f"{where}: name must be a bot name without commas or spaces")
    game = data["game"]
    try:
        if kind == MIXTURE:
            return (
                game,
                MIXTURE,
                name,
                check_tuned(game, MIXTURE, {"components": data["components"]}),
            )
        if not isinstance(data.get("family"), str):
            raise MainmatchError("'family' must be a str")
        return game, data["family"], name, get_family(game, data["family"]).checked(data["params"])
    except MainmatchError as exc:
        raise MainmatchError(f"{where}: {exc}") from None


def check_tuned(game_id: str, family: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The checked parameters of a tuned bot or a mixture (one line on a fault);
    a mixture's weights come back normalised to sum 1; a learned file is checked whole."""
    if family == LEARNED:
        learned = check_learned(params.get("file"), "learned bot")
        if learned["game"] != game_id:
            raise MainmatchError(f"the learned bot plays {learned['game']}, not {game_id}")
        return {"file": learned}
    if family != MIXTURE:
        return get_family(game_id, family).checked(params)
    components = params.get("components")
    if not isinstance(components, list) or not components:
        raise MainmatchError("a mixture needs a non-empty list of components")
    out: list[dict[str, Any]] = []
    for k, comp in enumerate(components):
        if not isinstance(comp, dict):
            raise MainmatchError(f"mixture component {k}: must be an object")
        weight = comp.get("weight")
        if (
            isinstance(weight, bool)
            or not isinstance(weight, (int, float))
            or not math.isfinite(weight)
            or weight <= 0
        ):
            raise MainmatchError(f"mixture component {k}: weight must be a number above 0")
        if ("bot" in comp) == ("family" in comp):
            raise MainmatchError(f"mixture component {k}: give either a bot or a family")
        if "bot" in comp:
            known = bot_names(game_id)
            if comp["bot"] not in known:
                raise MainmatchError(
                    f"mixture component {k}: no bot {comp['bot']!r} for {game_id}; bots: {', '.join(known)}"
                )
            out.append({"weight": float(weight), "bot": comp["bot"]})
        else:
            if not isinstance(comp["family"], str) or not isinstance(comp.get("params", {}), dict):
                raise MainmatchError(
                    f"mixture component {k}: family must be a name, params an object"
                )
            if comp["family"] == LEARNED:  # a learned file as a component (balance --check)
                checked = check_tuned(game_id, LEARNED, comp.get("params", {}))
            else:
                checked = get_family(game_id, comp["family"]).checked(comp.get("params", {}))
            out.append({"weight": float(weight), "family": comp["family"], "params": checked})
    total = math.fsum(c["weight"] for c in out)
    for c in out:
        c["weight"] = c["weight"] / total
    return {"components": out}


def mixture_draw(components: list[dict[str, Any]], match_seed: int, seat: int) -> dict[str, Any]:
    """The component seat ``seat`` plays in the match seeded ``match_seed``:
    a uniform number from a hash of both, against the cumulative weights (no
    draw from the match's own generator, whose stream the other bots share)."""
    digest = hashlib.sha256(f"mainmatch-mixture/{match_seed}/{seat}".encode()).digest()
    u = int.from_bytes(digest[:7], "big") / 2**56
    acc = 0.0
    for comp in components:
        acc += comp["weight"]
        if u < acc:
            return comp
    return components[-1]  # rounding: the weights sum to 1 within a few ulps


def make_tuned(
    game_id: str, family: str, params: Mapping[str, Any], match_seed: int = 0, seat: int = 0
) -> Bot:
    """A new bot for a tuned bot or a mixture (checked parameters); a mixture
    seat plays the component drawn for ``(match_seed, seat)``, a learned
    file's seat the member drawn for them."""
    if family == LEARNED:
        learned: Bot = make_learned(params["file"], match_seed, seat)
        return learned
    if family != MIXTURE:
        return get_family(game_id, family).bot(params)
    comp = mixture_draw(params["components"], match_seed, seat)
    if "bot" in comp:
        return get_bot(game_id, comp["bot"])
    if comp["family"] == LEARNED:
        drawn: Bot = make_learned(comp["params"]["file"], match_seed, seat)
        return drawn
    return get_family(game_id, comp["family"]).bot(comp["params"])
