"""Rules tests for Circle Search (RULES.md section 2, with every test case of the seed)."""

from __future__ import annotations

import random
import re

import pytest

from decktable.cards.decktet import ACES, BASIC_IDS, DECKTET, EXCUSE, EXTENDED_IDS, card
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn
from decktable.engine.game import Vis
from decktable.engine.models import ResultView
from decktable.rulesets.circle_search.rules import GAME, TURN_CAP, CircleSearchState, ring_cells

g = GAME


def stacked(ring: list[str], stock: list[str] = (), extended: bool = True) -> list[str]:
    """A whole deck: the ring cards first (position 1 onwards), then `stock`, then the rest."""
    full = EXTENDED_IDS if extended else BASIC_IDS
    first = [card(c) for c in list(ring) + list(stock)]
    rest = [c for c in full if c not in first]
    return [DECKTET[c].slug for c in first + rest]


# Player 1's token starts on position 1 (index 0), Player 2's on position 5 (index 4).
FILLER = ["author", "desert", "origin", "journey", "painter", "battle", "mountain", "sailor"]


def ring_with(at: dict[int, str], players: int = 2) -> list[str]:
    """Ring cards by index (0-based); other places get harmless cards not used in `at`."""
    spare = [c for c in ("battle", "forest", "discovery", "soldier", "lunatic", "penitent", "market", "chance-meeting",
                         "castle", "cave", "diplomat", "mill", "betrayal", "pact", "darkness", "merchant")
             if c not in at.values()]
    return [at.get(i) or spare.pop(0) for i in range(4 * players)]


def zone(st: CircleSearchState, name: str):
    return next(z for z in g.zones(st) if z.name == name)


# -- setup ---------------------------------------------------------------------------------------------------


def test_setup_ring_tokens_and_aces() -> None:
    st = g.new(2, seed=1)
    assert len(st.ring) == 8 and len(st.stock) == 31  # 39 extended cards without Aces
    assert st.middle == [ACES[s] for s in ("moons", "suns", "waves", "leaves", "wyrms", "knots")]
    assert st.pos == [0, 4]  # opposite corners of the 3x3 square
    assert ring_cells(3)[0] == (0, 0) and ring_cells(3)[4] == (2, 2)
    assert all(z.vis is Vis.NOBODY for z in g.zones(st) if z.name.startswith("ring-"))
    basic = g.new(2, seed=1, extended=False)
    assert len(basic.stock) == 22
    assert all(c[0] in BASIC_IDS for c in basic.ring) and all(c in BASIC_IDS for c in basic.stock)


@pytest.mark.parametrize("players,side", [(3, 4), (4, 5)])
def test_more_players_use_a_bigger_ring(players: int, side: int) -> None:
    st = g.new(players, seed=2)
    assert len(st.ring) == 4 * players == 4 * (side - 1)
    assert st.pos == [4 * s for s in range(players)]
    obs = g.observe(st, 0)
    assert len(obs.board.cols) == side and len(obs.board.cells) == 4 * players


def test_stacked_deck_fills_the_ring_clockwise_skipping_aces() -> None:
    deck = stacked(["ace-moons", "savage", "sea", "ace-knots", "watchman"] + FILLER, stock=[])
    st = g.new(2, seed=1, deck=deck)
    assert [c[0] for c in st.ring[:3]] == [card("savage"), card("sea"), card("watchman")]


# -- the seed's rule tests -----------------------------------------------------------------------------------


def test_calamity_returns_the_ace_of_wyrms() -> None:
    # Player 1 holds the Ace of Wyrms, searches for Moons and turns up the Calamity
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "calamity"})))
    st.middle.remove(ACES["wyrms"])
    st.finds[0].append(ACES["wyrms"])
    st.scores = [1, 0]
    ev = g.apply(st, 0, "search moons")
    assert ACES["wyrms"] in st.middle and st.finds[0] == []
    assert st.scores == [0, 0]
    assert "Ace of Wyrms: it goes back" in ev[0].text
    assert "calamity" not in ev[0].text.lower()
    assert st.outcome == "return"


def test_crown_never_claims() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "huntress"})))
    g.apply(st, 0, "search moons")  # Huntress is the Crown of Moons
    assert ACES["moons"] in st.middle and st.finds[0] == []


