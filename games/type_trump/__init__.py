"""Type Trump: a Decktet trick-taking game where the trump is a card type, not a suit."""

from __future__ import annotations

INFO = dict(
    name="Type Trump",
    family="decktet",
    min_players=3,
    max_players=4,
    layout="trick",
    summary="Secretly pick a scoring suit (or play the Spoiler), then take tricks where a card type is trump.",
    hidden_information=True,
    simultaneous=True,
    solo=False,
    sheet_row="Round",
    source="Type Trump by Greg James (Decktet wiki)",
)


def load():
    from decktable.rulesets.type_trump.rules import GAME

    return GAME
