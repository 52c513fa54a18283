"""Rules tests for Thricewise (RULES.md section 10)."""

from __future__ import annotations

import json
import random

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, card
from decktable.engine.errors import BadOptions, GameOver, IllegalMove, NotYourTurn
from decktable.engine.kits import grid
from decktable.engine.registry import get_game, resolve
from decktable.engine.rng import Rng
from decktable.rulesets.thricewise.rules import (
    CELL_ID,
    CELL_NAME,
    CHOOSE,
    FRAME,
    GAME,
    NCELLS,
    PLACE,
    ThricewiseState,
    points,
    trios,
)

g = GAME


def slug(c: int) -> str:
    return DECKTET[c].slug


def stack(front: list[str]) -> list[str]:
    """A whole basic deck: `front` on top, then every other card in catalogue order."""
    ids = [card(x) for x in front]
    assert len(set(ids)) == len(ids)
    return list(front) + [slug(i) for i in BASIC_IDS if i not in ids]


def build(names=("Ann", "Bob"), board=None, hands=(), deferred=None, deck=None) -> ThricewiseState:
    """A position put together by hand. `board` maps cells to cards; `deck` defaults to every
    unused card; cards used nowhere else are set aside (so every card is in one zone)."""
    st = g.new(list(names), seed=7)
    n = len(names)
    st.board = [-1] * NCELLS
    st.placed = []
    for cell, c in (board or {}).items():
        st.board[CELL_ID[cell]] = card(c)
    st.hands = [[card(x) for x in h] for h in hands] + [[] for _ in range(n - len(hands))]
    st.chosen = [[] for _ in range(n)]
    st.deferred = [[card(x) for x in d] for d in (deferred or [[] for _ in range(n)])]
    used = [c for c in st.board if c >= 0] + [c for h in st.hands for c in h] + [c for d in st.deferred for c in d]
    assert len(set(used)) == len(used)
    if deck is None:
        st.deck = [i for i in BASIC_IDS if i not in used]
    else:
        st.deck = [card(x) for x in deck]
    st.set_aside = [i for i in BASIC_IDS if i not in used and i not in st.deck]
    st.step, st.queue, st.turn = CHOOSE, [], 1
    st.revealed = [-1] * n
    st.deferred_now, st.last_place = [], []
    st.scores = [0] * n
    g.rebuild(st)
    return st


def all_cards(st) -> list[int]:
    return sorted(c for z in g.zones(st) for c in z.cards)


def run(st, *moves: tuple[int, str]) -> list[str]:
    texts = []
    for seat, text in moves:
        texts.extend(e.text for e in g.apply(st, seat, text))
    return texts


def legal(st, seat) -> list[str]:
    return [str(a) for a in g.legal_actions(st, seat)]


def why(st, seat, text) -> str:
    with pytest.raises(IllegalMove) as exc:
        g.apply(st, seat, text)
    return exc.value.why


# A 2 × 2 start (e5 f5 / e6 f6) with the Betrayal (8) and the Darkness (9) in the top row.
def crown_position() -> ThricewiseState:
    return build(
        board={"e5": "betrayal", "f5": "darkness", "e6": "ace-moons", "f6": "author"},
        hands=[["calamity", "sailor"], ["ace-suns", "mill"]],
    )


# -- registry and info ----------------------------------------------------------------------------


def test_info_and_registry():
    info = resolve("Thricewise")
    assert info.id == "thricewise" and info.layout.value == "board"
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.simultaneous and info.hidden_information
    assert get_game("thricewise") is g


# -- the examples of the rules ----------------------------------------------------------------------


def test_crown_after_eight_and_nine_scores_16():
    st = crown_position()
    texts = run(st, (0, "choose calamity"), (1, "choose ace-suns"))
    assert g.to_act(st) == (1,)  # the Ace goes first
    texts += run(st, (1, "place ace-suns d7"))
    assert g.to_act(st) == (0,)
    texts += run(st, (0, "place calamity g5"))
    assert "Ann places the Calamity at g5: Wyrms flush 8, straight 8-9-Crown 8 = 16" in texts
    assert st.scores == [16, 0]
    obs = g.observe(st, 1)
    assert obs.extra["last_placement"] == {"seat": 0, "card": "calamity", "cell": "g5", "points": 16}
    assert [t["what"] for t in obs.extra["last_scoring"]] == ["Wyrms flush", "straight 8-9-Crown"]
    assert obs.extra["last_scoring"][0]["cells"] == ["e5", "f5", "g5"]
    assert obs.seats[0].score == 16


