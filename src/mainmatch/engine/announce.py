"""Announcements: a step's events as text a host pastes into Discord.

Public events become one public post; private events become one direct
message per player. The game renders each event (``Game.render_event``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import Game


@dataclass
class Announcement:
    #: Markdown lines of the public post, in event order.
    public: list[str] = field(default_factory=list)
    #: player -> Markdown lines of their DM, in event order.
    private: dict[str, list[str]] = field(default_factory=dict)

    def public_text(self) -> str:
        return "\n\n".join(self.public)

    def dm_text(self, player: str) -> str:
        return "\n\n".join(self.private.get(player, []))


def announce(game: Game, events: list[dict]) -> Announcement:
    """Render a step's events; a private event reaches each of its audience."""
    out = Announcement()
    for event in events:
        text = game.render_event(event)
        if event["audience"] == "public":
            out.public.append(text)
        else:
            for p in event["audience"]:
                out.private.setdefault(p, []).append(text)
    return out
