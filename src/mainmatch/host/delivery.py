"""Delivery of announcements: one row per message, posted exactly once.

An adapter that posts announcements somewhere (the Discord bot) *subscribes* a
match (an ``delivery_outlets`` row). From then on every resolution writes, in
the same transaction that inserts the step, one ``deliveries`` row per message
it causes: the public post (``public``), each player's DM (``dm``), the prompt
of each person pending in the step that opens (``prompt``) and, at the end,
the result table (``result``). The adapter claims rows, posts them, and marks
them delivered. So a crash between resolving and posting loses nothing (the
rows wait in the database) and repeats nothing (a delivered row is never
claimed again; a row claimed by a process that died is claimed again after
``LEASE`` seconds, and the adapter posts it with the row's own nonce, which
Discord uses to refuse a second copy).

Rows are keyed by (match, undo count, step, kind, player): a step that an undo
opened again gets fresh prompts, and the same message is never written twice.
The texts are made here, from ``Announcement`` (the events' audiences), and in
``result_post.py`` from the result: nothing secret reaches a public row.

A step's clock waits for its players (issue 26, L9): while a prompt of the
open step is neither posted nor failed, the step does not resolve at its
deadline (:func:`prompts_waiting`, read by ``resolve_due``), and when its
last prompt is settled more than :data:`CLOCK_SLACK` seconds after the step
opened, the deadline moves by that delay: it counts from when the players
could know. A prompt that failed (a member's closed DMs, a missing
permission) stops holding the clock: the host sees it in ``/mm status``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    ColumnElement,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    delete,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from mainmatch.engine.announce import neutralise

from .models import Base, MatchRow, SeatRow
from .result_post import result_text

if TYPE_CHECKING:
    from .db import Database
    from .snapshots import Snapshot

#: seconds after which a claimed but unconfirmed row is claimed again
LEASE = 60.0
#: seconds of delay between a step's opening and its prompts that need no new deadline
CLOCK_SLACK = 1.0
#: message kinds, in the order a step causes them
KINDS = ("public", "dm", "result", "prompt", "reminder", "notice")


class OutletRow(Base):
    __tablename__ = "delivery_outlets"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    #: who posts this match's announcements ("discord")
    outlet: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[float] = mapped_column(Float)


class DeliveryRow(Base):
    __tablename__ = "deliveries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id", ondelete="CASCADE"))
    undos: Mapped[int] = mapped_column(Integer)
    #: the step the message belongs to (0: the opening post; a prompt: the open step)
    step: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    #: the player a private message goes to; "" for a public one
    player: Mapped[str] = mapped_column(String(100), default="")
    text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[float] = mapped_column(Float)
    claimed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    delivered_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)
    #: where it went (a Discord message id), or why it was skipped
    ref: Mapped[str | None] = mapped_column(String(60), nullable=True)

    __table_args__ = (
        UniqueConstraint("match_id", "undos", "step", "kind", "player", name="uq_deliveries_msg"),
        Index("ix_deliveries_open", "delivered_at", "id"),
    )


@dataclass(frozen=True)
class Delivery:
    """A claimed row, detached from its session."""

    id: int
    match_id: str
    undos: int
    step: int
    kind: str
    player: str
    text: str
    attempts: int
    #: when the row was written (a prompt: when its step opened, or opened again)
    created_at: float = 0.0


# ==================================================================== writing (service hooks)


def _subscribed(s: Session, match_id: str) -> bool:
    return s.get(OutletRow, match_id) is not None


def _add(s: Session, m: MatchRow, step: int, kind: str, player: str, text: str, now: float) -> None:
    key = (m.id, m.undos, step, kind, player)
    exists = s.scalar(
        select(DeliveryRow.id).where(
            DeliveryRow.match_id == key[0],
            DeliveryRow.undos == key[1],
            DeliveryRow.step == key[2],
            DeliveryRow.kind == key[3],
            DeliveryRow.player == key[4],
        )
    )
    if exists is None:
        s.add(
            DeliveryRow(
                match_id=m.id,
                undos=m.undos,
                step=step,
                kind=kind,
                player=player,
                text=text,
                created_at=now,
                attempts=0,
            )
        )


def _step_messages(s: Session, m: MatchRow, snap: Snapshot, number: int, now: float) -> None:
    """The public post and the DMs of applied step ``number``."""
    from .overview import discord_post  # the service imports this module

    ann = snap.announcement(number)
    nxt = m.deadline_at if number == m.step_count and m.status == "running" else None
    public = discord_post(ann.public_text(), nxt)
    if public.strip():
        _add(s, m, number, "public", "", public, now)
    for p in snap.config["players"]:
        text = ann.dm_text(p)
        if text.strip():
            _add(s, m, number, "dm", p, text, now)


def _open_messages(s: Session, m: MatchRow, snap: Snapshot, now: float) -> None:
    """The prompts of the open step (people only), or the result table at the end."""
    if m.status == "over":
        text = snap.memo("result_text", lambda: result_text(snap))  # made by ``warm``
        _add(s, m, m.step_count, "result", "", text, now)
        return
    bots = set(
        s.scalars(select(SeatRow.player).where(SeatRow.match_id == m.id, SeatRow.bot.is_not(None)))
    )
    for p in snap.pending:
        if p not in bots:
            _add(s, m, m.step_count + 1, "prompt", p, "", now)


def warm(snap: Snapshot) -> Snapshot:
    """Make now, outside any transaction, the texts :func:`after_step` writes
    from the game's code (``isolation.py``)."""
    snap.warm()
    if snap.over:
        snap.memo("result_text", lambda: result_text(snap))
    return snap


