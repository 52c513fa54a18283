"""Emu Ranchers: a two-player Decktet game of growing one-suit stacks (birds) over several years."""

from __future__ import annotations

INFO = dict(
    name="Emu Ranchers",
    family="decktet",
    min_players=2,
    max_players=2,
    layout="tableau",
    summary="Hatch and grow birds: one-suit stacks that rise or fall in rank; each must pay 18 upkeep.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    sheet_row="Year",
    source="The Decktet rules booklet (P.D. Magnus)",
)


def load():
    from decktable.rulesets.emu_ranchers.rules import GAME

    return GAME
