"""The one shared $400 balance and every rule that moves it (amalgamation spec §3.1, §4.1).

All money rules live here, so the four sub-games never touch a balance:

- garnets buy money at ``garnet_rate`` dollars each, at most the garnets held
  (§3.1 rule 4), credited before the round's spending (decision 1, 30);
- "You cannot go willingly into debt": a round's whole spend must fit in the
  balance plus this round's purchase (§3.1 rule 7);
- "Money spent is calculated before MA penalties": the Minus Auction's $20
  penalty comes after the spending and takes at most what is left, because
  "having a negative amount of money is identical to having $0" (§4.1.3,
  decisions 17, 18, 45).
"""

from __future__ import annotations

from mainmatch.engine.checks import money
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import Action
from mainmatch.engine.steps import field_words

from .constants import PENALTY, SPEND_PARTS
from .models import RoundAction


def spend_parts(action: Action) -> tuple[int, int, int, int, int]:
    """The five amounts a (validated) round action spends, in ``SPEND_PARTS``
    order: Kong contribution, Minus ``sum(|bid|)``, invested, donated, bet."""
    bids = action["minus"]["bids"]
    inv = action["invest"]
    return (
        action["kong"]["contribute"],
        abs(bids[0]) + abs(bids[1]) + abs(bids[2]) + abs(bids[3]) + abs(bids[4]),
        inv["invest"],
        inv["donate"],
        action["thief"]["bet"],
    )


def max_spend(balance: int, garnets_held: int, rate: int) -> int:
    """The most a player can spend this round: balance plus every garnet sold (§3.1)."""
    return balance + garnets_held * rate


def check_purchase(buy: int, garnets_held: int) -> None:
    """§3.1 rule 4: a player sells at most the garnets he/she still holds."""
    if buy > garnets_held:
        raise IllegalAction(
            f"buy_garnets of {buy} exceeds your {garnets_held} garnet{'s' if garnets_held != 1 else ''}"
            f"; you can sell 0 to {garnets_held} ({field_words(RoundAction, 'buy_garnets')})"
        )


def check_no_debt(
    parts: tuple[int, ...], balance: int, buy: int, garnets_held: int, rate: int
) -> None:
    """§3.1 rule 7: the round's spend must fit in the balance plus this round's purchase."""
    spend = sum(parts)
    funds = balance + buy * rate
    if spend <= funds:
        return
    detail = " + ".join(f"{name} {money(n)}" for name, n in zip(SPEND_PARTS, parts))
    if buy:
        have = f"your {money(funds)} ({money(balance)} balance + {buy} garnet{'s' if buy != 1 else ''} x {money(rate)})"
    else:
        have = f"your balance of {money(balance)}"
    hint = ""
    if garnets_held > buy:
        hint = f"; selling up to {garnets_held} garnets at {money(rate)} each would give you up to {money(balance + garnets_held * rate)}"
    raise IllegalAction(f"total spend of {money(spend)} ({detail}) exceeds {have}{hint}")


def settle(balance: int, buy: int, rate: int, spend: int) -> int:
    """§4.1.1 money in, then money out (never below 0: rule 7 was checked)."""
    after = balance + buy * rate - spend
    if after < 0:  # only an unvalidated action can get here
        raise IllegalAction(f"total spend of {money(spend)} exceeds {money(balance + buy * rate)}")
    return after


def penalize(balance: int) -> tuple[int, int]:
    """§4.1.3 the Minus Auction penalty after the spending: ``(new balance,
    dollars taken)``; a balance below $20 goes to $0 (decision 18, 45)."""
    taken = min(balance, PENALTY)
    return balance - taken, taken
