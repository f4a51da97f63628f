"""Errors an engine raises. Every message is a sentence a player can read as it is."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error an engine raises on purpose. Raised with one argument, the
    sentence for the player: a message (``games.core.words.msg``), so the bot can say it in
    the player's language (:attr:`message`); ``str(error)`` is the English."""

    @property
    def message(self) -> str:
        """The sentence for the player, still a message when it was raised with one."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


class InvalidSetup(GameError):
    """A game cannot be created with these players or options."""


class IllegalAction(GameError):
    """An action that cannot be taken: the state is left unchanged."""


class UnknownNotation(IllegalAction):
    """Text that does not read as any action of this game."""


class NotYourTurn(IllegalAction):
    """The seat may not act right now."""


class ActionNotAllowed(IllegalAction):
    """A well-formed action that the rules forbid in this position."""


class GameIsOver(IllegalAction):
    """The game has ended; nobody may act."""


class StateFormatError(GameError):
    """A saved state that is damaged, foreign, or from a newer version."""
