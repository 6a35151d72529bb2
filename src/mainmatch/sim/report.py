"""From match summaries to the figures a designer reads (and ``--json`` writes).

Every figure comes with its 95% interval: Wilson for rates, t for means,
both **clustered by match** (``stats``): the seats of one match share its
fixed handful of Tokens, so a row with several seats in a match (a bot in many
seats, a team) takes its variance from the matches, not from the seats as if
they were independent. A row with one seat per match (every seat row, a bot in
one seat) gets the plain Wilson and t intervals. A *row* gathers player-matches (one player in one match): per bot, per seat
(seat k = ``players[k]``), per team and per bot within a team when the game
has teams (see ``summary``). For each row:

- ``tol_rate``: share of player-matches with at least one Token of Life
  (void tokens count as none: the result lists none);
- ``mean_tol``: Tokens of Life per player-match;
- ``ec_rate``: share of player-matches that made the Elimination Candidate;
- ``mean_garnets``: garnets awarded per player-match (``garnets``, not net of
  ``garnets_spent``, which ``mean_garnets_spent`` gives);
- ``mean_rank``: rank per player-match (1 = best; ties share the best rank
  of their group), over matches with a ranking only (``null`` if none);
- ``faults``: the bot's raised / timeout / illegal actions (each replaced by
  the rules' default) and ``fault_rate`` per action asked.

Match-level: game length in steps, the share of each end label, the share of
matches with void Tokens of Life.

Summaries are sorted by match index before anything is summed, so the report
is the same, to the last digit, whatever the order in which workers finish.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from mainmatch import games
from mainmatch.bots.driver import FAULTS
from mainmatch.engine.game import JSONObject

from .plan import SimPlan
from .stats import clustered_mean, clustered_rate, mean_ci, wilson
from .summary import MatchSummary


@dataclass
class _Row:
    tokens: list[int] = field(default_factory=list)
    garnets: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    ec: int = 0
    decisions: int = 0
    faults: Counter[str] = field(default_factory=Counter[str])
    example: dict[str, str] = field(default_factory=dict)
    #: per match the row sat in: [match index, seats, ToL holders, tokens, ECs,
    #: garnets, garnets spent, rank sum, ranked seats] (the clusters of ``stats``)
    matches: list[list[int]] = field(default_factory=list)

    def add(self, s: MatchSummary, k: int, faults: list[tuple[str, str]]) -> None:
        self.tokens.append(s.tokens[k])
        self.garnets.append(s.garnets[k])
        self.spent.append(s.garnets_spent[k])
        if s.ranks is not None:
            self.ranks.append(s.ranks[k])
        self.ec += s.ec == k
        self.decisions += s.decisions[k]
        for kind, message in faults:
            self.faults[kind] += 1
            self.example.setdefault(kind, message)
        if not self.matches or self.matches[-1][0] != s.index:
            self.matches.append([s.index, 0, 0, 0, 0, 0, 0, 0, 0])
        m = self.matches[-1]
        ranked = s.ranks is not None
        for j, x in enumerate(
            (
                1,
                s.tokens[k] > 0,
                s.tokens[k],
                s.ec == k,
                s.garnets[k],
                s.garnets_spent[k],
                s.ranks[k] if s.ranks is not None else 0,
                ranked,
            ),
            start=1,
        ):
            m[j] += int(x)

    def column(self, j: int) -> list[int]:
        return [m[j] for m in self.matches]

    def _mean(self, j: int, values: list[int], sizes: int = 1) -> JSONObject:
        """The clustered mean of column ``j`` per seat (``sizes``: the column of
        seats counted), clipped to the range of ``values``."""
        sums, counts = self.column(j), self.column(sizes)
        kept = [(y, c) for y, c in zip(sums, counts, strict=True) if c]
        return clustered_mean(
            [y for y, _ in kept], [c for _, c in kept], (min(values), max(values))
        ).as_dict()

    def figures(self) -> JSONObject:
        n = len(self.tokens)
        faults = sum(self.faults.values())
        seats = self.column(1)
        return {
            "player_matches": n,
            "tol_rate": clustered_rate(self.column(2), seats).as_dict(),
            "mean_tol": self._mean(3, self.tokens),
            "ec_rate": clustered_rate(self.column(4), seats).as_dict(),
            "mean_garnets": self._mean(5, self.garnets),
            "mean_garnets_spent": self._mean(6, self.spent),
            "mean_rank": self._mean(7, self.ranks, sizes=8) if self.ranks else None,
            "decisions": self.decisions,
            "faults": {kind: self.faults[kind] for kind in FAULTS},
            # a fault rate per action asked: actions are not seats, so it stays plain Wilson
            "fault_rate": wilson(faults, self.decisions).as_dict() if self.decisions else None,
            "fault_examples": {kind: self.example[kind] for kind in FAULTS if kind in self.example},
            "tol_histogram": _histogram(self.tokens),
            "garnets_histogram": _histogram(self.garnets),
            "rank_histogram": _histogram(self.ranks),
        }


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(v): counts[v] for v in sorted(counts)}


def build_report(plan: SimPlan, summaries: Iterable[MatchSummary]) -> JSONObject:
    """The report (a JSON-able dict) of ``plan``'s played ``summaries``."""
    game = games.get(plan.game)
    ordered = sorted(summaries, key=lambda s: s.index)
    by_bot: dict[str, _Row] = {b: _Row() for b in plan.bots}
    by_seat: dict[int, _Row] = {}
    by_team: dict[str, _Row] = {}
    by_bot_team: dict[tuple[str, str], _Row] = {}
    lengths: list[int] = []
    ends: Counter[str | None] = Counter()
    void = 0
    for s in ordered:
        lengths.append(s.steps)
        ends[s.end] += 1
        void += s.void
        faults_of: dict[int, list[tuple[str, str]]] = {}
        for seat, kind, message in s.faults:
            faults_of.setdefault(seat, []).append((kind, message))
        for k, bot in enumerate(s.bots):
            mine = faults_of.get(k, [])
            by_bot.setdefault(bot, _Row()).add(s, k, mine)
            by_seat.setdefault(k, _Row()).add(s, k, mine)
            team = s.teams[k] if s.teams is not None else None
            if team is not None:
                by_team.setdefault(team, _Row()).add(s, k, mine)
                by_bot_team.setdefault((bot, team), _Row()).add(s, k, mine)
    n = len(ordered)
    players = game.default_lineup(len(plan.lineup))  # the ids the matches were played with
    head = {
        "game": plan.game,
        "title": game.title,
        "matches": n,
        "seed": plan.seed,
        "lineup": list(plan.lineup),
        "seating": plan.seating,
        "configs": plan.configs,
        "time_limit": plan.time_limit,
        "bots": [{"bot": b, **row.figures()} for b, row in by_bot.items()],
        "seats": [
            {
                "seat": k,
                "player": players[k] if k < len(players) else str(k),
                **by_seat[k].figures(),
            }
            for k in sorted(by_seat)
        ],
        "teams": [{"team": t, **by_team[t].figures()} for t in sorted(by_team)],
        "bot_teams": [
            {"bot": b, "team": t, **by_bot_team[(b, t)].figures()}
            for b, t in sorted(
                by_bot_team,
                key=lambda bt: (plan.bots.index(bt[0]) if bt[0] in plan.bots else 99, bt[1]),
            )
        ],
        "length": {
            "mean_steps": mean_ci(lengths).as_dict(),
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
            "histogram": _histogram(lengths),
        },
        "ends": [
            {"end": label, "count": count, "rate": wilson(count, n).as_dict()}
            for label, count in sorted(ends.items(), key=lambda kv: (-kv[1], str(kv[0])))
        ],
        "void_rate": wilson(void, n).as_dict(),
    }
    # only a variant's or a tuned bot's report names them: official reports keep their shape
    if plan.variant:
        head["variant"] = dict(plan.variant)
    if plan.tuned:
        head["tuned_bots"] = {
            name: {"family": fam, "params": dict(params)}
            for name, (fam, params) in plan.tuned.items()
        }
    return head


def figures_only(report: JSONObject) -> JSONObject:
    """``report`` without what depends on the machine (timing, back-end):
    what must be equal across workers and back-ends for one seed."""
    return {k: v for k, v in report.items() if k not in ("timing",)}
