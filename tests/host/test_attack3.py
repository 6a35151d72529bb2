"""Issue 33: the third attack's findings on the host server (N5 to N12, the
look-alike ids, the flood of unknown tokens), each replayed against a real
server on a real SQLite file (PostgreSQL too where the fixture is ``db_url``
and ``make test`` runs)."""

from __future__ import annotations

import pytest

from mainmatch.engine.errors import MainmatchError
from mainmatch.host.app import create_app

from .conftest import ADMIN_KEY

MANUAL = {"trades": "manual", "choose_ec": "manual"}


def _error(r) -> str:
    body = r.json()
    assert list(body) == ["error"] and "\n" not in body["error"], body
    return body["error"]


# ---------------------------------------------------------------- N7: weak admin keys


@pytest.mark.parametrize(
    "weak", ["1234567890123456", "password12345678", "qwertyuiopasdfgh", "Password-Qwerty-2024"]
)
def test_n7_keys_of_counting_keyboard_rows_and_common_passwords_are_refused(tmp_path, weak):
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(f"sqlite:///{tmp_path / 'm.db'}", admin_key=weak)


def test_n7_good_keys_still_pass(tmp_path):
    import secrets

    for key in (
        ADMIN_KEY,
        "browser-test-admin-key",
        "season-browser-key",
        secrets.token_urlsafe(24),
    ):
        app = create_app(f"sqlite:///{tmp_path / 'm.db'}", admin_key=key)
        app.state.service.db.dispose()


@pytest.mark.parametrize("weak", ["a", "1234567890123456"])
def test_n7_a_weak_key_stops_the_server_before_any_database_is_made(tmp_path, monkeypatch, weak):
    from typer.testing import CliRunner

    from mainmatch.host.__main__ import app as cli

    monkeypatch.setenv("MAINMATCH_ADMIN_KEY", weak)
    path = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{path}", "--host", "256.0.0.1"])
    assert result.exit_code == 2
    assert "too weak" in (result.stderr if hasattr(result, "stderr") else result.output)
    assert not path.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(MainmatchError, match="too weak"):
        create_app(f"sqlite:///{path}")
    assert not path.exists()
