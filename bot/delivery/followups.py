"""A turn's post sent as a follow-up of the interaction that caused it, and the thread's
newest post edited through that interaction while its token lasts.

Follow-ups do not count against the 50 requests a second Discord allows a bot (see
:mod:`bot.common.answering`): a turn between people, each deciding in the game's thread,
then spends the budget only on its "your turn" DM and, once a post is older than the
token's 15 minutes, on taking that post's board away.

Anything that goes wrong with a follow-up (the token expired, the interaction unknown, the
answer not complete in time) leaves the message to the bot's own requests, so a follow-up is
a saving, never a condition. A follow-up carries no nonce (Discord does not take one there):
a post tried again after a crash looks for the follow-up the first try may have sent before
sending it another way.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.common.answering import Answering, answered
from bot.delivery.kept import Editable, ThroughToken, rewind
from storage import OutboxItem

log = logging.getLogger("grimoire.table")

#: The thread's newest messages looked through for a post a crash left unconfirmed.
LOOK_BACK = 10


class Followups:
    """Sends posts as interactions' follow-ups, and edits them through their tokens."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    def usable(self, answering: Answering | None, channel_id: int) -> bool:
        """Whether ``answering`` can carry a message to ``channel_id`` now."""
        now = discord.utils.utcnow().timestamp()
        return answering is not None and answering.channel_id == channel_id and answering.fresh(now)

    async def send(
        self, item: OutboxItem, channel: discord.PartialMessageable, nonce: str, **fields: Any
    ) -> tuple[discord.Message, Answering | None]:
        """Send ``item``'s post: as a follow-up of the interaction it names when that can be
        (a post with buttons, by which a retry finds it), otherwise by the bot's own request;
        with the interaction it went through, if any."""
        view = fields.get("view")
        custom_ids = set() if view is None else custom_ids_of(view)
        if custom_ids:
            earlier = await self.sent_before(item, channel, custom_ids)
            if earlier is not None:
                return earlier, Answering.read(item.payload.get("reply"))
            followed = await self.post(item, channel.id, **fields)
            if followed is not None:
                return followed
        return await channel.send(nonce=nonce, **fields), None

    async def post(
        self, item: OutboxItem, channel_id: int, **fields: Any
    ) -> tuple[discord.Message, Answering] | None:
        """``item``'s post sent as a follow-up of the interaction it names, with the
        interaction; ``None`` when that cannot be (the caller sends it itself)."""
        answering = Answering.read(item.payload.get("reply"))
        if answering is None or item.attempts > 1 or not self.usable(answering, channel_id):
            return None
        if not await answered(answering.token):
            return None  # its own answer is not out: the post must not take its place
        try:
            sent = await self._webhook(answering).send(wait=True, **fields)
        except discord.HTTPException as error:
            log.info("Post of game %s not sent as a follow-up: %s", item.game_id, error)
            for picture in fields.get("files", ()):
                rewind(picture)  # it may have been read: the bot's own request sends it
            return None
        return sent, answering

    async def sent_before(
        self, item: OutboxItem, channel: discord.PartialMessageable, custom_ids: set[str]
    ) -> discord.Message | None:
        """A post ``item`` may already have sent as a follow-up, before a crash kept it from
        saying so: the bot's message among the thread's newest with the same buttons."""
        if item.attempts <= 1 or "reply" not in item.payload or not custom_ids:
            return None
        me = self._client.user
        try:
            async for message in channel.history(limit=LOOK_BACK):
                mine = me is not None and message.author.id == me.id
                if mine and _custom_ids(message.components) == custom_ids:
                    return message
        except discord.HTTPException as error:
            log.info("Thread of game %s not read back: %s", item.game_id, error)
        return None

    async def edit(
        self,
        answering: Answering | None,
        message: discord.PartialMessage,
        edit: Callable[[Editable], Awaitable[None]],
        *,
        picture: discord.File | None = None,
    ) -> None:
        """Apply ``edit`` to ``message`` through the token of the interaction it was sent
        for while that lasts, otherwise (or if that fails) by the bot's own request."""
        if answering is not None and self.usable(answering, message.channel.id):
            try:
                await edit(ThroughToken(self._webhook(answering), message.id))
                return
            except discord.HTTPException as error:
                log.info("Message %s not edited through its token: %s", message.id, error)
                if picture is not None:
                    rewind(picture)
        await edit(message)

    def _webhook(self, answering: Answering) -> discord.Webhook:
        """The interaction's follow-up webhook, as ``Interaction.followup`` makes it."""
        data: Any = {"id": answering.application_id, "type": 3, "token": answering.token}
        return discord.Webhook.from_state(data=data, state=self._client._connection)


def custom_ids_of(view: discord.ui.View | discord.ui.LayoutView) -> set[str]:
    """The custom ids of a view's buttons and menus."""
    found: set[str] = set()
    for item in view.walk_children():
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str):
            found.add(custom_id)
    return found


def _custom_ids(components: Any) -> set[str]:
    """The custom ids of a sent message's components, nested ones included."""
    found: set[str] = set()
    for component in components or ():
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str):
            found.add(custom_id)
        for attribute in ("children", "components", "accessory"):
            inner = getattr(component, attribute, None)
            if inner is None:
                continue
            found |= _custom_ids(inner if isinstance(inner, list | tuple) else [inner])
    return found