@pytest.mark.parametrize("name,suit,claims", [
    ("watchman", "knots", True),  # Pawn: Moons/Wyrms/Knots
    ("watchman", "suns", False),
    ("island", "waves", True),  # Court: Suns/Waves/Wyrms
    ("island", "moons", False),
    ("savage", "wyrms", True),  # number card: either suit
    ("savage", "leaves", True),
    ("savage", "knots", False),
    ("excuse", "moons", False),  # the Excuse does nothing
])
def test_claims_by_any_matching_suit(name: str, suit: str, claims: bool) -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: name})))
    ev = g.apply(st, 0, f"search {suit}")
    assert (ACES[suit] in st.finds[0]) is claims
    assert (ACES[suit] in st.middle) is not claims
    assert st.scores[0] == (1 if claims else 0)
    assert name not in ev[0].text.lower()


def test_three_three_is_a_draw() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({5: "soldier"})))  # Soldier: Wyrms/Knots
    # Player 1 holds three Aces, Player 2 two; the Ace of Knots is left; Player 2 finds it
    for s in ("moons", "suns", "waves"):
        st.middle.remove(ACES[s])
        st.finds[0].append(ACES[s])
    for s in ("leaves", "wyrms"):
        st.middle.remove(ACES[s])
        st.finds[1].append(ACES[s])
    st.turn = 1
    g.apply(st, 1, "search knots")
    assert st.over and st.stop == "all"
    res = g.result(st)
    assert res.scores == [3, 3] and res.placings == [1, 1]
    assert res.summary == "A draw: 3 Aces each."


def test_more_aces_wins() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({5: "soldier"})))
    for s in ("moons", "suns", "waves", "leaves"):
        st.middle.remove(ACES[s])
        st.finds[0].append(ACES[s])
    st.middle.remove(ACES["wyrms"])
    st.finds[1].append(ACES["wyrms"])
    st.turn = 1
    g.apply(st, 1, "search knots")
    res = g.result(st)
    assert res.placings == [1, 2] and res.summary == "Player 1 wins with 4 Aces to 2."


# -- memory: the revealed card is shown for one turn only --------------------------------------------------------


def test_revealed_card_is_public_until_the_searcher_ends_the_turn() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "savage", 5: "sea"})))
    g.apply(st, 0, "search moons")
    obs = g.observe(st, 1)
    assert obs.extra["revealed"]["card"] == "savage" and obs.extra["revealed"]["position"] == 2
    assert obs.zone("ring-2").visible and obs.zone("ring-2").cards == ["savage"]
    assert obs.board.cells["b1"].card == "savage"
    # the searcher sees it, then ends the turn: it is face down before the next player acts
    assert g.to_act(st) == (0,) and [str(a) for a in g.legal_actions(st, 0)] == ["done"]
    with pytest.raises(NotYourTurn):
        g.apply(st, 1, "search moons")
    with pytest.raises(IllegalMove):
        g.apply(st, 0, "search suns")
    assert g.apply(st, 0, "done") == []
    assert g.to_act(st) == (1,)
    for seat in (0, 1, None):
        obs = g.observe(st, seat)
        assert not obs.zone("ring-2").visible and obs.board.cells["b1"].card is None
        assert "savage" not in obs.model_dump_json() and obs.extra["revealed"] is None
    g.apply(st, 1, "search moons")
    obs = g.observe(st, 0)
    assert not obs.zone("ring-2").visible
    assert "savage" not in obs.model_dump_json()
    assert obs.extra["revealed"]["card"] == "sea" and obs.extra["revealed"]["position"] == 6
    assert obs.extra["tokens"] == [2, 6]


def test_events_never_name_the_revealed_card() -> None:
    for seed in range(20):
        st = g.new(2, seed=seed)
        r = random.Random(seed)
        while not g.is_over(st):
            seat = g.to_act(st)[0]
            ev = g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
            if st.revealed < 0:
                assert ev == []  # `done`: the turn ends without a word
                continue
            shown = st.ring[st.revealed][0]
            if shown == EXCUSE:
                continue
            for e in ev:
                if e.kind == "gameover":
                    continue
                word = DECKTET[shown].name.lower().removeprefix("the ")
                assert not re.search(rf"\b{word}\b", e.text.lower()), e.text
                assert DECKTET[shown].slug not in str(e.data)


# -- end of the game: stop rule and cap --------------------------------------------------------------------------


def test_game_stops_when_no_remaining_ace_can_be_claimed() -> None:
    # no non-Crown ring card carries Knots; only the Ace of Knots is left in the middle
    ring = ["journey", "savage", "windfall", "origin", "desert", "mountain", "sailor", "lunatic"]
    st = g.new(2, seed=1, deck=stacked(ring))
    assert not st.over  # other Aces can still be claimed
    for s in ("moons", "suns", "waves", "leaves", "wyrms"):
        st.middle.remove(ACES[s])
        st.finds[s in ("moons", "suns", "waves")].append(ACES[s])
    ev = g.apply(st, 0, "search knots")
    assert st.over and st.stop == "stuck"
    assert any("No card left in the circle" in e.text for e in ev)
    res = g.result(st)
    assert res.scores == [2, 3] and res.placings == [2, 1]
    # the whole circle is shown at the end
    assert all(z.vis is Vis.PUBLIC for z in g.zones(st) if z.name.startswith("ring-"))


