"""Thricewise: choose cards in secret, then grow a shared grid in rank order and score threes in a row."""

from __future__ import annotations

INFO = dict(
    name="Thricewise",
    family="decktet",
    min_players=2,
    max_players=5,
    layout="board",
    summary="Pick cards in secret, place them in rank order on a growing grid, score flushes, sets and straights of three.",
    hidden_information=True,
    simultaneous=True,
    solo=False,
    source="The Decktet rules booklet (P.D. Magnus)",
)


def load():
    from decktable.rulesets.thricewise.rules import GAME

    return GAME
