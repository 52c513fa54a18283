"""Jacynth rules tests: the worked cases of RULES.md section 8, layouts, options, explain, end."""

from __future__ import annotations

import random
import time

import pytest

from decktable.cards.decktet import DECKTET, SUITS, card
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn
from decktable.engine.kits import grid
from decktable.engine.rng import Rng
from decktable.rulesets.jacynth.rules import GAME as g
from decktable.rulesets.jacynth.rules import INFLUENCE, LAYOUTS, PLACE

NAMES = ["Ann", "Bea", "Cid"]


def stacked(n, hands, start, top=(), seed=1, **opts):
    """A game whose deck puts `hands[seat]` in each hand (dealt one at a time from the dealer's
    left), `start` on the starting cells in their listed order, and `top` as the next draws."""
    order = []  # with a stacked deck the last seat deals: seat 0 gets the top card and starts
    for k in range(3):
        for j in range(n):
            order.append(hands[j][k])
    order += list(start) + list(top)
    ids = [card(x) for x in order]
    rest = [c for c in g.full_deck(g.options(**opts)) if c not in ids]
    st = g.new(NAMES[:n], seed=seed, deck=ids + rest, **opts)
    return st


def at(st, cell):
    c = st.board[grid.parse(cell, 6, 6)[0] + 6 * grid.parse(cell, 6, 6)[1]]
    return DECKTET[c].slug if c >= 0 else None


def act(st, text):
    seat = g.to_act(st)[0]
    return [e.text for e in g.apply(st, seat, text)]


def refused(st, text, seat=None):
    seat = g.to_act(st)[0] if seat is None else seat
    before = st.snapshot()
    with pytest.raises(IllegalMove) as info:
        g.apply(st, seat, text)
    assert st.snapshot() == before
    return info.value.why


# -- setup, layouts, options ---------------------------------------------------------------------


def test_info_and_defaults():
    assert g.info.id == "jacynth" and g.info.layout.value == "board"
    assert g.info.min_players == 2 and g.info.max_players == 3 and g.info.hidden_information
    o = g.options()
    assert (o.layout, o.excuse, o.pawns, o.courts) == ("razeway", False, False, False)
    with pytest.raises(BadOptions):
        g.new(2, layout="pyramid")
    with pytest.raises(BadOptions):
        g.new(4)


@pytest.mark.parametrize("layout", ["razeway", "towers", "old_city"])
def test_layouts_deal_from_stacked_deck(layout):
    cells = LAYOUTS[layout]
    assert cells == {
        "razeway": ("a6", "b5", "c4", "d3", "e2", "f1"),
        "towers": ("b5", "b2", "e2", "e5"),
        "old_city": ("c6", "e5", "f3", "d1", "b2", "a4"),
    }[layout]
    start = ["huntress", "bard", "sea", "end", "calamity", "windfall"][: len(cells)]
    hands = [["author", "desert", "origin"], ["journey", "painter", "savage"], ["mountain", "sailor", "battle"]]
    st = stacked(3, hands, start, top=["ace-moons"], layout=layout)
    for seat in range(3):
        assert sorted(DECKTET[c].slug for c in st.hands[seat]) == sorted(hands[seat])
    for cell, slug in zip(cells, start):
        assert at(st, cell) == slug
    assert st.placed == len(cells) and sum(c >= 0 for c in st.board) == len(cells)
    assert len(st.deck) == 36 - 9 - len(cells)
    assert DECKTET[st.deck[0]].slug == "ace-moons"
    assert st.dealer == 2 and st.turn == 0 and st.step == PLACE
    assert st.tokens_left == [4, 4, 4]
    obs = g.observe(st, st.turn)
    assert obs.phase == "place"
    assert obs.board.rows == ["6", "5", "4", "3", "2", "1"] and obs.board.cols == list("abcdef")
    assert len(obs.board.cells) == 36
    assert {c for c, v in obs.board.cells.items() if v.card} == set(cells)
    # every legal placement is next to a starting card
    for a in g.legal_actions(st, st.turn):
        assert a.verb == "place"
        c, r = grid.parse(a.args[1], 6, 6)
        assert any(grid.name(nb) in cells for nb in grid.neighbours((c, r), 6, 6))