def after_step(s: Session, m: MatchRow, snap: Snapshot, now: float) -> None:
    """Service hook, inside the transaction that applied step ``m.step_count``
    and opened the next: the rows of every message the step causes."""
    if not _subscribed(s, m.id):
        return
    _step_messages(s, m, snap, m.step_count, now)
    _open_messages(s, m, snap, now)
    s.flush()


def after_undo(s: Session, m: MatchRow, snap: Snapshot, undone: int, now: float) -> None:
    """Service hook, inside the undo's transaction: messages of the undone step
    not yet posted are dropped; a notice and the reopened step's prompts are queued."""
    if not _subscribed(s, m.id):
        return
    s.execute(
        delete(DeliveryRow).where(
            DeliveryRow.match_id == m.id,
            DeliveryRow.step >= undone,
            DeliveryRow.delivered_at.is_(None),
            DeliveryRow.kind != "notice",
        )
    )
    _add(
        s,
        m,
        undone,
        "notice",
        "",
        f"The host took back step {undone}; it is open again. Submissions made for it "
        "stand at the deadline; it resolves early only once everyone has submitted again.",
        now,
    )
    _open_messages(s, m, snap, now)
    s.flush()


def seat_changed(s: Session, m: MatchRow, player: str, bot: str | None, now: float) -> None:
    """Service hook, inside the transaction that gave ``player``'s seat to
    ``bot`` (or back to a person): a notice in the match channel, so that the
    players know who acts for the seat (which seats bots play is public: every
    view lists them). Keyed by the match's revision: each handover posts once."""
    if not _subscribed(s, m.id):
        return
    who = neutralise(player)
    text = (
        f"The host gave **{who}**'s seat to a bot ({neutralise(bot)}); "
        f"it acts for {who} from now on."
        if bot is not None
        else f"**{who}**'s seat is played by a person again."
    )
    _add(s, m, m.step_count + 1, "notice", f"seat:{player}:{m.revision}"[:100], text, now)
    s.flush()


def match_stopped(s: Session, m: MatchRow, now: float) -> None:
    """Service hook, inside the transaction that marked the match broken (its
    game's code failed, ``resolving.py``): a notice in the match channel that
    it stopped. The reason stays with the host (``/mm status``, the host page):
    a game's error text may name what only the host may see."""
    if not _subscribed(s, m.id):
        return
    text = (
        f"This match is stopped at step {m.step_count + 1}: its game failed while "
        "resolving. The host has been told why; the deadline waits until the host acts."
    )
    _add(s, m, m.step_count + 1, "notice", f"stopped:{m.revision}", text, now)
    s.flush()


