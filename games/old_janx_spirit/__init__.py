"""Old Janx Spirit: a two-player Decktet rummy; the first to split ten cards into melds scores."""

from __future__ import annotations

INFO = dict(
    name="Old Janx Spirit",
    family="decktet",
    min_players=2,
    max_players=2,
    layout="tableau",
    summary="Rummy for two: draw and discard until your ten cards split into suit, kind and run melds.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Four New Decktet Games (David Van Slyke)",
)


def load():
    from decktable.rulesets.old_janx_spirit.rules import GAME

    return GAME