def test_hands_are_dealt_one_at_a_time_from_the_dealers_left():
    seed = 5
    order = ["author", "desert", "origin", "journey", "painter", "savage"]
    ids = [card(x) for x in order] + [c for c in range(36) if DECKTET[c].slug not in order]
    st = g.new(["Ann", "Bea"], seed=seed, deck=ids)
    assert [DECKTET[c].slug for c in st.hands[0]] == ["author", "origin", "painter"]
    assert [DECKTET[c].slug for c in st.hands[1]] == ["desert", "journey", "savage"]
    assert st.turn == 0 and st.dealer == 1
    for seed in (2, 3, 4):  # the same for every seed
        other = g.new(["Ann", "Bea"], seed=seed, deck=ids)
        assert other.hands == st.hands and other.deck == st.deck and other.board == st.board


def test_unstacked_dealer_is_random():
    assert {g.new(3, seed=s).dealer for s in range(30)} == {0, 1, 2}
    st = g.new(3, seed=4)
    assert st.turn == (st.dealer + 1) % 3


@pytest.mark.parametrize(
    "opts,size,extra",
    [
        ({}, 36, set()),
        ({"excuse": True}, 37, {"excuse"}),
        ({"pawns": True}, 40, {"watchman", "borderland", "harvest", "light-keeper"}),
        ({"courts": True}, 40, {"consul", "rite", "window", "island"}),
        ({"excuse": True, "pawns": True, "courts": True}, 45, None),
    ],
)
def test_extended_options_make_the_deck(opts, size, extra):
    st = g.new(3, seed=3, **opts)
    every = [c for z in g.zones(st) for c in z.cards]
    assert len(every) == size == len(set(every))
    if extra is not None:
        assert {DECKTET[c].slug for c in every if c >= 36} == extra


def test_stacked_deck_must_be_the_whole_deck():
    with pytest.raises(BadOptions):
        g.new(2, seed=1, deck=["savage"] * 36)
    with pytest.raises(BadOptions, match="excuse"):
        g.new(2, seed=1, deck=list(range(37)))


# -- the test cases of RULES.md section 8 ---------------------------------------------------------


def test_lone_ace_crown_and_number_card():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        [["bard", "painter", "ace-leaves"], ["windfall", "mill", "ace-waves"]],
        ["ace-moons", "savage", "huntress", "penitent"],  # b5, b2, e2, e5
        seed=seed,
        layout="towers",
    )
    assert st.turn == 0
    act(st, "place bard a5")  # Suns: shares nothing with the Ace of Moons
    assert st.step == INFLUENCE
    act(st, "influence b5")
    assert st.scores == [1, 0]  # a lone Ace with a token: 1
    act(st, "place windfall e1")  # Knots next to the Huntress (Moons)
    act(st, "influence e2")
    assert st.scores == [1, 1]  # a lone Crown: 1
    act(st, "place painter a2")  # Suns/Knots next to the Savage (Leaves/Wyrms)
    act(st, "influence b2")
    assert st.scores == [3, 1]  # a lone number card: two one-card districts, 2
    facts = g.observe(st, None).seats[0].facts
    assert facts["Tokens"] == "2 left"
    assert facts["Districts"] == "Moons 1, Leaves 1, Wyrms 1"


def test_merge_higher_token_controls_and_other_suit_district_stays():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        [["calamity", "mill", "lunatic"], ["desert", "origin", "journey"]],
        ["soldier", "ace-moons", "ace-suns", "betrayal"],  # b5, b2, e2, e5
        seed=seed,
        layout="towers",
    )
    act(st, "place mill a2")
    act(st, "influence b5")  # Ann on the Soldier (5 of Wyrms and Knots)
    assert st.scores == [2, 0]
    act(st, "place origin a1")
    act(st, "influence e5")  # Bea on the Betrayal (8 of Wyrms and Knots)
    assert st.scores == [2, 2]
    act(st, "place calamity c5")  # the Calamity joins Ann's Wyrms district
    act(st, "pass")
    assert st.scores == [3, 2]
    texts = act(st, "place desert d5")  # the Desert joins both Wyrms districts
    assert any("Bea's token on the Betrayal (e5) outranks Ann" in t and "4-card" in t for t in texts)
    # Bea: Wyrms b5-c5-d5-e5 (4) + Knots e5 (1); Ann keeps the Soldier's Knots district (1)
    assert st.scores == [1, 5]
    obs = g.observe(st, None)
    wyrms = obs.board.groups["wyrms"]
    assert sorted(wyrms[0]) == ["b5", "c5", "d5", "e5"]
    assert obs.extra["controllers"]["wyrms"][0] == 1
    knots = {tuple(d): ctl for d, ctl in zip(obs.board.groups["knots"], obs.extra["controllers"]["knots"])}
    assert knots[("b5",)] == 0 and knots[("e5",)] == 1
    assert obs.seats[1].facts["Districts"] == "Wyrms 4, Knots 1"
    assert obs.seats[0].facts["Districts"] == "Knots 1"
    # Bea may still put a token on a card of her own district (the Desert: Wyrms hers, Suns free)
    assert g.check(st, 1, g.parse("influence d5")) is None
    act(st, "pass")
    # Ann may not put a token in the district Bea now controls
    act(st, "place lunatic a3")
    assert refused(st, "influence c5") == "The Calamity is in a Wyrms district that Bea controls."
    assert g.parse("influence c5") not in g.legal_actions(st, 0)


