"""The player's components: persistent buttons, a select, and part modals.

Every component's ``custom_id`` names the match, the step and the seat
(``mm:MATCH:STEP:SEAT:OP[:ARG]``, SEAT the player's position), and the items are ``DynamicItem`` templates
registered with ``bot.add_dynamic_items``: a restarted bot answers every
button it ever posted. Only the Discord account that plays a seat acts for
it (``discord_seats``); an answer about a submission is ephemeral and echoes
exactly what the service stored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject, Request
from mainmatch.host.facade_types import HostError, Overview, SeatRequest

from . import forms, replies
from . import text as tx
from .protocol import BotLike

_ID = r"(?P<match>[A-Za-z0-9]+):(?P<step>\d+):(?P<seat>\d+)"


def cid(match_id: str, step: int, seat: int, op: str, arg: str = "") -> str:
    return f"mm:{match_id}:{step}:{seat}:{op}" + (f":{arg}" if arg else "")


async def reply(interaction: discord.Interaction, content: str) -> None:
    """An ephemeral answer, whole (the first response or a follow-up)."""
    await replies.send(interaction, tx.neutralise(content))


def _none() -> discord.AllowedMentions:
    return discord.AllowedMentions.none()


async def seat_of(
    bot: BotLike, interaction: discord.Interaction, match_id: str, position: int
) -> SeatRequest | None:
    """What seat ``position`` is asked now if ``interaction.user`` plays it
    (one read of the host, no overview built), else ``None`` (and the user
    is told)."""
    seat = await bot.run_db(bot.door.seat_request, match_id, position, interaction.user.id)
    if seat is None:
        await reply(
            interaction, "This is not your seat: only the player's own account acts for it."
        )
    return seat


async def player_state(bot: BotLike, match_id: str, player: str) -> Overview:
    return await bot.run_db(bot.door.player_overview, match_id, player)


async def prompt_message(
    bot: BotLike, match_id: str, player: str, step: int
) -> tuple[str, discord.ui.View] | None:
    """The request of ``player`` in step ``step`` with its components, or
    ``None`` when that step is no longer theirs to act in."""
    ov = await player_state(bot, match_id, player)
    req = ov.get("request")
    if ov.get("open_step") != step or req is None:
        return None
    draft = await bot.run_db(bot.door.draft, match_id, step, player)
    sub = ov.get("submission")
    form = forms.form_for(ov["game"]["id"], req["kind"], req)
    shown = sub["action"] if sub is not None else draft
    desc = games.get(ov["game"]["id"]).step(req["kind"])
    # an empty submission ({}: "no trades") is read back in the step's words too (issue 33, B10)
    echo = form.echo(shown) if sub is not None or shown else ""
    asked = desc.request_words(req)
    content = tx.prompt_text(ov, desc.ask, asked, echo, draft, form.offered)
    link = await web_link(bot, match_id, player)
    if link:
        content += f"\n\nOr on the web: {link}"
    position = [s["player"] for s in ov["seats"]].index(player)
    return content, build_view(ov["game"]["id"], match_id, step, position, req)


async def web_link(bot: BotLike, match_id: str, player: str) -> str | None:
    place = await bot.run_db(bot.door.match_place, match_id)
    setup = await bot.run_db(bot.door.guild, place[0]) if place else None
    if setup is None or not setup.web_base:
        return None
    host = await bot.run_db(bot.door.host_overview, match_id)
    token = host["links"]["players"].get(player)
    return f"{setup.web_base.rstrip('/')}/play/{token}" if token else None


def build_view(
    game_id: str, match_id: str, step: int, seat: int, request: Request
) -> discord.ui.View:
    """The components of one request (persistent: ``timeout=None``)."""
    form = forms.form_for(game_id, request["kind"], request)
    view = discord.ui.View(timeout=None)
    for part in form.parts:
        style = discord.ButtonStyle.primary
        view.add_item(Act(match_id, step, seat, "part", part.id, label=part.label, style=style))
    if form.select is not None:
        sel = form.select
        view.add_item(Choose(match_id, step, seat, sel.key, sel.options, sel.label))
    for i, label in enumerate(form.quick):
        view.add_item(
            Act(
                match_id,
                step,
                seat,
                "quick",
                str(i),
                label=label,
                style=discord.ButtonStyle.secondary,
            )
        )
    if form.compound:
        view.add_item(
            Act(match_id, step, seat, "submit", label="Submit", style=discord.ButtonStyle.success)
        )
        view.add_item(Act(match_id, step, seat, "clear", label="Clear draft"))
    view.add_item(
        Act(match_id, step, seat, "withdraw", label="Withdraw", style=discord.ButtonStyle.danger)
    )
    view.add_item(Act(match_id, step, seat, "view", label="My view"))
    return view


class Act(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"mm:{_ID}:(?P<op>[a-z]+)(?::(?P<arg>[A-Za-z0-9_-]+))?",
):
    """Every button of a request: a part, submit, clear, withdraw, quick, view."""

    def __init__(
        self,
        match_id: str,
        step: int,
        seat: int,
        op: str,
        arg: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=cid(match_id, step, seat, op, arg)
            )
        )
        self.match_id, self.step, self.seat, self.op, self.arg = match_id, step, seat, op, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Act:
        return cls(
            match["match"],
            int(match["step"]),
            int(match["seat"]),
            match["op"],
            match["arg"] or "",
            label=getattr(item, "label", None) or "",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotLike = interaction.client  # type: ignore[assignment]
        seat = await seat_of(bot, interaction, self.match_id, self.seat)
        if seat is None:
            return
        await on_act(bot, interaction, self.match_id, self.step, seat.player, self.op, self.arg)


class Choose(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=rf"mms:{_ID}:(?P<key>[a-z_]+)",
):
    """A select that submits the step's one choice at once (an EC candidate)."""

    def __init__(
        self,
        match_id: str,
        step: int,
        seat: int,
        key: str,
        options: tuple[tuple[str, str], ...],
        label: str = "",
    ) -> None:
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=f"mms:{match_id}:{step}:{seat}:{key}",
            placeholder=(label or f"Choose ({key})")[:150],
            options=[
                discord.SelectOption(label=shown[:100], value=value[:100])
                for value, shown in options[:25]
            ]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.match_id, self.step, self.seat, self.key = match_id, step, seat, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Choose:
        return cls(match["match"], int(match["step"]), int(match["seat"]), match["key"], ())

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BotLike = interaction.client  # type: ignore[assignment]
        seat = await seat_of(bot, interaction, self.match_id, self.seat)
        if seat is None:
            return
        data: JSONObject = dict(interaction.data or {})
        values: list[str] = list(data.get("values") or [])
        if not values:
            await reply(interaction, "Choose one of the options.")
            return
        if seat.request is None or not seat.asks(self.step):
            await reply(interaction, closed_text(seat.status, seat.open_step, self.step))
            return
        req = seat.request
        form = forms.form_for(seat.game_id, req["kind"], req)
        if form.select is None or form.select.key != self.key:
            await reply(interaction, "This menu belongs to an older request; use /mm submit.")
            return
        try:
            action = form.select.read(values[0])
        except forms.FormError as exc:
            await reply(interaction, f"Not stored: {exc}")
            return
        await submit(bot, interaction, self.match_id, self.step, seat.player, action, form.echo)


