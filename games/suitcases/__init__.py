"""Suitcases: a Cribbage variant for two players with the extended Decktet."""

from __future__ import annotations

INFO = dict(
    name="Suitcases",
    family="decktet",
    min_players=2,
    max_players=2,
    layout="tableau",
    summary="Cribbage with the Decktet: build a crib, case cards without repeating a suit, count elevens, pairs, runs and suit-melds to 121.",
    hidden_information=True,
    simultaneous=True,
    solo=False,
    source="Four Decktet games by David Van Slyke",
)


def load():
    from decktable.rulesets.suitcases.rules import GAME

    return GAME
