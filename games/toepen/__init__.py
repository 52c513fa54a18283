"""Toepen: a Dutch last-trick game of lives, knocks, folds and bluffs."""

from __future__ import annotations

INFO = dict(
    name="Toepen",
    family="french",
    min_players=3,
    max_players=8,
    layout="trick",
    summary="Four cards, four tricks, and only the last one counts; knock to raise the stake "
    "and bluff the others into folding. Lose all your tokens and you lose.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Netherlands); common rules as described on pagat.com and Wikipedia",
)


def load():
    from decktable.rulesets.toepen.rules import GAME

    return GAME
