"""Polignac: a French-pack trick game of avoiding Jacks, the Jack of Spades above all."""

from __future__ import annotations

INFO = dict(
    name="Polignac",
    family="french",
    min_players=3,
    max_players=6,
    layout="trick",
    summary="Follow suit and dodge the Jacks: each costs a point, the Polignac (Jack of Spades) two; "
    "lowest total wins once someone reaches 10.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (France); common rules as described on pagat.com",
    best="low",
)


def load():
    from decktable.rulesets.polignac.rules import GAME

    return GAME
