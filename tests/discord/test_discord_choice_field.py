"""Second to Won on Discord (issue 34 item 9): "For" is asked only beside an
item to CHOICE (the bid field's ``Ask.when``, engine/inputs.py).

Through simcord (discord.py's real objects, only the network replaced): the
bids are one "Add or change" part per set of fields, the part of the items to
YOU and OTHERS has no "For" field and offers only those items, the part of the
items to CHOICE has it with the other players; a bid made through each part is
stored as sent.
"""

from __future__ import annotations

import asyncio

from mainmatch.host.service import Access


def _labels(modal: dict) -> dict[str, list[str]]:
    """A modal's fields: custom id -> the options a select offers ([] for a text input)."""
    out: dict[str, list[str]] = {}
    for row in modal["components"]:
        c = row.get("component") or (row.get("components") or [{}])[0]
        out[c["custom_id"]] = [o["value"] for o in c.get("options", [])]
    return out


def test_second_to_won_asks_for_a_player_only_on_an_item_to_choice(sqlite_url, dx):
    async def scenario():
        bot = dx.build_bot(sqlite_url, loops=False)
        async with dx.run(bot) as env:
            world = await dx.World(env, bot).setup(players=1)
            (ann1,) = world.members
            match_id = await world.new("second_to_won", humans=1)
            request = bot.service.overview(Access(match_id, "player", "ann1"))["request"]
            to_choice = [
                i["letter"]
                for i in request["items"]
                if any(e["target"] == "choice" for e in i["effects"])
            ]
            others = [i["letter"] for i in request["items"] if i["letter"] not in to_choice]
            assert to_choice and others
            prompt = world.prompt(ann1, match_id, 1)
            user = ann1.user  # the prompt is in DMs

            plain = await user.click(prompt, custom_id=dx.cid(prompt, ":part:x-bids1"))
            fields = _labels(plain.modal)
            assert "choice" not in fields, fields
            assert fields["_key"] == others
            mine = await user.click(prompt, custom_id=dx.cid(prompt, ":part:x-bids2"))
            fields = _labels(mine.modal)
            assert fields["_key"] == to_choice
            assert "ann1" not in fields["choice"] and len(fields["choice"]) == 8

            for letter in others[:2]:
                shown = await user.click(prompt, custom_id=dx.cid(prompt, ":part:x-bids1"))
                r = await user.submit_modal(shown, {"_key": [letter], "chips": "2"})
                assert "For" not in dx.said(r) and "choice" not in dx.said(r), dx.said(r)
            target = fields["choice"][0]
            shown = await user.click(prompt, custom_id=dx.cid(prompt, ":part:x-bids2"))
            r = await user.submit_modal(
                shown, {"_key": [to_choice[0]], "chips": "1", "choice": [target]}
            )
            assert f"for {target}" in dx.said(r), dx.said(r)
            r = await user.click(prompt, custom_id=dx.cid(prompt, ":submit"))
            assert dx.said(r).startswith("Stored for step 1:"), dx.said(r)
            # the bots had moved: ann1's submission resolves the step
            stored = bot.service.record(match_id)["steps"][0]["actions"]["ann1"]
            assert stored == {
                "bids": {
                    **{x: {"chips": 2} for x in others[:2]},
                    to_choice[0]: {"chips": 1, "choice": target},
                }
            }

    asyncio.run(scenario())
