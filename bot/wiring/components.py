"""Buttons and menus. Every one is a ``DynamicItem`` whose custom id carries the game (and,
for moves, the version it was drawn for), so they keep working after a restart and a click on
an old one is recognised as stale. Each mixes in :class:`bot.common.errors.Guarded`: a refusal or a
failure in what it does is answered privately in one place.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.cards.buttons import CardPick
from bot.cards.rules_button import HowToPlayButton
from bot.clocks.notify_settings import NotifyMenu, NotifyTimesButton
from bot.clocks.open_seat import TakeSeatButton
from bot.clocks.server_settings import ServerClockButton, ServerClockMenu
from bot.drawing.board_button import BoardButton
from bot.lobby.buttons import LobbyAiSelect, LobbyButton
from bot.profiles.privacy import EraseButton
from bot.replays.buttons import (
    ReplayMoveSelect,
    ReplayStep,
    ReplayViewSelect,
    WatchAgainButton,
)
from bot.tables.confirm import ConfirmButton
from bot.tables.game_over_buttons import GameOverButton
from bot.tables.panel import PanelChoice, PanelPage, PanelSelect, WholeMoveSelect
from bot.tables.turn import TurnButtonItem
from bot.tournaments.signup import SignupButton
from bot.undo.buttons import UndoVote

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyAiSelect,
    UndoVote,
    TurnButtonItem,
    PanelChoice,
    PanelSelect,
    PanelPage,
    WholeMoveSelect,
    BoardButton,
    SignupButton,
    GameOverButton,
    HowToPlayButton,
    ConfirmButton,
    CardPick,
    ReplayStep,
    ReplayMoveSelect,
    ReplayViewSelect,
    WatchAgainButton,
    TakeSeatButton,
    NotifyMenu,
    NotifyTimesButton,
    ServerClockMenu,
    ServerClockButton,
    EraseButton,
)