def test_crown_example_with_a_stacked_deck():
    # Ann gets cards 1, 3, 5, Bob 2, 4, 6; then the grid e5 f5 e6 f6.
    deck = stack("calamity ace-suns sailor mill lunatic cave betrayal darkness ace-moons author".split())
    st = g.new(["Ann", "Bob"], seed=3, deck=deck)
    assert [slug(c) for c in st.hands[0]] == ["calamity", "sailor", "lunatic"]
    assert [slug(c) for c in st.hands[1]] == ["ace-suns", "mill", "cave"]
    assert {n: slug(st.board[CELL_ID[n]]) for n in ("e5", "f5", "e6", "f6")} == {
        "e5": "betrayal", "f5": "darkness", "e6": "ace-moons", "f6": "author"}
    run(st, (0, "choose calamity"), (1, "choose ace-suns"), (1, "place ace-suns d7"), (0, "place calamity g5"))
    assert st.scores == [16, 0]
    # then the deck is the rest in catalogue order: Ann draws the Ace of Waves, Bob the Ace of Leaves
    assert [slug(c) for c in st.hands[0]] == ["sailor", "lunatic", "ace-waves"]
    assert [slug(c) for c in st.hands[1]] == ["mill", "cave", "ace-leaves"]


def test_soldier_scores_13_with_two_flushes_and_a_set():
    st = build(
        board={"d5": "battle", "f5": "betrayal", "e4": "discovery", "e6": "forest"},
        hands=[["soldier", "sailor"], ["ace-suns", "mill"]],
    )
    texts = run(st, (0, "choose soldier"), (1, "choose ace-suns"), (1, "place ace-suns c6"), (0, "place soldier e5"))
    assert "Ann places the Soldier at e5: Wyrms flush 4, Knots flush 4, set of 5s 5 = 13" in texts
    assert st.scores == [13, 0]
    total, found = trios(st.board, CELL_ID["e5"], card("soldier"))
    assert total == 13 and [f[1] for f in found] == ["Wyrms flush", "Knots flush", "set of 5s"]


def _score(cells: dict[str, str], at: str) -> tuple[int, list[str]]:
    st = build(board={k: v for k, v in cells.items() if k != at})
    total, found = trios(st.board, CELL_ID[at], card(cells[at]))
    assert points(st.board, CELL_ID[at], card(cells[at])) == total
    return total, [f"{w} {p}" for _, w, _, p in found]


def test_straight_from_an_ace_is_worth_2():
    # Ace of Suns, Author (Mo/Kn), Savage (Le/Wy): no shared suit
    assert _score({"d5": "ace-suns", "e5": "author", "f5": "savage"}, "f5") == (2, ["straight Ace-2-3 2"])
    # read the other way along the line, still a straight
    assert _score({"d5": "savage", "e5": "author", "f5": "ace-suns"}, "f5") == (2, ["straight Ace-2-3 2"])
    # vertical and diagonal lines count too
    assert _score({"e4": "ace-suns", "e5": "author", "e6": "savage"}, "e4")[0] == 2
    assert _score({"d4": "ace-suns", "e5": "author", "f6": "savage"}, "e5")[0] == 2


def test_straight_to_a_crown_is_worth_8():
    # Diplomat (Mo/Su) 8, Darkness (Wa/Wy) 9, Windfall (Kn) Crown
    assert _score({"d5": "diplomat", "e5": "darkness", "f5": "windfall"}, "f5") == (8, ["straight 8-9-Crown 8"])


def test_three_aces_or_three_crowns_are_worth_0():
    assert _score({"d5": "ace-suns", "e5": "ace-moons", "f5": "ace-knots"}, "e5") == (0, ["set of Aces 0"])
    assert _score({"d5": "sea", "e5": "bard", "f5": "end"}, "d5") == (0, ["set of Crowns 0"])


def test_out_of_order_is_no_straight_and_no_wrap():
    # 5-7-6 along the line is not a straight (Forest and Lunatic share Moons, the Castle does not)
    assert _score({"d5": "forest", "e5": "castle", "f5": "lunatic"}, "f5") == (0, [])
    # Crown-Ace-2 does not wrap around
    assert _score({"d5": "windfall", "e5": "ace-suns", "f5": "desert"}, "f5") == (0, [])


