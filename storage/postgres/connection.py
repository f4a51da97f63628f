"""The type of a connection borrowed from the store's pool, for the statements that take one."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

if TYPE_CHECKING:
    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]
else:
    Connection = PoolConnectionProxy
