"""A whole match of a game on Discord, offline (docs/engine.md "Testing your game").

simcord replaces discord.py's HTTP client and gateway with an in-memory
Discord, so the real bot (``mainmatch.discord.build_bot``: its app command
tree, component callbacks and modals) runs in a test. A :class:`World` is a
server set up with ``/mm setup``: a host, an admin, members who play, an
announcements channel and a category for private channels. :func:`moves`
turns an action into what a player does with the components (parts filled in
modals, Submit, a quick button, a select), and :func:`play` answers every
prompt of a match that way until it ends. :func:`play_match` does all of it
in one call and returns what the players saw::

    import asyncio
    from mainmatch.testing.discord import play_match

    def test_a_whole_match_on_discord(tmp_path):
        seen = asyncio.run(play_match("sealed_bid", f"sqlite:///{tmp_path / 'm.db'}"))
        assert "Elimination Candidate" in seen.result_post

Needs ``simcord`` (``pip install "mainmatch[test]"``, or ``pip install simcord``);
it is imported when a helper first needs it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import discord

from mainmatch import games
from mainmatch.discord.forms import form_for
from mainmatch.engine.game import Action, JSONObject, Request, View
from mainmatch.host.access import Access

if TYPE_CHECKING:  # annotations only: the bot loads with the test that makes it
    from mainmatch.discord.bot import MainmatchBot
    from mainmatch.host.service import HostService

__all__ = [
    "DiscordMatch",
    "Turn",
    "World",
    "cid",
    "form_moves",
    "host_view",
    "load_simcord",
    "manual",
    "moves",
    "plain",
    "play",
    "play_match",
    "run",
    "said",
    "text_of",
]

#: the zero-width space the bot puts after a mention-like text so it pings nobody
ZW = "\u200b"
#: how long simcord waits for the bot to settle after an interaction: one click
#: may resolve a chain of steps with bots thinking in every other seat
SETTLE_SECONDS = 120
#: a match of more prompts than this is taken as one that does not end
MAX_TURNS = 400

#: what chooses a person's action: ``choose(view, request, rng) -> action``, as a bot's ``act``
Chooser = Callable[[View, Request, random.Random], Action]

#: one thing a player does with a request's components: fill a part's modal
#: with its values, press Submit, press a quick button, or pick in the one select
Move: TypeAlias = (
    tuple[Literal["part"], str, dict[str, str]]
    | tuple[Literal["submit"]]
    | tuple[Literal["quick", "select"], str]
)


def load_simcord() -> Any:
    """The simcord module, or a skip-free ImportError saying what to install."""
    try:
        import simcord as module
    except ImportError as e:  # pragma: no cover - the test extra installs it
        raise ImportError(
            'mainmatch.testing.discord needs simcord: pip install "mainmatch[test]" '
            "(or pip install simcord)"
        ) from e
    return module


def run(bot: MainmatchBot) -> Any:
    """simcord's environment around ``bot`` (``async with run(bot) as env``),
    with patience for a loaded machine (:data:`SETTLE_SECONDS`)."""
    return load_simcord().run(bot, settle_timeout=SETTLE_SECONDS)


def manual(game: str) -> str:
    """Deadlines that leave every step kind of ``game`` to the host (``/mm new deadlines:``)."""
    return " ".join(f"{kind}=manual" for kind in games.get(game).action_models)


def said(result: Any) -> str:
    """The last thing an interaction answered (a follow-up, or the response)."""
    if result.followups:
        return str(result.followups[-1].content).replace(ZW, "")
    return str(result.response.content).replace(ZW, "")


def text_of(message: discord.Message) -> str:
    """A message's text as a person reads it."""
    return message.content.replace(ZW, "")


def host_view(bot: MainmatchBot, match_id: str) -> JSONObject:
    """The host's overview of the match (what the host page shows)."""
    return dict(bot.service.overview(Access(match_id, "host")))


