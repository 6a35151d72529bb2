"""The built-in games' cards: what ``mainmatch games`` lists, without the rules.

A card is a game's id, title, player range and one-line pitch (the class
attributes of :class:`mainmatch.engine.Game` that ``mainmatch games`` shows).
Importing a game loads its rules, pydantic models and views, most of the
command's CPU (issue 35); the cards of the games shipped with mainmatch are
kept here so that listing them imports none of that. Each card is checked
against its game's own attributes by ``tests/engine/test_cards.py``, so the
two cannot drift apart. A game installed by another package (a plugin) has
no card here: listing it loads it, which is also how a plugin that fails at
import is named with why (decision SRV3 in ``docs/decisions/server.md``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    """What a listing shows of a game (the names of :class:`~mainmatch.engine.Game`'s)."""

    id: str
    title: str
    pitch: str
    #: the fewest and most players a match takes
    players: tuple[int, int]

    def players_text(self) -> str:
        """The player range in people's words, as ``Game.players_text``: ``"6"`` or ``"3–5"``."""
        low, high = self.players
        return str(low) if low == high else f"{low}–{high}"


#: the entry point each built-in game is registered under (pyproject.toml): a
#: game of that id registered from anywhere else is not the one carded here
BUILTIN_ENTRY = "mainmatch.games.{id}:GAME"

CARDS: dict[str, Card] = {
    card.id: card
    for card in (
        Card(
            "amalgamation",
            "The Amalgamation",
            "6 players, 7 rounds, one $400 budget spread over four Main Matches played at once.",
            (6, 6),
        ),
        Card(
            "homeostasis",
            "Homeostasis",
            "Two teams and a loner bid cards into a sum over three rounds: high, low, or near zero.",
            (5, 5),
        ),
        Card(
            "mvp",
            "The MVP",
            "Two teams of three outbid each other for cards in a hexagon; only the winning "
            "team's MVP takes the Token of Life.",
            (6, 6),
        ),
        Card(
            "seat_exchange",
            "Kong's Seat Exchange",
            "13 players in a circle pay in secret to swap seats until six numbers run in a row.",
            (13, 13),
        ),
        Card(
            "second_to_won",
            "Second to Won",
            "9 players bid chips on point items over up to 8 auctions: aim for second place, "
            "and never pass 200.",
            (9, 9),
        ),
    )
}