class PartModal(discord.ui.Modal):
    """One part of a request: its fields, prefilled from the draft.

    The modal is only a form to show: it is never kept in discord.py's memory
    (``stop`` before sending). Its submission is answered by
    :func:`modal_submitted` from its custom id ``mmm:MATCH:STEP:SEAT:PART``
    and the values Discord sends, so a modal left open across a restart of the
    bot still submits, and two players filling the same part at once never
    meet (discord.py keeps open modals by custom id alone).
    """

    def __init__(
        self, match_id: str, step: int, seat: int, part: forms.Part, draft: JSONObject
    ) -> None:
        super().__init__(title=part.label[:45], custom_id=f"mmm:{match_id}:{step}:{seat}:{part.id}")
        filled = part.prefill(draft)
        for f in part.fields:
            options = f.options
            if 0 < len(options) <= 25:
                # a choice among the request's own options: a select, not typing
                chosen = set((filled.get(f.key) or "").split())
                select: discord.ui.Select[discord.ui.Modal] = discord.ui.Select(
                    custom_id=f.key,
                    placeholder=f.placeholder[:150] or None,
                    options=[
                        discord.SelectOption(
                            label=shown[:100], value=value[:100], default=value in chosen
                        )
                        for value, shown in options
                    ],
                    min_values=1 if f.required else 0,
                    max_values=min(f.most, len(options)),
                    required=f.required,
                )
                help_ = f.placeholder[:100] or None
                self.add_item(
                    discord.ui.Label(text=f.label[:45], component=select, description=help_)
                )
                continue
            ti: discord.ui.TextInput[discord.ui.Modal] = discord.ui.TextInput(
                label=f.label[:45],
                custom_id=f.key,
                placeholder=f.placeholder[:100] or None,
                required=f.required,
                default=filled.get(f.key) or None,
                max_length=400,
            )
            self.add_item(ti)
        self.stop()  # answered by modal_submitted, not from memory


