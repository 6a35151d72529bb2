"""The Amalgamation's shortcuts for an outside harness (docs/decisions/performance.md
PA4-PA6): a plainly valid config skips the pydantic model, yet the model
accepts every config the shortcut takes; Minus scores read the tiles a round
keeps descending as streak_score reads any tiles; Invest's tokens go as
§4.1.4 words them."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, InvalidConfig
from mainmatch.games.amalgamation import GAME, invest, minus
from mainmatch.games.amalgamation.models import AmalgamationConfig, plainly_valid

SLOW = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
PLAYERS = list(GAME.default_players)
CONFIGS = [GAME.random_config(PLAYERS, random.Random(seed)) for seed in range(8)]
#: values a field or an entry may be replaced by: wrong types, bad ids, edge numbers
ODD = st.one_of(
    st.sampled_from([None, True, 1.0, "a", "", "zz", [], {}, -1, 0, 4, 5, 20, 21, -35, -36]),
    st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "a", 3]), max_size=7),
)


def _paths(value, path=()):
    """Every place in a JSON value: the value itself, each entry, each key."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


@st.composite
def _near_configs(draw):
    """A valid config with one to three places replaced, dropped or added to."""
    config = copy.deepcopy(draw(st.sampled_from(CONFIGS)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(config))[1:]))
        *where, last = path
        holder = config
        for key in where:
            holder = holder[key]
        how = draw(st.sampled_from(["set", "drop", "add"]))
        if how == "set":
            holder[last] = draw(ODD)
        elif how == "drop":
            del holder[last]
        elif isinstance(holder, dict):
            holder[draw(st.sampled_from(["variant", "x", "g"]))] = draw(ODD)
        else:
            holder.append(draw(ODD))
    return config


def _model_accepts(config) -> bool:
    try:
        AmalgamationConfig.model_validate(config, strict=True)
    except ValueError:
        return False
    return True


def test_a_plain_config_takes_the_shortcut_and_comes_back_unchanged():
    for config in CONFIGS:
        assert plainly_valid(config)
        assert GAME.check_config(config) is config


@settings(max_examples=600, **SLOW)
@given(_near_configs())
def test_the_config_shortcut_takes_only_what_the_model_accepts(config):
    plain = plainly_valid(config)
    accepted = _model_accepts(config)
    if plain:
        assert accepted, config
    # check_config decides as the model, through either path
    try:
        GAME.check_config(config)
        assert accepted
    except InvalidConfig:
        assert not accepted


@settings(max_examples=100, **SLOW)
@given(st.integers(0, 2**32), st.sampled_from([None, {"budget": 20}, {"budget": 1000}]))
def test_every_official_config_is_plain_and_a_variant_goes_to_the_model(seed, variant):
    config = GAME.random_config(PLAYERS, random.Random(seed), variant=variant)
    assert plainly_valid(config) == (variant is None)
    assert GAME.check_config(config) is config


@given(st.sets(st.integers(-35, -1)))
def test_minus_scores_read_the_kept_descending_tiles_as_streak_score_does(tiles):
    held = tuple(sorted(tiles, reverse=True))  # as a round keeps them
    state = minus.MinusState(order=(), received={"a": held}, without={}, spend={}, rounds=())
    assert minus.scores(state) == {"a": minus.streak_score(tiles)}


@given(st.lists(st.integers(0, 4), min_size=6, max_size=6), st.permutations("abcdef"))
def test_top_investor_and_misers_as_the_rules_word_them(amounts, players):
    # §4.1.4 word for word: the highest amount chosen by exactly one player; the minimum
    unique = [a for a in amounts if amounts.count(a) == 1]
    top = players[amounts.index(max(unique))] if unique else None
    assert invest.top_of(amounts, players) == top
    low = min(amounts)
    assert invest.lowest(amounts, players) == [p for p, a in zip(players, amounts) if a == low]


def test_apply_takes_a_round_straight_only_when_every_player_acts():
    config = CONFIGS[0]
    state = GAME.initial_state(config)
    rng = random.Random(0)
    actions = {p: GAME.random_action(state, p, rng) for p in config["players"]}
    first, last = config["players"][0], config["players"][-1]
    missing = {p: a for p, a in actions.items() if p != first}
    for wrong, words in (
        (missing, f"missing ['{first}'], not pending []"),
        ({**actions, "zz": actions[last]}, "missing [], not pending ['zz']"),
    ):
        try:
            GAME.apply(state, wrong)
        except IllegalAction as exc:
            assert words in str(exc)
        else:
            raise AssertionError(f"apply took {wrong!r}")
    new, events = GAME.apply(state, actions)
    assert new.round == 2 and len(events) == 12


@given(
    st.lists(st.integers(0, 3), min_size=6, max_size=6),
    st.lists(st.integers(0, 3), min_size=6, max_size=6),
    st.lists(st.integers(0, 40), min_size=6, max_size=6),
    st.permutations("abcdef"),
)
def test_the_invest_snake_places_as_the_rules_word_it(tops, misers, spends, tiebreak):
    # §4.2 Invest word for word: 1st, 6th, 2nd, 5th, 3rd, 4th, each the best left
    players = "abcdef"
    ti, mi, sp = (dict(zip(players, v)) for v in (tops, misers, spends))
    gt = {p: i for i, p in enumerate(tiebreak)}
    left, places = list(players), [""] * 6
    for place, upper in invest.SNAKE:
        if upper:
            pick = min(left, key=lambda p: (-ti[p], -sp[p], gt[p]))
        else:
            pick = min(left, key=lambda p: (-mi[p], sp[p], -gt[p]))
        places[place] = pick
        left.remove(pick)
    assert invest.ranking(ti, mi, sp, gt) == places
