"""Configuration from the environment and ``.env``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict

from storage.settings import StorageSettings


class Settings(StorageSettings):
    """Everything the bot reads from its environment. The token is a secret: it never
    appears in ``repr``, logs or error messages."""

    # An empty line in .env (``DEV_GUILD_ID=``, as .env.example ships it) means "not set".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this one server at once."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    ai_pause_seconds: float = Field(
        default=1.5, ge=0, description="How long an AI seat waits before it acts."
    )
    ai_time_limit_seconds: float = Field(
        default=2.0, gt=0, description="How long an AI seat may think about one decision."
    )
    ai_iterations: int = Field(
        default=20_000, gt=0, description="Search iterations an AI decision may use at most."
    )
    ai_stand_in_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="The AI level that moves for a player who missed a deadline or resigned.",
    )