def test_second_suit_controlled_blocks_a_token():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        [["savage", "sea", "mill"], ["huntress", "origin", "journey"]],
        ["ace-wyrms", "ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-knots"],  # razeway
        seed=seed,
    )
    act(st, "place savage a5")  # Leaves/Wyrms, next to the Ace of Wyrms on a6
    act(st, "influence a6")
    assert st.scores == [2, 0]  # Wyrms a6-a5
    act(st, "place huntress b6")  # Moons, next to the Ace of Moons on b5
    # the Savage's Leaves district is free, but its Wyrms district is Ann's
    assert refused(st, "influence a5") == "The Savage is in a Wyrms district that Ann controls."
    legal = {str(a) for a in g.legal_actions(st, 1)}
    assert "influence a5" not in legal and "influence a6" not in legal
    assert "influence b6" in legal and "influence b5" in legal and "pass" in legal
    act(st, "influence b6")
    assert st.scores == [2, 2]  # Moons b5-b6


# -- explain ------------------------------------------------------------------------------------


def test_explain_messages():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        [["savage", "sea", "mill"], ["huntress", "origin", "journey"]],
        ["ace-wyrms", "ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-knots"],
        seed=seed,
        excuse=True,
        pawns=True,
        courts=True,
    )
    assert refused(st, "place savage c6") == "c6 is not next to any card."
    assert refused(st, "place savage c4") == "c4 already holds a card."
    assert refused(st, "place huntress a5") == "The Huntress is not in your hand."
    assert refused(st, "place savage g1") == "g1 is not on the board: columns run a–f and rows 1–6."
    assert refused(st, "influence a6") == "First place a card from your hand; influence comes after."
    assert refused(st, "pass") == "You must place a card first; pass only skips putting out a token."
    with pytest.raises(NotYourTurn):
        g.apply(st, 1, "place huntress a5")
    act(st, "place savage a5")
    assert refused(st, "place sea b6") == (
        "You have already placed a card this turn: put an influence token on a card, or pass."
    )
    assert refused(st, "influence a4") == "a4 holds no card to put a token on."
    act(st, "influence a5")
    act(st, "place huntress b6")
    assert refused(st, "influence a5") == "The Savage on a5 already carries Ann's token."
    assert refused(st, "influence a6") == "Ace of Wyrms is in a Wyrms district that Ann controls."


def test_no_token_on_excuse_pawn_or_court():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        [["savage", "sea", "mill"], ["huntress", "origin", "journey"]],
        ["excuse", "watchman", "consul", "ace-waves", "ace-leaves", "ace-knots"],
        seed=seed,
        excuse=True,
        pawns=True,
        courts=True,
    )
    act(st, "place savage a5")
    assert refused(st, "influence a6") == "No token may go on the Excuse."
    assert refused(st, "influence b5") == "No token may go on a Pawn, and the Watchman is one."
    assert refused(st, "influence c4") == "No token may go on a Court, and the Consul is one."
    legal = {str(a) for a in g.legal_actions(st, 0)}
    assert legal == {"influence a5", "influence d3", "influence e2", "influence f1", "pass"}


