"""Bots that fail on purpose, for the simulator's tests (loaded with --bot-module,
so that worker processes register them too)."""

from __future__ import annotations

import time

from mainmatch.bots import register


class Raiser:
    name = "raiser"

    def act(self, view, request, rng):
        raise RuntimeError("this bot always fails")


class Cheater:
    name = "cheater"

    def act(self, view, request, rng):
        if request["kind"] == "choose_ec":
            return {"ec": "nobody"}
        return {
            "trades": [{"players": [view["you"]["player"]] * 2, "amount": request["money"] + 1}]
        }


class Sleeper:
    """Thinks far too long on its first action of each match, then plays fine."""

    name = "sleeper"

    def __init__(self) -> None:
        self.slept = False

    def act(self, view, request, rng):
        if not self.slept:
            self.slept = True
            time.sleep(30)
        return {"ec": request["candidates"][0]} if request["kind"] == "choose_ec" else {}


register("seat_exchange", "raiser", Raiser)
register("seat_exchange", "cheater", Cheater)
register("seat_exchange", "sleeper", Sleeper)
