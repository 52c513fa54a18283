"""King: a French-pack compendium of ten trick hands, six that cost points and four that pay."""

from __future__ import annotations

INFO = dict(
    name="King",
    family="french",
    min_players=4,
    max_players=4,
    layout="trick",
    summary="Ten hands: dodge tricks, hearts, Queens, Kings and Jacks, the King of Hearts and the "
    "last two tricks; then four positive hands where the dealer picks trumps and Up or Down.",
    hidden_information=True,
    simultaneous=False,
    solo=False,
    source="Traditional (Russia, Europe, South America); common rules as described on pagat.com",
)


def load():
    from decktable.rulesets.king.rules import GAME

    return GAME
