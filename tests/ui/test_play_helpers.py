"""play_helpers' card search knows each family: a French card is found by every name and label the
UI draws for it, and not by another card's (the leak checks of the test_play_* files rely on it)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import family_of, hand_cards, leaked  # noqa: E402

from decktable.session.match import Match, parse_seats  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402


def test_french_card_found_by_each_way_it_is_named() -> None:
    ways = ["play qh", "the Queen of Hearts", "Queen Hearts", "QH", card_label("qh", "french"), "[Q♥]"]
    for text in ways:
        assert leaked(text, ["qh"], "french") == ["qh"], text
    assert leaked("10♠ 10S 10 of Spades", ["10s"], "french") == ["10s"]


def test_french_card_not_found_by_another_card() -> None:
    for text in ("Queen of Spades", "QS", "Q♠", "qhx", "x-qh", "10♥", "Queen", "Hearts", "K♥"):
        assert leaked(text, ["qh"], "french") == [], text
    assert leaked("10♥", ["ah", "2h"], "french") == []


def test_family_from_the_game_and_hands_by_it() -> None:
    match = Match("polignac", parse_seats("Ann,Bea,Cy"), seed=4)
    assert family_of(match) == "french"
    hand = hand_cards(match, 0)
    assert hand and hand == hand_cards(match, 0, "hand0")
    assert leaked(" ".join(hand), hand, "french") == hand
    decktet = Match("type_trump", parse_seats("Ann,Bea,Cy"), seed=4)
    assert family_of(decktet) == "decktet"
