"""``check_config``'s one-pass type check accepts only what the strict model accepts (§2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from mainmatch.games.homeostasis.config import _plainly_typed
from mainmatch.games.homeostasis.models import HomeostasisConfig

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.floats(-1, 1),
    st.sampled_from(("a", "b", "positive", "negative", "neutral", "x", "")),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_SCALARS, inner, max_size=4),
    max_leaves=8,
)
_PLAUSIBLE = {
    "players": st.lists(st.sampled_from("abcde"), max_size=5) | _VALUES,
    "teams": st.dictionaries(
        st.sampled_from("abcde"), st.sampled_from(("positive", "negative", "neutral", 1))
    )
    | _VALUES,
    "garnets": st.dictionaries(st.sampled_from("abcde"), st.integers(-1, 9) | st.booleans())
    | _VALUES,
    "gamewide_tiebreak": st.lists(st.sampled_from("abcde"), max_size=5) | _VALUES,
    "chips": st.integers(-2, 200) | _VALUES,
    "variant": st.none() | st.dictionaries(st.sampled_from(("big_band", "x")), _SCALARS),
}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries(_PLAUSIBLE))
def test_plainly_typed_configs_pass_the_model(config: dict) -> None:
    try:
        HomeostasisConfig.model_validate(config, strict=True)
        model_ok = True
    except ValidationError:
        model_ok = False
    if _plainly_typed(config):
        assert model_ok
