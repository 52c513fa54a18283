"""Bots see only what their seat sees: a determinized state, their legal actions, their memory."""

from __future__ import annotations

from decktable.bots.base import BOT_LEVELS, DEFAULT_LEVEL, Bot, RandomBot, Turn, make_bot, play_out

__all__ = ["BOT_LEVELS", "DEFAULT_LEVEL", "Bot", "RandomBot", "Turn", "make_bot", "play_out"]