class World:
    """A Discord server with the bot set up, and the people in it."""

    def __init__(self, env: Any, bot: MainmatchBot) -> None:
        self.env, self.bot = env, bot

    async def setup(
        self,
        *,
        private: str = "dm",
        players: int = 2,
        web_base: str | None = None,
        authorise: bool = True,
    ) -> World:
        """``/mm setup`` by the server's admin, with ``players`` members
        (``ann1``, ``ann2``, ...); ``private``: ``"dm"`` or ``"channels"`` (one
        channel each under the category). ``authorise``: set up with the
        server's admin key (``/mm setup key:``), which creating matches needs."""
        env = self.env
        await self.bot.tree.sync()
        self.guild = g = env.create_guild(name="ORG")
        self.channel = g.create_text_channel("announcements")
        self.lobby = g.create_text_channel("lobby")
        self.category = g.create_category("private")
        self.hosts = g.create_role("Hosts")
        admins = g.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = g.add_member(env.create_user("admin"), roles=[admins])
        self.host = g.add_member(env.create_user("host"), roles=[self.hosts])
        self.members = [g.add_member(env.create_user(f"ann{i}")) for i in range(1, players + 1)]
        opts: JSONObject = {"host_role": self.hosts, "channel": self.channel}
        if private == "channels":
            opts.update(private="channels", category=self.category)
        if web_base:
            opts["web_base"] = web_base
        if authorise:
            opts["key"] = self.bot.authority.key()
        r = await self.admin.slash(self.lobby, "mm setup", **opts)
        assert r.response.content.startswith("Set up"), r.response.content
        return self

    async def new(self, game: str, humans: int = 1, **options: Any) -> str:
        """``/mm new`` by the host: the first ``humans`` members seated, bots in
        the other seats, every deadline manual unless ``deadlines`` says
        otherwise; the match id."""
        mentions = " ".join(m.mention for m in self.members[:humans])
        options.setdefault("deadlines", manual(game))
        options.setdefault("seed", 7)
        r = await self.host.slash(self.lobby, "mm new", game=game, players=mentions, **options)
        text = said(r)
        assert text.startswith("Match "), text
        return text.split()[1]

    def place(self, member: Any, match_id: str | None = None) -> Any:
        """The member's private place: their channel under the category, or DMs."""
        for ch in self.category_channels():
            if ch.name.endswith(f"-{member.name}"):
                return ch
        return member.user.dm_channel

    def category_channels(self) -> list[Any]:
        return [
            c
            for c in self.guild.channels.values()
            if getattr(c, "name", "") not in ("", None)
            and c.name not in ("announcements", "lobby", "private")
            and not c.name.startswith("General")
        ]

    def messages(self, channel: Any) -> list[discord.Message]:
        """Every message of ``channel``, oldest first."""
        return sorted(channel.history(), key=lambda m: m.id)

    def prompt(self, member: Any, match_id: str, step: int) -> discord.Message | None:
        """The newest message in ``member``'s place with the components of ``step``."""
        found = None
        for m in self.messages(self.place(member)):
            ids = [c.custom_id for c in components(m)]
            if any(
                i and i.startswith((f"mm:{match_id}:{step}:", f"mms:{match_id}:{step}:"))
                for i in ids
            ):
                found = m
        return found

    def service(self) -> HostService:
        return self.bot.service

    def intended(self, match_id: str, player: str, rng: random.Random) -> JSONObject:
        """A random legal action for ``player`` now (the game's ``random_action``)."""
        _m, snap = self.bot.service.snapshot(match_id)
        return dict(snap.game.random_action(snap.state, player, rng))

    async def act(self, member: Any, message: Any, moves_: list[Move]) -> list[str]:
        """Do ``moves_`` on ``message``'s components; returns the ephemeral answers."""
        answers = []
        if isinstance(message.channel, discord.DMChannel):
            member = member.user  # components in DMs are clicked as the user
        for move in moves_:
            r = await self._move(member, message, move)
            assert r.ephemeral, r
            answers.append(r.response.content if r.response else r.followups[-1].content)
        return answers

    async def _move(self, member: Any, message: Any, move: Move) -> Any:
        if move[0] == "part":
            shown = await member.click(message, custom_id=cid(message, f":part:{move[1]}"))
            assert shown.modal is not None, shown
            selects = _select_ids(shown.modal)
            values = {
                k: (v.split() if k in selects else v)
                for k, v in move[2].items()
                if not (k in selects and not v.strip())
            }
            return await member.submit_modal(shown, values)
        if move[0] == "submit":
            return await member.click(message, custom_id=cid(message, ":submit"))
        if move[0] == "quick":
            return await member.click(message, label=move[1])
        if move[0] == "select":
            sel = next(
                c.custom_id for c in components(message) if (c.custom_id or "").startswith("mms:")
            )
            return await member.select(message, [move[1]], custom_id=sel)
        raise AssertionError(f"no such move: {move!r}")


