"""The messages asking a table to take a move back: which still show Approve and Refuse, and
how each of the others was settled."""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.records import UndoMessage


class UndoMessages(ABC):
    """The undo requests' messages. A message is settled once, by whichever caller (in
    whichever process) gets there first; the words it was settled with are kept, so every
    edit of it, in any order, writes the same words."""

    @abstractmethod
    async def posted(self, message: UndoMessage) -> None:
        """Remember ``message``, just posted with its buttons (remembering it again, after
        a send that was repeated, changes nothing)."""

    @abstractmethod
    async def open(self, game_id: int) -> list[UndoMessage]:
        """The game's messages not yet settled (still showing their buttons), oldest request
        first."""

    @abstractmethod
    async def settle(self, message: UndoMessage, words: str) -> UndoMessage:
        """Settle ``message`` with ``words`` (neutral text: how the request ended) unless it
        was settled before: the message as kept, with the words it is settled with, the
        first caller's. A message never kept (posted by a bot from before messages were
        kept) is kept from now on, settled."""
