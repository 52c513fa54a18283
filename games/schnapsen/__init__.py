"""Schnapsen: the Austrian two-hander of trick and draw, marriages and the race to 66."""

from __future__ import annotations

INFO = dict(
    name="Schnapsen",
    family="french",
    min_players=2,
    max_players=2,
    layout="trick",
    summary="Take tricks and show marriages to reach 66 card points, then claim it; first to 7 game points.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Austria); common rules as described on pagat.com",
)


def load():
    from decktable.rulesets.schnapsen.rules import GAME

    return GAME
