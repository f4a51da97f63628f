"""Which messages asking a table to take a move back still show Approve and Refuse."""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.records import UndoMessage


class UndoMessages(ABC):
    """The undo requests' messages whose buttons are live. Whoever closes one (removes it
    here) edits it on Discord, so that it is edited once, whichever process gets there."""

    @abstractmethod
    async def posted(self, message: UndoMessage) -> None:
        """Remember ``message``, just posted with its buttons (remembering it again, after
        a send that was repeated, changes nothing)."""

    @abstractmethod
    async def open(self, game_id: int) -> list[UndoMessage]:
        """The game's messages still showing their buttons, oldest request first."""

    @abstractmethod
    async def close(self, game_id: int, message_id: int) -> bool:
        """Forget a message whose buttons are to go: ``True`` for the one caller that
        closed it (it edits the message), ``False`` when it was not, or no longer, open."""
