"""Fixed numbers of The Amalgamation (amalgamation spec §1, §4)."""

from __future__ import annotations

#: amalgamation spec §1: exactly 6 players, 7 rounds, $400 each at the start.
PLAYERS = 6
ROUNDS = 7
START_BALANCE = 400
#: the budget a designer may tune (a rule variant): range of ``budget``
BUDGET_RANGE = (20, 100_000)

#: Kong's Dilemma teams (§2 `teams`), in the order views list them.
TEAMS = ("red", "white")
TEAM_SIZE = 3

#: Minus Auction: tiles -1..-35, 5 revealed per round (§2 `minus_tiles`).
TILE_COUNT = 35
TILES_PER_ROUND = 5
#: §4.1.3: two rounds in a row without a tile cost $20.
PENALTY = 20
PENALTY_AFTER = 2

#: Garnet Chip Thief (§3.1 rule 6, §4.1.5): roles in request order, 5 chips a round.
ROLES = ("mafia", "cartel", "police", "beggar")
CHIPS_PER_ROUND = 5

#: §2 `garnet_rate_submissions`: each submission is 5..20 dollars per garnet.
RATE_MIN = 5
RATE_MAX = 20

#: §4.2: points for 1st..6th in each sub-game; garnets for a sub-game's 1st and 2nd.
PLACE_POINTS = (20, 15, 12, 10, 8, 4)
PLACE_GARNETS = (2, 1)

#: The four sub-games, in the order of actions, views and rankings.
SUBGAMES = ("kong", "minus", "invest", "thief")

#: §3.1 rule 7: the five amounts a round action spends, in message order.
SPEND_PARTS = ("kong", "minus", "invest", "donate", "thief")
