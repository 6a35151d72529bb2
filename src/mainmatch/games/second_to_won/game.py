"""Second to Won as a pure state machine (``shared/rules/second_to_won.md``).

One step kind, ``bids``, per auction with all nine players pending; the
match ends after the last auction or as soon as someone passes 200 points,
with no ``choose_ec`` step (§1, decisions 17-19).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine.checks import after_end
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import private, public
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Game
from mainmatch.engine.result import nonzero

from .config import OPTIONS, build_config, check_config
from .items import CompiledEffect, compile_item, has_choice, show_auction
from .models import (
    LETTERS,
    LIMIT,
    MIN_BIDS,
    PLAYERS,
    VARIANT_KEYS,
    BidsAction,
    SecondToWonConfig,
)
from .random_play import default_bids, random_bids, random_host_inputs
from .render import render_event
from .resolve import resolve
from .scoring import end_object
from .validate import check_bids

DEFAULT_PLAYERS = ("ana", "ben", "cal", "dee", "eve", "fay", "gus", "hal", "ivy")


@dataclass(frozen=True, slots=True)
class Table:
    """What a match's config fixes, prepared once and shared by all its states."""

    items: tuple[tuple[dict, ...], ...]  # config items, auction 1 first
    compiled: tuple[tuple[tuple[CompiledEffect, ...], ...], ...]
    choice_letters: tuple[frozenset[str], ...]  # per auction: items to CHOICE
    others: dict[str, tuple[str, ...]]  # player -> every other player, players order
    tiebreak: tuple[str, ...]
    #: points above which a player is over: 200, or the config's variant (§7.2)
    limit: int = LIMIT

    @property
    def n_auctions(self) -> int:
        return len(self.items)


@immutable
class SecondState:
    config: dict
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players (shared, never mutated)
    table: Table
    phase: str  # "bidding" | "over"
    auction: int  # current auction; after the end, the last played
    points: dict[str, int]
    chips: dict[str, int]
    garnets: dict[str, int]  # held now
    garnets_spent: dict[str, int]  # bid over the match (§4.1)
    garnets_from_items: dict[str, int]  # received from items over the match
    history: tuple[dict[str, int], ...]  # scores after each auction played (§4.5)
    bids: dict[
        str, tuple[dict, ...]
    ]  # player -> own bids per auction, as the private view shows them
    won: dict[str, tuple[dict, ...]]  # player -> own won items, as the private view shows them
    info: dict[
        str, tuple[int, ...]
    ]  # player -> auctions whose lists they received, in order received
    end: dict | None

    @property
    def ended(self) -> dict:
        """``end`` once play has ended (phases ``choose_ec`` and ``over``)."""
        return after_end(self.end)


