"""Mattis: a Norwegian two-phase game — win cards by rank, then shed them by beating plays."""

from __future__ import annotations

INFO = dict(
    name="Mattis",
    family="french",
    min_players=3,
    max_players=8,
    layout="trick",
    summary="Win cards with high ranks, then shed them by beating the last play; the last one holding cards is the mattis.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Norway); common rules as described on pagat.com and gamerules.com",
)


def load():
    from decktable.rulesets.mattis.rules import GAME

    return GAME
