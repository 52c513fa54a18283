"""Chicago: the Swedish game of three draws, two spoken showdowns, five tricks and a poker hand."""

from __future__ import annotations

INFO = dict(
    name="Chicago",
    family="french",
    min_players=2,
    max_players=4,
    layout="trick",
    summary="Draw three times to build a poker hand, win spoken showdowns, take the last trick "
    "for 5 and score your final hand; play until someone reaches 52.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Sweden); common rules as described on pagat.com",
)


def load():
    from decktable.rulesets.chicago.rules import GAME

    return GAME
