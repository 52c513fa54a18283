"""Bots see only what their seat sees: a determinized state, their legal actions, their memory.

A whole game of bots (`play_out`) drives a Match, so it lives in the session layer:
`decktable.session.play_out` (also `decktable.play_out`). The bots never import the session."""

from __future__ import annotations

from decktable.bots.base import BOT_LEVELS, DEFAULT_LEVEL, Bot, RandomBot, Turn, make_bot

__all__ = ["BOT_LEVELS", "DEFAULT_LEVEL", "Bot", "RandomBot", "Turn", "make_bot"]
