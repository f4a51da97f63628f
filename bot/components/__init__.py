"""Buttons and menus. Every one is a ``DynamicItem`` whose custom id carries the game (and,
for moves, the version it was drawn for), so they keep working after a restart and a click on
an old one is recognised as stale. Each mixes in :class:`bot.errors.Guarded`: a refusal or a
failure in what it does is answered privately in one place.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.components.cards import CardPick
from bot.components.confirm import ConfirmButton
from bot.components.game_over import GameOverButton
from bot.components.lobby import LobbyAiSelect, LobbyButton
from bot.components.open_seat import TakeSeatButton
from bot.components.panel import PanelChoice, PanelPage, PanelSelect, WholeMoveSelect
from bot.components.replay import (
    ReplayMoveSelect,
    ReplayStep,
    ReplayViewSelect,
    WatchAgainButton,
)
from bot.components.rules import HowToPlayButton
from bot.components.signup import SignupButton
from bot.components.turn import TurnButtonItem
from bot.components.undo import UndoVote

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyAiSelect,
    UndoVote,
    TurnButtonItem,
    PanelChoice,
    PanelSelect,
    PanelPage,
    WholeMoveSelect,
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
)