def test_turn_cap() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "sea"})))
    st.turns = TURN_CAP - 1
    ev = g.apply(st, 0, "search moons")
    assert st.over and st.stop == "cap"
    assert any("200 turns" in e.text for e in ev)


def test_random_games_end_and_conserve_cards() -> None:
    for players in (2, 3, 4):
        for seed in range(40):
            opts = [{}, {"extended": False}, {"draw_movement": True, "excuse_tiebreak": True}][seed % 3]
            st = g.new(players, seed=seed, **opts)
            total = len(EXTENDED_IDS if opts.get("extended", True) else BASIC_IDS)
            r = random.Random(seed)
            while not g.is_over(st):
                seat = g.to_act(st)[0]
                g.apply(st, seat, r.choice(g.legal_actions(st, seat)), events=False)
                assert sorted(c for z in g.zones(st) for c in z.cards) == sorted(
                    EXTENDED_IDS if total == 45 else BASIC_IDS)
            assert st.turns <= TURN_CAP
            assert sum(g.result(st).scores) + len(st.middle) == 6


# -- variants ------------------------------------------------------------------------------------------------------


def test_excuse_tiebreak_keeps_the_excuse_and_shows_a_replacement() -> None:
    deck = stacked(ring_with({1: "excuse"}), stock=["bard"])
    st = g.new(2, seed=1, deck=deck, excuse_tiebreak=True)
    ev = g.apply(st, 0, "search moons")
    assert st.excuse_holder == 0 and EXCUSE in st.finds[0]
    assert st.ring[1][0] == card("bard")
    obs = g.observe(st, 1)
    assert obs.extra["revealed"]["card"] == "bard" and obs.extra["revealed"]["outcome"] == "excuse"
    assert "bard" not in ev[0].text.lower()
    assert obs.seats[0].facts["Tie-breaker"] == "Excuse"
    # a 3-3 tie is then broken by the Excuse
    for s in ("moons", "suns", "waves"):
        st.middle.remove(ACES[s])
        st.finds[1].append(ACES[s])
    for s in ("leaves", "wyrms", "knots"):
        st.middle.remove(ACES[s])
        st.finds[0].append(ACES[s])
    st.over = True
    res = g.result(st)
    assert res.scores == [3, 3] and res.placings == [1, 2]
    assert "Excuse" in res.summary


def test_without_tiebreak_the_excuse_stays() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "excuse"})))
    g.apply(st, 0, "search moons")
    assert st.ring[1][0] == EXCUSE and st.excuse_holder == -1


def test_draw_movement_moves_by_rank_and_redraws_rankless_cards() -> None:
    deck = stacked(ring_with({2: "savage"}), stock=["watchman", "excuse", "sea"])
    st = g.new(2, seed=1, deck=deck, draw_movement=True)
    ev = g.apply(st, 0, "search wyrms")
    # Watchman (Pawn) and Excuse are drawn again; the Sea (10) moves 10 = 2 steps round a ring of 8
    assert st.pos[0] == 2 and st.moved == 10
    assert st.drawn == [card("watchman"), card("excuse"), card("sea")]
    assert ACES["wyrms"] in st.finds[0]
    assert any("draws the Sea and moves 10" in e.text for e in ev)


def test_first_player_option() -> None:
    st = g.new(2, seed=1, first="2")
    assert g.to_act(st) == (1,)
    with pytest.raises(NotYourTurn):
        g.apply(st, 0, "search moons")
    with pytest.raises(BadOptions):
        g.new(2, first="3")
    with pytest.raises(BadOptions):
        g.new(2, extended=False, excuse_tiebreak=True)
    seen = {g.new(3, seed=s, first="random").turn for s in range(30)}
    assert seen == {0, 1, 2}


def test_turns_go_round_the_table() -> None:
    st = g.new(3, seed=4)
    order = []
    for _ in range(6):
        if st.over:
            break
        seat = g.to_act(st)[0]
        action = g.legal_actions(st, seat)[0]
        if action.verb == "search":
            order.append(seat)
        g.apply(st, seat, action)
    assert order[:3] == [0, 1, 2]


# -- explanations ------------------------------------------------------------------------------------------------------