def queue_notice(db: Database, match_id: str, key: str, text: str) -> bool:
    """Queue a notice for the match channel of a subscribed, running match that
    the service did not cause (an adapter's own change, e.g. a seat passed from
    one Discord member to another); ``key`` makes it once per open step."""
    now = time.time()
    with db.write() as s:
        m = s.get(MatchRow, match_id)
        if m is None or m.status != "running" or not _subscribed(s, match_id):
            return False
        _add(s, m, m.step_count + 1, "notice", key[:100], text, now)
    return True


def subscribe(db: Database, match_id: str, outlet: str, snap: Snapshot) -> None:
    """Make ``outlet`` the poster of ``match_id``'s announcements and queue what
    the match has said so far (the opening post, every applied step, the open
    step's prompts). ``snap`` is the match read just before; if it changed
    meanwhile, the steps are read again under the lock."""
    from .overview import _opening_text

    now = time.time()
    with db.write() as s:
        m = s.scalar(select(MatchRow).where(MatchRow.id == match_id).with_for_update())
        if m is None or _subscribed(s, match_id):
            return
        if snap.count != m.step_count or snap.undos != m.undos:
            raise RuntimeError("the match changed while it was being subscribed; try again")
        s.add(OutletRow(match_id=match_id, outlet=outlet, created_at=now))
        seats = list(
            s.scalars(select(SeatRow).where(SeatRow.match_id == m.id).order_by(SeatRow.position))
        )
        opening = _opening_text(m, snap, [(x.player, x.bot) for x in seats])
        if m.step_count == 0 and m.deadline_at is not None:
            from .overview import discord_post

            opening = discord_post(opening, m.deadline_at)
        _add(s, m, 0, "public", "", opening, now)
        for number in range(1, m.step_count + 1):
            _step_messages(s, m, snap, number, now)
        _open_messages(s, m, snap, now)


def queue_reminder(db: Database, match_id: str, step: int, player: str, text: str) -> bool:
    """Queue one reminder for ``player`` in step ``step`` (at most one per step)."""
    now = time.time()
    with db.write() as s:
        m = s.get(MatchRow, match_id)
        if m is None or m.status != "running" or m.step_count + 1 != step:
            return False
        before = s.scalar(select(DeliveryRow.id).where(*_key(m, step, "reminder", player)))
        if before is not None:
            return False
        _add(s, m, step, "reminder", player, text, now)
    return True


def _key(m: MatchRow, step: int, kind: str, player: str) -> tuple[Any, ...]:
    return (
        DeliveryRow.match_id == m.id,
        DeliveryRow.undos == m.undos,
        DeliveryRow.step == step,
        DeliveryRow.kind == kind,
        DeliveryRow.player == player,
    )


# ==================================================================== posting (adapters)


#: the kinds posted in the match channel (the rest go to their player's private place)
CHANNEL_KINDS = ("public", "result", "notice")


def place(row: Delivery | DeliveryRow) -> tuple[str, str]:
    """Where a row is posted: (match, "") for the match channel, else (match, player)."""
    return (row.match_id, "" if row.kind in CHANNEL_KINDS else row.player)


def claim(
    db: Database, outlet: str, *, limit: int = 50, now: float | None = None
) -> list[Delivery]:
    """Claim up to ``limit`` undelivered rows of ``outlet``, oldest first (a
    row claimed more than ``LEASE`` seconds ago without confirmation again).

    Order per place is kept: a row waits while an earlier row of its place
    is undelivered and not claimable (being posted, or failed and waiting
    for its retry)."""
    now = time.time() if now is None else now
    with db.write() as s:
        held = s.execute(
            select(DeliveryRow.id, DeliveryRow.match_id, DeliveryRow.kind, DeliveryRow.player)
            .join(OutletRow, OutletRow.match_id == DeliveryRow.match_id)
            .where(
                OutletRow.outlet == outlet,
                DeliveryRow.delivered_at.is_(None),
                DeliveryRow.claimed_at >= now - LEASE,
            )
        ).all()
        first_held: dict[tuple[str, str], int] = {}
        for rid, match_id, kind, player in held:
            key = (match_id, "" if kind in CHANNEL_KINDS else player)
            first_held[key] = min(rid, first_held.get(key, rid))
        q = (
            select(DeliveryRow)
            .join(OutletRow, OutletRow.match_id == DeliveryRow.match_id)
            .where(
                OutletRow.outlet == outlet,
                DeliveryRow.delivered_at.is_(None),
                (DeliveryRow.claimed_at.is_(None)) | (DeliveryRow.claimed_at < now - LEASE),
            )
            .order_by(DeliveryRow.id)
            .limit(limit)
        )
        if db.dialect == "postgresql":
            q = q.with_for_update(skip_locked=True, of=DeliveryRow)
        rows = [r for r in s.scalars(q) if r.id < first_held.get(place(r), r.id + 1)]
        out = []
        for r in rows:
            r.claimed_at = now
            r.attempts += 1
            out.append(
                Delivery(
                    r.id,
                    r.match_id,
                    r.undos,
                    r.step,
                    r.kind,
                    r.player,
                    r.text,
                    r.attempts,
                    r.created_at,
                )
            )
    return out


