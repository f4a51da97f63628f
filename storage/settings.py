"""The storage settings, read from the environment and ``.env``."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/grimoire.sqlite3"


class StorageSettings(BaseSettings):
    """Where the games are kept."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_url: str = Field(
        default=DEFAULT_DATABASE_URL,
        description="Where games are stored; a relative path is from the working directory.",
    )
