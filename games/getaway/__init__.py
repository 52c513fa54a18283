"""Getaway: a French-pack shedding game played in tricks; the last player holding cards loses."""

from __future__ import annotations

INFO = dict(
    name="Getaway",
    family="french",
    min_players=3,
    max_players=8,
    layout="trick",
    summary="Get rid of your cards: a trick stops when someone cannot follow and the highest card "
    "of the led suit picks it up; the last player holding cards loses.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (India); common rules as described on pagat.com",
    best="low",
)


def load():
    from decktable.rulesets.getaway.rules import GAME

    return GAME