def delivered(db: Database, delivery_id: int, ref: str) -> None:
    """Mark a row posted (``ref``: where it went, or why nothing was posted)."""
    now = time.time()
    with db.write() as s:
        row = s.get(DeliveryRow, delivery_id)
        if row is None:
            return
        settled_before = row.error is not None or row.delivered_at is not None
        row.delivered_at, row.ref, row.error = now, ref[:60], None
        if not settled_before:
            _start_clock(s, row, now)


def failed(db: Database, delivery_id: int, error: str, retry_in: float) -> None:
    """A post that failed: kept, and claimable again in ``retry_in`` seconds."""
    now = time.time()
    with db.write() as s:
        row = s.get(DeliveryRow, delivery_id)
        if row is None:
            return
        settled_before = row.error is not None or row.delivered_at is not None
        row.claimed_at, row.error = now - LEASE + retry_in, error[:300]
        if not settled_before:
            _start_clock(s, row, now)


def prompts_waiting() -> ColumnElement[bool]:
    """SQL: the open step of the ``MatchRow`` in the query still has a prompt
    neither posted nor failed (its players may not know it is open yet)."""
    return (
        select(DeliveryRow.id)
        .where(
            DeliveryRow.match_id == MatchRow.id,
            DeliveryRow.undos == MatchRow.undos,
            DeliveryRow.step == MatchRow.step_count + 1,
            DeliveryRow.kind == "prompt",
            DeliveryRow.delivered_at.is_(None),
            DeliveryRow.error.is_(None),
        )
        .exists()
    )


def _start_clock(s: Session, row: DeliveryRow, now: float) -> None:
    """After a prompt settled for the first time (posted, or failed): if it was
    the open step's last, and the players learnt of the step more than
    ``CLOCK_SLACK`` seconds after it opened, the deadline moves by that delay
    (a step's clock runs from when they can know)."""
    if row.kind != "prompt":
        return
    s.flush()
    m = s.scalar(select(MatchRow).where(MatchRow.id == row.match_id).with_for_update())
    if (
        m is None
        or m.status != "running"
        or m.deadline_at is None
        or (m.undos, m.step_count + 1) != (row.undos, row.step)
        or s.scalar(select(prompts_waiting()).where(MatchRow.id == m.id))
    ):
        return
    late = now - m.step_opened_at
    if late > CLOCK_SLACK:
        m.deadline_at += late
        m.revision += 1


def release(db: Database, ids: list[int]) -> None:
    """Give back claimed rows that were not attempted (they keep their order)."""
    if not ids:
        return
    with db.write() as s:
        s.execute(
            update(DeliveryRow)
            .where(DeliveryRow.id.in_(ids), DeliveryRow.delivered_at.is_(None))
            .values(claimed_at=None)
        )


def subscribed_matches(db: Database, outlet: str) -> list[str]:
    with db.read() as s:
        return list(s.scalars(select(OutletRow.match_id).where(OutletRow.outlet == outlet)))


def undelivered(db: Database, match_id: str) -> list[tuple[str, int, str | None]]:
    """(kind, step, last error) of the match's messages not posted yet."""
    with db.read() as s:
        rows = s.execute(
            select(DeliveryRow.kind, DeliveryRow.step, DeliveryRow.error)
            .where(DeliveryRow.match_id == match_id, DeliveryRow.delivered_at.is_(None))
            .order_by(DeliveryRow.id)
        )
        return [(k, n, e) for k, n, e in rows]
