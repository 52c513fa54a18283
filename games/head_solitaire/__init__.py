"""Head Solitaire: a Decktet solitaire of melds held in one hand, played through the deck twice."""

from __future__ import annotations

INFO = dict(
    name="Head Solitaire",
    family="decktet",
    min_players=1,
    max_players=1,
    layout="tableau",
    summary="Solitaire: archive melds from a hand of six, twice through the deck; fewest cards left wins.",
    hidden_information=False,
    simultaneous=False,
    solo=True,
    source="Four New Decktet Games (David Van Slyke)",
    best="low",
)


def load():
    from decktable.rulesets.head_solitaire.rules import GAME

    return GAME
