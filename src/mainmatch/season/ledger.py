"""The ledger's rules: entries in, standings out (pure; no I/O).

Holdings move only by entries:

- a Main Match moves each player's garnets by ``garnets - garnets_spent`` and
  adds the Tokens of Life it awards (engine spec "result"); every Main Match is
  one episode;
- a Death Match eliminates its loser in the current episode, unless the
  season lets a Token of Life save them and they hold one (it is spent);
- a Token of Life used, a transfer or trade between alive players, a host
  adjustment, a new gamewide tiebreak;
- an undo cancels the last entry still in force (it stays in the ledger).

An entry that breaks a rule raises :class:`SeasonError` with one line in the
players' words, and the ledger is unchanged (the caller appends nothing).
Garnets and Tokens of Life are conserved: the totals move only by what Main
Matches award and spend, Tokens used, Death Match saves and host adjustments
(``tests/season/test_properties.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from mainmatch.engine.errors import MainmatchError

from .models import (
    Adjust,
    Body,
    DeathMatch,
    Entry,
    MainMatch,
    SeasonSettings,
    Tiebreak,
    TokenUsed,
    Transfer,
    Undo,
    check_order,
)


class HistoryLine(TypedDict):
    """One line of a player's history: an entry of the ledger that concerns them."""

    entry: int
    episode: int
    kind: str
    text: str
    garnets: int
    tokens_of_life: int


class DeathMatches(TypedDict):
    """A player's Death Matches won and lost."""

    wins: int
    losses: int


class PlayerJson(TypedDict):
    """A player's standing as the standings' JSON writes it."""

    name: str
    discord_id: int | None
    status: str
    eliminated_in: int | None
    garnets: int
    tokens_of_life: int
    main_matches: int
    main_match_wins: int
    times_ec: int
    death_matches: DeathMatches
    saved_by_token: int
    history: list[HistoryLine]


class StandingsJson(TypedDict):
    """The standings as JSON (``mainmatch season standings --json``, the season API)."""

    season: str
    episode: int
    gamewide_tiebreak: list[str]
    alive: list[str]
    players: dict[str, PlayerJson]


class SeasonError(MainmatchError):
    """An entry the season's rules refuse; the message names the rule."""


@dataclass
class PlayerStanding:
    id: str
    name: str
    discord_id: int | None
    garnets: int
    tokens_of_life: int = 0
    status: str = "alive"  # "alive" | "eliminated"
    eliminated_in: int | None = None  # episode
    main_matches: int = 0
    main_match_wins: int = 0
    times_ec: int = 0
    death_match_wins: int = 0
    death_match_losses: int = 0
    saved_by_token: int = 0
    #: one line per entry that concerns the player: {entry, episode, kind, text, garnets, tokens_of_life}
    history: list[HistoryLine] = field(default_factory=list)

    def to_json(self) -> PlayerJson:
        return {
            "name": self.name,
            "discord_id": self.discord_id,
            "status": self.status,
            "eliminated_in": self.eliminated_in,
            "garnets": self.garnets,
            "tokens_of_life": self.tokens_of_life,
            "main_matches": self.main_matches,
            "main_match_wins": self.main_match_wins,
            "times_ec": self.times_ec,
            "death_matches": {"wins": self.death_match_wins, "losses": self.death_match_losses},
            "saved_by_token": self.saved_by_token,
            "history": list(self.history),
        }


@dataclass
class Standings:
    settings: SeasonSettings
    players: dict[str, PlayerStanding]
    gamewide_tiebreak: list[str]
    episode: int = 0  # Main Matches entered so far
    #: numbers of the entries in force (not undone, not undos)
    in_force: list[int] = field(default_factory=list)
    #: entry number -> the number of the undo that cancelled it
    undone: dict[int, int] = field(default_factory=dict)
    #: claim keys of the Main Matches in force (a match enters once)
    match_keys: dict[str, int] = field(default_factory=dict)
    #: entry number -> what the fold made of it beyond its body, in words (a Death
    #: Match's loser saved by a Token of Life, or eliminated): shown, never a rule
    outcomes: dict[int, str] = field(default_factory=dict)

    @property
    def alive(self) -> list[str]:
        return [p for p, s in self.players.items() if s.status == "alive"]

    def tiebreak_of(self, players: list[str]) -> list[str]:
        """The gamewide tiebreak restricted to ``players`` (best first)."""
        return [p for p in self.gamewide_tiebreak if p in players]

    def next_inputs(self, players: list[str] | None = None) -> dict[str, Any]:
        """The next Main Match's players and host inputs (the engine spec: ``garnets``
        held and the ``gamewide_tiebreak`` restricted to them), for ``players``
        (default: the alive cast in cast order), who must be alive cast members.
        ``mainmatch new GAME --config`` takes it as it is."""
        chosen = list(self.alive) if players is None else list(players)
        for p in chosen:
            _alive(self, p)
        if len(set(chosen)) != len(chosen):
            raise SeasonError("a player is listed twice")
        return {
            "players": chosen,
            "garnets": {p: self.players[p].garnets for p in chosen},
            "gamewide_tiebreak": self.tiebreak_of(chosen),
        }

    def to_json(self) -> StandingsJson:
        return {
            "season": self.settings.name,
            "episode": self.episode,
            "gamewide_tiebreak": list(self.gamewide_tiebreak),
            "alive": self.alive,
            "players": {p: s.to_json() for p, s in self.players.items()},
        }


