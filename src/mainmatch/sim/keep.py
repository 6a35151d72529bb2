"""Which matches' records ``--save-records DIR`` keeps (``--keep RULE``, repeatable).

A match is kept when any rule matches it:

- ``first:N``: the first ``N`` matches (indices ``0..N-1``); the default;
- ``end:LABEL``: matches whose end label is ``LABEL`` (the result's
  ``details.end_condition``, ``end_reason`` or ``outcome``, whichever the
  game has: ``end:over_200`` keeps each premature end of Second to Won,
  ``end:streak`` each streak end of Seat Exchange);
- ``faults``: matches where some bot raised, timed out or sent an illegal action;
- ``match:I,J,...``: those match indices (as listed in ``matches.json``);
- ``all``: every match (large: records are a few kB each).

Rules are decided in the worker right after its match, so only kept
records travel back to the main process.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mainmatch.engine.errors import MainmatchError

DEFAULT_KEEP = ("first:10",)

_HELP = "use first:N, end:LABEL, faults, match:I,J or all"


@dataclass(frozen=True)
class KeepRule:
    kind: str  # "first" | "end" | "faults" | "match" | "all"
    count: int = 0
    label: str = ""
    indices: frozenset[int] = frozenset()

    def wants(self, index: int, end: str | None, faults: int) -> bool:
        if self.kind == "all":
            return True
        if self.kind == "first":
            return index < self.count
        if self.kind == "end":
            return end == self.label
        if self.kind == "faults":
            return faults > 0
        return index in self.indices


def parse_rule(text: str) -> KeepRule:
    """One ``--keep`` value as a rule; a bad one raises a one-line error.

    >>> parse_rule("first:3").wants(2, None, 0), parse_rule("end:streak").wants(9, "rounds", 0)
    (True, False)
    """
    kind, _, arg = str(text).strip().partition(":")
    if kind == "all" and not arg:
        return KeepRule("all")
    if kind == "faults" and not arg:
        return KeepRule("faults")
    if kind == "first":
        if not arg.isdigit():
            raise MainmatchError(f"--keep {text}: first:N needs a whole number N, e.g. first:10")
        return KeepRule("first", count=int(arg))
    if kind == "end":
        if not arg:
            raise MainmatchError(f"--keep {text}: end:LABEL needs the end label, e.g. end:over_200")
        return KeepRule("end", label=arg)
    if kind == "match":
        parts = [p.strip() for p in arg.split(",")]
        if not arg or not all(p.isdigit() for p in parts):
            raise MainmatchError(f"--keep {text}: match:I,J needs match indices, e.g. match:0,17")
        return KeepRule("match", indices=frozenset(int(p) for p in parts))
    raise MainmatchError(f"--keep {text}: unknown rule; {_HELP}")


def parse_keep(rules: Iterable[str]) -> tuple[KeepRule, ...]:
    return tuple(parse_rule(r) for r in rules)


def wanted(rules: tuple[KeepRule, ...], index: int, end: str | None, faults: int) -> bool:
    return any(r.wants(index, end, faults) for r in rules)
