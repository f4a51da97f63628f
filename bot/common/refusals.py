"""Refusals: what a player is told when the bot will not do what they asked."""

from __future__ import annotations

from games.core.words import msg


class Refusal(Exception):
    """A request that changes nothing, with a message that can be shown to the player as is."""

    def __init__(self, message: str, seats: tuple[int | None, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.seats = seats
        """The user at each engine seat (``None``: an AI player), to name the seat
        placeholders (``{p0}``) an engine's reason holds; empty when it holds none."""

    def __str__(self) -> str:
        return self.message


class StaleRequest(Refusal):
    """A click on a board or panel the game has moved on from."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or msg("The game has moved on since this was shown; nothing was changed.")
        )


class RequestClosed(Refusal):
    """An answer to an undo request that is no longer open."""

    def __init__(
        self,
        message: str | None = None,
    ) -> None:
        super().__init__(
            message
            or msg(
                "This request to take back a move is no longer open: it was answered, asked"
                " again, or the game moved on. Nothing was changed."
            )
        )


class TableBusy(Refusal):
    """Another process kept the game's lock for longer than a move takes; nothing was done."""