_MODAL = re.compile(rf"mmm:{_ID}:(?P<part>[A-Za-z0-9_-]+)")


def modal_values(node: Any) -> dict[str, str]:
    """The fields of a submitted modal (Discord's ``data.components``): a text
    input's ``value``, a select's ``values`` joined by spaces.

    >>> modal_values([{"type": 1, "components": [{"custom_id": "chips", "value": "3"}]},
    ...               {"type": 18, "component": {"custom_id": "card", "values": ["A4"]}}])
    {'chips': '3', 'card': 'A4'}
    """
    out: dict[str, str] = {}
    if isinstance(node, list):
        for child in node:
            out.update(modal_values(child))
    elif isinstance(node, dict):
        key = node.get("custom_id")
        if isinstance(key, str) and "value" in node:
            out[key] = str(node.get("value") or "")
        elif isinstance(key, str) and "values" in node:
            out[key] = " ".join(str(v) for v in node.get("values") or [])
        for child in ("components", "component"):
            if child in node:
                out.update(modal_values(node[child]))
    return out


async def modal_submitted(bot: BotLike, interaction: discord.Interaction) -> bool:
    """Answer a submitted part modal (see :class:`PartModal`); ``False`` when
    the modal is not one of ours."""
    data: JSONObject = dict(interaction.data or {})
    found = _MODAL.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return False
    m, step = found["match"], int(found["step"])
    # one read of the seat's request, submission and draft; then one write: the
    # submission or the draft (issue 32: at most two transactions, no overview)
    seat = await seat_of(bot, interaction, m, int(found["seat"]))
    if seat is None:
        return True
    p = seat.player
    if seat.request is None or not seat.asks(step):
        await reply(interaction, closed_text(seat.status, seat.open_step, step))
        return True
    req = seat.request
    form = forms.form_for(seat.game_id, req["kind"], req)
    part = next((x for x in form.parts if x.id == found["part"]), None)
    if part is None:
        await reply(interaction, "This form belongs to an older request; use /mm submit.")
        return True
    try:
        new = part.apply(seat.draft, modal_values(data.get("components")))
    except forms.FormError as exc:
        await reply(interaction, f"Not stored: {exc}")
        return True
    if part.submits:
        await submit(bot, interaction, m, step, p, new, form.echo)
        return True
    await bot.run_db(bot.door.save_draft, m, step, p, new)
    await reply(
        interaction,
        f"Draft for step {step} (not submitted yet; press Submit when it is complete):\n"
        + tx.quoted(form.echo({**form.initial, **new})),
    )
    return True


