"""The standings for people: Discord Markdown and CSV (pure functions).

Display names are the cast's own text: in Discord Markdown they are escaped
so that no name formats the post or pings anyone (``@everyone``, ``<@id>``);
in CSV a name that a spreadsheet would run as a formula is quoted with ``'``.
"""

from __future__ import annotations

import csv
import io
import re

from .ledger import PlayerStanding, Standings
from .models import Adjust, Body, DeathMatch, MainMatch, Tiebreak, TokenUsed, Transfer

_MD_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()<:-])")
CSV_COLUMNS = (
    "player",
    "name",
    "status",
    "eliminated_in",
    "garnets",
    "tokens_of_life",
    "main_matches",
    "main_match_wins",
    "times_ec",
    "death_match_wins",
    "death_match_losses",
)


def md_text(text: str) -> str:
    """User text made inert in Discord Markdown: specials escaped, ``@`` broken
    with a zero-width space so that neither ``@everyone`` nor a mention pings.

    >>> md_text("@everyone *hi*")
    '@\\u200beveryone \\\\*hi\\\\*'
    """
    text = " ".join(text.split())  # no newlines: one name, one line
    return _MD_SPECIAL.sub(r"\\\1", text).replace("@", "@\u200b")


def order(st: Standings) -> list[PlayerStanding]:
    """Alive players first (most garnets, then most Tokens of Life, then the
    gamewide tiebreak), then the eliminated, most recent elimination first."""
    rank = {p: i for i, p in enumerate(st.gamewide_tiebreak)}
    alive = sorted(
        (s for s in st.players.values() if s.status == "alive"),
        key=lambda s: (-s.garnets, -s.tokens_of_life, rank[s.id]),
    )
    out = sorted(
        (s for s in st.players.values() if s.status != "alive"),
        key=lambda s: (-(s.eliminated_in or 0), rank[s.id]),
    )
    return alive + out


def markdown(st: Standings) -> str:
    """The standings as a Discord post (no tables in Discord: one line each)."""
    title = md_text(st.settings.name)
    lines = [f"## {title}: standings after episode {st.episode}"]
    alive = [s for s in order(st) if s.status == "alive"]
    for i, s in enumerate(alive, 1):
        bits = [f"{s.garnets} 💎", f"{s.tokens_of_life} ToL"]
        if s.main_match_wins:
            bits.append(f"{s.main_match_wins} win{'s' if s.main_match_wins > 1 else ''}")
        if s.times_ec:
            bits.append(f"EC ×{s.times_ec}")
        if s.death_match_wins or s.death_match_losses:
            bits.append(f"DM {s.death_match_wins}-{s.death_match_losses}")
        if s.saved_by_token:
            bits.append(
                f"saved by a Token of Life{f' ×{s.saved_by_token}' if s.saved_by_token > 1 else ''}"
            )
        lines.append(f"{i}. **{md_text(s.name)}**: " + " · ".join(bits))
    gone = [s for s in order(st) if s.status != "alive"]
    if gone:
        lines.append("")
        names = ", ".join(
            f"~~{md_text(s.name)}~~" + (f" (episode {s.eliminated_in})" if s.eliminated_in else "")
            for s in gone
        )
        lines.append(f"**Eliminated:** {names}")
    return "\n".join(lines)


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(st: Standings) -> str:
    """One row per cast member in standings order, ``CSV_COLUMNS`` as header."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for s in order(st):
        w.writerow(
            [
                s.id,
                _cell(s.name),
                s.status,
                _cell(s.eliminated_in),
                s.garnets,
                s.tokens_of_life,
                s.main_matches,
                s.main_match_wins,
                s.times_ec,
                s.death_match_wins,
                s.death_match_losses,
            ]
        )
    return buf.getvalue()


def _amounts(amounts: dict[str, int]) -> str:
    return ", ".join(f"{p} {n}" for p, n in amounts.items())


def entry_text(body: Body) -> str:
    """One line for people saying what an entry does."""
    if isinstance(body, MainMatch):
        parts = [f"Main Match{f' ({body.game})' if body.game else ''}, {body.source}"]
        if body.winners:
            parts.append(f"won: {', '.join(body.winners)}")
        if body.elimination_candidate:
            parts.append(f"EC: {body.elimination_candidate}")
        if body.tokens_of_life:
            parts.append(f"Tokens of Life: {_amounts(body.tokens_of_life)}")
        if body.garnets:
            parts.append(f"garnets won: {_amounts(body.garnets)}")
        if body.garnets_spent:
            parts.append(f"garnets spent: {_amounts(body.garnets_spent)}")
        return "; ".join(parts)
    if isinstance(body, DeathMatch):
        game = f" ({body.game})" if body.game else ""
        return f"Death Match{game}: {body.ec} (EC) against {body.opponent}; {body.winner} won"
    if isinstance(body, TokenUsed):
        return f"{body.player} used {body.count} Token{'s' if body.count > 1 else ''} of Life"
    if isinstance(body, Transfer):
        gave = _moved(body.garnets, body.tokens_of_life)
        back = _moved(body.in_return_garnets, body.in_return_tokens_of_life)
        text = f"{body.giver} gave {body.receiver} {gave or 'nothing'}"
        return text + (f", for {back}" if back else "")
    if isinstance(body, Adjust):
        bits = []
        if body.garnets:
            bits.append(f"garnets {body.garnets:+d}")
        if body.tokens_of_life:
            bits.append(f"Tokens of Life {body.tokens_of_life:+d}")
        if body.status:
            bits.append(f"now {body.status}")
        return f"host adjustment of {body.player}: {', '.join(bits)}"
    if isinstance(body, Tiebreak):
        return "gamewide tiebreak: " + " > ".join(body.order)
    return f"undo of entry {body.target}"


def entry_line(number: int, body: Body, st: Standings) -> str:
    """:func:`entry_text` and, for an entry in force, what the fold made of it
    (``Standings.outcomes``: a Death Match's loser saved by a Token of Life, with
    the Tokens held before and after, or eliminated)."""
    text = entry_text(body)
    outcome = st.outcomes.get(number)
    return f"{text}; {outcome}" if outcome else text


def _moved(garnets: int, tokens: int) -> str:
    bits = []
    if garnets:
        bits.append(f"{garnets} garnet{'s' if garnets != 1 else ''}")
    if tokens:
        bits.append(f"{tokens} Token{'s' if tokens != 1 else ''} of Life")
    return " and ".join(bits)
