"""Circle Search: a Decktet memory game — search a ring of face-down cards for the six Aces."""

from __future__ import annotations

INFO = dict(
    name="Circle Search",
    family="decktet",
    min_players=2,
    max_players=4,
    layout="tableau",
    summary="A memory game: walk a ring of face-down cards and claim the Aces whose suits you find.",
    hidden_information=False,
    simultaneous=False,
    solo=False,
    source="Circle Search by David Van Slyke (blog post 'Four New Decktet Games', Decktet wiki)",
)


def load():
    from decktable.rulesets.circle_search.rules import GAME

    return GAME
