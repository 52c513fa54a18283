"""Rally: a four-player game with the 63-card tarot, Solo or a partner, and a secret ally."""

from __future__ import annotations

INFO = dict(
    name="Rally",
    family="tarot",
    min_players=4,
    max_players=4,
    layout="trick",
    summary="Bargain, bid Solo or Prop, then rally a King whose holder secretly becomes your "
    "partner; fifteen tricks, card points against a break-even of half the pack.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="A four-player game for a reduced tarot deck, from the blog "
    "bunburysgamesforloka.blogspot.com",
)


def load():
    from decktable.rulesets.rally.rules import GAME

    return GAME