def test_excuse_blocks_districts_and_pawns_join_three():
    seed = 1  # any seed: a stacked deal does not depend on it
    st = stacked(
        2,
        # the Rite (Court: Moons, Leaves, Wyrms) and the Excuse (no suit)
        [["rite", "cave", "mill"], ["excuse", "origin", "journey"]],
        ["ace-wyrms", "forest", "ace-suns", "ace-waves", "ace-leaves", "ace-knots"],
        seed=seed,
        excuse=True,
        courts=True,
    )
    act(st, "place rite a5")  # between the Ace of Wyrms (a6) and the Forest (b5: Moons, Leaves)
    act(st, "influence a6")
    assert st.scores == [2, 0]  # Wyrms a6-a5
    act(st, "place excuse b6")  # next to a6 and b5, in no district
    act(st, "influence b5")  # the Forest: Moons a5-b5 and Leaves a5-b5; Bea controls both
    assert st.scores == [2, 4]
    groups = g.observe(st, None).board.groups
    assert all("b6" not in d for suit in SUITS for d in groups[suit])
    assert sorted(groups["wyrms"][0]) == ["a5", "a6"]


def test_no_tokens_left_skips_the_influence_step():
    st = g.new(NAMES[:2], seed=7)
    r = random.Random(7)
    first = st.turn
    while st.tokens_left[first] > 0:
        seat = st.turn
        place = [a for a in g.legal_actions(st, seat)]
        g.apply(st, seat, place[r.randrange(len(place))])
        if st.step == INFLUENCE:
            choice = [a for a in g.legal_actions(st, seat) if a.verb == "influence"] if seat == first else []
            g.apply(st, seat, choice[0] if choice else g.parse("pass"))
    assert st.turn != first
    g.apply(st, st.turn, g.legal_actions(st, st.turn)[0])
    if st.step == INFLUENCE:
        g.apply(st, st.turn, "pass")
    assert st.turn == first and st.step == PLACE
    assert refused(st, "influence a1") == "You have no tokens left."
    texts = act(st, str(g.legal_actions(st, first)[0]))
    assert f"{NAMES[first]} has no token left." in texts and st.turn != first and st.step == PLACE
    assert g.observe(st, None).seats[first].facts["Tokens"] == "0 left"


# -- end of the game, scoring, observations --------------------------------------------------------


def play_out(st, rnd, influence=True):
    while not st.over:
        seat = g.to_act(st)[0]
        legal = g.legal_actions(st, seat)
        assert legal
        if not influence and st.step == INFLUENCE:
            a = g.parse("pass")
        else:
            a = legal[rnd.randrange(len(legal))]
        g.apply(st, seat, a, events=False)
    return st


def test_last_card_then_influence_then_end():
    st = g.new(NAMES[:2], seed=11)
    r = random.Random(11)
    while st.placed < 35 or st.step == INFLUENCE:
        seat = st.turn
        legal = g.legal_actions(st, seat)
        g.apply(st, seat, legal[0] if st.step == PLACE else g.parse("pass"))
    assert not st.deck and sum(len(h) for h in st.hands) == 1
    seat = st.turn
    act(st, str(g.legal_actions(st, seat)[0]))
    assert st.placed == 36 and not st.over and st.step == INFLUENCE  # the last player may still influence
    texts = act(st, str(g.legal_actions(st, seat)[0]))
    assert st.over and texts[-1].startswith("The game is over.")
    assert st.scores[seat] > 0 and st.sheet == [st.scores]
    res = g.result(st)
    assert res.placings[seat] == 1 and res.scores == st.scores
    assert g.to_act(st) == () and g.legal_actions(st, seat) == []
    del r


def test_tie_is_a_shared_win():
    st = play_out(g.new(NAMES[:3], seed=5), random.Random(5), influence=False)
    res = g.result(st)
    assert res.scores == [0, 0, 0] and res.placings == [1, 1, 1]
    assert res.summary == "Ann and Bea and Cid share the win with 0 points each."


def test_extended_game_ends_when_the_city_is_full():
    st = play_out(g.new(3, seed=2, excuse=True, pawns=True, courts=True), random.Random(2))
    assert st.placed == 36 and all(c >= 0 for c in st.board)
    left = len(st.deck) + sum(len(h) for h in st.hands)
    assert left == 45 - 36
    assert g.result(st).details[-1] == "9 cards never reached the city."


