"""Deadline policies: when an open step resolves by itself.

A policy is set per step kind (the ``kind`` of the pending requests):

- ``manual``: no deadline; the host resolves;
- ``minutes:N``: N minutes after the step opens (N may have a fraction:
  ``minutes:0.5`` is 30 seconds);
- ``daily:HH:MM``: at the first HH:MM UTC after the step opens.

The defaults come from the game's ``step_daily_at`` (a daily time the seed
names: ``daily:HH:MM``) or ``step_minutes`` (the time the seed gives each step
kind): ``minutes:N``, or ``manual`` where the seed sets no time.
At the deadline, every pending player who has not submitted gets the rules'
default action (``Game.default_action``), recorded as defaulted.
"""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime, timedelta

from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import Game, State

_MINUTES = re.compile(r"minutes:(\d+(?:\.\d+)?)")
_DAILY = re.compile(r"daily:(\d{1,2}):(\d{2})")


class PolicyError(MainmatchError):
    """A deadline policy that cannot be read."""


def parse_policy(policy: object) -> tuple[str, float | tuple[int, int] | None]:
    """``("manual", None)``, ``("minutes", N)`` or ``("daily", (HH, MM))``.

    >>> parse_policy("minutes:90"), parse_policy("daily:18:30"), parse_policy("manual")
    (('minutes', 90.0), ('daily', (18, 30)), ('manual', None))
    """
    if not isinstance(policy, str):
        raise PolicyError(
            f'a deadline policy is a string like "manual", "minutes:60" or "daily:18:00", not {policy!r}'
        )
    text = policy.strip()
    if text == "manual":
        return "manual", None
    m = _MINUTES.fullmatch(text)
    if m:
        minutes = float(m.group(1))
        if not 0 < minutes <= 60 * 24 * 366:
            raise PolicyError(f"{policy!r}: the minutes must be more than 0 and at most a year")
        return "minutes", minutes
    m = _DAILY.fullmatch(text)
    if m:
        hh, mm = int(m.group(1)), int(m.group(2))
        if hh > 23 or mm > 59:
            raise PolicyError(f"{policy!r}: the time must be HH:MM between 00:00 and 23:59 (UTC)")
        return "daily", (hh, mm)
    raise PolicyError(
        f'unknown deadline policy {policy!r}; use "manual", "minutes:N" (N minutes after the step opens) or "daily:HH:MM" (UTC)'
    )


def normalize_policy(policy: object) -> str:
    """The canonical spelling of a valid policy (``minutes:90``, ``daily:08:05``)."""
    kind, value = parse_policy(policy)
    if kind == "minutes":
        assert isinstance(value, float)
        return f"minutes:{value:g}"
    if kind == "daily":
        assert isinstance(value, tuple)
        return f"daily:{value[0]:02d}:{value[1]:02d}"
    return "manual"


def default_policies(game: Game[State]) -> dict[str, str]:
    """Step kind -> the seed's time for it (``Game.step_minutes``), for every kind."""
    out = {}
    for kind in game.action_models:
        minutes = game.step_minutes.get(kind)
        if kind in game.step_daily_at:
            out[kind] = f"daily:{game.step_daily_at[kind]}"
        else:
            out[kind] = f"minutes:{minutes:g}" if minutes else "manual"
    return out


def check_policies(
    game: Game[State], given: object, base: dict[str, str] | None = None
) -> dict[str, str]:
    """``base`` (default: the game's defaults) updated with ``given`` ({kind: policy})."""
    out = dict(base if base is not None else default_policies(game))
    if given is None:
        return out
    if not isinstance(given, dict):
        raise PolicyError("deadlines must be an object {step kind: policy}")
    for kind, policy in given.items():
        if kind not in game.action_models:
            raise PolicyError(
                f"{game.id} has no step kind {kind!r}; kinds: {', '.join(game.action_models)}"
            )
        out[kind] = normalize_policy(policy)
    return out


def policy_words(policy: str) -> str:
    """A valid policy in a host's words (issue 34 item 11: no dict or spelling).

    >>> policy_words("manual"), policy_words("minutes:1440"), policy_words("minutes:1")
    ('resolved by the host', '1 day after the step opens', '1 minute after the step opens')
    >>> policy_words("minutes:0.5"), policy_words("minutes:90"), policy_words("daily:18:00")
    ('30 seconds after the step opens', '90 minutes after the step opens', 'every day at 18:00 UTC')
    """
    kind, value = parse_policy(policy)
    if kind == "manual":
        return "resolved by the host"
    if kind == "daily":
        assert isinstance(value, tuple)
        return f"every day at {value[0]:02d}:{value[1]:02d} UTC"
    assert isinstance(value, float)
    if value < 1:
        amount, unit = round(value * 60), "second"
    elif value % 1440 == 0:
        amount, unit = int(value // 1440), "day"
    elif value % 60 == 0 and value >= 120:
        amount, unit = int(value // 60), "hour"
    else:
        amount, unit = value, "minute"  # type: ignore[assignment]
    return f"{amount:g} {unit}{'' if amount == 1 else 's'} after the step opens"


def policies_words(game: Game[State], policies: dict[str, str]) -> str:
    """Each step kind's policy as a sentence part: "pay for trades: 1 day after
    the step opens; choose the Elimination Candidate: resolved by the host"."""
    parts = []
    for kind, policy in policies.items():
        try:
            name = game.step(kind).others_task()
        except MainmatchError:  # a kind the game no longer has: its name in words
            name = kind.replace("_", " ")
        parts.append(f"{name}: {policy_words(policy)}")
    return "; ".join(parts)


def deadline_after(policy: str, opened_at: float) -> float | None:
    """The deadline (UNIX seconds) of a step opened at ``opened_at`` under ``policy``.

    >>> deadline_after("minutes:1.5", 1000.0)
    1090.0
    >>> t = datetime(2025, 1, 1, 19, 0, tzinfo=UTC).timestamp()
    >>> datetime.fromtimestamp(deadline_after("daily:18:00", t), UTC).isoformat()
    '2025-01-02T18:00:00+00:00'
    """
    kind, value = parse_policy(policy)
    if kind == "manual":
        return None
    if kind == "minutes":
        assert isinstance(value, float)
        return opened_at + value * 60
    assert isinstance(value, tuple)
    opened = datetime.fromtimestamp(opened_at, UTC)
    at = opened.replace(hour=value[0], minute=value[1], second=0, microsecond=0)
    if at <= opened:
        at += timedelta(days=1)
    return at.timestamp()


def step_deadline(policies: dict[str, str], kinds: set[str], opened_at: float) -> float | None:
    """The deadline of an open step whose pending requests have ``kinds``: the
    earliest deadline among them (a step has one kind in every game so far)."""
    times = [
        t
        for k in sorted(kinds)
        if (t := deadline_after(policies.get(k, "manual"), opened_at)) is not None
    ]
    return min(times) if times else None


def discord_timestamp(at: float) -> str:
    """A deadline as Discord shows it to each reader in their own time zone.

    >>> discord_timestamp(1700000000.4)
    '<t:1700000000:F> (<t:1700000000:R>)'
    """
    unix = math.floor(at)
    return f"<t:{unix}:F> (<t:{unix}:R>)"


def utc_text(at: float) -> str:
    """``2025-01-02 18:00 UTC``."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")