def test_explain_already_claimed() -> None:
    st = g.new(2, seed=1, deck=stacked(ring_with({1: "journey"})))
    g.apply(st, 0, "search moons")
    assert ACES["moons"] in st.finds[0]
    g.apply(st, 0, "done")
    with pytest.raises(IllegalMove) as e:
        g.apply(st, 1, "search moons")
    assert e.value.why == "The Ace of Moons is already claimed."
    assert "search moons" not in [str(a) for a in g.legal_actions(st, 1)]
    assert len(g.legal_actions(st, 1)) == 5


# -- privacy: no record of the ring, by position as well as by name (issue 6) ---------------------------------


def _ring_words(st: CircleSearchState) -> list[str]:
    """Every way a text could say where a ring card lies: "card 3", "position 3", "b1"."""
    side = len(st.ring) // 4 + 1
    cells = [f"{chr(97 + c)}{r + 1}" for c, r in ring_cells(side)]
    return [rf"\bcard {i + 1}\b" for i in range(len(st.ring))] + [rf"\bposition\b"] + [
        rf"\b{c}\b" for c in cells]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_event_or_later_observation_pins_a_card_down(players: int) -> None:
    for seed in range(12):
        opts = [{}, {"draw_movement": True}, {"excuse_tiebreak": True}][seed % 3]
        st = g.new(players, seed=seed, **opts)
        r = random.Random(seed)
        log: list[str] = []
        while not g.is_over(st):
            seat = g.to_act(st)[0]
            action = r.choice(g.legal_actions(st, seat))
            ev = g.apply(st, seat, action)
            for e in ev:
                if e.kind == "gameover":
                    continue
                for pattern in _ring_words(st):
                    assert not re.search(pattern, e.text.lower()), (pattern, e.text)
                # data: the suit named and, for a drawn movement card, that public card; nothing else
                assert set(e.data) <= {"suit", "card"}, e.data
                if "card" in e.data:
                    assert e.kind == "draw" and card(e.data["card"]) in st.drawn + st.stock
                assert not any(isinstance(v, int) for v in e.data.values()), e.data
                log.append(e.text)
            if action.verb != "done" or st.over:
                continue
            # the turn is over: no seat (nor a spectator) sees any ring card, or where one was
            ring = {DECKTET[c[0]].slug for c in st.ring}
            for viewer in (*range(players), None):
                obs = g.observe(st, viewer)
                assert obs.extra["revealed"] is None
                assert all(not z.visible for z in obs.zones if z.name.startswith("ring-"))
                assert all(cell.card is None for cell in obs.board.cells.values())
                assert not any("Last search" in k for k in obs.status)
                dump = obs.model_dump_json()
                assert not any(f'"{slug}"' in dump for slug in ring), viewer
                for text in obs.status.values():
                    for pattern in _ring_words(st)[: len(st.ring)]:
                        assert not re.search(pattern, text.lower()), text
        assert log, "something was said"


def test_rematch_the_loser_goes_first_and_a_draw_passes_the_start_on() -> None:
    # a decided game: Player 2 lost, so Player 2 searches first in the rematch
    st = g.new(2, seed=1, deck=stacked(ring_with({5: "soldier"})))
    for s in ("moons", "suns", "waves", "leaves"):
        st.middle.remove(ACES[s])
        st.finds[0].append(ACES[s])
    st.middle.remove(ACES["wyrms"])
    st.finds[1].append(ACES["wyrms"])
    st.turn = 1
    g.apply(st, 1, "search knots")
    res = g.result(st)
    assert res.placings == [1, 2]
    options = {"first": "1", "extended": False}
    again = g.rematch_options(res, options, st)
    assert again == {"first": "2", "extended": False} and options["first"] == "1"
    assert g.to_act(g.new(2, seed=2, **again)) == (1,)
    # the loser goes first whoever started; with three players, the first seat in last place
    res3 = ResultView(scores=[2, 0, 4], placings=[2, 3, 1], summary="x")
    assert g.rematch_options(res3, {"first": "random"})["first"] == "2"
    # a draw: the next seat starts
    draw = ResultView(scores=[3, 3], placings=[1, 1], summary="A draw")
    assert g.rematch_options(draw, {"first": "2"}, None)["first"] == "1"
    st2 = g.new(2, seed=3, first="2")
    assert g.rematch_options(draw, {"first": "2"}, st2)["first"] == "1"
    st3 = g.new(2, seed=3, first="random")
    assert g.rematch_options(draw, {"first": "random"}, st3)["first"] == str((st3.first + 1) % 2 + 1)


def test_other_games_rematch_with_the_same_options() -> None:
    from decktable.engine.game import Game

    assert Game.rematch_options(g, None, {"a": 1}) == {"a": 1}  # the base: unchanged
