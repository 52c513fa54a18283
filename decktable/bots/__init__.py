"""Bots see only what their seat sees: its observation and its legal actions."""

from __future__ import annotations

from decktable.bots.base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