def test_flush_and_straight_together_and_lowest_number_counts():
    # Ace of Moons, Author (Mo/Kn), Journey (Mo/Wa): Moons flush 2 + straight 2
    assert _score({"d5": "ace-moons", "e5": "author", "f5": "journey"}, "f5") == (4, ["Moons flush 2", "straight Ace-2-3 2"])
    # Savage 3 (Le/Wy), Market 6 (Le/Kn), Merchant 9 (Le/Kn): only Leaves is shared by all three
    assert _score({"d5": "savage", "e5": "market", "f5": "merchant"}, "e5") == (3, ["Leaves flush 3"])


def test_several_lines_score_separately():
    # the new card ends one line and sits in the middle of another
    cells = {"c5": "ace-moons", "d5": "author", "e5": "journey", "e4": "lunatic", "e6": "chance-meeting"}
    total, words = _score(cells, "e5")
    assert words == ["Moons flush 2", "straight Ace-2-3 2", "Moons flush 3"]
    assert total == 7


# -- the turn: secret choice, reveal, order ------------------------------------------------------------


def test_choices_are_secret_until_everyone_has_chosen():
    st = build(names=("Ann", "Bob", "Cat"), board={"e5": "ace-moons", "f5": "author", "e6": "desert", "f6": "origin"},
               hands=[["castle", "sea"], ["cave", "lunatic"], ["pact", "merchant"]])
    assert g.to_act(st) == (0, 1, 2)
    events = g.apply(st, 0, "choose castle")
    assert [e.text for e in events] == ["Ann has chosen a card."]
    assert g.to_act(st) == (1, 2)
    for seat in (None, 1, 2):
        obs = g.observe(st, seat)
        text = json.dumps(obs.model_dump(mode="json"))
        assert "castle" not in text and "Castle" not in text
        assert obs.zone("chosen0").count == 1 and obs.zone("chosen0").cards == []
        if seat is not None:
            assert obs.seats[0].facts["Choice"] == "chosen"
    assert g.observe(st, 0).zone("chosen0").cards == ["castle"]
    assert "castle" not in json.dumps([e.data for e in events]) + events[0].text.lower()
    # the other seats' view is the same whatever Ann chose
    for seat in (1, 2):
        for k in range(5):
            det = g.determinize(st, seat, Rng(k))
            assert g.observe(det, seat) == g.observe(st, seat)
    g.apply(st, 1, "choose lunatic")
    texts = [e.text for e in g.apply(st, 2, "choose pact")]
    assert texts[0] == "Cat has chosen a card."
    assert texts[1] == "Cards revealed — Ann: the Castle (7); Bob: the Lunatic (6); Cat: the Pact (9)."
    assert texts[2] == "Placing order: Bob (6), Ann (7), Cat (9)."
    assert st.step == PLACE and g.to_act(st) == (1,)
    assert g.observe(st, 2).zone("chosen0").cards == ["castle"]  # public after the reveal


def test_a_seat_cannot_choose_twice_or_act_out_of_turn():
    st = crown_position()
    g.apply(st, 0, "choose calamity")
    with pytest.raises(NotYourTurn):
        g.apply(st, 0, "choose sailor")
    assert g.explain(st, 0, g.parse("choose sailor")) == "You have already chosen a card this turn."


def test_same_rank_is_deferred_and_the_others_place():
    st = build(names=("Ann", "Bob", "Cat"), board={"e5": "ace-moons", "f5": "author", "g5": "desert",
                                                    "e6": "origin", "f6": "ace-waves", "g6": "ace-knots"},
               hands=[["forest", "sea"], ["discovery", "lunatic"], ["pact", "merchant"]])
    texts = run(st, (0, "choose forest"), (1, "choose discovery"), (2, "choose pact"))
    assert "Deferred: Ann and Bob revealed 5s. Those cards wait in front of their owners." in texts
    assert [slug(c) for c in st.deferred[0]] == ["forest"] and [slug(c) for c in st.deferred[1]] == ["discovery"]
    assert g.to_act(st) == (2,)
    assert legal(st, 2) and all(a.startswith("place pact ") for a in legal(st, 2))
    obs = g.observe(st, None)
    assert obs.zone("deferred0").cards == ["forest"]
    assert obs.seats[0].facts["Deferred"] == "Forest"
    run(st, (2, "place pact h5"))
    # the turn is over: everyone drew, nobody placed the deferred cards
    assert st.step == CHOOSE and [len(h) for h in st.hands] == [2, 2, 2]
    assert st.turn == 2


