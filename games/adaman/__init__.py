"""Adaman: a Decktet solitaire — win over the eleven personalities before the palace fills up."""

from __future__ import annotations

INFO = dict(
    name="Adaman",
    family="decktet",
    min_players=1,
    max_players=1,
    layout="tableau",
    summary="Solitaire: spend resources that share a suit to take control of all eleven personalities.",
    hidden_information=False,
    simultaneous=False,
    solo=True,
    source="The Decktet rules booklet (P.D. Magnus)",
)


def load():
    from decktable.rulesets.adaman.rules import GAME

    return GAME
