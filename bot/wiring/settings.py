"""Configuration from the environment and ``.env``."""

from __future__ import annotations

import re
from typing import Annotated, Literal, Self

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import NoDecode, SettingsConfigDict

from games.ai import HARD_ITERATIONS
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
    log_format: Literal["text", "json"] = Field(
        default="text", description="text, or json for one JSON object per line."
    )
    health_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="Serve /healthz and /metrics on this port; unset: not served.",
    )
    health_host: str = Field(
        default="127.0.0.1",
        min_length=1,
        description="The address /healthz and /metrics listen on: loopback unless opened up.",
    )
    web_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="Serve the web pages of games, tournaments and players on this port; "
        "unset: no pages.",
    )
    web_host: str = Field(
        default="127.0.0.1",
        min_length=1,
        description="The address the web pages listen on: loopback, behind a reverse proxy.",
    )
    public_url: str | None = Field(
        default=None,
        description="The address members reach the web pages at (https://grimoire.example."
        "org), through the reverse proxy; unset: http://WEB_HOST:WEB_PORT.",
    )
    web_secret: SecretStr | None = Field(
        default=None,
        description="The key the pages' addresses are signed with; unset: one is made once "
        "and kept in the database.",
    )
    alert_webhook_url: SecretStr | None = Field(
        default=None,
        description="A Discord webhook of the host's own channel, told of every unexpected "
        "error; a secret, like the token.",
    )
    ai_pause_seconds: float = Field(
        default=1.5, ge=0, description="How long an AI seat waits before it acts."
    )
    ai_time_limit_seconds: float = Field(
        default=5.0,
        gt=0,
        description="The most an AI seat may think about one decision: a safety cap, logged "
        "when it ends a search before its iterations.",
    )
    ai_iterations: int = Field(
        default=HARD_ITERATIONS,
        gt=0,
        description="Search iterations the hard AI makes for each decision, whatever the "
        "host's load: its strength.",
    )
    ai_processes: int | None = Field(
        default=None,
        ge=0,
        description="Worker processes AI seats think in; unset: one per spare core; 0: in a "
        "thread of the bot's process.",
    )
    ai_stand_in_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="The AI level that moves for a player who missed a deadline or resigned.",
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="How many shards the bot has in all, over every process; unset: one "
        "connection, unsharded.",
    )
    # Written ``0,1`` or ``0-3`` in the environment, not as JSON: NoDecode hands the text over
    # to the validator below as it is.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process connects; unset: all of SHARD_COUNT.",
    )
    # At most 40: with the pacer's burst, no second then holds more than Discord's 50.
    discord_requests_per_second: float = Field(
        default=40.0,
        gt=0,
        le=40,
        description="Rate-limited Discord requests a second over every process (Discord "
        "allows 50; at most 40 here); interaction responses are not counted.",
    )
    guild_data_grace_days: float = Field(
        default=30,
        ge=0,
        description="Days a server's games, tournaments, ratings and settings are kept after "
        "the bot is removed from it, then purged (0: at the next housekeeping run).",
    )

    @field_validator("alert_webhook_url")
    @classmethod
    def _check_webhook(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(("https://", "http://")):
            raise ValueError("must be a webhook's URL, starting with https://")
        return value

    @field_validator("public_url")
    @classmethod
    def _check_public_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("https://", "http://")):
            raise ValueError("must be an address starting with https://")
        return None if value is None else value.rstrip("/")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _read_shard_ids(cls, value: object) -> object:
        return parse_shard_ids(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _check_shards(self) -> Self:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards over every process")
        check_shard_ids(self.shard_ids, self.shard_count)
        return self

    @property
    def sharded(self) -> bool:
        """Whether the bot connects as shards (``SHARD_COUNT`` is set)."""
        return self.shard_count is not None

    @property
    def holds_first_shard(self) -> bool:
        """Whether this process connects shard 0 (or is unsharded): the one process that
        does, at start, the work every process would otherwise repeat."""
        return self.shard_ids is None or 0 in self.shard_ids


#: One entry of SHARD_IDS: a shard number, or a range of them such as ``0-3``.
_SHARD_RANGE = re.compile(r"(?P<first>[0-9]+)\s*(?:-\s*(?P<last>[0-9]+))?")


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """The shard ids ``SHARD_IDS`` names, in its order: numbers and ranges separated by
    commas, such as ``0,1``, ``0-3`` or ``0-1,4``. Raises :class:`ValueError` saying what
    is wrong with a part that is neither."""
    ids: list[int] = []
    for part in text.split(","):
        found = _SHARD_RANGE.fullmatch(part.strip())
        if found is None:
            raise ValueError(
                f"{part.strip()!r} is not a shard number or a range such as 0-3"
                if part.strip()
                else "an empty entry between commas"
            )
        low = int(found["first"])
        high = int(found["last"]) if found["last"] is not None else low
        if high < low:
            raise ValueError(f"the range {low}-{high} goes backwards; write {high}-{low}")
        ids.extend(range(low, high + 1))
    return tuple(ids)


def check_shard_ids(shard_ids: tuple[int, ...], shard_count: int) -> None:
    """Refuse shard ids that name a shard twice or one beyond ``shard_count`` (ids run from
    0 to ``shard_count - 1``), with a :class:`ValueError` saying which."""
    if not shard_ids:
        raise ValueError("SHARD_IDS names no shard")
    seen: set[int] = set()
    for shard_id in shard_ids:
        if shard_id in seen:
            raise ValueError(f"SHARD_IDS names shard {shard_id} twice")
        seen.add(shard_id)
        if shard_id >= shard_count:
            raise ValueError(
                f"SHARD_IDS names shard {shard_id}, but with SHARD_COUNT={shard_count} the "
                f"shards are 0 to {shard_count - 1}"
            )


def secrets_of(settings: Settings) -> list[str]:
    """The settings' secret values, which no log line may show."""
    values = [settings.discord_token, settings.alert_webhook_url, settings.web_secret]
    return [value.get_secret_value() for value in values if value is not None]


def settings_problems(error: ValidationError) -> list[str]:
    """One line per problem in ``error``, naming the setting as it is written in ``.env``,
    without the value given (it may be the token)."""
    problems = []
    for problem in error.errors(include_input=False, include_url=False):
        message = str(problem["msg"]).removeprefix("Value error, ")
        names = [str(part).upper() for part in problem["loc"]]
        problems.append(f"{', '.join(names)}: {message}" if names else message)
    return problems