def test_aces_match_aces_and_crowns_match_crowns():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["ace-moons", "sea"], ["ace-suns", "bard"]])
    texts = run(st, (0, "choose ace-moons"), (1, "choose ace-suns"))
    assert "Deferred: Ann and Bob revealed Aces. Those cards wait in front of their owners." in texts
    assert st.step == CHOOSE and st.turn == 2  # nobody places; straight on to the draw
    texts = run(st, (0, "choose sea"), (1, "choose bard"))
    assert "Deferred: Ann and Bob revealed Crowns. Those cards wait in front of their owners." in texts
    assert [slug(c) for c in st.deferred[0]] == ["ace-moons", "sea"]


def test_three_players_with_the_same_rank_all_defer():
    st = build(names=("Ann", "Bob", "Cat"), board={"e5": "ace-moons", "f5": "author", "g5": "desert",
                                                    "e6": "origin", "f6": "ace-waves", "g6": "ace-knots"},
               hands=[["castle", "sea"], ["cave", "lunatic"], ["chance-meeting", "merchant"]])
    texts = run(st, (0, "choose castle"), (1, "choose cave"), (2, "choose chance-meeting"))
    assert "Deferred: Ann, Bob and Cat revealed 7s. Those cards wait in front of their owners." in texts
    assert all(len(d) == 1 for d in st.deferred)
    assert st.step == CHOOSE and [len(h) for h in st.hands] == [2, 2, 2]
    assert "Everyone draws a card." in texts


def test_deferred_cards_go_with_the_next_card_in_any_order():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["pact", "sea"], ["ace-suns", "bard"]], deferred=[["forest", "lunatic"], []])
    run(st, (0, "choose pact"), (1, "choose ace-suns"))
    assert g.to_act(st) == (1,)
    run(st, (1, "place ace-suns d4"))
    assert g.to_act(st) == (0,)
    cards = {a.split()[1] for a in legal(st, 0)}
    assert cards == {"pact", "forest", "lunatic"}
    assert g.observe(st, 0).prompt.startswith("Place the Pact (new), the Forest (deferred) and the Lunatic (deferred)")
    texts = run(st, (0, "place lunatic g4"))
    assert texts == ["Ann places the deferred Lunatic at g4: no line of three scores"]
    assert g.to_act(st) == (0,)  # still Ann: the Pact and the Forest are due
    run(st, (0, "place pact g6"))
    assert g.to_act(st) == (0,)
    run(st, (0, "place forest d6"))
    assert st.deferred == [[], []] and st.step == CHOOSE and st.turn == 2


def test_deferred_again_keeps_everything_waiting():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["castle", "sea"], ["cave", "bard"]], deferred=[["forest"], []])
    run(st, (0, "choose castle"), (1, "choose cave"))
    assert [slug(c) for c in st.deferred[0]] == ["forest", "castle"]
    assert [slug(c) for c in st.deferred[1]] == ["cave"]
    assert st.step == CHOOSE
    assert g.explain(st, 0, g.parse("choose forest")).startswith("The Forest is deferred")


def test_place_in_rank_order_explained():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["calamity", "sea"], ["castle", "bard"]])
    run(st, (0, "choose calamity"), (1, "choose castle"))
    assert g.to_act(st) == (1,)
    with pytest.raises(NotYourTurn):
        g.apply(st, 0, "place calamity g5")
    assert g.explain(st, 0, g.parse("place calamity g5")) == "Place your Crown after the 7 (cards go in rank order)."


# -- placement and the grid ---------------------------------------------------------------------------