#: Submit pressed with an empty draft while a submission is stored (issue 26, L8)
EMPTY_DRAFT = (
    "Nothing changed: your draft is empty and your submission for step {step} (made here or "
    "on the web) stands. Build a new draft with the buttons to replace it, or Withdraw it "
    "and then press Submit to send an empty action."
)


def _closed(ov: Overview, step: int) -> str:
    return closed_text(ov.get("status"), ov.get("open_step"), step)


def closed_text(status: str | None, open_step: int | None, step: int) -> str:
    """Why a form of step ``step`` cannot be answered any more."""
    if status == "over":
        return "The match is over; nothing more can be submitted."
    if open_step != step:
        return f"Step {step} is closed; the open step is {open_step} (use /mm submit)."
    return f"You have nothing to submit in step {step}."


async def submit(
    bot: BotLike,
    interaction: discord.Interaction,
    match_id: str,
    step: int,
    player: str,
    action: Any,
    echo: Callable[[JSONObject], str],
) -> None:
    """Store an action through the host and echo exactly what was stored, in
    the step's words (``echo``: the form's). The host's answer carries the
    seat's new state (the action stored, as sent): nothing is read again."""
    try:
        out = await bot.run_db(bot.door.submit, match_id, player, action, step)
    except (HostError, MainmatchError) as exc:
        await reply(interaction, f"Not stored: {exc}")
        return
    note = (
        "The step resolved; the results follow."
        if out.resolved
        else "You may change or withdraw it until the deadline."
    )
    await reply(interaction, f"Stored for step {step}:\n{tx.quoted(echo(out.action))}\n{note}")
    if out.resolved:  # only a resolution queues posts (the results, the next prompts)
        await bot.pump_after()


async def on_act(
    bot: BotLike,
    interaction: discord.Interaction,
    match_id: str,
    step: int,
    player: str,
    op: str,
    arg: str,
) -> None:
    ov = await player_state(bot, match_id, player)
    if op == "view":
        await reply(interaction, tx.view_text(ov))
        return
    req = ov.get("request")
    if ov.get("open_step") != step or req is None:
        await reply(interaction, _closed(ov, step))
        return
    form = forms.form_for(ov["game"]["id"], req["kind"], req)
    if op == "part":
        part = next((x for x in form.parts if x.id == arg), None)
        if part is None:
            await reply(interaction, "This button belongs to an older request; use /mm submit.")
            return
        draft = await bot.run_db(bot.door.draft, match_id, step, player)
        seat = [x["player"] for x in ov["seats"]].index(player)
        await interaction.response.send_modal(PartModal(match_id, step, seat, part, draft))
    elif op == "submit":
        draft = await bot.run_db(bot.door.draft, match_id, step, player)
        sub = ov.get("submission")
        if not draft and sub is not None:
            if sub.get("kept"):  # kept across an undo: Submit confirms it (decision SB5)
                await submit(bot, interaction, match_id, step, player, sub["action"], form.echo)
                return
            # L8: an empty draft must not overwrite a submission (perhaps made on the web)
            await reply(interaction, EMPTY_DRAFT.format(step=step))
            return
        action = {**form.initial, **draft}
        await submit(bot, interaction, match_id, step, player, action, form.echo)
    elif op == "clear":
        await bot.run_db(bot.door.save_draft, match_id, step, player, {})
        await reply(
            interaction, "Draft cleared (a submission already stored stays until you withdraw it)."
        )
    elif op == "quick":
        quick = list(form.quick.values())
        if not arg.isdigit() or int(arg) >= len(quick):
            await reply(interaction, "This button belongs to an older request; use /mm submit.")
            return
        await submit(bot, interaction, match_id, step, player, quick[int(arg)], form.echo)
    elif op == "withdraw":
        try:
            await bot.run_db(bot.door.withdraw, match_id, player, step)
        except (HostError, MainmatchError) as exc:
            await reply(interaction, f"Nothing withdrawn: {exc}")
            return
        await reply(interaction, f"Your submission for step {step} is withdrawn.")
    else:
        await reply(interaction, "Unknown button; use /mm submit.")