class SecondToWon(Game[SecondState]):
    id = "second_to_won"
    title = "Second to Won"
    pitch = "9 players bid chips on point items over up to 8 auctions: aim for second place, and never pass 200."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = SecondToWonConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {"bids": BidsAction}
    host_inputs = OPTIONS
    variant_keys = VARIANT_KEYS
    # the seed sets no time for an auction (only a 24-hour pre-game period, decision 31)
    # an ORG Main Match plays an auction a day (the seed's "24 hour pre-game period")
    step_minutes: ClassVar[dict[str, int | None]] = {"bids": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(
        self,
        players,
        seed,
        auctions=None,
        n_auctions=None,
        gamewide_tiebreak=None,
        garnets=None,
        variant=None,
        **options: Any,
    ) -> dict:
        if options:
            raise InvalidConfig(
                f"unknown option {min(options)!r}; second_to_won takes auctions, n_auctions, gamewide_tiebreak, garnets and variant"
            )
        return build_config(
            players,
            seed,
            auctions=auctions,
            n_auctions=n_auctions,
            gamewide_tiebreak=gamewide_tiebreak,
            garnets=garnets,
            variant=variant,
            game=self,
        )

    def check_config(self, config: Any) -> dict:
        return check_config(config)

    def random_config(self, players, rng: random.Random, variant=None) -> dict:
        inputs = random_host_inputs(list(players), rng)
        return self.new_config(list(players), rng.randrange(2**32), variant=variant, **inputs)

    # ------------------------------------------------------------ state

    def initial_state(self, config: dict) -> SecondState:
        config = self.check_config(config)
        rules = self.rule_values(config)
        players = tuple(config["players"])
        items = tuple(tuple(auction) for auction in config["auctions"])
        table = Table(
            items=items,
            compiled=tuple(tuple(compile_item(it) for it in auction) for auction in items),
            choice_letters=tuple(
                frozenset(l for l, it in zip(LETTERS, auction) if has_choice(it))
                for auction in items
            ),
            others={p: tuple(q for q in players if q != p) for p in players},
            tiebreak=tuple(config["gamewide_tiebreak"]),
            limit=rules["limit"],
        )
        zero = {p: 0 for p in players}
        return SecondState(
            config=config,
            players=players,
            index={p: i for i, p in enumerate(players)},
            table=table,
            phase="bidding",
            auction=1,
            points=dict(zero),
            chips={p: rules["chips"] for p in players},  # decision 31: dealt once, never refilled
            garnets=dict(config["garnets"]),
            garnets_spent=dict(zero),
            garnets_from_items=dict(zero),
            history=(),
            bids={p: () for p in players},
            won={p: () for p in players},
            info={p: () for p in players},
            end=None,
        )

    def requests(self, state: SecondState) -> dict[str, dict]:
        out: dict[str, dict] = {}
        if state.phase == "bidding":
            # §3.1 request; the shown items are one list shared by the nine requests
            k = state.auction
            items = show_auction(state.table.items[k - 1])
            for p in state.players:
                c = state.chips[p]
                out[p] = {
                    "kind": "bids",
                    "auction": k,
                    "items": items,
                    "chips": c,
                    "garnets": state.garnets[p],
                    "min_items": min(MIN_BIDS, c),
                    "choice_targets": list(state.table.others[p]),
                }
        return out

    def pending_players(self, state: SecondState) -> Sequence[str]:
        # as requests lists them: all nine players while the match runs (§3.1)
        return state.players if state.phase == "bidding" else ()

    def validate(self, state: SecondState, player: str, action: Any) -> None:
        self._require_pending(state, player)
        check_bids(
            action,
            player,
            state.index,
            state.table.choice_letters[state.auction - 1],
            state.chips[player],
            state.garnets[player],
        )

    def default_action(self, state: SecondState, player: str, rng: random.Random) -> dict:
        self._require_pending(state, player)
        return default_bids(
            rng,
            state.chips[player],
            state.table.choice_letters[state.auction - 1],
            state.table.others[player],
        )

    def random_action(self, state: SecondState, player: str, rng: random.Random) -> dict:
        self._require_pending(state, player)
        t = state.table
        return random_bids(
            rng,
            state.chips[player],
            state.garnets[player],
            t.n_auctions - state.auction + 1,
            t.choice_letters[state.auction - 1],
            t.others[player],
        )

    @staticmethod
    def _require_pending(state: SecondState, player: Any) -> None:
        """Every player is pending while the match runs (§3.1)."""
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if not isinstance(player, str) or player not in state.index:
            raise IllegalAction(f"{player!r} is not a player in this match")

    # ------------------------------------------------------------ apply §4

    def apply(self, state: SecondState, actions: dict[str, dict]) -> tuple[SecondState, list[dict]]:
        if state.phase == "over":
            raise IllegalAction("the match is over")
        players = state.players
        if len(actions) != len(players) or any(p not in actions for p in players):
            # actions arrive validated (ENGINE.md); this guards a direct caller's wrong set of players
            missing = [p for p in players if p not in actions]
            extra = sorted(str(p) for p in actions if p not in state.index)
            raise IllegalAction(
                f"a bids step needs one action from each of the {PLAYERS} players (missing {missing}, unknown {extra})"
            )
        return self._auction(state, actions, True)

    def apply_validated(
        self, state: SecondState, actions: dict[str, dict]
    ) -> tuple[SecondState, list[dict]]:
        # the driver has checked the players (ENGINE.md: apply gets a checked step)
        if state.phase == "over":
            raise IllegalAction("the match is over")
        return self._auction(state, actions, True)

    def next_state(self, state: SecondState, actions: dict[str, dict]) -> SecondState:
        if state.phase == "over":
            raise IllegalAction("the match is over")
        return self._auction(state, actions, False)[0]

    def _auction(
        self, state: SecondState, actions: dict[str, dict], emit: bool
    ) -> tuple[SecondState, list[dict]]:
        """§4 one auction from checked actions; its events only when ``emit``."""
        players, t, k = state.players, state.table, state.auction
        # each action read once: its bids in letter order (as ``normalise`` gives them)
        # and the private view's copy of them
        bids: dict[str, dict[str, tuple[int, int, str | None]]] = {}
        own_bids: dict[str, tuple[dict, ...]] = {}
        for p in players:
            raw = actions[p]["bids"]
            mine: dict[str, tuple[int, int, str | None]] = {}
            entry: dict[str, dict] = {}
            for letter in sorted(raw):
                bid = raw[letter]
                c, g, who = bid.get("chips", 0), bid.get("garnets", 0), bid.get("choice")
                mine[letter] = (c, g, who)
                entry[letter] = (
                    {"chips": c, "garnets": g}
                    if who is None
                    else {"chips": c, "garnets": g, "choice": who}
                )
            bids[p] = mine
            own_bids[p] = state.bids[p] + ({"auction": k, "bids": entry},)
        out = resolve(players, t.compiled[k - 1], bids, state.points, state.chips, state.garnets)
        history = state.history + (out.points,)  # §4.5
        spent = {p: state.garnets_spent[p] + out.garnets_bid[p] for p in players}
        from_items = {p: state.garnets_from_items[p] + out.gifted[p] for p in players}
        won, info = {}, {}
        shown: dict[
            int, list[dict]
        ] = {}  # an auction's item list, built once for this step's events

        def listing(j: int) -> list[dict]:
            if j not in shown:
                shown[j] = show_auction(t.items[j - 1])
            return shown[j]

        # §4.6 each player privately learns their items, total, chips, garnets and info lists
        events = [public("auction_closed", auction=k)] if emit else []
        for p in players:
            mine = bids[p]
            won_now = out.won[p]
            won[p] = (
                state.won[p] + tuple(_won_entry(k, l, mine[l]) for l in won_now)
                if won_now
                else state.won[p]
            )
            got = out.info[p]
            received = [j for j in got if j not in state.info[p]] if got else None
            info[p] = state.info[p] + tuple(received) if received else state.info[p]
            if not emit:
                continue
            events.append(
                private(
                    [p],
                    "auction_result",
                    auction=k,
                    won=list(out.won[p]),
                    points=out.points[p],
                    chips=out.chips[p],
                    garnets=out.garnets[p],
                    garnets_gifted=out.gifted[p],
                )
            )
            # decision 38: an information event every time, even for a list already received
            events += [
                private([p], "information", auction=j, items=listing(j)) for j in out.info[p]
            ]
        # §4.7 premature end (decision 16: before the normal one), normal end, or the next auction
        end = None
        if any(v > t.limit for v in out.points.values()) or k == t.n_auctions:
            end = end_object(players, history, t.tiebreak, t.limit)
            if emit:
                events.append(public("game_over", **(_copy_end(end) or {})))
        elif emit:
            events.append(public("auction_open", auction=k + 1, items=listing(k + 1)))
        new = SecondState(
            config=state.config,
            players=players,
            index=state.index,
            table=t,
            phase="bidding" if end is None else "over",
            auction=k if end else k + 1,
            points=out.points,
            chips=out.chips,
            garnets=out.garnets,
            garnets_spent=spent,
            garnets_from_items=from_items,
            history=history,
            bids=own_bids,
            won=won,
            info=info,
            end=end,
        )
        return new, events

    # ------------------------------------------------------------ views §5

    def view(self, state: SecondState, player: str | None) -> dict:
        t = state.table
        out = {
            "game": self.id,
            "players": list(state.players),
            "phase": state.phase,
            "auction": state.auction,
            "max_auctions": t.n_auctions,
            "auctions": [
                {"auction": j, "items": show_auction(t.items[j - 1])}
                for j in range(1, state.auction + 1)
            ],
            "end": _copy_end(state.end),
        }
        variant = state.config.get("variant")
        if variant:  # only a variant's views name it: official views stay as §5 lists them
            out["variant"] = dict(variant)
        if player is not None:
            if player not in state.index:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = {
                "player": player,
                "chips": state.chips[player],
                "garnets": state.garnets[player],
                "garnets_spent": state.garnets_spent[player],
                "points": state.points[player],
                "points_history": [h[player] for h in state.history],
                "bids": [
                    {"auction": b["auction"], "bids": {l: dict(x) for l, x in b["bids"].items()}}
                    for b in state.bids[player]
                ],
                "won": [dict(w) for w in state.won[player]],
                "info": [
                    {"auction": j, "items": show_auction(t.items[j - 1])}
                    for j in state.info[player]
                ],
            }
        return out

    # ------------------------------------------------------------ result §7.5

    def result(self, state: SecondState) -> dict | None:
        if state.phase != "over":
            return None
        end = state.ended
        players = list(state.players)
        garnets = {p: state.garnets_from_items[p] + end["garnet_award"][p] for p in players}
        return {
            "ranking": None,  # decision 29: second beats first, so no best-first order exists
            "tokens_of_life": dict(end["tokens_of_life"]),
            "garnets": nonzero(garnets, players),
            "garnets_spent": nonzero(state.garnets_spent, players),
            "elimination_candidate": end["elimination_candidate"],
            "void_tokens_of_life": False,
            "details": {
                "end_reason": end["reason"],
                "auctions_played": end["auctions_played"],
                "scores": dict(end["scores"]),
                "score_history": [dict(h) for h in end["score_history"]],
                "over_200": list(end["over_200"]),
                "first": list(end["first"]),
                "second": list(end["second"]),
                "last_place": list(end["last_place"]),
                "elimination_candidates": list(end["elimination_candidates"]),
                "garnets_from_items": dict(state.garnets_from_items),
                "garnet_award": dict(end["garnet_award"]),
                "chips": dict(state.chips),
            },
        }

    def render_event(self, event: dict) -> str:
        return render_event(event)


def _won_entry(auction: int, letter: str, bid: tuple[int, int, str | None]) -> dict:
    c, g, choice = bid
    entry = {"auction": auction, "letter": letter, "chips": c, "garnets": g}
    if choice is not None:
        entry["choice"] = choice
    return entry


def _copy_end(end: dict | None) -> dict | None:
    if end is None:
        return None
    out = dict(end)
    for k in ("scores", "tokens_of_life", "garnet_award"):
        out[k] = dict(end[k])
    for k in ("over_200", "first", "second", "last_place", "elimination_candidates"):
        out[k] = list(end[k])
    out["score_history"] = [dict(h) for h in end["score_history"]]
    return out