def test_start_grid_shapes_and_cell_names():
    st = g.new(2, seed=1)
    assert st.start == "2x2"
    assert sorted(CELL_NAME[i] for i in range(NCELLS) if st.board[i] >= 0) == ["e5", "e6", "f5", "f6"]
    obs = g.observe(st, 0)
    assert obs.board.cols == ["d", "e", "f", "g"] and obs.board.rows == ["4", "5", "6", "7"]
    assert obs.board.cells["e5"].card == slug(st.board[CELL_ID["e5"]]) and obs.board.cells["d4"].card is None
    st3 = g.new(3, seed=1)
    assert st3.start == "2x3"
    assert sorted(CELL_NAME[i] for i in range(NCELLS) if st3.board[i] >= 0) == ["e5", "e6", "f5", "f6", "g5", "g6"]
    assert g.new(5, seed=1).start == "2x3" and g.new(4, seed=1).start == "2x2"
    assert g.new(2, seed=1, start="2x3").start == "2x3"
    assert g.new(5, seed=1, start="2x2").start == "2x2"
    with pytest.raises(BadOptions):
        g.new(2, seed=1, start="3x3")


def test_legal_cells_touch_a_card():
    st = crown_position()
    run(st, (0, "choose calamity"), (1, "choose ace-suns"))
    cells = sorted(a.split()[2] for a in legal(st, 1))
    ring = sorted(f"{c}{r}" for c in "defg" for r in "4567" if not (c in "ef" and r in "56"))
    assert cells == ring
    assert all(v.cell in ring for v in g.observe(st, 1).legal)
    assert why(st, 1, "place ace-suns f3") == "f3 does not touch any card."
    assert why(st, 1, "place ace-suns e5") == "e5 already holds the Betrayal."
    assert why(st, 1, "place mill d4") == "The Mill is in your hand; this turn you place your revealed card and your deferred cards."
    assert why(st, 1, "place calamity d4") == "The Calamity is not one of the cards you have to place."


def test_grid_may_not_grow_beyond_six():
    # a full row six wide: b5..g5
    board = {f"{c}5": x for c, x in zip("bcdefg", ["author", "desert", "origin", "journey", "painter", "savage"])}
    st = build(board=board, hands=[["pact", "sea"], ["ace-suns", "bard"]])
    run(st, (0, "choose pact"), (1, "choose ace-suns"))
    assert why(st, 1, "place ace-suns h5") == "The grid may not grow wider than 6 columns."
    assert why(st, 1, "place ace-suns a4") == "The grid may not grow wider than 6 columns."
    cells = {a.split()[2] for a in legal(st, 1)}
    assert cells == {f"{c}{r}" for c in "bcdefg" for r in "46"}
    obs = g.observe(st, 1)
    assert obs.board.cols == list("bcdefg") and obs.board.rows == ["4", "5", "6"]
    # a column six tall: e2..e7
    board = {f"e{r}": x for r, x in zip(range(2, 8), ["author", "desert", "origin", "journey", "painter", "savage"])}
    st = build(board=board, hands=[["pact", "sea"], ["ace-suns", "bard"]])
    run(st, (0, "choose pact"), (1, "choose ace-suns"))
    assert why(st, 1, "place ace-suns e8") == "The grid may not grow taller than 6 rows."
    assert why(st, 1, "place ace-suns f1") == "The grid may not grow taller than 6 rows."
    assert {a.split()[2] for a in legal(st, 1)} == {f"{c}{r}" for c in "df" for r in range(2, 8)}


