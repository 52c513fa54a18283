"""Knowing the cards (issue 10): `o` sorts the own hand (as dealt, by suit, by rank; remembered in
the preferences), and the card just drawn is marked (✦) until the seat acts — by real key presses."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import make_app, play, press, settle, table, viewer_obs  # noqa: E402

from decktable.store import prefs  # noqa: E402
from decktable.ui.glyphs import card_label  # noqa: E402
from decktable.ui.hand_order import NewCards, sort_cards  # noqa: E402
from decktable.ui.widgets.hand_view import HandView  # noqa: E402

SIZE = (120, 40)


def own_hand(app) -> list[str]:
    obs = viewer_obs(app)
    zone = next(z for z in obs.zones if z.kind == "hand" and z.owner == obs.seat and z.visible)
    return list(zone.cards)


def drawn_order(hand: HandView) -> list[str]:
    """The hand's cards in the order their labels stand on screen."""
    text = hand.render().plain
    spots = {c: text.find(card_label(c, hand.family)) for c in hand.cards}
    assert all(v >= 0 for v in spots.values()), spots
    return sorted(hand.cards, key=spots.__getitem__)


async def test_o_cycles_the_hand_order_and_remembers_it() -> None:
    app = make_app("schnapsen", "Ann,bot", seed=11, options={"target": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = table(app).query_one(HandView)
        dealt = own_hand(app)
        assert hand.cards == dealt and "(by" not in hand.title
        await press(pilot, "o")
        assert hand.title.endswith("(by suit)")
        ranks = viewer_obs(app).rank_order  # Schnapsen's A 10 K Q J
        assert hand.cards == sort_cards(dealt, "french", "suit", ranks)
        assert drawn_order(hand) == hand.cards
        suits = [c[-1] for c in hand.cards]  # French slugs end with the suit letter
        assert suits == sorted(suits, key=lambda s: "shdc".index(s))  # the catalogue's suit order
        assert prefs.load()[0].hand_order == "suit"
        await press(pilot, "o")
        assert hand.title.endswith("(by rank)")
        assert hand.cards == sort_cards(dealt, "french", "rank", ranks) and drawn_order(hand) == hand.cards
        await press(pilot, "o")
        assert hand.cards == dealt and "(by" not in hand.title
        assert prefs.load()[0].hand_order == "dealt"
        # presentation only: a sorted hand still plays the card under the cursor
        await press(pilot, "o")
        action = next(a for a in viewer_obs(app).legal if a.card is not None)
        await play(pilot, app, action)
        assert action.card not in own_hand(app)


async def test_the_sort_is_remembered_by_the_next_table() -> None:
    prefs.update(hand_order="rank")
    app = make_app("schnapsen", "Ann,bot", seed=11, options={"target": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = table(app).query_one(HandView)
        assert hand.title.endswith("(by rank)")
        assert hand.cards == sort_cards(own_hand(app), "french", "rank", viewer_obs(app).rank_order)


async def test_the_card_just_drawn_is_marked_until_the_seat_acts() -> None:
    app = make_app("schnapsen", "Ann,bot", seed=11, options={"target": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = table(app).query_one(HandView)
        assert not hand.fresh and "✦" not in hand.render().plain  # the deal is not "drawn"
        drawn: set[str] = set()
        for _ in range(6):
            before = set(own_hand(app))
            action = next(a for a in viewer_obs(app).legal if a.card is not None)
            await play(pilot, app, action)
            await settle(pilot)
            drawn = set(own_hand(app)) - before
            if drawn:
                break
        assert drawn, "no card was drawn"
        assert hand.fresh == drawn
        text = hand.render().plain
        assert "✦ new" in text  # the legend in the title
        assert re.search(re.escape(card_label(next(iter(drawn)), "french")) + " *✦", text), text  # the chip
        # the seat acts (with another card): the mark goes
        action = next(a for a in viewer_obs(app).legal if a.card is not None and a.card not in drawn)
        await play(pilot, app, action)
        await settle(pilot)
        assert not hand.fresh & drawn


#: each game's ranks, low to high, as its rules (and its status panel) give them
GAME_RANKS = {
    "polignac": ["7", "8", "9", "10", "a", "j", "q", "k"],  # K Q J A 10 9 8 7, high to low
    "toepen": ["j", "q", "k", "a", "7", "8", "9", "10"],  # 10 9 8 7 A K Q J, high to low
}


def rank_of(slug: str) -> str:
    return slug[:-1]  # French slugs end with the suit letter


@pytest.mark.parametrize(("game", "players"), [("polignac", "Ann,bot,bot,bot"), ("toepen", "Ann,bot,bot")])
async def test_sorting_by_rank_follows_the_games_own_order(game: str, players: str) -> None:
    """Issue 33: "by rank" (and the ranks within a suit) follow the game's order, which comes
    through the observation, not the catalogue's Ace-high order."""
    ranks = GAME_RANKS[game]
    app = make_app(game, players, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = table(app).query_one(HandView)
        for _ in range(3):
            if hand.title.endswith("(by rank)"):
                break
            await press(pilot, "o")
        assert hand.title.endswith("(by rank)")
        seen = [ranks.index(rank_of(c)) for c in hand.cards]
        assert seen == sorted(seen), hand.cards
        assert drawn_order(hand) == hand.cards
        await press(pilot, "o", "o")  # by suit: within each suit, the same order
        assert hand.title.endswith("(by suit)")
        suits = [c[-1] for c in hand.cards]
        assert suits == sorted(suits, key=lambda s: "shdc".index(s))
        for suit in set(suits):
            within = [ranks.index(rank_of(c)) for c in hand.cards if c[-1] == suit]
            assert within == sorted(within), hand.cards


def test_new_cards_keep_one_memory_per_seat() -> None:
    memory = NewCards()
    assert memory.seen(0, ["a", "b", "c"]) == frozenset()  # first view: nothing new
    assert memory.seen(1, ["x", "y", "z"]) == frozenset()
    memory.acted(0)
    assert memory.seen(0, ["a", "b", "d"]) == {"d"}  # played c, drew d
    # the other seat's view in between changes nothing for seat 0 (a hand-off)
    assert memory.seen(1, ["x", "y", "z"]) == frozenset()
    assert memory.seen(0, ["a", "b", "d"]) == {"d"}  # still new: seat 0 has not acted
    memory.acted(0)
    assert memory.seen(0, ["a", "d", "e"]) == {"e"}
    assert memory.seen(0, ["p", "q", "r"]) == frozenset()  # a new deal marks nothing


def test_older_preference_files_load_with_the_dealt_order() -> None:
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "theme": None, "cards": "ascii", "seats": {}}))
    loaded, notice = prefs.load()
    assert notice is None and loaded.hand_order == "dealt" and loaded.cards == "ascii"
    path.write_text(json.dumps({"version": 1, "hand_order": "sideways"}))
    assert prefs.load()[0].hand_order == "dealt"


async def test_o_says_why_it_does_nothing_when_your_own_cards_are_face_down() -> None:
    """Lórum's Hairy Ape: you see the other hands, never your own; `o` seemed to do nothing."""
    from table_driver import notifications

    app = make_app("lorum", "Ann,bot,bot,bot", seed=7, options={"start": "hairy_ape", "rounds": 1})
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await settle(pilot)
        assert not table(app).query_one(HandView).cards
        await press(pilot, "o")
        assert "You see none of your own cards: there is nothing to sort." in notifications(app)
        assert prefs.load()[0].hand_order == "dealt"
