"""What the numbers were measured on."""

from __future__ import annotations

import os
import platform
import sqlite3
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any


def cpu_model() -> str:
    """The processor's model name, as the kernel reports it."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def describe_machine() -> dict[str, Any]:
    """CPU, cores, operating system, and the versions of Python, SQLite and the libraries."""
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "discord.py": version("discord.py"),
        "aiosqlite": version("aiosqlite"),
        "pydantic": version("pydantic"),
        "simcord": version("simcord"),
    }
