"""Jacynth: claim districts of a six-by-six city of Decktet cards with influence tokens."""

from __future__ import annotations

INFO = dict(
    name="Jacynth",
    family="decktet",
    min_players=2,
    max_players=3,
    layout="board",
    summary="Build a 6×6 city card by card and claim its suit districts with four influence tokens.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="The Decktet rules booklet (P.D. Magnus)",
)


def load():
    from decktable.rulesets.jacynth.rules import GAME

    return GAME