def components(message: Any) -> list[Any]:
    """The buttons and selects of ``message``, row by row (a message's
    ``components`` are rows of them)."""
    return [c for row in message.components for c in getattr(row, "children", [])]


def _select_ids(node: Any) -> set[str]:
    """The custom ids of the select menus in a modal's payload."""
    out: set[str] = set()
    if isinstance(node, dict):
        if node.get("type") == 3 and node.get("custom_id"):
            out.add(node["custom_id"])
        for v in node.values():
            out |= _select_ids(v)
    elif isinstance(node, list):
        for v in node:
            out |= _select_ids(v)
    return out


def cid(message: Any, suffix: str) -> str:
    """The custom id of ``message``'s component that ends with ``suffix``."""
    for c in components(message):
        if (c.custom_id or "").endswith(suffix):
            return str(c.custom_id)
    raise AssertionError(f"no component ending {suffix!r}")


def form_moves(form: Any, action: JSONObject) -> list[Move]:
    """What a player does with ``form``'s components to send ``action``: the
    select or quick button that is exactly it, else each part filled with the
    values that give its share of the action (an element part once per
    element), then Submit when the form builds a draft."""
    if form.select is not None:
        return [("select", str(action[form.select.key]))]
    for label, quick in form.quick.items():
        if quick == action:
            return [("quick", label)]
    out: list[Move] = []
    for part in form.parts:
        if part.id == "json":
            continue
        if part.each is not None:
            out += [("part", part.id, values) for values in part.each(action)]
        else:
            values = part.prefill(action)
            if values or part.submits:
                out.append(("part", part.id, values))
    return [*out, ("submit",)] if form.compound else out


def moves(bot: MainmatchBot, match_id: str, player: str, action: JSONObject) -> list[Move]:
    """What ``player`` does with the components of their open request to send ``action``."""
    ov = bot.service.overview(Access(match_id, "player", player))
    req = ov["request"]
    assert req is not None, f"{player} has no open request in {match_id}"
    return form_moves(form_for(ov["game"]["id"], req["kind"], req), action)


def plain(action: Any) -> str:
    """An action as JSON with its empty parts dropped (a key of 0, ``[]`` or
    ``{}`` at any depth), for comparing what a player meant with what was
    stored: a form leaves an empty part out and the rules' default fills it."""

    def drop(value: Any) -> Any:
        if isinstance(value, dict):
            kept = {k: drop(v) for k, v in value.items()}
            return {k: v for k, v in kept.items() if not (v in ([], {}) or _zero(v))}
        if isinstance(value, list):
            return [drop(v) for v in value]
        return value

    return json.dumps(drop(action), sort_keys=True)


def _zero(value: Any) -> bool:
    return type(value) is int and value == 0


@dataclass
class Turn:
    """One prompt a person answered: who, at which step, the prompt's message,
    the bot's ephemeral answers, the action meant and the action stored."""

    player: str
    step: int
    prompt: discord.Message
    answers: list[str]
    action: JSONObject
    stored: JSONObject | None


async def play(
    world: World,
    match_id: str,
    members: list[Any],
    *,
    seed: int = 1,
    choose: Chooser | None = None,
    on_turn: Callable[[Turn], None] | None = None,
) -> dict[str, list[JSONObject]]:
    """Play the match to its end: whenever one of ``members``' seats is asked,
    that member answers the prompt in their own place through its components
    with the action ``choose(view, request, rng)`` gives (default: the game's
    ``random_action``). Checked at every turn: the prompt reached that
    member's place and no other member's, the prompt and the answers are words
    (no JSON, no key dump), the last answer is ``Stored for step N``, and the
    stored action is the one meant (:func:`plain`); ``on_turn`` may check more. Returns ``{player: [actions meant]}``."""
    bot = world.bot
    rng = random.Random(seed)
    seats = bot.store.seats(match_id)
    who = {s.player: m for m in members for s in seats.values() if s.user_id == m.id}
    played: dict[str, list[JSONObject]] = {p: [] for p in who}
    for _ in range(MAX_TURNS):
        ov = host_view(bot, match_id)
        if ov["status"] == "over":
            return played
        turn = await _one_turn(world, match_id, ov, who, rng, choose)
        played[turn.player].append(turn.action)
        if on_turn is not None:
            on_turn(turn)
    raise AssertionError(f"the match did not end in {MAX_TURNS} prompts")


