"""The Amalgamation as a pure state machine (``shared/rules/amalgamation.md``).

Seven simultaneous ``round`` steps, each resolving the four sub-games from
one action per player, then an optional ``choose_ec`` vote. The sub-games
live in ``kong``, ``minus``, ``invest`` and ``thief``; every money rule in
``budget``; final scoring in ``scoring``; views in ``views``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import private, public
from mainmatch.engine.game import Game
from mainmatch.engine.result import nonzero
from mainmatch.engine.variants import check_variant

from . import budget, invest, kong, minus, scoring, thief, views
from .constants import PLAYERS, ROLES, ROUNDS, SPEND_PARTS, TILES_PER_ROUND
from .models import VARIANT_KEYS, AmalgamationConfig, RoundAction
from .random_play import random_round_action, random_vote
from .render import render_event
from .setup import HOST_INPUTS, build_config, make_setup
from .state import AmalgamationState
from .validate import check_choose_ec, check_round

DEFAULT_PLAYERS = ("a", "b", "c", "d", "e", "f")


def default_round_action(rng: random.Random) -> dict:
    """§3.1 lack of submission: $0 everywhere, 0 on every tile, a random role."""
    return {
        "buy_garnets": 0,
        "kong": {"contribute": 0},
        "minus": {"bids": [0] * TILES_PER_ROUND},
        "invest": {"invest": 0, "donate": 0},
        "thief": {"bet": 0, "role": rng.choice(ROLES)},
    }


class Amalgamation(Game[AmalgamationState]):
    id = "amalgamation"
    title = "The Amalgamation"
    pitch = "6 players, 7 rounds, one $400 budget spread over four Main Matches played at once."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = AmalgamationConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {
        "round": RoundAction,
        "choose_ec": ec_rules.ChooseEcAction,
    }
    host_inputs = (*HOST_INPUTS, "variant")
    variant_keys = VARIANT_KEYS
    # the seed sets no time for a round or the EC vote (decisions file, D3)
    # an ORG Main Match plays a round a day (decision D3)
    step_minutes: ClassVar[dict[str, int | None]] = {"round": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(self, players, seed, **options: Any) -> dict:
        variant = options.pop("variant", None)
        variant = check_variant(self, variant) if variant is not None else {}
        config = build_config(players, seed, options)
        if variant:  # official configs carry no variant field
            config["variant"] = variant
        return self.check_config(config)

    def check_config(self, config: Any) -> dict:
        if not isinstance(config, dict):
            raise InvalidConfig("config must be a JSON object")
        return super().check_config(config)

    def random_config(self, players, rng: random.Random, variant=None) -> dict:
        # vary the host inputs so random records reach garnet purchases and other tiebreaks
        order = list(players)
        tiebreak = None
        if rng.random() < 0.5:
            tiebreak = list(order)
            rng.shuffle(tiebreak)
        garnets = None
        if rng.random() < 0.4:
            garnets = {p: rng.choice((0, 0, 1, 2, 3, 6)) for p in order}
        return self.new_config(
            order,
            rng.randrange(2**32),
            gamewide_tiebreak=tiebreak,
            garnets=garnets,
            variant=variant,
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: dict) -> AmalgamationState:
        config = self.check_config(config)
        setup = make_setup(config)
        players = setup.players
        return AmalgamationState(
            setup=setup,
            phase="round",
            round=1,
            rounds_played=0,
            balances=dict.fromkeys(players, self.rule_values(config)["budget"]),  # §1
            garnets_held=dict(config["garnets"]),
            garnets_spent=dict.fromkeys(players, 0),
            kong=kong.initial(players),
            minus=minus.initial(players, config["minus_initial_order"]),
            invest=invest.initial(players),
            thief=thief.initial(players),
            spent=dict.fromkeys(players, (0,) * len(SPEND_PARTS)),
            you_rounds=dict.fromkeys(players, ()),
            final=None,
        )

    def requests(self, state: AmalgamationState) -> dict[str, dict]:
        if state.phase == "round":
            rate = state.setup.rate
            tiles = state.setup.tiles[state.round - 1]
            out = {
                p: {
                    "kind": "round",
                    "round": state.round,
                    "tiles": list(tiles),
                    "balance": state.balances[p],
                    "garnets_held": state.garnets_held[p],
                    "garnet_rate": rate,
                    "max_spend": budget.max_spend(state.balances[p], state.garnets_held[p], rate),
                    "roles": list(ROLES),
                }
                for p in state.setup.players
            }
        elif state.phase == "choose_ec":
            out = {
                p: ec_rules.choose_ec_request(state.ended["ec_candidates"])
                for p in state.ended["ec_choosers"]
            }
        else:
            out = {}
        return out

    def pending_players(self, state: AmalgamationState) -> Sequence[str]:
        # as requests lists them: every player in a round, the winners in the EC vote
        if state.phase == "round":
            return state.setup.players
        if state.phase == "choose_ec":
            return state.ended["ec_choosers"]
        return ()

    def validate(self, state: AmalgamationState, player: str, action: Any) -> None:
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if not isinstance(player, str) or player not in state.setup.index:
            raise IllegalAction(f"{player!r} is not a player in this match")
        if state.phase == "round":
            check_round(
                action,
                state.setup.tiles[state.round - 1],
                state.balances[player],
                state.garnets_held[player],
                state.setup.rate,
            )
        else:
            if player not in state.ended["ec_choosers"]:
                raise IllegalAction(
                    f"{player} is not a winner; only {', '.join(state.ended['ec_choosers'])} choose the EC"
                )
            check_choose_ec(action, state.ended["ec_candidates"])

    def default_action(self, state: AmalgamationState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return ec_rules.default_ec_action(
                state.ended["ec_candidates"], list(state.setup.tiebreak)
            )
        return default_round_action(rng)

    def complete_action(
        self, state: AmalgamationState, player: str, sent: Any, rng: random.Random
    ) -> tuple[Any, bool]:
        """The host's merge of a partial submission (§3.1): each missing top-level
        key gets its default (a random role for a missing ``thief``); sent
        sub-objects are kept exactly as sent. Returns ``(action, defaulted)``;
        an action with all four sub-objects comes back unchanged, not defaulted.
        Validate the result as usual (a half-filled sub-object stays illegal).
        """
        if state.phase != "round" or not isinstance(sent, dict):
            return sent, False
        if all(k in sent for k in ("kong", "minus", "invest", "thief")):
            return sent, False
        full: dict = {
            "buy_garnets": 0,
            "kong": {"contribute": 0},
            "minus": {"bids": [0] * TILES_PER_ROUND},
            "invest": {"invest": 0, "donate": 0},
        }
        # the role is drawn only when the thief sub-object is missing
        full["thief"] = sent["thief"] if "thief" in sent else {"bet": 0, "role": rng.choice(ROLES)}
        full.update(sent)
        return full, True

    # ------------------------------------------------------------ random play §3.3

    def random_action(self, state: AmalgamationState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return random_vote(state.ended["ec_candidates"], rng)
        if state.phase != "round":
            raise IllegalAction("the match is over")
        return random_round_action(state, player, rng)

    # ------------------------------------------------------------ apply §4

    def apply(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        pending = self.pending(state)
        if not pending:
            raise IllegalAction("the match is over")
        if set(actions) != set(pending):
            missing = [p for p in pending if p not in actions]
            extra = [p for p in actions if p not in pending]
            raise IllegalAction(
                f"a step needs exactly the pending players' actions (missing {missing}, not pending {extra})"
            )
        return self.apply_validated(state, actions)

    def apply_validated(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        # the driver has checked the players (ENGINE.md: apply gets a checked step)
        if state.phase == "round":
            new, events = self._apply_round(state, actions, True)
            assert events is not None  # built when asked for
            return new, events
        return self._apply_choose_ec(state, actions)

    def next_state(self, state: AmalgamationState, actions: dict[str, dict]) -> AmalgamationState:
        if state.phase == "round":
            return self._apply_round(state, actions, False)[0]
        return self._apply_choose_ec(state, actions)[0]

    def _apply_round(
        self, state: AmalgamationState, actions: dict[str, dict], emit: bool
    ) -> tuple[AmalgamationState, list[dict] | None]:
        """§4.1 one round; the events of §6 only when ``emit`` (else ``None``)."""
        setup = state.setup
        players, r, rate = setup.players, state.round, setup.rate
        tiles = setup.tiles[r - 1]
        balances = dict(state.balances)
        held = dict(state.garnets_held)
        garnets_spent = dict(state.garnets_spent)
        spent = dict(state.spent)
        bought: dict[str, int] = {}
        round_spend: dict[str, int] = {}
        copies: dict[str, dict] = {}
        contributions: dict[str, int] = {}
        bids: dict[str, list[int]] = {}
        invested: dict[str, int] = {}
        donated: dict[str, int] = {}
        roles: dict[str, str] = {}
        bets: dict[str, int] = {}
        # §4.1.1 money in / money out, before anything else; each action read once
        for p in players:
            action = actions[p]
            k, i, t = action["kong"], action["invest"], action["thief"]
            own_bids = list(action["minus"]["bids"])
            contribution, inv, don, bet, role = (
                k["contribute"],
                i["invest"],
                i["donate"],
                t["bet"],
                t["role"],
            )
            # the state keeps its own copy of the action (§5 you.rounds)
            if "buy_garnets" in action:
                buy = action["buy_garnets"]
                copy: dict = {"buy_garnets": buy, "kong": {"contribute": contribution}}
            else:
                buy = 0
                copy = {"kong": {"contribute": contribution}}
            copy["minus"] = {"bids": own_bids}
            copy["invest"] = {"invest": inv, "donate": don}
            copy["thief"] = {"bet": bet, "role": role}
            copies[p] = copy
            contributions[p], bids[p], invested[p], donated[p] = contribution, own_bids, inv, don
            roles[p], bets[p] = role, bet
            minus_spend = sum(map(abs, own_bids))
            total = contribution + minus_spend + inv + don + bet
            balances[p] = budget.settle(balances[p], buy, rate, total)
            if buy:
                held[p] -= buy
                garnets_spent[p] += buy
            bought[p] = buy * rate
            round_spend[p] = total
            s0, s1, s2, s3, s4 = spent[p]  # SPEND_PARTS order
            spent[p] = (s0 + contribution, s1 + minus_spend, s2 + inv, s3 + don, s4 + bet)
        # §4.1.2 Kong's Dilemma
        kong_state, kong_entry = kong.resolve_round(state.kong, r, contributions, setup.teams)
        # §4.1.3 Minus Auction, then its penalty after the spending
        minus_state, minus_entry = minus.resolve_round(state.minus, r, tiles, bids, players)
        penalty = dict.fromkeys(players, 0)
        for p in minus_entry["penalized"]:
            balances[p], penalty[p] = budget.penalize(balances[p])
        # §4.1.4 Investment & Donation
        invest_state, invest_entry = invest.resolve_round(
            state.invest, r, invested, donated, players
        )
        # §4.1.5 Garnet Chip Thief
        thief_state, thief_entry, gained = thief.resolve_round(state.thief, r, roles, bets, players)
        chips = thief_entry["chips"]
        # §5 the private round entries
        you_rounds = {}
        entries = {}
        for p in players:
            entry = {
                "round": r,
                "action": copies[p],
                "money_bought": bought[p],
                "spent": round_spend[p],
                "penalty": penalty[p],
                "chips": chips[p],
                "thief_points": gained[p],
                "balance": balances[p],
            }
            entries[p] = entry
            you_rounds[p] = state.you_rounds[p] + (entry,)
        new = AmalgamationState(
            setup=setup,
            phase="round",
            round=r + 1,
            rounds_played=r,
            balances=balances,
            garnets_held=held,
            garnets_spent=garnets_spent,
            kong=kong_state,
            minus=minus_state,
            invest=invest_state,
            thief=thief_state,
            spent=spent,
            you_rounds=you_rounds,
            final=None,
        )
        events: list[dict] | None = None
        if emit:
            # §6 events, in order
            events = [
                public("kong_round", **kong.entry_copy(kong_entry)),
                public("minus_round", **minus.entry_copy(minus_entry)),
                public("invest_round", **invest.entry_copy(invest_entry)),
                public("thief_round", **thief.entry_copy(thief_entry)),
                public("balances", round=r, balances=dict(balances)),
            ]
            events += [
                private([p], "private_round", **views.you_round_copy(entries[p])) for p in players
            ]
        if r < ROUNDS:
            if events is not None:
                events.append(public("minus_tiles", round=r + 1, tiles=list(setup.tiles[r])))
            return new, events
        final = self._final(new)
        phase = "choose_ec" if final["ec_choosers"] else "over"
        if events is not None:
            events.append(public("final", **views.final_copy(final)))
        return replace(new, phase=phase, round=r, final=final), events

    def _final(self, state: AmalgamationState) -> dict:
        """§4.2 final scoring: the ``final`` object of the views."""
        setup = state.setup
        players, gt = setup.players, setup.gt
        kong_winner = kong.winning_team(state.kong, setup.tiebreak, setup.team_of)
        minus_scores = minus.scores(state.minus)
        rankings = {
            "kong": kong.ranking(state.kong.totals, kong_winner, setup.teams, gt),
            "minus": minus.ranking(minus_scores, state.minus.spend, gt),
            "invest": invest.ranking(
                state.invest.top_investor, state.invest.miser, state.invest.spend, gt
            ),
            "thief": thief.ranking(state.thief.points, gt),
        }
        points = scoring.points(rankings, players)
        winners = scoring.winners(points, players)
        tol, void = scoring.tokens_of_life(winners)
        candidates = scoring.losers(points, players)
        choosing = len(candidates) > 1
        return {
            "rankings": rankings,
            "points": points,
            "winners": winners,
            "tokens_of_life": tol,
            "void_tokens_of_life": void,
            "garnets": scoring.garnets_awarded(rankings, players),
            "garnets_spent": nonzero(state.garnets_spent, list(players)),
            "ec_candidates": candidates,
            "ec_choosers": list(winners) if choosing else [],  # §4.3, decision 35
            "ec_votes": None,
            "elimination_candidate": None if choosing else candidates[0],
            "kong_winner": kong_winner,
            "minus_scores": {p: minus_scores[p] for p in players},
            "thief_points": {p: state.thief.points[p] for p in players},
        }

    def _apply_choose_ec(
        self, state: AmalgamationState, actions: dict[str, dict]
    ) -> tuple[AmalgamationState, list[dict]]:
        """§4.3: plurality of the winners' votes; tied votes go to the tied
        candidate last in the gamewide tiebreak (ENGINE.md convention 4)."""
        final = state.ended
        votes = {p: actions[p]["ec"] for p in final["ec_choosers"]}
        ec = ec_rules.tally_ec(votes, final["ec_candidates"], list(state.setup.tiebreak))
        new_final = {**final, "ec_votes": votes, "elimination_candidate": ec}
        events = [public("elimination_candidate", votes=dict(votes), elimination_candidate=ec)]
        return replace(state, phase="over", final=new_final), events

    # ------------------------------------------------------------ views §5

    def view(self, state: AmalgamationState, player: str | None) -> dict:
        out = views.public_view(self.id, state)
        variant = state.setup.config.get("variant")
        if variant:  # only a variant's views name it: official views stay as §5 lists them
            out["variant"] = dict(variant)
        if player is not None:
            if not isinstance(player, str) or player not in state.setup.index:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = views.you(state, player)
        return out

    # ------------------------------------------------------------ result §7

    def result(self, state: AmalgamationState) -> dict | None:
        if state.phase != "over":
            return None
        final = state.ended
        players = state.setup.players
        ec = final["elimination_candidate"]
        return {
            "ranking": scoring.overall_ranking(final["points"], players, ec),
            "tokens_of_life": dict(final["tokens_of_life"]),
            "garnets": dict(final["garnets"]),
            "garnets_spent": dict(final["garnets_spent"]),
            "elimination_candidate": ec,
            "void_tokens_of_life": final["void_tokens_of_life"],
            "details": {
                "points": dict(final["points"]),
                "rankings": {k: list(v) for k, v in final["rankings"].items()},
                "kong_winner": final["kong_winner"],
                "kong_points": dict(state.kong.points),
                "minus_scores": dict(final["minus_scores"]),
                "top_investor_tokens": dict(state.invest.top_investor),
                "miser_tokens": dict(state.invest.miser),
                "thief_points": dict(final["thief_points"]),
                "winners": list(final["winners"]),
                "ec_candidates": list(final["ec_candidates"]),
                "ec_votes": None if final["ec_votes"] is None else dict(final["ec_votes"]),
                "garnet_rate": state.setup.rate,
            },
        }

    def render_event(self, event: dict) -> str:
        return render_event(event)