def start(settings: SeasonSettings) -> Standings:
    """The standings before any entry."""
    players = {
        c.id: PlayerStanding(c.id, c.display, c.discord_id, settings.starting_garnets)
        for c in settings.cast
    }
    return Standings(settings, players, list(settings.gamewide_tiebreak))


def standings(settings: SeasonSettings, entries: list[Entry]) -> Standings:
    """Fold the ledger. Entries must be numbered 1, 2, ... in order."""
    return _fold(settings, entries)


def check_append(settings: SeasonSettings, entries: list[Entry], new: Entry) -> Standings:
    """The standings with ``new`` appended, or :class:`SeasonError` if a rule refuses it."""
    return standings(settings, [*entries, new])


def _fold(settings: SeasonSettings, entries: list[Entry]) -> Standings:
    # undos first: an undo cancels the last entry in force before it
    stack: list[Entry] = []
    undone: dict[int, int] = {}
    for i, e in enumerate(entries, 1):
        if e.number != i:
            raise SeasonError(f"entry {e.number} is out of order; expected number {i}")
        if isinstance(e.body, Undo):
            if not stack:
                raise SeasonError("there is no entry left to undo")
            top = stack[-1]
            if e.body.target != top.number:
                raise SeasonError(
                    f"only the last entry in force can be undone: entry {top.number}, "
                    f"not {e.body.target}"
                )
            stack.pop()
            undone[top.number] = e.number
        else:
            stack.append(e)
    # an undo only ever cancels the top of the stack, so every entry in force
    # meets the same entries before it as when it was appended
    st = start(settings)
    st.undone = undone
    for e in stack:
        try:
            _apply(st, e)
        except SeasonError as exc:
            if e is entries[-1]:  # the entry being appended: the rule alone
                raise
            raise SeasonError(f"entry {e.number} ({e.body.kind}): {exc}") from None
        st.in_force.append(e.number)
    return st


def _apply(st: Standings, e: Entry) -> None:
    body: Body = e.body
    if isinstance(body, MainMatch):
        _main_match(st, e.number, body)
    elif isinstance(body, DeathMatch):
        _death_match(st, e.number, body)
    elif isinstance(body, TokenUsed):
        p = _alive(st, body.player)
        if p.tokens_of_life < body.count:
            raise SeasonError(
                f"{body.player} holds {_tol(p.tokens_of_life)} and cannot use {body.count}"
            )
        p.tokens_of_life -= body.count
        _note(st, e.number, p, "token_used", f"used {_tol(body.count)}", 0, -body.count)
    elif isinstance(body, Transfer):
        _transfer(st, e.number, body)
    elif isinstance(body, Adjust):
        _adjust(st, e.number, body, e.reason)
    elif isinstance(body, Tiebreak):
        try:
            check_order(body.order, list(st.players))
        except ValueError as exc:
            raise SeasonError(str(exc)) from None
        st.gamewide_tiebreak = list(body.order)


def _main_match(st: Standings, number: int, m: MainMatch) -> None:
    if m.match_key is not None and m.match_key in st.match_keys:
        raise SeasonError(
            f"this match is already in the ledger (entry {st.match_keys[m.match_key]})"
        )
    for p in m.players:
        _alive(st, p)
    if m.starting_garnets is not None:
        wrong = [
            f"{p} holds {st.players[p].garnets}, the match started with "
            f"{m.starting_garnets.get(p, 0)}"
            for p in m.players
            if m.starting_garnets.get(p, 0) != st.players[p].garnets
        ]
        if wrong:
            raise SeasonError(
                "starting garnets differ from the ledger: "
                + "; ".join(wrong)
                + " (if the record is right, adjust the ledger first)"
            )
    for p, spent in m.garnets_spent.items():
        # garnets won inside a match may be spent in it (Second to Won's items),
        # so only the end must hold: the engine checked every purchase on the way
        held, won = st.players[p].garnets, m.garnets.get(p, 0)
        if spent > held + won:
            raise SeasonError(
                f"{p} spent {_gar(spent)} but holds only {_gar(held)}"
                + (f" and won {won}" if won else "")
            )
    st.episode += 1
    if m.match_key is not None:
        st.match_keys[m.match_key] = number
    title = f"Main Match{f' ({m.game})' if m.game else ''}, episode {st.episode}"
    for p in m.players:
        s = st.players[p]
        won, spent, tol = m.garnets.get(p, 0), m.garnets_spent.get(p, 0), m.tokens_of_life.get(p, 0)
        s.garnets += won - spent
        s.tokens_of_life += tol
        s.main_matches += 1
        tags = []
        if p in m.winners:
            s.main_match_wins += 1
            tags.append("won")
        if p == m.elimination_candidate:
            s.times_ec += 1
            tags.append("Elimination Candidate")
        text = f"{title}: {', '.join(tags)}" if tags else title
        _note(st, number, s, "main_match", text, won - spent, tol)


