"""Settings come from the environment, and the token never shows."""

from __future__ import annotations

import pytest

from bot.wiring.settings import Settings


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert settings.discord_token is None
    assert settings.database_url == "sqlite:///data/grimoire.sqlite3"
    assert settings.dev_guild_id is None


def test_token_is_read_but_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret-token")
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    settings = Settings(_env_file=None)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "very-secret-token"
    assert settings.dev_guild_id == 1234
    assert "very-secret-token" not in repr(settings)
    assert "very-secret-token" not in str(settings.model_dump())


def test_empty_settings_count_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("DEV_GUILD_ID", "")
    settings = Settings(_env_file=None)
    assert settings.discord_token is None
    assert settings.dev_guild_id is None
