"""Every step of every registered game has a real Discord form, derived from
its step description alone (the five built in and the example plugin game).

For each game a whole match is played through the service, every seat a
person: at each request the player's form is built from the request they were
sent, it keeps Discord's limits (five inputs a modal, 45-character labels,
25 options a select), it has no JSON box, and filling it with what a random
player means gives, through the same part functions the bot runs, an action
the service stores, equal to the one meant. Every step kind's form also
builds for a request that offers nothing.
"""

from __future__ import annotations

import random
import re

import pytest

from mainmatch import games
from mainmatch.discord.formkit import LABEL, MODAL_FIELDS, SELECT, Form
from mainmatch.discord.forms import build, form_for
from mainmatch.host.db import Database
from mainmatch.host.service import Access, HostService

PART_ID = re.compile(r"[A-Za-z0-9_-]{1,60}")


def through(form: Form, moves: list[tuple]) -> dict:
    """The action ``moves`` make, run as the bot runs them (a part's modal
    changes the draft, or is the action; Submit sends the draft)."""
    draft: dict = {}
    for move in moves:
        if move[0] == "select":
            assert form.select is not None
            return form.select.read(move[1])
        if move[0] == "quick":
            return form.quick[move[1]]
        if move[0] == "submit":
            return {**form.initial, **draft}
        part = next(p for p in form.parts if p.id == move[1])
        draft = part.apply(draft, move[2])
        if part.submits:
            return draft
    raise AssertionError(f"the moves {moves} send nothing")


def within_limits(form: Form) -> None:
    assert form.parts or form.select or form.quick or form.compound, form
    assert all(p.id != "json" for p in form.parts), "a JSON box where a form belongs"
    for part in form.parts:
        assert PART_ID.fullmatch(part.id), part.id
        assert 0 < len(part.fields) <= MODAL_FIELDS, (part.id, part.fields)
        assert len(part.label) <= LABEL, part.label
        assert len({f.key for f in part.fields}) == len(part.fields), part.fields
        for f in part.fields:
            assert 0 < len(f.label) <= LABEL, f.label
            assert len(f.options) <= SELECT and len(f.placeholder) <= 100, f
    if form.select is not None:
        assert 0 < len(form.select.options) <= SELECT


@pytest.mark.parametrize("game_id", list(games.game_ids()))
def test_every_form_builds_and_sends_what_is_meant(game_id, tmp_path, dx):
    game = games.get(game_id)
    for kind in game.action_models:
        within_limits(build(game.step(kind), {"kind": kind}))
    db = Database(f"sqlite:///{tmp_path / 'forms.db'}")
    db.migrate()
    svc = HostService(db)
    rng = random.Random(11)
    made = svc.create_match(game_id, seed=3, deadlines=dict.fromkeys(game.action_models, "manual"))
    match_id = made.match_id
    seen: set[str] = set()
    for _ in range(600):
        host = svc.overview(Access(match_id, "host"))
        if host["status"] == "over":
            break
        step = host["open_step"]
        _m, snap = svc.snapshot(match_id)
        for p in [x["player"] for x in host["pending"]]:
            ov = svc.overview(Access(match_id, "player", p))
            req = ov["request"]
            form = form_for(game_id, req["kind"], req)
            within_limits(form)
            meant = game.random_action(snap.state, p, rng)
            sent = through(form, dx.form_moves(form, meant))
            assert dx.normal(game_id, sent) == dx.normal(game_id, meant), (req["kind"], meant)
            out = svc.submit(Access(match_id, "player", p), sent, step)
            assert isinstance(form.echo(sent), str) and form.echo(sent)
            seen.add(req["kind"])
            if out.get("resolved"):
                break
    assert svc.overview(Access(match_id, "host"))["status"] == "over"
    assert seen - {"choose_ec"}, seen
    db.dispose()


@pytest.mark.parametrize("garnets", [0, 3])
def test_the_mvp_form_offers_purchases_only_with_garnets(garnets):
    """The MVP (mvp spec §3.1 rule 7): purchases are paid from the garnets held;
    a player without garnets is asked for none (issue 34 item 8)."""
    from mainmatch.engine.match import Match

    game = games.get("mvp")
    players = list(game.default_players)
    state = Match(game, game.new_config(players, 5, garnets={players[0]: garnets})).state
    req = game.requests(state)[players[0]]
    form = form_for("mvp", "round", req)
    labels = " ".join(f.label for part in form.parts for f in part.fields) + " ".join(
        part.label for part in form.parts
    )
    for words in ("Learn the card", "Learn where a card lies", "Chips to buy"):
        assert (words in labels) == bool(garnets), (words, labels)
