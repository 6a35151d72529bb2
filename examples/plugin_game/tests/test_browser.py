"""The Sealed Bid's phone form in a real browser (the testing kit's
mainmatch.testing.browser): the host server over SQLite, the first player's
page in Chromium at 390x844, the form built from the step descriptions alone
(this package ships no web/ folder). The rules' refusal shows before Submit,
a legal bid is recorded as typed, the page fits the phone and axe-core finds
no critical or serious violation. Skipped, saying why, without a Chromium
(MAINMATCH_TEST_BROWSER, else /usr/bin/chromium)."""

from __future__ import annotations

from mainmatch.testing.browser import phone_match
from mainmatch.testing.phone import check_words, rules_say


def test_a_bid_through_the_phone_form() -> None:
    with phone_match("sealed_bid") as m:
        chips = m.request()["chips"]
        check_words(m.page, "the sealed bid form")
        m.fill({"bid": str(chips + 1)})
        # rules.md §2, in the rules' own words, before anything is sent
        assert rules_say(m.page) == f"a bid of {chips + 1} chips exceeds the {chips} chips you hold"
        m.check_axe()
        assert m.submit({"bid": "3"}) == {"bid": 3}
        assert m.width() <= 390
        assert m.page.errors == []