async def _one_turn(
    world: World,
    match_id: str,
    ov: JSONObject,
    who: JSONObject,
    rng: random.Random,
    choose: Chooser | None,
) -> Turn:
    bot = world.bot
    step, waiting = ov["open_step"], ov["pending_status"]
    pending = [
        p["player"]
        for p in ov["pending"]
        if p["player"] in who and waiting.get(p["player"]) == "not yet"
    ]
    assert pending, f"step {step}: only bots pending, yet the step is open"
    p = pending[0]
    prompt = world.prompt(who[p], match_id, step)
    assert prompt is not None, f"no prompt for {p} in step {step}"
    for other, member in who.items():
        if other != p and world.place(member) != world.place(who[p]):
            assert prompt.channel.id != world.place(member).id, f"{p}'s prompt reached {other}"
    if choose is None:
        action = world.intended(match_id, p, rng)
    else:
        mine = bot.service.overview(Access(match_id, "player", p))
        assert mine["request"] is not None, f"{p} is pending but has no request"
        action = choose(mine["view"], dict(mine["request"]), rng)
    answers = await world.act(who[p], prompt, moves(bot, match_id, p, action))
    assert answers[-1].startswith(f"Stored for step {step}:"), answers[-1]
    for text in (prompt.content, *answers):  # the request and every answer in words
        assert "{" not in text and '":' not in text and "**kind**" not in text, text
    steps = bot.service.record(match_id)["steps"]
    stored = steps[step - 1]["actions"][p] if len(steps) >= step else None
    if stored is not None:
        assert plain(stored) == plain(action), (stored, action)
    return Turn(p, step, prompt, answers, action, stored)


@dataclass
class DiscordMatch:
    """What a whole match on Discord left: the match id, the actions the people
    meant (``{player: [actions]}``), the host's last overview, the public
    channel's messages (the opening, each step's public post, the result post
    last) and each person's private place, as text."""

    match_id: str
    played: dict[str, list[JSONObject]]
    overview: JSONObject
    public: list[str]
    places: dict[str, list[str]] = field(default_factory=dict)

    @property
    def result_post(self) -> str:
        """The public channel's last message: the result."""
        return self.public[-1]


async def play_match(
    game: str,
    db_url: str,
    *,
    humans: int = 1,
    seats: int | None = None,
    private: str = "dm",
    seed: int = 1,
    choose: Chooser | None = None,
    on_turn: Callable[[Turn], None] | None = None,
    **options: Any,
) -> DiscordMatch:
    """A whole match of ``game`` on simcord, over the database at ``db_url``:
    the real bot, ``/mm setup`` and ``/mm new`` (``humans`` members seated,
    ``seats`` in all, bots in the rest; ``options`` go to ``/mm new``), every
    prompt answered through the components (:func:`play`). Checks that the
    match ended and that the result post names the Elimination Candidate."""
    from mainmatch.discord import build_bot

    bot = build_bot(db_url, loops=False)
    async with run(bot) as env:
        world = await World(env, bot).setup(players=humans, private=private)
        if seats is not None:
            options["seats"] = seats
        match_id = await world.new(game, humans=humans, **options)
        played = await play(
            world, match_id, world.members, seed=seed, choose=choose, on_turn=on_turn
        )
        await bot.pump()
        ov = host_view(bot, match_id)
        assert ov["status"] == "over", ov["status"]
        public = [text_of(m) for m in world.messages(world.channel)]
        assert public and "the result" in public[-1], public[-1:]
        assert "Elimination Candidate" in public[-1], public[-1]
        places = {
            m.name: [text_of(x) for x in world.messages(world.place(m))] for m in world.members
        }
        return DiscordMatch(match_id, played, ov, public, places)