def test_scores_agree_with_a_recount_from_scratch():
    for seed in range(40):
        n = 2 + seed % 2
        st = play_out(g.new(n, seed=seed, pawns=seed % 3 == 0, excuse=seed % 4 == 0), random.Random(seed))
        suits_at = {(i % 6, i // 6): DECKTET[c].suits for i, c in enumerate(st.board)}
        score = [0] * n
        for suit, groups in grid.districts(suits_at, order=SUITS).items():
            for d in groups:
                best = max(
                    ((DECKTET[st.board[c + 6 * r]].rank, st.token[c + 6 * r]) for c, r in d if st.token[c + 6 * r] >= 0),
                    default=None,
                )
                if best is not None:
                    score[best[1]] += len(d)
        assert score == st.scores == g.result(st).scores


def test_observation_is_public_apart_from_own_hand():
    st = g.new(NAMES[:2], seed=4)
    seat = st.turn
    obs = g.observe(st, seat)
    assert obs.zone(f"hand{seat}").visible and not obs.zone(f"hand{1 - seat}").visible
    assert not obs.zone("deck").visible and obs.zone("board").count == 6
    assert obs.prompt.startswith("Place a card")
    assert g.observe(st, 1 - seat).prompt == f"Waiting for {NAMES[seat]} to place a card."
    assert obs.status["Score"] == "Ann 0 · Bea 0" and obs.status["Layout"] == "Razeway"
    for v in (0, 1, None):
        assert g.observe(g.determinize(st, v, Rng(9)), v) == g.observe(st, v)
    labels = {a.text: a.label for a in obs.legal}
    a = next(iter(labels))
    assert labels[a].startswith("Place ") and a.split()[2] in labels[a]
    assert all(a.card and a.cell for a in obs.legal)


def test_check_agrees_with_legal_actions():
    from decktable.rulesets.jacynth.rules import CELL_NAMES, INFLUENCE_ACTIONS, PASS, PLACE_ACTIONS

    every = [a for row in PLACE_ACTIONS for a in row] + list(INFLUENCE_ACTIONS) + [PASS]
    for seed in range(6):
        st = g.new(2 + seed % 2, seed=seed, excuse=True, pawns=True, courts=True, layout="old_city")
        rnd = random.Random(seed)
        k = 0
        while not st.over:
            if k % 7 == 0:
                for seat in range(st.players):
                    legal = set(g.legal_actions(st, seat))
                    ok = {a for a in every if g.check(st, seat, a) is None}
                    assert ok == legal
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            g.apply(st, seat, legal[rnd.randrange(len(legal))])
            k += 1
    assert len(CELL_NAMES) == 36


def test_save_and_replay():
    from decktable.session.match import Match, Seat

    m = Match(g, [Seat("Ann", "bot"), Seat("Bea", "bot"), Seat("Cid", "bot")], seed=8, options={"layout": "towers"})
    for _ in range(40):
        m.bot_step()
    again = Match.from_save(m.to_save())
    assert again.state.snapshot() == m.state.snapshot()
    m.run_bots()
    assert m.result() is not None and len(m.result().placings) == 3


def test_same_seed_same_game():
    a = play_out(g.new(3, seed=21), random.Random(1))
    b = play_out(g.new(3, seed=21), random.Random(1))
    assert a.snapshot() == b.snapshot()


def test_grid_districts_helper():
    got = grid.districts(
        {(0, 0): ("moons", "suns"), (1, 0): ("moons",), (2, 0): (), (3, 0): ("moons",), (0, 1): ("suns",)},
        order=("moons", "suns", "waves"),
    )
    assert got == {"moons": [[(0, 0), (1, 0)], [(3, 0)]], "suns": [[(0, 0), (0, 1)]], "waves": []}
    assert list(grid.districts({(0, 0): ("knots",)})) == ["knots"]


# -- random full games -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3])
def test_random_full_games(n):
    decisions = 0
    t = time.perf_counter()
    layouts = ["razeway", "towers", "old_city"]
    for seed in range(300):
        opts = dict(layout=layouts[seed % 3], excuse=seed % 5 == 0, pawns=seed % 7 == 0, courts=seed % 4 == 1)
        st = g.new(n, seed=seed, **opts)
        rnd = random.Random(seed)
        while not st.over:
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            g.apply(st, seat, legal[rnd.randrange(len(legal))], events=False)
            decisions += 1
        assert st.placed == 36 and all(c >= 0 for c in st.board)
        assert sum(st.tokens_left) >= 0 and all(0 <= k <= 4 for k in st.tokens_left)
        assert len(g.result(st).scores) == n
    rate = decisions / (time.perf_counter() - t)
    print(f"jacynth {n}p: {decisions} decisions, {rate:.0f}/s")
    assert rate > 5000  # generous floor for slow machines; measured ~27k/s