def _death_match(st: Standings, number: int, d: DeathMatch) -> None:
    ec, opp = _alive(st, d.ec), _alive(st, d.opponent)
    winner, loser = (ec, opp) if d.winner == d.ec else (opp, ec)
    what = f"Death Match{f' ({d.game})' if d.game else ''}: {d.ec} (EC) against {d.opponent}"
    winner.death_match_wins += 1
    loser.death_match_losses += 1
    _note(st, number, winner, "death_match", f"{what}, won", 0, 0)
    if st.settings.token_of_life_saves and loser.tokens_of_life > 0:
        held = loser.tokens_of_life
        loser.tokens_of_life -= 1
        loser.saved_by_token += 1
        saved = f"saved by a Token of Life ({held} → {held - 1})"
        st.outcomes[number] = f"{loser.id} lost the Death Match, {saved}"
        _note(st, number, loser, "death_match", f"{what}, lost, {saved}", 0, -1)
    else:
        loser.status, loser.eliminated_in = "eliminated", st.episode
        st.outcomes[number] = f"{loser.id} lost the Death Match and is eliminated"
        _note(st, number, loser, "death_match", f"{what}, lost; eliminated", 0, 0)


def _transfer(st: Standings, number: int, t: Transfer) -> None:
    a, b = _alive(st, t.giver, "trade with"), _alive(st, t.receiver, "trade with")
    for who, g, k in (
        (a, t.garnets, t.tokens_of_life),
        (b, t.in_return_garnets, t.in_return_tokens_of_life),
    ):
        if g > who.garnets:
            raise SeasonError(f"{who.id} holds {_gar(who.garnets)} and cannot give {g}")
        if k > who.tokens_of_life:
            raise SeasonError(f"{who.id} holds {_tol(who.tokens_of_life)} and cannot give {k}")
    dg = t.in_return_garnets - t.garnets
    dk = t.in_return_tokens_of_life - t.tokens_of_life
    a.garnets, a.tokens_of_life = a.garnets + dg, a.tokens_of_life + dk
    b.garnets, b.tokens_of_life = b.garnets - dg, b.tokens_of_life - dk
    if t.in_return_garnets or t.in_return_tokens_of_life:
        texts = (f"traded with {b.id}", f"traded with {a.id}")
    else:
        texts = (f"gave to {b.id}", f"got from {a.id}")
    _note(st, number, a, "transfer", texts[0], dg, dk)
    _note(st, number, b, "transfer", texts[1], -dg, -dk)


def _adjust(st: Standings, number: int, adj: Adjust, reason: str) -> None:
    p = _player(st, adj.player)
    if adj.status == p.status and not adj.garnets and not adj.tokens_of_life:
        raise SeasonError(f"{p.id} is already {p.status}; the adjustment would change nothing")
    if p.garnets + adj.garnets < 0:
        raise SeasonError(f"{p.id} holds {_gar(p.garnets)}; {adj.garnets} would go below zero")
    if p.tokens_of_life + adj.tokens_of_life < 0:
        raise SeasonError(
            f"{p.id} holds {_tol(p.tokens_of_life)}; {adj.tokens_of_life} would go below zero"
        )
    p.garnets += adj.garnets
    p.tokens_of_life += adj.tokens_of_life
    text = "host adjustment"
    if adj.status is not None and adj.status != p.status:
        p.status = adj.status
        p.eliminated_in = st.episode if adj.status == "eliminated" else None
        text += "; eliminated" if adj.status == "eliminated" else "; back in the season"
    if reason:
        text += f" ({reason})"
    _note(st, number, p, "adjust", text, adj.garnets, adj.tokens_of_life)


def _player(st: Standings, pid: str) -> PlayerStanding:
    p = st.players.get(pid)
    if p is None:
        raise SeasonError(f"{pid} is not in the season's cast")
    return p


def _alive(st: Standings, pid: str, doing: str = "") -> PlayerStanding:
    p = _player(st, pid)
    if p.status != "alive":
        when = f" in episode {p.eliminated_in}" if p.eliminated_in else ""
        what = f"; no one can {doing} an eliminated player" if doing else ""
        raise SeasonError(f"{pid} was eliminated{when}{what}")
    return p


def _note(
    st: Standings, number: int, p: PlayerStanding, kind: str, text: str, garnets: int, tol: int
) -> None:
    p.history.append(
        {
            "entry": number,
            "episode": st.episode,
            "kind": kind,
            "text": text,
            "garnets": garnets,
            "tokens_of_life": tol,
        }
    )


def _gar(n: int) -> str:
    return f"{n} garnet{'s' if n != 1 else ''}"


def _tol(n: int) -> str:
    return f"{n} Token{'s' if n != 1 else ''} of Life"
