"""Envite: the Canarian team trick game of three cards, a growing trump order, stakes negotiated
by captains and secret signals."""

from __future__ import annotations

INFO = dict(
    name="Envite",
    family="french",
    min_players=4,
    max_players=12,
    layout="trick",
    summary="Two teams, three cards each, first to two tricks. Signal your captain in secret; "
    "captains raise the stake from 2 to 4, 7, 9 and the whole game. Best of three games to 12.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Canary Islands); common rules as described on pagat.com and by Canarian players",
)


def load():
    from decktable.rulesets.envite.rules import GAME

    return GAME
