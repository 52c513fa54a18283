"""Nonesuch: a Decktet trick-taking game where the leader names the suit to follow."""

from __future__ import annotations

INFO = dict(
    name="Nonesuch",
    family="decktet",
    min_players=3,
    max_players=4,
    layout="trick",
    summary="Bid SOME, MOST or NONE, then take tricks; the leader names which suit must be followed.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="The Decktet rules booklet (P.D. Magnus)",
)


def load():
    from decktable.rulesets.nonesuch.rules import GAME

    return GAME