def test_legal_cells_agree_with_the_grid_kit():
    for n in (2, 3, 4, 5):
        for seed in range(15):
            st = g.new(n, seed=seed)
            r = random.Random(seed)
            while not st.over:
                seat = g.to_act(st)[0]
                acts = g.legal_actions(st, seat)
                if st.step == PLACE:
                    filled = [(i % FRAME, i // FRAME) for i in range(NCELLS) if st.board[i] >= 0]
                    kit = sorted(grid.growth_cells(filled, 6, 6), key=lambda cr: cr[1] * FRAME + cr[0])
                    assert [CELL_NAME[i] for i in g.free_cells(st)] == [grid.name(c) for c in kit]
                    assert {a.args[1] for a in acts} == {grid.name(c) for c in kit}
                g.apply(st, seat, r.choice(acts), events=False)
            box = grid.bbox((i % FRAME, i // FRAME) for i in range(NCELLS) if st.board[i] >= 0)
            assert max(grid.box_size(box)) <= 6


def test_grid_kit_helpers():
    assert grid.parse_free("e5") == (4, 4) and grid.parse_free("b0") == (1, -1)
    assert grid.parse_free("aa1") == (26, 0) and grid.parse_free("5e") is None
    assert grid.bbox([(1, 2), (3, 0)]) == (1, 0, 3, 2) and grid.bbox([]) is None
    assert grid.box_size((1, 0, 3, 2)) == (3, 3)
    assert grid.grow_box((1, 0, 3, 2), (5, 1)) == (1, 0, 5, 2)
    assert (1, 1) in grid.frontier([(0, 0)]) and len(grid.frontier([(0, 0)])) == 8
    assert len(grid.frontier([(0, 0)], grid.ORTHO)) == 4
    assert grid.growth_cells([(0, 0), (1, 0)], 2, 6) == [(0, -1), (1, -1), (0, 1), (1, 1)]


# -- drawing and the end ------------------------------------------------------------------------------


def test_draw_only_when_the_deck_has_a_card_for_everyone():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["pact", "sea"], ["ace-suns", "bard"]], deck=["mill", "cave"])
    texts = run(st, (0, "choose pact"), (1, "choose ace-suns"), (1, "place ace-suns d4"), (0, "place pact g4"))
    assert "Everyone draws a card." in texts
    assert [slug(c) for c in st.hands[0]] == ["sea", "mill"] and [slug(c) for c in st.hands[1]] == ["bard", "cave"]
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["pact", "sea"], ["ace-suns", "bard"]], deck=["mill"])
    texts = run(st, (0, "choose pact"), (1, "choose ace-suns"), (1, "place ace-suns d4"), (0, "place pact g4"))
    assert "The deck has 1 card for 2 players: nobody draws." in texts
    assert [len(h) for h in st.hands] == [1, 1] and [slug(c) for c in st.deck] == ["mill"]


def test_game_ends_when_hands_run_out_and_deferred_cards_are_set_aside():
    st = build(board={"e5": "author", "f5": "desert", "e6": "origin", "f6": "journey"},
               hands=[["pact"], ["merchant"]], deferred=[["forest"], []], deck=["mill"])
    texts = run(st, (0, "choose pact"), (1, "choose merchant"))
    assert st.over
    assert sorted(slug(c) for c in st.set_aside if c in (card("forest"), card("pact"), card("merchant"))) == [
        "forest", "merchant", "pact"]
    assert st.deferred == [[], []]
    assert "Deferred cards never placed are set aside: the Forest, the Pact and the Merchant." in texts
    assert texts[-1] == "Ann and Bob share the win with 0 points each."
    res = g.result(st)
    assert res.placings == [1, 1] and res.winners == [0, 1]
    assert st.sheet == [[0, 0]]
    assert all_cards(st) == list(BASIC_IDS)
    with pytest.raises(GameOver):
        g.apply(st, 0, "choose sea")


def test_last_turn_placements_then_the_winner():
    st = build(board={"d5": "battle", "f5": "betrayal", "e4": "discovery", "e6": "forest"},
               hands=[["soldier"], ["ace-suns"]], deck=["mill"])
    texts = run(st, (0, "choose soldier"), (1, "choose ace-suns"), (1, "place ace-suns c6"), (0, "place soldier e5"))
    assert st.over and st.scores == [13, 0]
    assert texts[-1] == "Ann wins with 13 points."
    res = g.result(st)
    assert res.placings == [1, 2] and res.scores == [13, 0]
    assert [slug(c) for c in st.deck] == ["mill"]


def test_full_games_end_and_conserve_cards():
    for n in (2, 3, 4, 5):
        for seed in range(40):
            st = g.new(n, seed=seed)
            r = random.Random(seed)
            steps = 0
            while not st.over:
                acting = g.to_act(st)
                assert acting
                seat = r.choice(acting)
                acts = g.legal_actions(st, seat)
                assert acts
                g.apply(st, seat, r.choice(acts), events=False)
                steps += 1
                assert steps < 500
            assert all_cards(st) == list(BASIC_IDS)
            assert not any(st.hands) and not any(st.deferred) and not any(st.chosen)
            assert len(st.placed) + len(st.set_aside) + len(st.deck) == 36
            res = g.result(st)
            assert len(res.placings) == n and min(res.placings) == 1
            assert sum(st.scores) == sum(st.sheet[0])


