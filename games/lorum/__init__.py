"""Lórum: a Hungarian compendium of seven hand types for four players, played for chips and a pot."""

from __future__ import annotations

INFO = dict(
    name="Lórum",
    family="french",
    min_players=4,
    max_players=4,
    layout="trick",
    summary="Seven hands per dealer — No hearts, Queens, No tricks, Hairy Ape, Train, Quart, "
    "Domino — paid in chips and a pot; most chips after 28 hands wins.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Hungary); common rules as described on pagat.com",
)


def load():
    from decktable.rulesets.lorum.rules import GAME

    return GAME
