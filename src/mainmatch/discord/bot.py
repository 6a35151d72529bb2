"""The bot: one ``commands.Bot`` over the host service, and its posting loop.

``build_bot(db_url)`` makes everything (the ``/mm`` commands, the persistent
components, the loop) without touching the network; ``bot.start(token)``
connects. The bot reaches the host only through its facade
(``mainmatch.host.facade.Door``). The loop, woken by the host's change
notices (any process's change) or every ``tick_seconds``, resolves steps
whose deadline passed (as the web server does), queues reminders, and posts
every undelivered row of the host's delivery queue, each
exactly once (the row's id is the message nonce, so a retry after a crash
between posting and marking is refused by Discord).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import discord
from discord.ext import commands, tasks

from mainmatch.host.facade import Door, discord_timestamp, posting_place
from mainmatch.host.facade_types import ChangeNotice, Delivery

from . import text as tx
from .authority import Authority

log = logging.getLogger("mainmatch.discord")
P = ParamSpec("P")
T = TypeVar("T")
NONE = discord.AllowedMentions.none()


def ping(user_id: int) -> discord.AllowedMentions:
    """Mentions that may ping exactly one user (never roles or everyone)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


class MainmatchBot(commands.Bot):
    """The Discord adapter: translates interactions into service calls and
    delivery rows into messages. It holds no state that is not in the database."""

    def __init__(
        self,
        db_url: str,
        *,
        loops: bool = True,
        tick_seconds: float = 5.0,
        door: Door | None = None,
    ) -> None:
        intents = discord.Intents.default()
        intents.members = True  # a role's members become the players of /mm new
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        #: the one door into the host (beside the web server: over its service)
        self.door = door or Door(db_url)
        # the host's parts, for tests and the season commands' service
        self.service = self.door.service
        self.database = self.door.db
        self.store = self.door.store
        #: register the /mm commands with Discord at start (on one server: ``sync_guild``)
        self.sync_commands = False
        self.sync_guild: int | None = None
        #: the server's admin key: it authorises a Discord server to create (issue 26, H1)
        self.authority = Authority(self.door.url)
        self.loops = loops
        self.tick_seconds = tick_seconds
        #: seconds before a failed post is tried again, times its attempts (at most 5 minutes)
        self.retry_seconds = 5.0
        #: seconds a post may take before it counts as failed (and is tried again later)
        self.post_timeout = 30.0
        self._pump_lock = asyncio.Lock()

    async def run_db(self, fn: Callable[P, T], *args: P.args, **kw: P.kwargs) -> T:
        """A blocking call of the host (a :class:`Door` method), off the event loop."""
        return await asyncio.to_thread(fn, *args, **kw)

    async def setup_hook(self) -> None:
        from . import commands as mm_commands
        from . import components, season

        await self.run_db(self.door.migrate)
        # persistent components: every posted button keeps working after a restart
        self.add_dynamic_items(components.Act, components.Choose)
        self.tree.add_command(season.attach(mm_commands.group(self), self))
        if self.sync_commands:
            if self.sync_guild is not None:
                guild = discord.Object(self.sync_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self.loops:
            loop = asyncio.get_running_loop()

            def changed(notice: ChangeNotice) -> None:  # on the listener's thread
                loop.call_soon_threadsafe(self.dispatch, "mainmatch_change", notice.match_id)

            self.door.listen(changed)
            self.ticker.change_interval(seconds=self.tick_seconds)
            self.ticker.start()

    async def close(self) -> None:
        self.ticker.cancel()
        await super().close()
        await asyncio.to_thread(self.door.close)

    @tasks.loop(seconds=5.0)
    async def ticker(self) -> None:
        """Every ``tick_seconds``: deadlines, reminders, posts."""
        try:
            await self.tick()
        except Exception:  # the loop must keep running; the log has the details
            log.exception("the delivery loop failed; trying again")

    @ticker.before_loop
    async def _before_ticker(self) -> None:
        await self.wait_until_ready()

    async def tick(self) -> None:
        """One round of the loop: deadlines, reminders, posts. Each part goes
        on whatever the one before it met (issue 33, N1: one match's game must
        not stop the posting of every match)."""
        try:
            done = await self.run_db(self.door.resolve_due)
            if done:
                log.info("resolved at the deadline: %s", ", ".join(done))
        except Exception:  # resolve_due isolates matches; this is a last guard
            log.exception("resolving at the deadline failed; reminders and posts go on")
        await self.run_db(self.queue_reminders)
        await self.pump()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Part modals are answered from their custom id, not from memory
        (``components.PartModal``): a modal open across a restart still submits."""
        from . import components

        if interaction.type != discord.InteractionType.modal_submit:
            return
        try:
            await components.modal_submitted(self, interaction)
        except Exception:
            log.exception("a modal submission failed")
            if not interaction.response.is_done():
                await interaction.response.send_message(
                    "That did not go through; use /mm submit and try again.", ephemeral=True
                )

    async def on_mainmatch_change(self, match_id: str) -> None:
        """Another process (or this one) changed a match: post what it caused."""
        await self.pump_after()

    # ================================================================ reminders

    def queue_reminders(self, now: float | None = None) -> int:
        """Queue one reminder per step for each person who has not submitted
        when the deadline is nearer than their server's ``remind_minutes``."""
        now = time.time() if now is None else now
        queued = 0
        for match_id in self.door.posted_matches():
            try:
                queued += self._remind(match_id, now)
            except Exception:  # one match (its game's view, say) must not stop the others
                log.exception("match %s: reminders failed", match_id)
        return queued

    def _remind(self, match_id: str, now: float) -> int:
        """:meth:`queue_reminders` for one match."""
        place = self.door.match_place(match_id)
        setup = self.door.guild(place[0]) if place else None
        if setup is None or setup.remind_minutes <= 0:
            return 0
        ov = self.door.host_overview(match_id)
        deadline = ov.get("deadline")
        if ov["status"] != "running" or not deadline or not now < deadline:
            return 0
        if deadline - now > setup.remind_minutes * 60:
            return 0
        queued = 0
        for p, status in ov.get("pending_status", {}).items():
            if status == "not yet":
                msg = (
                    f"Reminder: step {ov['open_step']} closes {discord_timestamp(deadline)}"
                    " and you have not submitted yet."
                )
                queued += self.door.queue_reminder(match_id, ov["open_step"] or 0, p, msg)
        return queued

    # ================================================================ posting

    async def pump_after(self) -> None:
        """Post what a command or click caused, after answering it: a failure
        here is logged and left to the loop (the rows wait in the database)."""
        try:
            await self.pump()
        except Exception:
            log.exception("posting after an interaction failed; the loop retries")

    async def pump(self) -> int:
        """Post every undelivered row; returns how many were posted.

        Whatever a post raises (a Discord error, a dropped connection, no
        answer within ``post_timeout``) marks its row failed, to be tried again
        later, and holds back the later rows of the same place, whose order is
        kept (``delivery.claim`` holds them back on the next rounds too); the
        rows of other places go on. Rows claimed and not tried are given back."""
        async with self._pump_lock:
            posted = 0
            while True:
                rows = await self.run_db(self.door.claim_posts)
                if not rows:
                    return posted
                blocked: set[tuple[str, str]] = set()
                untried = [row.id for row in rows]
                try:
                    for row in rows:
                        untried.remove(row.id)
                        if posting_place(row) in blocked:
                            untried.append(row.id)
                            continue
                        try:
                            ref = await self.post_or_refused(row)
                        except Exception as exc:  # noqa: BLE001 - any failure waits, in order
                            blocked.add(posting_place(row))
                            why = _describe(exc, row, self.post_timeout)
                            log.warning("post %d of match %s failed: %s", row.id, row.match_id, why)
                            await self.run_db(
                                self.door.post_failed,
                                row.id,
                                why,
                                min(300.0, self.retry_seconds * row.attempts),
                            )
                            continue
                        await self.run_db(self.door.posted, row.id, ref)
                        posted += 1
                finally:
                    await self.run_db(self.door.release_posts, untried)
                if blocked:
                    return posted

    async def post_or_refused(self, row: Delivery) -> str:
        """:meth:`post` within ``post_timeout``; a message Discord refuses as such
        (400: no retry can help) is given up, named in its ``ref``, so that the
        later posts of its place go on."""
        try:
            return await asyncio.wait_for(self.post(row), self.post_timeout)
        except discord.HTTPException as exc:
            if exc.status != 400:
                raise
            ref = f"refused: {_describe(exc, row, self.post_timeout)}"
            log.error("post %d of match %s: %s", row.id, row.match_id, ref)
            return ref

    async def send_prompt(self, match_id: str, player: str) -> bool:
        """Post ``player``'s request for the open step now (a seat that changed
        hands); ``False`` when they have nothing to do."""
        from .components import prompt_message

        ov = await self.run_db(self.door.host_overview, match_id)
        target = await self.private_place(match_id, player)
        if target is None or ov["status"] != "running":
            return False
        made = await prompt_message(self, match_id, player, ov["open_step"] or 0)
        if made is None:
            return False
        dest, user_id = target
        nonce = f"mm{match_id}.{ov['open_step']}.{player}"[:20]
        await self.send(
            dest, f"<@{user_id}> {made[0]}", nonce, mentions=ping(user_id), view=made[1]
        )
        return True

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        ch = self.get_channel(channel_id)
        if ch is None:
            ch = await self.fetch_channel(channel_id)
        assert isinstance(ch, discord.abc.Messageable)
        return ch

    async def private_place(self, match_id: str, player: str) -> tuple[Any, int] | None:
        """Where ``player``'s private messages go (their channel or DMs) and
        their user id; ``None`` for a bot seat."""
        seat = (await self.run_db(self.door.seats, match_id)).get(player)
        if seat is None or seat.user_id is None:
            return None
        if seat.channel_id is not None:
            return await self.channel(seat.channel_id), seat.user_id
        user = self.get_user(seat.user_id) or await self.fetch_user(seat.user_id)
        return (user.dm_channel or await user.create_dm()), seat.user_id

    async def send(
        self,
        dest: discord.abc.Messageable,
        content: str,
        nonce: str,
        *,
        mentions: discord.AllowedMentions = NONE,
        view: discord.ui.View | None = None,
    ) -> discord.Message | None:
        last = None
        parts = tx.chunks(content) or ["\u200b"]
        for i, part in enumerate(parts):
            kw: dict[str, Any] = {"allowed_mentions": mentions, "nonce": f"{nonce}.{i}"}
            if view is not None and i == len(parts) - 1:
                kw["view"] = view
            last = await dest.send(part, **kw)
        return last

    async def post(self, row: Delivery) -> str:
        """Post one delivery row; returns the message id, or why none was needed."""
        nonce = f"mm{row.id}"
        if row.kind in ("public", "result", "notice"):
            place = await self.run_db(self.door.match_place, row.match_id)
            if place is None:
                return "no channel"
            msg = await self.send(await self.channel(place[1]), tx.neutralise(row.text), nonce)
            return str(msg.id) if msg else "empty"
        target = await self.private_place(row.match_id, row.player)
        if target is None:
            return "bot seat"
        dest, user_id = target
        if row.kind == "prompt":
            from .components import prompt_message

            # a draft older than this prompt was built for an earlier opening of
            # the step (before an undo): the reopened step starts empty
            await self.run_db(
                self.door.drop_draft_before, row.match_id, row.step, row.player, row.created_at
            )
            made = await prompt_message(self, row.match_id, row.player, row.step)
            if made is None:
                return await self.post_stale(row, dest)
            content, view = made
            content = f"<@{user_id}> {content}"
            msg = await self.send(dest, content, nonce, mentions=ping(user_id), view=view)
        elif row.kind == "reminder":
            text = f"<@{user_id}> {tx.neutralise(row.text)}"
            msg = await self.send(dest, text, nonce, mentions=ping(user_id))
        else:
            msg = await self.send(dest, tx.neutralise(row.text), nonce)
        return str(msg.id) if msg else "empty"

    async def post_stale(self, row: Delivery, dest: discord.abc.Messageable) -> str:
        """A prompt whose step closed before it could be posted (the host resolved
        it, or an undo took it back): the player is told so, not left unaware
        that there was a step (issue 26, L9); a step still open that is no longer
        theirs, or one that resolved with their own action (they submitted on the
        web), needs no word."""
        ov = await self.run_db(self.door.host_overview, row.match_id)
        if ov["status"] == "running" and ov.get("open_step") == row.step:
            return "stale"
        if await self.run_db(self.door.acted_in, row.match_id, row.step, row.player):
            return "stale"  # their own action stood (sent on the web): nothing to tell (issue 33)
        text = (
            f"Step {row.step} closed before its request reached you; "
            "the rules' defaults stood in for anything you did not submit. "
            "The results are in the match channel and your private messages."
        )
        msg = await self.send(dest, text, f"mm{row.id}")
        return f"closed {msg.id if msg else ''}"


def _describe(exc: BaseException, row: Delivery, timeout: float) -> str:
    """A failed post in one line, naming a missing permission and where."""
    where = "the match channel" if posting_place(row)[1] == "" else f"{row.player}'s private place"
    if isinstance(exc, discord.Forbidden):
        return (
            f"missing permission in {where}: the bot needs View Channel and Send Messages "
            f"there (Discord: {exc.text or exc.status})"
        )
    if isinstance(exc, discord.NotFound):
        return f"{where} no longer exists (Discord: {exc.text or exc.status})"
    if isinstance(exc, discord.HTTPException):
        return f"Discord error {exc.status} posting to {where}: {exc.text}"
    if isinstance(exc, TimeoutError):
        return f"no answer from Discord within {timeout:g} s posting to {where}"
    return f"posting to {where} failed: {type(exc).__name__}: {exc}"[:300]


def build_bot(db_url: str, *, loops: bool = True, tick_seconds: float = 5.0) -> MainmatchBot:
    """The whole bot, offline until ``start``: commands, components, the loop.

    ``loops=False`` leaves out the background loop (tests drive
    :meth:`MainmatchBot.tick` themselves)."""
    return MainmatchBot(db_url, loops=loops, tick_seconds=tick_seconds)
