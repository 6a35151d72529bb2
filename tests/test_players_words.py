"""No text a player or a host reads shows JSON, a field name, a Python repr or a
wrong plural (issue 34 items 8-12), over whole matches of every registered game.

Here: the command line's replay (each step's announcements and every player's
messages, and every view as the pages draw it, read back as text). The Discord
messages of whole matches are scanned in tests/discord/test_discord_matches.py
and the web pages in tests/host/test_players_words_web.py, with the same
:func:`players_words.faults`.
"""

from __future__ import annotations

import json

import pytest

from mainmatch import games
from mainmatch.cli import main

from .players_words import faults

GAMES = list(games.game_ids())


def _run(capsys, *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("seed", [1, 3])
@pytest.mark.parametrize("game", GAMES)
def test_replay_text_is_in_words(game, seed, capsys, tmp_path):
    rec = tmp_path / "r.json"
    _run(capsys, "random", game, "--seed", str(seed), "-o", str(rec))
    steps = len(json.loads(rec.read_text())["steps"])
    texts = {"replay --dms": _run(capsys, "replay", str(rec), "--dms")}
    for k in sorted({0, 1, steps // 2, steps - 1, steps}):
        texts[f"replay --step {k}"] = _run(capsys, "replay", str(rec), "--step", str(k))
    allowed = frozenset(GAMES)  # a game id, where a page for hosts names it
    found = {what: faults(text, allowed) for what, text in texts.items()}
    assert not any(found.values()), {k: v[:5] for k, v in found.items() if v}


def test_the_checker_finds_what_is_not_words():
    """The checker itself: each fault the issue names is found, words pass."""
    assert faults('Send `{"ec": "<id>"}`') and faults("{'round': 'minutes:90'}")
    assert faults("you · player: ann; ec_candidates: cy") and faults("winner: None")
    assert faults("1 garnets") and faults("(1 workers)") and faults("after 1 rounds")
    assert not faults("1 garnet, 2 chips, 11 points; the winners vote for the EC")
    assert not faults("seat_exchange", frozenset({"seat_exchange"}))
