"""Views in words for chat (host/words.py): the web page's view template as
Discord Markdown, the same sentences, never JSON or key dumps, no user text
able to ping or format."""

from __future__ import annotations

import random

import pytest

from mainmatch import games
from mainmatch.host.words import markdown, view_words

ZW = "\u200b"


def test_headings_lists_tables_pictures_and_links():
    html = (
        "<h3>You (ann)</h3>"
        "<dl><dt>Money</dt><dd><b>$5</b></dd><dt>Garnets</dt><dd>2 held</dd></dl>"
        "<table><thead><tr><th>Round</th><th>Trades</th></tr></thead>"
        "<tbody><tr><td>1</td><td>a–b $3<br>c $1</td></tr></tbody></table>"
        '<svg role="img" aria-label="The circle of seats"><text>a</text></svg>'
        '<p><a href="/rules/x">rules</a> and <a href="https://example.org/r">more</a></p>'
        "<div><div><span>1</span><span>+</span></div><div><span>2</span></div></div>"
    )
    assert markdown(html).split("\n") == [
        "**You (ann)**",
        "",
        "**Money**: **$5**",
        "**Garnets**: 2 held",
        "",
        "**Round · Trades**",
        "1 · a–b $3; c $1",
        "",
        "The circle of seats",
        "",
        "rules and [more](https://example.org/r)",
        "",
        "1 + · 2",
    ]


def test_nested_values_run_on_one_line():
    """The generic view (a game without a template of its own) nests tables and lists."""
    inner = "<table><tr><th>x</th><td>1</td></tr><tr><th>y</th><td>2</td></tr></table>"
    deep = f"<table><tr><th>bids</th><td>{inner}</td></tr></table>"
    html = f"<table><tr><th>a</th><td>{inner}</td></tr><tr><th>h</th><td><ol><li>{deep}</li><li>z</li></ol></td></tr></table>"
    assert markdown(html) == "a · x: 1; y: 2\nh · bids: (x: 1; y: 2) | z"


def test_user_text_cannot_ping_or_format():
    said = markdown("<p>Winner: <b>@everyone</b> and ||x|| `y` <@123> # z</p>")
    assert "@everyone" not in said and f"@{ZW}everyone" in said
    assert "\\|\\|x\\|\\|" in said and "\\`y\\`" in said and "\\<@" in said


@pytest.mark.parametrize("game_id", list(games.game_ids()))
def test_every_game_view_reads_as_sentences(game_id):
    """A view a few steps in, public and a player's: words, no JSON braces."""
    game = games.get(game_id)
    rng = random.Random(2)
    players = list(game.default_players)
    config = game.new_config(players, 4)
    state = game.initial_state(config)
    for _ in range(3):
        pending = game.pending(state)
        if not pending:
            break
        state, _events = game.apply(state, {p: game.random_action(state, p, rng) for p in pending})
    for viewer in (None, players[0]):
        ov = {"game": {"id": game_id}, "view": game.view(state, viewer), "you": viewer}
        text = view_words(ov)
        assert text and "{" not in text and '":' not in text, text[:400]
        assert "<" not in text.replace("\\<", ""), text[:400]
