"""Reading a game's variant options as typed in a command: ``teams=true difficulty=hard``."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from bot.common.refusals import Refusal
from games.core import Engine, InvalidSetup
from games.core.words import msg

MAX_OPTIONS_TEXT = 200


def parse_options(engine: Engine[Any, Any], text: str | None) -> BaseModel:
    """The engine's options from ``name=value`` pairs; a bad one is refused with the reason."""
    if text is None or not text.strip() or text.strip().lower() == "default":
        return engine.options()
    if len(text) > MAX_OPTIONS_TEXT:
        raise Refusal(msg("Options are at most {most} characters.", most=MAX_OPTIONS_TEXT))
    if not engine.Options.model_fields:
        raise Refusal(msg("{game} has no options: leave them out.", game=engine.title))
    raw: dict[str, Any] = {}
    for pair in text.replace(",", " ").split():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise Refusal(
                msg(
                    "Write options as name=value, e.g. {example}; not “{typed}”.",
                    example=example(engine),
                    typed=pair[:40],
                )
            )
        raw[name.strip().lower()] = _value(value.strip().lower())
    try:
        return engine.options(raw)
    except InvalidSetup as error:
        raise Refusal(error.message) from None


def describe_options(options: BaseModel) -> str:
    """The options that differ from the defaults, as text ``parse_options`` reads back, or
    "default"."""
    defaults = type(options)().model_dump()
    pairs = [
        f"{name}={_text(value)}"
        for name, value in options.model_dump().items()
        if value != defaults.get(name)
    ]
    return " ".join(pairs) or "default"


def option_choices(engine: Engine[Any, Any]) -> list[str]:
    """Every variant worth offering, as option text: the engine's own configurations."""
    seen: list[str] = []
    default = describe_options(engine.options())
    for _, options in engine.configurations():
        text = describe_options(options)
        if text not in seen:
            seen.append(text)
    if default in seen:
        seen.remove(default)
    return [default, *seen]


def example(engine: Engine[Any, Any]) -> str:
    """One option setting, for error messages."""
    variants = [c for c in option_choices(engine) if c != "default"]
    if variants:
        return variants[-1]
    first = next(iter(engine.Options.model_fields), "option")
    return f"{first}=…"


def _value(text: str) -> Any:
    """Typed text as the JSON value it most likely means; the engine's model checks it."""
    if text in ("true", "yes", "on"):
        return True
    if text in ("false", "no", "off"):
        return False
    if text == "none":
        return None
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    return text


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "value"):
        return str(value.value)
    return str(value)
