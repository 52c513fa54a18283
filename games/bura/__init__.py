"""Bura: a Russian two-player game of multi-card leads, special three-card leads and a claim of 31."""

from __future__ import annotations

INFO = dict(
    name="Bura",
    family="french",
    min_players=2,
    max_players=2,
    layout="trick",
    summary="Lead one to three cards of a suit, beat them all to win the trick, and claim 31 "
    "from memory to take the pot.",
    hidden_information=True,
    simultaneous=True,
    solo=False,
    source="Traditional (Russia); common rules as described on pagat.com",
)


def load():
    from decktable.rulesets.bura.rules import GAME

    return GAME