def test_same_seed_same_game_and_replay():
    a = g.new(3, seed=11)
    b = g.new(3, seed=11)
    r = random.Random(4)
    log = []
    while not a.over:
        seat = g.to_act(a)[0]
        act = str(r.choice(g.legal_actions(a, seat)))
        log.append((seat, act))
        g.apply(a, seat, act)
    for seat, act in log:
        g.apply(b, seat, act)
    assert a.snapshot() == b.snapshot()


def test_refused_moves_change_nothing():
    st = crown_position()
    before = st.snapshot()
    for text in ("choose betrayal", "place calamity g5", "choose excuse"):
        with pytest.raises(IllegalMove):
            g.apply(st, 0, text)
    assert st.snapshot() == before
    assert g.explain(st, 0, g.parse("place calamity g5")) == (
        "Cards are placed only after everyone has chosen and the cards are revealed.")
    assert g.explain(st, 0, g.parse("choose betrayal")) == "The Betrayal is not in your hand."
    assert g.explain(st, 0, g.parse("choose excuse")) == "The Excuse is not used in Thricewise (basic deck only)."


def test_labels_and_prompts():
    st = crown_position()
    assert g.label(st, g.parse("choose calamity")) == "Choose Calamity (Crown)"
    assert g.observe(st, 0).prompt.startswith("Choose a card from your hand")
    g.apply(st, 0, "choose calamity")
    assert g.observe(st, 0).prompt == "Waiting for Bob to choose a card."
    g.apply(st, 1, "choose ace-suns")
    g.apply(st, 1, "place ace-suns d7")
    obs = g.observe(st, 0)
    labels = {v.text: v.label for v in obs.legal}
    assert labels["place calamity g5"] == "Place Calamity (Crown) at g5: +16"
    assert g.observe(st, 1).prompt == "Ann is placing the Calamity."
    assert obs.phase == "place" and obs.status["Placing"] == "Ann"


def test_help_deferral_example():
    st = build(names=("Ann", "Bob", "Cat"), board={"e5": "author", "f5": "desert", "g5": "origin",
                                                    "e6": "journey", "f6": "painter", "g6": "savage"},
               hands=[["castle", "ace-moons"], ["cave", "bard"], ["pact", "merchant"]])
    run(st, (0, "choose castle"), (1, "choose cave"), (2, "choose pact"))
    assert g.to_act(st) == (2,)
    run(st, (2, "place pact h5"))
    assert st.step == CHOOSE
    run(st, (0, "choose ace-moons"), (1, "choose bard"))
    texts = run(st, (2, "choose merchant"))
    assert texts[-1] == "Placing order: Ann (Ace), Cat (9), Bob (Crown)."
    assert {a.split()[1] for a in legal(st, 0)} == {"ace-moons", "castle"}
    run(st, (0, "place castle d4"), (0, "place ace-moons d5"))
    assert g.to_act(st) == (2,)
    run(st, (2, "place merchant h6"))
    assert g.to_act(st) == (1,)
    assert {a.split()[1] for a in legal(st, 1)} == {"bard", "cave"}


def test_help_has_the_sections():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "help.md").read_text(encoding="utf-8")
    for head in ("# Thricewise", "## Overview", "## Setup", "## Play", "## Scoring", "## End of the game",
                 "## Options", "## Worked example", "## Rules notes"):
        assert f"\n{head}\n" in f"\n{text}"
    # how a stacked deck deals is for developers: docs/stacked-decks.md, not the players' help
    assert "\n## Stacked decks\n" not in f"\n{text}"


def test_cells_off_the_table_are_explained():
    # a grid reaching the top-left corner of the table (a1): a0 and b0 lie beyond it
    board = {"a1": "author", "b2": "desert", "c3": "origin", "d4": "journey", "e5": "painter", "f6": "savage"}
    st = build(board=board, hands=[["pact", "sea"], ["ace-suns", "bard"]])
    run(st, (0, "choose pact"), (1, "choose ace-suns"))
    assert why(st, 1, "place ace-suns a0") == "The grid may not grow taller than 6 rows."
    assert why(st, 1, "place ace-suns z9") == "z9 does not touch any card."
    assert why(st, 1, "place ace-suns a-3") == "a-3 does not touch any card."
    assert "a1" not in {a.split()[2] for a in legal(st, 1)}
